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
 * store_lmdb.c: the LMDB backend of the cluster store.
 *
 * One environment (a directory, mode 0700, files 0600) with named DBs:
 *
 *   clusters  id (8 bytes big-endian, so keys sort by id) -> record
 *   exact     SHA-256 (32 bytes) -> id (8 bytes big-endian)
 *   exactrev  id -> SHA-256, DUPSORT|DUPFIXED: lets a deleted cluster take
 *             its exact entries with it, and caps them per cluster
 *   meta      "format" (u32), "score_mode" (string), "next_id" (u64),
 *             "generation" (u64); integers little-endian
 *   stats     hour (8 bytes big-endian) -> messages, tagged, rejected
 *             (3 x u32 little-endian); hours older than STATS_KEEP_HOURS
 *             are pruned as new hours are added
 *   journal   generation (8 bytes big-endian) -> the ids (u64 little-
 *             endian each) of the records that commit changed; the last
 *             JOURNAL_KEEP commits (below). Added in 2026-11: a store
 *             without it gets it at its first open to write, and from
 *             then on the versions before refuse the store ("an unknown
 *             table"): export with this version, import with that one
 *
 * The map starts at 16 MiB and doubles when a write finds it full, up to
 * 7/8 of map_max (StoreMaxSize); the last 1/8 is a reserve for the
 * deletions that make room there (store.c: make_room), since a deletion
 * copies pages too. Another process that grew the map is followed when a
 * transaction begins (MDB_MAP_RESIZED).
 *
 * Durability. By default (sync_ms 0) a commit is LMDB's synchronous one:
 * the data pages synced, then the meta page written and synced, so a
 * process killed or a system stopped at any moment leaves the last
 * committed state. With sync_ms (the milter's StoreSyncDelay) a writer
 * opens with MDB_NOMETASYNC: a commit syncs its data pages and writes its
 * meta page without the second sync, which the next commit's data sync
 * (or the syncer thread below, sync_ms after the commit) makes. That is
 * one sync a commit instead of two. lmdb.h: this "maintains database
 * integrity, but a system crash may undo the last committed transaction"
 * (LMDB keeps the pages of the two last states until a third is
 * committed, so undoing one is safe). What a system crash can lose is
 * thus the last commit, if it came less than sync_ms before; a process
 * killed loses nothing, since its writes are in the kernel's page cache.
 * Never MDB_NOSYNC: there lmdb.h says a system crash can corrupt the
 * file. store.c groups the writes of several threads into one commit
 * (group commit) for throughput. MDB_NOTLS
 * because libmilter runs callbacks on a pool of threads and read
 * transactions must not be tied to one.
 */
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <lmdb.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "log.h"
#include "store.h"
#include "store_backend.h"
#include "store_lmdb_page.h"
#include "util.h"

/* Exit statuses of the forked check (verify_child): 0 sound. */
#define CHECK_DAMAGED	97	/* damaged; the reason is on the pipe */
#define CHECK_UNSURE	98	/* could not tell (no memory): go on */
#define CHECK_LOCKED	99	/* the writer lock held elsewhere: no trial
				   write made, go on */
#define CHECK_LOCK_WAIT	10	/* seconds the trial write waits for it */
#define FORMAT_VERSION		1
#define START_MAP_SIZE		((size_t)16 << 20)	/* doubles when full */
#define DEFAULT_MAP_MAX		((size_t)1 << 30)
#define MAX_READERS		254
#define STATS_KEEP_HOURS	(24 * 62)

/*
 * The journal: every writer records, under its commit's generation, the
 * ids of the records the commit changed, so that another process using
 * the store (the milter beside nilsimsactl, or beside another milter)
 * brings its match array up to date by reading those records rather
 * than all of them, and does it under the writer lock in a moment
 * instead of a full read (store_array.c refresh()). Kept: the last
 * JOURNAL_KEEP commits, in at most 1/JOURNAL_SHARE of the map (pruned
 * every JOURNAL_PRUNE commits). A commit that changed more than
 * JOURNAL_IDS records (an import batch is STORE_PUT_BATCH) is not
 * journaled, and its generation's entry is deleted should one be there
 * (a damaged store, a generation gone back); a reader that finds a
 * commit missing, or an entry it cannot read, rebuilds in full, as
 * before the journal. An odd key in the table is no damage: it is
 * pruned, and a reader rebuilds.
 */
#define JOURNAL_KEEP	4096
#define JOURNAL_PRUNE	64	/* commits between prunings */
#define JOURNAL_IDS	256
#define JOURNAL_SHARE	64	/* of map_max, the journal's pages at most */

struct store_backend {
	MDB_env		*env;
	MDB_dbi		 clusters, exact, exactrev, meta, stats, journal;
	int		 has_journal;	/* the table is there (older stores
					   opened read-only may lack it) */
	int		 rdonly;
	size_t		 map_max;
	/*
	 * mdb_env_set_mapsize() needs every transaction of the process
	 * ended: each transaction holds the read side from begin to end,
	 * a resize the write side.
	 */
	pthread_rwlock_t resize;
	/*
	 * The syncer (sync_ms > 0, writers only): a thread that syncs the
	 * file sync_ms after a commit left its meta page unsynced (under
	 * load the next commit's data sync has mostly done it already).
	 * smu guards what follows it.
	 */
	unsigned int	 sync_ms;
	pthread_t	 syncer;
	pthread_mutex_t	 smu;
	pthread_cond_t	 scv;
	int		 unsynced;	/* a commit since the last sync */
	int		 stop;		/* the syncer is to end */
	int		 full;		/* a sync failed: commits sync in full */
};

/* What the last open found damaged (open runs before any thread). */
static char	damage_why[STORE_WHY_MAX];

struct store_btxn {
	struct store_backend	*b;
	MDB_txn			*txn;
	int			 dirty;
	struct util_ids		 jid;	/* records changed, for the journal */
	int			 jfull;	/* more than JOURNAL_IDS, or no memory:
					   this commit is not journaled */
};

static int
map_err(int rc)
{
	switch (rc) {
	case MDB_NOTFOUND:
		return STORE_ENOTFOUND;
	case MDB_INVALID:
	case MDB_CORRUPTED:
	case MDB_PAGE_NOTFOUND:
	case MDB_BAD_VALSIZE:
		return STORE_ECORRUPT;
	case MDB_VERSION_MISMATCH:
		return STORE_EVERSION;
	case MDB_MAP_FULL:
		return STORE_EFULL;
	default:
		return rc;
	}
}

static void
put_be64(unsigned char *p, uint64_t v)
{
	for (int i = 7; i >= 0; i--, v >>= 8)
		p[i] = v & 0xff;
}

static uint64_t
get_be64(const unsigned char *p)
{
	uint64_t	v = 0;

	for (int i = 0; i < 8; i++)
		v = v << 8 | p[i];
	return v;
}





/* Meta integers: absent is STORE_ENOTFOUND, a wrong size is corruption. */
static int
meta_get_u64(MDB_txn *txn, MDB_dbi dbi, const char *name, uint64_t *v)
{
	MDB_val	k = { strlen(name), (void *)name }, d;
	int	rc;

	if ((rc = mdb_get(txn, dbi, &k, &d)) != 0)
		return map_err(rc);
	if (d.mv_size != 8)
		return STORE_ECORRUPT;
	*v = get64(d.mv_data);
	return 0;
}

static int
meta_put_u64(MDB_txn *txn, MDB_dbi dbi, const char *name, uint64_t v)
{
	unsigned char	buf[8];
	MDB_val		k = { strlen(name), (void *)name }, d = { 8, buf };

	put64(buf, v);
	return map_err(mdb_put(txn, dbi, &k, &d, 0));
}

/*
 * A data file shorter than the pages its meta page claims would be mapped
 * past its end: touching those pages raises SIGBUS. LMDB does not check,
 * so we do before the first transaction.
 */
static int
check_file_size(struct store_backend *b, const char *dir)
{
	MDB_envinfo	 info;
	MDB_stat	 st;
	struct stat	 sb;
	char		 path[PATH_MAX];
	int		 rc;

	if ((rc = mdb_env_info(b->env, &info)) != 0 ||
	    (rc = mdb_env_stat(b->env, &st)) != 0)
		return map_err(rc);
	if ((size_t)snprintf(path, sizeof(path), "%s/data.mdb", dir) >=
	    sizeof(path))
		return ENAMETOOLONG;
	if (stat(path, &sb) == -1)
		return errno;
	if ((uint64_t)sb.st_size <
	    ((uint64_t)info.me_last_pgno + 1) * st.ms_psize) {
		snprintf(damage_why, sizeof(damage_why), "data.mdb has %lld "
		    "bytes, its pages need %llu", (long long)sb.st_size,
		    ((unsigned long long)info.me_last_pgno + 1) * st.ms_psize);
		return STORE_ECORRUPT;
	}
	return 0;
}

static int
open_dbs(struct store_backend *b, MDB_txn *txn)
{
	unsigned int	 c = b->rdonly ? 0 : MDB_CREATE;
	int		 rc;

	if ((rc = mdb_dbi_open(txn, "meta", c, &b->meta)) != 0 ||
	    (rc = mdb_dbi_open(txn, "clusters", c, &b->clusters)) != 0 ||
	    (rc = mdb_dbi_open(txn, "exact", c, &b->exact)) != 0 ||
	    (rc = mdb_dbi_open(txn, "exactrev", c | MDB_DUPSORT | MDB_DUPFIXED,
	    &b->exactrev)) != 0 ||
	    (rc = mdb_dbi_open(txn, "stats", c, &b->stats)) != 0)
		return rc;
	/* a table of 2026-11: an older store opened read-only lacks it */
	rc = mdb_dbi_open(txn, "journal", c, &b->journal);
	b->has_journal = rc == 0;
	return rc == MDB_NOTFOUND ? 0 : rc;
}

/* A new store records its format and score mode in the same txn. */
static int
init_meta(struct store_backend *b, MDB_txn *txn, const char *mode)
{
	unsigned char	 buf[4];
	MDB_val		 k, d;
	int		 rc;

	put32(buf, FORMAT_VERSION);
	k = (MDB_val){ 6, "format" };
	d = (MDB_val){ 4, buf };
	if ((rc = mdb_put(txn, b->meta, &k, &d, 0)) != 0)
		return map_err(rc);
	k = (MDB_val){ 10, "score_mode" };
	d = (MDB_val){ strlen(mode), (void *)mode };
	if ((rc = mdb_put(txn, b->meta, &k, &d, 0)) != 0)
		return map_err(rc);
	if ((rc = meta_put_u64(txn, b->meta, "next_id", 1)) != 0)
		return rc;
	return meta_put_u64(txn, b->meta, "generation", 1);
}

static int
check_meta(struct store_backend *b, MDB_txn *txn, const char *mode)
{
	MDB_val		 k = { 6, "format" }, d;
	uint64_t	 v;
	int		 rc;

	if ((rc = mdb_get(txn, b->meta, &k, &d)) != 0)
		return map_err(rc);
	if (d.mv_size != 4)
		return STORE_ECORRUPT;
	if (get32(d.mv_data) != FORMAT_VERSION)
		return STORE_EVERSION;
	k = (MDB_val){ 10, "score_mode" };
	if ((rc = mdb_get(txn, b->meta, &k, &d)) != 0)
		return rc == MDB_NOTFOUND ? STORE_ECORRUPT : map_err(rc);
	if (d.mv_size != strlen(mode) || memcmp(d.mv_data, mode, d.mv_size))
		return STORE_EPROFILE;
	if ((rc = meta_get_u64(txn, b->meta, "next_id", &v)) != 0 ||
	    (rc = meta_get_u64(txn, b->meta, "generation", &v)) != 0)
		return rc == STORE_ENOTFOUND ? STORE_ECORRUPT : rc;
	return 0;
}

/*
 * Read-only: the DBs must exist. Writer: create them and the meta record
 * on first use. Either way a store whose meta does not parse is refused.
 */
static int
setup(struct store_backend *b, const char *mode)
{
	MDB_txn		*txn;
	MDB_val		 k = { 6, "format" }, d;
	int		 rc;

	if ((rc = mdb_txn_begin(b->env, NULL, b->rdonly ? MDB_RDONLY : 0,
	    &txn)) != 0)
		return map_err(rc);
	if ((rc = open_dbs(b, txn)) != 0) {
		mdb_txn_abort(txn);
		/* A read-only open of a store never written: nothing there. */
		return rc == MDB_NOTFOUND ? ENOENT :
		    rc == MDB_INCOMPATIBLE ? STORE_ECORRUPT : map_err(rc);
	}
	if (!b->rdonly && mdb_get(txn, b->meta, &k, &d) == MDB_NOTFOUND) {
		MDB_stat	st;

		/* Only an empty store may be initialised. */
		if ((rc = mdb_stat(txn, b->clusters, &st)) == 0 &&
		    st.ms_entries != 0)
			rc = STORE_ECORRUPT;
		if (rc == 0)
			rc = init_meta(b, txn, mode);
	} else
		rc = check_meta(b, txn, mode);
	if (rc != 0) {
		mdb_txn_abort(txn);
		return map_err(rc);
	}
	if ((rc = mdb_txn_commit(txn)) != 0)
		return map_err(rc);
	return 0;
}

/*
 * The structural check, run in a child process before a store is opened
 * (LMDB keeps no checksums and trusts its pages: garbage inside the
 * B-trees makes it fail an assertion or fault, in the child instead of
 * the milter). In one read transaction it
 *
 *  - reads every record of every table, touching keys and values, so
 *    that every page reachable from the meta page is faulted in;
 *  - checks each page that holds a record against the layout LMDB's
 *    writes rely on (store_lmdb_page.c), when the walk first reaches it;
 *  - checks each table's shape: the main table holds exactly our five
 *    tables, keys and values have their sizes, keys (and the duplicates
 *    of one key) in ascending order, meta its values, the exactrev
 *    lists at most STORE_EXACT_PER_CLUSTER entries a cluster;
 *  - checks the free list: page numbers in range, none twice, none a
 *    page that holds a record (a write would reuse it and overwrite
 *    live data: the damage that crashed writes, not reads);
 *  - checks the accounting: pages of every tree + free pages + the two
 *    meta pages = the pages in use (mdb_audit's invariant), and that
 *    every page in use that holds no record and is not free is a sound
 *    branch page.
 *
 * A store opened for writing is then given a trial write, aborted: page
 * allocation reads the free list in ways a read does not. The child
 * exits 0 (sound), 1 (damaged: the reason on the pipe), 2 (could not
 * tell); a child killed by a signal means damaged.
 */
struct check {
	MDB_txn		*txn;
	const char	*base;		/* the map */
	size_t		 psize, npages;	/* page size, pages in use */
	unsigned char	*held;		/* bitmap: pages that hold records */
	unsigned char	*freed;		/* bitmap: pages on the free list */
	size_t		 tree_pages;
	char		 why[STORE_WHY_MAX];
};

/* Record the first problem; returns STORE_ECORRUPT. */
static int __attribute__((format(printf, 2, 3)))
damaged(struct check *ck, const char *fmt, ...)
{
	va_list	ap;

	if (ck->why[0] == '\0') {
		va_start(ap, fmt);
		vsnprintf(ck->why, sizeof(ck->why), fmt, ap);
		va_end(ap);
	}
	return STORE_ECORRUPT;
}

/*
 * Mark the page under p as holding a record (p is inside the map), and
 * check the page when first seen (lmdb_page_check: it names itself, so
 * that a page copied or swapped elsewhere, or zeroed, does not pass, and
 * its nodes fit it). Overflow pages after the first have no header; all
 * the pages of an overflow are held, also those past a value that LMDB
 * shrank in place (the free list's records).
 */
static int
hold(struct check *ck, const void *p, size_t len)
{
	size_t		off, pg, first, last, span;

	if (ck->base == NULL || (const char *)p < ck->base)
		return 0;
	off = (size_t)((const char *)p - ck->base);
	first = off / ck->psize;
	if (first >= ck->npages)
		return 0;	/* not in the map: a copy LMDB made */
	/*
	 * A key or value small enough to sit in its page (LMDB moves larger
	 * ones to overflow pages) must end in it: a damaged node size would
	 * make LMDB copy past its page when it moves or deletes the node.
	 */
	if (len + 64 < ck->psize / 2 && off % ck->psize + len > ck->psize)
		return damaged(ck, "page %zu: a node of %zu bytes runs past its "
		    "end", first, len);
	/* LEAF2 pages are exactrev's duplicates: 32 bytes each. */
	if (!(ck->held[first / 8] & 1 << (first % 8)) &&
	    lmdb_page_check((const unsigned char *)ck->base, ck->psize,
	    ck->npages, first, LMDB_PAGE_TREE | LMDB_PAGE_LEAF2(32), ck->why,
	    sizeof(ck->why)) != 0)
		return STORE_ECORRUPT;
	last = (off + (len ? len - 1 : 0)) / ck->psize;
	span = lmdb_page_span((const unsigned char *)ck->base, ck->psize, first);
	if (last >= first + span)
		return damaged(ck, "page %zu: a value of %zu bytes on %zu pages",
		    first, len, span);
	for (pg = first; pg < ck->npages && pg < first + span; pg++)
		ck->held[pg / 8] |= 1 << (pg % 8);
	return 0;
}

/* The size a table's keys and values must have (0: any). */
struct shape {
	const char	*name;
	unsigned int	 flags;
	size_t		 klen, dlen;
	int		 later;		/* added since: a store may lack it */
};

static const struct shape shapes[] = {
	{ "meta", 0, 0, 0, 0 },
	{ "clusters", 0, 8, 0, 0 },
	{ "exact", 0, 32, 8, 0 },
	{ "exactrev", MDB_DUPSORT | MDB_DUPFIXED, 8, 32, 0 },
	{ "stats", 0, 8, 12, 0 },
	{ "journal", 0, 0, 0, 1 },
};
#define NSHAPES	(sizeof(shapes) / sizeof(shapes[0]))

/* A meta value: the sizes init_meta writes. */
static int
check_meta_rec(struct check *ck, const MDB_val *k, const MDB_val *d)
{
	static const struct { const char *name; size_t len; } m[] = {
		{ "format", 4 }, { "next_id", 8 }, { "generation", 8 },
		{ "score_mode", 0 }
	};
	size_t	i;

	for (i = 0; i < sizeof(m) / sizeof(m[0]); i++)
		if (k->mv_size == strlen(m[i].name) &&
		    memcmp(k->mv_data, m[i].name, k->mv_size) == 0)
			break;
	if (i == sizeof(m) / sizeof(m[0]))
		return damaged(ck, "meta: unknown key");
	if (m[i].len != 0 ? d->mv_size != m[i].len :
	    d->mv_size == 0 || d->mv_size > 256)
		return damaged(ck, "meta: %s: value of %zu bytes", m[i].name,
		    d->mv_size);
	return 0;
}

/* The last key and value a table's walk saw. */
struct order {
	unsigned char	 k[512], d[512];
	size_t		 klen, dlen;
	int		 any;
};

/* LMDB's default order (mdb_cmp_memn): bytes, then the shorter first. */
static int
cmp_memn(const void *a, size_t alen, const void *b, size_t blen)
{
	int	c = memcmp(a, b, alen < blen ? alen : blen);

	return c != 0 ? c : (alen > blen) - (alen < blen);
}

/*
 * Keys ascend through a table (integers in the free list's, intkey), and
 * the duplicates of one key too (dupsort): a branch page that points to
 * the wrong page shows here.
 */
static int
in_order(struct check *ck, struct order *o, const MDB_val *k,
    const MDB_val *d, int dupsort, int intkey)
{
	uint64_t	a, b;
	int		c;

	if (k->mv_size >= sizeof(o->k) || (dupsort && d->mv_size >= sizeof(o->d)))
		return damaged(ck, "a key of %zu bytes", k->mv_size);
	if (o->any) {
		if (intkey && k->mv_size == 8 && o->klen == 8) {
			memcpy(&a, o->k, 8);
			memcpy(&b, k->mv_data, 8);
			c = (a > b) - (a < b);
		} else
			c = cmp_memn(o->k, o->klen, k->mv_data, k->mv_size);
		if (c > 0 || (c == 0 && (!dupsort || cmp_memn(o->d, o->dlen,
		    d->mv_data, d->mv_size) >= 0)))
			return damaged(ck, "keys out of order");
	}
	memcpy(o->k, k->mv_data, o->klen = k->mv_size);
	if (dupsort)
		memcpy(o->d, d->mv_data, o->dlen = d->mv_size);
	o->any = 1;
	return 0;
}

/*
 * Every record of one table: sizes, order, and each page holding one
 * marked (and checked when first seen).
 */
static int
check_table(struct check *ck, MDB_dbi dbi, const struct shape *sh)
{
	MDB_cursor	*cur;
	MDB_val		 k, d;
	MDB_stat	 st;
	struct order	 o;
	size_t		 ndup;
	int		 rc;

	o.any = 0;

	if ((rc = mdb_stat(ck->txn, dbi, &st)) != 0)
		return rc;
	ck->tree_pages += st.ms_branch_pages + st.ms_leaf_pages +
	    st.ms_overflow_pages;
	if ((rc = mdb_cursor_open(ck->txn, dbi, &cur)) != 0)
		return rc;
	for (rc = mdb_cursor_get(cur, &k, &d, MDB_FIRST); rc == 0;
	    rc = mdb_cursor_get(cur, &k, &d, MDB_NEXT)) {
		if ((rc = hold(ck, k.mv_data, k.mv_size)) != 0 ||
		    (rc = hold(ck, d.mv_data, d.mv_size)) != 0)
			break;
		if (sh != NULL && ((sh->klen && k.mv_size != sh->klen) ||
		    (sh->dlen && d.mv_size != sh->dlen))) {
			rc = damaged(ck, "%s: a record of %zu+%zu bytes",
			    sh->name, k.mv_size, d.mv_size);
			break;
		}
		if ((rc = in_order(ck, &o, &k, &d, sh != NULL &&
		    (sh->flags & MDB_DUPSORT), dbi == 0)) != 0)
			break;
		if (sh == NULL || dbi == 0)
			continue;
		if (strcmp(sh->name, "meta") == 0 &&
		    (rc = check_meta_rec(ck, &k, &d)) != 0)
			break;
		if ((sh->flags & MDB_DUPSORT) &&
		    ((rc = mdb_cursor_count(cur, &ndup)) != 0 ||
		    ndup > STORE_EXACT_PER_CLUSTER)) {
			if (rc == 0)
				rc = damaged(ck, "%s: %zu entries for one key",
				    sh->name, ndup);
			break;
		}
	}
	mdb_cursor_close(cur);
	if (rc == MDB_NOTFOUND)
		return 0;
	if (rc != ENOMEM)
		return damaged(ck, "%s: %s", sh != NULL ? sh->name :
		    "main table", mdb_strerror(rc));
	return rc;
}

/* The main table names our five tables and nothing else. */
static int
check_tables(struct check *ck)
{
	MDB_cursor	*cur;
	MDB_val		 k, d;
	MDB_dbi		 dbi;
	size_t		 i, n = 0;
	int		 rc;

	if ((rc = mdb_dbi_open(ck->txn, NULL, 0, &dbi)) != 0 ||
	    (rc = check_table(ck, dbi, NULL)) != 0 ||
	    (rc = mdb_cursor_open(ck->txn, dbi, &cur)) != 0)
		return rc;
	for (rc = mdb_cursor_get(cur, &k, &d, MDB_FIRST); rc == 0;
	    rc = mdb_cursor_get(cur, &k, &d, MDB_NEXT)) {
		for (i = 0; i < NSHAPES; i++)
			if (k.mv_size == strlen(shapes[i].name) &&
			    memcmp(k.mv_data, shapes[i].name, k.mv_size) == 0)
				break;
		if (i == NSHAPES) {
			rc = damaged(ck, "an unknown table");
			break;
		}
		n++;
	}
	mdb_cursor_close(cur);
	if (rc != MDB_NOTFOUND)
		return rc;
	for (i = 0; i < NSHAPES; i++) {
		rc = mdb_dbi_open(ck->txn, shapes[i].name, shapes[i].flags, &dbi);
		if (rc == MDB_NOTFOUND && ((n == 0 && ck->npages <= 4) ||
		    shapes[i].later))
			continue;	/* never initialised, or older */
		if (rc == MDB_NOTFOUND)
			return damaged(ck, "no table %s in a file of %zu pages",
			    shapes[i].name, ck->npages);
		if (rc == MDB_INCOMPATIBLE)
			return damaged(ck, "%s: wrong table flags",
			    shapes[i].name);
		if (rc != 0 && rc != ENOMEM)
			return damaged(ck, "%s: %s", shapes[i].name,
			    mdb_strerror(rc));
		if (rc != 0 || (rc = check_table(ck, dbi, &shapes[i])) != 0)
			return rc;
	}
	return 0;
}

/* The free list: counts and page numbers in range, none twice or in use. */
static int
check_free(struct check *ck, size_t *nfree)
{
	static const struct shape	 fsh = { "free list", 0, 8, 0, 0 };
	MDB_cursor			*cur;
	MDB_val				 k, d;
	unsigned char			*seen;
	size_t				 c, i, pg;
	int				 rc;

	*nfree = 0;
	if ((rc = check_table(ck, 0, &fsh)) != 0)
		return rc;
	if ((seen = ck->freed = calloc(ck->npages / 8 + 1, 1)) == NULL)
		return ENOMEM;
	if ((rc = mdb_cursor_open(ck->txn, 0, &cur)) != 0)
		return rc;
	while (rc == 0 && (rc = mdb_cursor_get(cur, &k, &d, MDB_NEXT)) == 0) {
		memcpy(&c, d.mv_data, sizeof(c));
		if (d.mv_size % sizeof(c) != 0 ||
		    c != d.mv_size / sizeof(c) - 1) {
			rc = damaged(ck, "free list: a list of %zu bytes "
			    "claims %zu pages", d.mv_size, c);
			break;
		}
		for (i = 1; i <= c && rc == 0; i++) {
			memcpy(&pg, (const char *)d.mv_data + i * sizeof(pg),
			    sizeof(pg));
			if (pg < 2 || pg >= ck->npages)
				rc = damaged(ck, "free list: page %zu of %zu",
				    pg, ck->npages);
			else if (seen[pg / 8] & 1 << (pg % 8))
				rc = damaged(ck, "free list: page %zu twice", pg);
			else if (ck->held[pg / 8] & 1 << (pg % 8))
				rc = damaged(ck, "free list: page %zu holds "
				    "records", pg);
			seen[pg / 8] |= 1 << (pg % 8);
		}
		*nfree += c;
	}
	mdb_cursor_close(cur);
	return rc == MDB_NOTFOUND ? 0 : rc;
}

/* Every page in use that holds no record and is not free: a branch page. */
static int
check_branches(struct check *ck)
{
	size_t	pg;

	if (ck->base == NULL)
		return 0;
	for (pg = 2; pg < ck->npages; pg++)
		if (!(ck->held[pg / 8] & 1 << (pg % 8)) &&
		    !(ck->freed[pg / 8] & 1 << (pg % 8)) &&
		    lmdb_page_check((const unsigned char *)ck->base, ck->psize,
		    ck->npages, pg, LMDB_PAGE_BRANCH, ck->why,
		    sizeof(ck->why)) != 0)
			return STORE_ECORRUPT;
	return 0;
}

/*
 * Where LMDB mapped data.mdb (mdb_env_info() gives the address only for
 * MDB_FIXEDMAP): the mapping of the file's inode at offset 0, from
 * /proc/self/maps, that holds hint (a record of txn's main table). A
 * process that has the store open, and forked the check, has another
 * mapping of the file. NULL if not found (or the file holds no table):
 * the page checks are then skipped.
 */
static const char *
map_base(MDB_env *env, MDB_txn *txn)
{
	MDB_cursor		*cur;
	MDB_val			 k, d;
	MDB_dbi			 dbi;
	const char		*hint, *dir;
	char			 path[PATH_MAX], line[PATH_MAX + 128];
	struct stat		 sb;
	unsigned long long	 start, end, off, ino;
	const char		*base = NULL;
	FILE			*fp;

	if (mdb_dbi_open(txn, NULL, 0, &dbi) != 0 ||
	    mdb_cursor_open(txn, dbi, &cur) != 0)
		return NULL;
	hint = mdb_cursor_get(cur, &k, &d, MDB_FIRST) == 0 ? k.mv_data : NULL;
	mdb_cursor_close(cur);
	if (hint == NULL)
		return NULL;
	if (mdb_env_get_path(env, &dir) != 0 || (size_t)snprintf(path,
	    sizeof(path), "%s/data.mdb", dir) >= sizeof(path) ||
	    stat(path, &sb) == -1 || (fp = fopen("/proc/self/maps", "re")) == NULL)
		return NULL;
	while (base == NULL && fgets(line, sizeof(line), fp) != NULL)
		if (sscanf(line, "%llx-%llx %*s %llx %*s %llu", &start, &end,
		    &off, &ino) == 4 && ino == (unsigned long long)sb.st_ino &&
		    off == 0 && (uintptr_t)hint >= start && (uintptr_t)hint < end)
			base = (const char *)(uintptr_t)start;
	fclose(fp);
	return base;
}

/* The whole structural check in read transaction txn of env. */
static int
check_env(MDB_env *env, MDB_txn *txn, struct check *ck)
{
	MDB_envinfo	 info;
	MDB_stat	 st;
	size_t		 nfree;
	int		 rc;

	if ((rc = mdb_env_info(env, &info)) != 0 ||
	    (rc = mdb_env_stat(env, &st)) != 0)
		return rc;
	/* The pages in use are the last commit's: the snapshot's only if
	 * nothing was committed since it began. */
	if (info.me_last_txnid != mdb_txn_id(txn))
		return EAGAIN;
	ck->txn = txn;
	ck->base = map_base(env, txn);
	ck->psize = st.ms_psize;
	ck->npages = info.me_last_pgno + 1;
	if ((ck->held = calloc(ck->npages / 8 + 1, 1)) == NULL)
		return ENOMEM;
	if ((rc = check_tables(ck)) == 0 && (rc = check_free(ck, &nfree)) == 0 &&
	    ck->tree_pages + nfree + 2 != ck->npages)
		rc = damaged(ck, "%zu pages in use, but the tables hold %zu "
		    "and the free list %zu", ck->npages, ck->tree_pages, nfree);
	if (rc == 0)
		rc = check_branches(ck);
	free(ck->held);
	free(ck->freed);
	ck->held = ck->freed = NULL;
	return rc;
}

/*
 * The writer lock did not come within CHECK_LOCK_WAIT: another process
 * holds it (a nilsimsactl stopped in a write, another milter). That is
 * no damage, and the check cannot wait for it without a bound.
 */
static void
lock_wait_over(int sig)
{
	(void)sig;
	_exit(CHECK_LOCKED);
}

/* A write transaction, its wait for the writer lock bounded (above). */
static int
trial_begin(MDB_env *env, MDB_txn **txn)
{
	struct sigaction	sa;
	sigset_t		set;
	int			rc;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = lock_wait_over;
	sigemptyset(&sa.sa_mask);
	(void)sigaction(SIGALRM, &sa, NULL);
	sigemptyset(&set);		/* whatever the parent blocked */
	sigaddset(&set, SIGALRM);
	(void)sigprocmask(SIG_UNBLOCK, &set, NULL);
	alarm(CHECK_LOCK_WAIT);
	rc = mdb_txn_begin(env, NULL, 0, txn);
	alarm(0);
	return rc;
}

/* A trial write, aborted: what the milter's first writes do. */
static int
trial_write(MDB_env *env)
{
	MDB_txn		*txn;
	MDB_dbi		 dbi;
	MDB_val		 k, d;
	unsigned char	 kb[8], rec[536];
	int		 rc, i;

	/* A writer that grew the map meanwhile: follow it, once. */
	if ((rc = trial_begin(env, &txn)) == MDB_MAP_RESIZED &&
	    (rc = mdb_env_set_mapsize(env, 0)) == 0)
		rc = trial_begin(env, &txn);
	if (rc != 0)
		return rc;
	memset(rec, 0, sizeof(rec));
	for (i = 0; i < (int)NSHAPES && rc == 0; i++) {
		rc = mdb_dbi_open(txn, shapes[i].name, shapes[i].flags, &dbi);
		if (rc == MDB_NOTFOUND) {
			rc = 0;
			continue;
		}
		for (int j = 0; j < 64 && rc == 0; j++) {
			put_be64(kb, UINT64_MAX - (uint64_t)j);
			k = (MDB_val){ shapes[i].klen ? shapes[i].klen : 8, kb };
			d = (MDB_val){ shapes[i].dlen ? shapes[i].dlen : 536, rec };
			if (shapes[i].klen == 32)
				k.mv_data = rec;
			rec[0] = (unsigned char)j;
			rc = mdb_put(txn, dbi, &k, &d, 0);
		}
		if (rc == 0 && (rc = mdb_get(txn, dbi, &k, &d)) == 0)
			rc = mdb_del(txn, dbi, &k, NULL);
	}
	mdb_txn_abort(txn);
	return rc == MDB_MAP_FULL ? 0 : rc;
}

/*
 * The two meta pages, read before LMDB maps the file: the newer one's
 * page count must fit in the file (a damaged count makes LMDB map
 * terabytes, ENOMEM), and a meta page LMDB refuses as another version
 * is damage here (every LMDB 0.9 writes data version 1), as are page
 * sizes that differ (LMDB would map with a wrong one: SIGBUS). Layout of
 * MDB_meta on a 64-bit host: magic at 16, version 20, dbs[0].md_pad (the
 * page size) 40, last_pg 136, txnid 144.
 */
static int
check_header(const char *path, struct check *ck)
{
	unsigned char	 m[2][152];
	uint32_t	 magic, version, psize;
	uint64_t	 last[2], txnid[2];
	struct stat	 sb;
	int		 fd, i, best = -1;

	if (sizeof(size_t) != 8)
		return 0;
	/* O_NONBLOCK: a FIFO put in its place must not block the open. */
	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)) == -1)
		return 0;	/* no file yet, or LMDB will say */
	if (fstat(fd, &sb) == -1) {
		close(fd);
		return 0;
	}
	if (!S_ISREG(sb.st_mode)) {
		close(fd);
		return damaged(ck, "data.mdb is not a regular file");
	}
	if (pread(fd, m[0], sizeof(m[0]), 0) != (ssize_t)sizeof(m[0])) {
		close(fd);
		return 0;
	}
	memcpy(&psize, m[0] + 40, 4);
	memcpy(&magic, m[0] + 16, 4);
	if (magic == 0xBEEFC0DE && (psize < 512 || psize > 65536 ||
	    (psize & (psize - 1)) != 0)) {
		close(fd);
		return damaged(ck, "meta page 0: page size %u", psize);
	}
	if (magic != 0xBEEFC0DE ||
	    pread(fd, m[1], sizeof(m[1]), psize) != (ssize_t)sizeof(m[1])) {
		close(fd);
		return 0;	/* LMDB refuses it: MDB_INVALID */
	}
	close(fd);
	for (i = 0; i < 2; i++) {
		uint32_t	ps;

		memcpy(&magic, m[i] + 16, 4);
		memcpy(&version, m[i] + 20, 4);
		memcpy(&ps, m[i] + 40, 4);
		memcpy(&last[i], m[i] + 136, 8);
		memcpy(&txnid[i], m[i] + 144, 8);
		if (magic != 0xBEEFC0DE)
			continue;
		if (version != 1)
			return damaged(ck, "meta page %d: data version %u", i,
			    version);
		/* LMDB maps with the newer meta's page size: both must agree. */
		if (ps != psize)
			return damaged(ck, "meta page %d: page size %u, not %u",
			    i, ps, psize);
		if (best == -1 || txnid[i] > txnid[best])
			best = i;
	}
	if (best != -1 && (last[best] >= (uint64_t)sb.st_size / psize))
		return damaged(ck, "meta page %d claims %llu pages, the file "
		    "has %lld", best, (unsigned long long)last[best] + 1,
		    (long long)sb.st_size / psize);
	return 0;
}

