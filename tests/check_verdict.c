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
 * check_verdict: the rules of verdict.c, each driven directly. The
 * expectations are the rules as README and nilsimsa-milter(8) state them.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "store.h"
#include "testutil.h"
#include "verdict.h"

static struct config	*cfg;

static void
setup(void)
{
	ck_assert_ptr_nonnull(cfg = config_default());
	cfg->tag_threshold = 5;
	cfg->reject_threshold = 20;
	cfg->reject_min_networks = 2;
}

static void
teardown(void)
{
	config_free(cfg);
}

/* A joined cluster: messages, recipients, networks, sender domains. */
static struct store_result
joined(uint64_t msgs, uint64_t rcpts, uint32_t nets, uint32_t senders)
{
	struct store_result	r;

	memset(&r, 0, sizeof(r));
	r.found = r.counted = 1;
	r.score = 100;
	r.c.id = 7;
	r.c.messages = msgs;
	r.c.recipients = rcpts;
	r.c.networks = nets;
	r.c.senders = senders;
	return r;
}

/* The verdict at NOW for a message of cluster r. */
#define NOW	(1800000000LL)

static struct verdict
decide(const struct store_result *r, int exempt, int trap)
{
	struct verdict_input	in = { .res = r, .exempt = exempt, .now = NOW,
				    .spamtrap = trap };
	struct verdict		v;

	verdict_decide(cfg, &in, &v);
	return v;
}

/* The same, with how far the cluster reached over a fleet. */
static struct verdict
decide_fleet(const struct store_result *r, uint64_t fleet)
{
	struct verdict_input	in = { .res = r, .exempt = EXEMPT_NONE,
				    .now = NOW, .fleet_reach = fleet };
	struct verdict		v;

	verdict_decide(cfg, &in, &v);
	return v;
}

START_TEST(test_unscored)
{
	struct verdict	v = decide(NULL, EXEMPT_NONE, 0);

	ck_assert_int_eq(v.action, VERDICT_ACCEPT);
	ck_assert_str_eq(v.tier, "none");
}
END_TEST

START_TEST(test_tiers)
{
	struct store_result	r;
	struct verdict		v;

	r = joined(2, 4, 3, 3);		/* below TagThreshold */
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_ACCEPT);
	ck_assert_str_eq(v.reason, "few");
	r = joined(2, 5, 3, 3);		/* at TagThreshold */
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.tier, "tag");
	r = joined(2, 20, 2, 3);	/* at RejectThreshold and networks */
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	ck_assert_str_eq(v.reason, "bulk");
	r = joined(2, 20, 1, 3);	/* too few networks: tag only */
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	r = joined(2, 19, 5, 3);	/* one recipient short */
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	/* RejectMinNetworks past what the set holds: a full set reads "at
	   least CLUSTER_MAX_NETS", which meets it (found by review: any
	   value over 32 turned rejection off) */
	cfg->reject_min_networks = 1000;
	r = joined(2, 20, CLUSTER_MAX_NETS, 3);
	ck_assert_int_eq(decide(&r, EXEMPT_NONE, 0).action, VERDICT_REJECT);
	r = joined(2, 20, CLUSTER_MAX_NETS - 1, 3);
	ck_assert_int_eq(decide(&r, EXEMPT_NONE, 0).action, VERDICT_TAG);
	cfg->reject_min_networks = 2;
}
END_TEST

/* What keeps a message from its recipients, as the store counts it. */
START_TEST(test_withheld)
{
	ck_assert(verdict_withheld(VERDICT_REJECT));
	ck_assert(verdict_withheld(VERDICT_TEMPFAIL));
	ck_assert(verdict_withheld(VERDICT_QUARANTINE));
	ck_assert(verdict_withheld(VERDICT_DISCARD));
	ck_assert(verdict_withheld(VERDICT_PARTIAL));
	ck_assert(!verdict_withheld(VERDICT_TAG));
	ck_assert(!verdict_withheld(VERDICT_ACCEPT));
}
END_TEST

/* A loose match of a bulk cluster is not a copy of it: tagged only. */
START_TEST(test_loose_join)
{
	struct store_result	r = joined(30, 30, 4, 3);
	struct verdict		v;

	r.score = STORE_COPY_MIN - 1;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.tier, "tag");
	r.score = STORE_COPY_MIN;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	r.score = 10;			/* an exact duplicate is a copy */
	r.exact = 1;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	/* a loose match of a cluster marked spam: tagged too */
	r.exact = 0;
	r.score = STORE_COPY_MIN - 1;
	r.c.status = CLUSTER_SPAM;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.reason, "spam");
	r.score = STORE_COPY_MIN;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
}
END_TEST

