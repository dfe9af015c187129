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
 * mlmeasure: how codes behave on a multilingual stream made by
 * tools/mkmlstream.py, per language, for one way of making codes.
 *
 *	mlmeasure [-klv] [-t threshold] [-m MODE] [-s [-c config]] STREAM_DIR
 *
 * MODE is one of
 *	ref			reference codes (nilsimsa 0.2.4)
 *	builtin			the built-in profile (the milter's default)
 *	file:PATH		a profile read from PATH (as profile learn writes it)
 *	script:NAME=PATH,...	a profile per script of the canonical text,
 *				NAME one of han, kana, cyrillic, latin, other;
 *				a script without one gets the built-in profile
 *	self, selfwords, selfmarks
 *				no profile: each message is its own reference
 *				(nilsimsa_final_self(), units characters,
 *				words, or words shuffled by their marks)
 *	auto, auto:PATH		nilsimsa_final_auto(): the built-in profile
 *				(or one from PATH) for Latin text, selfmarks
 *				for other scripts
 *
 * Every message is canonicalised as the milter does (CANON_TEXT). Only
 * the "test" half of the ham and the families are measured; the "learn"
 * half is for profiles. Per language it prints:
 *
 *	unrel>t		share of unrelated ham pairs (different source text)
 *			scoring above the threshold (20,000 random pairs, or
 *			all), and their median score
 *	fam>=t		share of pairs of copies of one family (every pair of
 *			its 8 variants) at or above the threshold
 *	replay		the language's test ham and families, interleaved in
 *			index order, clustered as the store does: a message
 *			joins the cluster whose anchor scores best when that
 *			score is at least max(t, nilsimsa_score_needed(
 *			clusters, 0.01)), else it starts one. "maxham" is the
 *			largest number of unrelated ham texts in one cluster,
 *			"hamjoin" the share of ham that joined any cluster
 *			holding another text, "famcap" the share of family
 *			copies (after the first) in their first copy's
 *			cluster.
 *
 * With -k and -m auto, "mixed kinds" counts the families whose copies got
 * codes of two kinds (profile and self-calibrated).
 *
 * -s also replays each language through the milter's own code (see
 * store_replay()) with the configuration -c (ScoreMode there decides
 * the codes; -m only the figures above). -l prints the tail by text
 * length, -k the median score of each kind of family copy against its
 * original, -v some pairs above the threshold, -d a message's text.
 *
 * Single-threaded and not hardened: a measuring tool for trusted data.
 */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "canon.h"
#include "config.h"
#include "log.h"
#include "message.h"
#include "nilsimsa.h"
#include "store.h"
#include "toolutil.h"
#include "util.h"

#define MAXLANG		16
#define NSCRIPT		5

enum script { S_LATIN, S_HAN, S_KANA, S_CYRILLIC, S_OTHER };
static const char *script_names[NSCRIPT] = {
	"latin", "han", "kana", "cyrillic", "other"
};

struct doc {
	int		 lang;
	int		 test;		/* ham of the test half */
	int		 family;	/* -1 for ham */
	char		 source[256];
	char		 path[32];
	int		 footer;	/* site footer carried, -1 none */
	char		 kind[16];	/* the copy's edit ("orig", ...) */
	int		 ckind;		/* code kind of -m auto */
	size_t		 len;		/* canonical bytes */
	enum script	 script;
	nilsimsa_code	 code;
};

static struct doc	*docs;
static int		 ndocs, ndocs_cap;
static char		 langs[MAXLANG][16];
static int		 nlangs;
static uint64_t		 rs = 88172645463325252ull;

static enum { M_REF, M_BUILTIN, M_FILE, M_SCRIPT, M_SELF, M_AUTO } mode =
    M_BUILTIN;
static nilsimsa_profile	*profs[NSCRIPT];
static int		 self_flags;
static int		 lengths;	/* -l: the tail by text length */
static int		 bykind;	/* -k: family copies by edit */
static int		 verbose;	/* -v: show some pairs above t */
static const char	*dump;		/* -d: print this message's text */

/* The next random number. */
static uint64_t
rnd(void)
{
	return util_xorshift64(&rs);
}

