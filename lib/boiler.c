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
#include <stdlib.h>
#include <string.h>

#include "boiler.h"
#include "probe.h"

#define ROLL_BASE	0x100000001b3ULL	/* odd: a bijection mod 2^64 */
#define ROLL_OUT	0x0558b2e6a2f64081ULL	/* ROLL_BASE^BOILER_WINDOW mod 2^64,
						   checked by check_boiler */

/* A fingerprint's entry (probe.h: one of PROBE_SLOTS, gone when unseen
   for PROBE_KEEP_HOURS). */
struct slot {
	struct probe_head head;
	uint32_t	ids[BOILER_PLACES - 1];		/* places seen in */
	uint32_t	cids[BOILER_CLUSTERS - 1];	/* clusters seen in */
	uint32_t	srcs[BOILER_SOURCES];	/* senders seen (hashes; 32 bits,
					   so that ever new senders of a
					   large campaign never meet one
					   of them by chance), */
	uint32_t	splace[BOILER_SOURCES];	/* each with its first place */
	uint8_t		n;		/* different places, at most
					   BOILER_PLACES */
	uint8_t		nc;		/* different clusters, at most
					   BOILER_CLUSTERS */
	uint8_t		nsrc;		/* of them in srcs */
	uint8_t		again;		/* a sender used it in two places */
};

struct boiler {
	struct probe_table t;
};

/* 60 bytes: 2^18 of them are BOILER_BITS' 15 MiB */
_Static_assert(sizeof(struct slot) == 60, "a boilerplate slot's size");

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
		m = probe_mix(f->h);	/* the rolling hash's bits spread */
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

	if ((b = calloc(1, sizeof(*b))) == NULL)
		return NULL;
	if (probe_init(&b->t, bits, sizeof(struct slot)) == -1) {
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
	probe_fini(&b->t);
	free(b);
}

/* Of two fresh slots, the one seen in fewer places, then the older, goes. */
static int
before(const void *a, const void *b, uint16_t hour)
{
	const struct slot	*x = a, *y = b;

	return x->n < y->n || (x->n == y->n && (uint16_t)(hour -
	    x->head.hour) > (uint16_t)(hour - y->head.hour));
}

size_t
boiler_count(struct boiler *b, const uint64_t *fp, size_t n, int64_t now)
{
	uint16_t		 hour = probe_hour(now);
	const struct slot	*s;
	size_t			 i, c = 0;

	pthread_mutex_lock(&b->t.mu);
	for (i = 0; i < n; i++)
		if ((s = probe_find(&b->t, fp[i], hour)) != NULL &&
		    s->n >= BOILER_PLACES && s->nc >= BOILER_CLUSTERS &&
		    s->again)
			c++;
	pthread_mutex_unlock(&b->t.mu);
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
	uint16_t	 hour = probe_hour(now);
	struct slot	*s;
	size_t		 i;

	pthread_mutex_lock(&b->t.mu);
	for (i = 0; i < n; i++) {
		if ((s = probe_find(&b->t, fp[i], hour)) == NULL)
			s = probe_take(&b->t, fp[i], hour, before);
		s->head.hour = hour;
		(void)add_distinct(s->ids, &s->n, BOILER_PLACES, id32(id));
		add_source(s, src, id32(id));
		(void)add_distinct(s->cids, &s->nc, BOILER_CLUSTERS, id32(cid));
	}
	pthread_mutex_unlock(&b->t.mu);
}
