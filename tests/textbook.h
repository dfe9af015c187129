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
 * A straightforward nilsimsa, written from the description of the reference
 * program (cmeclax's nilsimsa 0.2.4): the tran table derived from the seed
 * 53, tran3() and eight trigrams per window position, one byte at a time.
 * Kept in the tests only, as the oracle the fast library is checked against
 * and the baseline the benchmark compares it with.
 */
#ifndef TEXTBOOK_H
#define TEXTBOOK_H

#include <stddef.h>
#include <stdint.h>

struct textbook {
	uint64_t	acc[256];
	uint64_t	count;
	int		last[4];	/* previous bytes, newest first; -1: none */
};

void	textbook_init(struct textbook *);
void	textbook_update(struct textbook *, const void *, size_t);
/* The code: bit i in byte i >> 3 at bit i & 7; the total in *total. */
void	textbook_final(const struct textbook *, unsigned char code[32],
	    uint64_t *total);
void	textbook_hex(const unsigned char code[32], char hex[65]);
/* The reference's tran table, built on first use. */
const unsigned char *textbook_tran(void);

#endif
