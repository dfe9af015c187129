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
 * verdict.c: the rules that turn a cluster's counts into an action.
 *
 * Similarity alone never rejects: a message is rejected only when it
 * joined a cluster with confidence (the join "counted": its score beat
 * what chance gives among the clusters compared, or it is an exact
 * duplicate), the cluster already held an earlier copy, and the
 * cluster reached as many different recipients lately (CampaignWindow)
 * as the thresholds say, through enough networks; or, for a near copy,
 * its cluster came from as many unrelated senders' networks to as many
 * people as SpreadThreshold says; or an administrator marked the cluster
 * spam.
 *
 * Bulk is counted as campaigns behave: a campaign reaches many different
 * recipients within hours; a newsletter or a list reaches the same
 * subscribers again and again, and adds no new ones. Copies to the same
 * few people over weeks are not bulk, however many, and a copy that
 * reaches only people its cluster reached before is not rejected.
 */
#include <stddef.h>

#include "verdict.h"

static const char *action_names[] = {
	"accept", "tag", "reject", "tempfail", "quarantine", "discard",
	"reject-partial"
};

static const char *exempt_names[] = {
	"none", "whitelist-client", "authenticated", "whitelist-sender",
	"whitelist-recipient", "single-source", "correspondent"
};

const char *
verdict_action_name(int action)
{
	if (action < 0 || action >= (int)(sizeof(action_names) / sizeof(*action_names)))
		return "unknown";
	return action_names[action];
}

int
verdict_withheld(int action)
{
	return action == VERDICT_REJECT || action == VERDICT_TEMPFAIL ||
	    action == VERDICT_QUARANTINE || action == VERDICT_DISCARD ||
	    action == VERDICT_PARTIAL;
}

const char *
verdict_exempt_name(int exempt)
{
	if (exempt < 0 || exempt >= (int)(sizeof(exempt_names) / sizeof(*exempt_names)))
		return "unknown";
	return exempt_names[exempt];
}

static int
reject_action(const struct config *cfg)
{
	switch (cfg->reject_action) {
	case ACTION_TEMPFAIL:
		return VERDICT_TEMPFAIL;
	case ACTION_QUARANTINE:
		return VERDICT_QUARANTINE;
	case ACTION_DISCARD:
		return VERDICT_DISCARD;
	default:
		return VERDICT_REJECT;
	}
}

/*
 * Does a copy spread nothing? It does when it comes from where its
 * cluster's copies came before, to none but people the cluster reached
 * already: the next issue of a newsletter, a list's next message, a
 * thread's next reply. Where: a network that sent a copy before, or the
 * sender domain of earlier copies while they all came from one or two
 * networks (a list server's two), or while the copy goes to several
 * people, all reached before and half of those the cluster reached
 * lately: a list's next post to its subscribers, which a provider's
 * lists (Google Groups) send each time through another of its networks.
 * People are counted once each (message.c), and half is of the fleet's
 * reach when that is more. A campaign that comes back to a site's users
 * one by one or a few at a time comes through new hosts, whatever sender
 * it forges, and is still rejected. One that comes back to most of the
 * people it reached, all in each copy, under one sender domain, is
 * tagged: it reaches nobody new. "Reached" is "addressed": the people of
 * a copy that was rejected count too.
 */
static int
repeat(const struct config *cfg, const struct verdict_input *in)
{
	const struct store_result *r = in->res;
	uint64_t	reached;

	if (r->rcpt_known == 0 || r->rcpt_new > 0)
		return 0;
	if (r->net_known || (r->sender_known &&
	    r->c.networks <= REPEAT_SENDER_NETS))
		return 1;
	if (!r->sender_known || r->rcpt_known < REPEAT_LIST_RCPTS)
		return 0;
	reached = cluster_recent_rcpts(&r->c, in->now, cfg->campaign_window);
	if (in->fleet_reach > reached)
		reached = in->fleet_reach;	/* the fleet's reach */
	return (uint64_t)r->rcpt_known * 2 >= reached;
}

/*
 * How far a cluster spread lately (within CampaignWindow): the different
 * recipients it reached, or the different client networks its copies
 * came from, whichever is more (people only: the recipients). A
 * campaign reaches many people, or comes through many networks (a
 * botnet), in a short time; a newsletter or a list reaches the same few
 * from one place again and again. The set holds CLUSTER_MAX_RCPTS
 * recipients; when all of those are recent the cluster reached at least
 * that many, and its running total says how far beyond. A cluster with
 * no recipient set (a record of an older version) is measured by its
 * running total, as then.
 */
