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
 * store_cluster.c: a cluster as the store keeps it: the record layout
 * (encode, decode, and the range check of nilsimsactl verify), and what
 * the verdict asks of a cluster (how far it spread lately, whether one
 * sender accounts for it).
 *
 * Records: a fixed little-endian layout of REC_SIZE bytes starting with a
 * version byte. A record of another size or version is STORE_ECORRUPT:
 * skipped (and counted) when the array is built, never trusted.
 */
#include <stdio.h>
#include <string.h>

#include "store-internal.h"

/* ------------------------------------------------------------ records */





/*
 * Layout (offsets): 0 version, 1 status, 2 nreps, 3 kind, 4 networks,
 * 8 id, 16 code, 48 first_seen, 56 last_seen, 64 messages, 72 recipients,
 * 80 tagged, 84 rejected, 88 nets[32], 216 hist_start, 224 hist[24],
 * 320 subject[80] (NUL-padded), 400 senders, 404 sndrs[8], 436 zero,
 * 440 reps[3] (unused ones zero), 536: the end of version 1. Version 2
 * goes on: 536 nrset, 540 netn[32], 668 sndn[8], 700 rset[64] (h, hour),
 * 1212 neth[32], 1340 end. A version 1 record reads as one with no per-source counts
 * and no recipient set.
 */
void
store_rec_encode(const struct cluster *c, unsigned char *r)
{
	memset(r, 0, REC_SIZE);
	r[0] = REC_VERSION;
	r[1] = c->status;
	r[2] = c->nreps;
	r[3] = c->kind;
	put32(r + 4, c->networks);
	put64(r + 8, c->id);
	memcpy(r + 16, c->code.b, 32);
	put64(r + 48, (uint64_t)c->first_seen);
	put64(r + 56, (uint64_t)c->last_seen);
	put64(r + 64, c->messages);
	put64(r + 72, c->recipients);
	put32(r + 80, c->tagged);
	put32(r + 84, c->rejected);
	for (int i = 0; i < CLUSTER_MAX_NETS; i++)
		put32(r + 88 + 4 * i, c->nets[i]);
	put64(r + 216, (uint64_t)c->hist_start);
	for (int i = 0; i < CLUSTER_HISTORY; i++)
		put32(r + 224 + 4 * i, c->hist[i]);
	memcpy(r + 320, c->subject, strnlen(c->subject, CLUSTER_SUBJECT_MAX - 1));
	put32(r + 400, c->senders);
	for (int i = 0; i < CLUSTER_MAX_SENDERS; i++)
		put32(r + 404 + 4 * i, c->sndrs[i]);
	memcpy(r + 440, c->reps, 32 * (size_t)c->nreps);
	put32(r + 536, c->nrset);
	for (int i = 0; i < CLUSTER_MAX_NETS; i++)
		put32(r + 540 + 4 * i, c->netn[i]);
	for (int i = 0; i < CLUSTER_MAX_SENDERS; i++)
		put32(r + 668 + 4 * i, c->sndn[i]);
	for (uint32_t i = 0; i < c->nrset && i < CLUSTER_MAX_RCPTS; i++) {
		put32(r + 700 + 8 * i, c->rset[i].h);
		put32(r + 704 + 8 * i, c->rset[i].hour);
	}
	for (int i = 0; i < CLUSTER_MAX_NETS; i++)
		put32(r + 1212 + 4 * i, c->neth[i]);
}