static nilsimsa_profile *
load_profile(const char *path)
{
	nilsimsa_profile	*p = tl_xmalloc(sizeof(*p));
	size_t			 len;
	unsigned char		*text;

	if ((text = tl_read_file(path, &len)) == NULL) {
		perror(path);
		exit(1);
	}
	if (nilsimsa_profile_read((char *)text, len, p) != 0) {
		fprintf(stderr, "%s: not a profile\n", path);
		exit(1);
	}
	free(text);
	return p;
}

/* The script most letters of a UTF-8 text are in. */
static enum script
script_of(const unsigned char *p, size_t len)
{
	size_t		n[NSCRIPT] = { 0 }, i = 0, best = 0;
	uint32_t	cp;
	int		s;

	while (i < len) {
		if (p[i] < 0x80) {
			cp = p[i++];
			if (isalpha(cp))
				n[S_LATIN]++;
			continue;
		}
		if ((p[i] & 0xe0) == 0xc0 && i + 1 < len) {
			cp = (uint32_t)(p[i] & 0x1f) << 6 | (p[i + 1] & 0x3f);
			i += 2;
		} else if ((p[i] & 0xf0) == 0xe0 && i + 2 < len) {
			cp = (uint32_t)(p[i] & 0x0f) << 12 |
			    (uint32_t)(p[i + 1] & 0x3f) << 6 | (p[i + 2] & 0x3f);
			i += 3;
		} else {
			i++;
			continue;
		}
		if (cp >= 0x3040 && cp <= 0x30ff)
			n[S_KANA]++;
		else if ((cp >= 0x4e00 && cp <= 0x9fff) ||
		    (cp >= 0x3400 && cp <= 0x4dbf))
			n[S_HAN]++;
		else if (cp >= 0x400 && cp <= 0x4ff)
			n[S_CYRILLIC]++;
		else if (cp < 0x250)
			n[S_LATIN]++;
		else
			n[S_OTHER]++;
	}
	/* Japanese writes Han too: a tenth of kana makes it Japanese. */
	if (n[S_KANA] > 10 && n[S_KANA] * 10 > n[S_HAN])
		return S_KANA;
	for (s = 1; s < NSCRIPT; s++)
		if (n[s] > n[best])
			best = (size_t)s;
	return (enum script)best;
}

static int	last_kind;

static void
code_of(const unsigned char *p, size_t len, enum script sc,
    nilsimsa_code *code)
{
	nilsimsa_ctx		 ctx;
	const nilsimsa_profile	*pr;

	nilsimsa_init(&ctx);
	nilsimsa_update(&ctx, p, len);
	switch (mode) {
	case M_REF:
		nilsimsa_final(&ctx, code);
		return;
	case M_SELF:
		if (nilsimsa_final_self(&ctx, p, len, self_flags, code) != 0)
			exit(1);
		return;
	case M_AUTO:
		pr = profs[0] ? profs[0] : nilsimsa_profile_builtin(NULL);
		if ((last_kind = nilsimsa_final_auto(&ctx, p, len, pr,
		    code)) < 0)
			exit(1);
		return;
	case M_FILE:
		pr = profs[0];
		break;
	case M_SCRIPT:
		pr = profs[sc] ? profs[sc] : nilsimsa_profile_builtin(NULL);
		break;
	default:
		pr = nilsimsa_profile_builtin(NULL);
		break;
	}
	if (nilsimsa_final_profile(&ctx, pr, code) != 0)
		exit(1);
}

static int
lang_id(const char *s)
{
	int	i;

	for (i = 0; i < nlangs; i++)
		if (strcmp(langs[i], s) == 0)
			return i;
	if (nlangs == MAXLANG) {
		fprintf(stderr, "too many languages\n");
		exit(1);
	}
	snprintf(langs[nlangs], sizeof(langs[0]), "%s", s);
	return nlangs++;
}

