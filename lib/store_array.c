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
 * store_array.c: the cluster store's match array, in memory: the codes
 * of the live clusters, their deadlines and an id index, rebuilt from
 * the backend, and the scan that finds a message's best cluster (see
 * store.c for why a scan and not an index).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

#include "store-internal.h"

/* ------------------------------------------------------- match array */

int64_t
deadline_of(const struct store *s, const struct cluster *c)
{
	int64_t	ttl;

	/* Spam and pinned ham live as long as bulk, even when single. */
	ttl = c->status == CLUSTER_AUTO && c->messages <= 1 ?
	    s->singleton_ttl : s->bulk_ttl;
	if (ttl <= 0 || c->last_seen > INT64_MAX - ttl)
		return INT64_MAX;
	return c->last_seen + ttl;
}

static size_t
map_find(const struct store *s, uint64_t id)
{
	size_t	i;

	if (s->mcap == 0)
		return SIZE_MAX;
	for (i = id * 0x9e3779b97f4a7c15ULL & (s->mcap - 1); s->mkey[i] != 0;
	    i = (i + 1) & (s->mcap - 1))
		if (s->mkey[i] == id)
			return i;
	return SIZE_MAX;
}

static void
map_set(struct store *s, uint64_t id, uint32_t v)
{
	size_t	i;

	for (i = id * 0x9e3779b97f4a7c15ULL & (s->mcap - 1);
	    s->mkey[i] != 0 && s->mkey[i] != id; i = (i + 1) & (s->mcap - 1))
		;
	s->mkey[i] = id;
	s->mval[i] = v;
}

/* Linear probing deletion: shift back the entries that probed past i. */
static void
map_del(struct store *s, size_t i)
{
	size_t	j = i, h, m = s->mcap - 1;

	for (;;) {
		s->mkey[i] = 0;
		for (;;) {
			j = (j + 1) & m;
			if (s->mkey[j] == 0)
				return;
			h = s->mkey[j] * 0x9e3779b97f4a7c15ULL & m;
			if ((j > i && (h <= i || h > j)) ||
			    (j < i && (h <= i && h > j)))
				break;
		}
		s->mkey[i] = s->mkey[j];
		s->mval[i] = s->mval[j];
		i = j;
	}
}

static int
arr_grow(struct store *s, size_t want)
{
	size_t		 cap, mcap, i;
	void		*p;
	uint64_t	*mk;
	uint32_t	*mv;

	if (want <= s->cap)
		return 0;
	if (want > UINT32_MAX)
		return STORE_EFULL;
	for (cap = s->cap ? s->cap : 1024; cap < want; cap *= 2)
		;
	if ((p = reallocarray(s->code, cap, sizeof(*s->code))) == NULL)
		return ENOMEM;
	s->code = p;
	if ((p = reallocarray(s->rep, cap, sizeof(*s->rep))) == NULL)
		return ENOMEM;
	s->rep = p;
	if ((p = reallocarray(s->nrep, cap, sizeof(*s->nrep))) == NULL)
		return ENOMEM;
	s->nrep = p;
	if ((p = reallocarray(s->deadline, cap, sizeof(*s->deadline))) == NULL)
		return ENOMEM;
	s->deadline = p;
	if ((p = reallocarray(s->slot, cap, sizeof(*s->slot))) == NULL)
		return ENOMEM;
	s->slot = p;
	mcap = cap * 2;
	if ((mk = calloc(mcap, sizeof(*mk))) == NULL ||
	    (mv = calloc(mcap, sizeof(*mv))) == NULL) {
		free(mk);
		return ENOMEM;
	}
	/*
	 * Only now: with the capacity raised but the id map not, the array
	 * could outgrow the map, and a full map makes map_set loop forever.
	 */
	s->cap = cap;
	free(s->mkey);
	free(s->mval);
	s->mkey = mk;
	s->mval = mv;
	s->mcap = mcap;
	for (i = 0; i < s->n; i++)
		map_set(s, s->slot[i].id, (uint32_t)i);
	return 0;
}

