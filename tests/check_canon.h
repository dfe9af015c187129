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
 * check_canon.h: what the canonicaliser's tests share. One program,
 * tests/check_canon, runs a test case per stage of the pipeline:
 * check_canon.c (API, input, final stage, streaming, the corpus),
 * check_canon_mime.c, check_canon_charset.c and check_canon_html.c.
 */
#ifndef CHECK_CANON_H
#define CHECK_CANON_H

#include <check.h>
#include <stddef.h>
#include <stdint.h>

#include "canon.h"
#include "testutil.h"

/*
 * Canonicalise len bytes of msg fed in pieces of chunk bytes (0: one
 * piece, (size_t)-1: random sizes from 1 to 97). The result is a
 * NUL-terminated string to free; *flags gets canon_flags().
 */
char	*canon_run(enum canon_mode mode, int with_headers, uint64_t max_in,
	    const char *msg, size_t len, size_t chunk, unsigned *flags);
/* A whole message, TEXT mode, one piece; also checks other chunkings. */
char	*text_of(const char *msg, unsigned *flags);
/* Two messages give the same output, and it is expect. */
void	 same_text(const char *a, const char *b, const char *expect);
/* The last 20 bytes of s, or all of it: Check cannot report long strings. */
const char *tail20(const char *s);

#define CHECK_TEXT(msg, expect) do {					\
	char *got_ = text_of((msg), NULL);				\
	ck_assert_str_eq(got_, (expect));				\
	free(got_);							\
} while (0)

#define CHECK_TEXT_FLAGS(msg, expect, want, unwanted) do {		\
	unsigned fl_;							\
	char *got_ = text_of((msg), &fl_);				\
	ck_assert_str_eq(got_, (expect));				\
	ck_assert_uint_eq(fl_ & (want), (want));			\
	ck_assert_uint_eq(fl_ & (unwanted), 0);				\
	free(got_);							\
} while (0)

TCase	*tc_canon_mime(void);
TCase	*tc_canon_charset(void);
TCase	*tc_canon_charset_big(void);
TCase	*tc_canon_html(void);

#endif /* CHECK_CANON_H */