static void
load(const char *dir)
{
	char		 line[8192], path[8192], *f[8], *p;
	struct canon	*c;
	struct tl_buf	 s = { NULL, 0, 0 };
	FILE		*idx;
	unsigned char	*raw;
	size_t		 len;
	int		 nf;

	snprintf(path, sizeof(path), "%s/index.tsv", dir);
	if ((idx = fopen(path, "r")) == NULL) {
		perror(path);
		exit(1);
	}
	c = canon_new(CANON_TEXT, 0, 1, tl_sink, &s);
	if (c == NULL || fgets(line, sizeof(line), idx) == NULL)
		exit(1);
	while (fgets(line, sizeof(line), idx) != NULL) {
		struct doc	*d;

		line[strcspn(line, "\n")] = '\0';
		for (nf = 0, p = line; nf < 7 && p != NULL; nf++) {
			f[nf] = p;
			if ((p = strchr(p, '\t')) != NULL)
				*p++ = '\0';
		}
		if (nf < 7 || strcmp(f[3], "learn") == 0)
			continue;
		if (ndocs == ndocs_cap) {
			ndocs_cap = ndocs_cap ? ndocs_cap * 2 : 4096;
			if ((docs = realloc(docs, sizeof(*docs) *
			    (size_t)ndocs_cap)) == NULL) {
				perror("mlmeasure");
				exit(1);
			}
		}
		d = &docs[ndocs];
		memset(d, 0, sizeof(*d));
		d->lang = lang_id(f[1]);
		d->family = atoi(f[5]);
		d->test = d->family < 0;
		snprintf(d->kind, sizeof(d->kind), "%s", f[6]);
		d->footer = strncmp(f[6], "ham+footer", 10) == 0 ?
		    atoi(f[6] + 10) : -1;
		snprintf(d->source, sizeof(d->source), "%s", f[4]);
		snprintf(d->path, sizeof(d->path), "%s", f[0]);
		snprintf(path, sizeof(path), "%s/%s", dir, f[0]);
		if ((raw = tl_read_file(path, &len)) == NULL)
			continue;
		tl_canon(c, &s, raw, len);
		free(raw);
		d->len = s.len;
		d->script = script_of(s.buf, s.len);
		if (dump != NULL && strcmp(dump, f[0]) == 0)
			fwrite(s.buf, 1, s.len, stdout);
		last_kind = 0;
		code_of(s.buf, s.len, d->script, &d->code);
		d->ckind = last_kind;
		ndocs++;
	}
	fclose(idx);
	canon_free(c);
	free(s.buf);
}

/* Unrelated ham pairs of one language: share above t, and the median. */
static void
unrelated(int lang, int t, double *above, int *median)
{
	int	*idx, *sc, n = 0, np = 0, i, j, k, hi = 0;

	idx = tl_xmalloc(sizeof(int) * (size_t)ndocs);
	for (i = 0; i < ndocs; i++)
		if (docs[i].lang == lang && docs[i].test)
			idx[n++] = i;
	sc = tl_xmalloc(sizeof(int) * 20000);
	for (k = 0; n > 1 && k < 20000; k++) {
		i = idx[rnd() % (uint64_t)n];
		j = idx[rnd() % (uint64_t)n];
		if (i == j || strcmp(docs[i].source, docs[j].source) == 0)
			continue;
		sc[np] = nilsimsa_score(&docs[i].code, &docs[j].code);
		if (verbose && sc[np] > t && verbose++ < 8)
			fprintf(stderr, "%s %d %s %s\n", langs[lang], sc[np],
			    docs[i].path, docs[j].path);
		hi += sc[np++] > t;
	}
	qsort(sc, (size_t)np, sizeof(int), tl_cmp_int);
	*above = np ? (double)hi / np : 0.0;
	*median = np ? sc[np / 2] : 0;
	free(sc);
	free(idx);
}

/* Pairs of copies of one family at or above t. */
static double
families(int lang, int t)
{
	int	i, j, hit = 0, n = 0;

	for (i = 0; i < ndocs; i++) {
		if (docs[i].lang != lang || docs[i].family < 0)
			continue;
		for (j = i + 1; j < ndocs && docs[j].family == docs[i].family;
		    j++) {
			n++;
			hit += nilsimsa_score(&docs[i].code, &docs[j].code) >= t;
		}
	}
	return n ? (double)hit / n : 0.0;
}

/*
 * Leader clustering as the store does it (without representatives):
 * join the best anchor when its score is at least the count threshold.
 */
