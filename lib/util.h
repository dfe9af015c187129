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
 * util.h: small routines of no one part that libnsm's users share: the
 * value of a hex digit, a header's value in a raw message and a subject
 * without its reply tags, and a repeatable random source for tools and
 * tests.
 */
#ifndef UTIL_H
#define UTIL_H

#include <stddef.h>
#include <stdint.h>

/* The value of hex digit ch (either case), or -1. */
int		 util_hexval(int ch);

/*
 * The value of header name (given with its colon, e.g. "from:") in the
 * raw message m, first line only and lowercased, into out; empty if the
 * header block has no such header.
 */
void		 util_header(const char *m, size_t len, const char *name,
		    char *out, size_t size);

/* Subject s without leading "re:", "fw:", "fwd:" and "[list]" tags. */
const char	*util_bare_subject(const char *s);

/* xorshift64 (13, 7, 17): the next value of *state, which must not be 0. */
uint64_t	 util_xorshift64(uint64_t *state);

#endif /* UTIL_H */
