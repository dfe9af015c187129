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
 * check_canon_charset: the charset stage: labels, conversions, bad
 * bytes, and every charset iconv knows cut at every byte. Expected
 * outputs were written by hand from their inputs.
 */

#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_canon.h"

#define SNIFF_BYTES	4096	/* what canon_charset.c looks at (SNIFF_MAX) */

/* ------------------------------------------------------------ charsets */

START_TEST(test_charsets)
{
	/* 中文测试 ok: GBK in base64 (labelled gb2312), UTF-8 in QP */
	same_text("Content-Type: text/plain; charset=gb2312\n"
	    "Content-Transfer-Encoding: base64\n\n1tDOxLLiytQgb2s=\n",
	    "Content-Type: text/plain; charset=\"UTF-8\"\n"
	    "Content-Transfer-Encoding: quoted-printable\n\n"
	    "=E4=B8=AD=E6=96=87=E6=B5=8B=E8=AF=95 ok\n",
	    "\xe4\xb8\xad\xe6\x96\x87\xe6\xb5\x8b\xe8\xaf\x95 ok");
	/* the same in 8bit GBK */
	same_text("Content-Type: text/plain; charset=GBK\n\n"
	    "\xd6\xd0\xce\xc4\xb2\xe2\xca\xd4 OK\n",
	    "Content-Type: text/plain; charset=utf-8\n\n"
	    "\xe4\xb8\xad\xe6\x96\x87\xe6\xb5\x8b\xe8\xaf\x95 OK\n",
	    "\xe4\xb8\xad\xe6\x96\x87\xe6\xb5\x8b\xe8\xaf\x95 ok");
	/* Latin-1 and UTF-8: café crème brûlée ÉTÉ */
	same_text("Content-Type: text/plain; charset=iso-8859-1\n\n"
	    "Caf\xe9 cr\xe8me br\xfbl\xe9" "e \xc9T\xc9\n",
	    "Content-Type: text/html; charset=utf-8\n\n"
	    "<p>Caf\xc3\xa9 cr\xc3\xa8me br\xc3\xbbl\xc3\xa9" "e "
	    "&Eacute;T&#201;</p>\n",
	    "caf\xc3\xa9 cr\xc3\xa8me br\xc3\xbbl\xc3\xa9" "e "
	    "\xc3\xa9t\xc3\xa9");
	/* KOI8-R and windows-1251: Привет, lower-cased */
	same_text("Content-Type: text/plain; charset=koi8-r\n\n"
	    "\xf0\xd2\xc9\xd7\xc5\xd4\n",
	    "Content-Type: text/plain; charset=windows-1251\n\n"
	    "\xcf\xf0\xe8\xe2\xe5\xf2\n",
	    "\xd0\xbf\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82");
	/* UTF-16 with a BOM, base64: "Hi" */
	same_text("Content-Type: text/plain; charset=utf-16\n"
	    "Content-Transfer-Encoding: base64\n\n/v8ASABp\n",
	    "Content-Type: text/plain\n\nhi\n", "hi");
}
END_TEST

/* ------------------------------------------------------------ sniffing */

/*
 * One sentence in each charset, written as its bytes (Python's codecs
 * made them from the text in the comment): the same words must come out
 * of an unlabelled or mislabelled part as out of a UTF-8 one.
 */
/* 我们明天下午三点在会议室开会 请大家准时参加 带上上周的报告和新的计划 */
#define ZH_GBK	"\xce\xd2\xc3\xc7\xc3\xf7\xcc\xec\xcf\xc2\xce\xe7\xc8\xfd" \
	    "\xb5\xe3\xd4\xda\xbb\xe1\xd2\xe9\xca\xd2\xbf\xaa\xbb\xe1" \
	    " \xc7\xeb\xb4\xf3\xbc\xd2\xd7\xbc\xca\xb1\xb2\xce\xbc" \
	    "\xd3 \xb4\xf8\xc9\xcf\xc9\xcf\xd6\xdc\xb5\xc4\xb1\xa8" \
	    "\xb8\xe6\xba\xcd\xd0\xc2\xb5\xc4\xbc\xc6\xbb\xae"
#define ZH_U8	"\xe6\x88\x91\xe4\xbb\xac\xe6\x98\x8e\xe5\xa4\xa9\xe4\xb8" \
	    "\x8b\xe5\x8d\x88\xe4\xb8\x89\xe7\x82\xb9\xe5\x9c\xa8\xe4" \
	    "\xbc\x9a\xe8\xae\xae\xe5\xae\xa4\xe5\xbc\x80\xe4\xbc\x9a" \
	    " \xe8\xaf\xb7\xe5\xa4\xa7\xe5\xae\xb6\xe5\x87\x86\xe6" \
	    "\x97\xb6\xe5\x8f\x82\xe5\x8a\xa0 \xe5\xb8\xa6\xe4\xb8" \
	    "\x8a\xe4\xb8\x8a\xe5\x91\xa8\xe7\x9a\x84\xe6\x8a\xa5\xe5" \
	    "\x91\x8a\xe5\x92\x8c\xe6\x96\xb0\xe7\x9a\x84\xe8\xae\xa1" \
	    "\xe5\x88\x92"
