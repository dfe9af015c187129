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
 * cluster's recipients and networks reached the thresholds, or an
 * administrator marked the cluster spam.
 */
#include <stddef.h>

#include "verdict.h"

static const char *action_names[] = {
	"accept", "tag", "reject", "tempfail", "quarantine", "discard",
	"reject-partial"
};

static const char *exempt_names[] = {
	"none", "whitelist-client", "authenticated", "whitelist-sender",
	"whitelist-recipient", "list-mail", "single-source"
};

const char *
verdict_action_name(int action)
{
	if (action < 0 || action >= (int)(sizeof(action_names) / sizeof(*action_names)))
		return "unknown";
	return action_names[action];
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

/* Does the message's cluster reach the reject or the tag tier? */
static const char *
cluster_tier(const struct config *cfg, const struct store_result *r,
    const char **reason)
{
	const struct cluster	*c = &r->c;
	int			 confident = r->counted || r->exact;

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
	if (c->status == CLUSTER_SPAM) {
		*reason = "spam";
		return "reject";
	}
	/* A message alone is never bulk: at least one earlier copy. */
	if (c->messages >= 2 && c->recipients >= cfg->reject_threshold &&
	    c->networks >= cfg->reject_min_networks) {
		*reason = "bulk";
		return "reject";
	}
	if (c->recipients >= cfg->tag_threshold && c->messages >= 2) {
		*reason = "bulk";
		return "tag";
	}
	*reason = "few";
	return "none";
}

/*
 * A bulk cluster whose copies all came from one network with one sender
 * domain is one organisation's mailing (a newsletter, a feed, a
 * notification system), not a campaign: campaigns vary their senders and
 * come through many networks. Like list mail it is tagged, not rejected,
 * unless ListMail is reject. A cluster an administrator marked spam is
 * rejected all the same.
 */
static int
single_source(const struct store_result *r)
{
	return r->c.status != CLUSTER_SPAM && r->c.networks <= 1 && r->c.senders <= 1;
}

/*
 * List headers spare a bulk cluster's message the reject: lists and
 * newsletters are bulk mail their readers asked for. They are the
 * sender's own words, though, so they cannot spare a cluster marked spam
 * (by `nilsimsactl learn spam` or a spam trap): a campaign would only
 * have to add List-Unsubscribe to every copy.
 */
static int
list_exempt(const struct verdict_input *in)
{
	return in->list_mail && in->res->c.status != CLUSTER_SPAM;
}

/*
 * A whitelisted recipient exempts itself, not the other recipients of
 * the message: a message that would be rejected, and is addressed to
 * whitelisted recipients among others, is delivered to the whitelisted
 * ones alone (VERDICT_PARTIAL; the milter removes the others). Otherwise
 * one whitelisted address (postmaster@) in every copy of a campaign
 * would deliver it to all. A message to whitelisted recipients only is
 * tagged, as before.
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

	v->tier = cluster_tier(cfg, in->res, &v->reason);
	if (v->tier[0] == 'n')
		return;
	v->action = v->would = VERDICT_TAG;
	if (v->tier[0] == 't')
		return;

	v->would = reject_action(cfg);
	if (partial)
		exempt = EXEMPT_NONE;	/* only if nothing spares them all */
	if (exempt == EXEMPT_NONE && cfg->list_mail == LISTMAIL_TAG) {
		if (list_exempt(in))
			exempt = EXEMPT_LIST;
		else if (single_source(in->res))
			exempt = EXEMPT_SOURCE;
	}
	if (exempt != EXEMPT_NONE) {
		v->would = VERDICT_TAG;
		v->reason = verdict_exempt_name(exempt);
		return;
	}
	if (partial)
		v->would = VERDICT_PARTIAL;
	if (cfg->mode == MODE_SHADOW)
		return;		/* tagged; the log says what enforce would do */
	v->action = v->would;
}
