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
 * check_store_damage: the store after kill -9, with damaged files and
 * damaged records, and nilsimsactl verify's record check; real LMDB
 * files, damaged by hand.
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

/* ------------------------------------------------------------ crash */

enum { CRASH_CODES = 40, CRASH_ROUNDS = 20 };
static uint64_t	crash_prev[4096];

static int
crash_check(const struct cluster *c, void *arg)
{
	uint64_t	*total = arg;

	ck_assert_uint_lt(c->id, 4096);
	ck_assert_uint_ge(c->messages, crash_prev[c->id]);
	ck_assert_uint_ge(c->messages, 1);
	crash_prev[c->id] = c->messages;
	*total += c->messages;
	return 0;
}

static void
crash_child(const struct store_config *cfg, const nilsimsa_code *codes, int ready)
{
	struct store		*s;
	struct store_result	 r;
	struct store_obs	 o;

	if (store_open(&s, cfg, 0) != 0)
		_exit(1);
	tst_rng ^= (uint64_t)getpid() << 20;
	for (int64_t t = 1000;; t++) {
		/* After the first write: the kill comes while it writes. */
		if (t == 1001 && (write(ready, "", 1) != 1 || close(ready) != 0))
			_exit(1);
		o = obs_of(&codes[rnd() % CRASH_CODES], t, 100);
		o.net = (uint32_t)(rnd() % 64) + 1;
		o.sha256[0] = rnd() % 16;
		o.sha256[1] = 1;
		if (store_observe(s, &o, &r) != 0)
			_exit(1);
		if (rnd() % 8 == 0)
			store_note(s, r.c.id, t, 1, 0);
	}
}

START_TEST(test_crash)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s;
	struct store_stats	 st;
	nilsimsa_code		 codes[CRASH_CODES];
	uint64_t		 total, prev_total = 0;
	pid_t			 pid;
	int			 i, status, fd[2];
	char			 b;

	for (i = 0; i < CRASH_CODES; i++)
		rnd_code(&codes[i]);
	memset(crash_prev, 0, sizeof(crash_prev));
	s = open_ok(&cfg, 0);
	store_close(s);
	for (i = 0; i < CRASH_ROUNDS; i++) {
		/*
		 * Kill it at a random moment after its first write (opening
		 * the store can take long, under valgrind much longer).
		 */
		ck_assert_int_eq(pipe(fd), 0);
		if ((pid = fork()) == 0) {
			close(fd[0]);
			crash_child(&cfg, codes, fd[1]);
		}
		close(fd[1]);
		ck_assert_int_eq(read(fd[0], &b, 1), 1);
		close(fd[0]);
		usleep(5000 + rnd() % 40000);
		ck_assert_int_eq(kill(pid, SIGKILL), 0);
		ck_assert_int_eq(waitpid(pid, &status, 0), pid);
		ck_assert_msg(WIFSIGNALED(status),
		    "child exited early with %d", WEXITSTATUS(status));
		s = open_ok(&cfg, 0);
		ck_assert_int_eq(store_stats(s, 2000, &st), 0);
		ck_assert_uint_eq(st.corrupt, 0);
		total = 0;
		ck_assert_int_eq(store_iterate(s, crash_check, &total, NULL), 0);
		ck_assert_uint_ge(total, prev_total);
		ck_assert_uint_eq(total, st.messages);
		prev_total = total;
		store_close(s);
	}
	/* the children did work: more than one observe per round */
	ck_assert_uint_gt(prev_total, CRASH_ROUNDS);
}
END_TEST

/* ---------------------------------------------------------- corrupt */

void
fill(int n)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s = open_ok(&cfg, 0);
	struct cluster		 c;

	for (int i = 0; i < n; i++) {
		memset(&c, 0, sizeof(c));
		rnd_code(&c.code);
		c.messages = 1;
		c.last_seen = 1;
		ck_assert_int_eq(store_put(s, &c), 0);
	}
	store_close(s);
}

static void
damage(off_t at, size_t len, off_t truncate_to)
{
	char	 p[256];
	int	 fd;

	snprintf(p, sizeof(p), "%s/data.mdb", dbdir);
	ck_assert_int_ge(fd = open(p, O_RDWR), 0);
	for (size_t i = 0; i < len; i++) {
		unsigned char	b = rnd() & 0xff;

		ck_assert_int_eq(pwrite(fd, &b, 1, at + (off_t)i), 1);
	}
	if (truncate_to >= 0)
		ck_assert_int_eq(ftruncate(fd, truncate_to), 0);
	close(fd);
}

off_t
data_size(void)
{
	struct stat	sb;
	char		p[256];

	snprintf(p, sizeof(p), "%s/data.mdb", dbdir);
	ck_assert_int_eq(stat(p, &sb), 0);
	return sb.st_size;
}

