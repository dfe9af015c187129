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
 * Self-calibrated codes: a code that needs no profile, for text in any
 * language or script (ScoreMode auto's for other scripts than Latin;
 * docs/multilingual.md).
 *
 * A profile says what ordinary mail looks like so that a bit can say
 * "this bucket is above what is expected". Here the expectation comes
 * from the message itself: the same text with its units in a random
 * order has the same characters (so the same script, the same UTF-8
 * byte patterns, the same letters and punctuation) but none of the
 * order that makes it this text. Bit i is set when bucket i holds more
 * than the mean of NSHUF such shuffles predicts, in Poisson units. What
 * every text of a script shares (lead bytes of UTF-8, a language's
 * letter frequencies) is in both, and cancels; what remains is the
 * text's own order, which is what its copies share and unrelated texts
 * do not.
 *
 * Units are letters and ideographs (CJK, kana, Hangul); with
 * NILSIMSA_SELF_WORDS a run of letters of an alphabetic script (a word)
 * is one unit. White space, digits and punctuation stay where they are,
 * so the shuffles keep the text's layout (word lengths, the spacing of
 * CJK punctuation), which every text of a language shares. The shuffles
 * use a fixed seed, so a text always gets the same code.
 *
 * With NILSIMSA_SELF_MARKS a unit moves only among the units followed by
 * the same mark (a space, a line break, a sentence's end, a clause's, any
 * other), a mark's units among themselves once there are MARK_MIN of
 * them, and the rest together. A language puts some words in set places:
 * Korean ends its sentences in a few verb endings ("...습니다."), Japanese
 * in a few ("...ます。"), Arabic and Persian start and end clauses with a
 * few particles. Shuffled freely, those words leave their places, so every
 * text of the language held more of "ending, full stop" than its shuffles,
 * and the codes of unrelated Korean texts agreed as codes of copies do
 * (a median 17, a quarter of the pairs above 24: docs/multilingual.md).
 * Kept by their marks, the endings are in the expectation too, and cancel.
 *
 * nilsimsa_final_auto() picks per text: a profile for text mostly in the
 * Latin script (the one profiles are learned for), self-calibration for
 * any other script.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "nilsimsa.h"

#define NB	NILSIMSA_BUCKETS
#define NSHUF	16

/* Length of the UTF-8 sequence starting at p (1 for stray bytes). */
static size_t
u8len(const unsigned char *p, size_t left)
{
	size_t	n = 1;

	if (p[0] >= 0xc0)
		while (n < left && n < 4 && (p[n] & 0xc0) == 0x80)
			n++;
	return n;
}

/*
 * The code point of a 2- or 3-byte sequence at p, by its length alone:
 * the lead byte is not checked (callers that need well-formed input
 * check it themselves).
 */
static uint32_t
u8cp(const unsigned char *p, size_t n)
{
	if (n == 2)
		return (uint32_t)(p[0] & 0x1f) << 6 | (p[1] & 0x3f);
	return (uint32_t)(p[0] & 0x0f) << 12 | (uint32_t)(p[1] & 0x3f) << 6 |
	    (p[2] & 0x3f);
}

enum uclass { U_FIXED, U_LETTER, U_HAN, U_HIRA, U_KATA, U_HANGUL, U_NCLASS };

/*
 * The class of the character at p: letters of alphabetic scripts, Han
 * ideographs, hiragana, katakana, Hangul, or the rest (white space,
 * digits, punctuation), which stays in place.
 */
static enum uclass
uclass(const unsigned char *p, size_t n)
{
	uint32_t	cp;

	if (n == 1)
		return ((p[0] | 0x20) >= 'a' && (p[0] | 0x20) <= 'z') ?
		    U_LETTER : U_FIXED;
	if (n == 2)
		return u8cp(p, 2) >= 0xc0 ? U_LETTER : U_FIXED;
	if (n != 3)
		return U_FIXED;
	cp = u8cp(p, 3);
	if (cp < 0x2000)
		return U_LETTER;
	if (cp >= 0x3040 && cp < 0x30a0)
		return U_HIRA;
	if ((cp >= 0x30a0 && cp < 0x3100) || (cp >= 0xff66 && cp < 0xffa0))
		return U_KATA;
	if ((cp >= 0x3400 && cp < 0xa000) || (cp >= 0xf900 && cp < 0xfb00))
		return U_HAN;
	if (cp >= 0xac00 && cp < 0xd7b0)
		return U_HANGUL;
	return U_FIXED;
}

/* What follows a unit: the marks it is shuffled among (SELF_MARKS). */
enum mark { M_POOL, M_SPACE, M_LINE, M_STOP, M_PAUSE, M_OTHER, M_NMARK };

