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
 * store.c: the backend-independent part of the cluster store.
 *
 * Matching: the anchor codes of the clusters sit in one contiguous array
 * of 4 x uint64_t, the extra representatives of each cluster in a second
 * one (CLUSTER_REPS - 1 codes a slot, with their count), beside parallel
 * arrays of expiry deadlines and of (id, last_seen, status) for eviction.
 * Most clusters are singletons without representatives: kept apart, their
 * scan streams 41 bytes a cluster instead of 137 (one array of all four
 * codes a slot made the scan of 100k clusters 3x slower). A scan is XOR
 * and popcount over 32 bytes per code, keeping each cluster's best: about
 * a nanosecond a code, so 100k clusters cost ~0.1 ms per message, far
 * less than the fsync of the commit that follows. An index would not pay
 * for itself at that size.
 *
 * Representatives: a campaign whose text drifts (each copy a small edit
 * of the last) soon scores low against its first copy and would split
 * into many clusters, none reaching the bulk thresholds. A join that
 * counted (its score beat chance) but scored below STORE_REP_ADD_BELOW
 * brings the cluster a new code to match by; the anchor stays, the
 * oldest extra representative makes room when all are taken. Joins that
 * did not count never add one: a chance match must not widen a cluster.
 *
 * Locking: `gmu` queues observes and notes for the group commit (see
 * there); `wmu` serialises this process's writers (and rebuilds); the
 * backend's writer lock serialises processes. The array changes only
 * under wmu plus the write side of `lock`, so a writer reads it freely
 * and readers (store_lookup) take the read side.
 *
 * Resync: every write transaction first reads the backend's generation
 * (bumped by every commit of any process). If it is not the one this
 * process last committed or loaded, another process (nilsimsactl, or a
 * second milter) wrote, and the array is brought up to date inside that
 * transaction, which holds the writer lock, so nothing can change
 * underneath: from the records those commits changed, which the
 * backend's journal names, or, when the journal lacks one of them (or
 * after an aborted write of ours), by a rebuild from every record
 * (store_array.c refresh()).
 *
 * The match array and its scan are in store_array.c, the record layout
 * and the questions asked of a cluster in store_cluster.c.
 */
#include <errno.h>
#include <stdio.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "metrics.h"
#include "store-internal.h"
#include "boiler.h"
#include "known.h"

static int
load(struct store *s, struct store_btxn *t, uint64_t id, struct cluster *c)
{
	const void	*rec;
	size_t		 len;
	int		 rc;

	if ((rc = s->ops->rec_get(t, id, &rec, &len)) != 0)
		return rc;
	return store_rec_decode(id, rec, len, c);
}

static int
save(struct store *s, struct store_btxn *t, const struct cluster *c)
{
	unsigned char	r[REC_SIZE];

	store_rec_encode(c, r);
	return s->ops->rec_put(t, c->id, r, sizeof(r));
}

/* ------------------------------------------------------ transactions */

/*
 * Bring the array up to date with transaction t (refresh()) when it is
 * out of sync or the backend moved on since. The caller holds wmu.
 */
static int
catch_up(struct store *s, struct store_btxn *t)
{
	uint64_t	gen;
	int		rc;

	if ((rc = s->ops->generation(t, &gen)) == 0 &&
	    (!s->synced || gen != s->gen))
		rc = refresh(s, t, gen);
	return rc;
}

/* Begin a write transaction, resynchronising the array if needed. */
static int
wbegin(struct store *s, struct store_btxn **tp)
{
	int	rc;

	if (s->rdonly)
		return STORE_ERDONLY;
	if ((rc = s->ops->begin(s->b, 1, tp)) != 0)
		return rc;
	if ((rc = catch_up(s, *tp)) != 0)
		s->ops->abort(*tp);
	return rc;
}

static int
wcommit(struct store *s, struct store_btxn *t)
{
	uint64_t	gen;
	int		rc;

	rc = s->ops->commit(t, &gen);
	pthread_rwlock_wrlock(&s->lock);
	if (rc == 0) {
		s->gen = gen;
		arr_committed(s);
	} else
		s->synced = 0;	/* the array may hold uncommitted changes */
	pthread_rwlock_unlock(&s->lock);
	return rc;
}

static void
wabort(struct store *s, struct store_btxn *t)
{
	s->ops->abort(t);
	pthread_rwlock_wrlock(&s->lock);
	s->synced = 0;
	pthread_rwlock_unlock(&s->lock);
}

/*
 * Begin a read transaction with the array up to date. When the backend
 * moved on, rebuild under wmu from a fresh snapshot: one taken before a
 * commit of this process would be older than the array.
 */
static int
rbegin(struct store *s, struct store_btxn **tp)
{
	uint64_t	gen, have;
	int		rc, synced;

	if ((rc = s->ops->begin(s->b, 0, tp)) != 0)
		return rc;
	if ((rc = s->ops->generation(*tp, &gen)) != 0)
		goto fail;
	pthread_rwlock_rdlock(&s->lock);
	have = s->gen;
	synced = s->synced;
	pthread_rwlock_unlock(&s->lock);
	if (synced && gen == have)
		return 0;
	s->ops->abort(*tp);
	pthread_mutex_lock(&s->wmu);
	if ((rc = s->ops->begin(s->b, 0, tp)) != 0) {
		pthread_mutex_unlock(&s->wmu);
		return rc;
	}
	rc = catch_up(s, *tp);
	pthread_mutex_unlock(&s->wmu);
	if (rc == 0)
		return 0;
fail:
	s->ops->abort(*tp);
	return rc;
}

/* ------------------------------------------------------------ helpers */


static uint32_t
add32(uint32_t a, uint32_t b)
{
	return a > UINT32_MAX - b ? UINT32_MAX : a + b;
}

