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
 * message.c: one message from envelope to verdict. See message.h.
 */
#include <arpa/inet.h>
#include <netinet/in.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <openssl/evp.h>

#include "log.h"
#include "logline.h"
#include "authres.h"
#include "boiler.h"
#include "forms.h"
#include "known.h"
#include "domain.h"
#include "message.h"
#include "quotes.h"
#include "rfc2047.h"
#include "store_redis.h"
#include "util.h"

/* Top-level header lines kept while parsing a whole file (tools only). */
#define HDR_LINE_MAX	8192

struct message {
	const struct config	*cfg;
	int			 with_headers;
	struct canon		*canon;
	int			 canon_mode;
	uint64_t		 canon_max;
	nilsimsa_ctx		 nctx;
	EVP_MD_CTX		*sha;
	struct boiler_fp	 fp;		/* fingerprints of the text */
	unsigned char		*text;		/* the canonical text's first */
	size_t			 text_len;	/* MESSAGE_TEXT_MAX bytes */
	size_t			 text_cap;
	canon_out_fn		*text_out;	/* the text digested, also to */
	void			*text_arg;	/* (message_text_out) */
	int			 held;		/* text not yet digested */
	int			 formed;	/* its forms removed */
	uint64_t		 stripped;	/* bytes of forms removed */

	/* connection */
	uint32_t		 net;
	uint32_t		 pool;		/* the client's /16 (IPv6 /32) */
	uint32_t		 block;		/* its /24 (IPv6 /48) */
	int			 client_exempt;

	/* envelope */
	char			 qid[MESSAGE_QID_MAX];
	char			 sender[MESSAGE_ADDR_MAX];
	uint32_t		 sender_hash;	/* of its domain */
	int			 auth_kind;	/* AUTHRES_*: a trusted verifier's */
	char			 auth_domain[256];	/* identity, if any */
	int			 auth;
	int			 sender_exempt;
	uint32_t		 nrcpt;
	uint32_t		 ntrap;
	/* hashes of the recipients that are not traps, each person once,
	 * a sample of them past MESSAGE_RCPT_HASHED (rcpt_note): how many
	 * different people a cluster reaches */
	uint32_t		 rcpt_hash[MESSAGE_RCPT_HASHED];
	uint32_t		 nrcpt_hash;
	uint32_t		 nrcpt_again;	/* RCPTs of a person noted before */
	uint32_t		 nwl;		/* whitelisted recipients */
	/* the others, NUL-terminated one after the other, as the MTA gave
	 * them: a partial delivery removes them */
	char			*others;
	size_t			 others_len, others_size;
	int			 others_lost;	/* more than the bounds keep */
	int			 list_mail;
	char			 subject[CLUSTER_SUBJECT_MAX];

	/* header block of a whole file (with_headers) */
	int			 in_body;
	int			 hdr_bol;	/* at the start of a line */
	int			 hdr_cr;	/* a CR waiting: dropped if LF follows */
	size_t			 hdr_len;
	char			 hdr[HDR_LINE_MAX];
};

/*
 * The canonical text's first MESSAGE_TEXT_MAX bytes are held before they
 * are digested, in every ScoreMode: the forms of a delivery report go
 * from them first (forms.h). With ScoreMode auto, m->text then goes on
 * to hold the first MESSAGE_TEXT_MAX bytes digested, by which it
 * calibrates the code (nilsimsa_final_auto(); past them, by the
 * expectation of a script's buckets, scaled to the whole).
 * Self-calibration digests that text 16 times: 16 KiB bounds that to
 * about 1.5 ms a message, so that a large body stays within the CPU
 * budget of 50 ms a MiB (256 KiB cost 80 ms a MiB for a body of that
 * size), while mail bodies, mostly far shorter, are calibrated whole.
 */

/* Hold what fits of len bytes; returns how many it held. */
static size_t
hold_text(struct message *m, const unsigned char *buf, size_t len)
{
	unsigned char	*p;
	size_t		 cap;

	if (len > MESSAGE_TEXT_MAX - m->text_len)
		len = MESSAGE_TEXT_MAX - m->text_len;
	if (len == 0)
		return 0;
	if (m->text_len + len > m->text_cap) {
		cap = m->text_cap ? m->text_cap : 4096;
		while (cap < m->text_len + len)
			cap *= 2;
		if (cap > MESSAGE_TEXT_MAX)
			cap = MESSAGE_TEXT_MAX;
		if ((p = realloc(m->text, cap)) == NULL)
			return 0;	/* a shorter text is held */
		m->text = p;
		m->text_cap = cap;
	}
	memcpy(m->text + m->text_len, buf, len);
	m->text_len += len;
	return len;
}

/* Bytes to the nilsimsa and SHA-256 digests (and to message_text_out's). */
static void
digest_feed(struct message *m, const unsigned char *buf, size_t len)
{
	nilsimsa_update(&m->nctx, buf, len);
	EVP_DigestUpdate(m->sha, buf, len);
	if (m->text_out != NULL && len > 0)
		m->text_out(m->text_arg, buf, len);
}

void
message_text_out(struct message *m, canon_out_fn *fn, void *arg)
{
	m->text_out = fn;
	m->text_arg = arg;
}

size_t
message_strip_text(unsigned char *text, size_t *len)
{
	size_t	gone = forms_strip(text, len);

	return gone + quotes_strip(text, len);
}

/* What message_strip_text() takes goes from the held text, once. */
static void
strip_forms(struct message *m)
{
	if (!m->held || m->formed)
		return;
	m->formed = 1;
	if (m->canon_mode == CANON_TEXT)
		m->stripped = message_strip_text(m->text, &m->text_len);
}