/* The child's half of verify(): 0 sound, 1 damaged, 2 could not tell. */
static int
verify_child(const char *path, int rw, int fd)
{
	struct check	 ck;
	MDB_env		*env;
	MDB_txn		*txn;
	char		 file[PATH_MAX];
	int		 rc;

	memset(&ck, 0, sizeof(ck));
	snprintf(file, sizeof(file), "%s/data.mdb", path);
	if (check_header(file, &ck) != 0) {
		(void)!write(fd, ck.why, strlen(ck.why));
		return CHECK_DAMAGED;
	}
	if (mdb_env_create(&env) != 0)
		return CHECK_UNSURE;
	/* The map the data need, not the meta's mapsize (damaged: ENOMEM). */
	if ((rc = mdb_env_set_maxdbs(env, 8)) == 0 &&
	    (rc = mdb_env_set_mapsize(env, 1 << 20)) == 0 &&
	    (rc = mdb_env_open(env, path, MDB_NOTLS | (rw ? 0 : MDB_RDONLY),
	    0600)) == 0) {
		/*
		 * Another process commits meanwhile: try a newer snapshot,
		 * in a map grown as the writer grew it.
		 */
		for (int tries = 0; tries < 100; tries++) {
			rc = mdb_txn_begin(env, NULL, MDB_RDONLY, &txn);
			if (rc == MDB_MAP_RESIZED &&
			    (rc = mdb_env_set_mapsize(env, 0)) == 0) {
				rc = EAGAIN;
				continue;
			}
			if (rc != 0)
				break;
			rc = check_env(env, txn, &ck);
			mdb_txn_abort(txn);
			if (rc != EAGAIN)
				break;
		}
		/* Our tables refused by LMDB (damaged flags): damage. */
		if (rc != 0 && rc != EAGAIN && rc != ENOMEM && ck.why[0] == '\0')
			damaged(&ck, "%s", mdb_strerror(rc));
		if (rc == 0 && rw) {
			rc = trial_write(env);
			if (rc != 0)
				damaged(&ck, "a trial write failed: %s",
				    mdb_strerror(rc));
		}
	}
	mdb_env_close(env);
	if (rc == 0)
		return 0;
	if (ck.why[0] == '\0' && (rc == MDB_INCOMPATIBLE ||
	    map_err(rc) == STORE_ECORRUPT))
		damaged(&ck, "%s", mdb_strerror(rc));
	if (ck.why[0] == '\0')
		return CHECK_UNSURE;
	(void)!write(fd, ck.why, strlen(ck.why));
	return CHECK_DAMAGED;
}

