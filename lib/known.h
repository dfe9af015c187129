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
 * which remembers when mail of it was first and last accepted.
 *
 * A list's next post, a correspondent's next letter, a colleague's
 * reply in a thread: each comes from a sender that wrote to the same
 * people from the same network before the text at hand began to go
 * round, and the site took that mail. verdict.c tags rather than
 * rejects a copy whose recipients are, for more than half, known so to
 * its sender (EXEMPT_KNOWN): one call for papers that reaches the site
 * through several lists is then rejected only through lists that never
 * posted to those people before. "Before" is before the copy's cluster
 * was first seen: a campaign's own copies, and anything its hosts send
 * the same people while it runs (a "hi" before each copy), make no
 * sender known; a campaign would have to write to every one of its
 * people, from each of its hosts and addresses, before it starts, and
 * have that accepted.
 *
 * In memory and bounded: 4 << bits relations of 16 bytes, in buckets of
 * four, the hash keyed by a random seed; a new relation takes the place
 * of the one seen longest ago in its bucket. Nothing of it is stored:
 * after a restart every sender is new again, and the rules are those
 * without it. A relation unseen for longer than the ttl given is
 * forgotten: not counted, and new when seen again. Thread-safe.
 */
#ifndef KNOWN_H
#define KNOWN_H

#include <stdint.h>

#define KNOWN_BITS	18	/* 2^18 buckets: 1M relations, 16 MiB */

struct known;

struct known	*known_new(unsigned int bits);
void		 known_free(struct known *k);

/*
 * How many of the n recipients (hashes) sender wrote to from net before
 * `before` (the copy's cluster's first sighting, unix seconds), seen
 * again within ttl seconds of now. sender 0 (the null sender of bounces
 * and autoreplies, which any host uses) knows no one.
 */
unsigned int	 known_count(struct known *k, uint32_t net, uint32_t sender,
		    const uint32_t *rcpt, unsigned int n, int64_t before,
		    int64_t now, int64_t ttl);

/* Mail from sender at net to rcpt[] was accepted at now. */
void		 known_note(struct known *k, uint32_t net, uint32_t sender,
		    const uint32_t *rcpt, unsigned int n, int64_t now,
		    int64_t ttl);

#endif /* KNOWN_H */
