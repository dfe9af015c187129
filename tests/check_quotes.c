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
 * check_quotes.c: the header blocks of quoted messages leave the
 * canonical text (lib/quotes.c): their labels, dates and address lists;
 * the quoted text, the subjects and what else a sender writes stay.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canon.h"
#include "message.h"
#include "quotes.h"
#include "testutil.h"

/* text as a message's canonical text (CANON_TEXT), into o (emptied). */
static void
canonical(const char *text, struct tu_buf *o)
{
	struct canon	*c;

	o->len = 0;
	ck_assert_ptr_nonnull(c = canon_new(CANON_TEXT, 0, 0, tu_collect, o));
	canon_body(c, (const unsigned char *)text, strlen(text));
	canon_end(c);
	canon_free(c);
}

/* quotes_strip() on o: what went is the count it returns. */
static size_t
strip(struct tu_buf *o)
{
	size_t	n = o->len, gone = quotes_strip(o->p, &o->len);

	ck_assert_uint_eq(gone, n - o->len);
	return gone;
}

static int
holds(const struct tu_buf *o, const char *s)
{
	return memmem(o->p, o->len, s, strlen(s)) != NULL;
}

#define REPLY	"Thanks, the revised figures look right to me.\n"
#define QUOTED	"Please check the figures in the attached budget.\n"

/* Outlook's English block: labels, date and addresses go; text stays. */
START_TEST(outlook_en)
{
	static struct tu_buf	o;

	canonical(REPLY "\nFrom: Ann Lee <ann@far.test>\n"
	    "Sent: Monday, June 1, 2026 5:47 PM\n"
	    "To: Bob Ray <bob@near.test>; Cy Dee <cy@near.test>\n"
	    "Cc: Di Fox <di@near.test>\n"
	    "Subject: RE: budget 2027\n\n" QUOTED, &o);
	ck_assert_uint_gt(strip(&o), 100);
	ck_assert(!holds(&o, "from:"));
	ck_assert(!holds(&o, "sent:"));
	ck_assert(!holds(&o, "june 1, 2026"));
	ck_assert(!holds(&o, "bob@near.test"));
	ck_assert(!holds(&o, "di@near.test"));
	ck_assert(!holds(&o, "subject:"));
	ck_assert(holds(&o, "re: budget 2027"));
	ck_assert(holds(&o, "revised figures"));
	ck_assert(holds(&o, "attached budget"));
}
END_TEST

/*
 * The same reply under Korean, Chinese and Japanese Outlook's blocks and
 * Gmail's line is one text once the blocks went: the labels and the
 * client's language were all that differed.
 */
START_TEST(languages_alike)
{
	static const char *const block[] = {
		"From: Ann Lee <ann@far.test>\nSent: Monday, June 1, 2026 5:47 PM\n"
		"To: Bob Ray <bob@near.test>\nSubject: ",
		"\ubcf4\ub0b8 \uc0ac\ub78c: Ann Lee <ann@far.test>\n"
		"\ubcf4\ub0b8 \ub0a0\uc9dc: 2026\ub144 6\uc6d4 1\uc77c "
		"\uc6d4\uc694\uc77c \uc624\ud6c4 5:47\n"
		"\ubc1b\ub294 \uc0ac\ub78c: Bob Ray <bob@near.test>\n\uc81c\ubaa9: ",
		"\u53d1\u4ef6\u4eba: Ann Lee <ann@far.test>\n"
		"\u53d1\u9001\u65f6\u95f4: 2026\u5e746\u67081\u65e5 17:47\n"
		"\u6536\u4ef6\u4eba: Bob Ray <bob@near.test>\n\u4e3b\u9898: ",
		"\u5dee\u51fa\u4eba: Ann Lee <ann@far.test>\n"
		"\u9001\u4fe1\u65e5\u6642: 2026\u5e746\u67081\u65e5 17:47\n"
		"\u5b9b\u5148: Bob Ray <bob@near.test>\n\u4ef6\u540d: ",
	};
	static struct tu_buf	o, first;
	char			text[1024];
	size_t			i;

	for (i = 0; i < sizeof(block) / sizeof(*block); i++) {
		snprintf(text, sizeof(text), REPLY "\n%sbudget\n\n" QUOTED,
		    block[i]);
		canonical(text, &o);
		ck_assert_uint_gt(strip(&o), 40);
		if (i == 0) {
			tu_buf_add(&first, o.p, o.len);
			continue;
		}
		ck_assert_uint_eq(o.len, first.len);
		ck_assert_mem_eq(o.p, first.p, o.len);
	}
}
END_TEST

