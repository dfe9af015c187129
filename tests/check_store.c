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
 * check_store: the cluster store against real LMDB files in a temporary
 * directory: its API, the counts of a cluster, growth and eviction, and
 * the helpers the other store tests share (check_store.h). Scores are
 * checked against a bit-by-bit brute force written here, not against the
 * store's own popcount scan.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE		/* nftw */
#endif

#include <sys/stat.h>
#include <sys/types.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <linux/magic.h>

#include <check.h>
#include <endian.h>
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
#include "config.h"
#include "metrics.h"

char		tmpdir[64];
char		dbdir[128];
#define TST_SEED	88172645463325252ULL
uint64_t	tst_rng = TST_SEED;

/* The test's random source: repeatable, its own state. */
uint64_t
rnd(void)
{
	return util_xorshift64(&tst_rng);
}

void
rnd_code(nilsimsa_code *c)
{
	for (int i = 0; i < 32; i++)
		c->b[i] = rnd() & 0xff;
}

/* Flip `n` distinct bits chosen from bit `from` on (so variants can differ). */
nilsimsa_code
flip(const nilsimsa_code *c, int from, int n)
{
	nilsimsa_code	v = *c;

	for (int i = from; i < from + n; i++)
		v.b[i >> 3] ^= 1 << (i & 7);
	return v;
}

/* The oracle: 128 minus differing bits, counted one bit at a time. */
int
oracle(const nilsimsa_code *a, const nilsimsa_code *b)
{
	int	d = 0;

	for (int i = 0; i < 256; i++)
		d += ((a->b[i >> 3] >> (i & 7)) & 1) != ((b->b[i >> 3] >> (i & 7)) & 1);
	return 128 - d;
}

static int
rm_one(const char *p, const struct stat *sb, int flag, struct FTW *f)
{
	(void)sb; (void)flag; (void)f;
	return remove(p);
}

/*
 * Where the tests' stores live: /dev/shm when it is a tmpfs we can
 * write with 256 MiB free (a container's is often 64 MiB), else /tmp.
 * On tmpfs LMDB's syncs cost nothing (the tests make some 50,000
 * durable commits: 36 s on this disk, 15 s there; under valgrind 142 s
 * and 86 s); they are still made and counted (check_store_sync), and no
 * test here needs them to reach a disk: the crash tests kill a process,
 * not the power. tests/t-crash-load.sh and the daemon's tests keep
 * their stores on disk.
 */
static const char *
store_base(void)
{
	struct statfs	sf;

	if (statfs("/dev/shm", &sf) == 0 && sf.f_type == TMPFS_MAGIC &&
	    (uint64_t)sf.f_bavail * (uint64_t)sf.f_bsize >= (uint64_t)256 << 20 &&
	    access("/dev/shm", W_OK | X_OK) == 0)
		return "/dev/shm";
	return "/tmp";
}

void
setup(void)
{
	snprintf(tmpdir, sizeof(tmpdir), "%s/check_store.XXXXXX", store_base());
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
	snprintf(dbdir, sizeof(dbdir), "%s/db", tmpdir);
	umask(022);
	/* every test the same codes, forked or not (valgrind runs CK_FORK=no) */
	tst_rng = TST_SEED;
}

void
teardown(void)
{
	nftw(tmpdir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

struct store_config
cfg_default(void)
{
	struct store_config	cfg = { 0 };

	cfg.path = dbdir;
	cfg.singleton_ttl = 3600;
	cfg.bulk_ttl = 86400;
	cfg.score_mode = "reference";
	return cfg;
}

struct store *
open_ok(const struct store_config *cfg, int flags)
{
	struct store	*s = NULL;
	int		 rc = store_open(&s, cfg, flags);

	ck_assert_msg(rc == 0, "store_open: %s", store_strerror(rc));
	return s;
}

struct store_obs
obs_of(const nilsimsa_code *c, int64_t now, int join)
{
	struct store_obs	o = { 0 };

	o.code = *c;
	o.now = now;
	o.recipients = 1;
	o.join_score = join;
	return o;
}

struct store_result
observe_ok(struct store *s, const struct store_obs *o)
{
	struct store_result	r;
	int			rc = store_observe(s, o, &r);

	ck_assert_msg(rc == 0, "store_observe: %s", store_strerror(rc));
	return r;
}

/* ------------------------------------------------------------------ */

START_TEST(test_create)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s = open_ok(&cfg, 0);
	struct store_result	 r;
	struct store_obs	 o;
	nilsimsa_code		 a, b;
	struct stat		 sb;
	char			 p[256];

	ck_assert_int_eq(stat(dbdir, &sb), 0);
	ck_assert_int_eq(sb.st_mode & 0777, 0700);
	snprintf(p, sizeof(p), "%s/data.mdb", dbdir);
	ck_assert_int_eq(stat(p, &sb), 0);
	ck_assert_int_eq(sb.st_mode & 0777, 0600);

	rnd_code(&a);
	rnd_code(&b);
	o = obs_of(&a, 1000000, 24);
	o.recipients = 7;
	o.net = 0xabc;
	o.subject = "Hello\tworld";
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.created, 1);
	ck_assert_int_eq(r.found, 0);
	ck_assert_uint_eq(r.c.id, 1);
	ck_assert_uint_eq(r.c.messages, 1);
	ck_assert_uint_eq(r.c.recipients, 7);
	ck_assert_uint_eq(r.c.networks, 1);
	ck_assert_uint_eq(r.c.nets[0], 0xabc);
	ck_assert_str_eq(r.c.subject, "Hello?world");
	ck_assert_int_eq(r.c.first_seen, 1000000);
	ck_assert_int_eq(r.c.last_seen, 1000000);
	ck_assert_int_eq(r.c.status, CLUSTER_AUTO);
	ck_assert_int_eq(r.score, STORE_SCORE_NONE);
	ck_assert_int_eq(r.runner_up, STORE_SCORE_NONE);
	ck_assert_uint_eq(r.compared, 0);
	/* the history window ends at the current hour */
	ck_assert_int_eq(r.c.hist_start + CLUSTER_HISTORY - 1, 1000000 / 3600);
	ck_assert_uint_eq(r.c.hist[CLUSTER_HISTORY - 1], 1);

	o = obs_of(&b, 1000001, 128);
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.created, 1);
	ck_assert_uint_eq(r.c.id, 2);
	ck_assert_uint_eq(r.compared, 1);
	ck_assert_int_eq(r.score, oracle(&a, &b));
	ck_assert_str_eq(r.c.subject, "");
	store_close(s);
}
END_TEST

START_TEST(test_match_bruteforce)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s = open_ok(&cfg, 0);
	enum { N = 400 };
	nilsimsa_code		 codes[N], q;
	uint64_t		 ids[N];
	struct store_result	 r, rl;
	struct store_obs	 o;
	int			 i, k, best, second, sc;

	for (i = 0; i < N; i++) {
		rnd_code(&codes[i]);
		/* a few near-duplicates so that the top scores are close */
		if (i % 10 == 9)
			codes[i] = flip(&codes[i - 1], (int)(rnd() % 200), 6 + i % 7);
		o = obs_of(&codes[i], 5000, 129);	/* never join */
		r = observe_ok(s, &o);
		ck_assert_int_eq(r.created, 1);
		ids[i] = r.c.id;
	}
	for (k = 0; k < 300; k++) {
		if (k % 2)
			rnd_code(&q);
		else
			q = flip(&codes[rnd() % N], (int)(rnd() % 200), (int)(rnd() % 40));
		best = second = STORE_SCORE_NONE;
		for (i = 0; i < N; i++) {
			sc = oracle(&codes[i], &q);
			if (sc > best) {
				second = best;
				best = sc;
			} else if (sc > second)
				second = sc;
		}
		o = obs_of(&q, 5001, -129);	/* always join the best */
		ck_assert_int_eq(store_lookup(s, &o, &rl), 0);
		ck_assert_int_eq(rl.found, 1);
		ck_assert_uint_eq(rl.compared, N);
		ck_assert_int_eq(rl.score, best);
		ck_assert_int_eq(rl.runner_up, second);
		for (i = 0; i < N && ids[i] != rl.c.id; i++)
			;
		ck_assert_int_lt(i, N);
		ck_assert_int_eq(oracle(&codes[i], &q), best);
		ck_assert_int_eq(memcmp(&rl.c.code, &codes[i], 32), 0);
	}
	/* observe reports the same as lookup, and joins */
	q = flip(&codes[17], 3, 9);
	o = obs_of(&q, 5002, 100);
	ck_assert_int_eq(store_lookup(s, &o, &rl), 0);
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.created, 0);
	ck_assert_int_eq(r.found, 1);
	ck_assert_uint_eq(r.c.id, ids[17]);
	ck_assert_int_eq(r.score, 128 - 9);
	ck_assert_int_eq(r.score, rl.score);
	ck_assert_int_eq(r.runner_up, rl.runner_up);
	ck_assert_uint_eq(r.c.messages, 2);
	/* the representative stays the first message's code */
	ck_assert_int_eq(memcmp(&r.c.code, &codes[17], 32), 0);
	store_close(s);
}
END_TEST

