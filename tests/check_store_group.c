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
 * check_store_group: the store's group commit (store.c). Writers that
 * arrive together share one commit, each applied as if alone; a group
 * that finds the store full grows it and tries again; a group whose
 * commit fails answers each writer; kill -9 during grouped writes loses
 * no write that was answered and leaves a sound store. The store's internals (its writer
 * lock, its queue, the generation each commit bumps) are read through
 * store-internal.h to make groups form when the test wants them. Also
 * the batch of puts (store_put_batch): one commit, each put as
 * store_put() would do it, all or nothing.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_store.h"
#include "store-internal.h"

enum { GROUP_T = 12 };

struct gthread {
	pthread_t		 tid;
	struct store		*s;
	struct store_obs	 o;
	struct store_result	 r;
	int			 rc;
};

static void *
gobserve(void *arg)
{
	struct gthread	*g = arg;

	g->rc = store_observe(g->s, &g->o, &g->r);
	return NULL;
}

/* Writes queued behind the current leader. */
static int
queued(struct store *s)
{
	struct gwrite	*w;
	int		 n = 0;

	pthread_mutex_lock(&s->gmu);
	for (w = s->ghead; w != NULL; w = w->next)
		n++;
	pthread_mutex_unlock(&s->gmu);
	return n;
}

static int
leading(struct store *s)
{
	int	l;

	pthread_mutex_lock(&s->gmu);
	l = s->gleader;
	pthread_mutex_unlock(&s->gmu);
	return l;
}

/*
 * Start the threads of g with the writer lock held: the first leads a
 * group of itself and waits for the lock, the others queue behind it;
 * then let the lock go.
 */
static void
start_grouped(struct store *s, struct gthread *g, int n,
    void *(*fn)(void *))
{
	int	i, tries;

	pthread_mutex_lock(&s->wmu);
	for (i = 0; i < n; i++) {
		g[i].s = s;
		ck_assert_int_eq(pthread_create(&g[i].tid, NULL, fn, &g[i]),
		    0);
		for (tries = 0; i == 0 && !leading(s) && tries < 5000; tries++)
			usleep(1000);
		ck_assert(leading(s));
	}
	for (tries = 0; queued(s) < n - 1 && tries < 5000; tries++)
		usleep(1000);
	ck_assert_int_eq(queued(s), n - 1);
	pthread_mutex_unlock(&s->wmu);
}

/*
 * With the writer lock held, GROUP_T observes of one code arrive: the
 * first leads a group of itself and waits for the lock, the others queue
 * and then share the next commit. Two commits for GROUP_T observes, and
 * each caller sees its own join (counts 1 .. GROUP_T, each once).
 */
START_TEST(test_group_shares_commit)
{
	struct store_config	 cfg = cfg_default();
	struct gthread		 g[GROUP_T];
	struct store		*s;
	nilsimsa_code		 a;
	uint64_t		 gen0, seen = 0;
	int			 i;

	rnd_code(&a);
	s = open_ok(&cfg, 0);
	gen0 = s->gen;
	for (i = 0; i < GROUP_T; i++)
		g[i].o = obs_of(&a, 100 + i, 100);
	start_grouped(s, g, GROUP_T, gobserve);
	for (i = 0; i < GROUP_T; i++) {
		ck_assert_int_eq(pthread_join(g[i].tid, NULL), 0);
		ck_assert_msg(g[i].rc == 0, "observe: %s",
		    store_strerror(g[i].rc));
		ck_assert_uint_ge(g[i].r.c.messages, 1);
		ck_assert_uint_le(g[i].r.c.messages, GROUP_T);
		ck_assert(!(seen & 1ULL << g[i].r.c.messages));
		seen |= 1ULL << g[i].r.c.messages;
		ck_assert_int_eq(g[i].r.created, g[i].r.c.messages == 1);
	}
	ck_assert_uint_eq(s->gen, gen0 + 2);
	store_close(s);

	/* What the callers were told is what the store holds. */
	s = open_ok(&cfg, 0);
	ck_assert_int_eq(store_get(s, g[0].r.c.id, &g[0].r.c), 0);
	ck_assert_uint_eq(g[0].r.c.messages, GROUP_T);
	store_close(s);
}
END_TEST

