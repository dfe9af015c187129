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
 * store-internal.h: what the files of the cluster store share (store.c,
 * the API and the writes; store_array.c, the match array and its scan;
 * store_cluster.c, the record layout and the questions asked of a
 * cluster). Private to lib/store*.c: store.h is the contract.
 */
#ifndef STORE_INTERNAL_H
#define STORE_INTERNAL_H

#include <pthread.h>
#include <stdint.h>

#include "store.h"
#include "store_backend.h"
#include "util.h"

#define REC_VERSION	2
#define REC_SIZE_V1	STORE_REC_SIZE_V1
#define REC_SIZE	STORE_REC_SIZE
_Static_assert(STORE_REC_SIZE == REC_SIZE_V1 + 4 + CLUSTER_MAX_NETS * 8 +
    CLUSTER_MAX_SENDERS * 4 + CLUSTER_MAX_RCPTS * 8,
    "STORE_REC_SIZE is the version 2 layout's size");
#define EVICT_MAX	64	/* evictions one observe may do */
#define NREP_MASK	0x3f	/* nrep[]: the count in bits 0-5, */
#define NREP_KIND	6	/* the kind of the codes from bit 6 */
_Static_assert(CLUSTER_REPS - 1 <= NREP_MASK &&
    NILSIMSA_KIND_MAX <= 0xff >> NREP_KIND, "nrep[] holds count and kind");
#define FULL_RETRIES	4	/* a write that finds the store full: grow
				   or make room, and try again, this often */

struct slot {
	uint64_t	id;
	int64_t		last_seen;
	uint8_t		status;
	uint8_t		single;		/* messages <= 1 */
};

/*
 * A write waiting for the group commit (store.c): an observe, a put or a note,
 * queued by the thread that asked for it, done by whichever thread leads
 * the group it falls into.
 */
struct gwrite {
	struct gwrite			*next;
	const struct store_obs		*obs;	/* an observe, */
	struct store_result		*res;
	struct cluster			*put;	/* a put, else a note */
	uint64_t			 id;	/* a note's or put's cluster */
	int64_t				 now;
	struct store_hour		 h;
	int				 found;	/* a note: the cluster's load */
	int				 rc;
	int				 done;
	pthread_cond_t			 cv;	/* its owner waits on it */
};

struct store {
	const struct store_backend_ops	*ops;
	struct store_backend		*b;
	int				 rdonly;
	size_t				 max_clusters;
	_Atomic int64_t			 singleton_ttl, bulk_ttl;	/* set at reload */

	pthread_mutex_t			 wmu;
	pthread_rwlock_t		 lock;

	/* The group commit: writes waiting, and whether one leads. */
	pthread_mutex_t			 gmu;
	struct gwrite			*ghead, **gtail;
	int				 gleader;
	unsigned int			 gmax;	/* writes a commit may carry */

	/* The match array: n live entries of cap, and id -> index. */
	uint64_t			(*code)[4];	/* anchors */
	uint64_t			(*rep)[CLUSTER_REPS - 1][4];
	uint8_t				*nrep;	/* reps in use, and the kind
						   of the codes (NREP_*) */
	int64_t				*deadline;
	struct slot			*slot;
	size_t				 n, cap;
	uint64_t			*mkey;	/* open addressing, 0 = empty */
	uint32_t			*mval;
	size_t				 mcap;	/* power of 2, >= 2 * cap */

	struct boiler			*boiler;	/* text many clusters share
						   (in memory, boiler.h) */
	struct known			*known;		/* who wrote to whom
						   (in memory, known.h) */

	uint64_t			 gen;	/* generation the array reflects */
	int				 synced;
	/*
	 * The ids the array changed since the last commit: after an abort
	 * (synced 0) refresh() reads them again; undo_lost when they are
	 * more than ARR_UNDO_MAX, or the array failed to change.
	 */
	struct util_ids			 undo;
	int				 undo_lost;
	size_t				 corrupt;	/* records skipped at load */
	uint64_t			 rebuilds, refreshes;	/* store_stats */
};

struct scan {
	size_t	best_i;		/* SIZE_MAX: none */
	int	best, second;
	size_t	compared;
};

#define SCAN_TOP	8	/* clusters scan_top() returns at most */

/* One of scan_top()'s clusters: its array index and score. */
struct scan_hit {
	size_t	i;
	int	score;
};

/* The entries in use of a cluster's network set and sender set. */
static inline uint32_t
cluster_nnets(const struct cluster *c)
{
	return c->networks < CLUSTER_MAX_NETS ? c->networks : CLUSTER_MAX_NETS;
}

static inline uint32_t
cluster_nsenders(const struct cluster *c)
{
	return c->senders < CLUSTER_MAX_SENDERS ? c->senders :
	    CLUSTER_MAX_SENDERS;
}

/* store_cluster.c */
int64_t	store_hour_of(int64_t t);
const char *store_rec_check(uint64_t id, const void *rec, size_t len);

/* store_array.c */
int64_t	deadline_of(const struct store *s, const struct cluster *c);
int	arr_apply(struct store *s, const struct cluster *c, uint64_t remove_id);
int	rebuild(struct store *s, struct store_btxn *t, uint64_t gen);
int	refresh(struct store *s, struct store_btxn *t, uint64_t gen);
void	arr_committed(struct store *s);
void	scan(const struct store *s, const nilsimsa_code *code, int kind,
	    int64_t now, struct scan *r);
size_t	scan_top(const struct store *s, const nilsimsa_code *code, int kind,
	    int64_t now, int above, struct scan_hit top[SCAN_TOP]);

#endif /* STORE_INTERNAL_H */
