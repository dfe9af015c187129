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
 * store-internal.h to make groups form when the test wants them.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <pthread.h>
#include <signal.h>
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
	return tc;
}