START_TEST(test_exact)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s = open_ok(&cfg, 0);
	nilsimsa_code		 a, b;
	struct store_result	 r, r1;
	struct store_obs	 o;

	rnd_code(&a);
	rnd_code(&b);
	o = obs_of(&a, 100, 120);
	memset(o.sha256, 0x5a, 32);
	r1 = observe_ok(s, &o);
	ck_assert_int_eq(r1.created, 1);
	ck_assert_int_eq(r1.exact, 0);
	/* same body hash, unrelated code: the exact index decides */
	o = obs_of(&b, 200, 120);
	memset(o.sha256, 0x5a, 32);
	o.recipients = 4;
	o.net = 9;
	o.count_score = NULL;
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.exact, 1);
	ck_assert_int_eq(r.created, 0);
	ck_assert_int_eq(r.counted, 1);
	ck_assert_int_eq(r.score, 128);
	ck_assert_uint_eq(r.c.id, r1.c.id);
	ck_assert_uint_eq(r.c.messages, 2);
	ck_assert_uint_eq(r.c.recipients, 5);
	ck_assert_int_eq(r.c.last_seen, 200);
	ck_assert_int_eq(store_lookup(s, &o, &r), 0);
	ck_assert_int_eq(r.exact, 1);
	ck_assert_int_eq(r.found, 1);
	/* an all-zero hash means "not computed": no exact match */
	o = obs_of(&b, 300, 120);
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.exact, 0);
	ck_assert_int_eq(r.created, 1);
	r1 = observe_ok(s, &o);
	ck_assert_int_eq(r1.exact, 0);
	ck_assert_uint_eq(r1.c.id, r.c.id);
	store_close(s);
}
END_TEST

START_TEST(test_join_threshold)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s = open_ok(&cfg, 0);
	nilsimsa_code		 a, v1, v2;
	struct store_result	 ra, r;
	struct store_obs	 o;

	rnd_code(&a);
	v1 = flip(&a, 0, 10);		/* score 118 against a */
	v2 = flip(&a, 100, 10);		/* 118 against a, 108 against v1 */
	o = obs_of(&a, 10, 118);
	ra = observe_ok(s, &o);
	o = obs_of(&v1, 11, 118);	/* equal to the threshold: not above */
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.score, 118);
	ck_assert_int_eq(r.created, 1);
	ck_assert_uint_ne(r.c.id, ra.c.id);
	o = obs_of(&v2, 12, 117);
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.created, 0);
	ck_assert_uint_eq(r.c.id, ra.c.id);
	ck_assert_int_eq(r.score, 118);
	ck_assert_int_eq(r.runner_up, 108);
	ck_assert_uint_eq(r.c.messages, 2);
	store_close(s);
}
END_TEST

/*
 * At the default SimilarityThreshold a message joins only a cluster it
 * is a copy of: a campaign whose first copy matches another cluster
 * loosely (35) starts its own, so that its next copies gather there and
 * count, instead of all joining the other cluster as loose matches that
 * are never rejected.
 */
START_TEST(test_default_joins_copies)
{
	struct store_config	 cfg = cfg_default();
	struct config		*conf = config_default();
	struct store		*s = open_ok(&cfg, 0);
	nilsimsa_code		 other, camp, copy;
	struct store_result	 ro, r1, r;
	struct store_obs	 o;
	int			 join;

	ck_assert_ptr_nonnull(conf);
	join = conf->similarity_threshold;
	ck_assert_int_eq(join, STORE_COPY_MIN - 1);
	rnd_code(&other);
	camp = flip(&other, 0, 93);	/* 35 against other */
	copy = flip(&camp, 200, 8);	/* 120 against camp, 27 against other */
	o = obs_of(&other, 10, join);
	ro = observe_ok(s, &o);
	o = obs_of(&camp, 11, join);
	r1 = observe_ok(s, &o);
	ck_assert_int_eq(r1.score, 35);
	ck_assert_int_eq(r1.created, 1);
	ck_assert_uint_ne(r1.c.id, ro.c.id);
	o = obs_of(&copy, 12, join);
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.created, 0);
	ck_assert_uint_eq(r.c.id, r1.c.id);
	ck_assert_int_ge(r.score, STORE_COPY_MIN);
	ck_assert_uint_eq(r.c.messages, 2);
	store_close(s);
	config_free(conf);
}
END_TEST

static size_t	seen_compared;

static int
need_score(void *arg, size_t compared)
{
	seen_compared = compared;
	return *(int *)arg;
}

/* Strict joining: below count_score the best match is taken for chance. */
START_TEST(test_strict_join)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s = open_ok(&cfg, 0);
	nilsimsa_code		 a, v;
	struct store_result	 ra, r;
	struct store_obs	 o;
	int			 need;

	rnd_code(&a);
	o = obs_of(&a, 1, 50);
	ra = observe_ok(s, &o);
	v = flip(&a, 0, 10);		/* 118 against a */
	o = obs_of(&v, 2, 50);
	o.count_score = need_score;
	o.count_arg = &need;
	o.strict = 1;
	need = 119;			/* above join_score, below chance */
	ck_assert_int_eq(store_lookup(s, &o, &r), 0);
	ck_assert_int_eq(r.found, 0);
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.created, 1);
	ck_assert_uint_ne(r.c.id, ra.c.id);
	ck_assert_int_eq(r.score, 118);	/* the best that fell short */
	need = 118;			/* reaches chance: joins */
	o = obs_of(&v, 3, 50);
	o.count_score = need_score;
	o.count_arg = &need;
	o.strict = 1;
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.created, 0);
	ck_assert_int_eq(r.counted, 1);
	store_close(s);
}
END_TEST

START_TEST(test_count_score)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s = open_ok(&cfg, 0);
	nilsimsa_code		 a, x, v;
	struct store_result	 r;
	struct store_obs	 o;
	int			 need, i;

	rnd_code(&a);
	rnd_code(&x);
	o = obs_of(&x, 1, 50);
	observe_ok(s, &o);
	o = obs_of(&a, 1, 50);
	o.recipients = 5;
	o.net = 1;
	r = observe_ok(s, &o);
	ck_assert_uint_eq(r.c.recipients, 5);

	v = flip(&a, 0, 10);		/* 118 */
	o = obs_of(&v, 2, 50);
	o.recipients = 3;
	o.net = 2;
	o.count_score = need_score;
	o.count_arg = &need;
	need = 119;
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.found, 1);
	ck_assert_int_eq(r.counted, 0);
	ck_assert_uint_eq(seen_compared, 2);
	ck_assert_uint_eq(r.c.messages, 2);
	ck_assert_uint_eq(r.c.recipients, 5);
	ck_assert_uint_eq(r.c.networks, 1);
	need = 118;
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.counted, 1);
	ck_assert_uint_eq(r.c.messages, 3);
	ck_assert_uint_eq(r.c.recipients, 8);
	ck_assert_uint_eq(r.c.networks, 2);
	/* the same network again is not a new one */
	r = observe_ok(s, &o);
	ck_assert_uint_eq(r.c.networks, 2);
	/* networks saturate at CLUSTER_MAX_NETS */
	for (i = 0; i < 40; i++) {
		o.net = 1000 + i;
		r = observe_ok(s, &o);
	}
	ck_assert_uint_eq(r.c.networks, CLUSTER_MAX_NETS);
	ck_assert_uint_eq(r.c.nets[CLUSTER_MAX_NETS - 1],
	    1000 + CLUSTER_MAX_NETS - 3);
	store_close(s);
}
END_TEST

START_TEST(test_expire)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s;
	nilsimsa_code		 a, b, c;
	struct store_result	 ra, rb, rc, r;
	struct store_obs	 o;
	struct cluster		 cl;
	size_t			 n;

	cfg.singleton_ttl = 100;
	cfg.bulk_ttl = 1000;
	s = open_ok(&cfg, 0);
	rnd_code(&a);
	rnd_code(&b);
	rnd_code(&c);
	o = obs_of(&a, 0, 100);
	ra = observe_ok(s, &o);		/* singleton, dies after 100 */
	o = obs_of(&b, 0, 100);
	rb = observe_ok(s, &o);
	o.now = 50;
	observe_ok(s, &o);		/* two messages: bulk, dies at 1050 */
	o = obs_of(&c, 0, 100);
	rc = observe_ok(s, &o);
	ck_assert_int_eq(store_set_status(s, rc.c.id, CLUSTER_SPAM), 0);

	ck_assert_int_eq(store_expire(s, 100, 1, &n), 0);
	ck_assert_uint_eq(n, 0);
	ck_assert_int_eq(store_expire(s, 101, 1, &n), 0);
	ck_assert_uint_eq(n, 1);
	/* an expired cluster no longer matches, even before the purge */
	o = obs_of(&a, 101, 100);
	ck_assert_int_eq(store_lookup(s, &o, &r), 0);
	ck_assert_int_eq(r.found, 0);
	ck_assert_uint_eq(r.compared, 2);
	ck_assert_int_eq(store_expire(s, 101, 0, &n), 0);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(store_get(s, ra.c.id, &cl), STORE_ENOTFOUND);
	ck_assert_int_eq(store_get(s, rb.c.id, &cl), 0);
	/* spam of one message lives as long as bulk */
	ck_assert_int_eq(store_get(s, rc.c.id, &cl), 0);
	/* a hit refreshes */
	o = obs_of(&b, 900, 100);
	observe_ok(s, &o);
	ck_assert_int_eq(store_expire(s, 1001, 0, &n), 0);
	ck_assert_uint_eq(n, 1);	/* the spam one, unseen since 0 */
	ck_assert_int_eq(store_get(s, rc.c.id, &cl), STORE_ENOTFOUND);
	ck_assert_int_eq(store_expire(s, 1900, 0, &n), 0);
	ck_assert_uint_eq(n, 0);
	ck_assert_int_eq(store_expire(s, 1901, 0, &n), 0);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(store_count(s, &n), 0);
	ck_assert_uint_eq(n, 0);
	/* TTLs can change on a reload */
	o = obs_of(&a, 5000, 100);
	observe_ok(s, &o);
	ck_assert_int_eq(store_set_ttl(s, 10, 10), 0);
	ck_assert_int_eq(store_expire(s, 5011, 1, &n), 0);
	ck_assert_uint_eq(n, 1);
	store_close(s);
}
END_TEST

static struct store_result
make(struct store *s, int64_t now, int msgs, int status)
{
	struct store_result	r;
	struct store_obs	o;
	nilsimsa_code		c;

	rnd_code(&c);
	o = obs_of(&c, now, 100);
	for (int i = 0; i < msgs; i++)
		r = observe_ok(s, &o);
	if (status != CLUSTER_AUTO)
		ck_assert_int_eq(store_set_status(s, r.c.id, status), 0);
	return r;
}

