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
 * known.c: who has written to whom (known.h): an open-addressed table
 * of (sender, block, recipient) keys, each with its first two clusters,
 * how many it saw, and the hour it was last seen.
 */
#include <pthread.h>
#include <stdlib.h>

#include "known.h"

#define PROBES	8		/* slots a key may take */

struct entry {
	uint32_t	tag;	/* the key's high half | 1; 0: free */
	uint32_t	cid[2];	/* 32 bits of its first two clusters' ids */
	uint16_t	hour;	/* last seen, hours mod 65536 */
	uint8_t		n;	/* different clusters, at most 3 */
};

struct known {
	pthread_mutex_t	 mu;
	uint64_t	 mask;
	struct entry	*e;
};

/* Spread the bits (the finaliser of SplitMix64). */
static uint64_t
mix(uint64_t h)
{
	h ^= h >> 30;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 27;
	h *= 0x94d049bb133111ebULL;
	return h ^ h >> 31;
}

/* The key of mail from sender through block to rcpt. */
static uint64_t
key(uint32_t sender, uint32_t block, uint32_t rcpt)
{
	return mix(mix((uint64_t)sender << 32 | block) ^ rcpt);
}

/* 32 bits of a cluster's id, never 0 for a cluster (0: none). */
static uint32_t
cid32(uint64_t cid)
{
	uint32_t	c;

	if (cid == 0)
		return 0;
	c = (uint32_t)(mix(cid) >> 32);
	return c != 0 ? c : 1;
}

static uint16_t
hour16(int64_t now)
{
	return (uint16_t)(now / 3600);
}

/* Is a used entry still within KNOWN_KEEP_HOURS? */
static int
fresh(const struct entry *e, uint16_t hour)
{
	return e->tag != 0 && (uint16_t)(hour - e->hour) <= KNOWN_KEEP_HOURS;
}

/*
 * Did the entry see two clusters other than c? Of three different ones,
 * at least two are.
 */
static int
others(const struct entry *e, uint32_t c)
{
	return e->n >= 3 || (e->n == 2 && e->cid[0] != c && e->cid[1] != c);
}

/* The fresh entry of key k, or NULL. */
static struct entry *
find(struct known *t, uint64_t k, uint16_t hour)
{
	uint32_t	 tag = (uint32_t)(k >> 32) | 1;
	struct entry	*e;

	for (int i = 0; i < PROBES; i++) {
		e = &t->e[(k + i) & t->mask];
		if (e->tag == tag && fresh(e, hour))
			return e;
	}
	return NULL;
}

/* An entry for a new key: a free or stale one, else the least recent. */
static struct entry *
victim(struct known *t, uint64_t k, uint16_t hour)
{
	struct entry	*e, *v = NULL;

	for (int i = 0; i < PROBES; i++) {
		e = &t->e[(k + i) & t->mask];
		if (!fresh(e, hour))
			return e;
		if (v == NULL ||
		    (uint16_t)(hour - e->hour) > (uint16_t)(hour - v->hour))
			v = e;
	}
	return v;
}

struct known *
known_new(unsigned int bits)
{
	struct known	*t;

	if (bits < 10 || bits > 24 || (t = calloc(1, sizeof(*t))) == NULL)
		return NULL;
	t->mask = (1ULL << bits) - 1;
	if ((t->e = calloc(t->mask + 1, sizeof(*t->e))) == NULL ||
	    pthread_mutex_init(&t->mu, NULL) != 0) {
		free(t->e);
		free(t);
		return NULL;
	}
	return t;
}

void
known_free(struct known *t)
{
	if (t == NULL)
		return;
	pthread_mutex_destroy(&t->mu);
	free(t->e);
	free(t);
}

void
known_note(struct known *t, uint32_t sender, uint32_t block,
    const uint32_t *rcpt, size_t n, uint64_t cid, int64_t now)
{
	uint16_t	 hour = hour16(now);
	uint32_t	 c = cid32(cid);
	uint64_t	 k;
	struct entry	*e;

	pthread_mutex_lock(&t->mu);
	for (size_t i = 0; i < n; i++) {
		k = key(sender, block, rcpt[i]);
		if ((e = find(t, k, hour)) == NULL) {
			e = victim(t, k, hour);
			e->tag = (uint32_t)(k >> 32) | 1;
			e->cid[0] = c;
			e->n = 1;
		} else if (e->n == 1 && e->cid[0] != c)
			e->cid[e->n++] = c;
		else if (e->n == 2 && e->cid[0] != c && e->cid[1] != c)
			e->n = 3;	/* a third: more than enough */
		e->hour = hour;
	}
	pthread_mutex_unlock(&t->mu);
}

int
known_all(struct known *t, uint32_t sender, uint32_t block,
    const uint32_t *rcpt, size_t n, uint64_t cid, int64_t now)
{
	uint16_t		 hour = hour16(now);
	uint32_t		 c = cid32(cid);
	const struct entry	*e;
	size_t			 i;

	if (n == 0)
		return 0;
	pthread_mutex_lock(&t->mu);
	for (i = 0; i < n; i++)
		if ((e = find(t, key(sender, block, rcpt[i]), hour)) == NULL ||
		    !others(e, c))
			break;
	pthread_mutex_unlock(&t->mu);
	return i == n;
}
