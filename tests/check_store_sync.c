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
 * check_store_sync: the store's delayed meta sync (store_config.sync_ms,
 * the milter's StoreSyncDelay; store_lmdb.c). A commit makes one sync
 * (its data pages) and the syncer thread syncs its meta page sync_ms
 * later, once for all the commits of that time, never while a write
 * transaction is open and never while the store is idle; closing syncs;
 * after a failed sync every commit is synced in full. The syncs are
 * counted by this program's own fsync and fdatasync, which LMDB calls
 * instead of libc's, and can be made to fail; its pwrite counts the
 * writes made through a descriptor opened O_DSYNC (LMDB's synced meta
 * page writes).
 */
#include <sys/syscall.h>

#include <errno.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include "check_store.h"
#include "store-internal.h"

static int	nsyncs;		/* syncs made (atomic) */
static int	nfail;		/* the next so many syncs fail with EIO */
static int	ndsync;		/* writes through an O_DSYNC descriptor */

static int
counted_sync(long nr, int fd)
{
	int	left, rc;

	left = __atomic_load_n(&nfail, __ATOMIC_SEQ_CST);
	while (left > 0 && !__atomic_compare_exchange_n(&nfail, &left,
	    left - 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
		;
	if (left > 0) {
		errno = EIO;
		rc = -1;
	} else
		rc = (int)syscall(nr, fd);
	__atomic_add_fetch(&nsyncs, 1, __ATOMIC_SEQ_CST);
	return rc;
}

int	fsync(int);
int	fdatasync(int);

int
fsync(int fd)
{
	return counted_sync(SYS_fsync, fd);
}

int
fdatasync(int fd)
{
	return counted_sync(SYS_fdatasync, fd);
}

ssize_t	pwrite(int, const void *, size_t, off_t);

ssize_t
pwrite(int fd, const void *buf, size_t len, off_t off)
{
	int	fl = fcntl(fd, F_GETFL);

	if (fl != -1 && (fl & O_DSYNC) == O_DSYNC)
		__atomic_add_fetch(&ndsync, 1, __ATOMIC_SEQ_CST);
	return syscall(SYS_pwrite64, fd, buf, len, off);
}

static int
dsyncs(void)
{
	return __atomic_load_n(&ndsync, __ATOMIC_SEQ_CST);
}

static int
syncs(void)
{
	return __atomic_load_n(&nsyncs, __ATOMIC_SEQ_CST);
}

static void
sleep_ms(int ms)
{
	struct timespec	ts = { ms / 1000, (long)(ms % 1000) * 1000000 };

	while (nanosleep(&ts, &ts) == -1 && errno == EINTR)
		;
}

/* Wait (at most 5 s) until the count of syncs reaches n; ms waited. */
static double
wait_syncs(int n)
{
	double	t0 = util_now() * 1e3;

	while (syncs() < n && util_now() * 1e3 - t0 < 5000)
		sleep_ms(2);
	ck_assert_int_ge(syncs(), n);
	return util_now() * 1e3 - t0;
}

/* Observe a code (a new cluster or a copy), store_observe's answer. */
static int
observe(struct store *s, const nilsimsa_code *c, struct store_result *r)
{
	struct store_obs	o = obs_of(c, 1000, 100);

	return store_observe(s, &o, r);
}

/*
 * A commit syncs once; its meta page is synced sync_ms later, once for
 * all the commits made in that time; an idle store makes no sync; closing
 * syncs.
 */
START_TEST(test_sync_delay)
{
	struct store_config	 cfg = cfg_default();
	struct store_result	 r;
	struct store		*s;
	nilsimsa_code		 c;
	double			 waited;
	int			 n0, n, d0;

	cfg.sync_ms = 500;
	s = open_ok(&cfg, 0);
	rnd_code(&c);
	n0 = syncs();
	d0 = dsyncs();
	ck_assert_int_eq(observe(s, &c, &r), 0);
	ck_assert_int_eq(syncs(), n0 + 1);
	ck_assert_int_eq(dsyncs(), d0);	/* the meta page: not synced */
	waited = wait_syncs(n0 + 2);
	ck_assert_msg(waited >= 400, "meta synced %.0f ms after the commit, "
	    "not StoreSyncDelay (500 ms)", waited);
	/* five commits in a row: one sync each, and one of the syncer's */
	n0 = syncs();
	for (int i = 0; i < 5; i++)
		ck_assert_int_eq(observe(s, &c, &r), 0);
	n = syncs();
	/* (one of the syncer's among them, if they took 500 ms) */
	ck_assert_msg(n == n0 + 5 || n == n0 + 6, "%d syncs for 5 commits",
	    n - n0);
	wait_syncs(n0 + 6);
	sleep_ms(700);
	n = syncs();
	ck_assert_msg(n == n0 + 6 || n == n0 + 7, "%d syncs after 5 commits",
	    n - n0);
	/* idle: none */
	sleep_ms(700);
	ck_assert_int_eq(syncs(), n);
	store_close(s);
	ck_assert_int_ge(syncs(), n + 1);
	/* what was committed is there */
	s = open_ok(&cfg, STORE_RDONLY);
	ck_assert_int_eq(store_lookup(s, &(struct store_obs){ .code = c,
	    .join_score = 100 }, &r), 0);
	ck_assert_int_eq(r.found, 1);
	ck_assert_uint_eq(r.c.messages, 6);
	store_close(s);
}
END_TEST

/* sync_ms 0: each commit synced in full as it is made, no syncer. */
START_TEST(test_sync_each)
{
	struct store_config	 cfg = cfg_default();
	struct store_result	 r;
	struct store		*s;
	nilsimsa_code		 c;
	int			 n0, d0;

	s = open_ok(&cfg, 0);
	rnd_code(&c);
	n0 = syncs();
	d0 = dsyncs();
	ck_assert_int_eq(observe(s, &c, &r), 0);
	ck_assert_int_eq(syncs(), n0 + 1);	/* the data pages */
	ck_assert_int_eq(dsyncs(), d0 + 1);	/* the meta page, synced */
	sleep_ms(400);
	ck_assert_int_eq(syncs(), n0 + 1);
	store_close(s);
}
END_TEST

/*
 * The syncer syncs under LMDB's writer lock, never between a commit's
 * writes and its own sync (whose write error it would take): with a
 * write transaction open, it waits.
 */
START_TEST(test_sync_waits_for_writer)
{
	struct store_config	 cfg = cfg_default();
	struct store_result	 r;
	struct store_btxn	*t;
	struct store		*s;
	nilsimsa_code		 c;
	int			 n0;

	cfg.sync_ms = 100;
	s = open_ok(&cfg, 0);
	rnd_code(&c);
	n0 = syncs();
	ck_assert_int_eq(observe(s, &c, &r), 0);
	ck_assert_int_eq(s->ops->begin(s->b, 1, &t), 0);
	sleep_ms(600);
	ck_assert_int_eq(syncs(), n0 + 1);	/* the commit's only */
	s->ops->abort(t);
	wait_syncs(n0 + 2);
	store_close(s);
}
END_TEST

/*
 * A failed sync of the syncer's: the last commit's meta page may not be
 * on disk, so from then on each commit is synced in full, meta page too,
 * and the syncer has nothing left to do. No write fails for it.
 */
START_TEST(test_sync_fails)
{
	struct store_config	 cfg = cfg_default();
	struct store_result	 r;
	struct store		*s;
	nilsimsa_code		 c;
	int			 n0, d0;

	cfg.sync_ms = 200;
	s = open_ok(&cfg, 0);
	rnd_code(&c);
	n0 = syncs();
	ck_assert_int_eq(observe(s, &c, &r), 0);
	__atomic_store_n(&nfail, 1, __ATOMIC_SEQ_CST);
	wait_syncs(n0 + 2);		/* the commit's, the syncer's (failed) */
	ck_assert_int_eq(__atomic_load_n(&nfail, __ATOMIC_SEQ_CST), 0);
	for (int i = 0; i < 2; i++) {
		n0 = syncs();
		d0 = dsyncs();
		ck_assert_int_eq(observe(s, &c, &r), 0);
		ck_assert_int_eq(syncs(), n0 + 1);
		ck_assert_int_eq(dsyncs(), d0 + 1);	/* synced in full */
	}
	n0 = syncs();
	sleep_ms(500);
	ck_assert_int_eq(syncs(), n0);		/* no syncer */
	ck_assert_uint_eq(r.c.messages, 3);
	store_close(s);
}
END_TEST

/* Every test starts with syncs that succeed (CK_FORK=no runs them in turn). */
static void
sync_setup(void)
{
	__atomic_store_n(&nfail, 0, __ATOMIC_SEQ_CST);
	setup();
}

TCase *
tc_store_sync(void)
{
	TCase	*tc = tcase_create("sync");

	tcase_add_checked_fixture(tc, sync_setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_sync_delay);
	tcase_add_test(tc, test_sync_each);
	tcase_add_test(tc, test_sync_waits_for_writer);
	tcase_add_test(tc, test_sync_fails);
	return tc;
}
