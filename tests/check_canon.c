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
 * check_canon: the canonicaliser's API, input handling, final stage and
 * streaming, and the helpers the stage tests share (check_canon.h).
 * Every expected output below was written by hand from its input; the
 * corpus test compares against digests made by an independent script
 * (../shared/corpus/index.tsv).
 */

#include <ctype.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_canon.h"
#include "nilsimsa.h"

/*
 * Canonicalise len bytes of msg fed in pieces of chunk bytes (0: one
 * piece, (size_t)-1: random sizes from 1 to 97). The result is a
 * NUL-terminated string to free; *flags gets canon_flags().
 */
char *
canon_run(enum canon_mode mode, int with_headers, uint64_t max_in,
    const char *msg, size_t len, size_t chunk, unsigned *flags)
{
	struct tu_buf s = { NULL, 0, 0 };
	struct canon *c;
	size_t off = 0, k;

	c = canon_new(mode, max_in, with_headers, tu_collect, &s);
	ck_assert_ptr_nonnull(c);
	while (off < len) {
		k = chunk == 0 ? len - off : chunk == (size_t)-1 ?
		    1 + tu_rand() % 97 : chunk;
		if (k > len - off)
			k = len - off;
		canon_body(c, (const unsigned char *)msg + off, k);
		off += k;
	}
	canon_end(c);
	ck_assert_uint_eq(canon_out_bytes(c), s.len);
	if (flags != NULL)
		*flags = canon_flags(c);
	canon_free(c);
	if (s.p == NULL)
		s.p = (unsigned char *)strdup("");
	return (char *)s.p;
}

/* A whole message, TEXT mode, one piece; also checks other chunkings. */
char *
text_of(const char *msg, unsigned *flags)
{
	size_t len = strlen(msg);
	char *one, *bytewise, *random;
	unsigned f1, f2, f3;

	one = canon_run(CANON_TEXT, 1, 0, msg, len, 0, &f1);
	bytewise = canon_run(CANON_TEXT, 1, 0, msg, len, 1, &f2);
	random = canon_run(CANON_TEXT, 1, 0, msg, len, (size_t)-1, &f3);
	ck_assert_str_eq(one, bytewise);
	ck_assert_str_eq(one, random);
	ck_assert_uint_eq(f1, f2);
	ck_assert_uint_eq(f1, f3);
	free(bytewise);
	free(random);
	if (flags != NULL)
		*flags = f1;
	return one;
}

/* Two messages give the same output, and it is expect. */
void
same_text(const char *a, const char *b, const char *expect)
{
	char *ta, *tb;
	unsigned fa, fb;

	ta = text_of(a, &fa);
	tb = text_of(b, &fb);
	ck_assert_str_eq(ta, expect);
	ck_assert_str_eq(tb, expect);
	ck_assert_uint_eq(fa & CANON_F_CHARSET, 0);
	ck_assert_uint_eq(fb & CANON_F_CHARSET, 0);
	free(ta);
	free(tb);
}

const char *
tail20(const char *s)
{
	size_t	n = strlen(s);

	return s + (n > 20 ? n - 20 : 0);
}

/* ------------------------------------------------------------ basics */

START_TEST(test_plain)
{
	CHECK_TEXT_FLAGS("Subject: x\nContent-Type: text/plain\n\n"
	    "  Hello,   World!\n\tSecond\tLine \n\n",
	    "hello, world! second line", 0, ~0u);
	/* no Content-Type: text/plain */
	CHECK_TEXT("Subject: hi\nFrom: a@b\n\nJust Text\n", "just text");
	/* an mbox From_ line and folded headers do not disturb */
	CHECK_TEXT("From a@b Mon Jan  1 00:00:00 2001\nSubject: a\n"
	    " folded\nContent-Type:\n text/plain;\n charset=us-ascii\n\n"
	    "Body\n", "body");
	/* headers only, and nothing at all */
	CHECK_TEXT("Subject: no body\n", "");
	CHECK_TEXT("", "");
	/* non-text top-level part */
	CHECK_TEXT("Content-Type: image/gif\n\nGIF89a binary\n", "");
	/* broken Content-Type means text/plain (RFC 2045 5.2) */
	CHECK_TEXT_FLAGS("Content-Type: garbage\n\nStill Text\n",
	    "still text", CANON_F_BADMIME, 0);
}
END_TEST

START_TEST(test_mode_names)
{
	ck_assert_int_eq(canon_mode_parse("text"), CANON_TEXT);
	ck_assert_int_eq(canon_mode_parse("raw"), CANON_RAW);
	ck_assert_int_eq(canon_mode_parse("RAW"), CANON_RAW);
	ck_assert_int_eq(canon_mode_parse("html"), -1);
	ck_assert_str_eq(canon_mode_name(CANON_TEXT), "text");
	ck_assert_str_eq(canon_mode_name(CANON_RAW), "raw");
}
END_TEST

START_TEST(test_case_and_space)
{
	/* NBSP, ideographic space and zero-width characters, soft hyphen */
	CHECK_TEXT("Content-Type: text/plain; charset=utf-8\n\n"
	    "FrEe\xc2\xa0MoNeY\xe3\x80\x80n\xe2\x80\x8bo\xc2\xadw "
	    "\xc3\x89T\xc3\x89 \xd0\x9f\xd0\xa0\xd0\x98 "
	    "\xef\xbc\xa6\xef\xbc\xb2\xef\xbc\xa5\xef\xbc\xa5\n",
	    "free money now \xc3\xa9t\xc3\xa9 \xd0\xbf\xd1\x80\xd0\xb8 free");
}
END_TEST