/* 明日の会議は午後三時からです よろしくお願いします 資料を忘れないでください */
#define JA_SJIS	"\x96\xbe\x93\xfa\x82\xcc\x89\xef\x8b" "c\x82\xcd\x8c\xdf" \
	    "\x8c\xe3\x8eO\x8e\x9e\x82\xa9\x82\xe7\x82\xc5\x82\xb7 " \
	    "\x82\xe6\x82\xeb\x82\xb5\x82\xad\x82\xa8\x8a\xe8\x82\xa2" \
	    "\x82\xb5\x82\xdc\x82\xb7 \x8e\x91\x97\xbf\x82\xf0\x96Y" \
	    "\x82\xea\x82\xc8\x82\xa2\x82\xc5\x82\xad\x82\xbe\x82\xb3" \
	    "\x82\xa2"
#define JA_U8	"\xe6\x98\x8e\xe6\x97\xa5\xe3\x81\xae\xe4\xbc\x9a\xe8\xad" \
	    "\xb0\xe3\x81\xaf\xe5\x8d\x88\xe5\xbe\x8c\xe4\xb8\x89\xe6" \
	    "\x99\x82\xe3\x81\x8b\xe3\x82\x89\xe3\x81\xa7\xe3\x81\x99" \
	    " \xe3\x82\x88\xe3\x82\x8d\xe3\x81\x97\xe3\x81\x8f\xe3" \
	    "\x81\x8a\xe9\xa1\x98\xe3\x81\x84\xe3\x81\x97\xe3\x81\xbe" \
	    "\xe3\x81\x99 \xe8\xb3\x87\xe6\x96\x99\xe3\x82\x92\xe5" \
	    "\xbf\x98\xe3\x82\x8c\xe3\x81\xaa\xe3\x81\x84\xe3\x81\xa7" \
	    "\xe3\x81\x8f\xe3\x81\xa0\xe3\x81\x95\xe3\x81\x84"
/* the same in ISO-2022-JP */
#define JA_JIS	"\x1b$BL@F|$N2q5D$O8a8e;0;~$+$i$G$9\x1b(B \x1b$B$h$m$7$/$" \
	    "*4j$$$7$^$9\x1b(B \x1b$B;qNA$rK:$l$J$$$G$/$@$5$$\x1b(B"
/* 안녕하세요 내일 회의는 오후 세시입니다 자료를 잊지 마세요 */
#define KO_U8	"\xec\x95\x88\xeb\x85\x95\xed\x95\x98\xec\x84\xb8\xec" \
	    "\x9a\x94 \xeb\x82\xb4\xec\x9d\xbc \xed\x9a\x8c\xec" \
	    "\x9d\x98\xeb\x8a\x94 \xec\x98\xa4\xed\x9b\x84 \xec" \
	    "\x84\xb8\xec\x8b\x9c\xec\x9e\x85\xeb\x8b\x88\xeb\x8b" \
	    "\xa4 \xec\x9e\x90\xeb\xa3\x8c\xeb\xa5\xbc \xec\x9e" \
	    "\x8a\xec\xa7\x80 \xeb\xa7\x88\xec\x84\xb8\xec\x9a" \
	    "\x94"
#define KO_EUC	"\xbe\xc8\xb3\xe7\xc7\xcf\xbc\xbc\xbf\xe4 \xb3\xbb" \
	    "\xc0\xcf \xc8\xb8\xc0\xc7\xb4\xc2 \xbf\xc0\xc8\xc4 " \
	    "\xbc\xbc\xbd\xc3\xc0\xd4\xb4\xcf\xb4\xd9 \xc0\xda" \
	    "\xb7\xe1\xb8\xa6 \xc0\xd8\xc1\xf6 \xb8\xb6\xbc\xbc" \
	    "\xbf\xe4"
/* the same in ISO-2022-KR (RFC 1557) */
#define KO_2022	"\x1b$)C\x0e>H3gGO<<\x3f" "d\x0f \x0e" "3;@O\x0f \x0e" \
	    "H8@G4B\x0f \x0e\x3f@HD\x0f \x0e<<=C@T4O4Y\x0f \x0e@Z" \
	    "7a8&\x0f \x0e@XAv\x0f \x0e" "86<<\x3f" "d\x0f"
/* привет иван завтра встреча в десять часов не опаздывай пожалуйста */
#define RU_1251	"\xef\xf0\xe8\xe2\xe5\xf2 \xe8\xe2\xe0\xed \xe7\xe0\xe2" \
	    "\xf2\xf0\xe0 \xe2\xf1\xf2\xf0\xe5\xf7\xe0 \xe2 \xe4\xe5" \
	    "\xf1\xff\xf2\xfc \xf7\xe0\xf1\xee\xe2 \xed\xe5 \xee\xef" \
	    "\xe0\xe7\xe4\xfb\xe2\xe0\xe9 \xef\xee\xe6\xe0\xeb\xf3" \
	    "\xe9\xf1\xf2\xe0"
