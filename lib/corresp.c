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
 * corresp.c: the table of who has written to whom (corresp.h).
 *
 * Written here rather than taken from a library: a fixed hash table of a
 * few dozen lines, with the guarantee that matters (fixed memory whatever
 * the traffic, no allocation per message) plain to see, as boiler.c's.
 */
#include <pthread.h>
#include <stdlib.h>

#include "corresp.h"
#include "util.h"

#define PROBES		8		/* slots a pair may take */
#define KEEP_HOURS	(90 * 24)	/* a pair unseen longer is gone */

struct slot {
	uint32_t	tag;		/* high half of the pair's hash | 1; 0: free */
	uint32_t	cid;		/* 32 bits of the last cluster's id */
	uint16_t	hour;		/* last seen, hours mod 65536 */
	uint8_t		multi;		/* seen in two clusters or more */
	uint8_t		pad;
};

struct corresp {
	pthread_mutex_t	 mu;
	uint64_t	 mask;
	struct slot	*slot;
};

struct corresp *
corresp_new(unsigned int bits)
{
	struct corresp	*t;

	if (bits < 10 || bits > 24 || (t = calloc(1, sizeof(*t))) == NULL)
		return NULL;
	t->mask = (1ULL << bits) - 1;
	if ((t->slot = calloc(t->mask + 1, sizeof(*t->slot))) == NULL ||
	    pthread_mutex_init(&t->mu, NULL) != 0) {
		free(t->slot);
		free(t);
		return NULL;
	}
	return t;
}

void
corresp_free(struct corresp *t)
{
	if (t == NULL)
		return;
	pthread_mutex_destroy(&t->mu);
	free(t->slot);
	free(t);
}

/* The hash of the pair (source, recipient). */
static uint64_t
pair(uint64_t src, uint32_t rcpt)
{
	return util_mix64(src ^ util_mix64(rcpt));
}

/* 32 bits of a cluster's id, never 0. */
static uint32_t
cid32(uint64_t cid)
{
	return (uint32_t)(util_mix64(cid) >> 32) | 1;
}

/* A used slot not seen for KEEP_HOURS counts as free. */
static int
fresh(const struct slot *s, uint16_t hour)
{
	return s->tag != 0 && (uint16_t)(hour - s->hour) <= KEEP_HOURS;
}

/* The fresh slot of pair h, or NULL. */
static struct slot *
find(struct corresp *t, uint64_t h, uint16_t hour)
{
	uint32_t	tag = (uint32_t)(h >> 32) | 1;
	struct slot	*s;

	for (int i = 0; i < PROBES; i++) {
		s = &t->slot[(h + i) & t->mask];
		if (s->tag == tag && fresh(s, hour))
			return s;
	}
	return NULL;
}

/* A slot for a new pair: a free or stale one, else the least recently seen. */
static struct slot *
victim(struct corresp *t, uint64_t h, uint16_t hour)
{
	struct slot	*s, *v = NULL;

	for (int i = 0; i < PROBES; i++) {
		s = &t->slot[(h + i) & t->mask];
		if (!fresh(s, hour))
			return s;
		if (v == NULL ||
		    (uint16_t)(hour - s->hour) > (uint16_t)(hour - v->hour))
			v = s;
	}
	return v;
}

size_t
corresp_known(struct corresp *t, uint64_t src, const uint32_t *rcpt,
    size_t n, uint64_t cid, int64_t now)
{
	uint16_t		 hour = (uint16_t)(now / 3600);
	uint32_t		 c = cid32(cid);
	const struct slot	*s;
	size_t			 i, k = 0;

	pthread_mutex_lock(&t->mu);
	for (i = 0; i < n; i++)
		if ((s = find(t, pair(src, rcpt[i]), hour)) != NULL &&
		    (s->multi || s->cid != c))
			k++;
	pthread_mutex_unlock(&t->mu);
	return k;
}

int
corresp_is_known(size_t known, size_t n)
{
	return known >= CORRESP_MIN_RCPTS &&
	    known * 100 >= n * (size_t)CORRESP_SHARE;
}

void
corresp_note(struct corresp *t, uint64_t src, const uint32_t *rcpt,
    size_t n, uint64_t cid, int64_t now)
{
	uint16_t	 hour = (uint16_t)(now / 3600);
	uint32_t	 c = cid32(cid);
	uint64_t	 h;
	struct slot	*s;
	size_t		 i;

	pthread_mutex_lock(&t->mu);
	for (i = 0; i < n; i++) {
		h = pair(src, rcpt[i]);
		if ((s = find(t, h, hour)) != NULL) {
			if (s->cid != c)
				s->multi = 1;
		} else {
			s = victim(t, h, hour);
			s->tag = (uint32_t)(h >> 32) | 1;
			s->multi = 0;
		}
		s->cid = c;
		s->hour = hour;
	}
	pthread_mutex_unlock(&t->mu);
}
