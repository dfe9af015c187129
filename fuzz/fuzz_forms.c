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
 * fuzz_forms.c: libFuzzer harness for the removal of forms from a
 * message's canonical text (lib/forms.h), as message.c runs it on the
 * text it holds.
 *
 * Input byte [0] says what comes before the rest, which is the text:
 * bit 0, a run of Zoom's invitation form ("join zoom meeting "), so that
 * the meeting's labels and directories of dial-in numbers go too; bit 1,
 * a run of Tencent Meeting's. forms_strip() may only remove bytes: what
 * is left is the text less some of its bytes, in their order, and the
 * count returned is of those that went; otherwise the harness aborts.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "forms.h"
#include "fuzzutil.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static const char	zoom[] = "join zoom meeting ";
static const char	tencent[] = "\xe9\x82\x80\xe8\xaf\xb7\xe6\x82\xa8"
    "\xe5\x8f\x82\xe5\x8a\xa0\xe8\x85\xbe\xe8\xae\xaf\xe4\xbc\x9a\xe8\xae\xae ";

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char	*in, *text;
	size_t		 n = 0, len, gone;

	if (size < 1 || size > 65536)
		return 0;
	if ((in = malloc(size + sizeof(zoom) + sizeof(tencent))) == NULL ||
	    (text = malloc(size + sizeof(zoom) + sizeof(tencent))) == NULL)
		abort();
	if (data[0] & 1) {
		memcpy(in + n, zoom, sizeof(zoom) - 1);
		n += sizeof(zoom) - 1;
	}
	if (data[0] & 2) {
		memcpy(in + n, tencent, sizeof(tencent) - 1);
		n += sizeof(tencent) - 1;
	}
	memcpy(in + n, data + 1, size - 1);
	n += size - 1;
	memcpy(text, in, n);
	len = n;
	gone = forms_strip(text, &len);
	if (len > n || gone != n - len || !fuzz_subsequence(text, len, in, n))
		abort();
	free(in);
	free(text);
	return 0;
}
