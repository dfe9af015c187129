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
 * check_message: the header block of a whole file (with_headers), as the
 * tools read it, must give what the milter gets from the MTA header by
 * header. Expected byte counts are written by hand from the inputs.
 * Then the recipients a rejected message to whitelisted recipients among
 * others is taken from, through a real LMDB store; sites' mail streams
 * through it; and which code ScoreMode auto makes.
 */

#include <check.h>
#include <ctype.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "addrlist.h"
#include "boiler.h"
#include "canon.h"
#include "config.h"
#include "logline.h"
#include "message.h"
#include "testutil.h"

static struct config *cfg;

static void
setup(void)
{
	cfg = config_default();
	ck_assert_ptr_nonnull(cfg);
}

static void
teardown(void)
{
	config_free(cfg);
}

/* A whole file through message_body, in pieces of `step` bytes (0: one). */
static void
run_file(const char *msg, size_t step, struct message_result *r)
{
	struct message	*m;
	size_t		 len = strlen(msg), i, k;

	ck_assert_ptr_nonnull(m = message_new(cfg, 1));
	for (i = 0; i < len; i += k) {
		k = step == 0 || step > len - i ? len - i : step;
		message_body(m, (const unsigned char *)msg + i, k);
	}
	message_finish(m, NULL, 0, 1, r);
	message_free(m);
}

/*
 * A lone CR inside a header stays in it, as Postfix passes it to the
 * milter: "text/html\rX-Y: z" is text/html. Dropping the CR would make
 * the subtype "htmlx-y:" and the part an attachment, so nilsimsactl
 * check and the replay would digest nothing where the milter digests
 * "hi there".
 */
START_TEST(lone_cr_in_header)
{
	struct message_result	 r, rm;
	struct message		*m;
	const char		*body = "<b>Hi</b> there\n";

	run_file("Content-Type: text/html\rX-Y: z\n\n<b>Hi</b> there\n", 0, &r);
	ck_assert_uint_eq(r.body_bytes, strlen("hi there"));

	/* the milter's way: the MTA gives the header whole */
	ck_assert_ptr_nonnull(m = message_new(cfg, 0));
	message_header(m, "Content-Type", "text/html\rX-Y: z");
	message_body(m, (const unsigned char *)body, strlen(body));
	message_finish(m, NULL, 0, 1, &rm);
	message_free(m);
	ck_assert_uint_eq(rm.body_bytes, r.body_bytes);
	ck_assert_str_eq(rm.hex, r.hex);
}
END_TEST

/*
 * A reply quoting under an English and a Korean Outlook header block is
 * digested as one text: the blocks' labels, date and addresses are not
 * digested (quotes.h), the reply and the quoted text are.
 */
START_TEST(quote_blocks)
{
	static const char	 head[] = "Content-Type: text/plain; "
	    "charset=utf-8\n\nI have checked the figures and they agree "
	    "with the ledger; the totals are right.\n\n";
	static const char	 tail[] = "budget 2027\n\nPlease check the "
	    "figures in the attached budget before Friday.\n";
	char			 en[1024], ko[1024];
	struct message_result	 a, b;

	snprintf(en, sizeof(en), "%sFrom: Ann Lee <ann@far.test>\n"
	    "Sent: Monday, June 1, 2026 5:47 PM\nTo: Bob Ray <bob@near.test>\n"
	    "Subject: %s", head, tail);
	snprintf(ko, sizeof(ko), "%s\ubcf4\ub0b8 \uc0ac\ub78c: Ann Lee "
	    "<ann@far.test>\n\ubcf4\ub0b8 \ub0a0\uc9dc: 2026\ub144 6\uc6d4 "
	    "1\uc77c \uc6d4\uc694\uc77c \uc624\ud6c4 5:47\n\ubc1b\ub294 "
	    "\uc0ac\ub78c: Bob Ray <bob@near.test>\n\uc81c\ubaa9: %s", head,
	    tail);
	run_file(en, 0, &a);
	run_file(ko, 0, &b);
	ck_assert_uint_gt(a.body_bytes, 150);
	ck_assert_uint_eq(a.body_bytes, b.body_bytes);
	ck_assert_str_eq(a.hex, b.hex);
}
END_TEST

/*
 * A queue id with a line break or other invisible bytes (a milter client
 * that is not the MTA) cannot forge a log line: they become '?'.
 */
START_TEST(qid_visible)
{
	struct message	*m;

	ck_assert_ptr_nonnull(m = message_new(cfg, 0));
	message_qid(m, "4Fq1x\nnsm: forged\tline\x7f\xc3\xa9");
	ck_assert_str_eq(message_get_qid(m), "4Fq1x?nsm:?forged?line???");
	message_qid(m, "3B2C41A0F7");
	ck_assert_str_eq(message_get_qid(m), "3B2C41A0F7");
	message_free(m);
}
END_TEST

/*
 * A message with less visible text than MinOwnText, too little to
 * digest, has its hidden text digested after it; with MinOwnText or more
 * visible, or MinOwnText 0, only what a reader sees.
 */
START_TEST(hidden_text_under_min_own_text)
{
	char			 msg[512];
	struct message_result	 r;
	const size_t		 shown = 100, hid = sizeof(" secret words") - 1;

	snprintf(msg, sizeof(msg), "Content-Type: text/html\n\n<p>%0*d</p>"
	    "<div hidden>Secret words</div>\n", (int)shown, 0);
	cfg->min_own_text = 128;
	run_file(msg, 0, &r);
	ck_assert_uint_eq(r.body_bytes, shown + hid);
	cfg->min_own_text = 101;
	run_file(msg, 0, &r);
	ck_assert_uint_eq(r.body_bytes, shown + hid);
	cfg->min_own_text = 100;
	run_file(msg, 0, &r);
	ck_assert_uint_eq(r.body_bytes, shown);
	cfg->min_own_text = 0;
	run_file(msg, 0, &r);
	ck_assert_uint_eq(r.body_bytes, shown);
}
END_TEST

/* CRLF split between calls: the CR is still dropped, the block ends. */
START_TEST(crlf_split)
{
	const char		*msg = "Subject: a\r\nContent-Type: text/html;\r\n"
	    "\tcharset=us-ascii\r\n\r\n<p>Hi</p>\r\n";
	struct message_result	 r1, r;
	size_t			 step;

	run_file(msg, 0, &r1);
	ck_assert_uint_eq(r1.body_bytes, strlen("hi"));
	for (step = 1; step < 16; step++) {
		run_file(msg, step, &r);
		ck_assert_uint_eq(r.body_bytes, r1.body_bytes);
		ck_assert_str_eq(r.hex, r1.hex);
	}
}
END_TEST

static char		 tmpdir[64];
static struct store	*store;

#define WL	"<postmaster@example.test>"
#define BODY	"Dear customer, our spring offer on premium health products " \
		"ends this Friday: order today and receive a free gift. " \
		"Our pharmacists have selected the best vitamins and " \
		"supplements of the season for you and your family.\n"

/* Remove one file of the temporary store (nftw callback). */
static int
rm_one(const char *p, const struct stat *sb, int flag, struct FTW *f)
{
	(void)sb; (void)flag; (void)f;
	return remove(p);
}

/* Replace a configured address list. */
static void
set_list(struct addrlist **l, const char *value)
{
	char	err[256];

	addrlist_free(*l);
	*l = addrlist_parse(ADDRLIST_MAIL, value, err, sizeof(err));
	ck_assert_msg(*l != NULL, "%s", err);
}

/*
 * A store in a new directory, WhitelistRecipients postmaster@example.test
 * and a cluster marked spam: BODY's next copies are rejected.
 */
