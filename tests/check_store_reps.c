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
 * check_store_reps: a cluster's representatives, checked against a model
 * of the rule written here, and hostile record fields the history
 * window reads.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE		/* nftw */
#endif

#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <lmdb.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check_store.h"

/* ------------------------------------------------- representatives */

/*
 * A model of the store's matching, written here from the rules in
 * store.h: a cluster scores its best code (anchor and reps); a counted
 * scan join scoring below STORE_REP_ADD_BELOW, and at least
 * STORE_REP_ADD_MIN against the anchor, adds the message's code,
 * the oldest extra rep making room; compared counts codes. No expiry, no
 * exact index: the tests that use it send neither.
 */
#define MODEL_MAX	512

struct model {
	nilsimsa_code	codes[MODEL_MAX][CLUSTER_REPS];	/* [0]: anchor */
	int		ncodes[MODEL_MAX];
	int		n;
	int		use_reps;
};

struct model_res {
	int	cluster;	/* index joined or created */
	int	created, counted, score, runner_up;
	size_t	compared;
};

static int
model_score(const struct model *m, int k, const nilsimsa_code *q)
{
	int	j, sc = STORE_SCORE_NONE;

	for (j = 0; j < m->ncodes[k]; j++)
		if (oracle(&m->codes[k][j], q) > sc)
			sc = oracle(&m->codes[k][j], q);
	return sc;
}

static void
model_search(const struct model *m, const nilsimsa_code *q, int *best_k,
    int *best, int *second, size_t *compared)
{
	int	k, sc;

	*best_k = -1;
	*best = *second = STORE_SCORE_NONE;
	*compared = 0;
	for (k = 0; k < m->n; k++) {
		sc = model_score(m, k, q);
		*compared += m->ncodes[k];
		if (sc > *best) {
			*second = *best;
			*best = sc;
			*best_k = k;
		} else if (sc > *second)
			*second = sc;
	}
}

/* need: the count score for `compared` codes (as count_score gets it). */
static struct model_res
model_observe(struct model *m, const nilsimsa_code *q, int join,
    int (*need)(size_t))
{
	struct model_res	r = { 0 };
	int			k, j;

	model_search(m, q, &k, &r.score, &r.runner_up, &r.compared);
	if (k >= 0 && r.score > join) {
		r.cluster = k;
		r.counted = need == NULL || r.score >= need(r.compared);
		if (m->use_reps && r.counted && r.score < STORE_REP_ADD_BELOW &&
		    nilsimsa_score(q, &m->codes[k][0]) >= STORE_REP_ADD_MIN) {
			if (m->ncodes[k] == CLUSTER_REPS) {
				for (j = 1; j < CLUSTER_REPS - 1; j++)
					m->codes[k][j] = m->codes[k][j + 1];
				m->ncodes[k]--;
			}
			m->codes[k][m->ncodes[k]++] = *q;
		}
		return r;
	}
	ck_assert_int_lt(m->n, MODEL_MAX);
	r.cluster = m->n;
	r.created = r.counted = 1;
	m->codes[m->n][0] = *q;
	m->ncodes[m->n++] = 1;
	return r;
}

/* Each message a few random bits away from the one before. */
static void
drift(nilsimsa_code *seq, int n, int bits)
{
	rnd_code(&seq[0]);
	for (int i = 1; i < n; i++) {
		seq[i] = seq[i - 1];
		for (int b = 0; b < bits; b++) {
			int	bit = (int)(rnd() % 256);

			seq[i].b[bit >> 3] ^= 1 << (bit & 7);
		}
	}
}

static void
assert_reps(const struct cluster *c, const struct model *m, int k)
{
	ck_assert_int_eq(memcmp(&c->code, &m->codes[k][0], 32), 0);
	ck_assert_uint_eq(c->nreps, m->ncodes[k] - 1);
	for (int j = 1; j < m->ncodes[k]; j++)
		ck_assert_int_eq(memcmp(&c->reps[j - 1], &m->codes[k][j], 32), 0);
}

