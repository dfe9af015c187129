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
 * canon_hide.c: what of an HTML part a reader does not see. Text hidden
 * in an ad (random words in a display:none span, a paragraph in a zero
 * font size) is how copies of one ad are made different; a reader sees
 * the same ad, and so should the digest.
 *
 * It must hide no more than a browser does: what a browser shows and
 * this drops is text a sender can take out of the digest, a message at
 * a time, until too little is left to digest. And no less: what it shows
 * and a browser hides is text a sender can vary copies with. So the last
 * declaration of a property counts unless an earlier one is !important,
 * quoted strings and comments are CSS's, an inline display overrides
 * the hidden attribute and a class (not a class shown !important), and
 * a hidden element ends where HTML5's tree construction ends it: its end
 * tag or an ancestor's in scope; a start tag that closes it or an
 * element open around it (the next <a>, <button>, <nobr>, list item,
 * table part; a block an open <p>); the adoption agency, which moves the
 * blocks out of a formatting element that a second <a> or an end tag
 * closes; not an end tag of an inline element across a block. A hidden
 * formatting element closed by any of these but its own end tag is
 * opened again around what follows (<p><b hidden>x</p>y hides y), as
 * browsers do, but not in a cell; an element hidden by its own style
 * inside the hidden one hides on when browsers keep it open (moved, or
 * opened again). Tags of a table's parts outside a table make no element
 * (<td hidden> hides nothing). A table's text outside its cells shows in
 * front of the table, a box of no height or width that clips what
 * overflows hides all it holds, a tiny font size, visibility:hidden or a
 * transparent color (not with gradient text, a shadow) hides only the
 * element's own text up to its first child (which may set them again),
 * <style> rules are followed only for plain classes outside
 * @media, and only for <style> blocks that apply on screen. Where
 * unsure, it shows: an element moved out in front of a hidden table
 * ends it; a formatting element that browsers keep in their list of
 * those to open again is forgotten once a cell opens. Not modelled: a
 * visible formatting element is not opened again, so that its later end
 * tag may not close a hidden element opened in it (<p><em></p><label
 * hidden></em>x hides x). Text parsed before a browser moves it out of the
 * hidden element (a block the adoption agency takes out of a hidden
 * <span>) stays hidden: it is not read again. A differential check
 * against html5lib's tree construction on random tag soup (2,000 and
 * 5,000 documents) agreed on 98.4% and 98.7% of them; of the rest, 1 in
 * 300 has text hidden here that it shows, most of it text read before it
 * was moved.
 *
 * And a hidden block of over HIDE_MAX visible characters is shown from
 * there on: a few hidden words or a sentence vary copies; kilobytes of
 * hidden text are what a campaign puts in every copy (the phishing
 * corpus has 95 copies of one campaign under ever new lures, each hiding
 * the same 4.3 KB), and what copies share is what finds them.
 *
 * For the same reason a message whose visible text is next to nothing
 * (images and a line: less than the milter's MinOwnText, SHOWN_MIN by
 * default, canon_set_shown_min) has its hidden text, up to HKEEP_MAX
 * bytes, digested after the visible (canon.c canon_end): such
 * a message has no reading to keep apart from its hidden text, and would
 * otherwise be too short to digest at all. Campaigns that hide one block
 * under their images in every copy are found by it (the phishing corpus
 * has a hundred such copies); random hidden text gives a code that
 * matches nothing, as the undigested message did.
 */

#include <ctype.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "canon-internal.h"

_Static_assert(TNAME_MAX < sizeof(((struct hent *)0)->name),
    "a tag's name and a NUL fit an element's");

/* Elements without content: hiding one hides nothing. */
static const char *const void_tags[] = {
	"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
	"meta", "param", "source", "track", "wbr"
};

/* Elements a new one of their name closes wherever it is open in them. */
static const char *const reopen_tags[] = { "a", "button", "nobr" };

/* Formatting elements: their end tag runs HTML5's adoption agency. */
static const char *const formatting_tags[] = {
	"a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small",
	"strike", "strong", "tt", "u"
};

/* Elements that end that search: formatting does not cross them. */
static const char *const scope_tags[] = {
	"applet", "caption", "html", "marquee", "object", "table", "td",
	"template", "th"
};

/* The same, and <button>: where a block looks for a <p> to close. */
static const char *const button_scope[] = {
	"applet", "button", "caption", "html", "marquee", "object", "table",
	"td", "template", "th"
};

/* Elements whose end clears the formatting elements opened in them. */
static const char *const marker_tags[] = {
	"applet", "caption", "marquee", "object", "td", "template", "th"
};

/* HTML5's special elements: where formatting and list items stop. */
static const char *const special_tags[] = {
	"address", "applet", "area", "article", "aside", "base", "basefont",
	"bgsound", "blockquote", "body", "br", "button", "caption", "center",
	"col", "colgroup", "dd", "details", "dir", "div", "dl", "dt", "embed",
	"fieldset", "figcaption", "figure", "footer", "form", "frame",
	"frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header",
	"hgroup", "hr", "html", "iframe", "img", "input", "keygen", "li",
	"link", "listing", "main", "marquee", "menu", "meta", "nav",
	"noembed", "noframes", "noscript", "object", "ol", "p", "param",
	"plaintext", "pre", "script", "search", "section", "select", "source",
	"style", "summary", "table", "tbody", "td", "template", "textarea",
	"tfoot", "th", "thead", "title", "tr", "track", "ul", "wbr", "xmp"
};

/* Headings: one closes another that is the element open. */
static const char *const heading_tags[] = {
	"h1", "h2", "h3", "h4", "h5", "h6"
};

/* The elements a table holds as its own, not moved out in front of it. */
static const char *const table_tags[] = {
	"caption", "col", "colgroup", "form", "input", "script", "style",
	"table", "tbody", "td", "template", "tfoot", "th", "thead", "tr"
};

/* A table and the parts of it that hold no text but in cells. */
static const char *const table_parts[] = {
	"table", "tbody", "tfoot", "thead", "tr"
};

/* Start tags that close an open <p>. */
static const char *const p_closers[] = {
	"address", "article", "aside", "blockquote", "center", "details",
	"div", "dl", "fieldset", "figure", "footer", "form", "h1", "h2", "h3",
	"h4", "h5", "h6", "header", "hr", "main", "menu", "nav", "ol", "p",
	"pre", "section", "table", "ul"
};

/* Elements whose stray end tag closes nothing around them. */
static const char *const inline_tags[] = {
	"?", "a", "abbr", "b", "bdi", "bdo", "big", "cite", "code", "dfn",
	"em", "font", "i", "kbd", "label", "mark", "nobr", "q", "s", "samp",
	"small", "span", "strike", "strong", "sub", "sup", "time", "tt", "u",
	"var"
};

/* Elements a list item does not stop at, looking for the one it closes. */
static const char *const item_pass[] = { "address", "div", "p" };

static const char *const tbl_name[] = { "table" };
static const char *const li_name[] = { "li" };
static const char *const ddt_names[] = { "dd", "dt" };
static const char *const row_names[] = { "td", "th", "tr" };
static const char *const cell_names[] = { "td", "th" };
static const char *const sect_names[] = { "tbody", "tfoot", "thead" };
static const char *const list_names[] = { "ol", "ul" };

