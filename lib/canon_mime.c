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
 * canon_mime.c: the canonicaliser's MIME stage: lines, boundaries, the
 * Content-* headers of each part (RFC 2045, RFC 2231 parameters), and
 * the transfer decoders (base64, quoted-printable).
 *
 * A small streaming MIME decoder written for this purpose. GMime, the
 * obvious library, parses a message into a tree held in memory (and its
 * stream parser still buffers whole header blocks and keeps every part's
 * content around until the tree is built), so it cannot give the fixed
 * memory per message a milter handling hostile mail needs. What is
 * needed here is much less than a MIME library: find the text parts,
 * undo two transfer encodings and the charset, strip HTML. That fits in
 * a push parser whose state is one fixed-size struct.
 */

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "canon-internal.h"
#include "util.h"

/* ------------------------------------------------------------ decoders */

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
		d = util_b64tab[p[i]];
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
			if (util_hexval(b) >= 0) {
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
			if (util_hexval(b) >= 0) {
				o[k++] = util_hexval(c->qh) << 4 | util_hexval(b);
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
		if (util_b64tab[p[i]] == 0)
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
		    (hi = util_hexval((unsigned char)v[i + 1])) >= 0 &&
		    (lo = util_hexval((unsigned char)v[i + 2])) >= 0) {
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

/*
 * A Content-Type value (its first n bytes if cut: then a boundary that
 * runs to the cut is lost, not a prefix taken for the boundary).
 */
static void
parse_ctype(struct canon *c, const char *s, size_t n, int cut)
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
		if (cut && i >= n)
			over = 1;	/* the value may go on past the cut */
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

enum hkind
hdr_kind(const struct canon *c, const char *name)
{
	if (strcasecmp(name, "content-type") == 0 && !c->pi.have_ctype)
		return HK_CTYPE;
	if (strcasecmp(name, "content-transfer-encoding") == 0 &&
	    !c->pi.have_cte)
		return HK_CTE;
	return HK_OTHER;
}

void
hdr_value(struct canon *c, enum hkind kind, const char *s, size_t n, int cut)
{
	if (kind == HK_CTYPE)
		parse_ctype(c, s, n, cut);
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
		    c->hlen : sizeof(c->hbuf), c->hlen > sizeof(c->hbuf));
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
	html_reset(c);
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
	conv_end(c);
	if (c->html)
		html_end(c);
	fin_space(c);
	c->pstate = P_SKIP;
}

/* The header block of a part (or of the message) is over. */
void
part_begin(struct canon *c)
{
	struct boundary *b;

	switch (c->pi.type) {
	case PT_MULTI:
		c->pstate = P_SKIP;	/* the preamble */
		if (c->depth > 0 && c->stk[c->depth - 1].loose) {
			/* parts within parts, all loose: the innermost's kind */
			c->stk[c->depth - 1].digest = c->pi.digest;
			break;
		}
		b = &c->stk[c->depth++];
		c->inpre = c->depth == 1;	/* the outermost */
		c->prelen = 0;
		b->digest = c->pi.digest;
		b->loose = c->pi.bndlen == 0 || c->depth > MAXDEPTH;
		b->len = b->loose ? 0 : c->pi.bndlen;
		if (c->pi.bndlen == 0)
			c->flags |= CANON_F_BADMIME;
		if (c->depth > MAXDEPTH)
			c->flags |= CANON_F_DEPTH;
		if (!b->loose)
			memcpy(b->b, c->pi.bnd, c->pi.bndlen);
		break;
	case PT_MSG:
		if (c->pi.enc != ENC_ID) {
			/* not allowed, but shown: its text, decoded */
			c->flags |= CANON_F_BADMIME;
			c->pi.type = PT_PLAIN;
			body_begin(c);
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

/* The open part ends at a boundary line. */
static void
part_cut(struct canon *c)
{
	if (c->pstate == P_BODY)
		body_end(c);
	else if (c->pstate == P_HEADERS) {
		hdr_field_end(c);
		c->flags |= CANON_F_BADMIME;	/* headers cut short */
	}
}

/*
 * A line of n bytes (trailing blanks gone) that starts with "--" and is
 * no enclosing boundary, in the loose multipart on top: does it start a
 * part, close the open one, or neither? It closes the part when it is
 * "--X--" with X the token of the line that opened it (a nested
 * multipart's close, a loose level's own); any other "--...--" is the
 * part's text, so that no stray line hides what follows it; any other
 * "--" line starts a part, whose token it is (NULL: a line too long to
 * keep, which starts a part and is remembered as none). Nested
 * multiparts are all one loose level, whose end is an enclosing
 * boundary; its parts are plain text unless its multipart is a digest.
 * Returns 1 if the line was taken, 0 if it is text.
 */
static int
loose_line(struct canon *c, const unsigned char *l, size_t n)
{
	struct boundary *b = &c->stk[c->depth - 1];

	if (l != NULL && n >= 5 && l[n - 1] == '-' && l[n - 2] == '-') {
		if (b->len == 0 || n - 4 != b->len ||
		    memcmp(l + 2, b->b, b->len) != 0)
			return 0;
		part_cut(c);
		b->len = 0;
		c->pstate = P_SKIP;
		return 1;
	}
	part_cut(c);
	c->inpre = 0;
	b->len = l != NULL && n - 2 <= BND_MAX ? n - 2 : 0;
	if (b->len > 0)
		memcpy(b->b, l + 2, b->len);
	pi_init(c, b->digest ? PT_MSG : PT_PLAIN);
	hdr_reset(c);
	c->pstate = P_HEADERS;
	return 1;
}

/* Is the innermost open multipart a loose one? */
static int
loose_top(const struct canon *c)
{
	return c->depth > 0 && c->stk[c->depth - 1].loose;
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
		if (c->stk[i].loose || n - 2 < c->stk[i].len ||
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
		return loose_top(c) ? loose_line(c, l, n) : 0;

	part_cut(c);
	c->inpre = 0;
	if (i < c->depth - 1 - loose_top(c))
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

/* Keep bytes of the outermost multipart's preamble, PRE_MAX at most. */
static void
pre_add(struct canon *c, const unsigned char *p, size_t n)
{
	if (n > PRE_MAX - c->prelen)
		n = PRE_MAX - c->prelen;
	memcpy(c->pre + c->prelen, p, n);
	c->prelen += n;
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
	else if (c->inpre)
		pre_add(c, p, n);
}

static void
line_eol(struct canon *c)
{
	if (c->pstate == P_HEADERS)
		hdr_eol(c);
	else if (c->pstate == P_BODY)
		dec_bytes(c, (const unsigned char *)"\n", 1);
	else if (c->inpre)
		pre_add(c, (const unsigned char *)"\n", 1);
}

/* A line that looked like a boundary and was not: give it on. */
static void
cand_replay(struct canon *c)
{
	c->cand = 0;
	line_bytes(c, c->lbuf, c->llen);
}

/* The line splitter: LF-terminated lines, in any chunking. */
void
lines_feed(struct canon *c, const unsigned char *p, size_t n)
{
	const unsigned char *q;
	size_t seg, k;

	while (n > 0) {
		if (c->eatline) {
			if ((q = memchr(p, '\n', n)) == NULL)
				break;
			c->eatline = 0;
			c->bol = 1;
			n -= q + 1 - p;
			p = q + 1;
			continue;
		}
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
			if (seg > k && loose_top(c) &&
			    (c->llen > 0 ? c->lbuf[0] : p[0]) == '-' &&
			    (c->llen > 1 ? c->lbuf[1] : p[1 - c->llen]) == '-') {
				/*
				 * Too long for any enclosing boundary: a
				 * loose one, whose rest is dropped.
				 */
				c->cand = 0;
				(void)loose_line(c, NULL, 0);
				c->eatline = 1;
				continue;
			}
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

/* ------------------------------------------------------------ the stage's life */

/* A new message: the MIME, decoder, charset and HTML state from scratch. */
void
mime_reset(struct canon *c)
{
	c->bol = 1;
	c->cand = 0;
	c->eatline = 0;
	c->llen = 0;
	c->depth = 0;
	c->inpre = 0;
	c->prelen = 0;
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
	c->sniff = 0;
	c->slen = 0;
	c->sniffs = 0;
	c->sniffed = 0;
	c->html = 0;
	html_reset(c);
}

/*
 * A multipart with no part at all (its boundary, or any "--" line of a
 * loose one, never came): its preamble, the first PRE_MAX bytes, is read
 * as plain text. Mail programs that show the body of such a message
 * show that text, and no structure may hide text from the digest; a
 * preamble before a part ("This is a multi-part message in MIME
 * format.") is read by no one and stays out.
 */
static void
pre_text(struct canon *c)
{
	if (!c->inpre)
		return;
	c->inpre = 0;
	if (c->prelen == 0)
		return;
	c->flags |= CANON_F_BADMIME;
	pi_init(c, PT_PLAIN);
	body_begin(c);
	dec_bytes(c, c->pre, c->prelen);
	body_end(c);
}

/* The end of the message: a last line without LF, the open part. */
void
mime_end(struct canon *c)
{
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
	pre_text(c);
}