/*
 * The check's bound, in seconds of CPU: a store that makes the check
 * loop or wait (pages that lead a walk we did not foresee in circles, a
 * file that blocks) is damaged, and a daemon must not hang at its start
 * on one. 60 s, and 1 s more for each 8 MB of the file: a sound store
 * takes about 5 ms of CPU per MB, so the bound is over 100 times what a
 * sound store of any size needs. The parent waits at most three times
 * as long in real time, for a check that waits without spinning (or a
 * slow, loaded machine).
 */
static unsigned int
check_bound(const char *path)
{
	char		file[PATH_MAX];
	struct stat	sb;

	snprintf(file, sizeof(file), "%s/data.mdb", path);
	if (stat(file, &sb) == -1 || sb.st_size < 0)
		return 60;
	return 60 + (unsigned int)((uint64_t)sb.st_size >> 23 < 86400 ?
	    (uint64_t)sb.st_size >> 23 : 86400);
}

/*
 * Read the child's reason (into damage_why) from fd until it closes it,
 * at most bound seconds. Returns 0, or -1 on timeout.
 */
static int
read_reason(int fd, unsigned int bound)
{
	struct pollfd	pfd = { fd, POLLIN, 0 };
	struct timespec	now, end;
	size_t		have = 0;
	ssize_t		n;
	long		ms;

	clock_gettime(CLOCK_MONOTONIC, &end);
	end.tv_sec += bound;
	for (;;) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		ms = (end.tv_sec - now.tv_sec) * 1000 +
		    (end.tv_nsec - now.tv_nsec) / 1000000;
		if (ms <= 0)
			return -1;
		if (poll(&pfd, 1, ms > INT_MAX ? INT_MAX : (int)ms) == -1) {
			if (errno == EINTR)
				continue;
			return 0;	/* cannot wait: as if it ended */
		}
		if (pfd.revents == 0)
			continue;
		n = read(fd, damage_why + have, sizeof(damage_why) - 1 - have);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			return 0;
		have += (size_t)n;
		damage_why[have] = '\0';
		if (have == sizeof(damage_why) - 1)
			return 0;
	}
}