static uint64_t
cluster_reach(const struct config *cfg, const struct cluster *c, int64_t now,
    int people_only)
{
	uint64_t	n, nets;

	if (c->nrset == 0)
		return c->recipients;
	n = cluster_recent_rcpts(c, now, cfg->campaign_window);
	if (n >= CLUSTER_MAX_RCPTS && c->recipients > n)
		n = c->recipients;
	if (people_only)
		return n;
	nets = cluster_recent_nets(c, now, cfg->campaign_window);
	return nets > n ? nets : n;
}

/*
 * Are the cluster's copies reports, every one with the null sender
 * (delivery reports, auto-replies)? A report goes to the one who sent
 * the mail it answers, from whichever host answers: a site's mailing to
 * a few hundred addresses comes back to its one sender from as many
 * networks as bounced it, alike (the returned letter). Rejected, such a
 * report is lost for good (no one bounces a bounce), so reports are
 * rejected by the people they reach, not by their networks; tagged by
 * either. Backscatter (reports of a campaign that forged one user) is
 * then tagged; reports to many of the site's people are rejected still,
 * unless most came from a few servers that each sent many (the
 * auto-replies of a few people away: cluster_single_source()).
 */
static int
reports(const struct cluster *c)
{
	return c->senders == 0;
}

/* n, but no more than a set of max can tell ("at least max" when full). */
static uint64_t
at_most(uint64_t n, uint64_t max)
{
	return n < max ? n : max;
}

/*
 * Is the copy one of a campaign however few its recipients yet? It is
 * when it is a near copy (STORE_NEAR_COPY) of a cluster whose copies came
 * lately from SpreadThreshold different networks, to as many different
 * recipients, and whose messages came from as many sender domains, none
 * of them most; and it brings a new recipient: the same text from
 * unrelated senders' hosts to the site's users one by one is a botnet's.
 * A newsletter or a list has one sender; a thread's replies, from its
 * parties' hosts, quote each other to the same people. Counted on this
 * host's copies alone (StoreBackend redis too).
 */
static int
spread(const struct config *cfg, const struct store_result *r, int64_t now)
{
	const struct cluster	*c = &r->c;
	uint64_t		 n = cfg->spread_threshold;

	return n > 0 && c->messages >= 2 && r->rcpt_new > 0 &&
	    (r->exact || r->score >= STORE_NEAR_COPY) &&
	    cluster_many_senders(c, at_most(n, CLUSTER_MAX_SENDERS)) &&
	    cluster_recent_nets(c, now, cfg->campaign_window) >=
	    at_most(n, CLUSTER_MAX_NETS) &&
	    cluster_recent_rcpts(c, now, cfg->campaign_window) >=
	    at_most(n, CLUSTER_MAX_RCPTS);
}

/* Does the message's cluster reach the reject or the tag tier? */
static const char *
cluster_tier(const struct config *cfg, const struct verdict_input *in,
    const char **reason)
{
	const struct store_result *r = in->res;
	const struct cluster	*c = &r->c;
	int			 confident = r->counted || r->exact;
	int			 copy = r->exact || r->score >= STORE_COPY_MIN;
	int			 people = reports(c);
	uint64_t		 reach = cluster_reach(cfg, c, in->now, people);
	uint64_t		 tag_reach = people ?
				     cluster_reach(cfg, c, in->now, 0) : reach;

	/* A fleet counts the same way, over every host's copies. */
	if (!people && in->fleet_reach > reach)
		reach = in->fleet_reach;
	if (people && in->fleet_rcpts > reach)
		reach = in->fleet_rcpts;
	if (in->fleet_reach > tag_reach)
		tag_reach = in->fleet_reach;

	if (c->status == CLUSTER_HAM) {
		*reason = "ham";
		return "none";
	}
	if (r->created) {
		*reason = "new";
		return "none";
	}
	if (!confident) {
		*reason = "weak";
		return "none";
	}
	/* Only a copy (STORE_COPY_MIN) is rejected; a looser match is tagged. */
	if (c->status == CLUSTER_SPAM) {
		*reason = "spam";
		return copy ? "reject" : "tag";
	}
	/* A message alone is never bulk: at least one earlier copy. */
	if (c->messages >= 2 && reach >= (uint64_t)cfg->reject_threshold &&
	    c->networks >= at_most((uint64_t)cfg->reject_min_networks,
	    CLUSTER_MAX_NETS) && copy) {
		if (repeat(cfg, in)) {
			*reason = "repeat";	/* spreads nothing: tagged */
			return "tag";
		}
		*reason = "bulk";
		return "reject";
	}
	if (spread(cfg, r, in->now) && c->networks >=
	    at_most((uint64_t)cfg->reject_min_networks, CLUSTER_MAX_NETS)) {
		*reason = "spread";
		return "reject";
	}
	if (tag_reach >= (uint64_t)cfg->tag_threshold && c->messages >= 2) {
		*reason = "bulk";
		return "tag";
	}
	*reason = "few";
	return "none";
}

