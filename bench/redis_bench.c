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
 * redis_bench.c: what StoreBackend redis adds to a message, beside the
 * LMDB backend in the same run. Not part of make check.
 *
 *   bench/redis_bench [-n MESSAGES] [-k CAMPAIGNS] [-t THREADS]
 *   (defaults 4000 messages, 200 campaigns, 4 threads)
 *
 * Starts redis-server on a free loopback port in a temporary directory
 * (no persistence), and two LMDB stores in temporary directories.
 * Latency: every message (a copy of one of the campaigns, a few bits
 * changed, its own recipient) is recorded in turn by the LMDB store alone
 * (store_observe: a durable commit) and by the other store followed by
 * its fleet call (fleet_observe: one EVALSHA round trip, plus an XADD for
 * a new cluster), and a bare PING on a connection of its own, so that
 * every row shares the machine's state; printed: p50 and p99 of each, of
 * the fleet call alone, and of the PING: the floor any round trip to the
 * server has on this machine. Throughput: THREADS
 * threads recording messages for 3 s into one host (LMDB alone, then
 * with Redis) and into two hosts sharing Redis (THREADS/2 each); messages
 * per second. What bounds it is printed beside the figures.
 */
#include "autoconf.h"

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <netinet/in.h>

#include <ftw.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <hiredis/hiredis.h>

#include "config.h"
#include "log.h"
#include "message.h"
#include "store_redis.h"

static char	 tmp[] = "/tmp/redis_bench.XXXXXX";
static pid_t	 rpid;
static int	 rport;
static nilsimsa_code *camp;
static int	 ncamp = 200;
static atomic_uint rcpt_next = 1;

struct host {
	char		 dir[300];
	struct config	*cfg;
	struct store	*s;
	struct fleet	*f;
};

static double
now_ms(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* xorshift64, one state per thread */
static uint64_t
rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static int
free_port(void)
{
	struct sockaddr_in	sin;
	socklen_t		len = sizeof(sin);
	int			fd, port;

	fd = socket(AF_INET, SOCK_STREAM, 0);
	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd == -1 || bind(fd, (struct sockaddr *)&sin, sizeof(sin)) == -1 ||
	    getsockname(fd, (struct sockaddr *)&sin, &len) == -1)
		return -1;
	port = ntohs(sin.sin_port);
	close(fd);
	return port;
}

static int
redis_start(void)
{
	char		 port[16];
	redisContext	*c;

	if ((rport = free_port()) == -1)
		return -1;
	snprintf(port, sizeof(port), "%d", rport);
	if ((rpid = fork()) == 0) {
		if (freopen("/dev/null", "w", stdout) == NULL)
			_exit(127);
		execlp("redis-server", "redis-server", "--port", port,
		    "--bind", "127.0.0.1", "--dir", tmp, "--save", "",
		    "--appendonly", "no", "--loglevel", "warning", (char *)NULL);
		_exit(127);
	}
	for (int i = 0; i < 100; i++) {
		if ((c = redisConnect("127.0.0.1", rport)) != NULL && c->err == 0) {
			redisFree(c);
			return 0;
		}
		if (c != NULL)
			redisFree(c);
		usleep(50000);
	}
	return -1;
}

static int
rm_one(const char *p, const struct stat *sb, int flag, struct FTW *f)
{
	(void)sb; (void)flag; (void)f;
	return remove(p);
}

static void
host_open(struct host *h, const char *name, int fleet)
{
	char	srv[64], err[256];
	int	rc;

	snprintf(h->dir, sizeof(h->dir), "%s/%s", tmp, name);
	mkdir(h->dir, 0700);
	if ((h->cfg = config_default()) == NULL)
		exit(1);
	snprintf(srv, sizeof(srv), "127.0.0.1:%d", rport);
	free(h->cfg->redis);
	h->cfg->redis = strdup(srv);
	if ((rc = message_store_open(h->cfg, h->dir, 0, &h->s)) != 0) {
		fprintf(stderr, "store %s: %s\n", h->dir, store_strerror(rc));
		exit(1);
	}
	h->f = NULL;
	if (fleet && (h->f = fleet_open(h->cfg, h->s, h->dir, FLEET_TAIL, err,
	    sizeof(err))) == NULL) {
		fprintf(stderr, "fleet: %s\n", err);
		exit(1);
	}
}

