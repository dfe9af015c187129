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
 * canon.c: the canonicaliser (see canon.h for what it produces).
 *
 * A small streaming MIME decoder written for this purpose. GMime, the
 * obvious library, parses a message into a tree held in memory (and its
 * stream parser still buffers whole header blocks and keeps every part's
 * content around until the tree is built), so it cannot give the fixed
 * memory per message a milter handling hostile mail needs. What is
 * needed here is much less than a MIME library: find the text parts,
 * undo two transfer encodings and the charset, strip HTML. That fits in
 * a push parser whose state is one fixed-size struct.
 *
 * The TEXT pipeline, each stage feeding the next:
 *
 *   input -> CRLF to LF -> line splitter (boundary lines) -> part state
 *   (headers, body or skip) -> transfer decoder (base64, QP, identity)
 *   -> charset conversion (iconv) -> HTML filter (text/html only)
 *   -> final stage (UTF-8 decode, drop NULs and invisible characters,
 *   lower case, collapse white space) -> output buffer -> callback.
 *
 * Every stage keeps its state in struct canon, with fixed-size buffers;
 * the only memory allocated after canon_new() is one iconv descriptor
 * for each of the converters in cs_iconv[] at most, opened on the first
 * part in that charset and then reused for every message.
 */

#include <ctype.h>
#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "canon.h"

#define MAXDEPTH	8	/* multipart nesting kept */
#define BND_MAX		200	/* longest boundary kept (RFC 2046: 70) */
#define LBUF_MAX	(2 + BND_MAX + 2 + 52)	/* a possible boundary line */
#define HDR_MAX		4096	/* longest Content-* header value kept */
#define HNAME_MAX	32
#define CS_MAX		48	/* longest charset name kept */
#define CS_NCONV	41	/* converters (cs_iconv below) */
#define DBUF_MAX	4096	/* decoded bytes waiting for iconv */
#define OBUF_MAX	4096	/* canonical bytes waiting for the callback */
#define PROBE_MAX	256	/* a base64 part's first line looked at */
#define ENT_MAX		32	/* longest HTML entity name */
#define TNAME_MAX	12	/* longest HTML tag name kept */

/* Part types that matter. */
enum ptype { PT_PLAIN, PT_HTML, PT_MULTI, PT_MSG, PT_OTHER };
/* Transfer encodings. */
enum penc { ENC_ID, ENC_B64, ENC_QP };
/* What the line splitter does with a line. */
enum pstate { P_HEADERS, P_BODY, P_SKIP };
/* Header parser. */
enum hstate { HS_NONE, HS_NAME, HS_VALUE, HS_SKIP };
enum hkind { HK_OTHER, HK_CTYPE, HK_CTE };
/* QP decoder. */
enum qstate { Q_NORM, Q_EQ, Q_EQ1, Q_EQWS };
/* HTML filter. */
enum html_state {
	H_TEXT, H_LT, H_LTSL, H_TNAME, H_ATTR, H_AVAL, H_DQ, H_SQ, H_BANG,
	H_BANGD, H_COMMENT, H_DECL, H_RAW, H_ENT
};

/* The Content-* headers of the part being read. */
struct part_info {
	enum ptype	 type;
	enum penc	 enc;
	int		 digest;	/* multipart/digest: parts default to rfc822 */
	int		 have_ctype;
	int		 have_cte;
	size_t		 bndlen;
	char		 bnd[BND_MAX + 1];
	char		 charset[CS_MAX];
};

struct boundary {
	size_t		 len;
	int		 digest;
	char		 b[BND_MAX];
};

struct canon {
	/* settings */
	enum canon_mode	 mode;
	uint64_t	 max_in;
	int		 with_headers;
	canon_out_fn	*out;
	void		*arg;

	/* counters */
	uint64_t	 in_bytes;
	uint64_t	 out_bytes;
	unsigned	 flags;
	int		 started;
	int		 ended;

	/* CRLF to LF */
	int		 pend_cr;

	/* RAW with headers: skipping the header block */
	int		 raw_inhdr;
	int		 raw_bol;

	/* line splitter */
	int		 bol;
	int		 cand;		/* buffering a line that may be a boundary */
	size_t		 llen;
	unsigned char	 lbuf[LBUF_MAX];

	/* MIME structure */
	enum pstate	 pstate;
	struct boundary	 stk[MAXDEPTH];
	int		 depth;
	struct part_info pi;

	/* header parser */
	enum hstate	 hs;
	enum hkind	 hkind;
	int		 hdr_bol;
	size_t		 hnlen;
	size_t		 hlen;
	char		 hname[HNAME_MAX];
	char		 hbuf[HDR_MAX];

	/* transfer decoder */
	enum penc	 enc;
	uint32_t	 b64v;
	int		 b64n;
	enum qstate	 qs;
	unsigned char	 qh;
	int		 b64probe;	/* base64 part's first line not in yet */
	int		 pseen;		/* it has had a byte that is not blank */
	size_t		 plen;
	unsigned char	 pbuf[PROBE_MAX];

	/* charset conversion */
	iconv_t		 cd;		/* (iconv_t)-1: pass through */
	size_t		 dlen;
	unsigned char	 dbuf[DBUF_MAX];
	iconv_t		 cs[CS_NCONV];	/* by cs_iconv index, opened on use */
	unsigned char	 cs_failed[CS_NCONV];

	/* HTML filter */
	int		 html;
	enum html_state	 hts;
	int		 tend;
	int		 traw;		/* 1: <style>, 2: <script> being opened */
	int		 rawkind;
	size_t		 rmatch;
	int		 cdash;
	size_t		 tnlen;
	char		 tname[TNAME_MAX + 1];
	size_t		 elen;
	char		 ebuf[ENT_MAX + 1];

	/* final stage */
	int		 u8need;
	int		 u8len;
	uint32_t	 u8cp;
	unsigned char	 u8seq[4];
	int		 fws;		/* white space seen since the last output */
	int		 fany;		/* something has been output */
	size_t		 olen;
	unsigned char	 obuf[OBUF_MAX];
};

static void	text_bytes(struct canon *, const unsigned char *, size_t);
static void	fin_bytes(struct canon *, const unsigned char *, size_t);

/* ------------------------------------------------------------ output */

static void
oflush(struct canon *c)
{
	if (c->olen == 0)
		return;
	if (c->out != NULL)
		c->out(c->arg, c->obuf, c->olen);
	c->out_bytes += c->olen;
	c->olen = 0;
}

static inline void
oput(struct canon *c, unsigned char b)
{
	c->obuf[c->olen++] = b;
	if (c->olen == sizeof(c->obuf))
		oflush(c);
}

/* ------------------------------------------------------------ final stage */

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
	if (cp >= 0x391 && cp <= 0x3a9 && cp != 0x3a2)
		return cp + 0x20;
	if (cp >= 0x400 && cp <= 0x40f)
		return cp + 0x50;
	if (cp >= 0x410 && cp <= 0x42f)
		return cp + 0x20;
	return cp;
}

static int
is_space_cp(uint32_t cp)
{
	return cp == 0x85 || cp == 0xa0 || cp == 0x1680 ||
	    (cp >= 0x2000 && cp <= 0x200a) || cp == 0x2028 || cp == 0x2029 ||
	    cp == 0x202f || cp == 0x205f || cp == 0x3000;
}

/* Characters that render as nothing: used to split words invisibly. */
static int
is_invisible_cp(uint32_t cp)
{
	return (cp >= 0x80 && cp < 0xa0) || cp == 0xad || cp == 0x34f ||
	    (cp >= 0x200b && cp <= 0x200f) || cp == 0x2060 || cp == 0xfeff;
}

static void
fin_emit_start(struct canon *c)
{
	if (c->fws && c->fany)
		oput(c, ' ');
	c->fws = 0;
	c->fany = 1;
}

/* Bytes that are not valid UTF-8: passed on as they are. */
static void
fin_raw(struct canon *c, const unsigned char *p, size_t n)
{
	size_t i;

	fin_emit_start(c);
	for (i = 0; i < n; i++)
		oput(c, p[i]);
}

static void
fin_cp(struct canon *c, uint32_t cp)
{
	if (cp < 0x80) {
		if (cp >= 'A' && cp <= 'Z')
			cp += 'a' - 'A';
		else if (cp == ' ' || (cp >= '\t' && cp <= '\r')) {
			c->fws = 1;
			return;
		} else if (cp < 0x20 || cp == 0x7f) {
			if (cp == 0)
				c->flags |= CANON_F_NUL;
			return;
		}
		fin_emit_start(c);
		oput(c, cp);
		return;
	}
	if (is_space_cp(cp)) {
		c->fws = 1;
		return;
	}
	if (is_invisible_cp(cp))
		return;
	/* Fullwidth ASCII, another way to dress up the same words. */
	if (cp >= 0xff01 && cp <= 0xff5e) {
		fin_cp(c, cp - 0xfee0);
		return;
	}
	cp = lower_cp(cp);
	fin_emit_start(c);
	if (cp < 0x800) {
		oput(c, 0xc0 | cp >> 6);
	} else if (cp < 0x10000) {
		oput(c, 0xe0 | cp >> 12);
		oput(c, 0x80 | ((cp >> 6) & 0x3f));
	} else {
		oput(c, 0xf0 | cp >> 18);
		oput(c, 0x80 | ((cp >> 12) & 0x3f));
		oput(c, 0x80 | ((cp >> 6) & 0x3f));
	}
	oput(c, 0x80 | (cp & 0x3f));
}

