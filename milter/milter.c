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
 * milter.c: the libmilter callbacks. They are thin: each hands what the
 * MTA sent to the message unit (message.c) and, at end of message, turns
 * its verdict into a milter reply.
 *
 * Postfix sends ABORT after every message and on RSET, so message state
 * is reset at the next MAIL FROM; connection state lives until CLOSE.
 * Any internal fault answers TEMPFAIL: mail is deferred, never lost and
 * never let through unchecked.
 *
 * Replies: each is a round trip, two context switches and several system
 * calls on each side, and at one per command (connect, MAIL, RCPT, every
 * header, every body chunk) they cost Postfix and the milter more CPU
 * than the filtering (perf under bench/milter-load.sh). So those stages
 * (and the end of the headers, asked for only so that a message with no
 * header gets an answer: cb_eoh()) are negotiated "no reply"
 * (SMFIP_NR_*): Postfix buffers them and sends
 * them with the next command that wants an answer, DATA or end of message,
 * in one write; libmilter answers for an MTA that cannot skip replies.
 * DATA keeps its reply: negotiated without one (SMFIP_NR_DATA), every
 * message stalled about 49 ms, as a delayed ACK makes it, and Postfix's
 * throughput halved (bench/null-milter, docs/replay.md). A fault in a
 * stage without a reply is kept and answered at DATA (or end of message)
 * with TEMPFAIL.
 */
#include <sys/socket.h>
#include <netinet/in.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "log.h"
#include "message.h"
#include "metrics.h"
#include "milter.h"

/*
 * Our own headers: copies arriving from outside are removed, OWN_MAX of
 * each at most. Postfix applies each removal on its own, in time that
 * grows with the square of their number (12,000 made its cleanup panic
 * and defer the message on every try), and no honest message carries
 * more than a copy or two (one for each hop running this filter). A
 * message with more is refused (own_refuse()).
 */
static const char *own_headers[] = { "X-Nilsimsa", "X-Nilsimsa-Cluster" };
#define NOWN	(sizeof(own_headers) / sizeof(*own_headers))
#define OWN_MAX	64

#define ACTIONS	(SMFIF_ADDHDRS | SMFIF_CHGHDRS | SMFIF_QUARANTINE | SMFIF_DELRCPT)
#define NOREPLY	(SMFIP_NR_CONN | SMFIP_NR_MAIL | SMFIP_NR_RCPT | SMFIP_NR_HDR | \
		SMFIP_NR_EOH | SMFIP_NR_BODY)

struct conn {
	const char	*fault;		/* a fault of this message, answered
					   at DATA: the stages before have no
					   reply */
	enum metrics_error fault_kind;	/* its kind, for the metrics */
	struct config	*cfg;		/* a reference, renewed at each MAIL FROM */
	struct message	*msg;
	struct sockaddr_storage addr;	/* the client, if IPv4 or IPv6 */
	int		 have_addr;
	int		 own[NOWN];	/* copies of our headers in this message */
};

static struct conn *
conn_get(SMFICTX *ctx)
{
	return smfi_getpriv(ctx);
}

/* Defer the message after a fault of this kind. */
static sfsistat
tempfail(SMFICTX *ctx, enum metrics_error kind, const char *what)
{
	metrics_error(kind);
	log_warnx("milter: %s: deferring the message", what);
	smfi_setreply(ctx, "451", "4.3.0", "nilsimsa-milter: internal error, try again later");
	return SMFIS_TEMPFAIL;
}

/* Ask for no replies before DATA and for headers and body (see above). */
static sfsistat
cb_negotiate(SMFICTX *ctx, unsigned long f0, unsigned long f1,
    unsigned long f2, unsigned long f3, unsigned long *pf0,
    unsigned long *pf1, unsigned long *pf2, unsigned long *pf3)
{
	(void)ctx;
	(void)f0;
	(void)f2;
	(void)f3;
	*pf0 = ACTIONS;
	*pf1 |= f1 & NOREPLY;	/* with the steps libmilter turned off */
	*pf2 = *pf3 = 0;
	return SMFIS_CONTINUE;
}

/* Without connection state, DATA and end of message answer TEMPFAIL. */
static sfsistat
cb_connect(SMFICTX *ctx, char *hostname, _SOCK_ADDR *hostaddr)
{
	struct conn	*c;

	(void)hostname;
	if ((c = calloc(1, sizeof(*c))) == NULL) {
		log_warnx("milter: connect: out of memory");
		return SMFIS_NOREPLY;
	}
	c->cfg = daemon_config_acquire();
	if ((c->msg = message_new(c->cfg, 0)) == NULL) {
		daemon_config_release(c->cfg);
		free(c);
		log_warnx("milter: connect: out of memory");
		return SMFIS_NOREPLY;
	}
	message_client(c->msg, hostaddr);
	/* Kept so that each MAIL FROM matches it against its own config. */
	if (hostaddr != NULL && (hostaddr->sa_family == AF_INET ||
	    hostaddr->sa_family == AF_INET6)) {
		memcpy(&c->addr, hostaddr, hostaddr->sa_family == AF_INET ?
		    sizeof(struct sockaddr_in) : sizeof(struct sockaddr_in6));
		c->have_addr = 1;
	}
	smfi_setpriv(ctx, c);
	return SMFIS_NOREPLY;
}