/* A sample of the metrics' exposition (name without the prefix). */
static uint64_t
metric(const char *series)
{
	char		*text, *p, key[128];
	uint64_t	 v;

	snprintf(key, sizeof(key), "\nnilsimsa_milter_%s ", series);
	text = metrics_write("test", NULL, NULL);
	ck_assert_ptr_nonnull(text);
	p = strstr(text, key);
	ck_assert_msg(p != NULL, "no %s in the metrics", series);
	v = strtoull(p + strlen(key), NULL, 10);
	free(text);
	return v;
}

static int
exists(struct store *s, uint64_t id)
{
	struct cluster	c;

	return store_get(s, id, &c) == 0;
}

START_TEST(test_evict)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s;
	struct store_result	 c1, c2, c3, c4, c5, c6, c7, c8;
	size_t			 n;

	metrics_reset();
	cfg.max_clusters = 3;
	s = open_ok(&cfg, 0);
	c1 = make(s, 1, 1, CLUSTER_SPAM);
	c2 = make(s, 2, 2, CLUSTER_AUTO);
	c3 = make(s, 4, 1, CLUSTER_AUTO);
	c4 = make(s, 5, 1, CLUSTER_AUTO);	/* evicts the singleton c3 */
	ck_assert(!exists(s, c3.c.id));
	ck_assert(exists(s, c1.c.id) && exists(s, c2.c.id) && exists(s, c4.c.id));
	ck_assert_int_eq(store_set_status(s, c4.c.id, CLUSTER_HAM), 0);
	c5 = make(s, 6, 1, CLUSTER_AUTO);	/* no auto singleton: oldest auto */
	ck_assert(!exists(s, c2.c.id));
	ck_assert(exists(s, c1.c.id) && exists(s, c4.c.id) && exists(s, c5.c.id));
	ck_assert_int_eq(store_set_status(s, c5.c.id, CLUSTER_SPAM), 0);
	c6 = make(s, 7, 1, CLUSTER_AUTO);	/* only spam and ham left: oldest */
	ck_assert(!exists(s, c1.c.id));
	ck_assert(exists(s, c4.c.id) && exists(s, c5.c.id) && exists(s, c6.c.id));
	ck_assert_int_eq(store_count(s, &n), 0);
	ck_assert_uint_eq(n, 3);
	/* c3, c2 and c1 evicted: counted for the metrics */
	ck_assert_uint_eq(metric("evictions_total{cause=\"max_clusters\"}"), 3);
	ck_assert_uint_eq(metric("evictions_total{cause=\"max_size\"}"), 0);
	store_close(s);
	teardown();
	setup();

	/* expired clusters go first, before a live singleton */
	cfg.singleton_ttl = 1000;
	cfg.bulk_ttl = 100;
	cfg.max_clusters = 2;
	s = open_ok(&cfg, 0);
	c7 = make(s, 0, 2, CLUSTER_AUTO);	/* bulk, dead after 100 */
	c8 = make(s, 10, 1, CLUSTER_AUTO);
	c1 = make(s, 150, 1, CLUSTER_AUTO);
	ck_assert(!exists(s, c7.c.id));
	ck_assert(exists(s, c8.c.id) && exists(s, c1.c.id));
	store_close(s);
}
END_TEST

struct collect {
	uint64_t	ids[64];
	int		n, stop_at;
};

static int
collect(const struct cluster *c, void *arg)
{
	struct collect	*co = arg;

	co->ids[co->n++] = c->id;
	return co->n == co->stop_at;
}

START_TEST(test_admin)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s = open_ok(&cfg, 0);
	struct store_result	 r1, r2, r;
	struct store_obs	 o;
	struct cluster		 c;
	struct collect		 co = { .stop_at = 0 };
	nilsimsa_code		 a;

	rnd_code(&a);
	o = obs_of(&a, 10, 100);
	memset(o.sha256, 1, 32);
	r1 = observe_ok(s, &o);
	r2 = make(s, 11, 1, CLUSTER_AUTO);
	ck_assert_int_eq(store_set_status(s, r1.c.id, CLUSTER_SPAM), 0);
	ck_assert_int_eq(store_get(s, r1.c.id, &c), 0);
	ck_assert_int_eq(c.status, CLUSTER_SPAM);
	ck_assert_int_eq(store_set_status(s, 999, CLUSTER_HAM), STORE_ENOTFOUND);
	ck_assert_int_eq(store_set_status(s, r1.c.id, 7), STORE_EINVAL);
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.c.status, CLUSTER_SPAM);

	ck_assert_int_eq(store_note(s, r1.c.id, 10, 2, 1), 0);
	ck_assert_int_eq(store_get(s, r1.c.id, &c), 0);
	ck_assert_uint_eq(c.tagged, 2);
	ck_assert_uint_eq(c.rejected, 1);
	ck_assert_int_eq(store_note(s, 999, 10, 1, 0), STORE_ENOTFOUND);

	/* forget takes the exact entries with it */
	ck_assert_int_eq(store_forget(s, r1.c.id), 0);
	ck_assert_int_eq(store_forget(s, r1.c.id), STORE_ENOTFOUND);
	ck_assert_int_eq(store_get(s, r1.c.id, &c), STORE_ENOTFOUND);
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.exact, 0);
	ck_assert_int_eq(r.created, 1);
	ck_assert_uint_gt(r.c.id, r2.c.id);	/* ids are never reused */

	/* put: id 0 assigns, an explicit id reserves */
	memset(&c, 0, sizeof(c));
	rnd_code(&c.code);
	c.messages = 42;
	c.status = CLUSTER_HAM;
	strcpy(c.subject, "imported");
	ck_assert_int_eq(store_put(s, &c), 0);
	ck_assert_uint_eq(c.id, r.c.id + 1);
	c.id = 1000;
	rnd_code(&c.code);
	ck_assert_int_eq(store_put(s, &c), 0);
	r = make(s, 12, 1, CLUSTER_AUTO);
	ck_assert_uint_eq(r.c.id, 1001);
	ck_assert_int_eq(store_get(s, 1000, &c), 0);
	ck_assert_uint_eq(c.messages, 42);
	ck_assert_str_eq(c.subject, "imported");
	c.networks = CLUSTER_MAX_NETS + 1;
	ck_assert_int_eq(store_put(s, &c), STORE_EINVAL);
	/* the imported code matches */
	o = obs_of(&c.code, 12, 100);
	ck_assert_int_eq(store_lookup(s, &o, &r), 0);
	ck_assert_int_eq(r.found, 1);
	ck_assert_uint_eq(r.c.id, 1000);

	ck_assert_int_eq(store_iterate(s, collect, &co, NULL), 0);
	ck_assert_int_eq(co.n, 5);
	for (int i = 1; i < co.n; i++)
		ck_assert_uint_lt(co.ids[i - 1], co.ids[i]);
	ck_assert_uint_eq(co.ids[4], 1001);
	co.n = 0;
	co.stop_at = 2;
	ck_assert_int_eq(store_iterate(s, collect, &co, NULL), 0);
	ck_assert_int_eq(co.n, 2);
	store_close(s);
}
END_TEST

/*
 * put (import) never replaces another cluster: an id held by a cluster
 * with another anchor gets a new id; the same anchor replaces the cluster
 * and keeps its exact entries, which then still find it.
 */
START_TEST(test_put_ids)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s = open_ok(&cfg, 0);
	struct store_result	 r, r2;
	struct store_obs	 o;
	struct cluster		 c, got;
	nilsimsa_code		 a, b;

	rnd_code(&a);
	o = obs_of(&a, 100, 100);
	memset(o.sha256, 0x42, 32);
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.created, 1);

	/* another cluster under the same id: a new id, the old one stays */
	memset(&c, 0, sizeof(c));
	rnd_code(&b);
	c.code = b;
	c.id = r.c.id;
	c.messages = 7;
	c.first_seen = c.last_seen = 100;
	ck_assert_int_eq(store_put(s, &c), 0);
	ck_assert_uint_ne(c.id, r.c.id);
	ck_assert_int_eq(store_get(s, r.c.id, &got), 0);
	ck_assert_mem_eq(got.code.b, a.b, 32);
	ck_assert_uint_eq(got.messages, 1);
	ck_assert_int_eq(store_get(s, c.id, &got), 0);
	ck_assert_mem_eq(got.code.b, b.b, 32);
	ck_assert_uint_eq(got.messages, 7);
	/* the exact entry still leads to the cluster it was made for */
	r2 = observe_ok(s, &o);
	ck_assert_int_eq(r2.exact, 1);
	ck_assert_uint_eq(r2.c.id, r.c.id);

	/* the same cluster (same anchor): replaced in place */
	memset(&c, 0, sizeof(c));
	c.code = a;
	c.id = r.c.id;
	c.messages = 50;
	c.first_seen = c.last_seen = 100;
	ck_assert_int_eq(store_put(s, &c), 0);
	ck_assert_uint_eq(c.id, r.c.id);
	ck_assert_int_eq(store_get(s, r.c.id, &got), 0);
	ck_assert_uint_eq(got.messages, 50);
	r2 = observe_ok(s, &o);
	ck_assert_int_eq(r2.exact, 1);
	ck_assert_uint_eq(r2.c.id, r.c.id);
	ck_assert_uint_eq(r2.c.messages, 51);
	store_close(s);
}
END_TEST

