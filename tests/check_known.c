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
 * check_known.c: the table of who has written to whom (lib/known.c):
 * what makes a recipient know a sender, and what does not.
 */
#include <check.h>
#include <stdint.h>

#include "known.h"
#include "testutil.h"

#define NOW	(1800000000LL)
#define HOUR	3600

static struct known	*k;

static void
setup(void)
{
	ck_assert_ptr_nonnull(k = known_new(12));
}

static void
teardown(void)
{
	known_free(k);
}

/*
 * Mail of clusters 5 and 6 from sender 7 through block 9 to people 1 and
 * 2: they know the sender for mail of any third cluster, not of 5 or 6
 * (a campaign's own earlier copy and one other letter), until mail of a
 * third cluster came too. Person 3 does not, nor does anyone know
 * sender 8, or sender 7 through block 10. All recipients must know the
 * sender. Mail of one cluster, however many, is not enough.
 */
START_TEST(test_who_knows)
{
	const uint32_t	both[] = { 1, 2 }, one[] = { 1 };
	const uint32_t	three[] = { 1, 3 };

	ck_assert_int_eq(known_all(k, 7, 9, one, 1, 8, NOW), 0);
	known_note(k, 7, 9, both, 2, 5, NOW);
	known_note(k, 7, 9, both, 2, 5, NOW + 1);
	ck_assert_int_eq(known_all(k, 7, 9, both, 2, 8, NOW + 2), 0);
	known_note(k, 7, 9, both, 2, 6, NOW + 3);
	ck_assert_int_eq(known_all(k, 7, 9, one, 1, 8, NOW + 4), 1);
	ck_assert_int_eq(known_all(k, 7, 9, both, 2, 8, NOW + 4), 1);
	ck_assert_int_eq(known_all(k, 7, 9, three, 2, 8, NOW + 4), 0);
	ck_assert_int_eq(known_all(k, 8, 9, one, 1, 8, NOW + 4), 0);
	ck_assert_int_eq(known_all(k, 7, 10, one, 1, 8, NOW + 4), 0);
	ck_assert_int_eq(known_all(k, 7, 9, one, 1, 5, NOW + 4), 0);
	ck_assert_int_eq(known_all(k, 7, 9, one, 1, 6, NOW + 4), 0);
	ck_assert_int_eq(known_all(k, 7, 9, one, 0, 8, NOW + 4), 0);
	/* a third cluster: now 5 and 6 each have two others */
	known_note(k, 7, 9, one, 1, 6, NOW + 5);
	ck_assert_int_eq(known_all(k, 7, 9, one, 1, 6, NOW + 6), 0);
	known_note(k, 7, 9, one, 1, 7, NOW + 7);
	ck_assert_int_eq(known_all(k, 7, 9, one, 1, 5, NOW + 8), 1);
	ck_assert_int_eq(known_all(k, 7, 9, one, 1, 6, NOW + 8), 1);
	ck_assert_int_eq(known_all(k, 7, 9, both, 2, 5, NOW + 8), 0);
}
END_TEST

/*
 * Mail not digested is of cluster 0: two such letters are one cluster,
 * and with a letter of cluster 4 make the sender known for others.
 */
START_TEST(test_undigested)
{
	const uint32_t	one[] = { 4 };

	known_note(k, 7, 9, one, 1, 0, NOW);
	known_note(k, 7, 9, one, 1, 0, NOW + 1);
	ck_assert_int_eq(known_all(k, 7, 9, one, 1, 5, NOW + 2), 0);
	known_note(k, 7, 9, one, 1, 4, NOW + 3);
	ck_assert_int_eq(known_all(k, 7, 9, one, 1, 5, NOW + 4), 1);
	ck_assert_int_eq(known_all(k, 7, 9, one, 1, 4, NOW + 4), 0);
}
END_TEST

/* Notes of two clusters, 5 and 6, for pairs (7, 9, r). */
static void
two_letters(uint32_t r, int64_t t)
{
	known_note(k, 7, 9, &r, 1, 5, t);
	known_note(k, 7, 9, &r, 1, 6, t);
}

/*
 * Known for KNOWN_KEEP_HOURS after the last mail; each mail renews it.
 */
START_TEST(test_forgotten)
{
	const uint32_t	one[] = { 1 };
	int64_t		keep = (int64_t)KNOWN_KEEP_HOURS * HOUR;

	two_letters(one[0], NOW);
	ck_assert_int_eq(known_all(k, 7, 9, one, 1, 8, NOW + keep), 1);
	ck_assert_int_eq(known_all(k, 7, 9, one, 1, 8, NOW + keep + 2 * HOUR),
	    0);
	two_letters(one[0], NOW + keep - HOUR);
	ck_assert_int_eq(known_all(k, 7, 9, one, 1, 8, NOW + keep + 2 * HOUR),
	    1);
}
END_TEST

/*
 * A table of 2^12 entries that a million pairs went through within
 * KNOWN_KEEP_HOURS keeps the latest ones: when a key's slots are full,
 * the one seen longest ago makes way (among those of one hour, any).
 * Of the first pairs, nearly all are gone.
 */
START_TEST(test_bounded)
{
	uint32_t	r;
	int		kept = 0;
	int64_t		end = NOW + (1000000 / 1500) * HOUR;

	for (r = 1; r <= 1000000; r++)
		two_letters(r, NOW + (r / 1500) * HOUR);
	for (r = 1000000 - 99; r <= 1000000; r++)
		kept += known_all(k, 7, 9, &r, 1, 8, end);
	ck_assert_int_ge(kept, 98);
	kept = 0;
	for (r = 1; r <= 1000; r++)
		kept += known_all(k, 7, 9, &r, 1, 8, end);
	ck_assert_int_lt(kept, 10);
}
END_TEST

/* Table sizes outside 10 to 24 bits are refused. */
START_TEST(test_sizes)
{
	ck_assert_ptr_null(known_new(9));
	ck_assert_ptr_null(known_new(25));
}
END_TEST

static Suite *
known_suite(void)
{
	Suite	*s = suite_create("known");
	TCase	*tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_who_knows);
	tcase_add_test(tc, test_undigested);
	tcase_add_test(tc, test_forgotten);
	tcase_add_test(tc, test_bounded);
	tcase_add_test(tc, test_sizes);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return tu_run(known_suite(), "check_known", NULL);
}
