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
 * check_redis.c: the fleet unit (store_redis.c) against a real
 * redis-server, started by this program on a free loopback port in a
 * temporary directory, and two "hosts" in one process: two LMDB stores,
 * each with its fleet handle and stream tail. Counts add up across the
 * hosts, a status set on one reaches the other, two clusters started at
 * once converge on one key, a stopped server costs the time limit and no
 * more, every key expires, and a tail restarted resumes from its cursor.
 * Without redis-server the suite is skipped (a failure under CI=true).
 */
#include "autoconf.h"

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <netinet/in.h>

#include <check.h>
#include <errno.h>
#include <ftw.h>
#include <poll.h>
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
#include "testutil.h"

static char	 rtmp[] = "/tmp/check_redis.XXXXXX";
static pid_t	 rpid;
static int	 rport;

struct host {
	char		 dir[256];
	struct config	*cfg;
	struct store	*s;
	struct fleet	*f;
};

/* A free loopback port (bound, read back, closed). */
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

/* A command on a fresh connection of the test's own. */
static redisReply *
rcmd(const char *fmt, ...)
{
	redisContext	*c = redisConnect("127.0.0.1", rport);
	redisReply	*r;
	va_list		 ap;

	if (c == NULL || c->err) {
		if (c != NULL)
			redisFree(c);
		return NULL;
	}
	va_start(ap, fmt);
	r = redisvCommand(c, fmt, ap);
	va_end(ap);
	redisFree(c);
	return r;
}

