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
 * bench_strip: what message.c's removal of forms and quote header blocks
 * (forms_strip(), quotes_strip()) costs on the text it holds, a full
 * MESSAGE_TEXT_MAX bytes of canonical text, beside the nilsimsa digest of
 * the same bytes (which every message pays): a reply thread in English
 * and one in Chinese (a header block every 600 bytes), prose with no
 * block, and hostile texts (a label's first bytes over and over,
 * nothing but blocks, a colon after a label or after a label's last
 * letter every three bytes). Best of 3 runs of 2,000 each; forms and
 * quote blocks timed apart, each on the whole text.
 *
 * usage: bench_strip
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "forms.h"
#include "message.h"
#include "nilsimsa.h"
#include "quotes.h"
#include "util.h"

#define RUNS	3
#define ITER	2000

static const char en_prose[] = "thanks for the figures, they agree with "
    "the ledger and the totals are right. please check the attached "
    "budget before friday and send me the revised schedule for the site "
    "visit. we can talk about the contract on monday morning. ";
static const char en_block[] = "from: ann lee <ann.lee@far.example> sent: "
    "monday, june 1, 2026 5:47 pm to: bob ray <bob.ray@near.example>; "
    "cy dee <cy.dee@near.example> subject: re: budget 2027 ";
static const char zh_prose[] = "\xe5\x90\x84\xe4\xbd\x8d\xe5\xa5\xbd\xef"
    "\xbc\x8c\xe9\xa2\x84\xe7\xae\x97\xe5\xb7\xb2\xe6\x9b\xb4\xe6\x96\xb0"
    "\xef\xbc\x8c\xe8\xaf\xb7\xe5\x9c\xa8\xe5\x91\xa8\xe4\xba\x94\xe5\x89"
    "\x8d\xe5\x9b\x9e\xe5\xa4\x8d\xe3\x80\x82\xe8\xb0\xa2\xe8\xb0\xa2\xef"
    "\xbc\x81 ";
static const char zh_block[] = "\xe5\x8f\x91\xe4\xbb\xb6\xe4\xba\xba: a "
    "<a@x.example> \xe5\x8f\x91\xe9\x80\x81\xe6\x97\xb6\xe9\x97\xb4: 2026"
    "\xe5\xb9\xb4""6\xe6\x9c\x88""4\xe6\x97\xa5 17:15 \xe6\x94\xb6\xe4\xbb"
    "\xb6\xe4\xba\xba: b <b@y.example> \xe4\xb8\xbb\xe9\xa2\x98: "
    "\xe9\xa2\x84\xe7\xae\x97 ";

/* buf of len bytes: prose, with a block after every `every` bytes. */
static void
fill(unsigned char *buf, size_t len, const char *prose, const char *block,
    size_t every)
{
	size_t	n = 0, since = 0, l;
	const char *s;

	while (n < len) {
		s = block != NULL && since >= every ? block : prose;
		since = s == prose ? since + strlen(s) : 0;
		l = strlen(s);
		if (l > len - n)
			l = len - n;
		memcpy(buf + n, s, l);
		n += l;
	}
}

/*
 * Best microseconds per run on text (copied each time) of forms_strip()
 * (which 0) or quotes_strip() (which 1); the bytes it took in *gone.
 */
static double
time_strip(const unsigned char *text, size_t len, int which, size_t *gone)
{
	static unsigned char	w[MESSAGE_TEXT_MAX];
	double			t, best = 1e30;
	size_t			n;
	int			r, i;

	for (r = 0; r < RUNS; r++) {
		t = util_now();
		for (i = 0; i < ITER; i++) {
			memcpy(w, text, len);
			n = len;
			*gone = which == 0 ? forms_strip(w, &n) :
			    quotes_strip(w, &n);
		}
		t = (util_now() - t) / ITER * 1e6;
		if (t < best)
			best = t;
	}
	return best;
}

/* Best microseconds per digest of text. */
static double
time_digest(const unsigned char *text, size_t len)
{
	nilsimsa_ctx	ctx;
	double		t, best = 1e30;
	int		r, i;

	for (r = 0; r < RUNS; r++) {
		t = util_now();
		for (i = 0; i < ITER; i++) {
			nilsimsa_init(&ctx);
			nilsimsa_update(&ctx, text, len);
		}
		t = (util_now() - t) / ITER * 1e6;
		if (t < best)
			best = t;
	}
	return best;
}

int
main(void)
{
	static unsigned char	text[MESSAGE_TEXT_MAX];
	static const struct {
		const char	*name, *prose, *block;
		size_t		 every;
	} cases[] = {
		{ "English thread", en_prose, en_block, 600 },
		{ "Chinese thread", zh_prose, zh_block, 600 },
		{ "English prose", en_prose, NULL, 0 },
		{ "hostile: \xe5\x8f\x91 repeated", "\xe5\x8f\x91", NULL, 0 },
		{ "hostile: blocks only", en_block, NULL, 0 },
		{ "hostile: \"da:\" repeated", "da:", NULL, 0 },
		{ "hostile: \"xa:\" repeated", "xa:", NULL, 0 },
	};
	size_t	i, fg, qg;
	double	f, q, d;

	printf("%u bytes of canonical text (MESSAGE_TEXT_MAX), best of %d "
	    "runs of %d; microseconds a text\n", (unsigned)sizeof(text), RUNS,
	    ITER);
	printf("%-24s %8s %8s %8s %8s %8s\n", "text", "forms", "quotes",
	    "digest", "gone", "(quotes)");
	for (i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		fill(text, sizeof(text), cases[i].prose, cases[i].block,
		    cases[i].every);
		f = time_strip(text, sizeof(text), 0, &fg);
		q = time_strip(text, sizeof(text), 1, &qg);
		d = time_digest(text, sizeof(text));
		printf("%-24s %8.1f %8.1f %8.1f %8zu %8zu\n", cases[i].name,
		    f, q, d, fg + qg, qg);
	}
	printf("bound: one pass over the text for the forms (a rolling hash)"
	    " and one from colon to colon for the labels (at most %d read), "
	    "each colon compared with the labels that end with the byte "
	    "before it\n", QUOTES_LABELS);
	return 0;
}
