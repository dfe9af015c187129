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
 * canon.c: the canonicaliser's API, its input (CRLF to LF, RAW mode) and
 * its final stage (UTF-8 decode, drop NULs, invisible characters and
 * optional marks, plain letters for styled ones, lower case, one script a
 * word for homoglyphs, collapse white space, output). canon.h says what it
 * produces; canon-internal.h shows the pipeline and the other stages.
 */

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "canon-internal.h"
#include "util.h"

/* ------------------------------------------------------------ output */

/* The buffer's first n bytes to the callback (the caller drops them). */
static void
oemit(struct canon *c, size_t n)
{
	if (n > 0 && c->out != NULL)
		c->out(c->arg, c->obuf, n);
	c->out_bytes += n;
}

/* Everything in the buffer to the callback. */
static void
oflush(struct canon *c)
{
	oemit(c, c->olen);
	c->olen = 0;
	c->wstart = 0;
	c->rn = 0;
}

/*
 * The buffer is full. The word being output, which fold_word() may
 * rewrite at its end, is kept, moved to the buffer's start, unless it is
 * longer than a word is folded; the rest goes. So is the run of spaced
 * letters before it while the word may still join it (spaced_join), when
 * both fit in as much: a run is at most JOIN_MAX bytes, so when they do
 * not the word is no letter, and ends the run. A word that goes in part
 * is never folded (wcut): what is left of it may start inside a
 * character.
 */
static void
ofull(struct canon *c)
{
	size_t	from = c->wstart, keep;

	if (c->rn > 0 && c->wstart <= c->rend + 1 &&
	    c->olen - c->rstart <= WORD_FOLD_MAX)
		from = c->rstart;
	else
		c->rn = 0;
	keep = c->olen - from;
	if (from == 0 || keep > WORD_FOLD_MAX) {
		oflush(c);
		c->wcut = 1;
		return;
	}
	oemit(c, from);
	memmove(c->obuf, c->obuf + from, keep);
	c->olen = keep;
	c->wstart -= from;
	c->rstart -= c->rn > 0 ? from : 0;
	c->rend -= c->rn > 0 ? from : 0;
	c->rsep1 -= c->rn == 2 ? from : 0;
}

static inline void
oput(struct canon *c, unsigned char b)
{
	c->obuf[c->olen++] = b;
	if (c->olen == sizeof(c->obuf))
		ofull(c);
}

/* ------------------------------------------------------------ final stage */

/* Greek capitals, the accented ones too (U+0386 to U+03AB). */
static uint32_t
lower_greek(uint32_t cp)
{
	if (cp == 0x386)
		return 0x3ac;
	if (cp >= 0x388 && cp <= 0x38a)
		return cp + 0x25;
	if (cp == 0x38c)
		return 0x3cc;
	if (cp == 0x38e || cp == 0x38f)
		return cp + 0x3f;
	if (cp >= 0x391 && cp != 0x3a2)
		return cp + 0x20;
	return cp;
}

/*
 * Cyrillic capitals past Russian's (U+0460 to U+052F: Ukrainian's
 * Ghe with upturn, the letters of other languages), in pairs.
 */
static uint32_t
lower_cyrillic_ext(uint32_t cp)
{
	if (cp == 0x4c0)
		return 0x4cf;
	if (cp >= 0x4c1 && cp <= 0x4ce)
		return (cp & 1) ? cp + 1 : cp;
	if ((cp <= 0x481 || cp >= 0x48a) && (cp & 1) == 0)
		return cp + 1;
	return cp;
}

/*
 * Simple lower-casing of the scripts most spam is written in: case
 * changes ("FrEe MoNeY") are a cheap way to vary a message, and
 * nilsimsa would see them. Full Unicode case folding would need tables
 * far larger than this module; these ranges are the ones that matter.
 */
static uint32_t
lower_cp(uint32_t cp)
{
	if (cp >= 0xc0 && cp <= 0xde && cp != 0xd7)
		return cp + 0x20;
	if (cp >= 0x100 && cp <= 0x17f) {
		if (cp == 0x130)
			return 'i';
		if (cp == 0x178)
			return 0xff;
		if ((cp <= 0x137 || (cp >= 0x14a && cp <= 0x177)) &&
		    (cp & 1) == 0)
			return cp + 1;
		if (((cp >= 0x139 && cp <= 0x148) || cp >= 0x179) &&
		    (cp & 1) == 1 && cp != 0x17f)
			return cp + 1;
		return cp;
	}
	if (cp >= 0x386 && cp <= 0x3ab)
		return lower_greek(cp);
	if (cp == 0x3c2)
		return 0x3c3;	/* final sigma: as the capital lowers */
	if (cp >= 0x400 && cp <= 0x40f)
		return cp + 0x50;
	if (cp >= 0x410 && cp <= 0x42f)
		return cp + 0x20;
	if (cp >= 0x460 && cp <= 0x52f)
		return lower_cyrillic_ext(cp);
	return cp;
}

