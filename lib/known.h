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
 * known.h: who has written to whom. A table of the site's
 * correspondents: a sender (its envelope address, hashed by the caller),
 * the network it writes from and one of its recipients make a relation,
 * which remembers the cluster of the last message of it that was
 * delivered and in how many clusters such messages were.
 *
 * A list's next post, a correspondent's next letter, a colleague's
 * reply in a thread: each comes from a sender that wrote to the same
 * people from the same network before, in other mail (other clusters),
 * which the site took. A campaign's copy comes from a host and a sender
 * that never wrote to its recipients, or wrote them only the campaign's
 * own text. verdict.c tags rather than rejects a copy whose recipients
 * are, for more than half, known to its sender (EXEMPT_KNOWN): one call
 * for papers that reaches the site through several lists is then
 * rejected only through lists that never posted to those people before.
 *
 * In memory and bounded: 4 << bits relations of 16 bytes, in buckets of
 * four; a new relation takes the place of the one seen longest ago in
 * its bucket. Nothing of it is stored: after a restart every sender is
 * new again, and the rules are those without it. Relations older than
 * the ttl given are not counted. Thread-safe.
 */
#ifndef KNOWN_H
#define KNOWN_H

#include <stdint.h>

#define KNOWN_BITS	18	/* 2^18 buckets: 1M relations, 16 MiB */

struct known;

struct known	*known_new(unsigned int bits);
void		 known_free(struct known *k);

/*
 * How many of the n recipients (hashes) sender wrote to from net before,
 * in a message of another cluster than cid (0: a message that was not
 * digested), within ttl seconds of now. sender 0 (the null sender of
 * bounces and autoreplies, which any host uses) knows no one.
 */
unsigned int	 known_count(struct known *k, uint32_t net, uint32_t sender,
		    const uint32_t *rcpt, unsigned int n, uint64_t cid,
		    int64_t now, int64_t ttl);

/* A message of cluster cid from sender at net was delivered to rcpt[]. */
void		 known_note(struct known *k, uint32_t net, uint32_t sender,
		    const uint32_t *rcpt, unsigned int n, uint64_t cid,
		    int64_t now);

#endif /* KNOWN_H */
