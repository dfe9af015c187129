#!/usr/bin/env python3
#
# Copyright (c) 2026 The nilsimsa-milter authors
#
# Permission to use, copy, modify, and distribute this software for any
# purpose with or without fee is hereby granted, provided that the above
# copyright notice and this permission notice appear in all copies.
#
# THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
# WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
# MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
# ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
# WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
# ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
# OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.
#
"""mkbounces: a site's delivery reports of two weeks, as a stream.

    tools/mkbounces.py [-n N] [-s SEED] DSTDIR

Writes DSTDIR/msg/*.eml and DSTDIR/stream.tsv (the format of
tools/mksite.py): N (300) bounces and delay warnings of the site's
users' outgoing mail, in two weeks, each from the reporting host (Gmail's
and Microsoft 365's networks, other sites' Postfix and Exim hosts) with
the null sender, to the user who sent the mail: RFC 3464 reports with the
form as its system writes it, the delivery status, and the returned
message (whole, or its headers). Every message is ham. The Postfix and
Exim forms are those of the programs (postconf -b, Exim 4.96); Gmail's
and Microsoft 365's are written as users receive them, by the hand that
wrote lib/forms.c: the stream checks that the removal works, not how
many of the world's forms it knows (docs/replay.md).
"""

import argparse
import email.utils
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "xsite"))
from prose import Prose  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("-n", type=int, default=300)
ap.add_argument("-s", type=int, default=1)
ap.add_argument("dst")
a = ap.parse_args()
r = random.Random(a.s)
P = Prose()
out = a.dst
os.makedirs(out + "/msg", exist_ok=True)
SITE = "northbridge.ac.uk"
FIRST = ["anna", "ben", "carla", "dev", "emma", "farid", "grace", "hui", "ivan", "jo", "kate", "liam", "mei", "nina", "omar", "paul", "quinn", "rosa", "sam", "tariq"]
LAST = ["smith", "jones", "patel", "chen", "garcia", "muller", "rossi", "khan", "brown", "wilson", "kim", "novak"]
users = ["%s.%s@%s" % (f, l, SITE) for f in FIRST for l in LAST]
DOMS = ["gmail.com", "outlook.com", "yahoo.co.uk", "uni-bonn.de", "ucl.ac.uk", "acme-corp.com", "example-shop.co.uk", "kth.se", "unimelb.edu.au", "hotmail.com", "btinternet.com", "ox.ac.uk", "mit.edu", "infosys.com"]