static void
replay(int lang, int t, int *maxham, double *hamjoin, double *famcap)
{
	nilsimsa_code	*anchor;
	int		*cl_of, *first_of_fam, *nham, *ntext, ncl = 0, i, k;
	int		 best, bs, s, need, ham = 0, joined = 0, fam = 0, cap = 0;
	int		*seed_doc;

	anchor = tl_xmalloc(sizeof(*anchor) * (size_t)ndocs);
	cl_of = tl_xmalloc(sizeof(int) * (size_t)ndocs);
	nham = tl_xmalloc(sizeof(int) * (size_t)ndocs);
	ntext = tl_xmalloc(sizeof(int) * (size_t)ndocs);
	seed_doc = tl_xmalloc(sizeof(int) * (size_t)ndocs);
	first_of_fam = tl_xmalloc(sizeof(int) * (size_t)ndocs);
	for (i = 0; i < ndocs; i++)
		first_of_fam[i] = -1;
	for (i = 0; i < ndocs; i++) {
		cl_of[i] = -1;
		if (docs[i].lang != lang)
			continue;
		best = -1;
		bs = -129;
		for (k = 0; k < ncl; k++)
			if ((s = nilsimsa_score(&anchor[k], &docs[i].code)) > bs) {
				bs = s;
				best = k;
			}
		need = nilsimsa_score_needed(ncl > 0 ? (uint64_t)ncl : 1, 0.01);
		if (need < t)
			need = t;
		if (best >= 0 && bs >= need) {
			cl_of[i] = best;
			if (docs[i].test)
				nham[best]++;
			if (docs[i].family < 0 || strcmp(docs[seed_doc[best]].source,
			    docs[i].source) != 0)
				ntext[best]++;
		} else {
			anchor[ncl] = docs[i].code;
			nham[ncl] = docs[i].test;
			ntext[ncl] = 1;
			seed_doc[ncl] = i;
			cl_of[i] = ncl++;
		}
		if (docs[i].family >= 0) {
			if (first_of_fam[docs[i].family] < 0)
				first_of_fam[docs[i].family] = i;
			else {
				fam++;
				cap += cl_of[i] ==
				    cl_of[first_of_fam[docs[i].family]];
			}
		}
	}
	*maxham = 0;
	for (k = 0; k < ncl; k++)
		if (nham[k] > *maxham)
			*maxham = nham[k];
	for (i = 0; i < ndocs; i++)
		if (docs[i].lang == lang && docs[i].test) {
			ham++;
			joined += ntext[cl_of[i]] > 1;
		}
	*hamjoin = ham ? (double)joined / ham : 0.0;
	*famcap = fam ? (double)cap / fam : 0.0;
	free(anchor);
	free(cl_of);
	free(nham);
	free(ntext);
	free(seed_doc);
	free(first_of_fam);
}

/*
 * Unrelated ham pairs of all languages, binned by the shorter text's
 * canonical length: share above t and the score that 0.3% exceed.
 */
static void
by_length(int t)
{
	static const size_t	 lim[] = { 300, 600, 1000, 2000, (size_t)-1 };
	int			*sc[5], np[5] = { 0 }, hi[5] = { 0 }, i, j, k, b;
	int			 nf = 0, hf = 0, nn = 0, hn = 0, s;
	int			 fb[5] = { 0 }, fbh[5] = { 0 };
	size_t			 m;

	for (b = 0; b < 5; b++)
		sc[b] = tl_xmalloc(sizeof(int) * 40000);
	for (k = 0; k < 400000; k++) {
		i = (int)(rnd() % (uint64_t)ndocs);
		j = (int)(rnd() % (uint64_t)ndocs);
		if (i == j || !docs[i].test || !docs[j].test ||
		    docs[i].lang != docs[j].lang ||
		    strcmp(docs[i].source, docs[j].source) == 0)
			continue;
		m = docs[i].len < docs[j].len ? docs[i].len : docs[j].len;
		for (b = 0; m >= lim[b]; b++)
			;
		s = nilsimsa_score(&docs[i].code, &docs[j].code);
		if (docs[i].footer >= 0 && docs[i].footer == docs[j].footer) {
			nf++;
			hf += s > t;
			fb[b]++;
			fbh[b] += s > t;
		} else if (docs[i].footer < 0 && docs[j].footer < 0) {
			nn++;
			hn += s > t;
		}
		if (np[b] == 40000)
			continue;
		sc[b][np[b]] = s;
		hi[b] += sc[b][np[b]++] > t;
	}
	printf("\nunrelated pairs, the same site footer: n=%d >%d %.2f%%; "
	    "neither with a footer: n=%d >%d %.2f%%\n", nf, t,
	    nf ? 100.0 * hf / nf : 0.0, nn, t, nn ? 100.0 * hn / nn : 0.0);
	printf("\nunrelated pairs by the shorter canonical text\n");
	for (b = 0; b < 5; b++) {
		qsort(sc[b], (size_t)np[b], sizeof(int), tl_cmp_int);
		printf("  < %-6zd n=%6d  >%d %6.2f%%  p99.7 %4d  "
		    "same footer: n=%5d >%d %6.2f%%\n",
		    (ssize_t)lim[b], np[b], t, np[b] ? 100.0 * hi[b] / np[b] : 0.0,
		    np[b] ? sc[b][np[b] * 997 / 1000] : 0, fb[b], t,
		    fb[b] ? 100.0 * fbh[b] / fb[b] : 0.0);
		free(sc[b]);
	}
}