static void
arr_fill(struct store *s, size_t i, const struct cluster *c)
{
	memcpy(s->code[i], c->code.b, 32);
	memcpy(s->rep[i], c->reps, 32 * (size_t)c->nreps);
	s->nrep[i] = c->nreps | (uint8_t)(c->kind << NREP_KIND);
	s->deadline[i] = deadline_of(s, c);
	s->slot[i].id = c->id;
	s->slot[i].last_seen = c->last_seen;
	s->slot[i].status = c->status;
	s->slot[i].single = c->messages <= 1;
}

/* Insert or update; the caller holds wmu and the write lock. */
static int
arr_upsert(struct store *s, const struct cluster *c)
{
	size_t	k;
	int	rc;

	if ((k = map_find(s, c->id)) != SIZE_MAX) {
		arr_fill(s, s->mval[k], c);
		return 0;
	}
	if ((rc = arr_grow(s, s->n + 1)) != 0)
		return rc;
	arr_fill(s, s->n, c);
	map_set(s, c->id, (uint32_t)s->n);
	s->n++;
	return 0;
}

static void
arr_remove(struct store *s, uint64_t id)
{
	size_t	k, i, last;

	if ((k = map_find(s, id)) == SIZE_MAX)
		return;
	i = s->mval[k];
	map_del(s, k);
	last = --s->n;
	if (i != last) {
		memcpy(s->code[i], s->code[last], sizeof(s->code[i]));
		memcpy(s->rep[i], s->rep[last],
		    32 * (size_t)(s->nrep[last] & NREP_MASK));
		s->nrep[i] = s->nrep[last];
		s->deadline[i] = s->deadline[last];
		s->slot[i] = s->slot[last];
		map_set(s, s->slot[i].id, (uint32_t)i);
	}
}

#define ARR_UNDO_MAX	4096	/* ids an abort re-reads at most */

/* Keep id among those the uncommitted changes touched. */
static void
undo_note(struct store *s, uint64_t id)
{
	if (!s->undo_lost && util_ids_add(&s->undo, id, ARR_UNDO_MAX) == -1)
		s->undo_lost = 1;
}

/* Under wmu: apply one change to the array, with the write lock. */
int
arr_apply(struct store *s, const struct cluster *c, uint64_t remove_id)
{
	int	rc = 0;

	pthread_rwlock_wrlock(&s->lock);
	undo_note(s, c != NULL ? c->id : remove_id);
	if (c != NULL)
		rc = arr_upsert(s, c);
	else
		arr_remove(s, remove_id);
	if (rc != 0) {
		s->synced = 0;
		s->undo_lost = 1;	/* half done: rebuild */
	}
	pthread_rwlock_unlock(&s->lock);
	return rc;
}

/*
 * With the write lock, after a commit: the changes are the store's now,
 * and an array in step (not one a change failed to reach) can keep
 * track again.
 */
void
arr_committed(struct store *s)
{
	s->undo.n = 0;
	if (s->synced)
		s->undo_lost = 0;
}

struct rebuild {
	struct store	*s;
	size_t		 corrupt;
	int		 err;
};

static int
rebuild_one(uint64_t id, const void *rec, size_t len, void *arg)
{
	struct rebuild	*rb = arg;
	struct cluster	 c;

	if (store_rec_decode(id, rec, len, &c) != 0) {
		rb->corrupt++;
		return 0;
	}
	if ((rb->err = arr_upsert(rb->s, &c)) != 0)
		return 1;
	return 0;
}

/*
 * Reload the array from transaction t (which sees generation gen); the
 * caller holds wmu. Readers wait on the write lock for the duration: a
 * full read of the clusters, milliseconds per 100k.
 */