/* Similarity alone never rejects: one message to many is not bulk. */
START_TEST(test_single_message_never_rejected)
{
	struct store_result	r = joined(1, 500, 5, 1);
	struct verdict		v = decide(&r, EXEMPT_NONE, 0);

	ck_assert_int_eq(v.action, VERDICT_ACCEPT);
	r.created = 1;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_ACCEPT);
	ck_assert_str_eq(v.reason, "new");
}
END_TEST

START_TEST(test_weak_join)
{
	struct store_result	r = joined(50, 500, 9, 9);
	struct verdict		v;

	r.counted = 0;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_ACCEPT);
	ck_assert_str_eq(v.reason, "weak");
	r.exact = 1;			/* an exact duplicate is confident */
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
}
END_TEST

START_TEST(test_status)
{
	struct store_result	r = joined(2, 1, 1, 1);
	struct verdict		v;

	r.c.status = CLUSTER_SPAM;	/* learned spam: from the next copy */
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	ck_assert_str_eq(v.reason, "spam");
	r = joined(90, 900, 20, 8);
	r.c.status = CLUSTER_HAM;	/* pinned: never */
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_ACCEPT);
	ck_assert_str_eq(v.reason, "ham");
}
END_TEST

START_TEST(test_exempt)
{
	static const int	 kinds[] = { EXEMPT_CLIENT, EXEMPT_AUTH,
	    EXEMPT_SENDER, EXEMPT_RECIPIENT };
	struct store_result	 r = joined(3, 30, 4, 3);
	struct verdict		 v;
	size_t			 i;

	for (i = 0; i < sizeof(kinds) / sizeof(*kinds); i++) {
		v = decide(&r, kinds[i], 0);
		ck_assert_int_eq(v.action, VERDICT_TAG);
		ck_assert_int_eq(v.would, VERDICT_TAG);
		ck_assert_str_eq(v.reason, verdict_exempt_name(kinds[i]));
	}
	/* even a learned spam cluster: a whitelist is a promise */
	r.c.status = CLUSTER_SPAM;
	v = decide(&r, EXEMPT_CLIENT, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
}
END_TEST

/* Give cluster r n distinct recipients, last reached `ago` seconds before NOW. */
static void
add_rcpts(struct store_result *r, uint32_t n, int64_t ago)
{
	uint32_t	i;

	for (i = 0; i < n && r->c.nrset < CLUSTER_MAX_RCPTS; i++) {
		r->c.rset[r->c.nrset].h = 0x1000 + r->c.nrset;
		r->c.rset[r->c.nrset].hour = (uint32_t)((NOW - ago) / 3600);
		r->c.nrset++;
	}
}

/* Give cluster r n distinct networks, each last seen `ago` seconds before NOW. */
static void
add_nets(struct store_result *r, uint32_t n, int64_t ago)
{
	uint32_t	i;

	for (i = 0; i < n && i < CLUSTER_MAX_NETS; i++) {
		r->c.nets[i] = 100 + i;
		r->c.netn[i] = 1;
		r->c.neth[i] = (uint32_t)((NOW - ago) / 3600);
	}
	r->c.networks = i;
}

/*
 * Bulk is measured by the different recipients a cluster reached within
 * CampaignWindow: copies to the same few over weeks are not a campaign,
 * whatever the running total says.
 */
START_TEST(test_campaign_reach)
{
	struct store_result	r = joined(40, 40, 4, 3);
	struct verdict		v;

	cfg->campaign_window = 3 * 86400;
	/* a newsletter: 40 issues, to the same 2 subscribers */
	add_rcpts(&r, 1, 20 * 86400);
	add_rcpts(&r, 1, 3600);
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_ACCEPT);
	ck_assert_str_eq(v.reason, "few");
	/* a campaign: 20 different recipients within hours */
	r = joined(20, 20, 4, 3);
	add_rcpts(&r, 20, 7200);
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	ck_assert_str_eq(v.reason, "bulk");
	/* the same 20, reached a month ago: they no longer count */
	r = joined(20, 20, 4, 3);
	add_rcpts(&r, 20, 30 * 86400);
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_ACCEPT);
	/* a wider window takes them in */
	cfg->campaign_window = 60 * 86400;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	/* to one user, from 20 networks within hours: a campaign too */
	cfg->campaign_window = 3 * 86400;
	r = joined(20, 20, 20, 3);
	add_rcpts(&r, 1, 0);
	add_nets(&r, 20, 0);
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	/* the same a month ago: no longer */
	for (uint32_t i = 0; i < 20; i++)
		r.c.neth[i] = (uint32_t)((NOW - 30 * 86400) / 3600);
	r.c.rset[0].hour = (uint32_t)((NOW - 30 * 86400) / 3600);
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_ACCEPT);
	/* 6 recent ones: the tag tier */
	cfg->campaign_window = 3 * 86400;
	r = joined(20, 20, 4, 3);
	add_rcpts(&r, 6, 0);
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.tier, "tag");
}
END_TEST

