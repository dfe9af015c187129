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
 * check_forms.c: the delivery reports' forms leave the canonical text
 * (lib/forms.c), and nothing else does.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boiler.h"
#include "canon.h"
#include "forms.h"
#include "message.h"
#include "testutil.h"

#define FORM	"This is the mail system at host mx.far.test.\n\n" \
    "I'm sorry to have to inform you that your message could not\n" \
    "be delivered to one or more recipients. It's attached below.\n\n" \
    "For further assistance, please send mail to postmaster.\n\n" \
    "If you do so, please include this problem report. You can\n" \
    "delete your own text from the attached returned message.\n\n" \
    "                   The mail system\n\n"
#define LETTER	"The minutes of the board meeting are attached; please " \
    "send corrections by Friday, and bring the budget to the next one.\n"

struct out {
	unsigned char	buf[4 * MESSAGE_TEXT_MAX];
	size_t		len;
};

static void
out_sink(void *arg, const unsigned char *buf, size_t len)
{
	struct out	*o = arg;

	ck_assert_uint_le(len, sizeof(o->buf) - o->len);
	memcpy(o->buf + o->len, buf, len);
	o->len += len;
}

/* text as a message's canonical text (CANON_TEXT), into o. */
static void
canonical(const char *text, struct out *o)
{
	struct canon	*c;

	o->len = 0;
	ck_assert_ptr_nonnull(c = canon_new(CANON_TEXT, 0, 0, out_sink, o));
	canon_body(c, (const unsigned char *)text, strlen(text));
	canon_end(c);
	canon_free(c);
}

/*
 * The forms of o's text go, as message.c removes them from the text it
 * holds; returns how many bytes went.
 */
static size_t
strip(struct out *o)
{
	return forms_strip(o->buf, &o->len);
}

static int
holds(const struct out *o, const char *s)
{
	return memmem(o->buf, o->len, s, strlen(s)) != NULL;
}

/* Text without a form is left as it is. */
START_TEST(no_form)
{
	static struct out	o, before;

	canonical(LETTER "Thanks for your message. I'm sorry to hear that "
	    "the mail system at the office lost it.\n", &o);
	before = o;
	ck_assert_uint_eq(strip(&o), 0);
	ck_assert_uint_eq(o.len, before.len);
	ck_assert_mem_eq(o.buf, before.buf, o.len);
}
END_TEST

/*
 * Postfix's form before and after a letter, and twice: the form goes,
 * the host name and the letter stay, in their order, one space apart.
 */
START_TEST(form_goes)
{
	static struct out	o, letter;
	size_t			n;

	canonical(LETTER, &letter);
	while (letter.len > 0 && letter.buf[letter.len - 1] == ' ')
		letter.len--;
	canonical(FORM LETTER FORM FORM, &o);
	n = o.len;
	ck_assert_uint_gt(strip(&o), 900);
	ck_assert_uint_lt(o.len, n);
	ck_assert(!holds(&o, "sorry to have to inform"));
	ck_assert(!holds(&o, "further assistance"));
	ck_assert(!holds(&o, "the mail system"));
	ck_assert(holds(&o, "mx.far.test."));
	ck_assert_ptr_nonnull(memmem(o.buf, o.len, letter.buf, letter.len));
	ck_assert_ptr_null(memmem(o.buf, o.len, "  ", 2));
}
END_TEST

/*
 * A text of nothing but forms, as much as message.c holds: they all go,
 * but the host names and the part of the last that the end cut off.
 */
START_TEST(only_forms)
{
	static struct out	o;
	static char		text[4 * MESSAGE_TEXT_MAX];
	size_t			n = 0;

	while (n + sizeof(FORM) < sizeof(text) / 2)
		n += (size_t)snprintf(text + n, sizeof(text) - n, "%s", FORM);
	canonical(text, &o);
	o.len = o.len < MESSAGE_TEXT_MAX ? o.len : MESSAGE_TEXT_MAX;
	strip(&o);
	ck_assert_uint_lt(o.len, MESSAGE_TEXT_MAX / 16 + sizeof(FORM));
	o.len -= o.len > sizeof(FORM) ? sizeof(FORM) : o.len;
	ck_assert(!holds(&o, "sorry to have to inform"));
}
END_TEST

