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
 * rfc2047.h: the encoded-words of a header value decoded into UTF-8
 * (RFC 2047), for the subject sample an administrator reads.
 */
#ifndef RFC2047_H
#define RFC2047_H

#include <stddef.h>

#define RFC2047_WORDS	16	/* encoded-words decoded in one value, at most */
#define RFC2047_TEXT	1024	/* bytes of one word's encoded text, at most */

/*
 * Decode the encoded-words (=?charset?B?..?= and =?charset?Q?..?=) of
 * the value in[0..inlen) into out, NUL-terminated, UTF-8 where the words
 * were: white space between two words goes (RFC 2047 6.2); a word in a
 * charset not converted, malformed, longer than RFC2047_TEXT or past
 * the RFC2047_WORDS-th stays as written, as does the rest of the value.
 * out is filled to outlen - 1 bytes at most, cut before a character it
 * cannot hold whole; a byte a charset cannot convert, and a NUL, become
 * '?'.
 * Returns the length written.
 */
size_t	rfc2047_decode(const char *in, size_t inlen, char *out, size_t outlen);

#endif /* RFC2047_H */
