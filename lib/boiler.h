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
 * boiler.h: how much of a message's text is its own, and how much is
 * boilerplate (a footer, a disclaimer, a list's trailer, a translators'
 * colophon) that many unrelated messages carry.
 *
 * A message's canonical text is sampled into fingerprints: the hashes of
 * the 32-byte windows that content-defined sampling picks (about one
 * position in 16, the same positions in every copy of a passage, wherever
 * it stands in the text). A table remembers, for each fingerprint seen
 * lately, the places, clusters and senders it was seen in and from. A
 * fingerprint seen in BOILER_PLACES different places and BOILER_CLUSTERS
 * different clusters, which one of its first BOILER_SOURCES senders used
 * in two places, is boilerplate. The caller says what a place is
 * (message.c: the near copies of one cluster are one place, any other
 * message is a place of its own). A footer, a disclaimer or a list's
 * trailer is its sender's own text under ever new content: its sender
 * shows it in two places, and it lands in more than one cluster. A
 * campaign's text comes from ever new senders (a botnet's, forged ones);
 * a snowshoe sender whose copies drift over two clusters does make its
 * text boilerplate, and then its copies join only as near copies. That
 * is the price of two clusters rather than three: letters of many
 * companies under one common notice gather in one or two clusters, and
 * waiting for a third left them rejected as a campaign (docs/replay.md).
 *
 * What it cannot tell: a sender that shows a campaign's text in two
 * places of its own (four priming messages, the text inside filler that
 * varies) makes it boilerplate for everyone. So boilerplate only limits
 * how a message is counted, never whether (message.c
 * message_count_kind()): text mostly boilerplate joins only as a near
 * copy, and a campaign's copies, near copies of each other, are counted
 * as before (docs/replay.md, tenth session). A campaign that both
 * poisons and varies its copies below a near copy's score is still not
 * counted. Counting a fingerprint as boilerplate only for the senders
 * that taught it would also stop other senders' spam from being
 * stripped, but then letters of several organisations under one common
 * notice join through it again (ham rejected: mksite.py zh 2 to 45).
 *
 * The table lives in memory, a fixed size (15 MiB), and is learned
 * from the traffic since the process started: nothing is stored on disk,
 * and a process (nilsimsactl check) that has seen no traffic counts
 * nothing as boilerplate. All functions are safe from several threads.
 */
#ifndef BOILER_H
#define BOILER_H

#include <stddef.h>
#include <stdint.h>

#define BOILER_WINDOW	32	/* bytes a fingerprint covers */
#define BOILER_SAMPLE	16	/* one position in this many is sampled */
#define BOILER_MAXFP	512	/* fingerprints kept per message */
#define BOILER_PLACES	4	/* different places, */
#define BOILER_CLUSTERS	2	/* in different clusters, */
#define BOILER_SOURCES	4	/* one of the first senders in two places:
				   boilerplate */
#define BOILER_BITS	18	/* 2^18 slots of 60 bytes: 15 MiB */

/* The sampler of one message, fed its canonical text as it streams. */
struct boiler_fp {
	uint64_t	 h;			/* rolling hash of the window */
	size_t		 seen;			/* bytes fed */
	unsigned char	 ring[BOILER_WINDOW];
	size_t		 nfp;
	uint64_t	 fp[BOILER_MAXFP];
};

void	boiler_fp_reset(struct boiler_fp *f);
void	boiler_fp_update(struct boiler_fp *f, const unsigned char *buf,
	    size_t len);
/* Sort and de-duplicate the fingerprints; returns how many remain. */
size_t	boiler_fp_final(struct boiler_fp *f);
/* qsort's and bsearch's comparison of two fingerprints (uint64_t). */
int	boiler_fp_cmp(const void *a, const void *b);

struct boiler;

/* A table of about 2^bits slots (bits 10 .. 24); NULL if out of memory. */
struct boiler *boiler_new(unsigned int bits);
void	boiler_free(struct boiler *b);
/* How many of the n fingerprints are boilerplate. */
size_t	boiler_count(struct boiler *b, const uint64_t *fp, size_t n,
	    int64_t now);
/*
 * Note that the n fingerprints were seen in place id, of cluster cid,
 * from sender src (a hash of who sent the message: its sender domain
 * and the block of networks its client is in).
 */
void	boiler_note(struct boiler *b, const uint64_t *fp, size_t n,
	    uint64_t id, uint64_t cid, uint32_t src, int64_t now);

#endif /* BOILER_H */
