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
 * bench_digest: single-thread throughput of the shipped nilsimsa digest
 * beside the textbook loop (tests/textbook.c), on 64 MiB of mail-like text
 * and 64 MiB of random bytes, best of 3 runs each. "scalar" is the shipped
 * library forced to its portable loop (what a CPU without AVX-512 VBMI
 * runs). All must give the same code, or the figures mean nothing and the
 * program fails.
 *
 * usage: bench_digest [MiB]
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nilsimsa.h"
#include "nilsimsa-internal.h"
#include "textbook.h"
#include "util.h"

#define RUNS	3

static const char *words[] = {
	"the", "of", "and", "to", "a", "in", "is", "you", "that", "it",
	"for", "on", "are", "with", "as", "be", "this", "your", "at", "from",
	"or", "have", "by", "we", "not", "can", "will", "an", "all", "our",
	"please", "if", "more", "their", "has", "been", "would", "there",
	"which", "about", "information", "email", "message", "time", "new",
	"account", "one", "any", "click", "here", "free", "offer", "price",
	"order", "contact", "business", "service", "report", "meeting",
	"attached", "regards", "thanks", "company", "team", "today", "week",
	"update", "password", "security", "payment", "invoice", "delivery",
	"customer", "support", "people", "first", "because", "should", "could",
	"between", "through", "project", "review", "schedule", "following",
	"questions", "available", "important", "receive", "unsubscribe",
	"newsletter", "discount", "limited", "special", "website", "online",
	"number", "address", "office", "morning", "friday", "monday", "2026",
	"http://www.example.com/offer", "$99.95", "10%", "re:", "fwd:",
};

static uint64_t	rng_state = 0x62656e6368ULL;	/* fixed seed */

/* xorshift64*, from the fixed seed. */
static uint64_t
rng(void)
{
	return util_xorshift64s(&rng_state);
}

/*
 * English-like text: words drawn with a skew towards the common ones,
 * sentences with capitals and punctuation, lines wrapped near 70
 * characters, paragraphs separated by empty lines.
 */
static void
make_text(unsigned char *buf, size_t len)
{
	const size_t	nwords = sizeof(words) / sizeof(words[0]);
	size_t		i = 0, col = 0, wl, k, sentence = 0;
	double		u;
	const char	*w;

	while (i < len) {
		u = (double)(rng() >> 11) / 9007199254740992.0;
		w = words[(size_t)(u * u * (double)nwords)];
		wl = strlen(w);
		if (col > 0 && col + wl + 1 > 70) {
			buf[i++] = '\n';
			col = 0;
			if (rng() % 12 == 0 && i < len) {
				buf[i++] = '\n';
				sentence = 0;
			}
		} else if (col > 0) {
			buf[i++] = ' ';
			col++;
		}
		for (k = 0; k < wl && i < len; k++, col++)
			buf[i++] = (unsigned char)(k == 0 && sentence == 0 &&
			    w[0] >= 'a' && w[0] <= 'z' ? w[0] - 32 : w[k]);
		sentence++;
		if (i < len && sentence > 5 && rng() % 8 == 0) {
			buf[i++] = rng() % 4 == 0 ? ',' : '.';
			col++;
			if (buf[i - 1] == '.')
				sentence = 0;
		}
	}
}

/*
 * Best time of RUNS digests of buf, as the library streams it (1 MiB
 * calls), with nilsimsa_update's own loop (path 0) or the one forced.
 */
static double
time_lib(const unsigned char *buf, size_t len, nilsimsa_code *code, int path)
{
	nilsimsa_ctx	ctx;
	double		t, best = 1e30;
	size_t		off, n;
	int		r;

	for (r = 0; r < RUNS; r++) {
		t = util_now();
		nilsimsa_init(&ctx);
		for (off = 0; off < len; off += n) {
			n = len - off < (1 << 20) ? len - off : (1 << 20);
			if (path == 0)
				nilsimsa_update(&ctx, buf + off, n);
			else
				nilsimsa__update_path(&ctx, buf + off, n, path);
		}
		nilsimsa_final(&ctx, code);
		t = util_now() - t;
		if (t < best)
			best = t;
	}
	return best;
}

static double
time_textbook(const unsigned char *buf, size_t len, unsigned char code[32])
{
	struct textbook	t;
	double		s, best = 1e30;
	int		r;

	for (r = 0; r < RUNS; r++) {
		s = util_now();
		textbook_init(&t);
		textbook_update(&t, buf, len);
		textbook_final(&t, code, NULL);
		s = util_now() - s;
		if (s < best)
			best = s;
	}
	return best;
}

static int
bench(const char *label, const unsigned char *buf, size_t len)
{
	nilsimsa_code	code, scode;
	unsigned char	tcode[32];
	char		hex[65];
	double		tl, ts, tt, mb = (double)len / 1e6;

	tl = time_lib(buf, len, &code, 0);
	ts = time_lib(buf, len, &scode, NSM_PATH_SCALAR);
	tt = time_textbook(buf, len, tcode);
	nilsimsa_to_hex(&code, hex);
	printf("%-7s %4zu MiB  libnilsimsa %7.1f MB/s  scalar %6.1f MB/s"
	    "  textbook %6.1f MB/s  ratio %.2f  %s\n", label, len >> 20,
	    mb / tl, mb / ts, mb / tt, tt / tl, hex);
	if (memcmp(code.b, tcode, 32) != 0 || memcmp(scode.b, tcode, 32) != 0) {
		fprintf(stderr, "bench_digest: %s: codes differ from the "
		    "textbook's\n", label);
		return 1;
	}
	return 0;
}

int
main(int argc, char *argv[])
{
	size_t		 mib = argc > 1 ? strtoul(argv[1], NULL, 10) : 64;
	size_t		 len = mib << 20, i;
	unsigned char	*buf;
	int		 rc = 0;

	if (mib == 0 || mib > 4096 || (buf = malloc(len)) == NULL) {
		fprintf(stderr, "usage: bench_digest [MiB (1-4096)]\n");
		return 2;
	}
	printf("single thread, best of %d runs, MB = 10^6 bytes\n", RUNS);
	make_text(buf, len);
	rc |= bench("text", buf, len);
	for (i = 0; i < len; i++)
		buf[i] = (unsigned char)(rng() >> 56);
	rc |= bench("random", buf, len);
	free(buf);
	return rc;
}
