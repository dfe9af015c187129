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
 * check_store_scan: the match array's scan (store_array.c) against a
 * model written from its contract, bit by bit: on arrays of every length
 * around the vector width, with representatives, expired clusters,
 * clusters of other kinds and many equal scores, the scan finds the
 * same best (of the clusters with the top score the oldest, the lowest
 * id, wherever it stands in the array), the same runner-up
 * and the same count of codes compared. Whichever scan the CPU selects
 * runs here (AVX-512 on this project's machines, popcnt under valgrind,
 * which hides AVX-512). scan_top() likewise, against a sort of every
 * hit.
 */
#include <stdlib.h>
#include <string.h>

#include "check_store.h"
#include "store-internal.h"

/* The scan's contract, with the oracle's score. */
static void
model(const struct store *s, const nilsimsa_code *q, int kind, int64_t now,
    struct scan *r)
{
	nilsimsa_code	c;
	int		sc, k;

	r->best_i = SIZE_MAX;
	r->best = r->second = STORE_SCORE_NONE;
	r->compared = 0;
	for (size_t i = 0; i < s->n; i++) {
		if (s->deadline[i] < now || (s->nrep[i] >> NREP_KIND) != kind)
			continue;
		memcpy(c.b, s->code[i], 32);
		sc = oracle(&c, q);
		r->compared++;
		for (k = 0; k < (s->nrep[i] & NREP_MASK); k++) {
			memcpy(c.b, s->rep[i][k], 32);
			if (oracle(&c, q) > sc)
				sc = oracle(&c, q);
			r->compared++;
		}
		if (sc > r->best) {
			r->second = r->best;
			r->best = sc;
			r->best_i = i;
		} else if (sc == r->best) {
			r->second = sc;
			if (s->slot[i].id < s->slot[r->best_i].id)
				r->best_i = i;
		} else if (sc > r->second)
			r->second = sc;
	}
}

/* c with n bits flipped somewhere (flip() does not wrap). */
static nilsimsa_code
varied(const nilsimsa_code *c, int n)
{
	return flip(c, (int)(rnd() % (unsigned)(256 - n)), n);
}

/* The scan's arrays for MAXN clusters, and their release. */
enum { MAXN = 70, TRIALS = 3000 };

static void
arrays_alloc(struct store *s)
{
	memset(s, 0, sizeof(*s));
	ck_assert_ptr_nonnull(s->code = calloc(MAXN, sizeof(*s->code)));
	ck_assert_ptr_nonnull(s->rep = calloc(MAXN, sizeof(*s->rep)));
	ck_assert_ptr_nonnull(s->nrep = calloc(MAXN, sizeof(*s->nrep)));
	ck_assert_ptr_nonnull(s->deadline = calloc(MAXN, sizeof(*s->deadline)));
	ck_assert_ptr_nonnull(s->slot = calloc(MAXN, sizeof(*s->slot)));
}

static void
arrays_free(struct store *s)
{
	free(s->code);
	free(s->rep);
	free(s->nrep);
	free(s->deadline);
	free(s->slot);
}

/*
 * n clusters drawn from few distinct codes (scores tie often), with
 * representatives, expired ones and ones of other kinds, their ids in
 * any order (as removals leave them); returns a query near one of them.
 */
static nilsimsa_code
arrays_fill(struct store *s, size_t n)
{
	nilsimsa_code	 base[4], c;
	size_t		 i, k;
	uint64_t	 id;

	for (k = 0; k < 4; k++)
		rnd_code(&base[k]);
	s->n = n;
	for (i = 0; i < s->n; i++) {
		c = varied(&base[rnd() % 4],
		    (int)(rnd() % 3) * (int)(rnd() % 20));
		memcpy(s->code[i], c.b, 32);
		s->nrep[i] = rnd() % 4 == 0 ? rnd() % CLUSTER_REPS : 0;
		for (k = 0; k < (s->nrep[i] & NREP_MASK); k++) {
			c = varied(&base[rnd() % 4], (int)(rnd() % 30));
			memcpy(s->rep[i][k], c.b, 32);
		}
		if (rnd() % 6 == 0)
			s->nrep[i] |= (uint8_t)((1 + rnd() %
			    NILSIMSA_KIND_MAX) << NREP_KIND);	/* another kind */
		s->deadline[i] = 1000 + (int64_t)(rnd() % 7) - 3 +
		    (rnd() % 2 ? INT64_C(1) << 40 : 0);
		s->slot[i].id = i + 1;
	}
	for (i = s->n; i > 1; i--) {
		k = rnd() % i;
		id = s->slot[i - 1].id;
		s->slot[i - 1].id = s->slot[k].id;
		s->slot[k].id = id;
	}
	return rnd() % 2 ? varied(&base[rnd() % 4], (int)(rnd() % 25)) :
	    base[0];
}