/*
 * -s: each language's test ham and families through the milter's own
 * path (message.c: canonicaliser, code of the configured ScoreMode,
 * LMDB store, verdict) into a fresh store, one recipient and one /24 a
 * message, one second apart. Prints per language the largest cluster of
 * unrelated ham texts, ham in a cluster with another text, ham rejected
 * (and how many of those carry a site footer), and family copies in
 * their first copy's cluster; then the same for all languages in one
 * store, in index order (language by language), as a mixed site.
 */
#define IN(lang, i)	((lang) < 0 || docs[i].lang == (lang))
#define LANG(lang)	((lang) < 0 ? "all" : langs[lang])

static void
store_replay(const char *dir, const struct config *cfg)
{
	struct message		*m;
	struct message_result	 r;
	struct store		*st;
	uint64_t		*cl, *famcl, *ids;
	int			*nh, lang, i, k, nid, ham, joined, rej, fam, cap;
	int			 maxham, rc, rejf;
	char			 tmpl[64], path[8192], ip[32];
	unsigned char		*raw;
	size_t			 len;

	if ((m = message_new(cfg, 1)) == NULL)
		exit(1);
	cl = tl_xmalloc(sizeof(*cl) * (size_t)ndocs);
	ids = tl_xmalloc(sizeof(*ids) * (size_t)ndocs);
	nh = tl_xmalloc(sizeof(*nh) * (size_t)ndocs);
	famcl = tl_xmalloc(sizeof(*famcl) * (size_t)ndocs);
	printf("\nstore replay (message.c, LMDB store, verdicts)\n");
	printf("%-6s %6s %7s %8s %8s %7s %7s\n", "lang", "ham", "maxham",
	    "hamjoin", "rejected", "footer", "famcap");
	/* each language alone, then all of them in one store (-1) */
	for (lang = 0; lang < nlangs + 1; lang++) {
		if (lang == nlangs)
			lang = -1;
		snprintf(tmpl, sizeof(tmpl), "/tmp/mlmeasure.XXXXXX");
		if (mkdtemp(tmpl) == NULL ||
		    (rc = message_store_open(cfg, tmpl, 0, &st)) != 0) {
			fprintf(stderr, "store %s\n", tmpl);
			exit(1);
		}
		for (i = 0; i < ndocs; i++)
			famcl[i] = 0;
		nid = ham = joined = rej = fam = cap = maxham = rejf = 0;
		for (i = 0; i < ndocs; i++) {
			cl[i] = 0;
			if (lang >= 0 && docs[i].lang != lang)
				continue;
			snprintf(path, sizeof(path), "%s/%s", dir, docs[i].path);
			if ((raw = tl_read_file(path, &len)) == NULL)
				continue;
			snprintf(ip, sizeof(ip), "10.%d.%d.1", (i >> 8) & 255,
			    i & 255);
			if (message_reset(m, cfg) == -1)
				exit(1);
			message_client_str(m, ip);
			message_qid(m, docs[i].path + 4);
			message_sender(m, "someone@example.net");
			message_rcpt(m, "user@example.org");
			message_body(m, raw, len);
			message_finish(m, st, 1780000000 + i, 0, &r);
			free(raw);
			if (r.store_err != 0) {
				fprintf(stderr, "store: %s\n",
				    store_strerror(r.store_err));
				exit(1);
			}
			cl[i] = r.digested ? r.res.c.id : 0;
			if (docs[i].test) {
				ham++;
				k = r.verdict.action == VERDICT_REJECT ||
				    r.verdict.action == VERDICT_TEMPFAIL;
				rej += k;
				rejf += k && docs[i].footer >= 0;
				if (k && verbose)
					fprintf(stderr, "rejected %s cluster %llu "
					    "score %d: %s %s\n", LANG(lang),
					    (unsigned long long)r.res.c.id,
					    r.res.score, docs[i].path,
					    docs[i].source);
			}
			if (docs[i].family >= 0) {
				if (famcl[docs[i].family] == 0)
					famcl[docs[i].family] = cl[i] + 1;
				else {
					fam++;
					cap += famcl[docs[i].family] == cl[i] + 1;
				}
			}
		}
		/* ham texts per cluster */
		for (i = 0; i < ndocs; i++)
			if (IN(lang, i) && docs[i].test && cl[i] != 0) {
				for (k = 0; k < nid && ids[k] != cl[i]; k++)
					;
				if (k == nid) {
					ids[nid] = cl[i];
					nh[nid++] = 0;
				}
				nh[k]++;
			}
		for (k = 0; k < nid; k++)
			if (nh[k] > maxham)
				maxham = nh[k];
		for (i = 0; i < ndocs; i++) {
			if (!IN(lang, i) || !docs[i].test || cl[i] == 0)
				continue;
			for (k = 0; k < ndocs; k++)
				if (k != i && IN(lang, k) &&
				    cl[k] == cl[i] && strcmp(docs[k].source,
				    docs[i].source) != 0)
					break;
			joined += k < ndocs;
		}
		printf("%-6s %6d %7d %7.2f%% %8d %7d %6.1f%%\n", LANG(lang),
		    ham, maxham, ham ? 100.0 * joined / ham : 0.0, rej, rejf,
		    fam ? 100.0 * cap / fam : 0.0);
		fflush(stdout);
		store_close(st);
		if (tl_rm_tree(tmpl) == -1)
			fprintf(stderr, "could not remove %s\n", tmpl);
		if (lang < 0)
			break;
	}
	message_free(m);
	free(cl);
	free(ids);
	free(nh);
	free(famcl);
}

