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
 * without its reply tags, repeatable random sources, the next code
 * point of UTF-8 text and a timer for tools, tests and benches.
 */
#ifndef UTIL_H
#define UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

/* The value of hex digit ch (either case), or -1. */
int		 util_hexval(int ch);
/* Base64: a byte's value + 1; 0 not base64, -1 '=', -2 white space. */
extern const signed char util_b64tab[256];

/*
 * Open a file an administrator named (a file: list, a profile, an
 * Include) for reading, if it is a regular file: a FIFO or a device
 * would make open() or the first read wait for ever, at start or in the
 * middle of a reload. NULL with *why saying why ("not a regular file",
 * or strerror's text).
 */
FILE		*util_fopen_file(const char *path, const char **why);

/* A growing array of ids (cluster ids): v[0..n), room for cap. */
struct util_ids {
	uint64_t	*v;
	size_t		 n, cap;
};

/* Append id, keeping at most max: -1, nothing added, when full or out of memory. */
int		 util_ids_add(struct util_ids *a, uint64_t id, size_t max);

/* s without leading white space, its trailing white space cut off in place. */
char		*util_trim(char *s);

/* A formatted error message into err (errlen bytes); nothing if err is NULL. */
void		 util_seterr(char *err, size_t errlen, const char *fmt, ...)
		    __attribute__((format(printf, 3, 4)));

/*
 * The value of header name (given with its colon, e.g. "from:") in the
 * raw message m, first line only and lowercased, into out; empty if the
 * header block has no such header.
 */
void		 util_header(const char *m, size_t len, const char *name,
		    char *out, size_t size);

/* Subject s without leading "re:", "fw:", "fwd:" and "[list]" tags. */
const char	*util_bare_subject(const char *s);

/*
 * Inline, so that programs linking libnilsimsa only (the digest tests
 * and bench) can use them too.
 */

/* xorshift64 (13, 7, 17): the next value of *state, which must not be 0. */
static inline uint64_t
util_xorshift64(uint64_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

/* xorshift64* (12, 25, 27, scrambled by a multiply): the same. */
static inline uint64_t
util_xorshift64s(uint64_t *state)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return *state * 0x2545f4914f6cdd1dULL;
}

/*
 * The code point at *p, before e (UTF-8 as the canonicaliser writes it,
 * canon.c fin_cp()); *p moves on. A byte that does not start a whole
 * sequence before e is one character that is no letter (U+FFFD), so that
 * nothing is read past e.
 */
static inline uint32_t
util_u8_next(const unsigned char **p, const unsigned char *e)
{
	const unsigned char	*s = *p;
	size_t			 n, i;
	uint32_t		 cp;

	n = s[0] < 0x80 ? 1 : s[0] < 0xc0 ? 0 : s[0] < 0xe0 ? 2 :
	    s[0] < 0xf0 ? 3 : 4;
	if (n == 0 || n > (size_t)(e - s)) {
		*p = s + 1;
		return 0xfffd;
	}
	cp = n == 1 ? s[0] : s[0] & (0x7f >> n);
	for (i = 1; i < n; i++)
		cp = cp << 6 | (s[i] & 0x3f);
	*p = s + n;
	return cp;
}

/*
 * Where to cut s so that no UTF-8 character is split, when s[k] is the
 * first byte that does not fit: k, backed off over continuation bytes to
 * the start of the character s[k] belongs to (that start excluded).
 */
static inline size_t
util_u8_cut(const char *s, size_t k)
{
	while (k > 0 && ((unsigned char)s[k] & 0xc0) == 0x80)
		k--;
	return k;
}

/* Seconds on the monotonic clock, for timing. */
static inline double
util_now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#endif /* UTIL_H */