#define UTF8_PART "Content-Type: text/plain; charset=utf-8\n\n"
#define HTML_PART "Content-Type: text/html; charset=utf-8\n\n"

/*
 * Text dressed to look the same and be another: characters that render
 * as nothing (direction overrides, variation selectors, tag characters,
 * Hangul fillers), combining marks and optional vowel points, letters of
 * the mathematical, circled and squared alphabets, and Cyrillic or Greek
 * look-alikes inside Latin words (and Latin ones inside Russian words).
 * Words that are really of two scripts, and Greek words, stay as they
 * are.
 */
START_TEST(test_lookalikes)
{
	CHECK_TEXT(UTF8_PART "a\xe2\x80\xae""b\xe2\x81\xa6""c\xef\xb8\x8f""d\xf3\xa0"
	    "\x81\x81""e\xe3\x85\xa4""f\xe1\xa0\x8eg",
	    "abcdefg");
	CHECK_TEXT(UTF8_PART "Ve\xcc\x81ry\xcc\xb6 FRE\xcc\x88""E \xd7\xa9\xd6\xb8"
	    "\xd7\x9c\xd7\x95\xd6\xb9\xd7\x9d \xd9\x85\xd9\x8e\xd8"
	    "\xb1\xd9\x92\xd8\xad\xd9\x8e\xd8\xa8\xd9\x8b\xd8\xa7",
	    "very free \xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d \xd9\x85"
	    "\xd8\xb1\xd8\xad\xd8\xa8\xd8\xa7");
	CHECK_TEXT(UTF8_PART "\xf0\x9d\x90\x85\xf0\x9d\x90\xab\xf0\x9d\x90\x9e\xf0"
	    "\x9d\x90\x9e \xf0\x9d\x93\x82\xf0\x9d\x92\xb6\xe2\x84"
	    "\xb4\xf0\x9d\x93\x83\xf0\x9d\x93\x8e \xe2\x93\x95\xe2"
	    "\x93\xa1\xe2\x93\x94\xe2\x93\x94 \xf0\x9f\x85\xb0\xf0"
	    "\x9f\x85\xb1 \xf0\x9d\x9f\x8f\xf0\x9d\x9f\x8e \xe2\x84"
	    "\x8c\xe2\x84\xb4\xe2\x84\x92\xf0\x9d\x92\xae",
	    "free maony free ab 10 hols");
	/* words of one script, Greek words and words of two scripts that
	   have no look-alike stay as they are */
	CHECK_TEXT(UTF8_PART "\xd0\xbe""ffer P\xd0\x90YP\xd0\x90L \xd1\x80\xd0\xb0"
	    "\xd1\x83 \xd0\xb0 d\xd0\xbeg. \xd0\x9f\xd1\x80\xd0\xb8"
	    "\xd0\xb2\xd0\xb5\xd1\x82, B\xd0\xb0\xd1\x88 \xd1\x88""a"
	    "\xd0\xbd\xd1\x81 a \xd1\x82\xd0\xb0\xd0\xba\xd0\xb6"
	    "\xd0\xb5 \xd0\xb0 microsoft\xd0\xba\xd0\xbe\xd0\xbc"
	    "\xd0\xbf\xd0\xb0\xd0\xbd\xd0\xb8\xd1\x8f \xce\xb1\xcf"
	    "\x81\xcf\x87\xce\xae ok",
	    "offer paypal \xd1\x80\xd0\xb0\xd1\x83 \xd0\xb0 dog. "
	    "\xd0\xbf\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82, \xd0"
	    "\xb2\xd0\xb0\xd1\x88 \xd1\x88\xd0\xb0\xd0\xbd\xd1\x81 "
	    "a \xd1\x82\xd0\xb0\xd0\xba\xd0\xb6\xd0\xb5 \xd0\xb0 mi"
	    "crosoft\xd0\xba\xd0\xbe\xd0\xbc\xd0\xbf\xd0\xb0\xd0"
	    "\xbd\xd0\xb8\xd1\x8f \xce\xb1\xcf\x81\xcf\x87\xce\xae "
	    "ok");
	/* Greek capitals, accented too, and final sigma; Cyrillic capitals
	   past Russian's: the same text in capitals is the same */
	same_text(UTF8_PART "\xce\x88\xce\xba\xcf\x80\xcf\x84\xcf\x89\xcf\x83\xce\xb7 \xce\xb3\xce\xb9\xce\xb1 \xcf\x8c\xce\xbb\xce\xbf\xcf\x85\xcf\x82 \xcf\x83\xce\xb1\xcf\x82 \xd2\x90\xd0\xb0\xd0\xbd\xd0\xbe\xd0\xba \xd3\x81\n" , UTF8_PART "\xce\x88\xce\x9a\xce\xa0\xce\xa4\xce\xa9\xce\xa3\xce\x97 \xce\x93\xce\x99\xce\x91 \xce\x8c\xce\x9b\xce\x9f\xce\xa5\xce\xa3 \xce\xa3\xce\x91\xce\xa3 \xd2\x90\xd0\x90\xd0\x9d\xd0\x9e\xd0\x9a \xd3\x82\n", "\xce\xad\xce\xba\xcf\x80\xcf\x84\xcf\x89\xcf\x83\xce\xb7 \xce\xb3\xce\xb9\xce\xb1 \xcf\x8c\xce\xbb\xce\xbf\xcf\x85\xcf\x83 \xcf\x83\xce\xb1\xcf\x83 \xd2\x91\xd0\xb0\xd0\xbd\xd0\xbe\xd0\xba \xd3\x82");
	/* a word of look-alikes alone takes the script of the word before;
	   Greek look-alikes in a Russian word become Cyrillic */
	CHECK_TEXT(UTF8_PART "buy \xd1\x82h\xd0\xb5 cheap \xce\xba\xd1\x83\xd0\xbf"
	    "\xd0\xb8\xd1\x82\xd1\x8c \xd1\x81\xd0\xb5\xd0\xb9\xd1"
	    "\x87\xd0\xb0\xd1\x81 Samsung \xce\xba\xce\xb1\xce\xb9 "
	    "Apple \xce\xa4\xce\xbf box",
	    "buy the cheap \xd0\xba\xd1\x83\xd0\xbf\xd0\xb8\xd1\x82"
	    "\xd1\x8c \xd1\x81\xd0\xb5\xd0\xb9\xd1\x87\xd0\xb0\xd1"
	    "\x81 samsung \xce\xba\xce\xb1\xce\xb9 apple \xcf\x84"
	    "\xce\xbf box");
}
END_TEST