/*
 * A form before 16 KiB of one unit over and over, as a hostile message
 * would have it: the form goes and every unit stays, in one pass.
 */
START_TEST(form_then_units)
{
	static const char	*unit[] = { "the ", "c", "## ", "mail system ",
	    "you " };
	static struct out	 o, u;
	static char		 text[MESSAGE_TEXT_MAX + sizeof(FORM)];
	size_t			 i, n;

	for (i = 0; i < sizeof(unit) / sizeof(*unit); i++) {
		n = (size_t)snprintf(text, sizeof(text), "%s", FORM);
		while (n + strlen(unit[i]) < sizeof(text))
			n += (size_t)snprintf(text + n, sizeof(text) - n, "%s",
			    unit[i]);
		canonical(text + sizeof(FORM) - 1, &u);
		canonical(text, &o);
		strip(&o);
		ck_assert_msg(!holds(&o, "further assistance"), "unit %zu", i);
		/* what is left: the host name, then the units as they were */
		ck_assert_ptr_nonnull(memmem(o.buf, o.len, u.buf, u.len - 1));
		ck_assert_uint_lt(o.len, u.len + 32);
	}
}
END_TEST

#define ZOOM	"Ann Lee is inviting you to a scheduled Zoom meeting.\n\n" \
    "Topic: Thesis committee\nTime: Jun 7, 2026 02:00 PM London\n\n" \
    "Join Zoom Meeting\nhttps://us02web.zoom.us/j/85123456789?pwd=Xy7\n\n" \
    "Meeting ID: 851 2345 6789\nPasscode: 934103\n\n---\n\n" \
    "One tap mobile\n+16465588656,,85123456789#,,,,*934103# US (New York)\n" \
    "+16469313860,,85123456789#,,,,*934103# US\n\n---\n\n" \
    "Dial by your location\n\u2022 +1 646 558 8656 US (New York)\n" \
    "\u2022 +1 646 931 3860 US\n\u2022 +1 301 715 8592 US (Washington DC)\n" \
    "\u2022 +1 312 626 6799 US (Chicago)\n\u2022 +1 669 900 6833 US (San Jose)\n\n" \
    "Meeting ID: 851 2345 6789\nPasscode: 934103\n\n" \
    "Find your local number: https://us02web.zoom.us/u/kd3Fx\n"
#define DIRECTORY "+8675536550000 (\u4e2d\u56fd\u5927\u9646)\n" \
    "+85230018898 (\u4e2d\u56fd\u9999\u6e2f)\n"

/*
 * In a text that shows a meeting's form, the service's directories of
 * dial-in numbers go too (two numbers or more in a row, each with its
 * place), and its fields' labels. The organiser's words, the meeting's
 * number and the last place stay. Without a meeting's form, or a number
 * alone, nothing more goes.
 */
