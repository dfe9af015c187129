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
 * check_canon_mime: the MIME stage: structure, nesting, part headers
 * (RFC 2045, RFC 2231), transfer encodings, broken boundaries. Expected
 * outputs were written by hand from their inputs.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canon-internal.h"
#include "check_canon.h"

/* ------------------------------------------------------------ MIME */

START_TEST(test_alternative)
{
	CHECK_TEXT_FLAGS("Content-Type: multipart/alternative; "
	    "boundary=\"XYZ\"\n\n"
	    "This is the preamble.\n"
	    "--XYZ\n"
	    "Content-Type: text/plain; charset=us-ascii\n\n"
	    "Plain part\n"
	    "--XYZ\n"
	    "Content-Type: text/html\n\n"
	    "<p>HTML <b>part</b></p>\n"
	    "--XYZ--\n"
	    "The epilogue.\n",
	    "plain part html part", 0, ~0u);
}
END_TEST

START_TEST(test_nested)
{
	/* the inner boundary has the outer one as a prefix */
	CHECK_TEXT_FLAGS("Content-Type: multipart/mixed; boundary=abc\n\n"
	    "--abc\n"
	    "Content-Type: multipart/alternative; boundary=\"abc-def\"\n\n"
	    "--abc-def\n"
	    "Content-Type: text/plain\n\n"
	    "Inner plain\n"
	    "--abc-def\n"
	    "Content-Type: text/html\n\n"
	    "<div>Inner html</div>\n"
	    "--abc-def--\n"
	    "--abc\n"
	    "Content-Type: image/png\n"
	    "Content-Transfer-Encoding: base64\n\n"
	    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk\n"
	    "--abc\n"
	    "Content-Type: text/plain; name=notes.txt\n"
	    "Content-Disposition: attachment\n\n"
	    "Attached notes\n"
	    "--abc\n"
	    "Content-Type: application/pdf\n\n"
	    "%PDF-1.4 words that are not text\n"
	    "--abc--\n",
	    "inner plain inner html attached notes", 0, ~0u);
}
END_TEST

START_TEST(test_rfc822)
{
	CHECK_TEXT("Content-Type: multipart/mixed; boundary=\"=_out\"\n\n"
	    "--=_out\n\n"
	    "Outer text\n"
	    "--=_out\n"
	    "Content-Type: message/rfc822\n\n"
	    "From: someone@example.com\n"
	    "Subject: forwarded\n"
	    "Content-Type: multipart/alternative; boundary=in\n\n"
	    "--in\n"
	    "Content-Type: text/plain\n\n"
	    "Inner Text\n"
	    "--in--\n"
	    "--=_out--\n",
	    "outer text inner text");
	/* an encoded message (RFC 2046 forbids it): its text, decoded */
	CHECK_TEXT_FLAGS("Content-Type: multipart/mixed; boundary=o\n\n"
	    "--o\nContent-Type: message/rfc822\n"
	    "Content-Transfer-Encoding: base64\n\n"
	    "U3ViamVjdDogeAoKSW5uZXIgdGV4dAo=\n--o--\n",
	    "subject: x inner text", CANON_F_BADMIME, 0);
	/* multipart/digest: parts are messages by default */
	CHECK_TEXT("Content-Type: multipart/digest; boundary=d\n\n"
	    "--d\n\n"
	    "Subject: one\n\n"
	    "First message\n"
	    "--d\n\n"
	    "Subject: two\n"
	    "Content-Type: text/html\n\n"
	    "<i>Second</i> message\n"
	    "--d--\n",
	    "first message second message");
}
END_TEST

START_TEST(test_milter_headers)
{
	struct tu_buf s = { NULL, 0, 0 };
	struct canon *c;
	const char *body = "--B\r\nContent-Type: text/plain\r\n"
	    "Content-Transfer-Encoding: base64\r\n\r\nSGVsbG8gV29ybGQ=\r\n"
	    "--B--\r\n";

	c = canon_new(CANON_TEXT, 0, 0, tu_collect, &s);
	ck_assert_ptr_nonnull(c);
	canon_header(c, "Subject", "whatever");
	canon_header(c, "Content-Type", "multipart/alternative;\r\n\t"
	    "boundary=\"B\"");
	canon_body(c, (const unsigned char *)body, strlen(body));
	canon_end(c);
	ck_assert_ptr_nonnull(s.p);
	ck_assert_str_eq((char *)s.p, "hello world");
	ck_assert_uint_eq(canon_in_bytes(c), strlen(body));

	/* reuse: the same message again gives the same bytes */
	s.len = 0;
	canon_reset(c);
	canon_header(c, "content-type", "text/plain; charset=utf-8");
	canon_header(c, "Content-Transfer-Encoding", "quoted-printable");
	canon_body(c, (const unsigned char *)"Caf=C3=A9=\r\n!\r\n", 15);
	canon_end(c);
	ck_assert_str_eq((char *)s.p, "caf\xc3\xa9!");
	ck_assert_uint_eq(canon_flags(c), 0);
	canon_free(c);
	free(s.p);
}
END_TEST