/* Gmail's line loses "wrote:" after an address; the date stays. */
START_TEST(gmail_line)
{
	static struct tu_buf	o;

	canonical(REPLY "\nOn Mon, Jun 1, 2026 at 5:47 PM Ann Lee "
	    "<ann@far.test> wrote:\n> " QUOTED, &o);
	ck_assert_uint_eq(strip(&o), strlen("wrote: "));
	ck_assert(!holds(&o, "wrote"));
	ck_assert(holds(&o, "jun 1, 2026"));
	canonical("Then she wrote: nothing at all.\n", &o);
	ck_assert_uint_eq(strip(&o), 0);
}
END_TEST

/*
 * Labels that make no block are words of the text and stay: one alone,
 * or too far apart, or inside a word; so does a value that is neither a
 * list of addresses nor a short date.
 */
START_TEST(not_blocks)
{
	static struct tu_buf	o, before;
	char			far[2048];

	canonical("Subject: the budget. To: all staff. Date: Friday.\n"
	    "Transfer to: account 12. Refrom: x\n", &o);
	before.len = 0;
	tu_buf_add(&before, o.p, o.len);
	ck_assert_uint_eq(strip(&o), 0);
	ck_assert_uint_eq(o.len, before.len);
	ck_assert_mem_eq(o.p, before.p, o.len);
	memset(far, 'x', sizeof(far));
	memcpy(far, "From: ann@far.test ", 19);
	memcpy(far + 1000, " To: bob@near.test Subject: hi ", 31);
	far[sizeof(far) - 1] = '\0';
	canonical(far, &o);
	ck_assert_uint_eq(strip(&o), 0);
	canonical("From: the board of trustees, who met on Monday\n"
	    "Sent: our thanks to all who came to the open day in June\n"
	    "To: every student and member of staff\nSubject: open day\n", &o);
	ck_assert_uint_gt(strip(&o), 0);
	ck_assert(!holds(&o, "sent:"));
	ck_assert(holds(&o, "board of trustees"));
	ck_assert(holds(&o, "open day in june"));
	ck_assert(holds(&o, "every student"));
}
END_TEST

/*
 * A text that is mostly blocks, their values address lists (a sender
 * hiding its words there): the labels go, but address lists beyond an
 * eighth of the text (and QUOTES_VALUES_MIN bytes) stay.
 */
START_TEST(address_budget)
{
	static struct tu_buf	o;
	char			text[8192];
	size_t			n = 0, gone, i;

	for (i = 0; i < 20; i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n,
		    "From: deals%zu@cheap.test To: a1@cheap.test a2@cheap.test "
		    "a3@cheap.test a4@cheap.test a5@cheap.test a6@cheap.test "
		    "a7@cheap.test a8@cheap.test Subject: offer ", i);
	canonical(text, &o);
	n = o.len;
	gone = strip(&o);
	ck_assert(!holds(&o, "from:"));
	ck_assert(!holds(&o, "to:"));
	ck_assert(!holds(&o, "deals0@cheap.test"));	/* the first lists */
	ck_assert(holds(&o, "a8@cheap.test"));		/* the last ones */
	/* 20 blocks' labels ("from: ", "to: ", "subject: ") and the budget */
	ck_assert_uint_le(gone, 20 * 19 + n / 8 + QUOTES_VALUES_MIN);
	ck_assert_uint_ge(gone + 200, 20 * 19 + n / 8 + QUOTES_VALUES_MIN);
}
END_TEST

/*
 * Text between date labels (helper-55's review: "Sent: 0 Dear friend, we
 * are pleased ... Sent: 1 ..."): a block has one date, a date holds a
 * time of day, and what goes is within the budget; the offer is digested.
 */