/*
 * Groups that outgrow a small map: it grows under them and every write
 * lands. Puts, observes and notes from several threads at once.
 */
enum { GROW_T = 8, GROW_EACH = 150 };

static void *
grow_run(void *arg)
{
	struct gthread	*g = arg;
	struct cluster	 c;
	nilsimsa_code	 code;
	uint64_t	 r = (uintptr_t)g->s ^ (uintptr_t)g;

	for (int i = 0; i < GROW_EACH && g->rc == 0; i++) {
		for (int k = 0; k < 32; k++)
			code.b[k] = util_xorshift64(&r) & 0xff;
		if (i % 3 == 0) {
			memset(&c, 0, sizeof(c));
			c.code = code;
			c.messages = 1;
			c.first_seen = c.last_seen = 100;
			g->rc = store_put(g->s, &c);
			continue;
		}
		g->o = obs_of(&code, 100, 100);
		if ((g->rc = store_observe(g->s, &g->o, &g->r)) == 0 &&
		    i % 3 == 2)
			g->rc = store_note(g->s, g->r.c.id, 100, 1, 0);
	}
	return NULL;
}

START_TEST(test_group_grows)
{
	struct store_config	 cfg = cfg_default();
	struct store_stats	 st;
	struct gthread		 g[GROW_T];
	struct store		*s;
	int			 i;

	cfg.map_size = 1 << 20;
	s = open_ok(&cfg, 0);
	memset(g, 0, sizeof(g));
	for (i = 0; i < GROW_T; i++) {
		g[i].s = s;
		ck_assert_int_eq(pthread_create(&g[i].tid, NULL, grow_run,
		    &g[i]), 0);
	}
	for (i = 0; i < GROW_T; i++) {
		ck_assert_int_eq(pthread_join(g[i].tid, NULL), 0);
		ck_assert_msg(g[i].rc == 0, "thread %d: %s", i,
		    store_strerror(g[i].rc));
	}
	ck_assert_int_eq(store_stats(s, 100, &st), 0);
	ck_assert_uint_eq(st.clusters, GROW_T * GROW_EACH);
	ck_assert_uint_eq(st.messages, GROW_T * GROW_EACH);
	/* observes count their hour, notes their tags; puts count nothing */
	ck_assert_uint_eq(st.hours[23], GROW_T * (GROW_EACH / 3) * 2);
	ck_assert_uint_eq(st.tags_hour[23], GROW_T * (GROW_EACH / 3));
	ck_assert_int_gt(data_size(), 1 << 20);
	store_close(s);
}
END_TEST

/* An import under an id no store can hold: STORE_EINVAL. */
static void *
gput_bad(void *arg)
{
	struct gthread	*g = arg;
	struct cluster	 c;

	memset(&c, 0, sizeof(c));
	c.code = g->o.code;
	c.id = UINT64_MAX;
	c.messages = 1;
	c.first_seen = c.last_seen = 100;
	g->rc = store_put(g->s, &c);
	return NULL;
}

/*
 * A write that fails in a group aborts the group's transaction, and each
 * write is done again alone: the bad put gets its error, every observe
 * its own join, counted once (none lost with the aborted group, none
 * applied twice).
 */