START_TEST(directories)
{
	static struct out	o;

	canonical(ZOOM, &o);
	ck_assert_uint_gt(strip(&o), 0);
	ck_assert(!holds(&o, "inviting you"));
	ck_assert(!holds(&o, "+1 646"));
	ck_assert(!holds(&o, "+16465588656"));
	ck_assert(!holds(&o, "chicago"));
	ck_assert(!holds(&o, "passcode:"));
	ck_assert(!holds(&o, "meeting id:"));
	ck_assert(!holds(&o, "topic:"));
	ck_assert(holds(&o, "ann lee"));
	ck_assert(holds(&o, "thesis committee"));
	ck_assert(holds(&o, "851 2345 6789"));
	ck_assert(holds(&o, "us (san jose)"));
	ck_assert_ptr_null(memmem(o.buf, o.len, "  ", 2));

	/* Tencent Meeting's, in Chinese */
	canonical("\u9093\u6797 \u9080\u8bf7\u60a8\u53c2\u52a0\u817e\u8baf"
	    "\u4f1a\u8bae\n" DIRECTORY, &o);
	strip(&o);
	ck_assert(!holds(&o, "+8675536550000"));
	ck_assert(holds(&o, "\u9093\u6797"));

	/* no form, or a report's: the numbers and labels stay */
	canonical(LETTER "Meeting ID: 4711\n" DIRECTORY, &o);
	ck_assert_uint_eq(strip(&o), 0);
	ck_assert(holds(&o, "+8675536550000"));
	canonical(FORM "Meeting ID: 4711\n" DIRECTORY, &o);
	ck_assert_uint_gt(strip(&o), 0);
	ck_assert(holds(&o, "+8675536550000"));
	ck_assert(holds(&o, "meeting id:"));
	/* a meeting's form and one number: it stays */
	canonical("Join Zoom Meeting\nCall us on +44 20 7946 0321 today.\n", &o);
	strip(&o);
	ck_assert(holds(&o, "+44 20 7946 0321"));
	/* a place too long for a directory: the number before it stays */
	canonical("Join Zoom Meeting\n+44 20 7946 0321 is where our whole "
	    "team answers the phone, +44 20 7946 0999 too.\n", &o);
	strip(&o);
	ck_assert(holds(&o, "+44 20 7946 0321"));
	/* numbers of fewer than eight digits are not dial-in numbers */
	canonical("Join Zoom Meeting\n+1 234 567 +1 234 568 +1 234 569\n", &o);
	strip(&o);
	ck_assert(holds(&o, "+1 234 567 +1 234 568"));
}
END_TEST

/*
 * What a campaign dressed as an invitation could hide goes no further
 * than places' names and labels: a "place" with a sentence's
 * punctuation, a link or five words keeps its numbers and itself, a
 * label inside a word is no label, a text's directories give up 128
 * numbers at most, and the last number's place goes only in
 * parentheses and as a place.
 */
