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
 * rfc2047.c: encoded-words (RFC 2047) decoded into UTF-8, for the subject
 * sample (SubjectSample) that nilsimsactl shows: "=?GB2312?B?...?=" is
 * what most Chinese, Japanese and Russian subjects are on the wire, and
 * no administrator reads that. Written here rather than taken from a
 * library: GMime or libetpan would bring a MIME parser the milter does
 * not use for one header, and the charset labels must be the ones the
 * canonicaliser reads bodies with (canon_charset_iconv()). Bounded: the
 * output's size, RFC2047_WORDS words, RFC2047_TEXT bytes a word.
 */
#include <ctype.h>
#include <errno.h>
#include <iconv.h>
#include <string.h>

#include "canon.h"
#include "rfc2047.h"
#include "util.h"

/* The output: its buffer, length, and whether it is full. */
struct out {
	char	*buf;
	size_t	 len, cap;	/* cap: room for the NUL too */
	int	 full;
};

/*
 * Append n bytes, or as many whole UTF-8 characters of them as fit; a
 * NUL (an encoded =00) becomes '?', so that the output is one string.
 */
static void
emit(struct out *o, const char *s, size_t n)
{
	size_t	k;
	char	*p;

	if (o->full)
		return;
	k = o->cap - 1 - o->len;
	if (n > k) {
		n = util_u8_cut(s, k);	/* no character split */
		o->full = 1;
	}
	memcpy(o->buf + o->len, s, n);
	while ((p = memchr(o->buf + o->len, '\0', n)) != NULL)
		*p = '?';
	o->len += n;
}

/* B: base64 into dec; its length, or -1 if it is not base64. */
static long
decode_b(const char *t, size_t n, unsigned char *dec)
{
	unsigned	acc = 0;
	size_t		i, bits = 0, len = 0;
	int		v;

	for (i = 0; i < n && t[i] != '='; i++) {
		if ((v = util_b64tab[(unsigned char)t[i]]) <= 0)
			return -1;	/* not base64 (words hold no space) */
		acc = ((acc << 6) | (unsigned)(v - 1)) & 0xffffff;
		if ((bits += 6) >= 8) {
			bits -= 8;
			dec[len++] = (unsigned char)(acc >> bits);
		}
	}
	for (; i < n; i++)
		if (t[i] != '=')
			return -1;
	return (long)len;
}

/* Q: '_' a space, =XX a byte, the rest itself; its length, or -1. */
static long
decode_q(const char *t, size_t n, unsigned char *dec)
{
	size_t	i, len = 0;
	int	hi, lo;

	for (i = 0; i < n; i++) {
		if (t[i] == '_')
			dec[len++] = ' ';
		else if (t[i] != '=')
			dec[len++] = (unsigned char)t[i];
		else if (i + 2 < n &&
		    (hi = util_hexval((unsigned char)t[i + 1])) >= 0 &&
		    (lo = util_hexval((unsigned char)t[i + 2])) >= 0) {
			dec[len++] = (unsigned char)(hi << 4 | lo);
			i += 2;
		} else
			return -1;
	}
	return (long)len;
}

/* Convert n bytes of dec from charset cd's into o; '?' for a bad byte. */
static void
convert(struct out *o, iconv_t cd, unsigned char *dec, size_t n)
{
	char	 utf8[4 * RFC2047_TEXT], *ip = (char *)dec, *op;
	size_t	 il = n, ol;

	while (il > 0 && !o->full) {
		op = utf8;
		ol = sizeof(utf8);
		if (iconv(cd, &ip, &il, &op, &ol) == (size_t)-1 &&
		    errno != E2BIG) {
			/* invalid or cut: one byte becomes '?' */
			emit(o, utf8, (size_t)(op - utf8));
			emit(o, "?", 1);
			ip++;
			il--;
			continue;
		}
		emit(o, utf8, (size_t)(op - utf8));
	}
	op = utf8;
	ol = sizeof(utf8);
	if (iconv(cd, NULL, NULL, &op, &ol) != (size_t)-1)	/* shift back */
		emit(o, utf8, (size_t)(op - utf8));
}

