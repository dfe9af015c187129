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
 * verdict.h: what to do with a message, from its cluster and its
 * envelope. A pure function of its inputs (no I/O), so that the milter,
 * the replay tool and `nilsimsactl check` decide alike and tests can
 * drive every rule directly.
 */
#ifndef VERDICT_H
#define VERDICT_H

#include "config.h"
#include "store.h"

/*
 * A copy that brings its cluster no new recipient spreads nothing when it
 * comes from a network the cluster knew, or from a sender domain it knew
 * while the cluster came from REPEAT_SENDER_NETS networks at most (a list
 * server's two) or while the copy goes to REPEAT_LIST_RCPTS different
 * people or more, all reached before and at least half of those the
 * cluster reached lately (a list's next post, sent through another of its
 * provider's networks; verdict.c repeat()).
 */
#define REPEAT_SENDER_NETS	2
#define REPEAT_LIST_RCPTS	4

enum verdict_action {
	VERDICT_ACCEPT = 0,	/* deliver, with headers */
	VERDICT_TAG,		/* deliver, headers say bulk */
	VERDICT_REJECT,		/* 550 5.7.1 */
	VERDICT_TEMPFAIL,	/* 451 4.7.1 */
	VERDICT_QUARANTINE,	/* deliver to the MTA's hold queue */
	VERDICT_DISCARD,	/* accept and drop (spam traps, RejectAction discard) */
	VERDICT_PARTIAL		/* deliver to the whitelisted recipients alone */
};

/* Why a message is exempt from rejection (first that applies). */
enum verdict_exempt {
	EXEMPT_NONE = 0,
	EXEMPT_CLIENT,		/* WhitelistClients */
	EXEMPT_AUTH,		/* authenticated sender (SkipAuthenticated) */
	EXEMPT_SENDER,		/* WhitelistSenders */
	EXEMPT_RECIPIENT,	/* WhitelistRecipients */
	EXEMPT_SOURCE,		/* a mailing: MailingShare of the copies from one
				   network and one sender domain */
	EXEMPT_KNOWN		/* every recipient had delivered mail of two
				   other clusters from the sender, through
				   its host block (known.h) */
};

struct verdict_input {
	const struct store_result *res;	/* NULL: not digested (too short, error) */
	int		exempt;		/* enum verdict_exempt */
	int64_t		now;		/* unix seconds: what "lately" means */
	int		spamtrap;	/* a recipient is a spam trap */
	int		rcpt_partial;	/* EXEMPT_RECIPIENT for some recipients,
					   not all, and they can be told apart */
	int		rcpt_mixed;	/* whitelisted recipients among others
					   that cannot be told apart (too many
					   to keep): never discarded unseen */
	uint64_t	fleet_reach;	/* StoreBackend redis: how far the
					   cluster spread over every host (0:
					   the local store alone) */
	uint64_t	fleet_rcpts;	/* the same in people alone */
	int		known;		/* every recipient had delivered mail of
					   two other clusters from this sender
					   through this block (known.h) */
};

struct verdict {
	int		action;		/* enum verdict_action: what is done */
	int		would;		/* what enforce mode would do (differs in shadow) */
	const char	*tier;		/* "none", "tag", "reject" */
	const char	*reason;	/* a short word for the log: "bulk", "spam", ... */
};

/*
 * Decide. cfg supplies the thresholds, CampaignWindow, MailingShare,
 * RejectAction, Mode and ListMail.
 */
void	verdict_decide(const struct config *cfg, const struct verdict_input *in,
	    struct verdict *v);

const char *verdict_action_name(int action);
const char *verdict_exempt_name(int exempt);
/*
 * Does the action keep the message from (some of) its recipients:
 * reject, tempfail, quarantine, discard, a partial delivery? The store
 * counts those as the cluster's rejected, the tools as rejected.
 */
int	verdict_withheld(int action);

#endif /* VERDICT_H */