/* A table's structure: outside a table, browsers ignore these tags. */
static const char *const table_struct[] = {
	"caption", "col", "colgroup", "tbody", "td", "tfoot", "th", "thead",
	"tr"
};

/* A tag name's classes: the lists above it is in, one bit a list. */
enum {
	T_VOID = 1 << 0, T_REOPEN = 1 << 1, T_FORMAT = 1 << 2,
	T_SCOPE = 1 << 3, T_BSCOPE = 1 << 4, T_MARKER = 1 << 5,
	T_SPECIAL = 1 << 6, T_HEADING = 1 << 7, T_TABLE = 1 << 8,
	T_TPART = 1 << 9, T_PCLOSE = 1 << 10, T_INLINE = 1 << 11,
	T_ITEMPASS = 1 << 12, T_TBL = 1 << 13, T_LI = 1 << 14,
	T_DDT = 1 << 15, T_ROW = 1 << 16, T_CELL = 1 << 17,
	T_SECT = 1 << 18, T_TSTRUCT = 1 << 19, T_LIST = 1 << 20
};

#define TLIST(l, bit)	{ l, sizeof(l) / sizeof(*l), bit }
static const struct tlist {
	const char *const	*names;
	size_t			 n;
	unsigned		 bit;
} tlists[] = {
	TLIST(void_tags, T_VOID), TLIST(reopen_tags, T_REOPEN),
	TLIST(formatting_tags, T_FORMAT), TLIST(scope_tags, T_SCOPE),
	TLIST(button_scope, T_BSCOPE), TLIST(marker_tags, T_MARKER),
	TLIST(special_tags, T_SPECIAL), TLIST(heading_tags, T_HEADING),
	TLIST(table_tags, T_TABLE), TLIST(table_parts, T_TPART),
	TLIST(p_closers, T_PCLOSE), TLIST(inline_tags, T_INLINE),
	TLIST(item_pass, T_ITEMPASS), TLIST(tbl_name, T_TBL),
	TLIST(li_name, T_LI), TLIST(ddt_names, T_DDT),
	TLIST(row_names, T_ROW), TLIST(cell_names, T_CELL),
	TLIST(sect_names, T_SECT), TLIST(table_struct, T_TSTRUCT),
	TLIST(list_names, T_LIST)
};

#define TCLASS_MAX	256	/* names of all lists: 251 with repeats, of
				   which 113 differ */

/* The names of the lists, sorted, each with its classes: built once. */
static struct tclass {
	const char	*name;
	unsigned	 cls;
}			 tclass[TCLASS_MAX];
static size_t		 ntclass;
static pthread_once_t	 tclass_once = PTHREAD_ONCE_INIT;

static int
tclass_cmp(const void *a, const void *b)
{
	return strcmp(((const struct tclass *)a)->name,
	    ((const struct tclass *)b)->name);
}

/* Each list's names into tclass[], a name once, then sorted. */
static void
tclass_build(void)
{
	size_t	l, k, i;

	for (l = 0; l < sizeof(tlists) / sizeof(*tlists); l++)
		for (k = 0; k < tlists[l].n; k++) {
			for (i = 0; i < ntclass &&
			    strcmp(tclass[i].name, tlists[l].names[k]) != 0; i++)
				;
			if (i == TCLASS_MAX)
				continue;	/* not reached: see TCLASS_MAX */
			if (i == ntclass)
				tclass[ntclass++].name = tlists[l].names[k];
			tclass[i].cls |= tlists[l].bit;
		}
	qsort(tclass, ntclass, sizeof(*tclass), tclass_cmp);
}

/*
 * The id of a name of no list: a hash (FNV-1a) with the top bit set, so
 * that walks past unknown elements compare numbers (same_name()).
 */
static unsigned short
name_hash(const char *name)
{
	uint32_t	 x = 2166136261u;

	for (; *name != '\0'; name++)
		x = (x ^ (unsigned char)*name) * 16777619u;
	return (unsigned short)(0x8000 | ((x >> 16 ^ x) & 0x7fff));
}

/*
 * A tag's name as an element: its classes (0: of none), and an id, its
 * place in tclass[] or name_hash(), so that names compare as numbers.
 */
static void
tag_info(const char *name, struct hent *e)
{
	struct tclass	 key = { name, 0 };
	struct tclass	*t;

	(void)pthread_once(&tclass_once, tclass_build);
	t = bsearch(&key, tclass, ntclass, sizeof(*tclass), tclass_cmp);
	e->cls = t != NULL ? t->cls : 0;
	e->id = t != NULL ? (unsigned short)(t - tclass + 1) : name_hash(name);
}

/* Are element e and tag t of one name? */
static int
same_name(const struct hent *e, const struct hent *t)
{
	return e->id == t->id && memcmp(e->name, t->name, sizeof(e->name)) == 0;
}

enum { P_UNSET, P_HIDES, P_SHOWS };	/* a property's last declaration */
enum {
	IMP_DISP = 1, IMP_OPAC = 2, IMP_VIS = 4, IMP_FONT = 8, IMP_COLR = 16,
	IMP_HIGH = 32, IMP_MAXH = 64, IMP_WIDE = 128, IMP_MAXW = 256,
	IMP_OVFY = 512, IMP_OVFX = 1024
};
enum { A_OTHER, A_STYLE, A_CLASS, A_TYPE, A_MEDIA };

/* ------------------------------------------------------------ CSS */

/*
 * A CSS number with its unit ("0", "0.5", "1px", ".3em"): its value, the
 * unit in *unit; -1 if it is not one.
 */
static double
css_num(const char *v, const char **unit)
{
	double	n = 0, f = 1;
	int	any = 0, dot = 0;

	for (; *v != '\0'; v++) {
		if (*v == '.' && !dot)
			dot = 1;
		else if (*v >= '0' && *v <= '9') {
			any = 1;
			if (dot)
				n += (*v - '0') * (f /= 10);
			else if (n < 1e6)
				n = n * 10 + (*v - '0');
		} else
			break;
	}
	*unit = v;
	return any ? n : -1;
}

/* A font size that shows nothing: 0, or 1 pixel or point or less. */
static int
css_tiny(const char *v)
{
	const char	*u;
	double		 n = css_num(v, &u);

	return n == 0 || (n > 0 && n <= 1 && (strncmp(u, "px", 2) == 0 ||
	    strncmp(u, "pt", 2) == 0));
}

/* A length of nothing: 0 in any unit, or a percentage of 0. */
static int
css_zero(const char *v)
{
	const char	*u;

	return css_num(v, &u) == 0;
}

/*
 * A color that shows nothing: transparent, or one whose alpha is 0
 * (rgba(), hsla(), rgb() and hsl() with a slash, #rrggbbaa, #rgba).
 */
static int
css_clear(const char *v)
{
	const char	*a, *u;
	size_t		 n;

	if (strcmp(v, "transparent") == 0)
		return 1;
	if (v[0] == '#') {
		n = strspn(v + 1, "0123456789abcdef");
		return v[1 + n] == '\0' && ((n == 8 && strcmp(v + 7, "00") == 0) ||
		    (n == 4 && v[4] == '0'));
	}
	if (strncmp(v, "rgb", 3) != 0 && strncmp(v, "hsl", 3) != 0)
		return 0;
	if ((a = strrchr(v, '/')) == NULL && ((a = strrchr(v, ',')) == NULL ||
	    (strncmp(v, "rgba(", 5) != 0 && strncmp(v, "hsla(", 5) != 0) ||
	    strchr(v, ',') == a || strchr(strchr(v, ',') + 1, ',') == a))
		return 0;
	return css_num(a + 1, &u) == 0 && (*u == ')' || strcmp(u, "%)") == 0);
}

