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
 * boiler.c: fingerprints of a message's text, and the table of those
 * many clusters share (boiler.h).
 *
 * Written here rather than taken from a library: it is a rolling hash and
 * a fixed hash table of about a hundred lines, and what it must guarantee
 * (fixed memory whatever the traffic, no allocation per message) is
 * simplest to see in code of our own.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "boiler.h"

#define ROLL_BASE	0x100000001b3ULL	/* odd: a bijection mod 2^64 */
#define ROLL_OUT	0x0558b2e6a2f64081ULL	/* ROLL_BASE^BOILER_WINDOW mod 2^64,
						   checked by check_boiler */
#define PROBES		8		/* slots a fingerprint may take */
#define KEEP_HOURS	(30 * 24)	/* an entry unseen longer is gone */

struct slot {
	uint32_t	tag;		/* high half of the fingerprint | 1; 0: free */
	uint32_t	ids[BOILER_PLACES - 1];		/* places seen in */
	uint32_t	cids[BOILER_CLUSTERS - 1];	/* clusters seen in */
	uint8_t		n;		/* different places, at most
					   BOILER_PLACES */
	uint8_t		nc;		/* different clusters, at most
					   BOILER_CLUSTERS */
	uint16_t	hour;		/* last seen, hours mod 65536 */
	uint32_t	srcs[BOILER_SOURCES];	/* senders seen (hashes; 32 bits,
					   so that ever new senders of a
					   large campaign never meet one
					   of them by chance), */
	uint32_t	splace[BOILER_SOURCES];	/* each with its first place */
	uint8_t		nsrc;		/* of them in srcs */
	uint8_t		again;		/* a sender used it in two places */
};

struct boiler {
	pthread_mutex_t	 mu;
	uint64_t	 mask;
	struct slot	*slot;
};

/* Spread the rolling hash's bits (the finaliser of SplitMix64). */
static uint64_t
mix(uint64_t h)
{
	h ^= h >> 30;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 27;
	h *= 0x94d049bb133111ebULL;
	return h ^ h >> 31;
}

void
boiler_fp_reset(struct boiler_fp *f)
{
	f->h = 0;
	f->seen = 0;
	f->nfp = 0;
}

void
boiler_fp_update(struct boiler_fp *f, const unsigned char *buf, size_t len)
{
	uint64_t	 m;
	size_t		 i, at;

	for (i = 0; i < len && f->nfp < BOILER_MAXFP; i++) {
		at = f->seen % BOILER_WINDOW;
		f->h = f->h * ROLL_BASE + buf[i] + 1;
		if (f->seen >= BOILER_WINDOW)
			f->h -= ROLL_OUT * (f->ring[at] + 1ULL);
		f->ring[at] = buf[i];
		f->seen++;
		if (f->seen < BOILER_WINDOW)
			continue;
		m = mix(f->h);
		if (m % BOILER_SAMPLE == 0)
			f->fp[f->nfp++] = m;
	}
}