START_TEST(test_reps_drift)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s = open_ok(&cfg, 0);
	static struct model	 with, without;
	enum { N = 80 };
	nilsimsa_code		 seq[N];
	struct store_result	 r, q;
	struct model_res	 mr;
	struct store_obs	 o;
	struct cluster		 c;
	uint64_t		 id = 0, ids[N];
	size_t			 codes = 0;
	int			 i, k = 0;

	memset(&with, 0, sizeof(with));
	memset(&without, 0, sizeof(without));
	with.use_reps = 1;
	drift(seq, N, 8);
	/* The premise: late members are unrelated to the first. */
	ck_assert_int_lt(oracle(&seq[0], &seq[N - 1]), 24);
	for (i = 0; i < N; i++) {
		model_observe(&without, &seq[i], 24, NULL);
		mr = model_observe(&with, &seq[i], 24, NULL);
		o = obs_of(&seq[i], 1000 + i, 24);
		r = observe_ok(s, &o);
		ck_assert_int_eq(r.created, mr.created);
		if (mr.created)
			ids[mr.cluster] = r.c.id;
		ck_assert_uint_eq(r.c.id, ids[mr.cluster]);
		ck_assert_int_eq(r.score, mr.score);
		ck_assert_uint_eq(r.compared, mr.compared);
		k = mr.cluster;
	}
	/*
	 * With one code a cluster the sequence splits often; with reps (one
	 * hop from the anchor) it follows the drift longer, though not
	 * forever: members unrelated to the anchor start a cluster anew.
	 */
	ck_assert_int_gt(without.n, 2);
	ck_assert_int_lt(with.n, without.n);
	ck_assert_uint_gt(r.c.messages, 2);
	id = ids[k];
	assert_reps(&r.c, &with, k);
	for (i = 0; i < with.n; i++)
		codes += (size_t)with.ncodes[i];

	/* The reps survive a reopen and are matched as before. */
	store_close(s);
	s = open_ok(&cfg, 0);
	ck_assert_int_eq(store_get(s, id, &c), 0);
	assert_reps(&c, &with, k);
	o = obs_of(&seq[N - 1], 2000, 24);
	ck_assert_int_eq(store_lookup(s, &o, &q), 0);
	ck_assert_int_eq(q.found, 1);
	ck_assert_uint_eq(q.c.id, id);
	ck_assert_uint_eq(q.compared, codes);
	/* 128 if the last message became a rep, else its score when it came */
	ck_assert_int_eq(q.score, model_score(&with, k, &seq[N - 1]));
	store_close(s);
}
END_TEST

static int
need_grows(size_t compared)
{
	return 30 + (int)(compared / 16);
}

static int
need_grows_cb(void *arg, size_t compared)
{
	(void)arg;
	return need_grows(compared);
}

/* Interleaved drifting campaigns and noise against the model. */
START_TEST(test_reps_bruteforce)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s = open_ok(&cfg, 0);
	static struct model	 m;
	enum { CAMPAIGNS = 6, LEN = 50, MSGS = 400 };
	static nilsimsa_code	 camp[CAMPAIGNS][LEN];
	static uint64_t		 ids[MODEL_MAX];
	int			 pos[CAMPAIGNS] = { 0 };
	nilsimsa_code		 q;
	struct store_result	 r;
	struct model_res	 mr;
	struct store_obs	 o;
	struct cluster		 c;
	int			 i, k, best_k, best, second, reps = 0;
	size_t			 compared;

	memset(&m, 0, sizeof(m));
	m.use_reps = 1;
	for (k = 0; k < CAMPAIGNS; k++)
		drift(camp[k], LEN, 3 + k * 2);
	for (i = 0; i < MSGS; i++) {
		k = (int)(rnd() % (CAMPAIGNS + 2));
		if (k < CAMPAIGNS && pos[k] < LEN)
			q = camp[k][pos[k]++];
		else
			rnd_code(&q);
		mr = model_observe(&m, &q, 24, need_grows);
		o = obs_of(&q, 5000 + i, 24);
		o.count_score = need_grows_cb;
		r = observe_ok(s, &o);
		ck_assert_int_eq(r.created, mr.created);
		ck_assert_int_eq(r.counted, mr.counted);
		ck_assert_int_eq(r.score, mr.score);
		ck_assert_int_eq(r.runner_up, mr.runner_up);
		ck_assert_uint_eq(r.compared, mr.compared);
		if (mr.created)
			ids[mr.cluster] = r.c.id;
		ck_assert_uint_eq(r.c.id, ids[mr.cluster]);
		assert_reps(&r.c, &m, mr.cluster);
	}
	for (k = 0; k < m.n; k++) {
		ck_assert_int_eq(store_get(s, ids[k], &c), 0);
		assert_reps(&c, &m, k);
		reps += c.nreps;
	}
	ck_assert_int_gt(reps, CAMPAIGNS);	/* the reps were exercised */
	/*
	 * Lookups of unseen codes: the best over all codes of all clusters;
	 * again after forgetting every other cluster, which moves others
	 * (with their reps) within the match array.
	 */
	for (i = 0; i < 400; i++) {
		if (i == 200)
			for (k = 0; k < m.n; k += 2) {
				ck_assert_int_eq(store_forget(s, ids[k]), 0);
				m.ncodes[k] = 0;
			}
		if (i % 2)
			rnd_code(&q);
		else
			q = flip(&camp[i % CAMPAIGNS][rnd() % LEN],
			    (int)(rnd() % 200), (int)(rnd() % 50));
		model_search(&m, &q, &best_k, &best, &second, &compared);
		o = obs_of(&q, 6000, -129);
		ck_assert_int_eq(store_lookup(s, &o, &r), 0);
		ck_assert_int_eq(r.found, 1);
		ck_assert_int_eq(r.score, best);
		ck_assert_int_eq(r.runner_up, second);
		ck_assert_uint_eq(r.compared, compared);
		/* on a tie, any cluster with the best score */
		for (k = 0; k < m.n && ids[k] != r.c.id; k++)
			;
		ck_assert_int_lt(k, m.n);
		ck_assert_int_gt(m.ncodes[k], 0);
		ck_assert_int_eq(model_score(&m, k, &q), best);
		ck_assert(k == best_k || best == second);
	}
	store_close(s);
}
END_TEST