START_TEST(test_scan_model)
{
	struct store	 s;
	struct scan	 got, want;
	nilsimsa_code	 q;
	int		 t, kind;

	arrays_alloc(&s);
	for (t = 0; t < TRIALS; t++) {
		q = arrays_fill(&s, (size_t)t % MAXN);
		kind = rnd() % 5 == 0 ? 1 + (int)(rnd() % NILSIMSA_KIND_MAX) : 0;
		scan(&s, &q, kind, 1000, &got);
		model(&s, &q, kind, 1000, &want);
		ck_assert_msg(got.best_i == want.best_i && got.best == want.best &&
		    got.second == want.second && got.compared == want.compared,
		    "trial %d (n %zu): scan best %zu/%d second %d compared %zu, "
		    "model %zu/%d %d %zu", t, s.n, got.best_i, got.best,
		    got.second, got.compared, want.best_i, want.best,
		    want.second, want.compared);
	}
	arrays_free(&s);
}
END_TEST

/*
 * scan_top() against its contract: the SCAN_TOP best live clusters of
 * the kind scoring above `above`, best first, of equal scores the oldest
 * (lowest id) first: the model sorts every hit and keeps the first.
 */
START_TEST(test_scan_top_model)
{
	struct store	 s;
	struct scan_hit	 got[SCAN_TOP], all[MAXN];
	nilsimsa_code	 q, c;
	size_t		 i, j, n, m;
	int		 t, kind, above, sc, k;
	struct scan_hit	 h;

	arrays_alloc(&s);
	for (t = 0; t < TRIALS; t++) {
		q = arrays_fill(&s, (size_t)t % MAXN);
		kind = rnd() % 5 == 0 ? 1 + (int)(rnd() % NILSIMSA_KIND_MAX) : 0;
		above = (int)(rnd() % 100) - 10;
		n = scan_top(&s, &q, kind, 1000, above, got);
		for (i = m = 0; i < s.n; i++) {
			if (s.deadline[i] < 1000 || (s.nrep[i] >> NREP_KIND) != kind)
				continue;
			memcpy(c.b, s.code[i], 32);
			sc = oracle(&c, &q);
			for (k = 0; k < (s.nrep[i] & NREP_MASK); k++) {
				memcpy(c.b, s.rep[i][k], 32);
				if (oracle(&c, &q) > sc)
					sc = oracle(&c, &q);
			}
			if (sc <= above)
				continue;
			h.i = i;
			h.score = sc;
			for (j = m++; j > 0 && (all[j - 1].score < sc ||
			    (all[j - 1].score == sc &&
			    s.slot[all[j - 1].i].id > s.slot[i].id)); j--)
				all[j] = all[j - 1];
			all[j] = h;
		}
		ck_assert_uint_eq(n, m < SCAN_TOP ? m : SCAN_TOP);
		for (j = 0; j < n; j++)
			ck_assert_msg(got[j].i == all[j].i &&
			    got[j].score == all[j].score,
			    "trial %d hit %zu: %zu/%d, model %zu/%d", t, j,
			    got[j].i, got[j].score, all[j].i, all[j].score);
	}
	arrays_free(&s);
}
END_TEST

TCase *
tc_store_scan(void)
{
	TCase	*tc = tcase_create("scan");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_scan_model);
	tcase_add_test(tc, test_scan_top_model);
	return tc;
}
