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
 * store.h: the cluster store.
 *
 * A cluster is a group of messages with similar nilsimsa codes. The store
 * keeps one record per cluster (digests and counters, never message
 * text), an exact-duplicate index (SHA-256 of the canonical body to the
 * cluster id), and in memory a contiguous array of the live clusters'
 * codes (up to CLUSTER_REPS each), scanned with XOR and popcount to find the best
 * match. The array is rebuilt from the backend when the store is opened,
 * and resynchronised when another process (nilsimsactl) changed the
 * backend.
 *
 * Backends: LMDB (store_lmdb.c), the only one so far; a backend supplies
 * a struct store_backend (store_backend.h), and the functions below are
 * the same whatever the backend.
 *
 * Every function returns 0 on success or a STORE_E* code (negative), or
 * a positive errno value; store_strerror() names them. All functions are
 * safe to call from several threads on one store.
 */
#ifndef STORE_H
#define STORE_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "nilsimsa.h"

#define STORE_ENOTFOUND		(-30800)	/* no such cluster */
#define STORE_ECORRUPT		(-30801)	/* a record or the file is damaged */
#define STORE_ELOCKED		(-30802)	/* held by another writer */
#define STORE_EVERSION		(-30803)	/* written by an incompatible version */
#define STORE_EFULL		(-30804)	/* the map is full even after eviction */
#define STORE_EBACKEND		(-30805)	/* the backend failed */
#define STORE_EPROFILE		(-30806)	/* codes made with another score mode/profile */
#define STORE_EINVAL		(-30807)	/* bad argument or configuration */
#define STORE_ERDONLY		(-30808)	/* write to a store opened read-only */

/* score and runner_up when there was nothing to compare with */
#define STORE_SCORE_NONE	(-129)

enum cluster_status {
	CLUSTER_AUTO = 0,	/* decided by the counts */
	CLUSTER_SPAM = 1,	/* marked spam: rejected from the next copy */
	CLUSTER_HAM = 2		/* pinned ham: never rejected */
};

#define CLUSTER_MAX_NETS	32	/* distinct networks remembered */
#define CLUSTER_MAX_RCPTS	64	/* distinct recipients remembered */
#define STORE_SENDER_AUTH	0x80000000u	/* a sender hash's mark: the
					   domain was authenticated (DKIM, SPF) */
#define CLUSTER_MAX_SENDERS	8	/* distinct sender domains remembered */
#define CLUSTER_MAILING_NETS	8	/* the networks a mailing comes from: a
					   few (cluster_single_source); a
					   shop's or an ESP's pool spans six
					   or seven /24s */
#define STORE_NET_POOL(net)	((net) >> 8)	/* the block (/16, /48) of a
					   network as message_net_hash()
					   gives it */
#define CLUSTER_FULL_RCPTS	2	/* recipients a copy, at most on average,
					   of a provider's mailing through more
					   networks than a cluster holds
					   (cluster_single_source) */
#define CLUSTER_MAILING_OWN	5	/* copies from its sender after which a
					   mailing's cluster takes no loose
					   join from another sender
					   (cluster_mailing_of_other()) */
#define CLUSTER_SUBJECT_MAX	80	/* bytes of subject sample, with NUL */
#define CLUSTER_HISTORY		24	/* hourly buckets of message counts */
#define CLUSTER_REPS		4	/* codes a cluster is matched by:
					   the anchor and up to 3 reps */

/*
 * A counted, non-exact join whose best score against the cluster is below
 * STORE_REP_ADD_BELOW adds the message's code as a representative, so
 * that a campaign whose text drifts keeps matching its cluster instead of
 * splitting off; but only when the message also scores STORE_REP_ADD_MIN
 * or more against the cluster's anchor. Representatives are thus one hop
 * from the anchor: a code added from a message related only to another
 * representative (a list's boilerplate) would widen the cluster to that
 * message's neighbours, and clusters grew by chaining from one to the
 * next. Measured with nsm-replay: see docs/replay.md.
 */
#ifndef STORE_REP_ADD_BELOW
#define STORE_REP_ADD_BELOW	110
#endif
#ifndef STORE_REP_ADD_MIN
#define STORE_REP_ADD_MIN	50
#endif

/* A recipient of a cluster: a hash of the address, and when last reached. */
struct cluster_rcpt {
	uint32_t	h;		/* never 0 */
	uint32_t	hour;		/* unix seconds / 3600 */
};