static sfsistat
cb_envfrom(SMFICTX *ctx, char **argv)
{
	struct conn	*c = conn_get(ctx);
	struct config	*cfg;
	const char	*v;

	if (c == NULL)
		return SMFIS_NOREPLY;	/* answered at DATA */
	/* A reload between messages takes effect here. */
	cfg = daemon_config_acquire();
	daemon_config_release(c->cfg);
	c->cfg = cfg;
	c->fault = NULL;
	if (message_reset(c->msg, cfg) == -1) {
		c->fault = "MAIL FROM: out of memory";
		c->fault_kind = METRICS_ERR_MEMORY;
		return SMFIS_NOREPLY;
	}
	if (c->have_addr)
		message_client(c->msg, (struct sockaddr *)&c->addr);
	memset(c->own, 0, sizeof(c->own));
	message_sender(c->msg, argv[0]);
	message_auth(c->msg, smfi_getsymval(ctx, "{auth_authen}"));
	if ((v = smfi_getsymval(ctx, "i")) != NULL)
		message_qid(c->msg, v);
	return SMFIS_NOREPLY;
}

static sfsistat
cb_envrcpt(SMFICTX *ctx, char **argv)
{
	struct conn	*c = conn_get(ctx);

	if (c != NULL && c->fault == NULL)
		message_rcpt(c->msg, argv[0]);
	return SMFIS_NOREPLY;
}

/*
 * DATA has nothing to check, but the stage is asked for all the same:
 * Postfix sends the DATA macros even for a milter that skips DATA, a
 * packet without a reply, and the first header then waits behind it
 * (Nagle's algorithm in the MTA) until our delayed ACK, 40 ms later.
 * The command after the macros and our reply to it carry the ACK. (With
 * no reply, DATA would be that packet: Postfix flushes what it buffered
 * when it hands the message to cleanup, and the headers would wait.)
 * It is also the first reply of a message: faults of the stages before,
 * which have none, are answered here.
 */
static sfsistat
cb_data(SMFICTX *ctx)
{
	struct conn	*c = conn_get(ctx);

	if (c == NULL)
		return tempfail(ctx, METRICS_ERR_STATE,
		    "DATA without connection state");
	if (c->fault != NULL)
		return tempfail(ctx, c->fault_kind, c->fault);
	return SMFIS_CONTINUE;
}

static sfsistat
cb_header(SMFICTX *ctx, char *name, char *value)
{
	struct conn	*c = conn_get(ctx);
	size_t		 i;

	if (c == NULL || c->fault != NULL)
		return SMFIS_NOREPLY;	/* answered at end of message */
	for (i = 0; i < NOWN; i++)
		if (strcasecmp(name, own_headers[i]) == 0)
			c->own[i]++;
	message_header(c->msg, name, value);
	return SMFIS_NOREPLY;
}

/*
 * Nothing to do at the end of the headers, but the stage must be asked
 * for: without it libmilter has Postfix skip it, and then takes a
 * message with no header at all (an empty one, or one whose first line
 * is blank), whose end comes right after DATA, for a command out of
 * order, and drops it without a reply. Postfix waited its
 * milter_content_timeout, 300 s, then deferred (helper-61). Negotiated
 * without a reply (SMFIP_NR_EOH), it costs a packet and no round trip.
 */
static sfsistat
cb_eoh(SMFICTX *ctx)
{
	(void)ctx;
	return SMFIS_NOREPLY;
}

static sfsistat
cb_body(SMFICTX *ctx, unsigned char *buf, size_t len)
{
	struct conn	*c = conn_get(ctx);

	if (c != NULL && c->fault == NULL)
		message_body(c->msg, buf, len);
	return SMFIS_NOREPLY;
}

/* Remove forged copies of our headers, then add ours. */
static int
add_headers(SMFICTX *ctx, struct conn *c, const struct message_result *r)
{
	char	value[256];
	size_t	i;
	int	n;

	for (i = 0; i < NOWN; i++)
		for (n = c->own[i]; n > 0; n--)
			if (smfi_chgheader(ctx, (char *)own_headers[i], n, NULL) != MI_SUCCESS)
				return -1;
	if (smfi_addheader(ctx, "X-Nilsimsa", (char *)r->hex) != MI_SUCCESS)
		return -1;
	message_cluster_header(r, value, sizeof(value));
	if (smfi_addheader(ctx, "X-Nilsimsa-Cluster", value) != MI_SUCCESS)
		return -1;
	return 0;
}