/* n networks of a cluster, each with `copies` counted copies. */
static void
set_nets(struct store_result *r, uint32_t n, uint32_t copies)
{
	r->c.networks = n;
	for (uint32_t i = 0; i < n; i++) {
		r->c.nets[i] = (11 + i) << 8;	/* each in a block of its own */
		r->c.netn[i] = copies;
	}
}

/*
 * A mailing is a cluster whose copies come for the large majority from
 * one sender domain and from a few networks (CLUSTER_MAILING_NETS) that
 * send again and again: the odd outlier does not undo it, a botnet's
 * hosts that send once each do not make one, and list headers have no
 * say (the verdict does not see them).
 */
START_TEST(test_mailing_share)
{
	struct store_result	r = joined(30, 30, 2, 2);
	struct verdict		v;

	cfg->reject_min_networks = 1;
	cfg->mailing_share = 80;
	r.c.nets[0] = 11;
	r.c.netn[0] = 29;
	r.c.nets[1] = 12;
	r.c.netn[1] = 1;		/* one copy joined from elsewhere */
	r.c.sndrs[0] = 21;
	r.c.sndn[0] = 28;
	r.c.sndrs[1] = 22;
	r.c.sndn[1] = 2;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.reason, "single-source");
	/* an ESP's two networks, each sending again and again */
	r.c.netn[0] = 15;
	r.c.netn[1] = 15;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.reason, "single-source");
	/* seven networks of six copies (a shop's servers): a mailing */
	set_nets(&r, 7, 6);
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.reason, "single-source");
	/* nine networks of six copies: eight hold 89%, a mailing */
	set_nets(&r, 9, 6);
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.reason, "single-source");
	/* twelve of three: spread over more than a few networks, a campaign */
	set_nets(&r, 12, 3);
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	/* one sender domain, 50 copies from 20 networks: a campaign */
	set_nets(&r, 20, 2);
	for (uint32_t i = 0; i < 10; i++)
		r.c.netn[i] = 3;
	r.c.sndn[0] = 50;
	r.c.sndn[1] = 0;
	r.c.senders = 1;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	r.c.sndn[0] = 28;
	r.c.sndn[1] = 2;
	r.c.senders = 2;
	/* a botnet: every copy from a network of its own */
	set_nets(&r, 30, 1);
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	/* four copies from four networks, one each: no sender's servers */
	r = joined(4, 30, 4, 2);
	set_nets(&r, 4, 1);
	r.c.sndrs[0] = 21;
	r.c.sndn[0] = 4;
	r.c.senders = 1;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	r = joined(30, 30, 2, 2);
	r.c.nets[0] = 11;
	r.c.nets[1] = 12;
	r.c.sndrs[0] = 21;
	r.c.sndrs[1] = 22;
	/* one network, sender domains rotating: a campaign */
	r.c.netn[0] = 29;
	r.c.netn[1] = 1;
	r.c.sndn[0] = 10;
	r.c.sndn[1] = 20;
	r.c.senders = 2;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	/* MailingShare 100: no outlier tolerated */
	r.c.sndn[0] = 28;
	r.c.sndn[1] = 2;
	cfg->mailing_share = 100;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	/* networks saturated, each in a block of its own: spread wide,
	   whatever the shares */
	cfg->mailing_share = 80;
	set_nets(&r, CLUSTER_MAX_NETS, 1);
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	/* not saturated, within two blocks (Amazon SES's, Microsoft 365's
	   /16s): one sender's mail through a provider's pool, a mailing */
	set_nets(&r, CLUSTER_MAX_NETS - 1, 1);
	for (uint32_t i = 0; i < CLUSTER_MAX_NETS - 1; i++)
		r.c.nets[i] = (i % 2 + 1) << 8 | i;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.reason, "single-source");
	/* saturated within them, one person a copy: a provider's mailing
	   through more of its /24s than the set holds (a notice to all
	   staff through Salesforce's), a mailing still */
	r.c.networks = CLUSTER_MAX_NETS;
	r.c.nets[CLUSTER_MAX_NETS - 1] = 1 << 8 | 99;
	r.c.netn[CLUSTER_MAX_NETS - 1] = 1;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.reason, "single-source");
	/* many people a copy (a hijacked account's blast): spread wide */
	r.c.recipients = r.c.messages * CLUSTER_FULL_RCPTS + 1;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	/* one copy from a block of its own among them (a botnet's, in a
	   range's full set): spread wide, as the range would shield it */
	r.c.recipients = r.c.messages;
	r.c.nets[CLUSTER_MAX_NETS - 1] = 9 << 8 | 99;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	/* more blocks than a mailing's, two copies from each: spread wide */
	for (uint32_t i = 0; i < CLUSTER_MAX_NETS; i++) {
		r.c.nets[i] = (i % (CLUSTER_MAILING_NETS + 1) + 1) << 8 | i;
		r.c.netn[i] = 2;
	}
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
}
END_TEST