int
rebuild(struct store *s, struct store_btxn *t, uint64_t gen)
{
	struct rebuild	rb = { s, 0, 0 };
	int		rc;

	pthread_rwlock_wrlock(&s->lock);
	s->n = 0;
	if (s->mkey != NULL)
		memset(s->mkey, 0, s->mcap * sizeof(*s->mkey));
	rc = s->ops->rec_iter(t, 0, rebuild_one, &rb);
	if (rc == 1)
		rc = rb.err;
	if (rc == 0) {
		s->gen = gen;
		s->synced = 1;
		s->corrupt = rb.corrupt;
		s->undo.n = 0;
		s->undo_lost = 0;
	} else {
		s->synced = 0;
		s->undo_lost = 1;	/* half loaded: only a rebuild */
	}
	s->rebuilds++;
	pthread_rwlock_unlock(&s->lock);
	return rc;
}

#define REFRESH_SHARE	4	/* of the clusters: read more, rebuild */
#define REFRESH_MIN	1024

/* An id the journal gives refresh(). */
static int
changed_one(uint64_t id, void *arg)
{
	return util_ids_add(arg, id, SIZE_MAX) == 0 ? 0 : ENOMEM;
}

/* Under the write lock: bring the array's entry for id to t. */
static int
refresh_id(struct store *s, struct store_btxn *t, uint64_t id)
{
	struct cluster	 c;
	const void	*rec;
	size_t		 len;
	int		 rc;

	rc = s->ops->rec_get(t, id, &rec, &len);
	if (rc == STORE_ENOTFOUND) {
		arr_remove(s, id);	/* forgotten, evicted, never committed */
		return 0;
	}
	if (rc != 0)
		return rc;
	if (store_rec_decode(id, rec, len, &c) != 0)
		return STORE_ECORRUPT;	/* counted by a rebuild */
	return arr_upsert(s, &c);
}

/*
 * Bring the array, in step with the backend at s->gen but for the
 * changes of a write it aborted (s->undo), to generation gen of
 * transaction t: by reading again the records those changes and the
 * commits between touched, when the backend's journal holds every one
 * of those commits, else, or on any trouble, by a rebuild. Another
 * process's commit (nilsimsactl's mark or import, another milter's
 * observes) or a write of ours that found the map full then costs the
 * records it changed, not a read of every cluster with the scan and
 * every writer waiting (115-150 ms at 90k clusters). The caller holds
 * wmu.
 */
int
refresh(struct store *s, struct store_btxn *t, uint64_t gen)
{
	struct util_ids	ch = { NULL, 0, 0 };
	size_t		i;
	int		rc = 0;

	/*
	 * A record read by its key costs about what a rebuild spends on one
	 * in its walk (helper-60): past a quarter of the clusters, rebuild.
	 */
	if ((!s->synced && s->undo_lost) || gen < s->gen ||
	    s->ops->changes == NULL || s->ops->changes(t, s->gen, gen,
	    s->n / REFRESH_SHARE + REFRESH_MIN, changed_one, &ch) != 0) {
		free(ch.v);
		return rebuild(s, t, gen);
	}
	pthread_rwlock_wrlock(&s->lock);
	for (i = 0; rc == 0 && i < s->undo.n; i++)
		rc = refresh_id(s, t, s->undo.v[i]);
	for (i = 0; rc == 0 && i < ch.n; i++)
		rc = refresh_id(s, t, ch.v[i]);
	if (rc == 0) {
		s->gen = gen;
		s->synced = 1;
		s->undo.n = 0;
		s->refreshes++;
	}
	pthread_rwlock_unlock(&s->lock);
	free(ch.v);
	return rc == 0 ? 0 : rebuild(s, t, gen);
}


static inline int
score_words(const uint64_t *a, const uint64_t *b)
{
	return 128 - __builtin_popcountll(a[0] ^ b[0]) -
	    __builtin_popcountll(a[1] ^ b[1]) -
	    __builtin_popcountll(a[2] ^ b[2]) -
	    __builtin_popcountll(a[3] ^ b[3]);
}

/*
 * Is the cluster at index i older (a lower id) than the one at j? Of
 * clusters scoring alike the oldest is the best, so that the choice does
 * not depend on the array's order, which differs between a process that
 * loaded the store and one that removed clusters since (a removal moves
 * the last entry into the gap): nilsimsactl check chooses as the milter.
 */