static uint64_t
add64(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* hist[i] counts hour hist_start + i; the window slides to `hour`. */
static void
hist_add(struct cluster *c, int64_t hour)
{
	int64_t	shift;

	if (hour < c->hist_start)
		return;		/* older than the window: messages only */
	/*
	 * hist_start comes from a record or an import and may be anything:
	 * a window more than a window behind restarts without computing
	 * the (overflowing) difference.
	 */
	if ((uint64_t)hour - (uint64_t)c->hist_start >= 2 * CLUSTER_HISTORY) {
		memset(c->hist, 0, sizeof(c->hist));
		c->hist_start = hour - (CLUSTER_HISTORY - 1);
		shift = 0;
	} else
		shift = hour - (c->hist_start + CLUSTER_HISTORY - 1);
	if (shift >= CLUSTER_HISTORY)
		memset(c->hist, 0, sizeof(c->hist));
	else if (shift > 0) {
		memmove(c->hist, c->hist + shift,
		    (CLUSTER_HISTORY - shift) * sizeof(c->hist[0]));
		memset(c->hist + CLUSTER_HISTORY - shift, 0,
		    shift * sizeof(c->hist[0]));
	}
	if (shift > 0)
		c->hist_start += shift;
	c->hist[hour - c->hist_start] = add32(c->hist[hour - c->hist_start], 1);
}

/*
 * A set of hashes (networks, sender domains) with a count of copies for
 * each: remembered up to max, then new ones are not; 0 is "unknown" and
 * not counted.
 */
static int
hash_add(uint32_t *set, uint32_t *cnt, uint32_t *n, uint32_t max, uint32_t v)
{
	if (v == 0)
		return 0;
	for (uint32_t i = 0; i < *n; i++)
		if (set[i] == v) {
			cnt[i] = add32(cnt[i], 1);
			return 1;
		}
	if (*n < max) {
		cnt[*n] = 1;
		set[(*n)++] = v;
	}
	return 0;
}

/* Is v (not 0) one of the n hashes of set? */
static int
hash_has(const uint32_t *set, uint32_t n, uint32_t v)
{
	for (uint32_t i = 0; v != 0 && i < n; i++)
		if (set[i] == v)
			return 1;
	return 0;
}

/*
 * A network's copy: counted, with the hour it came. When the set is full
 * (networks then reads "at least CLUSTER_MAX_NETS"), a new network takes
 * the place of the one heard from longest ago, so that the set still
 * tells how many networks a cluster came from lately. Returns 1 if the
 * network had sent a copy before (as far as the set remembers), else 0.
 */
static int
net_add(struct cluster *c, uint32_t v, uint32_t hour)
{
	uint32_t	i, old = 0, n = cluster_nnets(c);

	if (v == 0)
		return 0;
	for (i = 0; i < n; i++) {
		if (c->nets[i] == v) {
			c->netn[i] = add32(c->netn[i], 1);
			c->neth[i] = hour;
			return 1;
		}
		if (c->neth[i] < c->neth[old])
			old = i;
	}
	if (n < CLUSTER_MAX_NETS)
		old = c->networks++;
	c->nets[old] = v;
	c->netn[old] = 1;
	c->neth[old] = hour;
	return 0;
}

/*
 * A recipient, with the hour it was last reached; when the set is full a
 * new one takes the place of the one reached longest ago. Returns 1 if
 * the cluster had not reached it (as far as the set remembers), else 0.
 */
static int
rset_add(struct cluster *c, uint32_t h, uint32_t hour)
{
	uint32_t	i, old = 0;

	if (h == 0)
		return 0;
	for (i = 0; i < c->nrset; i++) {
		if (c->rset[i].h == h) {
			if (hour > c->rset[i].hour)
				c->rset[i].hour = hour;
			return 0;
		}
		if (c->rset[i].hour < c->rset[old].hour)
			old = i;
	}
	if (c->nrset < CLUSTER_MAX_RCPTS)
		old = c->nrset++;
	c->rset[old].h = h;
	c->rset[old].hour = hour;
	return 1;
}

/*
 * Keep a printable sample: control bytes become '?', and the cut falls
 * on a UTF-8 character boundary.
 */
static void
subject_set(struct cluster *c, const char *subj)
{
	size_t	n = strlen(subj), i;

	if (n > CLUSTER_SUBJECT_MAX - 1) {
		n = CLUSTER_SUBJECT_MAX - 1;
		while (n > 0 && ((unsigned char)subj[n] & 0xc0) == 0x80)
			n--;
	}
	for (i = 0; i < n; i++) {
		unsigned char	ch = subj[i];

		c->subject[i] = ch < 0x20 || ch == 0x7f ? '?' : (char)ch;
	}
	memset(c->subject + n, 0, CLUSTER_SUBJECT_MAX - n);
}

static int
sha_known(const unsigned char *sha)
{
	for (int i = 0; i < 32; i++)
		if (sha[i] != 0)
			return 1;
	return 0;
}

/* ----------------------------------------------------------- eviction */

static int
evict_rank(const struct store *s, size_t i, int64_t now)
{
	if (s->deadline[i] < now)
		return 0;
	if (s->slot[i].status != CLUSTER_AUTO)
		return 3;
	return s->slot[i].single ? 1 : 2;
}

/* Make room for one more cluster under max_clusters. */
static int
evict(struct store *s, struct store_btxn *t, int64_t now)
{
	size_t	i, victim;
	int	rank, best, rc, k;

	for (k = 0; s->max_clusters != 0 && s->n >= s->max_clusters &&
	    k < EVICT_MAX; k++) {
		victim = SIZE_MAX;
		best = 4;
		for (i = 0; i < s->n; i++) {
			rank = evict_rank(s, i, now);
			if (rank < best || (rank == best &&
			    s->slot[i].last_seen < s->slot[victim].last_seen)) {
				best = rank;
				victim = i;
			}
		}
		if (victim == SIZE_MAX)
			break;
		rc = s->ops->rec_del(t, s->slot[victim].id);
		if (rc != 0 && rc != STORE_ENOTFOUND)
			return rc;
		arr_apply(s, NULL, s->slot[victim].id);
		metrics_evicted(METRICS_EVICT_COUNT, 1);
	}
	return 0;
}

/*
 * Eviction by size: the map is at its limit and a write found it full.
 * The clusters evict() would take first (expired, then the oldest auto
 * singletons, then the oldest auto clusters, spam and ham last) are
 * deleted, 1/ROOM_SHARE of them, in a transaction of their own: the
 * pages they free serve the write tried again and those after it. A
 * deletion needs pages too (the B-tree is copied on write), so it runs
 * with the backend's reserve opened, closed again afterwards.
 */
#define ROOM_SHARE	32	/* delete 1/ROOM_SHARE of the clusters */
#define ROOM_MIN	16	/* ... but at least this many */
#define EXPIRE_BATCH	1024	/* expired clusters deleted a commit */
#define ROOM_LOW	16	/* keep 1/ROOM_LOW of the map free */

struct victim {
	int		rank;
	int64_t		last_seen;
	uint64_t	id;
};

/* qsort: evict()'s order, then least recently seen first. */
static int
victim_cmp(const void *a, const void *b)
{
	const struct victim	*x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if (x->last_seen != y->last_seen)
		return x->last_seen < y->last_seen ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

/* Delete the first k victims in one transaction; the caller holds wmu. */
static int
room_delete(struct store *s, const struct victim *v, size_t k)
{
	struct store_btxn	*t;
	size_t			 i;
	int			 rc;

	if ((rc = wbegin(s, &t)) != 0)
		return rc;
	for (i = 0; i < k; i++) {
		rc = s->ops->rec_del(t, v[i].id);
		if (rc != 0 && rc != STORE_ENOTFOUND) {
			wabort(s, t);
			return rc;
		}
		arr_apply(s, NULL, v[i].id);
	}
	if ((rc = wcommit(s, t)) == 0)
		metrics_evicted(METRICS_EVICT_SIZE, k);
	return rc;
}

/*
 * Bring the array back to the store after an aborted write (wabort()):
 * the aborted transaction's clusters are in it, and were picked as the
 * oldest to evict, which freed nothing (a batch of old imported clusters
 * at a full store got STORE_EFULL, nothing evicted). The caller holds wmu.
 */
static int
resync(struct store *s)
{
	struct store_btxn	*t;
	int			 rc;

	if (s->synced)
		return 0;
	if ((rc = s->ops->begin(s->b, 0, &t)) != 0)
		return rc;
	rc = catch_up(s, t);
	s->ops->abort(t);
	return rc;
}

/* Evict the oldest share of the clusters to free pages; 0 if any went. */
static int
make_room(struct store *s, int64_t now)
{
	struct victim	*v;
	size_t		 i, n, k;
	int		 rc;

	if ((rc = resync(s)) != 0)
		return rc;
	pthread_rwlock_rdlock(&s->lock);
	n = s->n;
	if ((v = n ? reallocarray(NULL, n, sizeof(*v)) : NULL) != NULL)
		for (i = 0; i < n; i++) {
			v[i].rank = evict_rank(s, i, now);
			v[i].last_seen = s->slot[i].last_seen;
			v[i].id = s->slot[i].id;
		}
	pthread_rwlock_unlock(&s->lock);
	if (v == NULL)
		return n ? ENOMEM : STORE_EFULL;
	qsort(v, n, sizeof(*v), victim_cmp);
	k = n / ROOM_SHARE > ROOM_MIN ? n / ROOM_SHARE : ROOM_MIN;
	k = k < n ? k : n;
	/* The reserve above the soft limit is for this transaction. */
	if ((rc = s->ops->grow(s->b, 1)) == 0 || rc == STORE_EFULL)
		rc = room_delete(s, v, k);

	s->ops->settle(s->b);
	free(v);
	return rc;
}

/*
 * After a commit: a store at its limit with less than 1/ROOM_LOW of it
 * left makes room now, while the deletions still find free pages. Waiting
 * until it is full would have them take pages from the reserve each time,
 * and the file would creep up to the maximum.
 */
static void
keep_room(struct store *s, int64_t now)
{
	unsigned int	left;

	if (s->ops->room(s->b, &left) == 0 && left < 1024 / ROOM_LOW)
		(void)make_room(s, now);
}

/*
 * After a write failed with rc: when the store was full, grow it, or at
 * its maximum evict the oldest clusters. 1: try the write again.
 */
static int
retry_full(struct store *s, int rc, int64_t now, int *tries)
{
	if (rc != STORE_EFULL || (*tries)++ >= FULL_RETRIES)
		return 0;
	if ((rc = s->ops->grow(s->b, 0)) == STORE_EFULL)
		rc = make_room(s, now);
	return rc == 0;
}

/* ---------------------------------------------------------- observing */

static void
cluster_new(struct cluster *c, uint64_t id, const struct store_obs *obs)
{
	memset(c, 0, sizeof(*c));
	c->id = id;
	c->kind = obs->kind;
	c->code = obs->code;
	c->first_seen = c->last_seen = obs->now;
	c->hist_start = store_hour_of(obs->now) - (CLUSTER_HISTORY - 1);
}

/*
 * A message joins c: counted toward its bulk counts if the join counted,
 * toward its networks if it is a copy. Fills res->rcpt_new, rcpt_known
 * and net_known. A copy to spam traps only (obs->trap) adds nothing but
 * itself to the messages: its network and sender are only looked up.
 */
static void
cluster_join(struct cluster *c, const struct store_obs *obs, int counted,
    int copy, struct store_result *res)
{
	uint32_t	i, fresh;

	c->messages = add64(c->messages, 1);
	if (obs->now > c->last_seen)
		c->last_seen = obs->now;
	if (obs->now < c->first_seen)
		c->first_seen = obs->now;
	hist_add(c, store_hour_of(obs->now));
	if (counted && obs->trap) {
		res->net_known = copy &&
		    hash_has(c->nets, cluster_nnets(c), obs->net);
		res->sender_known = hash_has(c->sndrs, cluster_nsenders(c),
		    obs->sender);
	} else if (counted) {
		c->recipients = add64(c->recipients, obs->recipients);
		if (copy)
			res->net_known = net_add(c, obs->net,
			    (uint32_t)store_hour_of(obs->now));
		res->sender_known = hash_add(c->sndrs, c->sndn, &c->senders,
		    CLUSTER_MAX_SENDERS, obs->sender);
		for (i = 0; i < obs->nrcpt && obs->rcpt != NULL; i++) {
			if (obs->rcpt[i] == 0)
				continue;
			fresh = (uint32_t)rset_add(c, obs->rcpt[i],
			    (uint32_t)store_hour_of(obs->now));
			res->rcpt_new += fresh;
			res->rcpt_known += !fresh;
		}
	}
	if (obs->subject != NULL && c->subject[0] == '\0')
		subject_set(c, obs->subject);
	c->tagged = add32(c->tagged, obs->tagged);
	c->rejected = add32(c->rejected, obs->rejected);
}

/*
 * A join that counted but scored low against every code of the cluster
 * (and not too low against its anchor: see store.h) adds the message's
 * code; the anchor stays, the oldest extra goes.
 */
static void
rep_add(struct cluster *c, const nilsimsa_code *code)
{
	if (c->nreps == CLUSTER_REPS - 1) {
		memmove(&c->reps[0], &c->reps[1],
		    (CLUSTER_REPS - 2) * sizeof(c->reps[0]));
		c->nreps--;
	}
	c->reps[c->nreps++] = *code;
}

static int
live(const struct store *s, const struct cluster *c, int64_t now)
{
	return deadline_of(s, c) >= now;
}

/*
 * The exact index: a live cluster, or nothing (an expired one found this
 * way is removed when writing, being dead anyway).
 */
static int
find_exact(struct store *s, struct store_btxn *t, const struct store_obs *obs,
    int write, struct cluster *c)
{
	uint64_t	id;
	int		rc;

	if (!sha_known(obs->sha256) ||
	    s->ops->exact_get(t, obs->sha256, &id) != 0)
		return 0;
	if ((rc = load(s, t, id, c)) != 0)
		return 0;
	if (live(s, c, obs->now))
		return 1;
	if (write && s->ops->rec_del(t, id) == 0)
		arr_apply(s, NULL, id);
	return 0;
}

/*
 * Is cluster c, matched at score, a mailing this sender may not join?
 * Pinned ham too: a campaign's loose match would be spared there. A
 * cluster marked spam takes any copy, to reject it.
 */
static int
mailing_of_other(const struct store_obs *obs, const struct cluster *c,
    int score)
{
	return obs->mailing_share > 0 && score < STORE_NEAR_COPY &&
	    c->status != CLUSTER_SPAM &&
	    cluster_mailing_of_other(c, obs->sender, obs->mailing_share);
}

/*
 * The best was a mailing of another sender, matched loosely: the next
 * best clusters (scan_top()) that score enough and are no such mailing
 * either. Into *c and res->score; 1, 0 when none, or the store's error
 * (a record gone or damaged since is passed over). Without this, copies
 * of a campaign that each match such a mailing better than each other
 * (its varied copies around a text a spammer first sent five times as a
 * mailing of its own) would each start a cluster and never be counted.
 */
static int
next_best(struct store *s, struct store_btxn *t, const struct store_obs *obs,
    int write, int need, uint64_t refused, struct store_result *res,
    struct cluster *c)
{
	struct scan_hit	top[SCAN_TOP];
	uint64_t	ids[SCAN_TOP];
	size_t		i, n;
	int		rc;

	if (!write)
		pthread_rwlock_rdlock(&s->lock);
	n = scan_top(s, &obs->code, obs->kind, obs->now, obs->join_score, top);
	for (i = 0; i < n; i++)
		ids[i] = s->slot[top[i].i].id;
	if (!write)
		pthread_rwlock_unlock(&s->lock);
	for (i = 0; i < n; i++) {
		if (obs->strict && top[i].score < need)
			break;
		if (ids[i] == refused)
			continue;
		if ((rc = load(s, t, ids[i], c)) != 0) {
			if (rc != STORE_ENOTFOUND && rc != STORE_ECORRUPT)
				return rc;
			continue;	/* gone since: the next */
		}
		if (mailing_of_other(obs, c, top[i].score))
			continue;
		res->score = top[i].score;
		return 1;
	}
	return 0;
}

/*
 * Search: exact index, else the scan. Fills res (score, runner_up,
 * compared, exact, counted, passed) and *c with the cluster to join;
 * returns 1 when one is to be joined, 0 when none scores above
 * join_score, or an error. The best is passed over when it is a mailing
 * another sender matches only loosely (store_obs mailing_share): then
 * the next best that is none. A scan hit whose record cannot be read is
 * dropped from the array and the scan repeated.
 */
static int
search(struct store *s, struct store_btxn *t, const struct store_obs *obs,
    int write, struct store_result *res, struct cluster *c)
{
	struct scan	sc;
	uint64_t	id;
	int		rc, need, tries;

	if (find_exact(s, t, obs, write, c)) {
		res->score = NILSIMSA_SCORE_MAX;
		res->runner_up = STORE_SCORE_NONE;
		res->compared = 0;
		res->exact = res->counted = 1;
		return 1;
	}
	for (tries = 0; tries < 8; tries++) {
		if (!write)
			pthread_rwlock_rdlock(&s->lock);
		scan(s, &obs->code, obs->kind, obs->now, &sc);
		id = sc.best_i != SIZE_MAX ? s->slot[sc.best_i].id : 0;
		if (!write)
			pthread_rwlock_unlock(&s->lock);
		res->score = sc.best;
		res->runner_up = sc.second;
		res->compared = sc.compared;
		need = obs->count_score != NULL ?
		    obs->count_score(obs->count_arg, sc.compared) : INT32_MIN;
		if (id == 0 || sc.best <= obs->join_score ||
		    (obs->strict && sc.best < need))
			return 0;
		if ((rc = load(s, t, id, c)) == 0)
			break;
		if (rc != STORE_ENOTFOUND && rc != STORE_ECORRUPT)
			return rc;
		if (!write)
			return 0;	/* removed since; the next write resyncs */
		arr_apply(s, NULL, id);
	}
	if (tries == 8)
		return STORE_EBACKEND;
	if (mailing_of_other(obs, c, sc.best)) {
		res->passed = c->id;
		if ((rc = next_best(s, t, obs, write, need, c->id, res, c)) <= 0)
			return rc;	/* 0: score is the best, passed over */
		res->runner_up = sc.best;	/* the best among the others */
	}
	res->counted = res->score >= need;
	return 1;
}

/*
 * The message joins the cluster search() found: counted if the join
 * counted, toward its networks if a copy. observe() and store_preview()
 * join alike, so that nilsimsactl check decides as the milter does.
 */
static void
join_found(struct cluster *c, const struct store_obs *obs,
    struct store_result *res)
{
	cluster_join(c, obs, res->counted, res->exact ||
	    res->score >= STORE_COPY_MIN, res);
}

static int
observe(struct store *s, struct store_btxn *t, const struct store_obs *obs,
    struct store_result *res)
{
	struct store_hour	 h = { 1, obs->tagged, obs->rejected };
	struct cluster		*c = &res->c;
	uint64_t		 id;
	int			 rc;

	if ((rc = search(s, t, obs, 1, res, c)) < 0 || rc > 0) {
		if (rc < 0)
			return rc;
		res->found = 1;
		join_found(c, obs, res);
		if (res->counted && !res->exact &&
		    res->score < STORE_REP_ADD_BELOW &&
		    nilsimsa_score(&obs->code, &c->code) >= STORE_REP_ADD_MIN)
			rep_add(c, &obs->code);
	} else {
		if ((rc = evict(s, t, obs->now)) != 0 ||
		    (rc = s->ops->new_id(t, &id)) != 0)
			return rc;
		cluster_new(c, id, obs);
		res->created = res->counted = 1;
		cluster_join(c, obs, 1, 1, res);
	}
	if ((rc = save(s, t, c)) != 0)
		return rc;
	/*
	 * The exact index holds the cluster's own text: its first message
	 * and its copies. A looser member's exact duplicates are not copies
	 * of the cluster, and must not count as such.
	 */
	if (!res->exact && sha_known(obs->sha256) &&
	    (res->created || res->score >= STORE_COPY_MIN) &&
	    (rc = s->ops->exact_add(t, obs->sha256, c->id)) != 0)
		return rc;
	if ((rc = s->ops->hour_add(t, store_hour_of(obs->now), &h)) != 0)
		return rc;
	return arr_apply(s, c, 0);
}

/* ------------------------------------------------------ group commit */

/*
 * Group commit. A durable commit costs far more than the writes it
 * carries (two fdatasyncs, ~0.7 ms on this project's test machine,
 * against tens of microseconds for an observe), and LMDB has one writer:
 * with a commit per message, writers queued behind each other's fsync
 * and the store took ~1,900 observes a second whatever the number of
 * threads. So store_observe, store_note and store_put queue their write,
 * and the first writer that finds no group leader leads: it takes what
 * is queued (at most gmax), applies the writes in arrival order in one
 * transaction, as each would have been applied alone, commits once and
 * wakes their callers. Writers that arrive during that commit form the
 * next group.
 *
 * Each caller still returns only after its write is committed, as with
 * a commit of its own: nothing a caller was told is stored is lost by a
 * crash of the process (kill -9); a crash loses only writes whose callers
 * are still waiting (the milter has answered none of those messages:
 * Postfix defers them by milter_default_action). With sync_ms 0 that
 * holds for a crash of the system too; with sync_ms (the milter's
 * StoreSyncDelay, store_lmdb.c) a system crash can also undo the last
 * commit, if it came less than sync_ms before. The file stays sound
 * either way. No MDB_NOSYNC: the documented price of MDB_NOSYNC is a
 * store that a system crash can corrupt, and grouping gets the
 * throughput without it when writers are concurrent (the milter's
 * sessions are).
 *
 * A group that finds the store full grows it (or makes room) and tries
 * again, as a lone write does. LMDB cannot undo one write of a
 * transaction: a write that fails otherwise aborts the group, and each
 * write is done again alone, so that each gets its own answer.
 */

/* store_note's writes in transaction t; the caller holds wmu. */
static int
note(struct store *s, struct store_btxn *t, uint64_t id, int64_t now,
    const struct store_hour *hp, int *foundp)
{
	struct cluster		 c;
	int			 rc = 0, found;

	/* The cluster may have been evicted since: count the hour anyway. */
	found = load(s, t, id, &c);
	if (found == 0) {
		c.tagged = add32(c.tagged, hp->tagged);
		c.rejected = add32(c.rejected, hp->rejected);
		rc = save(s, t, &c);
	} else if (found != STORE_ENOTFOUND)
		rc = found;
	if (rc == 0)
		rc = s->ops->hour_add(t, store_hour_of(now), hp);
	*foundp = found;
	return rc;
}

static int put_id(struct store *, struct store_btxn *, struct cluster *);

/* Apply one queued write in transaction t. */
static int
gapply(struct store *s, struct store_btxn *t, struct gwrite *w)
{
	int	rc;

	if (w->obs != NULL) {
		memset(w->res, 0, sizeof(*w->res));
		return observe(s, t, w->obs, w->res);
	}
	if (w->put != NULL) {
		w->put->id = w->id;
		if ((rc = put_id(s, t, w->put)) == 0 &&
		    (rc = save(s, t, w->put)) == 0)
			rc = arr_apply(s, w->put, 0);
		return rc;
	}
	return note(s, t, w->id, w->now, &w->h, &w->found);
}

/* One write in a transaction of its own, growing or evicting if full. */
static int
galone(struct store *s, struct gwrite *w)
{
	struct store_btxn	*t;
	int			 rc, tries = 0;

	do {
		if ((rc = wbegin(s, &t)) == 0) {
			if ((rc = gapply(s, t, w)) == 0)
				rc = wcommit(s, t);
			else
				wabort(s, t);
		}
	} while (retry_full(s, rc, w->now, &tries));
	return rc;
}

/* Run a group (a list of writes) in one commit, or each alone. */
static void
grun(struct store *s, struct gwrite *g)
{
	struct store_btxn	*t;
	struct gwrite		*w;
	int64_t			 now = INT64_MIN;
	int			 rc = -1, tries = 0;

	for (w = g; w != NULL; w = w->next)
		now = w->now > now ? w->now : now;
	pthread_mutex_lock(&s->wmu);
	/* A full store grows (or makes room) and the group tries again. */
	while (g->next != NULL) {
		if ((rc = wbegin(s, &t)) == 0) {
			for (w = g; w != NULL && rc == 0; w = w->next)
				rc = gapply(s, t, w);
			if (rc == 0)
				rc = wcommit(s, t);
			else
				wabort(s, t);
		}
		if (!retry_full(s, rc, now, &tries))
			break;
	}
	now = INT64_MIN;
	for (w = g; w != NULL; w = w->next) {
		w->rc = rc == 0 ? 0 : galone(s, w);
		/* New clusters (and puts) may call for room. */
		if (w->rc == 0 && ((w->obs != NULL && w->res->created) ||
		    w->put != NULL) && w->now > now)
			now = w->now;
	}
	if (now != INT64_MIN)
		keep_room(s, now);
	pthread_mutex_unlock(&s->wmu);
}

/*
 * Queue a write and wait until it is done: by this thread, when it finds
 * no leader, or by the leader of the group it falls into. Each waiter
 * sleeps on its own condition: a leader wakes the writes it did, and the
 * first still queued to lead the next group, not every waiter.
 */
static int
gwrite(struct store *s, struct gwrite *w)
{
	struct gwrite	*g, *next, **pp;
	unsigned int	 n;
	int		 rc;

	if ((rc = pthread_cond_init(&w->cv, NULL)) != 0)
		return rc;
	pthread_mutex_lock(&s->gmu);
	w->next = NULL;
	*s->gtail = w;
	s->gtail = &w->next;
	while (!w->done) {
		if (s->gleader) {
			pthread_cond_wait(&w->cv, &s->gmu);
			continue;
		}
		/* Lead: take the first gmax writes queued. */
		s->gleader = 1;
		g = s->ghead;
		for (pp = &s->ghead, n = 0; *pp != NULL && n < s->gmax; n++)
			pp = &(*pp)->next;
		s->ghead = *pp;
		if (s->ghead == NULL)
			s->gtail = &s->ghead;
		*pp = NULL;
		pthread_mutex_unlock(&s->gmu);
		grun(s, g);
		pthread_mutex_lock(&s->gmu);
		/*
		 * A write's owner may return as soon as it sees done: the
		 * signal is sent before gmu is let go, and next read first.
		 */
		for (; g != NULL; g = next) {
			next = g->next;
			g->done = 1;
			if (g != w)
				pthread_cond_signal(&g->cv);
		}
		s->gleader = 0;
		if (s->ghead != NULL)
			pthread_cond_signal(&s->ghead->cv);
	}
	pthread_mutex_unlock(&s->gmu);
	pthread_cond_destroy(&w->cv);
	return w->rc;
}

int
store_observe(struct store *s, const struct store_obs *obs,
    struct store_result *res)
{
	struct gwrite	w;

	if (s == NULL || obs == NULL || res == NULL)
		return STORE_EINVAL;
	memset(res, 0, sizeof(*res));
	memset(&w, 0, sizeof(w));
	w.obs = obs;
	w.res = res;
	w.now = obs->now;
	return gwrite(s, &w);
}

int
store_lookup(struct store *s, const struct store_obs *obs,
    struct store_result *res)
{
	struct store_btxn	*t;
	int			 rc;

	if (s == NULL || obs == NULL || res == NULL)
		return STORE_EINVAL;
	memset(res, 0, sizeof(*res));
	if ((rc = rbegin(s, &t)) != 0)
		return rc;
	rc = search(s, t, obs, 0, res, &res->c);
	s->ops->abort(t);
	if (rc < 0)
		return rc;
	res->found = rc;
	if (!rc)
		res->counted = 0;
	return 0;
}

/*
 * store_lookup(), then the message joins the cluster found as
 * store_observe() would join it, in the copy in res alone: its counts,
 * and what is new to it (rcpt_new, net_known, sender_known), are those
 * the milter's verdict reads, so nilsimsactl check predicts that.
 */
int
store_preview(struct store *s, const struct store_obs *obs,
    struct store_result *res)
{
	int	rc;

	if ((rc = store_lookup(s, obs, res)) != 0 || !res->found)
		return rc;
	join_found(&res->c, obs, res);
	return 0;
}

/* ------------------------------------------------------- admin writes */

int
store_note(struct store *s, uint64_t id, int64_t now, uint32_t tagged,
    uint32_t rejected)
{
	struct gwrite	w;
	int		rc;

	if (s == NULL)
		return STORE_EINVAL;
	memset(&w, 0, sizeof(w));
	w.id = id;
	w.now = now;
	w.h = (struct store_hour){ 0, tagged, rejected };
	rc = gwrite(s, &w);
	if (rc == 0 && w.found == STORE_ENOTFOUND)
		rc = STORE_ENOTFOUND;
	return rc;
}

int
store_get(struct store *s, uint64_t id, struct cluster *c)
{
	struct store_btxn	*t;
	int			 rc;

	if (s == NULL || c == NULL)
		return STORE_EINVAL;
	if ((rc = s->ops->begin(s->b, 0, &t)) != 0)
		return rc;
	rc = load(s, t, id, c);
	s->ops->abort(t);
	return rc;
}

int
store_set_status(struct store *s, uint64_t id, enum cluster_status st)
{
	struct store_btxn	*t;
	struct cluster		 c;
	int			 rc;

	if (s == NULL || (unsigned)st > CLUSTER_HAM)
		return STORE_EINVAL;
	pthread_mutex_lock(&s->wmu);
	if ((rc = wbegin(s, &t)) != 0)
		goto out;
	if ((rc = load(s, t, id, &c)) == 0) {
		c.status = st;
		if ((rc = save(s, t, &c)) == 0)
			rc = arr_apply(s, &c, 0);
	}
	if (rc == 0)
		rc = wcommit(s, t);
	else
		wabort(s, t);
out:
	pthread_mutex_unlock(&s->wmu);
	return rc;
}

int
store_forget(struct store *s, uint64_t id)
{
	struct store_btxn	*t;
	int			 rc;

	if (s == NULL)
		return STORE_EINVAL;
	pthread_mutex_lock(&s->wmu);
	if ((rc = wbegin(s, &t)) != 0)
		goto out;
	if ((rc = s->ops->rec_del(t, id)) == 0) {
		arr_apply(s, NULL, id);
		rc = wcommit(s, t);
	} else
		wabort(s, t);
out:
	pthread_mutex_unlock(&s->wmu);
	return rc;
}

static int
cluster_valid(const struct cluster *c)
{
	return c->status <= CLUSTER_HAM && c->kind <= NILSIMSA_KIND_MAX &&
	    c->networks <= CLUSTER_MAX_NETS &&
	    c->senders <= CLUSTER_MAX_SENDERS && c->nreps <= CLUSTER_REPS - 1 &&
	    c->nrset <= CLUSTER_MAX_RCPTS &&
	    memchr(c->subject, '\0', CLUSTER_SUBJECT_MAX) != NULL;
}

/*
 * Choose the id store_put writes under: a new one for id 0 or for an id
 * that another cluster (another anchor code) holds; the given one when
 * free or held by the same cluster, which is replaced (its exact entries
 * stay: they are that cluster's). A damaged record under the id is
 * deleted first, with the exact entries that point to it.
 */
static int
put_id(struct store *s, struct store_btxn *t, struct cluster *c)
{
	struct cluster	old;
	int		rc;

	if (c->id == 0)
		return s->ops->new_id(t, &c->id);
	rc = load(s, t, c->id, &old);
	if (rc == 0 && memcmp(old.code.b, c->code.b, sizeof(old.code.b)) != 0)
		return s->ops->new_id(t, &c->id);
	if (rc == STORE_ECORRUPT) {
		if ((rc = s->ops->rec_del(t, c->id)) != 0)
			return rc;
		arr_apply(s, NULL, c->id);
	} else if (rc != 0 && rc != STORE_ENOTFOUND)
		return rc;
	return s->ops->reserve_id(t, c->id);
}

int
store_put(struct store *s, struct cluster *c)
{
	struct gwrite	w;

	if (s == NULL || c == NULL || !cluster_valid(c))
		return STORE_EINVAL;
	memset(&w, 0, sizeof(w));
	w.put = c;
	w.id = c->id;
	w.now = c->last_seen;
	return gwrite(s, &w);
}

/*
 * Puts in one transaction: every commit bumps the generation, and every
 * other process using the store (the milter) then reads the records it
 * changed before its next message (a rebuild from all the records
 * before the journal; an import of a commit a line had the milter do
 * that once a line). Not through the
 * group commit's queue: the batch is its own group. A full store grows,
 * or at its maximum makes room, and the whole batch is tried again, as a
 * lone write is (retry_full()); an error aborts it, and the ids the puts
 * chose go back to the caller's. Room is kept before the batch, not after
 * it as other writes do: nothing is done after the commit, so a caller
 * stopped while it waits for the writer lock (nilsimsactl -w) knows that
 * what it stored is what returned (the room the last batch takes is kept
 * at the next write).
 */
int
store_put_batch(struct store *s, struct cluster *c, size_t n, size_t *failed)
{
	struct store_btxn	*t;
	uint64_t		*want;
	int64_t			 now = INT64_MIN;
	size_t			 i, bad = n;
	int			 rc, tries = 0;

	if (failed != NULL)
		*failed = n;
	if (s == NULL || (c == NULL && n > 0))
		return STORE_EINVAL;
	for (i = 0; i < n; i++)
		if (!cluster_valid(&c[i])) {
			if (failed != NULL)
				*failed = i;
			return STORE_EINVAL;
		}
	if (n == 0)
		return 0;
	if ((want = reallocarray(NULL, n, sizeof(*want))) == NULL)
		return errno;
	for (i = 0; i < n; i++) {
		want[i] = c[i].id;
		now = c[i].last_seen > now ? c[i].last_seen : now;
	}
	pthread_mutex_lock(&s->wmu);
	keep_room(s, now);
	do {
		bad = n;
		if ((rc = wbegin(s, &t)) != 0)
			continue;
		for (i = 0; i < n && rc == 0; i++) {
			c[i].id = want[i];
			if ((rc = put_id(s, t, &c[i])) == 0 &&
			    (rc = save(s, t, &c[i])) == 0)
				rc = arr_apply(s, &c[i], 0);
			if (rc != 0)
				bad = i;
		}
		if (rc == 0)
			rc = wcommit(s, t);
		else
			wabort(s, t);
	} while (retry_full(s, rc, now, &tries));
	pthread_mutex_unlock(&s->wmu);
	if (rc != 0) {
		for (i = 0; i < n; i++)
			c[i].id = want[i];
		if (failed != NULL)
			*failed = bad;
	}
	free(want);
	return rc;
}

/*
 * Delete up to EXPIRE_BATCH clusters past their deadline in one commit;
 * *k how many.
 */
static int
expire_batch(struct store *s, int64_t now, size_t *k)
{
	struct store_btxn	*t;
	size_t			 i;
	int			 rc;

	*k = 0;
	if ((rc = wbegin(s, &t)) != 0)
		return rc;
	/* Removal moves the last entry into i: look at i again. */
	for (i = 0; i < s->n && rc == 0 && *k < EXPIRE_BATCH; ) {
		if (s->deadline[i] >= now) {
			i++;
			continue;
		}
		rc = s->ops->rec_del(t, s->slot[i].id);
		if (rc == 0 || rc == STORE_ENOTFOUND) {
			rc = 0;
			arr_apply(s, NULL, s->slot[i].id);
			(*k)++;
		}
	}
	if (rc == 0)
		rc = wcommit(s, t);
	else
		wabort(s, t);
	if (rc != 0)
		*k = 0;
	return rc;
}

int
store_expire(struct store *s, int64_t now, int dry_run, size_t *n)
{
	struct store_btxn	*t;
	size_t			 i, k, count = 0;
	int			 rc, tries = 0, reserve = 0;

	if (s == NULL)
		return STORE_EINVAL;
	if (dry_run) {
		if ((rc = rbegin(s, &t)) != 0)
			return rc;
		s->ops->abort(t);
		pthread_rwlock_rdlock(&s->lock);
		for (i = 0; i < s->n; i++)
			count += s->deadline[i] < now;
		pthread_rwlock_unlock(&s->lock);
		if (n != NULL)
			*n = count;
		return 0;
	}
	/*
	 * In commits of EXPIRE_BATCH: a deletion copies the pages it touches,
	 * and a store whose clusters all expired at once (a milter stopped
	 * for longer than the TTLs) would need as much room again in one.
	 * A full map grows, into its reserve if need be, and the batch is
	 * tried again.
	 */
	pthread_mutex_lock(&s->wmu);
	for (;;) {
		rc = expire_batch(s, now, &k);
		if (rc == STORE_EFULL && tries++ < FULL_RETRIES) {
			if ((rc = s->ops->grow(s->b, 0)) == STORE_EFULL) {
				rc = s->ops->grow(s->b, 1);
				reserve = 1;
			}
			if (rc == 0)
				continue;
		}
		count += k;
		if (rc != 0 || k < EXPIRE_BATCH)
			break;
	}
	if (reserve)
		s->ops->settle(s->b);
	if (rc == 0 && n != NULL)
		*n = count;
	pthread_mutex_unlock(&s->wmu);
	return rc;
}

int
store_set_ttl(struct store *s, int64_t singleton_ttl, int64_t bulk_ttl)
{
	struct store_btxn	*t;
	int			 rc;

	if (s == NULL)
		return STORE_EINVAL;
	pthread_mutex_lock(&s->wmu);
	s->singleton_ttl = singleton_ttl;
	s->bulk_ttl = bulk_ttl;
	/* The deadlines depend on the TTLs: reload them. */
	if ((rc = s->ops->begin(s->b, 0, &t)) == 0) {
		uint64_t	gen;

		if ((rc = s->ops->generation(t, &gen)) == 0)
			rc = rebuild(s, t, gen);
		s->ops->abort(t);
	}
	pthread_mutex_unlock(&s->wmu);
	return rc;
}

/* ------------------------------------------------------------ reading */

/*
 * Reading every cluster: in batches of ITER_BATCH, each in a short read
 * transaction that ends before the caller sees any of them. A reader
 * that keeps a transaction open pins every page freed since it began,
 * and the milter's commits then grow the file until the map is full: an
 * export piped to a reader that stalls would do that for as long as it
 * stalls. The next batch resumes after the last id seen, so each cluster
 * is seen once, as of the batch that read it.
 */
#define ITER_BATCH	256

struct iter {
	struct cluster	*batch;
	size_t		 n;
	uint64_t	 last;		/* id of the last record read */
	size_t		 corrupt;
};

static int
iter_one(uint64_t id, const void *rec, size_t len, void *arg)
{
	struct iter	*it = arg;

	it->last = id;
	if (store_rec_decode(id, rec, len, &it->batch[it->n]) != 0)
		it->corrupt++;
	else
		it->n++;
	return it->n == ITER_BATCH;
}

/* Read the next batch: the clusters from id `from` on. */
static int
iter_batch(struct store *s, struct iter *it, uint64_t from, int *done)
{
	struct store_btxn	*t;
	int			 rc;

	it->n = 0;
	if ((rc = s->ops->begin(s->b, 0, &t)) != 0)
		return rc;
	rc = s->ops->rec_iter(t, from, iter_one, it);
	s->ops->abort(t);
	*done = rc == 0;
	return rc == 1 ? 0 : rc;
}

/* Every cluster to fn, in id order; *corrupt counts what did not parse. */
static int
iterate(struct store *s, int (*fn)(const struct cluster *, void *),
    void *arg, size_t *corrupt)
{
	struct iter	it = { NULL, 0, 0, 0 };
	uint64_t	from = 0;
	size_t		i;
	int		rc, done = 0;

	if ((it.batch = calloc(ITER_BATCH, sizeof(*it.batch))) == NULL)
		return ENOMEM;
	while (!done) {
		if ((rc = iter_batch(s, &it, from, &done)) != 0)
			break;
		for (i = 0; i < it.n && rc == 0; i++)
			rc = fn(&it.batch[i], arg) != 0;
		if (rc != 0) {
			rc = 0;		/* fn stopped it */
			break;
		}
		/* A key of the wrong size reads as id 0: stop there. */
		if (it.last == 0 || it.last == UINT64_MAX)
			break;
		from = it.last + 1;
	}
	free(it.batch);
	if (corrupt != NULL)
		*corrupt = it.corrupt;
	return rc;
}

int
store_iterate(struct store *s, int (*fn)(const struct cluster *, void *),
    void *arg, size_t *corrupt)
{
	if (s == NULL || fn == NULL)
		return STORE_EINVAL;
	return iterate(s, fn, arg, corrupt);
}

/* ------------------------------------------------------------ verify */
static int
verify_one(uint64_t id, const void *rec, size_t len, void *arg)
{
	struct store_check	*chk = arg;
	const char		*why;

	chk->clusters++;
	if ((why = store_rec_check(id, rec, len)) != NULL && chk->bad++ == 0) {
		chk->first_bad = id;
		snprintf(chk->why, sizeof(chk->why), "%s", why);
	}
	return 0;
}

int
store_verify(struct store *s, struct store_check *chk)
{
	struct store_btxn	*t;
	int			 rc;

	if (s == NULL || chk == NULL)
		return STORE_EINVAL;
	memset(chk, 0, sizeof(*chk));
	if ((rc = s->ops->begin(s->b, 0, &t)) != 0)
		return rc;
	rc = s->ops->rec_iter(t, 0, verify_one, chk);
	s->ops->abort(t);
	return rc;
}

int
store_count(struct store *s, size_t *n)
{
	struct store_btxn	*t;
	int			 rc;

	if (s == NULL || n == NULL)
		return STORE_EINVAL;
	if ((rc = s->ops->begin(s->b, 0, &t)) != 0)
		return rc;
	rc = s->ops->rec_count(t, n);
	s->ops->abort(t);
	return rc;
}

static int
stats_one(const struct cluster *c, void *arg)
{
	struct store_stats	*st = arg;

	st->clusters++;
	if (c->messages <= 1)
		st->singletons++;
	else
		st->bulk++;
	if (c->status == CLUSTER_SPAM)
		st->spam++;
	else if (c->status == CLUSTER_HAM)
		st->ham++;
	st->messages = add64(st->messages, c->messages);
	return 0;
}

/* How the array followed the store, and the sizes if the backend tells. */
static int
usage(struct store *s, struct store_stats *st)
{
	pthread_rwlock_rdlock(&s->lock);
	st->rebuilds = s->rebuilds;
	st->refreshes = s->refreshes;
	pthread_rwlock_unlock(&s->lock);
	if (s->ops->usage == NULL)
		return 0;
	return s->ops->usage(s->b, &st->used_bytes, &st->map_bytes,
	    &st->max_bytes);
}

int
store_census(struct store *s, struct store_stats *st)
{
	struct store_btxn	*t;
	size_t			 i;
	int			 rc;

	if (s == NULL || st == NULL)
		return STORE_EINVAL;
	memset(st, 0, sizeof(*st));
	/* A read transaction brings the array up to date first. */
	if ((rc = rbegin(s, &t)) != 0)
		return rc;
	pthread_rwlock_rdlock(&s->lock);
	st->clusters = s->n;
	for (i = 0; i < s->n; i++) {
		if (s->slot[i].single)
			st->singletons++;
		if (s->slot[i].status == CLUSTER_SPAM)
			st->spam++;
		else if (s->slot[i].status == CLUSTER_HAM)
			st->ham++;
	}
	st->bulk = st->clusters - st->singletons;
	st->corrupt = s->corrupt;
	pthread_rwlock_unlock(&s->lock);
	s->ops->abort(t);
	return usage(s, st);
}

int
store_stats(struct store *s, int64_t now, struct store_stats *st)
{
	struct store_btxn	*t;
	struct store_hour	 h;
	int			 rc, i;

	if (s == NULL || st == NULL)
		return STORE_EINVAL;
	memset(st, 0, sizeof(*st));
	if ((rc = iterate(s, stats_one, st, &st->corrupt)) != 0)
		return rc;
	st->hour0 = store_hour_of(now) - 23;
	if ((rc = s->ops->begin(s->b, 0, &t)) != 0)
		return rc;
	for (i = 0; i < 24 && rc == 0; i++) {
		if ((rc = s->ops->hour_get(t, st->hour0 + i, &h)) != 0)
			break;
		st->hours[i] = h.messages;
		st->tags_hour[i] = h.tagged;
		st->rejects_hour[i] = h.rejected;
	}
	s->ops->abort(t);
	return rc != 0 ? rc : usage(s, st);
}

/* -------------------------------------------------------- open, close */

int
store_open(struct store **sp, const struct store_config *cfg, int flags)
{
	struct store		*s;
	struct store_btxn	*t;
	uint64_t		 gen;
	int			 rc;

	if (sp == NULL || cfg == NULL)
		return STORE_EINVAL;
	*sp = NULL;
	if ((s = calloc(1, sizeof(*s))) == NULL)
		return errno;
	s->ops = &store_lmdb_ops;
	s->rdonly = (flags & STORE_RDONLY) != 0;
	s->max_clusters = cfg->max_clusters;
	s->singleton_ttl = cfg->singleton_ttl;
	s->bulk_ttl = cfg->bulk_ttl;
	if ((rc = pthread_mutex_init(&s->wmu, NULL)) != 0) {
		free(s);
		return rc;
	}
	if ((rc = pthread_rwlock_init(&s->lock, NULL)) != 0) {
		pthread_mutex_destroy(&s->wmu);
		free(s);
		return rc;
	}
	if ((rc = pthread_mutex_init(&s->gmu, NULL)) != 0) {
		pthread_rwlock_destroy(&s->lock);
		pthread_mutex_destroy(&s->wmu);
		free(s);
		return rc;
	}
	s->gtail = &s->ghead;
	s->gmax = cfg->group_max ? cfg->group_max : STORE_GROUP_MAX;
	if ((s->boiler = boiler_new(BOILER_BITS)) == NULL ||
	    (s->known = known_new(KNOWN_BITS)) == NULL) {
		rc = ENOMEM;
		goto fail;
	}
	if ((rc = s->ops->open(&s->b, cfg, flags)) != 0)
		goto fail;
	if ((rc = s->ops->begin(s->b, 0, &t)) != 0)
		goto fail;
	if ((rc = s->ops->generation(t, &gen)) == 0)
		rc = rebuild(s, t, gen);
	s->ops->abort(t);
	if (rc != 0)
		goto fail;
	*sp = s;
	return 0;
fail:
	store_close(s);
	return rc;
}

struct boiler *
store_boiler(struct store *s)
{
	return s->boiler;
}

struct known *
store_known(struct store *s)
{
	return s->known;
}

void
store_close(struct store *s)
{
	if (s == NULL)
		return;
	if (s->b != NULL)
		s->ops->close(s->b);
	boiler_free(s->boiler);
	known_free(s->known);
	pthread_mutex_destroy(&s->gmu);
	pthread_rwlock_destroy(&s->lock);
	pthread_mutex_destroy(&s->wmu);
	free(s->code);
	free(s->rep);
	free(s->nrep);
	free(s->deadline);
	free(s->slot);
	free(s->mkey);
	free(s->mval);
	free(s->undo.v);
	free(s);
}

/* ------------------------------------------------------------- names */

const char *
store_strerror(int err)
{
	const char	*m;

	switch (err) {
	case 0:
		return "success";
	case STORE_ENOTFOUND:
		return "no such cluster";
	case STORE_ECORRUPT:
		return "store damaged: record or file corrupt";
	case STORE_ELOCKED:
		return "store locked by another writer";
	case STORE_EVERSION:
		return "store written by an incompatible version";
	case STORE_EFULL:
		return "store full (map size reached)";
	case STORE_EBACKEND:
		return "store backend failure";
	case STORE_EPROFILE:
		return "store made with another score mode or profile";
	case STORE_EINVAL:
		return "invalid argument";
	case STORE_ERDONLY:
		return "store opened read-only";
	}
	if ((m = store_lmdb_ops.strerror(err)) != NULL)
		return m;
	if (err > 0)
		return strerror(err);
	return "unknown store error";
}

const char *
cluster_status_name(enum cluster_status st)
{
	switch (st) {
	case CLUSTER_AUTO:
		return "auto";
	case CLUSTER_SPAM:
		return "spam";
	case CLUSTER_HAM:
		return "ham";
	}
	return "unknown";
}

int
cluster_status_parse(const char *str)
{
	if (str == NULL)
		return -1;
	if (strcasecmp(str, "auto") == 0)
		return CLUSTER_AUTO;
	if (strcasecmp(str, "spam") == 0)
		return CLUSTER_SPAM;
	if (strcasecmp(str, "ham") == 0)
		return CLUSTER_HAM;
	return -1;
}