/*
 * A copy from a network its cluster knew (or from its sender domain,
 * when the cluster came from two networks at most or the copy goes to
 * REPEAT_LIST_RCPTS people or more and to half the people the cluster
 * reached lately), whose recipients the
 * cluster had all reached before, spreads nothing (a newsletter's next
 * issue, a list's next message): tagged, not rejected, however bulk the
 * cluster. One new recipient among them is spread, and so is a campaign
 * coming back to a few of the same people through new hosts, whatever
 * sender it forges; a message none of whose recipients were hashed is
 * judged as before; a cluster marked spam is rejected all the same.
 */
START_TEST(test_repeat)
{
	struct store_result	r = joined(30, 30, 30, 30);
	struct verdict		v;

	cfg->reject_min_networks = 1;
	add_rcpts(&r, 30, 0);
	r.rcpt_known = 3;
	r.net_known = 1;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.reason, "repeat");
	ck_assert_str_eq(v.tier, "tag");
	r.net_known = 0;		/* a new host: a campaign, */
	r.sender_known = 1;		/* whatever sender it forges */
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	ck_assert_str_eq(v.reason, "bulk");
	r.rcpt_known = 1;		/* to one person, again and again */
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_str_eq(v.reason, "bulk");
	r.rcpt_known = REPEAT_LIST_RCPTS;	/* to a few of the 30 */
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_str_eq(v.reason, "bulk");
	r.rcpt_known = 15;		/* to half: a list's subscribers, */
	v = decide(&r, EXEMPT_NONE, 0);	/* its host one of a provider's */
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.reason, "repeat");
	r.rcpt_known = 14;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_str_eq(v.reason, "bulk");
	r.rcpt_known = REPEAT_LIST_RCPTS - 1;
	r.c.networks = 2;		/* or a list server's two */
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_str_eq(v.reason, "repeat");
	r.sender_known = 0;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_str_eq(v.reason, "bulk");
	r.c.networks = 30;
	r.rcpt_known = 30;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_str_eq(v.reason, "bulk");
	r.sender_known = 1;		/* half: of the fleet's reach */
	v = decide_fleet(&r, 60);	/* 30 here, 60 over the fleet */
	ck_assert_str_eq(v.reason, "repeat");
	v = decide_fleet(&r, 61);
	ck_assert_str_eq(v.reason, "bulk");
	r.c.nrset = 0;			/* a cluster that reached one person */
	add_rcpts(&r, 1, 0);		/* from 30 networks */
	add_nets(&r, 30, 0);
	r.rcpt_known = 1;		/* to that one, from a new host */
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_str_eq(v.reason, "bulk");
	r.c.nrset = 0;
	add_rcpts(&r, 30, 0);
	r.sender_known = 0;
	r.net_known = 1;
	r.rcpt_new = 1;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	r.rcpt_new = r.rcpt_known = 0;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	r.rcpt_known = 3;
	r.c.status = CLUSTER_SPAM;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	ck_assert_str_eq(v.reason, "spam");
}
END_TEST