START_TEST(directory_bounds)
{
	static struct out	o;
	static char		text[8192];
	size_t			n = 0, i, left;
	const unsigned char	*p;

	canonical("Join Zoom Meeting\n+18005550100 your mailbox is full. "
	    "+18005550101 confirm at mail.example +18005550102 today\n", &o);
	strip(&o);
	ck_assert(holds(&o, "+18005550100 your mailbox is full."));
	ck_assert(holds(&o, "+18005550101 confirm at mail.example"));
	canonical("Join Zoom Meeting\n+18005550100 your mailbox is almost "
	    "full +18005550101 us (new york)\n", &o);
	strip(&o);
	ck_assert(holds(&o, "+18005550100 your mailbox is almost full"));
	canonical("Join Zoom Meeting\nOvertime: three hours. Time: noon.\n",
	    &o);
	strip(&o);
	ck_assert(holds(&o, "overtime: three hours."));
	ck_assert(!holds(&o, "time: noon"));
	canonical("Join Zoom Meeting\nThe organisers ask the guests.\n", &o);
	strip(&o);
	ck_assert(holds(&o, "the organisers ask the"));
	ck_assert(!holds(&o, "guests"));
	canonical("\u817e\u8baf\u4f1a\u8bae \u9080\u8bf7\u60a8\u53c2\u52a0"
	    "\u817e\u8baf\u4f1a\u8bae\n" DIRECTORY, &o);
	strip(&o);
	ck_assert(!holds(&o, "\u4e2d\u56fd\u9999\u6e2f"));	/* (its place too) */
	canonical("Join Zoom Meeting\n+44 20 7946 0321 (London) +44 20 7946 "
	    "0999 (Leeds: our office)\n", &o);
	strip(&o);
	ck_assert(!holds(&o, "london"));
	ck_assert(holds(&o, "(leeds: our office)"));
	/* a place of one word, but longer than 40 bytes */
	canonical("Join Zoom Meeting\n+44 20 7946 0321 llanfairpwllgwyngyllgogery"
	    "chwyrndrobwll +44 20 7946 0999 wales\n", &o);
	strip(&o);
	ck_assert(holds(&o, "+44 20 7946 0321 llanfair"));
	/* Chinese: a sentence's stop, or nine characters, is no place */
	canonical("\u817e\u8baf\u4f1a\u8bae \u9080\u8bf7\u60a8\u53c2\u52a0"
	    "\u817e\u8baf\u4f1a\u8bae\n+8675536550001 \u70b9\u51fb\u9886"
	    "\u53d6\u5927\u5956\u3002 +8675536550002 \u8bf7\u8054\u7cfb"
	    "\u5ba2\u670d\u7acb\u5373\u8f6c\u8d26\u5230 +8675536550003 "
	    "(\u4e2d\u56fd\u5927\u9646)\n", &o);
	strip(&o);
	ck_assert(holds(&o, "\u70b9\u51fb\u9886\u53d6\u5927\u5956\u3002"));
	ck_assert(holds(&o, "+8675536550001"));
	ck_assert(holds(&o, "\u8bf7\u8054\u7cfb\u5ba2\u670d\u7acb\u5373"
	    "\u8f6c\u8d26\u5230"));
	/* a last place in parentheses of more than 40 bytes stays */
	canonical("Join Zoom Meeting\n+44 20 7946 0321 (leeds) +44 20 7946 0999 "
	    "(llanfairpwllgwyngyllgogerychwyrndrobwll)\n", &o);
	strip(&o);
	ck_assert(!holds(&o, "leeds"));
	ck_assert(holds(&o, "(llanfairpwllgwyngyllgogerychwyrndrobwll)"));
	n = (size_t)snprintf(text, sizeof(text), "Join Zoom Meeting\n");
	for (i = 0; i < 200; i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n,
		    "+1 646 558 %04zu US\n", i);
	canonical(text, &o);
	strip(&o);
	for (left = 0, p = o.buf; (p = memmem(p, o.len - (size_t)(p - o.buf),
	    "+1 646", 6)) != NULL; p++)
		left++;
	ck_assert_uint_eq(left, 200 - 128);
}
END_TEST

/*
 * Google Calendar's invitation: its fields' labels, its answers and the
 * frame of its link go; the event, its people and its ids stay.
 */
START_TEST(google_calendar)
{
	static struct out	o;

	canonical("Quarterly review\nTuesday 16 June 2026 \u22c5 10:00 \u2013 "
	    "11:00\nTime zone: Europe/London\nJoin with Google Meet\n"
	    "meet.google.com/bqd-rkiy-ufm\nOrganiser\nMarco Ortiz\n"
	    "Guests\nmarco@ashgrove.example - organiser\n"
	    "Reply for li@uni.example\nYes\nNo\nMaybe\nMore options "
	    "https://calendar.google.com/calendar/event?action=view&eid=tArPy7\n"
	    "Invitation from Google Calendar\n", &o);
	strip(&o);
	ck_assert(!holds(&o, "time zone"));
	ck_assert(!holds(&o, "guests"));
	ck_assert(!holds(&o, "reply for"));
	ck_assert(!holds(&o, "maybe"));
	ck_assert(!holds(&o, "action=view"));
	ck_assert(!holds(&o, "invitation from"));
	ck_assert(holds(&o, "quarterly review"));
	ck_assert(holds(&o, "marco ortiz"));
	ck_assert(holds(&o, "bqd-rkiy-ufm"));
	ck_assert(holds(&o, "li@uni.example"));
}
END_TEST