#define RU_U8	"\xd0\xbf\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82 \xd0" \
	    "\xb8\xd0\xb2\xd0\xb0\xd0\xbd \xd0\xb7\xd0\xb0\xd0\xb2" \
	    "\xd1\x82\xd1\x80\xd0\xb0 \xd0\xb2\xd1\x81\xd1\x82\xd1" \
	    "\x80\xd0\xb5\xd1\x87\xd0\xb0 \xd0\xb2 \xd0\xb4\xd0\xb5" \
	    "\xd1\x81\xd1\x8f\xd1\x82\xd1\x8c \xd1\x87\xd0\xb0\xd1" \
	    "\x81\xd0\xbe\xd0\xb2 \xd0\xbd\xd0\xb5 \xd0\xbe\xd0\xbf" \
	    "\xd0\xb0\xd0\xb7\xd0\xb4\xd1\x8b\xd0\xb2\xd0\xb0\xd0\xb9" \
	    " \xd0\xbf\xd0\xbe\xd0\xb6\xd0\xb0\xd0\xbb\xd1\x83\xd0" \
	    "\xb9\xd1\x81\xd1\x82\xd0\xb0"
/* grüße aus münchen die straße ist schön übermorgen kommt er zurück */
#define DE_L1	"gr\xfc\xdf" "e aus m\xfcnchen die stra\xdf" "e ist sch" \
	    "\xf6n \xfc" "bermorgen kommt er zur\xfc" "ck"
#define DE_U8	"gr\xc3\xbc\xc3\x9f" "e aus m\xc3\xbcnchen die stra\xc3" \
	    "\x9f" "e ist sch\xc3\xb6n \xc3\xbc" "bermorgen kommt er " \
	    "zur\xc3\xbc" "ck"

START_TEST(test_charset_sniff)
{
	/* no MIME at all: 8-bit GBK, Shift_JIS, windows-1251 */
	same_text("Subject: x\n\n" ZH_GBK "\n",
	    "Content-Type: text/plain; charset=utf-8\n\n" ZH_U8 "\n", ZH_U8);
	same_text("Subject: x\n\n" JA_SJIS "\n",
	    "Content-Type: text/plain; charset=utf-8\n\n" JA_U8 "\n", JA_U8);
	same_text("Subject: x\n\n" RU_1251 "\n",
	    "Content-Type: text/plain; charset=utf-8\n\n" RU_U8 "\n", RU_U8);
	/* labelled us-ascii, and text/plain with no charset */
	same_text("Content-Type: text/plain; charset=us-ascii\n\n" ZH_GBK "\n",
	    "Content-Type: text/plain\n\n" ZH_GBK "\n", ZH_U8);
	/* GBK labelled Latin-1 (read as Latin-1, it was Latin-script noise) */
	same_text("Content-Type: text/plain; charset=iso-8859-1\n\n" ZH_GBK "\n",
	    "Content-Type: text/html; charset=windows-1252\n"
	    "Content-Transfer-Encoding: base64\n\n"
	    "ztLDx8P3zOzPws7nyP2149Tau+HS6crSv6q74SDH67TzvNLXvMqxss680yC0+MnP\n"
	    "yc/W3LXEsai45rrN0MK1xLzGu64=\n",
	    ZH_U8);
	/* UTF-8 labelled Latin-1, and real Latin-1, labelled and not */
	same_text("Content-Type: text/plain; charset=iso-8859-1\n\n" DE_U8 "\n",
	    "Content-Type: text/plain; charset=iso-8859-1\n\n" DE_L1 "\n", DE_U8);
	same_text("Subject: x\n\n" DE_L1 "\n",
	    "Content-Type: text/plain; charset=utf-8\n\n" DE_U8 "\n", DE_U8);
	/* UTF-8 under another one-byte label is UTF-8; text in that
	 * charset stays in it */
	same_text("Content-Type: text/plain; charset=windows-1251\n\n" RU_U8 "\n",
	    "Content-Type: text/plain; charset=windows-1251\n\n" RU_1251 "\n",
	    RU_U8);
	same_text("Content-Type: text/plain; charset=koi8-r\n\n" RU_U8 "\n",
	    "Content-Type: text/plain; charset=utf-8\n\n" RU_U8 "\n", RU_U8);
	same_text("Content-Type: text/plain; charset=iso-8859-2\n\n" DE_U8 "\n",
	    "Content-Type: text/plain; charset=utf-8\n\n" DE_U8 "\n", DE_U8);
	/* Shift_JIS labelled ISO-2022-JP (7-bit): read as what it is;
	 * real ISO-2022-JP as labelled */
	same_text("Content-Type: text/plain; charset=iso-2022-jp\n\n" JA_SJIS "\n",
	    "Content-Type: text/plain; charset=iso-2022-jp\n\n" JA_JIS "\n",
	    JA_U8);
	/* ISO-2022-KR (7-bit, RFC 1557) as labelled, base64 too; EUC-KR
	 * labelled ISO-2022-KR: read as what it is */
	same_text("Content-Type: text/plain; charset=iso-2022-kr\n\n" KO_2022 "\n",
	    "Content-Type: text/plain; charset=utf-8\n\n" KO_U8 "\n", KO_U8);
	same_text("Content-Type: text/plain; charset=ISO-2022-KR\n"
	    "Content-Transfer-Encoding: base64\n\n"
	    "GyQpQw4+SDNnR088PD9kDyAOMztATw8gDkg4QEc0Qg8gDj9ASEQPIA48PD1DQFQ0TzRZ\n"
	    "DyAOQFo3YTgmDyAOQFhBdg8gDjg2PDw/ZA8=\n",
	    "Content-Type: text/plain; charset=iso-2022-kr\n\n" KO_EUC "\n",
	    KO_U8);
	/* ISO-2022-JP and -KR with no label, or us-ascii's: 7-bit text
	 * whose escapes say what it is (Japanese mail of the 1990s on);
	 * in HTML too, where its bytes would read as tags */
	same_text("Subject: x\n\n" JA_JIS "\n",
	    "Content-Type: text/plain; charset=us-ascii\n\n" JA_JIS "\n", JA_U8);
	same_text("Content-Type: text/html\n\n<p>" JA_JIS "</p>\n",
	    "Content-Type: text/plain; charset=utf-8\n\n" JA_U8 "\n", JA_U8);
	same_text("Subject: x\n\n" KO_2022 "\n",
	    "Content-Type: text/plain; charset=us-ascii\n\n" KO_2022 "\n", KO_U8);
	/* Mac Cyrillic, which uchardet names MAC-CYRILLIC (the table:
	 * x-mac-cyrillic); windows-1251 but for the letter ya */
	same_text("Subject: x\n\n\xef\xf0\xe8\xe2\xe5\xf2 \xe8\xe2\xe0\xed "
	    "\xe7\xe0\xe2\xf2\xf0\xe0 \xe2\xf1\xf2\xf0\xe5\xf7\xe0 \xe2 "
	    "\xe4\xe5\xf1\xdf\xf2\xfc \xf7\xe0\xf1\xee\xe2 \xed\xe5 "
	    "\xee\xef\xe0\xe7\xe4\xfb\xe2\xe0\xe9 \xef\xee\xe6\xe0\xeb"
	    "\xf3\xe9\xf1\xf2\xe0\n",
	    "Content-Type: text/plain; charset=utf-8\n\n" RU_U8 "\n", RU_U8);
	/* ASCII with an escape that is no ISO-2022 designation stays ASCII */
	CHECK_TEXT("Subject: x\n\nplain \x1b[1mbold\x1b[0m text\n",
	    "plain [imbold[0m text");
	/* real ISO-2022-JP with stray 8-bit bytes: still ISO-2022-JP (the
	 * bytes it cannot have are skipped) */
	CHECK_TEXT("Content-Type: text/plain; charset=iso-2022-jp\n\n" JA_JIS
	    "\n\xc2\xa9 2026 Example\n", JA_U8 " 2026 example");
	/* IBM866, whose letters are UTF-8 lead and trail bytes: as labelled
	 * ("так" is E2 A0 AA, a UTF-8 sequence) */
	CHECK_TEXT("Content-Type: text/plain; charset=ibm866\n\n\xe2\xa0\xaa\n",
	    "\xd1\x82\xd0\xb0\xd0\xba");
	/* an unknown label: sniffed, and still flagged */
	CHECK_TEXT_FLAGS("Content-Type: text/plain; charset=x-no-such-cs\n\n"
	    ZH_GBK "\n", ZH_U8, CANON_F_CHARSET, 0);
	/* each part on its own: GBK unlabelled, then UTF-8 unlabelled */
	same_text("Content-Type: multipart/mixed; boundary=b\n\n--b\n\n"
	    ZH_GBK "\n--b\n\n" RU_U8 "\n--b--\n",
	    "Content-Type: text/plain; charset=utf-8\n\n" ZH_U8 " " RU_U8 "\n",
	    ZH_U8 " " RU_U8);
}
END_TEST