/* ------------------------------------------------------------ encodings */

START_TEST(test_base64)
{
	CHECK_TEXT_FLAGS("Content-Type: text/plain\n"
	    "Content-Transfer-Encoding: base64\n\n"
	    "SGVs\nbG8g\nV29y\nbGQ=\n", "hello world", 0, ~0u);
	/* bad characters are skipped */
	CHECK_TEXT_FLAGS("Content-Type: text/plain\n"
	    "Content-Transfer-Encoding: BASE64\n\n"
	    "SGV$sb!G8=\n", "hello", CANON_F_BADENCODING, 0);
	/* a lone sextet at the end is dropped, the rest kept */
	CHECK_TEXT_FLAGS("Content-Transfer-Encoding: base64\n\n"
	    "SGVsbG8gV29ybGQhI\n", "hello world!", CANON_F_BADENCODING, 0);
	/* text under a base64 label is taken as it stands, as clients do */
	CHECK_TEXT_FLAGS("Content-Type: text/plain\n"
	    "Content-Transfer-Encoding: base64\n\n"
	    "\nDear customer, your account\nis ready.\n", "dear customer, "
	    "your account is ready.", CANON_F_BADENCODING, 0);
	CHECK_TEXT_FLAGS("Content-Transfer-Encoding: base64\n\n"
	    "Thanks!!!\n", "thanks!!!", CANON_F_BADENCODING, 0);
	/* the first line decides: base64 after a blank line */
	CHECK_TEXT("Content-Transfer-Encoding: base64\n\n"
	    "\n  \nSGVsbG8g\nV29ybGQ=\n", "hello world");
	/* a line longer than the probe, no blank in it: base64 */
	CHECK_TEXT("Content-Transfer-Encoding: base64\n\n"
	    "QUFB" "QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFB"
	    "QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFB"
	    "QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFB"
	    "QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFB"
	    "QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFB\n",
	    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	    "aaaaaa");
}
END_TEST

START_TEST(test_rfc2231)
{
	/* a boundary in sections, and charset*= with an extended value */
	CHECK_TEXT("Content-Type: multipart/alternative;\n"
	    " boundary*0=\"abc\"; boundary*1=def;\n boundary*2*=%3Dx\n\n"
	    "--abcdef=x\n"
	    "Content-Type: text/plain; charset*=us-ascii'en'gb2312\n"
	    "Content-Transfer-Encoding: base64\n\n1tDOxA==\n"
	    "--abcdef=x--\n", "\xe4\xb8\xad\xe6\x96\x87");
	/* sections out of order */
	CHECK_TEXT("Content-Type: multipart/mixed; boundary*1=\"2\";"
	    " boundary*0=\"b1\"\n\n--b12\n\nfirst\n--b12\n\nsecond\n"
	    "--b12--\n", "first second");
	/* a gap in the sections: no boundary, a loose multipart */
	CHECK_TEXT_FLAGS("Content-Type: multipart/mixed; boundary*0=a;"
	    " boundary*2=c\n\n--ac\n\nx\n--ac--\n", "x", CANON_F_BADMIME, 0);
	/* a plain boundary wins over sections */
	CHECK_TEXT("Content-Type: multipart/mixed; boundary*0=zz;"
	    " boundary=\"b\"\n\n--b\n\nyes\n--b--\n", "yes");
}
END_TEST

START_TEST(test_qp)
{
	CHECK_TEXT_FLAGS("Content-Type: text/plain; charset=utf-8\n"
	    "Content-Transfer-Encoding: quoted-printable\n\n"
	    "Caf=C3=A9 au lait=\n, s'il vous pla=c3=aet =3D ok=20=20\n"
	    "soft break with padding=  \nend\n",
	    "caf\xc3\xa9 au lait, s'il vous pla\xc3\xaet = ok "
	    "soft break with paddingend", 0, ~0u);
	/* a truncated escape at the end of the part is kept literally */
	CHECK_TEXT_FLAGS("Content-Transfer-Encoding: quoted-printable\n\n"
	    "abc=4", "abc=4", CANON_F_BADENCODING, 0);
	CHECK_TEXT_FLAGS("Content-Transfer-Encoding: quoted-printable\n\n"
	    "abc=", "abc=", CANON_F_BADENCODING, 0);
	/* an invalid escape in the middle likewise */
	CHECK_TEXT_FLAGS("Content-Transfer-Encoding: quoted-printable\n\n"
	    "50=% off =Zap\n", "50=% off =zap", CANON_F_BADENCODING, 0);
}
END_TEST