/* Start redis-server; 0, or -1 if there is none here. */
static int
redis_start(void)
{
	char		port[16];
	redisReply	*r;

	if (mkdtemp(rtmp) == NULL || (rport = free_port()) == -1)
		return -1;
	snprintf(port, sizeof(port), "%d", rport);
	if ((rpid = fork()) == 0) {
		execlp("redis-server", "redis-server", "--port", port,
		    "--bind", "127.0.0.1", "--dir", rtmp, "--save", "",
		    "--appendonly", "no", "--loglevel", "warning", (char *)NULL);
		_exit(127);
	}
	for (int i = 0; i < 100; i++) {
		if ((r = rcmd("PING")) != NULL) {
			freeReplyObject(r);
			return 0;
		}
		if (waitpid(rpid, NULL, WNOHANG) == rpid)
			return -1;
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
redis_stop(void)
{
	if (rpid > 0) {
		kill(rpid, SIGCONT);
		kill(rpid, SIGTERM);
		waitpid(rpid, NULL, 0);
	}
	nftw(rtmp, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* Empty the server between tests. */
static void
flush(void)
{
	redisReply	*r = rcmd("FLUSHALL");

	ck_assert_ptr_nonnull(r);
	freeReplyObject(r);
}

/*
 * A host: its own LMDB store. store_open forks a checking child: every
 * host's store is opened before any fleet starts its tail thread, as the
 * milter opens its store before it starts threads. The tests keep their
 * hosts in static storage: the checking child sees (and valgrind scans)
 * no stack of the test but its own.
 */
static void
host_store(struct host *h, const char *name, int64_t ttl)
{
	char	srv[64];
	int	rc;

	snprintf(h->dir, sizeof(h->dir), "%s/%s", rtmp, name);
	mkdir(h->dir, 0700);
	h->cfg = config_default();
	ck_assert_ptr_nonnull(h->cfg);
	snprintf(srv, sizeof(srv), "127.0.0.1:%d", rport);
	free(h->cfg->redis);
	h->cfg->redis = strdup(srv);
	h->cfg->store_backend = BACKEND_REDIS;
	if (ttl > 0) {
		h->cfg->singleton_ttl = ttl;
		h->cfg->bulk_ttl = ttl;
	}
	rc = message_store_open(h->cfg, h->dir, 0, &h->s);
	ck_assert_msg(rc == 0, "store: %s", store_strerror(rc));
	h->f = NULL;
}

/* Its fleet handle, tailing the stream or not. */
static void
host_fleet(struct host *h, int tail)
{
	char	err[256];

	h->f = fleet_open(h->cfg, h->s, h->dir, tail ? FLEET_TAIL : 0, err,
	    sizeof(err));
	ck_assert_msg(h->f != NULL, "fleet_open: %s", err);
}

/* Two hosts, tailing the stream or not yet. */
static void
hosts_open(struct host *a, struct host *b, const char *na, const char *nb,
    int tail)
{
	host_store(a, na, 0);
	host_store(b, nb, 0);
	host_fleet(a, tail);
	host_fleet(b, tail);
}

/* The fleet handle again, tailing from the cursor (a restart). */
static void
host_retail(struct host *h)
{
	fleet_close(h->f);
	host_fleet(h, 1);
}

static void
host_close(struct host *h)
{
	fleet_close(h->f);
	store_close(h->s);
	config_free(h->cfg);
}

/* A random code, and one n bits away from it. */
static void
code_rand(nilsimsa_code *c)
{
	for (int i = 0; i < 32; i++)
		c->b[i] = (unsigned char)tu_rand();
}

static void
code_near(const nilsimsa_code *a, nilsimsa_code *b, int n)
{
	*b = *a;
	for (int i = 0; i < n; i++)
		b->b[(i * 7) % 32] ^= (unsigned char)(1u << (i % 8));
}

/*
 * One message of code c to recipient rcpt from network net on host h;
 * with trap, to spam traps only.
 */
static void
host_send(struct host *h, const nilsimsa_code *c, uint32_t rcpt, uint32_t net,
    int trap, struct store_result *res, struct fleet_counts *fc, int *fleet_rc)
{
	struct store_obs	obs;
	int			rc;

	memset(&obs, 0, sizeof(obs));
	obs.code = *c;
	obs.kind = NILSIMSA_KIND_PROFILE;
	for (int i = 0; i < 4; i++)	/* a different body each time */
		memcpy(obs.sha256 + 8 * i, &(uint64_t){ tu_rand() }, 8);
	obs.now = time(NULL);
	obs.recipients = 1;
	obs.rcpt = &rcpt;
	obs.nrcpt = 1;
	obs.net = net;
	obs.sender = 0x1234;
	obs.join_score = h->cfg->similarity_threshold;
	obs.count_score = message_count_score;
	obs.count_arg = h->cfg;
	obs.strict = 1;
	obs.trap = trap;
	fleet_enter(h->f);	/* as message_finish does */
	rc = store_observe(h->s, &obs, res);
	fleet_leave(h->f);
	ck_assert_msg(rc == 0, "observe: %s", store_strerror(rc));
	*fleet_rc = fleet_observe(h->f, &obs, res, fc);
}

/* One message of code c to recipient rcpt from network net on host h. */
static void
host_msg(struct host *h, const nilsimsa_code *c, uint32_t rcpt, uint32_t net,
    struct store_result *res, struct fleet_counts *fc, int *fleet_rc)
{
	host_send(h, c, rcpt, net, 0, res, fc, fleet_rc);
}

/* An empty fleet, hosts a and b on it (stores na, nb), a random code c. */
static void
fleet_fresh(struct host *a, struct host *b, const char *na, const char *nb,
    unsigned seed, nilsimsa_code *c)
{
	flush();
	tu_srand(seed);
	hosts_open(a, b, na, nb, 1);
	code_rand(c);
}

/*
 * The same, neither host tailing the stream yet (each starts its own
 * cluster of one campaign), and d a near copy of c.
 */
static void
fleet_apart(struct host *a, struct host *b, const char *na, const char *nb,
    unsigned seed, nilsimsa_code *c, nilsimsa_code *d)
{
	flush();
	tu_srand(seed);
	hosts_open(a, b, na, nb, 0);
	code_rand(c);
	code_near(c, d, 12);
}

/*
 * A proxy between a host and redis-server, one link at a time. Armed, it
 * passes a write that holds a script (EVALSHA, EVAL) on to the server,
 * reads the server's answer and closes the host's link instead of
 * passing the answer: the server ran the script, and the host cannot
 * tell whether it did.
 */
static int		 proxy_fd = -1;
static atomic_int	 proxy_armed;
static pthread_t	 proxy_thread;

/* One link through the proxy, until either side ends it. */
static void
proxy_link(int cfd, int sfd)
{
	struct pollfd	p[2] = { { cfd, POLLIN, 0 }, { sfd, POLLIN, 0 } };
	char		buf[65536];
	ssize_t		n;

	while (poll(p, 2, -1) > 0) {
		if (p[0].revents != 0) {
			if ((n = read(cfd, buf, sizeof(buf))) <= 0 ||
			    write(sfd, buf, (size_t)n) != n)
				return;
			if (atomic_load(&proxy_armed) &&
			    memmem(buf, (size_t)n, "EVAL", 4) != NULL) {
				atomic_store(&proxy_armed, 0);
				(void)!read(sfd, buf, sizeof(buf));	/* dropped */
				return;
			}
		}
		if (p[1].revents != 0 &&
		    ((n = read(sfd, buf, sizeof(buf))) <= 0 ||
		    write(cfd, buf, (size_t)n) != n))
			return;
	}
}

static void *
proxy_main(void *arg)
{
	struct sockaddr_in	sin;
	int			cfd, sfd;

	(void)arg;
	while ((cfd = accept(proxy_fd, NULL, NULL)) != -1) {
		memset(&sin, 0, sizeof(sin));
		sin.sin_family = AF_INET;
		sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		sin.sin_port = htons((uint16_t)rport);
		if ((sfd = socket(AF_INET, SOCK_STREAM, 0)) != -1 &&
		    connect(sfd, (struct sockaddr *)&sin, sizeof(sin)) == 0)
			proxy_link(cfd, sfd);
		if (sfd != -1)
			close(sfd);
		close(cfd);
	}
	return NULL;
}

/* Start the proxy; its port. */
static int
proxy_start(void)
{
	struct sockaddr_in	sin;
	socklen_t		len = sizeof(sin);

	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ck_assert_int_ne(proxy_fd = socket(AF_INET, SOCK_STREAM, 0), -1);
	ck_assert_int_eq(bind(proxy_fd, (struct sockaddr *)&sin, sizeof(sin)), 0);
	ck_assert_int_eq(listen(proxy_fd, 4), 0);
	ck_assert_int_eq(getsockname(proxy_fd, (struct sockaddr *)&sin, &len), 0);
	ck_assert_int_eq(pthread_create(&proxy_thread, NULL, proxy_main, NULL), 0);
	return ntohs(sin.sin_port);
}

/*
 * The server ran a copy's script, and the link failed before its answer
 * came: the host neither sends it again nor keeps it to send later, which
 * counted the copy twice. The copy is decided on the local store alone.
 */
START_TEST(test_no_count_twice)
{
	static struct host	a;	/* static: see host_store */
	struct store_result	res;
	struct fleet_counts	fc;
	nilsimsa_code		c;
	char			srv[64];
	int			rc, i;

	flush();
	tu_srand(9);
	host_store(&a, "a10", 0);
	snprintf(srv, sizeof(srv), "127.0.0.1:%d", proxy_start());
	free(a.cfg->redis);
	a.cfg->redis = strdup(srv);
	host_fleet(&a, 0);
	code_rand(&c);
	host_msg(&a, &c, 101, 7, &res, &fc, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_uint_eq(fc.messages, 1);
	atomic_store(&proxy_armed, 1);
	host_msg(&a, &c, 102, 8, &res, &fc, &rc);
	ck_assert_int_eq(rc, -1);		/* partial: the local store */
	ck_assert_int_eq(atomic_load(&proxy_armed), 0);
	for (i = 0; i < 50; i++) {		/* after the back-off */
		usleep(100000);
		host_msg(&a, &c, 103 + (uint32_t)i, 9, &res, &fc, &rc);
		if (rc == 0)
			break;
	}
	ck_assert_int_eq(rc, 0);
	/* the first, the one whose answer was lost, and this one */
	ck_assert_uint_eq(fc.messages, 3);
	host_close(&a);
	shutdown(proxy_fd, SHUT_RDWR);
	close(proxy_fd);
	pthread_join(proxy_thread, NULL);
}
END_TEST

/* Copies alternating between two hosts add up as on one host. */
START_TEST(test_counts_add_up)
{
	static struct host	a, b;	/* static: see host_store */
	struct store_result	res;
	struct fleet_counts	fc;
	nilsimsa_code		c;
	int			rc;

	fleet_fresh(&a, &b, "a1", "b1", 1, &c);
	host_msg(&a, &c, 101, 7, &res, &fc, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert(res.created);
	ck_assert_uint_eq(fc.messages, 1);
	/* b learns of the cluster from the stream: its copy joins it */
	ck_assert_int_eq(fleet_sync(b.f, 3000), 0);
	for (uint32_t i = 2; i <= 6; i++) {
		struct host	*h = i % 2 ? &a : &b;

		host_msg(h, &c, 100 + i, 7 + i % 2, &res, &fc, &rc);
		ck_assert_int_eq(rc, 0);
		ck_assert_msg(!res.created, "copy %u started a cluster", i);
		ck_assert_uint_eq(fc.messages, i);
		ck_assert_uint_eq(fc.recipients, i);
		ck_assert_uint_eq(fc.reach_rcpts, i);
		ck_assert_uint_eq(fc.networks, i >= 3 ? 2 : 1);
		ck_assert_int_eq(fc.status, -1);
	}
	/* each host saw half the copies: the fleet all six */
	ck_assert_uint_le(res.c.messages, 3);
	/* the server forgot the script: EVAL, and the count goes on */
	freeReplyObject(rcmd("SCRIPT FLUSH"));
	host_msg(&a, &c, 107, 7, &res, &fc, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_uint_eq(fc.messages, 7);
	host_close(&a);
	host_close(&b);
}
END_TEST

/*
 * Copies to spam traps only add themselves to the fleet's messages, not
 * their networks nor their recipients (store.h: obs->trap), as in the
 * local store: traps from many networks do not make a mailing a spread.
 */
START_TEST(test_trap_not_counted)
{
	static struct host	a, b;	/* static: see host_store */
	struct store_result	res;
	struct fleet_counts	fc;
	nilsimsa_code		c;
	int			rc;

	fleet_fresh(&a, &b, "a9", "b9", 2, &c);
	host_msg(&a, &c, 101, 7, &res, &fc, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert(res.created);
	for (uint32_t i = 0; i < 10; i++) {
		host_send(&a, &c, 200 + i, 20 + i, 1, &res, &fc, &rc);
		ck_assert_int_eq(rc, 0);
		ck_assert_uint_eq(fc.messages, 2 + i);
		ck_assert_uint_eq(fc.recipients, 1);
		ck_assert_uint_eq(fc.reach_rcpts, 1);
		ck_assert_uint_eq(fc.reach_nets, 1);
		ck_assert_uint_eq(fc.networks, 1);
		ck_assert_uint_eq(res.c.networks, 1);
	}
	/* a copy to a user still counts */
	host_msg(&a, &c, 102, 8, &res, &fc, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_uint_eq(fc.messages, 12);
	ck_assert_uint_eq(fc.recipients, 2);
	ck_assert_uint_eq(fc.networks, 2);
	host_close(&a);
	host_close(&b);
}
END_TEST

/* A status set on one host reaches the other's store and its counts. */
START_TEST(test_status_propagates)
{
	static struct host	a, b;	/* static: see host_store */
	struct store_result	res;
	struct fleet_counts	fc;
	struct cluster		cb;
	nilsimsa_code		c;
	int64_t			h;
	int			rc;

	fleet_fresh(&a, &b, "a2", "b2", 2, &c);
	host_msg(&a, &c, 1, 1, &res, &fc, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_int_eq(fleet_sync(b.f, 3000), 0);
	ck_assert_int_eq(store_set_status(a.s, res.c.id, CLUSTER_SPAM), 0);
	ck_assert_int_eq(fleet_set_status(a.f, &res.c, CLUSTER_SPAM), 0);
	ck_assert_int_eq(fleet_sync(b.f, 3000), 0);
	host_msg(&b, &c, 2, 2, &res, &fc, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert(!res.created);
	ck_assert_int_eq(fc.status, CLUSTER_SPAM);
	ck_assert_int_eq(store_get(b.s, res.c.id, &cb), 0);
	ck_assert_int_eq(cb.status, CLUSTER_SPAM);
	/* imported: its hourly history ends now, as a cluster made here
	 * (found by review: it started now, 23 hours into the future) */
	h = time(NULL) / 3600;
	ck_assert_msg(cb.hist_start == h - (CLUSTER_HISTORY - 1) ||
	    cb.hist_start == h - CLUSTER_HISTORY, "hist_start %lld, hour %lld",
	    (long long)cb.hist_start, (long long)h);
	/* forget on b: gone from a's store as well */
	ck_assert_int_eq(store_forget(b.s, cb.id), 0);
	ck_assert_int_eq(fleet_forget(b.f, &cb), 0);
	ck_assert_int_eq(fleet_sync(a.f, 3000), 0);
	host_msg(&a, &c, 3, 3, &res, &fc, &rc);
	ck_assert_msg(res.created, "a still had the forgotten cluster");
	host_close(&a);
	host_close(&b);
}
END_TEST

/* Two hosts starting the same campaign at once end on one fleet key. */
START_TEST(test_converge)
{
	static struct host	a, b;	/* static: see host_store */
	struct store_result	ra, rb;
	struct fleet_counts	fa, fb;
	nilsimsa_code		c, d;
	int			rc;

	/* neither tails the stream yet: each starts its own cluster */
	fleet_apart(&a, &b, "a3", "b3", 3, &c, &d);
	host_msg(&a, &c, 1, 1, &ra, &fa, &rc);
	ck_assert_int_eq(rc, 0);
	host_msg(&b, &d, 2, 2, &rb, &fb, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert(ra.created && rb.created);
	ck_assert_str_ne(fa.key, fb.key);
	host_retail(&a);
	host_retail(&b);
	ck_assert_int_eq(fleet_sync(a.f, 3000), 0);
	ck_assert_int_eq(fleet_sync(b.f, 3000), 0);
	/* the next copies on both hosts count into one key */
	host_msg(&a, &d, 3, 3, &ra, &fa, &rc);
	ck_assert_int_eq(rc, 0);
	host_msg(&b, &c, 4, 4, &rb, &fb, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert(!ra.created && !rb.created);
	ck_assert_str_eq(fa.key, fb.key);
	/* what b counted before they met was merged: nothing lost */
	ck_assert_uint_eq(fb.messages, 4);
	ck_assert_uint_eq(fb.recipients, 4);
	ck_assert_uint_eq(fb.reach_rcpts, 4);
	ck_assert_uint_eq(fb.networks, 4);
	host_close(&a);
	host_close(&b);
}
END_TEST

/*
 * A status set on one host's cluster before it met the fleet's cluster
 * of the same campaign goes with it: b marked its own spam; once b's
 * maps onto a's (started first), a's is spam too (found by review: the
 * mark stayed on b alone).
 */
START_TEST(test_converge_status)
{
	static struct host	a, b;	/* static: see host_store */
	struct store_result	ra, rb;
	struct fleet_counts	fa, fb;
	struct cluster		ca;
	nilsimsa_code		c, d;
	int			rc, i;

	fleet_apart(&a, &b, "a11", "b11", 4, &c, &d);
	host_msg(&a, &c, 1, 1, &ra, &fa, &rc);
	ck_assert_int_eq(rc, 0);
	usleep(10000);			/* a's first, by Redis's clock */
	host_msg(&b, &d, 2, 2, &rb, &fb, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_str_ne(fa.key, fb.key);
	ck_assert_int_eq(store_set_status(b.s, rb.c.id, CLUSTER_SPAM), 0);
	ck_assert_int_eq(fleet_set_status(b.f, &rb.c, CLUSTER_SPAM), 0);
	host_retail(&a);
	host_retail(&b);
	for (i = 0; i < 30; i++) {
		ck_assert_int_eq(fleet_sync(b.f, 3000), 0);
		ck_assert_int_eq(fleet_sync(a.f, 3000), 0);
		ck_assert_int_eq(store_get(a.s, ra.c.id, &ca), 0);
		if (ca.status == CLUSTER_SPAM)
			break;
		usleep(100000);
	}
	ck_assert_int_eq(ca.status, CLUSTER_SPAM);
	host_close(&a);
	host_close(&b);
}
END_TEST

/* A server that stops answering costs the time limit, then nothing. */
START_TEST(test_down)
{
	static struct host	a;
	struct store_result	res;
	struct fleet_counts	fc;
	struct timespec		t0, t1;
	struct fleet_health	hl;
	nilsimsa_code		c;
	uint64_t		kept;
	double			ms;
	int			rc;

	flush();
	tu_srand(4);
	host_store(&a, "a4", 0);
	host_fleet(&a, 1);
	code_rand(&c);
	host_msg(&a, &c, 1, 1, &res, &fc, &rc);
	ck_assert_int_eq(rc, 0);
	kill(rpid, SIGSTOP);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	host_msg(&a, &c, 2, 1, &res, &fc, &rc);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	ck_assert_int_eq(rc, -1);	/* partial: the local store decides */
	ck_assert_uint_eq(res.c.messages, 2);
	ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
	/* RedisTimeout 50 ms: the call gave up, it did not wait for Redis */
	ck_assert_msg(ms < 1000, "a call to a stopped server took %.0f ms", ms);
	/*
	 * Backing off (100 ms from copy 2's timeout): the next call does not
	 * even try, and copy 3 waits to be counted. Whether it came within
	 * the backoff depends on the machine's speed (under valgrind, or
	 * beside other work, it may not), so what became of it is read:
	 * the copies waiting (fleet_health() fills `pending` before it tries
	 * the stopped server, and gives up on it as any call does).
	 */
	host_msg(&a, &c, 3, 1, &res, &fc, &rc);
	ck_assert_int_eq(rc, -1);
	(void)fleet_health(a.f, &hl);
	kept = hl.pending;
	kill(rpid, SIGCONT);
	for (int i = 0; i < 100 && rc != 0; i++) {
		usleep(100000);
		host_msg(&a, &c, 4, 1, &res, &fc, &rc);
	}
	ck_assert_int_eq(rc, 0);
	/*
	 * Copy 2 timed out: the stopped server ran it when resumed. Copy 3
	 * met the backoff: kept, and counted once Redis was back. Nothing
	 * lost, nothing counted twice: the fleet counts what this host did.
	 */
	for (int i = 0; i < 100; i++) {
		ck_assert_int_eq(fleet_health(a.f, &hl), 0);
		if (hl.pending == 0 && hl.pushed >= kept)
			break;	/* (a copy being pushed is neither yet) */
		usleep(50000);
	}
	ck_assert_uint_eq(hl.pending, 0);
	/*
	 * Copy 3, refused while backing off, waited and was counted once
	 * Redis was back; when the machine was slow enough that it came
	 * after the backoff, it tried the stopped server and timed out as
	 * copy 2 did, which the counts below check. (Guessed from the clock,
	 * 2026-11-27, the test failed under valgrind and on a loaded
	 * machine.)
	 */
	if (kept > 0)
		ck_assert_uint_ge(hl.pushed, kept);
	else
		fprintf(stderr, "test_down: copy 3 came after the backoff\n");
	host_msg(&a, &c, 5, 1, &res, &fc, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_uint_eq(fc.messages, res.c.messages);
	host_close(&a);
}
END_TEST

/* Every key of a cluster expires with its TTL. */
START_TEST(test_expire)
{
	static struct host	a;
	struct store_result	res;
	struct fleet_counts	fc;
	nilsimsa_code		c;
	redisReply		*r;
	int			rc, n = -1;

	flush();
	tu_srand(5);
	host_store(&a, "a5", 2);
	host_fleet(&a, 1);
	code_rand(&c);
	host_msg(&a, &c, 1, 1, &res, &fc, &rc);
	ck_assert_int_eq(rc, 0);
	host_msg(&a, &c, 2, 2, &res, &fc, &rc);
	ck_assert_int_eq(rc, 0);
	/* the cluster's keys and the stream; the stream alone is left */
	r = rcmd("DBSIZE");
	ck_assert_ptr_nonnull(r);
	ck_assert_int_ge(r->integer, 6);
	freeReplyObject(r);
	for (int i = 0; i < 40 && n != 1; i++) {
		usleep(250000);
		r = rcmd("DBSIZE");
		ck_assert_ptr_nonnull(r);
		n = (int)r->integer;
		freeReplyObject(r);
	}
	ck_assert_int_eq(n, 1);
	r = rcmd("EXISTS nsm:stream");
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(r->integer, 1);
	freeReplyObject(r);
	host_close(&a);
}
END_TEST

/* A tail restarted resumes from its cursor: later clusters, nothing twice. */
START_TEST(test_cursor)
{
	static struct host	a, b;	/* static: see host_store */
	struct store_result	res;
	struct fleet_counts	fc;
	struct fleet_health	hl;
	nilsimsa_code		c, d;
	size_t			n;
	int			rc;

	fleet_fresh(&a, &b, "a6", "b6", 6, &c);
	host_msg(&a, &c, 1, 1, &res, &fc, &rc);
	ck_assert_int_eq(fleet_sync(b.f, 3000), 0);
	ck_assert_int_eq(store_count(b.s, &n), 0);
	ck_assert_uint_eq(n, 1);
	fleet_close(b.f);	/* b's milter stops */
	code_rand(&d);
	host_msg(&a, &d, 2, 2, &res, &fc, &rc);	/* while b is away */
	ck_assert(res.created);
	host_fleet(&b, 1);	/* and starts again, from its cursor */
	ck_assert_int_eq(fleet_sync(b.f, 3000), 0);
	ck_assert_int_eq(store_count(b.s, &n), 0);
	ck_assert_uint_eq(n, 2);
	ck_assert_int_eq(fleet_health(b.f, &hl), 0);
	ck_assert(hl.up);
	ck_assert_uint_eq(hl.stream_len, 2);
	ck_assert_uint_eq(hl.clusters, 2);
	ck_assert_int_eq(hl.lag_ms, 0);
	host_close(&a);
	host_close(&b);
}
END_TEST

/* RedisUser and RedisPassword: an ACL user; a wrong password is partial. */
START_TEST(test_auth)
{
	static struct host	a;
	struct store_result	res;
	struct fleet_counts	fc;
	nilsimsa_code		c;
	int			rc;

	flush();
	tu_srand(7);
	freeReplyObject(rcmd("ACL SETUSER nsmtest on >s3cret ~* &* +@all"));
	host_store(&a, "a7", 0);
	free(a.cfg->redis_user);
	free(a.cfg->redis_password);
	a.cfg->redis_user = strdup("nsmtest");
	a.cfg->redis_password = strdup("s3cret");
	host_fleet(&a, 0);
	code_rand(&c);
	host_msg(&a, &c, 1, 1, &res, &fc, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_uint_eq(fc.messages, 1);
	fleet_close(a.f);
	free(a.cfg->redis_password);
	a.cfg->redis_password = strdup("wrong");
	host_fleet(&a, 0);
	host_msg(&a, &c, 2, 1, &res, &fc, &rc);
	ck_assert_int_eq(rc, -1);	/* refused: the local store decides */
	ck_assert_uint_eq(res.c.messages, 2);
	host_close(&a);
	freeReplyObject(rcmd("ACL DELUSER nsmtest"));
}
END_TEST

static Suite *
redis_suite(void)
{
	Suite	*s = suite_create("redis");
	TCase	*tc = tcase_create("fleet");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_counts_add_up);
	tcase_add_test(tc, test_trap_not_counted);
	tcase_add_test(tc, test_no_count_twice);
	tcase_add_test(tc, test_status_propagates);
	tcase_add_test(tc, test_converge);
	tcase_add_test(tc, test_converge_status);
	tcase_add_test(tc, test_down);
	tcase_add_test(tc, test_expire);
	tcase_add_test(tc, test_cursor);
	tcase_add_test(tc, test_auth);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	int	rc;

	log_init("check_redis", 1, 0, 0);
	if (redis_start() == -1) {
		const char	*ci = getenv("CI");

		redis_stop();
		if (ci != NULL && strcmp(ci, "true") == 0) {
			printf("FAIL: check_redis: cannot start redis-server "
			    "(tools/install-deps.sh installs it) and CI=true\n");
			return 1;
		}
		printf("SKIP: check_redis: cannot start redis-server\n");
		return 77;
	}
	rc = tu_run(redis_suite(), "check_redis", NULL);
	redis_stop();
	return rc;
}