/* No property declared yet (a tag, a rule begins). */
static void
props_unset(struct hide *h)
{
	h->disp = h->opac = h->vis = h->font = P_UNSET;
	h->colr = h->high = h->maxh = h->wide = h->maxw = P_UNSET;
	h->ovfy = h->ovfx = P_UNSET;
	h->dinl = 1;
	h->tpaint = 0;
	h->cimp = 0;
}

/* Overflow that clips what does not fit (not "visible"). */
static int
css_clips(const char *v)
{
	return strcmp(v, "hidden") == 0 || strcmp(v, "clip") == 0 ||
	    strcmp(v, "auto") == 0 || strcmp(v, "scroll") == 0;
}

/*
 * A property's declaration: the last counts, but an !important one is
 * not undone by a later one that is not, as in the CSS cascade.
 */
static void
prop_set(struct hide *h, int *prop, unsigned bit, int imp, int hides)
{
	if ((h->cimp & bit) && !imp)
		return;
	if (imp)
		h->cimp |= bit;
	*prop = hides ? P_HIDES : P_SHOWS;
}

/*
 * A declaration was read: note what it sets. display:none and opacity 0
 * hide an element and all it holds, and so does a box of no height or
 * width (height, max-height, width, max-width 0) that clips what
 * overflows it (overflow, overflow-y, overflow-x other than visible), if
 * a box is what the element makes (box_hides()); visibility:hidden, a
 * tiny font size (also in the font shorthand) and a transparent color
 * (unless the text is painted otherwise: a background clipped to the
 * text, a shadow, a stroke) only what a child does not set again. A value too long to keep, or not
 * understood, shows, and is taken as !important: where unsure, show.
 */
static void
css_decl(struct hide *h)
{
	char	*v = h->cvbuf, *mark;
	int	 imp;

	h->cprop[h->cplen] = '\0';
	h->cvbuf[h->cvlen] = '\0';
	imp = h->cover;
	if ((mark = strstr(v, "!important")) != NULL) {
		*mark = '\0';
		imp = 1;
	}
	if (h->cplen == 0 || !h->cval)
		;
	else if (mark != NULL && mark[10] != '\0')
		;	/* "!importantx": not CSS, dropped as browsers do */
	else if (strcmp(h->cprop, "display") == 0) {
		prop_set(h, &h->disp, IMP_DISP, imp,
		    !h->cover && strcmp(v, "none") == 0);
		if (h->disp == P_SHOWS)		/* a box a height clips? */
			h->dinl = strcmp(v, "inline") == 0 ||
			    strcmp(v, "contents") == 0;
	} else if (strcmp(h->cprop, "color") == 0)
		prop_set(h, &h->colr, IMP_COLR, imp, !h->cover && css_clear(v));
	else if (((strcmp(h->cprop, "background-clip") == 0 ||
	    strcmp(h->cprop, "-webkit-background-clip") == 0) &&
	    strstr(v, "text") != NULL) ||
	    ((strcmp(h->cprop, "text-shadow") == 0 ||
	    strcmp(h->cprop, "-webkit-text-stroke") == 0 ||
	    strcmp(h->cprop, "-webkit-text-stroke-width") == 0 ||
	    strcmp(h->cprop, "-webkit-text-fill-color") == 0) &&
	    strcmp(v, "none") != 0 && !css_zero(v)))
		h->tpaint = 1;	/* gradient text, a shadow: shown */
	else if (strcmp(h->cprop, "height") == 0)
		prop_set(h, &h->high, IMP_HIGH, imp, !h->cover && css_zero(v));
	else if (strcmp(h->cprop, "max-height") == 0)
		prop_set(h, &h->maxh, IMP_MAXH, imp, !h->cover && css_zero(v));
	else if (strcmp(h->cprop, "width") == 0)
		prop_set(h, &h->wide, IMP_WIDE, imp, !h->cover && css_zero(v));
	else if (strcmp(h->cprop, "max-width") == 0)
		prop_set(h, &h->maxw, IMP_MAXW, imp, !h->cover && css_zero(v));
	else if (strcmp(h->cprop, "overflow") == 0) {
		prop_set(h, &h->ovfy, IMP_OVFY, imp, !h->cover && css_clips(v));
		prop_set(h, &h->ovfx, IMP_OVFX, imp, !h->cover && css_clips(v));
	} else if (strcmp(h->cprop, "overflow-y") == 0)
		prop_set(h, &h->ovfy, IMP_OVFY, imp, !h->cover && css_clips(v));
	else if (strcmp(h->cprop, "overflow-x") == 0)
		prop_set(h, &h->ovfx, IMP_OVFX, imp, !h->cover && css_clips(v));
	else if (strcmp(h->cprop, "visibility") == 0)
		prop_set(h, &h->vis, IMP_VIS, imp, !h->cover &&
		    (strcmp(v, "hidden") == 0 || strcmp(v, "collapse") == 0));
	else if (strcmp(h->cprop, "opacity") == 0) {
		const char	*u;
		double		 n = css_num(v, &u);

		prop_set(h, &h->opac, IMP_OPAC, imp, !h->cover && n >= 0 &&
		    (n == 0 || (*u == '\0' && n < 0.05)));
	} else if (strcmp(h->cprop, "font-size") == 0 ||
	    strcmp(h->cprop, "font") == 0)
		prop_set(h, &h->font, IMP_FONT, imp, !h->cover && css_tiny(v));
	h->cplen = h->cvlen = 0;
	h->cval = h->cover = 0;
}

static void
css_add(struct hide *h, unsigned char b)
{
	if (!h->cval && h->cplen < CSS_MAX)
		h->cprop[h->cplen++] = (char)tolower(b);
	else if (h->cval && h->cvlen < CSS_MAX)
		h->cvbuf[h->cvlen++] = (char)tolower(b);
	else
		h->cover = 1;
}

#define CMT_SLASH	1	/* a '/' held back is read now */
#define CMT_BYTE	2	/* then the byte */

/*
 * CSS comments taken out of a stream of bytes: what of b and of a '/'
 * held back before it is to be read. A '/' is held until the next byte
 * says whether it starts a comment; in a quoted string none starts.
 */
static int
uncomment(struct cmt *m, unsigned char b, int quoted)
{
	int	out = 0;

	if (m->in) {
		if (b == '/' && m->star)
			m->in = 0;
		m->star = b == '*';
		return 0;
	}
	if (m->slash) {
		m->slash = 0;
		if (b == '*' && !quoted) {
			m->in = 1;
			m->star = 0;
			return 0;
		}
		out = CMT_SLASH;
	}
	if (b == '/' && !quoted) {
		m->slash = 1;
		return out;
	}
	return out | CMT_BYTE;
}