/* Flip n bits from `from` on, wrapping at 256. */
static nilsimsa_code
flip_wrap(const nilsimsa_code *c, int from, int n)
{
	nilsimsa_code	v = *c;

	for (int i = from; i < from + n; i++)
		v.b[(i % 256) >> 3] ^= 1 << (i % 256 & 7);
	return v;
}

/* Representatives are one hop from the anchor: no chains. */
START_TEST(test_reps_one_hop)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s = open_ok(&cfg, 0);
	nilsimsa_code		 a, r1, x;
	struct store_result	 r;
	struct store_obs	 o;

	rnd_code(&a);
	o = obs_of(&a, 100, 24);
	observe_ok(s, &o);
	r1 = flip(&a, 0, 30);		/* 98 against the anchor: a rep */
	o = obs_of(&r1, 101, 24);
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.score, 98);
	ck_assert_uint_eq(r.c.nreps, 1);
	/* 78 against the rep, 128 - 80 = 48 against the anchor */
	x = flip(&r1, 100, 50);
	ck_assert_int_eq(nilsimsa_score(&x, &a), 48);
	ck_assert_int_lt(48, STORE_REP_ADD_MIN);
	o = obs_of(&x, 102, 24);
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.found, 1);
	ck_assert_int_eq(r.score, 78);
	ck_assert_uint_eq(r.c.nreps, 1);	/* joined, not a rep */
	store_close(s);
}
END_TEST

static int
need_never(void *arg, size_t compared)
{
	(void)arg;
	(void)compared;
	return 129;
}

START_TEST(test_reps_ring)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s = open_ok(&cfg, 0);
	enum { M = 6 };
	nilsimsa_code		 a, m[M], x, b, y;
	struct store_result	 r, ra, rb, q;
	struct store_obs	 o;
	int			 i, best, n = 128 - STORE_REP_ADD_BELOW + 2;

	rnd_code(&a);
	o = obs_of(&a, 100, 24);
	ra = observe_ok(s, &o);
	ck_assert_uint_eq(ra.c.nreps, 0);
	/* at the threshold: not below it, nothing added */
	x = flip_wrap(&a, 7, 128 - STORE_REP_ADD_BELOW);
	o = obs_of(&x, 101, 24);
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.score, STORE_REP_ADD_BELOW);
	ck_assert_uint_eq(r.c.nreps, 0);
	/* below it but not counted: nothing added */
	x = flip_wrap(&a, 7, n);
	o = obs_of(&x, 102, 24);
	o.count_score = need_never;
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.found, 1);
	ck_assert_int_eq(r.counted, 0);
	ck_assert_uint_eq(r.c.nreps, 0);
#if STORE_REP_ADD_MIN > 25
	/* counted but below the minimum: nothing added */
	x = flip_wrap(&a, 7, 128 - STORE_REP_ADD_MIN + 1);
	o = obs_of(&x, 102, 24);
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.score, STORE_REP_ADD_MIN - 1);
	ck_assert_int_eq(r.counted, 1);
	ck_assert_uint_eq(r.c.nreps, 0);
