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
 * fuzz_quotes.c: libFuzzer harness for the removal of quote header
 * blocks from a message's canonical text (lib/quotes.h), as message.c
 * runs it on the text it holds. The input is the text. quotes_strip()
 * may only remove bytes: what is left is the text less some of its
 * bytes, in their order, the count returned is of those that went, and
 * no more went than the labels it reads (QUOTES_LABELS) and its budget
 * of dates and address lists; otherwise the harness aborts.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzzutil.h"
#include "quotes.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char	*text;
	size_t		 len = size, gone, most;

	if (size > 65536)
		return 0;
	if ((text = malloc(size > 0 ? size : 1)) == NULL)
		abort();	/* exactly size: a read past the text is caught */
	memcpy(text, data, size);
	gone = quotes_strip(text, &len);
	/* labels of 32 bytes at most with their colon, and the budget */
	most = QUOTES_LABELS * 32 + size / 8 + QUOTES_VALUES_MIN;
	if (len > size || gone != size - len || gone > most ||
	    !fuzz_subsequence(text, len, data, size))
		abort();
	free(text);
	return 0;
}