/*
 * head, then pad times unit, then tail, as a UTF-8 text part, reads as
 * whead, pad times unit, wtail: for text that the end of the output
 * buffer (4,096 bytes) cuts at each pad.
 */
static void
check_padded(const char *head, const char *unit, size_t pad,
    const char *tail, const char *whead, const char *wtail)
{
	char	in[16384], want[16384], *got;
	size_t	i, n, w, u = strlen(unit);

	n = (size_t)snprintf(in, sizeof(in), UTF8_PART "%s", head);
	w = (size_t)snprintf(want, sizeof(want), "%s", whead);
	ck_assert(n + pad * u + strlen(tail) < sizeof(in) &&
	    w + pad * u + strlen(wtail) < sizeof(want));
	for (i = 0; i < pad; i++, n += u, w += u) {
		memcpy(in + n, unit, u);
		memcpy(want + w, unit, u);
	}
	snprintf(in + n, sizeof(in) - n, "%s", tail);
	snprintf(want + w, sizeof(want) - w, "%s", wtail);
	got = text_of(in, NULL);
	ck_assert_msg(strcmp(got, want) == 0, "pad %zu: ...%s, not ...%s",
	    pad, tail20(got), tail20(want));
	free(got);
}

/*
 * Letters spaced or dotted apart are the word they spell: three or more
 * of one alphabet, one space or one '.', '-', '_' or '*' between each
 * two, the same all along.
 */
START_TEST(test_spaced_letters)
{
	CHECK_TEXT(UTF8_PART "F R E E  M O N E Y now", "free money now");
	CHECK_TEXT(UTF8_PART "V.i.a.g.r.a c-h-e-a-p p_i_l_l_s b*u*y!",
	    "viagra cheap pills buy!");
	/* two letters are words: "a b", "e.g."; the third joins all three */
	CHECK_TEXT(UTF8_PART "a b or e.g. x y z, a b c de",
	    "a b or e.g. xyz, abc de");
	/* a line break, a space beside a dot, or another separator: none */
	CHECK_TEXT(UTF8_PART "f\nr\ne\ne f. r. e. e f.r e.e",
	    "f r e e f. r. e. e f.r e.e");
	/* one alphabet; Hangul is never joined */
	CHECK_TEXT(UTF8_PART "\xe5\x85\x8d \xe8\xb4\xb9 \xe5\x8f\x91 "
	    "\xe7\xa5\xa8 \xd0\xb8 \xd0\xb2 \xd0\xb0 \xea\xb7\xb8 "
	    "\xec\x9d\xb4 \xec\xa0\x80",
	    "\xe5\x85\x8d\xe8\xb4\xb9\xe5\x8f\x91\xe7\xa5\xa8 "
	    "\xd0\xb8\xd0\xb2\xd0\xb0 \xea\xb7\xb8 \xec\x9d\xb4 "
	    "\xec\xa0\x80");
	/* across HTML tags and entities, as a reader sees the letters */
	CHECK_TEXT(HTML_PART "<p>F<b> </b>R E&#32;E</p>", "free");
	/* another separator starts a word with the letter before it
	   (found by review: "a f.ree", "i v-iagra") */
	CHECK_TEXT(UTF8_PART "a b.c.d get a f.r.e.e gift i v-i-a-g-r-a x.y-z",
	    "a bcd get a free gift i viagra x.y-z");
	/* white space as a reader sees it: in HTML a run of blanks shows
	   as one space, a no-break space as one of its own, <br> breaks;
	   in plain text a line break is one (found by review) */
	CHECK_TEXT(HTML_PART "<p>f  r \t e\ne<br>m&nbsp;o&nbsp;n&nbsp;e y"
	    "&nbsp;&nbsp;s o o n</p>", "free money soon");
	CHECK_TEXT(HTML_PART "<p>x<br>y<br>z\nq\nr\ns t u</p>", "x y zqrstu");
	CHECK_TEXT(UTF8_PART "x\ny\nz\nq\nr\ns t u", "x y z q r stu");
	/* in plain text too, one no-break space, Unicode space or tab is
	   one space (found by review: HTML's joined, plain text's not) */
	CHECK_TEXT(UTF8_PART "f\xc2\xa0r\xc2\xa0""e\xc2\xa0""e  m\xe2\x80\x89o"
	    "\xe2\x80\x89n\xe2\x80\x89""e\xe2\x80\x89y  b\tu\ty  s\xc2\xa0\xc2"
	    "\xa0o o n", "free money buy s oon");
	/* hidden text kept for a message with next to no visible text:
	   joined as the same text shown would be */
	CHECK_TEXT(HTML_PART "<img src=a><div style=display:none>"
	    "x<br>y<br>z\nq\nr\ns t u</div>", "x y zqrstu");
	CHECK_TEXT(HTML_PART "<img src=a><div style=display:none>"
	    "f  r \t e\ne<br>m&nbsp;o&nbsp;n&nbsp;e y&nbsp;&nbsp;s o o n</div>",
	    "free money soon");
}
END_TEST