/* One character of declarations, comments taken out. */
static void
css_char(struct hide *h, unsigned char b)
{
	if (h->cquote) {
		if (b == h->cquote)
			h->cquote = 0;
		css_add(h, b);
		return;
	}
	if (b == '"' || b == '\'') {
		h->cquote = b;
		css_add(h, b);
	} else if (b == ';')
		css_decl(h);
	else if (b == ':' && !h->cval)
		h->cval = 1;
	else if (!is_html_space(b))
		css_add(h, b);
}

/* One byte of declarations (a style attribute, a rule's block). */
static void
css_byte(struct hide *h, unsigned char b)
{
	int	o = uncomment(&h->ccmt, b, h->cquote != 0);

	if (o & CMT_SLASH)
		css_char(h, '/');
	if (o & CMT_BYTE)
		css_char(h, b);
}

/* Declarations begin (a style attribute's value, a rule's block). */
static void
css_start(struct hide *h)
{
	h->cplen = h->cvlen = 0;
	h->cval = h->cover = h->cquote = 0;
	memset(&h->ccmt, 0, sizeof(h->ccmt));
}

/* They end: the last one is read. */
static void
css_end(struct hide *h)
{
	if (h->ccmt.slash)
		css_char(h, '/');
	css_decl(h);
	css_start(h);
}

/* ------------------------------------------------------------ <style> */

/* Past white space and the <!-- --> that old mail wraps rules in. */
static char *
sel_skip(char *s)
{
	for (;;) {
		s += strspn(s, " \t\r\n\f");
		if (strncmp(s, "<!--", 4) == 0)
			s += 4;
		else if (strncmp(s, "-->", 3) == 0)
			s += 3;
		else
			return s;
	}
}

/* Where cls is in list (n of them), or n. */
static int
class_at(char list[][CLASS_MAX + 1], int n, const char *cls)
{
	int	i;

	for (i = 0; i < n && strcmp(list[i], cls) != 0; i++)
		;
	return i;
}

/* Take entry i out of list (n of them). */
static void
class_drop(char list[][CLASS_MAX + 1], int *n, int i)
{
	if (i < *n && i != --*n)
		memcpy(list[i], list[*n], CLASS_MAX + 1);
}

/*
 * A rule ended: a selector list of plain classes (".h", "span.x, .y";
 * not ".a .b", "td > .k", ".a:hover") hides its classes when the rule
 * hides (display:none, opacity 0), and shows them again when it sets
 * display otherwise; NCLASS classes a part are kept. A class a rule
 * shows with display !important is shown whatever a later rule or the
 * element's own style says, unless they say it !important too (a later
 * rule) or in the style attribute (an element's): the cascade.
 */
static void
rule_end(struct hide *h)
{
	char	*item, *save = NULL, *dot, *p, *cls;
	int	 i, f, hides = h->disp == P_HIDES || h->opac == P_HIDES;
	int	 forced = h->disp == P_SHOWS && (h->cimp & IMP_DISP);
	int	 unforce = h->disp == P_HIDES && (h->cimp & IMP_DISP);

	if (h->selover || (!hides && h->disp != P_SHOWS))
		return;
	h->sel[h->sellen] = '\0';
	for (item = strtok_r(h->sel, ",", &save); item != NULL;
	    item = strtok_r(NULL, ",", &save)) {
		item = sel_skip(item);
		for (p = item + strlen(item); p > item &&
		    is_html_space((unsigned char)p[-1]); p--)
			;
		*p = '\0';
		if ((dot = strchr(item, '.')) == NULL)
			continue;
		for (p = item; p < dot && isalnum((unsigned char)*p); p++)
			;
		cls = dot + 1;
		if (p != dot || *cls == '\0' || strlen(cls) > CLASS_MAX ||
		    strspn(cls, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		    "0123456789-_") != strlen(cls))
			continue;
		i = class_at(h->hclass, h->nclass, cls);
		f = class_at(h->fclass, h->nforced, cls);
		if (hides && (f < h->nforced || h->fover) && !unforce)
			continue;	/* shown !important (or maybe) */
		if (unforce)
			class_drop(h->fclass, &h->nforced, f);
		if (hides && i == h->nclass && h->nclass < NCLASS)
			memcpy(h->hclass[h->nclass++], cls, strlen(cls) + 1);
		else if (!hides)
			class_drop(h->hclass, &h->nclass, i);
		if (forced && f == h->nforced && h->nforced < NCLASS)
			memcpy(h->fclass[h->nforced++], cls, strlen(cls) + 1);
		else if (forced && f == h->nforced)
			h->fover = 1;	/* too many: any may be one */
	}
}

/* One character of a <style> block, its comments taken out. */
static void
rule_char(struct hide *h, unsigned char b)
{
	switch (h->rstate) {
	case RS_SEL:
		if (b == '{') {
			h->sel[h->sellen] = '\0';
			h->rstate = *sel_skip(h->sel) == '@' ? RS_SKIP : RS_BLOCK;
			h->rdepth = 1;
			props_unset(h);
			css_start(h);
		} else if (b == '}' || b == ';') {	/* @import ...; */
			h->sellen = 0;
			h->selover = 0;
		} else if (h->sellen < SEL_MAX)
			h->sel[h->sellen++] = (char)b;
		else
			h->selover = 1;
		break;
	case RS_BLOCK:
		if (h->cquote || (b != '}' && b != '{')) {
			css_byte(h, b);
			break;
		}
		if (b == '{') {		/* a nested rule: not followed */
			h->rstate = RS_SKIP;
			h->rdepth = 2;
			break;
		}
		css_end(h);
		rule_end(h);
		props_unset(h);
		h->rstate = RS_SEL;
		h->sellen = 0;
		h->selover = 0;
		break;
	case RS_SKIP:
		if (b == '{' && h->rdepth < 1 << 20)
			h->rdepth++;
		else if (b == '}' && --h->rdepth == 0) {
			h->rstate = RS_SEL;
			h->sellen = 0;
			h->selover = 0;
		}
		break;
	}
}

/* One byte of a <style> block's content. */
void
hide_style_byte(struct canon *c, unsigned char b)
{
	struct hide	*h = &c->hd;
	int		 o;

	if (h->rignore)
		return;
	o = uncomment(&h->rcmt, b, h->cquote != 0);
	if (o & CMT_SLASH)
		rule_char(h, '/');
	if (o & CMT_BYTE)
		rule_char(h, b);
}

/* A <style> block's content begins. */
void
hide_style_start(struct canon *c)
{
	struct hide	*h = &c->hd;

	h->rstate = RS_SEL;
	memset(&h->rcmt, 0, sizeof(h->rcmt));
	h->sellen = 0;
	h->selover = 0;
	props_unset(h);
	css_start(h);
}

/* ------------------------------------------------------------ tags */

/* A word of an attribute's value (class, and type and media of <style>). */
static void
tok_end(struct hide *h)
{
	int	i;

	h->tok[h->toklen] = '\0';
	if (h->akind == A_CLASS && h->toklen > 0 && !h->tokover) {
		for (i = 0; i < h->nclass; i++)
			if (strcmp(h->tok, h->hclass[i]) == 0)
				h->aclass = 1;
		for (i = 0; i < h->nforced; i++)
			if (strcmp(h->tok, h->fclass[i]) == 0)
				h->aforced = 1;
		if (h->fover)
			h->aforced = 1;
	}
	h->toklen = 0;
	h->tokover = 0;
}