/* The store's clusters table, opened with LMDB itself in a write txn. */
static void
raw_clusters(MDB_env **env, MDB_txn **txn, MDB_dbi *dbi)
{
	ck_assert_int_eq(mdb_env_create(env), 0);
	ck_assert_int_eq(mdb_env_set_maxdbs(*env, 8), 0);
	ck_assert_int_eq(mdb_env_open(*env, dbdir, 0, 0600), 0);
	ck_assert_int_eq(mdb_txn_begin(*env, NULL, 0, txn), 0);
	ck_assert_int_eq(mdb_dbi_open(*txn, "clusters", 0, dbi), 0);
}

START_TEST(test_corrupt_garbage)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s = NULL;
	int			 rc;

	fill(100);
	damage(0, (size_t)data_size(), -1);
	rc = store_open(&s, &cfg, 0);
	ck_assert_int_eq(rc, STORE_ECORRUPT);
	ck_assert_ptr_null(s);
	rc = store_open(&s, &cfg, STORE_RDONLY);
	ck_assert_int_eq(rc, STORE_ECORRUPT);
	ck_assert_str_eq(store_strerror(rc), "store damaged: record or file corrupt");
}
END_TEST

/*
 * data.mdb that is not a file (a FIFO, a directory): damaged at once,
 * with the reason; before the check refused it, the open of a FIFO
 * waited for a writer forever (a daemon that never starts).
 */
START_TEST(test_corrupt_not_file)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s = NULL;
	char			 p[256];
	time_t			 t0 = time(NULL);

	ck_assert_int_eq(mkdir(dbdir, 0700), 0);
	snprintf(p, sizeof(p), "%s/data.mdb", dbdir);
	ck_assert_int_eq(mkfifo(p, 0600), 0);
	ck_assert_int_eq(store_open(&s, &cfg, 0), STORE_ECORRUPT);
	ck_assert_str_eq(store_damage(), "data.mdb is not a regular file");
	ck_assert_int_eq(store_open(&s, &cfg, STORE_RDONLY), STORE_ECORRUPT);
	ck_assert_ptr_null(s);
	ck_assert_int_eq(unlink(p), 0);
	ck_assert_int_eq(mkdir(p, 0700), 0);
	ck_assert_int_eq(store_open(&s, &cfg, 0), STORE_ECORRUPT);
	ck_assert_str_eq(store_damage(), "data.mdb is not a regular file");
	ck_assert_int_eq(rmdir(p), 0);
	ck_assert_int_lt(time(NULL) - t0, 30);
}
END_TEST

START_TEST(test_corrupt_truncated)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s = NULL;
	off_t			 size;

	fill(3000);
	size = data_size();
	ck_assert_int_gt(size, 16 * 4096);
	damage(0, 0, size / 2);
	ck_assert_int_eq(store_open(&s, &cfg, 0), STORE_ECORRUPT);
	ck_assert_int_eq(store_open(&s, &cfg, STORE_RDONLY), STORE_ECORRUPT);
	damage(0, 0, 3 * 4096 / 2);	/* shorter than the two meta pages */
	ck_assert_int_ne(store_open(&s, &cfg, 0), 0);
	ck_assert_ptr_null(s);
}
END_TEST

/*
 * Garbage over one page inside the B-trees: LMDB asserts or faults on
 * such pages; store_open must report the damage instead, or, when the
 * page held only values or free space, open and work.
 */
START_TEST(test_corrupt_pages)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s;
	struct store_result	 r;
	struct store_obs	 o;
	struct store_stats	 st;
	off_t			 pages;
	int			 rc, corrupt = 0;

	for (int round = 0; round < 12; round++) {
		fill(600);
		pages = data_size() / 4096;
		damage((2 + (off_t)(rnd() % (uint64_t)(pages - 2))) * 4096,
		    4096, -1);
		s = NULL;
		rc = store_open(&s, &cfg, 0);
		ck_assert_msg(rc == 0 || rc == STORE_ECORRUPT, "open: %s",
		    store_strerror(rc));
		if (rc == 0) {
			o = obs_of(&(nilsimsa_code){ { 1 } }, 2, 100);
			ck_assert_int_eq(store_stats(s, 2, &st), 0);
			ck_assert_int_eq(store_observe(s, &o, &r), 0);
			store_close(s);
		} else
			corrupt++;
		teardown();
		setup();
	}
	/* with this seed some pages were structural (the check is live) */
	ck_assert_int_gt(corrupt, 0);
}
END_TEST

/*
 * A store of an older version has no journal table: it opens to read, the
 * structural check passes, and the first open to write adds the table,
 * which its commits then fill.
 */