/* The frame of Teams' links goes; the meeting's and tenant's ids stay. */
START_TEST(teams_links)
{
	static struct out	o;

	canonical("Microsoft Teams meeting\nJoin on your computer, mobile app "
	    "or room device\nClick here to join the meeting<https://teams."
	    "microsoft.com/l/meetup-join/19%3ameeting_QkZtDbYwx%40thread.v2/0"
	    "?context=%7b%22Tid%22%3a%22b1c2-77f1%22%2c%22Oid%22%3a%22a9e4-"
	    "41d0%22%7d>\nMeeting ID: 879 133 601 927\nPasscode: nthqsn\n", &o);
	strip(&o);
	ck_assert(!holds(&o, "teams.microsoft.com"));
	ck_assert(!holds(&o, "context"));
	ck_assert(!holds(&o, "oid"));
	ck_assert(!holds(&o, "passcode"));
	ck_assert(holds(&o, "qkztdbywx"));
	ck_assert(holds(&o, "b1c2-77f1"));
	ck_assert(holds(&o, "a9e4-41d0"));
	ck_assert(holds(&o, "879 133 601 927"));
	canonical("Microsoft Teams meeting\nJoin with a video conferencing "
	    "device\n7717492291@t.plcm.vc\nVideo Conference ID: 7717492291\n"
	    "Alternate VTC instructions<https://dialin.plcm.vc/teams/?key=7717>"
	    "\nFind a local number | Reset PIN<https://dialin.teams.microsoft."
	    "com/usp/pstnconferencing>\nLearn More | Meeting options<https://"
	    "teams.microsoft.com/meetingOptions/?organizerId=a9e4&tenantId=b1c2"
	    "&threadId=19_meeting_QkZtDbYwx@thread.v2&messageId=0&language=en-GB>"
	    "\n", &o);
	strip(&o);
	ck_assert(!holds(&o, "alternate vtc"));
	ck_assert(!holds(&o, "reset pin"));
	ck_assert(!holds(&o, "video conference"));
	ck_assert(!holds(&o, "threadid"));
	ck_assert(!holds(&o, "messageid"));
	ck_assert(holds(&o, "7717492291"));
	ck_assert(holds(&o, "qkztdbywx"));
	/* Tencent Meeting's time zone */
	canonical("\u9080\u8bf7\u60a8\u53c2\u52a0\u817e\u8baf\u4f1a\u8bae\n"
	    "2026/06/06 14:00-15:00 (GMT+08:00) \u4e2d\u56fd\u6807\u51c6"
	    "\u65f6\u95f4 - \u5317\u4eac\n", &o);
	strip(&o);
	ck_assert(!holds(&o, "gmt"));
	ck_assert(holds(&o, "2026/06/06 14:00-15:00"));
}
END_TEST

/*
 * Teams' invitation in Chinese and in Korean: its labels, its lines and
 * the frame of its links go (the links in any language); the meeting's
 * id, passcode and the organiser's words stay.
 */
