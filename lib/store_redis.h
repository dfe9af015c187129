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
 * store_redis.h: the fleet view of StoreBackend redis.
 *
 * Several MX hosts share one Redis (or Valkey) server. Each host keeps
 * its local LMDB store (store.h): the similarity scan stays local and in
 * memory, and the local store is what decides when Redis is slow or
 * down. Redis holds what the hosts must add up:
 *
 *  - per cluster, under one hash tag {prefix:key}, the fleet's counts:
 *    messages, recipients (a running total and HyperLogLogs of the
 *    recipient hashes, one per slice of CampaignWindow), client networks
 *    (the same, and one for all time), sender domains, first and last
 *    seen, the status. One Lua script (EVALSHA) updates them and returns
 *    the totals, in one round trip per message;
 *  - a stream of cluster events (new, status, forget) that every host
 *    tails in a thread of its own, importing the other hosts' clusters
 *    into its local store, from a cursor kept beside the store.
 *
 * A cluster's fleet key is derived from its anchor code, so every host
 * that holds a copy of it (created or imported) counts into the same
 * keys. Two hosts that started a cluster for the same campaign at the
 * same moment converge on the one Redis saw first: the other maps its
 * local cluster onto the winner's key (an alias, kept in the state
 * file), and adds what the fleet counted under its own key to the
 * winner's, once.
 */
#ifndef STORE_REDIS_H
#define STORE_REDIS_H

#include <stdint.h>

#include "config.h"
#include "store.h"

struct fleet;

/* What the fleet adds up for a message's cluster. */
struct fleet_counts {
	uint64_t	messages;	/* copies seen by every host */
	uint64_t	recipients;	/* running total of recipients */
	uint64_t	reach_rcpts;	/* distinct recipients within the window */
	uint64_t	reach_nets;	/* distinct networks within the window */
	uint64_t	networks;	/* distinct networks ever */
	uint64_t	senders;	/* distinct sender domains */
	int		status;		/* enum cluster_status; -1: never set */
	char		key[17];	/* the fleet key (16 hex digits) */
};

/* Health for nilsimsactl stats and the tests. */
struct fleet_health {
	int		up;		/* answered PING */
	double		ping_ms;	/* that round trip */
	uint64_t	stream_len;	/* entries in the stream */
	uint64_t	clusters;	/* in the fleet (SCAN) */
	char		last_id[48];	/* the stream's newest entry */
	char		cursor[48];	/* where this host's tail is */
	int64_t		lag_ms;		/* newest entry minus cursor, in ms */
	uint64_t	calls, failed, published, imported, aliased;
	uint64_t	pushed;		/* counted late, once Redis was back */
	uint64_t	dropped;	/* never counted: too many waited */
	uint64_t	pending;	/* waiting for Redis */
};

#define FLEET_TAIL	0x01	/* start the thread that tails the stream */

/*
 * Connect to cfg->redis for the store s (the local mirror, kept open by
 * the caller until fleet_close). A server that does not answer is not an
 * error: calls fail fast (partial) and reconnect with a backoff. NULL
 * with err filled when the configuration cannot be used, or when built
 * without hiredis.
 */
struct fleet	*fleet_open(const struct config *cfg, struct store *s,
		    const char *state_dir, int flags, char *err, size_t errlen);
void		 fleet_close(struct fleet *f);

/*
 * Count a message that the local store recorded (res). 0 with *fc the
 * fleet's totals, or -1: Redis was slow or down, decide with the local
 * counts. The milter (FLEET_TAIL) keeps such a copy, up to 4096 of them,
 * and its tail thread counts them in the fleet once Redis answers again.
 * Safe from any number of threads.
 */
int		 fleet_observe(struct fleet *f, const struct store_obs *obs,
		    const struct store_result *res, struct fleet_counts *fc);

/*
 * Around the store_observe of a message whose count goes to the fleet:
 * the stream tail does not import a cluster meanwhile (a copy starting
 * a cluster while the same campaign's is imported would leave two).
 */
void		 fleet_enter(struct fleet *f);
void		 fleet_leave(struct fleet *f);

/* Status change or forget of a local cluster, told to the fleet. 0 or -1. */
int		 fleet_set_status(struct fleet *f, const struct cluster *c,
		    int status);
int		 fleet_forget(struct fleet *f, const struct cluster *c);

/* SingletonTTL and BulkTTL changed at reload. */
void		 fleet_set_ttl(struct fleet *f, int64_t singleton_ttl,
		    int64_t bulk_ttl);

/* Read the fleet key a local cluster counts into. */
void		 fleet_key(struct fleet *f, const struct cluster *c, char key[17]);

/* Wait until the tail has imported everything up to now (tests). 0 or -1. */
int		 fleet_sync(struct fleet *f, int timeout_ms);

int		 fleet_health(struct fleet *f, struct fleet_health *h);

#endif /* STORE_REDIS_H */