/*
 * A bulk cluster whose copies come, for the large majority (MailingShare),
 * from one network with one sender domain is one organisation's mailing
 * (a newsletter, a list, a notification system), not a campaign:
 * campaigns vary their senders and come through many networks. It is
 * tagged, not rejected, unless ListMail is reject; an odd copy from
 * elsewhere (a forward, a chance match) does not undo that, and another
 * sender's loose matches do not join it (store.h mailing_share). Headers
 * (List-Id, List-Unsubscribe, Precedence) spare nothing: anyone can
 * write them, and campaigns do. A cluster an administrator marked spam
 * is rejected all the same.
 */
static int
single_source(const struct config *cfg, const struct store_result *r)
{
	return r->c.status != CLUSTER_SPAM &&
	    cluster_single_source(&r->c, (unsigned)cfg->mailing_share);
}

/*
 * A copy whose every recipient had delivered mail of two other clusters
 * from its sender's address through its host block (in->known, known.h)
 * comes from someone they correspond with, or a list they read: a
 * colleague's forward of a notice many forward, a list's post of a call
 * for papers that several lists and their subscribers' colleagues send.
 * Its cluster may be bulk by its counts; this copy spreads it to no one
 * its sender did not reach before, and is tagged, not rejected. A
 * campaign reaches people who had no mail from its sender through its
 * hosts: botnets' copies come from ever new networks, snowshoe senders'
 * throwaway addresses had nothing delivered, forged senders come from
 * outside the real ones' blocks (known.h says what it cannot tell). A
 * cluster an administrator marked spam is rejected all the same.
 */
static int
correspondent(const struct verdict_input *in)
{
	return in->known && in->res != NULL &&
	    in->res->c.status != CLUSTER_SPAM;
}

/*
 * A whitelisted recipient exempts itself, not the other recipients of
 * the message: otherwise one whitelisted address (postmaster@) in every
 * copy of a campaign would deliver it to all. A message that would be
 * withheld, addressed to whitelisted recipients among others, gets the
 * RejectAction for all, so that its sender is told; with RejectAction
 * discard (in->rcpt_partial: message.c rcpt_partial()) it is delivered
 * to the whitelisted ones alone (VERDICT_PARTIAL; the milter removes the
 * others). When the others are too many to keep (in->rcpt_mixed), the
 * whitelisted recipients cannot have theirs alone: the message is
 * rejected rather than discarded, so that its sender is told and their
 * copy is not lost unseen. A message to whitelisted recipients only is
 * tagged.
 */
void
verdict_decide(const struct config *cfg, const struct verdict_input *in,
    struct verdict *v)
{
	int	exempt = in->exempt;
	int	partial = exempt == EXEMPT_RECIPIENT && in->rcpt_partial;

	v->action = v->would = VERDICT_ACCEPT;
	v->tier = "none";
	v->reason = "unscored";

	if (in->spamtrap) {
		/*
		 * Accepted and dropped: the trap's copy is never delivered.
		 * Shadow mode drops nothing: it tags and logs.
		 */
		v->action = v->would = VERDICT_DISCARD;
		if (cfg->mode == MODE_SHADOW)
			v->action = VERDICT_TAG;
		v->tier = "reject";
		v->reason = "spamtrap";
		return;
	}
	if (in->res == NULL)
		return;

	v->tier = cluster_tier(cfg, in, &v->reason);
	if (v->tier[0] == 'n')
		return;
	v->action = v->would = VERDICT_TAG;
	if (v->tier[0] == 't')
		return;

	v->would = reject_action(cfg);
	if (partial)
		exempt = EXEMPT_NONE;	/* only if nothing spares them all */
	if (exempt == EXEMPT_NONE && cfg->list_mail == LISTMAIL_TAG &&
	    single_source(cfg, in->res))
		exempt = EXEMPT_SOURCE;
	if (exempt == EXEMPT_NONE && correspondent(in))
		exempt = EXEMPT_KNOWN;
	if (exempt != EXEMPT_NONE) {
		v->would = VERDICT_TAG;
		v->reason = verdict_exempt_name(exempt);
		return;
	}
	if (partial)
		v->would = VERDICT_PARTIAL;
	else if (in->rcpt_mixed && v->would == VERDICT_DISCARD)
		v->would = VERDICT_REJECT;
	if (cfg->mode == MODE_SHADOW)
		return;		/* tagged; the log says what enforce would do */
	v->action = v->would;
}