START_TEST(test_store_without_journal)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s;
	struct store_obs	 o;
	struct store_result	 r;
	nilsimsa_code		 a;
	MDB_env			*env;
	MDB_txn			*txn;
	MDB_dbi			 dbi;
	MDB_stat		 ms;

	fill(3);
	raw_clusters(&env, &txn, &dbi);
	ck_assert_int_eq(mdb_dbi_open(txn, "journal", 0, &dbi), 0);
	ck_assert_int_eq(mdb_drop(txn, dbi, 1), 0);
	ck_assert_int_eq(mdb_txn_commit(txn), 0);
	mdb_env_close(env);

	s = open_ok(&cfg, STORE_RDONLY | STORE_TRIAL);
	store_close(s);
	s = open_ok(&cfg, 0);
	rnd_code(&a);
	o = obs_of(&a, 2, 100);
	r = observe_ok(s, &o);
	ck_assert_int_eq(r.created, 1);
	store_close(s);

	raw_clusters(&env, &txn, &dbi);
	ck_assert_int_eq(mdb_dbi_open(txn, "journal", 0, &dbi), 0);
	ck_assert_int_eq(mdb_stat(txn, dbi, &ms), 0);
	ck_assert_uint_eq(ms.ms_entries, 1);
	mdb_txn_abort(txn);
	mdb_env_close(env);
}
END_TEST

/*
 * An odd key in the journal (which a reader cannot use) is no damage: the
 * store opens, and the next pruning (every 64 commits) takes it away.
 */
START_TEST(test_journal_odd_key)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s;
	struct store_result	 r;
	struct store_obs	 o;
	nilsimsa_code		 a;
	MDB_env			*env;
	MDB_txn			*txn;
	MDB_dbi			 dbi;
	MDB_val			 k = { 4, "odd!" }, d = { 3, "xyz" };
	int			 i;

	fill(3);
	raw_clusters(&env, &txn, &dbi);
	ck_assert_int_eq(mdb_dbi_open(txn, "journal", 0, &dbi), 0);
	ck_assert_int_eq(mdb_put(txn, dbi, &k, &d, 0), 0);
	ck_assert_int_eq(mdb_txn_commit(txn), 0);
	mdb_env_close(env);

	s = open_ok(&cfg, 0);
	rnd_code(&a);
	for (i = 0; i < 70; i++) {
		o = obs_of(&a, 2 + i, 100);
		r = observe_ok(s, &o);
	}
	ck_assert_uint_eq(r.c.messages, 70);
	store_close(s);

	raw_clusters(&env, &txn, &dbi);
	ck_assert_int_eq(mdb_dbi_open(txn, "journal", 0, &dbi), 0);
	ck_assert_int_eq(mdb_get(txn, dbi, &k, &d), MDB_NOTFOUND);
	mdb_txn_abort(txn);
	mdb_env_close(env);
}
END_TEST

/* A record of the wrong size or version is skipped and reported. */
START_TEST(test_corrupt_record)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s;
	struct store_stats	 st;
	struct store_result	 r;
	struct store_obs	 o;
	struct cluster		 c;
	MDB_env			*env;
	MDB_txn			*txn;
	MDB_dbi			 dbi;
	MDB_val			 k, d;
	unsigned char		 key[8] = { 0, 0, 0, 0, 0, 0, 0, 2 }, *rec;
	nilsimsa_code		 a;
	size_t			 n;

	fill(3);
	raw_clusters(&env, &txn, &dbi);
	k = (MDB_val){ 8, key };
	ck_assert_int_eq(mdb_get(txn, dbi, &k, &d), 0);
	ck_assert_uint_eq(d.mv_size, 1340);
	ck_assert_ptr_nonnull(rec = malloc(d.mv_size));
	memcpy(rec, d.mv_data, d.mv_size);
	rec[0] = 99;			/* a future version */
	d.mv_data = rec;
	ck_assert_int_eq(mdb_put(txn, dbi, &k, &d, 0), 0);
	key[7] = 3;
	d.mv_size = 17;			/* wrong size */
	ck_assert_int_eq(mdb_put(txn, dbi, &k, &d, 0), 0);
	ck_assert_int_eq(mdb_txn_commit(txn), 0);
	mdb_env_close(env);
	free(rec);

	s = open_ok(&cfg, 0);
	/* verify names them: the first is cluster 2 */
	{
		struct store_check	chk;

		ck_assert_int_eq(store_verify(s, &chk), 0);
		ck_assert_uint_eq(chk.clusters, 3);
		ck_assert_uint_eq(chk.bad, 2);
		ck_assert_uint_eq(chk.first_bad, 2);
		ck_assert_str_eq(chk.why, "does not decode (size, version, "
		    "status, counts or id)");
	}
	ck_assert_int_eq(store_get(s, 2, &c), STORE_ECORRUPT);
	ck_assert_int_eq(store_get(s, 3, &c), STORE_ECORRUPT);
	ck_assert_int_eq(store_get(s, 1, &c), 0);
	ck_assert_int_eq(store_stats(s, 1, &st), 0);
	ck_assert_uint_eq(st.corrupt, 2);
	ck_assert_uint_eq(st.clusters, 1);
	ck_assert_int_eq(store_count(s, &n), 0);
	ck_assert_uint_eq(n, 3);
	rnd_code(&a);
	o = obs_of(&a, 2, 100);
	r = observe_ok(s, &o);
	ck_assert_uint_eq(r.compared, 1);
	ck_assert_uint_eq(r.c.id, 4);
	/* a damaged record can be forgotten */
	ck_assert_int_eq(store_forget(s, 2), 0);
	store_close(s);
}
END_TEST