/*
 * -k: for each edit of the families, the median score of the copy
 * against its family's original, per language.
 */
static void
by_kind(void)
{
	static const char *kinds[] = { "ins10", "ins20", "rep10", "buster",
	    "footer", "reenc", "ins10+buster" };
	int	*sc, n, lang, k, i, o;

	sc = tl_xmalloc(sizeof(int) * (size_t)ndocs);
	printf("\ncopy against its original: median score\n%-13s", "edit");
	for (lang = 0; lang < nlangs; lang++)
		printf(" %6s", langs[lang]);
	printf("\n");
	for (k = 0; k < 7; k++) {
		printf("%-13s", kinds[k]);
		for (lang = 0; lang < nlangs; lang++) {
			for (n = 0, i = 0, o = -1; i < ndocs; i++) {
				if (docs[i].lang != lang || docs[i].family < 0)
					continue;
				if (strcmp(docs[i].kind, "orig") == 0)
					o = i;
				else if (o >= 0 && strcmp(docs[i].kind,
				    kinds[k]) == 0 && docs[o].family ==
				    docs[i].family)
					sc[n++] = nilsimsa_score(&docs[o].code,
					    &docs[i].code);
			}
			qsort(sc, (size_t)n, sizeof(int), tl_cmp_int);
			printf(" %6d", n ? sc[n / 2] : 0);
		}
		printf("\n");
	}
	printf("%-13s", "mixed kinds");
	for (lang = 0; lang < nlangs; lang++) {
		for (n = 0, i = 0, o = -1; i < ndocs; i++) {
			if (docs[i].lang != lang || docs[i].family < 0)
				continue;
			if (strcmp(docs[i].kind, "orig") == 0)
				o = i;
			else if (o >= 0 && docs[o].family == docs[i].family &&
			    docs[i].ckind != docs[o].ckind) {
				n++;
				o = -1;		/* count a family once */
			}
		}
		printf(" %6d", n);
	}
	printf("\n");
	free(sc);
}

