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
 * canon.h: the canonicaliser, which turns a message body into the bytes
 * that are digested.
 *
 * Two forms:
 *  - CANON_RAW: the body as the MTA sends it, with CRLF turned into LF, so
 *    that it equals `nilsimsa -s` on the stored message. A lone CR stays.
 *    With with_headers, the header block (up to the first empty line) is
 *    skipped.
 *  - CANON_TEXT: the text/plain and text/html parts, decoded from base64
 *    or quoted-printable, converted to UTF-8 from their charset, HTML tags,
 *    comments, <style> and <script> removed, entities decoded, the text
 *    of elements hidden from the reader (display:none, opacity 0, the
 *    hidden attribute, a class that a <style> rule hides, <template>;
 *    visibility: hidden and a font size of 1px or less up to the
 *    element's first child) dropped up to 1,024 visible characters an
 *    element (HIDE_MAX; canon_hide.c says why, and how it hides no more
 *    than a browser), but digested after the visible text, up to 4 KiB,
 *    when that is too little to digest (canon_set_shown_min();
 *    HKEEP_MAX), runs of white space collapsed to one space. Parts of
 *    other types (images, applications) are skipped. A text part is
 *    read whatever its Content-Disposition: many mail clients show a text
 *    attachment inline, and skipping it would let a campaign hide its
 *    text behind one header.
 *
 * Details of TEXT, chosen so that one campaign sent in two charsets, two
 * transfer encodings or with cosmetic variations gives the same bytes:
 *  - lower-cased: ASCII, Latin-1, Latin Extended-A, Greek (accented
 *    capitals too; final sigma is read as sigma, which a capital Sigma
 *    lowers to) and Cyrillic capitals (the letters past Russian's too),
 *    since case games are a cheap spam variation; fullwidth ASCII
 *    (U+FF01..U+FF5E) becomes ASCII;
 *  - NULs, C0/C1 controls and invisible characters (soft hyphen,
 *    zero-width space/joiners, BOM, direction overrides, variation
 *    selectors, tag characters) are dropped, as are combining diacritics
 *    and the optional vowel points of Hebrew and Arabic; so are
 *    ornaments (arrows, geometric shapes, stars, dingbats, the reference
 *    mark, the bullet, emoji), which campaigns strew between letters,
 *    so that the letters around them meet; NBSP and the Unicode spaces
 *    count as white space. Not done: text written
 *    decomposed (NFD: a letter, then its accent as a combining mark, as
 *    some Vietnamese keyboards write) reads without its accents, and so
 *    otherwise than the same text composed (NFC), which keeps them:
 *    that needs Unicode's composition tables;
 *  - letters of the mathematical, circled, parenthesised and squared
 *    alphabets become ASCII (as NFKC makes them); a word of Latin letters
 *    with Cyrillic or Greek look-alikes in it is written in Latin letters
 *    throughout, a Russian word with Latin or Greek look-alikes in
 *    Cyrillic, and a word of look-alikes of two scripts alone in the
 *    script of the word before; a word in one script is left as it is
 *    (canon.c fold_word);
 *  - letters spaced apart are the word they spell: three letters or
 *    more of one alphabet (Latin, Greek, Cyrillic, Han and kana; not
 *    Hangul), each a word of its own, one space (a tab, a no-break or
 *    other Unicode space too) or one of . - _ * between each two, the
 *    same all along ("f r e e", "v.i.a.g.r.a"), to 128 bytes a word;
 *    two spaces or a line break end the word (canon.c spaced_join);
 *  - in a word of ASCII letters and digits, of 64 bytes at most, with
 *    two letters or more and no more digits than letters, the digits 0
 *    1 3 4 5 7 are read as o i e a s t ("fr33 m0n3y"), after its
 *    look-alikes are folded (canon.c digit_fold);
 *  - quote marks at a line's start ("> > ", however deep; also after a
 *    block-level HTML tag) are dropped, the quoted text kept: how deep a
 *    passage is quoted is the mail client's doing, not the text's;
 *  - white space runs become one space, none at the start or the end;
 *    a run of one symbol (punctuation, box drawing, CJK punctuation:
 *    separator lines like "=====" or "____") is cut to 3 characters;
 *    parts, and block-level HTML tags (p, br, div, td, ...), are
 *    separated by a space; inline tags (b, font, span, ...) and comments
 *    vanish without one, so "V<b></b>iagra" gives "viagra";
 *  - a message without Content-Type is text/plain; each multipart is
 *    followed to MAXDEPTH (8) levels; message/rfc822 parts give their
 *    own text parts, and one with a transfer encoding (which RFC 2046
 *    forbids, CANON_F_BADMIME) its decoded text;
 *  - no structure hides text: a multipart nested deeper (CANON_F_DEPTH),
 *    or whose boundary is missing, longer than 200 bytes or cut with
 *    its header at 4 KiB (CANON_F_BADMIME), is loose: each line that
 *    starts with "--" and is no boundary of an enclosing multipart
 *    starts one of its parts (its header block follows), but for
 *    "--X--", which ends the part "--X" started and is text otherwise;
 *    multiparts within it are more of its parts, and an enclosing
 *    boundary ends it. What it cannot show: text right below a "--"
 *    line with no blank line between, read as that part's header block
 *    (as clients read it too), and an encoded message/rfc822, read as
 *    one text with its headers, its own MIME not followed;
 *  - charsets go through iconv, for the labels of the WHATWG Encoding
 *    Standard (what browsers and mail clients decode) plus UTF-7 and
 *    UTF-32, mapped to the supersets mail really uses (gb2312/gbk ->
 *    GB18030, iso-8859-1 -> windows-1252, shift_jis -> CP932, euc-kr ->
 *    CP949); utf-8 passes through; a part with no label, us-ascii or a
 *    label not in the table (CANON_F_CHARSET) whose first 4 KiB are not
 *    mostly valid UTF-8 is read in the charset uchardet finds in them
 *    (old Chinese, Japanese and Russian mail often has 8-bit text and no
 *    label), or passes through as bytes when it finds none of the table;
 *    uchardet reads the first four such parts of a message (it costs up
 *    to 1.6 ms a part), and later ones are read as labelled, or as bytes;
 *    a part labelled iso-8859-1 or windows-1252 is read as UTF-8 when it
 *    is that without a fault, or in a charset of another script when
 *    uchardet finds one; under any other label of one byte a character,
 *    as UTF-8 when it is that without a fault (not IBM866); labelled
 *    ISO-2022-JP with 8-bit bytes and none of its escapes, as an
 *    unlabelled part; labelled UTF-16 or UTF-32, big-endian after a
 *    big-endian byte-order mark, else little-endian (WHATWG's utf-16),
 *    whatever the host;
 *    ISO-2022-KR/CN and HZ pass through;
 *    invalid bytes are skipped (CANON_F_BADENCODING), and a conversion
 *    error ends cleanly whatever the cut; bytes that are not valid UTF-8
 *    after that are passed on as they are;
 *  - a part's header field longer than 4 KiB is truncated
 *    (CANON_F_BADMIME);
 *  - as in browsers, an HTML comment that is never closed hides the rest
 *    of its part, and a multipart whose boundary never comes gives
 *    nothing (its content is all preamble, as a loose one's before its
 *    first "--" line).
 *
 * Memory: struct canon is one fixed-size block (about 24 KiB); the only
 * allocations after canon_new() are iconv descriptors, at most one per
 * converter (41) kept open per canonicaliser and reused across
 * canon_reset(), so parts in many charsets never reopen one, and one
 * uchardet detector, made for the first unlabelled 8-bit part and kept.
 *
 * The canonicaliser is a push parser: it streams, keeps a fixed amount of
 * memory per message whatever the input (no line or part is buffered
 * whole), never fails on malformed input (it does its best and notes what
 * it saw in canon_flags()), and emits its output through a callback.
 */
#ifndef CANON_H
#define CANON_H

#include <stddef.h>
#include <stdint.h>

enum canon_mode {
	CANON_TEXT = 0,
	CANON_RAW = 1
};

/* What the canonicaliser saw; informational (for logs and `check`). */
#define CANON_F_TRUNCATED	0x01	/* input beyond max_in was ignored */
#define CANON_F_BADMIME		0x02	/* missing/broken boundaries, bad headers */
#define CANON_F_BADENCODING	0x04	/* invalid base64 or QP was skipped */
#define CANON_F_NUL		0x08	/* NUL bytes in the input (dropped in TEXT) */
#define CANON_F_CHARSET		0x10	/* an unknown charset, passed through */
#define CANON_F_DEPTH		0x20	/* MIME nested deeper than supported */

/* Output callback: called with canonical bytes, in order, in pieces
 * (TEXT mode buffers up to 4 KiB; everything is out after canon_end()).
 * out may be NULL to only count the bytes. */
typedef void canon_out_fn(void *arg, const unsigned char *buf, size_t len);

struct canon;

/*
 * Create a canonicaliser. max_in caps the body bytes looked at (0: no
 * cap); bytes past it are ignored and CANON_F_TRUNCATED is set. If
 * with_headers is non-zero the input given to canon_body() starts with
 * the message's header block (a whole RFC 5322 message, as tools read it
 * from a file); otherwise the top-level headers come through
 * canon_header() and canon_body() gets the body only (as in a milter).
 * Returns NULL only when out of memory.
 */
struct canon	*canon_new(enum canon_mode mode, uint64_t max_in, int with_headers,
		    canon_out_fn *out, void *arg);

/*
 * With less visible text than n bytes (images and a line), a TEXT
 * message has the text of its hidden HTML elements, up to 4 KiB, digested
 * after the visible (canon_hide.c says why): n is the least text the
 * caller digests (the milter's MinOwnText). 0: never. Default 128.
 */
void		 canon_set_shown_min(struct canon *c, uint64_t n);

/* Start a new message with the same settings, without allocating. */
void		 canon_reset(struct canon *c);

/*
 * A top-level header of the message, as a milter receives it: name
 * without the colon, value possibly folded (CRLF or LF followed by
 * white space). Only the MIME headers matter; others are ignored. Call
 * before the first canon_body().
 */
void		 canon_header(struct canon *c, const char *name, const char *value);

/* Body bytes (or message bytes, see with_headers), in any chunking, with
 * CRLF or LF line ends. */
void		 canon_body(struct canon *c, const unsigned char *buf, size_t len);

/*
 * End of message: flush what is pending. It ends in two steps for a
 * caller that drops some of the visible text from what it digests (a
 * report's forms, forms.h): canon_end_shown() puts out all the visible
 * text; canon_finish() then weighs what is left of it less the `dropped`
 * bytes against the shown minimum (canon_set_shown_min) and puts out the
 * hidden text if that is less. canon_end() is both, dropping nothing.
 * Each is idempotent; input after any of them is ignored.
 */
void		 canon_end_shown(struct canon *c);
void		 canon_finish(struct canon *c, uint64_t dropped);
void		 canon_end(struct canon *c);

uint64_t	 canon_in_bytes(const struct canon *c);	/* body bytes looked at */
uint64_t	 canon_out_bytes(const struct canon *c);	/* bytes emitted */
unsigned	 canon_flags(const struct canon *c);		/* CANON_F_* */

void		 canon_free(struct canon *c);

/*
 * canon_charset.c: the iconv name that converts charset label cs to
 * UTF-8; NULL when its bytes are UTF-8 or ASCII, "" when unknown.
 */
const char	*canon_charset_iconv(const char *cs);

/* "text" or "raw" to a mode; -1 if neither. */
int		 canon_mode_parse(const char *s);
const char	*canon_mode_name(enum canon_mode mode);

#endif /* CANON_H */