/*
 * Fork the check (see above), bounded (check_bound). Returns 0 to go on
 * (also when the check could not be made: a new store, no fork), or
 * STORE_ECORRUPT with the reason in damage_why. Before any allocation,
 * so that the child inherits nothing to leak.
 */
static int
verify(const char *path, int rw)
{
	struct sigaction	sa, old;
	struct rlimit		rl;
	unsigned int		bound;
	pid_t			pid, w;
	int			st, p[2], late;

	damage_why[0] = '\0';
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	bound = check_bound(path);
	if (pipe2(p, O_CLOEXEC) == -1)
		return 0;
	if (sigaction(SIGCHLD, &sa, &old) == -1 || (pid = fork()) == -1) {
		close(p[0]);
		close(p[1]);
		return 0;
	}
	if (pid == 0) {
		int	fd;

		close(p[0]);
		/* LMDB prints its failed assertion: not to our stderr. */
		if ((fd = open("/dev/null", O_WRONLY)) != -1)
			dup2(fd, STDERR_FILENO);
		/* Past the bound: SIGXCPU (a second later, SIGKILL). */
		rl.rlim_cur = bound;
		rl.rlim_max = (rlim_t)bound + 1;
		(void)setrlimit(RLIMIT_CPU, &rl);
		_exit(verify_child(path, rw, p[1]));
	}
	close(p[1]);
	if ((late = read_reason(p[0], 3 * bound)) == -1)
		kill(pid, SIGKILL);
	close(p[0]);
	while ((w = waitpid(pid, &st, 0)) == -1 && errno == EINTR)
		;
	sigaction(SIGCHLD, &old, NULL);
	if (w != pid)
		return 0;
	if (late == -1 || (WIFSIGNALED(st) && WTERMSIG(st) == SIGXCPU)) {
		snprintf(damage_why, sizeof(damage_why), "the check did not "
		    "end within its bound (%u s of CPU, %u s in all)", bound,
		    3 * bound);
		return STORE_ECORRUPT;
	}
	if (WIFSIGNALED(st)) {
		snprintf(damage_why, sizeof(damage_why), "reading its pages "
		    "crashed the check (signal %d)", WTERMSIG(st));
		return STORE_ECORRUPT;
	}
	if (WIFEXITED(st) && WEXITSTATUS(st) == CHECK_DAMAGED)
		return STORE_ECORRUPT;
	if (WIFEXITED(st) && WEXITSTATUS(st) == CHECK_LOCKED)
		log_warnx("store %s: another process holds its writer lock "
		    "(a stopped nilsimsactl?): checked without a trial write; "
		    "writes wait for it", path);
	else if (WIFEXITED(st) && WEXITSTATUS(st) != 0 &&
	    WEXITSTATUS(st) != CHECK_UNSURE) {
		/* not ours: a sanitizer's, or a library's exit on a fault */
		snprintf(damage_why, sizeof(damage_why), "reading its pages "
		    "ended the check (exit status %d)", WEXITSTATUS(st));
		return STORE_ECORRUPT;
	}
	damage_why[0] = '\0';
	return 0;
}

