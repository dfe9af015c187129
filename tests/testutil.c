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
 * testutil.c: helpers shared by the Check unit tests (see testutil.h).
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"
#include "util.h"

static uint64_t	tu_state = 0x2545f4914f6cdd1dULL;

/* Restart the random source (seed 0 is taken as 1). */
void
tu_srand(uint64_t seed)
{
	tu_state = seed != 0 ? seed : 1;
}

/* The next 64 random bits. */
uint64_t
tu_rand(void)
{
	return util_xorshift64(&tu_state);
}

/* Append n bytes, keeping a NUL after them. */
void
tu_buf_add(struct tu_buf *b, const void *p, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		if ((b->p = realloc(b->p, b->cap)) == NULL)
			abort();	/* may run outside a test: no ck_assert */
	}
	memcpy(b->p + b->len, p, n);
	b->len += n;
	b->p[b->len] = '\0';
}

/* Output callback: pieces are never empty, and are appended. */
void
tu_collect(void *arg, const unsigned char *p, size_t n)
{
	ck_assert_uint_gt(n, 0);
	tu_buf_add(arg, p, n);
}

/* Output callback usable outside a test (no assertion): append. */
void
tu_sink(void *arg, const unsigned char *p, size_t n)
{
	tu_buf_add(arg, p, n);
}

/* Where the shared test data is. */
const char *
tu_shared(void)
{
	const char *shared = getenv("NSM_SHARED");

	return shared != NULL && *shared != '\0' ? shared : "../shared";
}

/* Whether a file of the shared data can be read. */
int
tu_have_shared(const char *rel)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", tu_shared(), rel);
	return access(path, R_OK) == 0;
}

/* Run a suite; the exit status automake's test driver reads. */
int
tu_run(Suite *s, const char *prog, const char *skipped)
{
	const char *ci = getenv("CI");
	SRunner *sr;
	int failed;

	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	if (failed != 0)
		return 1;
	if (skipped == NULL)
		return 0;
	if (ci != NULL && strcmp(ci, "true") == 0) {
		printf("FAIL: %s: %s not found under NSM_SHARED (%s) and "
		    "CI=true\n", prog, skipped, tu_shared());
		return 1;
	}
	printf("SKIP: %s: %s not found under NSM_SHARED (%s); those tests "
	    "did not run\n", prog, skipped, tu_shared());
	return 77;
}