/* A tag's name was read (c->tname, c->tend): nothing of it known yet. */
void
hide_tag_start(struct canon *c)
{
	struct hide	*h = &c->hd;

	memset(h->tag.name, 0, sizeof(h->tag.name));	/* same_name() */
	memcpy(h->tag.name, c->tname, strlen(c->tname));
	tag_info(c->tname, &h->tag);
	h->akind = A_OTHER;
	h->styled = h->classed = h->ahidden = h->aclass = h->aforced = 0;
	props_unset(h);
	h->rignore = 0;
}

/* An attribute's name was read; the first of a name counts. */
void
hide_attr(struct canon *c, const char *name)
{
	struct hide	*h = &c->hd;

	h->akind = A_OTHER;
	h->toklen = 0;
	h->tokover = 0;
	if (c->tend)
		return;
	if (strcmp(name, "style") == 0 && !h->styled) {
		h->styled = 1;
		h->akind = A_STYLE;
		css_start(h);
	} else if (strcmp(name, "class") == 0 && !h->classed) {
		h->classed = 1;
		h->akind = A_CLASS;
	} else if (strcmp(name, "hidden") == 0)
		h->ahidden = 1;
	else if (strcmp(c->tname, "style") == 0 && strcmp(name, "type") == 0)
		h->akind = A_TYPE;
	else if (strcmp(c->tname, "style") == 0 && strcmp(name, "media") == 0)
		h->akind = A_MEDIA;
}

/* One byte of an attribute's value. */
void
hide_attr_byte(struct canon *c, unsigned char b)
{
	struct hide	*h = &c->hd;

	switch (h->akind) {
	case A_STYLE:
		css_byte(h, b);
		break;
	case A_CLASS:
		if (is_html_space(b))
			tok_end(h);
		else if (h->toklen < CLASS_MAX)
			h->tok[h->toklen++] = (char)b;
		else
			h->tokover = 1;
		break;
	case A_TYPE:
	case A_MEDIA:
		if (h->toklen < CLASS_MAX)
			h->tok[h->toklen++] = (char)tolower(b);
		else
			h->tokover = 1;
		break;
	}
}

/*
 * An attribute's value ended. A <style> whose type is not CSS, or whose
 * media is not every screen, has rules that do not apply here.
 */
void
hide_attr_end(struct canon *c)
{
	struct hide	*h = &c->hd;
	char		*v = h->tok;

	h->tok[h->toklen] = '\0';
	v += strspn(v, " \t\r\n\f");
	v[strcspn(v, " \t\r\n\f")] = '\0';
	if (h->akind == A_STYLE)
		css_end(h);
	else if (h->akind == A_CLASS)
		tok_end(h);
	else if (h->akind == A_TYPE)
		h->rignore |= h->tokover || (*v != '\0' &&
		    strcmp(v, "text/css") != 0);
	else if (h->akind == A_MEDIA)
		h->rignore |= h->tokover || (*v != '\0' &&
		    strcmp(v, "all") != 0 && strcmp(v, "screen") != 0);
	h->akind = A_OTHER;
}

/*
 * Would what comes here, text or an element other than a table's own,
 * be moved out of the table in front of it, out of the hidden element?
 * A browser does so with what a table, a row or a section holds outside
 * its cells: it shows when the table (or a part of it) is the hidden
 * element, and stays hidden when the table is inside it.
 */
static int
fostered(const struct hide *h)
{
	int	i;

	if (h->hsp == 0 || h->hextra > 0)
		return 0;
	for (i = h->hsp - 1; i >= 0; i--) {
		if (!(h->hstack[i].cls & T_TPART))
			return 0;
		if (h->hstack[i].cls & T_TBL)
			return i == 0;
	}
	return 1;
}

/* Not hidden any more. */
static void
hide_end(struct hide *h)
{
	h->hsp = 0;
	h->hextra = 0;
	h->hreopen = 0;
	h->hlost = 0;
}

/*
 * The element of that name open nearest the top of stack st, within its
 * scope (not past an element of a class in stop), or -1.
 */
static int
open_in(const struct hent *st, int sp, const char *name, unsigned stop)
{
	int	i;

	for (i = sp - 1; i >= 0; i--) {
		if (strcmp(st[i].name, name) == 0)
			return i;
		if (st[i].cls & stop)
			return -1;
	}
	return -1;
}

/*
 * The open element of tag's name nearest the top of stack st, within its
 * scope (not past an element of a class in stop), or -1.
 */
static int
open_tag(const struct hent *st, int sp, const struct hent *tag,
    unsigned stop)
{
	int	i;

	for (i = sp - 1; i >= 0; i--) {
		if (same_name(&st[i], tag))
			return i;
		if (st[i].cls & stop)
			return -1;
	}
	return -1;
}

/*
 * The open element of a class in cls nearest the top of stack st, not
 * past one of a class in stop, or -1.
 */
static int
open_cls(const struct hent *st, int sp, unsigned cls, unsigned stop)
{
	int	i;

	for (i = sp - 1; i >= 0; i--) {
		if (st[i].cls & cls)
			return i;
		if (st[i].cls & stop)
			return -1;
	}
	return -1;
}

/*
 * The list item a new <li> (or <dd>, <dt>) closes: the nearest open,
 * not past a special element other than <address>, <div> and <p>; or -1.
 */
static int
item_open(const struct hent *st, int sp, unsigned cls)
{
	int	i;

	for (i = sp - 1; i >= 0; i--) {
		if (st[i].cls & cls & (T_LI | T_DDT))
			return i;
		if ((st[i].cls & (T_SPECIAL | T_ITEMPASS)) == T_SPECIAL)
			return -1;
	}
	return -1;
}

/*
 * Where a table's part goes in stack st: the place of the row (for a
 * cell), the body (for a cell or row) or the table it goes in, above
 * which what is open is closed; or -1.
 */
static int
part_in(const struct hent *st, int sp, const struct hent *tag)
{
	int	i, cell = (tag->cls & T_CELL) != 0;
	int	row = cell || strcmp(tag->name, "tr") == 0;

	for (i = sp - 1; i >= 0; i--)
		if ((st[i].cls & T_TBL) || (row && (st[i].cls & T_SECT)) ||
		    (cell && strcmp(st[i].name, "tr") == 0))
			return i;
	return -1;
}

/*
 * How deep stack st stays when a start tag of name opens: what HTML5's
 * tree construction closes, as far as hiding needs it. The next <a>,
 * <button> or <nobr> closes the one open in its scope, and what is open
 * in that (for an <a> or <nobr>, the adoption agency: *adopted is its
 * place, and compact() says what stays open). A table's part closes what
 * is open in the part it goes in (a cell what is open in the row, the
 * body or the table; a row in the body or the table; a body, caption
 * or column group in the table), elements moved out in front of the
 * table too; a <table> not in a cell closes the table open. <li>, <dd>
 * and <dt> close the item open (item_open()); a block, and those, a <p>
 * open in button scope; a heading then a heading that is the element
 * open; the next <option> the one open. Tags of a table's parts with
 * no table open are not elements at all (hide_tag_end()).
 */
