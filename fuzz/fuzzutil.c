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
 * fuzzutil.c: what the harnesses share: chunk sizes to feed a message
 * in, a header block cut into fields as a milter gets them, and whether
 * a text is another less some of its bytes (what a stripper may leave).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fuzzutil.h"

/* A chunk size from the xorshift state: mostly small, sometimes 1. */
size_t
fuzz_next_chunk(uint32_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 17;
	*x ^= *x << 5;
	return (*x & 7) == 0 ? 1 : 1 + *x % 300;
}

/*
 * Cut the header block of msg into fields (name NUL value NUL, into buf
 * of at least len + 1 bytes): a line without a colon is skipped, a line
 * starting with white space continues the field before it. Returns the
 * offset of the body (after the first empty line, or len).
 */
size_t
fuzz_split_fields(const uint8_t *msg, size_t len, char *buf, size_t *nfields)
{
	const uint8_t	*colon;
	size_t		 pos = 0, end, o = 0, vstart;

	*nfields = 0;
	while (pos < len) {
		for (end = pos; end < len && msg[end] != '\n'; end++)
			;
		if (end == pos || (end == pos + 1 && msg[pos] == '\r'))
			return end < len ? end + 1 : len;
		colon = memchr(msg + pos, ':', end - pos);
		if (colon == NULL || msg[pos] == ' ' || msg[pos] == '\t') {
			pos = end + 1;
			continue;
		}
		memcpy(buf + o, msg + pos, (size_t)(colon - msg) - pos);
		o += (size_t)(colon - msg) - pos;
		buf[o++] = '\0';
		vstart = (size_t)(colon - msg) + 1;
		if (vstart < end && msg[vstart] == ' ')
			vstart++;
		/* The value runs on over its continuation lines. */
		while (end + 1 < len && (msg[end + 1] == ' ' ||
		    msg[end + 1] == '\t'))
			for (end++; end < len && msg[end] != '\n'; end++)
				;
		pos = end + 1;
		if (end > vstart && msg[end - 1] == '\r')
			end--;
		if (end > vstart) {
			memcpy(buf + o, msg + vstart, end - vstart);
			o += end - vstart;
		}
		buf[o++] = '\0';
		(*nfields)++;
	}
	return len;
}

int
fuzz_subsequence(const unsigned char *a, size_t na, const unsigned char *b,
    size_t nb)
{
	size_t	i = 0, j;

	for (j = 0; j < nb && i < na; j++)
		if (a[i] == b[j])
			i++;
	return i == na;
}
