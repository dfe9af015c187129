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
 * testutil.h: what the Check unit tests share: a repeatable random
 * source, a growing byte buffer for canonicaliser output, where the
 * shared test data is, and the runner that turns a suite's result into
 * an exit status (77 when a part was skipped, a failure under CI=true).
 */
#ifndef TESTUTIL_H
#define TESTUTIL_H

#include <check.h>
#include <stddef.h>
#include <stdint.h>

/* xorshift64: deterministic, so a failure can be replayed. */
void		 tu_srand(uint64_t seed);
uint64_t	 tu_rand(void);

/* A NUL-terminated byte buffer that grows. */
struct tu_buf {
	unsigned char	*p;
	size_t		 len;
	size_t		 cap;
};
void		 tu_buf_add(struct tu_buf *b, const void *p, size_t n);
/* A canon_out_fn (or any output callback) appending to a struct tu_buf. */
void		 tu_collect(void *arg, const unsigned char *p, size_t n);
/* The same without Check assertions, for use outside a test. */
void		 tu_sink(void *arg, const unsigned char *p, size_t n);

/* $NSM_SHARED, else ../shared. */
const char	*tu_shared(void);
/* Is $NSM_SHARED/rel readable? */
int		 tu_have_shared(const char *rel);

/*
 * Run suite s and free it. Returns 0 if all passed, 1 on a failure, 77
 * if something was skipped (skipped names it, or NULL), and 1 for a skip
 * under CI=true, where the shared data must be there.
 */
int		 tu_run(Suite *s, const char *prog, const char *skipped);

#endif /* TESTUTIL_H */