/*
 * The words letters spaced apart give do not depend on where the output
 * buffer ends (found by review): a word is joined to JOIN_MAX bytes, and
 * a word after a run keeps its folds at every position.
 */
START_TEST(test_spaced_anywhere)
{
	char	in[2048], want[2048], *ref, run[1024];
	size_t	pad, n, i;

	/* 300 letters spaced apart: some words of JOIN_MAX bytes at most */
	for (i = n = 0; i < 300; i++) {
		run[n++] = (char)('a' + i % 26);
		run[n++] = ' ';
	}
	run[n] = '\0';
	snprintf(in, sizeof(in), UTF8_PART "%s\n", run);
	ref = text_of(in, NULL);
	ck_assert_msg(strlen(ref) == 302 && ref[127] == ' ' && ref[255] == ' ',
	    "300 letters: %s", ref);
	snprintf(in, sizeof(in), "\n\n%s\n", run);
	snprintf(want, sizeof(want), " %s", ref);
	for (pad = 3700; pad < 4150; pad++)
		check_padded("", "y", pad, in, "", want);
	free(ref);
	/* a run of 252 letters, then words with a look-alike and digits */
	run[2 * 252] = '\0';
	snprintf(in, sizeof(in), UTF8_PART "%s\np\xd0\xb0ypal fr33\n", run);
	ref = text_of(in, NULL);
	ck_assert_msg(strlen(ref) > 12 &&
	    strcmp(ref + strlen(ref) - 12, " paypal free") == 0,
	    "252 letters: ...%s", tail20(ref));
	snprintf(in, sizeof(in), "\n%s\np\xd0\xb0ypal fr33\n", run);
	snprintf(want, sizeof(want), " %s", ref);
	for (pad = 3700; pad < 4150; pad++)
		check_padded("", "y", pad, in, "", want);
	free(ref);
}
END_TEST

/* Letters spaced apart across the end of the output buffer are joined. */
START_TEST(test_spaced_at_buffer_end)
{
	size_t	pad;

	for (pad = 4080; pad < 4100; pad++)
		check_padded("", "y", pad, " f r e e m o n e y\n", "",
		    " freemoney");
}
END_TEST

/*
 * Digits written for letters in a word of letters ("fr33"); words of
 * digits, or mostly digits, stay.
 */
START_TEST(test_digit_letters)
{
	CHECK_TEXT(UTF8_PART "FR33 m0n3y, v14gr4 and cl1ck 5ave 7oday",
	    "free money, viagra and click save today");
	CHECK_TEXT(UTF8_PART "2026 h264 10:30 b2b 3x a4 123ab 12ab",
	    "2026 h264 10:30 b2b 3x a4 123ab i2ab");
	/* after a look-alike is folded too (found by review) */
	CHECK_TEXT(UTF8_PART "\xd1\x80""4ypal fr\xd0\xb5""3", "paypal free");
}
END_TEST

/* A word cut by the end of the output buffer (4,096 bytes) is folded. */
START_TEST(test_lookalike_at_buffer_end)
{
	size_t	pad;

	for (pad = 4080; pad < 4100; pad++)
		check_padded("", "y", pad,
		    " P\xd0\x90YP\xd0\x90L \xd0\x9e\xd0\x9e\xd0\x9e\n", "",
		    " paypal \xd0\xbe\xd0\xbe\xd0\xbe");
	/*
	 * A word that the buffer's end cuts and that is too long to be kept
	 * is not folded: what is left of it may start inside a character
	 * (found by review: "q", 2,049 times "é", "x", a Cyrillic "а" came
	 * out as "ɃɃ...ɸa").
	 */
	for (pad = 2040; pad < 2060; pad++)
		check_padded("q", "\xc3\xa9", pad, "x\xd0\xb0\n", "q",
		    "x\xd0\xb0");
}
END_TEST

START_TEST(test_symbol_runs)
{
	/*
	 * Separator lines are cut to three of their symbol, ASCII or not
	 * (em dashes, box drawing, CJK full stops), also across a line
	 * break and in HTML; letters and digits are never cut; a space ends
	 * a run.
	 */
	CHECK_TEXT("Content-Type: text/plain; charset=utf-8\n\n"
	    "Hello\n==========\n____________________ x\n"
	    "\xe2\x80\x94\xe2\x80\x94\xe2\x80\x94\xe2\x80\x94\xe2\x80\x94 "
	    "\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80 "
	    "\xe3\x80\x82\xe3\x80\x82\xe3\x80\x82\xe3\x80\x82 "
	    "aaaaaa 0000000 == == == -=-=-=-= !!!!!?\n",
	    "hello === ___ x "
	    "\xe2\x80\x94\xe2\x80\x94\xe2\x80\x94 "
	    "\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80 "
	    "\xe3\x80\x82\xe3\x80\x82\xe3\x80\x82 "
	    "aaaaaa 0000000 == == == -=-=-=-= !!!?");
	CHECK_TEXT("Content-Type: text/html\n\n"
	    "<p>a</p><hr>*<b>*</b>*<i>*</i>*******<p>b</p>\n",
	    "a *** b");
}
END_TEST

