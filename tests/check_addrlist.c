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

/* check_addrlist: parsing and matching of client and mail address lists. */

#include <sys/types.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <netinet/in.h>
#include <arpa/inet.h>

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "addrlist.h"

static char tmpdir[] = "/tmp/check_addrlist.XXXXXX";
static char err[1024];

static struct addrlist *
net(const char *v)
{
	struct addrlist *l;

	err[0] = '\0';
	l = addrlist_parse(ADDRLIST_NET, v, err, sizeof(err));
	ck_assert_msg(l != NULL, "parse '%s': %s", v, err);
	return l;
}

static struct addrlist *
mail(const char *v)
{
	struct addrlist *l;

	err[0] = '\0';
	l = addrlist_parse(ADDRLIST_MAIL, v, err, sizeof(err));
	ck_assert_msg(l != NULL, "parse '%s': %s", v, err);
	return l;
}

/* Parsing v must fail with exactly msg. */
static void
bad(enum addrlist_kind kind, const char *v, const char *msg)
{
	struct addrlist *l;

	err[0] = '\0';
	l = addrlist_parse(kind, v, err, sizeof(err));
	ck_assert_msg(l == NULL, "'%s' parsed", v);
	ck_assert_str_eq(err, msg);
}

static char *
write_file(const char *name, const char *text)
{
	static char path[512];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	ck_assert_ptr_nonnull(fp = fopen(path, "w"));
	fputs(text, fp);
	ck_assert_int_eq(fclose(fp), 0);
	return path;
}

START_TEST(test_empty)
{
	struct addrlist *l = net("");

	ck_assert_uint_eq(addrlist_count(l), 0);
	ck_assert_int_eq(addrlist_match_addrstr(l, "127.0.0.1"), 0);
	ck_assert_str_eq(addrlist_source(l), "");
	addrlist_free(l);
	l = mail("   ");
	ck_assert_uint_eq(addrlist_count(l), 0);
	ck_assert_int_eq(addrlist_match_mail(l, "a@b.c"), 0);
	addrlist_free(l);
	/* a NULL list matches nothing rather than crashing */
	ck_assert_int_eq(addrlist_match_addrstr(NULL, "127.0.0.1"), 0);
	ck_assert_int_eq(addrlist_match_mail(NULL, "a@b.c"), 0);
	ck_assert_uint_eq(addrlist_count(NULL), 0);
}
END_TEST

START_TEST(test_ipv4)
{
	struct addrlist *l = net("192.0.2.1, 10.0.0.0/8,172.16.0.0/12 ");

	ck_assert_uint_eq(addrlist_count(l), 3);
	ck_assert_str_eq(addrlist_source(l),
	    "192.0.2.1, 10.0.0.0/8,172.16.0.0/12 ");
	ck_assert_int_eq(addrlist_match_addrstr(l, "192.0.2.1"), 1);
	ck_assert_int_eq(addrlist_match_addrstr(l, "192.0.2.2"), 0);
	ck_assert_int_eq(addrlist_match_addrstr(l, "192.0.2.0"), 0);
	ck_assert_int_eq(addrlist_match_addrstr(l, "10.0.0.0"), 1);
	ck_assert_int_eq(addrlist_match_addrstr(l, "10.255.255.255"), 1);
	ck_assert_int_eq(addrlist_match_addrstr(l, "11.0.0.0"), 0);
	ck_assert_int_eq(addrlist_match_addrstr(l, "9.255.255.255"), 0);
	ck_assert_int_eq(addrlist_match_addrstr(l, "172.31.255.255"), 1);
	ck_assert_int_eq(addrlist_match_addrstr(l, "172.32.0.0"), 0);
	ck_assert_int_eq(addrlist_match_addrstr(l, "172.15.255.255"), 0);
	ck_assert_int_eq(addrlist_match_addrstr(l, "[10.1.2.3]"), 1);
	ck_assert_int_eq(addrlist_match_addrstr(l, "not an address"), 0);
	ck_assert_int_eq(addrlist_match_addrstr(l, ""), 0);
	/* an IPv4 list does not match IPv6 clients outside ::ffff:0:0/96 */
	ck_assert_int_eq(addrlist_match_addrstr(l, "::a00:1"), 0);
	addrlist_free(l);
}
END_TEST