const char *
store_damage(void)
{
	return damage_why;
}

int
store_set_aside(const char *dir, const char *why, int64_t now, char *moved,
    size_t len)
{
	char	from[PATH_MAX];

	if ((size_t)snprintf(from, sizeof(from), "%s/data.mdb", dir) >=
	    sizeof(from) || (size_t)snprintf(moved, len,
	    "%s/data.mdb.%s-%lld", dir, why, (long long)now) >= len)
		return ENAMETOOLONG;
	if (rename(from, moved) == -1)
		return errno;
	return 0;
}

/*
 * The map to open with: small, so that a store costs what it holds; a
 * store already bigger maps its data (LMDB raises the size to it).
 */
static size_t
start_size(const struct store_config *cfg, size_t max)
{
	size_t	size = cfg->map_size ? cfg->map_size : START_MAP_SIZE;

	max -= max / 8;
	return size < max ? size : max;
}

/*
 * Sync the file for the syncer, inside a write transaction: a commit
 * syncs the same file descriptor, and Linux reports a write error to the
 * first sync of a descriptor after it, so a sync of ours between a
 * commit's writes and its own sync would take the commit's error and the
 * commit would go on as if its pages were on disk. Holding LMDB's writer
 * lock, this sync covers only committed pages. If it fails, the meta
 * page of the last commit may not be on disk (the pages it points to
 * are, synced by their commit): every commit from then on is synced in
 * full, meta page too, as with sync_ms 0, and its own syncs report what
 * fails. Returns 0, or -1 to try again later (the map was grown by
 * another process: the next write adopts it).
 */
static int
sync_locked(struct store_backend *b)
{
	MDB_txn	*txn;
	int	 rc;

	pthread_rwlock_rdlock(&b->resize);
	if (mdb_txn_begin(b->env, NULL, 0, &txn) != 0) {
		pthread_rwlock_unlock(&b->resize);
		return -1;
	}
	if ((rc = mdb_env_sync(b->env, 1)) != 0) {
		(void)mdb_env_set_flags(b->env, MDB_NOMETASYNC, 0);
		pthread_mutex_lock(&b->smu);
		b->full = 1;
		pthread_mutex_unlock(&b->smu);
		log_warnx("store: syncing to disk failed: %s; the last commit "
		    "may not be on disk; from now on each commit is synced in "
		    "full (as StoreSyncDelay 0)", strerror(rc));
	}
	mdb_txn_abort(txn);
	pthread_rwlock_unlock(&b->resize);
	return 0;
}

/*
 * The syncer thread: once a commit has left its meta page unsynced, it
 * waits sync_ms (commits in that time ride along) and syncs the file.
 */
static void *
syncer(void *arg)
{
	struct store_backend	*b = arg;
	struct timespec		 ts;

	pthread_mutex_lock(&b->smu);
	while (!b->stop) {
		if (!b->unsynced || b->full) {
			pthread_cond_wait(&b->scv, &b->smu);
			continue;
		}
		clock_gettime(CLOCK_MONOTONIC, &ts);
		ts.tv_sec += b->sync_ms / 1000;
		ts.tv_nsec += (long)(b->sync_ms % 1000) * 1000000;
		if (ts.tv_nsec >= 1000000000) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000;
		}
		while (!b->stop &&
		    pthread_cond_timedwait(&b->scv, &b->smu, &ts) != ETIMEDOUT)
			;
		b->unsynced = 0;
		pthread_mutex_unlock(&b->smu);
		if (sync_locked(b) == -1) {
			pthread_mutex_lock(&b->smu);
			b->unsynced = 1;
			continue;
		}
		pthread_mutex_lock(&b->smu);
	}
	pthread_mutex_unlock(&b->smu);
	return NULL;
}

