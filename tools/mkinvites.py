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
"""mkinvites: meeting invitations from many organisations, as a stream.

    tools/mkinvites.py [-n N] [-s SEED] DSTDIR

Writes DSTDIR/msg/*.eml and DSTDIR/stream.tsv (the format of
tools/mksite.py): N (20) Teams-style meeting invitations, each from a
person at another organisation through its own outbound host (another
/24 each), to another person at the site, an hour apart; text/plain and
text/html in base64 as Outlook sends them, with their own meeting links,
ids, passcodes and now and then a line of their own. Every message is
ham. tools/nsm-site -vv DSTDIR shows what the defaults do with one form
that many senders fill in (README, "How it decides": a known limit).
"""
import argparse
import base64
import os
import random
import string

ORGS = ["acme-research.org", "uni-heidelberg.de", "ox.ac.uk", "mit.edu",
        "nih.gov", "stanford.edu", "cern.ch", "epfl.ch", "kth.se",
        "tudelft.nl", "anu.edu.au", "ucl.ac.uk", "toronto.ca", "wisc.edu",
        "umich.edu", "ethz.ch", "gatech.edu", "cmu.edu", "nyu.edu",
        "jhu.edu", "uio.no", "helsinki.fi", "ku.dk", "tum.de", "unimi.it"]
FIRST = ["Anna", "Ben", "Carla", "David", "Emma", "Felix", "Grace", "Hans",
         "Iris", "Jon", "Kate", "Liam", "Mona", "Nils", "Olga", "Paul"]
LAST = ["Smith", "Meyer", "Rossi", "Novak", "Jensen", "Kowalski", "Dubois",
        "Garcia", "Larsen", "Brown"]
NOTES = ["", "", "", "Hi all, here is the link for our call next week.",
         "Looking forward to talking to you.", "Agenda to follow.",
         "As discussed, let's meet to go over the draft."]
RULE = "_" * 80


def rid(rng, n, alphabet=string.ascii_letters + string.digits):
    return "".join(rng.choice(alphabet) for _ in range(n))


def guid(rng):
    return "-".join(rid(rng, k, "0123456789abcdef") for k in (8, 4, 4, 4, 12))


def invitation(rng, org, i):
    """One invitation as an Outlook client sends it."""
    name = "%s %s" % (rng.choice(FIRST), rng.choice(LAST))
    note = rng.choice(NOTES)
    tid, oid, thread = guid(rng), guid(rng), rid(rng, 32)
    mid = " ".join(str(rng.randint(100, 999)) for _ in range(4))
    code = rid(rng, 6)
    join = ("https://teams.microsoft.com/l/meetup-join/19%%3ameeting_%s"
            "%%40thread.v2/0?context=%%7b%%22Tid%%22%%3a%%22%s%%22%%2c%%22Oid"
            "%%22%%3a%%22%s%%22%%7d" % (thread, tid, oid))
    opts = ("https://teams.microsoft.com/meetingOptions/?organizerId=%s"
            "&tenantId=%s&threadId=19_meeting_%s@thread.v2&messageId=0"
            "&language=en-US" % (oid, tid, thread))
    dl = "https://www.microsoft.com/en-us/microsoft-teams/download-app"
    web = "https://www.microsoft.com/microsoft-teams/join-a-meeting"
    text = ("%s\n\n%s\nMicrosoft Teams meeting\nJoin on your computer, "
            "mobile app or room device\nClick here to join the meeting<%s>\n"
            "Meeting ID: %s\nPasscode: %s\nDownload Teams<%s> | Join on the "
            "web<%s>\nLearn More<https://aka.ms/JoinTeamsMeeting> | Meeting "
            "options<%s>\n%s\n" % (note, RULE, join, mid, code, dl, web, opts,
                                   RULE))
    link = 'style="font-size:14px;text-decoration:underline;color:#6264a7;"'
    html = ('<html><head><meta http-equiv="Content-Type" content="text/html; '
            'charset=utf-8"></head><body><div>%s</div><div><span style="'
            'white-space:nowrap;color:#5F5F5F;opacity:.36;">%s</span>'
            '<div style="margin-top:24px;margin-bottom:20px;"><span style="'
            'font-size:24px;color:#252424">Microsoft Teams meeting</span>'
            '</div><div style="margin-bottom:20px;"><div style="font-weight:'
            'bold"><span style="font-size:14px;color:#252424">Join on your '
            'computer, mobile app or room device</span></div><a href="%s" %s>'
            'Click here to join the meeting</a></div><div><span>Meeting ID: '
            '<span style="font-size:16px;">%s</span></span><br><span>'
            'Passcode: </span><span style="font-size:16px;">%s</span></div>'
            '<div><a %s href="%s">Download Teams</a> | <a %s href="%s">Join '
            'on the web</a></div><div><a %s href="https://aka.ms/'
            'JoinTeamsMeeting">Learn More</a> | <a %s href="%s">Meeting '
            'options</a></div><span style="white-space:nowrap;color:#5F5F5F;'
            'opacity:.36;">%s</span></div></body></html>\n' % (
                note, RULE, join, link, mid, code, link, dl, link, web, link,
                link, opts, RULE))
    boundary = "_000_" + rid(rng, 24)
    user = name.split()[0].lower()
    return user, (
        "From: %s <%s@%s>\nTo: staff%d@site.example\nSubject: %s\n"
        "Date: Mon, 2 Nov 2026 %02d:00:00 +0000\nMessage-ID: <%s@%s>\n"
        "MIME-Version: 1.0\nContent-Type: multipart/alternative; "
        "boundary=\"%s\"\n\n--%s\nContent-Type: text/plain; "
        "charset=\"utf-8\"\nContent-Transfer-Encoding: base64\n\n%s\n--%s\n"
        "Content-Type: text/html; charset=\"utf-8\"\n"
        "Content-Transfer-Encoding: base64\n\n%s\n--%s--\n" % (
            name, user, org, i, rng.choice(["Project sync", "Review meeting",
                                            "Catch-up", "Planning call"]),
            i % 24, rid(rng, 24), org, boundary, boundary,
            base64.encodebytes(text.encode()).decode(), boundary,
            base64.encodebytes(html.encode()).decode(), boundary))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=20, help="invitations (20)")
    ap.add_argument("-s", "--seed", type=int, default=1)
    ap.add_argument("dst")
    a = ap.parse_args()
    if not 1 <= a.n <= len(ORGS) * 10:
        ap.error("-n: 1 to %d" % (len(ORGS) * 10))
    rng = random.Random(a.seed)
    os.makedirs(os.path.join(a.dst, "msg"), exist_ok=True)
    with open(os.path.join(a.dst, "stream.tsv"), "w") as tsv:
        tsv.write("path\tt\tclient\thelo\tsender\trcpts\tclass\tgroup\n")
        for i in range(a.n):
            org = ORGS[i % len(ORGS)]
            user, text = invitation(rng, org, i)
            path = "msg/inv%03d.eml" % i
            with open(os.path.join(a.dst, path), "w") as f:
                f.write(text)
            tsv.write("%s\t%d\t40.107.%d.%d\toutbound-%s\t%s@%s\t"
                      "staff%d@site.example\tham\tinvitation\n" % (
                          path, i * 3600, 10 + i, 5 + i % 200,
                          org.replace(".", "-"), user, org, i))


if __name__ == "__main__":
    main()