/*
 * UTF-16 and UTF-32: each part by its own byte-order mark, little-endian
 * without one (whatever the part before it had), and a part the same on
 * a canonicaliser used before: glibc's decoders of the two keep what
 * they read of a mark past a reset, so a kept converter decoded these
 * bytes (fuzz_canon's finding, its body here) otherwise than a new one,
 * and a part without a mark after one with a big-endian mark as
 * big-endian.
 */
#define U16LE_HELLO	"//5oAGUAbABsAG8A"	/* FF FE "hello" in UTF-16LE */
#define U32LE_HI	"//4AAGgAAABpAAAA"	/* FF FE 00 00 "hi" in UTF-32LE */
#define U16BE_HI	"/v8ASABp"		/* FE FF "Hi" in UTF-16BE */
#define U16_HI		"aABpAA=="		/* "hi" in UTF-16LE, no mark */
#define U32BE_H		"AAD+/wAAAGg="		/* 00 00 FE FF "h" in UTF-32BE */
#define U32_H		"aAAAAA=="		/* "h" in UTF-32LE, no mark */
#define U16_PART(b64)	"--b\nContent-Type: text/plain; charset=utf-16\n" \
	    "Content-Transfer-Encoding: base64\n\n" b64 "\n"
#define U32_PART(b64)	"--b\nContent-Type: text/plain; charset=utf-32\n" \
	    "Content-Transfer-Encoding: base64\n\n" b64 "\n"
