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
 * metrics.h: the process's counters and histograms, and their
 * Prometheus text exposition (format 0.0.4).
 *
 * Every counter is a C11 atomic: a message thread adds without a lock,
 * the scrape reads without stopping anyone. The counters live for the
 * process (one set per process; nilsimsactl and the tools count too,
 * and never show them). The HTTP side is milter/metrics_http.c; this
 * unit writes the text, so the tests check it without HTTP.
 *
 * Label values given here must be static strings (the verdict's reason
 * and tier words): they are kept by pointer.
 */
#ifndef METRICS_H
#define METRICS_H

#include <stddef.h>
#include <stdint.h>

/* What went wrong, for nilsimsa_milter_errors_total{kind=...}. */
enum metrics_error {
	METRICS_ERR_STORE = 0,	/* the store failed: message deferred */
	METRICS_ERR_MEMORY,	/* out of memory: message deferred */
	METRICS_ERR_STATE,	/* a callback without its connection state */
	METRICS_ERR_STOPPING,	/* a message ended while the milter stopped */
	METRICS_ERR_REPLY,	/* a libmilter reply or change failed */
	METRICS_ERR_EXPIRE,	/* the periodic expiry failed */
	METRICS_ERR_RELOAD,	/* a reload was refused */
	METRICS_NERR
};

/* Why clusters were evicted: nilsimsa_milter_evictions_total{cause=...}. */
enum metrics_evict {
	METRICS_EVICT_COUNT = 0,	/* MaxClusters reached */
	METRICS_EVICT_SIZE,		/* StoreMaxSize reached */
	METRICS_NEVICT
};

/*
 * One message through the milter: its action (verdict_action_name()),
 * reason and tier words, whether the verdict refused it (rejected,
 * deferred, discarded, or some recipients removed), and the seconds
 * its end of message took.
 */
void	metrics_message(const char *action, const char *reason,
	    const char *tier, int refused, double seconds);
/* A message that reached the store: seconds inside it, codes compared. */
void	metrics_store(double seconds, size_t compared);
void	metrics_error(enum metrics_error kind);
void	metrics_evicted(enum metrics_evict cause, uint64_t n);
/*
 * The configuration at start (generation 1, at unix time `when`), and
 * each reload's outcome: counted by result; a success brings the new
 * generation.
 */
void	metrics_config(uint64_t generation, int64_t when);
void	metrics_reload(int ok, uint64_t generation, int64_t when);

/*
 * The Redis backend's own figures (lib/store_redis.c): it calls
 * metrics_redis_enable() when it opens, and from then on the scrape
 * shows the nilsimsa_milter_redis_* families. Its latency per request
 * in seconds, its errors, and the messages it handed to the fallback.
 */
void	metrics_redis_enable(void);
void	metrics_redis_request(double seconds);
void	metrics_redis_error(void);
void	metrics_redis_fallback(void);

/*
 * What the scrape reads from the store at that moment (store_census()):
 * the same figures as `nilsimsactl stats`. have = 0 when the store is
 * not open (the families are left out).
 */
struct metrics_store_gauges {
	int		have;
	uint64_t	clusters, singletons, bulk;
	uint64_t	autos, spam, ham;
	uint64_t	used_bytes, map_bytes, max_bytes;
	uint64_t	rebuilds, refreshes;	/* store_stats */
};

/*
 * The exposition: every family with HELP and TYPE lines, then its
 * samples; version for nilsimsa_milter_build_info. Returns a malloc'd
 * NUL-terminated text (its length in *len),
 * or NULL when out of memory.
 */
char	*metrics_write(const char *version, const struct metrics_store_gauges *g,
	    size_t *len);

/* Back to zero (the unit tests). */
void	metrics_reset(void);

#endif /* METRICS_H */
