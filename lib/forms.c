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
 * forms.c: the forms of delivery reports, list footers, auto-replies
 * and meeting invitations, and their fingerprints (forms.h).
 *
 * Each string below is a run of a form's fixed text, cut where the
 * reporting host writes something of its own (a host name, an address,
 * a time), so that no fingerprint spans what varies. Postfix's are its
 * default bounce templates (postconf -b), Exim's and Sendmail's the text
 * in their programs (Debian 12's exim4 4.96, sendmail 8.17); the others
 * are the providers' reports, auto-replies and invitations as users
 * receive them.
 */
#include <sys/types.h>

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "boiler.h"
#include "forms.h"
#include "util.h"

static const char *const form_text[] = {
	/* Postfix: failure, delay, success, verify */
	"This is the mail system at host ",
	"I'm sorry to have to inform you that your message could not\n"
	"be delivered to one or more recipients. It's attached below.\n\n"
	"For further assistance, please send mail to postmaster.\n\n"
	"If you do so, please include this problem report. You can\n"
	"delete your own text from the attached returned message.\n\n"
	"                   The mail system\n",
	/* its paragraphs one by one: a site's template may leave one out */
	"I'm sorry to have to inform you that your message could not\n"
	"be delivered to one or more recipients. It's attached below.\n\n"
	"                   The mail system\n",
	"I'm sorry to have to inform you that your message could not\n"
	"be delivered to one or more recipients. It's attached below.\n",
	"####################################################################\n"
	"# THIS IS A WARNING ONLY.  YOU DO NOT NEED TO RESEND YOUR MESSAGE. #\n"
	"####################################################################\n\n"
	"Your message could not be delivered for more than ",
	"hour(s).\nIt will be retried until it is ",
	"For further assistance, please send mail to postmaster.\n\n"
	"If you do so, please include this problem report. You can\n"
	"delete your own text from the attached returned message.\n\n"
	"                   The mail system\n",
	"Your message was successfully delivered to the destination(s)\n"
	"listed below. If the message was delivered to mailbox you will\n"
	"receive no further notifications. Otherwise you may still receive\n"
	"notifications of mail delivery errors from other systems.\n\n"
	"                   The mail system\n",
	"Enclosed is the mail delivery report that you requested.\n\n"
	"                   The mail system\n",
	/* Postfix's smtpd, refusing a recipient it does not know */
	"Recipient address rejected: User unknown in virtual mailbox table",
	"Recipient address rejected: User unknown in local recipient table",
	"Recipient address rejected: User unknown in relay recipient table",
	"(in reply to RCPT TO command)",
	"(in reply to MAIL FROM command)",
	"(in reply to end of DATA command)",
	/* Exim: failure, delay */
	"This message was created automatically by mail delivery software.\n\n"
	"A message that you sent could not be delivered to one or more of its\n"
	"recipients. This is a permanent error. The following address(es) failed:\n",
	"SMTP error from remote mail server after RCPT TO:",
	"A message that you sent has not yet been delivered to one or more of its\n"
	"recipients after more than ",
	"No action is required on your part. Delivery attempts will continue for\n"
	"some time, and this warning may be repeated at intervals if the message\n"
	"remains undelivered. Eventually the mail delivery software will give up,\n"
	"and when that happens, the message will be returned to you.\n",
	"------ This is a copy of the message, including all the headers. ------\n",
	/* Sendmail */
	"   ----- The following addresses had permanent fatal errors -----\n",
	"   ----- Transcript of session follows -----\n",
	"   ----- The following addresses had transient non-fatal errors -----\n",
	"    **********************************************\n"
	"    **      THIS IS A WARNING MESSAGE ONLY      **\n"
	"    **  YOU DO NOT NEED TO RESEND YOUR MESSAGE  **\n"
	"    **********************************************\n",
	/* qmail, and Yahoo's, which is qmail's in part */
	"I'm afraid I wasn't able to deliver your message to the following addresses.\n"
	"This is a permanent error; I've given up. Sorry it didn't work out.\n",
	"--- Below this line is a copy of the message.\n",
	"Sorry, we were unable to deliver your message to the following address.\n",
	/* Microsoft 365 */
	"Action Required\t\t\tRecipient\nUnknown To address\n\n"
	"How to Fix It\n"
	"The address may be misspelled or may not exist. Try one or more of the following:\n",
	"Send the message again following these steps: In Outlook, open this "
	"non-delivery report (NDR) and choose Send Again from the Report ribbon. "
	"In Outlook on the web, select this NDR, then select the link \"To send "
	"this message again, click here.\" Then delete and retype the entire "
	"recipient address. If prompted with an Auto-Complete List suggestion "
	"don't select it. After typing the complete address, click Send.\n",
	"Contact the recipient (by phone, for example) to check that the address "
	"exists and is correct.\n",
	"The recipient may have set up email forwarding to an incorrect address. "
	"Ask them to check that any forwarding they've set up is working "
	"correctly.\n",
	"Clear the recipient Auto-Complete List in Outlook or Outlook on the web "
	"by following the steps in this article: Fix email delivery issues for "
	"error code 5.1.10 in Office 365",
	"and then send the message again. Retype the entire recipient address "
	"before selecting Send.\n",
	"If the problem continues, forward this message to your email admin. If "
	"you're an email admin, refer to the More Info for Email Admins section "
	"below.\n",
	"Was this helpful? Send feedback to Microsoft",
	"More Info for Email Admins\nStatus code:",
	"This error occurs because the sender sent a message to an email address "
	"hosted by Office 365 but the address is incorrect or doesn't exist at "
	"the destination domain. The error is reported by the recipient domain's "
	"email server, but most often it must be fixed by the person who sent "
	"the message. If the steps in the How to Fix It section above don't fix "
	"the problem, and you're the email admin for the recipient, try one or "
	"more of the following:\n",
	"The email address exists and is correct - Confirm that the recipient "
	"address exists, is correct, and is accepting messages.\n",
	"Synchronize your directories - If you have a hybrid environment and are "
	"using directory synchronization make sure the recipient's email address "
	"is synced correctly in both Office 365 and in your on-premises "
	"directory.\n",
	"Errant forwarding rule - Check for forwarding rules that aren't behaving "
	"as expected. Forwarding can be set up by an admin via mail flow rules or "
	"mailbox forwarding address settings, or by the recipient via the Inbox "
	"Rules feature.\n",
	"Original Message Details\nCreated Date:",
	"Error Details\nReported error:",
	"not found by SMTP address lookup\nDSN generated by:",
	/* Exchange */
	"Delivery has failed to these recipients or groups:\n",
	"The email address you entered couldn't be found. Please check the "
	"recipient's email address and try to resend the message. If the problem "
	"continues, please contact your helpdesk.\n",
	"The e-mail address you entered couldn't be found. Please check the "
	"recipient's e-mail address and try to resend the message. If the problem "
	"continues, please contact your helpdesk.\n",
	"Diagnostic information for administrators:\n",
	"Original message headers:\n",
	"Delivery is delayed to these recipients or groups:\n",
	"This message hasn't been delivered yet. Delivery will continue to be "
	"attempted.\n",
	/* Microsoft's SMTP service (IIS, Exchange 2003), Hotmail of then */
	"This is an automatically generated Delivery Status Notification.\n",
	"Delivery to the following recipients failed.\n",
	/* Gmail until 2014 or so */
	"Delivery to the following recipient failed permanently:\n",
	"Technical details of permanent failure:\n",
	"Google tried to deliver your message, but it was rejected by the "
	"recipient domain. We recommend contacting the other email provider for "
	"further information about the cause of this error. The error that the "
	"other server returned was:",
	/* a Chinese hosted mail service's "系统退信" */
	"发送的邮件被系统退回。以下是退信相关信息：",
	/* NetEase's and Coremail's returned-mail notice */
	"很抱歉您发送的邮件被退回，以下是该邮件的相关信息：",
	"这是一封系统自动发送的退信通知，请勿直接回复。",
	/* Gmail */
	"** Address not found **\n",
	"because the address couldn't be found, or is unable to receive mail.\n",
	"Learn more here: https://support.google.com/mail/?p=NoSuchUser\n",
	"The email account that you tried to reach does not exist. Please try "
	"double-checking the recipient's email address for typos or unnecessary "
	"spaces.",
	"For more information, go to https://support.google.com/mail/?p=NoSuchUser",
	"Learn more at https://support.google.com/mail/?p=NoSuchUser",
	"** Message not delivered yet **\n",
	"** Delivery incomplete **\n",
	"There was a temporary problem delivering your message to ",
	"You'll be notified if the delivery fails permanently.\n",
	"has been blocked. See technical details below for more information.\n",
	"The response from the remote server was:\n",
	/* Google Groups' footer, under every post of every group */
	"You received this message because you are subscribed to the Google Groups",
	"To unsubscribe from this group and stop receiving emails from it, send an email to",
	"To view this discussion on the web visit https://groups.google.com/d/msgid/",
	"To view this discussion visit https://groups.google.com/d/msgid/",
	"For more options, visit https://groups.google.com/d/optout.",
	/* the default auto-replies of QQ Mail and NetEase (163) Mail */
	"这是来自QQ邮箱的假期自动回复邮件。",
	"您好，我最近正在休假中，无法亲自回复您的邮件。我将在假期结束后，尽快给您回复。",
	"这是一封自动回复邮件。已经收到您的来信，我会尽快回复。",

	/*
	 * Meeting invitations: the service's form around the organiser's
	 * words. Microsoft Teams (then and now; and in Chinese, Japanese
	 * and Korean), Zoom (and in Chinese, Korean, Japanese), Google
	 * Calendar and Meet, Webex, Tencent Meeting, Feishu. NULL: those
	 * after it are a
	 * meeting's (meeting_label[]).
	 */
	NULL,
	"Microsoft Teams meeting\n",
	"Join on your computer, mobile app or room device\n",
	"Join on your computer or mobile app\n",
	"Click here to join the meeting",
	"Download Teams<https://www.microsoft.com/en-us/microsoft-teams/download-app> "
	"| Join on the web<https://www.microsoft.com/microsoft-teams/join-a-meeting>",
	"Learn More<https://aka.ms/JoinTeamsMeeting> | Meeting options<https://teams.microsoft.com/meetingOptions/?organizerId=",
	"Download Teams | Join on the web",	/* the same, in HTML */
	"Find a local number | Reset PIN",
	"Learn More | Meeting options",
	"Join with a video conferencing device\n",
	"Or call in (audio only)\n",
	"Phone Conference ID:",
	"Find a local number<https://dialin.teams.microsoft.com/",
	"| Reset PIN<https://mysettings.lync.com/pstnconferencing>",
	"Microsoft Teams Need help?<https://aka.ms/JoinTeamsMeeting",
	"Join the meeting now<https://teams.microsoft.com/l/meetup-join/",
	"For organizers: Meeting options<https://teams.microsoft.com/meetingOptions/?organizerId=",
	"| Reset dial-in PIN<https://dialin.teams.microsoft.com/usp/pstnconferencing>",
	/* the fixed parts of Teams' links, around the meeting's ids */
	"https://teams.microsoft.com/l/meetup-join/19%3ameeting_",
	"%40thread.v2/0?context=%7b%22Tid%22%3a%22",
	"%22%2c%22Oid%22%3a%22",
	"&threadId=19_meeting_",
	"@thread.v2&messageId=0&language=",
	"Alternate VTC instructions<https://",
	"Reset PIN<https://dialin.teams.microsoft.com/usp/pstnconferencing>",
	"is inviting you to a scheduled Zoom meeting.\n",
	"Join Zoom Meeting\n",
	"One tap mobile\n",
	"Dial by your location\n",
	"Find your local number: https://",
	"You have been invited to the following event.\n",
	"Invitation from Google Calendar: https://calendar.google.com/calendar/\n",
	"You are receiving this courtesy email at the account ",
	"because you are an attendee of this event.\n",
	"To stop receiving future updates for this event, decline this event. "
	"Alternatively you can sign up for a Google account at "
	"https://calendar.google.com/calendar/ and control your notification "
	"settings for your entire calendar.\n",
	"Forwarding this invitation could allow any recipient to send a response "
	"to the organizer and be added to the guest list, or invite others "
	"regardless of their own invitation status, or to modify your RSVP.",
	"Learn more https://support.google.com/calendar/answer/37135#forwarding",
	/* the same, since 2022, in American and in British English */
	"You are receiving this email because you are an attendee on the event. "
	"To stop receiving future updates for this event, decline this event.",
	"Forwarding this invitation could allow any recipient to send a response "
	"to the organizer, be added to the guest list, invite others regardless "
	"of their own invitation status, or modify your RSVP.",
	"Forwarding this invitation could allow any recipient to send a response "
	"to the organiser, be added to the guest list, invite others regardless "
	"of their own invitation status, or modify your RSVP.",
	"Google Meet joining info\nVideo call link: https://meet.google.com/",
	"More phone numbers: https://tel.meet/",
	"View all guest info https://calendar.google.com/calendar/event?action=",
	"Join with Google Meet\n",
	"Invitation from Google Calendar",
	"https://calendar.google.com/calendar/event?action=view&eid=",
	"Yes\nNo\nMaybe\nMore options",
	"When it's time, join the Webex meeting here.\n",
	"More ways to join:\n",
	"Join from the meeting link\n",
	"Join by meeting number\n",
	"Tap to join from a mobile device (attendees only)\n",
	"Join from a video system or application\n",
	"If you are a host, click here to view host information.\n",
	/* its links, in any language's invitation */
	"<https://www.microsoft.com/microsoft-teams/download-app>",
	"<https://www.microsoft.com/microsoft-teams/join-a-meeting>",
	"<https://aka.ms/JoinTeamsMeeting>",
	"<https://teams.microsoft.com/meetingOptions/",
	/* Teams in Chinese (simplified), Japanese and Korean */
	"Microsoft Teams 会议\n",
	"在计算机、移动应用或会议室设备上加入\n",
	"单击此处加入会议",
	"下载 Teams | 在网页上加入",
	"了解详细信息 | 会议选项",
	"Microsoft Teams 会議\n",
	"コンピューター、モバイル アプリケーション、またはルーム デバイスで参加する\n",
	"ここをクリックして会議に参加してください",
	"Teams のダウンロード | Web に参加",
	"詳細情報 | 会議のオプション",
	"Microsoft Teams 모임\n",
	"컴퓨터, 모바일 앱 또는 룸 디바이스에서 참가\n",
	"여기를 클릭하여 모임에 참가",
	"Teams 다운로드 | 웹에 참가",
	"자세한 정보 | 모임 옵션",
	/* Zoom in Chinese, Korean and Japanese */
	"邀请您参加已预定的 Zoom 会议。",
	"邀请您参加预定的 Zoom 会议。",
	"加入 Zoom 会议\n",
	"님이 예약된 Zoom 회의에 귀하를 초대합니다.",
	"Zoom 회의 참가\n",
	"さんがあなたを予約されたZoomミーティングに招待しています。",
	"Zoomミーティングに参加する\n",
	/* Feishu (Lark) */
	"邀请你加入飞书视频会议",
	"点击链接直接加入会议：",
	"https://vc.feishu.cn/j/",
	/* Tencent Meeting, its link's frame too */
	"https://meeting.tencent.com/dm/",
	"邀请您参加腾讯会议",
	"(GMT+08:00) 中国标准时间 - 北京",
	"点击链接入会，或添加至会议列表：",
	"手机一键拨号入会",
	"根据您的位置拨号",
	"复制该信息，打开手机腾讯会议即可参与",
};
#define NFORMS	(sizeof(form_text) / sizeof(*form_text))

/*
 * The labels of a meeting invitation's fields, too short to be runs of a
 * form (FORM_MIN): they go from a text that shows a meeting's form, as
 * do its directories of dial-in numbers (directory_at()).
 */
static const char *const meeting_label[] = {
	"Meeting ID:", "Meeting number:", "Passcode:", "Password:",
	"Meeting password:", "Access code:", "Topic:", "Time:",
	"One tap mobile", "Join by phone", "Join by video system",
	"Video Conference ID:",
	"Time zone:", "Organizer", "Organiser", "Guests", "Reply for",
	"or dial:", "PIN:",
	"会议主题：", "会议时间：", "会议号：", "会议密码：", "入会链接：",
	"#腾讯会议：", "会议 ID:", "会议 ID：", "密码:", "密码：",
	"会議 ID:", "パスコード:", "모임 ID:", "암호:",
	"主题：", "时间：", "회의 ID:", "ミーティングID:",
};
#define NLABELS	(sizeof(meeting_label) / sizeof(*meeting_label))

#define FORM_MIN	16	/* canonical bytes of a run worth removing */
#define DIAL_DIGITS	8	/* digits of a dial-in number, at least */
#define DIAL_PLACE	40	/* bytes of a place's name between two */
#define DIAL_MAX	128	/* numbers of a text's directories, at most */
#define PLACE_WORDS	4	/* Latin words of a place, at most */
#define PLACE_WIDE	24	/* its bytes of other scripts, at most */
#define PRE_BASE	0x100000001b3ULL	/* odd: the prefix hash's base */
#define PRE_BITS	4096	/* bits of the filter of prefix hashes */

/*
 * The forms as a message's text reads them (CANON_TEXT), and their
 * fingerprints, sorted and distinct; built once, at the first call.
 */
static pthread_once_t	 forms_once = PTHREAD_ONCE_INIT;
static char		*form_canon[NFORMS];	/* NUL-terminated, or NULL */
static size_t		 form_len[NFORMS];
static size_t		 form_order[NFORMS];	/* by prefix hash, the longest
						   first of those with one: a
						   run that holds another goes
						   whole */
static size_t		 form_nrun;	/* of them, those with a copy */
static uint64_t		 form_pre[NFORMS];	/* hash of its first FORM_MIN
						   bytes (pre_hash) */
static uint8_t		 pre_seen[PRE_BITS / 8];	/* those hashes, as bits
						   (pre_bit) */
static uint64_t		 pre_top;	/* PRE_BASE^(FORM_MIN - 1) */
static uint64_t		*form_fp;
static size_t		 form_nfp;
static size_t		 meeting_first;	/* form_text[] index of the first
					   meeting's run (its NULL + 1) */
static char		*label_canon[NLABELS];	/* meeting_label[], read */
static size_t		 label_len[NLABELS];
static uint8_t		 label_start[256];	/* first bytes of labels */

/* One run's canonical bytes: their fingerprints and a copy. */
struct capture {
	struct boiler_fp	 fp;
	char			 buf[2048];
	size_t			 len;
};

/* canon's output of one run, into its capture. */
static void
form_sink(void *arg, const unsigned char *buf, size_t len)
{
	struct capture	*k = arg;
	size_t		 room = sizeof(k->buf) - 1 - k->len;

	boiler_fp_update(&k->fp, buf, len);
	memcpy(k->buf + k->len, buf, len < room ? len : room);
	k->len += len < room ? len : room;
}

/*
 * Runs with a copy before those without, then by prefix hash, then the
 * longer first, then the one listed first.
 */
static int
run_cmp(const void *a, const void *b)
{
	size_t	x = *(const size_t *)a, y = *(const size_t *)b;

	if ((form_canon[x] == NULL) != (form_canon[y] == NULL))
		return form_canon[x] == NULL ? 1 : -1;
	if (form_pre[x] != form_pre[y])
		return form_pre[x] < form_pre[y] ? -1 : 1;
	if (form_len[x] != form_len[y])
		return form_len[x] > form_len[y] ? -1 : 1;
	return x < y ? -1 : x > y;
}

/* Canonicalise one run of a form, as a message's text reads it. */
static int
form_read(const char *text, struct capture *k)
{
	struct canon	*c;

	boiler_fp_reset(&k->fp);
	k->len = 0;
	if ((c = canon_new(CANON_TEXT, 0, 0, form_sink, k)) == NULL)
		return -1;
	canon_body(c, (const unsigned char *)text, strlen(text));
	canon_end(c);
	canon_free(c);
	while (k->len > 0 && k->buf[k->len - 1] == ' ')
		k->len--;
	k->buf[k->len] = '\0';
	return 0;
}

/* The hash of FORM_MIN bytes at p, as pre_roll() keeps it. */
static uint64_t
pre_hash(const unsigned char *p)
{
	uint64_t	h = 0;
	size_t		i;

	for (i = 0; i < FORM_MIN; i++)
		h = h * PRE_BASE + p[i];
	return h;
}

/* The hash of the FORM_MIN bytes one further: out leaves, in comes. */
static uint64_t
pre_roll(uint64_t h, unsigned char out, unsigned char in)
{
	return (h - out * pre_top) * PRE_BASE + in;
}

/* A prefix hash's bit in pre_seen[]. */
static size_t
pre_bit(uint64_t h)
{
	return (size_t)((h * 0x9e3779b97f4a7c15ULL) >> 52) % PRE_BITS;
}

/* The meeting labels' canonical text; -1 on a failure to allocate. */
static int
labels_read(struct capture *k)
{
	size_t	i;

	for (i = 0; i < NLABELS; i++) {
		if (form_read(meeting_label[i], k) == -1)
			return -1;
		if (k->len < 2)
			continue;	/* nothing to tell a label by */
		if ((label_canon[i] = strdup(k->buf)) == NULL)
			return -1;
		label_len[i] = k->len;
		label_start[(unsigned char)k->buf[0]] = 1;
	}
	return 0;
}

/* The runs' and labels' copies gone: no text is a form's. */
static void
tables_free(void)
{
	size_t	i;

	for (i = 0; i < NFORMS; i++) {
		free(form_canon[i]);
		form_canon[i] = NULL;
	}
	for (i = 0; i < NLABELS; i++) {
		free(label_canon[i]);
		label_canon[i] = NULL;
		label_len[i] = 0;
	}
	memset(label_start, 0, sizeof(label_start));
}

/*
 * The table, once. A failure to allocate any of it leaves no form at all
 * (forms.h), not a form known by its fingerprints and not removable.
 */
static void
build(void)
{
	struct capture	*k;
	uint64_t	*all;
	size_t		 i, j, n = 0;
	int		 ok = 1;

	if ((k = malloc(sizeof(*k))) == NULL ||
	    (all = malloc(NFORMS * BOILER_MAXFP * sizeof(*all))) == NULL) {
		free(k);
		return;
	}
	for (i = 0; i < NFORMS && ok; i++) {
		if (form_text[i] == NULL) {
			meeting_first = i + 1;
			continue;
		}
		if (form_read(form_text[i], k) == -1) {
			ok = 0;
			break;
		}
		memcpy(all + n, k->fp.fp, k->fp.nfp * sizeof(*all));
		n += k->fp.nfp;
		if (k->len >= FORM_MIN) {
			if ((form_canon[i] = strdup(k->buf)) == NULL)
				ok = 0;
			form_len[i] = k->len;
		}
	}
	if (ok)
		ok = labels_read(k) == 0;
	free(k);
	if (!ok) {
		tables_free();
		free(all);
		return;
	}
	for (pre_top = 1, i = 1; i < FORM_MIN; i++)
		pre_top *= PRE_BASE;
	for (i = 0; i < NFORMS; i++) {
		form_order[i] = i;
		if (form_canon[i] != NULL) {
			form_pre[i] = pre_hash((unsigned char *)form_canon[i]);
			pre_seen[pre_bit(form_pre[i]) / 8] |=
			    1 << pre_bit(form_pre[i]) % 8;
		}
	}
	qsort(form_order, NFORMS, sizeof(*form_order), run_cmp);
	for (form_nrun = 0; form_nrun < NFORMS &&
	    form_canon[form_order[form_nrun]] != NULL; form_nrun++)
		;
	qsort(all, n, sizeof(*all), boiler_fp_cmp);
	for (i = j = 0; i < n; i++)
		if (j == 0 || all[j - 1] != all[i])
			all[j++] = all[i];
	if ((form_fp = realloc(all, (j > 0 ? j : 1) * sizeof(*all))) == NULL)
		form_fp = all;		/* the larger block, then */
	form_nfp = j;
}

/* Is fingerprint v a form's? */
static int
is_form_fp(uint64_t v)
{
	return form_nfp > 0 &&
	    bsearch(&v, form_fp, form_nfp, sizeof(*form_fp),
	    boiler_fp_cmp) != NULL;
}

size_t
forms_split(enum canon_mode mode, const uint64_t *fp, size_t n, uint64_t *rest)
{
	size_t	i, r = 0;

	if (mode == CANON_TEXT)
		pthread_once(&forms_once, build);
	for (i = 0; i < n; i++)
		if (mode != CANON_TEXT || !is_form_fp(fp[i]))
			rest[r++] = fp[i];
	return n - r;
}

/* The longest run of form that starts at text[r] (its index), or -1. */
static ssize_t
form_at(const unsigned char *text, size_t len, size_t r, uint64_t h)
{
	size_t	lo = 0, hi = form_nrun, mid, k;

	if (!(pre_seen[pre_bit(h) / 8] & 1 << pre_bit(h) % 8))
		return -1;
	while (lo < hi) {		/* the first run with this hash */
		mid = lo + (hi - lo) / 2;
		if (form_pre[form_order[mid]] < h)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < form_nrun && form_pre[k = form_order[lo]] == h; lo++)
		if (form_len[k] <= len - r &&
		    memcmp(text + r, form_canon[k], form_len[k]) == 0)
			return (ssize_t)k;
	return -1;
}

/* Is ch an ASCII digit? */
static int
digit(unsigned char ch)
{
	return ch >= '0' && ch <= '9';
}

/* Is ch part of a dial-in number: a digit or a separator? */
static int
dial_char(unsigned char ch)
{
	return digit(ch) || ch == ' ' || ch == ',' || ch == '#' || ch == '*' ||
	    ch == '-' || ch == '(' || ch == ')';
}

/*
 * The length of the dial-in number at t[i] ("+44 203 481 5240",
 * "+442034815240,,30751598126#,,,*934103#"), or 0: a '+', then digits
 * and separators, DIAL_DIGITS digits or more. It ends before a space
 * that neither a digit nor '(' follows.
 */
static size_t
dial_at(const unsigned char *t, size_t n, size_t i)
{
	size_t	j, d = 0;

	if (t[i] != '+')
		return 0;
	for (j = i + 1; j < n && dial_char(t[j]); j++) {
		if (t[j] == ' ' && (j + 1 == n ||
		    !(digit(t[j + 1]) || t[j + 1] == '(')))
			break;
		d += digit(t[j]);
	}
	while (t[j - 1] == ' ' || t[j - 1] == '(')
		j--;		/* "+852 3001 8898 (中国香港)": the place's */
	return d >= DIAL_DIGITS ? j - i : 0;
}

/* Is code point c punctuation (Latin-1's, general, CJK, full-width)? */
static int
punct(uint32_t c)
{
	return (c >= 0xa1 && c <= 0xbf) || (c >= 0x2000 && c <= 0x206f) ||
	    (c >= 0x3000 && c <= 0x303f) || (c >= 0xfe10 && c <= 0xfe6f) ||
	    (c >= 0xff00 && c <= 0xff65);
}

/*
 * Does t[0 .. p) read as a place's name ("us (new york) \xe2\x80\xa2 ",
 * "united kingdom, london ", "(中国大陆) ")? Letters, spaces, '(', ')',
 * '-', ',' and other scripts' letters, and bullets: no '.', '/', ':',
 * '@', no link, no sentence's punctuation of any script; PLACE_WORDS
 * words of Latin letters at most, PLACE_WIDE bytes of other scripts'.
 * Only such a place goes with a directory, so that a campaign cannot
 * hide its sentences in one.
 */
static int
place_ok(const unsigned char *t, size_t p)
{
	const unsigned char	*q = t, *e = t + p, *s;
	size_t			 words = 0, wide = 0;
	uint32_t		 c;
	int			 in = 0;

	while (q < e) {
		s = q;
		c = util_u8_next(&q, e);
		if (c >= 'a' && c <= 'z') {
			words += !in;
			in = 1;
			continue;
		}
		in = 0;
		if (c >= 0x80) {
			if (c == 0xfffd || (punct(c) && c != 0x2022))
				return 0;	/* not a letter nor a bullet */
			wide += (size_t)(q - s);
		} else if (c != ' ' && c != '(' && c != ')' && c != '-' &&
		    c != ',')
			return 0;
	}
	return words <= PLACE_WORDS && wide <= PLACE_WIDE;
}

/*
 * The length of the last number's place at t[i] if it is in parentheses
 * (" (中国香港)"), or 0: what follows a place with no parentheses may be
 * anything.
 */
static size_t
last_place(const unsigned char *t, size_t n, size_t i)
{
	size_t	p;

	if (i + 2 > n || t[i] != ' ' || t[i + 1] != '(')
		return 0;
	for (p = 2; i + p < n && p < DIAL_PLACE && t[i + p] != ')'; p++)
		;
	return p < DIAL_PLACE && i + p < n && t[i + p] == ')' &&
	    place_ok(t + i, p + 1) ? p + 1 : 0;
}

/*
 * The length of the directory of dial-in numbers at t[i], or 0: two
 * numbers or more, *budget at most (its numbers are taken from it), each
 * but the last followed by a place's name (place_ok(), DIAL_PLACE bytes
 * at most: "united kingdom", "(中国大陆)") up to the next. The last
 * number's place goes if it is in parentheses (last_place()); what
 * follows it stays.
 */
static size_t
directory_at(const unsigned char *t, size_t n, size_t i, size_t *budget)
{
	size_t	e = i, end = i, k, p, count = 0;

	if (*budget < 2)
		return 0;
	while (e < n && (k = dial_at(t, n, e)) > 0) {
		end = e += k;
		count++;
		for (p = 0; e + p < n && p <= DIAL_PLACE && t[e + p] != '+' &&
		    !digit(t[e + p]); p++)
			;
		if (e + p == n || t[e + p] != '+' || p > DIAL_PLACE ||
		    !place_ok(t + e, p) || count == *budget)
			break;
		e += p;
	}
	if (count < 2)
		return 0;
	*budget -= count;
	return end - i + last_place(t, n, end);
}

/* Is ch a lowercase ASCII letter or a digit (canonical text's)? */
static int
alnum(unsigned char ch)
{
	return (ch >= 'a' && ch <= 'z') || digit(ch);
}

/*
 * The length of the longest meeting label at t[i], or 0. prev is the
 * byte kept before it: a Latin label is a word or words of its own
 * ("overtime:" holds none, nor "organisers").
 */
static size_t
label_at(const unsigned char *t, size_t n, size_t i, unsigned char prev)
{
	size_t	k, best = 0;

	if (!label_start[t[i]] || (alnum(t[i]) && alnum(prev)) || i + 1 == n)
		return 0;
	for (k = 0; k < NLABELS; k++)
		if (label_len[k] > best && label_len[k] <= n - i &&
		    (unsigned char)label_canon[k][1] == t[i + 1] &&
		    memcmp(t + i, label_canon[k], label_len[k]) == 0 &&
		    !(label_len[k] < n - i && alnum(t[i + label_len[k]]) &&
		    alnum(t[i + label_len[k] - 1])))
			best = label_len[k];
	return best;
}

/*
 * A meeting's labels and its directories of dial-in numbers go from text
 * of *len bytes, and the space after one where a space stood before it;
 * returns how many bytes went. Linear: at each byte, the labels that
 * start with its two bytes are compared (NLABELS at most), and a
 * directory is read once, its places at most twice.
 */
static size_t
strip_meeting(unsigned char *text, size_t *len)
{
	size_t	n = *len, r = 0, w = 0, k, budget = DIAL_MAX;

	while (r < n) {
		if ((k = label_at(text, n, r, w > 0 ? text[w - 1] : ' ')) > 0 ||
		    (text[r] == '+' &&
		    (k = directory_at(text, n, r, &budget)) > 0)) {
			r += k;
			if ((w == 0 || text[w - 1] == ' ') && r < n &&
			    text[r] == ' ')
				r++;	/* one space where it stood */
			continue;
		}
		text[w++] = text[r++];
	}
	*len = w;
	return n - w;
}

/*
 * One pass over the text: at each byte, the hash of the FORM_MIN bytes
 * there (rolled along) picks the runs of form that may start there, the
 * longest that does goes, with the space after it, and what is kept is
 * copied down over what went. A run is matched as bytes, word boundaries
 * or not: a host name that goes on after "at host" keeps its rest
 * ("ing.example"), which is text of the report's own all the same. When
 * a run of a meeting's form went, a second pass (strip_meeting()) takes
 * its labels and directories. Linear in the text, whatever the number of
 * forms.
 */
size_t
forms_strip(unsigned char *text, size_t *len)
{
	size_t		 n = *len, r = 0, w = 0;
	uint64_t	 h = 0;
	ssize_t		 k;
	int		 meeting = 0;

	pthread_once(&forms_once, build);
	if (n >= FORM_MIN)
		h = pre_hash(text);
	while (r < n) {
		if (n - r >= FORM_MIN && (k = form_at(text, n, r, h)) >= 0) {
			meeting |= meeting_first > 0 &&
			    (size_t)k >= meeting_first;
			r += form_len[k];
			if (r < n && text[r] == ' ')
				r++;
			if (n - r >= FORM_MIN)
				h = pre_hash(text + r);
			continue;
		}
		if (n - r > FORM_MIN)
			h = pre_roll(h, text[r], text[r + FORM_MIN]);
		text[w++] = text[r++];
	}
	*len = w;
	if (meeting)		/* a meeting's: its labels and numbers too */
		w -= strip_meeting(text, len);
	return n - w;
}