START_TEST(teams_localised)
{
	static struct out	o;

	canonical("\u5404\u4f4d\u597d\uff0c\u5468\u4e94\u8ba8\u8bba\u9884\u7b97\n"
	    "________________\nMicrosoft Teams \u4f1a\u8bae\n"
	    "\u5728\u8ba1\u7b97\u673a\u3001\u79fb\u52a8\u5e94\u7528\u6216\u4f1a\u8bae"
	    "\u5ba4\u8bbe\u5907\u4e0a\u52a0\u5165\n"
	    "\u5355\u51fb\u6b64\u5904\u52a0\u5165\u4f1a\u8bae\n"
	    "\u4f1a\u8bae ID: 304 289 294 117\n\u5bc6\u7801: bgxqzk\n"
	    "\u4e0b\u8f7d Teams<https://www.microsoft.com/microsoft-teams/"
	    "download-app> | \u5728\u7f51\u9875\u4e0a\u52a0\u5165<https://www."
	    "microsoft.com/microsoft-teams/join-a-meeting>\n"
	    "\u4e86\u89e3\u8be6\u7ec6\u4fe1\u606f<https://aka.ms/JoinTeamsMeeting>"
	    " | \u4f1a\u8bae\u9009\u9879<https://teams.microsoft.com/meetingOptions/"
	    ">\n", &o);
	strip(&o);
	ck_assert(!holds(&o, "microsoft teams"));
	ck_assert(!holds(&o, "\u5355\u51fb\u6b64\u5904"));
	ck_assert(!holds(&o, "\u79fb\u52a8\u5e94\u7528"));
	ck_assert(!holds(&o, "download-app"));
	ck_assert(!holds(&o, "join-a-meeting"));
	ck_assert(!holds(&o, "aka.ms"));
	ck_assert(!holds(&o, "meetingoptions"));
	ck_assert(holds(&o, "\u8ba8\u8bba\u9884\u7b97"));
	ck_assert(holds(&o, "304 289 294 117"));
	ck_assert(holds(&o, "bgxqzk"));
	canonical("Microsoft Teams \ubaa8\uc784\n\ucef4\ud4e8\ud130, \ubaa8\ubc14\uc77c "
	    "\uc571 \ub610\ub294 \ub8f8 \ub514\ubc14\uc774\uc2a4\uc5d0\uc11c \ucc38"
	    "\uac00\n\uc5ec\uae30\ub97c \ud074\ub9ad\ud558\uc5ec \ubaa8\uc784\uc5d0 "
	    "\ucc38\uac00\n\ubaa8\uc784 ID: 221 907 355 410\n\uc554\ud638: Tz8kQp\n",
	    &o);
	strip(&o);
	ck_assert(!holds(&o, "microsoft teams"));
	ck_assert(!holds(&o, "\ud074\ub9ad\ud558\uc5ec"));
	ck_assert(!holds(&o, "\ub8f8 \ub514\ubc14\uc774\uc2a4"));
	ck_assert(holds(&o, "221 907 355 410"));
	ck_assert(holds(&o, "tz8kqp"));
}
END_TEST

/*
 * Zoom's invitation in Chinese and Feishu's: their forms and their
 * fields' labels go; the organiser, the topic, the time and the ids stay.
 */
START_TEST(meetings_localised)
{
	static struct out	o;

	canonical("\u5510\u658c \u9080\u8bf7\u60a8\u53c2\u52a0\u5df2"
	    "\u9884\u5b9a\u7684 Zoom \u4f1a\u8bae\u3002\n\n\u4e3b\u9898"
	    "\uff1a\u8bfe\u9898\u7ec4\u5468\u4f8b\u4f1a\n\u65f6\u95f4"
	    "\uff1a2024\u5e7403\u670810\u65e5 07:00 \u5317\u4eac\n\n"
	    "\u52a0\u5165 Zoom \u4f1a\u8bae\nhttps://us06web.zoom.us/j/"
	    "29322285900\n\n\u4f1a\u8bae\u53f7\uff1a293 2228 5900\n", &o);
	strip(&o);
	ck_assert(!holds(&o, "\u9080\u8bf7\u60a8"));
	ck_assert(!holds(&o, "\u52a0\u5165 zoom"));
	ck_assert(!holds(&o, "\u4f1a\u8bae\u53f7:"));
	ck_assert(!holds(&o, "\u4e3b\u9898:"));
	ck_assert(holds(&o, "\u5510\u658c"));
	ck_assert(holds(&o, "\u8bfe\u9898\u7ec4\u5468\u4f8b\u4f1a"));
	ck_assert(holds(&o, "293 2228 5900"));
	canonical("\u79e6\u8273 \u9080\u8bf7\u4f60\u52a0\u5165\u98de"
	    "\u4e66\u89c6\u9891\u4f1a\u8bae\n\u70b9\u51fb\u94fe\u63a5"
	    "\u76f4\u63a5\u52a0\u5165\u4f1a\u8bae\uff1a https://vc.feishu.cn"
	    "/j/107897807\n", &o);
	strip(&o);
	ck_assert(!holds(&o, "\u98de\u4e66"));
	ck_assert(!holds(&o, "vc.feishu.cn"));
	ck_assert(holds(&o, "\u79e6\u8273"));
	ck_assert(holds(&o, "107897807"));
}
END_TEST