/*
 * Ornaments strewn between letters go, so the letters meet: Han with a
 * reference mark, stars and diamonds; Latin with stars and an emoji;
 * arrows and a bullet. Letters of the enclosed and squared alphabets
 * are still letters, and a Han word with no ornament is as it was.
 */
START_TEST(test_ornaments)
{
	CHECK_TEXT("Content-Type: text/plain; charset=utf-8\n\n"
	    "\xe4\xbb\xa3\xe2\x80\xbb\xe5\xbc\x80\xe2\x98\x85\xe5\x8f\x91"
	    "\xe2\x97\x86\xe7\xa5\xa8 \xe4\xbb\xa3\xe5\xbc\x80\xe5\x8f\x91\xe7\xa5\xa8 "
	    "f\xe2\x98\x85r\xe2\x98\x86" "e\xf0\x9f\x94\xa5" "e "
	    "\xe2\x86\x92 \xe2\x80\xa2 go \xe2\x9e\xa4now "
	    "\xe2\x93\x90\xe2\x93\x91 \xf0\x9f\x84\xb0\n",
	    "\xe4\xbb\xa3\xe5\xbc\x80\xe5\x8f\x91\xe7\xa5\xa8 "
	    "\xe4\xbb\xa3\xe5\xbc\x80\xe5\x8f\x91\xe7\xa5\xa8 free go now ab a");
}
END_TEST

/*
 * Quote marks at a line's start go, however deep and however spaced,
 * in plain text, quoted-printable, fullwidth and HTML (after a <br>);
 * the quoted text stays, and so does a '>' inside a line.
 */
START_TEST(test_quote_marks)
{
	CHECK_TEXT("Content-Type: text/plain; charset=utf-8\n\n"
	    "Yes.\n> Shall we?\n>> > >Deep\n  > indented\n"
	    "\xef\xbc\x9e wide\na > b\n>\n> \n",
	    "yes. shall we? deep indented wide a > b");
	CHECK_TEXT("Content-Type: text/plain\n"
	    "Content-Transfer-Encoding: quoted-printable\n\n"
	    "x=0A=3E y\n=3E=3E z\n",
	    "x y z");
	CHECK_TEXT("Content-Type: text/html\n\n"
	    "<p>ok</p>&gt; quoted<br>&gt; &gt; more 1 &gt; 0\n",
	    "ok quoted more 1 > 0");
	/* the same reply quoted once or three deep: the same text */
	CHECK_TEXT("Content-Type: text/plain\n\n> > > ab c de\n> > > f\n",
	    "ab c de f");
}
END_TEST

START_TEST(test_huge_lines)
{
	size_t hl = strlen("Content-Type: multipart/mixed; boundary=z\n\n"
	    "--z\n\n"), n = 1 << 20, len;
	char *msg = malloc(hl + 2 * n + 64), *got;
	unsigned fl;

	ck_assert_ptr_nonnull(msg);
	/* a 1 MiB line that starts like a boundary, then 1 MiB of a */
	memcpy(msg, "Content-Type: multipart/mixed; boundary=z\n\n--z\n\n",
	    hl);
	len = hl;
	memset(msg + len, '-', n);
	len += n;
	msg[len++] = '\n';
	memset(msg + len, 'A', n);
	len += n;
	memcpy(msg + len, "\n--z--\n", 8);
	len += 7;
	got = canon_run(CANON_TEXT, 1, 0, msg, len, 1000, &fl);
	/* the run of dashes is cut to three */
	ck_assert_uint_eq(strlen(got), 3 + 1 + n);
	ck_assert_int_eq(memcmp(got, "--- ", 4), 0);
	ck_assert_int_eq(got[4], 'a');
	ck_assert_int_eq(got[3 + n], 'a');
	ck_assert_uint_eq(fl, 0);
	free(got);

	/* a 100 KiB header field is cut at 4 KiB: flagged, no crash */
	len = 0;
	len += sprintf(msg, "Content-Type: text/plain; x=\"");
	memset(msg + len, 'x', 100000);
	len += 100000;
	len += sprintf(msg + len, "\"\n\nBody\n");
	got = canon_run(CANON_TEXT, 1, 0, msg, len, 0, &fl);
	ck_assert_str_eq(got, "body");
	ck_assert_uint_eq(fl & CANON_F_BADMIME, CANON_F_BADMIME);
	free(got);
	free(msg);
}
END_TEST