/* c reset, fed hdr then len bytes of body; its text in out, NUL-ended. */
static void
text_again(struct canon *c, struct tu_buf *out, const char *hdr,
    const char *body, size_t len)
{
	out->len = 0;
	canon_reset(c);
	canon_body(c, (const unsigned char *)hdr, strlen(hdr));
	canon_body(c, (const unsigned char *)body, len);
	canon_end(c);
	tu_buf_add(out, "", 1);
}

START_TEST(test_charset_bom_each_part)
{
	static const char utf32_junk[] =
	    "\x11\x46\x72\x67\x6c\x6f\x62\x61\x6c\x90\x92\x69\x74\x72\x8a\x57"
	    "\x10\x20\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
	    "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
	    "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
	    "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xfe\xff\xff\xff\x00"
	    "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
	    "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
	    "\x00\x00\x00\x00\x00\x00\x66\x00\x00\x00\x72\x00\x20\x00\x00\x00"
	    "\x11";
	static const char u32le_unlabelled[] =	/* FF FE 00 00, then */
	    "\xff\xfe\x00\x00" "D\0\0\0e\0\0\0a\0\0\0r\0\0\0 \0\0\0"
	    "f\0\0\0r\0\0\0i\0\0\0e\0\0\0n\0\0\0d\0\0\0,\0\0\0"
	    " \0\0\0h\0\0\0e\0\0\0l\0\0\0l\0\0\0o\0\0\0";
	const char	*hdr = "Content-Type: text/plain; charset=utf-32\n\n";
	struct tu_buf	 out = { NULL, 0, 0 };
	char		*first = NULL;
	struct canon	*c;
	int		 i;

	CHECK_TEXT("Content-Type: multipart/mixed; boundary=b\n\n"
	    U16_PART(U16LE_HELLO) U16_PART(U16BE_HI) U16_PART(U16_HI)
	    U32_PART(U32LE_HI) U32_PART(U32BE_H) U32_PART(U32_H) "--b--\n",
	    "hello hi hi hi h h");
	c = canon_new(CANON_TEXT, 0, 1, tu_collect, &out);
	ck_assert_ptr_nonnull(c);
	for (i = 0; i < 3; i++) {
		text_again(c, &out, hdr, utf32_junk, sizeof(utf32_junk) - 1);
		if (first == NULL)
			first = strdup((char *)out.p);
		else
			ck_assert_str_eq((char *)out.p, first);
	}
	/* unlabelled, found UTF-32 by uchardet: read by its mark (the
	 * part fuzz_canon found decoded two ways is fuzz/corpus/canon/
	 * utf32-sniffed) */
	for (i = 0; i < 3; i++) {
		text_again(c, &out, "Subject: x\n\n", u32le_unlabelled,
		    sizeof(u32le_unlabelled) - 1);
		ck_assert_str_eq((char *)out.p, "dear friend, hello");
	}
	canon_free(c);
	free(first);
	free(out.p);
}
END_TEST

/* An unlabelled part longer than what is sniffed: all of it converted. */
START_TEST(test_charset_sniff_long)
{
	char	*gbk, *u8, *expect, *t1, *t2;
	size_t	 i, n = 200, lg = strlen(ZH_GBK), lu = strlen(ZH_U8), o;

	gbk = malloc(16 + n * (lg + 1) + 1);
	u8 = malloc(64 + n * (lu + 1) + 1);
	expect = malloc(n * (lu + 1) + 1);
	ck_assert_ptr_nonnull(gbk);
	ck_assert_ptr_nonnull(u8);
	ck_assert_ptr_nonnull(expect);
	strcpy(gbk, "Subject: x\n\n");
	strcpy(u8, "Content-Type: text/plain; charset=utf-8\n\n");
	for (i = 0, o = 0; i < n; i++) {
		strcat(gbk, ZH_GBK "\n");
		strcat(u8, ZH_U8 "\n");
		memcpy(expect + o, ZH_U8, lu);
		o += lu;
		expect[o++] = ' ';
	}
	expect[o - 1] = '\0';
	ck_assert_uint_gt(strlen(gbk), SNIFF_BYTES * 2);
	t1 = text_of(gbk, NULL);
	t2 = text_of(u8, NULL);
	ck_assert_str_eq(t2, expect);
	ck_assert_str_eq(t1, expect);
	free(t1);
	free(t2);
	free(gbk);
	free(u8);
	free(expect);
}
END_TEST

/* An unlabelled part of n ASCII letters, sep, then text: read as want. */
static void
ends_with_after(size_t n, const char *sep, const char *text, const char *want)
{
	char	*m, *t;
	size_t	 h = strlen("Subject: x\n\n"), lt, lw = strlen(want);

	m = malloc(h + n + strlen(sep) + strlen(text) + 2);
	ck_assert_ptr_nonnull(m);
	memcpy(m, "Subject: x\n\n", h);
	memset(m + h, 'a', n);
	strcpy(m + h + n, sep);
	strcat(m, text);
	strcat(m, "\n");
	t = text_of(m, NULL);
	lt = strlen(t);
	ck_assert_msg(lt >= lw && strcmp(t + lt - lw, want) == 0,
	    "after %zu letters: ...%s", n, tail20(t));
	free(t);
	free(m);
}

/*
 * An unlabelled part (or one under a label that is sniffed) whose first
 * SNIFF_BYTES are ASCII (an HTML head's style sheet) is told by the
 * bytes after them: the 4 KiB of ASCII said nothing of its charset.
 */