/* Start the syncer, with every signal blocked: they are the caller's. */
static int
syncer_start(struct store_backend *b)
{
	pthread_condattr_t	ca;
	sigset_t		all, old;
	int			rc;

	if ((rc = pthread_mutex_init(&b->smu, NULL)) != 0)
		return rc;
	if ((rc = pthread_condattr_init(&ca)) != 0)
		goto fail_mutex;
	if ((rc = pthread_condattr_setclock(&ca, CLOCK_MONOTONIC)) == 0)
		rc = pthread_cond_init(&b->scv, &ca);
	pthread_condattr_destroy(&ca);
	if (rc != 0)
		goto fail_mutex;
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_create(&b->syncer, NULL, syncer, b);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc == 0)
		return 0;
	pthread_cond_destroy(&b->scv);
fail_mutex:
	pthread_mutex_destroy(&b->smu);
	return rc;
}

/*
 * Stop the syncer and sync what it had left: the store is closing, no
 * transaction of this process is open.
 */
static void
syncer_stop(struct store_backend *b)
{
	int	rc;

	pthread_mutex_lock(&b->smu);
	b->stop = 1;
	pthread_cond_signal(&b->scv);
	pthread_mutex_unlock(&b->smu);
	pthread_join(b->syncer, NULL);
	pthread_cond_destroy(&b->scv);
	pthread_mutex_destroy(&b->smu);
	if (!b->full && (rc = mdb_env_sync(b->env, 1)) != 0)
		log_warnx("store: syncing to disk at close failed: %s; the "
		    "last commit may not be on disk", strerror(rc));
}

/* After a commit that wrote: its meta page is left for the syncer. */
static void
mark_unsynced(struct store_backend *b)
{
	pthread_mutex_lock(&b->smu);
	if (!b->unsynced) {
		b->unsynced = 1;
		pthread_cond_signal(&b->scv);
	}
	pthread_mutex_unlock(&b->smu);
}

static int
lmdb_open(struct store_backend **bp, const struct store_config *cfg,
    int flags)
{
	struct store_backend	*b;
	struct stat		 sb;
	int			 rc, dead;

	if (cfg->path == NULL || cfg->score_mode == NULL)
		return STORE_EINVAL;
	/* Before any allocation: the child inherits nothing to leak. */
	if ((rc = verify(cfg->path, !(flags & STORE_RDONLY) ||
	    (flags & STORE_TRIAL))) != 0)
		return rc;
	if ((b = calloc(1, sizeof(*b))) == NULL)
		return errno;
	if ((rc = pthread_rwlock_init(&b->resize, NULL)) != 0) {
		free(b);
		return rc;
	}
	b->rdonly = (flags & STORE_RDONLY) != 0;
	b->map_max = cfg->map_max ? cfg->map_max : DEFAULT_MAP_MAX;
	b->sync_ms = b->rdonly ? 0 : cfg->sync_ms;
	if (!b->rdonly && mkdir(cfg->path, 0700) == -1 && errno != EEXIST) {
		rc = errno;
		goto fail;
	}
	if (stat(cfg->path, &sb) == -1) {
		rc = errno;
		goto fail;
	}
	if (!S_ISDIR(sb.st_mode)) {
		rc = ENOTDIR;
		goto fail;
	}
	if ((rc = mdb_env_create(&b->env)) != 0)
		goto fail;
	if ((rc = mdb_env_set_maxdbs(b->env, 8)) != 0 ||
	    (rc = mdb_env_set_maxreaders(b->env, MAX_READERS)) != 0 ||
	    (rc = mdb_env_set_mapsize(b->env, start_size(cfg, b->map_max))) != 0)
		goto fail;
	if ((rc = mdb_env_open(b->env, cfg->path, MDB_NOTLS |
	    (b->rdonly ? MDB_RDONLY : 0) | (b->sync_ms ? MDB_NOMETASYNC : 0),
	    0600)) != 0)
		goto fail;
	/* Free the reader slots of processes that died holding them. */
	(void)mdb_reader_check(b->env, &dead);
	if ((rc = check_file_size(b, cfg->path)) != 0 ||
	    (rc = setup(b, cfg->score_mode)) != 0 ||
	    (b->sync_ms && (rc = syncer_start(b)) != 0))
		goto fail;
	*bp = b;
	return 0;
fail:
	if (map_err(rc) == STORE_ECORRUPT && damage_why[0] == '\0')
		snprintf(damage_why, sizeof(damage_why), "%s", rc < 0 &&
		    rc >= MDB_KEYEXIST ? mdb_strerror(rc) :
		    "its tables or meta values");
	if (b->env != NULL)
		mdb_env_close(b->env);
	pthread_rwlock_destroy(&b->resize);
	free(b);
	return map_err(rc);
}

static void
lmdb_close(struct store_backend *b)
{
	if (b == NULL)
		return;
	if (b->sync_ms)
		syncer_stop(b);
	mdb_env_close(b->env);
	pthread_rwlock_destroy(&b->resize);
	free(b);
}

/* Adopt the map size another process grew the store to. */
static int
adopt_size(struct store_backend *b)
{
	int	rc;

	pthread_rwlock_wrlock(&b->resize);
	rc = mdb_env_set_mapsize(b->env, 0);
	pthread_rwlock_unlock(&b->resize);
	return rc;
}

/*
 * The most the map grows to by itself: map_max less a reserve of 1/8,
 * which only make_room's deletions use (a deletion copies pages too, and
 * a store full to the last page could not even delete).
 */
static size_t
soft_max(const struct store_backend *b)
{
	return b->map_max - b->map_max / 8;
}

/* Double the map, up to the soft limit or, for a reserve, map_max. */
static int
lmdb_grow(struct store_backend *b, int reserve)
{
	MDB_envinfo	info;
	size_t		want, max = reserve ? b->map_max : soft_max(b);
	int		rc;

	pthread_rwlock_wrlock(&b->resize);
	if ((rc = mdb_env_info(b->env, &info)) == 0) {
		if (info.me_mapsize >= max)
			rc = STORE_EFULL;
		else {
			want = info.me_mapsize > max / 2 || reserve ? max :
			    info.me_mapsize * 2;
			rc = mdb_env_set_mapsize(b->env, want);
		}
	}
	pthread_rwlock_unlock(&b->resize);
	return map_err(rc);
}

/* Pages on the free list (free DB: txn id -> count, page numbers). */
static int
free_pages(MDB_txn *txn, size_t *n)
{
	MDB_cursor	*cur;
	MDB_val		 k, d;
	size_t		 c;
	int		 rc;

	*n = 0;
	if ((rc = mdb_cursor_open(txn, 0, &cur)) != 0)
		return rc;
	while ((rc = mdb_cursor_get(cur, &k, &d, MDB_NEXT)) == 0)
		if (d.mv_size >= sizeof(c)) {
			memcpy(&c, d.mv_data, sizeof(c));
			*n += c;
		}
	mdb_cursor_close(cur);
	return rc == MDB_NOTFOUND ? 0 : rc;
}

static int
lmdb_room(struct store_backend *b, unsigned int *left)
{
	MDB_envinfo	 info;
	MDB_stat	 st;
	MDB_txn		*txn;
	size_t		 total, used, nfree = 0;
	int		 rc;

	*left = 1024;
	pthread_rwlock_rdlock(&b->resize);
	if ((rc = mdb_env_info(b->env, &info)) != 0 ||
	    (rc = mdb_env_stat(b->env, &st)) != 0 ||
	    info.me_mapsize < soft_max(b)) {
		pthread_rwlock_unlock(&b->resize);
		return map_err(rc);
	}
	if ((rc = mdb_txn_begin(b->env, NULL, MDB_RDONLY, &txn)) == 0) {
		rc = free_pages(txn, &nfree);
		mdb_txn_abort(txn);
	}
	pthread_rwlock_unlock(&b->resize);
	if (rc != 0)
		return map_err(rc);
	total = soft_max(b) / st.ms_psize;
	used = info.me_last_pgno + 1;
	used = used > nfree ? used - nfree : 0;
	*left = used >= total ? 0 : (unsigned int)((total - used) * 1024 / total);
	return 0;
}

/* Bytes in use (pages not free), of the map, and the configured maximum. */
static int
lmdb_usage(struct store_backend *b, uint64_t *used, uint64_t *map,
    uint64_t *max)
{
	MDB_envinfo	 info;
	MDB_stat	 st;
	MDB_txn		*txn;
	size_t		 pages, nfree = 0;
	int		 rc;

	pthread_rwlock_rdlock(&b->resize);
	if ((rc = mdb_env_info(b->env, &info)) == 0 &&
	    (rc = mdb_env_stat(b->env, &st)) == 0 &&
	    (rc = mdb_txn_begin(b->env, NULL, MDB_RDONLY, &txn)) == 0) {
		rc = free_pages(txn, &nfree);
		mdb_txn_abort(txn);
	}
	pthread_rwlock_unlock(&b->resize);
	if (rc != 0)
		return map_err(rc);
	pages = info.me_last_pgno + 1;
	*used = (uint64_t)(pages > nfree ? pages - nfree : 0) * st.ms_psize;
	*map = info.me_mapsize;
	*max = b->map_max;
	return 0;
}

/* Back to the soft limit after a reserve; LMDB keeps what the data need. */
static void
lmdb_settle(struct store_backend *b)
{
	MDB_envinfo	info;

	pthread_rwlock_wrlock(&b->resize);
	if (mdb_env_info(b->env, &info) == 0 && info.me_mapsize > soft_max(b))
		(void)mdb_env_set_mapsize(b->env, soft_max(b));
	pthread_rwlock_unlock(&b->resize);
}

