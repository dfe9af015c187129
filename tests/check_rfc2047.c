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

/* Each value and what it decodes to, in a buffer of 256 bytes. */
static const struct {
	const char	*in, *want;
} cases[] = {
	/* charsets: "测试邮件" GB2312 in B, "中文" GBK in Q, "テスト"
	   ISO-2022-JP, "Привет" KOI8-R, UTF-8 with a language (RFC 2231),
	   Latin-1 (read as windows-1252) */
	{ "=?GB2312?B?suLK1NPKvP4=?=", "测试邮件" },
	{ "=?gbk?Q?=D6=D0=CE=C4?=", "中文" },
	{ "=?ISO-2022-JP?B?GyRCJUYlOSVIGyhC?=", "テスト" },
	{ "=?koi8-r?B?8NLJ18XU?=", "Привет" },
	{ "=?UTF-8*en?Q?caf=C3=A9_au_lait?=", "café au lait" },
	{ "=?iso-8859-1?q?B=FCro?=", "Büro" },
	/* white space: between two words it goes, beside text it stays */
	{ "=?UTF-8?Q?a?= =?UTF-8?Q?b?=", "ab" },
	{ "=?UTF-8?Q?a?=\r\n\t=?UTF-8?Q?b?=", "ab" },
	{ "Re: =?UTF-8?Q?a?= x =?UTF-8?Q?b?=", "Re: a x b" },
	{ "plain  subject", "plain  subject" },
	/* kept as written: an unknown charset, a bad encoding, bad base64,
	   no end, a space inside, a cut =XX, no charset */
	{ "=?x-nosuch?B?YQ==?=", "=?x-nosuch?B?YQ==?=" },
	{ "=?UTF-8?X?a?=", "=?UTF-8?X?a?=" },
	{ "=?UTF-8?B?a*b?=", "=?UTF-8?B?a*b?=" },
	{ "=?UTF-8?Q?abc", "=?UTF-8?Q?abc" },
	{ "=?UTF-8?Q?a b?=", "=?UTF-8?Q?a b?=" },
	{ "=?UTF-8?Q?=4?=", "=?UTF-8?Q?=4?=" },
	{ "=??Q?a?=", "=??Q?a?=" },
	/* a byte GB2312 cannot read becomes '?', and so does a NUL */
	{ "=?GB2312?Q?a=FFb?=", "a?b" },
	{ "=?utf-8?Q?a=00b?= x", "a?b x" },
};

START_TEST(values)
{
	size_t	i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		ck_assert_msg(strcmp(dec(cases[i].in, 256), cases[i].want) == 0,
		    "%s: got \"%s\", want \"%s\"", cases[i].in,
		    dec(cases[i].in, 256), cases[i].want);
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
	/* text outside words is cut whole too (8 + 2 + 1 bytes into 10) */
	ck_assert_str_eq(dec("abcdefgh\xc3\xa9z", 10), "abcdefgh");
	ck_assert_str_eq(dec("abcdefg\xe2\x82\xacz", 10), "abcdefg");
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

	tcase_add_test(tc, values);
	tcase_add_test(tc, bounds);
	suite_add_tcase(s, tc);
	return tu_run(s, "check_rfc2047", NULL);
}