START_TEST(test_nul_8bit)
{
	{
		static const char m[] = "Content-Type: text/plain\n\n"
		    "ab\0cd\0\0 ef\n";
		char *got;
		unsigned fl;

		got = canon_run(CANON_TEXT, 1, 0, m, sizeof(m) - 1, 1, &fl);
		ck_assert_str_eq(got, "abcd ef");
		ck_assert_uint_eq(fl & CANON_F_NUL, CANON_F_NUL);
		free(got);
		/* RAW keeps them */
		got = canon_run(CANON_RAW, 1, 0, m, sizeof(m) - 1, 0, &fl);
		ck_assert_uint_eq(fl & CANON_F_NUL, CANON_F_NUL);
		ck_assert_int_eq(memcmp(got, "ab\0cd\0\0 ef\n", 11), 0);
		free(got);
	}
	/* 8-bit bytes in headers */
	CHECK_TEXT_FLAGS("Subj\xe9" "ct: caf\xe9\nContent-Type: text/plain; "
	    "charset=\xff\xfe\n\nok\n", "ok", CANON_F_CHARSET, 0);
}
END_TEST

START_TEST(test_binary_junk)
{
	size_t n = 1 << 20, i, len;
	char *msg = malloc(n + 200), *got;
	unsigned fl;
	int round;

	ck_assert_ptr_nonnull(msg);
	for (round = 0; round < 4; round++) {
		/* junk after MIME headers, so every state sees junk */
		static const char *const heads[] = {
			"",
			"Content-Type: text/html; charset=gbk\n"
			    "Content-Transfer-Encoding: quoted-printable\n\n",
			"Content-Type: multipart/mixed; boundary=\"\x01\"\n\n",
			"Content-Type: text/plain; charset=utf-16\n"
			    "Content-Transfer-Encoding: base64\n\n"
		};
		len = strlen(heads[round]);
		memcpy(msg, heads[round], len);
		for (i = 0; i < n; i++) {
			/* bytes biased towards the syntax that matters */
			uint32_t r = (uint32_t)tu_rand();
			static const char syn[] = "<>&;#-=\n\r\"'/!\x01 ";
			msg[len + i] = r & 0x100 ? syn[r % (sizeof(syn) - 1)] :
			    (char)(r >> 24);
		}
		got = canon_run(CANON_TEXT, 1, 0, msg, len + n, (size_t)-1, &fl);
		ck_assert_uint_le(strlen(got), 4 * n);
		free(got);
	}
	free(msg);
}
END_TEST

/* ------------------------------------------------------------ streaming */

static const char complex_msg[] =
    "Received: from x\n"
    "Content-Type: multipart/mixed; boundary=\"==outer==\"\n"
    "MIME-Version: 1.0\n\n"
    "preamble\n"
    "--==outer==\n"
    "Content-Type: multipart/alternative; boundary=alt\n\n"
    "--alt\n"
    "Content-Type: text/plain; charset=gbk\n"
    "Content-Transfer-Encoding: base64\n\n"
    "1tDOxLLiytQgb2s=\n"
    "--alt\n"
    "Content-Type: text/html; charset=iso-8859-1\n"
    "Content-Transfer-Encoding: quoted-printable\n\n"
    "<html><style>x{}</style><p class=3D\"a>b\">Caf=E9 &amp; cr=\n"
    "=E8me</p><!-- c --></html>\n"
    "--alt--\n"
    "--==outer==\n"
    "Content-Type: application/octet-stream\n\n"
    "--alt\n"
    "junk\n"
    "--==outer==--\n";

START_TEST(test_chunking)
{
	static const char expect[] =
	    "\xe4\xb8\xad\xe6\x96\x87\xe6\xb5\x8b\xe8\xaf\x95 ok "
	    "caf\xc3\xa9 & cr\xc3\xa8me";
	size_t len = sizeof(complex_msg) - 1, i, j, k;
	char *crlf = malloc(2 * len), *one, *got;
	unsigned fl;
	int round;

	ck_assert_ptr_nonnull(crlf);
	for (i = j = 0; i < len; i++) {
		if (complex_msg[i] == '\n')
			crlf[j++] = '\r';
		crlf[j++] = complex_msg[i];
	}
	one = canon_run(CANON_TEXT, 1, 0, complex_msg, len, 0, &fl);
	ck_assert_str_eq(one, expect);
	ck_assert_uint_eq(fl, 0);
	for (k = 1; k <= 7; k++) {
		got = canon_run(CANON_TEXT, 1, 0, complex_msg, len, k, NULL);
		ck_assert_str_eq(got, expect);
		free(got);
		got = canon_run(CANON_TEXT, 1, 0, crlf, j, k, NULL);
		ck_assert_str_eq(got, expect);
		free(got);
	}
	for (round = 0; round < 200; round++) {
		got = canon_run(CANON_TEXT, 1, 0, round & 1 ? crlf : complex_msg,
		    round & 1 ? j : len, (size_t)-1, &fl);
		ck_assert_str_eq(got, expect);
		ck_assert_uint_eq(fl, 0);
		free(got);
	}
	/* every split in two pieces */
	for (i = 0; i <= j; i++) {
		struct tu_buf s = { NULL, 0, 0 };
		struct canon *c = canon_new(CANON_TEXT, 0, 1, tu_collect, &s);

		canon_body(c, (const unsigned char *)crlf, i);
		canon_body(c, (const unsigned char *)crlf + i, j - i);
		canon_end(c);
		ck_assert_str_eq((char *)s.p, expect);
		canon_free(c);
		free(s.p);
	}
	free(one);
	free(crlf);
}
END_TEST

