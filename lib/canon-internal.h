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
 * canon-internal.h: the canonicaliser's state and the calls between its
 * stages; private to lib/canon*.c (canon.h is the contract).
 *
 * The TEXT pipeline, each stage feeding the next, and where it lives:
 *
 *   canon.c          input, CRLF to LF, the API
 *   canon_mime.c     line splitter (boundary lines) -> part state
 *                    (headers, body or skip) -> transfer decoder
 *                    (base64, QP, identity)
 *   canon_charset.c  -> charset conversion (iconv)
 *   canon_html.c     -> HTML filter (text/html only)
 *   canon.c          -> final stage (UTF-8 decode, drop NULs and
 *                    invisible characters, lower case, collapse white
 *                    space) -> output buffer -> callback.
 *
 * Every stage keeps its state in struct canon, with fixed-size buffers;
 * the only memory allocated after canon_new() is one iconv descriptor
 * for each of the converters in canon_charset.c at most, opened on the
 * first part in that charset and then reused for every message, and
 * one charset detector, made for the first unlabelled 8-bit part.
 */
#ifndef CANON_INTERNAL_H
#define CANON_INTERNAL_H

#include <iconv.h>
#include <stddef.h>
#include <stdint.h>

#include "canon.h"

#define MAXDEPTH	8	/* multipart nesting kept */
#define BND_MAX		200	/* longest boundary kept (RFC 2046: 70) */
#define RUN_MAX		3	/* a run of one symbol is cut to this */
#define LBUF_MAX	(2 + BND_MAX + 2 + 52)	/* a possible boundary line */
#define HDR_MAX		4096	/* longest Content-* header value kept */
#define HNAME_MAX	32
#define CS_MAX		48	/* longest charset name kept */
#define CS_NCONV	42	/* converters (cs_iconv below) */
#define DBUF_MAX	4096	/* decoded bytes waiting for iconv */
#define SNIFF_MAX	4096	/* an unlabelled part's bytes looked at */
#define SNIFF_PARTS	4	/* parts of a message uchardet reads, */
#define SNIFF_BUDGET	8192	/* and bytes of them in all */
#define OBUF_MAX	4096	/* canonical bytes waiting for the callback */
#define PROBE_MAX	256	/* a base64 part's first line looked at */
#define ENT_MAX		32	/* longest HTML entity name */
#define TNAME_MAX	12	/* longest HTML tag name kept */
#define ANAME_MAX	8	/* longest HTML attribute name kept */
#define CSS_MAX		32	/* longest CSS property or value kept */
#define HIDE_MAX	1024	/* most visible characters of a hidden
				   element dropped */
#define HSTACK_MAX	16	/* elements open in a hidden one, named */
#define OSTACK_MAX	32	/* elements open outside one, named */
#define HKEEP_MAX	4096	/* hidden text kept for a message with
				   next to no visible text */
#define PRE_MAX		8192	/* the outermost multipart's preamble
				   kept, in case no part follows */