/* Give cluster r n sender domains with a copy each. */
static void
add_senders(struct store_result *r, uint32_t n)
{
	uint32_t	i;

	for (i = 0; i < n && i < CLUSTER_MAX_SENDERS; i++) {
		r->c.sndrs[i] = 500 + i;
		r->c.sndn[i] = 1;
	}
	r->c.senders = i;
}

/*
 * A cluster of n near copies, each from a new network to a new recipient,
 * from `senders` sender domains; the message brings a new recipient.
 */
static struct store_result
spread_cluster(uint32_t n, uint32_t senders)
{
	struct store_result	r = joined(n, n, n, 0);

	add_rcpts(&r, n, 0);
	add_nets(&r, n, 0);
	add_senders(&r, senders);
	r.rcpt_new = 1;
	r.score = 120;
	return r;
}

/*
 * Reports (every copy with the null sender: no sender domain) are rejected
 * by the people they reach, not by their networks: a site's mailing
 * returned to its one sender by thirty hosts is tagged, as is
 * backscatter; reports to thirty people are rejected. Over a fleet too.
 */
START_TEST(test_reports)
{
	struct store_result	r;
	struct verdict_input	in;
	struct verdict		v;

	r = joined(31, 1, 0, 0);
	add_rcpts(&r, 1, 0);		/* one person */
	add_nets(&r, 30, 0);		/* from thirty networks */
	r.rcpt_known = 1;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.reason, "bulk");
	r.c.senders = 1;		/* a sender's copies: a campaign */
	ck_assert_int_eq(decide(&r, EXEMPT_NONE, 0).action, VERDICT_REJECT);
	r.c.senders = 0;
	r.c.nrset = 0;
	add_rcpts(&r, 30, 0);		/* reports to thirty people */
	ck_assert_int_eq(decide(&r, EXEMPT_NONE, 0).action, VERDICT_REJECT);
	/* a fleet: thirty networks over its hosts (message.c merges them
	   into the cluster), one person here, one or thirty over the fleet */
	r.c.nrset = 0;
	add_rcpts(&r, 1, 0);
	memset(&in, 0, sizeof(in));
	in.res = &r;
	in.now = NOW;
	in.fleet_reach = 30;
	in.fleet_rcpts = 1;
	verdict_decide(cfg, &in, &v);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	in.fleet_rcpts = 30;
	verdict_decide(cfg, &in, &v);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	/* reports to thirty people from three servers, ten each (the
	   auto-replies of three people away): those servers' mailing */
	r.c.nrset = 0;
	add_rcpts(&r, 30, 0);
	add_nets(&r, 3, 0);
	for (uint32_t i = 0; i < 3; i++)
		r.c.netn[i] = 10;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.reason, "single-source");
	/* ... and with a network each for most of them (backscatter) */
	add_nets(&r, 20, 0);
	r.c.netn[0] = 10;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
}
END_TEST

/*
 * Near copies from SpreadThreshold different networks and sender
 * domains (none with half the copies) to as many different recipients,
 * bringing a new one, are a botnet's campaign: rejected below
 * RejectThreshold. A looser copy, a copy to people reached before (a
 * thread's reply), two senders or one with half, old networks, or
 * SpreadThreshold 0: the count decides, as before. A threshold above what
 * the sets hold (8 senders) is met when they are full.
 */