START_TEST(test_raw)
{
	static const char m[] = "a\r\nb\rc\r\n\r\nd\r";
	static const char expect[] = "a\nb\rc\n\nd\r";
	char *got;
	size_t i, len = sizeof(m) - 1;

	for (i = 0; i <= len; i++) {
		struct tu_buf s = { NULL, 0, 0 };
		struct canon *c = canon_new(CANON_RAW, 0, 0, tu_collect, &s);

		canon_header(c, "Content-Type", "text/html");	/* ignored */
		canon_body(c, (const unsigned char *)m, i);
		canon_body(c, (const unsigned char *)m + i, len - i);
		canon_end(c);
		ck_assert_uint_eq(s.len, sizeof(expect) - 1);
		ck_assert_int_eq(memcmp(s.p, expect, s.len), 0);
		ck_assert_uint_eq(canon_in_bytes(c), len);
		canon_free(c);
		free(s.p);
	}
	got = canon_run(CANON_RAW, 0, 0, m, len, 1, NULL);
	ck_assert_str_eq(got, expect);
	free(got);
	/* a CR before a non-LF at a chunk boundary stays */
	got = canon_run(CANON_RAW, 0, 0, "x\ry", 3, 2, NULL);
	ck_assert_str_eq(got, "x\ry");
	free(got);
	/* with_headers: the header block is skipped, LF or CRLF */
	got = canon_run(CANON_RAW, 1, 0, "H: v\r\nX: y\r\n  z\r\n\r\nBody\r\n\r\n",
	    27, 1, NULL);
	ck_assert_str_eq(got, "Body\n\n");
	free(got);
	got = canon_run(CANON_RAW, 1, 0, "H: v\n\nBody\n", 11, 0, NULL);
	ck_assert_str_eq(got, "Body\n");
	free(got);
}
END_TEST

START_TEST(test_max_in)
{
	struct tu_buf s = { NULL, 0, 0 };
	struct canon *c;

	c = canon_new(CANON_TEXT, 10, 0, tu_collect, &s);
	canon_body(c, (const unsigned char *)"0123456", 7);
	canon_body(c, (const unsigned char *)"789ABCDEF", 9);
	canon_body(c, (const unsigned char *)"more", 4);
	canon_end(c);
	ck_assert_str_eq((char *)s.p, "0123456789");
	ck_assert_uint_eq(canon_in_bytes(c), 10);
	ck_assert_uint_eq(canon_flags(c), CANON_F_TRUNCATED);
	canon_free(c);
	free(s.p);

	/* exactly max_in bytes: not truncated */
	s.p = NULL;
	s.len = s.cap = 0;
	c = canon_new(CANON_RAW, 4, 0, tu_collect, &s);
	canon_body(c, (const unsigned char *)"ab\r\n", 4);
	canon_end(c);
	ck_assert_str_eq((char *)s.p, "ab\n");
	ck_assert_uint_eq(canon_flags(c), 0);
	canon_body(c, (const unsigned char *)"x", 1);	/* after the end */
	ck_assert_uint_eq(canon_in_bytes(c), 4);
	canon_free(c);
	free(s.p);
}
END_TEST

static void
count_out(void *arg, const unsigned char *b, size_t n)
{
	uint64_t *k = arg;

	(void)b;
	*k += n;
}

START_TEST(test_50mb_bounded)
{
	static const char head[] =
	    "Content-Type: multipart/alternative; boundary=b\n\n--b\n"
	    "Content-Type: text/html; charset=gbk\n"
	    "Content-Transfer-Encoding: quoted-printable\n\n";
	/* 64 bytes: "<p>Hello &amp; World =D6=D0</p>" and filler */
	static const char line[] =
	    "<p>Hello &amp; World =D6=D0</p><!-- c --><b>x</b>          \n";
	static unsigned char chunk[65536];
	uint64_t k = 0;
	struct canon *c;
	struct mallinfo2 m0, m1;
	size_t ll = sizeof(line) - 1, per, i, total = 50u << 20, fed;

	for (per = 0; (per + 1) * ll <= sizeof(chunk); per++)
		memcpy(chunk + per * ll, line, ll);
	c = canon_new(CANON_TEXT, 0, 1, count_out, &k);
	ck_assert_ptr_nonnull(c);
	canon_body(c, (const unsigned char *)head, sizeof(head) - 1);
	canon_body(c, chunk, per * ll);	/* iconv opened here */
	m0 = mallinfo2();
	for (fed = per * ll; fed < total; fed += per * ll) {
		canon_body(c, chunk, per * ll);
		if ((fed / (per * ll)) % 64 == 0) {
			m1 = mallinfo2();
			/* heap in use does not grow with the input */
			ck_assert_uint_le(m1.uordblks, m0.uordblks + 4096);
		}
	}
	canon_body(c, (const unsigned char *)"\n--b--\n", 7);
	canon_end(c);
	m1 = mallinfo2();
	ck_assert_uint_le(m1.uordblks, m0.uordblks + 4096);
	/* every line gives "hello & world 中 x " */
	i = fed / ll;
	ck_assert_uint_eq(k, i * strlen("hello & world \xe4\xb8\xad x ") - 1);
	ck_assert_uint_eq(canon_flags(c), 0);
	canon_free(c);
}
END_TEST

/* ------------------------------------------------------------ corpus */

static void
nil_out(void *arg, const unsigned char *b, size_t n)
{
	nilsimsa_update(arg, b, n);
}

/*
 * Does the message have a run of four or more of one ASCII symbol (a
 * separator line)? Our text cuts such runs to three, the index's decoder
 * keeps them, and a long run moves a short text's reference code far:
 * those messages say nothing of how close the two decoders are.
 */