START_TEST(test_group_fails_alone)
{
	struct store_config	 cfg = cfg_default();
	struct gthread		 g[GROUP_T];
	struct store		*s;
	struct cluster		 c;
	nilsimsa_code		 a;
	uint64_t		 seen = 0;
	int			 i;

	rnd_code(&a);
	s = open_ok(&cfg, 0);
	memset(g, 0, sizeof(g));
	for (i = 0; i < GROUP_T; i++)
		g[i].o = obs_of(&a, 100, 100);
	for (i = 0; i < GROUP_T; i++)
		g[i].s = s;
	/* thread GROUP_T / 2 puts; the others observe */
	pthread_mutex_lock(&s->wmu);
	ck_assert_int_eq(pthread_create(&g[0].tid, NULL, gobserve, &g[0]), 0);
	for (i = 0; !leading(s) && i < 5000; i++)
		usleep(1000);
	for (i = 1; i < GROUP_T; i++)
		ck_assert_int_eq(pthread_create(&g[i].tid, NULL,
		    i == GROUP_T / 2 ? gput_bad : gobserve, &g[i]), 0);
	for (i = 0; queued(s) < GROUP_T - 1 && i < 5000; i++)
		usleep(1000);
	ck_assert_int_eq(queued(s), GROUP_T - 1);
	pthread_mutex_unlock(&s->wmu);
	for (i = 0; i < GROUP_T; i++) {
		ck_assert_int_eq(pthread_join(g[i].tid, NULL), 0);
		if (i == GROUP_T / 2) {
			ck_assert_int_eq(g[i].rc, STORE_EINVAL);
			continue;
		}
		ck_assert_msg(g[i].rc == 0, "observe: %s",
		    store_strerror(g[i].rc));
		ck_assert(!(seen & 1ULL << g[i].r.c.messages));
		seen |= 1ULL << g[i].r.c.messages;
	}
	ck_assert_uint_eq(seen, ((1ULL << GROUP_T) - 1) & ~1ULL);
	ck_assert_int_eq(store_get(s, g[0].r.c.id, &c), 0);
	ck_assert_uint_eq(c.messages, GROUP_T - 1);
	store_close(s);
}
END_TEST

/* A store opened read-only answers each queued observe STORE_ERDONLY. */
START_TEST(test_group_rdonly)
{
	struct store_config	 cfg = cfg_default();
	struct gthread		 g[GROUP_T];
	struct store		*s;
	nilsimsa_code		 a;
	int			 i;

	rnd_code(&a);
	s = open_ok(&cfg, 0);
	g[0].o = obs_of(&a, 100, 100);
	observe_ok(s, &g[0].o);
	store_close(s);
	s = open_ok(&cfg, STORE_RDONLY);
	for (i = 0; i < GROUP_T; i++)
		g[i].o = obs_of(&a, 100, 100);
	start_grouped(s, g, GROUP_T, gobserve);
	for (i = 0; i < GROUP_T; i++) {
		ck_assert_int_eq(pthread_join(g[i].tid, NULL), 0);
		ck_assert_int_eq(g[i].rc, STORE_ERDONLY);
	}
	store_close(s);
}
END_TEST

/*
 * kill -9 in the middle of grouped writes. A child runs CRASH_T threads
 * observing (joins and new clusters); each writes a byte to a pipe once
 * store_observe has returned 0, that is once its write is committed. After
 * the kill the store opens (the structural check runs at every open),
 * every record checks, and it holds every answered observe and at most
 * one unanswered observe per thread more (written, not yet answered):
 * the bound is "nothing answered is lost".
 */
enum { CRASH_T = 8, CRASH_ROUNDS_G = 4 };

struct crash_arg {
	struct store	*s;
	int		 fd;
	uint64_t	 rng;
};

static void *
crash_writer(void *arg)
{
	struct crash_arg	*a = arg;
	struct store_obs	 o;
	struct store_result	 r;
	nilsimsa_code		 c;

	for (int64_t t = 1000;; t++) {
		for (int k = 0; k < 32; k++)
			c.b[k] = util_xorshift64(&a->rng) % 4;	/* many joins */
		o = obs_of(&c, t, 100);
		o.net = (uint32_t)(util_xorshift64(&a->rng) % 64) + 1;
		if (store_observe(a->s, &o, &r) != 0 || write(a->fd, "", 1) != 1)
			_exit(3);
	}
	return NULL;
}

static void
crash_run(const struct store_config *cfg, int fd)
{
	struct crash_arg	 a[CRASH_T];
	pthread_t		 t;
	struct store		*s;

	if (store_open(&s, cfg, 0) != 0)
		_exit(2);
	for (int i = 0; i < CRASH_T; i++) {
		a[i].s = s;
		a[i].fd = fd;
		a[i].rng = (uint64_t)getpid() * 0x9e3779b97f4a7c15ULL + (uint64_t)i;
		if (pthread_create(&t, NULL, crash_writer, &a[i]) != 0)
			_exit(2);
	}
	for (;;)
		pause();
}

