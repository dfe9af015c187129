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
 * check_message: the header block of a whole file (with_headers), as the
 * tools read it, must give what the milter gets from the MTA header by
 * header. Expected byte counts are written by hand from the inputs.
 * Then the recipients a rejected message to whitelisted recipients among
 * others is taken from, through a real LMDB store.
 */

#include <check.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "addrlist.h"
#include "config.h"
#include "message.h"

static struct config *cfg;

static void
setup(void)
{
	cfg = config_default();
	ck_assert_ptr_nonnull(cfg);
}

static void
teardown(void)
{
	config_free(cfg);
}

/* A whole file through message_body, in pieces of `step` bytes (0: one). */
static void
run_file(const char *msg, size_t step, struct message_result *r)
{
	struct message	*m;
	size_t		 len = strlen(msg), i, k;

	ck_assert_ptr_nonnull(m = message_new(cfg, 1));
	for (i = 0; i < len; i += k) {
		k = step == 0 || step > len - i ? len - i : step;
		message_body(m, (const unsigned char *)msg + i, k);
	}
	message_finish(m, NULL, 0, 1, r);
	message_free(m);
}

/*
 * A lone CR inside a header stays in it, as Postfix passes it to the
 * milter: "text/html\rX-Y: z" is text/html. Dropping the CR would make
 * the subtype "htmlx-y:" and the part an attachment, so nilsimsactl
 * check and the replay would digest nothing where the milter digests
 * "hi there".
 */
START_TEST(lone_cr_in_header)
{
	struct message_result	 r, rm;
	struct message		*m;
	const char		*body = "<b>Hi</b> there\n";

	run_file("Content-Type: text/html\rX-Y: z\n\n<b>Hi</b> there\n", 0, &r);
	ck_assert_uint_eq(r.body_bytes, strlen("hi there"));

	/* the milter's way: the MTA gives the header whole */
	ck_assert_ptr_nonnull(m = message_new(cfg, 0));
	message_header(m, "Content-Type", "text/html\rX-Y: z");
	message_body(m, (const unsigned char *)body, strlen(body));
	message_finish(m, NULL, 0, 1, &rm);
	message_free(m);
	ck_assert_uint_eq(rm.body_bytes, r.body_bytes);
	ck_assert_str_eq(rm.hex, r.hex);
}
END_TEST

/* CRLF split between calls: the CR is still dropped, the block ends. */
START_TEST(crlf_split)
{
	const char		*msg = "Subject: a\r\nContent-Type: text/html;\r\n"
	    "\tcharset=us-ascii\r\n\r\n<p>Hi</p>\r\n";
	struct message_result	 r1, r;
	size_t			 step;

	run_file(msg, 0, &r1);
	ck_assert_uint_eq(r1.body_bytes, strlen("hi"));
	for (step = 1; step < 16; step++) {
		run_file(msg, step, &r);
		ck_assert_uint_eq(r.body_bytes, r1.body_bytes);
		ck_assert_str_eq(r.hex, r1.hex);
	}
}
END_TEST

static char		 tmpdir[64];
static struct store	*store;

#define WL	"<postmaster@example.test>"
#define BODY	"Dear customer, our spring offer on premium health products " \
		"ends this Friday: order today and receive a free gift.\n"

/* Remove one file of the temporary store (nftw callback). */
static int
rm_one(const char *p, const struct stat *sb, int flag, struct FTW *f)
{
	(void)sb; (void)flag; (void)f;
	return remove(p);
}

/* Replace a configured address list. */
static void
set_list(struct addrlist **l, const char *value)
{
	char	err[256];

	addrlist_free(*l);
	*l = addrlist_parse(ADDRLIST_MAIL, value, err, sizeof(err));
	ck_assert_msg(*l != NULL, "%s", err);
}

/*
 * A store in a new directory, WhitelistRecipients postmaster@example.test
 * and a cluster marked spam: BODY's next copies are rejected.
 */
