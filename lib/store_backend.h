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
 * store_backend.h: what a storage backend supplies to store.c.
 *
 * store.c owns everything that does not depend on where the bytes live:
 * the record format (encoded once, so every backend stores the same
 * bytes), the in-memory match array, locking, eviction and expiry. A
 * backend stores opaque records by id, the exact-duplicate index, the
 * meta values and the per-hour counters, inside transactions:
 *
 *  - begin(write) starts a transaction; only one write transaction is in
 *    progress at a time across every process using the store (LMDB's
 *    writer lock; Redis: WATCH/MULTI or a Lua script), so that store.c can
 *    read, decide and write atomically.
 *  - commit() commits the writes (durable, or for LMDB with sync_ms
 *    durable within sync_ms) and, when anything was written,
 *    bumps the generation counter; *gen gets the generation the store now
 *    has. Other processes compare it to notice changes.
 *  - Pointers returned by rec_get/rec_iter stay valid until the end of
 *    the transaction.
 *
 * Every function returns 0, a STORE_E* code, a backend code (a backend
 * maps its "corrupt", "full" and "version" codes to STORE_E*) or an errno.
 */
#ifndef STORE_BACKEND_H
#define STORE_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "store.h"

/* At most this many SHA-256 per cluster in the exact index. */
#define STORE_EXACT_PER_CLUSTER	16

/*
 * The record of a cluster, as every backend stores it (store.c): encode
 * writes STORE_REC_SIZE bytes; decode checks a record read back (its size,
 * version, ranges and that its id is `id`) and returns 0 or
 * STORE_ECORRUPT. Exposed for the fuzzing harness (fuzz/fuzz_store_rec.c).
 */
#define STORE_REC_SIZE	1340	/* version 2 */
#define STORE_REC_SIZE_V1 536	/* version 1, still read */
void	store_rec_encode(const struct cluster *c, unsigned char *r);
int	store_rec_decode(uint64_t id, const void *rec, size_t len,
	    struct cluster *c);

/* Per-hour counters kept in the "stats" table. */
struct store_hour {
	uint32_t	messages, tagged, rejected;
};

struct store_backend;		/* a backend's open store */
struct store_btxn;		/* a backend's transaction */

typedef int (*store_rec_fn)(uint64_t id, const void *rec, size_t len,
    void *arg);

struct store_backend_ops {
	const char	*name;
	/* Open or create; checks the format version and cfg->score_mode. */
	int	(*open)(struct store_backend **bp, const struct store_config *cfg,
		    int flags);
	void	(*close)(struct store_backend *b);
	int	(*begin)(struct store_backend *b, int write,
		    struct store_btxn **tp);
	int	(*commit)(struct store_btxn *t, uint64_t *gen);
	void	(*abort)(struct store_btxn *t);

	/* The generation as of this transaction (cheap). */
	int	(*generation)(struct store_btxn *t, uint64_t *gen);
	/*
	 * The ids of the records changed by the commits after generation
	 * `from` up to `to`, each given to fn (an id may come more than
	 * once; a non-zero return from fn stops and is returned), when the
	 * journal holds every one of those commits and they changed at most
	 * `max` ids in all; otherwise STORE_ENOTFOUND, and fn is not
	 * called. May be NULL.
	 */
	int	(*changes)(struct store_btxn *t, uint64_t from, uint64_t to,
		    size_t max, int (*fn)(uint64_t id, void *arg), void *arg);
	/* Allocate a new cluster id; ids are never reused. */
	int	(*new_id)(struct store_btxn *t, uint64_t *id);
	/* Make sure later new_id() calls return ids above id (import). */
	int	(*reserve_id)(struct store_btxn *t, uint64_t id);

	/* Cluster records (encoded by store.c): STORE_ENOTFOUND if absent. */
	int	(*rec_get)(struct store_btxn *t, uint64_t id, const void **rec,
		    size_t *len);
	int	(*rec_put)(struct store_btxn *t, uint64_t id, const void *rec,
		    size_t len);
	/* Delete a record and the exact-index entries pointing to it. */
	int	(*rec_del)(struct store_btxn *t, uint64_t id);
	/*
	 * In id order from id `from` on; a non-zero return from fn stops
	 * and is returned.
	 */
	int	(*rec_iter)(struct store_btxn *t, uint64_t from, store_rec_fn fn,
		    void *arg);
	int	(*rec_count)(struct store_btxn *t, size_t *n);

	/* Exact index: SHA-256 of the canonical body to a cluster id. */
	int	(*exact_get)(struct store_btxn *t, const unsigned char sha[32],
		    uint64_t *id);
	/* Add unless the cluster already has STORE_EXACT_PER_CLUSTER. */
	int	(*exact_add)(struct store_btxn *t, const unsigned char sha[32],
		    uint64_t id);

	/* Per-hour counters; hour is unix seconds / 3600. */
	int	(*hour_add)(struct store_btxn *t, int64_t hour,
		    const struct store_hour *add);
	int	(*hour_get)(struct store_btxn *t, int64_t hour,
		    struct store_hour *h);

	/*
	 * After STORE_EFULL (the transaction is gone): make the store
	 * bigger, 0; STORE_EFULL when it is at its limit. The limit leaves
	 * a reserve below the configured maximum, for the deletions that
	 * make room: grow(b, 1) opens the reserve, settle(b) closes it again
	 * (as far as the data allow). Called with no transaction of this
	 * thread open.
	 */
	int	(*grow)(struct store_backend *b, int reserve);
	void	(*settle)(struct store_backend *b);
	/*
	 * Room left: *left gets the share (0 .. 1024) of the largest map
	 * the store may grow to that is neither used nor past it (unused
	 * pages and pages on the free list). 1024 while it can still grow.
	 */
	int	(*room)(struct store_backend *b, unsigned int *left);
	/*
	 * Optional (NULL: zeros in nilsimsactl stats and the metrics):
	 * bytes in use, bytes of the current map, bytes it may grow to.
	 */
	int	(*usage)(struct store_backend *b, uint64_t *used,
		    uint64_t *map, uint64_t *max);

	/* Names the backend's own codes; NULL if not one of them. */
	const char *(*strerror)(int err);
};

extern const struct store_backend_ops store_lmdb_ops;

/* Little-endian integers: the on-disk layout of records and meta values. */
static inline void
put64(unsigned char *p, uint64_t v)
{
	for (int i = 0; i < 8; i++, v >>= 8)
		p[i] = v & 0xff;
}

static inline uint64_t
get64(const unsigned char *p)
{
	uint64_t	v = 0;

	for (int i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

static inline void
put32(unsigned char *p, uint32_t v)
{
	for (int i = 0; i < 4; i++, v >>= 8)
		p[i] = v & 0xff;
}

static inline uint32_t
get32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

#endif /* STORE_BACKEND_H */
