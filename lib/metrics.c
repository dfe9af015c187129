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
 * metrics.c: lock-free counters and histograms, and the Prometheus text
 * exposition (https://prometheus.io/docs/instrumenting/exposition_formats/).
 *
 * Counters are relaxed atomics: each is exact, a scrape sees each at
 * some moment during the scrape. A histogram keeps one count per bucket
 * (not cumulative) and the scrape sums them, so that its +Inf bucket and
 * its _count are the same number even while messages are counted.
 *
 * Messages by (action, reason) have no fixed list of labels (the verdict
 * names its reasons): a small table whose slots are claimed with a
 * compare-and-swap holds them. Two threads claiming a slot for the same
 * pair at once may take two slots; the scrape adds such twins together.
 */
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics.h"

#define P	"nilsimsa_milter_"

/* ------------------------------------------------------------ histograms */

#define HIST_MAX	16

struct hist {
	const char		*le[HIST_MAX];	/* upper bounds as printed */
	double			 bound[HIST_MAX];
	size_t			 nb;
	double			 scale;		/* sum kept in units / scale */
	_Atomic uint64_t	 count[HIST_MAX + 1];	/* [nb]: above the last */
	_Atomic uint64_t	 sum;
};

#define SECONDS_BUCKETS \
	{ "0.0005", "0.001", "0.0025", "0.005", "0.01", "0.025", "0.05", \
	  "0.1", "0.25", "0.5", "1", "2.5", "5", "10" }, \
	{ 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, \
	  1, 2.5, 5, 10 }, 14, 1e9

static struct hist h_message = { SECONDS_BUCKETS, { 0 }, 0 };
static struct hist h_store = { SECONDS_BUCKETS, { 0 }, 0 };
static struct hist h_redis = { SECONDS_BUCKETS, { 0 }, 0 };
static struct hist h_scan = {
	{ "0", "10", "100", "1000", "10000", "100000", "1000000" },
	{ 0, 10, 100, 1000, 10000, 100000, 1000000 }, 7, 1, { 0 }, 0
};

/* Count v (in the histogram's unit) into its bucket. */
static void
hist_add(struct hist *h, double v)
{
	size_t	i;

	if (!(v >= 0))		/* NaN or negative: a clock step */
		v = 0;
	for (i = 0; i < h->nb && v > h->bound[i]; i++)
		;
	atomic_fetch_add_explicit(&h->count[i], 1, memory_order_relaxed);
	atomic_fetch_add_explicit(&h->sum, (uint64_t)llround(v * h->scale),
	    memory_order_relaxed);
}

/* ------------------------------------------------------------- counters */

#define NSLOT	128		/* (action, reason) pairs */
#define NTIER	3

struct slot {
	_Atomic int		 state;		/* 0 free, 1 being claimed, 2 set */
	const char		*action, *reason;
	_Atomic uint64_t	 n;
};

static struct slot		 slots[NSLOT];
static _Atomic uint64_t		 slots_full;	/* pairs without a slot */
static const char *const	 tiers[NTIER] = { "none", "tag", "reject" };
static _Atomic uint64_t		 tier_n[NTIER], tier_refused[NTIER];
static const char *const	 err_names[METRICS_NERR] = { "store", "memory",
	"state", "stopping", "reply", "expire", "reload" };
static _Atomic uint64_t		 errors[METRICS_NERR];
static const char *const	 evict_names[METRICS_NEVICT] = { "max_clusters",
	"max_size" };
static _Atomic uint64_t		 evictions[METRICS_NEVICT];
static _Atomic uint64_t		 generation, reloads_ok, reloads_failed;
static _Atomic int		 reload_success = 1;
static _Atomic int64_t		 reload_time;
static _Atomic int		 redis_on;
static _Atomic uint64_t		 redis_errors, redis_fallbacks;

/* The slot of (action, reason), claimed if new; NULL when all are taken. */
static struct slot *
slot_of(const char *action, const char *reason)
{
	struct slot	*s;
	size_t		 i;
	int		 st, free_st;

	for (i = 0; i < NSLOT; i++) {
		s = &slots[i];
		st = atomic_load_explicit(&s->state, memory_order_acquire);
		if (st == 0) {
			free_st = 0;
			if (!atomic_compare_exchange_strong(&s->state, &free_st, 1)) {
				i--;	/* taken meanwhile: look at it again */
				continue;
			}
			s->action = action;
			s->reason = reason;
			atomic_store_explicit(&s->state, 2, memory_order_release);
			return s;
		}
		if (st == 2 && strcmp(s->action, action) == 0 &&
		    strcmp(s->reason, reason) == 0)
			return s;
	}
	return NULL;
}

/* The index of a tier word; -1 if unknown. */
static int
tier_index(const char *tier)
{
	int	i;

	for (i = 0; tier != NULL && i < NTIER; i++)
		if (strcmp(tier, tiers[i]) == 0)
			return i;
	return -1;
}

void
metrics_message(const char *action, const char *reason, const char *tier,
    int refused, double seconds)
{
	struct slot	*s;
	int		 t;

	if ((s = slot_of(action, reason)) != NULL)
		atomic_fetch_add_explicit(&s->n, 1, memory_order_relaxed);
	else
		atomic_fetch_add_explicit(&slots_full, 1, memory_order_relaxed);
	if ((t = tier_index(tier)) != -1) {
		atomic_fetch_add_explicit(&tier_n[t], 1, memory_order_relaxed);
		if (refused)
			atomic_fetch_add_explicit(&tier_refused[t], 1,
			    memory_order_relaxed);
	}
	hist_add(&h_message, seconds);
}

void
metrics_store(double seconds, size_t compared)
{
	hist_add(&h_store, seconds);
	hist_add(&h_scan, (double)compared);
}

void
metrics_error(enum metrics_error kind)
{
	if (kind >= 0 && kind < METRICS_NERR)
		atomic_fetch_add_explicit(&errors[kind], 1, memory_order_relaxed);
}

void
metrics_evicted(enum metrics_evict cause, uint64_t n)
{
	if (cause >= 0 && cause < METRICS_NEVICT)
		atomic_fetch_add_explicit(&evictions[cause], n,
		    memory_order_relaxed);
}

void
metrics_config(uint64_t gen, int64_t when)
{
	atomic_store(&generation, gen);
	atomic_store(&reload_success, 1);
	atomic_store(&reload_time, when);
}

void
metrics_reload(int ok, uint64_t gen, int64_t when)
{
	atomic_fetch_add(ok ? &reloads_ok : &reloads_failed, 1);
	if (ok)
		atomic_store(&generation, gen);
	atomic_store(&reload_success, ok != 0);
	atomic_store(&reload_time, when);
}

void
metrics_redis_enable(void)
{
	atomic_store(&redis_on, 1);
}

void
metrics_redis_request(double seconds)
{
	hist_add(&h_redis, seconds);
}

void
metrics_redis_error(void)
{
	atomic_fetch_add_explicit(&redis_errors, 1, memory_order_relaxed);
}

void
metrics_redis_fallback(void)
{
	atomic_fetch_add_explicit(&redis_fallbacks, 1, memory_order_relaxed);
}

/* Zero a histogram's counts. */
static void
hist_reset(struct hist *h)
{
	size_t	i;

	for (i = 0; i <= h->nb; i++)
		atomic_store(&h->count[i], 0);
	atomic_store(&h->sum, 0);
}

void
metrics_reset(void)
{
	size_t	i;

	for (i = 0; i < NSLOT; i++) {
		atomic_store(&slots[i].n, 0);
		atomic_store(&slots[i].state, 0);
	}
	atomic_store(&slots_full, 0);
	for (i = 0; i < NTIER; i++) {
		atomic_store(&tier_n[i], 0);
		atomic_store(&tier_refused[i], 0);
	}
	for (i = 0; i < METRICS_NERR; i++)
		atomic_store(&errors[i], 0);
	for (i = 0; i < METRICS_NEVICT; i++)
		atomic_store(&evictions[i], 0);
	atomic_store(&generation, 0);
	atomic_store(&reloads_ok, 0);
	atomic_store(&reloads_failed, 0);
	atomic_store(&reload_success, 1);
	atomic_store(&reload_time, 0);
	atomic_store(&redis_on, 0);
	atomic_store(&redis_errors, 0);
	atomic_store(&redis_fallbacks, 0);
	hist_reset(&h_message);
	hist_reset(&h_store);
	hist_reset(&h_redis);
	hist_reset(&h_scan);
}

/* ----------------------------------------------------------- exposition */

/* A family's HELP and TYPE lines. */
static void
family(FILE *fp, const char *name, const char *type, const char *help)
{
	fprintf(fp, "# HELP " P "%s %s\n# TYPE " P "%s %s\n", name, help,
	    name, type);
}

/* One sample without labels. */
static void
sample(FILE *fp, const char *name, uint64_t v)
{
	fprintf(fp, P "%s %llu\n", name, (unsigned long long)v);
}

/* One sample with one label. */
static void
sample1(FILE *fp, const char *name, const char *label, const char *value,
    uint64_t v)
{
	fprintf(fp, P "%s{%s=\"%s\"} %llu\n", name, label, value,
	    (unsigned long long)v);
}

/* A histogram family: cumulative buckets, +Inf, _sum and _count. */
static void
hist_write(FILE *fp, const char *name, const char *help, struct hist *h)
{
	uint64_t	cum = 0;
	size_t		i;

	family(fp, name, "histogram", help);
	for (i = 0; i <= h->nb; i++) {
		cum += atomic_load_explicit(&h->count[i], memory_order_relaxed);
		fprintf(fp, P "%s_bucket{le=\"%s\"} %llu\n", name,
		    i < h->nb ? h->le[i] : "+Inf", (unsigned long long)cum);
	}
	if (h->scale == 1)
		fprintf(fp, P "%s_sum %llu\n", name, (unsigned long long)
		    atomic_load_explicit(&h->sum, memory_order_relaxed));
	else
		fprintf(fp, P "%s_sum %.9f\n", name, (double)
		    atomic_load_explicit(&h->sum, memory_order_relaxed) / h->scale);
	fprintf(fp, P "%s_count %llu\n", name, (unsigned long long)cum);
}

/* Messages by (action, reason): twins of a pair added together. */
static void
messages_write(FILE *fp)
{
	struct slot	*s, *t;
	uint64_t	 n;
	size_t		 i, j;

	family(fp, "messages_total", "counter",
	    "Messages decided, by action taken and reason.");
	for (i = 0; i < NSLOT; i++) {
		s = &slots[i];
		if (atomic_load_explicit(&s->state, memory_order_acquire) != 2)
			continue;
		for (j = 0; j < i; j++) {
			t = &slots[j];
			if (atomic_load_explicit(&t->state,
			    memory_order_acquire) == 2 &&
			    strcmp(t->action, s->action) == 0 &&
			    strcmp(t->reason, s->reason) == 0)
				break;
		}
		if (j < i)
			continue;	/* written with its first twin */
		n = atomic_load_explicit(&s->n, memory_order_relaxed);
		for (j = i + 1; j < NSLOT; j++) {
			t = &slots[j];
			if (atomic_load_explicit(&t->state,
			    memory_order_acquire) == 2 &&
			    strcmp(t->action, s->action) == 0 &&
			    strcmp(t->reason, s->reason) == 0)
				n += atomic_load_explicit(&t->n,
				    memory_order_relaxed);
		}
		fprintf(fp, P "messages_total{action=\"%s\",reason=\"%s\"} "
		    "%llu\n", s->action, s->reason, (unsigned long long)n);
	}
	family(fp, "messages_unlabelled_total", "counter",
	    "Messages counted without labels: the label table was full.");
	sample(fp, "messages_unlabelled_total", atomic_load(&slots_full));
}

/* The store's figures, read at the scrape. */
static void
store_write(FILE *fp, const struct metrics_store_gauges *g)
{
	family(fp, "store_clusters", "gauge",
	    "Clusters in the store (nilsimsactl stats: clusters).");
	sample(fp, "store_clusters", g->clusters);
	family(fp, "store_clusters_by_status", "gauge",
	    "Clusters by status (nilsimsactl stats: auto, spam, ham).");
	sample1(fp, "store_clusters_by_status", "status", "auto", g->autos);
	sample1(fp, "store_clusters_by_status", "status", "spam", g->spam);
	sample1(fp, "store_clusters_by_status", "status", "ham", g->ham);
	family(fp, "store_clusters_by_size", "gauge",
	    "Clusters of one message and of more (nilsimsactl stats: "
	    "singletons, bulk).");
	sample1(fp, "store_clusters_by_size", "size", "singleton", g->singletons);
	sample1(fp, "store_clusters_by_size", "size", "bulk", g->bulk);
	family(fp, "store_used_bytes", "gauge",
	    "Bytes of the store in use (LMDB: pages in use).");
	sample(fp, "store_used_bytes", g->used_bytes);
	family(fp, "store_map_bytes", "gauge",
	    "Bytes of the store's current map (LMDB map size).");
	sample(fp, "store_map_bytes", g->map_bytes);
	family(fp, "store_map_max_bytes", "gauge",
	    "Bytes the store may grow to (StoreMaxSize).");
	sample(fp, "store_map_max_bytes", g->max_bytes);
	family(fp, "store_array_loads_total", "counter",
	    "How the match array took in the store: rebuilt from every "
	    "cluster (at start, and when the journal lacks another process's "
	    "commit) or read from the clusters those commits changed (the "
	    "journal), or an aborted write of its own had.");
	sample1(fp, "store_array_loads_total", "how", "rebuild", g->rebuilds);
	sample1(fp, "store_array_loads_total", "how", "journal", g->refreshes);
}

/* The Redis backend's families, once it has said it is in use. */
static void
redis_write(FILE *fp)
{
	hist_write(fp, "redis_request_duration_seconds",
	    "Seconds per request to the Redis server.", &h_redis);
	family(fp, "redis_errors_total", "counter",
	    "Requests to the Redis server that failed.");
	sample(fp, "redis_errors_total", atomic_load(&redis_errors));
	family(fp, "redis_fallbacks_total", "counter",
	    "Messages handled without Redis (its fallback).");
	sample(fp, "redis_fallbacks_total", atomic_load(&redis_fallbacks));
}

/* Everything, into fp. */
static void
write_all(FILE *fp, const char *version, const struct metrics_store_gauges *g)
{
	int	i;

	family(fp, "build_info", "gauge", "The version running (always 1).");
	fprintf(fp, P "build_info{version=\"%s\"} 1\n", version);
	messages_write(fp);
	family(fp, "tier_total", "counter",
	    "Messages by the tier their cluster reached, whatever was done.");
	for (i = 0; i < NTIER; i++)
		sample1(fp, "tier_total", "tier", tiers[i], atomic_load(&tier_n[i]));
	family(fp, "rejects_total", "counter", "Messages withheld (rejected, "
	    "deferred, quarantined, discarded or recipients removed), by tier.");
	for (i = 0; i < NTIER; i++)
		sample1(fp, "rejects_total", "tier", tiers[i],
		    atomic_load(&tier_refused[i]));
	hist_write(fp, "message_duration_seconds",
	    "Seconds the milter took at end of message (digest, store, verdict, "
	    "reply).", &h_message);
	hist_write(fp, "store_duration_seconds",
	    "Seconds a message spent in the store (search and update).",
	    &h_store);
	hist_write(fp, "scan_length", "Codes compared per message stored "
	    "(0: an exact duplicate, found by its digest).", &h_scan);
	family(fp, "evictions_total", "counter",
	    "Clusters evicted to make room, by cause.");
	for (i = 0; i < METRICS_NEVICT; i++)
		sample1(fp, "evictions_total", "cause", evict_names[i],
		    atomic_load(&evictions[i]));
	family(fp, "errors_total", "counter", "Faults, by kind.");
	for (i = 0; i < METRICS_NERR; i++)
		sample1(fp, "errors_total", "kind", err_names[i],
		    atomic_load(&errors[i]));
	family(fp, "config_generation", "gauge",
	    "Configurations loaded: 1 at start, one more per reload.");
	sample(fp, "config_generation", atomic_load(&generation));
	family(fp, "config_reloads_total", "counter",
	    "Reloads (SIGUSR1), by result.");
	sample1(fp, "config_reloads_total", "result", "success",
	    atomic_load(&reloads_ok));
	sample1(fp, "config_reloads_total", "result", "failure",
	    atomic_load(&reloads_failed));
	family(fp, "config_last_reload_success", "gauge",
	    "1 if the last reload (or the start) succeeded, else 0.");
	sample(fp, "config_last_reload_success", atomic_load(&reload_success));
	family(fp, "config_last_reload_timestamp_seconds", "gauge",
	    "Unix time of the last reload, or of the start.");
	fprintf(fp, P "config_last_reload_timestamp_seconds %lld\n",
	    (long long)atomic_load(&reload_time));
	if (g != NULL && g->have)
		store_write(fp, g);
	if (atomic_load(&redis_on))
		redis_write(fp);
}

char *
metrics_write(const char *version, const struct metrics_store_gauges *g,
    size_t *len)
{
	FILE	*fp;
	char	*buf = NULL;
	size_t	 n = 0;

	if ((fp = open_memstream(&buf, &n)) == NULL)
		return NULL;
	write_all(fp, version, g);
	if (ferror(fp)) {
		fclose(fp);
		free(buf);
		return NULL;
	}
	if (fclose(fp) == EOF) {
		free(buf);
		return NULL;
	}
	if (len != NULL)
		*len = n;
	return buf;
}