START_TEST(test_group_crash)
{
	struct store_config	 cfg = cfg_default();
	struct store_stats	 st;
	struct store_check	 chk;
	struct store		*s;
	uint64_t		 answered, want, before = 0;
	ssize_t			 n;
	pid_t			 pid;
	char			 buf[4096];
	int			 round, fd[2], status;

	cfg.bulk_ttl = cfg.singleton_ttl = 0;	/* nothing expires */
	s = open_ok(&cfg, 0);
	store_close(s);
	for (round = 0; round < CRASH_ROUNDS_G; round++) {
		ck_assert_int_eq(pipe(fd), 0);
		if ((pid = fork()) == 0) {
			close(fd[0]);
			crash_run(&cfg, fd[1]);
		}
		close(fd[1]);
		/* kill it after 100-400 answered writes this round */
		answered = 0;
		want = 100 + rnd() % 300;
		while (answered < want) {
			ck_assert_int_eq(read(fd[0], buf, 1), 1);
			answered++;
		}
		ck_assert_int_eq(kill(pid, SIGKILL), 0);
		ck_assert_int_eq(waitpid(pid, &status, 0), pid);
		ck_assert_msg(WIFSIGNALED(status), "child exited with %d",
		    WEXITSTATUS(status));
		/* what was answered before the kill is still in the pipe */
		while ((n = read(fd[0], buf, sizeof(buf))) > 0)
			answered += (uint64_t)n;
		close(fd[0]);
		s = open_ok(&cfg, 0);
		ck_assert_int_eq(store_verify(s, &chk), 0);
		ck_assert_uint_eq(chk.bad, 0);
		ck_assert_int_eq(store_stats(s, 1000, &st), 0);
		ck_assert_uint_eq(st.corrupt, 0);
		ck_assert_uint_ge(st.messages, before + answered);
		ck_assert_uint_le(st.messages, before + answered + CRASH_T);
		before = st.messages;
		store_close(s);
	}
}
END_TEST

/* ---------------------------------------------------- batch of puts */

enum { BATCH_N = 300 };

/* A cluster to import: code, id, a message count to tell it by. */
static struct cluster
import_of(const nilsimsa_code *code, uint64_t id, uint64_t messages)
{
	struct cluster	c;

	memset(&c, 0, sizeof(c));
	c.code = *code;
	c.id = id;
	c.messages = messages;
	c.first_seen = c.last_seen = 100;
	c.hist_start = 100 / 3600 - (CLUSTER_HISTORY - 1);
	return c;
}

/* The clusters of a store, as store_get gives them, are those of another. */
static void
same_clusters(struct store *a, struct store *b, const struct cluster *c,
    size_t n)
{
	struct cluster	x, y;
	size_t		na, nb;

	ck_assert_int_eq(store_count(a, &na), 0);
	ck_assert_int_eq(store_count(b, &nb), 0);
	ck_assert_uint_eq(na, nb);
	for (size_t i = 0; i < n; i++) {
		ck_assert_int_eq(store_get(a, c[i].id, &x), 0);
		ck_assert_int_eq(store_get(b, c[i].id, &y), 0);
		ck_assert_mem_eq(x.code.b, y.code.b, 32);
		ck_assert_uint_eq(x.messages, y.messages);
	}
}

/*
 * BATCH_N clusters in one store_put_batch: one commit (the generation
 * moves by one, so a process watching the store rebuilds once), and the
 * store as BATCH_N store_put() calls leave another: new ids for id 0, an
 * id held by another cluster and the second of two lines with one id;
 * the same cluster replaced in place, its exact entry kept; explicit ids
 * reserved. The clusters match at once and after a reopen.
 */