/* A record read back to a cluster; STORE_ECORRUPT if it cannot be one. */
int
store_rec_decode(uint64_t id, const void *rec, size_t len, struct cluster *c)
{
	const unsigned char	*r = rec;

	if (!((len == REC_SIZE && r[0] == REC_VERSION) ||
	    (len == REC_SIZE_V1 && r[0] == 1)) || r[1] > CLUSTER_HAM ||
	    r[2] > CLUSTER_REPS - 1 || r[319 + CLUSTER_SUBJECT_MAX] != '\0')
		return STORE_ECORRUPT;
	memset(c, 0, sizeof(*c));
	c->status = r[1];
	c->nreps = r[2];
	c->kind = r[3];
	if (c->kind > NILSIMSA_KIND_MAX)
		return STORE_ECORRUPT;
	c->networks = get32(r + 4);
	c->id = get64(r + 8);
	if (c->id == 0 || c->id != id || c->networks > CLUSTER_MAX_NETS)
		return STORE_ECORRUPT;
	memcpy(c->code.b, r + 16, 32);
	c->first_seen = (int64_t)get64(r + 48);
	c->last_seen = (int64_t)get64(r + 56);
	c->messages = get64(r + 64);
	c->recipients = get64(r + 72);
	c->tagged = get32(r + 80);
	c->rejected = get32(r + 84);
	for (int i = 0; i < CLUSTER_MAX_NETS; i++)
		c->nets[i] = get32(r + 88 + 4 * i);
	c->hist_start = (int64_t)get64(r + 216);
	for (int i = 0; i < CLUSTER_HISTORY; i++)
		c->hist[i] = get32(r + 224 + 4 * i);
	/* The string only: bytes after its NUL are not the encoder's. */
	memcpy(c->subject, r + 320,
	    strnlen((const char *)r + 320, CLUSTER_SUBJECT_MAX));
	c->senders = get32(r + 400);
	if (c->senders > CLUSTER_MAX_SENDERS)
		return STORE_ECORRUPT;
	for (int i = 0; i < CLUSTER_MAX_SENDERS; i++)
		c->sndrs[i] = get32(r + 404 + 4 * i);
	memcpy(c->reps, r + 440, 32 * (size_t)c->nreps);
	if (len == REC_SIZE_V1)
		return 0;
	c->nrset = get32(r + 536);
	if (c->nrset > CLUSTER_MAX_RCPTS)
		return STORE_ECORRUPT;
	for (int i = 0; i < CLUSTER_MAX_NETS; i++)
		c->netn[i] = get32(r + 540 + 4 * i);
	for (int i = 0; i < CLUSTER_MAX_SENDERS; i++)
		c->sndn[i] = get32(r + 668 + 4 * i);
	for (uint32_t i = 0; i < c->nrset; i++) {
		c->rset[i].h = get32(r + 700 + 8 * i);
		c->rset[i].hour = get32(r + 704 + 8 * i);
	}
	for (int i = 0; i < CLUSTER_MAX_NETS; i++)
		c->neth[i] = get32(r + 1212 + 4 * i);
	return 0;
}

/* ------------------------------------------------------------ time */

/* The hour (unix seconds / 3600) of t. */
int64_t
store_hour_of(int64_t t)
{
	return t >= 0 ? t / 3600 : -((-t + 3599) / 3600);
}

/* ------------------------------------------------------------ questions */

uint32_t
cluster_recent_rcpts(const struct cluster *c, int64_t now, int64_t window)
{
	int64_t		from = window > 0 ? store_hour_of(now - window) : INT64_MIN;
	uint32_t	i, n = 0;

	for (i = 0; i < c->nrset && i < CLUSTER_MAX_RCPTS; i++)
		if ((int64_t)c->rset[i].hour >= from)
			n++;
	return n;
}

uint32_t
cluster_recent_nets(const struct cluster *c, int64_t now, int64_t window)
{
	int64_t		from = window > 0 ? store_hour_of(now - window) : INT64_MIN;
	uint32_t	i, n = 0;

	for (i = 0; i < c->networks && i < CLUSTER_MAX_NETS; i++)
		if ((int64_t)c->neth[i] >= from)
			n++;
	return n;
}


/* The index of the largest of n counts, and their sum (no overflow). */
static uint32_t
top_index(const uint32_t *cnt, uint32_t n, uint64_t *sum)
{
	uint32_t	i, top = 0;

	*sum = 0;
	for (i = 0; i < n; i++) {
		*sum += cnt[i];
		if (cnt[i] > cnt[top])
			top = i;
	}
	return top;
}

/*
 * The sender domain that sent a cluster the most copies (index 0, with
 * no count, when none did), and the copies of all in *sum.
 */
static uint32_t
top_sender(const struct cluster *c, uint64_t *sum)
{
	return top_index(c->sndn, cluster_nsenders(c), sum);
}