static void
usage(void)
{
	fprintf(stderr, "usage: mlmeasure [-klsv] [-c config] [-d path] [-t threshold] "
	    "[-m ref|builtin|self|selfwords|selfmarks|auto[:PATH]|file:PATH|script:NAME=PATH,...] DIR\n");
	exit(2);
}

static void
parse_mode(char *arg)
{
	char	*tok, *eq;
	int	 s;

	if (strcmp(arg, "ref") == 0)
		mode = M_REF;
	else if (strcmp(arg, "builtin") == 0)
		mode = M_BUILTIN;
	else if (strcmp(arg, "self") == 0)
		mode = M_SELF;
	else if (strcmp(arg, "auto") == 0)
		mode = M_AUTO;
	else if (strncmp(arg, "auto:", 5) == 0) {
		mode = M_AUTO;
		profs[0] = load_profile(arg + 5);
	} else if (strcmp(arg, "selfwords") == 0) {
		mode = M_SELF;
		self_flags = NILSIMSA_SELF_WORDS;
	} else if (strcmp(arg, "selfmarks") == 0) {
		mode = M_SELF;
		self_flags = NILSIMSA_SELF_WORDS | NILSIMSA_SELF_MARKS;
	}
	else if (strncmp(arg, "file:", 5) == 0) {
		mode = M_FILE;
		profs[0] = load_profile(arg + 5);
	} else if (strncmp(arg, "script:", 7) == 0) {
		mode = M_SCRIPT;
		for (tok = strtok(arg + 7, ","); tok; tok = strtok(NULL, ",")) {
			if ((eq = strchr(tok, '=')) == NULL)
				usage();
			*eq = '\0';
			for (s = 0; s < NSCRIPT; s++)
				if (strcmp(tok, script_names[s]) == 0)
					break;
			if (s == NSCRIPT)
				usage();
			profs[s] = load_profile(eq + 1);
		}
	} else
		usage();
}

int
main(int argc, char *argv[])
{
	struct config	*cfg = NULL;
	double		 above, hamjoin, famcap;
	int		 ch, t = 24, lang, median, maxham, n, storerun = 0;
	char		 err[512];

	while ((ch = getopt(argc, argv, "c:d:klm:st:v")) != -1) {
		switch (ch) {
		case 'v': verbose = 1; break;
		case 'l': lengths = 1; break;
		case 'k': bykind = 1; break;
		case 's': storerun = 1; break;
		case 'c':
			if ((cfg = config_load(optarg, err, sizeof(err))) == NULL) {
				fprintf(stderr, "%s\n", err);
				exit(1);
			}
			break;
		case 'd': dump = optarg; break;
		case 'm': parse_mode(optarg); break;
		case 't': t = atoi(optarg); break;
		default: usage();
		}
	}
	if (optind + 1 != argc)
		usage();
	load(argv[optind]);
	printf("%-6s %6s %7s %6s %7s %7s %7s %7s\n", "lang", "ham", "unrel>t",
	    "median", "fam>=t", "maxham", "hamjoin", "famcap");
	for (lang = 0; lang < nlangs; lang++) {
		for (n = 0, ch = 0; ch < ndocs; ch++)
			n += docs[ch].lang == lang && docs[ch].test;
		if (verbose)
			verbose = 1;
		unrelated(lang, t, &above, &median);
		replay(lang, t, &maxham, &hamjoin, &famcap);
		printf("%-6s %6d %6.2f%% %6d %6.1f%% %7d %6.2f%% %6.1f%%\n",
		    langs[lang], n, 100 * above, median,
		    100 * families(lang, t), maxham, 100 * hamjoin, 100 * famcap);
	}
	if (lengths)
		by_length(t);
	if (bykind)
		by_kind();
	if (storerun) {
		log_init("mlmeasure", 1, 0, 0);
		log_setlevel(LOG_LEVEL_WARNING);
		if (cfg == NULL && (cfg = config_default()) == NULL)
			exit(1);
		store_replay(argv[optind], cfg);
		config_free(cfg);
	}
	return 0;
}