int
boiler_fp_cmp(const void *a, const void *b)
{
	uint64_t	x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

size_t
boiler_fp_final(struct boiler_fp *f)
{
	size_t	i, n = 0;

	qsort(f->fp, f->nfp, sizeof(f->fp[0]), boiler_fp_cmp);
	for (i = 0; i < f->nfp; i++)
		if (n == 0 || f->fp[n - 1] != f->fp[i])
			f->fp[n++] = f->fp[i];
	return f->nfp = n;
}

struct boiler *
boiler_new(unsigned int bits)
{
	struct boiler	*b;

	if (bits < 10 || bits > 24 || (b = calloc(1, sizeof(*b))) == NULL)
		return NULL;
	b->mask = (1ULL << bits) - 1;
	if ((b->slot = calloc(b->mask + 1, sizeof(*b->slot))) == NULL ||
	    pthread_mutex_init(&b->mu, NULL) != 0) {
		free(b->slot);
		free(b);
		return NULL;
	}
	return b;
}

void
boiler_free(struct boiler *b)
{
	if (b == NULL)
		return;
	pthread_mutex_destroy(&b->mu);
	free(b->slot);
	free(b);
}

/* The hour of unix time now, as slots keep it. */
static uint16_t
hour16(int64_t now)
{
	return (uint16_t)(now / 3600);
}

/* A used slot not seen for KEEP_HOURS counts as free. */
static int
fresh(const struct slot *s, uint16_t hour)
{
	return s->tag != 0 && (uint16_t)(hour - s->hour) <= KEEP_HOURS;
}

/* The fresh slot holding fp, or NULL. */
static struct slot *
find(struct boiler *b, uint64_t fp, uint16_t hour)
{
	uint32_t	tag = (uint32_t)(fp >> 32) | 1;
	struct slot	*s;

	for (int i = 0; i < PROBES; i++) {
		s = &b->slot[(fp + i) & b->mask];
		if (s->tag == tag && fresh(s, hour))
			return s;
	}
	return NULL;
}

/* A slot for a new fp: a free or stale one, else the least seen. */
static struct slot *
victim(struct boiler *b, uint64_t fp, uint16_t hour)
{
	struct slot	*s, *v = NULL;

	for (int i = 0; i < PROBES; i++) {
		s = &b->slot[(fp + i) & b->mask];
		if (!fresh(s, hour))
			return s;
		if (v == NULL || s->n < v->n || (s->n == v->n &&
		    (uint16_t)(hour - s->hour) > (uint16_t)(hour - v->hour)))
			v = s;
	}
	return v;
}

size_t
boiler_count(struct boiler *b, const uint64_t *fp, size_t n, int64_t now)
{
	uint16_t		 hour = hour16(now);
	const struct slot	*s;
	size_t			 i, c = 0;

	pthread_mutex_lock(&b->mu);
	for (i = 0; i < n; i++)
		if ((s = find(b, fp[i], hour)) != NULL && s->n >= BOILER_PLACES &&
		    s->nc >= BOILER_CLUSTERS && s->again)
			c++;
	pthread_mutex_unlock(&b->mu);
	return c;
}

/*
 * Add v to the set of up to max - 1 values in ids, counted in *n (up to
 * max). Returns 0 if v was in the set; 1 if it was not (also when the set
 * is full and v is not among those kept).
 */
static int
add_distinct(uint32_t *ids, uint8_t *n, int max, uint32_t v)
{
	int	k;

	for (k = 0; k < *n && k < max - 1; k++)
		if (ids[k] == v)
			return 0;
	if (*n >= max)
		return 1;
	if (*n < max - 1)
		ids[*n] = v;
	(*n)++;
	return 1;
}

/*
 * The fingerprint seen in place `place` from sender src: has that sender
 * used it in another place before? A signature, a company's disclaimer, a
 * list's footer or a newsletter's template is its sender's own text, sent
 * with ever new content; a campaign's text comes from a botnet's or a
 * snowshoe's ever new senders. Each sender is kept with the place it was
 * first seen in, so that copies in one place are never two places (ids
 * keeps only the first places: a later one is not known again).
 */
static void
add_source(struct slot *s, uint32_t src, uint32_t place)
{
	int	k;

	for (k = 0; k < s->nsrc; k++)
		if (s->srcs[k] == src) {
			if (s->splace[k] != place)
				s->again = 1;
			return;
		}
	if (s->nsrc < BOILER_SOURCES) {
		s->srcs[s->nsrc] = src;
		s->splace[s->nsrc++] = place;
	}
}

/* 32 bits of an id, so that consecutive ids differ. */
static uint32_t
id32(uint64_t id)
{
	return (uint32_t)(id * 0x9e3779b97f4a7c15ULL >> 32);
}

void
boiler_note(struct boiler *b, const uint64_t *fp, size_t n, uint64_t id,
    uint64_t cid, uint32_t src, int64_t now)
{
	uint16_t	 hour = hour16(now);
	struct slot	*s;
	size_t		 i;

	pthread_mutex_lock(&b->mu);
	for (i = 0; i < n; i++) {
		if ((s = find(b, fp[i], hour)) == NULL) {
			s = victim(b, fp[i], hour);
			memset(s, 0, sizeof(*s));
			s->tag = (uint32_t)(fp[i] >> 32) | 1;
		}
		s->hour = hour;
		(void)add_distinct(s->ids, &s->n, BOILER_PLACES, id32(id));
		add_source(s, src, id32(id));
		(void)add_distinct(s->cids, &s->nc, BOILER_CLUSTERS, id32(cid));
	}
	pthread_mutex_unlock(&b->mu);
}
