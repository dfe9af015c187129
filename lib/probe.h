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
 * probe.h: a table of a fixed number of entries, each found by a 64-bit
 * hash in one of PROBE_SLOTS slots from the hash's own, aged by the
 * hour: an entry not seen for PROBE_KEEP_HOURS counts as free, and when
 * a new one finds its slots all taken, the one its table ranks first
 * makes way. The boilerplate table (boiler.c) and the table of who
 * wrote to whom (known.c) are such tables.
 *
 * An entry begins with a struct probe_head: the hash's high half (never
 * 0 in a used entry), the hour it was last seen, and 16 bits its table
 * uses as it will. The caller holds the table's lock around finding,
 * taking and changing entries.
 */
#ifndef PROBE_H
#define PROBE_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#define PROBE_SLOTS		8		/* slots a hash may take */
#define PROBE_KEEP_HOURS	(30 * 24)	/* unseen longer: free */

struct probe_head {
	uint32_t	tag;		/* the hash's high half | 1; 0 free */
	uint16_t	hour;		/* last seen, hours mod 65536 */
	uint16_t	user;		/* the table's own */
};

struct probe_table {
	pthread_mutex_t	 mu;
	uint64_t	 mask;
	size_t		 size;		/* bytes an entry */
	unsigned char	*e;
};

/*
 * Which of two fresh entries makes way first: nonzero if a goes before
 * b. With none given, the one seen longest ago.
 */
typedef int	probe_before_fn(const void *a, const void *b, uint16_t hour);

/* 2^bits entries (10 to 24) of size bytes each, all free: 0, or -1. */
int	probe_init(struct probe_table *t, unsigned int bits, size_t size);
void	probe_fini(struct probe_table *t);

/* The fresh entry of hash h, or NULL. */
void	*probe_find(struct probe_table *t, uint64_t h, uint16_t hour);

/*
 * An entry for hash h, not found: a free or stale one, else the one
 * before ranks first; zeroed, its head h's and seen now.
 */
void	*probe_take(struct probe_table *t, uint64_t h, uint16_t hour,
	    probe_before_fn *before);

/* The hour of unix time now, as entries keep it. */
uint16_t	probe_hour(int64_t now);

/* A hash's bits spread (the finaliser of SplitMix64). */
uint64_t	probe_mix(uint64_t h);

#endif /* PROBE_H */
