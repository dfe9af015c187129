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
 * calibrate: measure how codes of unrelated and of related mail score,
 * on the corpus beside the project. Produces the figures of
 * docs/calibration.md.
 *
 *	calibrate [-r | -s | -p profile.txt] [-a] [-h] CORPUS_DIR
 *
 * Codes are reference codes (-r), codes with a profile read from a file
 * (-p, as written by nilsimsactl profile learn), self-calibrated codes
 * (-s, no profile: nilsimsa_final_self() with words and marks, as
 * ScoreMode auto makes them for other scripts than Latin), or with the
 * built-in profile (default).
 * Every message of CORPUS_DIR/index.tsv is canonicalised as the milter
 * does (CANON_TEXT). With -h only the held-out half of the ham is used
 * for ham pairs (ham rows 2, 4, 6... of the index; the profile is
 * learned from rows 1, 3, 5... in the command given in
 * docs/calibration.md). -a also scores every unrelated pair of easy ham
 * for the tail table.
 *
 * "Unrelated" pairs: different From address and different Subject after
 * dropping "Re:"/"Fwd:"/"[list]" prefixes. Some of them are related all
 * the same (a quoted reply under a new subject, a shared list footer):
 * the tail table shows them.
 *
 * Single-threaded and not hardened: a measuring tool for trusted data.
 */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "canon.h"
#include "nilsimsa.h"
#include "toolutil.h"
#include "util.h"

enum grp { G_OTHER, G_EASY, G_HARD, G_SPAM, G_PHISH };

struct doc {
	enum grp	 grp;
	int		 heldout;	/* ham not used by the held-out profile */
	char		 from[96];
	char		 subj[160];
	size_t		 len;		/* canonical bytes */
	char		*path;
	nilsimsa_code	 code;
};

static struct doc	*docs;
static int		 ndocs;
static int		 mode_ref;
static int		 mode_self;	/* -s: nilsimsa_final_self() */
static nilsimsa_profile	 prof;
static uint64_t		 rs = 1;

/* The next random number; each measure resets rs to repeat its draws. */
static uint64_t
rnd(void)
{
	return util_xorshift64(&rs);
}

static void
code_of(const unsigned char *p, size_t len, nilsimsa_code *code)
{
	nilsimsa_ctx	ctx;

	nilsimsa_init(&ctx);
	nilsimsa_update(&ctx, p, len);
	if (mode_ref)
		nilsimsa_final(&ctx, code);
	else if (mode_self) {
		if (nilsimsa_final_self(&ctx, p, len, NILSIMSA_SELF_WORDS |
		    NILSIMSA_SELF_MARKS, code) != 0)
			abort();
	}
	else if (nilsimsa_final_profile(&ctx, &prof, code) != 0)
		abort();
}

/* The address inside From (or the whole value), and a bare subject. */
static void
normalise(struct doc *d)
{
	char	*lt = strchr(d->from, '<'), *gt, *s = d->subj;

	if (lt != NULL && (gt = strchr(lt, '>')) != NULL) {
		*gt = '\0';
		memmove(d->from, lt + 1, strlen(lt + 1) + 1);
	}
	s = (char *)util_bare_subject(s);
	memmove(d->subj, s, strlen(s) + 1);
}

static void
load(const char *dir)
{
	char		 line[4096], path[8192];
	struct canon	*c;
	struct tl_buf	 s = { NULL, 0, 0 };
	FILE		*idx;
	unsigned char	*raw;
	size_t		 len;
	int		 cap = 16384, nham = 0;

	snprintf(path, sizeof(path), "%s/index.tsv", dir);
	if ((idx = fopen(path, "r")) == NULL) {
		perror(path);
		exit(1);
	}
	docs = tl_xmalloc(sizeof(*docs) * (size_t)cap);
	c = canon_new(CANON_TEXT, 0, 1, tl_sink, &s);
	if (fgets(line, sizeof(line), idx) == NULL)	/* header row */
		exit(1);
	while (fgets(line, sizeof(line), idx) != NULL && ndocs < cap) {
		struct doc	*d = &docs[ndocs];
		char		*tab = strchr(line, '\t'), *cls;

		if (tab == NULL)
			continue;
		*tab = '\0';
		cls = tab + 1;
		memset(d, 0, sizeof(*d));
		d->grp = strstr(line, "/easy_ham") ? G_EASY :
		    strstr(line, "/hard_ham") ? G_HARD :
		    strncmp(line, "spamassassin-public/spam", 24) == 0 ? G_SPAM :
		    strncmp(line, "phishing_pot/", 13) == 0 ? G_PHISH : G_OTHER;
		if (strncmp(cls, "ham\t", 4) == 0)
			d->heldout = nham++ % 2 == 1;
		snprintf(path, sizeof(path), "%s/%s", dir, line);
		if ((raw = tl_read_file(path, &len)) == NULL)
			continue;
		util_header((char *)raw, len, "from:", d->from, sizeof(d->from));
		util_header((char *)raw, len, "subject:", d->subj, sizeof(d->subj));
		normalise(d);
		tl_canon(c, &s, raw, len);
		free(raw);
		d->len = s.len;
		d->path = strdup(path);
		code_of(s.buf, s.len, &d->code);
		ndocs++;
	}
	fclose(idx);
	canon_free(c);
	free(s.buf);
}