static int
is_space_cp(uint32_t cp)
{
	return cp == 0x85 || cp == 0xa0 || cp == 0x1680 ||
	    (cp >= 0x2000 && cp <= 0x200a) || cp == 0x2028 || cp == 0x2029 ||
	    cp == 0x202f || cp == 0x205f || cp == 0x3000;
}

/*
 * Characters that render as nothing, used to split words invisibly:
 * C1 controls, soft hyphen, zero-width and joiner characters, direction
 * marks and overrides, invisible operators, Hangul fillers, variation
 * selectors, tag characters.
 */
static int
is_invisible_cp(uint32_t cp)
{
	if (cp < 0x2000)
		return (cp >= 0x80 && cp < 0xa0) || cp == 0xad || cp == 0x34f ||
		    cp == 0x61c || cp == 0x115f || cp == 0x1160 ||
		    cp == 0x17b4 || cp == 0x17b5 || cp == 0x180e;
	if (cp < 0x10000)
		return (cp >= 0x200b && cp <= 0x200f) ||
		    (cp >= 0x202a && cp <= 0x202e) ||
		    (cp >= 0x2060 && cp <= 0x206f) || cp == 0x3164 ||
		    (cp >= 0xfe00 && cp <= 0xfe0f) || cp == 0xfeff ||
		    cp == 0xffa0;
	return (cp >= 0xe0000 && cp <= 0xe007f) ||
	    (cp >= 0xe0100 && cp <= 0xe01ef);
}

/*
 * Ornaments: pictographs and decorative symbols (arrows, geometric
 * shapes, stars, dingbats, the reference mark, emoji) that say nothing a
 * text's words do not, and that a campaign strews between its letters,
 * a different handful in every copy ("代※开★发◆票", "f★r★e★e"): each
 * such letter stood alone in a trigram of its own, and copies so dressed
 * scored below a copy's 50 against each other (helper-47's Chinese
 * campaigns: 41.6% rejected undressed, 5.3% dressed). Dropped as
 * invisible characters are, so the letters around them meet. The
 * enclosed and squared letters (U+1F100..U+1F1FF) are letters, read as
 * such (plain_letter()).
 */
static int
is_ornament_cp(uint32_t cp)
{
	if (cp < 0x2000)
		return 0;
	if (cp < 0x10000)
		return cp == 0x2022 || cp == 0x203b ||
		    (cp >= 0x2190 && cp <= 0x21ff) ||
		    (cp >= 0x2300 && cp <= 0x23ff) ||
		    (cp >= 0x25a0 && cp <= 0x27bf) ||
		    (cp >= 0x2b00 && cp <= 0x2bff) || cp == 0x3013;
	return (cp >= 0x1f000 && cp <= 0x1f0ff) ||
	    (cp >= 0x1f300 && cp <= 0x1faff);
}

/*
 * Combining marks that a text can carry or not and still read the same:
 * the generic diacritics (a letter followed by U+0301 is a letter with an
 * accent only in decomposed text, and a random accent over every other
 * letter is a way to vary a copy), and the optional vowel and cantillation
 * marks of Hebrew and Arabic. Precomposed letters are not touched, nor
 * the vowel signs of scripts that need them (Thai, Indic).
 */
static int
is_mark_cp(uint32_t cp)
{
	return (cp >= 0x300 && cp <= 0x36f) || (cp >= 0x483 && cp <= 0x489) ||
	    (cp >= 0x591 && cp <= 0x5bd) || cp == 0x5bf || cp == 0x5c1 ||
	    cp == 0x5c2 || cp == 0x5c4 || cp == 0x5c5 || cp == 0x5c7 ||
	    (cp >= 0x610 && cp <= 0x61a) || (cp >= 0x64b && cp <= 0x65f) ||
	    cp == 0x670 || (cp >= 0x6d6 && cp <= 0x6dc) ||
	    (cp >= 0x6df && cp <= 0x6e4) || cp == 0x6e7 || cp == 0x6e8 ||
	    (cp >= 0x6ea && cp <= 0x6ed) || (cp >= 0x1ab0 && cp <= 0x1aff) ||
	    (cp >= 0x1dc0 && cp <= 0x1dff) || (cp >= 0x20d0 && cp <= 0x20ff) ||
	    (cp >= 0xfe20 && cp <= 0xfe2f);
}

/* Is cp white space (ASCII's, NBSP, the Unicode spaces)? */
int
fin_blank(uint32_t cp)
{
	if (cp < 0x80)
		return cp == ' ' || (cp >= '\t' && cp <= '\r');
	return is_space_cp(cp);
}

/* Does cp show (not white space, a control, invisible or a mark)? */
int
fin_visible(uint32_t cp)
{
	if (cp < 0x80)
		return cp > 0x20 && cp < 0x7f;
	return !is_space_cp(cp) && !is_invisible_cp(cp) && !is_mark_cp(cp);
}