START_TEST(test_spread)
{
	struct store_result	r = joined(3, 3, 3, 3);
	struct verdict		v;

	ck_assert_uint_eq(cfg->spread_threshold, 3);	/* the default */
	cfg->reject_min_networks = 1;
	add_rcpts(&r, 3, 0);
	add_nets(&r, 3, 0);
	add_senders(&r, 3);
	r.rcpt_new = 1;
	r.score = STORE_NEAR_COPY;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	ck_assert_str_eq(v.reason, "spread");
	ck_assert_str_eq(v.tier, "reject");
	r.exact = 1;			/* an exact duplicate too */
	r.score = 10;
	ck_assert_int_eq(decide(&r, EXEMPT_NONE, 0).action, VERDICT_REJECT);
	r.exact = 0;
	r.score = STORE_NEAR_COPY - 1;	/* a copy, not a near one */
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_ACCEPT);
	ck_assert_str_eq(v.reason, "few");
	r.score = 120;
	r.rcpt_new = 0;			/* to people reached before */
	r.rcpt_known = 2;
	ck_assert_int_eq(decide(&r, EXEMPT_NONE, 0).action, VERDICT_ACCEPT);
	r.rcpt_new = 1;
	r.c.senders = 2;		/* two senders */
	ck_assert_int_eq(decide(&r, EXEMPT_NONE, 0).action, VERDICT_ACCEPT);
	r.c.senders = 3;
	r.c.sndn[0] = 2;		/* one of three sent half */
	ck_assert_int_eq(decide(&r, EXEMPT_NONE, 0).action, VERDICT_ACCEPT);
	r.c.sndn[0] = 1;
	add_nets(&r, 3, 30 * 86400);	/* the networks a month ago */
	ck_assert_int_eq(decide(&r, EXEMPT_NONE, 0).action, VERDICT_ACCEPT);
	add_nets(&r, 3, 0);
	r.c.nrset = 0;			/* two recipients */
	add_rcpts(&r, 2, 0);
	ck_assert_int_eq(decide(&r, EXEMPT_NONE, 0).action, VERDICT_ACCEPT);
	add_rcpts(&r, 1, 0);
	ck_assert_int_eq(decide(&r, EXEMPT_NONE, 0).action, VERDICT_REJECT);
	cfg->reject_min_networks = 4;	/* RejectMinNetworks applies */
	ck_assert_int_eq(decide(&r, EXEMPT_NONE, 0).action, VERDICT_ACCEPT);
	cfg->reject_min_networks = 1;
	cfg->spread_threshold = 0;	/* off */
	ck_assert_int_eq(decide(&r, EXEMPT_NONE, 0).action, VERDICT_ACCEPT);
	/* above the sets' sizes: 8 senders read "at least 8" */
	cfg->spread_threshold = 40;
	cfg->reject_threshold = 1000;	/* spread alone decides */
	r = spread_cluster(40, 8);
	ck_assert_int_eq(decide(&r, EXEMPT_NONE, 0).action, VERDICT_REJECT);
	r.c.nrset = 0;			/* 39 recipients */
	add_rcpts(&r, 39, 0);
	ck_assert_int_eq(decide(&r, EXEMPT_NONE, 0).action, VERDICT_TAG);
	cfg->spread_threshold = 3;
	cfg->reject_threshold = 20;
	r = spread_cluster(3, 3);
	ck_assert_int_eq(decide(&r, EXEMPT_NONE, 0).action, VERDICT_REJECT);
	r.c.messages = 1;		/* a message alone is never bulk */
	ck_assert_int_eq(decide(&r, EXEMPT_NONE, 0).action, VERDICT_ACCEPT);
	r.c.messages = 3;
	ck_assert_int_eq(decide(&r, EXEMPT_SENDER, 0).action,
	    VERDICT_TAG);
}
END_TEST

/* A cluster marked spam is rejected from its next copy, however few. */
START_TEST(test_marked_spam)
{
	struct store_result	r = joined(2, 1, 1, 1);
	struct verdict		v;

	/* learned with `nilsimsactl learn spam`: one copy seen, one recipient */
	r.c.status = CLUSTER_SPAM;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	ck_assert_str_eq(v.reason, "spam");
	/* marked by a spam trap's copy: the trap's recipient is not counted */
	r = joined(2, 0, 1, 1);
	r.c.status = CLUSTER_SPAM;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	ck_assert_str_eq(v.reason, "spam");
	/* RejectAction still applies, and shadow mode still only tags */
	cfg->reject_action = ACTION_TEMPFAIL;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_TEMPFAIL);
	cfg->mode = MODE_SHADOW;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_int_eq(v.would, VERDICT_TEMPFAIL);
	ck_assert_str_eq(v.reason, "spam");
}
END_TEST

START_TEST(test_single_source)
{
	struct store_result	r = joined(30, 30, 1, 1);
	struct verdict		v;

	cfg->reject_min_networks = 1;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.reason, "single-source");
	r.c.senders = 2;		/* two sender domains: a campaign */
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	r.c.senders = 1;
	cfg->list_mail = LISTMAIL_REJECT;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	cfg->list_mail = LISTMAIL_TAG;
	r.c.status = CLUSTER_SPAM;	/* marked spam: rejected all the same */
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
}
END_TEST

/* decide() for a message to whitelisted recipients among others */
static struct verdict
decide_partial(const struct store_result *r, int exempt)
{
	struct verdict_input	in = { .res = r, .exempt = exempt, .now = NOW,
				    .rcpt_partial = 1 };
	struct verdict		v;

	verdict_decide(cfg, &in, &v);
	return v;
}

