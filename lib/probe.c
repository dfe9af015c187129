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
 * probe.c: tables of hashed entries aged by the hour (probe.h).
 */
#include <stdlib.h>
#include <string.h>

#include "probe.h"

int
probe_init(struct probe_table *t, unsigned int bits, size_t size)
{
	memset(t, 0, sizeof(*t));
	if (bits < 10 || bits > 24 || size < sizeof(struct probe_head))
		return -1;
	t->mask = (1ULL << bits) - 1;
	t->size = size;
	if ((t->e = calloc(t->mask + 1, size)) == NULL)
		return -1;
	if (pthread_mutex_init(&t->mu, NULL) != 0) {
		free(t->e);
		t->e = NULL;
		return -1;
	}
	return 0;
}

void
probe_fini(struct probe_table *t)
{
	if (t->e == NULL)
		return;
	pthread_mutex_destroy(&t->mu);
	free(t->e);
	t->e = NULL;
}

/* Slot i of hash h's. */
static struct probe_head *
slot(struct probe_table *t, uint64_t h, int i)
{
	return (struct probe_head *)(t->e + ((h + i) & t->mask) * t->size);
}

/* A used entry not seen for PROBE_KEEP_HOURS counts as free. */
static int
fresh(const struct probe_head *e, uint16_t hour)
{
	return e->tag != 0 && (uint16_t)(hour - e->hour) <= PROBE_KEEP_HOURS;
}

void *
probe_find(struct probe_table *t, uint64_t h, uint16_t hour)
{
	uint32_t		 tag = (uint32_t)(h >> 32) | 1;
	struct probe_head	*e;

	for (int i = 0; i < PROBE_SLOTS; i++) {
		e = slot(t, h, i);
		if (e->tag == tag && fresh(e, hour))
			return e;
	}
	return NULL;
}

/* Seen longer ago than b: the default rank. */
static int
older(const void *a, const void *b, uint16_t hour)
{
	const struct probe_head	*x = a, *y = b;

	return (uint16_t)(hour - x->hour) > (uint16_t)(hour - y->hour);
}

void *
probe_take(struct probe_table *t, uint64_t h, uint16_t hour,
    probe_before_fn *before)
{
	struct probe_head	*e, *v = NULL;

	if (before == NULL)
		before = older;
	for (int i = 0; i < PROBE_SLOTS; i++) {
		e = slot(t, h, i);
		if (!fresh(e, hour)) {
			v = e;
			break;
		}
		if (v == NULL || before(e, v, hour))
			v = e;
	}
	memset(v, 0, t->size);
	v->tag = (uint32_t)(h >> 32) | 1;
	v->hour = hour;
	return v;
}

uint16_t
probe_hour(int64_t now)
{
	return (uint16_t)(now / 3600);
}

uint64_t
probe_mix(uint64_t h)
{
	h ^= h >> 30;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 27;
	h *= 0x94d049bb133111ebULL;
	return h ^ h >> 31;
}
