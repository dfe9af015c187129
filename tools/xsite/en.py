#!/usr/bin/python3
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
"""en.py: an English-language university MX's mail over two weeks.

    /usr/bin/python3 tools/xsite/en.py [-s SEED] OUTDIR

Writes OUTDIR/msg/NNNNNN.eml and OUTDIR/stream.tsv
(path t client helo sender rcpts class group), as tools/nsm-site reads.
Independent of tools/mksite.py: prose from installed man pages, READMEs,
licences and Debian changelogs (prose.py), everything else from the
templates below. Deterministic for a seed.

Written apart from the filter, by someone who had not read its rules,
to measure it on mail unlike the streams it was tuned on
(docs/replay.md, "Independent streams"); its mail habits are its own.
"""
import base64
import getopt
import os
import quopri
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from prose import Prose  # noqa: E402

SITE = "northbridge.ac.uk"
DAY = 86400
DAYS = 14
T0_WEEKDAY = 0  # 2026-06-01 is a Monday

FIRST = """James Mary John Patricia Robert Jennifer Michael Linda William Elizabeth David Barbara Richard
Susan Joseph Jessica Thomas Sarah Charles Karen Chris Nancy Daniel Lisa Matthew Betty Anthony Margaret
Mark Sandra Donald Ashley Steven Kimberly Paul Emily Andrew Donna Joshua Michelle Kenneth Dorothy Kevin
Carol Brian Amanda George Melissa Edward Deborah Ronald Stephanie Timothy Rebecca Jason Sharon Jeffrey
Laura Ryan Cynthia Jacob Kathleen Gary Amy Nicholas Shirley Eric Angela Jonathan Helen Stephen Anna
Larry Brenda Justin Pamela Scott Nicole Brandon Emma Benjamin Samantha Samuel Katherine Gregory Christine
Frank Debra Alexander Rachel Raymond Catherine Patrick Carolyn Jack Janet Dennis Ruth Jerry Maria Tyler
Heather Aaron Diane Jose Virginia Adam Julie Henry Joyce Nathan Victoria Douglas Olivia Zachary Kelly
Peter Christina Kyle Lauren Walter Joan Ethan Evelyn Jeremy Judith Harold Megan Keith Cheryl Christian
Andrea Roger Hannah Noah Martha Gerald Jacqueline Carl Frances Terry Gloria Sean Ann Austin Teresa Arthur
Kathryn Lawrence Sara Jesse Janice Dylan Jean Bryan Alice Joe Madison Jordan Doris Billy Abigail Bruce
Julia Albert Judy Willie Grace Gabriel Denise Logan Amber Alan Marilyn Juan Beverly Wayne Danielle Roy
Theresa Ralph Sophia Randy Marie Eugene Diana Vincent Brittany Russell Natalie Elijah Isabella Louis
Charlotte Bobby Rose Philip Alexis Johnny Kayla Priya Wei Mohammed Fatima Hiroshi Yuki Olga Ivan Lars
Ingrid Pierre Claire Giulia Marco Aisha Omar Chen Li Ananya Rahul Sofia Mateo Lucia Tomasz Agnieszka""".split()
LAST = """Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez
Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez
Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams
Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz
Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson
Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray
Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez Powell Jenkins
Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Fisher Vasquez Simmons Romero Jordan
Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant Herrera
Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald
Woods Washington Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson
Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black
Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice Schmidt Garza Daniels Ferguson Nichols
Stephens Soto Weaver Ryan Gardner Payne Grant Dunn Kelley Spencer Hawkins Arnold Pierce Hansen Peters
Santos Hart Bradley Knight Elliott Cunningham Duncan Armstrong Hudson Carroll Lane Riley Andrews
Ray Berry Perkins Hoffman Johnston Matthews Pena Richards Willis Carpenter Lawrence Sandoval Okafor
Kowalski Nakamura Yamamoto Rossi Bianchi Dubois Lefebvre Muller Schneider Jensen Larsen Novak Singh""".split()
PLACES = """ashford belmont calder denholm elmbridge fenwick glenrock harwood ingleby juniper kestrel
larkspur meadowvale northcote oakridge penrose quarry redfern stanmore thornbury underhill valewood
westbrook yarrow alder birchfield carrow dunmore eastleigh fairhaven greystone highmoor ironwood
kingsley lowther marston newhaven orchard pemberton queensbury rivermead sheldon tamworth upton
verity wexford ashgrove bramley coldstream dalton everley foxley granby holbrook iveagh kilbride
lindley moreton netherby oldfield pickering radley selby tillington wetherby yelland brightwater
stonebridge silverdale clearwater hawthorne millbrook riverside summerfield westfield""".split()
ORGWORDS = """analytics systems labs health partners consulting biotech instruments capital energy
foundation institute research group networks solutions robotics materials pharma digital
logistics media software water climate design engineering""".split()
TLDS_ACAD = ["ac.uk", "edu", "ac.uk", "edu", "de", "nl", "se", "edu.au", "ca", "ac.nz", "fr", "it", "dk", "fi", "ie"]
TLDS_CORP = ["com", "co.uk", "org", "com", "io", "org.uk", "net", "eu"]


# ------------------------------------------------------------------ MIME

def qp(text):
    return quopri.encodestring(text.encode("utf-8")).decode("ascii")