/* ------------------------------------------------------------ broken MIME */

START_TEST(test_broken_boundaries)
{
	/* no closing boundary */
	CHECK_TEXT_FLAGS("Content-Type: multipart/mixed; boundary=XYZ\n\n"
	    "--XYZ\nContent-Type: text/plain\n\nUnclosed part\n",
	    "unclosed part", CANON_F_BADMIME, 0);
	/*
	 * The boundary never comes: all preamble, and no part. What a mail
	 * program shows of such a message is its text, the preamble, read
	 * as plain text (its first PRE_MAX bytes), so that a campaign gets
	 * no structure to hide behind (helper-65's review); the same of a
	 * multipart without a boundary parameter and no "--" line.
	 */
	CHECK_TEXT_FLAGS("Content-Type: multipart/mixed; boundary=NEVER\n\n"
	    "--OTHER\nContent-Type: text/plain\n\nLost\n--OTHER--\n",
	    "--other content-type: text/plain lost --other--",
	    CANON_F_BADMIME, 0);
	CHECK_TEXT_FLAGS("Content-Type: multipart/mixed\n\nwhatever\n",
	    "whatever", CANON_F_BADMIME, 0);
	{
		char	msg[PRE_MAX + 256], want[PRE_MAX];
		size_t	n, i;

		n = (size_t)snprintf(msg, sizeof(msg), "Content-Type: "
		    "multipart/alternative; boundary=b\n\n");
		for (i = 0; i < PRE_MAX / 4; i++)
			memcpy(msg + n + 4 * i, "abc ", 4);
		memcpy(msg + n + PRE_MAX, "tail\n", 6);
		memcpy(want, msg + n, PRE_MAX - 1);	/* the last space */
		want[PRE_MAX - 1] = '\0';
		CHECK_TEXT_FLAGS(msg, want, CANON_F_BADMIME, 0);
	}
	/* a preamble before a part is not read, however long */
	CHECK_TEXT("Content-Type: multipart/mixed; boundary=b\n\nThis is a "
	    "multi-part message in MIME format.\n--b\n\nPart\n--b--\n",
	    "part");
	CHECK_TEXT("Content-Type: multipart/mixed\n\nThis is a multi-part "
	    "message in MIME format.\n--b\n\nPart\n--b--\n", "part");
	/* loose: each "--" line starts a part, its close ends it */
	CHECK_TEXT_FLAGS("Content-Type: multipart/mixed\n\npreamble\n"
	    "--a\nContent-Transfer-Encoding: base64\n\nT25l\n--a--\n"
	    "epilogue\n--b\n\nTwo\n", "one two", CANON_F_BADMIME, 0);
	/* ... but a "--...--" line that closes no open part is text */
	CHECK_TEXT_FLAGS("Content-Type: multipart/mixed\n\n--a\n\n--x--\n"
	    "Buy cheap watches now\n", "--x-- buy cheap watches now",
	    CANON_F_BADMIME, 0);
	/* a loose digest's nested multipart: its parts are text, not messages */
	CHECK_TEXT_FLAGS("Content-Type: multipart/digest\n\n--d\n"
	    "Content-Type: multipart/mixed; boundary=c\n\n--c\n\n"
	    "Buy cheap watches\nnow today\n--c--\n",
	    "buy cheap watches now today", CANON_F_BADMIME, 0);
	/* an outer boundary closes an unclosed inner multipart */
	CHECK_TEXT_FLAGS("Content-Type: multipart/mixed; boundary=o\n\n"
	    "--o\nContent-Type: multipart/alternative; boundary=i\n\n"
	    "--i\n\nOne\n"
	    "--o\n\nTwo\n--o--\n", "one two", CANON_F_BADMIME, 0);
	/* part headers cut by a boundary; boundary with trailing blanks */
	CHECK_TEXT_FLAGS("Content-Type: multipart/mixed; boundary=q\n\n"
	    "--q\nContent-Type: text/plain\n--q \t\n\nThree\n--q--\n",
	    "three", CANON_F_BADMIME, 0);
	/*
	 * An over-long boundary parameter, and one lost in a header cut
	 * at HDR_MAX: loose, the parts still read (a boundary line longer
	 * than any kept one is dropped whole); an enclosing boundary
	 * still ends it.
	 */
	{
		char msg[8192], pad[5000];

		snprintf(msg, sizeof(msg), "Content-Type: multipart/mixed; "
		    "boundary=\"%0300d\"\n\n--%0300d\n\nHidden\n", 0, 0);
		CHECK_TEXT_FLAGS(msg, "hidden", CANON_F_BADMIME, 0);
		memset(pad, 'y', sizeof(pad) - 1);
		pad[sizeof(pad) - 1] = '\0';
		snprintf(msg, sizeof(msg), "Content-Type: multipart/mixed; "
		    "boundary=o\n\n--o\nContent-Type: multipart/mixed; "
		    "x=\"%s\"; boundary=i\n\n--i\n"
		    "Content-Transfer-Encoding: base64\n\nSW5uZXI=\n--i--\n"
		    "--o\n\nOuter\n--o--\n", pad);
		CHECK_TEXT_FLAGS(msg, "inner outer", CANON_F_BADMIME, 0);
	}
	/*
	 * A header cut at HDR_MAX anywhere in or around its boundary: never
	 * a prefix of it taken for the boundary (which no line matches, so
	 * that all would be preamble), but the whole boundary, or none and
	 * a loose multipart.
	 */
	{
		char msg[8192], pad[4200];
		size_t len;

		for (len = 4040; len < 4100; len++) {
			memset(pad, 'y', len);
			pad[len] = '\0';
			snprintf(msg, sizeof(msg), "Content-Type: multipart/mixed; "
			    "x=\"%s\"; boundary=ABCDEFGH\n\n--ABCDEFGH\n"
			    "Content-Type: text/plain\n\nBuy cheap watches\n"
			    "--ABCDEFGH--\n", pad);
			CHECK_TEXT(msg, "buy cheap watches");
		}
	}
}
END_TEST