START_TEST(test_stats)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s = open_ok(&cfg, 0);
	struct store_stats	 st, c;
	struct store_result	 r;
	struct store_obs	 o;
	int64_t			 now = 3600 * 500000 + 10;

	r = make(s, now - 3600, 1, CLUSTER_AUTO);	/* previous hour */
	make(s, now, 3, CLUSTER_AUTO);
	make(s, now, 1, CLUSTER_SPAM);
	make(s, now, 1, CLUSTER_HAM);
	o = obs_of(&r.c.code, now, 100);
	o.tagged = 1;
	observe_ok(s, &o);
	ck_assert_int_eq(store_note(s, r.c.id, now, 0, 2), 0);
	ck_assert_int_eq(store_stats(s, now, &st), 0);
	ck_assert_uint_eq(st.clusters, 4);
	ck_assert_uint_eq(st.singletons, 2);
	ck_assert_uint_eq(st.bulk, 2);
	ck_assert_uint_eq(st.spam, 1);
	ck_assert_uint_eq(st.ham, 1);
	ck_assert_uint_eq(st.messages, 7);
	ck_assert_uint_eq(st.corrupt, 0);
	ck_assert_int_eq(st.hour0, now / 3600 - 23);
	ck_assert_uint_eq(st.hours[23], 6);
	ck_assert_uint_eq(st.hours[22], 1);
	ck_assert_uint_eq(st.hours[21], 0);
	ck_assert_uint_eq(st.tags_hour[23], 1);
	ck_assert_uint_eq(st.rejects_hour[23], 2);
	ck_assert_uint_gt(st.used_bytes, 0);
	ck_assert_uint_le(st.used_bytes, st.map_bytes);
	ck_assert_uint_le(st.map_bytes, st.max_bytes);

	/* The metrics' census: the same counts and sizes from the array. */
	ck_assert_int_eq(store_census(s, &c), 0);
	ck_assert_uint_eq(c.clusters, st.clusters);
	ck_assert_uint_eq(c.singletons, st.singletons);
	ck_assert_uint_eq(c.bulk, st.bulk);
	ck_assert_uint_eq(c.spam, st.spam);
	ck_assert_uint_eq(c.ham, st.ham);
	ck_assert_uint_eq(c.used_bytes, st.used_bytes);
	ck_assert_uint_eq(c.map_bytes, st.map_bytes);
	ck_assert_uint_eq(c.max_bytes, st.max_bytes);
	store_close(s);
}
END_TEST

static void
assert_same(const struct cluster *a, const struct cluster *b)
{
	ck_assert_uint_eq(a->id, b->id);
	ck_assert_int_eq(memcmp(&a->code, &b->code, 32), 0);
	ck_assert_int_eq(a->first_seen, b->first_seen);
	ck_assert_int_eq(a->last_seen, b->last_seen);
	ck_assert_uint_eq(a->messages, b->messages);
	ck_assert_uint_eq(a->recipients, b->recipients);
	ck_assert_uint_eq(a->networks, b->networks);
	ck_assert_int_eq(memcmp(a->nets, b->nets, sizeof(a->nets)), 0);
	ck_assert_uint_eq(a->tagged, b->tagged);
	ck_assert_uint_eq(a->rejected, b->rejected);
	ck_assert_uint_eq(a->status, b->status);
	ck_assert_str_eq(a->subject, b->subject);
	ck_assert_int_eq(a->hist_start, b->hist_start);
	ck_assert_int_eq(memcmp(a->hist, b->hist, sizeof(a->hist)), 0);
	ck_assert_uint_eq(a->nreps, b->nreps);
	ck_assert_int_eq(memcmp(a->reps, b->reps, sizeof(a->reps)), 0);
}

START_TEST(test_reopen)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s = open_ok(&cfg, 0);
	struct store_result	 r[20], q;
	struct store_obs	 o;
	struct cluster		 c;
	char			 subj[200];
	int			 i;

	memset(subj, 'x', sizeof(subj) - 1);
	subj[sizeof(subj) - 1] = '\0';
	subj[CLUSTER_SUBJECT_MAX - 2] = '\xc3';	/* a cut UTF-8 character */
	subj[CLUSTER_SUBJECT_MAX - 1] = '\xa9';
	for (i = 0; i < 20; i++) {
		r[i] = make(s, 100 + i * 4000, 1 + i % 3, i % 3);
		o = obs_of(&r[i].c.code, 100 + i * 4000 + 1800, 100);
		o.net = i + 1;
		o.subject = subj;
		o.recipients = i;
		r[i] = observe_ok(s, &o);
	}
	ck_assert_uint_eq(strlen(r[0].c.subject), CLUSTER_SUBJECT_MAX - 2);
	ck_assert_int_eq(store_note(s, r[3].c.id, 1, 5, 6), 0);
	ck_assert_int_eq(store_get(s, r[3].c.id, &r[3].c), 0);
	store_close(s);
	s = open_ok(&cfg, 0);
	for (i = 0; i < 20; i++) {
		ck_assert_int_eq(store_get(s, r[i].c.id, &c), 0);
		assert_same(&c, &r[i].c);
		o = obs_of(&r[i].c.code, 100 + i * 4000 + 1801, 127);
		ck_assert_int_eq(store_lookup(s, &o, &q), 0);
		ck_assert_int_eq(q.found, 1);
		ck_assert_uint_eq(q.c.id, r[i].c.id);
	}
	q = make(s, 100000, 1, CLUSTER_AUTO);
	ck_assert_uint_eq(q.c.id, 21);
	store_close(s);
}
END_TEST

START_TEST(test_profile_mismatch)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s = open_ok(&cfg, 0);

	make(s, 1, 1, CLUSTER_AUTO);
	store_close(s);
	cfg.score_mode = "profile:default";
	ck_assert_int_eq(store_open(&s, &cfg, 0), STORE_EPROFILE);
	ck_assert_ptr_null(s);
	ck_assert_int_eq(store_open(&s, &cfg, STORE_RDONLY), STORE_EPROFILE);
	cfg.score_mode = "reference";
	s = open_ok(&cfg, STORE_RDONLY);
	store_close(s);
	/* a read-only open never creates */
	cfg.path = "/nonexistent/store";
	ck_assert_int_eq(store_open(&s, &cfg, STORE_RDONLY), ENOENT);
}
END_TEST

/* Wait for a child and return its exit status (-1 if it did not exit). */
static int
child_status(pid_t pid)
{
	int	st;

	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/*
 * The children are forked before the parent opens its store, so that they
 * inherit no LMDB environment (and valgrind sees no leak in them).
 */
static uint64_t
read_id(int fd)
{
	uint64_t	id = 0;

	if (read(fd, &id, sizeof(id)) != sizeof(id))
		return 0;
	return id;
}

static void
write_id(int fd, uint64_t id)
{
	ck_assert_int_eq(write(fd, &id, sizeof(id)), sizeof(id));
}

/* Child: a reader in another process while the writer works. */
static int
rdonly_child(const struct store_config *cfg, const nilsimsa_code *a, int in)
{
	struct store		*rs;
	struct store_result	 q;
	struct store_obs	 o = obs_of(a, 11, 100);
	uint64_t		 id;
	int			 fail = 0;

	if ((id = read_id(in)) == 0)
		return 2;
	if (store_open(&rs, cfg, STORE_RDONLY) != 0)
		return 3;
	for (int i = 0; i < 200; i++) {
		if (store_lookup(rs, &o, &q) != 0 || !q.found ||
		    q.c.id != id || q.c.messages < 2)
			fail = 4;
	}
	if (store_observe(rs, &o, &q) != STORE_ERDONLY)
		fail = 5;
	if (store_set_status(rs, id, CLUSTER_SPAM) != STORE_ERDONLY)
		fail = 6;
	(void)read_id(in);		/* the writer has added more */
	if (store_lookup(rs, &o, &q) != 0 || q.c.messages != 52)
		fail = 7;
	store_close(rs);
	return fail;
}

START_TEST(test_rdonly_concurrent)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s;
	struct store_result	 r;
	struct store_obs	 o;
	nilsimsa_code		 a;
	pid_t			 pid;
	int			 go[2];

	rnd_code(&a);
	ck_assert_int_eq(pipe(go), 0);
	if ((pid = fork()) == 0) {
		close(go[1]);
		_exit(rdonly_child(&cfg, &a, go[0]));
	}
	close(go[0]);
	s = open_ok(&cfg, 0);
	o = obs_of(&a, 10, 100);
	observe_ok(s, &o);
	r = observe_ok(s, &o);
	write_id(go[1], r.c.id);
	for (int i = 0; i < 50; i++) {
		o = obs_of(&a, 20 + i, 100);
		observe_ok(s, &o);
	}
	write_id(go[1], 1);
	close(go[1]);
	ck_assert_int_eq(child_status(pid), 0);
	store_close(s);
}
END_TEST

/* Child of test_resync: another process (nilsimsactl) writes. */
/* Run fn in a write transaction of the store in dir, opened with LMDB. */
static int
raw_write(const char *dir, int (*fn)(MDB_txn *txn))
{
	MDB_env	*env;
	MDB_txn	*txn;
	int	 rc;

	if ((rc = mdb_env_create(&env)) != 0)
		return rc;
	if ((rc = mdb_env_set_maxdbs(env, 8)) == 0 &&
	    (rc = mdb_env_open(env, dir, 0, 0600)) == 0 &&
	    (rc = mdb_txn_begin(env, NULL, 0, &txn)) == 0) {
		if ((rc = fn(txn)) == 0)
			rc = mdb_txn_commit(txn);
		else
			mdb_txn_abort(txn);
	}
	mdb_env_close(env);
	return rc;
}

/* Empty the store's journal: commits it does not hold. */
static int
journal_drop(MDB_txn *txn)
{
	MDB_dbi	dbi;
	int	rc;

	if ((rc = mdb_dbi_open(txn, "journal", 0, &dbi)) != 0)
		return rc;
	return mdb_drop(txn, dbi, 0);
}

/*
 * Put an empty journal entry under the generation the store's next commit
 * will have: what a damaged store, or one whose generation went back, may
 * hold.
 */
