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
 *
 *	store_bench -i lines [-d dir] [N ...]	(default N: 90000)
 *
 * Instead: what an import does to a milter beside it. A store of N
 * clusters; another process observes as the milter does (one thread,
 * near duplicates of the store's clusters, StoreSyncDelay 100 ms, 1 ms
 * apart) while `lines` new clusters are imported a commit each
 * (store_put, as nilsimsactl import did), then `lines` more
 * STORE_PUT_BATCH a commit (store_put_batch, as it does now). Before
 * the store's journal (store_lmdb.c), each commit of the importer made
 * the observer rebuild its match array from all N records before its
 * next observe, and each commit of the observer made the importer
 * rebuild its own; now each reads the records the other's commits
 * changed (run the binary of an older build beside this one for the
 * before). Rows: each import's
 * rate; the observer's store_observe latency (p50, p99, mean, the most,
 * and the observes over 5 ms: the rebuilds) with no import, and from
 * each import's start to 1 s after its end.
 */
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
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

/* A fresh store directory under base, and the settings both benches use. */
static void
store_dir(const char *base, char *dir, size_t len, struct store_config *cfg)
{
	snprintf(dir, len, "%s/store_bench.XXXXXX", base);
	if (mkdtemp(dir) == NULL)
		die("mkdtemp", errno);
	strncat(dir, "/db", len - strlen(dir) - 1);
	cfg->path = dir;
	cfg->singleton_ttl = cfg->bulk_ttl = 0;
	cfg->score_mode = "reference";
	cfg->map_max = (size_t)16 << 30;	/* 1 GiB holds ~600k clusters */
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

	store_dir(base, dir, sizeof(dir), &cfg);
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

/* ------------------------------------------------ import beside a milter */

#define OBS_MAX		(1 << 20)	/* observes the observer records */
#define AFTER		1.0	/* seconds watched after an import */

/* Shared with the observer process (MAP_SHARED). */
struct observed {
	atomic_int	ready, stop;
	int		rc;
	size_t		n;
	uint64_t	rebuilds, refreshes;	/* how its array followed */
	double		at[OBS_MAX];	/* when an observe started (util_now) */
	double		took[OBS_MAX];	/* and how long it took, seconds */
};

/* The milter's part: observe near duplicates until told to stop. */
static void
observer(struct store_config cfg, const nilsimsa_code *codes, size_t n,
    struct observed *ob)
{
	struct timespec		 gap = { 0, 1000000 };
	struct store_obs	 o = { 0 };
	struct store_result	 r;
	struct store_stats	 st;
	struct store		*s;
	uint64_t		 x = 0x9e3779b97f4a7c15ULL;
	double			 t;

	cfg.sync_ms = 100;
	if ((ob->rc = store_open(&s, &cfg, 0)) != 0) {
		atomic_store(&ob->ready, 1);
		_exit(1);
	}
	atomic_store(&ob->ready, 1);
	o.now = 2;
	o.join_score = 100;
	while (!atomic_load(&ob->stop) && ob->n < OBS_MAX) {
		o.code = codes[util_xorshift64(&x) % n];
		o.code.b[0] ^= 0x11;
		t = util_now();
		if ((ob->rc = store_observe(s, &o, &r)) != 0)
			break;
		ob->at[ob->n] = t;
		ob->took[ob->n] = util_now() - t;
		ob->n++;
		nanosleep(&gap, NULL);
	}
	if (store_census(s, &st) == 0) {
		ob->rebuilds = st.rebuilds;
		ob->refreshes = st.refreshes;
	}
	store_close(s);
	_exit(ob->rc != 0);
}

static int
dbl_cmp(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * The observer's latency over [from, to): percentiles, and the observes
 * slower than SLOW (rebuilds of the match array) and their total.
 */
#define SLOW	0.005
static void
observed_row(size_t n, const char *what, const struct observed *ob,
    double from, double to)
{
	double	*v, sum = 0, slow = 0;
	size_t	 i, k = 0, nslow = 0;

	if ((v = calloc(ob->n ? ob->n : 1, sizeof(*v))) == NULL)
		die("calloc", errno);
	for (i = 0; i < ob->n; i++)
		if (ob->at[i] >= from && ob->at[i] < to) {
			v[k++] = ob->took[i];
			sum += ob->took[i];
			if (ob->took[i] > SLOW) {
				nslow++;
				slow += ob->took[i];
			}
		}
	if (k == 0)
		printf("N=%zu: beside %s: no observe\n", n, what);
	else {
		qsort(v, k, sizeof(*v), dbl_cmp);
		printf("N=%zu: store_observe %s: p50 %.2f ms, p99 %.2f ms, "
		    "mean %.2f ms, most %.1f ms; %zu observes in %.2f s, %zu "
		    "over %.0f ms (%.2f s)\n", n, what, v[k / 2] * 1e3,
		    v[k * 99 / 100] * 1e3, sum / k * 1e3, v[k - 1] * 1e3, k,
		    to - from, nslow, SLOW * 1e3, slow);
	}
	free(v);
}

static void
pause_s(double sec)
{
	struct timespec	ts = { (time_t)sec, (long)((sec - (time_t)sec) * 1e9) };

	while (nanosleep(&ts, &ts) == -1 && errno == EINTR)
		;
}

static int
bench_import(const char *base, size_t n, size_t lines, int threads)
{
	struct store_config	 cfg = { 0 };
	struct observed		*ob;
	struct store		*s;
	struct cluster		*c;
	nilsimsa_code		*codes;
	char			 dir[4096], cmd[4200];
	double			 t0, t1, t2, t3, t4, cpu;
	size_t			 i, k;
	pid_t			 pid;
	int			 rc, status;

	store_dir(base, dir, sizeof(dir), &cfg);
	if ((codes = calloc(n, sizeof(*codes))) == NULL ||
	    (c = calloc(2 * lines, sizeof(*c))) == NULL)
		die("calloc", errno);
	for (i = 0; i < n; i++)
		for (k = 0; k < 32; k++)
			codes[i].b[k] = util_xorshift64(&rng) & 0xff;
	s = open_store(&cfg, 0, 0);
	t0 = run(fill_one, s, codes, n, n, threads, &cpu);
	printf("N=%zu: fill, %d threads: %.0f puts/s\n", n, threads, n / t0);
	store_close(s);

	ob = mmap(NULL, sizeof(*ob), PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (ob == MAP_FAILED)
		die("mmap", errno);
	atomic_init(&ob->ready, 0);
	atomic_init(&ob->stop, 0);
	ob->n = 0;
	fflush(stdout);
	if ((pid = fork()) == -1)
		die("fork", errno);
	if (pid == 0)
		observer(cfg, codes, n, ob);
	while (!atomic_load(&ob->ready))
		pause_s(0.01);
	if (ob->rc != 0)
		die("observer: open", ob->rc);
	s = open_store(&cfg, 0, 0);	/* nilsimsactl's sync: each commit */

	/* new clusters: a commit each, then batches, then nothing again */
	for (i = 0; i < 2 * lines; i++) {
		memset(&c[i], 0, sizeof(c[i]));
		for (k = 0; k < 32; k++)
			c[i].code.b[k] = util_xorshift64(&rng) & 0xff;
		c[i].messages = 1;
		c[i].first_seen = c[i].last_seen = 1;
	}
	pause_s(0.5);
	t0 = util_now();
	pause_s(2);
	t1 = util_now();
	for (i = 0; i < lines; i++)
		if ((rc = store_put(s, &c[i])) != 0)
			die("put", rc);
	t2 = util_now();
	pause_s(AFTER);
	t3 = util_now();
	for (i = 0; i < lines; i += k) {
		k = lines - i < STORE_PUT_BATCH ? lines - i : STORE_PUT_BATCH;
		if ((rc = store_put_batch(s, c + lines + i, k, NULL)) != 0)
			die("put_batch", rc);
	}
	t4 = util_now();
	pause_s(AFTER);
	atomic_store(&ob->stop, 1);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)
		die("observer", ob->rc ? ob->rc : STORE_EBACKEND);
	store_close(s);

	printf("N=%zu: import of %zu new clusters, a commit each (store_put): "
	    "%.0f/s, %.3f s\n", n, lines, lines / (t2 - t1), t2 - t1);
	printf("N=%zu: import of %zu new clusters, %d a commit "
	    "(store_put_batch): %.0f/s, %.3f s\n", n, lines, STORE_PUT_BATCH,
	    lines / (t4 - t3), t4 - t3);
	printf("N=%zu: the observer's match array followed the imports by "
	    "%llu full rebuilds and %llu journal reads\n", n,
	    (unsigned long long)ob->rebuilds,
	    (unsigned long long)ob->refreshes);
	observed_row(n, "with no import", ob, t0, t1);
	snprintf(cmd, sizeof(cmd), "from a commit-each import's start to "
	    "%.1f s after", AFTER);
	observed_row(n, cmd, ob, t1, t2 + AFTER);
	snprintf(cmd, sizeof(cmd), "from a batch import's start to %.1f s "
	    "after", AFTER);
	observed_row(n, cmd, ob, t3, t4 + AFTER);
	munmap(ob, sizeof(*ob));
	free(c);
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
	size_t		 lines = 0;
	int		 ch, rc = 0, threads = 32;

	while ((ch = getopt(argc, argv, "d:i:s:t:")) != -1) {
		switch (ch) {
		case 'd':
			base = optarg;
			break;
		case 'i':
			lines = strtoul(optarg, NULL, 10);
			if (lines >= 1 && lines <= 10000000)
				break;
			goto usage;
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
			    "[-t threads] [N ...]\n"
			    "       store_bench -i lines [-d dir] [N ...]\n");
			return 2;
		}
	}
	/* Each N a count of clusters, 1 to 10 million. */
	for (ch = optind; ch < argc; ch++) {
		char		*end;
		unsigned long	 n;

		errno = 0;
		n = strtoul(argv[ch], &end, 10);
		if (errno != 0 || end == argv[ch] || *end != '\0' || n < 1 ||
		    n > 10000000 || argv[ch][0] == '-') {
			fprintf(stderr, "store_bench: N is a count of clusters, "
			    "1 to 10000000: %s\n", argv[ch]);
			return 2;
		}
	}
	/* Freed arrays go back to the system: RssAnon deltas stay honest. */
	mallopt(M_MMAP_THRESHOLD, 64 * 1024);
	if (sched_getaffinity(0, sizeof(cpus), &cpus) == 0)
		printf("store_bench: %d CPU(s) allowed%s\n", CPU_COUNT(&cpus),
		    CPU_COUNT(&cpus) == 1 ? "" : " (taskset -c 0 for one)");
	if (lines != 0) {
		if (optind == argc)
			rc |= bench_import(base, 90000, lines, threads);
		for (; optind < argc; optind++)
			rc |= bench_import(base, strtoul(argv[optind], NULL, 10),
			    lines, threads);
		return rc != 0;
	}
	if (optind == argc) {
		rc |= bench(base, 10000, threads, sync_ms);
		rc |= bench(base, 100000, threads, sync_ms);
	}
	for (; optind < argc; optind++)
		rc |= bench(base, strtoul(argv[optind], NULL, 10), threads,
		    sync_ms);
	return rc != 0;
}
