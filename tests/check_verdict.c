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
 * check_verdict: the rules of verdict.c, each driven directly. The
 * expectations are the rules as README and nilsimsa-milter(8) state them.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "store.h"
#include "verdict.h"

static struct config	*cfg;

static void
setup(void)
{
	ck_assert_ptr_nonnull(cfg = config_default());
	cfg->tag_threshold = 5;
	cfg->reject_threshold = 20;
	cfg->reject_min_networks = 2;
}

static void
teardown(void)
{
	config_free(cfg);
}

/* A joined cluster: messages, recipients, networks, sender domains. */
static struct store_result
joined(uint64_t msgs, uint64_t rcpts, uint32_t nets, uint32_t senders)
{
	struct store_result	r;

	memset(&r, 0, sizeof(r));
	r.found = r.counted = 1;
	r.score = 100;
	r.c.id = 7;
	r.c.messages = msgs;
	r.c.recipients = rcpts;
	r.c.networks = nets;
	r.c.senders = senders;
	return r;
}

static struct verdict
decide(const struct store_result *r, int exempt, int list, int trap)
{
	struct verdict_input	in = { r, exempt, list, trap, 0 };
	struct verdict		v;

	verdict_decide(cfg, &in, &v);
	return v;
}

START_TEST(test_unscored)
{
	struct verdict	v = decide(NULL, EXEMPT_NONE, 0, 0);

	ck_assert_int_eq(v.action, VERDICT_ACCEPT);
	ck_assert_str_eq(v.tier, "none");
}
END_TEST

