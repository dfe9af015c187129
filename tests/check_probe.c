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
 * check_probe.c: tables of hashed entries aged by the hour (lib/probe.c):
 * what is found, what a new entry takes, what makes way.
 */
#include <check.h>
#include <string.h>

#include "probe.h"
#include "testutil.h"

struct ent {
	struct probe_head head;
	uint32_t	v;
};

static struct probe_table t;

static void
setup(void)
{
	ck_assert_int_eq(probe_init(&t, 10, sizeof(struct ent)), 0);
}

static void
teardown(void)
{
	probe_fini(&t);
}

/* A hash taken is found, zeroed but for its head, until unseen too long. */
START_TEST(test_take_find)
{
	struct ent	*e;
	uint16_t	 h0 = probe_hour(1800000000);

	ck_assert_ptr_null(probe_find(&t, 42, h0));
	ck_assert_ptr_nonnull(e = probe_take(&t, 42, h0, NULL));
	ck_assert_uint_ne(e->head.tag, 0);
	ck_assert_uint_eq(e->head.hour, h0);
	ck_assert_uint_eq(e->head.user, 0);
	ck_assert_uint_eq(e->v, 0);
	e->v = 7;
	ck_assert_ptr_eq(probe_find(&t, 42, h0), e);
	ck_assert_ptr_null(probe_find(&t, 43, h0));
	ck_assert_ptr_eq(probe_find(&t, 42, h0 + PROBE_KEEP_HOURS), e);
	ck_assert_ptr_null(probe_find(&t, 42, h0 + PROBE_KEEP_HOURS + 1));
	/* a stale entry is taken again, zeroed */
	ck_assert_ptr_eq(probe_take(&t, 42, h0 + PROBE_KEEP_HOURS + 1, NULL),
	    e);
	ck_assert_uint_eq(e->v, 0);
}
END_TEST

/* Which of v's ranks first. */
static int
smaller_v(const void *a, const void *b, uint16_t hour)
{
	(void)hour;
	return ((const struct ent *)a)->v < ((const struct ent *)b)->v;
}

/* A hash of slot k and high half hi (the tag: hi | 1, so hi even). */
#define H(hi, k)	((uint64_t)(hi) << 32 | (uint64_t)(k))

/*
 * Hashes one apart share slots: with all PROBE_SLOTS of a hash's taken,
 * the one seen longest ago makes way, or the one the table ranks first.
 */
START_TEST(test_make_way)
{
	struct ent	*e[PROBE_SLOTS], *n;
	int		 i;

	for (i = 0; i < PROBE_SLOTS; i++) {
		e[i] = probe_take(&t, H(2 * i + 2, 100 + i), (uint16_t)(10 +
		    (i + 3) % PROBE_SLOTS), NULL);
		e[i]->v = (uint32_t)(50 - i);
	}
	/* hash 100's slots are 100..107, all taken: the oldest, i = 5 */
	n = probe_take(&t, H(76, 100 + 1024), 20, NULL);
	ck_assert_ptr_eq(n, e[5]);
	n->v = 99;
	ck_assert_ptr_null(probe_find(&t, H(12, 105), 20));
	ck_assert_ptr_eq(probe_find(&t, H(14, 106), 20), e[6]);
	/* ranked: the smallest v, i = 7 */
	n = probe_take(&t, H(78, 100 + 2048), 20, smaller_v);
	ck_assert_ptr_eq(n, e[7]);
}
END_TEST

/* Sizes: 10 to 24 bits, an entry at least its head. */
START_TEST(test_sizes)
{
	struct probe_table	u;

	ck_assert_int_eq(probe_init(&u, 9, sizeof(struct ent)), -1);
	ck_assert_int_eq(probe_init(&u, 25, sizeof(struct ent)), -1);
	ck_assert_int_eq(probe_init(&u, 12, 2), -1);
	probe_fini(&u);		/* harmless after a failed init */
}
END_TEST

static Suite *
probe_suite(void)
{
	Suite	*s = suite_create("probe");
	TCase	*tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_take_find);
	tcase_add_test(tc, test_make_way);
	tcase_add_test(tc, test_sizes);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return tu_run(probe_suite(), "check_probe", NULL);
}
