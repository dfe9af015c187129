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
 * check_rfc2047.c: encoded-words decoded for the subject sample
 * (lib/rfc2047.c): B and Q, in the charsets subjects come in, the white
 * space between words, what stays as written, and the bounds.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "rfc2047.h"
#include "testutil.h"

/* in decoded into a buffer of outlen bytes */
static const char *
dec(const char *in, size_t outlen)
{
	static char	out[4096];

	ck_assert_uint_le(outlen, sizeof(out));
	rfc2047_decode(in, strlen(in), out, outlen);
	return out;
}

START_TEST(charsets)
{
	/* "测试邮件" in GB2312, base64 */
	ck_assert_str_eq(dec("=?GB2312?B?suLK1NPKvP4=?=", 256), "测试邮件");
	/* "中文" in GBK, Q */
	ck_assert_str_eq(dec("=?gbk?Q?=D6=D0=CE=C4?=", 256), "中文");
	/* "テスト" in ISO-2022-JP */
	ck_assert_str_eq(dec("=?ISO-2022-JP?B?GyRCJUYlOSVIGyhC?=", 256),
	    "テスト");
	/* "Привет" in KOI8-R */
	ck_assert_str_eq(dec("=?koi8-r?B?8NLJ18XU?=", 256), "Привет");
	/* UTF-8 and a language tag (RFC 2231) */
	ck_assert_str_eq(dec("=?UTF-8*en?Q?caf=C3=A9_au_lait?=", 256),
	    "café au lait");
	/* "Büro" labelled iso-8859-1 (read as windows-1252) */
	ck_assert_str_eq(dec("=?iso-8859-1?q?B=FCro?=", 256), "Büro");
}
END_TEST

START_TEST(spaces)
{
	/* between two words white space goes; beside text it stays */
	ck_assert_str_eq(dec("=?UTF-8?Q?a?= =?UTF-8?Q?b?=", 256), "ab");
	ck_assert_str_eq(dec("=?UTF-8?Q?a?=\r\n\t=?UTF-8?Q?b?=", 256), "ab");
	ck_assert_str_eq(dec("Re: =?UTF-8?Q?a?= x =?UTF-8?Q?b?=", 256),
	    "Re: a x b");
	ck_assert_str_eq(dec("plain  subject", 256), "plain  subject");
}
END_TEST

START_TEST(kept)
{
	/* unknown charset, bad encoding, bad base64, no end, space inside */
	ck_assert_str_eq(dec("=?x-nosuch?B?YQ==?=", 256), "=?x-nosuch?B?YQ==?=");
	ck_assert_str_eq(dec("=?UTF-8?X?a?=", 256), "=?UTF-8?X?a?=");
	ck_assert_str_eq(dec("=?UTF-8?B?a*b?=", 256), "=?UTF-8?B?a*b?=");
	ck_assert_str_eq(dec("=?UTF-8?Q?abc", 256), "=?UTF-8?Q?abc");
	ck_assert_str_eq(dec("=?UTF-8?Q?a b?=", 256), "=?UTF-8?Q?a b?=");
	ck_assert_str_eq(dec("=?UTF-8?Q?=4?=", 256), "=?UTF-8?Q?=4?=");
	ck_assert_str_eq(dec("=??Q?a?=", 256), "=??Q?a?=");
	/* a byte GB2312 cannot read becomes '?' */
	ck_assert_str_eq(dec("=?GB2312?Q?a=FFb?=", 256), "a?b");
}
END_TEST

START_TEST(bounds)
{
	char		in[4 * RFC2047_TEXT], *p;
	const char	*o;
	int		i;

	/* cut before a character that does not fit: 3 bytes each */
	o = dec("=?UTF-8?B?5Lit5paH5Lit?=", 8);	/* 中文中 */
	ck_assert_str_eq(o, "中文");
	ck_assert_str_eq(dec("abcdef", 4), "abc");
	ck_assert_str_eq(dec("abc", 1), "");
	/* RFC2047_WORDS words decoded; the next stays */
	p = in;
	for (i = 0; i < RFC2047_WORDS + 1; i++)
		p += sprintf(p, "=?UTF-8?Q?%c?= x ", 'a' + i);
	o = dec(in, sizeof(in));
	ck_assert_msg(strncmp(o, "a x b x ", 8) == 0, "%s", o);
	ck_assert_ptr_nonnull(strstr(o, "=?UTF-8?Q?q?="));
	ck_assert_ptr_null(strstr(o, "=?UTF-8?Q?p?="));
	/* a word longer than RFC2047_TEXT stays */
	p = in + sprintf(in, "=?UTF-8?Q?");
	memset(p, 'a', RFC2047_TEXT + 1);
	strcpy(p + RFC2047_TEXT + 1, "?=");
	o = dec(in, sizeof(in));
	ck_assert_msg(strncmp(o, "=?UTF-8?Q?aaa", 13) == 0, "%.20s", o);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("rfc2047");
	TCase	*tc = tcase_create("core");

	tcase_add_test(tc, charsets);
	tcase_add_test(tc, spaces);
	tcase_add_test(tc, kept);
	tcase_add_test(tc, bounds);
	suite_add_tcase(s, tc);
	return tu_run(s, "check_rfc2047", NULL);
}