START_TEST(test_tiers)
{
	struct store_result	r;
	struct verdict		v;

	r = joined(2, 4, 3, 3);		/* below TagThreshold */
	v = decide(&r, EXEMPT_NONE, 0, 0);
	ck_assert_int_eq(v.action, VERDICT_ACCEPT);
	ck_assert_str_eq(v.reason, "few");
	r = joined(2, 5, 3, 3);		/* at TagThreshold */
	v = decide(&r, EXEMPT_NONE, 0, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.tier, "tag");
	r = joined(2, 20, 2, 3);	/* at RejectThreshold and networks */
	v = decide(&r, EXEMPT_NONE, 0, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	ck_assert_str_eq(v.reason, "bulk");
	r = joined(2, 20, 1, 3);	/* too few networks: tag only */
	v = decide(&r, EXEMPT_NONE, 0, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	r = joined(2, 19, 5, 3);	/* one recipient short */
	v = decide(&r, EXEMPT_NONE, 0, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
}
END_TEST

/* Similarity alone never rejects: one message to many is not bulk. */
START_TEST(test_single_message_never_rejected)
{
	struct store_result	r = joined(1, 500, 5, 1);
	struct verdict		v = decide(&r, EXEMPT_NONE, 0, 0);

	ck_assert_int_eq(v.action, VERDICT_ACCEPT);
	r.created = 1;
	v = decide(&r, EXEMPT_NONE, 0, 0);
	ck_assert_int_eq(v.action, VERDICT_ACCEPT);
	ck_assert_str_eq(v.reason, "new");
}
END_TEST

START_TEST(test_weak_join)
{
	struct store_result	r = joined(50, 500, 9, 9);
	struct verdict		v;

	r.counted = 0;
	v = decide(&r, EXEMPT_NONE, 0, 0);
	ck_assert_int_eq(v.action, VERDICT_ACCEPT);
	ck_assert_str_eq(v.reason, "weak");
	r.exact = 1;			/* an exact duplicate is confident */
	v = decide(&r, EXEMPT_NONE, 0, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
}
END_TEST

START_TEST(test_status)
{
	struct store_result	r = joined(2, 1, 1, 1);
	struct verdict		v;

	r.c.status = CLUSTER_SPAM;	/* learned spam: from the next copy */
	v = decide(&r, EXEMPT_NONE, 0, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	ck_assert_str_eq(v.reason, "spam");
	r = joined(90, 900, 20, 8);
	r.c.status = CLUSTER_HAM;	/* pinned: never */
	v = decide(&r, EXEMPT_NONE, 0, 0);
	ck_assert_int_eq(v.action, VERDICT_ACCEPT);
	ck_assert_str_eq(v.reason, "ham");
}
END_TEST

START_TEST(test_exempt)
{
	static const int	 kinds[] = { EXEMPT_CLIENT, EXEMPT_AUTH,
	    EXEMPT_SENDER, EXEMPT_RECIPIENT };
	struct store_result	 r = joined(3, 30, 4, 3);
	struct verdict		 v;
	size_t			 i;

	for (i = 0; i < sizeof(kinds) / sizeof(*kinds); i++) {
		v = decide(&r, kinds[i], 0, 0);
		ck_assert_int_eq(v.action, VERDICT_TAG);
		ck_assert_int_eq(v.would, VERDICT_TAG);
		ck_assert_str_eq(v.reason, verdict_exempt_name(kinds[i]));
	}
	/* even a learned spam cluster: a whitelist is a promise */
	r.c.status = CLUSTER_SPAM;
	v = decide(&r, EXEMPT_CLIENT, 0, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
}
END_TEST

START_TEST(test_list_mail)
{
	struct store_result	r = joined(3, 30, 4, 3);
	struct verdict		v;

	v = decide(&r, EXEMPT_NONE, 1, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.reason, "list-mail");
	cfg->list_mail = LISTMAIL_REJECT;
	v = decide(&r, EXEMPT_NONE, 1, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
}
END_TEST

/*
 * List headers are the sender's own words: they cannot turn the reject
 * of a cluster marked spam into a tag. The verdict sees one list flag
 * whatever header set it (List-Id, List-Unsubscribe, Precedence).
 */
START_TEST(test_list_mail_spam)
{
	struct store_result	r = joined(2, 1, 1, 1);
	struct verdict		v;

	/* learned with `nilsimsactl learn spam`: one copy seen, one recipient */
	r.c.status = CLUSTER_SPAM;
	v = decide(&r, EXEMPT_NONE, 1, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	ck_assert_str_eq(v.reason, "spam");
	/* marked by a spam trap's copy: the trap's recipient is not counted */
	r = joined(2, 0, 1, 1);
	r.c.status = CLUSTER_SPAM;
	v = decide(&r, EXEMPT_NONE, 1, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	ck_assert_str_eq(v.reason, "spam");
	/* RejectAction still applies, and shadow mode still only tags */
	cfg->reject_action = ACTION_TEMPFAIL;
	v = decide(&r, EXEMPT_NONE, 1, 0);
	ck_assert_int_eq(v.action, VERDICT_TEMPFAIL);
	cfg->mode = MODE_SHADOW;
	v = decide(&r, EXEMPT_NONE, 1, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_int_eq(v.would, VERDICT_TEMPFAIL);
	ck_assert_str_eq(v.reason, "spam");
	/* a counted bulk cluster with list headers is tagged, as before */
	cfg->mode = MODE_ENFORCE;
	r = joined(3, 30, 4, 3);
	v = decide(&r, EXEMPT_NONE, 1, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_int_eq(v.would, VERDICT_TAG);
	ck_assert_str_eq(v.reason, "list-mail");
}
END_TEST

START_TEST(test_single_source)
{
	struct store_result	r = joined(30, 30, 1, 1);
	struct verdict		v;

	cfg->reject_min_networks = 1;
	v = decide(&r, EXEMPT_NONE, 0, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.reason, "single-source");
	r.c.senders = 2;		/* two sender domains: a campaign */
	v = decide(&r, EXEMPT_NONE, 0, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	r.c.senders = 1;
	cfg->list_mail = LISTMAIL_REJECT;
	v = decide(&r, EXEMPT_NONE, 0, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	cfg->list_mail = LISTMAIL_TAG;
	r.c.status = CLUSTER_SPAM;	/* marked spam: rejected all the same */
	v = decide(&r, EXEMPT_NONE, 0, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
}
END_TEST

/* decide() for a message to whitelisted recipients among others */
static struct verdict
decide_partial(const struct store_result *r, int exempt, int list)
{
	struct verdict_input	in = { r, exempt, list, 0, 1 };
	struct verdict		v;

	verdict_decide(cfg, &in, &v);
	return v;
}

/*
 * A whitelisted recipient exempts itself alone: a message that would be
 * rejected is delivered to the whitelisted recipients only; one that
 * would only be tagged, or that something else spares, is left whole.
 */
START_TEST(test_partial)
{
	struct store_result	r = joined(3, 30, 4, 3);
	struct verdict		v;

	v = decide_partial(&r, EXEMPT_RECIPIENT, 0);
	ck_assert_int_eq(v.action, VERDICT_PARTIAL);
	ck_assert_int_eq(v.would, VERDICT_PARTIAL);
	ck_assert_str_eq(v.tier, "reject");
	ck_assert_str_eq(v.reason, "bulk");
	ck_assert_str_eq(verdict_action_name(v.action), "reject-partial");
	/* all recipients whitelisted: tagged, as before */
	v = decide(&r, EXEMPT_RECIPIENT, 0, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.reason, "whitelist-recipient");
	/* a learned spam cluster with list headers: still partial */
	r.c.status = CLUSTER_SPAM;
	v = decide_partial(&r, EXEMPT_RECIPIENT, 1);
	ck_assert_int_eq(v.action, VERDICT_PARTIAL);
	ck_assert_str_eq(v.reason, "spam");
	/* an auto cluster's list mail is tagged for every recipient */
	r.c.status = CLUSTER_AUTO;
	v = decide_partial(&r, EXEMPT_RECIPIENT, 1);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.reason, "list-mail");
	/* a stronger exemption (whitelisted sender) spares every recipient */
	v = decide_partial(&r, EXEMPT_SENDER, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.reason, "whitelist-sender");
	/* the flag alone, without the recipient exemption, changes nothing */
	v = decide_partial(&r, EXEMPT_NONE, 0);
	ck_assert_int_eq(v.action, VERDICT_REJECT);
	/* tag tier: nobody is removed */
	r = joined(3, 6, 4, 3);
	v = decide_partial(&r, EXEMPT_RECIPIENT, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_str_eq(v.reason, "bulk");
	/* every RejectAction becomes a partial delivery */
	r = joined(3, 30, 4, 3);
	cfg->reject_action = ACTION_DISCARD;
	v = decide_partial(&r, EXEMPT_RECIPIENT, 0);
	ck_assert_int_eq(v.action, VERDICT_PARTIAL);
	/* shadow mode: tagged, the log says what enforce would do */
	cfg->mode = MODE_SHADOW;
	v = decide_partial(&r, EXEMPT_RECIPIENT, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_int_eq(v.would, VERDICT_PARTIAL);
}
END_TEST

START_TEST(test_reject_actions)
{
	static const struct { int cfg, verdict; } map[] = {
		{ ACTION_REJECT, VERDICT_REJECT },
		{ ACTION_TEMPFAIL, VERDICT_TEMPFAIL },
		{ ACTION_QUARANTINE, VERDICT_QUARANTINE },
		{ ACTION_DISCARD, VERDICT_DISCARD }
	};
	struct store_result	r = joined(3, 30, 4, 3);
	struct verdict		v;
	size_t			i;

	for (i = 0; i < sizeof(map) / sizeof(*map); i++) {
		cfg->reject_action = map[i].cfg;
		v = decide(&r, EXEMPT_NONE, 0, 0);
		ck_assert_int_eq(v.action, map[i].verdict);
	}
}
END_TEST

START_TEST(test_shadow)
{
	struct store_result	r = joined(3, 30, 4, 3);
	struct verdict		v;

	cfg->mode = MODE_SHADOW;
	v = decide(&r, EXEMPT_NONE, 0, 0);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_int_eq(v.would, VERDICT_REJECT);
	/* a spam trap's copy is not dropped in shadow mode either */
	v = decide(&r, EXEMPT_NONE, 0, 1);
	ck_assert_int_eq(v.action, VERDICT_TAG);
	ck_assert_int_eq(v.would, VERDICT_DISCARD);
}
END_TEST

START_TEST(test_spamtrap)
{
	struct store_result	r = joined(1, 1, 1, 1);
	struct verdict		v;

	r.created = 1;
	v = decide(&r, EXEMPT_NONE, 0, 1);
	ck_assert_int_eq(v.action, VERDICT_DISCARD);
	ck_assert_str_eq(v.reason, "spamtrap");
	v = decide(NULL, EXEMPT_NONE, 0, 1);	/* even undigested */
	ck_assert_int_eq(v.action, VERDICT_DISCARD);
}
END_TEST

static Suite *
verdict_suite(void)
{
	Suite	*s = suite_create("verdict");
	TCase	*tc = tcase_create("rules");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_unscored);
	tcase_add_test(tc, test_tiers);
	tcase_add_test(tc, test_single_message_never_rejected);
	tcase_add_test(tc, test_weak_join);
	tcase_add_test(tc, test_status);
	tcase_add_test(tc, test_exempt);
	tcase_add_test(tc, test_list_mail);
	tcase_add_test(tc, test_list_mail_spam);
	tcase_add_test(tc, test_single_source);
	tcase_add_test(tc, test_partial);
	tcase_add_test(tc, test_reject_actions);
	tcase_add_test(tc, test_shadow);
	tcase_add_test(tc, test_spamtrap);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(verdict_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