static int
start_closes(const struct hent *st, int sp, const struct hent *tag,
    int *adopted)
{
	const char	*name = tag->name;
	int		 i = -1;

	*adopted = -1;
	if (tag->cls & T_REOPEN) {
		i = open_tag(st, sp, tag, T_SCOPE);
		if (i >= 0 && strcmp(name, "button") != 0)
			return *adopted = i;
	} else if (tag->cls & T_TSTRUCT) {
		if ((i = part_in(st, sp, tag)) >= 0)
			i++;
	} else if (tag->cls & T_TBL) {
		for (i = sp - 1; i >= 0 && !(st[i].cls & T_TBL); i--)
			if ((st[i].cls & T_CELL) ||
			    strcmp(st[i].name, "caption") == 0) {
				i = -1;		/* a table in a cell */
				break;
			}
	} else if (tag->cls & (T_LI | T_DDT))
		i = item_open(st, sp, tag->cls);
	if (i >= 0)
		sp = i;
	if ((tag->cls & (T_PCLOSE | T_LI | T_DDT)) &&
	    (i = open_in(st, sp, "p", T_BSCOPE)) >= 0)
		sp = i;
	if (sp > 0 && (((tag->cls & st[sp - 1].cls & T_HEADING)) ||
	    (strcmp(name, "option") == 0 &&
	    strcmp(st[sp - 1].name, "option") == 0)))
		sp--;
	return sp;
}

/*
 * What an end tag closes in stack st: the place of the element it
 * closes, and all above it, or -1 when it closes nothing. *adopted is
 * set when the adoption agency closes it, which keeps the special
 * elements open above it (compact()). As HTML5: </body> and </html>
 * close nothing; a heading's end closes the nearest heading; a special
 * element's end closes it only in its scope (a table's part in its
 * table, an item in its list, a <p> in button scope); a formatting
 * element's in its scope; any other's if no special element is open
 * above it.
 */
static int
end_closes(const struct hent *st, int sp, const struct hent *tag,
    int *adopted)
{
	const char	*name = tag->name;
	int		 i, t;

	*adopted = 0;
	if (strcmp(name, "body") == 0 || strcmp(name, "html") == 0)
		return -1;
	if (tag->cls & T_HEADING)
		return open_cls(st, sp, T_HEADING, T_SCOPE);
	if (tag->cls & T_FORMAT) {
		*adopted = 1;
		return open_tag(st, sp, tag, T_SCOPE);
	}
	if (tag->cls & (T_TSTRUCT | T_TBL)) {
		if ((i = open_tag(st, sp, tag, T_TBL)) >= 0 ||
		    !(tag->cls & (T_SECT | T_ROW)) || (tag->cls & T_CELL))
			return i;
		/* a row or body a cell implied: the cells' table's */
		t = open_cls(st, sp, T_TBL, 0);
		return t >= 0 && open_cls(st + t, sp - t, T_CELL, 0) >= 0 ?
		    t + 1 : -1;
	}
	if (tag->cls & T_SPECIAL)
		return open_tag(st, sp, tag, strcmp(name, "p") == 0 ?
		    T_BSCOPE : strcmp(name, "li") == 0 ? T_SCOPE | T_LIST :
		    T_SCOPE);
	return open_tag(st, sp, tag, T_SPECIAL);
}

/*
 * After the adoption agency closed the formatting element at place i of
 * stack st: what stays open above it are the special elements (blocks
 * moved out of it); the rest is closed. Returns the new depth.
 */
static int
compact(struct hent *st, int sp, int i)
{
	int	j, k = i;

	for (j = i + 1; j < sp; j++)
		if (st[j].cls & T_SPECIAL)
			st[k++] = st[j];
	return k;
}

/* An element opens outside a hidden one. */
static void
outer_push(struct hide *h, const struct hent *e)
{
	if (h->osp < OSTACK_MAX && h->oextra == 0)
		h->ostack[h->osp++] = *e;
	else if (h->oextra < 1 << 20)
		h->oextra++;
}

/*
 * A start tag outside a hidden element: it closes the element open
 * around it that it ends (the next <li> an <li>, a <div> a <p>), and
 * but for a void one or one hidden (in hstack until it ends) opens.
 */
static void
outer_start(struct hide *h, const struct hent *tag, int opens)
{
	int	sp, adopted;

	if (h->oextra == 0 && h->osp > 0) {
		sp = start_closes(h->ostack, h->osp, tag, &adopted);
		h->osp = adopted >= 0 ? compact(h->ostack, h->osp, adopted) :
		    sp;
	}
	if (opens && !(tag->cls & T_VOID))
		outer_push(h, tag);
}

/*
 * An end tag outside a hidden element closes what end_closes() says; one
 * of nothing open is stray. Past OSTACK_MAX names are not told: each end
 * tag closes one.
 */
static void
outer_end(struct hide *h)
{
	int	i, adopted;

	if (h->oextra > 0) {
		h->oextra--;
		return;
	}
	if ((i = end_closes(h->ostack, h->osp, &h->tag, &adopted)) < 0)
		return;
	h->osp = adopted ? compact(h->ostack, h->osp, i) : i;
}

/*
 * The first special element (a block) open in the hidden element above
 * entry i, or hsp.
 */
static int
block_above(const struct hide *h, int i)
{
	for (i++; i < h->hsp && !(h->hstack[i].cls & T_SPECIAL); i++)
		;
	return i;
}

/* Entry i of hstack, an element hidden by its own style, is the hidden one. */
static void
reseat(struct hide *h, int i, int reopen)
{
	h->hstack[0] = h->hstack[i];
	h->hsp = 1;
	h->hextra = 0;
	h->hsoft = 0;
	h->hreopen = reopen;
}

/*
 * The hidden element is closed, with what was open in it; but browsers
 * open a formatting element again around what follows (not one opened
 * in a cell, nor past a cell's end: marker, nor when end tags past
 * HSTACK_MAX were not told: hlost), and one hidden by its own style
 * hides on. Returns whether hiding goes on.
 */
static int
close_hidden(struct hide *h, int marker)
{
	int	i;

	marker |= (h->hstack[0].cls & T_MARKER) || h->hlost;
	for (i = 1; i < h->hsp && !marker; i++) {
		if (h->hstack[i].cls & T_MARKER)
			break;
		if ((h->hstack[i].cls & T_FORMAT) && h->hstack[i].hides) {
			reseat(h, i, 1);
			return 1;
		}
	}
	hide_end(h);
	return 0;
}

/*
 * HTML5's adoption agency closes the hidden element: a formatting one by
 * its end tag or by a second <a> or <nobr>, or another element inline
 * in one. The blocks open in it (special elements) are moved out of it,
 * and are open outside now; one hidden by its own style hides on, with
 * the blocks in it. The rest is closed (close_hidden()). Returns whether
 * hiding goes on.
 */
static int
adopt_out(struct hide *h)
{
	int	i, k;

	for (i = block_above(h, 0); i < h->hsp; i = block_above(h, i)) {
		if (!h->hstack[i].hides) {
			outer_push(h, &h->hstack[i]);
			continue;
		}
		for (k = 0; i < h->hsp; i = block_above(h, i))
			h->hstack[k++] = h->hstack[i];
		h->hsp = k;
		h->hextra = 0;
		h->hsoft = 0;
		h->hreopen = 0;
		return 1;
	}
	/* formatting elements more than three below the furthest block
	   leave the list of those opened again (the inner loop's limit) */
	if ((i = block_above(h, 0)) < h->hsp)
		for (k = 1; k < i - 3; k++)
			h->hstack[k].hides = 0;
	return close_hidden(h, 0);
}