static void
setup_store(void)
{
	struct message		*m;
	struct message_result	 r;
	int			 rc;

	setup();
	set_list(&cfg->whitelist_recipients, "postmaster@example.test");
	set_list(&cfg->spamtrap, "trap@example.test");
	strcpy(tmpdir, "/tmp/check_message.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
	rc = message_store_open(cfg, tmpdir, 0, &store);
	ck_assert_msg(rc == 0, "store: %s", store_strerror(rc));
	ck_assert_ptr_nonnull(m = message_new(cfg, 0));
	message_sender(m, "<promo@sender.test>");
	message_rcpt(m, "<first@example.test>");
	message_body(m, (const unsigned char *)BODY, strlen(BODY));
	message_finish(m, store, 1000, 0, &r);
	message_free(m);
	ck_assert_int_eq(r.digested, 1);
	ck_assert_int_eq(store_set_status(store, r.res.c.id, CLUSTER_SPAM), 0);
}

static void
teardown_store(void)
{
	store_close(store);
	nftw(tmpdir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	teardown();
}

/* Another copy of BODY to n recipients; the caller frees the message. */
static struct message *
copy_to(const char **rcpt, size_t n, struct message_result *r)
{
	struct message	*m;
	size_t		 i;

	ck_assert_ptr_nonnull(m = message_new(cfg, 0));
	message_sender(m, "<promo@sender.test>");
	for (i = 0; i < n; i++)
		message_rcpt(m, rcpt[i]);
	message_body(m, (const unsigned char *)BODY, strlen(BODY));
	message_finish(m, store, 1000, 0, r);
	ck_assert_int_eq(r->digested, 1);
	ck_assert_int_eq(r->res.c.status, CLUSTER_SPAM);
	return m;
}

/* The recipients a partial delivery removes, joined with spaces. */
static const char *
others(const struct message *m)
{
	static char	 buf[1024];
	const char	*a;
	size_t		 pos = 0, len = 0;

	buf[0] = '\0';
	while ((a = message_rcpt_next_other(m, &pos)) != NULL) {
		len += snprintf(buf + len, sizeof(buf) - len, "%s%s",
		    len > 0 ? " " : "", a);
		ck_assert_uint_lt(len, sizeof(buf));
	}
	return buf;
}

/* Whitelisted recipients among others: delivered to them alone. */
START_TEST(partial_some_whitelisted)
{
	const char		*rcpt[] = { "<a@x.test>", WL, "<b@x.test>" };
	struct message_result	 r;
	struct message		*m = copy_to(rcpt, 3, &r);

	ck_assert_int_eq(r.verdict.action, VERDICT_PARTIAL);
	ck_assert_str_eq(r.verdict.reason, "spam");
	ck_assert_uint_eq(r.rcpt_removed, 2);
	ck_assert_str_eq(others(m), "<a@x.test> <b@x.test>");
	/* the next message on the connection starts a list of its own */
	ck_assert_int_eq(message_reset(m, cfg), 0);
	message_rcpt(m, "<c@x.test>");
	message_rcpt(m, "<Postmaster@Example.TEST>");
	message_body(m, (const unsigned char *)BODY, strlen(BODY));
	message_finish(m, store, 1000, 0, &r);
	ck_assert_int_eq(r.verdict.action, VERDICT_PARTIAL);
	ck_assert_uint_eq(r.rcpt_removed, 1);
	ck_assert_str_eq(others(m), "<c@x.test>");
	message_free(m);
}
END_TEST

/* All whitelisted: delivered to all, tagged; none: rejected. */
START_TEST(partial_all_or_none)
{
	const char		*all[] = { WL, "<Postmaster@example.test>" };
	const char		*none[] = { "<a@x.test>", "<b@x.test>" };
	struct message_result	 r;
	struct message		*m;

	m = copy_to(all, 2, &r);
	ck_assert_int_eq(r.verdict.action, VERDICT_TAG);
	ck_assert_str_eq(r.verdict.reason, "whitelist-recipient");
	ck_assert_uint_eq(r.rcpt_removed, 0);
	message_free(m);
	m = copy_to(none, 2, &r);
	ck_assert_int_eq(r.verdict.action, VERDICT_REJECT);
	ck_assert_uint_eq(r.rcpt_removed, 0);
	message_free(m);
}
END_TEST

/* A spam trap is not whitelisted, even when listed as both: removed. */
START_TEST(partial_trap)
{
	const char		*rcpt[] = { "<trap@example.test>", WL };
	struct message_result	 r;
	struct message		*m;

	set_list(&cfg->whitelist_recipients, "postmaster@example.test, trap@example.test");
	m = copy_to(rcpt, 2, &r);
	ck_assert_int_eq(r.verdict.action, VERDICT_PARTIAL);
	ck_assert_str_eq(others(m), "<trap@example.test>");
	ck_assert_uint_eq(message_trap_count(m), 1);
	message_free(m);
}
END_TEST

/* Shadow mode removes nobody: tagged, would be partial. */
START_TEST(partial_shadow)
{
	const char		*rcpt[] = { "<a@x.test>", WL };
	struct message_result	 r;
	struct message		*m;

	cfg->mode = MODE_SHADOW;
	m = copy_to(rcpt, 2, &r);
	ck_assert_int_eq(r.verdict.action, VERDICT_TAG);
	ck_assert_int_eq(r.verdict.would, VERDICT_PARTIAL);
	ck_assert_uint_eq(r.rcpt_removed, 1);
	message_free(m);
}
END_TEST

/*
 * Memory is bounded: MESSAGE_RCPT_KEEP recipients are kept; with more,
 * or an address too long to keep, the others cannot be removed and the
 * message is rejected for all, the whitelisted too.
 */
START_TEST(partial_bounds)
{
	static char		 addr[MESSAGE_RCPT_KEEP + 2][32];
	const char		*rcpt[MESSAGE_RCPT_KEEP + 2], *a;
	char			 longaddr[MESSAGE_ADDR_MAX + 8];
	struct message_result	 r;
	struct message		*m;
	size_t			 i, n, pos;

	for (i = 0; i < MESSAGE_RCPT_KEEP + 1; i++) {
		snprintf(addr[i], sizeof(addr[i]), "<u%zu@x.test>", i);
		rcpt[i + 1] = addr[i];
	}
	rcpt[0] = WL;
	/* MESSAGE_RCPT_KEEP recipients in all: kept, every other removed */
	m = copy_to(rcpt, MESSAGE_RCPT_KEEP, &r);
	ck_assert_int_eq(r.verdict.action, VERDICT_PARTIAL);
	ck_assert_uint_eq(r.rcpt_removed, MESSAGE_RCPT_KEEP - 1);
	for (n = 0, pos = 0; (a = message_rcpt_next_other(m, &pos)) != NULL; n++)
		ck_assert_str_eq(a, addr[n]);
	ck_assert_uint_eq(n, MESSAGE_RCPT_KEEP - 1);
	message_free(m);
	/* one more: rejected for all */
	m = copy_to(rcpt, MESSAGE_RCPT_KEEP + 1, &r);
	ck_assert_int_eq(r.verdict.action, VERDICT_REJECT);
	ck_assert_uint_eq(r.rcpt_removed, 0);
	pos = 0;
	ck_assert_ptr_null(message_rcpt_next_other(m, &pos));
	message_free(m);
	/* an address of MESSAGE_ADDR_MAX bytes: rejected for all */
	memset(longaddr, 'a', sizeof(longaddr));
	memcpy(longaddr + MESSAGE_ADDR_MAX - 8, "@x.test>", 9);
	longaddr[0] = '<';
	ck_assert_uint_eq(strlen(longaddr), MESSAGE_ADDR_MAX);
	rcpt[1] = longaddr;
	m = copy_to(rcpt, 2, &r);
	ck_assert_int_eq(r.verdict.action, VERDICT_REJECT);
	message_free(m);
	/* one byte shorter: kept */
	memmove(longaddr + 1, longaddr + 2, MESSAGE_ADDR_MAX - 1);
	m = copy_to(rcpt, 2, &r);
	ck_assert_int_eq(r.verdict.action, VERDICT_PARTIAL);
	ck_assert_str_eq(others(m), longaddr);
	message_free(m);
}
END_TEST

/* ------------------------------------------------------------ as a site sees mail */

/* A fresh store in tmpdir with the default thresholds. */
static void
setup_site(void)
{
	int	rc;

	setup();
	strcpy(tmpdir, "/tmp/check_message.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
	rc = message_store_open(cfg, tmpdir, 0, &store);
	ck_assert_msg(rc == 0, "store: %s", store_strerror(rc));
}

/* One message of text to recipients, from ip and sender, at time t. */
static struct message_result
deliver(const char *text, const char *ip, const char *sender,
    const char **rcpt, size_t n, int64_t t)
{
	struct message		*m;
	struct message_result	 r;
	size_t			 i;

	ck_assert_ptr_nonnull(m = message_new(cfg, 0));
	message_client_str(m, ip);
	message_sender(m, sender);
	for (i = 0; i < n; i++)
		message_rcpt(m, rcpt[i]);
	message_body(m, (const unsigned char *)text, strlen(text));
	message_finish(m, store, t, 0, &r);
	message_free(m);
	ck_assert_int_eq(r.store_err, 0);
	ck_assert_int_eq(r.digested, 1);
	return r;
}

static const char newsletter[] =
    "Campus news this week: the library extends its opening hours during "
    "the examination period, the sports centre opens a new climbing wall, "
    "and the student union invites everyone to the autumn concert in the "
    "great hall on Friday evening. Read more on the university web site. "
    "You receive this newsletter as a member of the university; to change "
    "your subscription, visit your profile page.\n";

/*
 * A newsletter sent every day for a month to the same recipients, from
 * its one server (and once forwarded from elsewhere), is never rejected,
 * whatever its list headers; with RejectThreshold 3 neither.
 */
START_TEST(site_newsletter_month)
{
	const char		*rcpt[] = { "<ann@uni.test>", "<bob@uni.test>",
	    "<cy@uni.test>", "<dee@uni.test>" };
	struct message_result	 r;
	char			 text[sizeof(newsletter) + 64];
	int			 day;

	cfg->reject_threshold = cfg->tag_threshold = 3;
	for (day = 0; day < 30; day++) {
		snprintf(text, sizeof(text), "Issue %d. %s", day + 1, newsletter);
		r = deliver(text, day == 12 ? "198.51.100.7" : "192.0.2.25",
		    "<news-bounces@uni.test>", rcpt, 4, 1800000000 + day * 86400);
		ck_assert_msg(r.verdict.action != VERDICT_REJECT,
		    "day %d rejected (%s)", day, r.verdict.reason);
	}
	ck_assert_uint_ge(r.res.c.messages, 25);	/* one cluster */
}
END_TEST

/*
 * A campaign to 50 different recipients from 20 networks within an hour
 * is rejected from the configured count on: RejectThreshold different
 * recipients, the message's own included.
 */
START_TEST(site_campaign)
{
	struct message_result	 r;
	char			 rc[64], ip[32], text[sizeof(BODY) + 32];
	const char		*rcpt[1] = { rc };
	int			 i, first = -1;

	for (i = 0; i < 50; i++) {
		snprintf(rc, sizeof(rc), "<user%d@uni.test>", i);
		snprintf(ip, sizeof(ip), "203.0.%d.%d", 100 + i % 20, 1 + i);
		snprintf(text, sizeof(text), "%s ref %d", BODY, 1000 + i * 7);
		r = deliver(text, ip, i % 2 ? "<a@spam1.test>" : "<b@spam2.test>",
		    rcpt, 1, 1800000000 + i * 60);
		if (r.verdict.action == VERDICT_REJECT && first < 0)
			first = i;
		if (first >= 0)
			ck_assert_int_eq(r.verdict.action, VERDICT_REJECT);
	}
	ck_assert_int_eq(first, (int)cfg->reject_threshold - 1);
}
END_TEST

/* A discussion list's thread to one subscriber is not bulk either. */
START_TEST(site_thread_one_user)
{
	const char		*rcpt[] = { "<me@uni.test>" };
	struct message_result	 r;
	int			 i;

	cfg->reject_threshold = cfg->tag_threshold = 3;
	for (i = 0; i < 12; i++) {
		r = deliver(newsletter, "192.0.2.80", "<list-bounces@lists.test>",
		    rcpt, 1, 1800000000 + i * 3600);
		ck_assert_int_eq(r.verdict.action, VERDICT_ACCEPT);
	}
}
END_TEST

/*
 * An ESP's mailing: 30 different recipients, from 10 networks of its
 * servers, bounce domains varying, DKIM-signed by the sender. With the
 * upstream verifier's authserv-id trusted, the signing domain is who sent
 * it: a mailing, tagged. Not trusted, or forged by another id: rejected.
 */
static int
esp_mailing(const char *trusted, const char *authserv)
{
	struct message		*m;
	struct message_result	 r;
	char			 rc[64], ip[32], ar[128], snd[64];
	int			 i, rejected = 0;

	free(cfg->trusted_authserv_ids);
	cfg->trusted_authserv_ids = strdup(trusted);
	for (i = 0; i < 30; i++) {
		snprintf(rc, sizeof(rc), "<user%d@uni.test>", i);
		snprintf(ip, sizeof(ip), "198.51.%d.%d", 10 + i % 10, 20 + i);
		snprintf(snd, sizeof(snd), "<b-%d@mail%d.esp.test>", i, i % 7);
		snprintf(ar, sizeof(ar), "%s; dkim=pass header.d=shop.test; "
		    "spf=pass smtp.mailfrom=mail%d.esp.test", authserv, i % 7);
		ck_assert_ptr_nonnull(m = message_new(cfg, 0));
		message_client_str(m, ip);
		message_sender(m, snd);
		message_rcpt(m, rc);
		message_header(m, "Authentication-Results", ar);
		message_body(m, (const unsigned char *)newsletter,
		    strlen(newsletter));
		message_finish(m, store, 1800000000 + i * 60, 0, &r);
		message_free(m);
		ck_assert_int_eq(r.digested, 1);
		rejected += r.verdict.action == VERDICT_REJECT;
	}
	return rejected;
}

START_TEST(site_authenticated_mailing)
{
	ck_assert_int_eq(esp_mailing("mx.uni.test", "mx.uni.test"), 0);
}
END_TEST

START_TEST(site_unauthenticated_mailing)
{
	ck_assert_int_gt(esp_mailing("", "mx.uni.test"), 0);
}
END_TEST

START_TEST(site_forged_authserv)
{
	ck_assert_int_gt(esp_mailing("mx.uni.test", "mx.shop.test"), 0);
}
END_TEST

static Suite *
message_suite(void)
{
	Suite	*s = suite_create("message");
	TCase	*tc = tcase_create("headers");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, lone_cr_in_header);
	tcase_add_test(tc, crlf_split);
	suite_add_tcase(s, tc);
	tc = tcase_create("partial");
	tcase_add_checked_fixture(tc, setup_store, teardown_store);
	tcase_add_test(tc, partial_some_whitelisted);
	tcase_add_test(tc, partial_all_or_none);
	tcase_add_test(tc, partial_trap);
	tcase_add_test(tc, partial_shadow);
	tcase_add_test(tc, partial_bounds);
	suite_add_tcase(s, tc);
	tc = tcase_create("site");
	tcase_add_checked_fixture(tc, setup_site, teardown_store);
	tcase_add_test(tc, site_newsletter_month);
	tcase_add_test(tc, site_campaign);
	tcase_add_test(tc, site_thread_one_user);
	tcase_add_test(tc, site_authenticated_mailing);
	tcase_add_test(tc, site_unauthenticated_mailing);
	tcase_add_test(tc, site_forged_authserv);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(message_suite());
	int	 nfail;

	srunner_run_all(sr, CK_NORMAL);
	nfail = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nfail == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