static inline int
older(const struct store *s, size_t i, size_t j)
{
	return s->slot[i].id < s->slot[j].id;
}

/* Does a hit of score sc at index i go before hit h (scan_top's order)? */
static inline int
before(const struct store *s, int sc, size_t i, const struct scan_hit *h)
{
	return sc > h->score || (sc == h->score && older(s, i, h->i));
}

/*
 * Out of line: most clusters have no reps, and the main loop stays tight
 * (inlined, this cost singletons 50% more time).
 */
#define SCORE_REPS_BODY							\
	int	j, sr;							\
									\
	for (j = 0; j < k; j++) {					\
		sr = score_words(rep[j], q);				\
		sc = sr > sc ? sr : sc;					\
	}								\
	return sc;

/* In locals, not through r: stores through a pointer would chain the loop. */
#define SCAN_BODY(score_reps)						\
	const uint64_t	(*code)[4] = s->code;				\
	const uint64_t	(*rep)[CLUSTER_REPS - 1][4] = s->rep;		\
	const uint8_t	*nrep = s->nrep;				\
	const int64_t	*deadline = s->deadline;			\
	size_t		 i, n = s->n, best_i = SIZE_MAX, compared = 0;	\
	int		 sc, best = STORE_SCORE_NONE, k;		\
	int		 second = STORE_SCORE_NONE;			\
									\
	for (i = 0; i < n; i++) {					\
		if (deadline[i] < now || (nrep[i] >> NREP_KIND) != kind)	\
			continue;					\
		compared++;						\
		sc = score_words(code[i], q);				\
		if (__builtin_expect((k = nrep[i] & NREP_MASK) != 0, 0)) { \
			compared += (size_t)k;				\
			sc = score_reps(rep[i], k, q, sc);		\
		}							\
		if (sc >= second) {					\
			if (sc > best) {				\
				second = best;				\
				best = sc;				\
				best_i = i;				\
			} else {					\
				second = sc;				\
				if (sc == best && older(s, i, best_i))	\
					best_i = i;			\
			}						\
		}							\
	}								\
	r->best_i = best_i;						\
	r->best = best;							\
	r->second = second;						\
	r->compared = compared;

/*
 * Best and runner-up among the live clusters, a cluster scoring the best
 * of its codes. It reads only the code, deadline and rep count arrays (41
 * bytes a cluster) and the reps that are in use, so it streams from
 * memory. With
 * hardware popcount when the CPU has it: several times faster than the
 * library's bit-twiddling fallback for a baseline x86-64 build.
 */
#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("popcnt"), noinline)) static int
score_reps_popcnt(const uint64_t (*rep)[4], int k, const uint64_t *q, int sc)
{
	SCORE_REPS_BODY
}

__attribute__((target("popcnt"))) static void
scan_popcnt(const struct store *s, const uint64_t *q, int kind, int64_t now,
    struct scan *r)
{
	SCAN_BODY(score_reps_popcnt)
}
#endif

static __attribute__((noinline)) int
score_reps_generic(const uint64_t (*rep)[4], int k, const uint64_t *q, int sc)
{
	SCORE_REPS_BODY
}

static void
scan_generic(const struct store *s, const uint64_t *q, int kind, int64_t now,
    struct scan *r)
{
	SCAN_BODY(score_reps_generic)
}

#if defined(__x86_64__) && defined(__GNUC__)
/*
 * The scan with AVX-512 (VPOPCNTDQ), eight anchors at a time: XOR and
 * popcount of four 512-bit loads (two codes each), the word counts summed
 * per code by an unpack and a 128-bit shuffle, and a mask of the live
 * clusters of the kind wanted (deadline and kind compared eight at once).
 * Only the lanes that beat the runner-up so far, or have representatives,
 * go through the scalar step, in index order, so that the result is the
 * scalar scan's (the same best, the same ties, the same count). About 3x
 * the popcnt scan's speed; it makes the scan of a million clusters a
 * fraction of a millisecond instead of ~1.5 ms.
 */