/* The first of our headers the message has more than OWN_MAX copies of, or -1. */
static int
own_excess(const struct conn *c)
{
	size_t	i;

	for (i = 0; i < NOWN; i++)
		if (c->own[i] > OWN_MAX)
			return (int)i;
	return -1;
}

/*
 * Too many copies of our header i to remove: rejected (550, naming
 * them), not counted in the store; with Mode shadow accepted, with
 * nothing removed and nothing added.
 */
static sfsistat
own_refuse(SMFICTX *ctx, struct conn *c, int i, struct message_result *rp)
{
	char	text[256];

	snprintf(text, sizeof(text), "Message carries %d %s headers, more "
	    "than the %d this filter removes", c->own[i], own_headers[i],
	    OWN_MAX);
	rp->verdict.tier = "none";
	rp->verdict.reason = "forged-headers";
	if (c->cfg->mode == MODE_SHADOW) {
		rp->verdict.action = VERDICT_ACCEPT;
		log_info("%s: accept (shadow mode) reason=forged-headers: %s",
		    message_get_qid(c->msg), text);
		return SMFIS_CONTINUE;
	}
	rp->verdict.action = VERDICT_REJECT;
	log_info("%s: reject reason=forged-headers: %s",
	    message_get_qid(c->msg), text);
	smfi_setreply(ctx, "550", "5.7.1", text);
	return SMFIS_REJECT;
}

/*
 * A spam trap's copy marks its cluster spam, so the campaign's later
 * copies are rejected from the first; a cluster an administrator pinned
 * as ham stays ham. So does one organisation's mailing
 * (cluster_mailing_seen()) when the trap's copy comes through a network
 * none of its copies came from (trap copies are not counted as the
 * cluster's: store.h): anyone who learnt the trap's address could
 * otherwise send it a newsletter's text and have every later copy of the
 * real one rejected. A mailing that itself reaches the trap is marked.
 */
static void
mark_spam(struct conn *c, struct store *store, struct message_result *r)
{
	int	rc;

	if (r->res.c.status == CLUSTER_HAM) {
		log_info("%s: spam trap hit on pinned cluster %llu: left ham",
		    message_get_qid(c->msg), (unsigned long long)r->res.c.id);
		return;
	}
	if (!r->res.created && !r->res.net_known &&
	    cluster_mailing_seen(&r->res.c, (unsigned)c->cfg->mailing_share)) {
		log_info("%s: spam trap hit on mailing cluster %llu from a "
		    "network it never came from: left as it was",
		    message_get_qid(c->msg), (unsigned long long)r->res.c.id);
		return;
	}
	if ((rc = store_set_status(store, r->res.c.id, CLUSTER_SPAM)) != 0)
		log_warnx("%s: store: marking cluster %llu spam: %s",
		    message_get_qid(c->msg), (unsigned long long)r->res.c.id,
		    store_strerror(rc));
	else {
		r->res.c.status = CLUSTER_SPAM;
		if (message_fleet_status(&r->res.c, CLUSTER_SPAM) == -1)
			log_warnx("%s: redis: cluster %llu marked spam here "
			    "only", message_get_qid(c->msg),
			    (unsigned long long)r->res.c.id);
	}
}

/* Remove the recipients a partial delivery leaves out (message.c's list). */
static int
remove_others(SMFICTX *ctx, struct conn *c)
{
	const char	*addr;
	size_t		 pos = 0;

	while ((addr = message_rcpt_next_other(c->msg, &pos)) != NULL)
		if (smfi_delrcpt(ctx, (char *)addr) != MI_SUCCESS)
			return -1;
	return 0;
}