static int
journal_plant(MDB_txn *txn)
{
	MDB_dbi		 meta, dbi;
	MDB_val		 k = { 10, "generation" }, d;
	unsigned char	 kb[8];
	uint64_t	 g;
	int		 i, rc;

	if ((rc = mdb_dbi_open(txn, "meta", 0, &meta)) != 0 ||
	    (rc = mdb_dbi_open(txn, "journal", 0, &dbi)) != 0 ||
	    (rc = mdb_get(txn, meta, &k, &d)) != 0)
		return rc;
	memcpy(&g, d.mv_data, 8);
	g = le64toh(g) + 1;
	for (i = 7; i >= 0; i--, g >>= 8)
		kb[i] = g & 0xff;
	k = (MDB_val){ 8, kb };
	d = (MDB_val){ 0, "" };
	return mdb_put(txn, dbi, &k, &d, 0);
}

/* How resync_child writes besides its mark and its forget. */
struct resync_how {
	size_t	batch;		/* clusters it imports */
	size_t	per;		/* ... in commits of so many */
	int	gap;		/* 1: its commits dropped from the journal; 2:
				   a stale entry planted where its import's
				   commit goes */
};

static int
resync_child(const struct store_config *cfg, const struct resync_how *how,
    const nilsimsa_code *b, int in, int out)
{
	struct store		*cs;
	struct store_result	 cr;
	struct store_obs	 co = obs_of(b, 20, 100);
	struct cluster		*many;
	uint64_t		 aid;
	size_t			 i;

	if ((aid = read_id(in)) == 0)
		return 1;
	if (store_open(&cs, cfg, 0) != 0 ||
	    store_observe(cs, &co, &cr) != 0 || !cr.created ||
	    store_set_status(cs, aid, CLUSTER_SPAM) != 0)
		return 2;
	if (how->gap == 2) {
		store_close(cs);
		if (raw_write(cfg->path, journal_plant) != 0 ||
		    store_open(&cs, cfg, 0) != 0)
			return 8;
	}
	/* an import (codes not the parent's) */
	tst_rng ^= (uint64_t)getpid() << 20;
	if (how->batch > 0) {
		if ((many = calloc(how->batch, sizeof(*many))) == NULL)
			return 5;
		for (i = 0; i < how->batch; i++) {
			rnd_code(&many[i].code);
			many[i].messages = 1;
			many[i].first_seen = many[i].last_seen = 20;
		}
		for (i = 0; i < how->batch; i += how->per)
			if (store_put_batch(cs, many + i, how->batch - i <
			    how->per ? how->batch - i : how->per, NULL) != 0)
				return 6;
		free(many);
	}
	if (how->gap == 1) {	/* those commits are not in the journal */
		store_close(cs);
		if (raw_write(cfg->path, journal_drop) != 0 ||
		    store_open(&cs, cfg, 0) != 0)
			return 7;
	}
	if (write(out, &cr.c.id, sizeof(cr.c.id)) != sizeof(cr.c.id))
		return 3;
	/* then, on request, forget the parent's cluster */
	if (read_id(in) != aid || store_forget(cs, aid) != 0)
		return 4;
	store_close(cs);
	return 0;
}

/*
 * Another process marks a cluster of ours spam, starts one, (imports
 * `batch` more,) then forgets ours: our array follows every change. The
 * stats of our store at the end say how it followed.
 */
static struct store_stats
resync_run(size_t batch, size_t per, int gap)
{
	struct resync_how	 how = { batch, per, gap };
	struct store_config	 cfg = cfg_default();
	struct store		*s;
	struct store_result	 ra, r;
	struct store_stats	 st;
	struct store_obs	 o;
	nilsimsa_code		 b, vb;
	pid_t			 pid;
	int			 down[2], up[2];
	uint64_t		 bid;

	rnd_code(&b);
	ck_assert_int_eq(pipe(down), 0);
	ck_assert_int_eq(pipe(up), 0);
	if ((pid = fork()) == 0) {
		close(down[1]);
		close(up[0]);
		_exit(resync_child(&cfg, &how, &b, down[0], up[1]));
	}
	close(down[0]);
	close(up[1]);
	s = open_ok(&cfg, 0);
	ra = make(s, 10, 1, CLUSTER_AUTO);
	write_id(down[1], ra.c.id);
	ck_assert_uint_ne(bid = read_id(up[0]), 0);

	/* the child's cluster is matched: the array followed */
	vb = flip(&b, 40, 5);
	o = obs_of(&vb, 21, 100);
	ck_assert_int_eq(store_lookup(s, &o, &r), 0);
	ck_assert_int_eq(r.found, 1);
	ck_assert_uint_eq(r.c.id, bid);
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.created, 0);
	ck_assert_uint_eq(r.c.id, bid);
	ck_assert_uint_eq(r.compared, 2 + batch);
	o = obs_of(&ra.c.code, 22, 100);
	r = observe_ok(s, &o);
	ck_assert_uint_eq(r.c.id, ra.c.id);
	ck_assert_int_eq(r.c.status, CLUSTER_SPAM);

	/* a cluster forgotten elsewhere is no longer matched */
	write_id(down[1], ra.c.id);
	close(down[1]);
	ck_assert_int_eq(child_status(pid), 0);
	close(up[0]);
	rnd_code(&vb);		/* the scan no longer counts it */
	o = obs_of(&vb, 23, 100);
	ck_assert_int_eq(store_lookup(s, &o, &r), 0);
	ck_assert_uint_eq(r.compared, 1 + batch);
	o = obs_of(&ra.c.code, 23, 100);
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.created, 1);
	ck_assert_uint_eq(r.compared, 1 + batch);
	ck_assert_int_eq(store_stats(s, 23, &st), 0);
	store_close(s);
	return st;
}

/*
 * The other process's commits are in the journal: the array reads only
 * the records they changed, an import of 256 clusters too; never a
 * rebuild after the open's.
 */
START_TEST(test_resync)
{
	struct store_stats	st = resync_run(STORE_PUT_BATCH, STORE_PUT_BATCH,
				    0);

	ck_assert_uint_eq(st.rebuilds, 1);
	ck_assert_uint_ge(st.refreshes, 2);
}
END_TEST

/*
 * The journal keeps the last 4096 commits (and up to 64 more, pruned in
 * turns), each with the ids it changed.
 */
START_TEST(test_journal_bounded)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s;
	struct store_result	 r;
	MDB_env			*env;
	MDB_txn			*txn;
	MDB_dbi			 dbi;
	MDB_stat		 ms;
	MDB_val			 k, d;
	int			 i;

	s = open_ok(&cfg, 0);
	r = make(s, 10, 1, CLUSTER_AUTO);
	for (i = 0; i < 5000; i++)
		ck_assert_int_eq(store_set_status(s, r.c.id, i % 2 ?
		    CLUSTER_AUTO : CLUSTER_SPAM), 0);
	store_close(s);
	ck_assert_int_eq(mdb_env_create(&env), 0);
	ck_assert_int_eq(mdb_env_set_maxdbs(env, 8), 0);
	ck_assert_int_eq(mdb_env_open(env, dbdir, MDB_RDONLY, 0600), 0);
	ck_assert_int_eq(mdb_txn_begin(env, NULL, MDB_RDONLY, &txn), 0);
	ck_assert_int_eq(mdb_dbi_open(txn, "journal", 0, &dbi), 0);
	ck_assert_int_eq(mdb_stat(txn, dbi, &ms), 0);
	ck_assert_uint_ge(ms.ms_entries, 4096);
	ck_assert_uint_le(ms.ms_entries, 4096 + 64);
	/* the last: one id, the cluster's */
	{
		MDB_cursor	*cur;
		uint64_t	 id;

		ck_assert_int_eq(mdb_cursor_open(txn, dbi, &cur), 0);
		ck_assert_int_eq(mdb_cursor_get(cur, &k, &d, MDB_LAST), 0);
		ck_assert_uint_eq(d.mv_size, 8);
		memcpy(&id, d.mv_data, 8);
		ck_assert_uint_eq(le64toh(id), r.c.id);
		mdb_cursor_close(cur);
	}
	mdb_txn_abort(txn);
	mdb_env_close(env);
}
END_TEST

/*
 * A write that finds the map full is aborted, the map grows and the write
 * is made again: the array reads again what the aborted write had put in
 * it, not every cluster (a rebuild at each growth, before), and holds
 * every cluster after.
 */
START_TEST(test_grow_no_rebuild)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s;
	struct store_stats	 st;
	struct store_result	 r;
	struct store_obs	 o;
	nilsimsa_code		*code;
	size_t			 i, n;
	enum { N = 1500 };

	cfg.map_size = 256 << 10;
	cfg.map_max = 64 << 20;
	ck_assert_ptr_nonnull(code = calloc(N, sizeof(*code)));
	s = open_ok(&cfg, 0);
	for (i = 0; i < N; i++) {
		rnd_code(&code[i]);
		o = obs_of(&code[i], 10, 100);
		r = observe_ok(s, &o);
		ck_assert_int_eq(r.created, 1);
	}
	ck_assert_int_eq(store_stats(s, 10, &st), 0);
	ck_assert_uint_gt(st.map_bytes, 256 << 10);	/* it grew */
	ck_assert_uint_eq(st.rebuilds, 1);		/* the open's */
	ck_assert_uint_ge(st.refreshes, 1);
	ck_assert_int_eq(store_count(s, &n), 0);
	ck_assert_uint_eq(n, N);
	for (i = 0; i < N; i++) {
		o = obs_of(&code[i], 11, 100);
		ck_assert_int_eq(store_lookup(s, &o, &r), 0);
		ck_assert_int_eq(r.found, 1);
		ck_assert_int_eq(r.score, 128);
		ck_assert_uint_eq(r.compared, N);
	}
	store_close(s);
	free(code);
}
END_TEST