START_TEST(test_ipv4_hostbits_and_edges)
{
	struct addrlist *l;

	/* host bits below the prefix are cleared, as MTAs do */
	l = net("10.1.2.3/8");
	ck_assert_int_eq(addrlist_match_addrstr(l, "10.200.0.1"), 1);
	ck_assert_int_eq(addrlist_match_addrstr(l, "11.1.2.3"), 0);
	addrlist_free(l);

	l = net("0.0.0.0/0");
	ck_assert_int_eq(addrlist_match_addrstr(l, "203.0.113.9"), 1);
	ck_assert_int_eq(addrlist_match_addrstr(l, "2001:db8::1"), 0);
	addrlist_free(l);

	/* a prefix length not a multiple of 8 */
	l = net("192.0.2.64/27");
	ck_assert_int_eq(addrlist_match_addrstr(l, "192.0.2.63"), 0);
	ck_assert_int_eq(addrlist_match_addrstr(l, "192.0.2.64"), 1);
	ck_assert_int_eq(addrlist_match_addrstr(l, "192.0.2.95"), 1);
	ck_assert_int_eq(addrlist_match_addrstr(l, "192.0.2.96"), 0);
	addrlist_free(l);

	/* duplicates are counted once */
	l = net("10.0.0.0/8, 10.9.9.9/8, 192.0.2.1, 192.0.2.1/32");
	ck_assert_uint_eq(addrlist_count(l), 2);
	addrlist_free(l);
}
END_TEST

START_TEST(test_ipv6)
{
	struct addrlist *l = net("2001:db8::/32, ::1, fe80::/10");

	ck_assert_int_eq(addrlist_match_addrstr(l, "2001:db8:1:2::3"), 1);
	ck_assert_int_eq(addrlist_match_addrstr(l, "2001:db9::1"), 0);
	ck_assert_int_eq(addrlist_match_addrstr(l, "::1"), 1);
	ck_assert_int_eq(addrlist_match_addrstr(l, "::2"), 0);
	ck_assert_int_eq(addrlist_match_addrstr(l, "febf:ffff::1"), 1);
	ck_assert_int_eq(addrlist_match_addrstr(l, "fec0::1"), 0);
	/* the forms an MTA may hand over */
	ck_assert_int_eq(addrlist_match_addrstr(l, "IPv6:2001:db8::5"), 1);
	ck_assert_int_eq(addrlist_match_addrstr(l, "[IPv6:2001:db8::5]"), 1);
	ck_assert_int_eq(addrlist_match_addrstr(l, "fe80::1%eth0"), 1);
	ck_assert_int_eq(addrlist_match_addrstr(l, "127.0.0.1"), 0);
	addrlist_free(l);

	l = net("2001:db8:0:1::/64");
	ck_assert_int_eq(addrlist_match_addrstr(l, "2001:db8:0:1:ffff::1"), 1);
	ck_assert_int_eq(addrlist_match_addrstr(l, "2001:db8:0:2::1"), 0);
	addrlist_free(l);
}
END_TEST

START_TEST(test_mapped)
{
	struct addrlist *l = net("192.0.2.0/24");
	struct sockaddr_in6 sin6;
	struct sockaddr_in sin;

	/* an IPv6 socket sees IPv4 clients as ::ffff:a.b.c.d */
	ck_assert_int_eq(addrlist_match_addrstr(l, "::ffff:192.0.2.7"), 1);
	ck_assert_int_eq(addrlist_match_addrstr(l, "::ffff:192.0.3.7"), 0);
	memset(&sin6, 0, sizeof(sin6));
	sin6.sin6_family = AF_INET6;
	ck_assert_int_eq(inet_pton(AF_INET6, "::ffff:192.0.2.200",
	    &sin6.sin6_addr), 1);
	ck_assert_int_eq(addrlist_match_addr(l, (struct sockaddr *)&sin6), 1);
	/* but not the IPv4-compatible or NAT64 forms */
	ck_assert_int_eq(addrlist_match_addrstr(l, "::192.0.2.7"), 0);
	ck_assert_int_eq(addrlist_match_addrstr(l, "64:ff9b::192.0.2.7"), 0);
	addrlist_free(l);

	/* a mapped entry matches the plain IPv4 client */
	l = net("::ffff:198.51.100.0/120");
	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_INET;
	ck_assert_int_eq(inet_pton(AF_INET, "198.51.100.77", &sin.sin_addr), 1);
	ck_assert_int_eq(addrlist_match_addr(l, (struct sockaddr *)&sin), 1);
	ck_assert_int_eq(addrlist_match_addrstr(l, "198.51.101.1"), 0);
	addrlist_free(l);

	/* an unknown family matches nothing */
	l = net("0.0.0.0/0, ::/0");
	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_UNIX;
	ck_assert_int_eq(addrlist_match_addr(l, (struct sockaddr *)&sin), 0);
	ck_assert_int_eq(addrlist_match_addr(l, NULL), 0);
	addrlist_free(l);
}
END_TEST