START_TEST(test_record_v1)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s;
	struct cluster		 c;
	MDB_env			*env;
	MDB_txn			*txn;
	MDB_dbi			 dbi;
	MDB_val			 k, d;
	unsigned char		 key[8] = { 0, 0, 0, 0, 0, 0, 0, 2 }, rec[536];

	fill(3);
	raw_clusters(&env, &txn, &dbi);
	k = (MDB_val){ 8, key };
	ck_assert_int_eq(mdb_get(txn, dbi, &k, &d), 0);
	memcpy(rec, d.mv_data, sizeof(rec));
	rec[0] = 1;
	d = (MDB_val){ sizeof(rec), rec };
	ck_assert_int_eq(mdb_put(txn, dbi, &k, &d, 0), 0);
	ck_assert_int_eq(mdb_txn_commit(txn), 0);
	mdb_env_close(env);

	s = open_ok(&cfg, 0);
	ck_assert_int_eq(store_get(s, 2, &c), 0);
	ck_assert_uint_eq(c.id, 2);
	ck_assert_uint_eq(c.nrset, 0);
	ck_assert_uint_eq(c.netn[0], 0);
	store_close(s);
}
END_TEST

START_TEST(test_verify_records)
{
	struct store_config	 cfg = cfg_default();
	struct store		*s;
	struct store_check	 chk;
	struct cluster		 c;
	MDB_env			*env;
	MDB_txn			*txn;
	MDB_dbi			 dbi;
	MDB_val			 k, d;
	unsigned char		 key[8] = { 0, 0, 0, 0, 0, 0, 0, 5 }, rec[1340];

	fill(10);
	s = open_ok(&cfg, 0);
	ck_assert_int_eq(store_verify(s, &chk), 0);
	ck_assert_uint_eq(chk.clusters, 10);
	ck_assert_uint_eq(chk.bad, 0);
	ck_assert_int_eq(store_get(s, 5, &c), 0);
	store_close(s);

	raw_clusters(&env, &txn, &dbi);
	k = (MDB_val){ 8, key };
	ck_assert_int_eq(mdb_get(txn, dbi, &k, &d), 0);
	memcpy(rec, d.mv_data, sizeof(rec));
	rec[48] = 0xff;			/* first_seen after last_seen */
	d = (MDB_val){ sizeof(rec), rec };
	ck_assert_int_eq(mdb_put(txn, dbi, &k, &d, 0), 0);
	key[7] = 7;
	ck_assert_int_eq(mdb_get(txn, dbi, &k, &d), 0);
	memcpy(rec, d.mv_data, sizeof(rec));
	rec[200] = 1;			/* a network past the count */
	d = (MDB_val){ sizeof(rec), rec };
	ck_assert_int_eq(mdb_put(txn, dbi, &k, &d, 0), 0);
	ck_assert_int_eq(mdb_txn_commit(txn), 0);
	mdb_env_close(env);

	s = open_ok(&cfg, 0);
	ck_assert_int_eq(store_verify(s, &chk), 0);
	ck_assert_uint_eq(chk.bad, 2);
	ck_assert_uint_eq(chk.first_bad, 5);
	ck_assert_str_eq(chk.why, "first_seen negative or after last_seen");
	store_close(s);
}
END_TEST

/* This file's test case. */
TCase *
tc_store_damage(void)
{
	TCase *tc = tcase_create("damage");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_crash);
	tcase_add_test(tc, test_corrupt_garbage);
	tcase_add_test(tc, test_corrupt_truncated);
	tcase_add_test(tc, test_corrupt_not_file);
	tcase_add_test(tc, test_corrupt_pages);
	tcase_add_test(tc, test_corrupt_record);
	tcase_add_test(tc, test_store_without_journal);
	tcase_add_test(tc, test_journal_odd_key);
	tcase_add_test(tc, test_record_v1);
	tcase_add_test(tc, test_verify_records);
	return tc;
}
