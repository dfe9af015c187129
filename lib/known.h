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
 * known.h: who has written to whom. A table remembers, for each sender
 * address, client host block and recipient seen lately in mail that
 * was delivered, the first two clusters of that mail and whether there
 * were more. A copy of a bulk cluster whose every recipient had mail of
 * two other clusters delivered from the same sender through the same
 * block comes from a correspondent or a list the recipient reads: a
 * list's post of a call for papers that other lists and the organiser's
 * colleagues also send, a colleague's forward of a notice many forward.
 * It is tagged, not rejected (verdict.c). A campaign reaches people who
 * never had mail from its sender's address through its hosts: a
 * botnet's copies come from ever new networks, a snowshoe's throwaway
 * addresses had nothing delivered before, a forged sender comes from
 * hosts outside the real one's block. What it cannot tell: a
 * correspondent's own account or host, taken over, writing to the
 * people it wrote to; a host in the same block as a list's server that
 * forges the list's address to its subscribers (no sender is
 * authenticated); and a spammer who first sends each target two
 * harmless letters of their own from the block and address its campaign
 * copy will come from: that buys the copy a tag instead of a reject,
 * for three deliveries a target from one /24. A copy to more people
 * than message.c keeps hashes of (MESSAGE_RCPT_HASHED, a sample anyone
 * can compute), or to a spam trap, is never a correspondent's. One
 * earlier letter would have been enough to spare twice as much of the
 * outside streams' rejected ham, and cheap enough to buy
 * (docs/replay.md).
 *
 * The sender is its envelope address (lower case, without a +detail:
 * a list's VERP address of mailman or Google Groups is the list); the
 * block is the client's /24 (IPv6 /48): a list's server, an
 * organisation's relays. The null sender (reports) is never known.
 *
 * The table lives in memory, a fixed size (16 MiB: 2^20 entries), and
 * is learned from the traffic since the process started: nothing is
 * stored on disk, a fleet's hosts each learn their own, and a process
 * that has seen no traffic (nilsimsactl check) knows no one. An entry
 * is kept while mail keeps coming, and forgotten KNOWN_KEEP_HOURS after
 * the last; when the slots a key may take are full, the one seen
 * longest ago makes way (probe.h). All functions are safe from several
 * threads.
 */
#ifndef KNOWN_H
#define KNOWN_H

#include <stddef.h>
#include <stdint.h>

#include "probe.h"

#define KNOWN_BITS		20		/* 2^20 entries, 16 bytes */
#define KNOWN_KEEP_HOURS	PROBE_KEEP_HOURS /* unseen longer: forgotten */

struct known;

/* A table of 2^bits entries (10 to 24), or NULL (no memory, bad bits). */
struct known	*known_new(unsigned int bits);
void		 known_free(struct known *k);

/*
 * Mail from sender (a hash, never 0) through block (a hash) to the n
 * recipients was delivered; cid is its cluster (0: none, not digested).
 */
void	known_note(struct known *k, uint32_t sender, uint32_t block,
	    const uint32_t *rcpt, size_t n, uint64_t cid, int64_t now);

/*
 * Had every one of the n recipients (n > 0) delivered mail from sender
 * through block of two clusters other than cid (mail not digested is of
 * cluster 0)? 1 if so, else 0.
 */
int	known_all(struct known *k, uint32_t sender, uint32_t block,
	    const uint32_t *rcpt, size_t n, uint64_t cid, int64_t now);

#endif /* KNOWN_H */
