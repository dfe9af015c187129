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
 * canon_html.c: the canonicaliser's HTML filter: tags, comments, style
 * and script dropped, block tags made white space, entities decoded,
 * and what a reader never sees dropped (canon_hide.c), as browsers read
 * them.
 */

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "canon-internal.h"

/* ------------------------------------------------------------ HTML */

/* HTML 4 named character references, plus &apos;, sorted for bsearch. */
static const struct entity {
	const char	*name;
	uint32_t	 cp;
} entities[] = {
	{ "AElig", 0xc6 }, { "Aacute", 0xc1 }, { "Acirc", 0xc2 },
	{ "Agrave", 0xc0 }, { "Alpha", 0x391 }, { "Aring", 0xc5 },
	{ "Atilde", 0xc3 }, { "Auml", 0xc4 }, { "Beta", 0x392 },
	{ "Ccedil", 0xc7 }, { "Chi", 0x3a7 }, { "Dagger", 0x2021 },
	{ "Delta", 0x394 }, { "ETH", 0xd0 }, { "Eacute", 0xc9 },
	{ "Ecirc", 0xca }, { "Egrave", 0xc8 }, { "Epsilon", 0x395 },
	{ "Eta", 0x397 }, { "Euml", 0xcb }, { "Gamma", 0x393 }, { "Hat", 0x5e },
	{ "Iacute", 0xcd }, { "Icirc", 0xce }, { "Igrave", 0xcc },
	{ "Iota", 0x399 }, { "Iuml", 0xcf }, { "Kappa", 0x39a },
	{ "Lambda", 0x39b }, { "Mu", 0x39c }, { "NewLine", 0xa },
	{ "Ntilde", 0xd1 }, { "Nu", 0x39d }, { "OElig", 0x152 },
	{ "Oacute", 0xd3 }, { "Ocirc", 0xd4 }, { "Ograve", 0xd2 },
	{ "Omega", 0x3a9 }, { "Omicron", 0x39f }, { "Oslash", 0xd8 },
	{ "Otilde", 0xd5 }, { "Ouml", 0xd6 }, { "Phi", 0x3a6 }, { "Pi", 0x3a0 },
	{ "Prime", 0x2033 }, { "Psi", 0x3a8 }, { "Rho", 0x3a1 },
	{ "Scaron", 0x160 }, { "Sigma", 0x3a3 }, { "THORN", 0xde },
	{ "Tab", 0x9 }, { "Tau", 0x3a4 }, { "Theta", 0x398 },
	{ "Uacute", 0xda }, { "Ucirc", 0xdb }, { "Ugrave", 0xd9 },
	{ "Upsilon", 0x3a5 }, { "Uuml", 0xdc }, { "Xi", 0x39e },
	{ "Yacute", 0xdd }, { "Yuml", 0x178 }, { "Zeta", 0x396 },
	{ "aacute", 0xe1 }, { "acirc", 0xe2 }, { "acute", 0xb4 },
	{ "aelig", 0xe6 }, { "agrave", 0xe0 }, { "alefsym", 0x2135 },
	{ "alpha", 0x3b1 }, { "amp", 0x26 }, { "and", 0x2227 },
	{ "ang", 0x2220 }, { "apos", 0x27 }, { "aring", 0xe5 }, { "ast", 0x2a },
	{ "asymp", 0x2248 }, { "atilde", 0xe3 }, { "auml", 0xe4 },
	{ "bdquo", 0x201e }, { "beta", 0x3b2 }, { "brvbar", 0xa6 },
	{ "bsol", 0x5c }, { "bull", 0x2022 }, { "cap", 0x2229 },
	{ "ccedil", 0xe7 }, { "cedil", 0xb8 }, { "cent", 0xa2 },
	{ "chi", 0x3c7 }, { "circ", 0x2c6 }, { "clubs", 0x2663 },
	{ "colon", 0x3a }, { "comma", 0x2c }, { "commat", 0x40 },
	{ "cong", 0x2245 }, { "copy", 0xa9 }, { "crarr", 0x21b5 },
	{ "cup", 0x222a }, { "curren", 0xa4 }, { "dArr", 0x21d3 },
	{ "dagger", 0x2020 }, { "darr", 0x2193 }, { "deg", 0xb0 },
	{ "delta", 0x3b4 }, { "diams", 0x2666 }, { "divide", 0xf7 },
	{ "dollar", 0x24 }, { "eacute", 0xe9 }, { "ecirc", 0xea },
	{ "egrave", 0xe8 }, { "empty", 0x2205 }, { "emsp", 0x2003 },
	{ "ensp", 0x2002 }, { "epsilon", 0x3b5 }, { "equals", 0x3d },
	{ "equiv", 0x2261 }, { "eta", 0x3b7 }, { "eth", 0xf0 },
	{ "euml", 0xeb }, { "euro", 0x20ac }, { "excl", 0x21 },
	{ "exist", 0x2203 }, { "fnof", 0x192 }, { "forall", 0x2200 },
	{ "frac12", 0xbd }, { "frac14", 0xbc }, { "frac34", 0xbe },
	{ "frasl", 0x2044 }, { "gamma", 0x3b3 }, { "ge", 0x2265 },
	{ "grave", 0x60 }, { "gt", 0x3e }, { "hArr", 0x21d4 },
	{ "harr", 0x2194 }, { "hearts", 0x2665 }, { "hellip", 0x2026 },
	{ "iacute", 0xed }, { "icirc", 0xee }, { "iexcl", 0xa1 },
	{ "igrave", 0xec }, { "image", 0x2111 }, { "infin", 0x221e },
	{ "int", 0x222b }, { "iota", 0x3b9 }, { "iquest", 0xbf },
	{ "isin", 0x2208 }, { "iuml", 0xef }, { "kappa", 0x3ba },
	{ "lArr", 0x21d0 }, { "lambda", 0x3bb }, { "lang", 0x2329 },
	{ "laquo", 0xab }, { "larr", 0x2190 }, { "lceil", 0x2308 },
	{ "lcub", 0x7b }, { "ldquo", 0x201c }, { "le", 0x2264 },
	{ "lfloor", 0x230a }, { "lowast", 0x2217 }, { "lowbar", 0x5f },
	{ "loz", 0x25ca }, { "lpar", 0x28 }, { "lrm", 0x200e },
	{ "lsaquo", 0x2039 }, { "lsqb", 0x5b }, { "lsquo", 0x2018 },
	{ "lt", 0x3c }, { "macr", 0xaf }, { "mdash", 0x2014 },
	{ "micro", 0xb5 }, { "middot", 0xb7 }, { "minus", 0x2212 },
	{ "mu", 0x3bc }, { "nabla", 0x2207 }, { "nbsp", 0xa0 },
	{ "ndash", 0x2013 }, { "ne", 0x2260 }, { "ni", 0x220b },
	{ "not", 0xac }, { "notin", 0x2209 }, { "nsub", 0x2284 },
	{ "ntilde", 0xf1 }, { "nu", 0x3bd }, { "num", 0x23 },
	{ "oacute", 0xf3 }, { "ocirc", 0xf4 }, { "oelig", 0x153 },
	{ "ograve", 0xf2 }, { "oline", 0x203e }, { "omega", 0x3c9 },
	{ "omicron", 0x3bf }, { "oplus", 0x2295 }, { "or", 0x2228 },
	{ "ordf", 0xaa }, { "ordm", 0xba }, { "oslash", 0xf8 },
	{ "otilde", 0xf5 }, { "otimes", 0x2297 }, { "ouml", 0xf6 },
	{ "para", 0xb6 }, { "part", 0x2202 }, { "percnt", 0x25 },
	{ "period", 0x2e }, { "permil", 0x2030 }, { "perp", 0x22a5 },
	{ "phi", 0x3c6 }, { "pi", 0x3c0 }, { "piv", 0x3d6 }, { "plus", 0x2b },
	{ "plusmn", 0xb1 }, { "pound", 0xa3 }, { "prime", 0x2032 },
	{ "prod", 0x220f }, { "prop", 0x221d }, { "psi", 0x3c8 },
	{ "quest", 0x3f }, { "quot", 0x22 }, { "rArr", 0x21d2 },
	{ "radic", 0x221a }, { "rang", 0x232a }, { "raquo", 0xbb },
	{ "rarr", 0x2192 }, { "rceil", 0x2309 }, { "rcub", 0x7d },
	{ "rdquo", 0x201d }, { "real", 0x211c }, { "reg", 0xae },
	{ "rfloor", 0x230b }, { "rho", 0x3c1 }, { "rlm", 0x200f },
	{ "rpar", 0x29 }, { "rsaquo", 0x203a }, { "rsqb", 0x5d },
	{ "rsquo", 0x2019 }, { "sbquo", 0x201a }, { "scaron", 0x161 },
	{ "sdot", 0x22c5 }, { "sect", 0xa7 }, { "semi", 0x3b }, { "shy", 0xad },
	{ "sigma", 0x3c3 }, { "sigmaf", 0x3c2 }, { "sim", 0x223c },
	{ "sol", 0x2f }, { "spades", 0x2660 }, { "sub", 0x2282 },
	{ "sube", 0x2286 }, { "sum", 0x2211 }, { "sup", 0x2283 },
	{ "sup1", 0xb9 }, { "sup2", 0xb2 }, { "sup3", 0xb3 },
	{ "supe", 0x2287 }, { "szlig", 0xdf }, { "tau", 0x3c4 },
	{ "there4", 0x2234 }, { "theta", 0x3b8 }, { "thetasym", 0x3d1 },
	{ "thinsp", 0x2009 }, { "thorn", 0xfe }, { "tilde", 0x2dc },
	{ "times", 0xd7 }, { "trade", 0x2122 }, { "uArr", 0x21d1 },
	{ "uacute", 0xfa }, { "uarr", 0x2191 }, { "ucirc", 0xfb },
	{ "ugrave", 0xf9 }, { "uml", 0xa8 }, { "upsih", 0x3d2 },
	{ "upsilon", 0x3c5 }, { "uuml", 0xfc }, { "verbar", 0x7c },
	{ "weierp", 0x2118 }, { "xi", 0x3be }, { "yacute", 0xfd },
	{ "yen", 0xa5 }, { "yuml", 0xff }, { "zeta", 0x3b6 }, { "zwj", 0x200d },
	{ "zwnj", 0x200c },
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

/* Is name in list (sorted)? */
int
tag_in(const char *name, const char *const *list, size_t n)
{
	return bsearch(name, list, n, sizeof(*list), cmp_str) != NULL;
}

/* Text of the page: shown, or counted when hidden (canon_hide.c). */
static void
html_text(struct canon *c, const unsigned char *p, size_t n)
{
	if (HIDING(c))
		hide_text(c, p, n);
	else
		fin_bytes(c, p, n);
}

/* A break between words: likewise. */
static void
html_space(struct canon *c)
{
	if (HIDING(c))
		hide_keep_space(c);
	else
		fin_space(c);
}

static void
html_cp(struct canon *c, uint32_t cp)
{
	if (HIDING(c)) {
		hide_cp(c, cp);
		return;
	}
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
	else if (cp == 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		cp = 0xfffd;
	*cpp = cp;
	return 1;
}

/*
 * Does b go on the entity being read? A name is letters and digits; a
 * number ends at its first byte that is not one of its digits, as in
 * browsers ("&#111ne" is "one").
 */
static int
ent_more(const struct canon *c, unsigned char b)
{
	if (c->elen == 0)
		return isalnum(b) || b == '#';
	if (c->ebuf[0] != '#')
		return isalnum(b);
	if (c->elen == 1 && (b == 'x' || b == 'X'))
		return 1;
	if (c->elen >= 2 && (c->ebuf[1] == 'x' || c->ebuf[1] == 'X'))
		return isxdigit(b);
	return isdigit(b);
}

/*
 * Take b, which goes on the entity (ent_more): 0, or -1 if a name is too
 * long to be one. A number's leading zeros are kept as one, and past
 * ENT_MAX digits its value is beyond U+10FFFF already: a browser reads
 * "&#00000000000000000000000000000000058;" as ':' and any longer number
 * as U+FFFD, whatever its length.
 */
static int
ent_take(struct canon *c, unsigned char b)
{
	size_t	d;

	if (c->elen > 0 && c->ebuf[0] == '#') {
		d = c->elen >= 2 && (c->ebuf[1] == 'x' || c->ebuf[1] == 'X') ?
		    2 : 1;
		if (c->elen == ENT_MAX ||
		    (b == '0' && c->elen == d + 1 && c->ebuf[d] == '0'))
			return 0;
	} else if (c->elen == ENT_MAX)
		return -1;
	c->ebuf[c->elen++] = b;
	return 0;
}

/*
 * The character of the entity in ebuf (ended with ';' if semi); 0 if it
 * names none we know. As HTML5 reads them, a name without ';' is one
 * only if HTML 4's Latin-1 names or &amp;, &lt;, &gt;, &quot; ("legacy":
 * "&euro" and "&colon" are text).
 */
static int
ent_decode(struct canon *c, int semi, uint32_t *cpp)
{
	const struct entity *e;

	c->ebuf[c->elen] = '\0';
	if (c->ebuf[0] == '#')
		return ent_numeric(c->ebuf + 1, cpp);
	if ((e = bsearch(c->ebuf, entities,
	    sizeof(entities) / sizeof(entities[0]), sizeof(entities[0]),
	    cmp_entity)) == NULL)
		return 0;
	if (!semi && (e->cp < 0xa0 || e->cp > 0xff) &&
	    strcmp(e->name, "amp") != 0 && strcmp(e->name, "lt") != 0 &&
	    strcmp(e->name, "gt") != 0 && strcmp(e->name, "quot") != 0)
		return 0;
	*cpp = e->cp;
	return 1;
}

/* The entity in ebuf ended (with ';' if semi): decode it or keep it. */
static void
ent_resolve(struct canon *c, int semi)
{
	uint32_t cp;

	if (ent_decode(c, semi, &cp)) {
		html_cp(c, cp);
		return;
	}
	html_text(c, (const unsigned char *)"&", 1);
	html_text(c, (const unsigned char *)c->ebuf, c->elen);
	if (semi)
		html_text(c, (const unsigned char *)";", 1);
}

/* ------------------------------------------------------------ attributes */

/* An attribute's name was read. */
static void
attr_named(struct canon *c)
{
	c->aname[c->anlen] = '\0';
	c->anlen = 0;
	hide_attr(c, c->aname);
}

/* An entity begins in an attribute's value ('&' read). */
static void
aent_start(struct canon *c)
{
	c->aret = c->hts;
	c->hts = H_AENT;
	c->elen = 0;
}

/*
 * An entity in an attribute's value ended, before the byte next: what it
 * stands for is the value's, as a browser reads it (style="display&#58;
 * none" hides). A name without ';' before '=' stays as written there.
 */
static void
aent_resolve(struct canon *c, int semi, unsigned char next)
{
	unsigned char	u8[4];
	size_t		i, n;
	uint32_t	cp;

	if ((semi || (c->elen > 0 && c->ebuf[0] == '#') ||
	    (next != '=' && !isalnum(next))) &&
	    ent_decode(c, semi, &cp)) {
		n = u8_put(u8, cp);
		for (i = 0; i < n; i++)
			hide_attr_byte(c, u8[i]);
		return;
	}
	hide_attr_byte(c, '&');
	for (i = 0; i < c->elen; i++)
		hide_attr_byte(c, (unsigned char)c->ebuf[i]);
	if (semi)
		hide_attr_byte(c, ';');
}

/* An attribute's value ended. */
static void
attr_end(struct canon *c)
{
	hide_attr_end(c);
	c->hts = H_ATTR;
}

/* ------------------------------------------------------------ tags */

static void
tag_named(struct canon *c)
{
	c->tname[c->tnlen] = '\0';
	c->traw = 0;
	hide_tag_start(c);
	if (!c->tend && strcmp(c->tname, "style") == 0)
		c->traw = 1;
	else if (!c->tend && strcmp(c->tname, "script") == 0)
		c->traw = 2;
	if (TAG_IN(c->tname, block_tags))
		html_space(c);
}

static void
tag_close(struct canon *c)
{
	hide_tag_end(c);
	c->hts = H_TEXT;
	if (!c->tend && c->traw) {
		c->hts = H_RAW;
		c->rawkind = c->traw;
		c->rmatch = 0;
		if (c->rawkind == 1)
			hide_style_start(c);
	}
}

/* HTML's white space (also CSS's). */
int
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
			html_text(c, &b, 1);
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
			html_text(c, (const unsigned char *)"<", 1);
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
	case H_ATTR:		/* between attributes */
		if (b == '>')
			tag_close(c);
		else if (b == '=') {	/* a value without a name */
			hide_attr(c, "");
			c->hts = H_AVAL;
		} else if (!is_html_space(b) && b != '/') {
			c->anlen = 0;
			c->hts = H_ANAME;
			goto again;
		}
		break;
	case H_ANAME:
		if (b == '>' || b == '=' || b == '/' || is_html_space(b)) {
			attr_named(c);
			c->hts = b == '=' ? H_AVAL : H_ANEND;
			if (b == '>')
				tag_close(c);
		} else if (c->anlen < ANAME_MAX)
			c->aname[c->anlen++] = (char)tolower(b);
		else	/* too long to be one we know */
			c->aname[0] = '?';
		break;
	case H_ANEND:		/* after a name: its value, or the next */
		if (is_html_space(b))
			break;
		if (b == '=')
			c->hts = H_AVAL;
		else {
			c->hts = H_ATTR;
			goto again;
		}
		break;
	case H_AVAL:
		if (is_html_space(b))
			break;
		if (b == '"')
			c->hts = H_DQ;
		else if (b == '\'')
			c->hts = H_SQ;
		else if (b == '>') {
			attr_end(c);
			tag_close(c);
		} else {
			c->hts = H_UQ;
			goto again;
		}
		break;
	case H_DQ:
	case H_SQ:
		if (b == (c->hts == H_DQ ? '"' : '\''))
			attr_end(c);
		else if (b == '&')
			aent_start(c);
		else
			hide_attr_byte(c, b);
		break;
	case H_UQ:
		if (is_html_space(b) || b == '>') {
			attr_end(c);
			if (b == '>')
				tag_close(c);
		} else if (b == '&')
			aent_start(c);
		else
			hide_attr_byte(c, b);
		break;
	case H_AENT:
		if (ent_more(c, b) && ent_take(c, b) == 0)
			break;
		c->hts = c->aret;
		aent_resolve(c, b == ';', b);
		if (b != ';')
			goto again;
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
		/* "-->" ends it, and "--!>" (HTML5: cdash 3 is "--!") */
		if (b == '-')
			c->cdash = c->cdash == 3 ? 1 :
			    c->cdash < 2 ? c->cdash + 1 : 2;
		else if (b == '>' && c->cdash >= 2)
			c->hts = H_TEXT;
		else if (b == '!' && c->cdash == 2)
			c->cdash = 3;
		else
			c->cdash = 0;
		break;
	case H_DECL:
		if (b == '>')
			c->hts = H_TEXT;
		break;
	case H_RAW:
		if (c->rawkind == 1)
			hide_style_byte(c, b);
		pat = c->rawkind == 1 ? "</style" : "</script";
		plen = strlen(pat);
		if (c->rmatch == plen) {
			if (is_html_space(b) || b == '/' || b == '>') {
				c->tend = 1;
				c->traw = 0;
				c->hts = H_ATTR;
				html_space(c);
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
		if (ent_more(c, b)) {
			if (ent_take(c, b) == 0)
				break;
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

void
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
				html_text(c, p + i, run - i);
				i = run;
				if (i == n)
					break;
			}
		}
		html_byte(c, p[i]);
	}
}

/* A new part: no tag, nothing hidden yet. */
void
html_reset(struct canon *c)
{
	c->hts = H_TEXT;
	hide_reset(c);
}

/* End of an HTML part: what is pending is text, or dropped. */
void
html_end(struct canon *c)
{
	if (c->hts == H_ENT)
		ent_resolve(c, 0);
	else if (c->hts == H_LT)
		html_text(c, (const unsigned char *)"<", 1);
	html_reset(c);
}