#define NSM_AVX512	__attribute__((target("avx512f,avx512vpopcntdq")))

NSM_AVX512 static int
score_reps_avx512(const uint64_t (*rep)[4], int k, const uint64_t *q, int sc)
{
	SCORE_REPS_BODY
}

/* The eight anchors code[i..i+7], scored against qq, in order. */
NSM_AVX512 static inline __m512i
score8(const uint64_t (*code)[4], __m512i qq)
{
	const __m512i	order = _mm512_set_epi64(7, 5, 6, 4, 3, 1, 2, 0);
	__m512i		x0, x1, x2, x3, t0, t1, u;

	x0 = _mm512_popcnt_epi64(_mm512_xor_si512(
	    _mm512_loadu_si512((const void *)code[0]), qq));
	x1 = _mm512_popcnt_epi64(_mm512_xor_si512(
	    _mm512_loadu_si512((const void *)code[2]), qq));
	x2 = _mm512_popcnt_epi64(_mm512_xor_si512(
	    _mm512_loadu_si512((const void *)code[4]), qq));
	x3 = _mm512_popcnt_epi64(_mm512_xor_si512(
	    _mm512_loadu_si512((const void *)code[6]), qq));
	/* pairs of words: [0 01, 2 01, 0 23, 2 23, 1 01, 3 01, 1 23, 3 23] */
	t0 = _mm512_add_epi64(_mm512_unpacklo_epi64(x0, x1),
	    _mm512_unpackhi_epi64(x0, x1));
	t1 = _mm512_add_epi64(_mm512_unpacklo_epi64(x2, x3),
	    _mm512_unpackhi_epi64(x2, x3));
	/* codes 0 2 1 3 4 6 5 7, then in order */
	u = _mm512_add_epi64(_mm512_shuffle_i64x2(t0, t1, 0x88),
	    _mm512_shuffle_i64x2(t0, t1, 0xdd));
	return _mm512_sub_epi64(_mm512_set1_epi64(128),
	    _mm512_permutexvar_epi64(order, u));
}

NSM_AVX512 static void
scan_avx512(const struct store *s, const uint64_t *q, int kind, int64_t now,
    struct scan *r)
{
	const uint64_t	(*code)[4] = s->code;
	const uint64_t	(*rep)[CLUSTER_REPS - 1][4] = s->rep;
	const uint8_t	*nrep = s->nrep;
	const int64_t	*deadline = s->deadline;
	size_t		 i, n = s->n, best_i = SIZE_MAX, compared = 0;
	int		 sc, best = STORE_SCORE_NONE, k, j;
	int		 second = STORE_SCORE_NONE;
	int64_t		 lane[8];
	__m512i		 qq, vnow, vkind, nr;
	__mmask8	 live, step;

	qq = _mm512_broadcast_i64x4(_mm256_loadu_si256((const void *)q));
	vnow = _mm512_set1_epi64(now);
	vkind = _mm512_set1_epi64(kind);
	for (i = 0; i + 8 <= n; i += 8) {
		nr = _mm512_cvtepu8_epi64(_mm_loadl_epi64(
		    (const void *)(nrep + i)));
		live = _mm512_cmpge_epi64_mask(_mm512_loadu_si512(
		    (const void *)(deadline + i)), vnow) &
		    _mm512_cmpeq_epi64_mask(_mm512_srli_epi64(nr, NREP_KIND), vkind);
		if (live == 0)
			continue;
		compared += (size_t)__builtin_popcount(live);
		_mm512_storeu_si512((void *)lane, score8(code + i, qq));
		step = (_mm512_cmpge_epi64_mask(_mm512_loadu_si512(
		    (const void *)lane), _mm512_set1_epi64(second)) |
		    _mm512_test_epi64_mask(nr, _mm512_set1_epi64(NREP_MASK))) &
		    live;
		for (; step != 0; step &= step - 1) {
			j = __builtin_ctz(step);
			sc = (int)lane[j];
			if ((k = nrep[i + j] & NREP_MASK) != 0) {
				compared += (size_t)k;
				sc = score_reps_avx512(rep[i + j], k, q, sc);
			}
			if (sc >= second) {
				if (sc > best) {
					second = best;
					best = sc;
					best_i = i + j;
				} else {
					second = sc;
					if (sc == best && older(s, i + j, best_i))
						best_i = i + j;
				}
			}
		}
	}
	for (; i < n; i++) {
		if (deadline[i] < now || (nrep[i] >> NREP_KIND) != kind)
			continue;
		compared++;
		sc = score_words(code[i], q);
		if ((k = nrep[i] & NREP_MASK) != 0) {
			compared += (size_t)k;
			sc = score_reps_avx512(rep[i], k, q, sc);
		}
		if (sc >= second) {
			if (sc > best) {
				second = best;
				best = sc;
				best_i = i;
			} else {
				second = sc;
				if (sc == best && older(s, i, best_i))
					best_i = i;
			}
		}
	}
	r->best_i = best_i;
	r->best = best;
	r->second = second;
	r->compared = compared;
}
#endif