/* An incomplete UTF-8 sequence is left: pass it on raw. */
static void
fin_flush_u8(struct canon *c)
{
	if (c->u8need > 0) {
		fin_raw(c, c->u8seq, c->u8len);
		c->u8need = 0;
		c->u8len = 0;
	}
}

static void
fin_bytes(struct canon *c, const unsigned char *p, size_t n)
{
	size_t i;
	unsigned char b;

	for (i = 0; i < n; i++) {
		b = p[i];
		if (c->u8need == 0) {
			if (b < 0x80) {
				/* the common case, inline */
				if (b > ' ' && b < 0x7f && c->fws == 0 &&
				    c->fany) {
					if (b >= 'A' && b <= 'Z')
						b += 'a' - 'A';
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
static void
fin_space(struct canon *c)
{
	fin_flush_u8(c);
	c->fws = 1;
}

/* ------------------------------------------------------------ HTML */

/* HTML 4 named character references, plus &apos;, sorted for bsearch. */
static const struct entity {
	const char	*name;
	uint32_t	 cp;
} entities[] = {
	{ "AElig", 0xc6 }, { "Aacute", 0xc1 }, { "Acirc", 0xc2 },
	{ "Agrave", 0xc0 }, { "Alpha", 0x391 }, { "Aring", 0xc5 },
	{ "Atilde", 0xc3 }, { "Auml", 0xc4 }, { "Beta", 0x392 }, { "Ccedil", 0xc7 },
	{ "Chi", 0x3a7 }, { "Dagger", 0x2021 }, { "Delta", 0x394 }, { "ETH", 0xd0 },
	{ "Eacute", 0xc9 }, { "Ecirc", 0xca }, { "Egrave", 0xc8 },
	{ "Epsilon", 0x395 }, { "Eta", 0x397 }, { "Euml", 0xcb },
	{ "Gamma", 0x393 }, { "Iacute", 0xcd }, { "Icirc", 0xce },
	{ "Igrave", 0xcc }, { "Iota", 0x399 }, { "Iuml", 0xcf }, { "Kappa", 0x39a },
	{ "Lambda", 0x39b }, { "Mu", 0x39c }, { "Ntilde", 0xd1 }, { "Nu", 0x39d },
	{ "OElig", 0x152 }, { "Oacute", 0xd3 }, { "Ocirc", 0xd4 },
	{ "Ograve", 0xd2 }, { "Omega", 0x3a9 }, { "Omicron", 0x39f },
	{ "Oslash", 0xd8 }, { "Otilde", 0xd5 }, { "Ouml", 0xd6 }, { "Phi", 0x3a6 },
	{ "Pi", 0x3a0 }, { "Prime", 0x2033 }, { "Psi", 0x3a8 }, { "Rho", 0x3a1 },
	{ "Scaron", 0x160 }, { "Sigma", 0x3a3 }, { "THORN", 0xde },
	{ "Tau", 0x3a4 }, { "Theta", 0x398 }, { "Uacute", 0xda }, { "Ucirc", 0xdb },
	{ "Ugrave", 0xd9 }, { "Upsilon", 0x3a5 }, { "Uuml", 0xdc }, { "Xi", 0x39e },
	{ "Yacute", 0xdd }, { "Yuml", 0x178 }, { "Zeta", 0x396 },
	{ "aacute", 0xe1 }, { "acirc", 0xe2 }, { "acute", 0xb4 }, { "aelig", 0xe6 },
	{ "agrave", 0xe0 }, { "alefsym", 0x2135 }, { "alpha", 0x3b1 },
	{ "amp", 0x26 }, { "and", 0x2227 }, { "ang", 0x2220 }, { "apos", 0x27 },
	{ "aring", 0xe5 }, { "asymp", 0x2248 }, { "atilde", 0xe3 },
	{ "auml", 0xe4 }, { "bdquo", 0x201e }, { "beta", 0x3b2 },
	{ "brvbar", 0xa6 }, { "bull", 0x2022 }, { "cap", 0x2229 },
	{ "ccedil", 0xe7 }, { "cedil", 0xb8 }, { "cent", 0xa2 }, { "chi", 0x3c7 },
	{ "circ", 0x2c6 }, { "clubs", 0x2663 }, { "cong", 0x2245 },
	{ "copy", 0xa9 }, { "crarr", 0x21b5 }, { "cup", 0x222a },
	{ "curren", 0xa4 }, { "dArr", 0x21d3 }, { "dagger", 0x2020 },
	{ "darr", 0x2193 }, { "deg", 0xb0 }, { "delta", 0x3b4 },
	{ "diams", 0x2666 }, { "divide", 0xf7 }, { "eacute", 0xe9 },
	{ "ecirc", 0xea }, { "egrave", 0xe8 }, { "empty", 0x2205 },
	{ "emsp", 0x2003 }, { "ensp", 0x2002 }, { "epsilon", 0x3b5 },
	{ "equiv", 0x2261 }, { "eta", 0x3b7 }, { "eth", 0xf0 }, { "euml", 0xeb },
	{ "euro", 0x20ac }, { "exist", 0x2203 }, { "fnof", 0x192 },
	{ "forall", 0x2200 }, { "frac12", 0xbd }, { "frac14", 0xbc },
	{ "frac34", 0xbe }, { "frasl", 0x2044 }, { "gamma", 0x3b3 },
	{ "ge", 0x2265 }, { "gt", 0x3e }, { "hArr", 0x21d4 }, { "harr", 0x2194 },
	{ "hearts", 0x2665 }, { "hellip", 0x2026 }, { "iacute", 0xed },
	{ "icirc", 0xee }, { "iexcl", 0xa1 }, { "igrave", 0xec },
	{ "image", 0x2111 }, { "infin", 0x221e }, { "int", 0x222b },
	{ "iota", 0x3b9 }, { "iquest", 0xbf }, { "isin", 0x2208 }, { "iuml", 0xef },
	{ "kappa", 0x3ba }, { "lArr", 0x21d0 }, { "lambda", 0x3bb },
	{ "lang", 0x2329 }, { "laquo", 0xab }, { "larr", 0x2190 },
	{ "lceil", 0x2308 }, { "ldquo", 0x201c }, { "le", 0x2264 },
	{ "lfloor", 0x230a }, { "lowast", 0x2217 }, { "loz", 0x25ca },
	{ "lrm", 0x200e }, { "lsaquo", 0x2039 }, { "lsquo", 0x2018 },
	{ "lt", 0x3c }, { "macr", 0xaf }, { "mdash", 0x2014 }, { "micro", 0xb5 },
	{ "middot", 0xb7 }, { "minus", 0x2212 }, { "mu", 0x3bc },
	{ "nabla", 0x2207 }, { "nbsp", 0xa0 }, { "ndash", 0x2013 },
	{ "ne", 0x2260 }, { "ni", 0x220b }, { "not", 0xac }, { "notin", 0x2209 },
	{ "nsub", 0x2284 }, { "ntilde", 0xf1 }, { "nu", 0x3bd }, { "oacute", 0xf3 },
	{ "ocirc", 0xf4 }, { "oelig", 0x153 }, { "ograve", 0xf2 },
	{ "oline", 0x203e }, { "omega", 0x3c9 }, { "omicron", 0x3bf },
	{ "oplus", 0x2295 }, { "or", 0x2228 }, { "ordf", 0xaa }, { "ordm", 0xba },
	{ "oslash", 0xf8 }, { "otilde", 0xf5 }, { "otimes", 0x2297 },
	{ "ouml", 0xf6 }, { "para", 0xb6 }, { "part", 0x2202 },
	{ "permil", 0x2030 }, { "perp", 0x22a5 }, { "phi", 0x3c6 }, { "pi", 0x3c0 },
	{ "piv", 0x3d6 }, { "plusmn", 0xb1 }, { "pound", 0xa3 },
	{ "prime", 0x2032 }, { "prod", 0x220f }, { "prop", 0x221d },
	{ "psi", 0x3c8 }, { "quot", 0x22 }, { "rArr", 0x21d2 }, { "radic", 0x221a },
	{ "rang", 0x232a }, { "raquo", 0xbb }, { "rarr", 0x2192 },
	{ "rceil", 0x2309 }, { "rdquo", 0x201d }, { "real", 0x211c },
	{ "reg", 0xae }, { "rfloor", 0x230b }, { "rho", 0x3c1 }, { "rlm", 0x200f },
	{ "rsaquo", 0x203a }, { "rsquo", 0x2019 }, { "sbquo", 0x201a },
	{ "scaron", 0x161 }, { "sdot", 0x22c5 }, { "sect", 0xa7 }, { "shy", 0xad },
	{ "sigma", 0x3c3 }, { "sigmaf", 0x3c2 }, { "sim", 0x223c },
	{ "spades", 0x2660 }, { "sub", 0x2282 }, { "sube", 0x2286 },
	{ "sum", 0x2211 }, { "sup", 0x2283 }, { "sup1", 0xb9 }, { "sup2", 0xb2 },
	{ "sup3", 0xb3 }, { "supe", 0x2287 }, { "szlig", 0xdf }, { "tau", 0x3c4 },
	{ "there4", 0x2234 }, { "theta", 0x3b8 }, { "thetasym", 0x3d1 },
	{ "thinsp", 0x2009 }, { "thorn", 0xfe }, { "tilde", 0x2dc },
	{ "times", 0xd7 }, { "trade", 0x2122 }, { "uArr", 0x21d1 },
	{ "uacute", 0xfa }, { "uarr", 0x2191 }, { "ucirc", 0xfb },
	{ "ugrave", 0xf9 }, { "uml", 0xa8 }, { "upsih", 0x3d2 },
	{ "upsilon", 0x3c5 }, { "uuml", 0xfc }, { "weierp", 0x2118 },
	{ "xi", 0x3be }, { "yacute", 0xfd }, { "yen", 0xa5 }, { "yuml", 0xff },
	{ "zeta", 0x3b6 }, { "zwj", 0x200d }, { "zwnj", 0x200c },
};

/* What &#128; .. &#159; mean in practice (as HTML5 says: windows-1252). */
static const uint16_t cp1252_c1[32] = {
	0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021,
	0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
	0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
	0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178
};

/* Tags after which a browser starts a new line or cell: a word break. */
static const char *const block_tags[] = {
	"address", "article", "aside", "blockquote", "body", "br", "caption",
	"center", "dd", "div", "dl", "dt", "fieldset", "footer", "form",
	"h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html",
	"iframe", "img", "input", "li", "main", "nav", "ol", "option", "p",
	"pre", "section", "select", "table", "tbody", "td", "textarea",
	"tfoot", "th", "thead", "title", "tr", "ul"
};

static int
cmp_entity(const void *k, const void *e)
{
	return strcmp(k, ((const struct entity *)e)->name);
}

static int
cmp_str(const void *k, const void *e)
{
	return strcmp(k, *(const char *const *)e);
}

static void
html_cp(struct canon *c, uint32_t cp)
{
	fin_flush_u8(c);
	if (cp != 0)
		fin_cp(c, cp);
}

/* &#NNN; or &#xHH;: 0 if not a number. */
static int
ent_numeric(const char *s, uint32_t *cpp)
{
	uint32_t cp = 0;
	int base = 10, d, any = 0;

	if (*s == 'x' || *s == 'X') {
		base = 16;
		s++;
	}
	for (; *s != '\0'; s++) {
		if (*s >= '0' && *s <= '9')
			d = *s - '0';
		else if (base == 16 && *s >= 'a' && *s <= 'f')
			d = *s - 'a' + 10;
		else if (base == 16 && *s >= 'A' && *s <= 'F')
			d = *s - 'A' + 10;
		else
			return 0;
		if (cp <= 0x10ffff)
			cp = cp * base + d;
		any = 1;
	}
	if (!any)
		return 0;
	if (cp >= 0x80 && cp < 0xa0)
		cp = cp1252_c1[cp - 0x80];
	else if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		cp = 0xfffd;
	*cpp = cp;
	return 1;
}

/* The entity in ebuf ended (with ';' if semi): decode it or keep it. */
static void
ent_resolve(struct canon *c, int semi)
{
	const struct entity *e;
	uint32_t cp;

	c->ebuf[c->elen] = '\0';
	if (c->ebuf[0] == '#') {
		if (ent_numeric(c->ebuf + 1, &cp)) {
			html_cp(c, cp);
			return;
		}
	} else if ((e = bsearch(c->ebuf, entities,
	    sizeof(entities) / sizeof(entities[0]), sizeof(entities[0]),
	    cmp_entity)) != NULL) {
		html_cp(c, e->cp);
		return;
	}
	fin_bytes(c, (const unsigned char *)"&", 1);
	fin_bytes(c, (const unsigned char *)c->ebuf, c->elen);
	if (semi)
		fin_bytes(c, (const unsigned char *)";", 1);
}

static void
tag_named(struct canon *c)
{
	c->tname[c->tnlen] = '\0';
	c->traw = 0;
	if (!c->tend && strcmp(c->tname, "style") == 0)
		c->traw = 1;
	else if (!c->tend && strcmp(c->tname, "script") == 0)
		c->traw = 2;
	if (bsearch(c->tname, block_tags,
	    sizeof(block_tags) / sizeof(block_tags[0]), sizeof(block_tags[0]),
	    cmp_str) != NULL)
		fin_space(c);
}

static void
tag_close(struct canon *c)
{
	c->hts = H_TEXT;
	if (!c->tend && c->traw) {
		c->hts = H_RAW;
		c->rawkind = c->traw;
		c->rmatch = 0;
	}
}

static int
is_html_space(unsigned char b)
{
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f';
}

static void
html_byte(struct canon *c, unsigned char b)
{
	const char *pat;
	size_t plen;

again:
	switch (c->hts) {
	case H_TEXT:
		if (b == '<')
			c->hts = H_LT;
		else if (b == '&') {
			c->hts = H_ENT;
			c->elen = 0;
		} else
			fin_bytes(c, &b, 1);
		break;
	case H_LT:
		if (isalpha(b)) {
			c->tend = 0;
			c->tnlen = 0;
			c->hts = H_TNAME;
			goto again;
		}
		if (b == '/')
			c->hts = H_LTSL;
		else if (b == '!')
			c->hts = H_BANG;
		else if (b == '?')
			c->hts = H_DECL;
		else {
			/* "a < b": not a tag */
			fin_bytes(c, (const unsigned char *)"<", 1);
			c->hts = H_TEXT;
			goto again;
		}
		break;
	case H_LTSL:
		if (isalpha(b)) {
			c->tend = 1;
			c->tnlen = 0;
			c->hts = H_TNAME;
			goto again;
		}
		c->hts = b == '>' ? H_TEXT : H_DECL;
		break;
	case H_TNAME:
		if (isalnum(b)) {
			if (c->tnlen < TNAME_MAX)
				c->tname[c->tnlen++] = tolower(b);
			else	/* too long to be one we know */
				c->tname[0] = '?';
			break;
		}
		tag_named(c);
		c->hts = H_ATTR;
		goto again;
	case H_ATTR:
		if (b == '>')
			tag_close(c);
		else if (b == '=')
			c->hts = H_AVAL;
		break;
	case H_AVAL:
		if (is_html_space(b))
			break;
		if (b == '"')
			c->hts = H_DQ;
		else if (b == '\'')
			c->hts = H_SQ;
		else {
			c->hts = H_ATTR;
			goto again;
		}
		break;
	case H_DQ:
		if (b == '"')
			c->hts = H_ATTR;
		break;
	case H_SQ:
		if (b == '\'')
			c->hts = H_ATTR;
		break;
	case H_BANG:
		c->hts = H_DECL;
		if (b == '-')
			c->hts = H_BANGD;
		else
			goto again;
		break;
	case H_BANGD:
		if (b == '-') {
			/* 2 dashes already: "<!-->" is a whole comment */
			c->hts = H_COMMENT;
			c->cdash = 2;
		} else {
			c->hts = H_DECL;
			goto again;
		}
		break;
	case H_COMMENT:
		if (b == '-') {
			if (c->cdash < 2)
				c->cdash++;
		} else if (b == '>' && c->cdash >= 2)
			c->hts = H_TEXT;
		else
			c->cdash = 0;
		break;
	case H_DECL:
		if (b == '>')
			c->hts = H_TEXT;
		break;
	case H_RAW:
		pat = c->rawkind == 1 ? "</style" : "</script";
		plen = strlen(pat);
		if (c->rmatch == plen) {
			if (is_html_space(b) || b == '/' || b == '>') {
				c->tend = 1;
				c->traw = 0;
				c->hts = H_ATTR;
				fin_space(c);
				goto again;
			}
			c->rmatch = 0;
		}
		if (tolower(b) == pat[c->rmatch])
			c->rmatch++;
		else
			c->rmatch = b == '<';
		break;
	case H_ENT:
		if (isalnum(b) || (b == '#' && c->elen == 0)) {
			if (c->elen < ENT_MAX) {
				c->ebuf[c->elen++] = b;
				break;
			}
			ent_resolve(c, 0);	/* too long: kept as is */
			c->hts = H_TEXT;
			goto again;
		}
		c->hts = H_TEXT;
		if (b == ';') {
			ent_resolve(c, 1);
			break;
		}
		ent_resolve(c, 0);
		goto again;
	}
}

static void
html_bytes(struct canon *c, const unsigned char *p, size_t n)
{
	size_t i, run;

	for (i = 0; i < n; i++) {
		if (c->hts == H_TEXT) {
			/* plain text runs go through in one piece */
			for (run = i; run < n && p[run] != '<' && p[run] != '&';
			    run++)
				;
			if (run > i) {
				fin_bytes(c, p + i, run - i);
				i = run;
				if (i == n)
					break;
			}
		}
		html_byte(c, p[i]);
	}
}

/* End of an HTML part: what is pending is text, or dropped. */
static void
html_end(struct canon *c)
{
	if (c->hts == H_ENT)
		ent_resolve(c, 0);
	else if (c->hts == H_LT)
		fin_bytes(c, (const unsigned char *)"<", 1);
	c->hts = H_TEXT;
}

static void
text_bytes(struct canon *c, const unsigned char *p, size_t n)
{
	if (c->html)
		html_bytes(c, p, n);
	else
		fin_bytes(c, p, n);
}

/* ------------------------------------------------------------ charsets */

/*
 * The charsets converted, and the labels that name them. The table is
 * the WHATWG Encoding Standard's, which is what browsers and mail
 * clients decode: a label outside it is shown as bytes by them and
 * passed through here (CANON_F_CHARSET). Labels are mapped to the
 * superset mail really uses (GB2312 mail is GBK, ISO-8859-1 mail is
 * windows-1252, Shift_JIS is CP932, EUC-KR is CP949), so a message
 * decodes the same whatever its label. Two choices differ from WHATWG:
 * us-ascii is taken as UTF-8 (mislabelled UTF-8 is common, and ASCII is
 * the same either way), and UTF-7 and UTF-32 are decoded (mail clients
 * do). The stateful charsets WHATWG replaces outright for safety
 * (ISO-2022-KR, ISO-2022-CN, ISO-2022-CN-EXT, HZ) pass through: glibc's
 * ISO-2022-CN-EXT decoder crashes on input a sender can choose.
 *
 * Only these converters are ever opened, at most one descriptor each
 * per canonicaliser, opened on first use and kept: a message with parts
 * in many charsets costs no more than one in a single charset.
 */
static const char *const cs_iconv[] = {
	"IBM866", "ISO-8859-2", "ISO-8859-3", "ISO-8859-4", "ISO-8859-5",
	"ISO-8859-6", "ISO-8859-7", "ISO-8859-8", "ISO-8859-10",
	"ISO-8859-13", "ISO-8859-14", "ISO-8859-15", "ISO-8859-16",
	"KOI8-R", "KOI8-U", "MACINTOSH", "MAC-CYRILLIC", "CP874",
	"WINDOWS-1250", "WINDOWS-1251", "WINDOWS-1252", "WINDOWS-1253",
	"WINDOWS-1254", "WINDOWS-1255", "WINDOWS-1256", "WINDOWS-1257",
	"WINDOWS-1258", "GB18030", "BIG5-HKSCS", "EUC-JP", "ISO-2022-JP",
	"ISO-2022-JP-2", "CP932", "CP949", "UTF-16BE", "UTF-16LE", "UTF-16",
	"UTF-32BE", "UTF-32LE", "UTF-32", "UTF-7"
};

/* cs_label.to: an index into cs_iconv, or one of these */
_Static_assert(sizeof(cs_iconv) / sizeof(cs_iconv[0]) == CS_NCONV,
    "CS_NCONV is the number of converters");

#define CS_UTF8		-1	/* no conversion */
#define CS_OPAQUE	-2	/* known, not converted: bytes pass through */
#define CS_UNKNOWN	-3	/* not in the table: bytes pass through */

struct cs_label {
	const char	*name;		/* lower case, sorted for bsearch */
	int		 to;
};

static const struct cs_label cs_labels[] = {
	{ "", CS_UTF8 }, { "866", 0 }, { "ansi_x3.4-1968", CS_UTF8 },
	{ "arabic", 5 }, { "ascii", CS_UTF8 }, { "asmo-708", 5 },
	{ "big5", 28 }, { "big5-hkscs", 28 }, { "chinese", 27 },
	{ "cn-big5", 28 }, { "cp1250", 18 }, { "cp1251", 19 },
	{ "cp1252", 20 }, { "cp1253", 21 }, { "cp1254", 22 },
	{ "cp1255", 23 }, { "cp1256", 24 }, { "cp1257", 25 },
	{ "cp1258", 26 }, { "cp819", 20 }, { "cp866", 0 }, { "cp874", 17 },
	{ "cp932", 32 }, { "cp936", 27 }, { "cp949", 33 }, { "csbig5", 28 },
	{ "cseuckr", 33 }, { "cseucpkdfmtjapanese", 29 }, { "csgb2312", 27 },
	{ "csibm866", 0 }, { "csiso2022jp", 30 }, { "csiso2022kr", CS_OPAQUE },
	{ "csiso58gb231280", 27 }, { "csiso88596e", 5 },
	{ "csiso88596i", 5 }, { "csiso88598e", 7 }, { "csiso88598i", 7 },
	{ "csisolatin1", 20 }, { "csisolatin2", 1 }, { "csisolatin3", 2 },
	{ "csisolatin4", 3 }, { "csisolatin5", 22 }, { "csisolatin6", 8 },
	{ "csisolatin9", 11 }, { "csisolatinarabic", 5 },
	{ "csisolatincyrillic", 4 }, { "csisolatingreek", 6 },
	{ "csisolatinhebrew", 7 }, { "cskoi8r", 13 }, { "csksc56011987", 33 },
	{ "csmacintosh", 15 }, { "csshiftjis", 32 }, { "csunicode", 35 },
	{ "cyrillic", 4 }, { "default", CS_OPAQUE }, { "dos-874", 17 },
	{ "ecma-114", 5 }, { "ecma-118", 6 }, { "elot_928", 6 },
	{ "euc-cn", 27 }, { "euc-jp", 29 }, { "euc-kr", 33 },
	{ "gb18030", 27 }, { "gb2312", 27 }, { "gb_2312", 27 },
	{ "gb_2312-80", 27 }, { "gbk", 27 }, { "greek", 6 }, { "greek8", 6 },
	{ "hebrew", 7 }, { "hz-gb-2312", CS_OPAQUE }, { "ibm819", 20 },
	{ "ibm866", 0 }, { "iso-10646-ucs-2", 35 }, { "iso-2022-cn", CS_OPAQUE },
	{ "iso-2022-cn-ext", CS_OPAQUE }, { "iso-2022-jp", 30 },
	{ "iso-2022-jp-1", 31 }, { "iso-2022-jp-2", 31 },
	{ "iso-2022-kr", CS_OPAQUE }, { "iso-8859-1", 20 },
	{ "iso-8859-10", 8 }, { "iso-8859-11", 17 }, { "iso-8859-13", 9 },
	{ "iso-8859-14", 10 }, { "iso-8859-15", 11 }, { "iso-8859-16", 12 },
	{ "iso-8859-2", 1 }, { "iso-8859-3", 2 }, { "iso-8859-4", 3 },
	{ "iso-8859-5", 4 }, { "iso-8859-6", 5 }, { "iso-8859-6-e", 5 },
	{ "iso-8859-6-i", 5 }, { "iso-8859-7", 6 }, { "iso-8859-8", 7 },
	{ "iso-8859-8-e", 7 }, { "iso-8859-8-i", 7 }, { "iso-8859-9", 22 },
	{ "iso-ir-100", 20 }, { "iso-ir-101", 1 }, { "iso-ir-109", 2 },
	{ "iso-ir-110", 3 }, { "iso-ir-126", 6 }, { "iso-ir-127", 5 },
	{ "iso-ir-138", 7 }, { "iso-ir-144", 4 }, { "iso-ir-148", 22 },
	{ "iso-ir-149", 33 }, { "iso-ir-157", 8 }, { "iso-ir-58", 27 },
	{ "iso8859-1", 20 }, { "iso8859-10", 8 }, { "iso8859-11", 17 },
	{ "iso8859-13", 9 }, { "iso8859-14", 10 }, { "iso8859-15", 11 },
	{ "iso8859-2", 1 }, { "iso8859-3", 2 }, { "iso8859-4", 3 },
	{ "iso8859-5", 4 }, { "iso8859-6", 5 }, { "iso8859-7", 6 },
	{ "iso8859-8", 7 }, { "iso8859-9", 22 }, { "iso88591", 20 },
	{ "iso885910", 8 }, { "iso885911", 17 }, { "iso885913", 9 },
	{ "iso885914", 10 }, { "iso885915", 11 }, { "iso88592", 1 },
	{ "iso88593", 2 }, { "iso88594", 3 }, { "iso88595", 4 },
	{ "iso88596", 5 }, { "iso88597", 6 }, { "iso88598", 7 },
	{ "iso88599", 22 }, { "iso_8859-1", 20 }, { "iso_8859-15", 11 },
	{ "iso_8859-1:1987", 20 }, { "iso_8859-2", 1 },
	{ "iso_8859-2:1987", 1 }, { "iso_8859-3", 2 }, { "iso_8859-3:1988", 2 },
	{ "iso_8859-4", 3 }, { "iso_8859-4:1988", 3 }, { "iso_8859-5", 4 },
	{ "iso_8859-5:1988", 4 }, { "iso_8859-6", 5 }, { "iso_8859-6:1987", 5 },
	{ "iso_8859-7", 6 }, { "iso_8859-7:1987", 6 }, { "iso_8859-8", 7 },
	{ "iso_8859-8:1988", 7 }, { "iso_8859-9", 22 },
	{ "iso_8859-9:1989", 22 }, { "koi", 13 }, { "koi8", 13 },
	{ "koi8-r", 13 }, { "koi8-ru", 14 }, { "koi8-u", 14 }, { "koi8_r", 13 },
	{ "korean", 33 }, { "ks_c_5601", 33 }, { "ks_c_5601-1987", 33 },
	{ "ks_c_5601-1989", 33 }, { "ksc5601", 33 }, { "ksc_5601", 33 },
	{ "l1", 20 }, { "l2", 1 }, { "l3", 2 }, { "l4", 3 }, { "l5", 22 },
	{ "l6", 8 }, { "l9", 11 }, { "latin1", 20 }, { "latin2", 1 },
	{ "latin3", 2 }, { "latin4", 3 }, { "latin5", 22 }, { "latin6", 8 },
	{ "logical", 7 }, { "mac", 15 }, { "macintosh", 15 }, { "ms932", 32 },
	{ "ms_kanji", 32 }, { "shift-jis", 32 }, { "shift_jis", 32 },
	{ "sjis", 32 }, { "sun_eu_greek", 6 }, { "tis-620", 17 },
	{ "ucs-2", 35 }, { "unicode", 35 }, { "unicode-1-1-utf-7", 40 },
	{ "unicode-1-1-utf-8", CS_UTF8 }, { "unicode11utf8", CS_UTF8 },
	{ "unicode20utf8", CS_UTF8 }, { "unicodefeff", 35 },
	{ "unicodefffe", 34 }, { "unknown", CS_OPAQUE },
	{ "unknown-8bit", CS_OPAQUE }, { "us-ascii", CS_UTF8 },
	{ "utf-16", 36 }, { "utf-16be", 34 }, { "utf-16le", 35 },
	{ "utf-32", 39 }, { "utf-32be", 37 }, { "utf-32le", 38 },
	{ "utf-7", 40 }, { "utf-8", CS_UTF8 }, { "utf8", CS_UTF8 },
	{ "visual", 7 }, { "windows-1250", 18 }, { "windows-1251", 19 },
	{ "windows-1252", 20 }, { "windows-1253", 21 }, { "windows-1254", 22 },
	{ "windows-1255", 23 }, { "windows-1256", 24 }, { "windows-1257", 25 },
	{ "windows-1258", 26 }, { "windows-31j", 32 }, { "windows-874", 17 },
	{ "windows-949", 33 }, { "x-big5", 28 }, { "x-cp1250", 18 },
	{ "x-cp1251", 19 }, { "x-cp1252", 20 }, { "x-cp1253", 21 },
	{ "x-cp1254", 22 }, { "x-cp1255", 23 }, { "x-cp1256", 24 },
	{ "x-cp1257", 25 }, { "x-cp1258", 26 }, { "x-euc-jp", 29 },
	{ "x-gbk", 27 }, { "x-mac-cyrillic", 16 }, { "x-mac-roman", 15 },
	{ "x-mac-ukrainian", 16 }, { "x-sjis", 32 }, { "x-unicode20utf8", CS_UTF8 },
	{ "x-unknown", CS_OPAQUE }, { "x-user-defined", CS_OPAQUE },
	{ "x-x-big5", 28 }
};

/* bsearch comparison of a label with a table entry. */
static int
cs_cmp(const void *k, const void *e)
{
	return strcmp(k, ((const struct cs_label *)e)->name);
}

/* What charset label cs (lower case) converts to: CS_* or a cs_iconv index. */
static int
cs_lookup(const char *cs)
{
	const struct cs_label *l;

	l = bsearch(cs, cs_labels, sizeof(cs_labels) / sizeof(cs_labels[0]),
	    sizeof(cs_labels[0]), cs_cmp);
	return l == NULL ? CS_UNKNOWN : l->to;
}

/* Select the conversion for a part in charset cs (lower case). */
static void
conv_open(struct canon *c, const char *cs)
{
	int to;

	c->cd = (iconv_t)-1;
	c->dlen = 0;
	to = cs_lookup(cs);
	if (to == CS_UTF8)
		return;
	if (to < 0) {
		c->flags |= CANON_F_CHARSET;
		return;
	}
	if (c->cs[to] == (iconv_t)-1 && !c->cs_failed[to]) {
		c->cs[to] = iconv_open("UTF-8", cs_iconv[to]);
		c->cs_failed[to] = c->cs[to] == (iconv_t)-1;
	}
	if (c->cs[to] == (iconv_t)-1) {
		c->flags |= CANON_F_CHARSET;
		return;
	}
	iconv(c->cs[to], NULL, NULL, NULL, NULL);	/* initial state */
	c->cd = c->cs[to];
}

/* Convert what is in dbuf; at the end of the part (final) flush all. */
static void
conv_run(struct canon *c, int final)
{
	char ubuf[4 * DBUF_MAX];
	char *in = (char *)c->dbuf, *o;
	size_t inleft = c->dlen, oleft, r;

	while (inleft > 0) {
		o = ubuf;
		oleft = sizeof(ubuf);
		r = iconv(c->cd, &in, &inleft, &o, &oleft);
		if (o > ubuf)
			text_bytes(c, (unsigned char *)ubuf, o - ubuf);
		if (r != (size_t)-1)
			break;
		if (errno == E2BIG && o > ubuf)
			continue;
		if (errno == EINVAL && !final && inleft < 16)
			break;	/* a character split across calls */
		/*
		 * Invalid, truncated at the end, or an error reported after
		 * the input was consumed (glibc does that for a stateful
		 * charset cut inside a shift sequence): skip a byte, if one
		 * is left, and start the converter afresh.
		 */
		c->flags |= CANON_F_BADENCODING;
		iconv(c->cd, NULL, NULL, NULL, NULL);
		if (inleft == 0)
			break;
		in++;
		inleft--;
	}
	memmove(c->dbuf, in, inleft);
	c->dlen = inleft;
	if (final) {
		o = ubuf;
		oleft = sizeof(ubuf);
		iconv(c->cd, NULL, NULL, &o, &oleft);	/* stateful ones */
		if (o > ubuf)
			text_bytes(c, (unsigned char *)ubuf, o - ubuf);
		c->dlen = 0;
	}
}

/* Decoded bytes of a text part. */
static void
dec_out(struct canon *c, const unsigned char *p, size_t n)
{
	size_t k;

	if (c->cd == (iconv_t)-1) {
		text_bytes(c, p, n);
		return;
	}
	while (n > 0) {
		k = sizeof(c->dbuf) - c->dlen;
		if (k > n)
			k = n;
		memcpy(c->dbuf + c->dlen, p, k);
		c->dlen += k;
		p += k;
		n -= k;
		if (c->dlen == sizeof(c->dbuf))
			conv_run(c, 0);
	}
}

/* ------------------------------------------------------------ decoders */

static const signed char b64tab[256] = {
	['A'] = 1, ['B'] = 2, ['C'] = 3, ['D'] = 4, ['E'] = 5, ['F'] = 6,
	['G'] = 7, ['H'] = 8, ['I'] = 9, ['J'] = 10, ['K'] = 11, ['L'] = 12,
	['M'] = 13, ['N'] = 14, ['O'] = 15, ['P'] = 16, ['Q'] = 17,
	['R'] = 18, ['S'] = 19, ['T'] = 20, ['U'] = 21, ['V'] = 22,
	['W'] = 23, ['X'] = 24, ['Y'] = 25, ['Z'] = 26,
	['a'] = 27, ['b'] = 28, ['c'] = 29, ['d'] = 30, ['e'] = 31,
	['f'] = 32, ['g'] = 33, ['h'] = 34, ['i'] = 35, ['j'] = 36,
	['k'] = 37, ['l'] = 38, ['m'] = 39, ['n'] = 40, ['o'] = 41,
	['p'] = 42, ['q'] = 43, ['r'] = 44, ['s'] = 45, ['t'] = 46,
	['u'] = 47, ['v'] = 48, ['w'] = 49, ['x'] = 50, ['y'] = 51,
	['z'] = 52, ['0'] = 53, ['1'] = 54, ['2'] = 55, ['3'] = 56,
	['4'] = 57, ['5'] = 58, ['6'] = 59, ['7'] = 60, ['8'] = 61,
	['9'] = 62, ['+'] = 63, ['/'] = 64,
	/* value + 1 above; these are not data */
	['='] = -1, [' '] = -2, ['\t'] = -2, ['\n'] = -2, ['\r'] = -2
};

/* The end of a base64 quantum ('=' or the end of the part). */
static size_t
b64_flush(struct canon *c, unsigned char *o)
{
	size_t k = 0;

	if (c->b64n == 2)
		o[k++] = c->b64v >> 4;
	else if (c->b64n == 3) {
		o[k++] = c->b64v >> 10;
		o[k++] = c->b64v >> 2;
	} else if (c->b64n == 1)
		c->flags |= CANON_F_BADENCODING;
	c->b64v = 0;
	c->b64n = 0;
	return k;
}

static void
b64_bytes(struct canon *c, const unsigned char *p, size_t n)
{
	unsigned char o[1024];
	size_t k = 0, i;
	int d;

	for (i = 0; i < n; i++) {
		d = b64tab[p[i]];
		if (d > 0) {
			c->b64v = c->b64v << 6 | (d - 1);
			if (++c->b64n == 4) {
				o[k++] = c->b64v >> 16;
				o[k++] = c->b64v >> 8;
				o[k++] = c->b64v;
				c->b64v = 0;
				c->b64n = 0;
			}
		} else if (d == -1)
			k += b64_flush(c, o + k);
		else if (d == 0)
			c->flags |= CANON_F_BADENCODING;	/* skipped */
		if (k > sizeof(o) - 4) {
			dec_out(c, o, k);
			k = 0;
		}
	}
	dec_out(c, o, k);
}

static int
hexval(unsigned char b)
{
	if (b >= '0' && b <= '9')
		return b - '0';
	if (b >= 'A' && b <= 'F')
		return b - 'A' + 10;
	if (b >= 'a' && b <= 'f')
		return b - 'a' + 10;
	return -1;
}

static void
qp_bytes(struct canon *c, const unsigned char *p, size_t n)
{
	unsigned char o[1024];
	size_t k = 0, i;
	unsigned char b;

	for (i = 0; i < n; i++) {
		b = p[i];
		if (k > sizeof(o) - 4) {
			dec_out(c, o, k);
			k = 0;
		}
		switch (c->qs) {
		case Q_NORM:
			if (b == '=')
				c->qs = Q_EQ;
			else
				o[k++] = b;
			continue;
		case Q_EQ:
			if (b == '\n') {	/* soft line break */
				c->qs = Q_NORM;
				continue;
			}
			if (hexval(b) >= 0) {
				c->qh = b;
				c->qs = Q_EQ1;
				continue;
			}
			if (b == ' ' || b == '\t') {
				c->qs = Q_EQWS;
				continue;
			}
			o[k++] = '=';
			break;
		case Q_EQ1:
			if (hexval(b) >= 0) {
				o[k++] = hexval(c->qh) << 4 | hexval(b);
				c->qs = Q_NORM;
				continue;
			}
			o[k++] = '=';
			o[k++] = c->qh;
			break;
		case Q_EQWS:
			if (b == ' ' || b == '\t')
				continue;
			if (b == '\n') {	/* soft break, padded */
				c->qs = Q_NORM;
				continue;
			}
			o[k++] = '=';
			break;
		}
		/* a bad escape: kept literally, b looked at again */
		c->flags |= CANON_F_BADENCODING;
		c->qs = Q_NORM;
		i--;
	}
	dec_out(c, o, k);
}

static void
qp_end(struct canon *c)
{
	unsigned char o[2];
	size_t k = 0;

	if (c->qs == Q_EQ || c->qs == Q_EQ1) {
		c->flags |= CANON_F_BADENCODING;
		o[k++] = '=';
		if (c->qs == Q_EQ1)
			o[k++] = c->qh;
		dec_out(c, o, k);
	}
	c->qs = Q_NORM;
}

/*
 * Is the start of a part declared base64 really base64? Real mail has
 * plain text under that label; mail clients show it as it stands. A
 * blank inside a line says it is not (text has them, base64 never), and
 * so do bytes outside the alphabet when they are over a quarter of the
 * rest; fewer are noise in base64, skipped by the decoder.
 */
static int
probe_is_b64(const unsigned char *p, size_t n)
{
	size_t i, bad = 0, all = 0;
	int blank = 0;

	for (i = 0; i < n; i++) {
		if (p[i] == ' ' || p[i] == '\t') {
			blank = 1;
			continue;
		}
		if (p[i] == '\n' || p[i] == '\r') {
			blank = 0;
			continue;
		}
		if (blank && all > 0)
			return 0;
		blank = 0;
		all++;
		if (b64tab[p[i]] == 0)
			bad++;
	}
	return bad * 4 <= all;
}

/* The first line of a base64 part is in: decode it, or take the part as 8bit. */
static void
probe_decide(struct canon *c)
{
	c->b64probe = 0;
	if (probe_is_b64(c->pbuf, c->plen))
		b64_bytes(c, c->pbuf, c->plen);
	else {
		c->flags |= CANON_F_BADENCODING;
		c->enc = ENC_ID;
		dec_out(c, c->pbuf, c->plen);
	}
	c->plen = 0;
}

/* Hold a base64 part's bytes until its first line with content is in. */
static size_t
probe_bytes(struct canon *c, const unsigned char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n && c->b64probe; i++) {
		c->pbuf[c->plen++] = p[i];
		if (p[i] != '\n' && p[i] != '\r' && p[i] != ' ' && p[i] != '\t')
			c->pseen = 1;
		if ((p[i] == '\n' && c->pseen) || c->plen == sizeof(c->pbuf))
			probe_decide(c);
	}
	return i;
}

/* Body bytes of a text part, through its transfer decoder. */
static void
dec_bytes(struct canon *c, const unsigned char *p, size_t n)
{
	size_t k;

	if (c->b64probe) {
		k = probe_bytes(c, p, n);
		p += k;
		n -= k;
	}
	switch (c->enc) {
	case ENC_ID:
		dec_out(c, p, n);
		break;
	case ENC_B64:
		b64_bytes(c, p, n);
		break;
	case ENC_QP:
		qp_bytes(c, p, n);
		break;
	}
}

/* ------------------------------------------------------------ headers */

static void
pi_init(struct canon *c, enum ptype type)
{
	memset(&c->pi, 0, sizeof(c->pi));
	c->pi.type = type;
	c->pi.enc = ENC_ID;
}

static int
is_lws(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n';
}

/* Skip white space and RFC 5322 comments. */
static void
skip_cfws(const char *s, size_t n, size_t *ip)
{
	size_t i = *ip;
	int level;

	for (;;) {
		while (i < n && is_lws(s[i]))
			i++;
		if (i >= n || s[i] != '(')
			break;
		for (level = 0; i < n; i++) {
			if (s[i] == '\\' && i + 1 < n)
				i++;
			else if (s[i] == '(')
				level++;
			else if (s[i] == ')' && --level == 0) {
				i++;
				break;
			}
		}
	}
	*ip = i;
}

/* A token up to a delimiter, lower-cased into dst (truncated). */
static size_t
get_token(const char *s, size_t n, size_t *ip, const char *delims,
    char *dst, size_t dstsize)
{
	size_t i = *ip, k = 0;

	while (i < n && !is_lws(s[i]) && strchr(delims, s[i]) == NULL) {
		if (k + 1 < dstsize)
			dst[k++] = tolower((unsigned char)s[i]);
		i++;
	}
	dst[k] = '\0';
	*ip = i;
	return k;
}

/* A parameter value, token or quoted string; sets *over if it did not fit. */
static size_t
get_value(const char *s, size_t n, size_t *ip, char *dst, size_t dstsize,
    int *over)
{
	size_t i = *ip, k = 0;

	*over = 0;
	if (i < n && s[i] == '"') {
		for (i++; i < n && s[i] != '"'; i++) {
			if (s[i] == '\\' && i + 1 < n)
				i++;
			if (s[i] == '\r' || s[i] == '\n')
				continue;	/* folding */
			if (k + 1 < dstsize)
				dst[k++] = s[i];
			else
				*over = 1;
		}
		if (i < n)
			i++;
	} else {
		for (; i < n && !is_lws(s[i]) && s[i] != ';'; i++) {
			if (k + 1 < dstsize)
				dst[k++] = s[i];
			else
				*over = 1;
		}
	}
	dst[k] = '\0';
	*ip = i;
	return k;
}

/*
 * An RFC 2231 parameter name: "name", "name*" (extended), "name*N" (a
 * section) or "name*N*". Cuts attr at the first '*'; *sec is -1 for no
 * section, *ext whether the value is extended (charset'lang'%XX).
 */
static void
rfc2231_name(char *attr, int *sec, int *ext)
{
	char *star, *p;
	long n;

	*sec = -1;
	*ext = 0;
	if ((star = strchr(attr, '*')) == NULL)
		return;
	*star = '\0';
	p = star + 1;
	if (!isdigit((unsigned char)*p)) {	/* "name*" */
		*ext = 1;
		if (*p != '\0')
			*sec = -2;
		return;
	}
	for (n = 0; isdigit((unsigned char)*p) && n < 1000; p++)
		n = n * 10 + (*p - '0');
	*sec = (int)n;
	if (*p == '*') {
		*ext = 1;
		p++;
	}
	if (*p != '\0')
		*sec = -2;	/* not of the form: ignored */
}

/*
 * Decode an extended value in place: drop "charset'lang'" when first
 * (the first section, or no section), then %XX escapes.
 */
static size_t
rfc2231_value(char *v, size_t len, int first)
{
	char *q;
	size_t i = 0, k = 0;
	int hi, lo;

	if (first && (q = memchr(v, '\'', len)) != NULL &&
	    (q = memchr(q + 1, '\'', len - (size_t)(q + 1 - v))) != NULL)
		i = (size_t)(q + 1 - v);
	while (i < len) {
		if (v[i] == '%' && i + 2 < len &&
		    (hi = hexval((unsigned char)v[i + 1])) >= 0 &&
		    (lo = hexval((unsigned char)v[i + 2])) >= 0) {
			v[k++] = (char)(hi << 4 | lo);
			i += 3;
		} else
			v[k++] = v[i++];
	}
	v[k] = '\0';
	return k;
}

/* Sections of an RFC 2231 boundary, kept until the header is read. */
#define BND_SECS	8
struct bnd_secs {
	int		 n;		/* sections seen */
	size_t		 len[BND_SECS];	/* by section number; 0: missing */
	char		 v[BND_SECS][BND_MAX + 1];
};

/* Join sections 0.. into the part's boundary; missing ones are broken. */
static void
bnd_join(struct canon *c, struct bnd_secs *bs)
{
	struct part_info *pi = &c->pi;
	size_t k = 0;
	int i;

	for (i = 0; i < BND_SECS && bs->len[i] > 0; i++) {
		if (k + bs->len[i] > BND_MAX) {
			c->flags |= CANON_F_BADMIME;
			return;
		}
		memcpy(pi->bnd + k, bs->v[i], bs->len[i]);
		k += bs->len[i];
	}
	for (; i < BND_SECS; i++)
		if (bs->len[i] > 0) {	/* a gap */
			c->flags |= CANON_F_BADMIME;
			return;
		}
	pi->bnd[k] = '\0';
	pi->bndlen = k;
}

/* The charset parameter's value, lower-cased; too long is unknown. */
static void
set_charset(struct part_info *pi, const char *val, int over)
{
	size_t k;

	for (k = 0; val[k] != '\0' && k < sizeof(pi->charset) - 1; k++)
		pi->charset[k] = tolower((unsigned char)val[k]);
	pi->charset[k] = '\0';
	if (over || val[k] != '\0')
		strcpy(pi->charset, "x-unknown");
}

static void
parse_ctype(struct canon *c, const char *s, size_t n)
{
	struct part_info *pi = &c->pi;
	char type[32], sub[32], attr[32], val[BND_MAX + 1];
	struct bnd_secs bs;
	size_t i = 0, vlen;
	int over, sec, ext;

	pi->have_ctype = 1;
	skip_cfws(s, n, &i);
	get_token(s, n, &i, "/;(", type, sizeof(type));
	skip_cfws(s, n, &i);
	if (i >= n || s[i] != '/') {
		/* RFC 2045 5.2: a broken Content-Type means text/plain */
		c->flags |= CANON_F_BADMIME;
		pi->type = PT_PLAIN;
		return;
	}
	i++;
	skip_cfws(s, n, &i);
	get_token(s, n, &i, ";(", sub, sizeof(sub));
	if (strcmp(type, "text") == 0 && strcmp(sub, "plain") == 0)
		pi->type = PT_PLAIN;
	else if (strcmp(type, "text") == 0 && strcmp(sub, "html") == 0)
		pi->type = PT_HTML;
	else if (strcmp(type, "multipart") == 0) {
		pi->type = PT_MULTI;
		pi->digest = strcmp(sub, "digest") == 0;
	} else if (strcmp(type, "message") == 0 &&
	    (strcmp(sub, "rfc822") == 0 || strcmp(sub, "global") == 0))
		pi->type = PT_MSG;
	else
		pi->type = PT_OTHER;

	memset(&bs, 0, sizeof(bs));
	while (i < n) {
		skip_cfws(s, n, &i);
		if (i < n && s[i] == ';') {
			i++;
			continue;
		}
		if (get_token(s, n, &i, "=;(", attr, sizeof(attr)) == 0 &&
		    i < n && s[i] != '=') {
			i++;	/* junk */
			continue;
		}
		skip_cfws(s, n, &i);
		if (i >= n || s[i] != '=')
			continue;
		i++;
		skip_cfws(s, n, &i);
		vlen = get_value(s, n, &i, val, sizeof(val), &over);
		rfc2231_name(attr, &sec, &ext);
		if (sec < -1)
			continue;
		if (ext)
			vlen = rfc2231_value(val, vlen, sec <= 0);
		if (strcmp(attr, "boundary") == 0 && sec >= 0) {
			if (sec >= BND_SECS || over || vlen == 0)
				c->flags |= CANON_F_BADMIME;
			else if (bs.len[sec] == 0) {
				memcpy(bs.v[sec], val, vlen + 1);
				bs.len[sec] = vlen;
				bs.n++;
			}
		} else if (strcmp(attr, "boundary") == 0 && pi->bndlen == 0) {
			if (over || vlen == 0)
				c->flags |= CANON_F_BADMIME;
			else {
				memcpy(pi->bnd, val, vlen + 1);
				pi->bndlen = vlen;
			}
		} else if (strcmp(attr, "charset") == 0 && sec <= 0 &&
		    pi->charset[0] == '\0')
			set_charset(pi, val, over);
	}
	if (pi->bndlen == 0 && bs.n > 0)
		bnd_join(c, &bs);
}

static void
parse_cte(struct canon *c, const char *s, size_t n)
{
	char tok[32];
	size_t i = 0;

	c->pi.have_cte = 1;
	skip_cfws(s, n, &i);
	get_token(s, n, &i, ";(", tok, sizeof(tok));
	if (strcmp(tok, "base64") == 0)
		c->pi.enc = ENC_B64;
	else if (strcmp(tok, "quoted-printable") == 0)
		c->pi.enc = ENC_QP;
	else
		c->pi.enc = ENC_ID;	/* 7bit, 8bit, binary and the unknown */
}

static enum hkind
hdr_kind(const struct canon *c, const char *name)
{
	if (strcasecmp(name, "content-type") == 0 && !c->pi.have_ctype)
		return HK_CTYPE;
	if (strcasecmp(name, "content-transfer-encoding") == 0 &&
	    !c->pi.have_cte)
		return HK_CTE;
	return HK_OTHER;
}

static void
hdr_value(struct canon *c, enum hkind kind, const char *s, size_t n)
{
	if (kind == HK_CTYPE)
		parse_ctype(c, s, n);
	else if (kind == HK_CTE)
		parse_cte(c, s, n);
}

static void
hdr_reset(struct canon *c)
{
	c->hs = HS_NONE;
	c->hdr_bol = 1;
	c->hnlen = 0;
	c->hlen = 0;
}

static void
hdr_field_end(struct canon *c)
{
	if (c->hs == HS_VALUE)
		hdr_value(c, c->hkind, c->hbuf, c->hlen < sizeof(c->hbuf) ?
		    c->hlen : sizeof(c->hbuf));
	c->hs = HS_NONE;
}

static void
hdr_bytes(struct canon *c, const unsigned char *p, size_t n)
{
	size_t i;
	unsigned char b;

	for (i = 0; i < n; i++) {
		b = p[i];
		if (c->hdr_bol) {
			c->hdr_bol = 0;
			if (b != ' ' && b != '\t') {
				/* not a continuation: a new field */
				hdr_field_end(c);
				c->hs = HS_NAME;
				c->hnlen = 0;
			}
		}
		switch (c->hs) {
		case HS_NAME:
			if (b == ':') {
				c->hname[c->hnlen < HNAME_MAX ? c->hnlen :
				    HNAME_MAX - 1] = '\0';
				c->hkind = c->hnlen < HNAME_MAX ?
				    hdr_kind(c, c->hname) : HK_OTHER;
				c->hs = c->hkind == HK_OTHER ? HS_SKIP :
				    HS_VALUE;
				c->hlen = 0;
			} else if (b != ' ' && b != '\t' &&
			    c->hnlen < HNAME_MAX)
				c->hname[c->hnlen++] = b;
			break;
		case HS_VALUE:
			if (c->hlen < sizeof(c->hbuf))
				c->hbuf[c->hlen++] = b;
			else if (c->hlen == sizeof(c->hbuf)) {
				c->flags |= CANON_F_BADMIME;
				c->hlen++;	/* flagged once */
			}
			break;
		default:
			break;
		}
	}
}

/* ------------------------------------------------------------ MIME */

static void
body_begin(struct canon *c)
{
	c->pstate = P_BODY;
	c->enc = c->pi.enc;
	c->b64v = 0;
	c->b64n = 0;
	c->b64probe = c->enc == ENC_B64;
	c->pseen = 0;
	c->plen = 0;
	c->qs = Q_NORM;
	conv_open(c, c->pi.charset);
	c->html = c->pi.type == PT_HTML;
	c->hts = H_TEXT;
	fin_space(c);
}

static void
body_end(struct canon *c)
{
	unsigned char o[4];
	size_t k;

	if (c->b64probe)
		probe_decide(c);
	if (c->enc == ENC_B64) {
		k = b64_flush(c, o);
		dec_out(c, o, k);
	} else if (c->enc == ENC_QP)
		qp_end(c);
	if (c->cd != (iconv_t)-1)
		conv_run(c, 1);
	if (c->html)
		html_end(c);
	fin_space(c);
	c->pstate = P_SKIP;
}

/* The header block of a part (or of the message) is over. */
static void
part_begin(struct canon *c)
{
	struct boundary *b;

	switch (c->pi.type) {
	case PT_MULTI:
		c->pstate = P_SKIP;	/* the preamble */
		if (c->pi.bndlen == 0) {
			c->flags |= CANON_F_BADMIME;
			break;
		}
		if (c->depth >= MAXDEPTH) {
			c->flags |= CANON_F_DEPTH;
			break;
		}
		b = &c->stk[c->depth++];
		memcpy(b->b, c->pi.bnd, c->pi.bndlen);
		b->len = c->pi.bndlen;
		b->digest = c->pi.digest;
		break;
	case PT_MSG:
		if (c->pi.enc != ENC_ID) {
			/* an encoded message is not allowed; opaque */
			c->flags |= CANON_F_BADMIME;
			c->pstate = P_SKIP;
			break;
		}
		pi_init(c, PT_PLAIN);
		hdr_reset(c);
		c->pstate = P_HEADERS;
		break;
	case PT_PLAIN:
	case PT_HTML:
		body_begin(c);
		break;
	default:
		c->pstate = P_SKIP;
		break;
	}
}

static void
hdr_eol(struct canon *c)
{
	if (c->hdr_bol) {
		/* the empty line */
		hdr_field_end(c);
		part_begin(c);
	} else
		c->hdr_bol = 1;
}

/*
 * Is the line in lbuf a boundary of an open multipart? Act on it if
 * so. An outer boundary also ends the inner multiparts (RFC 2046 5.1.2).
 */
static int
boundary_line(struct canon *c)
{
	const unsigned char *l = c->lbuf, *rest;
	size_t n = c->llen, rlen;
	int i, close;

	while (n > 0 && (l[n - 1] == ' ' || l[n - 1] == '\t' ||
	    l[n - 1] == '\r'))
		n--;
	if (n < 3 || l[0] != '-' || l[1] != '-')
		return 0;
	for (i = c->depth - 1; i >= 0; i--) {
		if (n - 2 < c->stk[i].len ||
		    memcmp(l + 2, c->stk[i].b, c->stk[i].len) != 0)
			continue;
		rest = l + 2 + c->stk[i].len;
		rlen = n - 2 - c->stk[i].len;
		if (rlen == 0)
			close = 0;
		else if (rlen >= 2 && rest[0] == '-' && rest[1] == '-')
			close = 1;
		else
			continue;
		break;
	}
	if (i < 0)
		return 0;

	if (c->pstate == P_BODY)
		body_end(c);
	else if (c->pstate == P_HEADERS) {
		hdr_field_end(c);
		c->flags |= CANON_F_BADMIME;	/* headers cut short */
	}
	if (i < c->depth - 1)
		c->flags |= CANON_F_BADMIME;	/* inner ones not closed */
	if (close) {
		c->depth = i;
		c->pstate = P_SKIP;	/* the epilogue */
	} else {
		c->depth = i + 1;
		pi_init(c, c->stk[i].digest ? PT_MSG : PT_PLAIN);
		hdr_reset(c);
		c->pstate = P_HEADERS;
	}
	return 1;
}

static void
line_bytes(struct canon *c, const unsigned char *p, size_t n)
{
	if (n == 0)
		return;
	if (c->pstate == P_HEADERS)
		hdr_bytes(c, p, n);
	else if (c->pstate == P_BODY)
		dec_bytes(c, p, n);
}

static void
line_eol(struct canon *c)
{
	if (c->pstate == P_HEADERS)
		hdr_eol(c);
	else if (c->pstate == P_BODY)
		dec_bytes(c, (const unsigned char *)"\n", 1);
}

/* A line that looked like a boundary and was not: give it on. */
static void
cand_replay(struct canon *c)
{
	c->cand = 0;
	line_bytes(c, c->lbuf, c->llen);
}

/* The line splitter: LF-terminated lines, in any chunking. */
static void
lines_feed(struct canon *c, const unsigned char *p, size_t n)
{
	const unsigned char *q;
	size_t seg, k;

	while (n > 0) {
		if (c->bol) {
			c->bol = 0;
			if (c->depth > 0 && p[0] == '-') {
				c->cand = 1;
				c->llen = 0;
			}
		}
		if (c->cand) {
			q = memchr(p, '\n', n);
			seg = q != NULL ? (size_t)(q - p) : n;
			k = sizeof(c->lbuf) - c->llen;
			if (seg > k) {
				/* too long for a boundary line */
				cand_replay(c);
				continue;
			}
			memcpy(c->lbuf + c->llen, p, seg);
			c->llen += seg;
			p += seg;
			n -= seg;
			if (q == NULL)
				break;
			p++;
			n--;
			c->bol = 1;
			c->cand = 0;
			if (!boundary_line(c)) {
				line_bytes(c, c->lbuf, c->llen);
				line_eol(c);
			}
			continue;
		}
		q = memchr(p, '\n', n);
		seg = q != NULL ? (size_t)(q - p) : n;
		line_bytes(c, p, seg);
		if (q != NULL) {
			line_eol(c);
			c->bol = 1;
			seg++;
		}
		p += seg;
		n -= seg;
	}
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
	int i;

	if ((c = calloc(1, sizeof(*c))) == NULL)
		return NULL;
	c->mode = mode;
	c->max_in = max_in;
	c->with_headers = with_headers;
	c->out = out;
	c->arg = arg;
	for (i = 0; i < CS_NCONV; i++)
		c->cs[i] = (iconv_t)-1;
	canon_reset(c);
	return c;
}

void
canon_reset(struct canon *c)
{
	/* everything but the settings and the iconv cache */
	c->in_bytes = c->out_bytes = 0;
	c->flags = 0;
	c->started = c->ended = 0;
	c->pend_cr = 0;
	c->raw_inhdr = 0;
	c->raw_bol = 1;
	c->bol = 1;
	c->cand = 0;
	c->llen = 0;
	c->depth = 0;
	pi_init(c, PT_PLAIN);
	hdr_reset(c);
	c->pstate = P_HEADERS;
	c->enc = ENC_ID;
	c->b64v = 0;
	c->b64n = 0;
	c->b64probe = 0;
	c->plen = 0;
	c->qs = Q_NORM;
	c->cd = (iconv_t)-1;
	c->dlen = 0;
	c->html = 0;
	c->hts = H_TEXT;
	c->u8need = 0;
	c->u8len = 0;
	c->fws = 0;
	c->fany = 0;
	c->olen = 0;
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
	if (n > HDR_MAX) {
		c->flags |= CANON_F_BADMIME;
		n = HDR_MAX;
	}
	hdr_value(c, kind, value, n);
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
canon_end(struct canon *c)
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
	/* a last line without LF */
	if (c->cand) {
		c->cand = 0;
		if (!boundary_line(c))
			line_bytes(c, c->lbuf, c->llen);
	}
	if (c->pstate == P_HEADERS) {
		hdr_field_end(c);
		if (c->with_headers && c->depth == 0)
			;	/* headers only: no body */
		else
			c->flags |= CANON_F_BADMIME;
	} else if (c->pstate == P_BODY)
		body_end(c);
	if (c->depth > 0)
		c->flags |= CANON_F_BADMIME;	/* no closing boundary */
	fin_flush_u8(c);
	oflush(c);
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
	int i;

	if (c == NULL)
		return;
	for (i = 0; i < CS_NCONV; i++)
		if (c->cs[i] != (iconv_t)-1)
			iconv_close(c->cs[i]);
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