static void
report(const char *name, int *s, int n)
{
	int	i, above = 0, count = 0;
	double	sum = 0;

	if (n == 0) {
		printf("  %-30s no pairs\n", name);
		return;
	}
	qsort(s, (size_t)n, sizeof(int), tl_cmp_int);
	for (i = 0; i < n; i++) {
		above += s[i] > 24;
		count += s[i] >= nilsimsa_score_needed(10000, 0.01);
		sum += s[i];
	}
	printf("  %-30s n=%6d median %4d mean %6.1f p1 %4d p99 %4d"
	    "  >24 %6.2f%%  >=t(10k) %6.3f%%\n", name, n, s[n / 2], sum / n,
	    s[n / 100], s[n * 99 / 100], 100.0 * above / n,
	    100.0 * count / n);
}

static int
unrelated(const struct doc *a, const struct doc *b)
{
	return strcmp(a->from, b->from) != 0 && strcmp(a->subj, b->subj) != 0;
}

/* Random unrelated pairs among groups g1/g2, canonical length in [lo, hi). */
static void
pairs(const char *name, enum grp g1, enum grp g2, size_t lo, size_t hi,
    int heldout, int want)
{
	int	*idx = tl_xmalloc(sizeof(int) * (size_t)ndocs);
	int	*s = tl_xmalloc(sizeof(int) * (size_t)want);
	int	 n = 0, k = 0, i, j, tries = 0;

	for (i = 0; i < ndocs; i++)
		if ((docs[i].grp == g1 || docs[i].grp == g2) &&
		    docs[i].len >= lo && docs[i].len < hi &&
		    (!heldout || docs[i].grp >= G_SPAM || docs[i].heldout))
			idx[n++] = i;
	rs = 1;
	while (n > 1 && k < want && tries++ < want * 100) {
		i = idx[rnd() % (uint64_t)n];
		j = idx[rnd() % (uint64_t)n];
		if (i == j || !unrelated(&docs[i], &docs[j]))
			continue;
		s[k++] = nilsimsa_score(&docs[i].code, &docs[j].code);
	}
	report(name, s, k);
	free(idx);
	free(s);
}

/* Phishing messages with the same subject: variants of one lure. */
static void
same_subject(void)
{
	int	*s = tl_xmalloc(sizeof(int) * 200000);
	int	 k = 0, i, j, m;

	for (i = 0; i < ndocs; i++) {
		if (docs[i].grp != G_PHISH || docs[i].subj[0] == '\0')
			continue;
		for (j = i + 1, m = 0; j < ndocs && m < 5 && k < 200000; j++)
			if (docs[j].grp == G_PHISH &&
			    strcmp(docs[i].subj, docs[j].subj) == 0) {
				s[k++] = nilsimsa_score(&docs[i].code,
				    &docs[j].code);
				m++;
			}
	}
	report("phishing same-subject pairs", s, k);
	free(s);
}

/* ---- synthetic variants of held-out easy ham */

static char	**vocab;
static int	  nvocab;

static void
make_vocab(void)
{
	struct canon	*c;
	struct tl_buf	 s = { NULL, 0, 0 };
	unsigned char	*raw;
	size_t		 len, i, j, w;
	int		 d;

	vocab = tl_xmalloc(sizeof(char *) * 100000);
	c = canon_new(CANON_TEXT, 0, 1, tl_sink, &s);
	for (d = 0; d < ndocs && nvocab < 100000; d++) {
		if (docs[d].grp != G_EASY || docs[d].heldout ||
		    (raw = tl_read_file(docs[d].path, &len)) == NULL)
			continue;
		tl_canon(c, &s, raw, len);
		free(raw);
		for (i = 0; i < s.len && nvocab < 100000; i = j + 1) {
			for (j = i; j < s.len && s.buf[j] != ' '; j++)
				;
			w = j - i;
			if (w < 3 || w > 10)
				continue;
			for (len = i; len < j && isalpha(s.buf[len]); len++)
				;
			if (len != j)
				continue;
			vocab[nvocab] = tl_xmalloc(w + 1);
			memcpy(vocab[nvocab], s.buf + i, w);
			vocab[nvocab++][w] = '\0';
		}
	}
	canon_free(c);
	free(s.buf);
}