/* Commits the journal lacks (an older version's): a rebuild. */
START_TEST(test_resync_gap)
{
	struct store_stats	st = resync_run(0, 1, 1);

	ck_assert_uint_eq(st.rebuilds, 2);	/* open, the gap */
	ck_assert_uint_ge(st.refreshes, 1);	/* the forget */
}
END_TEST

/* A commit of more ids than an entry holds is followed by a rebuild. */
START_TEST(test_resync_overflow)
{
	struct store_stats	st = resync_run(300, 300, 0);

	ck_assert_uint_eq(st.rebuilds, 2);	/* open, the import */
	ck_assert_uint_ge(st.refreshes, 1);	/* the forget */
}
END_TEST

/*
 * ... and a stale entry under its generation is deleted, not taken for
 * its changes (the array missed the 300 clusters; helper-60).
 */
START_TEST(test_resync_stale_entry)
{
	struct store_stats	st = resync_run(300, 300, 2);

	ck_assert_uint_eq(st.rebuilds, 2);
}
END_TEST

/*
 * Commits that changed more clusters than a quarter of ours (and 1024)
 * are caught up by a rebuild: reading each by its key would cost more.
 */
START_TEST(test_resync_many)
{
	struct store_stats	st = resync_run(5 * STORE_PUT_BATCH,
				    STORE_PUT_BATCH, 0);

	ck_assert_uint_eq(st.rebuilds, 2);
}
END_TEST

/*
 * A cluster remembers its different recipients with the hour each came,
 * and counts copies per network and per sender domain: what the verdict
 * tells campaigns from mailings by.
 */
START_TEST(test_recipients_and_sources)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s;
	struct store_result	 r;
	struct store_obs	 o;
	struct cluster		 c;
	nilsimsa_code		 a;
	uint32_t		 rc2[3] = { 7, 8, 9 }, h;
	int64_t			 t0 = 1800000000;
	int			 i;

	cfg.singleton_ttl = cfg.bulk_ttl = 60 * 86400;
	s = open_ok(&cfg, 0);
	rnd_code(&a);
	/* a newsletter: every day to the same three subscribers */
	for (i = 0; i < 10; i++) {
		o = obs_of(&a, t0 + i * 86400, 100);
		o.rcpt = rc2;
		o.nrcpt = 3;
		o.net = 55;
		o.sender = i == 4 ? 66 : 77;	/* one copy from elsewhere */
		r = observe_ok(s, &o);
	}
	ck_assert_uint_eq(r.c.messages, 10);
	ck_assert_uint_eq(r.c.nrset, 3);
	/* ten issues, still the same three people: lately, and in all */
	ck_assert_uint_eq(cluster_recent_rcpts(&r.c, t0 + 9 * 86400, 3 * 86400), 3);
	ck_assert_uint_eq(cluster_recent_rcpts(&r.c, t0 + 9 * 86400, 0), 3);
	/* a month on, none of them lately */
	ck_assert_uint_eq(cluster_recent_rcpts(&r.c, t0 + 40 * 86400, 3 * 86400), 0);
	ck_assert_uint_eq(cluster_recent_nets(&r.c, t0 + 9 * 86400, 3 * 86400), 1);
	ck_assert_uint_eq(cluster_recent_nets(&r.c, t0 + 40 * 86400, 3 * 86400), 0);
	ck_assert_uint_eq(r.c.networks, 1);
	ck_assert_uint_eq(r.c.netn[0], 10);
	ck_assert_uint_eq(r.c.senders, 2);
	ck_assert_int_eq(cluster_single_source(&r.c, 80), 1);
	ck_assert_int_eq(cluster_single_source(&r.c, 100), 0);
	/* it survives a reopen: the record keeps the set and the counts */
	store_close(s);
	s = open_ok(&cfg, 0);
	ck_assert_int_eq(store_get(s, r.c.id, &c), 0);
	ck_assert_uint_eq(c.nrset, 3);
	ck_assert_uint_eq(c.rset[2].h, 9);
	ck_assert_uint_eq(c.sndn[0] + c.sndn[1], 10);
	/* a campaign: 100 different recipients within an hour; the set
	 * keeps the latest CLUSTER_MAX_RCPTS, the oldest give way */
	for (i = 0; i < 100; i++) {
		h = 1000 + (uint32_t)i;
		o = obs_of(&a, t0 + 20 * 86400 + i * 30, 100);
		o.rcpt = &h;
		o.nrcpt = 1;
		o.net = (100 + (uint32_t)i) << 8;	/* a botnet: a block each */
		r = observe_ok(s, &o);
	}
	ck_assert_uint_eq(r.c.nrset, CLUSTER_MAX_RCPTS);
	ck_assert_uint_eq(cluster_recent_rcpts(&r.c, t0 + 20 * 86400 + 3000,
	    3 * 86400), CLUSTER_MAX_RCPTS);
	ck_assert_uint_eq(r.c.networks, CLUSTER_MAX_NETS);
	ck_assert_uint_eq(cluster_recent_nets(&r.c, t0 + 20 * 86400 + 3000,
	    3 * 86400), CLUSTER_MAX_NETS);
	ck_assert_int_eq(cluster_single_source(&r.c, 80), 0);
	store_close(s);
}
END_TEST

/* An observation from network net and sender domain sender, MailingShare 80. */
static struct store_obs
mobs(const nilsimsa_code *c, int64_t now, uint32_t net, uint32_t sender)
{
	struct store_obs	o = obs_of(c, now, 49);

	o.net = net;
	o.sender = sender;
	o.mailing_share = 80;
	return o;
}

/*
 * A mailing's cluster (CLUSTER_MAILING_OWN copies or more from one sender
 * domain and network) takes a loose match from that sender, and a near
 * copy from anyone; a loose match from another sender starts a cluster
 * of its own. Not before the mailing has its copies, nor without
 * mailing_share.
 */
START_TEST(test_mailing_loose_join)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s = open_ok(&cfg, 0);
	struct store_result	 r, m;
	struct store_obs	 o;
	nilsimsa_code		 a, loose, near;
	int64_t			 t0 = 1800000000;
	int			 i;

	rnd_code(&a);
	loose = flip(&a, 0, 60);	/* 68 against a */
	near = flip(&a, 100, 20);	/* 108 */
	for (i = 0; i < CLUSTER_MAILING_OWN; i++) {
		o = mobs(&a, t0 + i, 0x11, 0x51);
		m = observe_ok(s, &o);
		if (i == CLUSTER_MAILING_OWN - 2) {
			/* one copy short: another sender's loose match joins */
			o = mobs(&loose, t0 + i, 0x22, 0x72);
			ck_assert_int_eq(store_lookup(s, &o, &r), 0);
			ck_assert_int_eq(r.found, 1);
		}
	}
	ck_assert_uint_eq(m.c.messages, CLUSTER_MAILING_OWN);
	o = mobs(&loose, t0 + 10, 0x22, 0x72);
	ck_assert_int_eq(store_lookup(s, &o, &r), 0);
	ck_assert_int_eq(r.found, 0);
	ck_assert_int_eq(r.score, 68);
	o.mailing_share = 0;		/* the rule off */
	ck_assert_int_eq(store_lookup(s, &o, &r), 0);
	ck_assert_int_eq(r.found, 1);
	o.mailing_share = 80;
	o.sender = 0x51;		/* the mailing's own sender */
	ck_assert_int_eq(store_lookup(s, &o, &r), 0);
	ck_assert_int_eq(r.found, 1);
	o = mobs(&near, t0 + 11, 0x22, 0x72);	/* a near copy from anyone */
	ck_assert_int_eq(store_lookup(s, &o, &r), 0);
	ck_assert_int_eq(r.found, 1);
	ck_assert_uint_eq(r.c.id, m.c.id);
	/* pinned ham, it takes no loose match either; marked spam, it does */
	o = mobs(&loose, t0 + 12, 0x22, 0x72);
	ck_assert_int_eq(store_set_status(s, m.c.id, CLUSTER_HAM), 0);
	ck_assert_int_eq(store_lookup(s, &o, &r), 0);
	ck_assert_int_eq(r.found, 0);
	ck_assert_int_eq(store_set_status(s, m.c.id, CLUSTER_SPAM), 0);
	ck_assert_int_eq(store_lookup(s, &o, &r), 0);
	ck_assert_int_eq(r.found, 1);
	ck_assert_int_eq(store_set_status(s, m.c.id, CLUSTER_AUTO), 0);
	r = observe_ok(s, &o);			/* observed: a new cluster */
	ck_assert_int_eq(r.created, 1);
	ck_assert_uint_ne(r.c.id, m.c.id);
	store_close(s);
}
END_TEST

/*
 * Passed over, a mailing leaves the next best: a loose match to the
 * mailing (88) from another sender joins the cluster it matches next
 * (68), so that a campaign's varied copies around a text a spammer sent
 * as a mailing of its own still gather and are counted.
 */
START_TEST(test_mailing_next_best)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s = open_ok(&cfg, 0);
	struct store_result	 r, m, b;
	struct store_obs	 o;
	nilsimsa_code		 a, q, bc;
	int64_t			 t0 = 1800000000;
	int			 i;

	rnd_code(&a);
	q = flip(&a, 0, 40);		/* 88 against a */
	bc = flip(&q, 60, 60);		/* 68 against q, 28 against a */
	for (i = 0; i < CLUSTER_MAILING_OWN; i++) {
		o = mobs(&a, t0 + i, 0x11, 0x51);
		m = observe_ok(s, &o);
	}
	o = mobs(&bc, t0 + 10, 0x33, 0x93);
	b = observe_ok(s, &o);
	ck_assert_int_eq(b.created, 1);
	o = mobs(&q, t0 + 20, 0x22, 0x72);
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.found, 1);
	ck_assert_uint_eq(r.c.id, b.c.id);
	ck_assert_int_eq(r.score, 68);
	ck_assert_int_eq(r.runner_up, 88);	/* the mailing passed over */
	ck_assert_uint_ne(r.c.id, m.c.id);
	store_close(s);
}
END_TEST