/*
 * Letters drawn in another style: the mathematical alphabets (bold,
 * italic, script, fraktur, double-struck, monospace... U+1D400-U+1D6A3,
 * and their digits), the letterlike symbols that stand in for their
 * gaps, circled and parenthesised letters, squared and negative letters
 * and the regional indicators. "Fancy text" generators write ads with
 * them; Unicode's compatibility decompositions (NFKC) make them the
 * ASCII letter, as here. 0: not one of them.
 */
static uint32_t
plain_letter(uint32_t cp)
{
	static const uint16_t	 lls[] = {
		0x2102, 0x210a, 0x210b, 0x210c, 0x210d, 0x210e, 0x2110,
		0x2111, 0x2112, 0x2113, 0x2115, 0x2119, 0x211a, 0x211b,
		0x211c, 0x211d, 0x2124, 0x2128, 0x212a, 0x212c, 0x212d,
		0x212f, 0x2130, 0x2131, 0x2133, 0x2134, 0x2139, 0x2145,
		0x2146, 0x2147, 0x2148, 0x2149
	};
	static const char	 llc[] = "CgHHHhIILlNPQRRRZZKBCeEFMoiDdeij";
	size_t			 i, k;

	if (cp < 0x2102)
		return 0;
	if (cp <= 0x2149) {
		for (i = 0; i < sizeof(lls) / sizeof(*lls); i++)
			if (lls[i] == cp)
				return (uint32_t)llc[i];
		return 0;
	}
	if (cp >= 0x249c && cp <= 0x24b5)
		return 'a' + (cp - 0x249c);
	if (cp >= 0x24b6 && cp <= 0x24cf)
		return 'A' + (cp - 0x24b6);
	if (cp >= 0x24d0 && cp <= 0x24e9)
		return 'a' + (cp - 0x24d0);
	if (cp >= 0x1d400 && cp <= 0x1d6a3) {
		k = (cp - 0x1d400) % 52;
		return k < 26 ? 'A' + k : 'a' + (k - 26);
	}
	if (cp >= 0x1d7ce && cp <= 0x1d7ff)
		return '0' + (cp - 0x1d7ce) % 10;
	if ((cp >= 0x1f130 && cp <= 0x1f149) || (cp >= 0x1f150 &&
	    cp <= 0x1f169) || (cp >= 0x1f170 && cp <= 0x1f189))
		return 'A' + (cp - 0x1f130) % 32;
	if (cp >= 0x1f1e6 && cp <= 0x1f1ff)
		return 'A' + (cp - 0x1f1e6);
	return 0;
}

/* ------------------------------------------------------------ homoglyphs */

/*
 * A Cyrillic or Greek letter that looks like a Latin one, after lower
 * casing (so also those whose capital does: в for В, н for Н): its Latin
 * letter, or 0.
 */
static int
cyr_latin(uint32_t cp)
{
	static const uint16_t	 from[] = {
		0x3b1, 0x3b2, 0x3b5, 0x3b6, 0x3b7, 0x3b9, 0x3ba, 0x3bc, 0x3bd,
		0x3bf, 0x3c1, 0x3c4, 0x3c5, 0x3c7, 0x3f2, 0x3f3,
		0x430, 0x432, 0x435, 0x43a, 0x43c, 0x43d, 0x43e, 0x440, 0x441,
		0x442, 0x443, 0x445, 0x455, 0x456, 0x458, 0x4ae, 0x4af, 0x4ba,
		0x4bb, 0x4c0, 0x4cf, 0x500, 0x501, 0x51a, 0x51b, 0x51c, 0x51d
	};
	static const char	 to[] =
	    "abezhikmnoptyxcj" "abekmhopctyxsijyyhhilddqqww";
	size_t			 lo = 0, hi = sizeof(from) / sizeof(*from), m;

	while (lo < hi) {
		m = (lo + hi) / 2;
		if (from[m] == cp)
			return to[m];
		if (from[m] < cp)
			lo = m + 1;
		else
			hi = m;
	}
	return 0;
}

/* A lower-case Latin letter that looks like a Cyrillic one: that, or 0. */
static uint32_t
latin_cyr(uint32_t cp)
{
	static const uint16_t	 to[26] = {
		['a' - 'a'] = 0x430, ['b' - 'a'] = 0x432, ['c' - 'a'] = 0x441,
		['e' - 'a'] = 0x435, ['h' - 'a'] = 0x43d, ['i' - 'a'] = 0x456,
		['k' - 'a'] = 0x43a, ['m' - 'a'] = 0x43c, ['o' - 'a'] = 0x43e,
		['p' - 'a'] = 0x440, ['t' - 'a'] = 0x442, ['x' - 'a'] = 0x445,
		['y' - 'a'] = 0x443
	};

	return cp >= 'a' && cp <= 'z' ? to[cp - 'a'] : 0;
}

static int
is_cyr_cp(uint32_t cp)
{
	return cp >= 0x400 && cp <= 0x52f;
}

static int
is_greek_cp(uint32_t cp)
{
	return cp >= 0x370 && cp <= 0x3ff;
}