static void
host_close(struct host *h)
{
	fleet_close(h->f);
	store_close(h->s);
	config_free(h->cfg);
}

/* One message: a copy of a random campaign to a recipient of its own. */
static void
make_obs(struct store_obs *o, uint32_t *rcpt, uint64_t *rs,
    const struct config *cfg)
{
	int	k = (int)(rnd(rs) % (uint64_t)ncamp);

	memset(o, 0, sizeof(*o));
	o->code = camp[k];
	for (int i = 0; i < 6; i++)
		o->code.b[rnd(rs) % 32] ^= (unsigned char)(1u << (rnd(rs) % 8));
	o->kind = NILSIMSA_KIND_PROFILE;
	for (int i = 0; i < 4; i++) {
		uint64_t	v = rnd(rs);

		memcpy(o->sha256 + 8 * i, &v, 8);
	}
	o->now = time(NULL);
	*rcpt = atomic_fetch_add(&rcpt_next, 1);
	o->recipients = 1;
	o->rcpt = rcpt;
	o->nrcpt = 1;
	o->net = (uint32_t)(rnd(rs) % 50 + 1);
	o->sender = (uint32_t)(rnd(rs) % 50 + 1);
	o->join_score = cfg->similarity_threshold;
	o->count_score = message_count_score;
	o->count_arg = (void *)cfg;
	o->strict = 1;
}