START_TEST(test_batch_one_commit)
{
	struct store_config	 cfg = cfg_default(), cfg2;
	struct store		*a, *b;
	struct store_result	 r;
	struct store_obs	 o;
	struct cluster		*ca, *cb, c;
	nilsimsa_code		 code, first;
	char			 dir2[160];
	uint64_t		 gen0, id_a, id_b;
	size_t			 i, failed = 99;

	snprintf(dir2, sizeof(dir2), "%s/db2", tmpdir);
	cfg2 = cfg;
	cfg2.path = dir2;
	a = open_ok(&cfg, 0);
	b = open_ok(&cfg2, 0);
	/* both: cluster 1 from a message (with an exact entry), 50 put */
	rnd_code(&first);
	o = obs_of(&first, 100, 100);
	memset(o.sha256, 0x5a, 32);
	ck_assert_uint_eq(observe_ok(a, &o).c.id, 1);
	ck_assert_uint_eq(observe_ok(b, &o).c.id, 1);
	rnd_code(&code);
	c = import_of(&code, 50, 5);
	ck_assert_int_eq(store_put(a, &c), 0);
	c = import_of(&code, 50, 5);
	ck_assert_int_eq(store_put(b, &c), 0);

	ca = calloc(BATCH_N, sizeof(*ca));
	cb = calloc(BATCH_N, sizeof(*cb));
	ck_assert_ptr_nonnull(ca);
	ck_assert_ptr_nonnull(cb);
	for (i = 0; i < BATCH_N; i++) {
		rnd_code(&code);
		ca[i] = import_of(&code, i % 5 == 0 ? 0 : 1000 + i, 10 + i);
	}
	rnd_code(&code);
	ca[1] = import_of(&code, 1, 11);	/* another's id */
	ca[2] = import_of(&first, 1, 12);	/* the same cluster */
	ca[3] = import_of(&code, 7000, 13);	/* one id, two clusters */
	rnd_code(&code);
	ca[4] = import_of(&code, 7000, 14);
	memcpy(cb, ca, BATCH_N * sizeof(*ca));

	for (i = 0; i < BATCH_N; i++)
		ck_assert_int_eq(store_put(a, &ca[i]), 0);
	gen0 = b->gen;
	ck_assert_int_eq(store_put_batch(b, cb, BATCH_N, &failed), 0);
	ck_assert_uint_eq(failed, BATCH_N);
	ck_assert_uint_eq(b->gen, gen0 + 1);
	for (i = 0; i < BATCH_N; i++)
		ck_assert_uint_eq(cb[i].id, ca[i].id);
	ck_assert_uint_ne(cb[1].id, 1);
	ck_assert_uint_eq(cb[2].id, 1);
	ck_assert_uint_eq(cb[3].id, 7000);
	ck_assert_uint_ne(cb[4].id, 7000);
	same_clusters(a, b, cb, BATCH_N);
	/* the replaced cluster keeps its exact entry */
	r = observe_ok(b, &o);
	ck_assert_int_eq(r.exact, 1);
	ck_assert_uint_eq(r.c.id, 1);
	ck_assert_uint_eq(r.c.messages, 13);
	observe_ok(a, &o);
	/* the batch's clusters match (the array was updated) */
	for (i = 0; i < BATCH_N; i += 37) {
		o = obs_of(&cb[i].code, 100, 100);
		ck_assert_int_eq(store_lookup(b, &o, &r), 0);
		ck_assert_int_eq(r.found, 1);
		ck_assert_uint_eq(r.c.id, cb[i].id);
	}
	/* the next new id is the same in both */
	rnd_code(&code);
	c = import_of(&code, 0, 1);
	ck_assert_int_eq(store_put(a, &c), 0);
	id_a = c.id;
	c = import_of(&code, 0, 1);
	ck_assert_int_eq(store_put(b, &c), 0);
	id_b = c.id;
	ck_assert_uint_eq(id_a, id_b);
	store_close(b);
	b = open_ok(&cfg2, 0);
	same_clusters(a, b, cb, BATCH_N);
	o = obs_of(&cb[BATCH_N - 1].code, 100, 100);
	ck_assert_int_eq(store_lookup(b, &o, &r), 0);
	ck_assert_uint_eq(r.c.id, cb[BATCH_N - 1].id);
	/* nothing to put: nothing done */
	gen0 = b->gen;
	ck_assert_int_eq(store_put_batch(b, NULL, 0, &failed), 0);
	ck_assert_uint_eq(failed, 0);
	ck_assert_uint_eq(b->gen, gen0);
	store_close(a);
	store_close(b);
	free(ca);
	free(cb);
}
END_TEST

