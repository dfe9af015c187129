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
 * fuzzutil.h: helpers shared by the libFuzzer harnesses (fuzzutil.c).
 */
#ifndef FUZZUTIL_H
#define FUZZUTIL_H

#include <stddef.h>
#include <stdint.h>

/* A chunk size from the xorshift state *x: mostly small, sometimes 1. */
size_t	fuzz_next_chunk(uint32_t *x);

/*
 * Cut the header block of msg into fields (name NUL value NUL, into buf
 * of at least len + 1 bytes): a line without a colon is skipped, a line
 * starting with white space continues the field before it. Returns the
 * offset of the body (after the first empty line, or len).
 */
size_t	fuzz_split_fields(const uint8_t *msg, size_t len, char *buf,
	    size_t *nfields);

/* Is a[0 .. na) b[0 .. nb) less some of its bytes, in their order? */
int	fuzz_subsequence(const unsigned char *a, size_t na,
	    const unsigned char *b, size_t nb);

#endif /* FUZZUTIL_H */
