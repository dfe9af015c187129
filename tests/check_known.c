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

/* check_known.c: who has written to whom (lib/known.c). */
#include <check.h>
#include <stdint.h>

#include "known.h"
#include "testutil.h"

#define DAY	86400
#define T0	1800000000

static const uint32_t	people[4] = { 11, 12, 13, 14 };

/* Known by mail from before the cluster was first seen, not after. */
START_TEST(before_the_cluster)
{
	struct known	*k = known_new(8);

	ck_assert_ptr_nonnull(k);
	ck_assert_uint_eq(known_count(k, 1, 2, people, 4, T0, T0, DAY), 0);
	known_note(k, 1, 2, people, 2, T0, DAY);
	/* a cluster first seen after that mail: two of the four known */
	ck_assert_uint_eq(known_count(k, 1, 2, people, 4, T0 + 1, T0 + 60,
	    DAY), 2);
	/* one first seen with it or before: none */
	ck_assert_uint_eq(known_count(k, 1, 2, people, 4, T0, T0 + 60, DAY), 0);
	/* mail later on keeps the first time: still none for that one */
	known_note(k, 1, 2, people, 4, T0 + 120, DAY);
	ck_assert_uint_eq(known_count(k, 1, 2, people, 4, T0, T0 + 180, DAY), 0);
	ck_assert_uint_eq(known_count(k, 1, 2, people, 4, T0 + 1, T0 + 180,
	    DAY), 2);
	ck_assert_uint_eq(known_count(k, 1, 2, people, 4, T0 + 121, T0 + 180,
	    DAY), 4);
	known_free(k);
}
END_TEST

/* Another network, another sender, the null sender: no one known. */
START_TEST(who_and_where)
{
	struct known	*k = known_new(8);

	known_note(k, 1, 2, people, 4, T0, DAY);
	ck_assert_uint_eq(known_count(k, 1, 2, people, 4, T0 + 1, T0, DAY), 4);
	ck_assert_uint_eq(known_count(k, 3, 2, people, 4, T0 + 1, T0, DAY), 0);
	ck_assert_uint_eq(known_count(k, 1, 5, people, 4, T0 + 1, T0, DAY), 0);
	known_note(k, 1, 0, people, 4, T0, DAY);
	ck_assert_uint_eq(known_count(k, 1, 0, people, 4, T0 + 1, T0, DAY), 0);
	ck_assert_uint_eq(known_count(NULL, 1, 2, people, 4, T0 + 1, T0, DAY),
	    0);
	known_free(k);
}
END_TEST

/*
 * A relation unseen for longer than the ttl is forgotten: not counted,
 * and new when seen again, its first time then.
 */
START_TEST(ttl)
{
	struct known	*k = known_new(8);
	int64_t		 life = 30 * DAY;

	known_note(k, 1, 2, people, 1, T0, life);
	ck_assert_uint_eq(known_count(k, 1, 2, people, 1, T0 + 1,
	    T0 + 30 * DAY, life), 1);
	ck_assert_uint_eq(known_count(k, 1, 2, people, 1, T0 + 1,
	    T0 + 30 * DAY + 1, life), 0);
	known_note(k, 1, 2, people, 1, T0 + 89 * DAY, life);
	ck_assert_uint_eq(known_count(k, 1, 2, people, 1, T0 + 1,
	    T0 + 89 * DAY, life), 0);
	ck_assert_uint_eq(known_count(k, 1, 2, people, 1, T0 + 89 * DAY + 1,
	    T0 + 89 * DAY, life), 1);
	known_free(k);
}
END_TEST

/*
 * Bounded: a table of 4 << 4 relations takes 100,000 senders' notes;
 * the relations noted last are still there, the first ones gone; and in
 * a table of two buckets, a relation seen again every few notes
 * outlives a thousand seen once.
 */
START_TEST(bounded)
{
	struct known	*k = known_new(4);
	uint32_t	 s;
	unsigned int	 last = 0;

	ck_assert_ptr_null(known_new(0));
	ck_assert_ptr_null(known_new(29));
	for (s = 1; s <= 100000; s++)
		known_note(k, 1, s, people, 1, T0 + s, DAY);
	for (s = 100000 - 7; s <= 100000; s++)
		last += known_count(k, 1, s, people, 1, T0 + 200000,
		    T0 + 100000, DAY);
	ck_assert_uint_ge(last, 6);	/* 64 slots: the last 8 mostly kept */
	ck_assert_uint_eq(known_count(k, 1, 1, people, 1, T0 + 200000,
	    T0 + 100000, DAY), 0);
	known_free(k);

	k = known_new(1);
	for (s = 1; s <= 1000; s++) {
		known_note(k, 1, 1000000 + s, people, 1, T0 + s, DAY);
		if (s % 3 == 0)
			known_note(k, 7, 7, people, 1, T0 + s, DAY);
	}
	ck_assert_uint_eq(known_count(k, 7, 7, people, 1, T0 + 2000,
	    T0 + 1000, DAY), 1);
	known_free(k);
}
END_TEST

static Suite *
known_suite(void)
{
	Suite	*s = suite_create("known");
	TCase	*tc = tcase_create("known");

	tcase_add_test(tc, before_the_cluster);
	tcase_add_test(tc, who_and_where);
	tcase_add_test(tc, ttl);
	tcase_add_test(tc, bounded);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return tu_run(known_suite(), "check_known", NULL);
}
