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
 * known.c: who has written to whom (known.h). A fixed table of 16-byte
 * relations in buckets of four, behind one mutex: a message looks up and
 * notes at most its 64 recipients' relations, microseconds against the
 * store's commit. The hash is keyed with a random seed of the process,
 * so that no one can aim notes at the bucket of a list's relations.
 */
#include <sys/random.h>

#include <pthread.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "known.h"

#define WAYS	4

struct rel {
	uint64_t	key;	/* 0: empty */
	uint32_t	first;	/* unix seconds of its first delivery */
	uint32_t	last;	/* of its last */
};

struct known {
	pthread_mutex_t	 mu;
	unsigned int	 bits;
	uint64_t	 seed;	/* keys the hash: buckets are not foretold */
	struct rel	*tab;	/* WAYS << bits */
};

struct known *
known_new(unsigned int bits)
{
	struct known	*k;

	if (bits < 1 || bits > 28 || (k = calloc(1, sizeof(*k))) == NULL)
		return NULL;
	k->bits = bits;
	if (getrandom(&k->seed, sizeof(k->seed), GRND_NONBLOCK) !=
	    (ssize_t)sizeof(k->seed))
		k->seed = (uint64_t)time(NULL) << 20 ^ (uint64_t)getpid();
	if ((k->tab = calloc((size_t)WAYS << bits, sizeof(*k->tab))) == NULL ||
	    pthread_mutex_init(&k->mu, NULL) != 0) {
		free(k->tab);
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
	pthread_mutex_destroy(&k->mu);
	free(k->tab);
	free(k);
}

/* The relation's key: never 0 (an empty slot). */
static uint64_t
rel_key(const struct known *k, uint32_t net, uint32_t sender, uint32_t rcpt)
{
	uint64_t	h = ((uint64_t)net << 32 | sender) ^ k->seed;

	h *= 0x9e3779b97f4a7c15ULL;
	h ^= (h >> 31) ^ rcpt * 0xc2b2ae3d27d4eb4fULL;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	return h != 0 ? h : 1;
}

/* The bucket of key. */
static struct rel *
bucket(const struct known *k, uint64_t key)
{
	return k->tab + (size_t)(key >> (64 - k->bits)) * WAYS;
}

/* The relation of key in its bucket, or NULL. */
static struct rel *
rel_find(const struct known *k, uint64_t key)
{
	struct rel	*b = bucket(k, key);
	int		 i;

	for (i = 0; i < WAYS; i++)
		if (b[i].key == key)
			return b + i;
	return NULL;
}

/* Was r's last delivery within ttl of now? */
static int
rel_live(const struct rel *r, int64_t now, int64_t ttl)
{
	return now - (int64_t)r->last <= ttl;
}

unsigned int
known_count(struct known *k, uint32_t net, uint32_t sender,
    const uint32_t *rcpt, unsigned int n, int64_t before, int64_t now,
    int64_t ttl)
{
	const struct rel	*r;
	unsigned int		 i, known = 0;

	if (k == NULL || sender == 0)
		return 0;
	pthread_mutex_lock(&k->mu);
	for (i = 0; i < n; i++)
		if ((r = rel_find(k, rel_key(k, net, sender, rcpt[i]))) != NULL &&
		    rel_live(r, now, ttl) && (int64_t)r->first < before)
			known++;
	pthread_mutex_unlock(&k->mu);
	return known;
}

void
known_note(struct known *k, uint32_t net, uint32_t sender,
    const uint32_t *rcpt, unsigned int n, int64_t now, int64_t ttl)
{
	struct rel	*r, *b;
	uint64_t	 key;
	unsigned int	 i;
	int		 w;

	if (k == NULL || sender == 0)
		return;
	pthread_mutex_lock(&k->mu);
	for (i = 0; i < n; i++) {
		key = rel_key(k, net, sender, rcpt[i]);
		if ((r = rel_find(k, key)) == NULL) {
			/* an empty slot, or the one seen longest ago */
			b = bucket(k, key);
			for (r = b, w = 1; w < WAYS && r->key != 0; w++)
				if (b[w].key == 0 || b[w].last < r->last)
					r = b + w;
			r->key = key;
			r->first = (uint32_t)now;
		} else if (!rel_live(r, now, ttl))
			r->first = (uint32_t)now;	/* forgotten: new */
		r->last = (uint32_t)now;
	}
	pthread_mutex_unlock(&k->mu);
}