static int
has_symbol_run(const unsigned char *p, size_t n)
{
	size_t i, run = 1;

	for (i = 1; i < n; i++) {
		if (p[i] == p[i - 1] && p[i] > ' ' && p[i] < 0x7f &&
		    !isalnum(p[i])) {
			if (++run >= 4)
				return 1;
		} else
			run = 1;
	}
	return 0;
}

START_TEST(test_corpus)
{
	const char *shared = tu_shared();
	char path[4096], line[8192], *f[9], *s;
	static unsigned char buf[1 << 20];
	struct canon *text, *raw;
	nilsimsa_ctx tctx, rctx;
	nilsimsa_code tcode, rcode, ref;
	FILE *ix, *fp;
	size_t n;
	int k, msgs = 0, nonempty = 0, raw_cmp = 0, raw_same = 0;
	int text_cmp = 0, text_close = 0;

	snprintf(path, sizeof(path), "%s/corpus/index.tsv", shared);
	ix = fopen(path, "r");
	ck_assert_msg(ix != NULL, "cannot open %s", path);
	text = canon_new(CANON_TEXT, 0, 1, nil_out, &tctx);
	raw = canon_new(CANON_RAW, 0, 1, nil_out, &rctx);
	ck_assert_ptr_nonnull(fgets(line, sizeof(line), ix));
	while (fgets(line, sizeof(line), ix) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		for (k = 0, s = line; k < 9 && (f[k] = strsep(&s, "\t")); k++)
			;
		ck_assert_int_eq(k, 9);
		snprintf(path, sizeof(path), "%s/corpus/%s", shared, f[0]);
		fp = fopen(path, "rb");
		ck_assert_msg(fp != NULL, "cannot open %s", path);
		n = fread(buf, 1, sizeof(buf), fp);
		fclose(fp);
		canon_reset(text);
		canon_reset(raw);
		nilsimsa_init(&tctx);
		nilsimsa_init(&rctx);
		canon_body(text, buf, n);
		canon_body(raw, buf, n);
		canon_end(text);
		canon_end(raw);
		msgs++;
		nonempty += canon_out_bytes(text) > 0;
		nilsimsa_final(&tctx, &tcode);
		nilsimsa_final(&rctx, &rcode);
		/*
		 * The index's raw digest is over the stored body bytes:
		 * without CRs it must be ours exactly.
		 */
		if (memchr(buf, '\r', n) == NULL &&
		    nilsimsa_from_hex(f[8], strlen(f[8]), &ref) == 0) {
			raw_cmp++;
			raw_same += nilsimsa_score(&rcode, &ref) == 128;
		}
		/*
		 * Its text digest comes from another decoder with other
		 * choices (no lower-casing, ...): close, rarely equal.
		 */
		if (canon_out_bytes(text) > 0 && !has_symbol_run(buf, n) &&
		    nilsimsa_from_hex(f[7], strlen(f[7]), &ref) == 0) {
			text_cmp++;
			text_close += nilsimsa_score(&tcode, &ref) >= 90;
		}
	}
	fclose(ix);
	canon_free(text);
	canon_free(raw);
	fprintf(stderr, "check_canon: corpus: %d messages, %d with text; "
	    "raw digest = index %d/%d; text digest within 90 of index "
	    "%d/%d\n", msgs, nonempty, raw_same, raw_cmp, text_close,
	    text_cmp);
	ck_assert_int_gt(msgs, 1000);
	ck_assert_int_ge(nonempty, msgs * 95 / 100);
	ck_assert_int_eq(raw_same, raw_cmp);
	ck_assert_int_ge(text_close, text_cmp / 2);
}
END_TEST

/* The canonicaliser's suite: this file's case and one per stage. */
static Suite *
canon_suite(int corpus)
{
	Suite *s = suite_create("canon");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_plain);
	tcase_add_test(tc, test_mode_names);
	tcase_add_test(tc, test_case_and_space);
	tcase_add_test(tc, test_lookalikes);
	tcase_add_test(tc, test_lookalike_at_buffer_end);
	tcase_add_test(tc, test_spaced_letters);
	tcase_add_test(tc, test_spaced_at_buffer_end);
	tcase_add_test(tc, test_spaced_anywhere);
	tcase_add_test(tc, test_digit_letters);
	tcase_add_test(tc, test_symbol_runs);
	tcase_add_test(tc, test_ornaments);
	tcase_add_test(tc, test_quote_marks);
	tcase_add_test(tc, test_huge_lines);
	tcase_add_test(tc, test_nul_8bit);
	tcase_add_test(tc, test_binary_junk);
	tcase_add_test(tc, test_chunking);
	tcase_add_test(tc, test_raw);
	tcase_add_test(tc, test_max_in);
	tcase_add_test(tc, test_50mb_bounded);
	if (corpus)
		tcase_add_test(tc, test_corpus);
	suite_add_tcase(s, tc);
	suite_add_tcase(s, tc_canon_mime());
	suite_add_tcase(s, tc_canon_charset());
	suite_add_tcase(s, tc_canon_html());
	/* every charset: about a million conversions, too slow for valgrind */
	suite_add_tcase(s, tc_canon_charset_big());
	return s;
}

int
main(void)
{
	int corpus = tu_have_shared("corpus/index.tsv");

	return tu_run(canon_suite(corpus), "check_canon",
	    corpus ? NULL : "corpus/index.tsv");
}