/* A Latin letter as the output has it: lower case, ASCII or accented. */
static int
is_latin_cp(uint32_t cp)
{
	return (cp >= 'a' && cp <= 'z') || (cp >= 0xdf && cp <= 0x24f &&
	    cp != 0xf7);
}

/* cp in UTF-8 at d; returns the bytes written. */
size_t
u8_put(unsigned char *d, uint32_t cp)
{
	if (cp < 0x80) {
		d[0] = (unsigned char)cp;
		return 1;
	}
	if (cp < 0x800) {
		d[0] = 0xc0 | cp >> 6;
		d[1] = 0x80 | (cp & 0x3f);
		return 2;
	}
	if (cp < 0x10000) {
		d[0] = 0xe0 | cp >> 12;
		d[1] = 0x80 | ((cp >> 6) & 0x3f);
		d[2] = 0x80 | (cp & 0x3f);
		return 3;
	}
	d[0] = 0xf0 | cp >> 18;
	d[1] = 0x80 | ((cp >> 12) & 0x3f);
	d[2] = 0x80 | ((cp >> 6) & 0x3f);
	d[3] = 0x80 | (cp & 0x3f);
	return 4;
}

/*
 * Homoglyphs: a word of Latin letters with a Cyrillic or Greek look-alike
 * among them ("оffer" with a Cyrillic о), or a Russian word with a Latin
 * or Greek one, is a way to make each copy of an ad another text that
 * reads the same. The word just output (obuf from wstart), when it has
 * letters of two scripts, is written in one: Latin when its letters that
 * have no look-alike are Latin, Cyrillic when they are Cyrillic; a word
 * of look-alikes alone ("тhе") in the script of the word before, or when
 * that is not known, the script most of them are in (Latin on a tie). A
 * word in one script is never changed (the Russian "а" stays), nor a
 * word with letters of two scripts that have no look-alike, nor a Greek
 * word, nor one longer than WORD_FOLD_MAX bytes. Returns the word's
 * script (W_NONE: Greek, two scripts, or too long; prev when it has no
 * letter of these scripts).
 */
static int
fold_word(struct canon *c, int prev)
{
	unsigned char		 tmp[2 * WORD_FOLD_MAX];
	const unsigned char	*p = c->obuf + c->wstart, *e = c->obuf + c->olen;
	const unsigned char	*q;
	size_t			 n = 0, i;
	int			 lat = 0, latc = 0, cyr = 0, cyrc = 0, grk = 0;
	int			 grkc = 0, to;
	uint32_t		 cp, m;

	if (c->olen - c->wstart > WORD_FOLD_MAX)
		return W_NONE;
	while (p < e) {
		cp = util_u8_next(&p, e);
		if (is_latin_cp(cp))
			latin_cyr(cp) ? latc++ : lat++;
		else if (is_cyr_cp(cp))
			cyr_latin(cp) ? cyrc++ : cyr++;
		else if (is_greek_cp(cp))
			cyr_latin(cp) ? grkc++ : grk++;
	}
	if ((lat || latc) + (cyr || cyrc) + (grk || grkc) < 2)
		return lat || latc ? W_LATIN : cyr || cyrc ? W_CYR :
		    grk || grkc ? W_NONE : prev;
	if ((lat && (cyr || grk)) || (cyr && grk) || (grk && !lat))
		return W_NONE;
	if (lat)
		to = W_LATIN;
	else if (cyr)
		to = W_CYR;
	else if (prev == W_LATIN || prev == W_CYR)
		to = prev;
	else
		to = latc >= cyrc + grkc ? W_LATIN : W_CYR;
	for (p = c->obuf + c->wstart; p < e; ) {
		q = p;
		cp = util_u8_next(&p, e);
		if (to == W_LATIN)
			m = (uint32_t)cyr_latin(cp);
		else if (is_greek_cp(cp))
			m = cyr_latin(cp) ? latin_cyr((uint32_t)cyr_latin(cp)) : 0;
		else
			m = latin_cyr(cp);
		if (m)
			n += u8_put(tmp + n, m);
		else {
			memcpy(tmp + n, q, (size_t)(p - q));
			n += (size_t)(p - q);
		}
	}
	c->olen = c->wstart;
	for (i = 0; i < n; i++)
		oput(c, tmp[i]);
	return to;
}

/*
 * A letter that spaced-out text is written in, and its alphabet: 1
 * Latin, 2 Greek, 3 Cyrillic, 4 a Han ideograph or kana (not the
 * middle dot, the length mark or the voicing marks); 0, none. Not
 * Hangul: Korean has words of one syllable, and writes them between
 * spaces.
 */
static int
spaced_letter(uint32_t cp)
{
	if (is_latin_cp(cp))
		return 1;
	if (cp >= 0x3ac && cp <= 0x3ce)
		return 2;
	if (cp >= 0x430 && cp <= 0x45f)
		return 3;
	return (cp >= 0x3041 && cp <= 0x3096) || (cp >= 0x30a1 && cp <= 0x30fa) ||
	    (cp >= 0x3400 && cp <= 0x4dbf) || (cp >= 0x4e00 && cp <= 0x9fff) ? 4 : 0;
}