/*
 * The copies from the k networks that sent the most, counting only
 * networks that sent more than one (n <= CLUSTER_MAX_NETS counts): a
 * sender's own servers send again and again, a botnet's hosts each once
 * or twice.
 */
static uint64_t
top_k_sum(const uint32_t *cnt, uint32_t n, uint32_t k)
{
	uint32_t	c[CLUSTER_MAX_NETS], i, j, t;
	uint64_t	sum = 0;

	memcpy(c, cnt, n * sizeof(*c));
	for (i = 0; i < k && i < n; i++) {	/* k rounds of selection */
		for (j = i + 1; j < n; j++)
			if (c[j] > c[i]) {
				t = c[i];
				c[i] = c[j];
				c[j] = t;
			}
		if (c[i] < 2)
			break;
		sum += c[i];
	}
	return sum;
}

/*
 * The copies of the n networks by provider pool (block of STORE_NET_POOL:
 * /16, IPv6 /48), into cnt[]; returns the number of pools.
 */
static uint32_t
pool_counts(const struct cluster *c, uint32_t n, uint32_t *cnt)
{
	uint32_t	pool[CLUSTER_MAX_NETS];
	uint32_t	i, j, np = 0;

	for (i = 0; i < n; i++) {
		for (j = 0; j < np && pool[j] != STORE_NET_POOL(c->nets[i]); j++)
			;
		if (j == np) {
			pool[np] = STORE_NET_POOL(c->nets[i]);
			cnt[np++] = 0;
		}
		cnt[j] += c->netn[i];
	}
	return np;
}

/*
 * Do the n networks of a full set all lie in k provider pools at most,
 * each of which sent two copies or more? A provider's mailing through
 * more of its /24s than the set holds (Salesforce's, SES's) does; a
 * botnet's copy from a block of its own, in among a range's, does not.
 */
static int
few_pools_only(const struct cluster *c, uint32_t n, uint32_t k)
{
	uint32_t	cnt[CLUSTER_MAX_NETS], j, np = pool_counts(c, n, cnt);

	if (np == 0 || np > k)
		return 0;
	for (j = 0; j < np; j++)
		if (cnt[j] < 2)
			return 0;
	return 1;
}

/*
 * The copies from the k provider pools that sent the most, counting only
 * pools that sent more than one: a sender's mail through Amazon SES,
 * Google or Microsoft 365 leaves from another /24 of the provider's few
 * blocks nearly every time, a botnet's from another block each.
 */
static uint64_t
top_k_pools(const struct cluster *c, uint32_t n, uint32_t k)
{
	uint32_t	cnt[CLUSTER_MAX_NETS], np = pool_counts(c, n, cnt);

	return top_k_sum(cnt, np, k);
}

/*
 * Do the copies of the CLUSTER_MAILING_NETS networks (of nn) that sent
 * the most, two or more each, make share_pct percent of all nsum?
 */
static int
nets_share(const struct cluster *c, uint32_t nn, uint64_t nsum,
    unsigned share_pct)
{
	return top_k_sum(c->netn, nn, CLUSTER_MAILING_NETS) * 100 >=
	    nsum * share_pct;
}