static int
lmdb_begin(struct store_backend *b, int write, struct store_btxn **tp)
{
	struct store_btxn	*t;
	int			 rc;

	if (write && b->rdonly)
		return STORE_ERDONLY;
	if ((t = calloc(1, sizeof(*t))) == NULL)
		return errno;
	t->b = b;
	/*
	 * A process killed inside a read transaction (nilsimsactl list |
	 * head) leaves its reader slot, and while it is there no page freed
	 * since can be reused: the file grows with every commit until the
	 * map is full. Clearing the dead slots at open is not enough for a
	 * daemon that runs for months; a scan of the reader table per write
	 * costs little beside the commit's fsync.
	 */
	if (write)
		(void)mdb_reader_check(b->env, NULL);
	for (int tries = 0; ; tries++) {
		pthread_rwlock_rdlock(&b->resize);
		rc = mdb_txn_begin(b->env, NULL, write ? 0 : MDB_RDONLY,
		    &t->txn);
		if (rc == 0)
			break;
		pthread_rwlock_unlock(&b->resize);
		/* Another process grew the map past ours. */
		if (rc != MDB_MAP_RESIZED || tries == 2 ||
		    (rc = adopt_size(b)) != 0) {
			free(t);
			return map_err(rc);
		}
	}
	*tp = t;
	return 0;
}

static int
lmdb_generation(struct store_btxn *t, uint64_t *gen)
{
	return meta_get_u64(t->txn, t->b->meta, "generation", gen);
}

/* A record this transaction changed, for the journal. */
static void
journal_note(struct store_btxn *t, uint64_t id)
{
	if (t->jfull || (t->jid.n > 0 && t->jid.v[t->jid.n - 1] == id))
		return;
	if (util_ids_add(&t->jid, id, JOURNAL_IDS) == -1)
		t->jfull = 1;	/* not journaled: readers rebuild */
}

/* Does the journal take more than its share of the map? */
static int
journal_over(struct store_btxn *t)
{
	MDB_stat	ms;

	if (mdb_stat(t->txn, t->b->journal, &ms) != 0)
		return 0;
	return (uint64_t)(ms.ms_branch_pages + ms.ms_leaf_pages +
	    ms.ms_overflow_pages) * ms.ms_psize > t->b->map_max / JOURNAL_SHARE;
}

/*
 * Let the oldest entries go: those before the last JOURNAL_KEEP commits,
 * odd keys, and more while the journal is over its share (the newest
 * stays); and odd keys at the end (an odd key within reaches the front
 * in time, and until then a reader that meets it rebuilds).
 */
static int
journal_prune(struct store_btxn *t, uint64_t g)
{
	MDB_cursor	*cur;
	MDB_val		 k, d;
	int		 rc;

	if ((rc = mdb_cursor_open(t->txn, t->b->journal, &cur)) != 0)
		return map_err(rc);
	while ((rc = mdb_cursor_get(cur, &k, &d, MDB_FIRST)) == 0 &&
	    (k.mv_size != 8 || get_be64(k.mv_data) + JOURNAL_KEEP <= g ||
	    (get_be64(k.mv_data) < g && journal_over(t))))
		if ((rc = mdb_cursor_del(cur, 0)) != 0)
			break;
	if (rc == 0 || rc == MDB_NOTFOUND)
		while ((rc = mdb_cursor_get(cur, &k, &d, MDB_LAST)) == 0 &&
		    k.mv_size != 8)
			if ((rc = mdb_cursor_del(cur, 0)) != 0)
				break;
	mdb_cursor_close(cur);
	return rc == 0 || rc == MDB_NOTFOUND ? 0 : map_err(rc);
}

/*
 * Journal this transaction's changes as generation g's, written in place
 * (MDB_RESERVE), or, when they were too many, make sure g has no entry;
 * every JOURNAL_PRUNE commits, prune: a commit then copies the journal's
 * last page, and its first only now and then.
 */
static int
journal_add(struct store_btxn *t, uint64_t g)
{
	MDB_val		 k, d;
	unsigned char	 kb[8];
	size_t		 i;
	int		 rc;

	put_be64(kb, g);
	k = (MDB_val){ 8, kb };
	if (t->jfull) {
		rc = mdb_del(t->txn, t->b->journal, &k, NULL);
		if (rc != 0 && rc != MDB_NOTFOUND)
			return map_err(rc);
	} else {
		d = (MDB_val){ t->jid.n * 8, NULL };
		rc = mdb_put(t->txn, t->b->journal, &k, &d, MDB_RESERVE);
		if (rc != 0)
			return map_err(rc);
		for (i = 0; i < t->jid.n; i++)
			put64((unsigned char *)d.mv_data + i * 8, t->jid.v[i]);
	}
	return g % JOURNAL_PRUNE != 0 ? 0 : journal_prune(t, g);
}

static void
btxn_free(struct store_btxn *t)
{
	free(t->jid.v);
	free(t);
}

static int
lmdb_commit(struct store_btxn *t, uint64_t *gen)
{
	uint64_t	g = 0;
	int		rc;

	if ((rc = lmdb_generation(t, &g)) == 0 && t->dirty)
		rc = meta_put_u64(t->txn, t->b->meta, "generation", ++g);
	if (rc == 0 && t->dirty && t->b->has_journal)
		rc = journal_add(t, g);
	if (rc != 0) {
		mdb_txn_abort(t->txn);
		pthread_rwlock_unlock(&t->b->resize);
		btxn_free(t);
		return rc;
	}
	rc = mdb_txn_commit(t->txn);
	pthread_rwlock_unlock(&t->b->resize);
	if (rc == 0 && t->dirty && t->b->sync_ms)
		mark_unsynced(t->b);
	btxn_free(t);
	if (rc != 0)
		return map_err(rc);
	if (gen != NULL)
		*gen = g;
	return 0;
}

static void
lmdb_abort(struct store_btxn *t)
{
	if (t == NULL)
		return;
	mdb_txn_abort(t->txn);
	pthread_rwlock_unlock(&t->b->resize);
	btxn_free(t);
}

/*
 * The journal's commits after `from` up to `to`, every one of them, each
 * at most JOURNAL_IDS ids: with fn NULL, only checked, and *nids gets
 * their ids' count; else their ids given to fn.
 */
static int
journal_read(struct store_btxn *t, uint64_t from, uint64_t to,
    int (*fn)(uint64_t id, void *arg), void *arg, size_t *nids)
{
	MDB_cursor	*cur;
	MDB_val		 k, d;
	unsigned char	 kb[8];
	uint64_t	 g;
	size_t		 i;
	int		 rc;

	if ((rc = mdb_cursor_open(t->txn, t->b->journal, &cur)) != 0)
		return map_err(rc);
	put_be64(kb, from + 1);
	k = (MDB_val){ 8, kb };
	rc = mdb_cursor_get(cur, &k, &d, MDB_SET_KEY);
	for (g = from + 1; rc == 0; g++) {
		if (k.mv_size != 8 || get_be64(k.mv_data) != g ||
		    d.mv_size % 8 != 0 || d.mv_size > JOURNAL_IDS * 8) {
			rc = STORE_ENOTFOUND;	/* a gap, or not an entry */
			break;
		}
		if (nids != NULL)
			*nids += d.mv_size / 8;
		for (i = 0; fn != NULL && i < d.mv_size / 8; i++)
			if ((rc = fn(get64((unsigned char *)d.mv_data + i * 8),
			    arg)) != 0)
				break;
		if (rc != 0 || g == to)
			break;
		rc = mdb_cursor_get(cur, &k, &d, MDB_NEXT);
	}
	mdb_cursor_close(cur);
	if (rc == MDB_NOTFOUND)
		return STORE_ENOTFOUND;
	return map_err(rc);
}

static int
lmdb_changes(struct store_btxn *t, uint64_t from, uint64_t to, size_t max,
    int (*fn)(uint64_t id, void *arg), void *arg)
{
	size_t	n = 0;
	int	rc;

	if (to < from || to - from > JOURNAL_KEEP || !t->b->has_journal)
		return STORE_ENOTFOUND;
	if (to == from)
		return 0;
	/* all there first: fn sees the changes of every commit or none */
	if ((rc = journal_read(t, from, to, NULL, NULL, &n)) != 0)
		return rc;
	if (n > max)
		return STORE_ENOTFOUND;	/* cheaper read all at once */
	return journal_read(t, from, to, fn, arg, NULL);
}

static int
lmdb_new_id(struct store_btxn *t, uint64_t *id)
{
	uint64_t	next;
	int		rc;

	if ((rc = meta_get_u64(t->txn, t->b->meta, "next_id", &next)) != 0)
		return rc;
	if (next == 0 || next == UINT64_MAX)
		return STORE_ECORRUPT;
	t->dirty = 1;
	if ((rc = meta_put_u64(t->txn, t->b->meta, "next_id", next + 1)) != 0)
		return rc;
	*id = next;
	return 0;
}

static int
lmdb_reserve_id(struct store_btxn *t, uint64_t id)
{
	uint64_t	next;
	int		rc;

	if (id == UINT64_MAX)
		return STORE_EINVAL;
	if ((rc = meta_get_u64(t->txn, t->b->meta, "next_id", &next)) != 0)
		return rc;
	if (next > id)
		return 0;
	t->dirty = 1;
	return meta_put_u64(t->txn, t->b->meta, "next_id", id + 1);
}

