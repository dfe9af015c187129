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
 * check_domain: a mail domain's organisation by the Public Suffix List
 * (domain.h): what a mailing's many host and bounce names have in common.
 */

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "domain.h"
#include "testutil.h"

static const char *
org(const char *dom)
{
	static char	out[256];

	domain_org(dom, out, sizeof(out));
	return out;
}

START_TEST(test_registrable)
{
	ck_assert_str_eq(org("example.com"), "example.com");
	ck_assert_str_eq(org("bounce.news.example.com"), "example.com");
	ck_assert_str_eq(org("mail165.suw121.mcdlv.net"), "mcdlv.net");
	/* suffixes of more than one label */
	ck_assert_str_eq(org("Bounces.News.Example.CO.UK."), "example.co.uk");
	ck_assert_str_eq(org("mail.shop-example.com.cn"), "shop-example.com.cn");
	ck_assert_str_eq(org("em1234.corp.example.ac.jp"), "example.ac.jp");
}
END_TEST

/* What has no registrable part stays itself; the output is bounded. */
/* Mailbox providers are known by their registrable domain; others not. */
START_TEST(test_freemail)
{
	ck_assert(domain_freemail("gmail.com"));
	ck_assert(domain_freemail("qq.com"));
	ck_assert(domain_freemail("163.com"));
	ck_assert(domain_freemail("yahoo.co.jp"));
	ck_assert(domain_freemail("naver.com"));
	ck_assert(domain_freemail("zoho.com"));
	ck_assert(domain_freemail("126.com"));
	ck_assert(!domain_freemail("googlegroups.com"));
	ck_assert(!domain_freemail("uni.example"));
	ck_assert(!domain_freemail("mail.gmail.com"));
	ck_assert(!domain_freemail(""));
}
END_TEST

START_TEST(test_itself)
{
	char	small[8];

	ck_assert_str_eq(org("co.uk"), "co.uk");
	ck_assert_str_eq(org("com"), "com");
	ck_assert_str_eq(org("localhost"), "localhost");
	ck_assert_str_eq(org("[192.0.2.1]"), "[192.0.2.1]");
	ck_assert_str_eq(org(""), "");
	ck_assert_uint_eq(domain_org("news.example.com", small, sizeof(small)), 7);
	ck_assert_str_eq(small, "example");
	ck_assert_uint_eq(domain_org("example.com", small, 0), 0);
}
END_TEST

static Suite *
domain_suite(void)
{
	Suite	*s = suite_create("domain");
	TCase	*tc = tcase_create("domain");

	tcase_add_test(tc, test_registrable);
	tcase_add_test(tc, test_itself);
	tcase_add_test(tc, test_freemail);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return tu_run(domain_suite(), "check_domain", NULL);
}