/*
 * A batch that fails leaves the store as it was: a put that fails in the
 * middle (an id no store can hold, after puts that worked) aborts the
 * batch, says which cluster, and leaves no cluster, no id reserved, no
 * commit, the array as before and the caller's ids as given; a cluster
 * store_put() refuses stops the batch before anything is tried. The
 * batch put right afterwards is stored whole.
 */
START_TEST(test_batch_fails)
{
	struct store_config	 cfg = cfg_default();
	struct store_result	 r;
	struct store_obs	 o;
	struct store		*s;
	struct cluster		 c[6], got;
	nilsimsa_code		 code;
	uint64_t		 gen0;
	size_t			 n, failed;
	int			 i;

	s = open_ok(&cfg, 0);
	for (i = 0; i < 3; i++) {
		rnd_code(&code);
		ck_assert_uint_eq(observe_ok(s, &(struct store_obs){
		    .code = code, .now = 100, .recipients = 1,
		    .join_score = 100 }).c.id, (uint64_t)i + 1);
	}
	for (i = 0; i < 6; i++) {
		rnd_code(&code);
		c[i] = import_of(&code, i % 2 ? 9000 + (uint64_t)i : 0, 1);
	}
	c[4].id = UINT64_MAX;
	gen0 = s->gen;
	ck_assert_int_eq(store_put_batch(s, c, 6, &failed), STORE_EINVAL);
	ck_assert_uint_eq(failed, 4);
	ck_assert_uint_eq(s->gen, gen0);
	for (i = 0; i < 6; i++)
		ck_assert_uint_eq(c[i].id, i == 4 ? UINT64_MAX :
		    i % 2 ? 9000 + (uint64_t)i : 0);
	ck_assert_int_eq(store_count(s, &n), 0);
	ck_assert_uint_eq(n, 3);
	ck_assert_int_eq(store_get(s, 9001, &got), STORE_ENOTFOUND);
	o = obs_of(&c[0].code, 100, 100);
	ck_assert_int_eq(store_lookup(s, &o, &r), 0);
	ck_assert_int_eq(r.found, 0);

	/* refused before anything is tried */
	c[4].id = 0;
	c[2].networks = CLUSTER_MAX_NETS + 1;
	ck_assert_int_eq(store_put_batch(s, c, 6, &failed), STORE_EINVAL);
	ck_assert_uint_eq(failed, 2);
	ck_assert_uint_eq(s->gen, gen0);
	c[2].networks = 0;

	/* no id was reserved: the next new one is 4; then the batch, whole */
	rnd_code(&code);
	got = import_of(&code, 0, 1);
	ck_assert_int_eq(store_put(s, &got), 0);
	ck_assert_uint_eq(got.id, 4);
	gen0 = s->gen;
	ck_assert_int_eq(store_put_batch(s, c, 6, NULL), 0);
	ck_assert_uint_eq(s->gen, gen0 + 1);
	ck_assert_uint_eq(c[0].id, 5);
	ck_assert_uint_eq(c[1].id, 9001);
	ck_assert_uint_eq(c[2].id, 9002);	/* after the id reserved */
	ck_assert_int_eq(store_count(s, &n), 0);
	ck_assert_uint_eq(n, 10);
	store_close(s);
}
END_TEST

/*
 * A batch larger than the store may ever be: STORE_EFULL once the map
 * reached its maximum (an empty store has nothing to evict), nothing of
 * it stored, no commit, the file within the maximum; a batch that fits
 * is stored afterwards.
 */