static void
put(struct tl_buf *o, const char *p, size_t n)
{
	tl_buf_add(o, p, n);
}

static void
put_word(struct tl_buf *o)
{
	const char	*v = vocab[rnd() % (uint64_t)nvocab];

	put(o, v, strlen(v));
	put(o, " ", 1);
}

static void
put_buster(struct tl_buf *o)
{
	char	b[24];
	int	i, n = 8 + (int)(rnd() % 12);

	for (i = 0; i < n; i++)
		b[i] = "abcdefghijklmnopqrstuvwxyz0123456789"[rnd() % 36];
	put(o, b, (size_t)n);
	put(o, " ", 1);
}

enum vkind { V_INSERT, V_BUSTER, V_REPLACE, V_PAD };

static void
variant(const unsigned char *in, size_t len, enum vkind kind, int pct,
    struct tl_buf *o)
{
	size_t	i, j;
	int	words = 0, w = 0, k;

	o->len = 0;
	for (i = 0; i < len; i++)
		words += in[i] == ' ';
	if (kind == V_BUSTER)
		put_buster(o);
	for (i = 0; i < len; i = j + 1, w++) {
		for (j = i; j < len && in[j] != ' '; j++)
			;
		if (kind == V_REPLACE && (int)(rnd() % 100) < pct)
			put_word(o);
		else {
			put(o, (const char *)in + i, j - i);
			put(o, " ", 1);
		}
		if (kind == V_INSERT && (int)(rnd() % 100) < pct)
			put_word(o);
		if (kind == V_BUSTER && w == words / 2)
			put_buster(o);
	}
	if (kind == V_BUSTER)
		put_buster(o);
	if (kind == V_PAD)
		for (k = 0; k < words * pct / 100; k++)
			put_word(o);
}

static void
variants(void)
{
	static const struct {
		enum vkind	 kind;
		int		 pct;
		const char	*name;
	} v[] = {
		{ V_INSERT, 10, "insert 10% random words" },
		{ V_INSERT, 20, "insert 20% random words" },
		{ V_REPLACE, 20, "replace 20% of words" },
		{ V_BUSTER, 0, "3 hash-buster tokens" },
		{ V_PAD, 30, "pad with +30% random words" },
		{ V_PAD, 100, "pad with +100% random words" },
	};
	enum { N = 300 };
	struct canon	*c;
	struct tl_buf	 s = { NULL, 0, 0 }, o1 = { NULL, 0, 0 },
			 o2 = { NULL, 0, 0 };
	nilsimsa_code	 c0, c1, c2;
	unsigned char	*raw;
	size_t		 len;
	int		 i, k, a[N], b[N];
	unsigned int	 t;
	char		 name[80];

	c = canon_new(CANON_TEXT, 0, 1, tl_sink, &s);
	for (t = 0; t < sizeof(v) / sizeof(v[0]); t++) {
		rs = 12345;
		for (i = 0, k = 0; i < ndocs && k < N; i++) {
			if (docs[i].grp != G_EASY || !docs[i].heldout ||
			    docs[i].len < 200 ||
			    (raw = tl_read_file(docs[i].path, &len)) == NULL)
				continue;
			tl_canon(c, &s, raw, len);
			free(raw);
			variant(s.buf, s.len, v[t].kind, v[t].pct, &o1);
			variant(s.buf, s.len, v[t].kind, v[t].pct, &o2);
			code_of(s.buf, s.len, &c0);
			code_of(o1.buf, o1.len, &c1);
			code_of(o2.buf, o2.len, &c2);
			a[k] = nilsimsa_score(&c0, &c1);
			b[k++] = nilsimsa_score(&c1, &c2);
		}
		snprintf(name, sizeof(name), "%s: orig~var", v[t].name);
		report(name, a, k);
		snprintf(name, sizeof(name), "%s: var~var", v[t].name);
		report(name, b, k);
	}
	canon_free(c);
	free(s.buf);
	free(o1.buf);
	free(o2.buf);
}