/*
 * A join scoring STORE_COPY_MIN or more against its cluster is a copy of
 * it: only copies count where they came from (networks and their shares),
 * and only copies are rejected for their cluster's bulk (verdict.c).
 * Copies of a campaign score 65 and more (10th percentile, docs/replay.md);
 * a reply quoting a list's earlier message, or a short text sharing a
 * footer with a campaign or with other mail of its site, joins lower
 * (37-38 in the replay's rejected ham; up to the 40s for Chinese site
 * mail sharing a footer, docs/multilingual.md) and must neither make a
 * thread from two mail servers look spread over networks, nor undo a
 * mailing's single source, nor be rejected.
 */
#ifndef STORE_COPY_MIN
#define STORE_COPY_MIN		50
#endif

/*
 * A message whose text is mostly boilerplate (MinOwnShare, message.c) may
 * join a cluster only as a near copy, scoring this or more: a short note
 * above a long disclaimer scores 50 to 80 against another such note, so
 * its code says little of its own text; a campaign's copies that carry a
 * sender's template still score this high against each other (at 100,
 * 6 of the phishing replay's 22 catchable copies were lost: scores of 96
 * and the like; at 80, notes under one disclaimer joined again).
 */
#define STORE_NEAR_COPY		90

struct cluster {
	uint64_t	id;		/* > 0, never reused */
	nilsimsa_code	code;		/* the anchor: the first message's code,
					   never replaced */
	uint8_t		kind;		/* the kind of its codes (NILSIMSA_KIND_*):
					   a code is compared only with codes
					   of its own kind */
	uint8_t		nreps;		/* extra representatives in reps[] */
	nilsimsa_code	reps[CLUSTER_REPS - 1];	/* codes of later members that
					   scored below STORE_REP_ADD_BELOW,
					   oldest first; when full the oldest
					   makes room. A message's score
					   against the cluster is its best
					   against the anchor and reps */
	int64_t		first_seen;	/* unix seconds */
	int64_t		last_seen;
	uint64_t	messages;	/* messages that joined */
	uint64_t	recipients;	/* recipients of messages counted as bulk */
	uint32_t	networks;	/* distinct client networks (/24, /64);
					   saturates at CLUSTER_MAX_NETS, which
					   reads "at least that many" */
	uint32_t	nets[CLUSTER_MAX_NETS];	/* hashes of those networks */
	uint32_t	netn[CLUSTER_MAX_NETS];	/* counted copies from each */
	uint32_t	neth[CLUSTER_MAX_NETS];	/* hour a copy last came from each */
	uint32_t	senders;	/* distinct envelope sender domains */
	uint32_t	sndrs[CLUSTER_MAX_SENDERS];	/* hashes of those domains */
	uint32_t	sndn[CLUSTER_MAX_SENDERS];	/* counted copies from each */
	uint32_t	nrset;		/* recipients in rset[] */
	struct cluster_rcpt rset[CLUSTER_MAX_RCPTS];	/* distinct recipients
					   of counted copies, each with the
					   hour it was last reached; when
					   full, a new one replaces the one
					   reached longest ago. So the set
					   answers "how many different
					   recipients lately", which tells a
					   campaign (many people in hours)
					   from a newsletter (the same few
					   again and again) */
	uint32_t	tagged;		/* messages tagged */
	uint32_t	rejected;	/* messages rejected */
	uint8_t		status;		/* enum cluster_status */
	char		subject[CLUSTER_SUBJECT_MAX];	/* "" unless configured */
	int64_t		hist_start;	/* hour (unix seconds / 3600) of hist[0] */
	uint32_t	hist[CLUSTER_HISTORY];	/* hist[i]: messages in hour
					   hist_start + i; the window slides
					   so that it ends at the latest hour */
};