/* End of message with the store held: digest, cluster, verdict, reply. */
static sfsistat
eom(SMFICTX *ctx, struct store *store, struct message_result *rp)
{
	struct conn		*c = conn_get(ctx);
	struct message_result	 r;
	const char		*v;
	char			 text[256];
	int			 tagged, rejected, own;

	if (c == NULL)
		return tempfail(ctx, METRICS_ERR_STATE,
		    "end of message without connection state");
	if (c->fault != NULL)
		return tempfail(ctx, c->fault_kind, c->fault);
	if ((v = smfi_getsymval(ctx, "i")) != NULL)
		message_qid(c->msg, v);
	if (c->cfg->add_headers && (own = own_excess(c)) >= 0)
		return own_refuse(ctx, c, own, rp);
	message_finish(c->msg, store, time(NULL), 0, &r);
	*rp = r;
	if (r.store_err != 0) {
		log_warnx("%s: store: %s", message_get_qid(c->msg), store_strerror(r.store_err));
		return tempfail(ctx, METRICS_ERR_STORE, "store failed");
	}
	if (r.digested && strcmp(r.verdict.reason, "spamtrap") == 0)
		mark_spam(c, store, &r);
	tagged = r.verdict.action == VERDICT_TAG;
	rejected = verdict_withheld(r.verdict.action);
	/* A commit of its own: only when there is something to add. */
	if (r.digested && (tagged || rejected))
		store_note(store, r.res.c.id, time(NULL), tagged, rejected);
	message_log(c->msg, &r);
	*rp = r;

	switch (r.verdict.action) {
	case VERDICT_REJECT:
		snprintf(text, sizeof(text), "Message rejected as bulk mail (nilsimsa cluster %llu)",
		    (unsigned long long)r.res.c.id);
		smfi_setreply(ctx, "550", "5.7.1", text);
		return SMFIS_REJECT;
	case VERDICT_TEMPFAIL:
		snprintf(text, sizeof(text), "Bulk mail deferred (nilsimsa cluster %llu), try again later",
		    (unsigned long long)r.res.c.id);
		smfi_setreply(ctx, "451", "4.7.1", text);
		return SMFIS_TEMPFAIL;
	case VERDICT_DISCARD:
		return SMFIS_DISCARD;
	case VERDICT_PARTIAL:
		if (remove_others(ctx, c) == -1)
			return tempfail(ctx, METRICS_ERR_REPLY,
			    "removing recipients failed");
		break;
	case VERDICT_QUARANTINE:
		snprintf(text, sizeof(text), "nilsimsa-milter: bulk mail, cluster %llu",
		    (unsigned long long)r.res.c.id);
		if (smfi_quarantine(ctx, text) != MI_SUCCESS)
			return tempfail(ctx, METRICS_ERR_REPLY,
			    "quarantine failed");
		break;
	default:
		break;
	}
	if (c->cfg->add_headers && add_headers(ctx, c, &r) == -1)
		return tempfail(ctx, METRICS_ERR_REPLY,
		    "adding headers failed");
	return SMFIS_CONTINUE;
}

/*
 * Count a message that reached the end: by its verdict, or as deferred
 * for a fault (reason "error", "store" when the store failed) when the
 * reply is not what the verdict said.
 */
static void
count(const struct message_result *r, sfsistat rc, double seconds)
{
	const struct verdict	*v = &r->verdict;
	const char		*action, *reason, *tier;
	int			 refused;

	action = verdict_action_name(v->action);
	reason = v->reason != NULL ? v->reason : "error";
	tier = v->tier;
	refused = verdict_withheld(v->action);	/* as the store's stats count */
	if (rc == SMFIS_TEMPFAIL && v->action != VERDICT_TEMPFAIL) {
		action = "tempfail";
		reason = r->store_err != 0 ? "store" : "error";
		tier = NULL;
		refused = 0;
	}
	metrics_message(action, reason, tier, refused, seconds);
	if (r->digested)
		metrics_store(r->store_ms / 1e3, r->res.compared);
}

/* End of message: the store is held for the whole of it. */
static sfsistat
cb_eom(SMFICTX *ctx)
{
	struct message_result	 r;
	struct store		*store;
	struct timespec		 t0, t1;
	sfsistat		 rc;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	memset(&r, 0, sizeof(r));
	if ((store = daemon_store_acquire()) == NULL)
		rc = tempfail(ctx, METRICS_ERR_STOPPING,
		    "end of message while stopping");
	else {
		rc = eom(ctx, store, &r);
		daemon_store_release();
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	count(&r, rc, (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
	return rc;
}

static sfsistat
cb_close(SMFICTX *ctx)
{
	struct conn	*c = conn_get(ctx);

	if (c == NULL)
		return SMFIS_CONTINUE;
	smfi_setpriv(ctx, NULL);
	message_free(c->msg);
	daemon_config_release(c->cfg);
	free(c);
	return SMFIS_CONTINUE;
}

struct smfiDesc milter_desc = {
	.xxfi_name = "nilsimsa-milter",
	.xxfi_version = SMFI_VERSION,
	.xxfi_flags = ACTIONS,
	.xxfi_connect = cb_connect,
	.xxfi_envfrom = cb_envfrom,
	.xxfi_envrcpt = cb_envrcpt,
	.xxfi_data = cb_data,
	.xxfi_header = cb_header,
	.xxfi_eoh = cb_eoh,
	.xxfi_body = cb_body,
	.xxfi_eom = cb_eom,
	.xxfi_close = cb_close,
	.xxfi_negotiate = cb_negotiate,
};