/* Is an element whose end clears formatting open around it from cut on? */
static int
marker_from(const struct hide *h, int cut)
{
	int	i;

	for (i = cut; i < h->osp; i++)
		if (h->ostack[i].cls & T_MARKER)
			return 1;
	return 0;
}

/*
 * The adoption agency closed an element around the hidden one. A block
 * (moved, whole) or a formatting element (copied, or opened again) goes
 * on, with the blocks open in it; another is closed (adopt_out()).
 * Returns whether hiding goes on.
 */
static int
adopt_around(struct hide *h, int i)
{
	int	j, k = 1;

	h->osp = compact(h->ostack, h->osp, i);
	if (!(h->hstack[0].cls & (T_SPECIAL | T_FORMAT)))
		return adopt_out(h);
	for (j = 1; j < h->hsp; j++)
		if (h->hstack[j].cls & T_SPECIAL)
			h->hstack[k++] = h->hstack[j];
	h->hsp = k;
	return 1;
}

/*
 * Closed by what closed an element around it, from place cut of ostack
 * on: a formatting element goes on, as browsers open it again around
 * what follows, unless a cell was closed or opens (marker); else
 * close_hidden(). Returns whether hiding goes on.
 */
static int
closed_around(struct hide *h, int cut, int marker)
{
	marker |= marker_from(h, cut);
	h->osp = cut;
	if (!marker && !h->hlost && (h->hstack[0].cls & T_FORMAT)) {
		h->hsp = 1;
		h->hextra = 0;
		h->hreopen = 1;
		return 1;
	}
	return close_hidden(h, marker);
}

/*
 * The elements open around the hidden one and in it, as one stack: st,
 * its depth in *sp, the hidden one's place in *base. Past OSTACK_MAX
 * those around are not told: the hidden one's own stack.
 */
static const struct hent *
open_stack(const struct hide *h, struct hent *st, int *sp, int *base)
{
	if (h->oextra > 0) {
		*sp = h->hsp;
		*base = 0;
		return h->hstack;
	}
	memcpy(st, h->ostack, sizeof(*st) * h->osp);
	memcpy(st + h->osp, h->hstack, sizeof(*st) * h->hsp);
	*sp = h->osp + h->hsp;
	*base = h->osp;
	return st;
}

/*
 * An end tag, inside a hidden element: end_closes() on both stacks, the
 * elements open around it and in it. If it closes what is open in it,
 * it goes on. The hidden element's own end tag ends it (a formatting
 * one's, by the adoption agency, moves the blocks open in it out,
 * adopt_out()). One that closes an element around it closes it too,
 * unless the adoption agency does and it is a block (moved, whole) or a
 * formatting element (copied), adopt_around(), or closed_around() says
 * it goes on. Past OSTACK_MAX, the elements around are not told: an end
 * tag that closes nothing in it closes one of them, and it if a special
 * one's.
 */
static void
hidden_end_tag(struct canon *c)
{
	struct hide	*h = &c->hd;
	struct hent	 st[OSTACK_MAX + HSTACK_MAX];
	const struct hent *s;
	int		 n, base, i, adopted;

	if (h->hextra > 0) {
		h->hextra--;
		return;
	}
	s = open_stack(h, st, &n, &base);
	if ((i = end_closes(s, n, &h->tag, &adopted)) < 0) {
		/* stray, or ignored: it goes on; past OSTACK_MAX a special
		   one's closes one of the elements around, and it */
		if (h->oextra > 0 && (h->tag.cls & T_SPECIAL)) {
			h->oextra--;
			hide_end(h);
		}
		return;
	}
	if (i > base)
		h->hsp = adopted ? compact(h->hstack, h->hsp, i - base) :
		    i - base;
	else if (i == base)
		(void)(adopted ? adopt_out(h) : close_hidden(h, 0));
	else if (adopted)
		(void)adopt_around(h, i);
	else
		(void)closed_around(h, i, 0);
}

/*
 * A start tag, inside a hidden element: it may close what is open in it,
 * the hidden one too, or elements open around it, and with them the
 * hidden one (start_closes() on both stacks: the next <li> an <li>, a
 * <div> a <p>), which goes on as adopt_out(), adopt_around() or
 * closed_around() say; an element a browser moves
 * out of the hidden table in front of it (fostered()) ends the hidden
 * one, which is shown from there on, as its text is; else it opens an
 * element inside it. Past OSTACK_MAX, only what is open in the hidden
 * element is told. Returns whether the hidden element goes on.
 */
static int
hidden_start_tag(struct canon *c)
{
	struct hide	*h = &c->hd;
	struct hent	 st[OSTACK_MAX + HSTACK_MAX];
	const struct hent *s;
	int		 n, base, cut, adopted, i;

	if (h->hextra > 0) {
		if (!(h->tag.cls & T_VOID) && h->hextra < 1 << 20)
			h->hextra++;
		h->hlost = 1;
		return 1;
	}
	if (fostered(h) && !(h->tag.cls & (T_TABLE | T_VOID))) {
		outer_push(h, &h->hstack[0]);
		hide_end(h);
		return 0;
	}
	if (h->hreopen && (h->tag.cls & T_MARKER)) {
		/* a cell: formatting closed before it is not opened in it;
		   an element hidden by its own style opened since hides on */
		for (i = 1; i < h->hsp && !h->hstack[i].hides; i++)
			outer_push(h, &h->hstack[i]);
		if (i == h->hsp) {
			hide_end(h);
			return 0;
		}
		memmove(h->hstack, h->hstack + i, sizeof(*h->hstack) *
		    (h->hsp - i));
		h->hsp -= i;
		h->hreopen = 0;
	}
	s = open_stack(h, st, &n, &base);
	cut = start_closes(s, n, &h->tag, &adopted);
	if (adopted == base) {		/* the hidden <a> itself */
		if (!adopt_out(h))
			return 0;
	} else if (adopted > base)
		h->hsp = compact(h->hstack, h->hsp, adopted - base);
	else if (adopted >= 0) {
		if (!adopt_around(h, adopted))
			return 0;
	} else if (cut <= base && h->oextra > 0) {
		hide_end(h);
		return 0;
	} else if (cut <= base) {
		if (!closed_around(h, cut, (h->tag.cls & T_MARKER) != 0))
			return 0;
		if (!(h->tag.cls & T_VOID))	/* outside the hidden one, */
			outer_push(h, &h->tag);	/* which opens again in it */
		return 1;
	} else
		h->hsp = cut - base;
	if (h->tag.cls & T_VOID)
		return 1;
	if (h->hsp < HSTACK_MAX)
		h->hstack[h->hsp++] = h->tag;
	else {
		h->hextra++;
		h->hlost = 1;
	}
	return 1;
}

/*
 * Does the element make a box of no height (or width) that clips what
 * overflows it? Not an inline one (<span>, <a>: height and overflow do
 * not apply) unless its display makes a box, nor a table's part (a row
 * or cell, a table grow to what they hold).
 */