static int
lmdb_rec_get(struct store_btxn *t, uint64_t id, const void **rec,
    size_t *len)
{
	unsigned char	 kb[8];
	MDB_val		 k = { 8, kb }, d;
	int		 rc;

	put_be64(kb, id);
	if ((rc = mdb_get(t->txn, t->b->clusters, &k, &d)) != 0)
		return map_err(rc);
	*rec = d.mv_data;
	*len = d.mv_size;
	return 0;
}

static int
lmdb_rec_put(struct store_btxn *t, uint64_t id, const void *rec, size_t len)
{
	unsigned char	 kb[8];
	MDB_val		 k = { 8, kb }, d = { len, (void *)rec };

	put_be64(kb, id);
	t->dirty = 1;
	journal_note(t, id);
	return map_err(mdb_put(t->txn, t->b->clusters, &k, &d, 0));
}

/* Drop the cluster's exact entries, those that still point to it. */
static int
drop_exact(struct store_btxn *t, const unsigned char *kb)
{
	MDB_cursor	*cur;
	MDB_val		 k = { 8, (void *)kb }, d, ek, ed;
	int		 rc;

	if ((rc = mdb_cursor_open(t->txn, t->b->exactrev, &cur)) != 0)
		return map_err(rc);
	rc = mdb_cursor_get(cur, &k, &d, MDB_SET_KEY);
	while (rc == 0) {
		if (d.mv_size == 32) {
			ek = (MDB_val){ 32, d.mv_data };
			if (mdb_get(t->txn, t->b->exact, &ek, &ed) == 0 &&
			    ed.mv_size == 8 && memcmp(ed.mv_data, kb, 8) == 0 &&
			    (rc = mdb_del(t->txn, t->b->exact, &ek, NULL)) != 0)
				break;
		}
		rc = mdb_cursor_get(cur, &k, &d, MDB_NEXT_DUP);
	}
	mdb_cursor_close(cur);
	if (rc != MDB_NOTFOUND)
		return map_err(rc);
	k = (MDB_val){ 8, (void *)kb };
	rc = mdb_del(t->txn, t->b->exactrev, &k, NULL);
	return rc == MDB_NOTFOUND ? 0 : map_err(rc);
}

static int
lmdb_rec_del(struct store_btxn *t, uint64_t id)
{
	unsigned char	 kb[8];
	MDB_val		 k = { 8, kb };
	int		 rc;

	put_be64(kb, id);
	if ((rc = mdb_del(t->txn, t->b->clusters, &k, NULL)) != 0)
		return map_err(rc);
	t->dirty = 1;
	journal_note(t, id);
	return drop_exact(t, kb);
}

static int
lmdb_rec_iter(struct store_btxn *t, uint64_t from, store_rec_fn fn,
    void *arg)
{
	MDB_cursor	*cur;
	unsigned char	 kb[8];
	MDB_val		 k = { 8, kb }, d;
	int		 rc, r;

	put_be64(kb, from);
	if ((rc = mdb_cursor_open(t->txn, t->b->clusters, &cur)) != 0)
		return map_err(rc);
	for (rc = mdb_cursor_get(cur, &k, &d, MDB_SET_RANGE); rc == 0;
	    rc = mdb_cursor_get(cur, &k, &d, MDB_NEXT)) {
		/* A key of the wrong size still reaches fn, as id 0: corrupt. */
		r = fn(k.mv_size == 8 ? get_be64(k.mv_data) : 0, d.mv_data,
		    d.mv_size, arg);
		if (r != 0) {
			mdb_cursor_close(cur);
			return r;
		}
	}
	mdb_cursor_close(cur);
	return rc == MDB_NOTFOUND ? 0 : map_err(rc);
}

static int
lmdb_rec_count(struct store_btxn *t, size_t *n)
{
	MDB_stat	st;
	int		rc;

	if ((rc = mdb_stat(t->txn, t->b->clusters, &st)) != 0)
		return map_err(rc);
	*n = st.ms_entries;
	return 0;
}

static int
lmdb_exact_get(struct store_btxn *t, const unsigned char sha[32],
    uint64_t *id)
{
	MDB_val	k = { 32, (void *)sha }, d;
	int	rc;

	if ((rc = mdb_get(t->txn, t->b->exact, &k, &d)) != 0)
		return map_err(rc);
	if (d.mv_size != 8)
		return STORE_ECORRUPT;
	*id = get_be64(d.mv_data);
	return 0;
}

static int
lmdb_exact_add(struct store_btxn *t, const unsigned char sha[32],
    uint64_t id)
{
	MDB_cursor	*cur;
	unsigned char	 kb[8];
	MDB_val		 k = { 8, kb }, d, ek = { 32, (void *)sha };
	size_t		 n = 0;
	int		 rc;

	put_be64(kb, id);
	if ((rc = mdb_cursor_open(t->txn, t->b->exactrev, &cur)) != 0)
		return map_err(rc);
	if ((rc = mdb_cursor_get(cur, &k, &d, MDB_SET_KEY)) == 0)
		rc = mdb_cursor_count(cur, &n);
	mdb_cursor_close(cur);
	if (rc != 0 && rc != MDB_NOTFOUND)
		return map_err(rc);
	if (n >= STORE_EXACT_PER_CLUSTER)
		return 0;
	t->dirty = 1;
	d = (MDB_val){ 8, kb };
	if ((rc = mdb_put(t->txn, t->b->exact, &ek, &d, 0)) != 0)
		return map_err(rc);
	k = (MDB_val){ 8, kb };
	d = (MDB_val){ 32, (void *)sha };
	rc = mdb_put(t->txn, t->b->exactrev, &k, &d, MDB_NODUPDATA);
	return rc == MDB_KEYEXIST ? 0 : map_err(rc);
}

/* Forget hours older than STATS_KEEP_HOURS before `hour`. */
static int
prune_hours(struct store_btxn *t, int64_t hour)
{
	MDB_cursor	*cur;
	MDB_val		 k, d;
	int		 rc;

	if ((rc = mdb_cursor_open(t->txn, t->b->stats, &cur)) != 0)
		return map_err(rc);
	while ((rc = mdb_cursor_get(cur, &k, &d, MDB_FIRST)) == 0) {
		if (k.mv_size == 8 &&
		    (int64_t)get_be64(k.mv_data) >= hour - STATS_KEEP_HOURS)
			break;
		if ((rc = mdb_cursor_del(cur, 0)) != 0)
			break;
	}
	mdb_cursor_close(cur);
	return rc == 0 || rc == MDB_NOTFOUND ? 0 : map_err(rc);
}

static int
lmdb_hour_get(struct store_btxn *t, int64_t hour, struct store_hour *h)
{
	unsigned char	 kb[8];
	MDB_val		 k = { 8, kb }, d;
	int		 rc;

	memset(h, 0, sizeof(*h));
	if (hour < 0)
		return 0;
	put_be64(kb, (uint64_t)hour);
	if ((rc = mdb_get(t->txn, t->b->stats, &k, &d)) != 0)
		return rc == MDB_NOTFOUND ? 0 : map_err(rc);
	if (d.mv_size != 12)
		return 0;	/* a damaged counter reads as zero */
	h->messages = get32(d.mv_data);
	h->tagged = get32((unsigned char *)d.mv_data + 4);
	h->rejected = get32((unsigned char *)d.mv_data + 8);
	return 0;
}

static uint32_t
sat_add32(uint32_t a, uint32_t b)
{
	return a > UINT32_MAX - b ? UINT32_MAX : a + b;
}

static int
lmdb_hour_add(struct store_btxn *t, int64_t hour, const struct store_hour *add)
{
	struct store_hour	 h;
	unsigned char		 kb[8], vb[12];
	MDB_val			 k = { 8, kb }, d = { 12, vb };
	int			 rc;

	if (hour < 0)
		return 0;
	if ((rc = lmdb_hour_get(t, hour, &h)) != 0)
		return rc;
	if (h.messages == 0 && h.tagged == 0 && h.rejected == 0 &&
	    (rc = prune_hours(t, hour)) != 0)
		return rc;
	put32(vb, sat_add32(h.messages, add->messages));
	put32(vb + 4, sat_add32(h.tagged, add->tagged));
	put32(vb + 8, sat_add32(h.rejected, add->rejected));
	put_be64(kb, (uint64_t)hour);
	t->dirty = 1;
	return map_err(mdb_put(t->txn, t->b->stats, &k, &d, 0));
}

static const char *
lmdb_strerror(int err)
{
	if (err >= MDB_KEYEXIST && err <= MDB_LAST_ERRCODE)
		return mdb_strerror(err);
	return NULL;
}

const struct store_backend_ops store_lmdb_ops = {
	.name = "lmdb",
	.open = lmdb_open,
	.close = lmdb_close,
	.begin = lmdb_begin,
	.commit = lmdb_commit,
	.abort = lmdb_abort,
	.generation = lmdb_generation,
	.changes = lmdb_changes,
	.new_id = lmdb_new_id,
	.reserve_id = lmdb_reserve_id,
	.rec_get = lmdb_rec_get,
	.rec_put = lmdb_rec_put,
	.rec_del = lmdb_rec_del,
	.rec_iter = lmdb_rec_iter,
	.rec_count = lmdb_rec_count,
	.exact_get = lmdb_exact_get,
	.exact_add = lmdb_exact_add,
	.hour_add = lmdb_hour_add,
	.hour_get = lmdb_hour_get,
	.grow = lmdb_grow,
	.settle = lmdb_settle,
	.room = lmdb_room,
	.usage = lmdb_usage,
	.strerror = lmdb_strerror,
};