static int
dcmp(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double
pct(double *v, int n, double p)
{
	qsort(v, (size_t)n, sizeof(*v), dcmp);
	return v[(int)(p * (n - 1))];
}

struct worker {
	struct host	*h;
	double		 until;
	uint64_t	 seed;
	unsigned long	 n, partial;
};

static void *
work(void *arg)
{
	struct worker		*w = arg;
	struct store_obs	 o;
	struct store_result	 r;
	struct fleet_counts	 fc;
	uint32_t		 rcpt;
	int			 rc;

	while (now_ms() < w->until) {
		make_obs(&o, &rcpt, &w->seed, w->h->cfg);
		if (w->h->f != NULL)
			fleet_enter(w->h->f);
		rc = store_observe(w->h->s, &o, &r);
		if (w->h->f != NULL)
			fleet_leave(w->h->f);
		if (rc != 0)
			continue;
		if (w->h->f != NULL && fleet_observe(w->h->f, &o, &r, &fc) != 0)
			w->partial++;
		w->n++;
	}
	return NULL;
}

/* Messages per second of `threads` threads over the hosts, for secs. */
static double
throughput(struct host **hs, int nh, int threads, double secs,
    unsigned long *partial)
{
	pthread_t	 tid[64];
	struct worker	 w[64];
	unsigned long	 n = 0;
	double		 t0 = now_ms();

	*partial = 0;
	for (int i = 0; i < threads; i++) {
		w[i] = (struct worker){ hs[i % nh], t0 + secs * 1e3,
		    0x9e3779b97f4a7c15ULL * (uint64_t)(i + 1), 0, 0 };
		pthread_create(&tid[i], NULL, work, &w[i]);
	}
	for (int i = 0; i < threads; i++) {
		pthread_join(tid[i], NULL);
		n += w[i].n;
		*partial += w[i].partial;
	}
	return n / ((now_ms() - t0) / 1e3);
}

int
main(int argc, char *argv[])
{
	struct host		 a, b, c, d, *hs[2];
	struct store_obs	 o;
	struct store_result	 r;
	struct fleet_counts	 fc;
	uint64_t		 rs = 88172645463325252ULL;
	uint32_t		 rcpt;
	double			*tl, *tr, *tf, *tp, t0, t1, t2, rate;
	redisContext		*pc;
	redisReply		*pr;
	unsigned long		 partial;
	int			 n = 4000, threads = 4, ch, fails = 0;

	while ((ch = getopt(argc, argv, "n:k:t:")) != -1)
		switch (ch) {
		case 'n': n = atoi(optarg); break;
		case 'k': ncamp = atoi(optarg); break;
		case 't': threads = atoi(optarg); break;
		default:
			fprintf(stderr, "usage: redis_bench [-n MESSAGES] "
			    "[-k CAMPAIGNS] [-t THREADS]\n");
			return 2;
		}
	if (n < 10 || ncamp < 1 || threads < 2 || threads > 64)
		return 2;
	log_init("redis_bench", 1, 0, 0);
	log_setlevel(1);
	if (mkdtemp(tmp) == NULL || redis_start() == -1) {
		fprintf(stderr, "redis_bench: cannot start redis-server\n");
		return 1;
	}
	camp = calloc((size_t)ncamp, sizeof(*camp));
	tl = calloc((size_t)n, sizeof(double));
	tr = calloc((size_t)n, sizeof(double));
	tf = calloc((size_t)n, sizeof(double));
	tp = calloc((size_t)n, sizeof(double));
	if ((pc = redisConnect("127.0.0.1", rport)) == NULL || pc->err != 0)
		return 1;
	for (int k = 0; k < ncamp; k++)
		for (int i = 0; i < 32; i++)
			camp[k].b[i] = (unsigned char)rnd(&rs);

	host_open(&a, "lmdb", 0);
	host_open(&b, "redis", 1);
	for (int i = 0; i < n; i++) {
		make_obs(&o, &rcpt, &rs, a.cfg);
		t0 = now_ms();
		(void)store_observe(a.s, &o, &r);
		t1 = now_ms();
		fleet_enter(b.f);
		(void)store_observe(b.s, &o, &r);
		fleet_leave(b.f);
		t2 = now_ms();
		fails += fleet_observe(b.f, &o, &r, &fc) != 0;
		tl[i] = t1 - t0;
		tf[i] = now_ms() - t2;
		tr[i] = now_ms() - t1;
		t0 = now_ms();
		if ((pr = redisCommand(pc, "PING")) != NULL)
			freeReplyObject(pr);
		tp[i] = now_ms() - t0;
	}
	/* What the server spent per call, beside the round trip. */
	if ((pr = redisCommand(pc, "INFO commandstats")) != NULL) {
		char	*l = pr->type == REDIS_REPLY_STRING ? pr->str : "";

		for (l = strtok(l, "\r\n"); l != NULL; l = strtok(NULL, "\r\n"))
			if (strncmp(l, "cmdstat_evalsha:", 16) == 0 ||
			    strncmp(l, "cmdstat_xadd:", 13) == 0)
				printf("# server: %s\n", l);
		freeReplyObject(pr);
	}
	redisFree(pc);
	printf("# %d messages, %d campaigns, redis-server 127.0.0.1:%d "
	    "(loopback TCP); latency in ms\n", n, ncamp, rport);
	printf("%-36s %8s %8s\n", "", "p50", "p99");
	printf("%-36s %8.3f %8.3f\n", "LMDB backend (store_observe)",
	    pct(tl, n, 0.5), pct(tl, n, 0.99));
	printf("%-36s %8.3f %8.3f\n", "redis backend (observe + fleet)",
	    pct(tr, n, 0.5), pct(tr, n, 0.99));
	printf("%-36s %8.3f %8.3f   (%d partial)\n", "  of which the fleet call",
	    pct(tf, n, 0.5), pct(tf, n, 0.99), fails);
	printf("%-36s %8.3f %8.3f\n", "PING round trip (the floor)",
	    pct(tp, n, 0.5), pct(tp, n, 0.99));
	host_close(&a);
	host_close(&b);

	printf("# throughput, %d threads, 3 s each; msgs/s\n", threads);
	host_open(&a, "tp-lmdb", 0);
	hs[0] = &a;
	rate = throughput(hs, 1, threads, 3, &partial);
	printf("%-36s %8.0f\n", "one host, LMDB backend", rate);
	host_close(&a);
	host_open(&b, "tp-redis", 1);
	hs[0] = &b;
	rate = throughput(hs, 1, threads, 3, &partial);
	printf("%-36s %8.0f   (%lu partial)\n", "one host, redis backend", rate,
	    partial);
	host_close(&b);
	host_open(&c, "tp-two-a", 1);
	host_open(&d, "tp-two-b", 1);
	hs[0] = &c;
	hs[1] = &d;
	rate = throughput(hs, 2, threads, 3, &partial);
	printf("%-36s %8.0f   (%lu partial)\n", "two hosts sharing redis", rate,
	    partial);
	printf("# one machine plays both hosts here: the two-host row shares "
	    "its cores and disk, so it shows Redis is not the bound, not a "
	    "fleet's scaling\n");
	host_close(&c);
	host_close(&d);

	kill(rpid, SIGTERM);
	waitpid(rpid, NULL, 0);
	nftw(tmp, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	free(camp);
	free(tl);
	free(tr);
	free(tf);
	free(tp);
	return 0;
}