/* Every unrelated pair of (held-out) easy ham: the measured tail. */
static void
tail(int heldout)
{
	static uint64_t	 hist[257];
	uint64_t	 total = 0, n;
	double		 mean = 0, var = 0;
	int		 i, j, t, sc;

	for (i = 0; i < ndocs; i++) {
		if (docs[i].grp != G_EASY || (heldout && !docs[i].heldout))
			continue;
		for (j = i + 1; j < ndocs; j++) {
			if (docs[j].grp != G_EASY ||
			    (heldout && !docs[j].heldout) ||
			    !unrelated(&docs[i], &docs[j]))
				continue;
			hist[nilsimsa_score(&docs[i].code, &docs[j].code) +
			    128]++;
			total++;
		}
	}
	for (sc = -128; sc <= 128; sc++)
		mean += (double)hist[sc + 128] * sc;
	mean /= (double)total;
	for (sc = -128; sc <= 128; sc++)
		var += (double)hist[sc + 128] * (sc - mean) * (sc - mean);
	printf("  all %llu unrelated easy ham pairs: mean %.2f, sd %.2f\n"
	    "    t   measured P(S>=t)        model P(S>=t) (sd %.0f)\n",
	    (unsigned long long)total, mean, sqrt(var / (double)total),
	    NILSIMSA_CHANCE_SD);
	for (t = 16; t <= 60; t += 4) {
		for (n = 0, sc = t; sc <= 128; sc++)
			n += hist[sc + 128];
		printf("  %3d   %10.3g (%6llu)   %10.3g\n", t,
		    (double)n / (double)total, (unsigned long long)n,
		    0.5 * erfc((t - 0.5) / (NILSIMSA_CHANCE_SD * M_SQRT2)));
	}
}

static void
usage(void)
{
	fprintf(stderr, "usage: calibrate [-r | -p profile] [-a] [-h] "
	    "corpus_dir\n");
	exit(2);
}

int
main(int argc, char *argv[])
{
	const char	*pfile = NULL;
	unsigned char	*text;
	size_t		 len;
	int		 ch, all = 0, heldout = 0, rc;

	while ((ch = getopt(argc, argv, "ahp:rs")) != -1) {
		switch (ch) {
		case 'a':
			all = 1;
			break;
		case 'h':
			heldout = 1;
			break;
		case 'p':
			pfile = optarg;
			break;
		case 's':
			mode_self = 1;
			break;
		case 'r':
			mode_ref = 1;
			break;
		default:
			usage();
		}
	}
	if (optind + 1 != argc || (mode_ref && pfile != NULL))
		usage();
	if (pfile != NULL) {
		if ((text = tl_read_file(pfile, &len)) == NULL) {
			perror(pfile);
			return 1;
		}
		if ((rc = nilsimsa_profile_read((char *)text, len, &prof))) {
			fprintf(stderr, "%s: %s\n", pfile,
			    nilsimsa_strerror(rc));
			return 1;
		}
		free(text);
	} else
		prof = *nilsimsa_profile_builtin(NULL);
	load(argv[optind]);
	printf("codes: %s; ham pairs from %s; t(10k) = %d\n",
	    mode_ref ? "reference" : mode_self ? "self" : prof.name,
	    heldout ? "the held-out half" : "all ham",
	    nilsimsa_score_needed(10000, 0.01));
	printf("unrelated pairs (other From, other Subject):\n");
	pairs("easy ham", G_EASY, G_EASY, 0, SIZE_MAX, heldout, 20000);
	pairs("easy ham, text >= 1000 B", G_EASY, G_EASY, 1000, SIZE_MAX,
	    heldout, 20000);
	pairs("hard ham (newsletters)", G_HARD, G_HARD, 0, SIZE_MAX, heldout,
	    5000);
	pairs("SA spam", G_SPAM, G_SPAM, 0, SIZE_MAX, heldout, 20000);
	pairs("phishing, other subject", G_PHISH, G_PHISH, 0, SIZE_MAX,
	    heldout, 20000);
	pairs("easy ham+spam, text < 300 B", G_EASY, G_SPAM, 0, 300, heldout,
	    20000);
	pairs("easy ham+spam, 300-999 B", G_EASY, G_SPAM, 300, 1000, heldout,
	    20000);
	pairs("easy ham+spam, >= 5000 B", G_EASY, G_SPAM, 5000, SIZE_MAX,
	    heldout, 20000);
	printf("related pairs:\n");
	same_subject();
	make_vocab();
	variants();
	if (all) {
		printf("tail:\n");
		tail(heldout);
	}
	return 0;
}