int
cluster_single_source(const struct cluster *c, unsigned share_pct)
{
	uint64_t	nsum, ssum;
	uint32_t	nn, stop;

	nn = cluster_nnets(c);
	(void)top_index(c->netn, nn, &nsum);
	stop = top_sender(c, &ssum);
	if (nsum == 0 && ssum == 0)	/* no counts (a version 1 record) */
		return c->networks <= 1 && c->senders <= 1;
	/*
	 * Reports (every copy with the null sender: auto-replies, delivery
	 * reports) name no sender: most of their copies from a few networks
	 * that sent two or more each are those servers' (the auto-replies
	 * of a few people away, each to the many who wrote to them); a
	 * campaign's backscatter comes from a network each.
	 */
	if (c->senders == 0)
		return nsum > 0 && c->networks < CLUSTER_MAX_NETS &&
		    nets_share(c, nn, nsum, share_pct);
	if (ssum == 0 || (uint64_t)c->sndn[stop] * 100 < ssum * share_pct)
		return 0;
	if (c->sndrs[stop] & STORE_SENDER_AUTH)
		return 1;	/* an authenticated sender: who, not where */
	if (nsum == 0)
		return 0;
	/*
	 * Saturated: spread wide, unless every network the set holds lies
	 * in the few pools of one provider, two copies or more from each,
	 * one recipient or two a copy: a benefits provider's notice to all
	 * staff through Salesforce's or SES's /24s, one person a copy. A
	 * network the full set no longer holds took its copies with it,
	 * and a range's 31 networks kept in the set shielded a botnet's
	 * copies, each pushing out the last one's; with the share of all
	 * the cluster's messages instead, a range sending four copies in
	 * five still shielded the fifth (review): so no outsider at all.
	 * A hijacked Microsoft 365 account's blast, many people a copy, is
	 * no such mailing; its copies one person each are (enu.py's job
	 * scam: tagged, like a professor's letter sent one by one).
	 */
	if (c->networks >= CLUSTER_MAX_NETS)
		return few_pools_only(c, nn, CLUSTER_MAILING_NETS) &&
		    c->recipients <= c->messages * CLUSTER_FULL_RCPTS;
	/* the few pools of one provider, however many of their networks */
	if (top_k_pools(c, nn, CLUSTER_MAILING_NETS) * 100 >= nsum * share_pct)
		return 1;
	if (nn == 1)
		return 1;	/* one network: the old rule */
	return nets_share(c, nn, nsum, share_pct);
}

int
cluster_mailing_of_other(const struct cluster *c, uint32_t sender,
    unsigned share_pct)
{
	uint64_t	ssum;
	uint32_t	top = top_sender(c, &ssum);

	return c->sndn[top] >= CLUSTER_MAILING_OWN && c->sndrs[top] != sender &&
	    cluster_single_source(c, share_pct);
}

int
cluster_mailing_seen(const struct cluster *c, unsigned share_pct)
{
	uint64_t	ssum;

	return c->sndn[top_sender(c, &ssum)] >= 2 &&
	    cluster_single_source(c, share_pct);
}

int
cluster_many_senders(const struct cluster *c, uint64_t n)
{
	uint32_t	stop;
	uint64_t	ssum;

	if (cluster_nsenders(c) < n)
		return 0;
	stop = top_sender(c, &ssum);
	return ssum > 0 && (uint64_t)c->sndn[stop] * 2 < ssum;
}

/* ------------------------------------------------------------ verify */

/* Are bytes [from, to) of r zero? */
static int
zero_run(const unsigned char *r, size_t from, size_t to)
{
	for (; from < to; from++)
		if (r[from] != 0)
			return 0;
	return 1;
}

/*
 * Bytes that must be zero: reserved ones, and slots past a count (in
 * both record versions; the layout is above rec_encode).
 */
static int
rec_padding_zero(const unsigned char *r, size_t len, const struct cluster *c)
{
	size_t	nets = c->networks, snd = c->senders;

	if (get32(r + 436) != 0 || !zero_run(r, 88 + 4 * nets, 216) ||
	    !zero_run(r, 404 + 4 * snd, 436) ||
	    !zero_run(r, 440 + 32 * (size_t)c->nreps, REC_SIZE_V1))
		return 0;
	if (len == REC_SIZE_V1)
		return 1;
	return zero_run(r, 540 + 4 * nets, 668) &&
	    zero_run(r, 668 + 4 * snd, 700) &&
	    zero_run(r, 700 + 8 * (size_t)c->nrset, 1212) &&
	    zero_run(r, 1212 + 4 * nets, REC_SIZE);
}

/* One record: decodes, and every field in the range the code writes. */
const char *
store_rec_check(uint64_t id, const void *rec, size_t len)
{
	struct cluster	c;

	if (id == 0)
		return "a key that is not a cluster id";
	if (store_rec_decode(id, rec, len, &c) != 0)
		return "does not decode (size, version, status, counts or id)";
	if (!rec_padding_zero(rec, len, &c))
		return "bytes past its counts or reserved bytes not zero";
	if (c.first_seen < 0 || c.last_seen < c.first_seen)
		return "first_seen negative or after last_seen";
	if (c.hist_start < INT64_MIN / 2 || c.hist_start > INT64_MAX / 2)
		return "hist_start out of range";
	return NULL;
}