/*
 * Whitelisted recipients among others too many to keep (rcpt_mixed):
 * RejectAction discard would drop the whitelisted recipients' copy
 * unseen, so the message is rejected instead; other actions stand.
 */
START_TEST(test_mixed_not_discarded)
{
	struct store_result	r = joined(3, 30, 4, 3);
	struct verdict_input	in = { .res = &r, .now = NOW, .rcpt_mixed = 1 };
	struct verdict		v;

	cfg->reject_action = ACTION_DISCARD;
	verdict_decide(cfg, &in, &v);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	ck_assert_str_eq(v.reason, "bulk");
	in.rcpt_mixed = 0;
	verdict_decide(cfg, &in, &v);
	ck_assert_int_eq(v.action, VERDICT_DISCARD);
	in.rcpt_mixed = 1;
	cfg->reject_action = ACTION_TEMPFAIL;
	verdict_decide(cfg, &in, &v);
	ck_assert_int_eq(v.action, VERDICT_TEMPFAIL);
	/* shadow mode: tagged, and would reject */
	cfg->reject_action = ACTION_DISCARD;
	cfg->mode = MODE_SHADOW;
	verdict_decide(cfg, &in, &v);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_int_eq(v.would, VERDICT_REJECT);
}
END_TEST

/*
 * A whitelisted recipient exempts itself alone: a message that would be
 * rejected is delivered to the whitelisted recipients only; one that
 * would only be tagged, or that something else spares, is left whole.
 */
START_TEST(test_partial)
{
	struct store_result	r = joined(3, 30, 4, 3);
	struct verdict		v;

	v = decide_partial(&r, EXEMPT_RECIPIENT);
	ck_assert_int_eq(v.action, VERDICT_PARTIAL);
	ck_assert_int_eq(v.would, VERDICT_PARTIAL);
	ck_assert_str_eq(v.tier, "reject");
	ck_assert_str_eq(v.reason, "bulk");
	ck_assert_str_eq(verdict_action_name(v.action), "reject-partial");
	/* all recipients whitelisted: tagged, as before */
	v = decide(&r, EXEMPT_RECIPIENT, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.reason, "whitelist-recipient");
	/* a learned spam cluster: partial too */
	r.c.status = CLUSTER_SPAM;
	v = decide_partial(&r, EXEMPT_RECIPIENT);
	ck_assert_int_eq(v.action, VERDICT_PARTIAL);
	ck_assert_str_eq(v.reason, "spam");
	/* a mailing is tagged for every recipient */
	r = joined(3, 30, 1, 1);
	cfg->reject_min_networks = 1;
	v = decide_partial(&r, EXEMPT_RECIPIENT);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.reason, "single-source");
	r = joined(3, 30, 4, 3);
	/* a stronger exemption (whitelisted sender) spares every recipient */
	v = decide_partial(&r, EXEMPT_SENDER);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.reason, "whitelist-sender");
	/* the flag alone, without the recipient exemption, changes nothing */
	v = decide_partial(&r, EXEMPT_NONE);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	/* tag tier: nobody is removed */
	r = joined(3, 6, 4, 3);
	v = decide_partial(&r, EXEMPT_RECIPIENT);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.reason, "bulk");
	/* every RejectAction becomes a partial delivery */
	r = joined(3, 30, 4, 3);
	cfg->reject_action = ACTION_DISCARD;
	v = decide_partial(&r, EXEMPT_RECIPIENT);
	ck_assert_int_eq(v.action, VERDICT_PARTIAL);
	/* shadow mode: tagged, the log says what enforce would do */
	cfg->mode = MODE_SHADOW;
	v = decide_partial(&r, EXEMPT_RECIPIENT);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_int_eq(v.would, VERDICT_PARTIAL);
}
END_TEST

/*
 * A copy whose every recipient had delivered mail of another cluster
 * from its sender through its pool (in->known, known.h) is tagged, not
 * rejected, whatever its cluster's counts: a list's post, a colleague's
 * forward. Unless the cluster is marked spam; a message not bulk stays
 * as it was; whitelisting still says why first.
 */