/*
 * A Postfix report whose site's template leaves out the paragraph for
 * the postmaster, and NetEase's (Coremail's) returned-mail notice: their
 * forms go, what the report says of the letter stays.
 */
START_TEST(report_variants)
{
	static struct out	o;

	canonical("This is the mail system at host m7-169.163.test.\n\n"
	    "I'm sorry to have to inform you that your message could not\n"
	    "be delivered to one or more recipients. It's attached below.\n\n"
	    "                   The mail system\n\n<zhao@163.test>: host "
	    "m7-169.163.test said: 550 5.1.1 User unknown\n", &o);
	strip(&o);
	ck_assert(!holds(&o, "sorry to have to inform"));
	ck_assert(!holds(&o, "the mail system"));
	ck_assert(holds(&o, "zhao@163.test"));
	canonical("\u5f88\u62b1\u6b49\u60a8\u53d1\u9001\u7684\u90ae"
	    "\u4ef6\u88ab\u9000\u56de\uff0c\u4ee5\u4e0b\u662f\u8be5\u90ae"
	    "\u4ef6\u7684\u76f8\u5173\u4fe1\u606f\uff1a\n\u88ab\u9000"
	    "\u56de\u7684\u90ae\u4ef6\u4e3b\u9898\uff1a\u8bd5\u5242\u8ba2"
	    "\u8d2d\n\u8fd9\u662f\u4e00\u5c01\u7cfb\u7edf\u81ea\u52a8"
	    "\u53d1\u9001\u7684\u9000\u4fe1\u901a\u77e5\uff0c\u8bf7\u52ff"
	    "\u76f4\u63a5\u56de\u590d\u3002\n", &o);
	strip(&o);
	ck_assert(!holds(&o, "\u5f88\u62b1\u6b49"));
	ck_assert(!holds(&o, "\u8bf7\u52ff\u76f4\u63a5\u56de\u590d"));
	ck_assert(holds(&o, "\u8bd5\u5242\u8ba2\u8d2d"));
}
END_TEST

/* The fingerprints of a form are a form's; a letter's are not. */
START_TEST(split)
{
	static struct out	o;
	static struct boiler_fp	f;
	static uint64_t		rest[BOILER_MAXFP];
	size_t			n, k;

	canonical(FORM, &o);
	boiler_fp_reset(&f);
	boiler_fp_update(&f, o.buf, o.len);
	n = boiler_fp_final(&f);
	ck_assert_uint_gt(n, 10);
	k = forms_split(CANON_TEXT, f.fp, n, rest);
	ck_assert_uint_ge(k * 5, n * 4);	/* the host line's are not */
	ck_assert_uint_eq(forms_split(CANON_RAW, f.fp, n, rest), 0);
	canonical(LETTER, &o);
	boiler_fp_reset(&f);
	boiler_fp_update(&f, o.buf, o.len);
	n = boiler_fp_final(&f);
	ck_assert_uint_eq(forms_split(CANON_TEXT, f.fp, n, rest), 0);
}
END_TEST

static Suite *
forms_suite(void)
{
	Suite	*s = suite_create("forms");
	TCase	*tc = tcase_create("forms");

	tcase_add_test(tc, no_form);
	tcase_add_test(tc, form_goes);
	tcase_add_test(tc, only_forms);
	tcase_add_test(tc, form_then_units);
	tcase_add_test(tc, split);
	tcase_add_test(tc, report_variants);
	tcase_add_test(tc, meetings_localised);
	tcase_add_test(tc, directories);
	tcase_add_test(tc, directory_bounds);
	tcase_add_test(tc, teams_links);
	tcase_add_test(tc, teams_localised);
	tcase_add_test(tc, google_calendar);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return tu_run(forms_suite(), "check_forms", NULL);
}
