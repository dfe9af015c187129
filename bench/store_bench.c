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
 * store_bench: what the store costs against N clusters.
 *
 *	store_bench [-d dir] [-s ms] [-t threads] [N ...]
 *						(default: 10000 100000)
 *
 * For each N, in a fresh store in a temporary directory (under -d, or
 * $TMPDIR, or /tmp):
 *
 *  - fill: N clusters of random codes, put by `threads` threads (default
 *    32), so that their puts share commits;
 *  - memory: the match array's share of this process's anonymous memory
 *    (RssAnon after the store is opened again, less before: the array is
 *    rebuilt from LMDB at open) and the bytes of data.mdb, per cluster;
 *  - store_lookup: the scan alone (a read transaction), per message;
 *  - store_observe: a near duplicate that joins a cluster, a durable
 *    write. Three rows in the same run: one thread; `threads` threads
 *    with group_max 1, a commit each (the store before group commit);
 *    `threads` threads grouped. These three sync each commit in full
 *    before it returns; two more rows, one thread and `threads` grouped,
 *    leave the meta page's sync to the next commit or to the syncer,
 *    -s ms later (store_config.sync_ms, the milter's StoreSyncDelay;
 *    default 100, the milter's default). Each row gives observes per
 *    second of wall time and the process's CPU time (user + system) per
 *    observe: run it under `taskset -c 0` for the figures on one core.
 *
 * Only the store is measured: no milter, no MTA. The disk's fsync bounds
 * the rows that commit each observe; the scan (about 1.5 ns a cluster)
 * bounds the grouped row once N is large.
 */
#include <sys/resource.h>
#include <sys/stat.h>

#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "store.h"
#include "util.h"

#define LOOKUPS		2000
#define OBSERVES_ONE	1000	/* one commit each: slow */
#define OBSERVES_GROUP	20000

static uint64_t	rng = 0x2545f4914f6cdd1dULL;

/* A thread's share of the work. */
struct worker {
	pthread_t		 tid;
	struct store		*s;
	const nilsimsa_code	*codes;
	size_t			 n;		/* clusters */
	size_t			 from, to;	/* fill: codes[from..to) */
	size_t			 observes;	/* observe: how many */
	uint64_t		 rng;
	int			 rc;
};

static void
die(const char *what, int rc)
{
	fprintf(stderr, "store_bench: %s: %s\n", what, store_strerror(rc));
	exit(1);
}

/* This process's user + system CPU seconds. */
static double
cpu_now(void)
{
	struct rusage	ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_utime.tv_sec + ru.ru_stime.tv_sec +
	    (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

/* RssAnon of this process, in bytes (0 if unknown). */
static size_t
rss_anon(void)
{
	FILE	*f;
	char	 line[256];
	size_t	 kb = 0;

	if ((f = fopen("/proc/self/status", "r")) == NULL)
		return 0;
	while (fgets(line, sizeof(line), f) != NULL)
		if (sscanf(line, "RssAnon: %zu kB", &kb) == 1)
			break;
	fclose(f);
	return kb * 1024;
}

/* Put codes[from..to) as clusters of one message. */
static void *
fill_one(void *arg)
{
	struct worker	*w = arg;
	struct cluster	 c;

	for (size_t i = w->from; i < w->to && w->rc == 0; i++) {
		memset(&c, 0, sizeof(c));
		c.code = w->codes[i];
		c.messages = 1;
		c.first_seen = c.last_seen = 1;
		w->rc = store_put(w->s, &c);
	}
	return NULL;
}

/* Observe near duplicates of random clusters: each joins one. */
static void *
observe_one(void *arg)
{
	struct worker		*w = arg;
	struct store_obs	 o = { 0 };
	struct store_result	 r;

	o.now = 2;
	o.join_score = 100;
	for (size_t i = 0; i < w->observes && w->rc == 0; i++) {
		o.code = w->codes[util_xorshift64(&w->rng) % w->n];
		o.code.b[0] ^= 0x11;
		if ((w->rc = store_observe(w->s, &o, &r)) == 0 && r.created)
			w->rc = STORE_EBACKEND;
	}
	return NULL;
}

/* Run fn on `threads` workers; returns wall seconds, *cpu CPU seconds. */
static double
run(void *(*fn)(void *), struct store *s, const nilsimsa_code *codes,
    size_t n, size_t work, int threads, double *cpu)
{
	struct worker	*w;
	double		 t0, c0;
	int		 i, rc = 0;

	if ((w = calloc(threads, sizeof(*w))) == NULL)
		die("calloc", errno);
	c0 = cpu_now();
	t0 = util_now();
	for (i = 0; i < threads; i++) {
		w[i].s = s;
		w[i].codes = codes;
		w[i].n = n;
		w[i].from = work * i / threads;
		w[i].to = work * (i + 1) / threads;
		w[i].observes = w[i].to - w[i].from;
		w[i].rng = rng + (uint64_t)i * 0x9e3779b97f4a7c15ULL;
		if ((rc = pthread_create(&w[i].tid, NULL, fn, &w[i])) != 0)
			die("pthread_create", rc);
	}
	for (i = 0; i < threads; i++) {
		pthread_join(w[i].tid, NULL);
		if (w[i].rc != 0)
			rc = w[i].rc;
	}
	t0 = util_now() - t0;
	*cpu = cpu_now() - c0;
	free(w);
	if (rc != 0)
		die(fn == fill_one ? "put" : "observe", rc);
	return t0;
}

static struct store *
open_store(struct store_config *cfg, unsigned int group_max,
    unsigned int sync_ms)
{
	struct store	*s;
	int		 rc;

	cfg->group_max = group_max;
	cfg->sync_ms = sync_ms;
	if ((rc = store_open(&s, cfg, 0)) != 0)
		die("open", rc);
	return s;
}

/* One observe row: wall rate and CPU per observe. */
static void
observe_row(const char *what, struct store *s, const nilsimsa_code *codes,
    size_t n, size_t count, int threads)
{
	double	t, cpu;

	t = run(observe_one, s, codes, n, count, threads, &cpu);
	printf("N=%zu: store_observe, %s: %.0f/s (%.1f us wall, %.1f us CPU "
	    "each)\n", n, what, count / t, t / count * 1e6, cpu / count * 1e6);
}

static int
bench(const char *base, size_t n, int threads, unsigned int sync_ms)
{
	struct store_config	 cfg = { 0 };
	struct store_result	 r;
	struct store_obs	 o = { 0 };
	struct store		*s;
	struct stat		 sb;
	nilsimsa_code		*codes;
	char			 dir[4096], cmd[4200], what[64];
	double			 t0, t, cpu;
	size_t			 i, k, rss0, rss1;
	int			 rc;

	snprintf(dir, sizeof(dir), "%s/store_bench.XXXXXX", base);
	if (mkdtemp(dir) == NULL)
		die("mkdtemp", errno);
	strncat(dir, "/db", sizeof(dir) - strlen(dir) - 1);
	cfg.path = dir;
	cfg.singleton_ttl = cfg.bulk_ttl = 0;
	cfg.score_mode = "reference";
	cfg.map_max = (size_t)16 << 30;	/* 1 GiB holds ~600k clusters */
	if ((codes = calloc(n, sizeof(*codes))) == NULL)
		die("calloc", errno);
	for (i = 0; i < n; i++)
		for (k = 0; k < 32; k++)
			codes[i].b[k] = util_xorshift64(&rng) & 0xff;

	s = open_store(&cfg, 0, 0);
	t = run(fill_one, s, codes, n, n, threads, &cpu);
	printf("N=%zu: fill, %d threads: %.0f puts/s (%.1f us CPU each)\n",
	    n, threads, n / t, cpu / n * 1e6);
	store_close(s);

	/* The array is rebuilt at open: what it takes is the difference. */
	rss0 = rss_anon();
	t0 = util_now();
	s = open_store(&cfg, 1, 0);
	t = util_now() - t0;
	rss1 = rss_anon();
	snprintf(cmd, sizeof(cmd), "%s/data.mdb", dir);
	if (stat(cmd, &sb) == -1)
		die("stat data.mdb", errno);
	printf("N=%zu: open %.2f s; memory: %.0f bytes/cluster (match array, "
	    "RssAnon), data.mdb %.0f bytes/cluster (%.0f MiB)\n", n, t,
	    (double)(rss1 > rss0 ? rss1 - rss0 : 0) / n,
	    (double)sb.st_blocks * 512 / n, sb.st_blocks * 512 / 1048576.0);

	o.now = 2;
	o.join_score = 100;
	t0 = util_now();
	for (i = 0; i < LOOKUPS; i++) {
		for (k = 0; k < 32; k++)
			o.code.b[k] = util_xorshift64(&rng) & 0xff;
		if ((rc = store_lookup(s, &o, &r)) != 0)
			die("lookup", rc);
		if (r.compared != n)
			die("lookup compared", STORE_EBACKEND);
	}
	t = util_now() - t0;
	printf("N=%zu: store_lookup (the scan) %.0f/s (%.3f ms, %.2f ns per "
	    "cluster)\n", n, LOOKUPS / t, t / LOOKUPS * 1e3, t / LOOKUPS / n * 1e9);

	observe_row("1 thread, a commit each", s, codes, n, OBSERVES_ONE, 1);
	snprintf(what, sizeof(what), "%d threads, a commit each (before)",
	    threads);
	observe_row(what, s, codes, n, OBSERVES_ONE, threads);
	store_close(s);
	s = open_store(&cfg, 0, 0);
	snprintf(what, sizeof(what), "%d threads, group commit", threads);
	observe_row(what, s, codes, n, OBSERVES_GROUP, threads);
	store_close(s);
	s = open_store(&cfg, 0, sync_ms);
	snprintf(what, sizeof(what), "1 thread, meta sync delayed %u ms",
	    sync_ms);
	observe_row(what, s, codes, n, OBSERVES_ONE, 1);
	snprintf(what, sizeof(what), "%d threads, group commit, meta sync "
	    "delayed %u ms", threads, sync_ms);
	observe_row(what, s, codes, n, OBSERVES_GROUP, threads);
	store_close(s);

	free(codes);
	snprintf(cmd, sizeof(cmd), "rm -rf '%.*s'", (int)(strlen(dir) - 3), dir);
	return system(cmd);
}

int
main(int argc, char **argv)
{
	const char	*base = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	cpu_set_t	 cpus;
	unsigned int	 sync_ms = 100;
	int		 ch, rc = 0, threads = 32;

	while ((ch = getopt(argc, argv, "d:s:t:")) != -1) {
		switch (ch) {
		case 'd':
			base = optarg;
			break;
		case 's':
			sync_ms = (unsigned int)atoi(optarg);
			if (sync_ms >= 1 && sync_ms <= 10000)
				break;
			goto usage;
		case 't':
			threads = atoi(optarg);
			if (threads >= 1 && threads <= 1024)
				break;
			/* FALLTHROUGH */
		default:
		usage:
			fprintf(stderr, "usage: store_bench [-d dir] [-s ms] "
			    "[-t threads] [N ...]\n");
			return 2;
		}
	}
	/* Freed arrays go back to the system: RssAnon deltas stay honest. */
	mallopt(M_MMAP_THRESHOLD, 64 * 1024);
	if (sched_getaffinity(0, sizeof(cpus), &cpus) == 0)
		printf("store_bench: %d CPU(s) allowed%s\n", CPU_COUNT(&cpus),
		    CPU_COUNT(&cpus) == 1 ? "" : " (taskset -c 0 for one)");
	if (optind == argc) {
		rc |= bench(base, 10000, threads, sync_ms);
		rc |= bench(base, 100000, threads, sync_ms);
	}
	for (; optind < argc; optind++)
		rc |= bench(base, strtoul(argv[optind], NULL, 10), threads,
		    sync_ms);
	return rc != 0;
}