/* What a message brings to the store. */
struct store_obs {
	nilsimsa_code	code;
	uint8_t		kind;		/* NILSIMSA_KIND_* of code */
	unsigned char	sha256[32];	/* of the canonical body: exact duplicates */
	int64_t		now;		/* unix seconds (the replay drives this) */
	uint32_t	recipients;
	const uint32_t	*rcpt;		/* hashes of the recipients (never 0),
					   nrcpt of them, each once; may be
					   fewer than `recipients` (past 64, a
					   sample: message.c rcpt_note()) */
	uint32_t	nrcpt;
	uint32_t	net;		/* hash of the client network; 0 if unknown */
	uint32_t	sender;		/* hash of the sender's domain; 0 if unknown;
					   STORE_SENDER_AUTH set when a trusted
					   verifier authenticated that domain */
	const char	*subject;	/* sample to keep, or NULL */
	int		join_score;	/* join the best cluster scoring above this */
	/*
	 * The score a join needs to count toward the bulk counts (recipients
	 * and networks) when `compared` codes were scanned (the anchors and
	 * representatives of the live clusters): chance matches grow with
	 * the number of codes compared. NULL: every join counts.
	 */
	int		(*count_score)(void *arg, size_t compared);
	void		*count_arg;
	/*
	 * Strict: a match below count_score does not join at all (a new
	 * cluster starts), so that chance matches never gather unrelated
	 * mail into a cluster. The milter joins strictly.
	 */
	int		strict;
	/*
	 * A copy to spam traps only: its network and sender domain are
	 * looked up (net_known, sender_known), not added, so that trap
	 * copies never make a cluster look as if it came from their sender
	 * (milter.c mark_spam()).
	 */
	int		trap;
	/*
	 * MailingShare (cluster_single_source), or 0: a mailing's cluster
	 * (pinned ham too; one marked spam takes any) takes a loose join
	 * (under STORE_NEAR_COPY) from its own sender only; a message of
	 * another sender that matches it loosely joins the next best
	 * cluster (of the SCAN_TOP best) that is no such mailing, or
	 * starts one. Two newsletters of one template, or a
	 * letter under the same notice, do not make each other a campaign
	 * of two sources, and a campaign dressed like a mailing is counted
	 * apart from it.
	 */
	unsigned	mailing_share;
	uint32_t	tagged, rejected;	/* add to the counters (store_note) */
};

/*
 * A message's score against a cluster is its best against the cluster's
 * codes (anchor and representatives). score is the best such score among
 * the live clusters: the joined cluster's (128 for an exact duplicate),
 * or, when a cluster was created or none found, the best that fell short
 * of join_score. runner_up is the best among the other clusters. Either
 * is STORE_SCORE_NONE when there was nothing to compare; an exact
 * duplicate skips the scan (compared 0, runner_up STORE_SCORE_NONE).
 * compared counts codes, not clusters: each code scanned is one more
 * chance of a spurious match.
 */
struct store_result {
	struct cluster	c;		/* the cluster after the update */
	int		score;
	int		runner_up;
	size_t		compared;	/* codes of live clusters scanned */
	int		created;	/* a new cluster was started */
	int		exact;		/* matched through the SHA-256 index */
	int		counted;	/* the join counted toward bulk counts
					   (always for exact and created) */
	int		found;		/* a cluster matched (observe: joined) */
	uint32_t	rcpt_new;	/* observe, for a join that counted: the
					   message's (hashed) recipients the
					   cluster had not reached before, */
	uint32_t	rcpt_known;	/* and those it had; */
	int		net_known;	/* for a copy: its client network had
					   sent the cluster a copy before; */
	int		sender_known;	/* its sender domain had (counted join) */
	uint64_t	passed;		/* the best match, passed over as a
					   mailing of another sender
					   (mailing_share): its id; 0 none */
};

struct store_stats {
	size_t		clusters, singletons, bulk, spam, ham;
	uint64_t	messages;
	uint32_t	hours[24];	/* ... per-hour counters kept by the milter */
	uint32_t	tags_hour[24], rejects_hour[24];
	int64_t		hour0;		/* hour of hours[0] */
	size_t		corrupt;	/* records that did not parse (skipped) */
	uint64_t	rebuilds;	/* this process read every record into
					   its match array: at open, TTL reload,
					   after another process's commit that
					   the journal does not hold */
	uint64_t	refreshes;	/* ... read only the records another
					   process's commits changed (journal) */
	uint64_t	used_bytes;	/* in use (LMDB: pages not free) */
	uint64_t	map_bytes;	/* the current map (LMDB map size) */
	uint64_t	max_bytes;	/* what it may grow to (StoreMaxSize) */
};

