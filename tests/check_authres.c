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
 * check_authres: the identity read from Authentication-Results headers.
 * The header values are written by hand in the forms OpenDKIM,
 * OpenDMARC and the SPF policy daemons write them (RFC 8601 examples).
 */

#include <check.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "authres.h"
#include "testutil.h"

/* The identity of value with mx.uni.test trusted; "" when none. */
static const char *
ident(const char *value, int *kind)
{
	static char	dom[256];

	*kind = authres_identity(value, "mx.uni.test, verifier.uni.test",
	    dom, sizeof(dom));
	return *kind == AUTHRES_NONE ? "" : dom;
}

START_TEST(dkim_and_spf)
{
	int	k;

	ck_assert_str_eq(ident("mx.uni.test; dkim=pass (1024-bit key) "
	    "header.d=News.Example.COM header.i=@news.example.com "
	    "header.b=abcd", &k), "news.example.com");
	ck_assert_int_eq(k, AUTHRES_DKIM);
	ck_assert_str_eq(ident("mx.uni.test 1; spf=pass "
	    "smtp.mailfrom=bounce-123@mail.example.org", &k), "mail.example.org");
	ck_assert_int_eq(k, AUTHRES_SPF);
	/* DKIM wins, in whichever order */
	ck_assert_str_eq(ident("mx.uni.test; spf=pass smtp.mailfrom=a@b.test;\r\n"
	    "\tdkim=pass header.d=c.test", &k), "c.test");
	ck_assert_int_eq(k, AUTHRES_DKIM);
	ck_assert_str_eq(ident("mx.uni.test; dkim=pass header.d=c.test; "
	    "spf=pass smtp.mailfrom=a@b.test", &k), "c.test");
	/* header.i alone, quoted values, comments between */
	ck_assert_str_eq(ident("verifier.uni.test; dkim=pass (good) "
	    "header.i=\"@Lists.Example.net\"", &k), "lists.example.net");
	ck_assert_str_eq(ident("MX.UNI.TEST; (comment; with semicolon) "
	    "dkim = pass header.d=x.test", &k), "");	/* spaces: not a result */
}
END_TEST

START_TEST(untrusted_or_failed)
{
	int	k;

	/* an authserv-id not trusted: anyone can write the header */
	ck_assert_str_eq(ident("evil.test; dkim=pass header.d=bank.test", &k), "");
	ck_assert_int_eq(k, AUTHRES_NONE);
	/* a prefix of a trusted id is not it */
	ck_assert_str_eq(ident("mx.uni; dkim=pass header.d=bank.test", &k), "");
	/* results other than pass */
	ck_assert_str_eq(ident("mx.uni.test; dkim=fail header.d=a.test; "
	    "spf=softfail smtp.mailfrom=b.test; dkim=neutral header.d=c.test",
	    &k), "");
	/* a pass of another method says nothing of the sender */
	ck_assert_str_eq(ident("mx.uni.test; dmarc=pass header.from=a.test; "
	    "arc=pass", &k), "");
	/* no result at all, nothing trusted, an empty value */
	ck_assert_str_eq(ident("mx.uni.test; none", &k), "");
	ck_assert_int_eq(authres_identity("mx.uni.test; dkim=pass header.d=a.test",
	    "", (char[8]){ 0 }, 8), AUTHRES_NONE);
	ck_assert_str_eq(ident("", &k), "");
	/* not a domain: ignored, the next good one taken */
	ck_assert_str_eq(ident("mx.uni.test; dkim=pass header.d=no_dot; "
	    "dkim=pass header.d=bad/char.test; spf=pass smtp.mailfrom=ok.test",
	    &k), "ok.test");
	ck_assert_int_eq(k, AUTHRES_SPF);
}
END_TEST