START_TEST(dates_hide_nothing)
{
	static struct tu_buf	o;
	char			text[8192];
	size_t			n, i;

	n = (size_t)snprintf(text, sizeof(text), "From: x Subject: y ");
	for (i = 0; i < 60; i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n,
		    "Sent: %zu 10:%02zu exclusive crypto fund offer ", i, i);
	canonical(text, &o);
	n = o.len;
	strip(&o);
	ck_assert_uint_ge(o.len, n - 60 * strlen("sent: ") - 64);
	canonical("From: a@b.test Date: Monday, the day we first met in "
	    "Rome To: c@d.test Subject: hi ", &o);
	strip(&o);
	ck_assert(holds(&o, "the day we first met in rome"));
}
END_TEST

/*
 * Labels of other forms: French with " :", a Gmail forward whose last
 * label is the recipients' (their list goes to its last address), and
 * labels inside a Chinese word, a run with no subject, and one with no
 * date nor recipient, which stay.
 */
START_TEST(label_forms)
{
	static struct tu_buf	o;

	canonical("Merci. De : Ann <ann@far.test> Envoy\u00e9 : lundi 1 juin "
	    "2026 17:47 \u00c0 : Bob <bob@near.test> Objet : budget\n", &o);
	strip(&o);
	ck_assert(!holds(&o, "de :"));
	ck_assert(!holds(&o, "objet"));
	ck_assert(!holds(&o, "bob@near.test"));
	ck_assert(!holds(&o, "17:47"));
	ck_assert(holds(&o, "budget"));
	canonical("Thanks. ---------- Forwarded message --------- From: Ann "
	    "<ann@far.test> Date: Mon, Jun 1, 2026 at 5:47 PM Subject: budget "
	    "To: Bob Ray <bob@near.test>, Cy Dee <cy@near.test> The figures "
	    "are attached; write to help@far.test for the rest.\n", &o);
	strip(&o);
	ck_assert(!holds(&o, "cy@near.test"));
	ck_assert(holds(&o, "the figures are attached; write to help@far.test"));
	canonical("\u4f1a\u8bae\u4e3b\u9898: \u9884\u7b97 \u53d1\u4ef6"
	    "\u4eba: a@b.test \u622a\u6b62\u65f6\u95f4: 6\u67085\u65e5 "
	    "15:00\n", &o);
	ck_assert_uint_eq(strip(&o), 0);
	canonical("From: ann@far.test Sent: Monday, June 1, 2026 5:47 PM "
	    "To: bob@near.test the budget\n", &o);
	ck_assert_uint_eq(strip(&o), 0);
	canonical("From: ann@far.test Subject: the budget, please\n", &o);
	ck_assert_uint_eq(strip(&o), 0);
}
END_TEST

/* At most QUOTES_LABELS labels are read, whatever the text's size. */
START_TEST(labels_bounded)
{
	static struct tu_buf	o;
	static char		text[3 * MESSAGE_TEXT_MAX];
	size_t			n = 0, gone;

	while (n + 200 < sizeof(text))
		n += (size_t)snprintf(text + n, sizeof(text) - n,
		    "From: a@b.test To: buy@cheap.test Subject: offer ");
	canonical(text, &o);
	n = o.len;
	gone = strip(&o);
	ck_assert_uint_gt(gone, 0);
	/* labels of 9 bytes at most with their space, and the budget */
	ck_assert_uint_le(gone, QUOTES_LABELS * 9 + n / 8 + QUOTES_VALUES_MIN);
	ck_assert(holds(&o, "offer"));
	ck_assert(holds(&o, "from: a@b.test"));	/* the labels past them */
}
END_TEST

static Suite *
quotes_suite(void)
{
	Suite	*s = suite_create("quotes");
	TCase	*tc = tcase_create("quotes");

	tcase_add_test(tc, outlook_en);
	tcase_add_test(tc, languages_alike);
	tcase_add_test(tc, gmail_line);
	tcase_add_test(tc, not_blocks);
	tcase_add_test(tc, address_budget);
	tcase_add_test(tc, dates_hide_nothing);
	tcase_add_test(tc, label_forms);
	tcase_add_test(tc, labels_bounded);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return tu_run(quotes_suite(), "check_quotes", NULL);
}