START_TEST(test_charset_sniff_after_ascii)
{
	char	*head, *a, *b;
	size_t	 n = SNIFF_BYTES + 1000;

	head = malloc(n + 64);
	a = malloc(2 * n + 512);
	b = malloc(2 * n + 512);
	ck_assert_ptr_nonnull(head);
	ck_assert_ptr_nonnull(a);
	ck_assert_ptr_nonnull(b);
	strcpy(head, "<html><head><style>");
	while (strlen(head) < n)
		strcat(head, "p { margin: 0 0 1em 0; color: #333; }\n");
	strcat(head, "</style></head><body><p>");
	/* GBK with no label, and labelled */
	snprintf(a, 2 * n + 512, "Content-Type: text/html\n\n%s" ZH_GBK
	    "</p></body></html>\n", head);
	snprintf(b, 2 * n + 512, "Content-Type: text/html; charset=gbk\n\n%s"
	    ZH_GBK "</p></body></html>\n", head);
	same_text(a, b, ZH_U8);
	/* UTF-8 labelled Latin-1 */
	snprintf(a, 2 * n + 512, "Content-Type: text/html; charset=iso-8859-1\n\n"
	    "%s" RU_U8 "</p></body></html>\n", head);
	snprintf(b, 2 * n + 512, "Content-Type: text/html; charset=utf-8\n\n%s"
	    RU_U8 "</p></body></html>\n", head);
	same_text(a, b, RU_U8);
	/* windows-1251 with no label */
	snprintf(a, 2 * n + 512, "Content-Type: text/html\n\n%s" RU_1251
	    "</p></body></html>\n", head);
	same_text(a, b, RU_U8);
	/* the first other byte near the end of a 4 KiB stretch: the part is
	   told by the bytes from it on, not by 4 KiB of ASCII and a few
	   (found by review); an escape cut at the stretch's end is whole */
	ends_with_after(8182, "", ZH_GBK, ZH_U8);
	ends_with_after(4094, "", JA_JIS, JA_U8);
	ends_with_after(4095, " ", JA_JIS, JA_U8);
	free(head);
	free(a);
	free(b);
}
END_TEST

/*
 * uchardet reads the first four unlabelled parts of a message that need
 * it (SNIFF_PARTS: it costs up to 1.6 ms a part, and a message of a
 * thousand such parts took 440 ms a MiB); the parts after them are read
 * as bytes. So a GBK part after three Russian ones is read as GBK, and
 * one after four is not; and a part after four reads the same whatever
 * the four hold, so that decoys before it cannot choose its charset.
 */
#define UPART(t)	"--b\n\n" t "\n"
#define UMSG(p)		"Content-Type: multipart/mixed; boundary=b\n\n" p "--b--\n"
#define RU4		UPART(RU_1251) UPART(RU_1251) UPART(RU_1251) UPART(RU_1251)
#define ZH4		UPART(ZH_GBK) UPART(ZH_GBK) UPART(ZH_GBK) UPART(ZH_GBK)
#define JA4		UPART(JA_SJIS) UPART(JA_SJIS) UPART(JA_SJIS) UPART(JA_SJIS)
START_TEST(test_charset_sniff_parts)
{
	static const char	zh4[] = ZH_U8 " " ZH_U8 " " ZH_U8 " " ZH_U8 " ";
	static const char	ja4[] = JA_U8 " " JA_U8 " " JA_U8 " " JA_U8 " ";
	struct tu_buf		 out = { NULL, 0, 0 };
	struct canon		*c;
	char			*t, *t2;

	t = text_of(UMSG(UPART(RU_1251) UPART(RU_1251) UPART(RU_1251)
	    UPART(ZH_GBK)), NULL);
	ck_assert_ptr_nonnull(strstr(t, RU_U8));
	ck_assert_ptr_nonnull(strstr(t, ZH_U8));
	free(t);
	t = text_of(UMSG(RU4 UPART(ZH_GBK)), NULL);
	ck_assert_ptr_nonnull(strstr(t, RU_U8));
	ck_assert_ptr_null(strstr(t, ZH_U8));
	free(t);
	/* the fifth part's text, after four GBK or four Shift_JIS parts */
	t = text_of(UMSG(ZH4 UPART(RU_1251)), NULL);
	t2 = text_of(UMSG(JA4 UPART(RU_1251)), NULL);
	ck_assert_int_eq(strncmp(t, zh4, strlen(zh4)), 0);
	ck_assert_int_eq(strncmp(t2, ja4, strlen(ja4)), 0);
	ck_assert_str_eq(t + strlen(zh4), t2 + strlen(ja4));
	free(t);
	free(t2);
	/* the count is the message's: the next message's part is read */
	c = canon_new(CANON_TEXT, 0, 1, tu_collect, &out);
	ck_assert_ptr_nonnull(c);
	text_again(c, &out, UMSG(RU4), "", 0);
	text_again(c, &out, "Subject: x\n\n", ZH_GBK "\n", strlen(ZH_GBK) + 1);
	ck_assert_str_eq((char *)out.p, ZH_U8);
	canon_free(c);
	free(out.p);
}
END_TEST