/* Hostile values: unterminated quotes and comments, huge tokens. */
START_TEST(hostile)
{
	char	*v, dom[16];
	int	 k;
	size_t	 n = 100000;

	ck_assert_str_eq(ident("mx.uni.test; dkim=pass header.d=\"a.test", &k),
	    "a.test");
	ck_assert_str_eq(ident("mx.uni.test; (((( dkim=pass header.d=a.test",
	    &k), "");
	ck_assert_str_eq(ident("(x) mx.uni.test; dkim=pass header.d=a.test\\",
	    &k), "");
	ck_assert_ptr_nonnull(v = malloc(n + 64));
	memcpy(v, "mx.uni.test; dkim=pass header.d=", 32);
	memset(v + 32, 'a', n);
	strcpy(v + 32 + n, ".test");
	ck_assert_int_eq(authres_identity(v, "mx.uni.test", dom, sizeof(dom)),
	    AUTHRES_NONE);		/* longer than dom: not taken */
	memset(v, ';', n);
	v[n] = '\0';
	ck_assert_int_eq(authres_identity(v, "mx.uni.test", dom, sizeof(dom)),
	    AUTHRES_NONE);
	free(v);
}
END_TEST

/*
 * A long value is taken whole or not at all, never cut to a prefix that
 * reads as another domain: a 247-byte SPF domain of the sender's own
 * (aaa...paypal.com.qz.to, its wildcard SPF record passing) is not
 * aaa...paypal.com, and a value too long for any address is passed over.
 */
START_TEST(long_value)
{
	char	 d[300], v[1200];
	int	 k, i;
	size_t	 n = 0;

	for (i = 0; i < 3; i++) {
		memset(d + n, 'a', 63);
		n += 63;
		d[n++] = '.';
	}
	memset(d + n, 'a', 38);
	n += 38;
	strcpy(d + n, ".paypal.com.qz.to");
	ck_assert_uint_eq(strlen(d), 247);
	snprintf(v, sizeof(v), "mx.uni.test; spf=pass smtp.mailfrom=u@%s", d);
	ck_assert_str_eq(ident(v, &k), d);
	ck_assert_int_eq(k, AUTHRES_SPF);
	snprintf(v, sizeof(v), "mx.uni.test; dkim=pass header.i=@%s", d);
	ck_assert_str_eq(ident(v, &k), d);
	/* past any address's length (a local part of 600): passed over */
	n = (size_t)snprintf(v, sizeof(v), "mx.uni.test; spf=pass "
	    "smtp.mailfrom=");
	memset(v + n, 'u', 600);
	snprintf(v + n + 600, sizeof(v) - n - 600, "@%s", d);
	ck_assert_str_eq(ident(v, &k), "");
	/* and the result that follows is read as before */
	n = strlen(v);
	snprintf(v + n, sizeof(v) - n, "; dkim=pass header.d=c.test");
	ck_assert_str_eq(ident(v, &k), "c.test");
}
END_TEST

/*
 * An authserv-id is a token or one quoted string (RFC 8601): quotes
 * inside or beside it make another id, which a verifier that removes
 * the headers claiming its own id leaves in place.
 */
START_TEST(quoted_id)
{
	int	k;

	ck_assert_str_eq(ident("\"mx.uni.test\"; dkim=pass header.d=c.test",
	    &k), "c.test");
	ck_assert_str_eq(ident("mx.uni.test\"\"; dkim=pass header.d=c.test",
	    &k), "");
	ck_assert_str_eq(ident("mx.uni\".test\"; dkim=pass header.d=c.test",
	    &k), "");
	ck_assert_str_eq(ident("\"\"mx.uni.test; dkim=pass header.d=c.test",
	    &k), "");
	ck_assert_str_eq(ident("\"mx.uni\"\".test\"; dkim=pass "
	    "header.d=c.test", &k), "");
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("authres");
	TCase	*tc = tcase_create("parse");

	tcase_add_test(tc, dkim_and_spf);
	tcase_add_test(tc, untrusted_or_failed);
	tcase_add_test(tc, hostile);
	tcase_add_test(tc, long_value);
	tcase_add_test(tc, quoted_id);
	suite_add_tcase(s, tc);
	return tu_run(s, "check_authres", NULL);
}