static void
setup_store(void)
{
	struct message		*m;
	struct message_result	 r;
	int			 rc;

	setup();
	set_list(&cfg->whitelist_recipients, "postmaster@example.test");
	set_list(&cfg->spamtrap, "trap@example.test");
	strcpy(tmpdir, "/tmp/check_message.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
	rc = message_store_open(cfg, tmpdir, 0, &store);
	ck_assert_msg(rc == 0, "store: %s", store_strerror(rc));
	ck_assert_ptr_nonnull(m = message_new(cfg, 0));
	message_sender(m, "<promo@sender.test>");
	message_rcpt(m, "<first@example.test>");
	message_body(m, (const unsigned char *)BODY, strlen(BODY));
	message_finish(m, store, 1000, 0, &r);
	message_free(m);
	ck_assert_int_eq(r.digested, 1);
	ck_assert_int_eq(store_set_status(store, r.res.c.id, CLUSTER_SPAM), 0);
}

static void
teardown_store(void)
{
	store_close(store);
	nftw(tmpdir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	teardown();
}

/* The store, with RejectAction discard: the one that delivers partly. */
static void
setup_partial(void)
{
	setup_store();
	cfg->reject_action = ACTION_DISCARD;
}

/* Another copy of BODY to n recipients; the caller frees the message. */
static struct message *
copy_to(const char **rcpt, size_t n, struct message_result *r)
{
	struct message	*m;
	size_t		 i;

	ck_assert_ptr_nonnull(m = message_new(cfg, 0));
	message_sender(m, "<promo@sender.test>");
	for (i = 0; i < n; i++)
		message_rcpt(m, rcpt[i]);
	message_body(m, (const unsigned char *)BODY, strlen(BODY));
	message_finish(m, store, 1000, 0, r);
	ck_assert_int_eq(r->digested, 1);
	ck_assert_int_eq(r->res.c.status, CLUSTER_SPAM);
	return m;
}

/* The recipients a partial delivery removes, joined with spaces. */
static const char *
others(const struct message *m)
{
	static char	 buf[1024];
	const char	*a;
	size_t		 pos = 0, len = 0;

	buf[0] = '\0';
	while ((a = message_rcpt_next_other(m, &pos)) != NULL) {
		len += snprintf(buf + len, sizeof(buf) - len, "%s%s",
		    len > 0 ? " " : "", a);
		ck_assert_uint_lt(len, sizeof(buf));
	}
	return buf;
}

/* Whitelisted recipients among others: delivered to them alone. */
START_TEST(partial_some_whitelisted)
{
	const char		*rcpt[] = { "<a@x.test>", WL, "<b@x.test>" };
	struct message_result	 r;
	struct message		*m = copy_to(rcpt, 3, &r);

	ck_assert_int_eq(r.verdict.action, VERDICT_PARTIAL);
	ck_assert_str_eq(r.verdict.reason, "spam");
	ck_assert_uint_eq(r.rcpt_removed, 2);
	ck_assert_str_eq(others(m), "<a@x.test> <b@x.test>");
	/* the next message on the connection starts a list of its own */
	ck_assert_int_eq(message_reset(m, cfg), 0);
	message_rcpt(m, "<c@x.test>");
	message_rcpt(m, "<Postmaster@Example.TEST>");
	message_body(m, (const unsigned char *)BODY, strlen(BODY));
	message_finish(m, store, 1000, 0, &r);
	ck_assert_int_eq(r.verdict.action, VERDICT_PARTIAL);
	ck_assert_uint_eq(r.rcpt_removed, 1);
	ck_assert_str_eq(others(m), "<c@x.test>");
	message_free(m);
}
END_TEST

/* All whitelisted: delivered to all, tagged; none: discarded. */
START_TEST(partial_all_or_none)
{
	const char		*all[] = { WL, "<Postmaster@example.test>" };
	const char		*none[] = { "<a@x.test>", "<b@x.test>" };
	struct message_result	 r;
	struct message		*m;

	m = copy_to(all, 2, &r);
	ck_assert_int_eq(r.verdict.action, VERDICT_TAG);
	ck_assert_str_eq(r.verdict.reason, "whitelist-recipient");
	ck_assert_uint_eq(r.rcpt_removed, 0);
	message_free(m);
	m = copy_to(none, 2, &r);
	ck_assert_int_eq(r.verdict.action, VERDICT_DISCARD);
	ck_assert_uint_eq(r.rcpt_removed, 0);
	message_free(m);
}
END_TEST

/*
 * With RejectAction reject, tempfail or quarantine, whitelisted
 * recipients among others get the action with the rest: nobody removed
 * unseen, the sender told (found by review: the others were removed
 * whatever RejectAction said, and the sender never knew).
 */
START_TEST(partial_told)
{
	const char		*rcpt[] = { "<a@x.test>", WL, "<b@x.test>" };
	const int		 action[] = { ACTION_REJECT, ACTION_TEMPFAIL, ACTION_QUARANTINE };
	const int		 want[] = { VERDICT_REJECT, VERDICT_TEMPFAIL, VERDICT_QUARANTINE };
	struct message_result	 r;
	struct message		*m;
	size_t			 i;

	for (i = 0; i < 3; i++) {
		cfg->reject_action = action[i];
		m = copy_to(rcpt, 3, &r);
		ck_assert_int_eq(r.verdict.action, want[i]);
		ck_assert_uint_eq(r.rcpt_removed, 0);
		message_free(m);
	}
}
END_TEST

/* A spam trap is not whitelisted, even when listed as both: removed. */
START_TEST(partial_trap)
{
	const char		*rcpt[] = { "<trap@example.test>", WL };
	struct message_result	 r;
	struct message		*m;

	set_list(&cfg->whitelist_recipients, "postmaster@example.test, trap@example.test");
	m = copy_to(rcpt, 2, &r);
	ck_assert_int_eq(r.verdict.action, VERDICT_PARTIAL);
	ck_assert_str_eq(others(m), "<trap@example.test>");
	ck_assert_uint_eq(message_trap_count(m), 1);
	message_free(m);
}
END_TEST

/*
 * A +detail is the same mailbox: trap+x@ is a trap, postmaster+abuse@
 * is whitelisted (found by review: both were ordinary users).
 */
START_TEST(partial_detail)
{
	const char		*rcpt[] = { "<a@x.test>", "<Postmaster+abuse@example.test>" };
	const char		*trap[] = { "<trap+x@example.test>" };
	struct message_result	 r;
	struct message		*m;

	set_list(&cfg->spamtrap, "trap@example.test");
	m = copy_to(rcpt, 2, &r);
	ck_assert_int_eq(r.verdict.action, VERDICT_PARTIAL);
	ck_assert_str_eq(others(m), "<a@x.test>");
	message_free(m);
	m = copy_to(trap, 1, &r);
	ck_assert_uint_eq(message_trap_count(m), 1);
	ck_assert_str_eq(r.verdict.reason, "spamtrap");
	message_free(m);
}
END_TEST

/*
 * An address is matched as the MTA's queue keeps it: "postmaster"@,
 * post\master@ and @relay:postmaster@ are postmaster@, "trap"@ is the
 * trap, and an other with a source route is removed without it, else
 * Postfix removes nothing and delivers it (helper-62: a quoted
 * whitelisted recipient was removed as an other, and Postfix, which
 * unquotes, then removed every copy of it: the message was accepted and
 * delivered to nobody; a quoted trap was an ordinary user).
 */
START_TEST(partial_quoted)
{
	const char		*rcpt[] = { "<a@x.test>",
				    "<\"postmaster\"@example.test>",
				    "<\"post\\master\"@Example.TEST>", WL,
				    "<@relay.test:postmaster@example.test>",
				    "<@r1.test,@r2.test:B@x.test>" };
	const char		*trap[] = { "<\"trap\"@example.test>" };
	const char		*qother[] = { "<\"a b\"@x.test>", WL,
				    "<\"post\\\"master\"@example.test>",
				    "<postmaster@\"example.test\">" };
	const char		*qtrap[] = { "<trap@\"example.test\">" };
	struct message_result	 r;
	struct message		*m;

	m = copy_to(rcpt, 6, &r);
	ck_assert_int_eq(r.verdict.action, VERDICT_PARTIAL);
	ck_assert_uint_eq(r.rcpt_removed, 2);
	/* removed as Postfix keeps it: without the source route */
	ck_assert_str_eq(others(m), "<a@x.test> <B@x.test>");
	message_free(m);
	m = copy_to(trap, 1, &r);
	ck_assert_uint_eq(message_trap_count(m), 1);
	ck_assert_str_eq(r.verdict.reason, "spamtrap");
	message_free(m);
	m = copy_to(qtrap, 1, &r);
	ck_assert_str_eq(r.verdict.reason, "spamtrap");
	message_free(m);
	/*
	 * An other is removed as the MTA gave it; post"master@ is another
	 * mailbox (its form is not read twice), postmaster@"example.test"
	 * is postmaster@ (helper-63).
	 */
	m = copy_to(qother, 4, &r);
	ck_assert_int_eq(r.verdict.action, VERDICT_PARTIAL);
	ck_assert_str_eq(others(m),
	    "<\"a b\"@x.test> <\"post\\\"master\"@example.test>");
	message_free(m);
}
END_TEST

/* Shadow mode removes nobody: tagged, would be partial, and says so. */
START_TEST(partial_shadow)
{
	const char		*rcpt[] = { "<a@x.test>", WL };
	struct message_result	 r;
	struct message		*m;

	char			 hdr[256];

	cfg->mode = MODE_SHADOW;
	m = copy_to(rcpt, 2, &r);
	ck_assert_int_eq(r.verdict.action, VERDICT_TAG);
	ck_assert_int_eq(r.verdict.would, VERDICT_PARTIAL);
	ck_assert_uint_eq(r.rcpt_removed, 1);
	/* the header says what enforce would have done */
	message_cluster_header(&r, hdr, sizeof(hdr));
	ck_assert_msg(strstr(hdr, "; action=tag; would=reject-partial") != NULL,
	    "X-Nilsimsa-Cluster: %s", hdr);
	message_free(m);
}
END_TEST

/*
 * Memory is bounded: MESSAGE_RCPT_KEEP recipients are kept; with more,
 * or an address too long to keep, the others cannot be removed and the
 * message is rejected for all, the whitelisted too.
 */
START_TEST(partial_bounds)
{
	static char		 addr[MESSAGE_RCPT_KEEP + 2][32];
	const char		*rcpt[MESSAGE_RCPT_KEEP + 2], *a;
	char			 longaddr[MESSAGE_ADDR_MAX + 8];
	struct message_result	 r;
	struct message		*m;
	size_t			 i, n, pos;

	for (i = 0; i < MESSAGE_RCPT_KEEP + 1; i++) {
		snprintf(addr[i], sizeof(addr[i]), "<u%zu@x.test>", i);
		rcpt[i + 1] = addr[i];
	}
	rcpt[0] = WL;
	/* MESSAGE_RCPT_KEEP recipients in all: kept, every other removed */
	m = copy_to(rcpt, MESSAGE_RCPT_KEEP, &r);
	ck_assert_int_eq(r.verdict.action, VERDICT_PARTIAL);
	ck_assert_uint_eq(r.rcpt_removed, MESSAGE_RCPT_KEEP - 1);
	for (n = 0, pos = 0; (a = message_rcpt_next_other(m, &pos)) != NULL; n++)
		ck_assert_str_eq(a, addr[n]);
	ck_assert_uint_eq(n, MESSAGE_RCPT_KEEP - 1);
	message_free(m);
	/* one more: rejected for all, not discarded (its sender is told) */
	m = copy_to(rcpt, MESSAGE_RCPT_KEEP + 1, &r);
	ck_assert_int_eq(r.verdict.action, VERDICT_REJECT);
	ck_assert_uint_eq(r.rcpt_removed, 0);
	pos = 0;
	ck_assert_ptr_null(message_rcpt_next_other(m, &pos));
	message_free(m);
	/* an address of MESSAGE_ADDR_MAX bytes: rejected for all */
	memset(longaddr, 'a', sizeof(longaddr));
	memcpy(longaddr + MESSAGE_ADDR_MAX - 8, "@x.test>", 9);
	longaddr[0] = '<';
	ck_assert_uint_eq(strlen(longaddr), MESSAGE_ADDR_MAX);
	rcpt[1] = longaddr;
	m = copy_to(rcpt, 2, &r);
	ck_assert_int_eq(r.verdict.action, VERDICT_REJECT);
	message_free(m);
	/* no whitelisted recipient among them: discarded, as configured */
	m = copy_to(rcpt + 1, 1, &r);
	ck_assert_int_eq(r.verdict.action, VERDICT_DISCARD);
	message_free(m);
	/* one byte shorter: kept */
	memmove(longaddr + 1, longaddr + 2, MESSAGE_ADDR_MAX - 1);
	m = copy_to(rcpt, 2, &r);
	ck_assert_int_eq(r.verdict.action, VERDICT_PARTIAL);
	ck_assert_str_eq(others(m), longaddr);
	message_free(m);
}
END_TEST

/* ------------------------------------------------------------ as a site sees mail */

/* A fresh store in tmpdir with the default thresholds. */
static void
setup_site(void)
{
	int	rc;

	setup();
	strcpy(tmpdir, "/tmp/check_message.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
	rc = message_store_open(cfg, tmpdir, 0, &store);
	ck_assert_msg(rc == 0, "store: %s", store_strerror(rc));
}

/*
 * One message of text to recipients, from ip and sender, at time t;
 * with dry, looked up only (nilsimsactl check's way).
 */
static struct message_result
offer_run(const char *text, const char *ip, const char *sender,
    const char **rcpt, size_t n, const char *authres, int64_t t, int dry)
{
	struct message		*m;
	struct message_result	 r;
	size_t			 i;

	ck_assert_ptr_nonnull(m = message_new(cfg, 0));
	message_client_str(m, ip);
	message_sender(m, sender);
	for (i = 0; i < n; i++)
		message_rcpt(m, rcpt[i]);
	if (authres != NULL)
		message_header(m, "Authentication-Results", authres);
	message_body(m, (const unsigned char *)text, strlen(text));
	message_finish(m, store, t, dry, &r);
	message_free(m);
	ck_assert_int_eq(r.store_err, 0);
	return r;
}

/* The same, observed (the milter's way). */
static struct message_result
offer_ar(const char *text, const char *ip, const char *sender,
    const char **rcpt, size_t n, const char *authres, int64_t t)
{
	return offer_run(text, ip, sender, rcpt, n, authres, t, 0);
}

/* The same without an Authentication-Results header. */
static struct message_result
offer(const char *text, const char *ip, const char *sender,
    const char **rcpt, size_t n, int64_t t)
{
	return offer_ar(text, ip, sender, rcpt, n, NULL, t);
}

/* The same, which must be digested. */
static struct message_result
deliver(const char *text, const char *ip, const char *sender,
    const char **rcpt, size_t n, int64_t t)
{
	struct message_result	 r;

	r = offer(text, ip, sender, rcpt, n, t);
	ck_assert_int_eq(r.digested, 1);
	return r;
}

/*
 * Copy i of a campaign of BODY, a reference of its own, to user i of
 * the site, from ip with the envelope sender from, at time t.
 */
static struct message_result
copy_of(int i, const char *ip, const char *from, int64_t t)
{
	char		 rc[64], text[sizeof(BODY) + 32];
	const char	*rcpt[1] = { rc };

	snprintf(rc, sizeof(rc), "<user%d@uni.test>", i);
	snprintf(text, sizeof(text), "%s ref %d", BODY, 1000 + i * 7);
	return deliver(text, ip, from, rcpt, 1, t);
}

static const char newsletter[] =
    "Campus news this week: the library extends its opening hours during "
    "the examination period, the sports centre opens a new climbing wall, "
    "and the student union invites everyone to the autumn concert in the "
    "great hall on Friday evening. Read more on the university web site. "
    "You receive this newsletter as a member of the university; to change "
    "your subscription, visit your profile page.\n";

/*
 * A provider's list: n posts of a thread to the same people, each from
 * another of the provider's networks under the list's VERP sender; none
 * may be rejected. Returns the last post's result.
 */
static struct message_result
list_posts(const char **rcpt, size_t nrcpt, int n)
{
	struct message_result	 r;
	char			 ip[32], from[64], text[sizeof(newsletter) + 64];
	int			 i;

	for (i = 0; i < n; i++) {
		snprintf(ip, sizeof(ip), "209.85.%d.%d", 130 + i * 7, 10 + i);
		snprintf(from, sizeof(from), "<grp+bnc%04x@groups.test>", i * 977);
		snprintf(text, sizeof(text), "Re: post %d. %s", i, newsletter);
		r = deliver(text, ip, from, rcpt, nrcpt, 1800000000 + i * 3600);
		ck_assert_msg(r.verdict.action != VERDICT_REJECT,
		    "post %d rejected (%s)", i, r.verdict.reason);
	}
	return r;
}

/* Two publishers' newsletters of one template: their text scores 75. */
#define NEWS_FOOTER \
    "You receive this newsletter because you subscribed on our web site " \
    "with this address. To change your preferences or to unsubscribe, " \
    "visit your profile page; we never share your address with anyone. " \
    "Our privacy notice explains what we keep and why. Newsletter " \
    "services are provided by the publisher's mailing office, registered " \
    "in the commercial register under number 12345, with its seat in the " \
    "old town.\n"
static const char news_science[] = "This week in science: a new telescope "
    "maps the dust between galaxies, a study finds that bees remember "
    "faces, and engineers test a bridge that repairs its own cracks with "
    "bacteria.\n\n" NEWS_FOOTER;
static const char news_books[] = "This week in books: a debut novel about "
    "a lighthouse keeper wins the spring prize, a historian retraces the "
    "silk road on foot, and a poet reads from her letters at the city "
    "library.\n\n" NEWS_FOOTER;

/*
 * Two publishers send newsletters of one template, each from its own
 * network to its own 20 subscribers, one copy each. The second's text
 * matches the first's cluster loosely (75): it is not one of that
 * mailing's copies, and starts a cluster of its own, a mailing too.
 * Joined to the first's, the two would have made a cluster of two
 * sources, and the second's copies were rejected as a campaign.
 */
START_TEST(site_two_newsletters)
{
	struct message_result	 r, first;
	char			 rc[64], ip[32];
	const char		*rcpt[1] = { rc };
	int			 i;

	for (i = 0; i < 20; i++) {
		snprintf(rc, sizeof(rc), "<reader%d@uni.test>", i);
		snprintf(ip, sizeof(ip), "192.0.2.%d", 1 + i % 3);
		r = deliver(news_science, ip, "<bounce-7@science.test>", rcpt, 1,
		    1800000000 + i * 10);
		ck_assert_int_ne(r.verdict.action, VERDICT_REJECT);
		if (i == 0)
			first = r;
	}
	for (i = 0; i < 20; i++) {
		snprintf(rc, sizeof(rc), "<member%d@uni.test>", i);
		snprintf(ip, sizeof(ip), "198.51.100.%d", 1 + i % 3);
		r = deliver(news_books, ip, "<bounce-9@books.test>", rcpt, 1,
		    1800001000 + i * 10);
		if (i == 0) {
			ck_assert_int_eq(r.res.created, 1);
			ck_assert_int_ge(r.res.score, STORE_COPY_MIN);
			ck_assert_int_lt(r.res.score, STORE_NEAR_COPY);
		}
		ck_assert_uint_ne(r.res.c.id, first.res.c.id);
		ck_assert_msg(r.verdict.action != VERDICT_REJECT,
		    "copy %d rejected (%s)", i, r.verdict.reason);
	}
}
END_TEST

/*
 * A newsletter sent every day for a month to the same recipients, from
 * its one server (and once forwarded from elsewhere), is never rejected,
 * whatever its list headers; with RejectThreshold 3 neither.
 */
START_TEST(site_newsletter_month)
{
	const char		*rcpt[] = { "<ann@uni.test>", "<bob@uni.test>",
	    "<cy@uni.test>", "<dee@uni.test>" };
	struct message_result	 r;
	char			 text[sizeof(newsletter) + 64];
	int			 day;

	cfg->reject_threshold = cfg->tag_threshold = 3;
	for (day = 0; day < 30; day++) {
		snprintf(text, sizeof(text), "Issue %d. %s", day + 1, newsletter);
		r = deliver(text, day == 12 ? "198.51.100.7" : "192.0.2.25",
		    "<news-bounces@uni.test>", rcpt, 4, 1800000000 + day * 86400);
		ck_assert_msg(r.verdict.action != VERDICT_REJECT,
		    "day %d rejected (%s)", day, r.verdict.reason);
	}
	ck_assert_uint_ge(r.res.c.messages, 25);	/* one cluster */
}
END_TEST

/* Copy i's verdict: from the first rejected copy on, every copy is. */
static void
rejected_from(int *first, int i, const struct message_result *r)
{
	if (r->verdict.action == VERDICT_REJECT && *first < 0)
		*first = i;
	if (*first >= 0)
		ck_assert_int_eq(r->verdict.action, VERDICT_REJECT);
}

/*
 * A campaign to 50 different recipients from 20 networks within an hour
 * is rejected from the configured count on: RejectThreshold different
 * recipients, the message's own included.
 */
START_TEST(site_campaign)
{
	struct message_result	 r;
	char			 ip[32];
	int			 i, first = -1;

	for (i = 0; i < 50; i++) {
		snprintf(ip, sizeof(ip), "203.%d.0.%d", 100 + i % 20, 1 + i);
		r = copy_of(i, ip, i % 2 ? "<a@spam1.test>" : "<b@spam2.test>",
		    1800000000 + i * 60);
		rejected_from(&first, i, &r);
	}
	ck_assert_int_eq(first, (int)cfg->reject_threshold - 1);
}
END_TEST

/*
 * A course's announcement to its forty students, one message each,
 * through a provider's pool (Amazon SES: one of 24 /24s of its three
 * /16s each time, one envelope domain): one sender's mailing, never
 * rejected (it was from the 15th person on: no /24 had sent two copies).
 * Through more than 32 /24s the cluster's network set is full, and it is
 * spread wide from then on (site_pool_shield says why).
 * The same copies under one forged domain from forty hosts of forty
 * blocks, a botnet's, are rejected from RejectThreshold people on.
 */
START_TEST(site_provider_pool)
{
	struct message_result	 r;
	char			 ip[32];
	int			 i, first = -1;

	for (i = 0; i < 40; i++) {
		snprintf(ip, sizeof(ip), "54.%d.%d.%d", 240 + i % 3,
		    (i % 24) * 7, 10 + i);
		r = copy_of(i, ip, "<notify-8d2@courses.example>",
		    1800000000 + i * 20);
		ck_assert_msg(r.verdict.action != VERDICT_REJECT,
		    "announcement %d rejected (%s)", i, r.verdict.reason);
	}
	ck_assert_uint_ge(r.res.c.networks, 20);
	teardown_store();
	setup_site();
	for (i = 0; i < 40; i++) {
		snprintf(ip, sizeof(ip), "%d.%d.7.%d", 60 + i, 11 * i % 250, 10 + i);
		r = copy_of(i, ip, "<notify-8d2@courses.example>",
		    1800000000 + i * 20);
		rejected_from(&first, i, &r);
	}
	ck_assert_int_eq(first, (int)cfg->reject_threshold - 1);
}
END_TEST

/*
 * A benefits provider's notice to all staff, one person a copy, through
 * 80 /24s of its one /16 (Salesforce's): more networks than a cluster
 * holds, all of one provider's pool, so a mailing, tagged, never
 * rejected. The same blast from a hijacked tenant, twenty people a copy
 * from the same /24s, is rejected.
 */
START_TEST(site_provider_full)
{
	struct message_result	 r;
	const char		*rcpt[20];
	char			 ip[32], rc[20][64];
	int			 i, k, rejected = 0;

	for (i = 0; i < 120; i++) {
		snprintf(ip, sizeof(ip), "13.111.%d.%d", i % 80, 20 + i % 7);
		r = copy_of(i, ip, "<bounce-84_HTML-6361@bounce.e.pension.test>",
		    1800000000 + i * 20);
		ck_assert_msg(r.verdict.action != VERDICT_REJECT,
		    "notice %d rejected (%s)", i, r.verdict.reason);
	}
	ck_assert_uint_eq(r.res.c.networks, CLUSTER_MAX_NETS);
	ck_assert_str_eq(r.verdict.reason, "single-source");
	teardown_store();
	setup_site();
	for (i = 0; i < 60; i++) {
		for (k = 0; k < 20; k++) {
			snprintf(rc[k], sizeof(rc[k]), "<user%d@uni.test>",
			    i * 20 + k);
			rcpt[k] = rc[k];
		}
		snprintf(ip, sizeof(ip), "13.111.%d.%d", i % 80, 20 + i % 7);
		r = deliver(BODY, ip, "<m.hale@tenant.test>", rcpt, 20,
		    1800000000 + i * 20);
		rejected += r.verdict.action == VERDICT_REJECT;
	}
	ck_assert_int_ge(rejected, 25);
}
END_TEST

/*
 * A range cannot shield a botnet: 32 copies under one forged domain from
 * 32 /24s of two /16s fill the cluster's network set, then a botnet's
 * copies come from a block each, every one pushing the last one's
 * network out of the set. A full set is spread wide, pools or not: the
 * botnet's copies are rejected (review: 0 of 300 were). The same from
 * IPv6 home networks, each a /48 of one of eight ISPs' /32s: rejected.
 */
START_TEST(site_pool_shield)
{
	struct message_result	 r;
	char			 ip[64];
	int			 i, rejected = 0;

	for (i = 0; i < 132; i++) {
		if (i < 32)
			snprintf(ip, sizeof(ip), "45.%d.%d.9", 60 + i % 2, i);
		else
			snprintf(ip, sizeof(ip), "%d.%d.7.9", 11 + i, 3 * i % 250);
		r = copy_of(i, ip, "<billing@forged.test>", 1800000000 + i * 20);
		if (i >= 32)
			rejected += r.verdict.action == VERDICT_REJECT;
	}
	ck_assert_int_ge(rejected, 90);
	teardown_store();
	setup_site();
	rejected = 0;
	for (i = 0; i < 40; i++) {
		snprintf(ip, sizeof(ip), "2a0%d:100:%x::5", i % 8,
		    0x2000 + 17 * i);
		r = copy_of(i, ip, "<billing@forged.test>", 1800000000 + i * 20);
		rejected += r.verdict.action == VERDICT_REJECT;
	}
	ck_assert_int_eq(rejected, 40 - (int)cfg->reject_threshold + 1);
}
END_TEST

/*
 * A campaign from twenty Gmail accounts through four of Google's
 * networks, each sending five copies, to fifty people: twenty senders,
 * not one (gmail.com is a mailbox provider, domain_freemail()), and it
 * is rejected by RejectThreshold people at the latest. Counted by its domain,
 * the provider's few networks made it one sender's mailing, tagged.
 * One Gmail user's letter to the fifty, one by one, is still a mailing.
 */
START_TEST(site_freemail_campaign)
{
	struct message_result	 r;
	char			 ip[32], from[64];
	int			 i, first = -1;

	for (i = 0; i < 50; i++) {
		snprintf(ip, sizeof(ip), "209.85.%d.%d", 160 + i % 4, 10 + i);
		snprintf(from, sizeof(from), "<promo%d@gmail.com>", i % 20);
		r = copy_of(i, ip, from, 1800000000 + i * 60);
		rejected_from(&first, i, &r);
	}
	/* the spread rule's, from three senders' near copies on */
	ck_assert_int_ge(first, 0);
	ck_assert_int_le(first, (int)cfg->reject_threshold - 1);
	teardown_store();
	setup_site();
	for (i = 0; i < 50; i++) {
		snprintf(ip, sizeof(ip), "209.85.%d.%d", 160 + i % 4, 10 + i);
		r = copy_of(i, ip, "<Prof.Lee+course@gmail.com>",
		    1800000000 + i * 60);
		ck_assert_msg(r.verdict.action != VERDICT_REJECT,
		    "letter %d rejected (%s)", i, r.verdict.reason);
	}
}
END_TEST

/*
 * The same campaign, each copy to 5 of the 50 (drawn again for every
 * copy, so that later copies go to people reached before) under one
 * forged sender domain, each from a new network: once the copies reached
 * RejectThreshold people, every copy is rejected, those that reach
 * nobody new included. A list's next post goes to the people its
 * cluster reached, all or most of them; a campaign's copy, to a few.
 */
START_TEST(site_campaign_overlap)
{
	struct message_result	 r;
	char			 rc[5][64], ip[32], text[sizeof(BODY) + 32];
	const char		*rcpt[5];
	unsigned int		 seed = 7, seen[50] = { 0 }, reached = 0;
	int			 i, j;

	for (i = 0; i < 40; i++) {
		for (j = 0; j < 5; j++) {
			unsigned int u = (seed = seed * 1103515245u + 12345u) >> 16;

			u %= 50;
			snprintf(rc[j], sizeof(rc[j]), "<user%u@uni.test>", u);
			rcpt[j] = rc[j];
			reached += !seen[u];
			seen[u] = 1;
		}
		snprintf(ip, sizeof(ip), "203.%d.0.%d", 100 + i, 1 + i);
		snprintf(text, sizeof(text), "%s ref %d", BODY, 1000 + i * 7);
		r = deliver(text, ip, "<a@spam1.test>", rcpt, 5,
		    1800000000 + i * 60);
		if (reached >= cfg->reject_threshold + 5)
			ck_assert_msg(r.verdict.action == VERDICT_REJECT,
			    "copy %d, %u reached: %s", i, reached,
			    r.verdict.reason);
	}
	ck_assert_uint_ge(reached, 45);
}
END_TEST

/*
 * A family sent to one user again and again, each copy from a new
 * network under one forged domain, the user named four times in each
 * (RCPT TO <v>, <v+a>, <V>, <v+b>: one person): rejected once its copies
 * came from RejectThreshold networks, as if it named the user once.
 */
START_TEST(site_one_user_four_names)
{
	const char		*rcpt[] = { "<v@uni.test>", "<v+a@uni.test>",
	    "<V@UNI.test>", "<v+b@uni.test>" };
	struct message_result	 r;
	char			 ip[32], text[sizeof(BODY) + 32];
	int			 i;

	for (i = 0; i < 25; i++) {
		snprintf(ip, sizeof(ip), "203.%d.0.9", 100 + i);
		snprintf(text, sizeof(text), "%s ref %d", BODY, 1000 + i * 7);
		r = deliver(text, ip, "<a@spam1.test>", rcpt, 4,
		    1800000000 + i * 60);
		if (i >= (int)cfg->reject_threshold)
			ck_assert_msg(r.verdict.action == VERDICT_REJECT,
			    "copy %d: %s", i, r.verdict.reason);
	}
}
END_TEST

/*
 * More people than a message's hashes hold (MESSAGE_RCPT_HASHED): a
 * provider's list of 88 subscribers, each post from another network, is
 * not rejected; copies that name the 64 people a first copy reached and
 * then 36 new ones, each from a new network under one forged domain, are.
 */
START_TEST(site_many_recipients)
{
	static char		 rc[100][32];
	const char		*rcpt[100];
	struct message_result	 r;
	char			 ip[32], text[sizeof(BODY) + 32];
	int			 i, k;

	for (i = 0; i < 100; i++) {
		snprintf(rc[i], sizeof(rc[i]), "<p%d@uni.test>", i);
		rcpt[i] = rc[i];
	}
	(void)list_posts(rcpt, 88, 8);
	for (k = 0; k < 4; k++) {
		for (i = 0; i < 100; i++)
			snprintf(rc[i], sizeof(rc[i]), "<u%d@uni.test>",
			    i < 64 ? i : 64 + k * 36 + i);
		snprintf(ip, sizeof(ip), "203.%d.0.9", 100 + k);
		snprintf(text, sizeof(text), "%s ref %d", BODY, 1000 + k * 7);
		r = deliver(text, ip, "<a@spam1.test>", rcpt, k == 0 ? 64 : 100,
		    1800100000 + k * 60);
		if (k > 0)
			ck_assert_msg(r.verdict.action == VERDICT_REJECT,
			    "copy %d: %s", k, r.verdict.reason);
	}
}
END_TEST

/*
 * A botnet's campaign: near copies from a new network and a new forged
 * sender domain each, to one new user each. From the SpreadThreshold-th
 * copy (3) on it is rejected, long before RejectThreshold (15). The same
 * text from three parties to the same three people (a thread's replies
 * quoting each other) is not.
 */
START_TEST(site_botnet_spread)
{
	struct message_result	 r;
	char			 rc[64], ip[32], from[64], text[sizeof(BODY) + 32];
	const char		*rcpt[1] = { rc };
	const char		*party[] = { "<ann@uni.test>", "<bob@uni.test>",
	    "<cy@uni.test>" };
	int			 i;

	ck_assert_uint_eq(cfg->spread_threshold, 3);	/* the default */
	for (i = 0; i < 10; i++) {
		snprintf(rc, sizeof(rc), "<user%d@uni.test>", i);
		snprintf(ip, sizeof(ip), "203.%d.0.5", 100 + i);
		snprintf(from, sizeof(from), "<x%d@forged%d.test>", i, i);
		snprintf(text, sizeof(text), "%s ref %d", BODY, 1000 + i * 7);
		r = deliver(text, ip, from, rcpt, 1, 1800000000 + i * 60);
		if (i < 2)
			ck_assert_int_ne(r.verdict.action, VERDICT_REJECT);
		else {
			ck_assert_int_eq(r.verdict.action, VERDICT_REJECT);
			ck_assert_str_eq(r.verdict.reason, "spread");
		}
	}
	for (i = 0; i < 6; i++) {
		snprintf(ip, sizeof(ip), "198.51.%d.7", 100 + i % 3);
		snprintf(from, sizeof(from), "<p@party%d.test>", i % 3);
		r = deliver(newsletter, ip, from, party, 3, 1800003600 + i * 600);
		ck_assert_msg(r.verdict.action != VERDICT_REJECT,
		    "reply %d rejected (%s)", i, r.verdict.reason);
	}
}
END_TEST

/* The subject sample a message with Subject value v leaves in the store. */
static const char *
subject_of(const char *v)
{
	static char		 kept[CLUSTER_SUBJECT_MAX];
	struct message		*m;
	struct message_result	 r;
	static int		 n;
	char			 text[600];
	size_t			 i;

	cfg->subject_sample = 1;
	ck_assert_ptr_nonnull(m = message_new(cfg, 0));
	message_client_str(m, "192.0.2.7");
	message_sender(m, "<x@sender.test>");
	message_rcpt(m, "<a@uni.test>");
	message_header(m, "Subject", v);
	/* words of their own each time: a new cluster keeps this subject */
	tu_srand((uint64_t)++n * 7919);
	for (i = 0; i < sizeof(text) - 1; i++)
		text[i] = i % 6 == 5 ? ' ' : (char)('a' + tu_rand() % 26);
	text[i] = '\0';
	message_body(m, (const unsigned char *)text, strlen(text));
	message_finish(m, store, 1800000000, 0, &r);
	message_free(m);
	ck_assert_int_eq(r.store_err, 0);
	snprintf(kept, sizeof(kept), "%s", r.res.c.subject);
	return kept;
}

/*
 * SubjectSample keeps the subject as an administrator reads it: its
 * encoded-words decoded (rfc2047.c), folding gone, 79 bytes at most.
 */
START_TEST(subject_decoded)
{
	struct message		*m;
	struct message_result	 r;
	const char		*rcpt[] = { "<a@uni.test>" };

	cfg->subject_sample = 1;
	ck_assert_ptr_nonnull(m = message_new(cfg, 0));
	message_client_str(m, "192.0.2.7");
	message_sender(m, "<x@sender.test>");
	message_rcpt(m, rcpt[0]);
	message_header(m, "Subject", "=?GB2312?B?suLK1NPKvP4=?=\r\n =?gbk?Q?"
	    "=D6=D0=CE=C4?= news");
	message_body(m, (const unsigned char *)BODY, strlen(BODY));
	message_finish(m, store, 1800000000, 0, &r);
	message_free(m);
	ck_assert_int_eq(r.store_err, 0);
	ck_assert_int_eq(r.digested, 1);
	ck_assert_str_eq(r.res.c.subject, "测试邮件中文 news");
	/* folding first, and a long subject cut before a whole character */
	ck_assert_str_eq(subject_of("\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t"
	    "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t"
	    "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t"
	    "\t\t\t\t\t\t\t\t\t\r\n Hello"), "Hello");
	ck_assert_str_eq(subject_of("\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5"
	    "\xd1\x82 \xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82 "
	    "\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82 \xd0\x9f\xd1\x80"
	    "\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82 \xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2"
	    "\xd0\xb5\xd1\x82 \xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82 "
	    "\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82"),
	    "Привет Привет Привет Привет Привет Привет");
}
END_TEST

/* check's verdict (dry) is the milter's (real) for message i of what. */
static void
same_verdict(const char *what, int i, const struct message_result *dry,
    const struct message_result *real)
{
	ck_assert_msg(dry->verdict.action == real->verdict.action &&
	    strcmp(dry->verdict.reason, real->verdict.reason) == 0,
	    "%s %d: check says %s/%s, the milter %s/%s", what, i,
	    verdict_action_name(dry->verdict.action), dry->verdict.reason,
	    verdict_action_name(real->verdict.action), real->verdict.reason);
}

/*
 * nilsimsactl check looks a message up without writing (message_finish
 * dry): its verdict must be the one the milter then reaches for the same
 * message, at every step of a campaign from a botnet (new, few, spread,
 * bulk) and of a list's posts to the same people, and the dry run must
 * change nothing. Before, the lookup read the cluster without this
 * message in it: check said "tag" where the milter rejected for spread,
 * and "unscored" where it started a cluster.
 */
START_TEST(check_predicts_milter)
{
	struct message_result	 dry, real;
	char			 rc[64], ip[32], from[64], text[sizeof(BODY) + 32];
	const char		*rcpt[1] = { rc };
	const char		*party[] = { "<ann@uni.test>", "<bob@uni.test>" };
	int			 i, spread = 0, bulk = 0;
	uint64_t		 msgs;

	for (i = 0; i < 24; i++) {
		snprintf(rc, sizeof(rc), "<user%d@uni.test>", i);
		snprintf(ip, sizeof(ip), "203.%d.0.5", 100 + i);
		snprintf(from, sizeof(from), "<x%d@forged%d.test>", i, i);
		snprintf(text, sizeof(text), "%s ref %d", BODY, 1000 + i * 7);
		dry = offer_run(text, ip, from, rcpt, 1, NULL,
		    1800000000 + i * 60, 1);
		msgs = dry.res.found ? dry.res.c.messages : 0;
		real = offer_run(text, ip, from, rcpt, 1, NULL,
		    1800000000 + i * 60, 0);
		same_verdict("copy", i, &dry, &real);
		/* the preview counted this copy, as the milter then did */
		if (i > 0)
			ck_assert_uint_eq(msgs, real.res.c.messages);
		spread += strcmp(real.verdict.reason, "spread") == 0;
		bulk += strcmp(real.verdict.reason, "bulk") == 0;
	}
	ck_assert_int_gt(spread, 0);
	ck_assert_int_gt(bulk, 0);
	for (i = 0; i < 20; i++) {
		dry = offer_run(newsletter, "198.51.100.7", "<news@list.test>",
		    party, 2, NULL, 1800010000 + i * 86400, 1);
		real = offer_run(newsletter, "198.51.100.7", "<news@list.test>",
		    party, 2, NULL, 1800010000 + i * 86400, 0);
		same_verdict("post", i, &dry, &real);
	}
	/* a letter like nothing in the store: new, as the milter says */
	dry = offer_run("A letter of its own about the garden, the weather and "
	    "the cat, long enough to be digested and like nothing else here, "
	    "with a few more words about the neighbours for good measure.\n",
	    "192.0.2.9", "<me@home.test>", party, 1, NULL, 1800100000, 1);
	ck_assert_int_eq(dry.res.found, 0);
	ck_assert_str_eq(dry.verdict.reason, "new");
}
END_TEST

/* A discussion list's thread to one subscriber is not bulk either. */
START_TEST(site_thread_one_user)
{
	const char		*rcpt[] = { "<me@uni.test>" };
	struct message_result	 r;
	int			 i;

	cfg->reject_threshold = cfg->tag_threshold = 3;
	for (i = 0; i < 12; i++) {
		r = deliver(newsletter, "192.0.2.80", "<list-bounces@lists.test>",
		    rcpt, 1, 1800000000 + i * 3600);
		ck_assert_int_eq(r.verdict.action, VERDICT_ACCEPT);
	}
}
END_TEST

/*
 * A provider's list (Google Groups): each post of a thread goes to the
 * same 20 subscribers from another of the provider's networks, its
 * envelope sender at the one list domain. The posts spread nothing:
 * none is rejected, though the thread reaches more people than
 * RejectThreshold through as many networks as it has posts.
 */
/*
 * One person is one recipient however often RCPT TO names them, with or
 * without a +detail (found by review: 500 RCPTs to one address made a
 * cluster's running total 500).
 */
START_TEST(site_rcpt_repeated)
{
	const char		*rcpt[500];
	struct message_result	 r;
	int			 i;

	for (i = 0; i < 500; i++)
		rcpt[i] = i % 2 ? "<a@uni.test>" : "<a+news@uni.test>";
	r = deliver(newsletter, "192.0.2.10", "<n@news.test>", rcpt, 500,
	    1800000000);
	ck_assert_int_eq(r.res.created, 1);
	ck_assert_uint_eq(r.res.c.recipients, 1);
	rcpt[1] = "<b@uni.test>";	/* and another: two */
	r = deliver(newsletter, "192.0.2.10", "<n@news.test>", rcpt, 500,
	    1800000100);
	ck_assert_uint_eq(r.res.c.recipients, 3);
}
END_TEST

START_TEST(site_provider_list)
{
	const char		*rcpt[20];
	char			 rc[20][32];
	struct message_result	 r;
	int			 i;

	for (i = 0; i < 20; i++) {
		snprintf(rc[i], sizeof(rc[i]), "<sub%d@uni.test>", i);
		rcpt[i] = rc[i];
	}
	ck_assert_uint_lt(cfg->reject_threshold, 20);
	r = list_posts(rcpt, 20, 12);
	ck_assert_uint_ge(r.res.c.messages, 10);	/* one cluster */
	ck_assert_uint_ge(r.res.c.networks, 10);
}
END_TEST

/*
 * An ESP's mailing: 30 different recipients, from 10 networks of its
 * servers, bounce domains varying, DKIM-signed by the sender. With the
 * upstream verifier's authserv-id trusted, the signing domain is who sent
 * it: a mailing, tagged. Not trusted, or forged by another id: rejected.
 */
static int
esp_mailing(const char *trusted, const char *authserv)
{
	struct message_result	 r;
	char			 rc[64], ip[32], ar[128], snd[64];
	const char		*rcpt = rc;
	int			 i, rejected = 0;

	free(cfg->trusted_authserv_ids);
	cfg->trusted_authserv_ids = strdup(trusted);
	for (i = 0; i < 30; i++) {
		snprintf(rc, sizeof(rc), "<user%d@uni.test>", i);
		snprintf(ip, sizeof(ip), "%d.51.%d.%d", 150 + i % 10, 10 + i % 10,
		    20 + i);
		snprintf(snd, sizeof(snd), "<b-%d@mail%d.esp.test>", i, i % 7);
		snprintf(ar, sizeof(ar), "%s; dkim=pass header.d=shop.test; "
		    "spf=pass smtp.mailfrom=mail%d.esp.test", authserv, i % 7);
		r = offer_ar(newsletter, ip, snd, &rcpt, 1, ar,
		    1800000000 + i * 60);
		ck_assert_int_eq(r.digested, 1);
		rejected += r.verdict.action == VERDICT_REJECT;
	}
	return rejected;
}

START_TEST(site_authenticated_mailing)
{
	ck_assert_int_eq(esp_mailing("mx.uni.test", "mx.uni.test"), 0);
}
END_TEST

START_TEST(site_unauthenticated_mailing)
{
	ck_assert_int_gt(esp_mailing("", "mx.uni.test"), 0);
}
END_TEST

START_TEST(site_forged_authserv)
{
	ck_assert_int_gt(esp_mailing("mx.uni.test", "mx.shop.test"), 0);
}
END_TEST

/*
 * ScoreMode auto: a Chinese text (four Tang poems, from fortunes-zh) gets
 * a self-calibrated code, the same in GBK base64 and in UTF-8
 * quoted-printable, and not the calibrated one; English text gets the
 * calibrated code as before.
 */
static const char gbk_b64[] =
    "Content-Type: text/plain; charset=gbk\n"
    "Content-Transfer-Encoding: base64\n\n"
	    "oba40NP2oaTG5NK7obcK1/fV36O61cW+xcHkCsC80ra0ut3a3qijrLnwu6rH7/CoveChowrQwNDA\n"
	    "tMvJ+tLio6zX1Lb7zqq80b3aoaMKy63WqsHWxtzV36OszsW359f4z+DUw6GjCrLdxL7T0LG+0MSj\n"
	    "rLrOx/PDwMjL1dujvwqhtsPOwO6w16GkxuS2/qG3Ctf31d+jurbFuKYKuKHUxtbVyNXQ0KOs087X\n"
	    "077DsrvWwaGjCsj90rnGtcPOvv2jrMfpx9e8+7790uKhowq45rnps6O+1rTZo6y/4LXAwLSyu9LX\n"
	    "oaMKva26/rbgt+eyqKOs1tvprr/WyqfXuaGjCrP2w8XJprDXytejrMj0uLrGvcn61r6howq52rjH\n"
	    "wvq+qbuqo6zLucjLtsDjvuOyoaMKyuvUxs34u9a71qOsvavAz8ntt7TA26GjCsenx+/N8svqw/uj\n"
	    "rLzFxK/J7brzysKhowqhtsvN9OvO48exwuS12ru5z+ehtwrX99Xfo7rN9c6sCsqltPrO3tL+1d+j\n"
	    "rNOiwem+ocC0uemhowrL7MHutqvJvb/No6yyu7XDucuyyd6xoaMKvMjWwb3ww8XUtqOsyuvUxs7h\n"
	    "tcC3x6GjCr2tu7S2yLquyrOjrL6pwuW37LS60sKhowrWw77Gs6SwsrXA\n";
static const char utf8_qp[] =
    "Content-Type: text/plain; charset=utf-8\n"
    "Content-Transfer-Encoding: quoted-printable\n\n"
	    "=E3=80=8A=E6=84=9F=E9=81=87=C2=B7=E5=85=B6=E4=B8=80=E3=80=8B\n"
	    "=E4=BD=9C=E8=80=85=EF=BC=9A=E5=BC=A0=E4=B9=9D=E9=BE=84\n"
	    "=E5=85=B0=E5=8F=B6=E6=98=A5=E8=91=B3=E8=95=A4=EF=BC=8C=E6=A1=82=E5=8D=8E=E7=\n"
	    "=A7=8B=E7=9A=8E=E6=B4=81=E3=80=82\n"
	    "=E6=AC=A3=E6=AC=A3=E6=AD=A4=E7=94=9F=E6=84=8F=EF=BC=8C=E8=87=AA=E5=B0=94=E4=\n"
	    "=B8=BA=E4=BD=B3=E8=8A=82=E3=80=82\n"
	    "=E8=B0=81=E7=9F=A5=E6=9E=97=E6=A0=96=E8=80=85=EF=BC=8C=E9=97=BB=E9=A3=8E=E5=\n"
	    "=9D=90=E7=9B=B8=E6=82=A6=E3=80=82\n"
	    "=E8=8D=89=E6=9C=A8=E6=9C=89=E6=9C=AC=E5=BF=83=EF=BC=8C=E4=BD=95=E6=B1=82=E7=\n"
	    "=BE=8E=E4=BA=BA=E6=8A=98=EF=BC=9F\n"
	    "=E3=80=8A=E6=A2=A6=E6=9D=8E=E7=99=BD=C2=B7=E5=85=B6=E4=BA=8C=E3=80=8B\n"
	    "=E4=BD=9C=E8=80=85=EF=BC=9A=E6=9D=9C=E7=94=AB\n"
	    "=E6=B5=AE=E4=BA=91=E7=BB=88=E6=97=A5=E8=A1=8C=EF=BC=8C=E6=B8=B8=E5=AD=90=E4=\n"
	    "=B9=85=E4=B8=8D=E8=87=B3=E3=80=82\n"
	    "=E4=B8=89=E5=A4=9C=E9=A2=91=E6=A2=A6=E5=90=9B=EF=BC=8C=E6=83=85=E4=BA=B2=E8=\n"
	    "=A7=81=E5=90=9B=E6=84=8F=E3=80=82\n"
	    "=E5=91=8A=E5=BD=92=E5=B8=B8=E5=B1=80=E4=BF=83=EF=BC=8C=E8=8B=A6=E9=81=93=E6=\n"
	    "=9D=A5=E4=B8=8D=E6=98=93=E3=80=82\n"
	    "=E6=B1=9F=E6=B9=96=E5=A4=9A=E9=A3=8E=E6=B3=A2=EF=BC=8C=E8=88=9F=E6=A5=AB=E6=\n"
	    "=81=90=E5=A4=B1=E5=9D=A0=E3=80=82\n"
	    "=E5=87=BA=E9=97=A8=E6=90=94=E7=99=BD=E9=A6=96=EF=BC=8C=E8=8B=A5=E8=B4=9F=E5=\n"
	    "=B9=B3=E7=94=9F=E5=BF=97=E3=80=82\n"
	    "=E5=86=A0=E7=9B=96=E6=BB=A1=E4=BA=AC=E5=8D=8E=EF=BC=8C=E6=96=AF=E4=BA=BA=E7=\n"
	    "=8B=AC=E6=86=94=E6=82=B4=E3=80=82\n"
	    "=E5=AD=B0=E4=BA=91=E7=BD=91=E6=81=A2=E6=81=A2=EF=BC=8C=E5=B0=86=E8=80=81=E8=\n"
	    "=BA=AB=E5=8F=8D=E7=B4=AF=E3=80=82\n"
	    "=E5=8D=83=E7=A7=8B=E4=B8=87=E5=B2=81=E5=90=8D=EF=BC=8C=E5=AF=82=E5=AF=9E=E8=\n"
	    "=BA=AB=E5=90=8E=E4=BA=8B=E3=80=82\n"
	    "=E3=80=8A=E9=80=81=E7=B6=A6=E6=AF=8B=E6=BD=9C=E8=90=BD=E7=AC=AC=E8=BF=98=E4=\n"
	    "=B9=A1=E3=80=8B\n"
	    "=E4=BD=9C=E8=80=85=EF=BC=9A=E7=8E=8B=E7=BB=B4\n"
	    "=E5=9C=A3=E4=BB=A3=E6=97=A0=E9=9A=90=E8=80=85=EF=BC=8C=E8=8B=B1=E7=81=B5=E5=\n"
	    "=B0=BD=E6=9D=A5=E5=BD=92=E3=80=82\n"
	    "=E9=81=82=E4=BB=A4=E4=B8=9C=E5=B1=B1=E5=AE=A2=EF=BC=8C=E4=B8=8D=E5=BE=97=E9=\n"
	    "=A1=BE=E9=87=87=E8=96=87=E3=80=82\n"
	    "=E6=97=A2=E8=87=B3=E9=87=91=E9=97=A8=E8=BF=9C=EF=BC=8C=E5=AD=B0=E4=BA=91=E5=\n"
	    "=90=BE=E9=81=93=E9=9D=9E=E3=80=82\n"
	    "=E6=B1=9F=E6=B7=AE=E5=BA=A6=E5=AF=92=E9=A3=9F=EF=BC=8C=E4=BA=AC=E6=B4=9B=E7=\n"
	    "=BC=9D=E6=98=A5=E8=A1=A3=E3=80=82\n"
	    "=E7=BD=AE=E9=85=92=E9=95=BF=E5=AE=89=E9=81=93\n";
static const char english[] =
    "Content-Type: text/plain\n\n"
    "The committee will meet on Thursday at ten in the small room to go\n"
    "over the budget for next year. Please bring the figures you sent\n"
    "last week and any questions about the travel lines.\n";

START_TEST(score_mode_auto)
{
	struct message_result	 cal, a1, a2;

	ck_assert_int_eq(cfg->score_mode, SCORE_AUTO);	/* the default */
	cfg->score_mode = SCORE_CALIBRATED;
	run_file(gbk_b64, 0, &cal);
	ck_assert_int_gt((int)cal.body_bytes, 600);
	ck_assert_int_eq(cal.kind, NILSIMSA_KIND_PROFILE);
	cfg->score_mode = SCORE_AUTO;
	run_file(gbk_b64, 0, &a1);
	run_file(utf8_qp, 0, &a2);
	ck_assert_uint_eq(a1.body_bytes, cal.body_bytes);
	ck_assert_str_eq(a1.hex, a2.hex);
	ck_assert_str_ne(a1.hex, cal.hex);
	ck_assert_int_eq(a1.kind, NILSIMSA_KIND_MARKS);

	run_file(english, 0, &a1);
	ck_assert_int_eq(a1.kind, NILSIMSA_KIND_PROFILE);
	cfg->score_mode = SCORE_CALIBRATED;
	run_file(english, 0, &cal);
	ck_assert_str_eq(a1.hex, cal.hex);
}
END_TEST

/*
 * The log line's fields: the documented keys in their order for a
 * message not digested (no store), and values with spaces, quotes or
 * nothing quoted so that a key=value parser reads them back.
 */
START_TEST(log_fields)
{
	static const char	*keys[] = { "code", "bytes", "cluster", "created",
	    "score", "runner-up", "compared", "messages", "recipients",
	    "networks", "status", "action", "tier", "reason", "rcpts", "flags",
	    "ms", "own", "fleet" };
	struct message_result	 r;
	struct logline		 l;
	char			 buf[1024];
	size_t			 i, n;

	run_file("Subject: a\n\nsome words of a body, long enough to digest "
	    "once there is a store to put them in.\n", 0, &r);
	logline_fill(&l, &r);
	ck_assert_uint_eq(l.n, sizeof(keys) / sizeof(keys[0]));
	for (i = 0; i < l.n; i++)
		ck_assert_str_eq(l.f[i].key, keys[i]);
	n = logline_format(&l, buf, sizeof(buf));
	ck_assert_uint_eq(n, strlen(buf));
	ck_assert_msg(strncmp(buf, "code=", 5) == 0 &&
	    strstr(buf, " cluster=none created=no score=none runner-up=none "
	    "compared=0 messages=0 recipients=0 networks=0 status=none "
	    "action=accept tier=none reason=unscored rcpts=0 flags=none ms=")
	    != NULL, "%s", buf);

	l.n = 4;
	snprintf(l.f[0].value, LOGLINE_VALUE, "two words");
	snprintf(l.f[1].value, LOGLINE_VALUE, "say \"hi\" \\o/");
	snprintf(l.f[2].value, LOGLINE_VALUE, "%s", "");
	snprintf(l.f[3].value, LOGLINE_VALUE, "a=b");
	logline_format(&l, buf, sizeof(buf));
	ck_assert_str_eq(buf, "code=\"two words\" bytes=\"say \\\"hi\\\" \\\\o/\" "
	    "cluster=\"\" created=\"a=b\"");
	/* cut short: still a string, the length needed returned */
	ck_assert_uint_eq(logline_format(&l, buf, 8), n = strlen("code=\"two words\" "
	    "bytes=\"say \\\"hi\\\" \\\\o/\" cluster=\"\" created=\"a=b\""));
	ck_assert_str_eq(buf, "code=\"t");
}
END_TEST

static const char disclaimer[] =
    "Sent from Campus Mail on my phone - get it free at campusmail.test";

/* Unrelated messages of a site, each with text of its own. */
static const char *letters[] = {
    "The heating in the east wing will be switched off on Saturday morning "
    "while the engineers replace the old boiler. Please take home any "
    "plants or food you leave in the kitchen, and close the windows in "
    "your office before you go. Work should be finished by Sunday noon.",
    "I have read the second chapter of your thesis and I think the "
    "argument about rural migration is much stronger now. The tables on "
    "page twelve still need sources, and the conclusion repeats the "
    "introduction almost word for word. Shall we meet on Thursday?",
    "Our team won the regional chess tournament last weekend! Maria beat "
    "the defending champion in a long endgame, and the juniors finished "
    "third. Thanks to everyone who drove the players to the venue and "
    "brought sandwiches. Photos are on the shared drive.",
    "Could you send me the invoice for the conference room again? The "
    "accounting system rejected the first one because the VAT number was "
    "missing. If you correct it before the end of the month we can still "
    "pay it in this quarter's budget.",
    "The library has extended its opening hours during the exam period: "
    "from Monday it stays open until midnight, and the reading room on the "
    "third floor is reserved for silent study. Laptops can be borrowed at "
    "the front desk with a student card.",
    "My flight was cancelled because of the storm, so I will join the "
    "workshop by video tomorrow. I can still present our results, but the "
    "demonstration of the prototype will have to wait until next week, "
    "when I am back in the lab with the hardware.",
    "We are collecting old bicycles for the refugee centre in town. If you "
    "have one in your garage that you no longer use, bring it to the car "
    "park behind building C on Wednesday afternoon. Volunteers will "
    "repair them before they are given away.",
    "Attached are the minutes of yesterday's board meeting. The main "
    "decisions were to postpone the website relaunch, to hire two more "
    "nurses for the night shift, and to review the parking fees in spring. "
    "Please send corrections by Friday.",
};

/*
 * Once a signature is known as boilerplate (seen under the texts of four
 * places in two clusters, check_boiler.c), a message made of little
 * else (a one-line reply) is counted only with its near copies: it joins
 * a second copy of itself, and another reply above the same signature
 * starts a cluster of its own. A message with text of its own is
 * digested as before, and a campaign's text, seen in its one cluster
 * however many copies, stays its own.
 */
START_TEST(site_boilerplate)
{
	const char		*rcpt[] = { "<me@uni.test>" };
	const char		*reply = "Thanks, that works for me. See you "
	    "on Monday at ten in the usual room.";
	const char		*reply2 = "Sorry, I cannot make it this week; "
	    "could we move it to Thursday afternoon?";
	static struct boiler_fp	 f;
	struct message_result	 r, first;
	char			 text[4096], ip[32], sig[128];
	size_t			 n;
	int			 i;

	ck_assert_uint_eq(cfg->min_own_text, 128);	/* the default */
	snprintf(text, sizeof(text), "%s\n-- \n%s", reply, disclaimer);
	first = offer(text, "192.0.2.1", "<a@corp.test>", rcpt, 1, 1800000000);
	ck_assert_int_eq(first.digested, 1);	/* nothing known yet */
	ck_assert_uint_eq(first.own_bytes, first.body_bytes);

	/* the signature as the canonicaliser gives it, seen in 4 places */
	snprintf(sig, sizeof(sig), "-- %s", disclaimer);
	for (i = 0; sig[i] != '\0'; i++)
		sig[i] = tolower((unsigned char)sig[i]);
	boiler_fp_reset(&f);
	boiler_fp_update(&f, (const unsigned char *)sig, strlen(sig));
	ck_assert_uint_gt(n = boiler_fp_final(&f), 0);
	for (i = 0; i < BOILER_PLACES; i++)
		boiler_note(store_boiler(store), f.fp, n, 100 + i, 100 + i, 42,
		    1800000050);

	for (i = 0; i < 8; i++) {
		snprintf(text, sizeof(text), "%s\n-- \n%s", letters[i], disclaimer);
		snprintf(ip, sizeof(ip), "198.51.100.%d", 10 + i);
		r = deliver(text, ip, "<b@corp.test>", rcpt, 1, 1800000100 + i);
		ck_assert_uint_lt(r.own_bytes, r.body_bytes);
		ck_assert_uint_gt(r.own_bytes, 200);
		ck_assert_int_eq(message_count_kind(cfg, &r), MESSAGE_COUNT_FULL);
	}
	snprintf(text, sizeof(text), "%s\n-- \n%s", reply, disclaimer);
	r = offer(text, "192.0.2.9", "<c@corp.test>", rcpt, 1, 1800000200);
	ck_assert_uint_lt(r.own_bytes, 128);
	ck_assert_uint_ge(r.body_bytes, 128);
	ck_assert_int_eq(message_count_kind(cfg, &r), MESSAGE_COUNT_NEAR);
	ck_assert_int_eq(r.digested, 1);
	ck_assert_uint_eq(r.res.c.id, first.res.c.id);
	ck_assert_uint_eq(r.res.c.messages, 2);
	snprintf(text, sizeof(text), "%s\n-- \n%s", reply2, disclaimer);
	r = offer(text, "192.0.2.10", "<d@corp.test>", rcpt, 1, 1800000210);
	ck_assert_int_eq(message_count_kind(cfg, &r), MESSAGE_COUNT_NEAR);
	ck_assert_int_eq(r.digested, 1);
	ck_assert_int_eq(r.res.created, 1);

	/* a campaign: its text stays its own through 30 copies */
	for (i = 0; i < 30; i++) {
		snprintf(text, sizeof(text), "%s ref %d", BODY, 1000 + i * 7);
		snprintf(ip, sizeof(ip), "203.0.113.%d", 1 + i);
		r = deliver(text, ip, "<x@spam.test>", rcpt, 1, 1800000300 + i);
		ck_assert_uint_gt(r.own_bytes, r.body_bytes - 16);
	}
}
END_TEST

/*
 * Too short to count: under MinOwnText of text in all, a message neither
 * joins nor seeds a cluster (reason little-text), however much of it is
 * its own.
 */
START_TEST(site_little_text)
{
	const char		*rcpt[] = { "<me@uni.test>" };
	struct message_result	 r;

	r = offer("Thanks, that works for me. See you on Monday at ten in "
	    "the usual room, with the draft.",
	    "192.0.2.1", "<a@corp.test>", rcpt, 1, 1800000000);
	ck_assert_uint_lt(r.body_bytes, 128);
	ck_assert_uint_ge(r.body_bytes, cfg->min_body_bytes);
	ck_assert_int_eq(message_count_kind(cfg, &r), MESSAGE_COUNT_NONE);
	ck_assert_int_eq(r.digested, 0);
	ck_assert_str_eq(r.verdict.reason, "little-text");
}
END_TEST

/*
 * Boilerplate poisoning: one host sends four messages that carry a
 * campaign's paragraph inside filler that varies (a sender in two
 * places, four places, two clusters: boiler.h), so the paragraph becomes
 * boilerplate. The campaign's copies, the paragraph and a code, then have
 * too little text of their own; they are still counted, as near copies
 * of each other, and rejected from RejectThreshold recipients on as
 * without the priming.
 */
START_TEST(site_boilerplate_poisoning)
{
	struct message_result	 r;
	char			 text[8192], rc[64], ip[32];
	const char		*rcpt[1] = { rc };
	unsigned int		 seed = 11;
	size_t			 len;
	int			 i, j, k, c, first = -1;

	for (i = 0; i < 4; i++) {
		len = 0;
		for (k = 0; k < 2; k++) {
			/* 150 made-up words of 3 to 8 letters */
			for (j = 0; j < 150; j++) {
				seed = seed * 1103515245u + 12345u;
				for (c = 3 + (seed >> 16) % 6; c > 0; c--) {
					seed = seed * 1103515245u + 12345u;
					text[len++] = 'a' + (seed >> 16) % 26;
				}
				text[len++] = ' ';
			}
			if (k == 0)
				len += snprintf(text + len, sizeof(text) - len,
				    "\n%s\n", BODY);
		}
		text[len] = '\0';
		snprintf(rc, sizeof(rc), "<staff%d@uni.test>", i);
		r = deliver(text, "198.51.100.7", "<news@primer.test>", rcpt, 1,
		    1800000000 + i * 60);
	}
	for (i = 0; i < 30; i++) {
		snprintf(rc, sizeof(rc), "<user%d@uni.test>", i);
		snprintf(ip, sizeof(ip), "203.%d.0.%d", 100 + i % 20, 1 + i);
		snprintf(text, sizeof(text), "%s code SAVE%d", BODY, 10 + i);
		r = offer(text, ip, "<a@spam.test>", rcpt, 1,
		    1800001000 + i * 60);
		ck_assert_int_eq(message_count_kind(cfg, &r), MESSAGE_COUNT_NEAR);
		ck_assert_int_eq(r.digested, 1);
		rejected_from(&first, i, &r);
	}
	ck_assert_int_eq(first, (int)cfg->reject_threshold - 1);
}
END_TEST

/* Postfix's bounce form (postconf -b); with a reason, to fill in. */
#define POSTFIX_FORM \
    "This is the mail system at host mx.%s.\n\n" \
    "I'm sorry to have to inform you that your message could not\n" \
    "be delivered to one or more recipients. It's attached below.\n\n" \
    "For further assistance, please send mail to postmaster.\n\n" \
    "If you do so, please include this problem report. You can\n" \
    "delete your own text from the attached returned message.\n\n" \
    "                   The mail system\n\n"
#define POSTFIX_BOUNCE POSTFIX_FORM \
    "<%s@%s>: host mx.%s[%s] said: 550 5.1.1 <%s@%s>: Recipient\n" \
    "    address rejected: User unknown in virtual mailbox table (in\n" \
    "    reply to RCPT TO command)\n"

/*
 * A delivery report (RFC 3464) from host dom at ip, to the site's user
 * `user`: Postfix's form above the returned message, whose text is
 * `returned`; or, with `bare`, the form and `returned` in one text/plain
 * body, as a campaign dressed up as a bounce would send it.
 */
static struct message_result
report(const char *dom, const char *ip, const char *user,
    const char *returned, int copies, int64_t t)
{
	struct message		*m;
	struct message_result	 r;
	const char		*rcpt[1] = { user };
	char			 form[2048], text[16384];
	size_t			 n = 0;
	int			 i;

	snprintf(form, sizeof(form), POSTFIX_BOUNCE, dom, "nobody", dom, dom,
	    ip, "nobody", dom);
	ck_assert_ptr_nonnull(m = message_new(cfg, 0));
	message_client_str(m, ip);
	message_sender(m, "<>");
	message_rcpt(m, rcpt[0]);
	if (copies == 0) {
		message_header(m, "Content-Type", "multipart/report; "
		    "report-type=delivery-status; boundary=\"b\"");
		n = (size_t)snprintf(text, sizeof(text), "--b\nContent-Type: "
		    "text/plain\n\n%s\n--b\nContent-Type: message/delivery-"
		    "status\n\nReporting-MTA: dns; mx.%s\n\nFinal-Recipient: "
		    "rfc822; nobody@%s\nAction: failed\nStatus: 5.1.1\n\n--b\n"
		    "Content-Type: message/rfc822\n\nFrom: %s\nTo: nobody@%s\n"
		    "Subject: hello\n\n%s\n--b--\n", form, dom, dom, user, dom,
		    returned);
	} else {
		for (i = 0; i < copies; i++)
			n += (size_t)snprintf(text + n, sizeof(text) - n, "%s\n",
			    form);
		n += (size_t)snprintf(text + n, sizeof(text) - n, "%s", returned);
	}
	ck_assert_uint_lt(n, sizeof(text));
	message_body(m, (const unsigned char *)text, n);
	message_finish(m, store, t, 0, &r);
	message_free(m);
	ck_assert_int_eq(r.store_err, 0);
	return r;
}

/*
 * A site's users' mail returned from all over the world: Postfix's bounce
 * from eight hosts of eight networks, each to the user who sent the
 * letter it returns. The form is most of each report's text; it is not
 * the report's own (forms.h), so the reports are not copies of their
 * form from eight networks to eight people, and none is rejected, with
 * RejectThreshold 3.
 */
START_TEST(site_bounces)
{
	struct message_result	 r;
	char			 dom[32], ip[32], user[64];
	int			 i;

	cfg->reject_threshold = cfg->tag_threshold = 3;
	for (i = 0; i < 8; i++) {
		snprintf(dom, sizeof(dom), "far%d.test", i);
		snprintf(ip, sizeof(ip), "198.51.%d.25", 10 + i * 9);
		snprintf(user, sizeof(user), "<user%d@uni.test>", i);
		r = report(dom, ip, user, letters[i], 0, 1800000000 + i * 3600);
		ck_assert_msg(r.verdict.action != VERDICT_REJECT,
		    "report %d rejected (%s)", i, r.verdict.reason);
	}
}
END_TEST

/*
 * A site's letter to its customers, returned to its one sender by twenty
 * hosts of twenty networks (addresses gone, boxes full): twenty reports
 * alike (the returned letter), with the null sender, to one person.
 * RejectThreshold 3 would reject them by their networks: reports are
 * rejected by the people they reach (verdict.c reports()), since a
 * rejected report is lost for good. Tagged from the 3rd network on.
 * (site_bounce_campaign: reports to many people are still rejected.)
 */
START_TEST(site_mailing_bounced)
{
	struct message_result	 r;
	char			 dom[32], ip[32];
	int			 i;

	cfg->reject_threshold = cfg->tag_threshold = 3;
	for (i = 0; i < 20; i++) {
		snprintf(dom, sizeof(dom), "customer%d.test", i);
		snprintf(ip, sizeof(ip), "%d.%d.7.25", 60 + i, 11 * i);
		r = report(dom, ip, "<sales@uni.test>", letters[0], 0,
		    1800000000 + i * 60);
		ck_assert_int_eq(r.digested, 1);
		ck_assert_msg(r.verdict.action == (i >= 2 ? VERDICT_TAG :
		    VERDICT_ACCEPT), "report %d: %s (%s)", i,
		    verdict_action_name(r.verdict.action), r.verdict.reason);
	}
}
END_TEST

/*
 * Auto-replies of three people away, each from their own server, to the
 * forty site users who wrote to them, under one template: reports (the
 * null sender) from a few servers that each sent many, those servers'
 * mailing, never rejected. The same text from a network each to forty
 * users (a campaign's backscatter) is rejected.
 */
START_TEST(site_auto_replies)
{
	static const char	 ooo[] = "Thank you for your message. I am "
	    "out of the office with limited access to email until Monday and "
	    "will reply as soon as I can on my return. For urgent matters "
	    "please call the department office.";
	struct message_result	 r;
	const char		*rcpt[1];
	char			 ip[32], rc[64];
	int			 i, rejected = 0;

	for (i = 0; i < 40; i++) {
		snprintf(rc, sizeof(rc), "<user%d@uni.test>", i);
		rcpt[0] = rc;
		snprintf(ip, sizeof(ip), "%d.20.7.25", 60 + i % 3);
		r = deliver(ooo, ip, "<>", rcpt, 1, 1800000000 + i * 60);
		ck_assert_msg(r.verdict.action != VERDICT_REJECT,
		    "auto-reply %d rejected (%s)", i, r.verdict.reason);
	}
	teardown_store();
	setup_site();
	for (i = 0; i < 40; i++) {
		snprintf(rc, sizeof(rc), "<user%d@uni.test>", i);
		rcpt[0] = rc;
		snprintf(ip, sizeof(ip), "%d.%d.7.25", 60 + i, 11 * i % 250);
		r = deliver(ooo, ip, "<>", rcpt, 1, 1800000000 + i * 60);
		rejected += r.verdict.action == VERDICT_REJECT;
	}
	ck_assert_int_ge(rejected, 20);
}
END_TEST

static void
fp_sink(void *arg, const unsigned char *buf, size_t len)
{
	boiler_fp_update(arg, buf, len);
}

/*
 * A campaign dressed up as bounces: its text under Postfix's form, once
 * or five times over, each copy from a new network to a new user. The
 * forms go, and count against its own text no more when the boilerplate
 * table has learned them too; its own text is read as any campaign's and
 * it is rejected from RejectThreshold recipients on, the text all its
 * own.
 */
START_TEST(site_bounce_campaign)
{
	struct message_result	 r;
	char			 ip[32], user[64], text[sizeof(BODY) + 32];
	int			 i, k, copies[] = { 1, 5 };
	size_t			 host = strlen("mx.bounce.test. <nobody@bounce.test>"
	    ": host mx.bounce.test[203.0.100.1] said: 550 5.1.1 <nobody@bounce."
	    "test>: recipient address rejected: user unknown in virtual mailbox "
	    "table ");

	static struct boiler_fp	 f;
	struct canon		*c;
	char			 form[2048];

	for (k = 0; k < 2; k++) {
		teardown_store();
		setup_site();
		cfg->reject_threshold = cfg->tag_threshold = 3;
		/* the form, learned as boilerplate: one sender's, 4 places */
		snprintf(form, sizeof(form), POSTFIX_FORM, "a.test");
		boiler_fp_reset(&f);
		ck_assert_ptr_nonnull(c = canon_new(CANON_TEXT, 0, 0, fp_sink,
		    &f));
		canon_body(c, (const unsigned char *)form, strlen(form));
		canon_end(c);
		canon_free(c);
		ck_assert_uint_gt(boiler_fp_final(&f), 10);
		for (i = 0; i < BOILER_PLACES; i++)
			boiler_note(store_boiler(store), f.fp, f.nfp, 100 + i,
			    100 + i, 42, 1800000000);
		for (i = 0; i < 10; i++) {
			snprintf(ip, sizeof(ip), "203.%d.0.%d", 100 + i, 1 + i);
			snprintf(user, sizeof(user), "<user%d@uni.test>", i);
			snprintf(text, sizeof(text), "%s ref %d", BODY, 1000 + i * 7);
			r = report("bounce.test", ip, user, text, copies[k],
			    1800000000 + i * 60);
			ck_assert_int_eq(r.digested, 1);
			/* the forms went; the reasons and host names stay */
			ck_assert_uint_eq(r.own_bytes, r.body_bytes);
			ck_assert_uint_le(r.body_bytes, strlen(text) +
			    (size_t)copies[k] * (host + 2));
			ck_assert_msg(r.verdict.action == (i >= 2 ?
			    VERDICT_REJECT : VERDICT_ACCEPT), "%d forms, copy %d: "
			    "%s (%s)", copies[k], i,
			    verdict_action_name(r.verdict.action), r.verdict.reason);
		}
	}
}
END_TEST

/*
 * A campaign of one line and an image, its text in a hidden block, and
 * Postfix's form shown: the form goes before the shown text is weighed
 * against MinOwnText, so the hidden text is read as without the form,
 * and the campaign is rejected from the third copy, with RejectThreshold
 * 3. (Weighed with the form, the line and the form were enough shown
 * text; with the form gone, the line alone was too short to digest and
 * every copy was accepted.)
 */
START_TEST(site_bounce_hidden)
{
	struct message		*m;
	struct message_result	 r;
	const char		*rcpt[1];
	char			 form[2048], user[64], ip[32], text[8192];
	int			 i, k;

	for (k = 0; k < 2; k++) {
		teardown_store();
		setup_site();
		cfg->reject_threshold = cfg->tag_threshold = 3;
		for (i = 0; i < 8; i++) {
			snprintf(form, sizeof(form), POSTFIX_FORM, "far.test");
			snprintf(user, sizeof(user), "<user%d@uni.test>", i);
			snprintf(ip, sizeof(ip), "203.%d.0.%d", 100 + i, 1 + i);
			snprintf(text, sizeof(text), "<p>Hi user%d, your parcel "
			    "is waiting.</p><img src=\"p.png\"><pre>%s</pre>"
			    "<div style=\"display:none\">%s</div>\n", i,
			    k ? form : "", BODY BODY);
			ck_assert_ptr_nonnull(m = message_new(cfg, 0));
			message_client_str(m, ip);
			message_sender(m, "<>");
			rcpt[0] = user;
			message_rcpt(m, rcpt[0]);
			message_header(m, "Content-Type", "text/html");
			message_body(m, (const unsigned char *)text, strlen(text));
			message_finish(m, store, 1800000000 + i * 60, 0, &r);
			message_free(m);
			ck_assert_int_eq(r.store_err, 0);
			ck_assert_msg(r.verdict.action == (i >= 2 ?
			    VERDICT_REJECT : VERDICT_ACCEPT), "%s form, copy %d: "
			    "%s (%s)", k ? "with" : "without", i,
			    verdict_action_name(r.verdict.action), r.verdict.reason);
		}
	}
}
END_TEST

/* A Teams invitation as Outlook writes its text part, to fill in. */
#define TEAMS_INVITE \
    "%s\n\n" \
    "________________________________________________________________________________\n" \
    "Microsoft Teams meeting\n" \
    "Join on your computer, mobile app or room device\n" \
    "Click here to join the meeting<https://teams.microsoft.com/l/meetup-join/" \
    "19%%3ameeting_%s%%40thread.v2/0?context=%%7b%%22Tid%%22%%3a%%22%s%%22%%7d>\n" \
    "Meeting ID: %u %u %u\n" \
    "Passcode: %s\n" \
    "Download Teams<https://www.microsoft.com/en-us/microsoft-teams/download-app> " \
    "| Join on the web<https://www.microsoft.com/microsoft-teams/join-a-meeting>\n" \
    "Learn More<https://aka.ms/JoinTeamsMeeting> | Meeting options<https://" \
    "teams.microsoft.com/meetingOptions/?organizerId=%s&tenantId=%s>\n" \
    "________________________________________________________________________________\n"

/* n random letters and digits, from *seed. */
static void
rand_id(char *buf, size_t n, unsigned int *seed)
{
	static const char	 abc[] = "abcdefghijklmnopqrstuvwxyz0123456789";
	size_t			 i;

	for (i = 0; i < n; i++) {
		*seed = *seed * 1103515245u + 12345u;
		buf[i] = abc[(*seed >> 16) % (sizeof(abc) - 1)];
	}
	buf[n] = '\0';
}

/*
 * Invitation i from organisation i's network (NET.92+i.3i.25) to user i of
 * the site, an hour after invitation i - 1: it must not be rejected.
 */
static void
invitation(const char *text, int net, int i)
{
	struct message_result	 r;
	char			 ip[32], from[64], user[64];
	const char		*rcpt[1] = { user };

	snprintf(ip, sizeof(ip), "%d.%d.%d.25", net, 92 + i, 3 * i);
	snprintf(from, sizeof(from), "<organiser@org%d.test>", i);
	snprintf(user, sizeof(user), "<user%d@uni.test>", i);
	r = offer(text, ip, from, rcpt, 1, 1800000000 + i * 3600);
	ck_assert_msg(r.verdict.action != VERDICT_REJECT,
	    "invitation %d rejected (%s)", i, r.verdict.reason);
}

/*
 * Meeting invitations from twenty organisations, each through its own
 * network, each to another person at the site, an hour apart: the
 * service's form around the organiser's one line. The form is not their
 * text (forms.h): none is rejected, with RejectThreshold 3.
 */
START_TEST(site_invitations)
{
	char			 text[4096], line[160];
	char			 mt[40], tid[40], pass[8];
	unsigned int		 seed = 11;
	int			 i;

	cfg->reject_threshold = cfg->tag_threshold = 3;
	for (i = 0; i < 20; i++) {
		rand_id(mt, 32, &seed);
		rand_id(tid, 36, &seed);
		rand_id(pass, 6, &seed);
		snprintf(line, sizeof(line), "%s", letters[i % 8]);
		line[40 + i * 3] = '\0';	/* a line of the organiser's own */
		snprintf(text, sizeof(text), TEAMS_INVITE, line, mt, tid,
		    100 + i * 37, 200 + i * 11, 300 + i * 7, pass, tid, tid);
		invitation(text, 40, i);
	}
}
END_TEST

/* Zoom's invitation of an account in the United States, with its numbers. */
#define ZOOM_INVITE "%s\n\n%s is inviting you to a scheduled Zoom meeting.\n\n" \
    "Topic: %s\nTime: Jun %d, 2026 0%d:00 PM Eastern Time (US and Canada)\n\n" \
    "Join Zoom Meeting\nhttps://us06web.zoom.us/j/%s?pwd=%s\n\n" \
    "Meeting ID: %.3s %.4s %.4s\nPasscode: %s\n\n---\n\nOne tap mobile\n" \
    "+16465588656,,%s#,,,,*%s# US (New York)\n" \
    "+16469313860,,%s#,,,,*%s# US\n\n---\n\nDial by your location\n" \
    "\u2022 +1 646 558 8656 US (New York)\n\u2022 +1 646 931 3860 US\n" \
    "\u2022 +1 301 715 8592 US (Washington DC)\n\u2022 +1 305 224 1968 US\n" \
    "\u2022 +1 309 205 3325 US\n\u2022 +1 312 626 6799 US (Chicago)\n" \
    "\u2022 +1 669 444 9171 US\n\u2022 +1 669 900 6833 US (San Jose)\n" \
    "\u2022 +1 689 278 1000 US\n\u2022 +1 719 359 4580 US\n" \
    "\u2022 +1 253 205 0468 US\n\u2022 +1 253 215 8782 US (Tacoma)\n" \
    "\u2022 +1 346 248 7799 US (Houston)\n\u2022 +1 360 209 5623 US\n" \
    "\u2022 +1 386 347 5053 US\n\u2022 +1 507 473 4847 US\n" \
    "\u2022 +1 564 217 2000 US\n\n" \
    "Meeting ID: %.3s %.4s %.4s\nPasscode: %s\n\n" \
    "Find your local number: https://us06web.zoom.us/u/%s\n"

/*
 * Zoom invitations from thirty organisations, each through its own
 * network, to another person at the site, an hour apart: the form and
 * the account's nineteen dial-in numbers around the organiser's line,
 * name and topic and the meeting's number, link and passcode. The
 * numbers are the service's directory, not their text (forms.h): none
 * is rejected. (With the numbers and the form read as their text, the
 * fourth already was, as a botnet's near copies: reason spread.)
 */
START_TEST(site_zoom_invitations)
{
	char			 text[4096], line[160];
	char			 id[12], pwd[33], pass[7], u[8], who[16], topic[24];
	unsigned int		 seed = 17;
	int			 i;

	for (i = 0; i < 30; i++) {
		rand_id(pwd, 32, &seed);
		rand_id(u, 7, &seed);
		rand_id(who, 9, &seed);
		who[4] = ' ';			/* a first and a last name */
		rand_id(topic, 18, &seed);
		topic[7] = ' ';			/* and the meeting's topic */
		snprintf(id, sizeof(id), "8%010u", seed % 1000000000u);
		snprintf(pass, sizeof(pass), "%06u", (seed >> 8) % 1000000u);
		/* a line of the organiser's own */
		snprintf(line, sizeof(line), "%s", letters[i % 8] + i / 8 * 40);
		line[60] = '\0';
		snprintf(text, sizeof(text), ZOOM_INVITE, line, who, topic,
		    1 + i, 1 + i % 5, id, pwd, id, id + 3, id + 7, pass, id,
		    pass, id, pass, id, id + 3, id + 7, pass, u);
		invitation(text, 64, i);
	}
}
END_TEST

/*
 * QQ Mail's default holiday auto-reply, from twenty users' hosts to one
 * person who wrote to a list they are on, each with the null sender and
 * a line of its own (whom to write to instead): the form is not their
 * text, and none is rejected, with RejectThreshold 3.
 */
START_TEST(site_autoreplies)
{
	struct message_result	 r;
	const char		*rcpt[1] = { "<poster@uni.test>" };
	char			 text[1024], ip[32], who[32], mail[32];
	unsigned int		 seed = 5;
	int			 i;

	cfg->reject_threshold = cfg->tag_threshold = 3;
	for (i = 0; i < 20; i++) {
		rand_id(who, 12, &seed);
		rand_id(mail, 16, &seed);
		snprintf(text, sizeof(text), "这是来自QQ邮箱的假期自动回复邮件。\n"
		    "\n您好，我最近正在休假中，无法亲自回复您的邮件。我将在假期结束后，"
		    "尽快给您回复。\n\n急事请联系 %s：%s@lab%d.test\n", who, mail, i);
		snprintf(ip, sizeof(ip), "183.%d.%d.9", 3 + i, 40 + 5 * i);
		r = offer(text, ip, "<>", rcpt, 1, 1800000000 + i * 600);
		ck_assert_msg(r.verdict.action != VERDICT_REJECT,
		    "auto-reply %d rejected (%s)", i, r.verdict.reason);
	}
}
END_TEST

/*
 * A mail system's default out-of-office reply, not a form forms.c knows,
 * from twelve organisations' hosts to the six people of the site who
 * wrote to a list, each with the null sender and a line of its own (whom
 * to write to instead), with the default thresholds (twelve networks are
 * fewer than RejectThreshold); with authserv non-NULL each carries a
 * trusted verifier's DKIM pass for its organisation, as a site running
 * OpenDKIM before the milter sees them. Returns how many were rejected.
 */
static int
autoreplies(const char *authserv)
{
	struct message_result	 r;
	const char		*poster[6] = { "<ann@uni.test>",
				    "<bo@uni.test>", "<cy@uni.test>",
				    "<di@uni.test>", "<ed@uni.test>",
				    "<flo@uni.test>" };
	char			 text[1024], ip[32], who[32], mail[32], ar[128];
	unsigned int		 seed = 11;
	int			 i, rejected = 0;

	ck_assert_int_gt(cfg->reject_threshold, 12);
	free(cfg->trusted_authserv_ids);
	cfg->trusted_authserv_ids = strdup(authserv != NULL ? authserv : "");
	for (i = 0; i < 12; i++) {
		rand_id(who, 12, &seed);
		rand_id(mail, 16, &seed);
		snprintf(text, sizeof(text), "Thank you for your message. I am "
		    "out of the office at the moment with limited access to my "
		    "email, and I will answer your message as soon as possible "
		    "after my return. Messages are not forwarded while I am "
		    "away.\n\nFor anything urgent please write to %s at "
		    "%s@org%d.test.\n", who, mail, i);
		snprintf(ip, sizeof(ip), "192.0.%d.%d", 10 + 7 * i, 25 + i);
		snprintf(ar, sizeof(ar), "%s; dkim=pass header.d=org%d.test",
		    authserv != NULL ? authserv : "none", i);
		r = offer_ar(text, ip, "<>", &poster[i % 6], 1,
		    authserv != NULL ? ar : NULL, 1800000000 + i * 600);
		ck_assert_int_eq(r.digested, 1);
		rejected += r.verdict.action == VERDICT_REJECT;
	}
	return rejected;
}

/* Unsigned, the replies are no one's sending: none is rejected. */
START_TEST(site_autoreplies_unsigned)
{
	ck_assert_int_eq(autoreplies(NULL), 0);
}
END_TEST

/*
 * Signed, each by its organisation, neither: a reply with the null
 * sender is the mail system's, not its organisation's mailing
 * (message.c sender_identity()). Before, each signature counted as a
 * sender of its own, and the spread rule rejected 4 of the 12 as the
 * same text from unrelated senders' hosts.
 */
START_TEST(site_autoreplies_signed)
{
	ck_assert_int_eq(autoreplies("mx.uni.test"), 0);
}
END_TEST

/*
 * Posts of eight Google groups, each a letter of its own under Google's
 * footer, each from another of Google's networks to the group's own
 * three subscribers at the site: the footer is a form, not their text,
 * and none is rejected, with RejectThreshold 3.
 */
START_TEST(site_google_groups)
{
	struct message_result	 r;
	const char		*rcpt[3];
	char			 text[2048], ip[32], from[64], who[3][64];
	int			 i, j;

	cfg->reject_threshold = cfg->tag_threshold = 3;
	for (i = 0; i < 8; i++) {
		snprintf(text, sizeof(text), "%s\n\n-- \nYou received this "
		    "message because you are subscribed to the Google Groups "
		    "\"group%d\" group.\nTo unsubscribe from this group and stop "
		    "receiving emails from it, send an email to "
		    "group%d+unsubscribe@googlegroups.com.\nTo view this "
		    "discussion on the web visit https://groups.google.com/d/msgid/"
		    "group%d/CAB%dx%d%%40mail.gmail.com.\n", letters[i], i, i, i,
		    i * 7919, i * 104729);
		for (j = 0; j < 3; j++) {
			snprintf(who[j], sizeof(who[j]), "<g%dm%d@uni.test>", i, j);
			rcpt[j] = who[j];
		}
		snprintf(ip, sizeof(ip), "209.85.%d.%d", 128 + i * 9, 10 + i);
		snprintf(from, sizeof(from), "<group%d+bncBC%d@googlegroups.com>",
		    i, i * 31);
		r = offer(text, ip, from, rcpt, 3, 1800000000 + i * 3600);
		ck_assert_msg(r.verdict.action != VERDICT_REJECT,
		    "post %d rejected (%s)", i, r.verdict.reason);
	}
}
END_TEST

static const char cfp[] =
    "CALL FOR PAPERS. The ninth international workshop on river ecology "
    "invites papers on sediment transport, flood plains, fish migration "
    "and the restoration of urban streams. Submissions of up to eight "
    "pages are due on the first of July; notification follows in August, "
    "and the workshop meets in Ghent from the fourth to the sixth of "
    "October. Apologies for cross-posting; please forward to colleagues.";

/*
 * List k's post of text to its eight subscribers (people 8k to 8k+7),
 * from its own server in its own /16, under its VERP address, at t.
 */
static struct message_result
list_post(int k, const char *text, const char *tag, int64_t t)
{
	char		 who[8][64], ip[32], from[64], body[2048];
	const char	*rcpt[8];
	int		 j;

	for (j = 0; j < 8; j++) {
		snprintf(who[j], sizeof(who[j]), "<%s%d@uni.test>", tag,
		    8 * k + j);
		rcpt[j] = who[j];
	}
	snprintf(ip, sizeof(ip), "%d.%d.7.25", 150 + k, 20 + k);
	snprintf(from, sizeof(from), "<%slist%d-bounces+%d@lists%d.test>",
	    tag, k, (int)(t % 997), k);
	snprintf(body, sizeof(body), "%s\n\n_______________\n%slist%d mailing "
	    "list\nhttps://lists%d.test/listinfo/%slist%d\n", text, tag, k, k,
	    tag, k);
	return deliver(body, ip, from, rcpt, 8, t);
}

/*
 * A call for papers that three lists carry, each to its eight
 * subscribers at the site, and its organiser sends to six colleagues
 * there: a cluster of 30 people from four networks, bulk by its counts.
 * The lists' subscribers had two of each list's other posts before:
 * their copies are tagged (correspondent), not rejected. The
 * organiser's copies to people who never had mail from the organiser
 * are rejected as bulk, as is a campaign under the first list's address
 * from hosts the list never used. Three new lists whose first mail is
 * the call: rejected from the second on.
 */
START_TEST(site_lists_cross_post)
{
	struct message_result	 r;
	char			 rc[64], ip[32];
	const char		*rcpt[1] = { rc };
	int64_t			 t = 1800000000;
	int			 k, i;

	ck_assert_int_eq(cfg->reject_threshold, 15);	/* the default */
	for (k = 0; k < 3; k++)		/* the lists' earlier posts */
		for (i = 0; i < 2; i++) {
			r = list_post(k, letters[2 * k + i], "s", t);
			ck_assert_int_eq(r.verdict.action, VERDICT_ACCEPT);
			t += 3600;
		}
	t += 86400;
	for (k = 0; k < 3; k++) {
		r = list_post(k, cfp, "s", t + k * 600);
		if (k == 0)
			ck_assert_int_eq(r.verdict.action, VERDICT_ACCEPT);
		else {
			ck_assert_int_eq(r.verdict.action, VERDICT_TAG);
			ck_assert_str_eq(r.verdict.reason, "correspondent");
		}
	}
	for (i = 0; i < 6; i++) {	/* the organiser's own copies */
		snprintf(rc, sizeof(rc), "<colleague%d@uni.test>", i);
		r = deliver(cfp, "192.0.2.80", "<chair@river.test>", rcpt, 1,
		    t + 3600 + i);
		ck_assert_int_eq(r.verdict.action, VERDICT_REJECT);
		ck_assert_str_eq(r.verdict.reason, "bulk");
	}
	for (i = 0; i < 8; i++) {	/* list 0's address, forged */
		snprintf(rc, sizeof(rc), "<s%d@uni.test>", i);
		snprintf(ip, sizeof(ip), "203.%d.113.%d", i, 9 + i);
		r = deliver(cfp, ip, "<slist0-bounces@lists0.test>", rcpt, 1,
		    t + 7200 + i);
		ck_assert_msg(r.verdict.action == VERDICT_REJECT,
		    "forged copy %d: %s", i, r.verdict.reason);
	}
	/* lists that never sent the site anything before */
	for (k = 0; k < 3; k++) {
		r = list_post(k, letters[7], "n", t + 86400 + k * 600);
		if (k == 0)
			ck_assert_int_eq(r.verdict.action, VERDICT_ACCEPT);
		else
			ck_assert_int_eq(r.verdict.action, VERDICT_REJECT);
	}
}
END_TEST

/*
 * Text made a bulk cluster: 16 copies to 16 people of the site from 16
 * networks of as many blocks, each under its own sender. The last copy
 * must be rejected.
 */
static void
make_bulk(const char *text, const char *tag, int64_t t)
{
	struct message_result	 r;
	char			 rc[64], ip[32], from[64];
	const char		*rcpt[1] = { rc };
	int			 i;

	for (i = 0; i < 16; i++) {
		snprintf(rc, sizeof(rc), "<%s%d@uni.test>", tag, i);
		snprintf(ip, sizeof(ip), "100.%d.%d.9", 64 + i, i);
		snprintf(from, sizeof(from), "<x%d@%s%d.test>", i, tag, i);
		r = deliver(text, ip, from, rcpt, 1, t + i);
	}
	ck_assert_int_eq(r.verdict.action, VERDICT_REJECT);
}

/* n people <tag>0 .. <tag><n-1> of the site, in rcpt (names in who). */
static void
people(char who[][32], const char **rcpt, int n, const char *tag)
{
	int	i;

	for (i = 0; i < n; i++) {
		snprintf(who[i], sizeof(who[i]), "<%s%d@uni.test>", tag, i);
		rcpt[i] = who[i];
	}
}

/*
 * Where a correspondent's copy is not one. A sender's two earlier
 * letters reached groups of ten and a list of 70; its copy of a bulk
 * cluster to one group is a correspondent's, but not to another and a
 * spam trap, nor from another /24 of its /16 under its address (to a
 * third), nor to the 70 (more than the 64 hashes kept: a sample a
 * spammer could compute and prime; all 64 were noted). Letters that
 * were rejected, or only looked up (nilsimsactl check), teach nothing.
 */
START_TEST(site_correspondent_limits)
{
	static const char	*tags[] = { "k", "j", "g", "sub" };
	static const int	 size[] = { 10, 10, 10, 70 };
	struct message_result	 r;
	char			 who[4][70][32];
	char			 trap[32] = "<trap@uni.test>";
	const char		*rcpt[4][71];
	int64_t			 t = 1800000000;
	int			 g;

	set_list(&cfg->spamtrap, "trap@uni.test");
	for (g = 0; g < 4; g++) {
		people(who[g], rcpt[g], size[g], tags[g]);
		deliver(letters[0], "198.51.100.7", "<news@club.test>", rcpt[g],
		    size[g], t + g);
		deliver(letters[1], "198.51.100.7", "<news@club.test>", rcpt[g],
		    size[g], t + 10 + g);
	}
	make_bulk(BODY, "c", t + 120);

	r = deliver(BODY, "198.51.100.7", "<news@club.test>", rcpt[0], 10,
	    t + 300);
	ck_assert_int_eq(r.verdict.action, VERDICT_TAG);
	ck_assert_str_eq(r.verdict.reason, "correspondent");
	rcpt[1][10] = trap;
	r = deliver(BODY, "198.51.100.7", "<news@club.test>", rcpt[1], 11,
	    t + 310);
	ck_assert_int_eq(r.verdict.action, VERDICT_REJECT);
	r = deliver(BODY, "198.51.7.7", "<news@club.test>", rcpt[2], 10,
	    t + 320);
	ck_assert_int_eq(r.verdict.action, VERDICT_REJECT);
	r = deliver(BODY, "198.51.100.7", "<news@club.test>", rcpt[3], 70,
	    t + 330);
	ck_assert_int_eq(r.verdict.action, VERDICT_REJECT);

	/* rejected letters teach nothing: copies of three bulk clusters */
	make_bulk(letters[2], "x", t + 400);
	make_bulk(letters[3], "y", t + 500);
	make_bulk(letters[4], "z", t + 600);
	r = deliver(letters[2], "203.0.113.5", "<a@w.test>", rcpt[0], 1,
	    t + 700);
	ck_assert_int_eq(r.verdict.action, VERDICT_REJECT);
	r = deliver(letters[3], "203.0.113.5", "<a@w.test>", rcpt[0], 1,
	    t + 710);
	ck_assert_int_eq(r.verdict.action, VERDICT_REJECT);
	r = deliver(letters[4], "203.0.113.5", "<a@w.test>", rcpt[0], 1,
	    t + 720);
	ck_assert_int_eq(r.verdict.action, VERDICT_REJECT);
	/* nor do letters only looked up (of two clusters the store has) */
	(void)offer_run(letters[0], "192.0.2.5", "<b@w.test>", rcpt[1], 1,
	    NULL, t + 800, 1);
	(void)offer_run(letters[1], "192.0.2.5", "<b@w.test>", rcpt[1], 1,
	    NULL, t + 810, 1);
	r = deliver(letters[4], "192.0.2.5", "<b@w.test>", rcpt[1], 1,
	    t + 820);
	ck_assert_int_eq(r.verdict.action, VERDICT_REJECT);
}
END_TEST

static const char notice[] =
    "This e-mail and any attachment are confidential and intended solely "
    "for the person or entity to whom they are addressed. If you are not "
    "the intended recipient, you must not read, copy, forward or use it; "
    "please tell the sender at once and delete the message and any copy "
    "of it from your system. The company accepts no liability for any "
    "damage caused by this e-mail or its attachments.";

/* The fingerprints of the notice as the canonicaliser gives it. */
static size_t
notice_fp(struct boiler_fp *f)
{
	char	canon[sizeof(notice)];
	size_t	i, n;

	for (i = 0; notice[i] != '\0'; i++)
		canon[i] = (char)tolower((unsigned char)notice[i]);
	canon[i] = '\0';
	boiler_fp_reset(f);
	boiler_fp_update(f, (const unsigned char *)canon, strlen(canon));
	ck_assert_uint_gt(n = boiler_fp_final(f), 0);
	return n;
}

/*
 * Text that is mostly boilerplate (less than MinOwnShare of it the
 * message's own): a short note above a long confidentiality notice that
 * a sender puts under all its mail. Its code says more of the notice
 * than of the note: it joins a cluster only as a near copy (a second
 * copy of one message), so notes under one notice never gather into one
 * cluster; each starts its own.
 */
START_TEST(site_mostly_boilerplate)
{
	const char		*rcpt[] = { "<me@uni.test>" };
	static struct boiler_fp	 f;
	struct message_result	 r, first;
	char			 text[4096];
	size_t			 n;
	int			 i;

	ck_assert_int_eq(cfg->min_own_share, 70);	/* the default */
	snprintf(text, sizeof(text), "%s\n\n%s", letters[0], notice);
	first = deliver(text, "192.0.2.1", "<a@corp.test>", rcpt, 1, 1800000000);

	/* the notice as the canonicaliser gives it, one sender's, 4 places */
	n = notice_fp(&f);
	for (i = 0; i < BOILER_PLACES; i++)
		boiler_note(store_boiler(store), f.fp, n, 100 + i, 100 + i, 42,
		    1800000050);

	for (i = 1; i < 4; i++) {
		snprintf(text, sizeof(text), "%s\n\n%s", letters[i], notice);
		r = offer(text, "192.0.2.2", "<b@corp.test>", rcpt, 1,
		    1800000100 + i);
		ck_assert_uint_ge(r.own_bytes, cfg->min_own_text);
		ck_assert_uint_lt(r.own_bytes * 100, r.body_bytes * 70);
		ck_assert_int_eq(message_count_kind(cfg, &r), MESSAGE_COUNT_NEAR);
		ck_assert_int_eq(r.digested, 1);
		ck_assert_int_eq(r.res.created, 1);	/* joined no other note */
		ck_assert_int_eq(r.verdict.action, VERDICT_ACCEPT);
	}
	/* a second copy of the first message is a near copy: it joins */
	snprintf(text, sizeof(text), "%s\n\n%s", letters[0], notice);
	r = offer(text, "192.0.2.3", "<c@corp.test>", rcpt, 1, 1800000200);
	ck_assert_int_eq(r.digested, 1);
	ck_assert_uint_eq(r.res.c.id, first.res.c.id);
	ck_assert_uint_eq(r.res.c.messages, 2);
	/* MinOwnShare 0: judged like any other text */
	cfg->min_own_share = 0;
	ck_assert_int_eq(message_count_kind(cfg, &r), MESSAGE_COUNT_FULL);
}
END_TEST

/*
 * Eight letters of four companies under one common notice, which
 * another company's long letter has shown in another cluster, once;
 * letter i from the client address pool(i). Returns the last letter's
 * result; *loose counts the letters that joined looser than a near copy.
 */
static struct message_result
notice_letters(void (*pool)(char *, size_t, int), int *loose)
{
	const char		*rcpt[] = { "<me@uni.test>" };
	static struct boiler_fp	 f;
	struct message_result	 r;
	char			 text[4096], ip[32], from[64];
	size_t			 n;
	int			 i;

	n = notice_fp(&f);
	boiler_note(store_boiler(store), f.fp, n, 100, 100, 1000, 1800000000);
	*loose = 0;
	for (i = 0; i < 8; i++) {
		snprintf(text, sizeof(text), "%s\n\n%s", letters[i], notice);
		pool(ip, sizeof(ip), i);
		snprintf(from, sizeof(from), "<staff@corp%d.test>", i % 4);
		r = offer(text, ip, from, rcpt, 1, 1800003600 + i * 600);
		if (i == 3)		/* 4 companies: not yet boilerplate */
			ck_assert_uint_eq(r.own_bytes, r.body_bytes);
		if (r.digested && !r.res.created && !r.res.exact &&
		    r.res.score >= STORE_COPY_MIN && r.res.score < STORE_NEAR_COPY)
			(*loose)++;
	}
	return r;
}

/* Each company's letters from its own network. */
static void
own_network(char *ip, size_t len, int i)
{
	snprintf(ip, len, "198.51.%d.10", 100 + i % 4);
}

/*
 * Short letters under the long notice score 50 to 89 against each other
 * and gather in one cluster, where as copies they would all be one
 * place. A looser join than a near copy is a place of its own, so a
 * company that sent two short letters has shown the notice in two
 * places, and in two clusters with the long letter: the notice becomes
 * boilerplate, and the last letter's own text is its letter alone.
 */
START_TEST(site_shared_notice)
{
	struct message_result	r;
	int			loose;

	r = notice_letters(own_network, &loose);
	ck_assert_int_ge(loose, 3);		/* the case this is about */
	ck_assert_uint_lt(r.own_bytes * 100, r.body_bytes * 70);
	ck_assert_int_ne(r.verdict.action, VERDICT_REJECT);
}
END_TEST

/* Every letter from another /24 of one provider's /16. */
static void
provider_pool(char *ip, size_t len, int i)
{
	snprintf(ip, len, "40.107.%d.%d", 10 + i * 17, 20 + i);
}

/*
 * The same, the companies' mail leaving through a provider's pools
 * (Microsoft 365, Google). A company is its domain from that /16, so one
 * that sent two letters has shown the notice in two places all the same
 * (found on xsite's English stream: with the /24 as the sender, no
 * company was ever seen twice, and letters gathered by the notice were
 * rejected as a campaign).
 */
START_TEST(site_shared_notice_pools)
{
	struct message_result	r;
	int			loose;

	r = notice_letters(provider_pool, &loose);
	ck_assert_uint_lt(r.own_bytes * 100, r.body_bytes * 70);
	ck_assert_int_ne(r.verdict.action, VERDICT_REJECT);
}
END_TEST

static Suite *
message_suite(void)
{
	Suite	*s = suite_create("message");
	TCase	*tc = tcase_create("headers");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, lone_cr_in_header);
	tcase_add_test(tc, qid_visible);
	tcase_add_test(tc, quote_blocks);
	tcase_add_test(tc, log_fields);
	tcase_add_test(tc, crlf_split);
	tcase_add_test(tc, hidden_text_under_min_own_text);
	tcase_add_test(tc, score_mode_auto);
	suite_add_tcase(s, tc);
	tc = tcase_create("partial");
	tcase_add_checked_fixture(tc, setup_partial, teardown_store);
	tcase_add_test(tc, partial_some_whitelisted);
	tcase_add_test(tc, partial_all_or_none);
	tcase_add_test(tc, partial_trap);
	tcase_add_test(tc, partial_detail);
	tcase_add_test(tc, partial_shadow);
	tcase_add_test(tc, partial_bounds);
	tcase_add_test(tc, partial_quoted);
	suite_add_tcase(s, tc);
	tc = tcase_create("partial-told");
	tcase_add_checked_fixture(tc, setup_store, teardown_store);
	tcase_add_test(tc, partial_told);
	suite_add_tcase(s, tc);
	tc = tcase_create("site");
	tcase_add_checked_fixture(tc, setup_site, teardown_store);
	tcase_add_test(tc, site_newsletter_month);
	tcase_add_test(tc, site_two_newsletters);
	tcase_add_test(tc, site_rcpt_repeated);
	tcase_add_test(tc, site_provider_list);
	tcase_add_test(tc, site_campaign);
	tcase_add_test(tc, check_predicts_milter);
	tcase_add_test(tc, subject_decoded);
	tcase_add_test(tc, site_freemail_campaign);
	tcase_add_test(tc, site_provider_pool);
	tcase_add_test(tc, site_pool_shield);
	tcase_add_test(tc, site_provider_full);
	tcase_add_test(tc, site_auto_replies);
	tcase_add_test(tc, site_campaign_overlap);
	tcase_add_test(tc, site_one_user_four_names);
	tcase_add_test(tc, site_many_recipients);
	tcase_add_test(tc, site_botnet_spread);
	tcase_add_test(tc, site_thread_one_user);
	tcase_add_test(tc, site_authenticated_mailing);
	tcase_add_test(tc, site_unauthenticated_mailing);
	tcase_add_test(tc, site_forged_authserv);
	tcase_add_test(tc, site_boilerplate);
	tcase_add_test(tc, site_little_text);
	tcase_add_test(tc, site_boilerplate_poisoning);
	tcase_add_test(tc, site_mostly_boilerplate);
	tcase_add_test(tc, site_shared_notice);
	tcase_add_test(tc, site_shared_notice_pools);
	tcase_add_test(tc, site_bounces);
	tcase_add_test(tc, site_bounce_campaign);
	tcase_add_test(tc, site_mailing_bounced);
	tcase_add_test(tc, site_bounce_hidden);
	tcase_add_test(tc, site_invitations);
	tcase_add_test(tc, site_zoom_invitations);
	tcase_add_test(tc, site_autoreplies);
	tcase_add_test(tc, site_autoreplies_unsigned);
	tcase_add_test(tc, site_autoreplies_signed);
	tcase_add_test(tc, site_google_groups);
	tcase_add_test(tc, site_lists_cross_post);
	tcase_add_test(tc, site_correspondent_limits);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return tu_run(message_suite(), "check_message", NULL);
}