def b64(data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    s = base64.b64encode(data).decode("ascii")
    return "\n".join(s[i:i + 76] for i in range(0, len(s), 76))


def enc_leaf(ctype, text, cte, charset="utf-8", extra=""):
    if cte == "qp":
        body, cteh = qp(text), "quoted-printable"
    elif cte == "b64":
        body, cteh = b64(text), "base64"
    elif cte == "7bit":
        body, cteh = text, "7bit"
    else:
        body, cteh = text, "8bit"
    return "Content-Type: %s; charset=\"%s\"%s\nContent-Transfer-Encoding: %s\n\n%s\n" % (
        ctype, charset, extra, cteh, body)


def render(node, rng):
    """node: ('text', subtype, text, cte) | ('att', ctype, name, bytes)
    | ('cal', text) | ('multi', subtype, [nodes])."""
    kind = node[0]
    if kind == "text":
        return enc_leaf("text/" + node[1], node[2], node[3])
    if kind == "cal":
        return enc_leaf("text/calendar", node[1], "b64", extra="; method=REQUEST")
    if kind == "att":
        return ("Content-Type: %s; name=\"%s\"\nContent-Disposition: attachment; filename=\"%s\"\n"
                "Content-Transfer-Encoding: base64\n\n%s\n" % (node[1], node[2], node[2], b64(node[3])))
    bnd = "----=_Part_%d_%d" % (rng.randrange(10 ** 8), rng.randrange(10 ** 9))
    out = ["Content-Type: multipart/%s; boundary=\"%s\"\n\n" % (node[1], bnd)]
    if rng.random() < 0.5:
        out[0] += "This is a multi-part message in MIME format.\n"
    for ch in node[2]:
        out.append("\n--%s\n" % bnd + render(ch, rng))
    out.append("\n--%s--\n" % bnd)
    return "".join(out)


def html_of(text, style=None):
    """A plain text as a mail client's HTML."""
    paras = [p for p in text.split("\n\n")]
    body = "".join("<p>%s</p>\n" % LINK.sub(r'<a href="\2">\1</a>', esc(p)).replace("\n", "<br>\n") for p in paras)
    style = style or "font-family:Calibri,Arial,Helvetica,sans-serif;font-size:11pt"
    return ("<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\">"
            "<style type=\"text/css\">p{margin:0}</style></head>\n<body><div style=\"%s\">\n%s</div></body></html>"
            % (style, body))


LINK = __import__("re").compile(r"([A-Za-z][\w .-]{0,40})&lt;(https?://[^\s&]+(?:&amp;[^\s&]+)*)&gt;")


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def date_hdr(t):
    import time
    tt = time.gmtime(1780272000 + t)
    return time.strftime("%a, %d %b %Y %H:%M:%S +0000", tt)


def day_str(t, fmt="%A %d %B %Y"):
    import time
    return time.strftime(fmt, time.gmtime(1780272000 + t))


# ------------------------------------------------------------------ world

class World:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.P = Prose()
        r = self.rng
        seen = set()
        self.users = []
        while len(self.users) < 3000:
            f, l = r.choice(FIRST), r.choice(LAST)
            base = "%s.%s" % (f.lower(), l.lower())
            a = base
            k = 2
            while a in seen:
                a = "%s%d" % (base, k)
                k += 1
            seen.add(a)
            self.users.append(("%s %s" % (f, l), "%s@%s" % (a, SITE)))
        # ~half the users are exposed to spammers (on web pages, in lists)
        self.exposed = r.sample(range(3000), 1600)
        self.orgs = self.make_orgs(260)
        self.rows = []

    def make_orgs(self, n):
        r = self.rng
        orgs, seen = [], set()
        while len(orgs) < n:
            acad = r.random() < 0.55
            p = r.choice(PLACES)
            if acad:
                name = "University of %s" % p.capitalize() if r.random() < 0.6 else "%s Institute of Technology" % p.capitalize()
                dom = "%s.%s" % (p if r.random() < 0.5 else p[:4] + r.choice(["u", "uni", "it", "tech"]), r.choice(TLDS_ACAD))
            else:
                w = r.choice(ORGWORDS)
                name = "%s %s" % (p.capitalize(), w.capitalize())
                dom = "%s%s.%s" % (p, w if r.random() < 0.5 else "-" + w, r.choice(TLDS_CORP))
            if dom in seen:
                continue
            seen.add(dom)
            host = r.choice(["m365"] * 5 + ["google"] * 3 + ["own"] * 2)
            own = "%d.%d.%d" % (r.choice([128, 129, 130, 131, 134, 137, 138, 141, 143, 144, 146, 147, 150, 152, 155, 157, 158, 160, 161, 163, 192, 193, 194, 195, 212, 213, 217, 62, 80, 81, 85, 87]),
                                r.randrange(256), r.randrange(256))
            disclaimer = None
            if r.random() < 0.45:
                disclaimer = r.choice(DISCLAIMERS).format(org=name)
            orgs.append(dict(name=name, dom=dom, host=host, own=own, acad=acad, disclaimer=disclaimer,
                             tz=r.choice(["London", "Amsterdam, Berlin", "Eastern Time (US and Canada)", "Stockholm", "Sydney"])))
        return orgs

    # networks ------------------------------------------------------
    def client(self, kind, org=None, r=None):
        r = r or self.rng
        if kind == "m365":
            if r.random() < 0.7:
                return "40.107.%d.%d" % (r.randrange(0, 256), r.randrange(1, 255)), "%s.outbound.protection.outlook.com" % r.choice(["EUR05-AM6-obe", "EUR02-DB5-obe", "GBR01-LO2-obe", "NAM12-MW2-obe", "EUR03-VI1-obe"])
            return "52.%d.%d.%d" % (r.randrange(100, 104), r.randrange(256), r.randrange(1, 255)), "%s.outbound.protection.outlook.com" % r.choice(["EUR01-HE1-obe", "GBR01-CWL-obe", "NAM10-DM6-obe"])
        if kind == "google":
            return "209.85.%d.%d" % (r.randrange(128, 256), r.randrange(1, 255)), "mail-%s%d-f%d.google.com" % (r.choice(["wr1", "lf1", "ej1", "ed1", "pl1", "qt1"]), r.randrange(1, 99), r.randrange(40, 200))
        if kind == "outlookcom":
            return "40.92.%d.%d" % (r.randrange(0, 128), r.randrange(1, 255)), "EUR04-DB3-obe.outbound.protection.outlook.com"
        if kind == "own":
            return "%s.%d" % (org["own"], r.choice([10, 11, 25, 26])), "mx%d.%s" % (r.randrange(1, 3), org["dom"])
        if kind == "uni":
            return "193.60.10.%d" % r.choice([21, 22]), "relay%d.%s" % (r.choice([1, 2]), SITE)
        raise ValueError(kind)

    def org_client(self, org, r=None):
        return self.client(org["host"], org, r)

    def person(self, r=None, org=None):
        r = r or self.rng
        org = org or r.choice(self.orgs)
        f, l = r.choice(FIRST), r.choice(LAST)
        style = r.random()
        if style < 0.5:
            loc = "%s.%s" % (f.lower(), l.lower())
        elif style < 0.75:
            loc = "%s%s" % (f[0].lower(), l.lower())
        else:
            loc = "%s.%s" % (f[0].lower(), l.lower())
        return dict(name="%s %s" % (f, l), first=f, addr="%s@%s" % (loc, org["dom"]), org=org)

    def webmail_person(self, r=None):
        r = r or self.rng
        f, l = r.choice(FIRST), r.choice(LAST)
        dom = r.choice(["gmail.com", "gmail.com", "gmail.com", "outlook.com", "hotmail.co.uk", "yahoo.co.uk", "btinternet.com"])
        loc = "%s%s%d" % (f.lower(), l.lower()[:r.randint(1, 8)], r.randrange(100)) if r.random() < 0.6 else "%s.%s" % (f.lower(), l.lower())
        kind = "google" if dom == "gmail.com" else "outlookcom" if dom in ("outlook.com", "hotmail.co.uk") else "yahoo"
        return dict(name="%s %s" % (f, l), first=f, addr="%s@%s" % (loc, dom), kind=kind, org=None)

    def pclient(self, p, r=None):
        r = r or self.rng
        if p["org"] is not None:
            return self.org_client(p["org"], r)
        if p["kind"] == "yahoo":
            return "87.248.110.%d" % r.randrange(1, 255), "sonic%d.mail.ir2.yahoo.com" % r.randrange(300)
        if p["kind"] == "bt":
            return "213.120.69.%d" % r.randrange(1, 255), "re-prd-fep-%03d.btinternet.com" % r.randrange(100)
        return self.client(p["kind"], None, r)

    # time ------------------------------------------------------------
    def work_time(self, r=None, day=None):
        r = r or self.rng
        while True:
            d = r.randrange(DAYS) if day is None else day
            wk = (d + T0_WEEKDAY) % 7 < 5
            if not wk and r.random() < 0.7 and day is None:
                continue
            h = r.gauss(12.5, 3.0) if r.random() < 0.85 else r.uniform(0, 24)
            h = min(max(h, 0), 23.99)
            return d * DAY + int(h * 3600) + r.randrange(60)

    def local(self, i):
        return self.users[i]

    # output ------------------------------------------------------------
    def emit(self, t, client, helo, sender, rcpts, cls, group, headers, body_node, r=None):
        r = r or self.rng
        ip = client
        hdr = ["Received: from %s (%s [%s])\n\tby mx1.%s (Postfix) with ESMTPS id %X\n\tfor <%s>; %s" % (
            helo, helo, ip, SITE, r.randrange(16 ** 10), rcpts[0], date_hdr(t))]
        for k, v in headers:
            hdr.append("%s: %s" % (k, v))
        if not any(k.lower() == "date" for k, _ in headers):
            hdr.append("Date: %s" % date_hdr(max(0, t - r.randrange(5, 120))))
        if not any(k.lower() == "message-id" for k, _ in headers):
            dom = sender.split("@")[-1] if "@" in sender else helo
            hdr.append("Message-ID: <%x.%x@%s>" % (r.randrange(16 ** 12), r.randrange(16 ** 8), dom))
        hdr.append("MIME-Version: 1.0")
        raw = "\n".join(hdr) + "\n" + render(body_node, r)
        self.rows.append([t, raw.encode("utf-8", "surrogateescape"), client, helo, sender or "<>",
                          ",".join(rcpts), cls, group])

    def write(self, out):
        os.makedirs(out + "/msg", exist_ok=True)
        self.rows.sort(key=lambda x: x[0])
        with open(out + "/stream.tsv", "w") as f:
            f.write("path\tt\tclient\thelo\tsender\trcpts\tclass\tgroup\n")
            for i, row in enumerate(self.rows):
                path = "msg/%06d.eml" % i
                with open(out + "/" + path, "wb") as g:
                    g.write(row[1])
                f.write("%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\n" % (path, row[0], row[2], row[3], row[4], row[5], row[6], row[7]))
        from collections import Counter
        c = Counter((row[6], row[7].split(":")[0]) for row in self.rows)
        for k in sorted(c):
            print("%-5s %-10s %6d" % (k[0], k[1], c[k]), file=sys.stderr)
        print("%d messages in %s" % (len(self.rows), out), file=sys.stderr)


DISCLAIMERS = [
    "This email and any attachments are confidential and intended solely for the addressee. If you have received it in error, please notify the sender and delete it. {org} does not accept liability for any loss or damage arising from this email.",
    "CONFIDENTIALITY NOTICE: The information contained in this message is confidential and may be legally privileged. It is intended solely for the addressee. Access to this message by anyone else is unauthorised. If you are not the intended recipient, any disclosure, copying or distribution is prohibited.",
    "{org} is a registered charity. This message has been scanned for viruses. Please consider the environment before printing this email.",
    "The information in this e-mail is confidential. The contents may not be disclosed or used by anyone other than the addressee. If you are not the intended recipient, please notify {org} immediately by replying to this message and then delete it.",
]


def sig(p, r, title=True):
    lines = ["--", p["name"]]
    if title and p["org"] is not None:
        lines.append(r.choice(["Senior Lecturer", "Professor", "Research Associate", "PhD candidate", "Project Manager",
                               "Head of Research Operations", "Postdoctoral Researcher", "Lab Manager", "Director",
                               "Programme Administrator", "Associate Professor", "Software Engineer"]))
        lines.append(p["org"]["name"])
        if r.random() < 0.5:
            lines.append("Tel: +44 %d %04d %04d" % (r.randrange(113, 199), r.randrange(10000), r.randrange(10000)))
        if r.random() < 0.3:
            lines.append("https://www.%s/" % p["org"]["dom"])
    return "\n".join(lines)


def greeting(first, r):
    return r.choice(["Hi %s," % first, "Dear %s," % first, "Hello %s," % first, "%s," % first, "Hi %s" % first, "Hi,"])


def signoff(r):
    return r.choice(["Best wishes,", "Best,", "Kind regards,", "Thanks,", "Cheers,", "All the best,", "Regards,", "Many thanks,"])


def body_node(text, r, html_p=0.5, ctes=("qp", "8bit", "b64", "7bit"), html_text=None):
    cte = r.choice(ctes)
    if r.random() < html_p:
        return ("multi", "alternative", [("text", "plain", text, cte), ("text", "html", html_text or html_of(text), r.choice(("qp", "b64", "8bit")))])
    return ("text", "plain", text, cte)


def quote_block(prev_text, who, t, r):
    if r.random() < 0.5:
        head = "On %s, %s <%s> wrote:" % (day_str(t, "%a, %d %b %Y at %H:%M"), who["name"], who["addr"])
        return head + "\n" + "\n".join("> " + l if l else ">" for l in prev_text.split("\n"))
    head = ("________________________________\nFrom: %s <%s>\nSent: %s\nTo: %s\nSubject: %s\n" %
            (who["name"], who["addr"], day_str(t, "%d %B %Y %H:%M"), "…", "…"))
    return head + "\n" + prev_text


# ------------------------------------------------------------------ ham

def gen_personal(w, n):
    r, P = w.rng, w.P
    made = 0
    while made < n:
        kind = r.random()
        ui = r.randrange(3000)
        un, ua = w.local(ui)
        ufirst = un.split()[0]
        p = w.person(r) if r.random() < 0.7 else w.webmail_person(r)
        t = w.work_time(r)
        if kind < 0.55:          # a letter, maybe with an attachment
            text = "%s\n\n%s\n\n%s\n\n%s\n%s" % (greeting(ufirst, r), P.para(r, 2, 6),
                                                 P.para(r, 1, 4) if r.random() < 0.5 else "", signoff(r), p["first"])
            if r.random() < 0.15:
                text += "\n\nSent from my iPhone"
            elif r.random() < 0.6:
                text += "\n\n" + sig(p, r)
            if p["org"] and p["org"]["disclaimer"]:
                text += "\n\n" + p["org"]["disclaimer"]
            node = body_node(text, r)
            if r.random() < 0.15:
                node = ("multi", "mixed", [node, ("att", "application/pdf", "%s.pdf" % P.word(r), os.urandom(0) + bytes(r.randrange(256) for _ in range(r.randrange(2000, 9000))))])
            subj = P.item(r)[:60] if r.random() < 0.5 else r.choice(["Meeting next week", "Quick question", "Draft chapter", "Re: your visit", "Data request", "Reference letter", "Seminar on Thursday", "Ethics application", "Grant proposal", "Follow-up"])
            c, h = w.pclient(p, r)
            rc = [ua] + ([w.local(r.randrange(3000))[1] for _ in range(r.randrange(1, 4))] if r.random() < 0.2 else [])
            w.emit(t, c, h, p["addr"], rc, "ham", "personal",
                   [("From", "%s <%s>" % (p["name"], p["addr"])), ("To", "%s <%s>" % (un, ua)), ("Subject", subj)], node, r)
            made += 1
        elif kind < 0.85:        # a thread: several replies back and forth, quoting
            ppl = [p] + [w.person(r, p["org"]) for _ in range(r.randrange(0, 3))]
            locs = [ui] + [r.randrange(3000) for _ in range(r.randrange(0, 3))]
            subj = "Re: " + (P.item(r)[:50])
            prev, prevwho = P.para(r, 2, 4), dict(name=un, addr=ua)
            tt = t
            for k in range(r.randint(1, 5)):
                who = r.choice(ppl)
                short = r.random() < 0.35
                own = r.choice(["Thanks!", "See you then.", "Great, thank you - will do.", "Sounds good to me.", "Thanks, that works for me.", "Perfect, thanks.", "Noted, thank you."]) if short else P.para(r, 1, 4)
                text = "%s\n\n%s\n%s" % (own if short else greeting(ufirst, r) + "\n\n" + own, "" if short else signoff(r), who["first"])
                if r.random() < 0.25:
                    text += "\n\nSent from my iPhone"
                elif not short and r.random() < 0.5:
                    text += "\n\n" + sig(who, r)
                text += "\n\n" + quote_block(prev, prevwho, tt, r)
                if who["org"] and who["org"]["disclaimer"] and r.random() < 0.8:
                    text += "\n\n" + who["org"]["disclaimer"]
                tt += r.randrange(600, 3 * 3600 * 8)
                if tt >= DAYS * DAY:
                    break
                c, h = w.pclient(who, r)
                w.emit(tt, c, h, who["addr"], [w.local(i)[1] for i in locs], "ham", "personal",
                       [("From", "%s <%s>" % (who["name"], who["addr"])), ("To", ", ".join(w.local(i)[1] for i in locs)),
                        ("Subject", subj), ("In-Reply-To", "<%x@%s>" % (r.randrange(16 ** 10), SITE))],
                       body_node(text, r), r)
                made += 1
                prev, prevwho = text, who
                # the local party's answer does not pass the MX; the next quote holds theirs
                prev = P.para(r, 1, 3) + "\n\n" + quote_block(prev, who, tt, r)
                prevwho = dict(name=w.local(locs[0])[0], addr=w.local(locs[0])[1])
        else:                     # short personal note, possibly html-only
            text = r.choice(["Thanks!", "See you then", "Got it, thanks.", "Yes, 3pm is fine.", "Running 10 minutes late, sorry!",
                             "Can you send me the slides?", "Lovely to see you yesterday.", "Happy birthday!"])
            text += "\n\n" + (r.choice(["Sent from my iPhone", "Sent from Outlook for Android", "Get Outlook for iOS<https://aka.ms/o0ukef>", ""]))
            c, h = w.pclient(p, r)
            w.emit(t, c, h, p["addr"], [ua], "ham", "personal",
                   [("From", "%s <%s>" % (p["name"], p["addr"])), ("To", ua), ("Subject", "Re: " + P.item(r)[:40])], body_node(text, r), r)
            made += 1


TEAMS = """{own}
________________________________________________________________________________
Microsoft Teams meeting
Join on your computer, mobile app or room device
Click here to join the meeting<https://teams.microsoft.com/l/meetup-join/19%3ameeting_{mt}%40thread.v2/0?context=%7b%22Tid%22%3a%22{tid}%22%2c%22Oid%22%3a%22{oid}%22%7d>
Meeting ID: {mid}
Passcode: {pc}
Download Teams<https://www.microsoft.com/en-us/microsoft-teams/download-app> | Join on the web<https://www.microsoft.com/microsoft-teams/join-a-meeting>
{vtc}{dial}Learn More<https://aka.ms/JoinTeamsMeeting> | Meeting options<https://teams.microsoft.com/meetingOptions/?organizerId={oid}&tenantId={tid}&threadId=19_meeting_{mt}@thread.v2&messageId=0&language=en-GB>
________________________________________________________________________________
{disc}"""
TEAMS_VTC = """Join with a video conferencing device
{vtcid}@{dom}.vc.m365.example
Video Conference ID: {vcid}
Alternate VTC instructions<https://dialin.plcm.vc/teams/?key={vtcid}&conf={vcid}>
"""
TEAMS_DIAL = """Or call in (audio only)
{tel},,{pid}#   United Kingdom, London
Phone Conference ID: {pid3}#
Find a local number<https://dialin.teams.microsoft.com/{uuid}?id={pid}> | Reset PIN<https://dialin.teams.microsoft.com/usp/pstnconferencing>
"""
ZOOM = """{own}

{who} is inviting you to a scheduled Zoom meeting.

Topic: {topic}
Time: {when} {tz}

Join Zoom Meeting
https://{zdom}.zoom.us/j/{zid}?pwd={pwd}

Meeting ID: {zidf}
Passcode: {pc}

---

One tap mobile
+442034815240,,{zid}#,,,,*{pcn}# United Kingdom
+443300885830,,{zid}#,,,,*{pcn}# United Kingdom

---

Dial by your location
\u2022 +44 203 481 5240 United Kingdom
\u2022 +44 330 088 5830 United Kingdom
\u2022 +44 131 460 1196 United Kingdom
\u2022 +44 203 051 2874 United Kingdom
\u2022 +44 203 481 5237 United Kingdom
\u2022 +1 646 558 8656 US (New York)

Meeting ID: {zidf}
Passcode: {pcn}

Find your local number: https://{zdom}.zoom.us/u/{ucode}

{disc}"""
GCAL = """{own}

{title}
{when}
Time zone: Europe/London
Google Meet joining info
Video call link: https://meet.google.com/{meet}
Or dial: \u202a(GB) +44 20 3937 {tel4}\u202c PIN: \u202a{pin}\u202c#
More phone numbers: https://tel.meet/{meet}?pin={pin}

Organiser
{who}
{addr}

Guests
{guests}
View all guest info https://calendar.google.com/calendar/event?action=VIEW&eid={eid}&tok={tok}&ctz=Europe%2FLondon&hl=en_GB&es=0

Reply for {rcpt}
Yes
No
Maybe
More options https://calendar.google.com/calendar/event?action=VIEW&eid={eid}&tok={tok}&ctz=Europe%2FLondon&hl=en_GB&es=0

Invitation from Google Calendar https://calendar.google.com/calendar/

You are receiving this email because you are an attendee on the event. To stop receiving future updates for this event, decline this event.

Forwarding this invitation could allow any recipient to send a response to the organiser, be added to the guest list, invite others regardless of their own invitation status, or modify your RSVP. Learn more https://support.google.com/calendar/answer/37135#forwarding"""


def rid(r, n, alpha="abcdefghijklmnopqrstuvwxyz0123456789"):
    return "".join(r.choice(alpha) for _ in range(n))


def gen_invites(w, n):
    r, P = w.rng, w.P
    orgs = [o for o in w.orgs]
    made = 0
    while made < n:
        org = r.choice(orgs)
        if org["host"] == "own":
            org = dict(org, host=r.choice(["m365", "google"]))
        who = w.person(r, org)
        ui = r.randrange(3000)
        rcpts = [w.local(ui)[1]] + [w.local(r.randrange(3000))[1] for _ in range(r.choice([0, 0, 0, 1, 2]))]
        t = w.work_time(r)
        topic = r.choice(["Project steering group", "Catch-up", "Interview panel", "PhD progress review", "Data sharing agreement",
                          "Consortium WP3 call", "External examiner briefing", "Partnership discussion", "Grant kick-off meeting",
                          "Advisory board", "Collaboration call", "Quarterly review", "Seminar planning", "Workshop logistics"])
        topic += r.choice(["", " - %s" % org["name"].split()[-1], " (%s)" % P.word(r).capitalize()])
        own = r.choice(["", P.sentence(r), "Hi all, as discussed, a short call to go through the next steps.",
                        "Looking forward to speaking with you.", "Agenda to follow.", "Please forward to anyone I have missed.",
                        "%s %s" % (P.sentence(r), P.sentence(r))])
        disc = org["disclaimer"] or ""
        style = "teams" if org["host"] == "m365" and r.random() < 0.75 else "zoom" if r.random() < 0.35 else "gcal" if org["host"] == "google" else "teams"
        if style == "teams":
            mt = base64.b64encode(bytes(r.randrange(256) for _ in range(36))).decode()[:46]
            pid = "%d" % r.randrange(10 ** 8, 10 ** 9)
            has_dial = org["dom"].__hash__() % 3 != 0 if False else (sum(map(ord, org["dom"])) % 3 != 0)
            has_vtc = sum(map(ord, org["dom"])) % 4 == 0
            text = TEAMS.format(own=own, mt=mt, tid=rid(r, 8, "0123456789abcdef") + "-" + rid(r, 4, "0123456789abcdef"),
                                oid=rid(r, 8, "0123456789abcdef") + "-" + rid(r, 12, "0123456789abcdef"),
                                mid="%d %d %d %d" % (r.randrange(100, 999), r.randrange(100, 999), r.randrange(100, 999), r.randrange(100, 999)),
                                pc=rid(r, 6, "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"),
                                vtc=TEAMS_VTC.format(vtcid=r.randrange(10 ** 8, 10 ** 9), dom=org["dom"].split(".")[0], vcid="%d" % r.randrange(10 ** 9, 10 ** 10)) if has_vtc else "",
                                dial=TEAMS_DIAL.format(tel="+44 20 %d %d" % (r.randrange(3000, 3999), r.randrange(1000, 9999)) if False else "+44 20 3321 5200", pid=pid, pid3="%s %s %s" % (pid[:3], pid[3:6], pid[6:]), uuid=rid(r, 8, "0123456789abcdef")) if has_dial else "",
                                disc=disc)
            group = "invite:teams"
        elif style == "zoom":
            zid = "%d" % r.randrange(10 ** 10, 10 ** 11)
            pcn = "%d" % r.randrange(10 ** 5, 10 ** 6)
            text = ZOOM.format(own=own, who=who["name"], topic=topic, when=day_str(t + DAY * r.randint(1, 10), "%b %d, %Y 0%I:00 %p"), tz=org["tz"],
                               zdom=r.choice(["us02web", "us06web", "zoom", org["dom"].split(".")[0]]), zid=zid, pwd=rid(r, 32),
                               zidf="%s %s %s" % (zid[:3], zid[3:7], zid[7:]), pc=rid(r, 6), pcn=pcn, ucode=rid(r, 10), disc=disc)
            group = "invite:zoom"
        else:
            guests = "\n".join(["%s - organiser" % who["addr"]] + rcpts + [w.person(r, org)["addr"] for _ in range(r.randrange(0, 4))])
            meet = "%s-%s-%s" % (rid(r, 3, "abcdefghijklmnopqrstuvwxyz"), rid(r, 4, "abcdefghijklmnopqrstuvwxyz"), rid(r, 3, "abcdefghijklmnopqrstuvwxyz"))
            text = GCAL.format(own=own, title=topic, when=day_str(t + DAY * r.randint(1, 10), "%A %d %B %Y \u22c5 %H:00 \u2013 ") + "%02d:00" % r.randrange(10, 18),
                               meet=meet, tel4="%04d" % r.randrange(10000), pin="%d" % r.randrange(10 ** 8, 10 ** 9), who=who["name"], addr=who["addr"],
                               guests=guests, eid=rid(r, 60), tok=rid(r, 40), rcpt=rcpts[0])
            group = "invite:gcal"
        ics = "BEGIN:VCALENDAR\nMETHOD:REQUEST\nPRODID:Microsoft Exchange Server 2010\nVERSION:2.0\nBEGIN:VEVENT\nORGANIZER;CN=%s:mailto:%s\nSUMMARY;LANGUAGE=en-GB:%s\nUID:%s\nDTSTART:20260610T100000Z\nEND:VEVENT\nEND:VCALENDAR\n" % (who["name"], who["addr"], topic, rid(r, 40))
        node = ("multi", "alternative", [("text", "plain", text, r.choice(["qp", "b64"])), ("text", "html", html_of(text), "qp"), ("cal", ics)])
        c, h = w.client(org["host"], org, r)
        w.emit(t, c, h, who["addr"], rcpts, "ham", group,
               [("From", "%s <%s>" % (who["name"], who["addr"])), ("To", ", ".join(rcpts)), ("Subject", topic)], node, r)
        made += 1


OOO = [
    "Thank you for your email. I am out of the office from {d1} until {d2} with limited access to email. If your matter is urgent, please contact {n2} ({e2}). Otherwise I will respond to your message on my return.\n\nKind regards,\n{name}",
    "Thank you for your message. I am currently on annual leave, returning on {d2}. I will have no access to email during this period. For urgent enquiries please contact {e2}.\n\nBest wishes,\n{first}",
    "I am attending a conference until {d2} and will reply to your email as soon as possible after my return.\n\n{name}",
    "Thank you for your email. I am currently out of the office and will be back on {d2}. I will respond to your email as soon as I can.",
    "Hello,\n\nI'm away from {d1} to {d2} inclusive with no access to email. Your message will not be forwarded. For anything urgent please get in touch with {n2} at {e2}.\n\nThanks,\n{first}",
    "I work part-time (Monday to Wednesday) and will respond to your email on my next working day.\n\nWith best wishes,\n{name}",
]


OOO_A = ["Thank you for your email.", "Thank you for your message.", "Many thanks for your email.", "Hello,", "Hi,", "Thanks for getting in touch.", ""]
OOO_B = ["I am out of the office until {d2}", "I am currently on leave and will return on {d2}", "I'm away on fieldwork until {d2}", "I am on annual leave from {d1} to {d2}",
         "I am travelling until {d2}", "I am on parental leave until {d2}", "I'm at a conference this week and back in the office on {d2}", "I am working remotely with limited availability until {d2}"]
OOO_C = [" with limited access to email.", " and will not be checking email.", ", checking email only intermittently.", ".", " with no access to email."]
OOO_D = ["For urgent matters please contact {n2} ({e2}).", "If your query is urgent, please email {e2}.", "Your email will not be forwarded.", "I will reply as soon as possible on my return.",
         "For anything related to the project please contact {n2}.", "Please resend your message after {d2} if it still needs a reply.", ""]
OOO_E = ["Kind regards,\n{name}", "Best wishes,\n{first}", "Thanks,\n{first}", "{name}", "Regards,\n{name}", "Best,\n{first}"]


def ooo_compose(r):
    return "%s %s%s %s\n\n%s" % (r.choice(OOO_A), r.choice(OOO_B), r.choice(OOO_C), r.choice(OOO_D), r.choice(OOO_E))


def gen_ooo(w, n):
    r = w.rng
    made = 0
    # bursts: a local user writes to an external list; many auto-replies come back
    bursts = []
    while made < n:
        if r.random() < 0.6:
            ui = r.randrange(3000)
            t = w.work_time(r)
            k = r.randint(6, 30)
            subj = r.choice(["Call for participants", "Seminar announcement", "Job opportunity: Research Fellow", "Save the date", "Survey invitation", "Workshop programme"])
            bursts.append((ui, t, k, subj))
        else:
            bursts.append((r.randrange(3000), w.work_time(r), 1, "Re: " + w.P.item(r)[:40]))
        made += bursts[-1][2]
    made = 0
    for ui, t, k, subj in bursts:
        for _ in range(k):
            if made >= n:
                return
            org = r.choice(w.orgs)
            p = w.person(r, org)
            p2 = w.person(r, org)
            tmpl = r.choice(OOO) if r.random() < 0.3 else ooo_compose(r)
            d1 = day_str(t - DAY * r.randint(0, 5), "%d %B")
            d2 = day_str(t + DAY * r.randint(1, 20), r.choice(["%A %d %B", "%d/%m/%Y", "%d %B"]))
            text = tmpl.format(d1=d1, d2=d2, n2=p2["name"], e2=p2["addr"] if r.random() < 0.7 else "office@" + org["dom"], name=p["name"], first=p["first"])
            if r.random() < 0.5:
                text += "\n\n" + sig(p, r)
            if org["disclaimer"] and r.random() < 0.7:
                text += "\n\n" + org["disclaimer"]
            tt = min(t + r.randrange(5, 5 * 3600), DAYS * DAY - 1)
            c, h = w.org_client(org, r)
            exch = org["host"] != "google"
            w.emit(tt, c, h, "" if exch else p["addr"], [w.local(ui)[1]], "ham", "ooo",
                   [("From", "%s <%s>" % (p["name"], p["addr"])), ("To", w.local(ui)[1]),
                    ("Subject", ("Automatic reply: " if exch else "Out of Office: ") + subj),
                    ("Auto-Submitted", "auto-replied"), ("X-Auto-Response-Suppress", "All")],
                   body_node(text, r, html_p=0.7 if exch else 0.9), r)
            made += 1


CFP_FIELDS = {
    "computing": ["machine learning", "distributed systems", "software engineering", "computer vision", "natural language processing", "security and privacy", "human-computer interaction", "databases", "formal methods", "networking", "edge computing", "reinforcement learning"],
    "bio": ["genomics", "bioinformatics", "systems biology", "protein structure", "computational neuroscience", "microbiome analysis", "epidemiology", "drug discovery"],
    "edu": ["digital pedagogy", "assessment and feedback", "widening participation", "learning analytics", "curriculum design", "student wellbeing"],
    "eng": ["control systems", "renewable energy", "signal processing", "robotics", "materials science", "structural health monitoring", "power electronics"],
    "hum": ["digital humanities", "medieval studies", "cultural heritage", "archival practice", "comparative literature", "history of science"],
}
CFP = """{hdr}

{acr} {year}: The {nth} {kind} on {theme}
{city}, {dates}
https://{site}

{scope}

{topics_h}
{topics}

{dates_h}
{dl}

{guide_h}
{guide}

{keynote}{committee}

{apology}"""


def gen_cfp(w, nconf):
    r, P = w.rng, w.P
    # the site's own subscriptions to external academic lists
    lists = []
    for i in range(10):
        lo = r.choice(w.orgs)
        lists.append(dict(name=r.choice(["dbworld", "ml-news", "bioinfo-l", "edtech-l", "hci-announce", "robotics-worldwide", "dh-announce", "sigops-announce", "netsci-l", "pl-announce", "ai-ethics", "seweb"]) + str(i),
                          ip="%s.%d" % (lo["own"], 40), helo="lists.%s" % lo["dom"], dom=lo["dom"],
                          subs=r.sample(range(3000), r.randint(5, 60))))
    for ci in range(nconf):
        field = r.choice(list(CFP_FIELDS))
        topics = r.sample(CFP_FIELDS[field], min(len(CFP_FIELDS[field]), r.randint(4, 8)))
        org = r.choice(w.orgs)
        acr = rid(r, r.randint(3, 5), "ABCDEFGHIKLMNOPRSTUVW")
        chair = w.person(r, org)
        scope = P.para(r, 2, 5)
        guide = P.para(r, 1, 3)
        style = dict(kind=r.choice(["International Conference", "Workshop", "Symposium", "Annual Meeting", "International Workshop", "Summer School"]),
                     topics_h=r.choice(["Topics of interest include, but are not limited to:", "We invite submissions on topics including:", "Scope", "Suggested topics:", "Areas of interest"]),
                     dates_h=r.choice(["Important dates", "Key dates", "IMPORTANT DATES (AoE)", "Deadlines"]),
                     guide_h=r.choice(["Submission guidelines", "Submission", "How to submit", "Paper format and submission"]),
                     dl=r.choice(["Abstract submission: %d July 2026\nFull paper submission: %d July 2026\nNotification of acceptance: 28 August 2026\nCamera-ready: 10 September 2026",
                                  "Paper deadline: July %d, 2026 (extended: July %d)\nAuthor notification: September 1, 2026", "- Submission deadline: %d/07/2026\n- Notification: %d/08/2026",
                                  "Abstracts due %d June; full papers due %d July; decisions by end of August."]),
                     keynote=("Keynote speakers\n%s\n\n" % "\n".join("%s (%s)" % (w.person(r)["name"], r.choice(w.orgs)["name"]) for _ in range(r.randint(2, 4)))) if r.random() < 0.6 else "",
                     pc="\n".join("%s, %s" % (q["name"], q["org"]["name"]) for q in [w.person(r) for _ in range(r.randint(0, 25))]))
        sends = r.randint(1, 3)
        t = w.work_time(r)
        for s in range(sends):
            if t >= DAYS * DAY:
                break
            hdr = ["CALL FOR PAPERS", "SECOND CALL FOR PAPERS", "DEADLINE EXTENSION - FINAL CALL FOR PAPERS"][s if s < 2 else 2]
            text = CFP.format(kind=style["kind"], topics_h=style["topics_h"], dates_h=style["dates_h"], guide_h=style["guide_h"], keynote=style["keynote"], hdr=hdr, acr=acr, year=2026 + (s > 5), nth=r.choice(["12th", "7th", "23rd", "3rd", "41st", "15th"]) if s == 0 else "%dth" % (ci % 30 + 4),
                              theme="%s and %s" % (topics[0].title(), topics[1].title()), city=org["name"].split()[-1] if org["acad"] else r.choice(PLACES).capitalize(),
                              dates="%d-%d %s 2026" % (ci % 20 + 3, ci % 20 + 5, r.choice(["September", "October", "November"])), site="%s2026.%s" % (acr.lower(), org["dom"]),
                              scope=scope, topics="\n".join("- " + x.capitalize() for x in topics[2:] + topics[:2]),
                              dl=style["dl"] % (ci % 20 + 1 + 7 * s, ci % 20 + 8 + 7 * s),
                              guide=guide, committee="General chairs: %s (%s), %s\nProgram chairs: %s, %s\n%s" % (chair["name"], org["name"], w.person(r)["name"], w.person(r)["name"], w.person(r)["name"], ("Programme committee\n" + style["pc"]) if style["pc"] else ""),
                              apology=r.choice(["We apologise if you receive multiple copies of this call.", "Apologies for cross-posting.", "Please forward to interested colleagues."]))
            ltxt = text
            # via lists
            for L in r.sample(lists, r.randint(0, 3)):
                lt = ltxt + "\n\n_______________________________________________\n%s mailing list\n%s@%s\nhttps://%s/mailman/listinfo/%s" % (L["name"], L["name"], L["dom"], L["helo"], L["name"])
                tt = min(t + r.randrange(0, 2 * DAY), DAYS * DAY - 1)
                w.emit(tt, L["ip"], L["helo"], "%s-bounces@%s" % (L["name"], L["dom"]), [w.local(i)[1] for i in L["subs"]], "ham", "cfp:%d" % ci,
                       [("From", "%s <%s>" % (chair["name"], chair["addr"])), ("To", "%s@%s" % (L["name"], L["dom"])), ("Subject", "[%s] %s: %s %d" % (L["name"], hdr.title(), acr, 2026)),
                        ("List-Id", "<%s.%s>" % (L["name"], L["dom"])), ("Precedence", "list")], body_node(lt, r, 0.3), r)
            # direct to harvested colleagues, each a separate message via the organiser's mail or an ESP
            direct = r.sample(range(3000), r.choice([0, 0, 1, 2, 5, 12]))
            esp = r.random() < 0.4
            for i in direct:
                tt = min(t + r.randrange(0, 6 * 3600), DAYS * DAY - 1)
                if esp:
                    c = "198.2.%d.%d" % (r.choice([130, 131, 176, 180]), r.randrange(1, 255))
                    h = "mail%d.suw%d.mcsv.net" % (r.randrange(300), r.randrange(10, 40))
                    snd = "bounce-mc.us%d_%d.%d-%s=%s@mail%d.suw%d.mcsv.net" % (r.randrange(1, 20), r.randrange(10 ** 7), r.randrange(10 ** 6), w.local(i)[1].split("@")[0], SITE, r.randrange(300), r.randrange(10, 40))
                else:
                    c, h = w.org_client(org, r)
                    snd = chair["addr"]
                w.emit(tt, c, h, snd, [w.local(i)[1]], "ham", "cfp:%d" % ci,
                       [("From", "%s <%s>" % (chair["name"], chair["addr"])), ("To", w.local(i)[1]), ("Subject", "%s: %s %d" % (hdr.title(), acr, 2026))],
                       body_node(text, r, 0.6), r)
            t += r.randint(3, 6) * DAY


GH_COMMENT = """{body}

\u2014
Reply to this email directly, view it on GitHub<https://github.com/{repo}/{kind}/{num}#issuecomment-{cid}>, or unsubscribe<https://github.com/notifications/unsubscribe-auth/{tok}>.
You are receiving this because {why}.Message ID: <{repo}/{kind}/{num}/c{cid}@github.com>"""
GH_CI = """Run failed: {wf} - {branch} ({sha})
Repository: {repo}
Workflow: {wf}
Duration: {dur}
Finished: {when}

View results<https://github.com/{repo}/actions/runs/{run}>

Jobs:
{jobs}

\u2014
You are receiving this because this workflow ran on your branch.
Manage your GitHub Actions notifications<https://github.com/settings/notifications>

GitHub, Inc. \u30fb88 Colin P Kelly Jr Street \u30fbSan Francisco, CA 94107"""
JIRA = """{who} {action} {key}
{summary}

{body}

Change By: {who}
Status: {status}
Assignee: {assignee}

This message was sent by Atlassian Jira (v1001.0.0-SNAPSHOT#100254-sha1:{sha})
Get Jira notifications on your phone! Download the Jira Cloud app for Android<https://play.google.com/store/apps/details?id=com.atlassian.android.jira.core> or iOS<https://itunes.apple.com/app/apple-store/id1006972087>"""
GITLAB = """{who} {action}:

{body}

\u2014
Reply to this email directly or view it on GitLab: https://{host}/{repo}/-/{kind}/{num}#note_{nid}
You're receiving this email because of your account on {host}. Unsubscribe from this thread: https://{host}/-/sent_notifications/{tok}/unsubscribe | Manage all notifications: https://{host}/-/profile/notifications | Help: https://{host}/help"""
OVERLEAF = """Hi {first},

{who} ({addr}) has invited you to {perm} their project "{title}".

Click the button below to join the project:

Join Project https://www.overleaf.com/project/{pid}/invite/token/{tok}

Thank you

Overleaf \u2022 https://www.overleaf.com
If you have any questions or problems, please contact support@overleaf.com"""
CODE = [
    ("Microsoft account", "account-security-noreply@accountprotection.microsoft.com", "Microsoft account security code", "Please use the following security code for the Microsoft account {masked}.\n\nSecurity code: {code}\n\nIf you don't recognise the Microsoft account {masked}, you can click here<https://account.live.com/dp?token={tok}> to remove your email address from that account.\n\nThanks,\nThe Microsoft account team"),
    ("Zoom", "no-reply@zoom.us", "Your verification code", "Hi {first},\n\nYour verification code is {code}. This code will expire in 10 minutes. If you didn't request this code, you can safely ignore this email.\n\nThanks,\nThe Zoom Team"),
    ("ORCID", "DoNotReply@verify.orcid.org", "[ORCID] Reset your ORCID password", "Hi {first},\n\nWe have received a request to reset the password for your ORCID record. Please click the link below to reset your password. This link expires in 24 hours.\n\nhttps://orcid.org/reset-password-email/{tok}\n\nIf you did not request this, please ignore this email; your password will not be changed.\n\nWarm regards,\nORCID Support Team\nhttps://support.orcid.org"),
    ("GitHub", "noreply@github.com", "[GitHub] Please verify your device", "Hey {login}!\n\nA sign in attempt requires further verification because we did not recognize your device. To complete the sign in, enter the verification code on the unrecognized device.\n\nDevice: {browser} on {os}\nVerification code: {code}\n\nIf you did not attempt to sign in to your account, your password may be compromised. Visit https://github.com/settings/security to create a new, strong password for your GitHub account.\n\nThanks,\nThe GitHub Team"),
    ("Slack", "feedback@slack.com", "Slack confirmation code: {code2}", "Confirm your email address\n\nYour confirmation code is below \u2014 enter it in your open browser window and we'll help you get signed in.\n\n{code2}\n\nIf you didn't request this email, there's nothing to worry about \u2014 you can safely ignore it.\n\nSlack Technologies, LLC, 500 Howard Street, San Francisco, CA 94105"),
]


def gen_notif(w, n):
    r, P = w.rng, w.P
    gh_nets = ["192.30.252", "140.82.112", "140.82.113", "140.82.114", "140.82.115"]
    repos = ["%s/%s" % (r.choice(["nbu-", "", ""]) + r.choice(PLACES) + r.choice(["lab", "-group", "", "-ml"]), P.word(r) + r.choice(["", "-py", "-tools", "kit", "-analysis"])) for _ in range(60)]
    repo_watch = {rp: r.sample(range(3000), r.randint(1, 12)) for rp in repos}
    jira_orgs = r.sample(w.orgs, 12)
    jira_watch = {o["dom"]: r.sample(range(3000), r.randint(2, 15)) for o in jira_orgs}
    made = 0
    while made < n:
        k = r.random()
        t = w.work_time(r)
        if k < 0.45:  # GitHub
            rp = r.choice(repos)
            ui = r.choice(repo_watch[rp])
            ip = "%s.%d" % (r.choice(gh_nets), r.randrange(1, 255))
            helo = "out-%d.smtp.github.com" % r.randrange(1, 30)
            who = r.choice(FIRST).lower() + r.choice(["", "-dev", "42", "x"])
            num = r.randrange(1, 900)
            if r.random() < 0.25:
                text = GH_CI.format(wf=r.choice(["CI", "tests", "build", "Lint"]), branch=r.choice(["main", "dev", "fix-" + P.word(r)]), sha=rid(r, 7, "0123456789abcdef"), repo=rp,
                                    dur="%dm %ds" % (r.randrange(1, 30), r.randrange(60)), when=date_hdr(t), run=r.randrange(10 ** 9, 10 ** 10),
                                    jobs="\n".join("  %s (%s) %s" % (r.choice(["test", "build", "lint", "docs"]), r.choice(["ubuntu-latest, 3.11", "ubuntu-latest, 3.12", "macos-latest"]), r.choice(["failed (1 annotation)", "succeeded", "cancelled"])) for _ in range(r.randint(1, 4))))
                subj = "[%s] Run failed: %s" % (rp, r.choice(["CI", "tests"]))
            else:
                kind = r.choice(["issues", "pull"])
                body = r.choice(["", "@%s " % w.local(ui)[1].split(".")[0]]) + P.para(r, 1, 4)
                if r.random() < 0.3:
                    body = "```\n%s\n```\n\n%s" % (P.item(r), body)
                text = GH_COMMENT.format(body=body, repo=rp, kind=kind, num=num, cid=r.randrange(10 ** 9, 10 ** 10), tok=rid(r, 40),
                                         why=r.choice(["you were mentioned", "you authored the thread", "you are subscribed to this thread", "your review was requested"]))
                subj = "Re: [%s] %s (%s #%d)" % (rp, P.item(r)[:60], "Issue" if kind == "issues" else "PR", num)
            w.emit(t, ip, helo, "noreply@github.com", [w.local(ui)[1]], "ham", "notif:github",
                   [("From", "%s <notifications@github.com>" % who), ("To", "%s <%s>" % (rp, w.local(ui)[1])), ("Subject", subj),
                    ("List-ID", "%s <%s.github.com>" % (rp, rp.replace("/", "."))), ("List-Unsubscribe", "<https://github.com/notifications/unsubscribe/%s>" % rid(r, 30))],
                   body_node(text, r, 0.9, ("qp", "7bit")), r)
        elif k < 0.65:  # Jira
            o = r.choice(jira_orgs)
            ui = r.choice(jira_watch[o["dom"]])
            inst = o["dom"].split(".")[0]
            key = "%s-%d" % (inst[:4].upper(), r.randrange(10, 3000))
            who = w.person(r, o)
            text = JIRA.format(who=who["name"], action=r.choice(["commented on", "updated", "created", "resolved"]), key=key, summary=P.item(r),
                               body=P.para(r, 1, 3), status=r.choice(["In Progress", "To Do", "Done", "In Review"]), assignee=r.choice([w.local(ui)[0], who["name"]]), sha=rid(r, 40, "0123456789abcdef"))
            ip = "%s.%d" % (r.choice(["18.246.31", "13.52.5", "18.234.32", "104.192.142"]), r.randrange(1, 255))
            w.emit(t, ip, "mail-%s.atlassian.net" % rid(r, 6), "jira@%s.atlassian.net" % inst, [w.local(ui)[1]], "ham", "notif:jira",
                   [("From", "%s (Jira) <jira@%s.atlassian.net>" % (who["name"], inst)), ("To", w.local(ui)[1]), ("Subject", "[JIRA] (%s) %s" % (key, P.item(r)[:50]))],
                   body_node(text, r, 0.95, ("qp", "b64")), r)
        elif k < 0.75:  # GitLab, self-hosted at partner institutions and gitlab.com
            o = r.choice(jira_orgs[:5])
            host = r.choice(["gitlab.com", "git.%s" % o["dom"]])
            ui = r.randrange(3000)
            text = GITLAB.format(who=w.person(r, o)["name"], action=r.choice(["commented on a discussion", "commented", "opened a merge request", "pushed new commits"]),
                                 body=P.para(r, 1, 3), host=host, repo="%s/%s" % (P.word(r), P.word(r)), kind=r.choice(["issues", "merge_requests"]), num=r.randrange(1, 500), nid=r.randrange(10 ** 8), tok=rid(r, 32, "0123456789abcdef"))
            ip = "%s.%d" % (r.choice(["34.74.90", "35.185.15"]) if host == "gitlab.com" else o["own"], r.randrange(1, 255))
            w.emit(t, ip, "mail-%s" % host, "gitlab@%s" % host, [w.local(ui)[1]], "ham", "notif:gitlab",
                   [("From", "GitLab <gitlab@%s>" % host), ("To", w.local(ui)[1]), ("Subject", "Re: %s" % P.item(r)[:60])], body_node(text, r, 0.9, ("qp", "b64")), r)
        elif k < 0.82:  # Overleaf
            ui = r.randrange(3000)
            p = w.person(r)
            text = OVERLEAF.format(first=w.local(ui)[0].split()[0], who=p["name"], addr=p["addr"], perm=r.choice(["edit", "view"]), title=P.item(r)[:50], pid=rid(r, 24, "0123456789abcdef"), tok=rid(r, 20))
            w.emit(t, "54.240.%d.%d" % (r.choice([3, 4, 8, 9]), r.randrange(1, 255)), "a%d-%d.smtp-out.eu-west-1.amazonses.com" % (r.randrange(99), r.randrange(99)),
                   "%s@eu-west-1.amazonses.com" % rid(r, 40, "0123456789abcdef"), [w.local(ui)[1]], "ham", "notif:overleaf",
                   [("From", "Overleaf <welcome@overleaf.com>"), ("To", w.local(ui)[1]), ("Subject", "%s has invited you to %s a project" % (p["name"], "edit"))], body_node(text, r, 0.9), r)
        else:  # verification codes and password resets
            svc, frm, subj, tmpl = r.choice(CODE)
            ui = r.randrange(3000)
            un, ua = w.local(ui)
            code = "%06d" % r.randrange(10 ** 6)
            text = tmpl.format(first=un.split()[0], code=code, code2="%s-%s" % (rid(r, 3, "ABCDEFGHJKLMNPQRSTUVWXYZ"), rid(r, 3, "ABCDEFGHJKLMNPQRSTUVWXYZ")),
                               masked=ua[:2] + "*****@" + SITE, tok=rid(r, 30), login=ua.split("@")[0].replace(".", "-"), browser=r.choice(["Chrome", "Firefox", "Safari"]), os=r.choice(["Windows", "macOS", "Linux"]))
            nets = {"Microsoft account": ("40.92.%d.%d", (0, 40)), "Zoom": ("170.114.%d.%d", (10, 12)), "ORCID": ("167.89.%d.%d", (100, 104)), "GitHub": ("140.82.%d.%d", (112, 116)), "Slack": ("54.240.%d.%d", (20, 30))}[svc]
            ip = nets[0] % (r.randrange(*nets[1]), r.randrange(1, 255))
            w.emit(t, ip, "mail.%s" % frm.split("@")[1], frm, [ua], "ham", "notif:code",
                   [("From", "%s <%s>" % (svc, frm)), ("To", ua), ("Subject", subj.format(code2=text.split("\n\n")[2] if svc == "Slack" else ""))], body_node(text, r, 0.8), r)
        made += 1


ANN_SUBJ = ["Message from the Vice-Chancellor", "IT Services: planned maintenance this weekend", "Library opening hours over the summer vacation",
            "Staff survey 2026 - have your say", "Fire alarm testing in the Arts Building", "Reminder: mandatory information security training",
            "Changes to the travel and expenses policy", "Research Excellence Framework: internal deadlines", "Summer graduation ceremonies - volunteers needed",
            "Car parking permits for 2026/27", "Industrial action update", "New wellbeing services for staff", "Open Day: help us welcome visitors",
            "Phishing warning: fake invoice emails", "Pension scheme consultation", "Estates: water supply interruption", "Annual leave reminder",
            "Town hall meeting with the Provost", "Building closure: Simon Building", "Research computing: new HPC cluster available"]
DEPTS = ["physics", "chemistry", "history", "maths", "eee", "law", "medicine", "english", "business", "cs"]


def gen_announce(w, n_ann):
    r, P = w.rng, w.P
    dept_members = {d: r.sample(range(3000), r.randint(80, 400)) for d in DEPTS}
    allstaff = list(range(3000))
    for ai in range(n_ann):
        subj = ANN_SUBJ[ai % len(ANN_SUBJ)]
        frm = r.choice(["internal-comms", "it-services", "library", "hr-news", "estates", "vc-office", "research-office"])
        body = "Dear colleagues,\n\n%s\n\n%s\n\n%s\n\n%s\n\n%s\nNorthbridge University\n\nThis message has been sent to all staff. Please do not reply to this email." % (
            P.para(r, 2, 5), P.para(r, 2, 4), P.para(r, 1, 3), signoff(r), r.choice(["Internal Communications", "IT Services", "The Library", "Human Resources", "Estates and Facilities", "Professor Helen Marsh, Vice-Chancellor", "Research and Innovation Office"]))
        t = w.work_time(r)
        audience = allstaff if r.random() < 0.5 else r.sample(allstaff, r.randint(200, 1500))
        batch = r.choice([0, 50, 50, 100])
        c, h = w.client("uni", None, r)
        node = body_node(body, r, 0.8)
        hdrs = [("From", "%s <%s@%s>" % (frm.replace("-", " ").title(), frm, SITE)), ("To", "All Staff <staff-all@%s>" % SITE), ("Subject", subj)]
        if batch == 0:
            w.emit(t, c, h, "%s@%s" % (frm, SITE), [w.local(i)[1] for i in audience], "ham", "announce:%d" % ai, hdrs, node, r)
        else:
            for s in range(0, len(audience), batch):
                c, h = w.client("uni", None, r)
                w.emit(t + s // batch * 2, c, h, "%s@%s" % (frm, SITE), [w.local(i)[1] for i in audience[s:s + batch]], "ham", "announce:%d" % ai, hdrs, node, r)
        # re-sent by departments, to their own members, some from their own servers
        for d in r.sample(DEPTS, r.choice([0, 0, 1, 2, 3, 4])):
            tt = t + r.randrange(1800, 2 * DAY)
            if tt >= DAYS * DAY:
                continue
            intro = r.choice(["Dear all,\n\nPlease see below a message from %s, for your information.\n\nThanks,\n%s\n%s Department Office\n\n" % (frm.replace("-", " ").title(), r.choice(FIRST), d.title()),
                              "FYI - forwarded on behalf of %s.\n\n" % frm.replace("-", " ").title(),
                              "Colleagues, forwarding this in case you missed it.\n\n"])
            fbody = intro + "-------- Forwarded Message --------\nSubject: %s\nDate: %s\nFrom: %s@%s\n\n%s" % (subj, date_hdr(t), frm, SITE, body)
            own_server = r.random() < 0.5
            if own_server:
                c, h = "193.60.%d.%d" % (40 + DEPTS.index(d), r.randrange(2, 20)), "mail.%s.%s" % (d, SITE)
            else:
                c, h = w.client("uni", None, r)
            w.emit(tt, c, h, "%s-office@%s.%s" % (d, d, SITE), [w.local(i)[1] for i in dept_members[d]], "ham", "announce:%d" % ai,
                   [("From", "%s Office <%s-office@%s.%s>" % (d.title(), d, d, SITE)), ("To", "%s-all@%s" % (d, SITE)), ("Subject", "FW: " + subj)], body_node(fbody, r, 0.8), r)
    # the university's own per-user notices (password expiry), from its relay
    for i in r.sample(range(3000), 150):
        un, ua = w.local(i)
        t = w.work_time(r)
        text = "Dear %s,\n\nThe password for your Northbridge University account (%s) will expire in %d days. Please change it before it expires at https://password.%s/ to avoid losing access to email, Blackboard and other university systems.\n\nIf you need help, contact the IT Service Desk on 0161 555 %04d or at servicedesk@%s.\n\nIT Services\nNorthbridge University" % (
            un.split()[0], ua.split("@")[0], r.choice([3, 7, 14]), SITE, 4000, SITE)
        c, h = w.client("uni", None, r)
        w.emit(t, c, h, "noreply@%s" % SITE, [ua], "ham", "notif:pwexpiry",
               [("From", "IT Services <noreply@%s>" % SITE), ("To", ua), ("Subject", "Your password will expire soon")], body_node(text, r, 0.5), r)


LIST_FOOT = ["\n\n########################################################################\n\nTo unsubscribe from the {L} list, click the following link:\nhttps://www.jiscmail.ac.uk/cgi-bin/WA-JISC.exe?SUBED1={L}&A=1",
             "\n\n--\nYou received this message because you are subscribed to the Google Groups \"{L}\" group.\nTo unsubscribe from this group and stop receiving emails from it, send an email to {L}+unsubscribe@googlegroups.com.\nTo view this discussion on the web visit https://groups.google.com/d/msgid/{L}/{mid}.",
             "\n\n_______________________________________________\n{L} mailing list\n{L}@lists.{dom}\nhttps://lists.{dom}/mailman/listinfo/{L}"]


def gen_lists(w, n):
    r, P = w.rng, w.P
    lists = []
    for i in range(14):
        o = r.choice(w.orgs)
        kind = r.randrange(3)
        name = r.choice(["HISTORY-OF-MEDICINE", "ARCH-L", "LIS-LINK", "STATS-UK", "research-software", "bioconductor-devel", "r-help", "lingua-franca", "PSYCH-METHODS", "ecology-uk", "ENG-TEACH", "digital-preservation", "OPEN-ACCESS", "hpc-users"])[:20] + ("" if i < 10 else str(i))
        if kind == 0:
            ip, helo, dom = "130.246.36.%d" % (10 + i % 3), "lists.jiscmail.ac.uk", "jiscmail.ac.uk"
        elif kind == 1:
            ip, helo, dom = None, None, "googlegroups.com"
        else:
            ip, helo, dom = "%s.%d" % (o["own"], 60), "lists.%s" % o["dom"], o["dom"]
        lists.append(dict(name=name, kind=kind, ip=ip, helo=helo, dom=dom, subs=r.sample(range(3000), r.randint(3, 90)), rate=r.uniform(0.5, 3)))
    weights = [L["rate"] for L in lists]
    made = 0
    while made < n:
        L = r.choices(lists, weights)[0]
        t = w.work_time(r)
        subj = P.item(r)[:60]
        prev = None
        thread = r.randint(1, 7)
        posters = [w.person(r) if r.random() < 0.8 else w.webmail_person(r) for _ in range(r.randint(1, 4))]
        for k in range(thread):
            p = r.choice(posters)
            text = ("%s\n\n%s\n\n%s\n%s" % (r.choice(["Dear all,", "Hi all,", "Hello list,", "Hi,", ""]) if k == 0 else r.choice(["", "I agree.", "Thanks for this."]),
                                           P.para(r, 1, 6), signoff(r), p["first"]))
            if r.random() < 0.5:
                text += "\n\n" + sig(p, r)
            if prev is not None:
                text += "\n\n" + quote_block(prev[0], prev[1], t, r)
            foot = LIST_FOOT[L["kind"]].format(L=L["name"], dom=L["dom"], mid="%x%%40%s" % (r.randrange(16 ** 10), p["addr"].split("@")[1]))
            if L["kind"] == 1:
                c, h = w.client("google", None, r)
                snd = "%s+bncBD%s@googlegroups.com" % (L["name"], rid(r, 30))
            else:
                c, h = L["ip"], L["helo"]
                snd = "owner-%s@%s" % (L["name"], L["dom"])
            w.emit(t, c, h, snd, [w.local(i)[1] for i in L["subs"]], "ham", "list:%s" % L["name"],
                   [("From", "%s <%s>" % (p["name"], p["addr"])), ("To", "%s@%s" % (L["name"], L["dom"])), ("Subject", ("[%s] " % L["name"] if L["kind"] != 1 else "") + ("Re: " if k else "") + subj),
                    ("List-Id", "<%s.%s>" % (L["name"].lower(), L["dom"])), ("List-Unsubscribe", "<mailto:%s-signoff-request@%s>" % (L["name"], L["dom"])), ("Precedence", "list")],
                   body_node(text + foot, r, 0.4), r)
            made += 1
            prev = (text, p)
            t += r.randrange(1200, DAY)
            if t >= DAYS * DAY:
                break


NEWS_HTML = """<!DOCTYPE html><html><head><meta charset="utf-8"><title>{title}</title><style>body{{margin:0;padding:0}} .btn{{background:#0a5;color:#fff}} @media only screen and (max-width:600px){{.col{{width:100%!important}}}}</style></head>
<body><table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table width="600" class="col"><tr><td><img src="https://{dom}/img/logo.png" alt="{brand}" width="180"></td></tr>
<tr><td><span style="display:none;max-height:0;overflow:hidden">{preheader}</span></td></tr>
<tr><td><h1 style="font-family:Georgia,serif">{title}</h1></td></tr>
{items}
<tr><td style="font-size:11px;color:#888">You are receiving this email because you subscribed to {brand}. <a href="https://{dom}/u/{uid}">Unsubscribe</a> | <a href="https://{dom}/prefs/{uid}">Update your preferences</a> | <a href="https://{dom}/privacy">Privacy policy</a><br>{brand}, {addr}</td></tr>
</table></td></tr></table><img src="https://{dom}/o/{uid}.gif" width="1" height="1"></body></html>"""


def gen_news(w):
    r, P = w.rng, w.P
    letters = []
    specs = [("Northbridge Staff News", "daily", 3, 2400, "own"), ("Times Higher Education Daily", "daily", 2, 14, "own"), ("Nature Briefing", "daily", 3, 12, "sendgrid"),
             ("Research Professional Funding Alert", "daily", 2, 90, "own"), ("The Conversation UK", "daily", 3, 10, "mailchimp"), ("Jisc Update", "weekly", 1, 40, "mailchimp"),
             ("Wonkhe Daily", "daily", 1, 12, "mailchimp"), ("Guardian Morning Briefing", "daily", 3, 8, "sendgrid"), ("University Sports Club", "weekly", 2, 30, "mailchimp"),
             ("Campus Cafe Offers", "weekly", 1, 25, "sendgrid"), ("Royal Society of Chemistry News", "weekly", 2, 25, "dotdigital"), ("IEEE Spectrum Tech Alert", "weekly", 3, 25, "own")]
    for name, freq, ncols, nsubs, esp in specs:
        dom = name.lower().replace(" ", "")[:14] + ".co.uk"
        if esp == "own":
            pool = ["%d.%d.%d" % (r.randrange(130, 220), r.randrange(256), r.randrange(256))]
        elif esp == "mailchimp":
            pool = ["198.2.%d" % r.randrange(128, 192) for _ in range(r.choice([1, 2, 6]))]
        elif esp == "sendgrid":
            pool = ["167.89.%d" % r.randrange(0, 128) for _ in range(r.choice([1, 3, 8]))]
        else:
            pool = ["185.8.%d" % r.randrange(200, 210) for _ in range(r.choice([1, 2]))]
        subs = r.sample(range(3000), min(nsubs, 3000))
        wd = r.randrange(5)
        per_rcpt = esp != "own" or name.startswith("IEEE")
        for d in range(DAYS):
            if freq == "weekly" and d % 7 != wd:
                continue
            if freq == "daily" and (d % 7) >= 5 and name != "Guardian Morning Briefing":
                continue
            t = d * DAY + 6 * 3600 + r.randrange(3600)
            heads = [P.sentence(r)[:90] for _ in range(r.randint(3, 7))]
            items = "".join("<tr><td><h2><a href=\"https://%s/a/%s\">%s</a></h2><p>%s</p><a class=\"btn\" href=\"https://%s/a/%s\">Read more</a></td></tr>\n" % (dom, rid(r, 10), esc(h), esc(P.para(r, 1, 3)), dom, rid(r, 10)) for h in heads)
            title = "%s - %s" % (name, day_str(t, "%A %d %B"))
            plain_too = r.random() < 0.5
            group = "news:%s" % dom
            for batch in ([[i] for i in subs] if per_rcpt else [subs]):
                uid = rid(r, 16)
                html = NEWS_HTML.format(title=esc(title), dom=dom, brand=esc(name), preheader=esc(heads[0]), items=items, uid=uid, addr="1 Example Street, London EC1A 1AA")
                ip = "%s.%d" % (r.choice(pool), r.randrange(1, 255))
                if name.startswith("Northbridge"):
                    ip = w.client("uni", None, r)[0]
                snd = "bounces+%s-%s=%s@em.%s" % (rid(r, 8, "0123456789"), w.local(batch[0])[1].split("@")[0], SITE, dom) if per_rcpt else "news@%s" % dom
                if plain_too:
                    text = "%s\n\n" % title + "\n\n".join(heads) + "\n\nUnsubscribe: https://%s/u/%s" % (dom, uid)
                    node = ("multi", "alternative", [("text", "plain", text, "qp"), ("text", "html", html, "qp")])
                else:
                    node = ("text", "html", html, r.choice(["qp", "b64"]))
                w.emit(min(t + r.randrange(0, 1800), DAYS * DAY - 1), ip, "o%d.em.%s" % (r.randrange(1, 9), dom), snd, [w.local(i)[1] for i in batch], "ham", group,
                       [("From", "%s <news@%s>" % (name, dom)), ("To", w.local(batch[0])[1] if per_rcpt else "undisclosed-recipients:;"), ("Subject", title),
                        ("List-Unsubscribe", "<https://%s/u/%s>, <mailto:unsub-%s@em.%s>" % (dom, uid, uid, dom)), ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")], node, r)


SHOPS = [("Amazon.co.uk", "amazon.co.uk", "54.240", 24, "Your Amazon.co.uk order #{order}"),
         ("Waterstones", "waterstones.com", "185.8.205", 1, "Your Waterstones order {order} has been dispatched"),
         ("Apple", "email.apple.com", "17.111.110", 1, "Your receipt from Apple."),
         ("Uber", "uber.com", "167.89.64", 3, "Your Thursday morning trip with Uber"),
         ("Deliveroo", "deliveroo.co.uk", "149.72.%d" % 51, 2, "Your order's been placed"),
         ("Trainline", "trainline.com", "54.240", 8, "Your booking confirmation {order}"),
         ("British Airways", "email.ba.com", "91.211.242", 1, "Your booking confirmation {order}"),
         ("Booking.com", "booking.com", "5.57.20", 2, "Your booking is confirmed at {hotel}"),
         ("easyJet", "easyjet.com", "185.8.206", 1, "Your easyJet booking {order}")]
RECEIPT = """{greet}

{lead}

{olabel}{order}
{placed} {date}

{lines}

Subtotal: \u00a3{sub}
Delivery: \u00a3{deliv}
Order total: \u00a3{total}

{ship}

{foot}"""
RECEIPT_FOOT = "{extra}\n\n{shop}\n\nThis email was sent from a notification-only address that cannot accept incoming email. Please do not reply to this message. To learn more about how we use your personal information, please read our Privacy Notice. {shop} is a trading name of {shop} Services Ltd, registered in England and Wales, company number {regno}, registered office: 1 Principal Place, Worship Street, London EC2A 2FA. VAT number GB {vat}."
FLIGHT = """Dear {name},

Thank you for booking with {shop}. Your booking reference is {order}.

Passenger(s)
{pax}

Outbound
{fl} {from_} to {to}
Departs {dep}  Arrives {arr}
Cabin: {cabin}   Baggage: 1 x 23kg

{ret}

Manage your booking at https://www.{dom}/manage?ref={order}&name={last}

Important information
{info}

{shop} Customer Services. This email was sent to {addr}. Please do not reply to this email."""


def shop_style(P, shop):
    q = random.Random(shop)
    return dict(order=q.choice(["Order #", "Order number: ", "Your order ID ", "Order reference ", "Receipt no. "]), placed=q.choice(["Placed on", "Order date:", "Date", "Ordered"]),
                lead=q.choice(["Thank you for your order. We'll let you know once your item(s) have dispatched.", "Thanks for shopping with us.", "Here is your receipt.", "Good news - your order is on its way.", "We've received your order."]),
                extra=P.para(q, 1, 3), foot=P.para(q, 2, 3), info=P.para(q, 2, 4))


def gen_receipts(w, n):
    r, P = w.rng, w.P
    airports = ["London Heathrow", "Manchester", "Amsterdam Schiphol", "Paris Charles de Gaulle", "Berlin Brandenburg", "Barcelona", "Boston Logan", "New York JFK", "Edinburgh", "Dublin", "Rome Fiumicino", "Copenhagen"]
    for _ in range(n):
        shop, dom, net, nnet, subj = r.choice(SHOPS)
        ui = r.randrange(3000)
        un, ua = w.local(ui)
        t = w.work_time(r)
        order = "%03d-%07d-%07d" % (r.randrange(1000), r.randrange(10 ** 7), r.randrange(10 ** 7)) if "amazon" in dom else rid(r, 6, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        st = shop_style(P, shop)
        if shop in ("British Airways", "easyJet", "Trainline"):
            a, b = r.sample(airports, 2)
            text = FLIGHT.format(name=un, shop=shop, order=order, pax="\n".join([un] + [w.person(r)["name"] for _ in range(r.choice([0, 0, 1]))]),
                                 fl=("BA%d" if shop == "British Airways" else "EZY%d" if shop == "easyJet" else "Train %d") % r.randrange(100, 9999), from_=a, to=b,
                                 dep=day_str(t + DAY * r.randint(3, 40), "%a %d %b %Y %H:%M"), arr=day_str(t + DAY * 41, "%H:%M"), cabin=r.choice(["Economy", "Euro Traveller", "Standard"]),
                                 ret="Return\n%s to %s\nDeparts %s" % (b, a, day_str(t + DAY * r.randint(41, 60), "%a %d %b %Y %H:%M")) if r.random() < 0.6 else "",
                                 dom=dom, last=un.split()[-1].upper(), addr=ua, info=st["info"])
            group = "travel:%s" % dom
        elif shop == "Booking.com":
            hotel = "%s %s" % (r.choice(["Hotel", "The", "Grand", "Park Inn"]), r.choice(PLACES).capitalize())
            subj = subj.replace("{hotel}", hotel)
            text = "Thanks, %s! Your booking in %s is confirmed.\n\n%s\nConfirmation number: %d\nPIN code: %04d\nCheck-in: %s (from 15:00)\nCheck-out: %s (until 11:00)\nYou booked for %d adult(s).\nPrice: \u20ac %d\n\nFree cancellation until %s.\n\nManage your booking: https://secure.booking.com/myreservations.html?bn=%d\n\nCopyright \u00a9 1996\u20132026 Booking.com. All rights reserved. This email was sent by Booking.com B.V., Oosterdokskade 163, 1011 DL Amsterdam, Netherlands." % (
                un.split()[0], r.choice(airports).split()[0], hotel, r.randrange(10 ** 9, 10 ** 10), r.randrange(10000), day_str(t + DAY * 20, "%a %d %b %Y"), day_str(t + DAY * 23, "%a %d %b %Y"),
                r.randint(1, 2), r.randrange(150, 900), day_str(t + DAY * 18, "%d %B %Y"), r.randrange(10 ** 9, 10 ** 10))
            group = "travel:%s" % dom
        else:
            lines = "\n".join("%s\nQty: %d   \u00a3%d.%02d" % (P.item(r)[:50] if r.random() < 0.5 else "%s %s" % (P.word(r).capitalize(), r.choice(["USB-C cable 2m", "notebook A5", "paperback", "desk lamp", "coffee beans 1kg", "backpack"])), r.randint(1, 3), r.randrange(3, 80), r.randrange(100)) for _ in range(r.randint(1, 4)))
            sub = r.randrange(5, 200)
            text = RECEIPT.format(greet="Hello %s," % un.split()[0], lead=st["lead"], olabel=st["order"], placed=st["placed"],
                                  order=order, date=day_str(t, "%d %B %Y"), lines=lines, sub="%d.%02d" % (sub, r.randrange(100)), deliv="0.00", total="%d.%02d" % (sub, r.randrange(100)),
                                  ship="Delivering to:\n%s\n%d %s Road\n%s" % (un, r.randrange(1, 200), r.choice(PLACES).capitalize(), r.choice(PLACES).capitalize()),
                                  foot=RECEIPT_FOOT.format(extra=st["extra"], shop=shop, regno="0%d" % (sum(map(ord, shop)) * 7919 % 10 ** 7), vat="%d" % (sum(map(ord, shop)) * 104729 % 10 ** 9)))
            group = "receipt:%s" % dom
        ip = "%s.%d.%d" % (net, r.choice([10, 11, 12, 13, 16, 17, 18, 19, 32, 33, 34, 35, 48, 49, 50, 51, 80, 81, 82, 83, 100, 101, 102, 103][:nnet]), r.randrange(1, 255)) if net.count(".") == 1 else "%s.%d" % (net, r.randrange(1, 255))
        html = html_of(text, "font-family:Arial,sans-serif;font-size:14px;color:#111")
        node = ("multi", "alternative", [("text", "plain", text, "qp"), ("text", "html", html, "qp")]) if r.random() < 0.6 else ("text", "html", html, r.choice(["qp", "b64"]))
        w.emit(t, ip, "%s.smtp-out.%s" % (rid(r, 8, "0123456789abcdef"), dom), "%s@bounce.%s" % (rid(r, 24, "0123456789abcdef"), dom), [ua], "ham", group,
               [("From", "%s <no-reply@%s>" % (shop, dom)), ("To", ua), ("Subject", subj.format(order=order))], node, r)


def gen_toc(w):
    r, P = w.rng, w.P
    pubs = [("Elsevier", "elsevier.com", ["145.36.1", "145.36.2"]), ("Springer Nature", "springernature.com", ["194.104.109", "194.104.111", "62.168.32"]),
            ("Wiley", "wiley.com", ["192.174.164"]), ("Taylor & Francis", "tandfonline.com", ["167.89.%d" % 77, "167.89.78"]), ("Oxford Academic", "oup.com", ["185.8.207"])]
    for j in range(16):
        pub, dom, nets = r.choice(pubs)
        jn = "%s %s" % (r.choice(["Journal of", "International Journal of", "Annals of", "Reviews in", "Advances in"]), r.choice(sum(CFP_FIELDS.values(), [])).title())
        subs = r.sample(range(3000), r.randint(2, 20))
        for iss in range(r.choice([1, 1, 2, 3])):
            t = w.work_time(r)
            q = random.Random(pub)
            fmt = q.choice(["{title}\n{authors}\n{kind}, Pages {p1}-{p2}\nhttps://doi.org/{doi}", "{kind}\n{title}\nby {authors}\nRead article: https://{dom}/doi/{doi}",
                            "{title} ({kind})\n{authors}\n{jn} {vol}({iss}): {p1}-{p2}", "{n}. {title}\n   {authors}\n   Open access | {kind}"])
            head = q.choice(["{jn}\nTable of Contents Alert\nVolume {vol}, Issue {iss}", "New issue alert: {jn}", "The latest issue of {jn} is now available online", "{jn} - Volume {vol} Issue {iss} is now available"])
            foot = P.para(q, 2, 4)
            arts = "\n\n".join(fmt.format(title=P.sentence(r)[:120].rstrip("."), authors=", ".join(w.person(r)["name"] for _ in range(r.randint(1, 5))), kind=r.choice(["Research article", "Review", "Original Article", "Short communication"]),
                                            p1=r.randrange(1, 500), p2=r.randrange(500, 999), doi="10.%d/%s" % (1000 + j, rid(r, 10)), dom=dom, jn=jn, vol=40 + j, iss=iss + 1, n=k + 1) for k in range(r.randint(4, 12)))
            text = head.format(jn=jn, vol=40 + j, iss=iss + 1) + "\n\n" + arts + "\n\n" + foot + "\n%s https://%s/alerts" % (pub, dom)
            for i in subs:
                tt = min(t + r.randrange(3600), DAYS * DAY - 1)
                w.emit(tt, "%s.%d" % (r.choice(nets), r.randrange(1, 255)), "mail.%s" % dom, "alerts-bounce-%s@%s" % (rid(r, 10), dom), [w.local(i)[1]], "ham", "toc:%d" % j,
                       [("From", "%s <alerts@%s>" % (pub, dom)), ("To", w.local(i)[1]), ("Subject", "%s: Volume %d, Issue %d" % (jn, 40 + j, iss + 1))], body_node(text, r, 0.8), r)


# ------------------------------------------------------------------ spam

ADS = [
    ("pharma", "{greet}\n\nOur online pharmacy offers {drug} at prices up to {pct}% below your local chemist. No prescription needed, discreet worldwide delivery in 5-7 days.\n\nOrder now: {link}\n\nThis week only: free pills with every order over ${amt}."),
    ("crypto", "{greet}\n\nMy name is {sname} and I made ${amt},000 in the last {n} weeks with a simple automated trading system that anyone can use. The banks don't want you to know about it.\n\nSee how it works: {link}\n\nSpaces are limited to {n}0 new members this month."),
    ("seo", "{greet}\n\nI was looking at your website and noticed it is not ranking on the first page of Google for several important keywords. We are a team of {n}0 SEO experts and can bring your site to the top within {n} weeks, guaranteed.\n\nReply with your budget and I will send you a free audit report.\n\nBest regards,\n{sname}\nSenior SEO Consultant"),
    ("loan", "{greet}\n\nYou have been pre-approved for a personal loan of up to \u00a3{amt},000 at {pct}.9% APR representative. Bad credit? No problem. Money in your account within 24 hours.\n\nCheck your eligibility: {link}"),
    ("journal", "Dear Dr. {rname},\n\nGreetings from the {jname}! We have gone through your recent publication and were impressed by the quality of your work. We cordially invite you to submit your next manuscript to our journal. Article processing charges are only ${amt} for this month's issue, with peer review within {n} days.\n\nSubmit online: {link}\n\nEditorial Office\n{jname}"),
    ("dating", "{greet}\n\nI saw your profile and I think we have a lot in common :) I'm {sname}, {n}5 years old, I just moved to your area and I don't know many people here. Would you like to chat? I posted some new photos here: {link}\n\nxoxo"),
    ("warranty", "{greet}\n\nFINAL NOTICE: our records show that the warranty on your vehicle is about to expire. Act now to avoid paying for costly repairs out of pocket. Coverage starts at just ${amt} a month.\n\nActivate your coverage: {link}\n\nReply STOP to opt out."),
    ("b2b", "{greet}\n\nWould you be interested in an email list of {n},000 verified decision makers in higher education? Each record includes name, title, email, phone and institution. We can also provide lists by country and job title.\n\nLet me know your target audience and I will send samples and pricing.\n\nRegards,\n{sname}\nData Specialist"),
    ("webinar", "{greet}\n\nJoin our free masterclass: How {n} universities cut their procurement costs by {pct}%. {date}, 2pm BST. Seats are limited.\n\nRegister here: {link}\n\nCan't make it? Register anyway and we'll send you the recording."),
    ("419", "Dear Friend,\n\nI am {sname}, a senior partner at a law firm. I am contacting you regarding the estate of my late client who died intestate, leaving the sum of ${amt},500,000.00 in a dormant account. I need a foreign partner to stand as next of kin. You will receive {pct}% of the total sum.\n\nReply to my private email for more details.\n\nYours faithfully,\n{sname}"),
    ("watches", "{greet}\n\nLuxury replica watches - Rolex, Omega, Breitling - Swiss movement, sapphire glass, indistinguishable from the originals. From ${amt}. Free shipping this week only.\n\nVisit our store: {link}"),
    ("diet", "{greet}\n\nDoctors are stunned: this {n}-second morning ritual melts {n}0lbs of belly fat without diet or exercise. Watch the free video before it is taken down: {link}"),
]
PHISH = [
    ("mailbox", "Dear {rname},\n\nYour mailbox {addr} has exceeded its storage limit of 50 GB as set by your administrator. You are currently running on 49.8 GB. You may not be able to send or receive new mail until you re-validate your mailbox.\n\nTo re-validate your mailbox please click here: {link}\n\nThank you,\n{org} IT Service Desk\n\nMessage ID: {mid}"),
    ("invoice", "Hello,\n\nPlease find attached invoice {inv} for payment. The balance of \u00a3{amt}.{cents} is now overdue. Kindly arrange payment at your earliest convenience.\n\nRegards,\n{sname}\nAccounts Receivable\n{corp}"),
    ("docusign", "{sname} sent you a document to review and sign.\n\nREVIEW DOCUMENT {link}\n\nPlease review and sign: {doc}.pdf\n\nDo Not Share This Email\nThis email contains a secure link to DocuSign. Please do not share this email, link, or access code with others.\n\nAbout DocuSign\nSign documents electronically in just minutes. It's safe, secure, and legally binding."),
    ("pwexpire", "Dear User,\n\nYour {org} account password expires today. To keep your current password, verify your account within 24 hours, after which your account will be suspended.\n\nKeep Same Password: {link}\n\nIT Help Desk\n{org}"),
    ("voicemail", "You have received a new voicemail message.\n\nFrom: +44 {ph}\nDuration: 00:0{n}:{sec}\nReceived: {date}\n\nPlay message: {link}\n\nMicrosoft Teams Voice"),
    ("shared", "{sname} has shared a file with you.\n\n{doc}.xlsx\n\n\"{note}\"\n\nOpen {link}\n\nThis link will work for anyone with access. Microsoft respects your privacy. To learn more, please read our Privacy Statement."),
]
GREETS = ["Hello {rname},", "Hi {rname},", "Dear {rname},", "Hey {rname}!", "Hello,", "Dear Sir/Madam,", "Good day,", "Hi there,"]
DRUGS = ["Viagra", "Cialis", "Tramadol", "Xanax", "Levitra", "Ambien", "Propecia"]
CHEAP_TLD = ["top", "xyz", "icu", "click", "buzz", "shop", "online", "site", "live", "ru", "cn", "info", "biz"]
FORGE_DOM = ["gmail.com", "yahoo.com", "outlook.com", "hotmail.com", "aol.com", "mail.ru", "qq.com", "163.com", "comcast.net", "orange.fr", "web.de", "gmx.de", "libero.it"]
BOT_A = [1, 2, 5, 14, 27, 31, 36, 37, 39, 41, 42, 45, 46, 49, 58, 59, 60, 61, 77, 78, 79, 82, 83, 84, 85, 86, 88, 89, 91, 93, 94, 95, 101, 103, 106, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 171, 175, 176, 177, 178, 179, 180, 181, 182, 183, 186, 187, 189, 190, 191, 197, 200, 201, 210, 211, 218, 219, 220, 221, 222]


class Campaign:
    def __init__(self, w, ci, kind, r):
        self.w, self.r, self.ci = w, r, ci
        self.kind = kind  # ad | phish
        if kind == "ad":
            self.topic, self.tmpl = r.choice(ADS)
        else:
            self.topic, self.tmpl = r.choice(PHISH)
        self.src = r.choice(["botnet"] * 5 + ["snowshoe"] * 3 + (["compromised"] * 3 if kind == "phish" else ["esp"]))
        self.var = r.sample(["names", "links", "words", "buster", "prose", "html", "encoding"], r.randint(1, 4))
        self.size = int(round(r.choice([15, 25, 40, 60, 100, 150, 250, 400]) * r.uniform(0.7, 1.3)))
        self.start = r.randrange(0, DAYS * DAY - 3600)
        self.dur = r.choice([1800, 3 * 3600, 12 * 3600, DAY, 3 * DAY])
        self.doms = ["%s%s.%s" % (r.choice(PLACES), r.choice(["-deals", "mail", "news", "offers", "-info", "hub", ""]), r.choice(CHEAP_TLD)) for _ in range(r.randint(3, 20))]
        self.base_link = "https://%s/%s" % (r.choice(self.doms), rid(r, 6))
        self.snow = ["%d.%d.%d" % (r.choice([23, 45, 64, 66, 69, 104, 107, 138, 141, 142, 149, 155, 162, 167, 185, 192, 193, 194, 198, 204, 206, 208, 209]), r.randrange(256), r.randrange(256))]
        b = self.snow[0].rsplit(".", 1)
        for k in range(1, r.randint(3, 12)):
            self.snow.append("%s.%d" % (b[0], (int(b[1]) + k) % 256))
        self.comp = r.choice(w.orgs)
        self.esp_pool = ["167.89.%d" % r.randrange(128) for _ in range(r.randint(1, 3))]
        self.subj = {"pharma": "Your order discount", "crypto": "I made $%d,000 last month" % r.randint(10, 90), "seo": "Website ranking proposal", "loan": "You're pre-approved",
                     "journal": "Invitation to publish in our journal", "dating": "hi there", "warranty": "Final notice", "b2b": "Higher education contact list",
                     "webinar": "Free masterclass: cut procurement costs", "419": "Confidential proposal", "watches": "Luxury watches sale", "diet": "Doctors stunned",
                     "mailbox": "Mailbox storage full - action required", "invoice": "Invoice attached", "docusign": "Please DocuSign: contract agreement", "pwexpire": "Password expiry notice",
                     "voicemail": "New voicemail message", "shared": "Shared document"}[self.topic]
        self.fixed = dict(sname="%s %s" % (r.choice(FIRST), r.choice(LAST)), amt=r.randrange(20, 900), pct=r.randrange(20, 80), n=r.randint(2, 9),
                          jname="International Journal of %s" % r.choice(sum(CFP_FIELDS.values(), [])).title(), corp="%s %s Ltd" % (r.choice(PLACES).capitalize(), r.choice(ORGWORDS).capitalize()),
                          doc=r.choice(["Contract_Agreement", "Payment_Schedule", "Q2_Report", "Salary_Review_2026", "Invoice_%d" % r.randrange(1000, 9999)]),
                          note=r.choice(["Please review and let me know", "FYI", "As discussed"]))

    def copy(self, k):
        w, r = self.w, self.r
        rc = sorted(set(r.choice(w.exposed) for _ in range(int(round(1 * (20 ** r.random()))))))
        rn, ra = w.local(rc[0])
        d = dict(self.fixed)
        if "names" in self.var:
            d["sname"] = "%s %s" % (r.choice(FIRST), r.choice(LAST))
            d["amt"] = r.randrange(20, 900)
        d.update(rname=rn.split()[0] if r.random() < 0.7 else rn, addr=ra, org="Northbridge University", drug=r.choice(DRUGS) if "names" in self.var else DRUGS[self.ci % len(DRUGS)],
                 link=("https://%s/%s?id=%s" % (r.choice(self.doms), rid(r, 6), rid(r, 12))) if "links" in self.var else self.base_link,
                 mid=rid(r, 24), inv="INV-%06d" % r.randrange(10 ** 6), cents="%02d" % r.randrange(100), ph="7%03d %06d" % (r.randrange(1000), r.randrange(10 ** 6)),
                 sec="%02d" % r.randrange(60), date=day_str(self.start, "%d %B %Y"))
        d["greet"] = r.choice(GREETS).format(rname=d["rname"]) if "names" in self.var else GREETS[self.ci % len(GREETS)].format(rname=d["rname"])
        text = self.tmpl.format(**d)
        P = w.P
        if "words" in self.var:
            ws = text.split(" ")
            for _ in range(max(1, len(ws) // 12)):
                ws.insert(r.randrange(len(ws)), P.word(r))
            text = " ".join(ws)
        if "prose" in self.var:
            text += "\n\n\n\n" + P.para(r, 2, 6)
        if "buster" in self.var:
            text += "\n\n" + " ".join(rid(r, r.randint(5, 12)) for _ in range(r.randint(3, 10)))
        ctes = ["qp", "b64", "8bit"] if "encoding" in self.var else ["qp"]
        if "html" in self.var:
            hidden = "<div style=\"display:none;font-size:0;color:#fff\">%s</div>" % esc(P.para(r, 1, 4))
            body = esc(text)
            # break words with empty tags, entity-encode some letters
            body = "".join(("&#%d;" % ord(ch) if ch.isalpha() and r.random() < 0.08 else ch) + ("<span></span>" if ch.isalpha() and r.random() < 0.05 else "") for ch in body)
            html = "<html><body>%s<table width=\"600\"><tr><td style=\"font-family:Arial\">%s</td></tr></table><!-- %s --></body></html>" % (
                hidden, body.replace("\n\n", "<br><br>\n"), rid(r, 40))
            node = ("text", "html", html, r.choice(ctes))
        else:
            node = body_node(text, r, 0.4, ctes)
        if self.topic == "invoice":
            node = ("multi", "mixed", [node, ("att", "application/vnd.ms-excel.sheet.macroEnabled.12" if r.random() < 0.5 else "application/pdf", "%s.%s" % (d["inv"], r.choice(["xlsm", "pdf", "html"])), bytes(r.randrange(256) for _ in range(r.randrange(3000, 12000))))])
        if self.src == "botnet":
            ip = "%d.%d.%d.%d" % (r.choice(BOT_A), r.randrange(256), r.randrange(256), r.randrange(1, 255))
            helo = r.choice(["[%s]" % ip, "User-PC", "DESKTOP-%s" % rid(r, 7, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"), "%s.dynamic.%s" % (ip.replace(".", "-"), r.choice(["telecom.net", "cable.example.net", "dsl.com.br"]))])
            sd = r.choice(FORGE_DOM + self.doms)
            snd = "%s%d@%s" % (r.choice(FIRST).lower(), r.randrange(1000), sd)
            frm = "%s <%s>" % (d["sname"], snd)
        elif self.src == "snowshoe":
            ip = "%s.%d" % (r.choice(self.snow), r.randrange(2, 254))
            sd = r.choice(self.doms)
            helo = "mail%d.%s" % (r.randrange(1, 50), sd)
            snd = "%s@%s" % (r.choice(["info", "news", "offers", "contact", rid(r, 8)]), sd)
            frm = "%s <%s>" % (d["sname"], snd)
        elif self.src == "compromised":
            ip, helo = w.org_client(self.comp, r) if self.comp["host"] != "own" else w.client("m365", None, r)
            snd = w.person(r, self.comp)["addr"] if r.random() < 0.3 else ("%s@%s" % (self.fixed["sname"].split()[0].lower(), self.comp["dom"]))
            frm = "%s <%s>" % ("Northbridge IT Service Desk" if self.topic in ("mailbox", "pwexpire") else d["sname"], snd)
        else:  # abused ESP account
            ip = "%s.%d" % (r.choice(self.esp_pool), r.randrange(1, 255))
            helo = "o%d.ptr%d.sendgrid.net" % (r.randrange(1, 9), r.randrange(1000))
            snd = "bounces+%s@em%d.%s" % (rid(r, 8, "0123456789"), r.randrange(100, 999), self.doms[0])
            frm = "%s <hello@%s>" % (d["sname"], self.doms[0])
        hdrs = [("From", frm), ("To", ra if len(rc) == 1 else "undisclosed-recipients:;"), ("Subject", self.subj if "names" not in self.var else self.subj + r.choice(["", " " + d["rname"], " - %s" % rid(r, 4, "0123456789")]))]
        if self.src in ("snowshoe", "esp") or r.random() < 0.2:
            hdrs.append(("List-Unsubscribe", "<https://%s/unsub/%s>" % (r.choice(self.doms), rid(r, 16))))
        t = self.start + int(self.dur * (k / max(1, self.size)) + r.randrange(0, 600))
        w.emit(min(t, DAYS * DAY - 1), ip, helo, snd, [w.local(i)[1] for i in rc], "spam", "%s:%s-%s-%d" % ("campaign" if self.kind == "ad" else "phish", self.topic, self.src, self.ci), hdrs, node, r)


def gen_spam(w, n_ad_camp, n_phish_camp, n_single):
    r = w.rng
    ci = 0
    for kind, nc in (("ad", n_ad_camp), ("phish", n_phish_camp)):
        for _ in range(nc):
            c = Campaign(w, ci, kind, r)
            ci += 1
            for k in range(c.size):
                c.copy(k)
    # one-off spam: each its own campaign of one copy, from a random template
    for _ in range(n_single):
        c = Campaign(w, ci, "ad" if r.random() < 0.8 else "phish", r)
        c.var = r.sample(["names", "links", "words", "prose", "html"], r.randint(2, 4))
        c.start = r.randrange(DAYS * DAY)
        c.copy(0)
        w.rows[-1][7] = "single"
        ci += 1


def main():
    seed = 1
    try:
        opts, args = getopt.getopt(sys.argv[1:], "s:")
    except getopt.GetoptError as e:
        sys.exit("en.py: %s\nusage: en.py [-s SEED] OUTDIR" % e)
    for o, a in opts:
        if o == "-s":
            seed = int(a)
    if len(args) != 1:
        sys.exit("usage: en.py [-s SEED] OUTDIR")
    w = World(seed)
    gen_personal(w, 800)
    gen_invites(w, 380)
    gen_ooo(w, 220)
    gen_cfp(w, 40)
    gen_notif(w, 700)
    gen_announce(w, 16)
    gen_lists(w, 600)
    gen_news(w)
    gen_receipts(w, 260)
    gen_toc(w)
    gen_spam(w, 30, 10, 1100)
    w.write(args[0])


if __name__ == "__main__":
    main()