POSTFIX = """This is the mail system at host {host}.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients. It's attached below.

For further assistance, please send mail to postmaster.

If you do so, please include this problem report. You can
delete your own text from the attached returned message.

                   The mail system

<{rcpt}>: host {rhost}[{rip}] said: 550 5.1.1 <{rcpt}>:
    Recipient address rejected: User unknown in virtual mailbox table (in
    reply to RCPT TO command)
"""
POSTFIX_DELAY = """This is the mail system at host {host}.

####################################################################
# THIS IS A WARNING ONLY.  YOU DO NOT NEED TO RESEND YOUR MESSAGE. #
####################################################################

Your message could not be delivered for more than 4 hour(s).
It will be retried until it is 5 day(s) old.

For further assistance, please send mail to postmaster.

If you do so, please include this problem report. You can
delete your own text from the attached returned message.

                   The mail system

<{rcpt}>: connect to {rhost}[{rip}]:25: Connection timed out
"""
EXIM = """This message was created automatically by mail delivery software.

A message that you sent could not be delivered to one or more of its
recipients. This is a permanent error. The following address(es) failed:

  {rcpt}
    host {rhost} [{rip}]
    SMTP error from remote mail server after RCPT TO:<{rcpt}>:
    550 5.1.1 User unknown
"""
GMAIL = """
** Address not found **

Your message wasn't delivered to {rcpt} because the address couldn't be found, or is unable to receive mail.

Learn more here: https://support.google.com/mail/?p=NoSuchUser

The response was:

The email account that you tried to reach does not exist. Please try double-checking the recipient's email address for typos or unnecessary spaces. For more information, go to https://support.google.com/mail/?p=NoSuchUser {gid} - gsmtp
"""
EXCH = """Your message to {rcpt} couldn't be delivered.
{rlocal} wasn't found at {rdom}.
{ulocal}\tOffice 365\t{rlocal}
Action Required\t\t\tRecipient
Unknown To address

How to Fix It
The address may be misspelled or may not exist. Try one or more of the following:

  *   Send the message again following these steps: In Outlook, open this non-delivery report (NDR) and choose Send Again from the Report ribbon. In Outlook on the web, select this NDR, then select the link "To send this message again, click here." Then delete and retype the entire recipient address. If prompted with an Auto-Complete List suggestion don't select it. After typing the complete address, click Send.
  *   Contact the recipient (by phone, for example) to check that the address exists and is correct.
  *   The recipient may have set up email forwarding to an incorrect address. Ask them to check that any forwarding they've set up is working correctly.
  *   Clear the recipient Auto-Complete List in Outlook or Outlook on the web by following the steps in this article: Fix email delivery issues for error code 5.1.10 in Office 365<https://go.microsoft.com/fwlink/?LinkId=532972>, and then send the message again. Retype the entire recipient address before selecting Send.

If the problem continues, forward this message to your email admin. If you're an email admin, refer to the More Info for Email Admins section below.

Was this helpful? Send feedback to Microsoft<https://go.microsoft.com/fwlink/?LinkId=525921>.
________________________________

More Info for Email Admins
Status code: 550 5.1.10

This error occurs because the sender sent a message to an email address hosted by Office 365 but the address is incorrect or doesn't exist at the destination domain. The error is reported by the recipient domain's email server, but most often it must be fixed by the person who sent the message. If the steps in the How to Fix It section above don't fix the problem, and you're the email admin for the recipient, try one or more of the following:

The email address exists and is correct - Confirm that the recipient address exists, is correct, and is accepting messages.

Synchronize your directories - If you have a hybrid environment and are using directory synchronization make sure the recipient's email address is synced correctly in both Office 365 and in your on-premises directory.

Errant forwarding rule - Check for forwarding rules that aren't behaving as expected. Forwarding can be set up by an admin via mail flow rules or mailbox forwarding address settings, or by the recipient via the Inbox Rules feature.

Original Message Details
Created Date:\t{date}
Sender Address:\t{user}
Recipient Address:\t{rcpt}
Subject:\t{subj}

Error Details
Reported error:\t550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient {rcpt} not found by SMTP address lookup
DSN generated by:\t{dsnhost}.eurprd0{n}.prod.outlook.com
"""
rows = []
for i in range(a.n):
    t = r.randrange(0, 14 * 86400)
    user = r.choice(users)
    rdom = r.choice(DOMS)
    rl = "%s.%s%d" % (r.choice(FIRST), r.choice(LAST), r.randrange(100))
    rcpt = "%s@%s" % (rl, rdom)
    subj = P.sentence(r)[:60]
    orig_body = P.para(r, 1, 4)
    date = email.utils.formatdate(1780000000 + t - 60)
    kind = r.choices(["gmail", "exch", "postfix", "pdelay", "exim"], [30, 30, 20, 8, 12])[0]
    if kind == "gmail":
        client = "209.85.%d.%d" % (r.randrange(128, 255), r.randrange(1, 254)); helo = "mail-%s.google.com" % r.randrange(1000)
        human = GMAIL.format(rcpt=rcpt, gid="%s.%d" % ("".join(r.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(20)), r.randrange(100)))
        frm = "Mail Delivery Subsystem <mailer-daemon@googlemail.com>"; orig = "full"; subjd = "Delivery Status Notification (Failure)"
    elif kind == "exch":
        client = "40.107.%d.%d" % (r.randrange(0, 255), r.randrange(1, 254)); helo = "EUR0%d-%s.outbound.protection.outlook.com" % (r.randrange(1, 6), r.choice(["VI1", "AM6", "DB8", "HE1"]))
        human = EXCH.format(rcpt=rcpt, rlocal=rl, rdom=rdom, ulocal=user.split("@")[0], date=date, user=user, subj=subj, dsnhost=r.choice(["AM6PR", "DB8PR", "VI1PR"]) + "%02dMB%04d" % (r.randrange(10), r.randrange(10000)), n=r.randrange(1, 9))
        frm = "Microsoft Outlook <MAILER-DAEMON@%s.mail.protection.outlook.com>" % rdom.replace(".", "-"); orig = "headers"; subjd = "Undeliverable: " + subj
    else:
        client = "%d.%d.%d.%d" % (r.randrange(20, 220), r.randrange(256), r.randrange(256), r.randrange(1, 254)); host = "mx%d.%s" % (r.randrange(1, 3), rdom)
        tmpl = {"postfix": POSTFIX, "pdelay": POSTFIX_DELAY, "exim": EXIM}[kind]
        human = tmpl.format(host=host, rcpt=rcpt, rhost="mx.%s" % rdom, rip="%d.%d.%d.%d" % (r.randrange(20, 220), r.randrange(256), r.randrange(256), r.randrange(1, 254)))
        helo = host; frm = "Mail Delivery System <MAILER-DAEMON@%s>" % host; orig = "full" if kind != "pdelay" else "headers"
        subjd = {"postfix": "Undelivered Mail Returned to Sender", "pdelay": "Delayed Mail (still being retried)", "exim": "Mail delivery failed: returning message to sender"}[kind]
    b = "=_%d" % r.randrange(10 ** 9)
    oh = "From: %s\nTo: %s\nSubject: %s\nDate: %s\nMessage-ID: <%d@%s>\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n" % (user, rcpt, subj, date, r.randrange(10 ** 12), SITE)
    action, status = ("delayed", "4.4.1") if kind == "pdelay" else ("failed", "5.1.1")
    ds = "Reporting-MTA: dns; %s\nArrival-Date: %s\n\nFinal-Recipient: rfc822; %s\nAction: %s\nStatus: %s\n" % (helo, date, rcpt, action, status)
    part3 = ("Content-Type: message/rfc822\n\n" + oh + "\n" + orig_body + "\n") if orig == "full" else ("Content-Type: text/rfc822-headers\n\n" + oh)
    msg = ("Received: from %s (%s [%s])\n\tby mx1.%s (Postfix) with ESMTPS id X\n\tfor <%s>\nFrom: %s\nTo: %s\nSubject: %s\nDate: %s\nMIME-Version: 1.0\n"
           "Content-Type: multipart/report; report-type=delivery-status; boundary=\"%s\"\n\n--%s\nContent-Type: text/plain; charset=us-ascii\n\n%s\n--%s\nContent-Type: message/delivery-status\n\n%s\n--%s\n%s\n--%s--\n") % (
        helo, helo, client, SITE, user, frm, user, subjd, email.utils.formatdate(1780000000 + t), b, b, human, b, ds, b, part3, b)
    rows.append((t, msg, client, helo, user, kind))
rows.sort(key=lambda x: x[0])
with open(out + "/stream.tsv", "w") as f:
    f.write("path\tt\tclient\thelo\tsender\trcpts\tclass\tgroup\n")
    for n, (t, msg, client, helo, user, kind) in enumerate(rows):
        p = "msg/%06d.eml" % n
        open(out + "/" + p, "w").write(msg)
        f.write("%s\t%d\t%s\t%s\t\t%s\tham\tdsn:%s\n" % (p, t, client, helo, user, kind))