START_TEST(test_batch_full)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s;
	struct cluster		*c;
	nilsimsa_code		 code;
	uint64_t		 gen0;
	size_t			 i, n, failed;
	enum { FULL_N = 1000 };		/* 1.3 MB of records */

	cfg.map_size = 256 << 10;
	cfg.map_max = 1 << 20;
	s = open_ok(&cfg, 0);
	c = calloc(FULL_N, sizeof(*c));
	ck_assert_ptr_nonnull(c);
	for (i = 0; i < FULL_N; i++) {
		rnd_code(&code);
		c[i] = import_of(&code, 0, 1);
	}
	gen0 = s->gen;
	ck_assert_int_eq(store_put_batch(s, c, FULL_N, &failed), STORE_EFULL);
	ck_assert_uint_le(failed, FULL_N);
	ck_assert_uint_eq(s->gen, gen0);
	ck_assert_int_eq(store_count(s, &n), 0);
	ck_assert_uint_eq(n, 0);
	for (i = 0; i < FULL_N; i++)
		ck_assert_uint_eq(c[i].id, 0);
	/* what the aborted batch put in the match array is gone again */
	{
		struct store_result	r;
		struct store_obs	o = obs_of(&c[0].code, 1, 100);

		ck_assert_int_eq(store_lookup(s, &o, &r), 0);
		ck_assert_int_eq(r.found, 0);
		ck_assert_uint_eq(r.compared, 0);
	}
	ck_assert_int_eq(store_put_batch(s, c, 100, &failed), 0);
	ck_assert_uint_eq(s->gen, gen0 + 1);
	ck_assert_uint_eq(c[0].id, 1);
	ck_assert_uint_eq(c[99].id, 100);
	ck_assert_int_eq(store_count(s, &n), 0);
	ck_assert_uint_eq(n, 100);
	store_close(s);
	ck_assert_int_le(data_size(), 1 << 20);
	free(c);
}
END_TEST

/*
 * A batch of clusters older than every cluster of a store at its maximum:
 * the first try is aborted full, and the room made for the next must be
 * made among the store's clusters, not among the aborted batch's (which
 * were still in the match array and ranked oldest: deleting them freed
 * nothing, and the batch got STORE_EFULL with nothing evicted; found by
 * review). The batch is stored, and as many older clusters went.
 */
START_TEST(test_batch_old_at_max)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s;
	struct cluster		*c, x;
	nilsimsa_code		 code;
	size_t			 i, n0, n1, failed;
	enum { FILL = 6000, OLD = 384 };	/* more than the 1/16 kept free */

	cfg.singleton_ttl = cfg.bulk_ttl = 0;	/* nothing expires */
	cfg.map_size = 1 << 20;
	cfg.map_max = 8 << 20;
	s = open_ok(&cfg, 0);
	for (i = 0; i < FILL; i++) {
		rnd_code(&code);
		x = import_of(&code, 0, 1);
		x.first_seen = x.last_seen = 5000000 + (int64_t)i;
		x.hist_start = x.last_seen / 3600 - (CLUSTER_HISTORY - 1);
		ck_assert_int_eq(store_put(s, &x), 0);
	}
	ck_assert_int_eq(store_count(s, &n0), 0);
	ck_assert_uint_lt(n0, FILL);		/* it evicted: at its maximum */
	c = calloc(OLD, sizeof(*c));
	ck_assert_ptr_nonnull(c);
	for (i = 0; i < OLD; i++) {
		rnd_code(&code);
		c[i] = import_of(&code, 0, 1);
		c[i].first_seen = c[i].last_seen = 1000 + (int64_t)i;
	}
	ck_assert_int_eq(store_put_batch(s, c, OLD, &failed), 0);
	ck_assert_int_eq(store_count(s, &n1), 0);
	for (i = 0; i < OLD; i++) {
		ck_assert_int_eq(store_get(s, c[i].id, &x), 0);
		ck_assert_uint_eq(x.messages, 1);
	}
	ck_assert_uint_lt(n1, n0 + OLD);	/* older ones made room */
	store_close(s);
	free(c);
}
END_TEST

TCase *
tc_store_group(void)
{
	TCase	*tc = tcase_create("group");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_group_shares_commit);
	tcase_add_test(tc, test_group_grows);
	tcase_add_test(tc, test_group_fails_alone);
	tcase_add_test(tc, test_group_rdonly);
	tcase_add_test(tc, test_group_crash);
	tcase_add_test(tc, test_batch_one_commit);
	tcase_add_test(tc, test_batch_fails);
	tcase_add_test(tc, test_batch_full);
	tcase_add_test(tc, test_batch_old_at_max);
	return tc;
}