struct store_config {
	const char	*path;		/* LMDB: directory of the store */
	size_t		max_clusters;	/* evict beyond this (0: no limit):
					   expired clusters first, then the
					   oldest auto singletons, then the
					   oldest auto clusters; spam and ham
					   only when nothing else is left */
	int64_t		singleton_ttl;	/* seconds a cluster of one lives unseen */
	int64_t		bulk_ttl;	/* seconds a larger cluster lives unseen;
					   also spam and ham clusters, even of
					   one message (<= 0: never expire) */
	const char	*score_mode;	/* "profile:<name>" or "reference": recorded
					   at creation, checked at open */
	size_t		map_size;	/* LMDB map at open, in bytes (0: 16 MiB
					   or map_max if smaller): it doubles
					   when full, up to map_max */
	size_t		map_max;	/* LMDB map at most (0: 1 GiB); there,
					   the oldest clusters make room */
	unsigned int	group_max;	/* observes and notes one commit may
					   carry (0: STORE_GROUP_MAX; 1: a
					   commit each, as before group commit) */
	unsigned int	sync_ms;	/* LMDB, writers: a commit's second
					   sync (its meta page) is made by the
					   next commit or this many ms after,
					   so a system crash can undo the last
					   commit of that time, never damage
					   the file (0: each commit synced in
					   full before it returns) */
};

#define STORE_GROUP_MAX	64

#define STORE_RDONLY	0x01	/* open for reading only (nilsimsactl) */
#define STORE_TRIAL	0x02	/* with STORE_RDONLY: the open-time check
				   still makes its trial write (aborted),
				   if the store is writable (verify) */

struct store;

/*
 * Open or create the store. LMDB trusts its pages, so before opening a
 * store file a child process is forked to check its structure (every
 * page and table, the free list, a trial write when opening to write;
 * store_lmdb.c): a damaged file makes that child report it or crash, and
 * store_open return STORE_ECORRUPT. Records that do not decode are not
 * structural: they are skipped (store_stats counts them, store_verify
 * names them). Call it before starting threads (or from a process that
 * may fork).
 */
int	store_open(struct store **sp, const struct store_config *cfg, int flags);
/*
 * After store_open returned STORE_ECORRUPT: what the structural check
 * found ("free list: page 123 twice"), or "" if it was not the check.
 */
#define STORE_WHY_MAX	160
const char *store_damage(void);
/*
 * Move a store's data aside as <dir>/data.mdb.<why>-<now> (named in
 * moved; why is "damaged" or "profile"), so that the next store_open
 * starts a new one.
 */
int	store_set_aside(const char *dir, const char *why, int64_t now,
	    char *moved, size_t len);
void	store_close(struct store *s);
/*
 * The table of text many clusters share (boiler.h), learned from what
 * this process observed: it lives as long as the store is open.
 */
struct boiler;
struct boiler *store_boiler(struct store *s);
/* Who wrote to whom (known.h), learned the same way. */
struct known;
struct known *store_known(struct store *s);

/*
 * Record a message: find the best live cluster; join it if it scores
 * above obs->join_score (or its SHA-256 is known), else start a new
 * cluster. Updates last_seen, messages, the history and, when the join
 * counts, recipients and networks. One atomic write, committed when it
 * returns 0 (durable then with sync_ms 0; else synced within sync_ms,
 * struct store_config). Observes and notes of several threads that arrive together
 * share one commit (group commit, store.c), each applied as if alone.
 */
int	store_observe(struct store *s, const struct store_obs *obs,
	    struct store_result *res);

/* The same search without changing anything (nilsimsactl check). */
int	store_lookup(struct store *s, const struct store_obs *obs,
	    struct store_result *res);
/*
 * store_lookup() with the message joined to the cluster found, in res
 * only (nothing written): the cluster as store_observe() would leave it,
 * for a verdict that is the milter's (nilsimsactl check).
 */
int	store_preview(struct store *s, const struct store_obs *obs,
	    struct store_result *res);

/* Add to a cluster's tagged/rejected counters and the per-hour stats. */
int	store_note(struct store *s, uint64_t id, int64_t now,
	    uint32_t tagged, uint32_t rejected);

int	store_get(struct store *s, uint64_t id, struct cluster *c);
int	store_set_status(struct store *s, uint64_t id, enum cluster_status st);
int	store_forget(struct store *s, uint64_t id);
/*
 * Put a whole record (import). Id 0, or the id of another cluster (one
 * with another anchor code), assigns a new id, returned in c->id: an
 * import never replaces a different cluster. The same id with the same
 * anchor replaces that cluster, keeping its exact-duplicate entries.
 */
int	store_put(struct store *s, struct cluster *c);
/*
 * Put c[0] .. c[n-1] as store_put() would, one after the other (a later
 * one sees the earlier ones: two with one id and different anchors get
 * two ids), in one commit: a process watching the store (the milter)
 * resynchronises once for the batch instead of once a cluster (import).
 * All or nothing: on an error none of them is stored, c[i].id are as the
 * caller gave them, and *failed (when not NULL) gets the index of the
 * cluster the error came from, or n when it came from no one cluster
 * (the transaction's begin or commit). STORE_EINVAL: a cluster store_put()
 * refuses (nothing was tried); STORE_EFULL: the batch did not fit even
 * after the store grew or, at its maximum, evicted its oldest clusters
 * as it does for one store_put() (those evictions stay): a smaller batch
 * may fit. The batch's transaction holds the writer lock (every writer
 * of the store waits): keep n to about STORE_PUT_BATCH.
 */