/*
 * What an observation says of the message's recipients (those the
 * cluster had not reached before and those it had) and of where it came
 * from (a network and a sender domain the cluster's copies came from
 * before, or not).
 */
START_TEST(test_rcpt_new)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s = open_ok(&cfg, 0);
	struct store_result	 r;
	struct store_obs	 o;
	nilsimsa_code		 a;
	uint32_t		 r1[2] = { 7, 8 }, r2[3] = { 8, 9, 0 };

	rnd_code(&a);
	o = obs_of(&a, 100, 100);
	o.rcpt = r1;
	o.nrcpt = 2;
	o.net = 5;
	o.sender = 6;
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.created, 1);
	ck_assert_uint_eq(r.rcpt_new, 2);
	ck_assert_uint_eq(r.rcpt_known, 0);
	ck_assert_int_eq(r.net_known, 0);
	ck_assert_int_eq(r.sender_known, 0);
	o.rcpt = r2;
	o.nrcpt = 3;		/* 0: not hashed, neither */
	o.net = 7;
	r = observe_ok(s, &o);
	ck_assert_uint_eq(r.rcpt_new, 1);
	ck_assert_uint_eq(r.rcpt_known, 1);
	ck_assert_int_eq(r.net_known, 0);
	ck_assert_int_eq(r.sender_known, 1);
	o.net = 5;
	o.sender = 8;
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.net_known, 1);
	ck_assert_int_eq(r.sender_known, 0);
	o.rcpt = r1;
	o.nrcpt = 2;
	r = observe_ok(s, &o);
	ck_assert_uint_eq(r.rcpt_new, 0);
	ck_assert_uint_eq(r.rcpt_known, 2);
	store_close(s);
}
END_TEST

/*
 * The exact index holds a cluster's first message and its copies: the
 * exact duplicate of a looser member is scored like that member, not
 * taken for a copy of the cluster.
 */
START_TEST(test_exact_copies_only)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s = open_ok(&cfg, 0);
	nilsimsa_code		 a, b;
	struct store_result	 r, r1;
	struct store_obs	 o;

	rnd_code(&a);
	b = flip(&a, 0, 88);		/* scores 40 against a */
	ck_assert_int_eq(oracle(&a, &b), 40);
	o = obs_of(&a, 100, 24);
	memset(o.sha256, 0x11, 32);
	r1 = observe_ok(s, &o);
	ck_assert_int_eq(r1.created, 1);
	o = obs_of(&b, 200, 24);
	memset(o.sha256, 0x22, 32);
	r = observe_ok(s, &o);
	ck_assert_uint_eq(r.c.id, r1.c.id);
	ck_assert_int_eq(r.score, 40);
	r = observe_ok(s, &o);		/* its duplicate */
	ck_assert_int_eq(r.exact, 0);
	ck_assert_int_eq(r.score, 40);
	ck_assert_uint_eq(r.c.id, r1.c.id);
	/* a copy's duplicate is exact */
	b = flip(&a, 0, 10);
	o = obs_of(&b, 300, 24);
	memset(o.sha256, 0x33, 32);
	r = observe_ok(s, &o);
	ck_assert_int_ge(r.score, STORE_COPY_MIN);
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.exact, 1);
	store_close(s);
}
END_TEST

/* One code of every kind: a cluster each, found by its own kind alone. */
START_TEST(test_kinds_apart)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s;
	struct store_result	 r;
	struct store_obs	 o;
	struct cluster		 c;
	nilsimsa_code		 a;
	uint64_t		 id[NILSIMSA_KIND_MAX + 1];
	int			 k;

	s = open_ok(&cfg, 0);
	rnd_code(&a);
	o = obs_of(&a, 1000, 24);
	for (k = 0; k <= NILSIMSA_KIND_MAX; k++) {
		o.kind = (uint8_t)k;
		r = observe_ok(s, &o);
		ck_assert_int_eq(r.created, 1);
		ck_assert_uint_eq(r.compared, 0);	/* none of its kind yet */
		id[k] = r.c.id;
	}
	for (k = NILSIMSA_KIND_MAX; k >= 0; k--) {
		o.kind = (uint8_t)k;
		r = observe_ok(s, &o);
		ck_assert_int_eq(r.created, 0);
		ck_assert_uint_eq(r.c.id, id[k]);
		ck_assert_uint_eq(r.compared, 1);
	}
	store_close(s);
	s = open_ok(&cfg, 0);
	for (k = 0; k <= NILSIMSA_KIND_MAX; k++) {
		ck_assert_int_eq(store_get(s, id[k], &c), 0);
		ck_assert_uint_eq(c.kind, (unsigned)k);
		o.kind = (uint8_t)k;
		r = observe_ok(s, &o);	/* the match array, rebuilt */
		ck_assert_uint_eq(r.c.id, id[k]);
		ck_assert_uint_eq(r.compared, 1);
	}
	store_close(s);
}
END_TEST

/*
 * Clusters of one code (an export imported twice without its ids): the
 * oldest is chosen, whatever the array's order. Removing a cluster moves
 * the last entry into its place, so before ties went to the first in the
 * array, and a process that removed clusters chose another than one that
 * loaded the store afresh (nilsimsactl check against the milter).
 */
START_TEST(test_tie_oldest)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s = open_ok(&cfg, 0);
	struct store_result	 r;
	struct store_obs	 o;
	struct cluster		 c;
	nilsimsa_code		 a, near;
	uint64_t		 id[10];
	int			 i;

	rnd_code(&a);
	for (i = 0; i < 10; i++) {
		memset(&c, 0, sizeof(c));
		c.code = a;
		c.messages = 1;
		c.first_seen = c.last_seen = 100;
		ck_assert_int_eq(store_put(s, &c), 0);
		id[i] = c.id;
		ck_assert(i == 0 || id[i] > id[i - 1]);
	}
	near = a;
	near.b[5] ^= 0x10;
	o = obs_of(&near, 200, 24);
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(store_lookup(s, &o, &r), 0);
		ck_assert_uint_eq(r.c.id, id[i]);
		ck_assert_int_eq(r.runner_up, r.score);
		/* the last entry takes its place, ahead of the next oldest */
		ck_assert_int_eq(store_forget(s, id[i]), 0);
	}
	ck_assert_int_eq(store_lookup(s, &o, &r), 0);
	ck_assert_uint_eq(r.c.id, id[4]);
	store_close(s);
	s = open_ok(&cfg, 0);
	ck_assert_int_eq(store_lookup(s, &o, &r), 0);
	ck_assert_uint_eq(r.c.id, id[4]);
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.created, 0);
	ck_assert_uint_eq(r.c.id, id[4]);
	store_close(s);
}
END_TEST

START_TEST(test_strerror)
{
	ck_assert_str_eq(store_strerror(0), "success");
	ck_assert_str_eq(store_strerror(STORE_EPROFILE),
	    "store made with another score mode or profile");
	ck_assert_ptr_nonnull(strstr(store_strerror(MDB_MAP_FULL), "MDB_MAP_FULL"));
	ck_assert_ptr_nonnull(strstr(store_strerror(MDB_READERS_FULL),
	    "MDB_READERS_FULL"));
	ck_assert_str_eq(store_strerror(ENOENT), strerror(ENOENT));
	ck_assert_str_eq(store_strerror(-1), "unknown store error");
	ck_assert_str_eq(cluster_status_name(CLUSTER_HAM), "ham");
	ck_assert_int_eq(cluster_status_parse("SPAM"), CLUSTER_SPAM);
	ck_assert_int_eq(cluster_status_parse("auto"), CLUSTER_AUTO);
	ck_assert_int_eq(cluster_status_parse("bulk"), -1);
}
END_TEST

/* ---------------------------------------------------------- threads */

enum { THREADS = 4, PER_THREAD = 100 };
static struct store	*tstore;
static nilsimsa_code	 tcodes[8];

static void *
thread_run(void *arg)
{
	struct store_result	r;
	struct store_obs	o;
	uintptr_t		k = (uintptr_t)arg;

	for (int i = 0; i < PER_THREAD; i++) {
		o = obs_of(&tcodes[(k + i) % 8], 100, 100);
		if (store_observe(tstore, &o, &r) != 0 ||
		    store_lookup(tstore, &o, &r) != 0 || !r.found)
			return (void *)1;
	}
	return NULL;
}

START_TEST(test_threads)
{
	struct store_config	 cfg = cfg_default();
	struct store_stats	 st;
	pthread_t		 th[THREADS];
	void			*ret;

	for (int i = 0; i < 8; i++)
		rnd_code(&tcodes[i]);
	tstore = open_ok(&cfg, 0);
	for (uintptr_t i = 0; i < THREADS; i++)
		ck_assert_int_eq(pthread_create(&th[i], NULL, thread_run,
		    (void *)i), 0);
	for (int i = 0; i < THREADS; i++) {
		ck_assert_int_eq(pthread_join(th[i], &ret), 0);
		ck_assert_ptr_null(ret);
	}
	ck_assert_int_eq(store_stats(tstore, 100, &st), 0);
	ck_assert_uint_eq(st.clusters, 8);
	ck_assert_uint_eq(st.messages, THREADS * PER_THREAD);
	store_close(tstore);
}
END_TEST

/* Child of test_stale_reader: a listing killed in the middle (| head). */
static int
stale_fn(const struct cluster *c, void *arg)
{
	int	out = *(int *)arg;

	(void)c;
	if (write(out, "x", 1) != 1)
		return 1;
	for (;;)
		pause();
}

/*
 * A reader killed inside its read transaction (nilsimsactl list | head
 * and SIGPIPE) leaves its slot in the lock file. While it is there LMDB
 * cannot reuse a page freed since, and the long-running writer's file
 * grows with every commit until the map is full: the writer must clear
 * the slots of dead processes itself, not only when it opens.
 */