START_TEST(test_correspondent)
{
	struct store_result	r = joined(3, 30, 4, 3);
	struct verdict_input	in = { .res = &r, .now = NOW, .known = 1 };
	struct verdict		v;

	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);	/* not known: bulk */
	verdict_decide(cfg, &in, &v);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_int_eq(v.would, VERDICT_TAG);
	ck_assert_str_eq(v.tier, "reject");
	ck_assert_str_eq(v.reason, "correspondent");
	/* spread (a near copy from unrelated senders' networks) too */
	cfg->reject_min_networks = 1;
	r = joined(3, 3, 3, 3);
	add_rcpts(&r, 3, 0);
	add_nets(&r, 3, 0);
	add_senders(&r, 3);
	r.score = STORE_NEAR_COPY;
	r.rcpt_new = 1;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_str_eq(v.reason, "spread");
	verdict_decide(cfg, &in, &v);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.reason, "correspondent");
	/* a cluster marked spam is rejected all the same */
	r = joined(3, 30, 4, 3);
	r.c.status = CLUSTER_SPAM;
	verdict_decide(cfg, &in, &v);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	ck_assert_str_eq(v.reason, "spam");
	/* below the thresholds nothing changes */
	r = joined(2, 2, 2, 2);
	verdict_decide(cfg, &in, &v);
	ck_assert_int_eq(v.action, VERDICT_ACCEPT);
	/* a whitelisted client is named first */
	r = joined(3, 30, 4, 3);
	in.exempt = EXEMPT_CLIENT;
	verdict_decide(cfg, &in, &v);
	ck_assert_str_eq(v.reason, "whitelist-client");
}
END_TEST

START_TEST(test_reject_actions)
{
	static const struct { int cfg, verdict; } map[] = {
		{ ACTION_REJECT, VERDICT_REJECT },
		{ ACTION_TEMPFAIL, VERDICT_TEMPFAIL },
		{ ACTION_QUARANTINE, VERDICT_QUARANTINE },
		{ ACTION_DISCARD, VERDICT_DISCARD }
	};
	struct store_result	r = joined(3, 30, 4, 3);
	struct verdict		v;
	size_t			i;

	for (i = 0; i < sizeof(map) / sizeof(*map); i++) {
		cfg->reject_action = map[i].cfg;
		v = decide(&r, EXEMPT_NONE, 0);
		ck_assert_int_eq(v.action, map[i].verdict);
	}
}
END_TEST

START_TEST(test_shadow)
{
	struct store_result	r = joined(3, 30, 4, 3);
	struct verdict		v;

	cfg->mode = MODE_SHADOW;
	v = decide(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_int_eq(v.would, VERDICT_REJECT);
	/* a spam trap's copy is not dropped in shadow mode either */
	v = decide(&r, EXEMPT_NONE, 1);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_int_eq(v.would, VERDICT_DISCARD);
}
END_TEST

START_TEST(test_spamtrap)
{
	struct store_result	r = joined(1, 1, 1, 1);
	struct verdict		v;

	r.created = 1;
	v = decide(&r, EXEMPT_NONE, 1);
	ck_assert_int_eq(v.action, VERDICT_DISCARD);
	ck_assert_str_eq(v.reason, "spamtrap");
	v = decide(NULL, EXEMPT_NONE, 1);	/* even undigested */
	ck_assert_int_eq(v.action, VERDICT_DISCARD);
}
END_TEST

static Suite *
verdict_suite(void)
{
	Suite	*s = suite_create("verdict");
	TCase	*tc = tcase_create("rules");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_unscored);
	tcase_add_test(tc, test_tiers);
	tcase_add_test(tc, test_withheld);
	tcase_add_test(tc, test_single_message_never_rejected);
	tcase_add_test(tc, test_weak_join);
	tcase_add_test(tc, test_status);
	tcase_add_test(tc, test_exempt);
	tcase_add_test(tc, test_campaign_reach);
	tcase_add_test(tc, test_loose_join);
	tcase_add_test(tc, test_mailing_share);
	tcase_add_test(tc, test_repeat);
	tcase_add_test(tc, test_spread);
	tcase_add_test(tc, test_reports);
	tcase_add_test(tc, test_marked_spam);
	tcase_add_test(tc, test_single_source);
	tcase_add_test(tc, test_partial);
	tcase_add_test(tc, test_mixed_not_discarded);
	tcase_add_test(tc, test_correspondent);
	tcase_add_test(tc, test_reject_actions);
	tcase_add_test(tc, test_shadow);
	tcase_add_test(tc, test_spamtrap);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return tu_run(verdict_suite(), "check_verdict", NULL);
}