#define SHOWN_MIN	128	/* less visible text than this: the kept
				   hidden text is digested after it
				   (canon_set_shown_min's default) */
#define NCLASS		8	/* classes <style> hides, kept a part */
#define CLASS_MAX	31	/* longest class name kept */
#define SEL_MAX		127	/* longest CSS selector read */
#define WORD_FOLD_MAX	256	/* longest word whose homoglyphs are folded */
#define JOIN_MAX	128	/* longest word joined from spaced letters */

/* A word's script, for homoglyphs (canon.c fold_word). */
enum wscript { W_NONE, W_LATIN, W_CYR };
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
enum rule_state { RS_SEL, RS_BLOCK, RS_SKIP };
enum html_state {
	H_TEXT, H_LT, H_LTSL, H_TNAME, H_ATTR, H_AVAL, H_DQ, H_SQ, H_BANG,
	H_BANGD, H_COMMENT, H_DECL, H_RAW, H_ENT, H_ANAME, H_ANEND, H_UQ,
	H_AENT
};

/* A CSS comment being taken out (canon_hide.c uncomment). */
struct cmt {
	int		 in;		/* in one */
	int		 star;		/* after a '*' in one */
	int		 slash;		/* a '/' held: one may start */
};

/* An element open, by name, with its classes (canon_hide.c). */
struct hent {
	char		 name[16];	/* TNAME_MAX and NULs after it */
	unsigned char	 hides;		/* by its own style */
	unsigned short	 id;		/* of its name, 0 if not known */
	unsigned	 cls;
};

/* What of an HTML part is hidden (canon_hide.c). */
struct hide {
	/* the tag being read */
	int		 akind;		/* the attribute being read (A_*) */
	int		 styled, classed;	/* a style, a class attribute read */
	int		 ahidden;	/* the hidden attribute */
	int		 aclass;	/* a class that a rule hides */
	int		 aforced;	/* a class shown !important */
	int		 disp, opac, vis, font;	/* their last declarations (P_*) */
	int		 colr;		/* color, P_HIDES: transparent */
	int		 tpaint;	/* text painted otherwise (a clipped
					   background, a shadow, a stroke) */
	int		 high, maxh, wide, maxw;	/* P_HIDES: zero */
	int		 ovfy, ovfx;	/* overflow, P_HIDES: clipped */
	int		 dinl;		/* display: inline (or unset) */
	unsigned	 cimp;		/* of those, !important ones */
	int		 rignore;	/* a <style> not for the screen */
	size_t		 toklen;	/* a word of an attribute's value */
	int		 tokover;
	char		 tok[CLASS_MAX + 1];
	/* a declaration being read */
	int		 cval, cover, cquote;
	struct cmt	 ccmt;
	size_t		 cplen, cvlen;
	char		 cprop[CSS_MAX + 1];
	char		 cvbuf[CSS_MAX + 1];
	/* the hidden element, and the elements open in it */
	int		 hsp;		/* named (0: none hidden) */
	int		 hextra;	/* past HSTACK_MAX */
	int		 hlost;		/* end tags past HSTACK_MAX not told */
	int		 hreopen;	/* closed, opened again (canon_hide.c
					   reopened()) */
	int		 hsoft;		/* a tiny font or visibility: to its
					   first child */
	int		 hshown;	/* over HIDE_MAX: shown */
	unsigned	 hcount;	/* visible characters in it */
	int		 hneed;		/* a UTF-8 sequence being counted */
	uint32_t	 hcp;
	struct hent	 hstack[HSTACK_MAX];
	/* the elements open around it: an end tag of none of them (nor of
	   the elements in it) is stray, and ends nothing */
	int		 osp;		/* named */
	int		 oextra;	/* past OSTACK_MAX */
	struct hent	 ostack[OSTACK_MAX];
	struct hent	 tag;		/* the tag being read */
	/* a <style> block's rules, and the classes they hide */
	enum rule_state	 rstate;
	struct cmt	 rcmt;
	int		 rdepth;	/* braces of a rule not followed */
	int		 selover;
	size_t		 sellen;
	char		 sel[SEL_MAX + 1];
	int		 nclass;
	char		 hclass[NCLASS][CLASS_MAX + 1];
	int		 nforced;	/* classes shown !important */
	int		 fover;		/* more than NCLASS of them */
	char		 fclass[NCLASS][CLASS_MAX + 1];
};

/* Is text of the HTML part being read hidden? */
#define HIDING(c)	((c)->hd.hsp > 0 && hide_hiding(c))

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

/*
 * An open multipart: its boundary, or none for a loose one (a multipart
 * whose boundary is missing, over BND_MAX or lost with its header, or
 * one nested past MAXDEPTH): there every line that starts with "--" and
 * is no enclosing boundary starts a part, so that no structure hides
 * text (canon_mime.c). A loose one is always the innermost.
 */
struct boundary {
	size_t		 len;
	int		 digest;
	int		 loose;
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
	int		 ended;		/* canon_end_shown(): no more input */
	int		 finished;	/* canon_finish(): all is out */

	/* CRLF to LF */
	int		 pend_cr;

	/* RAW with headers: skipping the header block */
	int		 raw_inhdr;
	int		 raw_bol;

	/* line splitter */
	int		 bol;
	int		 cand;		/* buffering a line that may be a boundary */
	int		 eatline;	/* dropping the rest of a loose boundary */
	size_t		 llen;
	unsigned char	 lbuf[LBUF_MAX];

	/* MIME structure */
	enum pstate	 pstate;
	struct boundary	 stk[MAXDEPTH + 1];	/* the last one loose */
	int		 depth;
	struct part_info pi;
	int		 inpre;		/* in the outermost multipart's
					   preamble, no part begun yet */
	size_t		 prelen;
	unsigned char	 pre[PRE_MAX];

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
	int		 sniff;		/* its charset not known yet */
	int		 sniff_to;	/* what its label said (canon_charset.c) */
	size_t		 slen;
	unsigned char	 sbuf[SNIFF_MAX];	/* its first bytes */
	void		*detector;	/* uchardet's, made on first use */
	unsigned int	 sniffs;	/* its runs this message */
	size_t		 sniffed;	/* the bytes they read */

	/* HTML filter */
	int		 html;
	enum html_state	 hts;
	enum html_state	 aret;		/* the value an entity is in */
	int		 tend;
	int		 traw;		/* 1: <style>, 2: <script> being opened */
	int		 rawkind;
	size_t		 rmatch;
	int		 cdash;		/* "--" 2, "--!" 3 */
	size_t		 tnlen;
	char		 tname[TNAME_MAX + 1];
	size_t		 elen;
	char		 ebuf[ENT_MAX + 1];
	size_t		 anlen;		/* the attribute being read */
	char		 aname[ANAME_MAX + 1];
	struct hide	 hd;		/* what is hidden (canon_hide.c) */
	uint64_t	 shown_min;	/* less shown: digest the kept text */
	size_t		 hklen;		/* hidden text kept, of the message */
	int		 hkfull;
	unsigned char	 hkeep[HKEEP_MAX];

	/* final stage */
	int		 u8need;
	int		 u8len;
	uint32_t	 u8cp;
	unsigned char	 u8seq[4];
	int		 fws;		/* white space seen since the last
					   output: 1, one space; 2, more, or
					   a line break (canon.c fin_gap) */
	int		 fwscol;	/* the last of it collapses (HTML) */
	int		 fany;		/* something has been output */
	int		 fbol;		/* at a line's start: quote marks go */
	uint32_t	 frun;		/* the symbol last output, 0: none */
	unsigned	 frunlen;	/* times in a row, up to RUN_MAX + 1 */
	size_t		 wstart;	/* obuf offset where the word being
					   output began */
	int		 wcyr;		/* it has a Cyrillic or Greek letter:
					   look at its scripts at its end */
	int		 wcut;		/* its start went to the callback */
	int		 wdigit;	/* it has an ASCII digit */
	int		 wprev;		/* the script of the word before
					   (W_*, canon.c fold_word) */
	int		 wgap;		/* the fws before the word: 1, one
					   space; 2, more or another blank */
	int		 rn;		/* letters in the run of spaced
					   letters ending the output (canon.c
					   spaced_join); 0: none */
	unsigned char	 rsep;		/* what spaces them, from the second */
	int		 rabc;		/* their alphabet (spaced_letter) */
	size_t		 rstart;	/* obuf offset of the run's first letter */
	size_t		 rend;		/* ... just after its last letter */
	size_t		 rsep1;		/* ... of the separator after the
					   first, while rn is 2 */
	size_t		 olen;
	unsigned char	 obuf[OBUF_MAX];
};

/* canon.c: the final stage */
void	text_bytes(struct canon *, const unsigned char *, size_t);
void	fin_bytes(struct canon *, const unsigned char *, size_t);
void	fin_cp(struct canon *, uint32_t);
void	fin_space(struct canon *);
size_t	u8_put(unsigned char *, uint32_t);
int	fin_visible(uint32_t);
int	fin_blank(uint32_t);
void	fin_flush_u8(struct canon *);

/* canon_html.c: the HTML filter */
int	tag_in(const char *, const char *const *, size_t);
int	is_html_space(unsigned char);
#define TAG_IN(name, list)	tag_in((name), (list), sizeof(list) / sizeof(*(list)))
void	html_reset(struct canon *);
void	html_bytes(struct canon *, const unsigned char *, size_t);
void	html_end(struct canon *);

/* canon_hide.c: what of an HTML part a reader does not see */
void	hide_reset(struct canon *);
int	hide_hiding(const struct canon *);
void	hide_tag_start(struct canon *);
void	hide_attr(struct canon *, const char *);
void	hide_attr_byte(struct canon *, unsigned char);
void	hide_attr_end(struct canon *);
void	hide_tag_end(struct canon *);
void	hide_style_start(struct canon *);
void	hide_style_byte(struct canon *, unsigned char);
void	hide_text(struct canon *, const unsigned char *, size_t);
void	hide_cp(struct canon *, uint32_t);
void	hide_keep_space(struct canon *);

/* canon_charset.c: charset conversion */
void	conv_init(struct canon *);
void	conv_open(struct canon *, const char *);
void	conv_run(struct canon *, int);
void	conv_end(struct canon *);
void	conv_free(struct canon *);
void	dec_out(struct canon *, const unsigned char *, size_t);

/* canon_mime.c: MIME structure and transfer decoding */
void	mime_reset(struct canon *);
void	part_begin(struct canon *);
void	lines_feed(struct canon *, const unsigned char *, size_t);
void	mime_end(struct canon *);
enum hkind hdr_kind(const struct canon *, const char *);
/* A header's value; cut: it was longer, and these are its first bytes. */
void	hdr_value(struct canon *, enum hkind, const char *, size_t, int cut);

#endif /* CANON_INTERNAL_H */
