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
 * known.c: who has written to whom (known.h): a table (probe.h) of
 * (sender, block, recipient) keys, each with its first two clusters and
 * how many it saw.
 */
#include <stdlib.h>

#include "known.h"
#include "probe.h"

/* head.user: the different clusters seen, at most 3 */
struct entry {
	struct probe_head head;
	uint32_t	cid[2];	/* 32 bits of the first two's ids */
};

struct known {
	struct probe_table t;
};

/* 16 bytes: 2^20 of them are KNOWN_BITS' 16 MiB */
_Static_assert(sizeof(struct entry) == 16, "an entry's size");

/* The key of mail from sender through block to rcpt. */
static uint64_t
key(uint32_t sender, uint32_t block, uint32_t rcpt)
{
	return probe_mix(probe_mix((uint64_t)sender << 32 | block) ^ rcpt);
}

/* 32 bits of a cluster's id, never 0 for a cluster (0: none). */
static uint32_t
cid32(uint64_t cid)
{
	uint32_t	c;

	if (cid == 0)
		return 0;
	c = (uint32_t)(probe_mix(cid) >> 32);
	return c != 0 ? c : 1;
}

/*
 * Did the entry see two clusters other than c? Of three different ones,
 * at least two are.
 */
static int
others(const struct entry *e, uint32_t c)
{
	return e->head.user >= 3 ||
	    (e->head.user == 2 && e->cid[0] != c && e->cid[1] != c);
}

struct known *
known_new(unsigned int bits)
{
	struct known	*k;

	if ((k = calloc(1, sizeof(*k))) == NULL)
		return NULL;
	if (probe_init(&k->t, bits, sizeof(struct entry)) == -1) {
		free(k);
		return NULL;
	}
	return k;
}

void
known_free(struct known *k)
{
	if (k == NULL)
		return;
	probe_fini(&k->t);
	free(k);
}

void
known_note(struct known *k, uint32_t sender, uint32_t block,
    const uint32_t *rcpt, size_t n, uint64_t cid, int64_t now)
{
	uint16_t	 hour = probe_hour(now);
	uint32_t	 c = cid32(cid);
	uint64_t	 h;
	struct entry	*e;

	pthread_mutex_lock(&k->t.mu);
	for (size_t i = 0; i < n; i++) {
		h = key(sender, block, rcpt[i]);
		if ((e = probe_find(&k->t, h, hour)) == NULL) {
			e = probe_take(&k->t, h, hour, NULL);
			e->cid[0] = c;
			e->head.user = 1;
		} else if (e->head.user == 1 && e->cid[0] != c)
			e->cid[e->head.user++] = c;
		else if (e->head.user == 2 && e->cid[0] != c && e->cid[1] != c)
			e->head.user = 3;	/* a third: more than enough */
		e->head.hour = hour;
	}
	pthread_mutex_unlock(&k->t.mu);
}

int
known_all(struct known *k, uint32_t sender, uint32_t block,
    const uint32_t *rcpt, size_t n, uint64_t cid, int64_t now)
{
	uint16_t		 hour = probe_hour(now);
	uint32_t		 c = cid32(cid);
	const struct entry	*e;
	size_t			 i;

	if (n == 0)
		return 0;
	pthread_mutex_lock(&k->t.mu);
	for (i = 0; i < n; i++)
		if ((e = probe_find(&k->t, key(sender, block, rcpt[i]),
		    hour)) == NULL || !others(e, c))
			break;
	pthread_mutex_unlock(&k->t.mu);
	return i == n;
}