START_TEST(test_net_errors)
{
	bad(ADDRLIST_NET, "10.0.0.0/33",
	    "bad network '10.0.0.0/33' (prefix length must be 0..32)");
	bad(ADDRLIST_NET, "2001:db8::/129",
	    "bad network '2001:db8::/129' (prefix length must be 0..128)");
	bad(ADDRLIST_NET, "10.0.0.0/",
	    "bad network '10.0.0.0/' (prefix length must be 0..32)");
	bad(ADDRLIST_NET, "10.0.0.0/-1",
	    "bad network '10.0.0.0/-1' (prefix length must be 0..32)");
	bad(ADDRLIST_NET, "10.0.0.0/8x",
	    "bad network '10.0.0.0/8x' (prefix length must be 0..32)");
	bad(ADDRLIST_NET, "10.0.0.256",
	    "bad network '10.0.0.256' (not an IPv4 or IPv6 address)");
	bad(ADDRLIST_NET, "example.com",
	    "bad network 'example.com' (not an IPv4 or IPv6 address)");
	bad(ADDRLIST_NET, "10.0.0.1,,10.0.0.2", "empty entry in list");
	bad(ADDRLIST_NET, "10.0.0.1,", "empty entry in list");
	bad(ADDRLIST_NET, "10.0.0.1 10.0.0.2",
	    "bad network '10.0.0.1 10.0.0.2' (not an IPv4 or IPv6 address)");
	/* a mail address is not a network */
	bad(ADDRLIST_NET, "a@example.com",
	    "bad network 'a@example.com' (not an IPv4 or IPv6 address)");
}
END_TEST

START_TEST(test_mail)
{
	struct addrlist *l = mail("Postmaster@Example.COM, @lists.example.org,"
	    "<abuse@example.net>");

	ck_assert_uint_eq(addrlist_count(l), 3);
	ck_assert_int_eq(addrlist_match_mail(l, "postmaster@example.com"), 1);
	ck_assert_int_eq(addrlist_match_mail(l, "<POSTMASTER@example.com>"), 1);
	ck_assert_int_eq(addrlist_match_mail(l, "  <postmaster@example.com> "),
	    1);
	ck_assert_int_eq(addrlist_match_mail(l, "other@example.com"), 0);
	ck_assert_int_eq(addrlist_match_mail(l, "abuse@example.net"), 1);
	ck_assert_int_eq(addrlist_match_mail(l, "anyone@lists.example.org"), 1);
	ck_assert_int_eq(addrlist_match_mail(l, "<X@LISTS.EXAMPLE.ORG>"), 1);
	/* @domain matches that domain only, not subdomains or parents */
	ck_assert_int_eq(addrlist_match_mail(l, "a@sub.lists.example.org"), 0);
	ck_assert_int_eq(addrlist_match_mail(l, "a@example.org"), 0);
	ck_assert_int_eq(addrlist_match_mail(l, "a@xlists.example.org"), 0);
	/* the null sender and non-addresses match nothing */
	ck_assert_int_eq(addrlist_match_mail(l, "<>"), 0);
	ck_assert_int_eq(addrlist_match_mail(l, ""), 0);
	ck_assert_int_eq(addrlist_match_mail(l, "postmaster"), 0);
	ck_assert_int_eq(addrlist_match_mail(l, "lists.example.org"), 0);
	addrlist_free(l);

	/* duplicates, differing in case, are counted once */
	l = mail("a@b.example, A@B.EXAMPLE, @b.example, @B.Example");
	ck_assert_uint_eq(addrlist_count(l), 2);
	addrlist_free(l);
}
END_TEST

/*
 * Addresses in the form the MTA's queue keeps them: a quoted local part
 * is the same mailbox as the unquoted one, as Postfix stores it.
 */
