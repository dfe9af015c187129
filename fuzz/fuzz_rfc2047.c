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
 * fuzz_rfc2047.c: libFuzzer harness for the decoding of encoded-words
 * (lib/rfc2047.h) that the subject sample goes through. The input is a
 * header value; byte 0 picks the output's size (1 to 256 bytes), as
 * callers give it. The output must be NUL-terminated at the length
 * returned, within its size; the input is read in place, allocated
 * exactly (a read past it is caught). Otherwise the harness aborts.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rfc2047.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char	*in, *out;
	size_t	 cap, len;

	if (size < 1 || size > 65536)
		return 0;
	cap = (size_t)data[0] + 1;
	if ((in = malloc(size - 1 > 0 ? size - 1 : 1)) == NULL ||
	    (out = malloc(cap)) == NULL)
		abort();
	memcpy(in, data + 1, size - 1);
	len = rfc2047_decode(in, size - 1, out, cap);
	if (len >= cap || out[len] != '\0')
		abort();
	free(in);
	free(out);
	return 0;
}
