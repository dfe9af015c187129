/*
 * Copyright (c) 2026 The nilsimsa-milter authors
 *
 * Permission to use, copy, modify, and distribute this software for any
 * purpose with or without fee is hereby granted, provided that the above
 * copyright notice and this permission notice appear in all copies.
 *
 * THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
 * WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
 * MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
 * ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
 * WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
 * ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
 * OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.
 */

/*
 * nsm_textbook: print the textbook implementation's code of standard
 * input, so that shell tests get their expected codes from the oracle
 * rather than from the tool under test.
 */

#include <stdio.h>

#include "textbook.h"

int
main(void)
{
	struct textbook	t;
	unsigned char	buf[4096], code[32];
	char		hex[65];
	size_t		n;

	textbook_init(&t);
	while ((n = fread(buf, 1, sizeof(buf), stdin)) > 0)
		textbook_update(&t, buf, n);
	if (ferror(stdin))
		return 2;
	textbook_final(&t, code, NULL);
	textbook_hex(code, hex);
	puts(hex);
	return 0;
}