START_TEST(test_mail_canon)
{
	/* against postmaster@example.com, @lists.example.org */
	static const struct {
		const char	*addr;
		int		 want;
	} match[] = {
		{ "<\"postmaster\"@example.com>", 1 },
		{ "<\"Post\\master\"@example.com>", 1 },
		{ "<post\\master@example.com>", 1 },
		{ "<\"post\".master@example.com>", 0 },
		{ "<\"a@b\"@lists.example.org>", 1 },
		{ "<\"\"@example.com>", 0 },
		/* a source route is not the address's */
		{ "<@relay.test,@b.test:postmaster@example.com>", 1 },
		{ "<@example.com>", 0 },
		/* every spelling Postfix reads as postmaster@ (helper-63) */
		{ "<\"postmaster@example.com\">", 1 },
		{ "<postmaster@\"example.com\">", 1 },
		{ "<postmaster\\@example.com>", 1 },
		{ "<\"postmaster@\"example.com>", 1 },
		{ "<postmaster(c)@example.com>", 1 },
		{ "<postmaster@example.com.>", 1 },
		/* but not another mailbox: post"master@ */
		{ "<\"post\\\"master\"@example.com>", 0 },
	};
	/* addrlist_mail_canon(in) into outlen bytes: len, and out */
	static const struct {
		const char	*in;
		size_t		 outlen;
		int		 len;
		const char	*out;
	} canon[] = {
		{ " <\"A B\"@X.Test> ", 32, 10, "a b@x.test" },
		/* quotes and escapes anywhere, as Postfix reads them (helper-63) */
		{ "<a@\"x\">", 32, 3, "a@x" },
		{ "a\\@x", 32, 3, "a@x" },
		{ "<\"a\\\"b\"@x>", 32, 5, "a\"b@x" },
		/* comments out, but not in quotes; an escape's byte is its own */
		{ "<a(b(c)d)e@x(y)>", 32, 4, "ae@x" },
		{ "<\"a(b)\"@x>", 32, 6, "a(b)@x" },
		{ "<a\\(b@x>", 32, 5, "a(b@x" },
		{ "a@x.", 32, 3, "a@x" },
		{ "a.", 32, 2, NULL },
		/* a trailing backslash stays */
		{ "a@x\\", 32, 4, "a@x\\" },
		{ "<>", 32, -1, NULL },
		{ "<\"\">", 32, -1, NULL },
		{ "abcdefgh@example.com", 20, -1, NULL },
		{ "abcdefgh@example.co", 20, 19, NULL },
	};
	struct addrlist *l = mail("postmaster@example.com, @lists.example.org");
	char		 buf[32];
	size_t		 i;

	for (i = 0; i < sizeof(match) / sizeof(*match); i++)
		ck_assert_msg(addrlist_match_mail(l, match[i].addr) ==
		    match[i].want, "%s: not %d", match[i].addr, match[i].want);
	ck_assert_int_eq(addrlist_match_canon(l, "post\"master@example.com"), 0);
	ck_assert_int_eq(addrlist_match_canon(l, "postmaster@example.com"), 1);
	addrlist_free(l);
	/* an entry is read as addresses are matched (found by fuzz_addrlist) */
	l = mail("a\\b@example.com");
	ck_assert_int_eq(addrlist_match_mail(l, "<ab@example.com>"), 1);
	ck_assert_int_eq(addrlist_match_mail(l, "<a\\b@example.com>"), 1);
	ck_assert_int_eq(addrlist_match_mail(l, "<\"a\\b\"@example.com>"), 1);
	addrlist_free(l);
	l = mail("@relay.test:a@example.com");
	ck_assert_int_eq(addrlist_match_mail(l, "<a@example.com>"), 1);
	addrlist_free(l);
	bad(ADDRLIST_MAIL, "@relay.test:",
	    "bad address '@relay.test:' (expected user@domain or @domain)");

	for (i = 0; i < sizeof(canon) / sizeof(*canon); i++) {
		ck_assert_msg(addrlist_mail_canon(canon[i].in, buf,
		    canon[i].outlen) == canon[i].len, "%s: not %d",
		    canon[i].in, canon[i].len);
		if (canon[i].out != NULL)
			ck_assert_str_eq(buf, canon[i].out);
	}
}
END_TEST

