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
 * its final stage (UTF-8 decode, drop NULs and invisible characters,
 * lower case, collapse white space, output). canon.h says what it
 * produces; canon-internal.h shows the pipeline and the other stages.
 */

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "canon-internal.h"

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
	c->frun = 0;
	c->fbol = 0;
	for (i = 0; i < n; i++)
		oput(c, p[i]);
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
	if (cp < 0x80) {
		if (cp >= 'A' && cp <= 'Z')
			cp += 'a' - 'A';
		else if (cp == ' ' || (cp >= '\t' && cp <= '\r')) {
			if (cp == '\n')
				c->fbol = 1;
			c->fws = 1;
			return;
		} else if (cp < 0x20 || cp == 0x7f) {
			if (cp == 0)
				c->flags |= CANON_F_NUL;
			return;
		}
		if (c->fbol && cp == '>')
			return;
		c->fbol = 0;
		if (fin_run_drop(c, cp))
			return;
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
	c->fbol = 0;
	if (fin_run_drop(c, cp))
		return;
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
	c->fws = 1;
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
	c->out = out;
	c->arg = arg;
	conv_init(c);
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
	mime_reset(c);
	c->u8need = 0;
	c->u8len = 0;
	c->fws = 0;
	c->fany = 0;
	c->fbol = 1;
	c->frun = 0;
	c->frunlen = 0;
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
	mime_end(c);
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