/* The byte of the output at off goes; offsets after it move back. */
static void
odrop(struct canon *c, size_t off)
{
	memmove(c->obuf + off, c->obuf + off + 1, c->olen - off - 1);
	c->olen--;
	if (c->wstart > off)
		c->wstart--;
}

/*
 * Letters spaced apart ("f r e e", "f.r.e.e", "v-i-a-g-r-a", "免 费 发
 * 票"), an old way to write an ad that no filter reads as the words it
 * spells, are joined: three letters or more of one alphabet, each a word
 * of its own, with one space between each two, or one '.', '-', '_' or
 * '*' and no space, the same all along. Two spaces or a line break end
 * the word they spell ("F R E E  M O N E Y" is "free money"), and so does
 * another separator, which may start a word of its own with the letter
 * before it ("a f.r.e.e" is "a free"). Two letters are not joined ("a
 * b", "и в" are words); the third joins all three. A word is joined to
 * JOIN_MAX bytes; the next letter starts another. Called as each short
 * word ends, and as any word ends while there is a run (it ends the run
 * unless it is one letter): the run (rstart .. rend) lies in the buffer
 * still, as ofull keeps it.
 */
static void
spaced_join(struct canon *c)
{
	const unsigned char	*p = c->obuf + c->wstart, *e = c->obuf + c->olen;
	unsigned char		 sep = 0;
	int			 abc = spaced_letter(util_u8_next(&p, e));

	if (abc == 0 || p != e) {
		c->rn = 0;
		return;
	}
	if (c->rn > 0 && c->wstart == c->rend + 1 && abc == c->rabc)
		sep = c->obuf[c->rend];
	if (!(sep == ' ' ? c->wgap == 1 : sep != 0 && strchr(".-_*", sep)) ||
	    (c->rn > 2 && sep != c->rsep) || c->olen - c->rstart > JOIN_MAX) {
		c->rn = 1;		/* a run starts */
		c->rabc = abc;
		c->rstart = c->wstart;
		c->rend = c->olen;
		return;
	}
	if (c->rn == 2 && sep != c->rsep) {
		/* two letters apart: the second and this may start one */
		c->rstart = c->rsep1 + 1;
		c->rn = 1;
	}
	if (c->rn == 1) {
		c->rsep = sep;
		c->rsep1 = c->rend;
		c->rend = c->olen;
		c->rn = 2;
		return;
	}
	odrop(c, c->rend);
	if (c->rn == 2)
		odrop(c, c->rsep1);
	c->rend = c->olen;
	c->rn++;
}

/* The letter a digit stands for (0 o, 1 i, 3 e, 4 a, 5 s, 7 t), or 0. */
static unsigned char
digit_letter(unsigned char d)
{
	static const char	as[] = "oi\0eas\0t";

	return d >= '0' && d <= '7' ? (unsigned char)as[d - '0'] : 0;
}

/*
 * Digits for the letters they look like ("fr33 m0ney", "v1agra"), in a
 * word of ASCII letters and digits with two letters or more and no more
 * digits than letters (digit_letter). Every copy of a text is folded
 * alike, so two copies differ only where one spelled a word with
 * digits; a word of digits ("2026"), mostly digits ("h264"), one letter
 * ("a4", "3x") or more than 64 bytes is left as it is. Called as a word
 * with a digit ends (wdigit).
 */
static void
digit_fold(struct canon *c)
{
	unsigned char	*p = c->obuf + c->wstart, *e = c->obuf + c->olen;
	unsigned char	*q;
	int		 letters = 0, digits = 0, folds = 0;

	if (e - p > 64)
		return;
	for (q = p; q < e; q++) {
		if (*q >= 'a' && *q <= 'z')
			letters++;
		else if (*q >= '0' && *q <= '9') {
			digits++;
			folds += digit_letter(*q) != 0;
		} else
			return;
	}
	if (letters < 2 || folds == 0 || digits > letters)
		return;
	for (q = p; q < e; q++)
		if (digit_letter(*q))
			*q = digit_letter(*q);
}

/*
 * The word being output ended: join it to the spaced letters before it,
 * fold it when it has a Cyrillic or Greek letter, then the digits written
 * for letters; else note its script, for the next word's look-alikes. A
 * word cut by the buffer is never folded.
 */
static void
word_end(struct canon *c)
{
	unsigned char	b;

	if (c->wstart >= c->olen) {
		c->wcut = c->wcyr = 0;
		return;
	}
	if (c->wcut)
		c->rn = 0;
	else if (c->rn > 0 || c->olen - c->wstart <= 4)
		spaced_join(c);
	if (c->wcyr && !c->wcut) {
		c->wcyr = 0;
		c->wprev = fold_word(c, c->wprev);
		if (c->wdigit)
			digit_fold(c);	/* "р4ypal" is "p4ypal" now */
		return;
	}
	if (c->wdigit && !c->wcut)
		digit_fold(c);
	b = c->obuf[c->wstart];
	if (c->wcyr)
		c->wprev = W_NONE;
	else if (b >= 'a' && b <= 'z')
		c->wprev = W_LATIN;
	else if (b >= 0x80)
		c->wprev = W_NONE;
	c->wcut = c->wcyr = 0;
}