/*
 * And SNIFF_BUDGET bytes of them in all (8 KiB: four parts of 4 KiB of
 * noise cost 11 ms a message): after two long Russian parts a GBK part
 * is read as bytes; after one, it is read as GBK.
 */
START_TEST(test_charset_sniff_budget)
{
	char	*msg, *t, *p;
	size_t	 i, n, cap = 3 * SNIFF_BYTES + 1024;
	int	 parts;

	for (parts = 1; parts <= 2; parts++) {
		ck_assert_ptr_nonnull(msg = p = malloc(cap));
		p += sprintf(p, "Content-Type: multipart/mixed; "
		    "boundary=b\n\n");
		for (i = 0; i < (size_t)parts; i++) {
			p += sprintf(p, "--b\n\n");
			for (n = 0; n < SNIFF_BYTES; n += strlen(RU_1251) + 1)
				p += sprintf(p, "%s\n", RU_1251);
		}
		sprintf(p, "--b\n\n%s\n--b--\n", ZH_GBK);
		t = text_of(msg, NULL);
		ck_assert_ptr_nonnull(strstr(t, RU_U8));
		if (parts == 1)
			ck_assert_ptr_nonnull(strstr(t, ZH_U8));
		else
			ck_assert_ptr_null(strstr(t, ZH_U8));
		free(t);
		free(msg);
	}
}
END_TEST

START_TEST(test_charset_bad)
{
	/* an unknown charset passes through */
	CHECK_TEXT_FLAGS("Content-Type: text/plain; charset=x-no-such-cs\n\n"
	    "Plain ASCII\n", "plain ascii", CANON_F_CHARSET, 0);
	/* iconv option games are not passed to iconv */
	CHECK_TEXT_FLAGS("Content-Type: text/plain; "
	    "charset=\"utf-16//IGNORE\"\n\nabc\n", "abc", CANON_F_CHARSET, 0);
	/* invalid GBK bytes and a truncated character: skipped */
	CHECK_TEXT_FLAGS("Content-Type: text/plain; charset=gbk\n\n"
	    "\xd6\xd0\xff\xce\xc4 x\xd6", "\xe4\xb8\xad\xe6\x96\x87 x",
	    CANON_F_BADENCODING, 0);
	/* invalid UTF-8 passes through as bytes */
	CHECK_TEXT("Content-Type: text/plain; charset=utf-8\n\n"
	    "A\xff" "B\xe4\xb8" "C\n", "a\xff" "b\xe4\xb8" "c");
}
END_TEST

/* ------------------------------------------------------------ every charset */

/*
 * The charset names glibc's iconv knows, from `iconv -l`, into names[]
 * (each a strdup); returns how many.
 */
static size_t
iconv_names(char ***names)
{
	char line[4096], *tok, *save, *e;
	size_t n = 0, cap = 0;
	FILE *f;

	*names = NULL;
	f = popen("iconv -l 2>/dev/null", "r");
	ck_assert_ptr_nonnull(f);
	while (fgets(line, sizeof(line), f) != NULL)
		for (tok = strtok_r(line, ", \t\n", &save); tok != NULL;
		    tok = strtok_r(NULL, ", \t\n", &save)) {
			if ((e = strstr(tok, "//")) != NULL)
				*e = '\0';
			if (*tok == '\0')
				continue;
			if (n == cap) {
				cap = cap ? cap * 2 : 256;
				*names = realloc(*names, cap * sizeof(**names));
				ck_assert_ptr_nonnull(*names);
			}
			(*names)[n++] = strdup(tok);
		}
	pclose(f);
	return n;
}