static int
box_hides(const struct hide *h)
{
	if ((h->tag.cls & (T_TSTRUCT | T_TBL)) || (h->dinl &&
	    ((h->tag.cls & (T_INLINE | T_FORMAT)) || h->tag.id == 0) &&
	    h->disp == P_UNSET))
		return 0;
	if (h->dinl && h->disp == P_SHOWS)
		return 0;
	return ((h->high == P_HIDES || h->maxh == P_HIDES) &&
	    h->ovfy == P_HIDES) || ((h->wide == P_HIDES ||
	    h->maxw == P_HIDES) && h->ovfx == P_HIDES);
}

/*
 * A tag ended ('>'): does a hidden element start or end? An inline
 * display, the last of the style attribute, overrides the hidden
 * attribute and a class a rule hides. An element hidden only by a tiny
 * font size or visibility ends at its first child, which may set them
 * again (templates set font-size:0 on a cell whose blocks set their own).
 */
void
hide_tag_end(struct canon *c)
{
	struct hide	*h = &c->hd;
	int		 hard, soft;

	if ((h->tag.cls & T_TSTRUCT) && h->oextra == 0 && h->hextra == 0 &&
	    open_cls(h->ostack, h->osp, T_TBL, 0) < 0 &&
	    open_cls(h->hstack, h->hsp, T_TBL, 0) < 0)
		return;		/* no table open: no element, as browsers */
	if (c->tend) {
		if (h->hsp > 0)
			hidden_end_tag(c);
		else
			outer_end(h);
		return;
	}
	/* a class shown !important: over the style attribute's display */
	if (h->aforced && !(h->cimp & IMP_DISP))
		h->disp = P_SHOWS;
	/* a <template>'s content is never shown, whatever its style */
	hard = !(h->tag.cls & T_VOID) && (h->disp == P_HIDES ||
	    h->opac == P_HIDES || (h->disp == P_UNSET && (h->ahidden ||
	    h->aclass)) || strcmp(c->tname, "template") == 0 || box_hides(h));
	soft = h->vis == P_HIDES || h->font == P_HIDES ||
	    (h->colr == P_HIDES && !h->tpaint);
	h->tag.hides = hard;	/* if in a hidden one, for when it ends */
	if (h->hsp > 0) {
		if (h->hsoft) {		/* shown from here on, still open */
			outer_push(h, &h->hstack[0]);
			hide_end(h);
		} else if (hidden_start_tag(c))
			return;
	}
	if (h->tag.cls & T_VOID) {
		outer_start(h, &h->tag, 0);	/* <hr> closes a <p> */
		return;
	}
	outer_start(h, &h->tag, !hard && !soft);
	if (!hard && !soft)
		return;
	h->hstack[0] = h->tag;
	hide_keep_space(c);
	h->hsp = 1;
	h->hextra = 0;
	h->hlost = 0;
	h->hsoft = !hard;
	h->hshown = 0;
	h->hcount = 0;
	h->hneed = 0;
}

/* ------------------------------------------------------------ text */

/*
 * A visible character of hidden text was counted: past HIDE_MAX the
 * element is shown from here on.
 */
static int
count_shows(struct hide *h, uint32_t cp)
{
	if (!fin_visible(cp) || ++h->hcount <= HIDE_MAX)
		return 0;
	h->hshown = 1;
	return 1;
}

/*
 * Keep hidden text, up to HKEEP_MAX bytes a message, a character at a
 * time: canon_end() digests it after the visible text when that is next
 * to nothing (c->shown_min), as when a campaign hides the same block under
 * its images in every copy.
 */
static void
hide_keep(struct canon *c, const unsigned char *p, size_t n)
{
	if (c->hkfull)
		return;
	if (n > HKEEP_MAX - c->hklen) {
		c->hkfull = 1;
		return;
	}
	memcpy(c->hkeep + c->hklen, p, n);
	c->hklen += n;
}

/*
 * White space between words of hidden text, kept as one byte: a space
 * for what would show as one space, a line break for more or a break
 * (canon.c spaced_join tells them apart, as in the visible text). As a
 * browser shows them, spaces, tabs and line breaks in a row are one
 * space; each no-break space (nbsp) is one of its own.
 */
static void
keep_blank(struct canon *c, int brk, int nbsp)
{
	unsigned char	*last;

	if (c->hklen == 0 || *(last = c->hkeep + c->hklen - 1) == '\n')
		return;
	if (*last == ' ') {
		if (brk || nbsp)
			*last = '\n';
	} else
		hide_keep(c, (const unsigned char *)(brk ? "\n" : " "), 1);
}

/* A break between words of hidden text (an element's edge), kept. */
void
hide_keep_space(struct canon *c)
{
	keep_blank(c, 1, 0);
}

/*
 * A character of hidden text, kept if it shows; white space as one byte
 * (keep_blank), so that neither the source's indentation nor invisible
 * padding (&zwnj;&nbsp; after a preheader) takes room that the text
 * needs.
 */
static void
keep_cp(struct canon *c, uint32_t cp)
{
	unsigned char	u8[4];

	if (fin_visible(cp))
		hide_keep(c, u8, u8_put(u8, cp));
	else if (fin_blank(cp))
		keep_blank(c, 0, cp >= 0x80);
}

/* A character inside a hidden element: kept, counted; is it shown now? */
static int
hidden_cp(struct canon *c, uint32_t cp)
{
	keep_cp(c, cp);
	return count_shows(&c->hd, cp);
}

/*
 * Text (UTF-8) inside a hidden element. Its own small decoder, not
 * fin_bytes': that one must pass a broken sequence on, byte for byte, to
 * be read in the part's charset, where hidden text needs only each
 * character's class (fin_visible, fin_blank), and anything broken is
 * U+FFFD, which shows.
 */
void
hide_text(struct canon *c, const unsigned char *p, size_t n)
{
	struct hide	*h = &c->hd;
	size_t		 i;
	unsigned char	 b;

	for (i = 0; i < n; i++) {
		b = p[i];
		if (h->hneed > 0 && (b & 0xc0) == 0x80) {
			h->hcp = h->hcp << 6 | (b & 0x3f);
			if (--h->hneed > 0)
				continue;
		} else if (b >= 0xc2 && b <= 0xf4) {
			h->hneed = b < 0xe0 ? 1 : b < 0xf0 ? 2 : 3;
			h->hcp = b & (0x3f >> h->hneed);
			continue;
		} else {
			h->hneed = 0;
			h->hcp = b < 0x80 ? b : 0xfffd;
		}
		if (hidden_cp(c, h->hcp)) {
			fin_bytes(c, p + i + 1, n - i - 1);
			return;
		}
	}
}

/* A character (an entity's) inside a hidden element. */
void
hide_cp(struct canon *c, uint32_t cp)
{
	(void)hidden_cp(c, cp);
}

/*
 * Is text hidden here? Not when a table's text outside its cells is what
 * the hidden element holds directly (fostered()).
 */
int
hide_hiding(const struct canon *c)
{
	const struct hide	*h = &c->hd;

	return h->hsp > 0 && !h->hshown && !fostered(h);
}

/* A new part: no hidden element, no class hidden. */
void
hide_reset(struct canon *c)
{
	memset(&c->hd, 0, sizeof(c->hd));
}