/* A word starts at the end of the output. */
static void
word_start(struct canon *c)
{
	c->wstart = c->olen;
	c->wcut = 0;
	c->wdigit = 0;
}

/* Something is about to be output: first the space seen before it. */
static void
fin_emit_start(struct canon *c)
{
	if (c->fws && c->fany) {
		word_end(c);
		oput(c, ' ');
		word_start(c);
		c->wgap = c->fws;
	}
	c->fws = 0;
	c->fany = 1;
}

/*
 * A symbol that is not a letter or a digit: ASCII punctuation, and the
 * punctuation, arrows, box drawing and other symbol blocks that
 * separator lines are drawn with (U+2000-U+2BFF, CJK symbols and
 * punctuation U+3000-U+303F, the CJK and small form variants).
 */
static int
is_symbol_cp(uint32_t cp)
{
	if (cp < 0x80)
		return !((cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') ||
		    (cp >= '0' && cp <= '9'));
	return (cp >= 0x2000 && cp <= 0x2bff) || (cp >= 0x3000 && cp <= 0x303f) ||
	    (cp >= 0xfe30 && cp <= 0xfe6f);
}

/*
 * Should cp, about to be output, be dropped as part of a long run of one
 * symbol? Separator lines ("=====", "-----", Outlook's row of
 * underscores, "————") carry nothing of what a message says, yet a run
 * of one character piles its trigrams into a few buckets and pushes
 * every other bucket below its share: two unrelated texts that both have
 * one would get codes that are mostly zeros alike. A run is cut to
 * RUN_MAX characters.
 */
static int
fin_run_drop(struct canon *c, uint32_t cp)
{
	if (c->fws && c->fany)
		c->frun = 0;		/* a space between: a new run */
	if (!is_symbol_cp(cp)) {
		c->frun = 0;
		return 0;
	}
	if (cp != c->frun) {
		c->frun = cp;
		c->frunlen = 1;
		return 0;
	}
	if (c->frunlen > RUN_MAX)
		return 1;
	return ++c->frunlen > RUN_MAX;
}

/* Bytes that are not valid UTF-8: passed on as they are. */
static void
fin_raw(struct canon *c, const unsigned char *p, size_t n)
{
	size_t i;

	fin_emit_start(c);
	word_end(c);
	c->frun = 0;
	c->fbol = 0;
	for (i = 0; i < n; i++)
		oput(c, p[i]);
	word_start(c);
}

/*
 * cp, which shows, is output, after the space seen before it, unless it
 * is the tail of a run of one symbol. A symbol ends the word before it
 * and is part of none; a Cyrillic or Greek letter marks its word for
 * fold_word().
 */
static void
fin_put(struct canon *c, uint32_t cp)
{
	unsigned char	u8[4];
	size_t		i, n;
	int		sym = is_symbol_cp(cp);

	c->fbol = 0;
	if (fin_run_drop(c, cp))
		return;
	fin_emit_start(c);
	if (sym)
		word_end(c);
	else if (cp >= '0' && cp <= '9')
		c->wdigit = 1;
	else if (is_cyr_cp(cp) || is_greek_cp(cp))
		c->wcyr = 1;
	n = u8_put(u8, cp);
	for (i = 0; i < n; i++)
		oput(c, u8[i]);
	if (sym)
		word_start(c);
}

/*
 * The white space seen since the last output, with cp (fws): 1 for what
 * shows as one space, 2 for more or a line break (spaced_join tells
 * them apart). In HTML a browser shows a run of spaces, tabs and line
 * breaks as one space, and each no-break space as one of its own; in
 * plain text a line break is one, and any other blank (a tab, a no-break
 * or other Unicode space) one space.
 */
static int
fin_gap(struct canon *c, uint32_t cp)
{
	int	collapse = c->html && cp < 0x80;

	if (collapse && c->fwscol && c->fws > 0)
		return c->fws;		/* shows nothing more */
	c->fwscol = collapse;
	if (c->html)
		return c->fws == 0 ? 1 : 2;
	return c->fws == 0 && cp != '\n' && cp != '\r' && cp != 0x0b &&
	    cp != 0x0c && cp != 0x85 && cp != 0x2028 && cp != 0x2029 ? 1 : 2;
}

/*
 * Quote marks at a line's start ("> > > ", however deep) are the mail
 * client's, not the text's: a reply quoting a thread five deep would
 * otherwise share their trigrams with every other deep thread, whatever
 * the threads say (unrelated Japanese and Russian threads scored 50 to
 * 100 against each other on them). The quoted text itself stays.
 */
void
fin_cp(struct canon *c, uint32_t cp)
{
	uint32_t	m;

	if (fin_blank(cp)) {
		if (cp == '\n')
			c->fbol = 1;
		c->fws = fin_gap(c, cp);
		return;
	}
	if (cp < 0x80) {
		if (cp >= 'A' && cp <= 'Z')
			cp += 'a' - 'A';
		else if (cp < 0x20 || cp == 0x7f) {
			if (cp == 0)
				c->flags |= CANON_F_NUL;
			return;
		}
		if (c->fbol && cp == '>')
			return;
		fin_put(c, cp);
		return;
	}
	if (is_invisible_cp(cp) || is_mark_cp(cp))
		return;
	/* Fullwidth ASCII, another way to dress up the same words. */
	if (cp >= 0xff01 && cp <= 0xff5e) {
		fin_cp(c, cp - 0xfee0);
		return;
	}
	if ((m = plain_letter(cp)) != 0) {
		fin_cp(c, m);
		return;
	}
	if (is_ornament_cp(cp))
		return;
	fin_put(c, lower_cp(cp));
}

/* An incomplete UTF-8 sequence is left: pass it on raw. */
void
fin_flush_u8(struct canon *c)
{
	if (c->u8need > 0) {
		fin_raw(c, c->u8seq, c->u8len);
		c->u8need = 0;
		c->u8len = 0;
	}
}

void
fin_bytes(struct canon *c, const unsigned char *p, size_t n)
{
	size_t i;
	unsigned char b;

	for (i = 0; i < n; i++) {
		b = p[i];
		if (c->u8need == 0) {
			if (b < 0x80) {
				/* the common case, inline */
				if (((b >= 'a' && b <= 'z') ||
				    (b >= '0' && b <= '9')) && c->fws == 0 &&
				    c->fany) {
					c->frun = 0;
					c->wdigit |= b < 'a';
					oput(c, b);
				} else
					fin_cp(c, b);
				continue;
			}
			if (b >= 0xc2 && b <= 0xdf) {
				c->u8cp = b & 0x1f;
				c->u8need = 1;
			} else if (b >= 0xe0 && b <= 0xef) {
				c->u8cp = b & 0x0f;
				c->u8need = 2;
			} else if (b >= 0xf0 && b <= 0xf4) {
				c->u8cp = b & 0x07;
				c->u8need = 3;
			} else {
				fin_raw(c, &b, 1);
				continue;
			}
			c->u8seq[0] = b;
			c->u8len = 1;
			continue;
		}
		if ((b & 0xc0) != 0x80) {
			/* broken sequence: pass it on, look at b again */
			fin_flush_u8(c);
			i--;
			continue;
		}
		c->u8cp = c->u8cp << 6 | (b & 0x3f);
		c->u8seq[c->u8len++] = b;
		if (--c->u8need > 0)
			continue;
		if ((c->u8len == 3 && c->u8cp < 0x800) ||
		    (c->u8len == 4 && (c->u8cp < 0x10000 ||
		    c->u8cp > 0x10ffff)) ||
		    (c->u8cp >= 0xd800 && c->u8cp <= 0xdfff))
			fin_raw(c, c->u8seq, c->u8len);
		else
			fin_cp(c, c->u8cp);
		c->u8len = 0;
	}
}

/* A break between words (a block-level HTML tag, a new part). */
void
fin_space(struct canon *c)
{
	fin_flush_u8(c);
	c->fws = 2;
	c->fbol = 1;
}

void
text_bytes(struct canon *c, const unsigned char *p, size_t n)
{
	if (c->html)
		html_bytes(c, p, n);
	else
		fin_bytes(c, p, n);
}

/* ------------------------------------------------------------ input */

/* RAW: the body, after the header block when there is one. */
static void
raw_feed(struct canon *c, const unsigned char *p, size_t n)
{
	size_t i;

	if (c->raw_inhdr) {
		for (i = 0; i < n && c->raw_inhdr; i++) {
			if (p[i] == '\n') {
				if (c->raw_bol)
					c->raw_inhdr = 0;
				c->raw_bol = 1;
			} else
				c->raw_bol = 0;
		}
		p += i;
		n -= i;
	}
	if (n == 0)
		return;
	if (c->out != NULL)
		c->out(c->arg, p, n);
	c->out_bytes += n;
}

static void
sink(struct canon *c, const unsigned char *p, size_t n)
{
	if (c->mode == CANON_RAW)
		raw_feed(c, p, n);
	else
		lines_feed(c, p, n);
}

/* CRLF to LF; a CR ending a chunk waits for the next one. */
static void
norm_feed(struct canon *c, const unsigned char *p, size_t n)
{
	unsigned char tmp[4096];
	size_t i, t = 0;

	if (c->pend_cr) {
		c->pend_cr = 0;
		if (p[0] != '\n')
			tmp[t++] = '\r';
	}
	for (i = 0; i < n; i++) {
		if (p[i] == '\r') {
			if (i + 1 == n) {
				c->pend_cr = 1;
				break;
			}
			if (p[i + 1] == '\n')
				continue;
		} else if (p[i] == '\0')
			c->flags |= CANON_F_NUL;
		tmp[t++] = p[i];
		if (t == sizeof(tmp)) {
			sink(c, tmp, t);
			t = 0;
		}
	}
	if (t > 0)
		sink(c, tmp, t);
}

static void
body_start(struct canon *c)
{
	c->started = 1;
	if (c->mode == CANON_RAW)
		c->raw_inhdr = c->with_headers;
	else if (!c->with_headers)
		part_begin(c);
}

/* ------------------------------------------------------------ API */

struct canon *
canon_new(enum canon_mode mode, uint64_t max_in, int with_headers,
    canon_out_fn *out, void *arg)
{
	struct canon *c;

	if ((c = calloc(1, sizeof(*c))) == NULL)
		return NULL;
	c->mode = mode;
	c->max_in = max_in;
	c->with_headers = with_headers;
	c->shown_min = SHOWN_MIN;
	c->out = out;
	c->arg = arg;
	conv_init(c);
	canon_reset(c);
	return c;
}

void
canon_set_shown_min(struct canon *c, uint64_t n)
{
	c->shown_min = n;
}

void
canon_reset(struct canon *c)
{
	/* everything but the settings and the iconv cache */
	c->in_bytes = c->out_bytes = 0;
	c->flags = 0;
	c->started = c->ended = c->finished = 0;
	c->pend_cr = 0;
	c->raw_inhdr = 0;
	c->raw_bol = 1;
	mime_reset(c);
	c->u8need = 0;
	c->u8len = 0;
	c->fws = 0;
	c->fwscol = 0;
	c->fany = 0;
	c->fbol = 1;
	c->frun = 0;
	c->frunlen = 0;
	c->olen = 0;
	c->wstart = 0;
	c->wcut = 0;
	c->wdigit = 0;
	c->wcyr = 0;
	c->wprev = W_NONE;
	c->wgap = 0;
	c->rn = 0;
	c->hklen = 0;
	c->hkfull = 0;
}

void
canon_header(struct canon *c, const char *name, const char *value)
{
	enum hkind kind;
	size_t n;

	if (c->mode != CANON_TEXT || c->started || c->with_headers)
		return;
	if ((kind = hdr_kind(c, name)) == HK_OTHER)
		return;
	n = strlen(value);
	if (n > HDR_MAX)
		c->flags |= CANON_F_BADMIME;
	hdr_value(c, kind, value, n > HDR_MAX ? HDR_MAX : n, n > HDR_MAX);
}

void
canon_body(struct canon *c, const unsigned char *buf, size_t len)
{
	if (c->ended || len == 0)
		return;
	if (!c->started)
		body_start(c);
	if (c->max_in > 0 && len > c->max_in - c->in_bytes) {
		c->flags |= CANON_F_TRUNCATED;
		len = c->max_in - c->in_bytes;
		if (len == 0)
			return;
	}
	c->in_bytes += len;
	norm_feed(c, buf, len);
}

void
canon_end_shown(struct canon *c)
{
	if (c->ended)
		return;
	if (!c->started)
		body_start(c);
	c->ended = 1;
	if (c->pend_cr) {
		c->pend_cr = 0;
		sink(c, (const unsigned char *)"\r", 1);
	}
	if (c->mode == CANON_RAW)
		return;
	mime_end(c);
	fin_flush_u8(c);
	word_end(c);
	oflush(c);	/* all that is shown is out: the caller weighs it */
}

void
canon_finish(struct canon *c, uint64_t dropped)
{
	uint64_t	shown;

	canon_end_shown(c);
	if (c->finished)
		return;
	c->finished = 1;
	if (c->mode == CANON_RAW)
		return;
	shown = canon_out_bytes(c);
	if (dropped > shown)
		dropped = shown;
	if (shown - dropped < c->shown_min && c->hklen > 0) {
		/* next to nothing visible: what is hidden is the text, its
		   blanks kept as plain text's (canon_hide.c keep_blank) */
		c->html = 0;
		fin_space(c);
		fin_bytes(c, c->hkeep, c->hklen);
		fin_flush_u8(c);
		word_end(c);
	}
	oflush(c);
}

void
canon_end(struct canon *c)
{
	canon_finish(c, 0);
}

uint64_t
canon_in_bytes(const struct canon *c)
{
	return c->in_bytes;
}

uint64_t
canon_out_bytes(const struct canon *c)
{
	return c->out_bytes + c->olen;
}

unsigned
canon_flags(const struct canon *c)
{
	return c->flags;
}

void
canon_free(struct canon *c)
{
	if (c == NULL)
		return;
	conv_free(c);
	free(c);
}

int
canon_mode_parse(const char *s)
{
	if (strcasecmp(s, "text") == 0)
		return CANON_TEXT;
	if (strcasecmp(s, "raw") == 0)
		return CANON_RAW;
	return -1;
}

const char *
canon_mode_name(enum canon_mode mode)
{
	return mode == CANON_RAW ? "raw" : "text";
}