/* The held text to the digests, without forms and quote header blocks. */
static void
release_text(struct message *m)
{
	if (!m->held)
		return;
	strip_forms(m);
	m->held = 0;
	digest_feed(m, m->text, m->text_len);
}

/* The canonicaliser's output: fingerprinted, held, then digested. */
static void
digest_sink(void *arg, const unsigned char *buf, size_t len)
{
	struct message	*m = arg;
	size_t		 n;

	if (m->held) {
		n = hold_text(m, buf, len);
		boiler_fp_update(&m->fp, buf, n);
		if (n == len)
			return;
		release_text(m);
		buf += n;
		len -= n;
	}
	boiler_fp_update(&m->fp, buf, len);
	digest_feed(m, buf, len);
	if (m->cfg->score_mode == SCORE_AUTO)
		(void)hold_text(m, buf, len);	/* its text, to its end */
}

static int
make_canon(struct message *m)
{
	const struct config	*cfg = m->cfg;

	if (m->canon != NULL && m->canon_mode == cfg->canonicalization &&
	    m->canon_max == cfg->max_body_bytes)
		canon_reset(m->canon);
	else {
		canon_free(m->canon);
		m->canon_mode = cfg->canonicalization;
		m->canon_max = cfg->max_body_bytes;
		m->canon = canon_new(m->canon_mode, m->canon_max, 0, digest_sink,
		    m);
		if (m->canon == NULL)
			return -1;
	}
	/* a message too short to digest reads its hidden text too */
	canon_set_shown_min(m->canon, cfg->min_own_text);
	return 0;
}

struct message *
message_new(const struct config *cfg, int with_headers)
{
	struct message	*m;

	if ((m = calloc(1, sizeof(*m))) == NULL)
		return NULL;
	m->with_headers = with_headers;
	m->canon_mode = -1;
	if ((m->sha = EVP_MD_CTX_new()) == NULL || message_reset(m, cfg) == -1) {
		message_free(m);
		return NULL;
	}
	return m;
}

void
message_free(struct message *m)
{
	if (m == NULL)
		return;
	canon_free(m->canon);
	EVP_MD_CTX_free(m->sha);
	free(m->others);
	free(m->text);
	free(m);
}

int
message_reset(struct message *m, const struct config *cfg)
{
	m->cfg = cfg;
	if (make_canon(m) == -1)
		return -1;
	nilsimsa_init(&m->nctx);
	boiler_fp_reset(&m->fp);
	m->text_len = 0;
	m->held = 1;
	m->formed = 0;
	m->stripped = 0;
	if (EVP_DigestInit_ex(m->sha, EVP_sha256(), NULL) != 1)
		return -1;
	m->qid[0] = m->sender[0] = m->subject[0] = '\0';
	m->auth = m->sender_exempt = m->list_mail = 0;
	m->nrcpt = m->ntrap = m->nwl = 0;
	m->nrcpt_hash = m->nrcpt_again = 0;
	m->others_len = 0;
	m->others_lost = 0;
	m->sender_hash = 0;
	m->auth_kind = AUTHRES_NONE;
	m->auth_domain[0] = '\0';
	m->in_body = !m->with_headers;
	m->hdr_bol = 1;
	m->hdr_cr = 0;
	m->hdr_len = 0;
	return 0;
}

/*
 * Hash of the first v4 bytes of an IPv4 client address (v6 of an IPv6
 * one): its network, or a larger block. Never 0; 0 for no address.
 */
static uint32_t
net_hash(const struct sockaddr *sa, size_t v4, size_t v6)
{
	const unsigned char	*p;
	size_t			 n, i;
	uint32_t		 h = 2166136261u;	/* FNV-1a */
	unsigned char		 fam;

	if (sa == NULL)
		return 0;
	if (sa->sa_family == AF_INET) {
		p = (const unsigned char *)&((const struct sockaddr_in *)sa)->sin_addr;
		n = v4;
		fam = 4;
	} else if (sa->sa_family == AF_INET6) {
		p = (const unsigned char *)&((const struct sockaddr_in6 *)sa)->sin6_addr;
		if (IN6_IS_ADDR_V4MAPPED((const struct in6_addr *)p)) {
			p += 12;
			n = v4;
			fam = 4;
		} else {
			n = v6;
			fam = 6;
		}
	} else
		return 0;
	h = (h ^ fam) * 16777619u;
	for (i = 0; i < n; i++)
		h = (h ^ p[i]) * 16777619u;
	return h == 0 ? 1 : h;
}

/*
 * A client's network (/24, /64) as a cluster keeps it: the hash of its
 * larger block (/16, IPv6 /48) in the top 24 bits, and the /24's last
 * byte (a byte of the /64's hash) in the low 8, so that the networks of
 * one provider's pool can be told apart and still be grouped (store.h
 * STORE_NET_POOL). IPv6 by /48, not /32: a /32 is a whole ISP's or
 * hosting company's, one customer's a /48 or less. Never 0; 0 for no
 * address.
 */
uint32_t
message_net_hash(const struct sockaddr *sa)
{
	const unsigned char	*p;
	uint32_t		 low, h;

	if ((h = net_hash(sa, 2, 6)) == 0)
		return 0;
	if (sa->sa_family == AF_INET)
		low = ((const unsigned char *)
		    &((const struct sockaddr_in *)sa)->sin_addr)[2];
	else {
		p = (const unsigned char *)
		    &((const struct sockaddr_in6 *)sa)->sin6_addr;
		low = IN6_IS_ADDR_V4MAPPED((const struct in6_addr *)p) ?
		    p[14] : net_hash(sa, 3, 8) & 0xff;
	}
	h = (h << 8) | low;
	return h == 0 ? 1 : h;
}