/* base64 of n bytes of p into out (room for 4 * n / 3 + 8). */
static void
b64enc(const unsigned char *p, size_t n, char *out)
{
	static const char t[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	size_t i;
	uint32_t v;

	for (i = 0; i + 2 < n; i += 3) {
		v = p[i] << 16 | p[i + 1] << 8 | p[i + 2];
		*out++ = t[v >> 18];
		*out++ = t[v >> 12 & 63];
		*out++ = t[v >> 6 & 63];
		*out++ = t[v & 63];
	}
	if (n - i == 1) {
		v = p[i] << 16;
		*out++ = t[v >> 18];
		*out++ = t[v >> 12 & 63];
		*out++ = '=';
		*out++ = '=';
	} else if (n - i == 2) {
		v = p[i] << 16 | p[i + 1] << 8;
		*out++ = t[v >> 18];
		*out++ = t[v >> 12 & 63];
		*out++ = t[v >> 6 & 63];
		*out++ = '=';
	}
	*out = '\0';
}

/*
 * One message: a text/plain part in charset cs holding n bytes of body,
 * sent 8bit or in base64, through canonicaliser c. It must end, and give
 * a bounded amount of text.
 */
static void
cut_once(struct canon *c, struct tu_buf *s, const char *cs,
    const unsigned char *body, size_t n, int b64)
{
	static char msg[3 * 8192];
	size_t hl;

	hl = (size_t)snprintf(msg, sizeof(msg), "Content-Type: text/plain; "
	    "charset=\"%s\"\n%s\n", cs,
	    b64 ? "Content-Transfer-Encoding: base64\n" : "");
	ck_assert_uint_lt(hl + 4 * n / 3 + 8, sizeof(msg));
	if (b64)
		b64enc(body, n, msg + hl);
	else
		memcpy(msg + hl, body, n);
	canon_reset(c);
	s->len = 0;
	canon_body(c, (const unsigned char *)msg, hl + (b64 ?
	    strlen(msg + hl) : n));
	canon_end(c);
	ck_assert_uint_eq(canon_out_bytes(c), s->len);
	/* 4 bytes of UTF-8 at most per input byte, and a separator */
	ck_assert_uint_le(s->len, 4 * n + 4);
}

/*
 * Every charset iconv knows, its text cut at every byte (inside escape
 * and shift sequences of the stateful ones), at the converter's 4 KiB
 * buffer boundary, and the bare shift and escape bytes, in 8bit and in
 * base64. "Content-Type: ...charset=iso-2022-cn-ext" with the body
 * "Dg==" once crashed the milter. step > 1 takes every step-th charset.
 */
static void
every_charset_cut(size_t step)
{
	static const char sample[] = "Hello, \xe4\xb8\xad\xe6\x96\x87 "
	    "\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82 "
	    "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e \xed\x95\x9c "
	    "\xd8\xb9\xd8\xb1\xd8\xa8\xd9\x8a caf\xc3\xa9 ok\n";
	static const unsigned char shifts[][4] = {
		{ 0x0e }, { 0x0f }, { 0x1b }, { 0x1b, '$' }, { 0x1b, '$', ')' },
		{ 0x1b, '$', '+', 'I' }, { 0x1b, 'N' }, { '+' }, { '+', 'A' },
		{ '~', '{' }, { '~' }, { 0xfe }, { 0xff, 0xfe }, { 0xff, 0xfe, 0 },
		{ 0x8e }, { 0x8f, 0xa1 }, { 0x81, 0x30 }, { 0xe4, 0xb8 }
	};
	static unsigned char big[8192 + 256];
	char **names;
	struct tu_buf s = { NULL, 0, 0 };
	struct canon *c;
	unsigned char conv[512];
	size_t n, i, k, len, blen, off, pad;
	char *in, *out;
	size_t inl, outl;
	iconv_t cd;
	int b64;

	n = iconv_names(&names);
	ck_assert_uint_gt(n, 100);
	c = canon_new(CANON_TEXT, 0, 1, tu_collect, &s);
	ck_assert_ptr_nonnull(c);
	for (i = 0; i < n; i += step) {
		/* the sample in this charset, as far as it converts */
		len = 0;
		cd = iconv_open(names[i], "UTF-8");
		if (cd != (iconv_t)-1) {
			in = (char *)sample;
			inl = sizeof(sample) - 1;
			out = (char *)conv;
			outl = sizeof(conv);
			while (inl > 0 && iconv(cd, &in, &inl, &out, &outl) ==
			    (size_t)-1 && errno == EILSEQ) {
				in++;	/* not in this charset: leave it out */
				inl--;
			}
			iconv(cd, NULL, NULL, &out, &outl);
			len = (size_t)(out - (char *)conv);
			iconv_close(cd);
		}
		for (b64 = 0; b64 < 2; b64++) {
			for (k = 0; k <= len; k++)
				cut_once(c, &s, names[i], conv, k, b64);
			for (k = 0; k < sizeof(shifts) / sizeof(shifts[0]); k++)
				cut_once(c, &s, names[i], shifts[k],
				    strlen((const char *)shifts[k]) +
				    (shifts[k][0] == 0xff && shifts[k][1] == 0xfe &&
				    shifts[k][2] == 0), b64);
			if (len == 0)
				continue;
			/* the text repeated past 4 KiB, cut around 4096 */
			for (blen = 0; blen + len <= sizeof(big) - 256; blen += len)
				memcpy(big + blen, conv, len);
			for (pad = 0; pad < 2; pad++)
				for (off = 4096 - 8; off < 4096 + 8; off++) {
					if (pad)
						big[off] = 0x1b;
					cut_once(c, &s, names[i], big, off + pad, b64);
				}
		}
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	free(s.p);
	canon_free(c);
}

START_TEST(test_every_charset_cut_sample)
{
	every_charset_cut(37);
}
END_TEST

START_TEST(test_every_charset_cut)
{
	every_charset_cut(1);
}
END_TEST

/* The test case of this stage. */
TCase *
tc_canon_charset(void)
{
	TCase *tc = tcase_create("canon_charset");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_charsets);
	tcase_add_test(tc, test_charset_bad);
	tcase_add_test(tc, test_charset_sniff);
	tcase_add_test(tc, test_charset_sniff_long);
	tcase_add_test(tc, test_charset_sniff_parts);
	tcase_add_test(tc, test_charset_sniff_budget);
	tcase_add_test(tc, test_charset_sniff_after_ascii);
	tcase_add_test(tc, test_charset_bom_each_part);
	tcase_add_test(tc, test_every_charset_cut_sample);
	return tc;
}

/* The test case of this stage. */
TCase *
tc_canon_charset_big(void)
{
	TCase *tc = tcase_create("canon_charset_big");

	tcase_set_tags(tc, "big");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_every_charset_cut);
	return tc;
}