/*
 * The map starts small and doubles when full: 5000 clusters in a store
 * opened with 64 KiB, all kept, none failed.
 */
START_TEST(test_map_grows)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s;
	struct store_result	 r;
	struct store_obs	 o;
	nilsimsa_code		 a;
	size_t			 n;

	cfg.map_size = 64 << 10;
	cfg.map_max = 64 << 20;
	s = open_ok(&cfg, 0);
	for (int i = 0; i < 5000; i++) {
		rnd_code(&a);
		o = obs_of(&a, 100 + i, 128);
		r = observe_ok(s, &o);
		ck_assert_int_eq(r.created, 1);
	}
	ck_assert_int_eq(store_count(s, &n), 0);
	ck_assert_uint_eq(n, 5000);
	store_close(s);
	ck_assert_int_gt(data_size(), 64 << 10);
	/* reopened with the small start, the store maps all it holds */
	s = open_ok(&cfg, 0);
	ck_assert_int_eq(store_count(s, &n), 0);
	ck_assert_uint_eq(n, 5000);
	rnd_code(&a);
	o = obs_of(&a, 6000, 128);
	observe_ok(s, &o);
	store_close(s);
}
END_TEST

/*
 * Expiry deletes in commits of a bounded size: 3000 clusters expire at
 * once (more than one commit's worth), all go, the count says so, and
 * the store is used as before.
 */
START_TEST(test_expire_many)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s;
	struct store_obs	 o;
	nilsimsa_code		 a;
	size_t			 n;

	cfg.map_size = 64 << 10;
	s = open_ok(&cfg, 0);
	for (int i = 0; i < 3000; i++) {
		rnd_code(&a);
		o = obs_of(&a, 100 + i, 128);
		ck_assert_int_eq(observe_ok(s, &o).created, 1);
	}
	ck_assert_int_eq(store_expire(s, 100 + 2999 + 3600, 0, &n), 0);
	ck_assert_uint_eq(n, 3000 - 1);	/* the last is not past its TTL */
	ck_assert_int_eq(store_count(s, &n), 0);
	ck_assert_uint_eq(n, 1);
	store_close(s);
	s = open_ok(&cfg, 0);
	ck_assert_int_eq(store_count(s, &n), 0);
	ck_assert_uint_eq(n, 1);
	rnd_code(&a);
	o = obs_of(&a, 9000, 128);
	ck_assert_int_eq(observe_ok(s, &o).created, 1);
	store_close(s);
}
END_TEST

/*
 * At its maximum, a full store evicts its oldest clusters instead of
 * failing: 20000 new clusters into a map of at most 2 MiB (about 2000
 * fit) with no MaxClusters; every observe succeeds, the file stays
 * within the map, the newest clusters are there, the oldest gone, and a
 * spam cluster outlives auto ones as evict() orders them.
 */
START_TEST(test_map_max_evicts)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s;
	struct store_result	 r, spam;
	struct store_obs	 o;
	struct cluster		 c;
	nilsimsa_code		 a;
	size_t			 n;
	uint64_t		 first = 0;

	cfg.map_size = 256 << 10;
	cfg.map_max = 2 << 20;
	cfg.singleton_ttl = cfg.bulk_ttl = 1000000;
	metrics_reset();
	s = open_ok(&cfg, 0);
	rnd_code(&a);
	o = obs_of(&a, 50, 128);
	spam = observe_ok(s, &o);
	ck_assert_int_eq(store_set_status(s, spam.c.id, CLUSTER_SPAM), 0);
	for (int i = 0; i < 20000; i++) {
		rnd_code(&a);
		o = obs_of(&a, 100 + i, 128);
		memset(o.sha256, 0, 32);
		o.sha256[0] = 1;
		memcpy(o.sha256 + 1, &i, sizeof(i));
		r = observe_ok(s, &o);
		ck_assert_int_eq(r.created, 1);
		if (first == 0)
			first = r.c.id;
	}
	ck_assert_int_eq(store_count(s, &n), 0);
	ck_assert_uint_lt(n, 20000);
	ck_assert_uint_gt(n, 500);
	/* every cluster not there was evicted for size, and counted */
	ck_assert_uint_eq(metric("evictions_total{cause=\"max_size\"}"),
	    20001 - n);
	ck_assert_int_eq(store_get(s, r.c.id, &c), 0);
	ck_assert_int_eq(store_get(s, first, &c), STORE_ENOTFOUND);
	ck_assert_int_eq(store_get(s, spam.c.id, &c), 0);
	store_close(s);
	ck_assert_int_le(data_size(), 2 << 20);
}
END_TEST

START_TEST(test_stale_reader)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s;
	struct store_result	 r;
	struct store_obs	 o;
	nilsimsa_code		 a;
	pid_t			 pid;
	int			 p[2], status, rc = 0, i;
	char			 ch;

	cfg.map_size = 1 << 20;
	rnd_code(&a);
	s = open_ok(&cfg, 0);
	o = obs_of(&a, 10, 100);
	observe_ok(s, &o);
	ck_assert_int_eq(pipe(p), 0);
	if ((pid = fork()) == 0) {
		struct store	*cs;

		close(p[0]);
		if (store_open(&cs, &cfg, STORE_RDONLY) != 0)
			_exit(1);
		store_iterate(cs, stale_fn, &p[1], NULL);
		_exit(2);
	}
	close(p[1]);
	ck_assert_int_eq(read(p[0], &ch, 1), 1);
	close(p[0]);
	ck_assert_int_eq(kill(pid, SIGKILL), 0);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFSIGNALED(status));
	/* a 1 MiB map holds 256 pages; each commit copies several */
	for (i = 0; i < 2000 && rc == 0; i++) {
		o = obs_of(&a, 11 + i, 100);
		rc = store_observe(s, &o, &r);
	}
	ck_assert_msg(rc == 0, "observe %d: %s", i, store_strerror(rc));
	store_close(s);
}
END_TEST

/*
 * Another process holds the writer lock (a nilsimsactl stopped in a
 * write) while the store is opened with its check's trial write: the
 * check waits for the lock 10 s at most (CHECK_LOCK_WAIT), then calls
 * the store sound without the trial write. It waited its whole bound
 * (180 s) and called the store damaged, which StoreDamaged reset then
 * moved aside.
 */
START_TEST(test_open_writer_held)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s;
	struct timespec		 t0, t1;
	pid_t			 pid;
	int			 p[2], status, rc;
	char			 ch;

	s = open_ok(&cfg, 0);
	store_close(s);
	ck_assert_int_eq(pipe(p), 0);
	if ((pid = fork()) == 0) {
		MDB_env	*env;
		MDB_txn	*txn;

		close(p[0]);
		if (mdb_env_create(&env) != 0 || mdb_env_set_maxdbs(env, 8) != 0 ||
		    mdb_env_open(env, cfg.path, MDB_NOTLS, 0600) != 0 ||
		    mdb_txn_begin(env, NULL, 0, &txn) != 0)
			_exit(1);
		if (write(p[1], "x", 1) != 1)
			_exit(2);
		pause();
		_exit(0);
	}
	close(p[1]);
	ck_assert_int_eq(read(p[0], &ch, 1), 1);
	close(p[0]);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	rc = store_open(&s, &cfg, STORE_RDONLY | STORE_TRIAL);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	ck_assert_int_eq(kill(pid, SIGKILL), 0);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(rc == 0, "open: %s (%s)", store_strerror(rc),
	    store_damage());
	ck_assert_int_lt(t1.tv_sec - t0.tv_sec, 60);
	store_close(s);
}
END_TEST

static Suite *
store_suite(void)
{
	Suite	*s = suite_create("store");
	TCase	*tc = tcase_create("store");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_create);
	tcase_add_test(tc, test_open_writer_held);
	tcase_add_test(tc, test_match_bruteforce);
	tcase_add_test(tc, test_exact);
	tcase_add_test(tc, test_join_threshold);
	tcase_add_test(tc, test_default_joins_copies);
	tcase_add_test(tc, test_count_score);
	tcase_add_test(tc, test_strict_join);
	tcase_add_test(tc, test_expire);
	tcase_add_test(tc, test_evict);
	tcase_add_test(tc, test_admin);
	tcase_add_test(tc, test_put_ids);
	tcase_add_test(tc, test_stats);
	tcase_add_test(tc, test_reopen);
	tcase_add_test(tc, test_profile_mismatch);
	tcase_add_test(tc, test_rdonly_concurrent);
	tcase_add_test(tc, test_resync);
	tcase_add_test(tc, test_resync_gap);
	tcase_add_test(tc, test_journal_bounded);
	tcase_add_test(tc, test_grow_no_rebuild);
	tcase_add_test(tc, test_resync_overflow);
	tcase_add_test(tc, test_resync_stale_entry);
	tcase_add_test(tc, test_resync_many);
	tcase_add_test(tc, test_recipients_and_sources);
	tcase_add_test(tc, test_rcpt_new);
	tcase_add_test(tc, test_mailing_loose_join);
	tcase_add_test(tc, test_mailing_next_best);
	tcase_add_test(tc, test_exact_copies_only);
	tcase_add_test(tc, test_kinds_apart);
	tcase_add_test(tc, test_tie_oldest);
	tcase_add_test(tc, test_strerror);
	tcase_add_test(tc, test_threads);
	tcase_add_test(tc, test_stale_reader);
	tcase_add_test(tc, test_map_grows);
	tcase_add_test(tc, test_expire_many);
	tcase_add_test(tc, test_map_max_evicts);
	suite_add_tcase(s, tc);
	suite_add_tcase(s, tc_store_damage());
	suite_add_tcase(s, tc_store_reps());
	suite_add_tcase(s, tc_store_group());
	suite_add_tcase(s, tc_store_scan());
	suite_add_tcase(s, tc_store_sync());
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(store_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