START_TEST(test_mail_errors)
{
	bad(ADDRLIST_MAIL, "postmaster",
	    "bad address 'postmaster' (expected user@domain or @domain)");
	bad(ADDRLIST_MAIL, "user@",
	    "bad address 'user@' (expected user@domain or @domain)");
	bad(ADDRLIST_MAIL, "@",
	    "bad address '@' (expected user@domain or @domain)");
	bad(ADDRLIST_MAIL, "a@b..c",
	    "bad address 'a@b..c' (expected user@domain or @domain)");
	bad(ADDRLIST_MAIL, "a@.example.com",
	    "bad address 'a@.example.com' (expected user@domain or @domain)");
	bad(ADDRLIST_MAIL, "a b@example.com", "bad address 'a b@example.com' "
	    "(white space, control or <>,\" character)");
	bad(ADDRLIST_MAIL, "<>", "bad address '' (empty)");
	bad(ADDRLIST_MAIL, "a@example.com,", "empty entry in list");
	bad(ADDRLIST_MAIL, "10.0.0.1",
	    "bad address '10.0.0.1' (expected user@domain or @domain)");
}
END_TEST

START_TEST(test_file)
{
	struct addrlist *l;
	char value[600];

	snprintf(value, sizeof(value), "file:%s", write_file("nets",
	    "# trusted relays\n"
	    "\n"
	    "192.0.2.0/24\n"
	    "   2001:db8::/32   # office\n"
	    "\t198.51.100.7\r\n"
	    "# 203.0.113.0/24\n"));
	l = net(value);
	ck_assert_uint_eq(addrlist_count(l), 3);
	ck_assert_str_eq(addrlist_source(l), value);
	ck_assert_int_eq(addrlist_match_addrstr(l, "192.0.2.9"), 1);
	ck_assert_int_eq(addrlist_match_addrstr(l, "2001:db8::9"), 1);
	ck_assert_int_eq(addrlist_match_addrstr(l, "198.51.100.7"), 1);
	ck_assert_int_eq(addrlist_match_addrstr(l, "203.0.113.1"), 0);
	addrlist_free(l);

	snprintf(value, sizeof(value), "file:%s", write_file("mails",
	    "trap@example.com\n@spamtrap.example.net # whole domain\n"));
	l = mail(value);
	ck_assert_uint_eq(addrlist_count(l), 2);
	ck_assert_int_eq(addrlist_match_mail(l, "<trap@example.com>"), 1);
	ck_assert_int_eq(addrlist_match_mail(l, "x@spamtrap.example.net"), 1);
	ck_assert_int_eq(addrlist_match_mail(l, "x@example.com"), 0);
	addrlist_free(l);

	/* an empty file is an empty list */
	snprintf(value, sizeof(value), "file:%s", write_file("empty", ""));
	l = mail(value);
	ck_assert_uint_eq(addrlist_count(l), 0);
	addrlist_free(l);
}
END_TEST

START_TEST(test_file_errors)
{
	char value[600], msg[1200], *path, *big;
	size_t i;

	path = write_file("bad", "192.0.2.0/24\n\n# c\n10.0.0.0/40\n");
	snprintf(value, sizeof(value), "file:%s", path);
	snprintf(msg, sizeof(msg),
	    "%s:4: bad network '10.0.0.0/40' (prefix length must be 0..32)",
	    path);
	bad(ADDRLIST_NET, value, msg);

	path = write_file("badmail", "ok@example.com\nnot-an-address\n");
	snprintf(value, sizeof(value), "file:%s", path);
	snprintf(msg, sizeof(msg), "%s:2: bad address 'not-an-address' "
	    "(expected user@domain or @domain)", path);
	bad(ADDRLIST_MAIL, value, msg);

	/* one entry a line: a comma list in a file is an error */
	path = write_file("commas", "a@example.com, b@example.com\n");
	snprintf(value, sizeof(value), "file:%s", path);
	snprintf(msg, sizeof(msg), "%s:1: bad address 'a@example.com, "
	    "b@example.com' (white space, control or <>,\" character)", path);
	bad(ADDRLIST_MAIL, value, msg);

	snprintf(value, sizeof(value), "file:%s/missing", tmpdir);
	snprintf(msg, sizeof(msg),
	    "%s/missing: cannot open: No such file or directory", tmpdir);
	bad(ADDRLIST_NET, value, msg);

	bad(ADDRLIST_NET, "file:", "file: needs a path");

	/*
	 * A FIFO would block open() (at start, or a reload for ever, and the
	 * stop behind it); a directory reads as nothing: regular files only.
	 */
	snprintf(value, sizeof(value), "%s/list.fifo", tmpdir);
	ck_assert_int_eq(mkfifo(value, 0600), 0);
	snprintf(msg, sizeof(msg), "%s: cannot open: not a regular file", value);
	memmove(value + 5, value, strlen(value) + 1);
	memcpy(value, "file:", 5);
	bad(ADDRLIST_NET, value, msg);
	snprintf(value, sizeof(value), "file:%s", tmpdir);
	snprintf(msg, sizeof(msg), "%s: cannot open: not a regular file", tmpdir);
	bad(ADDRLIST_NET, value, msg);

	/* a line over 4096 bytes is refused, not split */
	ck_assert_ptr_nonnull(big = malloc(5000));
	memcpy(big, "10.0.0.1\n", 9);
	for (i = 9; i < 9 + 4097; i++)
		big[i] = ' ';
	memcpy(big + i, "\n", 2);
	path = write_file("long", big);
	free(big);
	snprintf(value, sizeof(value), "file:%s", path);
	snprintf(msg, sizeof(msg), "%s:2: line longer than 4096 bytes", path);
	bad(ADDRLIST_NET, value, msg);
}
END_TEST

