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
 * store_redis.c: the fleet's counts and clusters in Redis (hiredis). See
 * store_redis.h for the design.
 *
 * Keys, all of one cluster under the hash tag {P:K} (P the RedisPrefix,
 * K the 16 hex digits of the cluster's fleet key), so that the script
 * touches one slot, as Redis Cluster needs (this client talks to one
 * server and does not follow a cluster's MOVED redirections):
 *   {P:K}:h       hash: m messages, r recipients, f/l first/last seen,
 *                 o the order Redis first saw it (TIME), s status
 *   {P:K}:N       HyperLogLog of the client networks, all time
 *   {P:K}:s       HyperLogLog of the sender domains
 *   {P:K}:r:B     HyperLogLog of the recipients of time slice B
 *   {P:K}:n:B     HyperLogLog of the networks of time slice B
 * and P:stream, the stream of cluster events. Every key has a TTL:
 * SingletonTTL for a cluster of one, BulkTTL otherwise; a slice lives as
 * long as CampaignWindow still covers it.
 *
 * Threads: a hiredis context is not thread-safe; each thread that calls
 * in has its own (a pthread key), and the tail thread its own. A call
 * that fails or times out drops the context; for a backoff (100 ms,
 * doubling to 5 s) every thread then answers "partial" at once instead
 * of waiting for the time limit again.
 */
#include "autoconf.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "log.h"
#include "store_redis.h"

#ifdef HAVE_REDIS

#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <unistd.h>

#include <hiredis/hiredis.h>
#include <openssl/evp.h>

#include "message.h"
#include "metrics.h"

#define SLICES		7	/* HyperLogLogs per CampaignWindow (+ current) */
#define STREAM_MAX	"100000"	/* entries kept, about (MAXLEN ~) */
#define TAIL_BLOCK_MS	500	/* XREAD BLOCK */
#define TAIL_BATCH	"256"
#define BACKOFF_MIN	100
#define BACKOFF_MAX	5000
#define MAX_ARGS	(16 + 2 * SLICES + MESSAGE_RCPT_HASHED)
#define ARG_LEN		96

/*
 * The per-message script. KEYS: 1 the hash, 2 networks, 3 senders,
 * 4 .. 3+nb the recipient slices (current first), 4+nb .. 3+2nb the
 * network slices. ARGV: 1 nb, 2 counted, 3 copy, 4 recipients, 5 net
 * ("" unknown), 6 sender, 7 singleton TTL, 8 bulk TTL, 9 slice TTL,
 * 10.. recipient hashes. Returns messages, recipients, distinct
 * recipients and networks within the window, networks and senders ever,
 * status ("" never set), and 1 if this created the cluster in Redis.
 * A union of several HyperLogLogs (PFCOUNT of several keys) builds a
 * dense one each time, about 0.1 ms: only the slices that exist are
 * counted, and one slice alone is a PFCOUNT of one key (its cardinality
 * cached by Redis).
 */
static const char script[] =
"local h, nb = KEYS[1], tonumber(ARGV[1])\n"
"local t = redis.call('TIME')\n"
"local m = redis.call('HINCRBY', h, 'm', 1)\n"
"local new = redis.call('HSETNX', h, 'o', string.format('%d%06d', t[1], t[2]))\n"
"redis.call('HSETNX', h, 'f', t[1])\n"
"redis.call('HSET', h, 'l', t[1])\n"
"if ARGV[2] == '1' then\n"
"  redis.call('HINCRBY', h, 'r', ARGV[4])\n"
"  if #ARGV >= 10 then redis.call('PFADD', KEYS[4], unpack(ARGV, 10)) end\n"
"end\n"
"if ARGV[3] == '1' then\n"
"  if ARGV[5] ~= '' then\n"
"    redis.call('PFADD', KEYS[4 + nb], ARGV[5])\n"
"    redis.call('PFADD', KEYS[2], ARGV[5])\n"
"  end\n"
"  if ARGV[6] ~= '' then redis.call('PFADD', KEYS[3], ARGV[6]) end\n"
"end\n"
"local st = redis.call('HGET', h, 's')\n"
"local ttl = tonumber(ARGV[7])\n"
"if m > 1 or (st and st ~= '0') then ttl = tonumber(ARGV[8]) end\n"
"local sttl = math.min(ttl, tonumber(ARGV[9]))\n"
"redis.call('EXPIRE', h, ttl)\n"
"redis.call('EXPIRE', KEYS[2], ttl)\n"
"redis.call('EXPIRE', KEYS[3], ttl)\n"
"redis.call('EXPIRE', KEYS[4], sttl)\n"
"redis.call('EXPIRE', KEYS[4 + nb], sttl)\n"
"local function union(a, b)\n"
"  local ks = {}\n"
"  for i = a, b do\n"
"    if redis.call('EXISTS', KEYS[i]) == 1 then ks[#ks + 1] = KEYS[i] end\n"
"  end\n"
"  if #ks == 0 then return 0 end\n"
"  return redis.call('PFCOUNT', unpack(ks))\n"
"end\n"
"local rr = union(4, 3 + nb)\n"
"local rn = union(4 + nb, 3 + 2 * nb)\n"
"return {m, tonumber(redis.call('HGET', h, 'r') or '0'), rr, rn,\n"
"  redis.call('PFCOUNT', KEYS[2]), redis.call('PFCOUNT', KEYS[3]),\n"
"  st or '', new}\n";

/* A thread's connection. */
struct fconn {
	redisContext	*c;
	struct fleet	*f;
	struct fconn	*next;
	int		 unsure;	/* the last call failed after it was
					   sent (a timeout, the link lost):
					   the server may have run it, or may
					   still */
};

/*
 * A message as the fleet counts it: what the script needs, and what the
 * XADD of a new cluster carries. Kept while Redis is away (PEND_MAX of
 * them, the oldest dropped beyond) and counted when it is back.
 */
struct pend {
	uint64_t	id;		/* the local cluster */
	char		key[17];	/* its fleet key then */
	nilsimsa_code	code;
	uint8_t		kind, status, created, counted, copy;
	int64_t		now;
	uint32_t	recipients, net, sender, nrcpt;
	uint32_t	rcpt[MESSAGE_RCPT_HASHED];
};
#define PEND_MAX	4096
#define PEND_BATCH	64	/* counted per turn of the tail */

/* A local cluster counted under another cluster's key (convergence). */
struct alias {
	uint64_t	id;
	char		key[17];
};

struct fleet {
	char		*host;		/* or the unix socket's path */
	int		 port;		/* 0: unix socket */
	char		*user, *password, *prefix;
	int		 timeout_ms;
	atomic_llong	 singleton_ttl, bulk_ttl;	/* reloadable */
	int64_t		 slice;
	struct store	*store;
	struct config	 scfg;		/* what message_count_score reads */
	char		 sha[41];	/* of script */
	char		 stream[300];
	char		 state[PATH_MAX];

	pthread_key_t	 tkey;
	pthread_mutex_t	 mu;		/* conns, aliases, cursor, state file */
	pthread_rwlock_t create;	/* messages read-lock it around their
					   store_observe, the tail write-locks
					   it from the lookup of an imported
					   cluster to its store_put: else a
					   copy may start a cluster here while
					   the same campaign's is imported,
					   and the two never meet */
	struct fconn	*conns;
	atomic_llong	 down_until;	/* ms (CLOCK_MONOTONIC) */
	atomic_int	 backoff;
	atomic_int	 down;		/* logged as down */

	struct alias	*aliases;
	size_t		 naliases;
	struct pend	*pend;		/* a ring of PEND_MAX */
	size_t		 pend_head, pend_n;
	char		 cursor[48];

	int		 tailing;
	pthread_t	 tid;
	atomic_int	 stop;

	atomic_ullong	 calls, failed, published, imported, aliased;
	atomic_ullong	 pushed, dropped;	/* pending messages */
	size_t		 pend_seen;	/* the milter's queue, in its state file */
};

/* A command being built: argv of bounded strings. */
struct cmd {
	int		 argc;
	const char	*argv[MAX_ARGS];
	size_t		 len[MAX_ARGS];
	char		 buf[MAX_ARGS][ARG_LEN];
};

static void	*tail_main(void *);

/* Monotonic milliseconds. */
static int64_t
now_ms(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Append a formatted argument. */
static void __attribute__((format(printf, 2, 3)))
arg(struct cmd *c, const char *fmt, ...)
{
	va_list	ap;
	int	n;

	if (c->argc >= MAX_ARGS)
		return;
	va_start(ap, fmt);
	n = vsnprintf(c->buf[c->argc], ARG_LEN, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	if (n >= ARG_LEN)
		n = ARG_LEN - 1;
	c->argv[c->argc] = c->buf[c->argc];
	c->len[c->argc] = (size_t)n;
	c->argc++;
}

/* Append an argument that may be long (the script), not copied. */
static void
arg_ref(struct cmd *c, const char *s)
{
	if (c->argc >= MAX_ARGS)
		return;
	c->argv[c->argc] = s;
	c->len[c->argc] = strlen(s);
	c->argc++;
}

/* The fleet key of a code: 64 bits of SHA-256(kind, code), in hex. */
static void
code_key(const nilsimsa_code *code, uint8_t kind, char key[17])
{
	unsigned char	in[33], md[32];
	unsigned int	mdlen = 0;

	in[0] = kind;
	memcpy(in + 1, code->b, 32);
	EVP_Digest(in, sizeof(in), md, &mdlen, EVP_sha256(), NULL);
	for (int i = 0; i < 8; i++)
		snprintf(key + 2 * i, 3, "%02x", md[i]);
}

/* A local cluster's alias, if it has one: 1 and key filled. */
static int
alias_get(struct fleet *f, uint64_t id, char key[17])
{
	int	found = 0;

	pthread_mutex_lock(&f->mu);
	for (size_t i = 0; i < f->naliases; i++)
		if (f->aliases[i].id == id) {
			memcpy(key, f->aliases[i].key, 17);
			found = 1;
			break;
		}
	pthread_mutex_unlock(&f->mu);
	return found;
}

/* Set or (key NULL) remove an alias; called with f->mu held. */
static void
alias_set_locked(struct fleet *f, uint64_t id, const char *key)
{
	struct alias	*a;
	size_t		 i;

	for (i = 0; i < f->naliases && f->aliases[i].id != id; i++)
		;
	if (key == NULL) {
		if (i < f->naliases)
			f->aliases[i] = f->aliases[--f->naliases];
		return;
	}
	if (i == f->naliases) {
		if ((a = realloc(f->aliases, (f->naliases + 1) * sizeof(*a))) == NULL)
			return;		/* counted under its own key */
		f->aliases = a;
		f->naliases++;
	}
	f->aliases[i].id = id;
	snprintf(f->aliases[i].key, sizeof(f->aliases[i].key), "%s", key);
}

void
fleet_key(struct fleet *f, const struct cluster *c, char key[17])
{
	if (!alias_get(f, c->id, key))
		code_key(&c->code, c->kind, key);
}

/* Read the state file: the tail's cursor, the aliases, the counters. */
static void
state_read(struct fleet *f)
{
	char			 line[256], key[32];
	unsigned long long	 id, v[8];
	FILE			*fp;

	snprintf(f->cursor, sizeof(f->cursor), "0");
	if ((fp = fopen(f->state, "r")) == NULL)
		return;
	while (fgets(line, sizeof(line), fp) != NULL) {
		if (sscanf(line, "cursor %47s", f->cursor) == 1)
			continue;
		if (sscanf(line, "alias %llu %16s", &id, key) == 2 &&
		    strlen(key) == 16)
			alias_set_locked(f, id, key);
		else if (sscanf(line, "counters %llu %llu %llu %llu %llu %llu "
		    "%llu %llu", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5],
		    &v[6], &v[7]) == 8) {
			f->calls = v[0];
			f->failed = v[1];
			f->published = v[2];
			f->imported = v[3];
			f->aliased = v[4];
			f->pushed = v[5];
			f->dropped = v[6];
			f->pend_seen = v[7];	/* another process's queue */
		}
	}
	fclose(fp);
}

/* Write the state file (temporary file and rename); f->mu held. */
static void
state_write_locked(struct fleet *f)
{
	char	tmp[PATH_MAX + 8];
	FILE	*fp;

	if (f->state[0] == '\0')
		return;
	snprintf(tmp, sizeof(tmp), "%s.tmp", f->state);
	if ((fp = fopen(tmp, "w")) == NULL) {
		log_debug("redis: %s: %s", tmp, strerror(errno));
		return;
	}
	fprintf(fp, "cursor %s\n", f->cursor);
	for (size_t i = 0; i < f->naliases; i++)
		fprintf(fp, "alias %llu %s\n",
		    (unsigned long long)f->aliases[i].id, f->aliases[i].key);
	fprintf(fp, "counters %llu %llu %llu %llu %llu %llu %llu %zu\n",
	    (unsigned long long)f->calls, (unsigned long long)f->failed,
	    (unsigned long long)f->published, (unsigned long long)f->imported,
	    (unsigned long long)f->aliased, (unsigned long long)f->pushed,
	    (unsigned long long)f->dropped, f->pend_n);
	if (fclose(fp) == EOF || rename(tmp, f->state) == -1)
		log_debug("redis: %s: %s", f->state, strerror(errno));
}

/* Connect, set the time limit, AUTH. NULL if the server cannot be used. */
static redisContext *
fconnect(struct fleet *f, int timeout_ms)
{
	struct timeval	 tv;
	redisContext	*c;
	redisReply	*r;

	tv.tv_sec = timeout_ms / 1000;
	tv.tv_usec = (timeout_ms % 1000) * 1000;
	c = f->port == 0 ? redisConnectUnixWithTimeout(f->host, tv) :
	    redisConnectWithTimeout(f->host, f->port, tv);
	if (c == NULL)
		return NULL;
	if (c->err != 0 || redisSetTimeout(c, tv) != REDIS_OK) {
		redisFree(c);
		return NULL;
	}
	if (f->password[0] != '\0') {
		if (f->user[0] != '\0')
			r = redisCommand(c, "AUTH %s %s", f->user, f->password);
		else
			r = redisCommand(c, "AUTH %s", f->password);
		if (r == NULL || r->type == REDIS_REPLY_ERROR) {
			log_warnx("redis: AUTH refused: %s",
			    r != NULL ? r->str : c->errstr);
			if (r != NULL)
				freeReplyObject(r);
			redisFree(c);
			return NULL;
		}
		freeReplyObject(r);
	}
	/* Loaded now, so that EVALSHA finds it (NOSCRIPT is the fallback). */
	if ((r = redisCommand(c, "SCRIPT LOAD %s", script)) == NULL) {
		redisFree(c);
		return NULL;
	}
	freeReplyObject(r);
	return c;
}

/* Note that the server failed: back off, log the change once. */
static void
mark_down(struct fleet *f, const char *why)
{
	int	b = atomic_load(&f->backoff);

	atomic_store(&f->down_until, now_ms() + b);
	atomic_store(&f->backoff, b * 2 > BACKOFF_MAX ? BACKOFF_MAX : b * 2);
	if (atomic_exchange(&f->down, 1) == 0)
		log_warnx("redis: %s: %s; deciding with the local store "
		    "(partial) until it answers", f->host, why);
}

static void
mark_up(struct fleet *f)
{
	atomic_store(&f->backoff, BACKOFF_MIN);
	atomic_store(&f->down_until, 0);
	if (atomic_exchange(&f->down, 0) == 1)
		log_warnx("redis: %s: answering again", f->host);
}

/* Free a thread's connection at its exit. */
static void
conn_free(void *p)
{
	struct fconn	*fc = p, **pp;
	struct fleet	*f = fc->f;

	pthread_mutex_lock(&f->mu);
	for (pp = &f->conns; *pp != NULL; pp = &(*pp)->next)
		if (*pp == fc) {
			*pp = fc->next;
			break;
		}
	pthread_mutex_unlock(&f->mu);
	if (fc->c != NULL)
		redisFree(fc->c);
	free(fc);
}

/* This thread's connection; NULL while backing off or unreachable. */
static struct fconn *
conn_get(struct fleet *f)
{
	struct fconn	*fc = pthread_getspecific(f->tkey);

	if (fc == NULL) {
		if ((fc = calloc(1, sizeof(*fc))) == NULL)
			return NULL;
		fc->f = f;
		pthread_mutex_lock(&f->mu);
		fc->next = f->conns;
		f->conns = fc;
		pthread_mutex_unlock(&f->mu);
		pthread_setspecific(f->tkey, fc);
	}
	if (fc->c != NULL)
		return fc;
	if (now_ms() < atomic_load(&f->down_until))
		return NULL;
	if ((fc->c = fconnect(f, f->timeout_ms)) == NULL) {
		mark_down(f, "cannot connect");
		return NULL;
	}
	return fc;
}

/* After a failed call: drop the connection (its replies are out of step). */
static void
conn_drop(struct fleet *f, struct fconn *fc, const char *why)
{
	if (fc->c != NULL)
		redisFree(fc->c);
	fc->c = NULL;
	mark_down(f, why);
}

/* One try of pipeline(): 0, or -1 with why filled. */
static int
pipeline1(struct fconn *fc, int n, struct cmd **cmds, redisReply **replies,
    char *why, size_t len)
{
	void	*r;
	int	 i;

	for (i = 0; i < n; i++)
		replies[i] = NULL;
	for (i = 0; i < n; i++)
		if (redisAppendCommandArgv(fc->c, cmds[i]->argc, cmds[i]->argv,
		    cmds[i]->len) != REDIS_OK)
			goto fail;
	for (i = 0; i < n; i++) {
		if (redisGetReply(fc->c, &r) != REDIS_OK || r == NULL)
			goto fail;
		replies[i] = r;
	}
	return 0;
fail:
	for (i = 0; i < n; i++)
		if (replies[i] != NULL) {
			freeReplyObject(replies[i]);
			replies[i] = NULL;
		}
	snprintf(why, len, "%s", fc->c->errstr[0] ? fc->c->errstr : "no reply");
	return -1;
}

/*
 * Has the server closed this idle link (it restarted: every thread's
 * link is stale)? An idle link has nothing to read, so anything to read
 * is its end (or bytes out of step). A link hiredis marked failed is
 * made again too (the tail's, after a batch).
 */
static int
link_closed(redisContext *c)
{
	struct pollfd	pfd = { c->fd, POLLIN | POLLRDHUP, 0 };

	return poll(&pfd, 1, 0) != 0;
}

/*
 * Send n commands in one write and read their n replies. 0, or -1 (the
 * connection is then dropped and replies[] all NULL). A link the server
 * closed while it was idle is made again before the commands go. They
 * are never sent twice: once sent, a failure (a timeout, the link lost)
 * leaves it unknown whether the server ran them (fc->unsure), and a
 * script run twice would count a copy twice.
 */
static int
pipeline(struct fleet *f, struct fconn *fc, int n, struct cmd **cmds,
    redisReply **replies)
{
	char	why[128];
	int	i;

	fc->unsure = 0;
	for (i = 0; i < n; i++)
		replies[i] = NULL;
	if (fc->c == NULL)		/* dropped by a call before */
		return -1;
	if (fc->c->err != 0 || link_closed(fc->c)) {
		redisFree(fc->c);
		if ((fc->c = fconnect(f, f->timeout_ms)) == NULL) {
			conn_drop(f, fc, "cannot connect");
			return -1;
		}
	}
	if (pipeline1(fc, n, cmds, replies, why, sizeof(why)) == 0) {
		mark_up(f);
		return 0;
	}
	fc->unsure = 1;
	conn_drop(f, fc, why);
	return -1;
}

/* The XADD of a cluster event. */
static void
cmd_xadd(struct fleet *f, struct cmd *c, const char *op, const char *key,
    const nilsimsa_code *code, int kind, int status)
{
	char	hex[NILSIMSA_HEX_LEN + 1];

	c->argc = 0;
	arg(c, "XADD");
	arg(c, "%s", f->stream);
	arg(c, "MAXLEN");
	arg(c, "~");
	arg(c, "%s", STREAM_MAX);
	arg(c, "*");
	arg(c, "op");
	arg(c, "%s", op);
	arg(c, "k");
	arg(c, "%s", key);
	nilsimsa_to_hex(code, hex);
	arg(c, "c");
	arg(c, "%s", hex);
	arg(c, "t");
	arg(c, "%d", kind);
	arg(c, "s");
	arg(c, "%d", status);
}

/* The slice of CampaignWindow a time falls in. */
static int64_t
slice_of(const struct fleet *f, int64_t t)
{
	return t / f->slice;
}

/* A message as the fleet counts it. */
static void
pend_make(struct pend *p, const char *key, const struct store_obs *obs,
    const struct store_result *res)
{
	p->id = res->c.id;
	memcpy(p->key, key, sizeof(p->key));
	p->code = res->c.code;
	p->kind = res->c.kind;
	p->status = res->c.status;
	p->created = res->created != 0;
	/* a copy to spam traps only adds itself (store.h, obs->trap) */
	p->counted = !obs->trap && (res->counted || res->exact || res->created);
	p->copy = p->counted && (res->exact || res->created ||
	    res->score >= STORE_COPY_MIN);
	p->now = obs->now;
	p->recipients = obs->recipients;
	p->net = obs->net;
	p->sender = obs->sender;
	p->nrcpt = obs->nrcpt < MESSAGE_RCPT_HASHED ? obs->nrcpt :
	    MESSAGE_RCPT_HASHED;
	memcpy(p->rcpt, obs->rcpt, p->nrcpt * sizeof(*p->rcpt));
}

/* The EVALSHA (or, eval, the EVAL) of a message. */
static void
cmd_observe(struct fleet *f, struct cmd *c, const struct pend *p, int eval)
{
	int64_t	 s0 = slice_of(f, p->now);
	int	 i;

	c->argc = 0;
	if (eval) {
		arg(c, "EVAL");
		arg_ref(c, script);
	} else {
		arg(c, "EVALSHA");
		arg(c, "%s", f->sha);
	}
	arg(c, "%d", 3 + 2 * SLICES);
	arg(c, "{%s:%s}:h", f->prefix, p->key);
	arg(c, "{%s:%s}:N", f->prefix, p->key);
	arg(c, "{%s:%s}:s", f->prefix, p->key);
	for (i = 0; i < SLICES; i++)
		arg(c, "{%s:%s}:r:%lld", f->prefix, p->key, (long long)(s0 - i));
	for (i = 0; i < SLICES; i++)
		arg(c, "{%s:%s}:n:%lld", f->prefix, p->key, (long long)(s0 - i));
	arg(c, "%d", SLICES);
	arg(c, "%d", p->counted);
	arg(c, "%d", p->copy);
	arg(c, "%u", p->recipients);
	if (p->net != 0)
		arg(c, "%08x", p->net);
	else
		arg(c, "%s", "");
	if (p->sender != 0)
		arg(c, "%08x", p->sender);
	else
		arg(c, "%s", "");
	arg(c, "%lld", (long long)atomic_load(&f->singleton_ttl));
	arg(c, "%lld", (long long)atomic_load(&f->bulk_ttl));
	arg(c, "%lld", (long long)(f->slice * (SLICES + 1)));
	for (i = 0; p->counted && i < (int)p->nrcpt; i++)
		arg(c, "%08x", p->rcpt[i]);
}

void
fleet_enter(struct fleet *f)
{
	pthread_rwlock_rdlock(&f->create);
}

void
fleet_leave(struct fleet *f)
{
	pthread_rwlock_unlock(&f->create);
}

/* Messages waiting for Redis. */
static size_t
pend_count(struct fleet *f)
{
	size_t	n;

	pthread_mutex_lock(&f->mu);
	n = f->pend_n;
	pthread_mutex_unlock(&f->mu);
	return n;
}

/* Keep a message Redis did not count, for when it is back. */
static void
pend_add(struct fleet *f, const struct pend *p)
{
	pthread_mutex_lock(&f->mu);
	if (f->pend != NULL) {
		if (f->pend_n == PEND_MAX) {	/* the oldest makes room */
			f->pend_head = (f->pend_head + 1) % PEND_MAX;
			f->pend_n--;
			atomic_fetch_add(&f->dropped, 1);
		}
		f->pend[(f->pend_head + f->pend_n) % PEND_MAX] = *p;
		f->pend_n++;
	}
	pthread_mutex_unlock(&f->mu);
}

/* An integer element of an array reply. */
static uint64_t
elem_int(const redisReply *r, size_t i)
{
	if (i >= r->elements || r->element[i]->type != REDIS_REPLY_INTEGER ||
	    r->element[i]->integer < 0)
		return 0;
	return (uint64_t)r->element[i]->integer;
}

/* The script's answer to fc; -1 if it is not one. */
static int
parse_counts(const redisReply *r, struct fleet_counts *fc, int *isnew)
{
	const redisReply	*st;

	if (r->type != REDIS_REPLY_ARRAY || r->elements != 8)
		return -1;
	fc->messages = elem_int(r, 0);
	fc->recipients = elem_int(r, 1);
	fc->reach_rcpts = elem_int(r, 2);
	fc->reach_nets = elem_int(r, 3);
	fc->networks = elem_int(r, 4);
	fc->senders = elem_int(r, 5);
	st = r->element[6];
	fc->status = -1;
	if (st->type == REDIS_REPLY_STRING && st->len == 1 &&
	    st->str[0] >= '0' && st->str[0] <= '2')
		fc->status = st->str[0] - '0';
	*isnew = elem_int(r, 7) == 1;
	return 0;
}

/*
 * Count one message: the script, with the XADD of a cluster created here
 * in the same round trip; the XADD alone later for a cluster new to the
 * fleet without being new here. 0 with *out filled, or -1.
 */
static int
count_pend(struct fleet *f, struct fconn *fc, const struct pend *p,
    struct fleet_counts *out)
{
	struct cmd	*cm[2], *ev = NULL, *xa = NULL;
	redisReply	*rep[2];
	int		 n, isnew = 0, rc = -1;

	if ((ev = malloc(sizeof(*ev))) == NULL ||
	    (p->created && (xa = malloc(sizeof(*xa))) == NULL))
		goto done;
	cmd_observe(f, ev, p, 0);
	cm[0] = ev;
	n = 1;
	if (p->created) {
		/* After the script: an importer finds the cluster's order. */
		cmd_xadd(f, xa, "new", p->key, &p->code, p->kind, p->status);
		cm[n++] = xa;
	}
	if (pipeline(f, fc, n, cm, rep) == -1)
		goto done;
	if (rep[0]->type == REDIS_REPLY_ERROR &&
	    strncmp(rep[0]->str, "NOSCRIPT", 8) == 0) {
		/* The server forgot the script (restart, SCRIPT FLUSH). */
		freeReplyObject(rep[0]);
		cmd_observe(f, ev, p, 1);
		if (pipeline(f, fc, 1, cm, rep) == -1) {
			if (n == 2)
				freeReplyObject(rep[1]);
			goto done;
		}
		/*
		 * The XADD went before the cluster's keys: once more after.
		 * Failed, the copy is counted all the same (not published).
		 */
		if (n == 2) {
			freeReplyObject(rep[1]);
			cm[0] = xa;
			if (pipeline(f, fc, 1, cm, &rep[1]) == -1)
				n = 1;
		}
	}
	if (rep[0]->type == REDIS_REPLY_ERROR)
		log_warnx("redis: script: %s", rep[0]->str);
	else if (parse_counts(rep[0], out, &isnew) == 0)
		rc = 0;
	freeReplyObject(rep[0]);
	if (n == 2) {
		if (rep[1]->type != REDIS_REPLY_ERROR)
			atomic_fetch_add(&f->published, 1);
		freeReplyObject(rep[1]);
	} else if (rc == 0 && isnew) {
		/*
		 * New to the fleet without being new here: created while
		 * Redis was away, or its keys expired. Published now.
		 */
		cm[0] = ev;
		cmd_xadd(f, ev, "new", p->key, &p->code, p->kind, p->status);
		if (pipeline(f, fc, 1, cm, rep) == 0) {
			if (rep[0]->type != REDIS_REPLY_ERROR)
				atomic_fetch_add(&f->published, 1);
			freeReplyObject(rep[0]);
		}
	}
done:
	free(ev);
	free(xa);
	return rc;
}

int
fleet_observe(struct fleet *f, const struct store_obs *obs,
    const struct store_result *res, struct fleet_counts *out)
{
	struct fconn	*fc;
	struct pend	 p;
	struct timespec	 t0, t1;
	int		 rc = -1;

	atomic_fetch_add(&f->calls, 1);
	memset(out, 0, sizeof(*out));
	fleet_key(f, &res->c, out->key);
	pend_make(&p, out->key, obs, res);
	if ((fc = conn_get(f)) != NULL) {
		clock_gettime(CLOCK_MONOTONIC, &t0);
		rc = count_pend(f, fc, &p, out);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		metrics_redis_request((t1.tv_sec - t0.tv_sec) +
		    (t1.tv_nsec - t0.tv_nsec) / 1e9);
		if (rc != 0)
			metrics_redis_error();
	}
	if (rc != 0) {
		metrics_redis_fallback();
		atomic_fetch_add(&f->failed, 1);
		/*
		 * Counted when Redis is back; unless the call failed once
		 * sent (a timeout, the link lost): the server may have run
		 * it, or runs it late, and counting it again would count the
		 * copy twice.
		 */
		if (fc == NULL || !fc->unsure)
			pend_add(f, &p);
	}
	return rc;
}

/*
 * Count what waited while Redis was away, a batch at a time, on the
 * tail's link (*rcp; it may be made again, or dropped).
 */
static void
pend_flush(struct fleet *f, redisContext **rcp)
{
	struct fconn		 fc = { *rcp, f, NULL, 0 };
	struct fleet_counts	 out;
	struct pend		*p;
	int			 i;

	if ((p = malloc(sizeof(*p))) == NULL)
		return;
	for (i = 0; i < PEND_BATCH && fc.c != NULL; i++) {
		pthread_mutex_lock(&f->mu);
		if (f->pend_n == 0) {
			pthread_mutex_unlock(&f->mu);
			break;
		}
		*p = f->pend[f->pend_head];
		f->pend_head = (f->pend_head + 1) % PEND_MAX;
		f->pend_n--;
		pthread_mutex_unlock(&f->mu);
		/* merged meanwhile into a cluster Redis saw first: count there */
		(void)alias_get(f, p->id, p->key);
		if (count_pend(f, &fc, p, &out) == 0)
			atomic_fetch_add(&f->pushed, 1);
		else if (fc.c == NULL) {
			/* away again: kept, unless it may have run */
			if (!fc.unsure)
				pend_add(f, p);
			break;
		}
	}
	*rcp = fc.c;
	free(p);
}

/* Run one built command; 0 if it answered without an error. */
static int
run1(struct fleet *f, struct cmd *c)
{
	struct fconn	*fc;
	redisReply	*r;
	int		 rc;

	if ((fc = conn_get(f)) == NULL || pipeline(f, fc, 1, &c, &r) == -1)
		return -1;
	rc = r->type == REDIS_REPLY_ERROR ? -1 : 0;
	if (rc == -1)
		log_warnx("redis: %s: %s", c->argv[0], r->str);
	freeReplyObject(r);
	return rc;
}

/*
 * The status in Redis, then an event on the stream: "st", or "new" when
 * the fleet did not know the cluster yet (learnt before any copy of it
 * was counted), so that the other hosts import it with its status.
 */
int
fleet_set_status(struct fleet *f, const struct cluster *cl, int status)
{
	struct fconn	*fc;
	struct cmd	*c, *cm[3];
	redisReply	*r[3];
	struct timespec	 ts;
	char		 key[17];
	int		 rc = -1, isnew, i;

	if ((c = calloc(3, sizeof(*c))) == NULL)
		return -1;
	fleet_key(f, cl, key);
	clock_gettime(CLOCK_REALTIME, &ts);
	for (i = 0; i < 3; i++)
		cm[i] = &c[i];
	arg(&c[0], "HSET");
	arg(&c[0], "{%s:%s}:h", f->prefix, key);
	arg(&c[0], "s");
	arg(&c[0], "%d", status);
	arg(&c[1], "HSETNX");
	arg(&c[1], "{%s:%s}:h", f->prefix, key);
	arg(&c[1], "o");
	arg(&c[1], "%lld%06ld", (long long)ts.tv_sec, ts.tv_nsec / 1000);
	arg(&c[2], "EXPIRE");
	arg(&c[2], "{%s:%s}:h", f->prefix, key);
	arg(&c[2], "%lld", (long long)atomic_load(&f->bulk_ttl));
	if ((fc = conn_get(f)) == NULL || pipeline(f, fc, 3, cm, r) == -1)
		goto out;
	isnew = r[1]->type == REDIS_REPLY_INTEGER && r[1]->integer == 1;
	rc = r[0]->type == REDIS_REPLY_ERROR ? -1 : 0;
	for (i = 0; i < 3; i++)
		freeReplyObject(r[i]);
	if (rc == 0) {
		cmd_xadd(f, &c[0], isnew ? "new" : "st", key, &cl->code,
		    cl->kind, status);
		rc = run1(f, &c[0]);
	}
out:
	free(c);
	return rc;
}

int
fleet_forget(struct fleet *f, const struct cluster *cl)
{
	struct cmd	*c;
	char		 key[17];
	int64_t		 s0 = slice_of(f, time(NULL));
	int		 rc = -1;

	if ((c = malloc(sizeof(*c))) == NULL)
		return -1;
	fleet_key(f, cl, key);
	c->argc = 0;
	arg(c, "DEL");
	arg(c, "{%s:%s}:h", f->prefix, key);
	arg(c, "{%s:%s}:N", f->prefix, key);
	arg(c, "{%s:%s}:s", f->prefix, key);
	for (int i = 0; i <= SLICES; i++) {
		arg(c, "{%s:%s}:r:%lld", f->prefix, key, (long long)(s0 - i));
		arg(c, "{%s:%s}:n:%lld", f->prefix, key, (long long)(s0 - i));
	}
	if (run1(f, c) == -1)
		goto out;
	cmd_xadd(f, c, "forget", key, &cl->code, cl->kind, cl->status);
	rc = run1(f, c);
	pthread_mutex_lock(&f->mu);
	alias_set_locked(f, cl->id, NULL);
	if (f->tailing)		/* else the milter's tail owns the file */
		state_write_locked(f);
	pthread_mutex_unlock(&f->mu);
out:
	free(c);
	return rc;
}

void
fleet_set_ttl(struct fleet *f, int64_t singleton_ttl, int64_t bulk_ttl)
{
	atomic_store(&f->singleton_ttl, singleton_ttl);
	atomic_store(&f->bulk_ttl, bulk_ttl);
}

/* ------------------------------------------------------------ the tail */

/* A stream entry, as the tail reads it. */
struct entry {
	char		id[48];
	char		op[8];
	char		key[17];
	nilsimsa_code	code;
	int		kind;
	int		status;
};

/* Parse "ms-seq" for comparison. */
static void
sid_parse(const char *s, unsigned long long *ms, unsigned long long *seq)
{
	*ms = *seq = 0;
	(void)sscanf(s, "%llu-%llu", ms, seq);
}

/* Compare two stream ids. */
static int
sid_cmp(const char *a, const char *b)
{
	unsigned long long	am, as, bm, bs;

	sid_parse(a, &am, &as);
	sid_parse(b, &bm, &bs);
	if (am != bm)
		return am < bm ? -1 : 1;
	return as < bs ? -1 : as > bs;
}

/* One entry of an XREAD reply to e; -1 if it is not one of ours. */
static int
entry_parse(const redisReply *r, struct entry *e)
{
	const redisReply	*kv;
	int			 have = 0;

	memset(e, 0, sizeof(*e));
	if (r->type != REDIS_REPLY_ARRAY || r->elements != 2 ||
	    r->element[0]->type != REDIS_REPLY_STRING ||
	    r->element[1]->type != REDIS_REPLY_ARRAY)
		return -1;
	snprintf(e->id, sizeof(e->id), "%s", r->element[0]->str);
	kv = r->element[1];
	for (size_t i = 0; i + 1 < kv->elements; i += 2) {
		const char	*k = kv->element[i]->str, *v = kv->element[i + 1]->str;

		if (kv->element[i]->type != REDIS_REPLY_STRING ||
		    kv->element[i + 1]->type != REDIS_REPLY_STRING)
			continue;
		if (strcmp(k, "op") == 0)
			snprintf(e->op, sizeof(e->op), "%s", v);
		else if (strcmp(k, "k") == 0 && strlen(v) == 16) {
			memcpy(e->key, v, 17);
			have |= 1;
		} else if (strcmp(k, "c") == 0 &&
		    nilsimsa_from_hex(v, strlen(v), &e->code) == 0)
			have |= 2;
		else if (strcmp(k, "t") == 0)
			e->kind = atoi(v);
		else if (strcmp(k, "s") == 0)
			e->status = atoi(v);
	}
	if (have != 3 || e->kind < 0 || e->kind > NILSIMSA_KIND_MAX ||
	    e->status < CLUSTER_AUTO || e->status > CLUSTER_HAM)
		return -1;
	return 0;
}

/* The local cluster a code would join, with its fleet key; 0 or -1. */
static int
local_match(struct fleet *f, const struct entry *e, struct cluster *c,
    char key[17])
{
	struct store_obs	obs;
	struct store_result	res;

	memset(&obs, 0, sizeof(obs));
	obs.code = e->code;
	obs.kind = (uint8_t)e->kind;
	obs.now = time(NULL);
	obs.join_score = f->scfg.similarity_threshold;
	obs.count_score = message_count_score;
	obs.count_arg = &f->scfg;
	obs.strict = 1;
	/* The same campaign: a copy's score, not a chance match. */
	if (store_lookup(f->store, &obs, &res) != 0 || !res.found ||
	    res.exact || res.score < STORE_COPY_MIN)
		return -1;
	*c = res.c;
	fleet_key(f, c, key);
	return 0;
}

#define ORDER_LEN	32	/* an order as text: a decimal int64 and more */

/* The order Redis first saw a cluster in ("" if gone), on the tail's link. */
static void
order_of(struct fleet *f, redisContext *rc, const char *key, char *o,
    size_t len)
{
	redisReply	*r;
	char		 h[128];

	o[0] = '\0';
	snprintf(h, sizeof(h), "{%s:%s}:h", f->prefix, key);
	if ((r = redisCommand(rc, "HGET %s o", h)) == NULL)
		return;
	if (r->type == REDIS_REPLY_STRING)
		snprintf(o, len, "%s", r->str);
	freeReplyObject(r);
}

/* Does (oa, ka) come before (ob, kb)? An order that is gone comes last. */
static int
first(const char *oa, const char *ka, const char *ob, const char *kb)
{
	size_t	la = strlen(oa), lb = strlen(ob);

	if (la == 0 || lb == 0)
		return lb == 0 && la != 0;
	if (la != lb)
		return la < lb;
	if (strcmp(oa, ob) != 0)
		return strcmp(oa, ob) < 0;
	return strcmp(ka, kb) < 0;
}

/* One command on the tail's link, its reply freed; the reply's type or -1. */
static int
tcmd(redisContext *rc, const char *fmt, ...)
{
	redisReply	*r;
	va_list		 ap;
	int		 type;

	va_start(ap, fmt);
	r = redisvCommand(rc, fmt, ap);
	va_end(ap);
	if (r == NULL)
		return -1;
	type = r->type;
	freeReplyObject(r);
	return type;
}

/* Add one HyperLogLog of the cluster `from` to the same one of `to`. */
static void
merge_hll(struct fleet *f, redisContext *rc, const char *from, const char *to,
    const char *suffix, long long ttl)
{
	redisReply	*r;
	char		 src[128], dst[128], tmp[128];

	snprintf(src, sizeof(src), "{%s:%s}:%s", f->prefix, from, suffix);
	snprintf(dst, sizeof(dst), "{%s:%s}:%s", f->prefix, to, suffix);
	snprintf(tmp, sizeof(tmp), "{%s:%s}:merge:%s", f->prefix, to, suffix);
	if ((r = redisCommand(rc, "GET %s", src)) == NULL)
		return;
	/* PFMERGE needs both in one slot: a copy under the winner's tag */
	if (r->type == REDIS_REPLY_STRING &&
	    tcmd(rc, "SET %s %b PX 60000", tmp, r->str, (size_t)r->len) ==
	    REDIS_REPLY_STATUS &&
	    tcmd(rc, "PFMERGE %s %s %s", dst, dst, tmp) == REDIS_REPLY_STATUS)
		(void)tcmd(rc, "EXPIRE %s %lld", dst, ttl);
	(void)tcmd(rc, "DEL %s", tmp);
	freeReplyObject(r);
}

/*
 * A local cluster now counts under another's key: what the fleet counted
 * under its own (the copies before the two met) is added to the winner's,
 * once (the first host to get there marks the loser merged).
 */
static void
merge_into(struct fleet *f, redisContext *rc, const char *from, const char *to)
{
	redisReply	*r;
	char		 h[128], sfx[48];
	long long	 bulk = atomic_load(&f->bulk_ttl), sttl;
	int64_t		 s0 = slice_of(f, time(NULL));
	int		 first;

	sttl = f->slice * (SLICES + 1) < bulk ? f->slice * (SLICES + 1) : bulk;
	snprintf(h, sizeof(h), "{%s:%s}:h", f->prefix, from);
	if ((r = redisCommand(rc, "HSETNX %s merged %s", h, to)) == NULL)
		return;
	first = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
	freeReplyObject(r);
	(void)tcmd(rc, "EXPIRE %s %lld", h, bulk);	/* it may be new */
	if (!first || (r = redisCommand(rc, "HMGET %s m r", h)) == NULL)
		return;		/* merged by another host already */
	if (r->type == REDIS_REPLY_ARRAY && r->elements == 2) {
		snprintf(h, sizeof(h), "{%s:%s}:h", f->prefix, to);
		for (size_t i = 0; i < 2; i++)
			if (r->element[i]->type == REDIS_REPLY_STRING)
				(void)tcmd(rc, "HINCRBY %s %s %s", h,
				    i == 0 ? "m" : "r", r->element[i]->str);
	}
	freeReplyObject(r);
	merge_hll(f, rc, from, to, "N", bulk);
	merge_hll(f, rc, from, to, "s", bulk);
	for (int i = 0; i < SLICES; i++) {
		snprintf(sfx, sizeof(sfx), "r:%lld", (long long)(s0 - i));
		merge_hll(f, rc, from, to, sfx, sttl);
		snprintf(sfx, sizeof(sfx), "n:%lld", (long long)(s0 - i));
		merge_hll(f, rc, from, to, sfx, sttl);
	}
}

/* Our cluster c counts under the fleet's key of e from now on. */
static void
map_alias(struct fleet *f, const struct cluster *c, const struct entry *e)
{
	pthread_mutex_lock(&f->mu);
	alias_set_locked(f, c->id, e->key);
	pthread_mutex_unlock(&f->mu);
	atomic_fetch_add(&f->aliased, 1);
}

/*
 * What c counted under its own key, key, goes to e's, and a mark set here
 * before they met goes with it.
 */
static void
map_merge(struct fleet *f, redisContext *rc, const struct cluster *c,
    const char *key, const struct entry *e)
{
	merge_into(f, rc, key, e->key);
	log_info("redis: cluster %llu counts as fleet cluster %s (started "
	    "first elsewhere)", (unsigned long long)c->id, e->key);
	if (c->status != CLUSTER_AUTO && e->status == CLUSTER_AUTO &&
	    fleet_set_status(f, c, c->status) != 0)
		log_warnx("redis: cluster %llu: its status not told to the "
		    "fleet", (unsigned long long)c->id);
}

/* A fleet cluster new here: a local cluster of its code and status. */
static void
import_put(struct fleet *f, const struct entry *e)
{
	struct cluster	c;
	int		err;

	memset(&c, 0, sizeof(c));
	c.code = e->code;
	c.kind = (uint8_t)e->kind;
	c.status = (uint8_t)e->status;
	c.first_seen = c.last_seen = time(NULL);
	c.hist_start = c.last_seen / 3600 - (CLUSTER_HISTORY - 1);	/* to now */
	if ((err = store_put(f->store, &c)) != 0) {
		log_warnx("redis: importing fleet cluster %s: %s", e->key,
		    store_strerror(err));
		return;
	}
	atomic_fetch_add(&f->imported, 1);
	log_debug("redis: fleet cluster %s imported as %llu", e->key,
	    (unsigned long long)c.id);
}

/*
 * The local match of another host's new cluster e (0: found, in c and
 * key) and the orders in which Redis saw e's key and the match's, when
 * that is another key ("" when gone). -1 when a read failed: unread is
 * not gone, tail_batch() reads the entry again.
 */
static int
import_read(struct fleet *f, redisContext *rc, const struct entry *e,
    struct cluster *c, char *key, int *m, char *oa, char *ob)
{
	ob[0] = '\0';
	order_of(f, rc, e->key, oa, ORDER_LEN);
	if ((*m = local_match(f, e, c, key)) == 0 && strcmp(key, e->key) != 0)
		order_of(f, rc, key, ob, ORDER_LEN);
	return rc->err != 0 ? -1 : 0;
}

/*
 * Another host's new cluster: the same as a local one (no-op), the same
 * campaign as one of ours (the one Redis saw first wins: ours maps onto
 * it, or theirs is dropped), or new here (imported). No copy starts a
 * cluster meanwhile (f->create, which every message's fleet_enter waits
 * on), but Redis is asked outside that lock: a slow server would
 * otherwise stall all mail for as long as each call waits. The orders
 * are read first, for the local match found then; under the lock the
 * match is looked up again, and if it changed meanwhile (a copy joined
 * or started a cluster: rare) they are read again under the lock. The
 * merge of counts, after the alias is set, needs no lock: new copies
 * count under the key already.
 */
static void
import_new(struct fleet *f, redisContext *rc, const struct entry *e)
{
	struct cluster	c, c2;
	char		key[17], key2[17], oa[ORDER_LEN], ob[ORDER_LEN];
	int		m, m2, err, merge = 0;

	if (import_read(f, rc, e, &c, key, &m, oa, ob) != 0)
		return;
	pthread_rwlock_wrlock(&f->create);
	m2 = local_match(f, e, &c2, key2);
	if ((m2 != m || (m == 0 && (c2.id != c.id || strcmp(key2, key) != 0))) &&
	    import_read(f, rc, e, &c, key, &m, oa, ob) != 0) {
		pthread_rwlock_unlock(&f->create);
		return;
	}
	if (m != 0) {
		/* gone from the fleet (expired, forgotten): not imported */
		if (oa[0] != '\0')
			import_put(f, e);
	} else if (strcmp(key, e->key) == 0 || first(oa, e->key, ob, key)) {
		/* the same key, or theirs was first (else they will map) */
		if (strcmp(key, e->key) != 0) {
			map_alias(f, &c, e);
			merge = 1;
		}
		/* learnt elsewhere before any copy was counted */
		if (e->status != CLUSTER_AUTO && e->status != c.status &&
		    (err = store_set_status(f->store, c.id, e->status)) != 0)
			log_warnx("redis: cluster %llu: status: %s",
			    (unsigned long long)c.id, store_strerror(err));
	}
	pthread_rwlock_unlock(&f->create);
	if (merge)
		map_merge(f, rc, &c, key, e);
}

/* A status change or forget: applied to the local clusters of that key. */
static void
import_change(struct fleet *f, const struct entry *e, int forget)
{
	struct cluster	c;
	uint64_t	ids[16];
	char		key[17];
	size_t		n = 0, i;
	int		err;

	if (local_match(f, e, &c, key) == 0 && strcmp(key, e->key) == 0)
		ids[n++] = c.id;
	pthread_mutex_lock(&f->mu);
	for (i = 0; i < f->naliases && n < 16; i++)
		if (strcmp(f->aliases[i].key, e->key) == 0 &&
		    (n == 0 || ids[0] != f->aliases[i].id))
			ids[n++] = f->aliases[i].id;
	if (forget)
		for (i = 0; i < n; i++)
			alias_set_locked(f, ids[i], NULL);
	pthread_mutex_unlock(&f->mu);
	for (i = 0; i < n; i++) {
		err = forget ? store_forget(f->store, ids[i]) :
		    store_set_status(f->store, ids[i], e->status);
		if (err != 0 && err != STORE_ENOTFOUND)
			log_warnx("redis: cluster %llu: %s: %s",
			    (unsigned long long)ids[i], e->op, store_strerror(err));
	}
}

/*
 * One batch of entries: imported, and the cursor moved past them; if the
 * link fails importing one, the cursor stays before it (an entry whose
 * order or counts could not be read is not taken as gone).
 */
static void
tail_batch(struct fleet *f, redisContext *rc, const redisReply *r)
{
	const redisReply	*ents;
	struct entry		 e;

	/* [[stream, [[id, [k, v, ...]], ...]]] */
	if (r->type != REDIS_REPLY_ARRAY || r->elements < 1 ||
	    r->element[0]->type != REDIS_REPLY_ARRAY ||
	    r->element[0]->elements != 2)
		return;
	ents = r->element[0]->element[1];
	if (ents->type != REDIS_REPLY_ARRAY)
		return;
	for (size_t i = 0; i < ents->elements; i++) {
		if (entry_parse(ents->element[i], &e) == 0) {
			if (strcmp(e.op, "new") == 0) {
				import_new(f, rc, &e);
				/* the link failed in it: read again from it */
				if (rc->err != 0)
					break;
			} else if (strcmp(e.op, "st") == 0)
				import_change(f, &e, 0);
			else if (strcmp(e.op, "forget") == 0)
				import_change(f, &e, 1);
		}
		if (ents->element[i]->type == REDIS_REPLY_ARRAY &&
		    ents->element[i]->elements == 2 &&
		    ents->element[i]->element[0]->type == REDIS_REPLY_STRING) {
			pthread_mutex_lock(&f->mu);
			snprintf(f->cursor, sizeof(f->cursor), "%s",
			    ents->element[i]->element[0]->str);
			pthread_mutex_unlock(&f->mu);
		}
	}
	pthread_mutex_lock(&f->mu);
	state_write_locked(f);
	pthread_mutex_unlock(&f->mu);
}

/* Drop the aliases of local clusters that are gone (expired, evicted). */
static void
alias_prune(struct fleet *f)
{
	struct cluster	 c;
	uint64_t	*ids;
	size_t		 n, i;

	pthread_mutex_lock(&f->mu);
	n = f->naliases;
	ids = n > 0 ? calloc(n, sizeof(*ids)) : NULL;
	for (i = 0; ids != NULL && i < n; i++)
		ids[i] = f->aliases[i].id;
	pthread_mutex_unlock(&f->mu);
	if (ids == NULL)
		return;
	for (i = 0; i < n; i++)
		if (store_get(f->store, ids[i], &c) == STORE_ENOTFOUND) {
			pthread_mutex_lock(&f->mu);
			alias_set_locked(f, ids[i], NULL);
			pthread_mutex_unlock(&f->mu);
		}
	free(ids);
}

/* Sleep ms in short steps, waking up for fleet_close. */
static void
nap(struct fleet *f, int ms)
{
	struct timespec	ts = { 0, 50 * 1000000L };

	for (; ms > 0 && !atomic_load(&f->stop); ms -= 50)
		nanosleep(&ts, NULL);
}

/* The tail thread: XREAD from the cursor, import, persist the cursor. */
static void *
tail_main(void *arg)
{
	struct fleet	*f = arg;
	redisContext	*rc = NULL;
	redisReply	*r;
	char		 cur[48];
	int		 backoff = BACKOFF_MIN;
	int64_t		 last_write = 0, last_prune = 0;

	while (!atomic_load(&f->stop)) {
		if (rc == NULL &&
		    (rc = fconnect(f, f->timeout_ms + TAIL_BLOCK_MS + 1000)) == NULL) {
			nap(f, backoff);
			backoff = backoff * 2 > BACKOFF_MAX ? BACKOFF_MAX : backoff * 2;
			continue;
		}
		backoff = BACKOFF_MIN;
		pthread_mutex_lock(&f->mu);
		memcpy(cur, f->cursor, sizeof(cur));
		pthread_mutex_unlock(&f->mu);
		r = redisCommand(rc, "XREAD COUNT %s BLOCK %d STREAMS %s %s",
		    TAIL_BATCH, TAIL_BLOCK_MS, f->stream, cur);
		if (r == NULL) {
			redisFree(rc);
			rc = NULL;
			continue;
		}
		if (r->type == REDIS_REPLY_ARRAY)
			tail_batch(f, rc, r);
		if (r->type == REDIS_REPLY_ERROR) {
			log_warnx("redis: XREAD: %s", r->str);
			nap(f, 1000);
		}
		freeReplyObject(r);
		if (rc->err != 0) {		/* failed in the batch: anew */
			redisFree(rc);
			rc = NULL;
			continue;
		}
		if (pend_count(f) > 0) {
			pend_flush(f, &rc);
			last_write = 0;		/* the counters at once */
		}
		/* The counters, for nilsimsactl stats, every few seconds. */
		if (now_ms() - last_write > 5000) {
			if (now_ms() - last_prune > 60000) {
				alias_prune(f);
				last_prune = now_ms();
			}
			pthread_mutex_lock(&f->mu);
			state_write_locked(f);
			pthread_mutex_unlock(&f->mu);
			last_write = now_ms();
		}
	}
	if (rc != NULL)
		redisFree(rc);
	return NULL;
}

/* ------------------------------------------------------------ open, close */

/* Split RedisServer into host and port (0 for a unix socket). */
static int
parse_server(struct fleet *f, const char *s)
{
	const char	*p;
	char		*end;
	long		 port;

	if (strncasecmp(s, "unix:", 5) == 0) {
		f->port = 0;
		return (f->host = strdup(s + 5)) == NULL ? -1 : 0;
	}
	if (s[0] == '[') {
		if ((p = strstr(s, "]:")) == NULL)
			return -1;
		f->host = strndup(s + 1, (size_t)(p - s - 1));
		p += 2;
	} else {
		if ((p = strrchr(s, ':')) == NULL)
			return -1;
		f->host = strndup(s, (size_t)(p - s));
		p++;
	}
	port = strtol(p, &end, 10);
	if (f->host == NULL || *end != '\0' || port < 1 || port > 65535)
		return -1;
	f->port = (int)port;
	return 0;
}

struct fleet *
fleet_open(const struct config *cfg, struct store *s, const char *state_dir,
    int flags, char *err, size_t errlen)
{
	struct fleet		*f;
	pthread_rwlockattr_t	 ra;
	unsigned char		 md[20];
	unsigned int		 mdlen = 0;

	if ((f = calloc(1, sizeof(*f))) == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	pthread_mutex_init(&f->mu, NULL);
	pthread_rwlockattr_init(&ra);
	/* a steady stream of messages must not starve the tail */
	pthread_rwlockattr_setkind_np(&ra,
	    PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
	pthread_rwlock_init(&f->create, &ra);
	pthread_rwlockattr_destroy(&ra);
	if (pthread_key_create(&f->tkey, conn_free) != 0) {
		pthread_rwlock_destroy(&f->create);
		pthread_mutex_destroy(&f->mu);
		free(f);
		snprintf(err, errlen, "pthread_key_create failed");
		return NULL;
	}
	f->store = s;
	f->user = strdup(cfg->redis_user != NULL ? cfg->redis_user : "");
	f->password = strdup(cfg->redis_password != NULL ?
	    cfg->redis_password : "");
	f->prefix = strdup(cfg->redis_prefix);
	if (parse_server(f, cfg->redis) == -1 || f->user == NULL ||
	    f->password == NULL || f->prefix == NULL) {
		snprintf(err, errlen, "RedisServer %s: cannot use it", cfg->redis);
		fleet_close(f);
		return NULL;
	}
	/* Keys are built in ARG_LEN bytes; braces would move the hash tag. */
	if (strlen(f->prefix) == 0 || strlen(f->prefix) > 40 ||
	    strpbrk(f->prefix, "{} ") != NULL) {
		snprintf(err, errlen, "RedisPrefix %s: 1 to 40 characters, "
		    "without braces or spaces", f->prefix);
		fleet_close(f);
		return NULL;
	}
	f->timeout_ms = cfg->redis_timeout;
	atomic_store(&f->singleton_ttl, cfg->singleton_ttl);
	atomic_store(&f->bulk_ttl, cfg->bulk_ttl);
	f->slice = (cfg->campaign_window + SLICES - 2) / (SLICES - 1);
	if (f->slice < 60)
		f->slice = 60;
	f->scfg.score_mode = cfg->score_mode;
	f->scfg.similarity_threshold = cfg->similarity_threshold;
	snprintf(f->stream, sizeof(f->stream), "%s:stream", f->prefix);
	EVP_Digest(script, strlen(script), md, &mdlen, EVP_sha1(), NULL);
	for (int i = 0; i < 20; i++)
		snprintf(f->sha + 2 * i, 3, "%02x", md[i]);
	atomic_store(&f->backoff, BACKOFF_MIN);
	if (state_dir != NULL)
		snprintf(f->state, sizeof(f->state), "%s/redis-state", state_dir);
	state_read(f);
	if (flags & FLEET_TAIL) {
		sigset_t	all, old;

		/* The milter keeps what Redis missed; nilsimsactl does not. */
		if ((f->pend = calloc(PEND_MAX, sizeof(*f->pend))) == NULL) {
			snprintf(err, errlen, "out of memory");
			fleet_close(f);
			return NULL;
		}
		int		e;

		/* The daemon's signals are for its own threads, never this one. */
		sigfillset(&all);
		pthread_sigmask(SIG_BLOCK, &all, &old);
		e = pthread_create(&f->tid, NULL, tail_main, f);
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		if (e != 0) {
			snprintf(err, errlen, "cannot start the stream thread");
			fleet_close(f);
			return NULL;
		}
		f->tailing = 1;
	}
	metrics_redis_enable();
	return f;
}

void
fleet_close(struct fleet *f)
{
	struct fconn	*fc, *next;

	if (f == NULL)
		return;
	if (f->tailing) {
		atomic_store(&f->stop, 1);
		pthread_join(f->tid, NULL);
		pthread_mutex_lock(&f->mu);
		state_write_locked(f);
		pthread_mutex_unlock(&f->mu);
	}
	pthread_key_delete(f->tkey);
	for (fc = f->conns; fc != NULL; fc = next) {
		next = fc->next;
		if (fc->c != NULL)
			redisFree(fc->c);
		free(fc);
	}
	pthread_rwlock_destroy(&f->create);
	pthread_mutex_destroy(&f->mu);
	free(f->aliases);
	free(f->pend);
	free(f->host);
	free(f->user);
	free(f->password);
	free(f->prefix);
	free(f);
}

/* The stream's newest id into buf ("0" if empty); 0 or -1. */
static int
last_id(struct fleet *f, char *buf, size_t len, uint64_t *xlen)
{
	struct fconn	*fc;
	struct cmd	*c[2], a, b;
	redisReply	*r[2];
	int		 rc = -1;

	if ((fc = conn_get(f)) == NULL)
		return -1;
	a.argc = b.argc = 0;
	arg(&a, "XREVRANGE");
	arg(&a, "%s", f->stream);
	arg(&a, "+");
	arg(&a, "-");
	arg(&a, "COUNT");
	arg(&a, "1");
	arg(&b, "XLEN");
	arg(&b, "%s", f->stream);
	c[0] = &a;
	c[1] = &b;
	if (pipeline(f, fc, 2, c, r) == -1)
		return -1;
	snprintf(buf, len, "0");
	if (r[0]->type == REDIS_REPLY_ARRAY) {
		rc = 0;
		if (r[0]->elements > 0 &&
		    r[0]->element[0]->type == REDIS_REPLY_ARRAY &&
		    r[0]->element[0]->elements == 2 &&
		    r[0]->element[0]->element[0]->type == REDIS_REPLY_STRING)
			snprintf(buf, len, "%s", r[0]->element[0]->element[0]->str);
	}
	if (xlen != NULL)
		*xlen = r[1]->type == REDIS_REPLY_INTEGER && r[1]->integer > 0 ?
		    (uint64_t)r[1]->integer : 0;
	freeReplyObject(r[0]);
	freeReplyObject(r[1]);
	return rc;
}

int
fleet_sync(struct fleet *f, int timeout_ms)
{
	char	last[48], cur[48];
	int64_t	end = now_ms() + timeout_ms;

	if (!f->tailing || last_id(f, last, sizeof(last), NULL) == -1)
		return -1;
	do {
		pthread_mutex_lock(&f->mu);
		memcpy(cur, f->cursor, sizeof(cur));
		pthread_mutex_unlock(&f->mu);
		if (sid_cmp(cur, last) >= 0)
			return 0;
		nanosleep(&(struct timespec){ 0, 20 * 1000000L }, NULL);
	} while (now_ms() < end);
	return -1;
}

/*
 * The clusters the fleet holds: its hashes, counted with SCAN (never
 * KEYS, which would stop the server for the whole keyspace). 0 or -1.
 */
static int
count_clusters(struct fleet *f, struct fconn *fc, uint64_t *n)
{
	redisReply	*r;
	char		 cur[32] = "0", pat[64];
	int		 rc = -1;

	*n = 0;
	snprintf(pat, sizeof(pat), "{%s:*}:h", f->prefix);
	do {
		if ((r = redisCommand(fc->c, "SCAN %s MATCH %s COUNT 1000", cur,
		    pat)) == NULL) {
			conn_drop(f, fc, "no answer to SCAN");
			return -1;
		}
		if (r->type != REDIS_REPLY_ARRAY || r->elements != 2 ||
		    r->element[0]->type != REDIS_REPLY_STRING ||
		    r->element[1]->type != REDIS_REPLY_ARRAY) {
			freeReplyObject(r);
			return -1;
		}
		snprintf(cur, sizeof(cur), "%s", r->element[0]->str);
		*n += r->element[1]->elements;
		freeReplyObject(r);
		rc = 0;
	} while (strcmp(cur, "0") != 0);
	return rc;
}

int
fleet_health(struct fleet *f, struct fleet_health *h)
{
	struct timespec		 t0, t1;
	struct fconn		*fc;
	redisReply		*r;
	unsigned long long	 am, as, bm, bs;

	memset(h, 0, sizeof(*h));
	if (!f->tailing) {
		pthread_mutex_lock(&f->mu);
		state_read(f);		/* the milter's cursor and counters */
		pthread_mutex_unlock(&f->mu);
	}
	pthread_mutex_lock(&f->mu);
	snprintf(h->cursor, sizeof(h->cursor), "%s", f->cursor);
	pthread_mutex_unlock(&f->mu);
	h->calls = f->calls;
	h->failed = f->failed;
	h->published = f->published;
	h->imported = f->imported;
	h->aliased = f->aliased;
	h->pushed = f->pushed;
	h->dropped = f->dropped;
	pthread_mutex_lock(&f->mu);
	h->pending = f->tailing ? f->pend_n : f->pend_seen;
	pthread_mutex_unlock(&f->mu);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if ((fc = conn_get(f)) == NULL)
		return -1;
	if ((r = redisCommand(fc->c, "PING")) == NULL) {
		conn_drop(f, fc, "no answer to PING");
		return -1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	h->up = r->type == REDIS_REPLY_STATUS;
	freeReplyObject(r);
	h->ping_ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
	if (last_id(f, h->last_id, sizeof(h->last_id), &h->stream_len) == -1 ||
	    count_clusters(f, fc, &h->clusters) == -1)
		return -1;
	sid_parse(h->last_id, &am, &as);
	sid_parse(h->cursor, &bm, &bs);
	h->lag_ms = am > bm ? (int64_t)(am - bm) : 0;
	return h->up ? 0 : -1;
}

#else /* !HAVE_REDIS */

void
fleet_enter(struct fleet *f)
{
	(void)f;
}

void
fleet_leave(struct fleet *f)
{
	(void)f;
}

void
fleet_set_ttl(struct fleet *f, int64_t singleton_ttl, int64_t bulk_ttl)
{
	(void)f;
	(void)singleton_ttl;
	(void)bulk_ttl;
}

struct fleet *
fleet_open(const struct config *cfg, struct store *s, const char *state_dir,
    int flags, char *err, size_t errlen)
{
	(void)cfg;
	(void)s;
	(void)state_dir;
	(void)flags;
	snprintf(err, errlen, "built without hiredis: StoreBackend redis "
	    "needs libhiredis-dev at configure time");
	return NULL;
}

void
fleet_close(struct fleet *f)
{
	(void)f;
}

int
fleet_observe(struct fleet *f, const struct store_obs *obs,
    const struct store_result *res, struct fleet_counts *fc)
{
	(void)f;
	(void)obs;
	(void)res;
	memset(fc, 0, sizeof(*fc));
	return -1;
}

int
fleet_set_status(struct fleet *f, const struct cluster *c, int status)
{
	(void)f;
	(void)c;
	(void)status;
	return -1;
}

int
fleet_forget(struct fleet *f, const struct cluster *c)
{
	(void)f;
	(void)c;
	return -1;
}

void
fleet_key(struct fleet *f, const struct cluster *c, char key[17])
{
	(void)f;
	(void)c;
	key[0] = '\0';
}

int
fleet_sync(struct fleet *f, int timeout_ms)
{
	(void)f;
	(void)timeout_ms;
	return -1;
}

int
fleet_health(struct fleet *f, struct fleet_health *h)
{
	(void)f;
	memset(h, 0, sizeof(*h));
	return -1;
}

#endif /* HAVE_REDIS */