/*
 * The SCAN_TOP best live clusters of the kind scoring above `above`, best
 * first (of equal scores the older cluster first); how many. For the
 * rare search that passes over its best (store.c search(): a mailing
 * another sender matches only loosely): a plain loop, with hardware
 * popcount where there is one.
 */
#define SCAN_TOP_BODY(score_reps)					\
	size_t	 i, j, n = 0;						\
	int	 sc, k;							\
									\
	for (i = 0; i < s->n; i++) {					\
		if (s->deadline[i] < now || (s->nrep[i] >> NREP_KIND) != kind)	\
			continue;					\
		sc = score_words(s->code[i], q);			\
		if ((k = s->nrep[i] & NREP_MASK) != 0)			\
			sc = score_reps(s->rep[i], k, q, sc);		\
		if (sc <= above || (n == SCAN_TOP &&			\
		    !before(s, sc, i, &top[SCAN_TOP - 1])))		\
			continue;					\
		j = n < SCAN_TOP ? n++ : SCAN_TOP - 1;			\
		for (; j > 0 && before(s, sc, i, &top[j - 1]); j--)	\
			top[j] = top[j - 1];				\
		top[j].i = i;						\
		top[j].score = sc;					\
	}								\
	return n;

#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("popcnt"))) static size_t
scan_top_popcnt(const struct store *s, const uint64_t *q, int kind,
    int64_t now, int above, struct scan_hit *top)
{
	SCAN_TOP_BODY(score_reps_popcnt)
}
#endif

static size_t
scan_top_generic(const struct store *s, const uint64_t *q, int kind,
    int64_t now, int above, struct scan_hit *top)
{
	SCAN_TOP_BODY(score_reps_generic)
}

size_t
scan_top(const struct store *s, const nilsimsa_code *code, int kind,
    int64_t now, int above, struct scan_hit top[SCAN_TOP])
{
	uint64_t	q[4];

	memcpy(q, code->b, sizeof(q));
#if defined(__x86_64__) && defined(__GNUC__)
	if (__builtin_cpu_supports("popcnt"))
		return scan_top_popcnt(s, q, kind, now, above, top);
#endif
	return scan_top_generic(s, q, kind, now, above, top);
}

void
scan(const struct store *s, const nilsimsa_code *code, int kind, int64_t now,
    struct scan *r)
{
	uint64_t	q[4];

	memcpy(q, code->b, sizeof(q));
#if defined(__x86_64__) && defined(__GNUC__)
	if (__builtin_cpu_supports("avx512f") &&
	    __builtin_cpu_supports("avx512vpopcntdq")) {
		scan_avx512(s, q, kind, now, r);
		return;
	}
	if (__builtin_cpu_supports("popcnt")) {
		scan_popcnt(s, q, kind, now, r);
		return;
	}
#endif
	scan_generic(s, q, kind, now, r);
}