/* A few thousand entries: results agree with a linear scan. */
START_TEST(test_large)
{
	char *buf, ip[64], a[64];
	struct addrlist *l;
	size_t o = 0, cap = 1 << 20;
	int i;

	ck_assert_ptr_nonnull(buf = malloc(cap));
	for (i = 0; i < 5000; i++)
		o += snprintf(buf + o, cap - o, "%s10.%d.%d.0/24",
		    i ? "," : "", i / 256, i % 256);
	for (i = 0; i < 100; i++)
		o += snprintf(buf + o, cap - o, ",172.16.%d.%d", i, i);
	l = net(buf);
	ck_assert_uint_eq(addrlist_count(l), 5100);
	for (i = 0; i < 6000; i++) {
		snprintf(ip, sizeof(ip), "10.%d.%d.77", i / 256, i % 256);
		ck_assert_int_eq(addrlist_match_addrstr(l, ip), i < 5000);
	}
	ck_assert_int_eq(addrlist_match_addrstr(l, "172.16.42.42"), 1);
	ck_assert_int_eq(addrlist_match_addrstr(l, "172.16.42.43"), 0);
	addrlist_free(l);

	o = 0;
	for (i = 0; i < 3000; i++) {
		o += snprintf(buf + o, cap - o, "%suser%d@example.com",
		    i ? "," : "", i);
		o += snprintf(buf + o, cap - o, ",@d%d.example.org", i);
	}
	l = mail(buf);
	ck_assert_uint_eq(addrlist_count(l), 6000);
	for (i = 0; i < 3500; i++) {
		snprintf(a, sizeof(a), "<User%d@Example.com>", i);
		ck_assert_int_eq(addrlist_match_mail(l, a), i < 3000);
		snprintf(a, sizeof(a), "x@d%d.example.org", i);
		ck_assert_int_eq(addrlist_match_mail(l, a), i < 3000);
	}
	addrlist_free(l);
	free(buf);
}
END_TEST

static Suite *
addrlist_suite(void)
{
	Suite *s = suite_create("addrlist");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_empty);
	tcase_add_test(tc, test_ipv4);
	tcase_add_test(tc, test_ipv4_hostbits_and_edges);
	tcase_add_test(tc, test_ipv6);
	tcase_add_test(tc, test_mapped);
	tcase_add_test(tc, test_net_errors);
	tcase_add_test(tc, test_mail);
	tcase_add_test(tc, test_mail_canon);
	tcase_add_test(tc, test_mail_errors);
	tcase_add_test(tc, test_file);
	tcase_add_test(tc, test_file_errors);
	tcase_add_test(tc, test_large);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr;
	int failed;

	if (mkdtemp(tmpdir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	sr = srunner_create(addrlist_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	/* the temporary files are few and small; remove them by name */
	{
		const char *names[] = { "nets", "mails", "empty", "bad",
		    "badmail", "commas", "long" };
		char p[600];
		size_t i;

		for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
			snprintf(p, sizeof(p), "%s/%s", tmpdir, names[i]);
			unlink(p);
		}
		rmdir(tmpdir);
	}
	return failed == 0 ? 0 : 1;
}
