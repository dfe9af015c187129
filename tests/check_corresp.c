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
 * check_corresp.c: the table of who has written to whom (lib/corresp.c).
 */
#include <check.h>
#include <stdint.h>

#include "corresp.h"
#include "testutil.h"

#define HOUR	3600
#define LIST	0x1111222233334444ULL	/* a list server: network and domain */
#define BOT	0x5555666677778888ULL	/* another source */

static uint32_t subs[10] = { 11, 12, 13, 14, 15, 16, 17, 18, 19, 20 };

/* Mail of another cluster makes a correspondent; the same cluster does not. */
START_TEST(other_cluster)
{
	struct corresp	*t;

	ck_assert_ptr_nonnull(t = corresp_new(12));
	ck_assert_uint_eq(corresp_known(t, LIST, subs, 10, 7, HOUR), 0);
	corresp_note(t, LIST, subs, 10, 7, HOUR);
	/* the same post's next copy: the same cluster, not known */
	ck_assert_uint_eq(corresp_known(t, LIST, subs, 10, 7, 2 * HOUR), 0);
	/* the list's next post: another cluster */
	ck_assert_uint_eq(corresp_known(t, LIST, subs, 10, 8, 2 * HOUR), 10);
	/* another source, the same people: not known */
	ck_assert_uint_eq(corresp_known(t, BOT, subs, 10, 8, 2 * HOUR), 0);
	/*
	 * Five had mail of both clusters: for them, the next copy of either
	 * is known; the other five had only cluster 7's.
	 */
	corresp_note(t, LIST, subs, 5, 8, 3 * HOUR);
	ck_assert_uint_eq(corresp_known(t, LIST, subs, 10, 7, 4 * HOUR), 5);
	ck_assert_uint_eq(corresp_known(t, LIST, subs, 10, 8, 4 * HOUR), 10);
	corresp_free(t);
}
END_TEST

/* Several people, most of them written to before: correspondence. */
START_TEST(threshold)
{
	ck_assert(!corresp_is_known(0, 0));
	ck_assert(!corresp_is_known(1, 1));
	ck_assert(!corresp_is_known(3, 3));	/* too few people to tell */
	ck_assert(corresp_is_known(4, 4));
	ck_assert(corresp_is_known(3 * 10, 4 * 10));	/* 75% */
	ck_assert(!corresp_is_known(29, 40));
	ck_assert(!corresp_is_known(4, 64));
}
END_TEST

/* A pair unseen for three months is forgotten. */
START_TEST(forgotten)
{
	struct corresp	*t;

	ck_assert_ptr_nonnull(t = corresp_new(12));
	corresp_note(t, LIST, subs, 10, 7, HOUR);
	ck_assert_uint_eq(corresp_known(t, LIST, subs, 10, 8,
	    HOUR + 89 * 24 * HOUR), 10);
	ck_assert_uint_eq(corresp_known(t, LIST, subs, 10, 8,
	    HOUR + 91 * 24 * HOUR), 0);
	corresp_free(t);
}
END_TEST

/*
 * The table keeps its size: new pairs replace those seen longest ago, and
 * pairs of the latest hour survive a flood of older ones.
 */
START_TEST(flood)
{
	struct corresp	*t;
	uint32_t	 r[64];
	int		 i, j;

	tu_srand(5);
	ck_assert_ptr_nonnull(t = corresp_new(10));	/* 1024 slots */
	ck_assert_ptr_null(corresp_new(9));
	ck_assert_ptr_null(corresp_new(25));
	for (i = 0; i < 2000; i++) {	/* 128,000 pairs an hour earlier */
		for (j = 0; j < 64; j++)
			r[j] = (uint32_t)tu_rand() | 1;
		corresp_note(t, BOT + (uint64_t)i, r, 64, 100 + i, HOUR);
	}
	corresp_note(t, LIST, subs, 10, 7, 2 * HOUR);
	for (i = 0; i < 8; i++) {	/* 512 more pairs in the next hour */
		for (j = 0; j < 64; j++)
			r[j] = (uint32_t)tu_rand() | 1;
		corresp_note(t, BOT + (uint64_t)i, r, 64, 100 + i, 2 * HOUR);
	}
	ck_assert_uint_eq(corresp_known(t, LIST, subs, 10, 8, 2 * HOUR), 10);
	corresp_free(t);
}
END_TEST

static Suite *
corresp_suite(void)
{
	Suite	*s = suite_create("corresp");
	TCase	*tc = tcase_create("corresp");

	tcase_add_test(tc, other_cluster);
	tcase_add_test(tc, threshold);
	tcase_add_test(tc, forgotten);
	tcase_add_test(tc, flood);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return tu_run(corresp_suite(), "check_corresp", NULL);
}
