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

/* The textbook nilsimsa: see textbook.h. Deliberately plain and slow. */

#include <stdio.h>

#include "textbook.h"

static unsigned char	tran[256];
static int		tran_ready;

const unsigned char *
textbook_tran(void)
{
	int	i, j, k;

	if (tran_ready)
		return tran;
	for (i = j = 0; i < 256; i++) {
		j = (j * 53 + 1) & 255;
		j += j;
		if (j > 255)
			j -= 255;
		for (k = 0; k < i; k++)
			if (j == tran[k]) {
				j = (j + 1) & 255;
				k = 0;
			}
		tran[i] = (unsigned char)j;
	}
	tran_ready = 1;
	return tran;
}

static int
tran3(int a, int b, int c, int n)
{
	return ((tran[(a + n) & 255] ^ tran[b] * (n + n + 1)) +
	    tran[c ^ tran[n]]) & 255;
}

void
textbook_init(struct textbook *t)
{
	int	i;

	textbook_tran();
	for (i = 0; i < 256; i++)
		t->acc[i] = 0;
	t->count = 0;
	for (i = 0; i < 4; i++)
		t->last[i] = -1;
}

void
textbook_update(struct textbook *t, const void *buf, size_t len)
{
	const unsigned char	*p = buf;
	int			 ch, *w = t->last;
	size_t			 i;

	for (i = 0; i < len; i++) {
		ch = p[i];
		t->count++;
		if (w[1] > -1)
			t->acc[tran3(ch, w[0], w[1], 0)]++;
		if (w[2] > -1) {
			t->acc[tran3(ch, w[0], w[2], 1)]++;
			t->acc[tran3(ch, w[1], w[2], 2)]++;
		}
		if (w[3] > -1) {
			t->acc[tran3(ch, w[0], w[3], 3)]++;
			t->acc[tran3(ch, w[1], w[3], 4)]++;
			t->acc[tran3(ch, w[2], w[3], 5)]++;
			t->acc[tran3(w[3], w[0], ch, 6)]++;
			t->acc[tran3(w[3], w[2], ch, 7)]++;
		}
		w[3] = w[2];
		w[2] = w[1];
		w[1] = w[0];
		w[0] = ch;
	}
}

void
textbook_final(const struct textbook *t, unsigned char code[32],
    uint64_t *total)
{
	uint64_t	sum = 0;
	int		i;

	/* The total is the sum of the accumulators, not a formula. */
	for (i = 0; i < 256; i++)
		sum += t->acc[i];
	for (i = 0; i < 32; i++)
		code[i] = 0;
	for (i = 0; i < 256; i++)
		if (t->acc[i] > sum / 256)
			code[i >> 3] |= 1 << (i & 7);
	if (total != NULL)
		*total = sum;
}

void
textbook_hex(const unsigned char code[32], char hex[65])
{
	int	i;

	for (i = 0; i < 32; i++)
		snprintf(hex + 2 * i, 3, "%02x", code[31 - i]);
}