#endif
	/* an exact duplicate with a far code: joins, adds nothing */
	o = obs_of(&a, 103, 24);
	memset(o.sha256, 0x77, 32);
	observe_ok(s, &o);
	rnd_code(&x);
	o = obs_of(&x, 104, 24);
	memset(o.sha256, 0x77, 32);
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.exact, 1);
	ck_assert_uint_eq(r.c.id, ra.c.id);
	ck_assert_uint_eq(r.c.nreps, 0);

	/*
	 * m[i] scores REP_ADD_BELOW - 2 against the anchor and less against
	 * one another (their flipped blocks barely overlap): each one is
	 * added, and from the fourth on the oldest rep makes room.
	 */
	for (i = 0; i < M; i++) {
		m[i] = flip_wrap(&a, i * 43, n);
		o = obs_of(&m[i], 200 + i, 24);
		r = observe_ok(s, &o);
		ck_assert_uint_eq(r.c.id, ra.c.id);
		ck_assert_int_eq(r.score, STORE_REP_ADD_BELOW - 2);
		ck_assert_int_eq(r.counted, 1);
		ck_assert_uint_eq(r.c.nreps, i + 1 < CLUSTER_REPS - 1 ?
		    i + 1 : CLUSTER_REPS - 1);
		ck_assert_int_eq(memcmp(&r.c.code, &a, 32), 0);
		ck_assert_int_eq(memcmp(&r.c.reps[r.c.nreps - 1], &m[i], 32), 0);
		if (i >= CLUSTER_REPS - 1)	/* oldest first */
			ck_assert_int_eq(memcmp(&r.c.reps[0],
			    &m[i - (CLUSTER_REPS - 2)], 32), 0);
	}
	/* The replaced ones match through the anchor again, not themselves. */
	o = obs_of(&m[0], 300, 24);
	ck_assert_int_eq(store_lookup(s, &o, &q), 0);
	ck_assert_int_eq(q.score, STORE_REP_ADD_BELOW - 2);
	o = obs_of(&m[M - 1], 300, 24);
	ck_assert_int_eq(store_lookup(s, &o, &q), 0);
	ck_assert_int_eq(q.score, 128);
	/* compared counts codes: the anchor and three reps, plus a singleton */
	rnd_code(&x);
	o = obs_of(&x, 301, 128);
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.created, 1);
	ck_assert_uint_eq(r.compared, CLUSTER_REPS);
	o.join_score = -129;
	ck_assert_int_eq(store_lookup(s, &o, &q), 0);
	ck_assert_uint_eq(q.compared, CLUSTER_REPS + 1);
	ck_assert_uint_eq(q.c.id, r.c.id);
	ck_assert_int_eq(q.score, 128);
	/* the runner-up: the other cluster's best code */
	best = oracle(&x, &a);
	for (i = M - (CLUSTER_REPS - 1); i < M; i++)
		if (oracle(&x, &m[i]) > best)
			best = oracle(&x, &m[i]);
	ck_assert_int_eq(q.runner_up, best);
	/*
	 * A later cluster with a rep; forgetting the singleton before it
	 * moves it within the match array, reps and all.
	 */
	rnd_code(&b);
	o = obs_of(&b, 400, 24);
	rb = observe_ok(s, &o);
	ck_assert_int_eq(rb.created, 1);
	y = flip_wrap(&b, 0, n);
	o = obs_of(&y, 401, 24);
	rb = observe_ok(s, &o);
	ck_assert_uint_eq(rb.c.nreps, 1);
	ck_assert_int_eq(store_forget(s, r.c.id), 0);
	o = obs_of(&y, 402, 24);
	ck_assert_int_eq(store_lookup(s, &o, &q), 0);
	ck_assert_uint_eq(q.c.id, rb.c.id);
	ck_assert_int_eq(q.score, 128);
	ck_assert_uint_eq(q.compared, CLUSTER_REPS + 2);
	o = obs_of(&m[M - 1], 402, 24);
	ck_assert_int_eq(store_lookup(s, &o, &q), 0);
	ck_assert_uint_eq(q.c.id, ra.c.id);
	ck_assert_int_eq(q.score, 128);
	store_close(s);
}
END_TEST

/*
 * A record's hist_start is whatever the file or an import says: one far
 * in the past must not overflow the window arithmetic into a write far
 * outside hist[].
 */
START_TEST(test_hist_start_hostile)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s = open_ok(&cfg, 0);
	struct store_result	 r;
	struct store_obs	 o;
	struct cluster		 c;
	const int64_t		 now = 1774000000;	/* 2026 */

	memset(&c, 0, sizeof(c));
	rnd_code(&c.code);
	c.messages = 5;
	c.first_seen = c.last_seen = now;
	c.hist_start = INT64_MIN;
	ck_assert_int_eq(store_put(s, &c), 0);
	o = obs_of(&c.code, now, 100);
	r = observe_ok(s, &o);
	ck_assert_uint_eq(r.c.id, c.id);
	ck_assert_int_eq(r.c.hist_start, now / 3600 - (CLUSTER_HISTORY - 1));
	ck_assert_uint_eq(r.c.hist[CLUSTER_HISTORY - 1], 1);
	store_close(s);
}
END_TEST

/* This file's test case. */
TCase *
tc_store_reps(void)
{
	TCase *tc = tcase_create("reps");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_reps_drift);
	tcase_add_test(tc, test_reps_bruteforce);
	tcase_add_test(tc, test_reps_one_hop);
	tcase_add_test(tc, test_reps_ring);
	tcase_add_test(tc, test_hist_start_hostile);
	return tc;
}