void
message_client(struct message *m, const struct sockaddr *sa)
{
	m->net = message_net_hash(sa);
	m->pool = net_hash(sa, 2, 4);	/* /16, /32 */
	m->block = net_hash(sa, 3, 6);	/* /24, /48 */
	m->client_exempt = sa != NULL && m->cfg->whitelist_clients != NULL &&
	    addrlist_match_addr(m->cfg->whitelist_clients, sa);
}

void
message_client_str(struct message *m, const char *ip)
{
	struct sockaddr_storage	ss;
	struct sockaddr_in	*sin = (struct sockaddr_in *)&ss;
	struct sockaddr_in6	*sin6 = (struct sockaddr_in6 *)&ss;

	memset(&ss, 0, sizeof(ss));
	if (inet_pton(AF_INET, ip, &sin->sin_addr) == 1)
		sin->sin_family = AF_INET;
	else if (inet_pton(AF_INET6, ip, &sin6->sin6_addr) == 1)
		sin6->sin6_family = AF_INET6;
	else {
		message_client(m, NULL);
		return;
	}
	message_client(m, (struct sockaddr *)&ss);
}

void
message_auth(struct message *m, const char *authuser)
{
	m->auth = authuser != NULL && *authuser != '\0';
}

/*
 * The MTA's queue id, for the log: anything but visible ASCII becomes
 * '?' (a milter client other than the MTA could put a line break in it
 * and forge log lines; Postfix's and sendmail's ids are letters and
 * digits).
 */
void
message_qid(struct message *m, const char *qid)
{
	size_t	i;

	snprintf(m->qid, sizeof(m->qid), "%s", qid != NULL ? qid : "");
	for (i = 0; m->qid[i] != '\0'; i++)
		if (m->qid[i] < 0x21 || m->qid[i] > 0x7e)
			m->qid[i] = '?';
}

#define RCPT_CANON_MAX	512	/* bytes of a recipient as lists match it */

/*
 * The '+' that starts an address's +detail (user+detail@domain): the
 * first '+' before the last '@'. NULL when there is none.
 */
static const char *
rcpt_detail(const char *addr)
{
	const char	*plus = strchr(addr, '+'), *at = strrchr(addr, '@');

	return plus != NULL && at != NULL && plus < at ? plus : NULL;
}

/*
 * Hash of a recipient's address, lower case, without angle brackets or
 * a +detail: the same person however the MTA spelt the address. Never 0.
 */
static uint32_t
rcpt_hash(const char *addr)
{
	const char	*p = addr, *plus = rcpt_detail(addr);
	uint32_t	 h = 2166136261u;

	if (*p == '<')
		p++;
	for (; *p != '\0' && *p != '>'; p++) {
		if (p == plus)
			p = strrchr(addr, '@');	/* user+detail@: on from the @ */
		h = (h ^ (unsigned char)tolower((unsigned char)*p)) * 16777619u;
	}
	return h == 0 ? 1 : h;
}

/*
 * Keep a recipient's hash once (RCPT TO:<a>, <a> and <a+x> are one
 * person). Past MESSAGE_RCPT_HASHED people, the smallest hashes are
 * kept: the same sample of the same people in every copy whatever their
 * order (a list of 88 subscribers), and a sample that people added to
 * the ones a cluster knew fall into, wherever they stand in the list.
 * Returns 1 for a person noted before (as far as the sample tells).
 */
static int
rcpt_note(struct message *m, uint32_t h)
{
	uint32_t	i, top = 0;

	for (i = 0; i < m->nrcpt_hash; i++) {
		if (m->rcpt_hash[i] == h)
			return 1;
		if (m->rcpt_hash[i] > m->rcpt_hash[top])
			top = i;
	}
	if (m->nrcpt_hash < MESSAGE_RCPT_HASHED)
		m->rcpt_hash[m->nrcpt_hash++] = h;
	else if (h < m->rcpt_hash[top])
		m->rcpt_hash[top] = h;
	return 0;
}

/*
 * Hash of the organisation of an envelope sender's domain (domain.h),
 * without the angle brackets: VERP and per-recipient bounce addresses of
 * one mailing share it, and so do an ESP's hosts and a sender's
 * subdomains. At a mailbox provider (domain_freemail(): gmail.com,
 * qq.com, ...) the address itself, lower case, without a +detail: one
 * person is one sender there, and the provider's millions are not one
 * sender (a campaign from many Gmail accounts through Google's pool
 * would be a mailing). The null sender of bounces is a value of its
 * own. Never 0.
 */