#define MARK_MIN	8	/* units a mark needs for a shuffle of its own;
				   a mark with fewer (a short text's) pools
				   them, as the end of the text does */

/* The mark a punctuation character beyond ASCII is, or M_OTHER. */
static enum mark
mark_cp(uint32_t cp)
{
	switch (cp) {
	case 0x3002: case 0xff01: case 0xff0e: case 0xff1f:	/* 。！．？ */
	case 0x037e: case 0x061f: case 0x06d4:	/* Greek ;, Arabic ?, Urdu . */
	case 0x0964: case 0x0965:		/* the dandas */
		return M_STOP;
	case 0x3001: case 0xff0c: case 0xff1a: case 0xff1b:	/* 、，：； */
	case 0x060c: case 0x061b:		/* Arabic comma, semicolon */
		return M_PAUSE;
	}
	return M_OTHER;
}

/*
 * The class of the character at p (n bytes). uclass() takes every
 * character below U+2000 but ASCII's for a letter, the Greek, Arabic and
 * Devanagari marks too: with SELF_MARKS those stay in place, as marks.
 */
static enum uclass
uclass_of(const unsigned char *p, size_t n, int flags)
{
	enum uclass	c = uclass(p, n);

	if (c == U_LETTER && n > 1 && (flags & NILSIMSA_SELF_MARKS) &&
	    mark_cp(u8cp(p, n)) != M_OTHER)
		return U_FIXED;
	return c;
}

/*
 * The unit at t[i]: one character, or with words a run of one class
 * (a word of an alphabetic script or of Hangul, a run of kana; Han
 * characters are always single). Sets *len; returns its class.
 */
static enum uclass
unit(const unsigned char *t, size_t len, size_t i, int flags, size_t *lenp)
{
	enum uclass	c;
	size_t		n, m;

	n = u8len(t + i, len - i);
	c = uclass_of(t + i, n, flags);
	if (c != U_FIXED && c != U_HAN && (flags & NILSIMSA_SELF_WORDS))
		while (i + n < len && uclass_of(t + i + n,
		    (m = u8len(t + i + n, len - i - n)), flags) == c)
			n += m;
	*lenp = n;
	return c;
}

/* The mark at t[i], after a unit; M_POOL at the end of the text. */
static enum mark
mark(const unsigned char *t, size_t len, size_t i)
{
	size_t		n;

	if (i >= len)
		return M_POOL;
	switch (t[i]) {
	case ' ': case '\t':
		return M_SPACE;
	case '\n': case '\r':
		return M_LINE;
	case '.': case '!': case '?':
		return M_STOP;
	case ',': case ';': case ':':
		return M_PAUSE;
	}
	n = u8len(t + i, len - i);
	if (n != 2 && n != 3)
		return M_OTHER;
	return mark_cp(u8cp(t + i, n));
}

/* The group of a unit of class c that ends before t[i]. */
static size_t
group(const unsigned char *t, size_t len, size_t i, enum uclass c, int marks)
{
	return (size_t)c * M_NMARK + (marks ? mark(t, len, i) : M_POOL);
}

/* A unit of the text: where it is, and its group (FIXED: it stays). */
struct span {
	size_t	pos, len, g;
};
#define FIXED	SIZE_MAX

static uint64_t
xorshift(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

int
nilsimsa_final_self(const nilsimsa_ctx *ctx, const void *text, size_t len,
    int flags, nilsimsa_code *code)
{
	const unsigned char	*t = text;
	unsigned char		*buf;
	struct span		*u;
	size_t			*perm, i, j, n, o, tmp, g, nu;
	/* units are grouped by class and, with marks, by what follows */
	size_t			 cnt[U_NCLASS * M_NMARK];
	size_t			 grp[U_NCLASS * M_NMARK];
	size_t			 start[U_NCLASS * M_NMARK + 1];
	size_t			 next[U_NCLASS * M_NMARK];
	int			 marks = (flags & NILSIMSA_SELF_MARKS) != 0;
	double			 e[NB], x, total, scale;
	uint64_t		 rs = 0x9e3779b97f4a7c15ull;
	nilsimsa_ctx		 sh;
	enum uclass		 c;
	int			 k, b;

	if (ctx == NULL || code == NULL || (text == NULL && len > 0))
		return NILSIMSA_EINVAL;
	memset(code, 0, sizeof(*code));
	total = (double)nilsimsa_total(ctx);
	if (total == 0.0 || len < 3)
		return NILSIMSA_SUCCESS;
	u = calloc(len, sizeof(*u));
	perm = calloc(len, sizeof(*perm));
	buf = malloc(len);
	if (u == NULL || perm == NULL || buf == NULL) {
		free(u);
		free(perm);
		free(buf);
		return NILSIMSA_ENOMEM;
	}
	/* The text's units, once: where each is and its group. */
	memset(cnt, 0, sizeof(cnt));
	memset(start, 0, sizeof(start));
	for (i = 0, nu = 0; i < len; i += n, nu++) {
		c = unit(t, len, i, flags, &n);
		u[nu].pos = i;
		u[nu].len = n;
		u[nu].g = c == U_FIXED ? FIXED : group(t, len, i + n, c, marks);
		if (c != U_FIXED)
			cnt[u[nu].g]++;
	}
	for (g = 0; g < U_NCLASS * M_NMARK; g++) {
		grp[g] = cnt[g] >= MARK_MIN ? g : g - g % M_NMARK;
		start[grp[g] + 1] += cnt[g];
	}
	for (g = 1; g < U_NCLASS * M_NMARK; g++)
		start[g + 1] += start[g];
	/* The movable units grouped, in text order in each group. */
	memcpy(next, start, sizeof(next));
	for (i = 0; i < nu; i++)
		if (u[i].g != FIXED) {
			u[i].g = grp[u[i].g];
			perm[next[u[i].g]++] = i;
		}
	memset(e, 0, sizeof(e));
	for (k = 0; k < NSHUF; k++) {
		/* Shuffle each group (Fisher-Yates)... */
		for (g = 0; g < U_NCLASS * M_NMARK; g++)
			for (i = start[g + 1] - start[g]; i > 1; i--) {
				j = start[g] + (size_t)(xorshift(&rs) % i);
				tmp = perm[start[g] + i - 1];
				perm[start[g] + i - 1] = perm[j];
				perm[j] = tmp;
			}
		/* ...and deal it into the slots of that group in turn. */
		memcpy(next, start, sizeof(next));
		for (i = 0, o = 0; i < nu; i++) {
			j = u[i].g == FIXED ? i : perm[next[u[i].g]++];
			memcpy(buf + o, t + u[j].pos, u[j].len);
			o += u[j].len;
		}
		nilsimsa_init(&sh);
		nilsimsa_update(&sh, buf, o);
		/* text may be a prefix of what ctx digested: scale up */
		scale = total / (double)nilsimsa_total(&sh);
		for (b = 0; b < NB; b++)
			e[b] += scale * (double)sh.acc[b] / NSHUF;
	}
	for (b = 0; b < NB; b++) {
		x = ((double)ctx->acc[b] - e[b]) / sqrt(e[b] + 1.0);
		if (x > 0.0)
			code->b[b >> 3] |= 1 << (b & 7);
	}
	free(u);
	free(perm);
	free(buf);
	return NILSIMSA_SUCCESS;
}

/*
 * Whether a word (a run of letters) is in the Latin script as a profile
 * knows it. A word is of another script when most of its letters are (a
 * homoglyph or two do not make an English word Cyrillic), or when it has
 * a letter of Latin Extended Additional (U+1E00-U+1EFF), an IPA or
 * modifier letter (U+0250-U+02FF), or a combining mark only Vietnamese
 * uses (hook above U+0309, horn U+031B, dot below U+0323). Vietnamese
 * writes most words with such a letter or mark ("người", "Việt",
 * composed or not), whose UTF-8 fills the same trigram buckets in all its
 * texts, as Cyrillic does: the profile of English mail does not hold for
 * it. Other combining accents (U+0300-U+036F: decomposed French or
 * Polish) count for neither side.
 */
static int
latin_word(const unsigned char *w, size_t n)
{
	size_t		i, k, latin = 0, other = 0;
	uint32_t	cp;

	for (i = 0; i < n; i += k) {
		k = u8len(w + i, n - i);
		if (k == 1) {
			latin++;	/* in a word: an ASCII letter */
			continue;
		}
		if ((k == 2 && w[i] >= 0xc2 && w[i] <= 0xdf) ||
		    (k == 3 && (w[i] & 0xf0) == 0xe0))
			cp = u8cp(w + i, k);
		else {
			other++;	/* cut short or overlong */
			continue;
		}
		if ((cp >= 0x250 && cp < 0x300) || (cp >= 0x1e00 &&
		    cp < 0x1f00) || cp == 0x309 || cp == 0x31b || cp == 0x323)
			return 0;
		if (cp >= 0x300 && cp < 0x370)
			continue;
		if (cp < 0x250)
			latin++;
		else
			other++;
	}
	return other <= latin;
}

/*
 * Whether a UTF-8 text is Latin-script (or has no letters): fewer than
 * one unit in 5 of another script, counting a word of an alphabetic
 * script and a Han character, a kana run or a Hangul word as one unit
 * each. Such text has a profile learned for it; a text with as much
 * Chinese as English between its words gets the code that holds for
 * both, so that its copies do not flip between kinds.
 */
static int
latin_text(const unsigned char *t, size_t len)
{
	size_t		i, n, latin = 0, other = 0;
	enum uclass	c;

	for (i = 0; i < len; i += n) {
		if ((c = unit(t, len, i, NILSIMSA_SELF_WORDS, &n)) == U_FIXED)
			continue;
		if (c == U_LETTER && latin_word(t + i, n))
			latin++;
		else
			other++;
	}
	return other * 4 <= latin;
}

int
nilsimsa_final_auto(const nilsimsa_ctx *ctx, const void *text, size_t len,
    const nilsimsa_profile *profile, nilsimsa_code *code)
{
	int	rc;

	if (ctx == NULL || code == NULL || profile == NULL ||
	    (text == NULL && len > 0))
		return NILSIMSA_EINVAL;
	if (latin_text(text, len)) {
		rc = nilsimsa_final_profile(ctx, profile, code);
		return rc < 0 ? rc : NILSIMSA_KIND_PROFILE;
	}
	rc = nilsimsa_final_self(ctx, text, len,
	    NILSIMSA_SELF_WORDS | NILSIMSA_SELF_MARKS, code);
	return rc < 0 ? rc : NILSIMSA_KIND_MARKS;
}
