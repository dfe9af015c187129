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
 * corresp.h: who has written to whom. A table of the pairs (source,
 * recipient) that delivered mail lately, where a source is a client
 * network with a sender domain, or a sender domain that a trusted
 * verifier authenticated (message.c sender_identity()).
 *
 * A list's or an announcement's next post goes to people its server has
 * written to before, in other conversations (other clusters): the list's
 * earlier posts. A campaign's copy comes from a botnet's host or a
 * snowshoe's range to people it never wrote to, or wrote to only with
 * this campaign. So a copy that goes to CORRESP_MIN_RCPTS people or more,
 * at least CORRESP_SHARE percent of them people its source delivered mail
 * to in another cluster before, is its source's correspondence: verdict.c
 * tags it rather than rejecting it for its cluster's bulk. The other
 * copies of the cluster are judged as before; a cluster an administrator
 * marked spam is rejected all the same.
 *
 * Only delivered mail (accepted or tagged, as enforce mode would do)
 * makes a pair: a rejected copy makes none. The bar of several people
 * keeps a snowshoe range that wrote one campaign to a few users from
 * passing its next one to them one by one.
 *
 * The table lives in memory, a fixed size (CORRESP_BITS), learned from the
 * traffic since the process started, as the boilerplate table is: nothing
 * is stored on disk, and each host of a fleet learns its own. Safe from
 * several threads.
 */
#ifndef CORRESP_H
#define CORRESP_H

#include <stddef.h>
#include <stdint.h>

#define CORRESP_MIN_RCPTS	4	/* people a copy must go to, */
#define CORRESP_SHARE		75	/* percent of them written to before */
#define CORRESP_BITS		20	/* 2^20 slots of 12 bytes: 12 MiB */

struct corresp;

/* A table of about 2^bits slots (bits 10 .. 24); NULL if out of memory. */
struct corresp *corresp_new(unsigned int bits);
void	corresp_free(struct corresp *t);

/*
 * How many of the n recipients rcpt (hashes, never 0, each once) source
 * src delivered mail to before in a cluster other than cid. cid is the
 * message's cluster, or an id of its own (never a cluster's) when it
 * joined none.
 */
size_t	corresp_known(struct corresp *t, uint64_t src, const uint32_t *rcpt,
	    size_t n, uint64_t cid, int64_t now);

/* Is a copy to n recipients, known of them written to before, correspondence? */
int	corresp_is_known(size_t known, size_t n);

/* Note that src delivered mail of cluster cid to the n recipients. */
void	corresp_note(struct corresp *t, uint64_t src, const uint32_t *rcpt,
	    size_t n, uint64_t cid, int64_t now);

#endif /* CORRESP_H */