static uint32_t
sender_domain_hash(const char *addr)
{
	const char	*at = strrchr(addr, '@'), *p;
	char		 dom[256], org[256];
	size_t		 n = 0;
	uint32_t	 h = 2166136261u;

	for (p = at != NULL ? at + 1 : addr; *p != '\0' && *p != '>' &&
	    n < sizeof(dom) - 1; p++)
		dom[n++] = *p;
	dom[n] = '\0';
	domain_org(dom, org, sizeof(org));
	if (at != NULL && domain_freemail(org))
		return rcpt_hash(addr);	/* the person, as a recipient is */
	for (p = org; *p != '\0'; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	return h == 0 ? 1 : h;
}

/* Is an authenticated domain a mailbox provider's (domain_freemail())? */
static int
auth_freemail(const char *dom)
{
	char	org[256];

	domain_org(dom, org, sizeof(org));
	return domain_freemail(org);
}

/*
 * A trusted verifier's Authentication-Results: the best identity of the
 * message (DKIM over SPF; the first of a kind) replaces the envelope
 * sender's domain as who sent it.
 */
static void
auth_result(struct message *m, const char *value)
{
	char	dom[sizeof(m->auth_domain)];
	int	kind;

	kind = authres_identity(value, m->cfg->trusted_authserv_ids, dom,
	    sizeof(dom));
	/* a mailbox provider's signature says who hosts, not who sent */
	if (kind > m->auth_kind && !auth_freemail(dom)) {
		m->auth_kind = kind;
		memcpy(m->auth_domain, dom, sizeof(dom));
	}
}

/*
 * Who sent the message, for a cluster's sender domains: the domain a
 * trusted verifier authenticated (the hash's top bit set), else the
 * envelope sender's domain (top bit clear); 0, no one, for the null
 * sender of bounces and autoreplies, which any host uses and no mailing
 * is sent from, signed or not: an organisation's signature on its mail
 * system's auto-reply does not make the reply its sending, and twelve
 * organisations' replies to the people who wrote to a list would be
 * "unrelated senders" to the spread rule.
 */
static uint32_t
sender_identity(const struct message *m)
{
	uint32_t	h;

	if (strcmp(m->sender, "<>") == 0)
		return 0;
	if (m->auth_kind != AUTHRES_NONE)
		return sender_domain_hash(m->auth_domain) | STORE_SENDER_AUTH;
	if (m->sender[0] == '\0')
		return 0;		/* not given (nilsimsactl check) */
	h = m->sender_hash & ~STORE_SENDER_AUTH;
	return h != 0 ? h : 1;
}

/*
 * The sender as known.h keys it: its address, lower case, without a
 * +detail (rcpt_hash()); 0 for the null sender and for none given.
 */
static uint32_t
sender_address(const struct message *m)
{
	if (m->sender[0] == '\0' || strcmp(m->sender, "<>") == 0)
		return 0;
	return rcpt_hash(m->sender);
}

void
message_sender(struct message *m, const char *addr)
{
	snprintf(m->sender, sizeof(m->sender), "%s", addr != NULL ? addr : "");
	m->sender_hash = sender_domain_hash(m->sender);
	m->sender_exempt = m->cfg->whitelist_senders != NULL &&
	    addrlist_match_mail(m->cfg->whitelist_senders, m->sender);
}

/*
 * Keep a recipient that is not whitelisted, for a partial delivery to
 * remove, as the MTA gave it but for a source route (<@a:user@x> is kept
 * as <user@x>: Postfix keeps its recipients without one, and removes
 * only one spelt as it keeps it). Memory is bounded: past
 * MESSAGE_RCPT_KEEP recipients, an address of MESSAGE_ADDR_MAX bytes or
 * more, or no memory, the list is lost and the message can only be
 * delivered to all or refused to all (verdict.c: not discarded, so that
 * the whitelisted lose nothing unseen).
 */
static void
keep_other(struct message *m, const char *addr)
{
	size_t		 len, size;
	const char	*rest = addr;	/* after its '<' and source route */
	char		*p;

	if (m->others_lost)
		return;
	len = strlen(addr) + 1;
	if (addr[0] == '<') {
		rest = addrlist_mail_unroute(addr + 1, addr + len - 1);
		len = strlen(rest) + 2;		/* '<' and the rest */
	}
	if (m->nrcpt > MESSAGE_RCPT_KEEP || len > MESSAGE_ADDR_MAX) {
		m->others_lost = 1;
		return;
	}
	if (m->others_size - m->others_len < len) {
		size = m->others_size == 0 ? 1024 : m->others_size * 2;
		while (size - m->others_len < len)
			size *= 2;
		if ((p = realloc(m->others, size)) == NULL) {
			m->others_lost = 1;
			return;
		}
		m->others = p;
		m->others_size = size;
	}
	if (rest != addr) {
		m->others[m->others_len] = '<';
		memcpy(m->others + m->others_len + 1, rest, len - 1);
	} else
		memcpy(m->others + m->others_len, addr, len);	/* no '<' */
	m->others_len += len;
}

/*
 * Is a recipient's address (in the queue's form, addrlist_mail_canon())
 * in the list, as it is or without its +detail (trap+x@ is delivered to
 * trap@'s mailbox, as rcpt_hash() counts them one person)? The form is
 * matched as it is: read again, an escaped quote of it ("post\"master"@)
 * would be taken for a quote.
 */
static int
rcpt_listed(const struct addrlist *l, const char *addr)
{
	const char	*plus = rcpt_detail(addr), *at = strrchr(addr, '@');
	char		 base[RCPT_CANON_MAX];

	if (l == NULL)
		return 0;
	if (addrlist_match_canon(l, addr))
		return 1;
	if (plus == NULL || (size_t)(plus - addr) + strlen(at) >= sizeof(base))
		return 0;
	snprintf(base, sizeof(base), "%.*s%s", (int)(plus - addr), addr, at);
	return addrlist_match_canon(l, base);
}

/*
 * A recipient is matched and counted in the form the MTA's queue keeps
 * it (addrlist_mail_canon(): "Trap"@x is trap@x), and kept for removal
 * as the MTA gave it but for a source route (keep_other()).
 */
int
message_rcpt(struct message *m, const char *addr)
{
	const struct config	*cfg = m->cfg;
	char			 canon[RCPT_CANON_MAX];
	const char		*a = canon;
	int			 form, trap;

	if (addr == NULL)
		addr = "";
	form = addrlist_mail_canon(addr, canon, sizeof(canon)) != -1;
	if (!form)
		a = addr;	/* too long (or empty) to be a list's: as it is */
	trap = form && rcpt_listed(cfg->spamtrap, a);
	m->nrcpt++;
	if (form && !trap && rcpt_listed(cfg->whitelist_recipients, a)) {
		m->nwl++;
		return 0;
	}
	keep_other(m, addr);
	if (trap) {
		m->ntrap++;
		return 1;
	}
	m->nrcpt_again += (uint32_t)rcpt_note(m, rcpt_hash(a));
	return 0;
}

/*
 * Are some recipients whitelisted, not all, and the others known, so
 * that a message the verdict withholds can be delivered to the
 * whitelisted alone? Only where RejectAction discard drops it silently
 * anyway: removing the others tells nobody, and a message is delivered,
 * refused with a reply the sender sees, or deferred, never dropped
 * unseen. With reject, tempfail or quarantine it goes to all alike (a
 * milter cannot refuse some recipients after DATA).
 */
static int
rcpt_partial(const struct message *m)
{
	return m->nwl > 0 && m->nwl < m->nrcpt && !m->others_lost &&
	    m->cfg->reject_action == ACTION_DISCARD;
}

const char *
message_rcpt_next_other(const struct message *m, size_t *pos)
{
	const char	*a;

	if (m->others_lost || *pos >= m->others_len)
		return NULL;
	a = m->others + *pos;
	*pos += strlen(a) + 1;
	return a;
}

/* Does a Precedence value say list or bulk mail? */
static int
precedence_bulk(const char *v)
{
	while (isspace((unsigned char)*v))
		v++;
	return strncasecmp(v, "list", 4) == 0 || strncasecmp(v, "bulk", 4) == 0;
}

/*
 * The subject sample: its encoded-words decoded (rfc2047.c), as one line
 * of printable text: folding and control bytes become a space, runs of
 * spaces one, none at either end; cut before a UTF-8 character that
 * does not fit. Decoded with room for four times the sample, so that
 * folding and spaces do not crowd the text out.
 */
static void
keep_subject(struct message *m, const char *value)
{
	char	v[4 * sizeof(m->subject)];
	size_t	i, n = 0, max = sizeof(m->subject) - 1;
	int	space = 1;

	while (*value != '\0' && isspace((unsigned char)*value))
		value++;
	rfc2047_decode(value, strlen(value), v, sizeof(v));
	for (i = 0; v[i] != '\0'; i++) {
		unsigned char	ch = (unsigned char)v[i];

		if (ch < 0x20 || ch == 0x7f)
			ch = ' ';
		if (ch == ' ' && space)
			continue;
		space = ch == ' ';
		if (n == max) {
			/* full: a character cut here goes whole (subject[max]
			   is the NUL's place, written below) */
			m->subject[n] = (char)ch;
			n = util_u8_cut(m->subject, n);
			break;
		}
		m->subject[n++] = (char)ch;
	}
	while (n > 0 && m->subject[n - 1] == ' ')
		n--;
	m->subject[n] = '\0';
}

void
message_header(struct message *m, const char *name, const char *value)
{
	if (strcasecmp(name, "List-Id") == 0 ||
	    strcasecmp(name, "List-Unsubscribe") == 0 ||
	    (strcasecmp(name, "Precedence") == 0 && precedence_bulk(value)))
		m->list_mail = 1;
	else if (strcasecmp(name, "Subject") == 0 && m->cfg->subject_sample)
		keep_subject(m, value);
	else if (strcasecmp(name, "Authentication-Results") == 0)
		auth_result(m, value);
	canon_header(m->canon, name, value);
}

/* A complete (unfolded) header line "Name: value" from a whole file. */
static void
header_line(struct message *m)
{
	char	*colon, *name = m->hdr, *end;

	m->hdr[m->hdr_len] = '\0';
	if ((colon = strchr(name, ':')) == NULL)
		return;		/* not a header (an mbox From_ line, junk) */
	end = colon;
	while (end > name && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	*end = '\0';
	if (*name == '\0')
		return;
	message_header(m, name, colon + 1);
}

/* One byte of the header block; returns 1 at its end (the empty line). */
static int
header_byte(struct message *m, unsigned char ch)
{
	if (m->hdr_bol) {
		m->hdr_bol = 0;
		if (ch == '\n') {	/* empty line: end of headers */
			if (m->hdr_len > 0)
				header_line(m);
			m->in_body = 1;
			return 1;
		}
		if (ch != ' ' && ch != '\t' && m->hdr_len > 0) {
			header_line(m);
			m->hdr_len = 0;
		}
	}
	if (ch == '\n')
		m->hdr_bol = 1;
	if (m->hdr_len < sizeof(m->hdr) - 1)
		m->hdr[m->hdr_len++] = (char)ch;
	return 0;
}

/*
 * The header block of a whole file, byte by byte: lines are joined with
 * their continuation lines (kept folded with LF, as a milter sees them)
 * and cut at HDR_LINE_MAX. Only the CR of a CRLF is dropped (even when
 * the pair is split between calls): a lone CR stays in the line, as the
 * MTA passes it to a milter and canon.c's own header parser keeps it, so
 * "text/html\rX" still reads as text/html (and, as in canon.c, a line of
 * just CR is not the empty line). Returns how many bytes belonged to the
 * header block; the rest is body.
 */
static size_t
header_bytes(struct message *m, const unsigned char *buf, size_t len)
{
	size_t	i;

	for (i = 0; i < len; i++) {
		if (m->hdr_cr) {
			m->hdr_cr = 0;
			if (buf[i] != '\n')
				(void)header_byte(m, '\r');	/* never the end */
		}
		if (buf[i] == '\r') {
			m->hdr_cr = 1;
			continue;
		}
		if (header_byte(m, buf[i]))
			return i + 1;
	}
	return len;
}

void
message_body(struct message *m, const unsigned char *buf, size_t len)
{
	if (!m->in_body) {
		size_t	n = header_bytes(m, buf, len);

		buf += n;
		len -= n;
		if (!m->in_body)
			return;
	}
	if (len > 0)
		canon_body(m->canon, buf, len);
}

int
message_exempt(const struct message *m)
{
	if (m->client_exempt)
		return EXEMPT_CLIENT;
	if (m->auth && m->cfg->skip_authenticated)
		return EXEMPT_AUTH;
	if (m->sender_exempt)
		return EXEMPT_SENDER;
	/* whitelisted recipients among others: the verdict delivers to
	 * them alone, if the others are known and RejectAction discard;
	 * else no exemption */
	if (m->nwl > 0 && (m->nwl == m->nrcpt || rcpt_partial(m)))
		return EXEMPT_RECIPIENT;
	return EXEMPT_NONE;
}

/*
 * Among many clusters some score above SimilarityThreshold by chance
 * alone: a join counts toward the bulk counts only when its score beats
 * what chance gives the best of `compared` unrelated clusters, at 1%.
 * This only holds for calibrated codes; reference codes of unrelated
 * mail are far from random, and there every join counts.
 */
int
message_count_score(void *arg, size_t compared)
{
	const struct config	*cfg = arg;
	int			 need;

	if (cfg->score_mode == SCORE_REFERENCE)
		return cfg->similarity_threshold;
	need = nilsimsa_score_needed(compared > 0 ? compared : 1, 0.01);
	return need > cfg->similarity_threshold ? need : cfg->similarity_threshold;
}

int
message_store_open(const struct config *cfg, const char *path, int flags,
    struct store **sp)
{
	struct store_config	sc;
	char			mode[128];

	/* StoreBackend redis keeps the same local store: its mirror. */
	config_score_mode(cfg, mode, sizeof(mode));
	memset(&sc, 0, sizeof(sc));
	sc.path = path != NULL ? path : cfg->store;
	sc.max_clusters = cfg->max_clusters;
	sc.map_max = cfg->store_max_size;
	sc.singleton_ttl = cfg->singleton_ttl;
	sc.bulk_ttl = cfg->bulk_ttl;
	sc.score_mode = mode;
	sc.sync_ms = (unsigned int)cfg->store_sync_delay;
	return store_open(sp, &sc, flags);
}

static struct fleet *the_fleet;

void
message_set_fleet(struct fleet *f)
{
	the_fleet = f;
}

int
message_fleet_status(const struct cluster *c, int status)
{
	if (the_fleet == NULL)
		return 0;
	return fleet_set_status(the_fleet, c, status);
}

/*
 * Count the message in the fleet and decide with the fleet's counts:
 * the cluster's messages, recipients, networks and status as every host
 * saw them, and its reach (distinct recipients or networks within
 * CampaignWindow) for the verdict. Where Redis did not answer, the
 * local counts decide (partial).
 */
static void
fleet_count(struct message_result *r, const struct store_obs *obs,
    struct verdict_input *in)
{
	struct fleet_counts	 fc;
	struct cluster		*c = &r->res.c;

	if (fleet_observe(the_fleet, obs, &r->res, &fc) == -1) {
		r->fleet = MESSAGE_FLEET_PARTIAL;
		return;
	}
	r->fleet = MESSAGE_FLEET_OK;
	if (fc.messages > c->messages)
		c->messages = fc.messages;
	if (fc.recipients > c->recipients)
		c->recipients = fc.recipients;
	if (fc.networks > c->networks)
		c->networks = fc.networks > CLUSTER_MAX_NETS ? CLUSTER_MAX_NETS :
		    (uint32_t)fc.networks;
	if (fc.status >= 0)
		c->status = (uint8_t)fc.status;
	in->fleet_reach = fc.reach_rcpts > fc.reach_nets ? fc.reach_rcpts :
	    fc.reach_nets;
	in->fleet_rcpts = fc.reach_rcpts;
}

/* The code in the configured mode; -1 if the profile is unusable. */
static int
finish_digest(struct message *m, struct message_result *r, struct store_obs *obs)
{
	unsigned int	mdlen = 0;
	int		rc = 0;

	r->kind = NILSIMSA_KIND_PROFILE;
	if (m->cfg->score_mode == SCORE_REFERENCE)
		nilsimsa_final(&m->nctx, &r->code);
	else if (m->cfg->score_mode == SCORE_AUTO) {
		rc = nilsimsa_final_auto(&m->nctx, m->text, m->text_len,
		    m->cfg->profile_data, &r->code);
		if (rc >= 0) {
			r->kind = rc;
			rc = 0;
		}
	} else
		rc = nilsimsa_final_profile(&m->nctx, m->cfg->profile_data, &r->code);
	nilsimsa_to_hex(&r->code, r->hex);
	EVP_DigestFinal_ex(m->sha, obs->sha256, &mdlen);
	obs->code = r->code;
	obs->kind = (uint8_t)r->kind;
	return rc == 0 ? 0 : -1;
}

/*
 * How much of the text is the message's own: its length less the share
 * of its fingerprints that many clusters have seen (boilerplate). When a
 * report's forms went (release_text()), their fingerprints do not count:
 * the forms are not in the text digested.
 */
static void
own_text(struct message *m, struct store *store, int64_t now,
    struct message_result *r)
{
	uint64_t	 rest[BOILER_MAXFP];
	const uint64_t	*fp = m->fp.fp;
	size_t		 n, shared = 0;

	n = boiler_fp_final(&m->fp);
	if (m->stripped > 0) {
		n -= forms_split(m->canon_mode, m->fp.fp, n, rest);
		fp = rest;
	}
	if (store != NULL && n > 0)
		shared = boiler_count(store_boiler(store), fp, n, now);
	r->own_bytes = n == 0 ? r->body_bytes :
	    r->body_bytes - r->body_bytes * shared / n;
}

/*
 * Note where the text was seen: the near copies of a cluster (its first
 * message, exact duplicates and joins scoring STORE_NEAR_COPY or more)
 * are one place, however many. Any other message is a place of its own,
 * by its exact body: a looser join (a reply, a short letter drawn in by
 * a disclaimer other companies also use, which scores 50 to 89 against
 * the others, or a campaign's drifting copy) or a message with too little
 * text of its own. A sender whose letters all joined one cluster through
 * their shared notice thus still shows it as its text in two places.
 * Counted by cluster alone, a footer that draws unrelated mail into one
 * cluster would never be seen in several; by place alone, a campaign
 * whose copies drift below the near-copy score would make its own text
 * boilerplate: boiler.c wants both, and a sender in two places. The
 * sender is its domain from its client's /16 (IPv6 /32), not its /24:
 * an organisation whose mail leaves through a provider's pools
 * (Microsoft 365, Google) comes from a new /24 nearly every time, and
 * its notice was never seen from it twice (xsite's English stream:
 * letters of many such organisations gathered by one notice, rejected).
 */
static void
note_text(struct message *m, struct store *store, int64_t now,
    const struct message_result *r, const struct store_obs *obs)
{
	uint64_t	place, cid;

	memcpy(&place, obs->sha256, sizeof(place));
	place |= 1ULL << 63;		/* never a cluster's id */
	if (r->digested) {
		cid = r->res.c.id;
		if (r->res.created || r->res.exact ||
		    r->res.score >= STORE_NEAR_COPY)
			place = cid;
	} else if (r->body_bytes >= m->cfg->min_body_bytes)
		cid = place;		/* a cluster of one */
	else
		return;
	boiler_note(store_boiler(store), m->fp.fp, m->fp.nfp, place, cid,
	    m->pool * 0x9e3779b1u ^ sender_identity(m), now);
}

/*
 * Had every recipient delivered mail of two other clusters from this
 * sender through this block (known.h)? Asked of a digested message.
 * Every recipient: not when they were more than the hashes kept (the
 * sample of the smallest, which a sender can compute and prime), nor
 * when one is a spam trap.
 */
static int
known_correspondent(const struct message *m, struct store *store,
    const struct message_result *r, int64_t now)
{
	uint32_t	s = sender_address(m);
	uint32_t	people = m->nrcpt - m->nwl - m->ntrap - m->nrcpt_again;

	return s != 0 && m->ntrap == 0 && people <= m->nrcpt_hash &&
	    known_all(store_known(store), s, m->block, m->rcpt_hash,
	    m->nrcpt_hash, r->res.c.id, now);
}

/*
 * Note who wrote to whom, for mail that is delivered (not withheld, as
 * enforce mode would have it: shadow mode learns the same), to people
 * and no spam trap; of its cluster if it was digested.
 */
static void
note_correspondents(const struct message *m, struct store *store,
    const struct message_result *r, int64_t now)
{
	uint32_t	s = sender_address(m);

	if (s == 0 || m->ntrap > 0 || verdict_withheld(r->verdict.would))
		return;
	known_note(store_known(store), s, m->block, m->rcpt_hash,
	    m->nrcpt_hash, r->digested ? r->res.c.id : 0, now);
}

/*
 * A text is counted when it is long enough (MinBodyBytes, MinOwnText).
 * One whose own text is less than MinOwnText, or less than MinOwnShare
 * of it, is mostly boilerplate (a note above a long notice, a reply above
 * a list's trailer): its code says more of the boilerplate than of the
 * note, so it joins a cluster only as a near copy (STORE_NEAR_COPY), and
 * notes under one notice do not gather by it. It is still counted, and
 * starts a cluster of its own when it has no near copy: a campaign whose
 * text a sender taught as boilerplate (boiler.h: four messages from one
 * host) is counted as its near copies, not let through unseen.
 */
int
message_count_kind(const struct config *cfg, const struct message_result *r)
{
	if (r->body_bytes < cfg->min_body_bytes ||
	    r->body_bytes < cfg->min_own_text)
		return MESSAGE_COUNT_NONE;
	if (r->own_bytes < cfg->min_own_text ||
	    r->own_bytes * 100 < r->body_bytes * (uint64_t)cfg->min_own_share)
		return MESSAGE_COUNT_NEAR;
	return MESSAGE_COUNT_FULL;
}

void
message_finish(struct message *m, struct store *store, int64_t now, int dry_run,
    struct message_result *r)
{
	const struct config	*cfg = m->cfg;
	struct store_obs	 obs;
	struct verdict_input	 in;
	struct timespec		 t0, ts, t1;
	int			 count, looked = 0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	memset(r, 0, sizeof(*r));
	memset(&obs, 0, sizeof(obs));
	if (m->with_headers && !m->in_body && m->hdr_len > 0)
		header_line(m);		/* headers only, no body */
	/* the forms go before the hidden text is weighed (canon.h) */
	canon_end_shown(m->canon);
	strip_forms(m);
	canon_finish(m->canon, m->stripped);
	release_text(m);
	r->canon_flags = canon_flags(m->canon);
	r->body_bytes = canon_out_bytes(m->canon) - m->stripped;
	if (finish_digest(m, r, &obs) == -1)
		r->store_err = STORE_EINVAL;	/* cannot happen: checked at load */

	memset(&in, 0, sizeof(in));
	in.exempt = message_exempt(m);
	in.now = now;
	in.spamtrap = m->ntrap > 0 && m->ntrap == m->nrcpt;
	in.rcpt_partial = rcpt_partial(m);
	in.rcpt_mixed = m->nwl > 0 && m->nwl < m->nrcpt && m->others_lost;

	own_text(m, store, now, r);
	count = message_count_kind(cfg, r);
	if (store != NULL && r->store_err == 0 && count != MESSAGE_COUNT_NONE) {
		obs.now = now;
		/* people, once each (RCPT TO twice to one is one) */
		obs.recipients = m->nrcpt > m->ntrap + m->nrcpt_again ?
		    m->nrcpt - m->ntrap - m->nrcpt_again : 1;
		obs.rcpt = m->rcpt_hash;
		obs.nrcpt = m->nrcpt_hash;
		obs.net = m->net;
		obs.sender = sender_identity(m);
		obs.trap = in.spamtrap;
		obs.mailing_share = (unsigned)cfg->mailing_share;
		obs.subject = cfg->subject_sample && m->subject[0] ? m->subject : NULL;
		obs.join_score = cfg->similarity_threshold;
		obs.count_score = message_count_score;
		obs.count_arg = (void *)cfg;
		obs.strict = 1;
		/* mostly boilerplate: joins only as a near copy */
		if (count == MESSAGE_COUNT_NEAR &&
		    obs.join_score < STORE_NEAR_COPY - 1)
			obs.join_score = STORE_NEAR_COPY - 1;
		if (the_fleet != NULL && !dry_run)
			fleet_enter(the_fleet);
		clock_gettime(CLOCK_MONOTONIC, &ts);
		r->store_err = dry_run ? store_preview(store, &obs, &r->res) :
		    store_observe(store, &obs, &r->res);
		looked = dry_run && r->store_err == 0 && !r->res.found;
		clock_gettime(CLOCK_MONOTONIC, &t1);
		if (the_fleet != NULL && !dry_run)
			fleet_leave(the_fleet);
		r->store_ms = (t1.tv_sec - ts.tv_sec) * 1e3 +
		    (t1.tv_nsec - ts.tv_nsec) / 1e6;
		if (r->store_err == 0 && !(dry_run && !r->res.found) &&
		    (r->res.found || r->res.created)) {
			r->digested = 1;
			in.res = &r->res;
			if (the_fleet != NULL && !dry_run)
				fleet_count(r, &obs, &in);
		}
	}
	if (store != NULL && !dry_run && r->store_err == 0)
		note_text(m, store, now, r, &obs);
	if (in.res != NULL)
		in.known = known_correspondent(m, store, r, now);
	verdict_decide(cfg, &in, &r->verdict);
	if (store != NULL && !dry_run && r->store_err == 0)
		note_correspondents(m, store, r, now);
	/* A dry run that matched nothing: the milter would start a cluster. */
	if (looked && !in.spamtrap)
		r->verdict.reason = "new";
	/* Not digested for want of text: say so rather than "unscored". */
	if (in.res == NULL && !in.spamtrap && r->body_bytes < cfg->min_body_bytes)
		r->verdict.reason = "short";
	else if (in.res == NULL && !in.spamtrap && store != NULL &&
	    r->store_err == 0 && count == MESSAGE_COUNT_NONE)
		r->verdict.reason = "little-text";
	if (r->verdict.would == VERDICT_PARTIAL)
		r->rcpt_removed = m->nrcpt - m->nwl;
	r->nrcpt = m->nrcpt;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	r->elapsed_ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
}

void
message_cluster_header(const struct message_result *r, char *buf, size_t len)
{
	size_t	n;

	if (!r->digested) {
		snprintf(buf, len, "none; action=%s",
		    verdict_action_name(r->verdict.action));
		return;
	}
	if (r->res.created)	/* no cluster to score against */
		snprintf(buf, len, "id=%llu; score=new; count=%llu; action=%s",
		    (unsigned long long)r->res.c.id,
		    (unsigned long long)r->res.c.recipients,
		    verdict_action_name(r->verdict.action));
	else
		snprintf(buf, len, "id=%llu; score=%d; count=%llu; action=%s",
		    (unsigned long long)r->res.c.id, r->res.score,
		    (unsigned long long)r->res.c.recipients,
		    verdict_action_name(r->verdict.action));
	/* Mode shadow: what enforce would have done, for a trial's reader. */
	if (r->verdict.would != r->verdict.action && (n = strlen(buf)) < len)
		snprintf(buf + n, len - n, "; would=%s",
		    verdict_action_name(r->verdict.would));
	/* Redis did not answer: decided with this host's counts alone. */
	if (r->fleet == MESSAGE_FLEET_PARTIAL && (n = strlen(buf)) < len)
		snprintf(buf + n, len - n, "; partial");
}

void
message_log(const struct message *m, const struct message_result *r)
{
	struct logline	l;
	char		buf[1024];

	logline_fill(&l, r);
	logline_format(&l, buf, sizeof(buf));
	log_info("%s: %s", m->qid[0] ? m->qid : "NOQUEUE", buf);
}

const char *
message_get_qid(const struct message *m)
{
	return m->qid;
}

uint32_t
message_rcpt_count(const struct message *m)
{
	return m->nrcpt;
}

uint32_t
message_trap_count(const struct message *m)
{
	return m->ntrap;
}

int
message_list_mail(const struct message *m)
{
	return m->list_mail;
}