/* A message that opens multiparts b0 .. b<levels>, each in the last. */
static size_t
nest_open(char *msg, size_t size, int levels)
{
	size_t n = 0;
	int i;

	n += snprintf(msg + n, size - n,
	    "Content-Type: multipart/mixed; boundary=b0\n\n");
	for (i = 0; i < levels; i++)
		n += snprintf(msg + n, size - n, "--b%d\n"
		    "Content-Type: multipart/mixed; boundary=b%d\n\n",
		    i, i + 1);
	return n;
}

START_TEST(test_depth)
{
	char msg[8192];
	size_t n;
	int i;

	/* 10 nested multiparts: past MAXDEPTH, loose; the text still read */
	n = nest_open(msg, sizeof(msg), 10);
	n += snprintf(msg + n, sizeof(msg) - n,
	    "--b10\n\nDeep text\n--b10--\n");
	for (i = 9; i >= 1; i--)
		n += snprintf(msg + n, sizeof(msg) - n, "--b%d--\n", i);
	n += snprintf(msg + n, sizeof(msg) - n,
	    "--b0\n\nShallow text\n--b0--\n");
	ck_assert_uint_lt(n, sizeof(msg));
	CHECK_TEXT_FLAGS(msg, "deep text shallow text", CANON_F_DEPTH, 0);

	/*
	 * Past MAXDEPTH the parts are loose, but read: the text of a later
	 * part of a level too deep to keep, base64, comes decoded.
	 */
	n = nest_open(msg, sizeof(msg), 12);
	n += snprintf(msg + n, sizeof(msg) - n, "--b12\n\nDecoy\n--b12--\n"
	    "--b11\nContent-Transfer-Encoding: base64\n\n"
	    "QnV5IGNoZWFwIHdhdGNoZXM=\n--b11--\n");
	for (i = 10; i >= 0; i--)
		n += snprintf(msg + n, sizeof(msg) - n, "--b%d--\n", i);
	ck_assert_uint_lt(n, sizeof(msg));
	CHECK_TEXT_FLAGS(msg, "decoy buy cheap watches", CANON_F_DEPTH, 0);
}
END_TEST

/* The test case of this stage. */
TCase *
tc_canon_mime(void)
{
	TCase *tc = tcase_create("canon_mime");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_alternative);
	tcase_add_test(tc, test_nested);
	tcase_add_test(tc, test_rfc822);
	tcase_add_test(tc, test_milter_headers);
	tcase_add_test(tc, test_base64);
	tcase_add_test(tc, test_rfc2231);
	tcase_add_test(tc, test_qp);
	tcase_add_test(tc, test_broken_boundaries);
	tcase_add_test(tc, test_depth);
	return tc;
}
