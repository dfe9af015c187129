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
 */

#include <check.h>
#include <stdlib.h>
#include <string.h>

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

static Suite *
message_suite(void)
{
	Suite	*s = suite_create("message");
	TCase	*tc = tcase_create("headers");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, lone_cr_in_header);
	tcase_add_test(tc, crlf_split);
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