#define STORE_PUT_BATCH	256
int	store_put_batch(struct store *s, struct cluster *c, size_t n,
	    size_t *failed);

/* Remove clusters unseen for longer than their TTL; *n gets how many. */
int	store_expire(struct store *s, int64_t now, int dry_run, size_t *n);

/* Change the TTLs of an open store (configuration reload). */
int	store_set_ttl(struct store *s, int64_t singleton_ttl, int64_t bulk_ttl);

/*
 * Call fn for every cluster, in id order; a non-zero return stops.
 * Records that do not parse are skipped, and counted in *corrupt (when
 * not NULL). The clusters are read in batches
 * of 256, each in its own short read transaction, and fn is called with
 * no transaction open: a slow fn (a stalled pipe) pins nothing in the
 * store. Each cluster is seen once, as of the batch that read it; one
 * changed or added meanwhile may be seen in its later state. fn may
 * write to the store.
 */
int	store_iterate(struct store *s, int (*fn)(const struct cluster *, void *),
	    void *arg, size_t *corrupt);

int	store_count(struct store *s, size_t *n);

/*
 * Distinct recipients of a cluster reached within `window` seconds
 * before now (window <= 0: all that are remembered).
 */
uint32_t cluster_recent_rcpts(const struct cluster *c, int64_t now,
	    int64_t window);
/* The same for client networks (saturating at CLUSTER_MAX_NETS). */
uint32_t cluster_recent_nets(const struct cluster *c, int64_t now,
	    int64_t window);
/*
 * Does one sender's infrastructure account for a cluster: at least
 * share_pct percent of its counted copies from one sender domain (its
 * organisation, domain.h) and as many from at most CLUSTER_MAILING_NETS
 * networks (a list server, an ESP's few sending networks; the odd
 * outlier tolerated)? When that domain was authenticated
 * (STORE_SENDER_AUTH), it alone is the sender's identity, whatever
 * networks its mail came through (an ESP's many servers). Copies of
 * unknown network or sender are not counted either way.
 */
int	cluster_single_source(const struct cluster *c, unsigned share_pct);
/*
 * The same, once that sender was seen sending again (two copies or
 * more): a campaign's first copy alone is one source too.
 */
int	cluster_mailing_seen(const struct cluster *c, unsigned share_pct);
/*
 * Is the cluster a mailing (cluster_single_source) of CLUSTER_MAILING_OWN
 * copies or more from its sender domain, and is `sender` another? Then a
 * loose match from that sender is not one of the mailing's (store.c
 * search()).
 */
int	cluster_mailing_of_other(const struct cluster *c, uint32_t sender,
	    unsigned share_pct);
/*
 * Did a cluster's counted messages come from n sender domains or more
 * (n at most CLUSTER_MAX_SENDERS, what the set holds), none of which
 * sent half of them? A botnet forges a new domain every few copies; a
 * newsletter or a company is one domain, whatever replies and chance
 * matches from elsewhere joined its cluster.
 */
int	cluster_many_senders(const struct cluster *c, uint64_t n);
/*
 * The record check of nilsimsactl verify (the structural check runs at
 * every open): every cluster record decoded and its fields range-checked
 * (counts, padding, timestamps, hist_start), in one read transaction.
 */
struct store_check {
	size_t		clusters;	/* records */
	size_t		bad;		/* records that fail the check */
	uint64_t	first_bad;	/* id of the first of them */
	char		why[STORE_WHY_MAX];	/* what is wrong with it */
};
int	store_verify(struct store *s, struct store_check *chk);
int	store_stats(struct store *s, int64_t now, struct store_stats *st);
/*
 * The counts of store_stats() (clusters, singletons, bulk, spam, ham)
 * and its sizes, from the match array rather than the records: cheap
 * enough for every scrape of the metrics. messages and the hours are
 * left 0.
 */
int	store_census(struct store *s, struct store_stats *st);

const char *store_strerror(int err);
const char *cluster_status_name(enum cluster_status st);
int	cluster_status_parse(const char *s);	/* -1 if unknown */

#endif /* STORE_H */