/*
 * The encoded-word at p (n bytes from "=?"): decoded into o, with
 * *used its length; -1 (o unchanged) if it is none we can decode.
 */
static int
word(const char *p, size_t n, size_t *used, struct out *o)
{
	unsigned char	 dec[RFC2047_TEXT];
	char		 cs[64];
	const char	*q, *enc, *text, *end, *name;
	size_t		 cslen, tlen;
	long		 dlen;
	iconv_t		 cd;

	if (n < 8 || p[0] != '=' || p[1] != '?')
		return -1;
	/* each scan bounded: a long value of "=?" scans it once, not once
	   a "=?" */
	if ((q = memchr(p + 2, '?', n - 2 < sizeof(cs) ? n - 2 :
	    sizeof(cs))) == NULL)
		return -1;
	cslen = (size_t)(q - (p + 2));
	enc = q + 1;
	if (cslen == 0 || cslen >= sizeof(cs) || (size_t)(enc - p) + 3 > n ||
	    enc[1] != '?')
		return -1;
	text = enc + 2;
	/* the text ends at "?=" within RFC2047_TEXT, with no white space */
	for (end = text; (size_t)(end - p) + 1 < n &&
	    (size_t)(end - text) <= RFC2047_TEXT; end++)
		if (end[0] == '?' && end[1] == '=')
			break;
		else if (isspace((unsigned char)*end))
			return -1;
	if ((size_t)(end - p) + 1 >= n || (tlen = (size_t)(end - text)) >
	    RFC2047_TEXT || end[0] != '?' || end[1] != '=')
		return -1;
	memcpy(cs, p + 2, cslen);
	cs[cslen] = '\0';
	cs[strcspn(cs, "*")] = '\0';	/* RFC 2231's language */
	if (*enc == 'B' || *enc == 'b')
		dlen = decode_b(text, tlen, dec);
	else if (*enc == 'Q' || *enc == 'q')
		dlen = decode_q(text, tlen, dec);
	else
		return -1;
	if (dlen < 0)
		return -1;
	name = canon_charset_iconv(cs);
	if (name != NULL && *name == '\0')
		return -1;	/* unknown, or not converted */
	if (name == NULL)
		emit(o, (const char *)dec, (size_t)dlen);	/* UTF-8, ASCII */
	else if ((cd = iconv_open("UTF-8", name)) == (iconv_t)-1)
		return -1;
	else {
		convert(o, cd, dec, (size_t)dlen);
		iconv_close(cd);
	}
	*used = (size_t)(end - p) + 2;
	return 0;
}

static int
space(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

size_t
rfc2047_decode(const char *in, size_t inlen, char *out, size_t outlen)
{
	struct out	o = { out, 0, outlen, 0 };
	size_t		i = 0, j, used;
	int		words = 0, prev = 0;

	if (outlen == 0)
		return 0;
	while (i < inlen && !o.full) {
		if (words < RFC2047_WORDS && in[i] == '=' &&
		    word(in + i, inlen - i, &used, &o) == 0) {
			words++;
			i += used;
			prev = 1;
			continue;
		}
		if (space((unsigned char)in[i])) {
			for (j = i; j < inlen && space((unsigned char)in[j]); j++)
				;
			/* between two words the white space goes */
			if (prev && j < inlen && words < RFC2047_WORDS &&
			    word(in + j, inlen - j, &used, &o) == 0) {
				words++;
				i = j + used;
				continue;
			}
			emit(&o, in + i, j - i);
			i = j;
		} else {
			/* a run of text in one piece: emit() cuts it whole */
			for (j = i + 1; j < inlen && in[j] != '=' &&
			    !space((unsigned char)in[j]); j++)
				;
			emit(&o, in + i, j - i);
			i = j;
		}
		prev = 0;
	}
	out[o.len] = '\0';
	return o.len;
}
