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
"""
enu.py SEED OUTDIR -- an English-language university's MX stream over two
weeks, written independently of the nilsimsa-milter project's generators
(helper-50, 2026-11-28, without reading mksite.py or xsite's others).
Packages: fortunes fortunes-min debian-faq debian-reference-en
debian-handbook doc-debian jargon-text miscfiles wamerican gnu-standards.

Writes OUTDIR/stream.tsv (path t client helo sender rcpts class group) and
OUTDIR/msg/NNNNNN.eml. Deterministic for a seed. Prose comes from Debian
packages (fortunes, Debian FAQ, debian-reference, debian-handbook, jargon,
GNU standards, READMEs, man pages) through corpus.py.
"""
import base64
import datetime
import hashlib
import os
import quopri
import random
import re
import sys
from email.header import Header

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import enu_prose as corpus  # noqa: E402

SEED = int(sys.argv[1]) if len(sys.argv) > 1 else 1
OUT = sys.argv[2] if len(sys.argv) > 2 else 'enu-stream%d' % SEED
R = random.Random(SEED)
T0 = 1780272000                  # 2026-06-01 00:00 UTC, a Monday
DAYS = 14
SITE = 'hartwell.edu'
SITE_NAME = 'Hartwell University'
SITE_NETS = ['128.197.%d' % x for x in (20, 21)]   # the university's own relays

POOL = corpus.load()
SRC_W = [('fortune', 3), ('faq', 1), ('reference', 1), ('handbook', 3), ('jargon', 1),
         ('gnu', 1), ('debiandoc', 1), ('readme', 1), ('man', 1)]
SRC_LIST = [s for s, w in SRC_W for _ in range(w)]


def sent(r=R):
    return r.choice(POOL[r.choice(SRC_LIST)])


def para(r=R, lo=1, hi=4):
    return ' '.join(sent(r) for _ in range(r.randint(lo, hi)))


def words_from(r=R, lo=3, hi=7):
    s = re.sub(r'[^A-Za-z \-]', '', sent(r)).split()
    if len(s) < lo:
        return words_from(r, lo, hi)
    n = r.randint(lo, min(hi, len(s)))
    i = r.randint(0, len(s) - n)
    return ' '.join(s[i:i + n])


def title_case(s):
    small = {'a', 'an', 'the', 'of', 'and', 'or', 'in', 'on', 'for', 'to', 'with', 'by', 'at'}
    out = []
    for i, w in enumerate(s.split()):
        out.append(w.lower() if (i and w.lower() in small) else w[:1].upper() + w[1:].lower())
    return ' '.join(out)


SPIN = {'cr': None, 'level': 1.0}


def spin(text, r=R):
    """Expand {a|b|c} (nested) spintax. Inside a spam campaign (SPIN['cr'] set),
    each choice is the campaign's own (the same in every copy) unless, with
    probability SPIN['level'], the copy draws its own."""
    cr, level = SPIN['cr'], SPIN['level']
    while True:
        m = re.search(r'\{([^{}]*)\}', text)
        if not m:
            return text
        opts = m.group(1).split('|')
        if cr is not None and len(opts) > 1:
            ic, ir = cr.randrange(len(opts)), r.randrange(len(opts))
            pick = opts[ir] if r.random() < level else opts[ic]
        else:
            pick = r.choice(opts)
        text = text[:m.start()] + pick + text[m.end():]


def hexid(r, n):
    return '%0*x' % (n, r.getrandbits(4 * n))


def alnum(r, n, chars='abcdefghijklmnopqrstuvwxyz0123456789'):
    return ''.join(r.choice(chars) for _ in range(n))


# ---------------------------------------------------------------- names
FIRST = [w.strip() for w in corpus.gzip.open('/usr/share/dict/propernames.gz', 'rt') if w.strip().isalpha()]
FIRST += ['Wei', 'Jing', 'Li', 'Xin', 'Yuki', 'Hiroshi', 'Priya', 'Rahul', 'Ananya', 'Arjun', 'Fatima',
          'Mohammed', 'Aisha', 'Omar', 'Chinedu', 'Ngozi', 'Kwame', 'Sipho', 'Lucia', 'Mateo', 'Sofia',
          'Ines', 'Joao', 'Minh', 'Thanh', 'Seo-yeon', 'Min-jun', 'Olga', 'Dmitri', 'Katarzyna', 'Lukas',
          'Anneliese', 'Giulia', 'Lorenzo', 'Chloe', 'Amelia', 'Oliver', 'Harry', 'Isla', 'Freya', 'Siobhan']
LAST = ('Smith Jones Taylor Brown Williams Wilson Johnson Davies Robinson Wright Thompson Evans Walker White '
        'Roberts Green Hall Wood Jackson Clarke Patel Khan Lewis James Phillips Mason Mitchell Rose Davis '
        'Rodriguez Cox Alexander Garden Campbell Johnston Moore Smyth Oneill Doherty Stewart Quinn Murphy '
        'Graham Mclaughlin Hamilton Murray Hughes Robertson Thomson Scott Macdonald Reid Clark Ross Young '
        'Watson Paterson Morrison Miller Chen Wang Li Zhang Liu Yang Huang Zhao Wu Zhou Xu Sun Ma Zhu Hu '
        'Guo He Lin Gao Luo Nguyen Tran Le Pham Kim Lee Park Choi Jung Kang Cho Yoon Tanaka Suzuki Sato '
        'Takahashi Watanabe Ito Yamamoto Nakamura Kobayashi Kato Singh Kumar Sharma Gupta Das Reddy Iyer '
        'Nair Menon Bose Okafor Adeyemi Okonkwo Mensah Owusu Ndlovu Dlamini Garcia Martinez Lopez Gonzalez '
        'Hernandez Perez Sanchez Ramirez Torres Flores Rivera Gomez Diaz Muller Schmidt Schneider Fischer '
        'Weber Meyer Wagner Becker Schulz Hoffmann Rossi Russo Ferrari Esposito Bianchi Romano Colombo '
        'Ricci Marino Greco Bruno Gallo Conti Dubois Martin Bernard Thomas Petit Durand Leroy Moreau '
        'Simon Laurent Lefebvre Michel Jansen Visser Bakker Janssen Kowalski Nowak Wisniewski Ivanov '
        'Petrov Sokolov Andersson Johansson Karlsson Nielsen Hansen Pedersen Larsen Olsen Berg Haugen '
        'Silva Santos Oliveira Souza Costa Pereira Almeida Ferreira Ahmed Ali Hassan Hussein Ibrahim '
        'Mahmoud Cohen Levi Friedman Katz Baker Carter Foster Gray Howard Hughes Kelly Long Morgan Murphy '
        'Parker Reed Russell Sanders Stone Turner Ward Webb Wells West Fox Hunt Price Bennett Barnes').split()
LAST = list(dict.fromkeys(LAST))


def person_name(r=R):
    return r.choice(FIRST), r.choice(LAST)


DEPTS = [('Computer Science', 'CS', ['machine learning', 'distributed systems', 'programming languages', 'computer vision', 'security', 'algorithms']),
         ('Physics', 'PHYS', ['condensed matter', 'astrophysics', 'quantum optics', 'particle physics']),
         ('Chemistry', 'CHEM', ['catalysis', 'organic synthesis', 'spectroscopy', 'materials chemistry']),
         ('Biology', 'BIO', ['genomics', 'ecology', 'cell biology', 'neuroscience']),
         ('History', 'HIST', ['early modern Europe', 'medieval history', 'economic history', 'the Atlantic world']),
         ('English', 'ENG', ['Victorian literature', 'modernism', 'creative writing', 'poetry']),
         ('Economics', 'ECON', ['labour economics', 'econometrics', 'development economics', 'game theory']),
         ('Mathematics', 'MATH', ['number theory', 'probability', 'topology', 'numerical analysis']),
         ('Psychology', 'PSY', ['cognitive psychology', 'developmental psychology', 'social psychology']),
         ('Engineering', 'ENGR', ['control systems', 'fluid dynamics', 'structural engineering', 'robotics']),
         ('Education', 'EDU', ['teacher education', 'higher education policy', 'literacy']),
         ('Law', 'LAW', ['international law', 'human rights', 'contract law']),
         ('Medicine', 'MED', ['epidemiology', 'cardiology', 'public health', 'immunology']),
         ('Geography', 'GEOG', ['climate change', 'urban geography', 'hydrology']),
         ('Philosophy', 'PHIL', ['philosophy of mind', 'ethics', 'logic']),
         ('Sociology', 'SOC', ['migration', 'inequality', 'sociology of science']),
         ('Music', 'MUS', ['musicology', 'composition', 'ethnomusicology']),
         ('Library', 'LIB', ['open access', 'research data', 'digital humanities'])]

ROLES_STAFF = [('Professor', 8), ('Associate Professor', 8), ('Assistant Professor', 8), ('Senior Lecturer', 6),
               ('Lecturer', 6), ('Research Fellow', 8), ('Postdoctoral Researcher', 8), ('PhD candidate', 14),
               ('Department Administrator', 4), ('Research Administrator', 3), ('Lab Manager', 2)]


def wchoice(r, pairs):
    tot = sum(w for _, w in pairs)
    x = r.uniform(0, tot)
    for v, w in pairs:
        x -= w
        if x <= 0:
            return v
    return pairs[-1][0]


class Person:
    def __init__(self, first, last, addr, org=None, dept=None, role=None, client=None, site=False):
        self.first, self.last, self.addr = first, last, addr
        self.org, self.dept, self.role, self.client, self.site = org, dept, role, client, site
        self.sig = None
        self.ooftext = None

    @property
    def name(self):
        return '%s %s' % (self.first, self.last)


# ---------------------------------------------------------------- the site's users
used_addr = set()


def uniq_addr(local, domain):
    a = '%s@%s' % (local, domain)
    n = 2
    while a in used_addr:
        a = '%s%d@%s' % (local, n, domain)
        n += 1
    used_addr.add(a)
    return a


STAFF, STUDENTS = [], []
for i in range(1300):
    f, l = person_name()
    dept = R.choice(DEPTS)
    p = Person(f, l, uniq_addr('%s.%s' % (f.lower(), l.lower()), SITE), org=None, dept=dept,
               role=wchoice(R, ROLES_STAFF), site=True)
    STAFF.append(p)
for i in range(2200):
    f, l = person_name()
    p = Person(f, l, uniq_addr('%s%s%02d' % (f[0].lower(), l.lower(), R.randint(1, 99)), SITE),
               dept=R.choice(DEPTS), role='student', site=True)
    STUDENTS.append(p)
ROLEBOX = {k: Person(k.title(), 'Office', '%s@%s' % (k, SITE), site=True) for k in
           ('admissions', 'international', 'research-office', 'gradschool', 'library', 'it-help', 'hr')}
PROFS = [p for p in STAFF if 'Professor' in p.role or 'Lecturer' in p.role]
ACADEMICS = [p for p in STAFF if p.role not in ('Department Administrator', 'Research Administrator', 'Lab Manager')]

# ---------------------------------------------------------------- networks and providers


def ip_host(ip):
    return ip


class Pool:
    """A provider's sending pool: /24 prefixes (a, b, c) or IPv6 /64 prefixes."""

    def __init__(self, nets, helo, v6=None, v6share=0.0, hosts=(2, 253)):
        self.nets, self.helo, self.v6, self.v6share, self.hosts = nets, helo, v6 or [], v6share, hosts

    def pick(self, r):
        if self.v6 and r.random() < self.v6share:
            pre = r.choice(self.v6)
            ip = '%s%x' % (pre, r.randint(0x20, 0x4ff))
            return ip, self.helo(ip, r)
        a, b, c = r.choice(self.nets)
        ip = '%d.%d.%d.%d' % (a, b, c, r.randint(*self.hosts))
        return ip, self.helo(ip, r)

    def sub(self, r, n24, nips=None):
        """An account's share of a pool: n24 /24s, nips fixed addresses (or any)."""
        nets = r.sample(self.nets, min(n24, len(self.nets)))
        if nips:
            ips = []
            for _ in range(nips):
                a, b, c = r.choice(nets)
                ips.append('%d.%d.%d.%d' % (a, b, c, r.randint(*self.hosts)))
            return Fixed([(ip, self.helo(ip, r)) for ip in ips])
        return Pool(nets, self.helo, hosts=self.hosts)


class Fixed:
    def __init__(self, pairs):
        self.pairs = pairs

    def pick(self, r):
        return r.choice(self.pairs)


def eop_helo(ip, r):
    reg = r.choice(['NAM%02d' % r.randint(2, 12), 'EUR%02d' % r.randint(1, 6), 'APC%02d' % r.randint(1, 2)])
    dc = r.choice(['BN8', 'DM6', 'MW2', 'CO1', 'SN4', 'BY5', 'AM7', 'DB3', 'VI1', 'PR3', 'DU2', 'SG2', 'TY1', 'HK2'])
    return '%s-%s-obe.outbound.protection.outlook.com' % (reg, dc)


EOP_V6 = ['2a01:111:f403:%x::' % x for x in range(0x2400, 0x2800, 5)]
EOP = {
    'NAM': Pool([(40, 107, x) for x in range(200, 256)] + [(52, 101, x) for x in range(0, 64)] +
                [(52, 100, x) for x in range(128, 192)], eop_helo, EOP_V6[:100], 0.35),
    'EUR': Pool([(40, 107, x) for x in range(0, 200, 2)] + [(52, 100, x) for x in range(0, 128)], eop_helo,
                EOP_V6[100:180], 0.35),
    'APC': Pool([(40, 107, x) for x in range(1, 200, 2)] + [(52, 101, x) for x in range(128, 192)], eop_helo,
                EOP_V6[180:], 0.35),
}
EOP_CONSUMER = Pool([(40, 92, x) for x in range(0, 128)] + [(52, 103, x) for x in range(0, 64)], eop_helo,
                    EOP_V6[:60], 0.3)


def g_helo(ip, r):
    return 'mail-%s%d-f%d.google.com' % (r.choice(['wr1', 'wm1', 'ej1', 'ed1', 'lj1', 'lf1', 'pl1', 'pj1', 'qt1',
                                                   'qk1', 'yb1', 'oi1', 'io1', 'il1', 'vs1', 'ua1', 'ot1', 'pf1']),
                                        r.randint(0, 9), r.randint(41, 235))


GOOGLE_V6 = ['2607:f8b0:4864:20::', '2a00:1450:4864:20::', '2607:f8b0:4864:10::']
GMAIL = Pool([(209, 85, x) for x in (128, 160, 161, 166, 167, 208, 210, 214, 215, 216, 217, 218, 219, 221, 222,
                                     128 + 5, 208 + 4, 160 + 7)] + [(74, 125, x) for x in (82, 83)],
             g_helo, GOOGLE_V6, 0.6)
GSERVICE = Pool([(209, 85, 220)], lambda ip, r: 'mail-sor-f%d.google.com' % r.randint(41, 235),
                GOOGLE_V6[:1], 0.6)


def ses_helo(region):
    def h(ip, r):
        c, d = ip.split('.')[2:] if '.' in ip else ('0', '0')
        return 'a%s-%s.smtp-out.%samazonses.com' % (c, d, region + '.' if region != 'us-east-1' else '')
    return h


SES = {
    'us-east-1': Pool([(54, 240, x) for x in list(range(8, 16)) + list(range(48, 52))] +
                      [(23, 251, x) for x in range(224, 232)], ses_helo('us-east-1')),
    'us-west-2': Pool([(54, 240, x) for x in range(24, 32)] + [(69, 169, x) for x in range(232, 236)],
                      ses_helo('us-west-2')),
    'eu-west-1': Pool([(54, 240, x) for x in range(1, 8)] + [(69, 169, x) for x in range(224, 228)],
                      ses_helo('eu-west-1')),
}
SENDGRID = Pool([(167, 89, x) for x in range(0, 128)] + [(149, 72, x) for x in range(0, 256, 3)] +
                [(159, 183, x) for x in range(0, 256, 5)],
                lambda ip, r: '%s.outbound-mail.sendgrid.net' % alnum(r, 8, 'abcdefghijklmnopqrstuvwxyz'))
MAILCHIMP = Pool([(198, 2, x) for x in range(128, 192)] + [(205, 201, x) for x in range(128, 144)],
                 lambda ip, r: 'mail%d.%s%d.mcdlv.net' % (r.randint(1, 250), r.choice(['atl', 'sea', 'wdc']),
                                                          r.randint(11, 191)))
MAILGUN = Pool([(69, 72, x) for x in range(32, 48)] + [(159, 135, x) for x in range(224, 240)] +
               [(161, 38, x) for x in range(192, 208)] + [(198, 61, 254), (209, 61, 151)],
               lambda ip, r: 'm%s-%s.mailgun.net' % tuple(ip.split('.')[2:]))
SFMC = Pool([(13, 111, x) for x in range(0, 256)] + [(136, 147, x) for x in range(128, 192)],
            lambda ip, r: 'mta%d.email.%s.com' % (r.randint(1, 9), alnum(r, 6, 'abcdefghijklmnopqrstuvwxyz')))
CMON = Pool([(203, 55, 21), (180, 189, 28), (103, 9, 43)], lambda ip, r: 'cmail%d.com' % r.choice([19, 20]))
POSTMARK = Pool([(50, 31, 156), (50, 31, 205), (104, 245, 209)],
                lambda ip, r: 'mta%d%s.mtasv.net' % (r.randint(1, 99), r.choice('ab')))
MIMECAST = Pool([(205, 139, 110), (205, 139, 111), (170, 10, 128), (170, 10, 129), (170, 10, 133), (207, 211, 30),
                 (207, 211, 31), (185, 58, 84), (185, 58, 85), (185, 58, 86), (195, 130, 217), (91, 220, 42)],
                lambda ip, r: '%s-smtp-delivery-%d.mimecast.com' % ('eu' if ip.startswith(('185', '195', '91'))
                                                                    else 'us', r.randint(1, 214)))
PPOINT = Pool([(148, 163, x) for x in range(128, 160)] + [(205, 220, x) for x in range(160, 192)],
              lambda ip, r: 'mx0%s-00%06d.pphosted.com' % (r.choice('ab'), r.randint(100000, 999999)))
GITHUB = Pool([(192, 30, 252), (140, 82, 112), (140, 82, 113), (140, 82, 114), (140, 82, 115)],
              lambda ip, r: 'out-%d.smtp.github.com' % r.randint(1, 30))
YAHOO = Pool([(98, 137, x) for x in range(64, 72)] + [(66, 163, x) for x in range(184, 192)] +
             [(74, 6, x) for x in range(128, 136)],
             lambda ip, r: 'sonic%d-%d.consmr.mail.%s.yahoo.com' % (r.randint(300, 330), r.randint(1, 60),
                                                                   r.choice(['ne1', 'bf2', 'gq1', 'ir2'])))
ICLOUD = Pool([(17, 58, x) for x in range(0, 64, 4)], lambda ip, r: 'st43p00im-ztdg%d.me.com' % r.randint(10000, 99999))
QQ = Pool([(43, 154, x) for x in range(100, 110)] + [(162, 62, x) for x in range(52, 60)],
          lambda ip, r: 'out%d-%d.mail.qq.com' % (r.randint(100, 200), r.randint(1, 250)))
NETEASE = Pool([(220, 181, x) for x in (12, 13, 15)] + [(123, 126, 96)], lambda ip, r: 'm%d.mail.163.com' % r.randint(1, 99))


def own_servers(r, n=2, name='mx'):
    """An organisation's own MTAs: n addresses in one /24 of its own."""
    a = r.choice([128, 129, 130, 131, 132, 134, 137, 138, 139, 140, 141, 143, 144, 146, 147, 150, 152, 155,
                  156, 157, 158, 160, 161, 163, 164, 165, 169, 171, 192, 193, 194, 195, 212, 213, 216])
    b, c = r.randint(1, 254), r.randint(1, 254)
    return a, b, c, n


def own_pool(r, domain, n=2):
    a, b, c, n = own_servers(r, n)
    return Fixed([('%d.%d.%d.%d' % (a, b, c, r.randint(2, 250)), '%s%d.%s' % (r.choice(['mx', 'smtp', 'mail', 'mta', 'out']), i + 1, domain))
                  for i in range(n)])


# ---------------------------------------------------------------- external organisations
PLACES = ('Ashford Bramley Calder Dunmore Eastwick Fenwick Glenrothes Harlow Ilkley Kendal Lowther Marston '
          'Northam Oakridge Penrith Quarry Redbridge Selby Thornbury Upton Wexford Yarrow Alder Birchwood '
          'Carrick Dalton Elmstead Farley Greystone Hollin Kestrel Linden Moreland Newbury Ormond Pembury '
          'Ridgeway Stanton Tamworth Ulverston Vale Westfield Whitby Ardmore Ballard Clifton Dunstan Eldon '
          'Fairhaven Garston Heathfield Ingleby Kirkby Langley Millbrook Norwood Otterburn Prescott Rowan '
          'Sutherland Trent Wickham Avalon Brookfield Cedar Denholm Everett').split()
TLDS = [('ac.uk', 'EUR', 0.55), ('edu', 'NAM', 0.1), ('edu.au', 'APC', 0.45), ('de', 'EUR', 0.25),
        ('nl', 'EUR', 0.3), ('ca', 'NAM', 0.15), ('ie', 'EUR', 0.5), ('ac.nz', 'APC', 0.4), ('se', 'EUR', 0.3),
        ('fr', 'EUR', 0.2), ('it', 'EUR', 0.2), ('es', 'EUR', 0.2), ('ac.jp', 'APC', 0.1), ('edu.sg', 'APC', 0.3),
        ('ac.in', 'APC', 0.1), ('edu.cn', 'APC', 0.05), ('ch', 'EUR', 0.3), ('dk', 'EUR', 0.3), ('fi', 'EUR', 0.3)]

DISCLAIMERS = [
    "This email and any files transmitted with it are confidential and intended solely for the use of the "
    "individual or entity to whom they are addressed. If you have received this email in error please notify "
    "the sender immediately and delete it from your system. Any views or opinions presented in this email are "
    "solely those of the author and do not necessarily represent those of {org}.",
    "{org} is a charity registered in England and Wales (number {num}). This email may contain privileged or "
    "confidential information. If you are not the intended recipient, you must not copy, distribute or take "
    "any action in reliance on it. Internet communications are not secure and {org} does not accept legal "
    "responsibility for the contents of this message.",
    "CONFIDENTIALITY NOTICE: This e-mail message, including any attachments, is for the sole use of the intended "
    "recipient(s) and may contain confidential and privileged information. Any unauthorized review, use, "
    "disclosure or distribution is prohibited. If you are not the intended recipient, please contact the sender "
    "by reply e-mail and destroy all copies of the original message.",
    "The information contained in this communication from the sender is confidential. It is intended solely for "
    "use by the recipient and others authorized to receive it. If you are not the recipient, you are hereby "
    "notified that any disclosure, copying, distribution or taking action in relation of the contents of this "
    "information is strictly prohibited and may be unlawful.",
    "{org} acknowledges the Traditional Owners of the lands on which we live, work and learn, and pays respect "
    "to Elders past and present. CRICOS Provider Code {num}. This email is intended only for the addressee and "
    "may contain confidential information. If you receive it in error please delete it and tell the sender.",
    "This message is intended for the addressee only and may contain confidential information. {org} does not "
    "accept liability for any errors or omissions in the contents of this message which arise as a result of "
    "e-mail transmission. Please consider the environment before printing this email.",
]
WORKHOURS = "My working hours may not be your working hours. Please do not feel obliged to reply outside of your own."


class Org:
    def __init__(self, name, domain, infra, kind, region='EUR', r=R):
        self.name, self.domain, self.infra, self.kind, self.region = name, domain, infra, kind, region
        self.disclaimer = None
        if infra == 'm365':
            self.pool = EOP[region]
        elif infra == 'google':
            self.pool = GMAIL
        elif infra == 'mimecast':
            self.pool = MIMECAST
        elif infra == 'proofpoint':
            host = 'mx0%s-00%06d.pphosted.com' % (r.choice('ab'), r.randint(100000, 999999))
            sub = PPOINT.sub(r, 3)
            self.pool = Pool(sub.nets, lambda ip, rr, h=host: h)
        else:
            self.pool = own_pool(r, domain, r.randint(1, 3))

    def deliver(self, r):
        return self.pool.pick(r)


ORGS = []
used_dom = set()
for i in range(70):
    place = R.choice(PLACES)
    tld, region, pdis = R.choice(TLDS)
    style = R.randint(0, 3)
    name = ['University of %s' % place, '%s University' % place, '%s Institute of Technology' % place,
            '%s College' % place][style]
    dom = '%s.%s' % (place.lower() if style != 2 else place.lower()[:4] + 'tech', tld)
    if dom in used_dom:
        continue
    used_dom.add(dom)
    infra = wchoice(R, [('m365', 55), ('google', 15), ('own', 12), ('mimecast', 10), ('proofpoint', 8)])
    o = Org(name, dom, infra, 'univ', region)
    if R.random() < pdis:
        o.disclaimer = R.choice(DISCLAIMERS).format(org=name, num=R.randint(100000, 1199999))
    ORGS.append(o)
UNIVS = list(ORGS)
COMPANY_WORDS = 'Analytics Systems Labs Instruments Biotech Consulting Press Scientific Software Energy Health Data Robotics Pharma Partners Engineering'.split()
for i in range(40):
    place = R.choice(PLACES)
    w = R.choice(COMPANY_WORDS)
    name = '%s %s' % (place, w)
    dom = '%s%s.%s' % (place.lower(), w.lower(), R.choice(['com', 'co.uk', 'com', 'io', 'org', 'de']))
    if dom in used_dom:
        continue
    used_dom.add(dom)
    infra = wchoice(R, [('m365', 50), ('google', 25), ('own', 10), ('mimecast', 8), ('proofpoint', 7)])
    o = Org(name, dom, infra, 'company', R.choice(['NAM', 'EUR']))
    if R.random() < 0.35:
        o.disclaimer = R.choice(DISCLAIMERS).format(org=name, num=R.randint(100000, 999999))
    ORGS.append(o)
COMPANIES = ORGS[len(UNIVS):]


class Freemail(Org):
    def __init__(self, domain, pool):
        self.name, self.domain, self.infra, self.kind, self.pool, self.disclaimer = domain, domain, 'free', 'free', pool, None


FREEMAIL = [(Freemail('gmail.com', GMAIL), 50), (Freemail('outlook.com', EOP_CONSUMER), 12),
            (Freemail('hotmail.com', EOP_CONSUMER), 8), (Freemail('yahoo.com', YAHOO), 8),
            (Freemail('icloud.com', ICLOUD), 7), (Freemail('qq.com', QQ), 6), (Freemail('163.com', NETEASE), 4),
            (Freemail('hotmail.co.uk', EOP_CONSUMER), 3), (Freemail('yahoo.co.uk', YAHOO), 2)]

CLIENTS_BY_INFRA = {'m365': [('outlook', 70), ('owa', 15), ('iphone', 10), ('apple', 5)],
                    'google': [('gmail', 80), ('iphone', 10), ('apple', 10)],
                    'own': [('thunderbird', 40), ('apple', 25), ('outlook', 25), ('iphone', 10)],
                    'mimecast': [('outlook', 80), ('owa', 10), ('iphone', 10)],
                    'proofpoint': [('outlook', 80), ('owa', 10), ('iphone', 10)],
                    'free': [('gmail', 50), ('iphone', 20), ('owa', 15), ('apple', 10), ('thunderbird', 5)]}

EXTERNALS = []


def make_external(org, r=R):
    f, l = person_name(r)
    if org.kind == 'free':
        local = r.choice(['%s.%s' % (f, l), '%s%s%d' % (f, l, r.randint(1, 999)), '%s%s' % (f[0], l),
                          '%s_%s%d' % (f, l, r.randint(70, 2005))]).lower()
        if org.domain in ('qq.com',):
            local = str(r.randint(10000000, 3999999999))
    else:
        local = r.choice(['%s.%s' % (f, l), '%s.%s' % (f[0], l), '%s%s' % (f[0], l)]).lower()
    p = Person(f, l, uniq_addr(local, org.domain), org=org, client=wchoice(r, CLIENTS_BY_INFRA[org.infra]))
    if org.kind == 'univ':
        p.role = wchoice(r, ROLES_STAFF)
        p.dept = r.choice(DEPTS)
    return p


for o in UNIVS:
    for _ in range(R.randint(6, 25)):
        EXTERNALS.append(make_external(o))
for o in COMPANIES:
    for _ in range(R.randint(2, 8)):
        EXTERNALS.append(make_external(o))
for _ in range(500):
    EXTERNALS.append(make_external(wchoice(R, FREEMAIL)))
EXT_ACAD = [p for p in EXTERNALS if p.org.kind == 'univ']
EXT_FREE = [p for p in EXTERNALS if p.org.kind == 'free']


def signature(p, r=R):
    if p.sig is not None:
        return p.sig
    lines = []
    if p.site or (p.org and p.org.kind == 'univ'):
        orgname = SITE_NAME if p.site else p.org.name
        dom = SITE if p.site else p.org.domain
        title = ('Dr ' if p.role in ('Lecturer', 'Senior Lecturer', 'Research Fellow', 'Postdoctoral Researcher',
                                     'Assistant Professor', 'Associate Professor') and r.random() < 0.6 else
                 'Prof. ' if p.role == 'Professor' and r.random() < 0.6 else '')
        lines.append(title + p.name + (' (%s)' % r.choice(['she/her', 'he/him', 'they/them']) if r.random() < 0.2 else ''))
        if p.role and p.role != 'student':
            lines.append(p.role + (' in %s' % p.dept[0] if p.dept and r.random() < 0.5 else ''))
        if p.dept:
            lines.append(r.choice(['Department of %s', 'School of %s', 'Faculty of %s']) % p.dept[0])
        lines.append(orgname)
        if r.random() < 0.5:
            lines.append(r.choice(['Tel: +44 (0)%d %d %d' % (r.randint(1100, 2099), r.randint(100, 999), r.randint(1000, 9999)),
                                   'Phone: +1 (%d) %d-%04d' % (r.randint(201, 989), r.randint(200, 999), r.randint(0, 9999)),
                                   'Office: Room %d, %s Building' % (r.randint(1, 5) * 100 + r.randint(1, 40), r.choice(PLACES))]))
        if r.random() < 0.4:
            lines.append('https://www.%s/people/%s' % (dom, p.addr.split('@')[0]))
        if r.random() < 0.15:
            lines.append('')
            lines.append(WORKHOURS)
    elif p.org and p.org.kind == 'company':
        lines = [p.name, r.choice(['Account Manager', 'Senior Scientist', 'Sales Director', 'Applications Specialist',
                                   'Project Manager', 'Research Engineer']), p.org.name,
                 'www.%s' % p.org.domain]
    else:
        lines = [p.first] if r.random() < 0.7 else [p.name]
    p.sig = lines
    return lines


for p in STAFF + EXTERNALS:
    signature(p)

# ---------------------------------------------------------------- time
MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October',
          'November', 'December']
WDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']


def dt(t):
    return datetime.datetime.utcfromtimestamp(T0 + t)


def rfcdate(t, tzmin=0):
    d = dt(t + tzmin * 60)
    sign = '+' if tzmin >= 0 else '-'
    return '%s, %d %s %d %02d:%02d:%02d %s%02d%02d' % (WDAYS[d.weekday()][:3], d.day, MONTHS[d.month - 1][:3],
                                                        d.year, d.hour, d.minute, d.second, sign,
                                                        abs(tzmin) // 60, abs(tzmin) % 60)


def worktime(r, day=None, lo=8, hi=18):
    while True:
        d = r.randrange(DAYS) if day is None else day
        if d % 7 >= 5 and day is None and r.random() < 0.8:
            continue
        h = r.uniform(lo, hi)
        return int(d * 86400 + h * 3600 + r.uniform(0, 59))


def anytime(r, day=None):
    d = r.randrange(DAYS) if day is None else day
    return int(d * 86400 + r.uniform(0, 86399))


# ---------------------------------------------------------------- MIME
def q_header(s):
    try:
        s.encode('ascii')
        return s
    except UnicodeEncodeError:
        return Header(s, 'utf-8').encode()


def addr_hdr(p):
    if isinstance(p, str):
        return p
    n = p.name
    if any(c in n for c in ',.()'):
        n = '"%s"' % n
    return '%s <%s>' % (q_header(n), p.addr)


def encode_body(data, cte):
    if cte == 'quoted-printable':
        return quopri.encodestring(data).replace(b'\r\n', b'\n')
    if cte == 'base64':
        return base64.encodebytes(data)
    return data


class Leaf:
    def __init__(self, ctype, data, charset=None, cte='7bit', params='', headers=(), name=None, disp=None, cid=None):
        self.ctype, self.charset, self.cte, self.params = ctype, charset, cte, params
        self.headers, self.name, self.disp, self.cid = list(headers), name, disp, cid
        if isinstance(data, str):
            data = data.encode(charset or 'utf-8', errors='replace')
        self.data = data

    def render(self):
        ct = self.ctype
        if self.charset:
            ct += '; charset="%s"' % self.charset
        if self.params:
            ct += '; ' + self.params
        if self.name:
            ct += '; name="%s"' % self.name
        h = ['Content-Type: %s' % ct, 'Content-Transfer-Encoding: %s' % self.cte]
        if self.disp:
            h.append('Content-Disposition: %s%s' % (self.disp, '; filename="%s"' % self.name if self.name else ''))
        if self.cid:
            h.append('Content-ID: <%s>' % self.cid)
        h += self.headers
        return ('\n'.join(h) + '\n\n').encode() + encode_body(self.data, self.cte)


class Multi:
    def __init__(self, subtype, parts, r=R, boundary=None, params=''):
        self.subtype, self.parts, self.params = subtype, parts, params
        self.boundary = boundary or ('----=_Part_%d_%d.%d' % (r.randint(1, 99999), r.randint(1, 2 ** 30), r.randint(1, 2 ** 40)))

    def render(self):
        out = [('Content-Type: multipart/%s; boundary="%s"%s\n\n' % (self.subtype, self.boundary,
                                                                  '; ' + self.params if self.params else '')).encode()]
        for p in self.parts:
            out.append(('--%s\n' % self.boundary).encode())
            out.append(p.render())
            out.append(b'\n')
        out.append(('--%s--\n' % self.boundary).encode())
        return b''.join(out)


def email_bytes(headers, body):
    h = []
    for k, v in headers:
        if v is None:
            continue
        h.append('%s: %s' % (k, v))
    h.append('MIME-Version: 1.0')
    return ('\n'.join(h) + '\n').encode() + body.render()


def fake_pdf(r, n=None):
    n = n or r.randint(8000, 60000)
    return b'%PDF-1.7\n%\xe2\xe3\xcf\xd3\n' + bytes(r.getrandbits(8) for _ in range(n))


def fake_bin(r, magic, n=None):
    n = n or r.randint(4000, 40000)
    return magic + bytes(r.getrandbits(8) for _ in range(n))


def attachment(r, kind=None):
    kind = kind or r.choice(['pdf', 'pdf', 'docx', 'xlsx', 'png', 'jpg', 'pptx'])
    base = r.choice(['draft', 'report', 'minutes', 'CV', 'proposal', 'budget', 'chapter%d' % r.randint(1, 8),
                     'slides', 'letter', 'form', 'schedule', 'reviews', 'agenda', 'IMG_%04d' % r.randint(1, 9999)])
    if kind == 'pdf':
        return Leaf('application/pdf', fake_pdf(r), cte='base64', name=base + '.pdf', disp='attachment')
    if kind in ('docx', 'xlsx', 'pptx'):
        mt = {'docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
              'xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation'}[kind]
        return Leaf(mt, fake_bin(r, b'PK\x03\x04'), cte='base64', name='%s.%s' % (base, kind), disp='attachment')
    if kind == 'png':
        return Leaf('image/png', fake_bin(r, b'\x89PNG\r\n\x1a\n'), cte='base64', name=base + '.png', disp='attachment')
    return Leaf('image/jpeg', fake_bin(r, b'\xff\xd8\xff\xe0'), cte='base64', name=base + '.jpg', disp='attachment')


def esc(s):
    return s.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;').replace('"', '&quot;')


def smart(s, r):
    """Outlook and Apple turn quotes into typographic ones."""
    s = re.sub(r"(\w)'(\w)", '\\1\u2019\\2', s)
    s = re.sub(r'"(\w)', '\u201c\\1', s)
    s = re.sub(r'(\S)"', '\\1\u201d', s)
    return s.replace(' - ', ' \u2013 ')


OUTLOOK_HEAD = ('<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" '
                'xmlns:w="urn:schemas-microsoft-com:office:word" xmlns:m="http://schemas.microsoft.com/office/2004/12/omml" '
                'xmlns="http://www.w3.org/TR/REC-html40">\n<head>\n<meta http-equiv="Content-Type" content="text/html; charset={cs}">\n'
                '<meta name="Generator" content="Microsoft Word 15 (filtered medium)">\n<style><!--\n/* Font Definitions */\n'
                '@font-face\n\t{{font-family:"Cambria Math";\n\tpanose-1:2 4 5 3 5 4 6 3 2 4;}}\n@font-face\n\t{{font-family:Calibri;\n'
                '\tpanose-1:2 15 5 2 2 2 4 3 2 4;}}\n/* Style Definitions */\np.MsoNormal, li.MsoNormal, div.MsoNormal\n'
                '\t{{margin:0cm;\n\tfont-size:11.0pt;\n\tfont-family:"Calibri",sans-serif;\n\tmso-fareast-language:EN-US;}}\n'
                'a:link, span.MsoHyperlink\n\t{{mso-style-priority:99;\n\tcolor:#0563C1;\n\ttext-decoration:underline;}}\n'
                'span.EmailStyle17\n\t{{mso-style-type:personal-compose;\n\tfont-family:"Calibri",sans-serif;\n\tcolor:windowtext;}}\n'
                '.MsoChpDefault\n\t{{mso-style-type:export-only;\n\tfont-family:"Calibri",sans-serif;}}\n@page WordSection1\n'
                '\t{{size:612.0pt 792.0pt;\n\tmargin:72.0pt 72.0pt 72.0pt 72.0pt;}}\ndiv.WordSection1\n\t{{page:WordSection1;}}\n'
                '--></style><!--[if gte mso 9]><xml>\n<o:shapedefaults v:ext="edit" spidmax="1026" />\n</xml><![endif]-->'
                '<!--[if gte mso 9]><xml>\n<o:shapelayout v:ext="edit">\n<o:idmap v:ext="edit" data="1" />\n</o:shapelayout></xml><![endif]-->\n'
                '</head>\n<body lang="EN-GB" link="#0563C1" vlink="#954F72" style="word-wrap:break-word">\n<div class="WordSection1">\n')


def fmt_when(t, style):
    d = dt(t)
    if style == 'gmail':
        return '%s, %d %s %d at %02d:%02d' % (WDAYS[d.weekday()][:3], d.day, MONTHS[d.month - 1][:3], d.year, d.hour, d.minute)
    if style == 'gmail_us':
        h = d.hour % 12 or 12
        return '%s, %s %d, %d at %d:%02d %s' % (WDAYS[d.weekday()][:3], MONTHS[d.month - 1][:3], d.day, d.year, h,
                                                d.minute, 'AM' if d.hour < 12 else 'PM')
    if style == 'outlook':
        h = d.hour % 12 or 12
        return '%s, %s %d, %d %d:%02d %s' % (WDAYS[d.weekday()], MONTHS[d.month - 1], d.day, d.year, h, d.minute,
                                            'AM' if d.hour < 12 else 'PM')
    if style == 'outlook_uk':
        return '%s, %d %s %d %02d:%02d' % (WDAYS[d.weekday()], d.day, MONTHS[d.month - 1], d.year, d.hour, d.minute)
    if style == 'apple':
        return '%d %s %d, at %02d:%02d' % (d.day, MONTHS[d.month - 1][:3], d.year, d.hour, d.minute)
    return '%02d/%02d/%d %02d:%02d' % (d.day, d.month, d.year, d.hour, d.minute)


class Letter:
    """One person's message: text, its client's rendering and the quoted chain."""

    def __init__(self, author, to, cc, subject, t, paras, greeting=None, closing=None, quoted=None,
                 attach=0, r=R, sig=True, disclaimer=True, client=None):
        self.author, self.to, self.cc, self.subject, self.t = author, to, cc, subject, t
        self.paras, self.quoted, self.r = paras, quoted, r
        self.client = client or author.client or 'gmail'
        self.greeting, self.closing = greeting, closing
        self.sig = signature(author, r) if sig else []
        if self.client == 'iphone':
            self.sig = ['Sent from my iPhone'] if r.random() < 0.7 else self.sig[:1] + ['', 'Sent from my iPhone']
        self.disclaimer = author.org.disclaimer if (disclaimer and author.org is not None and not author.site) else None
        self.attach = [attachment(r) for _ in range(attach)]
        dom = author.addr.split('@')[1]
        self.msgid = {'gmail': '<CA%s+%s@mail.gmail.com>' % (alnum(r, 10, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), base64.b64encode(r.randbytes(24)).decode().rstrip('=').replace('/', '_')),
                      'outlook': '<%s%s@%s.prod.outlook.com>' % (r.choice(['DB', 'AM', 'PR', 'CH', 'BN', 'MW', 'SY']) + str(r.randint(1, 9)) + 'PR' + '%02d' % r.randint(1, 99) + 'MB' + str(r.randint(1000, 9999)), hexid(r, 32).upper(), r.choice(['eurprd0%d' % r.randint(1, 9), 'namprd%02d' % r.randint(1, 20)])),
                      }.get(self.client if self.client != 'owa' else 'outlook',
                            '<%s@%s>' % ('%s-%s-%s' % (hexid(r, 8), hexid(r, 4), hexid(r, 12)) if self.client in ('apple', 'iphone') else hexid(r, 16), dom))
        self.refs = ((quoted.refs + [quoted.msgid]) if quoted else [])[-8:]

    # -- plain text
    def own_lines(self, smartq=False):
        out = []
        if self.greeting:
            out += [self.greeting, '']
        for p in self.paras:
            out += [smart(p, self.r) if smartq else p, '']
        if self.closing:
            out += [self.closing]
        return out

    def plain(self):
        c = self.client
        smartq = c in ('outlook', 'owa', 'apple', 'iphone')
        lines = self.own_lines(smartq)
        if self.sig:
            if c == 'thunderbird':
                lines += ['-- ']
            elif c == 'gmail' and len(self.sig) > 2:
                lines += ['', '--']
            lines += self.sig
        if self.disclaimer and c in ('outlook', 'owa', 'gmail', 'apple', 'thunderbird', 'iphone') and self.author.org.infra != 'mimecast':
            lines += ['', self.disclaimer]
        text = '\n'.join(lines).rstrip() + '\n'
        if self.quoted:
            q = self.quoted
            qp = q.plain()
            if c in ('outlook', 'owa'):
                who = q.author.name + ' <%s>' % q.author.addr
                text += '\n%s\nFrom: %s\nSent: %s\nTo: %s\n%sSubject: %s\n\n%s' % (
                    '________________________________' if c == 'owa' else '',
                    who, fmt_when(q.t, 'outlook'), '; '.join(x.name + ' <%s>' % x.addr for x in q.to),
                    ('Cc: %s\n' % '; '.join(x.name + ' <%s>' % x.addr for x in q.cc)) if q.cc else '',
                    q.subject, qp)
            elif c == 'gmail':
                text += '\nOn %s, %s <%s> wrote:\n\n%s' % (fmt_when(q.t, self.r.choice(['gmail', 'gmail_us'])), q.author.name,
                                                           q.author.addr, ''.join('>' + (' ' if not ln.startswith('>') else '') + ln + '\n' if ln else '>\n' for ln in qp.split('\n')[:-1]))
            elif c in ('apple', 'iphone'):
                text += '\n> On %s, %s <%s> wrote:\n> \n%s' % (fmt_when(q.t, 'apple'), q.author.name, q.author.addr,
                                                              ''.join('> ' + ln + '\n' for ln in qp.split('\n')[:-1]))
            else:
                text += '\nOn %s, %s wrote:\n%s' % (fmt_when(q.t, 'tb'), q.author.name,
                                                   ''.join(('> ' if not ln.startswith('>') else '>') + ln + '\n' for ln in qp.split('\n')[:-1]))
        if self.disclaimer and self.author.org.infra == 'mimecast':
            text += '\n' + self.disclaimer + '\n'
        return text

    # -- html body (inner)
    def html_inner(self):
        c = self.client
        smartq = c in ('outlook', 'owa', 'apple', 'iphone')
        own = self.own_lines(smartq)
        paras = [x for x in own if x]
        if c in ('outlook', 'owa'):
            h = ''.join('<p class="MsoNormal">%s<o:p></o:p></p>\n<p class="MsoNormal"><o:p>&nbsp;</o:p></p>\n' % esc(x) for x in paras)
            if self.sig:
                h += '<p class="MsoNormal"><span style="font-size:10.0pt;color:#1F3864">%s</span><o:p></o:p></p>\n' % '<br>\n'.join(esc(x) for x in self.sig)
            if self.disclaimer:
                h += '<p class="MsoNormal"><span style="font-size:8.0pt;color:gray">%s</span><o:p></o:p></p>\n' % esc(self.disclaimer)
            if self.quoted:
                q = self.quoted
                h += ('<div style="border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm">\n<p class="MsoNormal">'
                      '<b><span lang="EN-US">From:</span></b><span lang="EN-US"> %s &lt;%s&gt; <br>\n<b>Sent:</b> %s<br>\n<b>To:</b> %s<br>\n%s'
                      '<b>Subject:</b> %s<o:p></o:p></span></p>\n</div>\n<p class="MsoNormal"><o:p>&nbsp;</o:p></p>\n%s'
                      % (esc(q.author.name), q.author.addr, fmt_when(q.t, 'outlook'),
                         '; '.join(esc(x.name) for x in q.to),
                         ('<b>Cc:</b> %s<br>\n' % '; '.join(esc(x.name) for x in q.cc)) if q.cc else '',
                         esc(q.subject), q.html_inner()))
            return h
        if c == 'gmail':
            h = '<div dir="ltr">' + ''.join('<div>%s</div><div><br></div>' % esc(x) for x in paras)
            if self.sig:
                h += '<div><br></div><span class="gmail_signature_prefix">-- </span><br><div dir="ltr" class="gmail_signature" data-smartmail="gmail_signature"><div dir="ltr">%s</div></div>' % '<br>'.join(esc(x) for x in self.sig)
            if self.disclaimer:
                h += '<div><br></div><div><font size="1" color="#888888">%s</font></div>' % esc(self.disclaimer)
            h += '</div>'
            if self.quoted:
                q = self.quoted
                h += ('<br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On %s, %s &lt;<a href="mailto:%s">%s</a>&gt; wrote:<br></div>'
                      '<blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex">%s</blockquote></div>'
                      % (fmt_when(q.t, 'gmail'), esc(q.author.name), q.author.addr, q.author.addr, q.html_inner()))
            return h
        if c in ('apple', 'iphone'):
            h = ''.join('<div>%s</div><div><br></div>' % esc(x) for x in paras)
            if self.sig:
                h += '<div>%s</div>' % '<br>'.join(esc(x) for x in self.sig)
            if self.disclaimer:
                h += '<div><br></div><div>%s</div>' % esc(self.disclaimer)
            if self.quoted:
                q = self.quoted
                h += ('<div><br><blockquote type="cite"><div>On %s, %s &lt;%s&gt; wrote:</div><br class="Apple-interchange-newline">'
                      '<div>%s</div></blockquote></div>' % (fmt_when(q.t, 'apple'), esc(q.author.name), q.author.addr, q.html_inner()))
            return h
        h = ''.join('<p>%s</p>\n' % esc(x) for x in paras)
        if self.sig:
            h += '<div class="moz-signature">-- <br>\n%s</div>\n' % '<br>\n'.join(esc(x) for x in self.sig)
        if self.quoted:
            q = self.quoted
            h += ('<div class="moz-cite-prefix">On %s, %s wrote:<br>\n</div>\n<blockquote type="cite" cite="mid:%s">\n%s</blockquote>\n'
                  % (fmt_when(q.t, 'tb'), esc(q.author.name), q.msgid.strip('<>'), q.html_inner()))
        return h

    def html(self):
        c = self.client
        inner = self.html_inner()
        if c in ('outlook', 'owa'):
            return OUTLOOK_HEAD.format(cs=self.cs_html()) + inner + '</div>\n</body>\n</html>\n'
        if c == 'gmail':
            return inner + '\n'
        if c in ('apple', 'iphone'):
            return ('<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"></head>'
                    '<body style="overflow-wrap: break-word; -webkit-nbsp-mode: space; line-break: after-white-space;">'
                    + inner + '</body></html>')
        return ('<!DOCTYPE html>\n<html>\n  <head>\n    <meta http-equiv="Content-Type" content="text/html; charset=UTF-8">\n'
                '  </head>\n  <body>\n' + inner + '  </body>\n</html>\n')

    def cs_html(self):
        return 'us-ascii' if self._ascii() else ('windows-1252' if self._w1252() else 'utf-8')

    def _ascii(self):
        try:
            self.plain().encode('ascii')
            return True
        except UnicodeEncodeError:
            return False

    def _w1252(self):
        try:
            self.plain().encode('windows-1252')
            return True
        except UnicodeEncodeError:
            return False

    def body(self):
        r, c = self.r, self.client
        plain = self.plain()
        if c in ('outlook', 'owa'):
            cs = 'us-ascii' if self._ascii() else ('Windows-1252' if self._w1252() and r.random() < 0.6 else 'utf-8')
            alt = Multi('alternative', [Leaf('text/plain', plain, cs, 'quoted-printable'),
                                        Leaf('text/html', self.html(), cs, 'quoted-printable')], r,
                        boundary='_000_%s_' % self.msgid.strip('<>').split('@')[0])
        elif c == 'gmail':
            cs = 'UTF-8'
            alt = Multi('alternative', [Leaf('text/plain', plain, cs, 'quoted-printable' if not self._ascii() or r.random() < 0.3 else '7bit'),
                                        Leaf('text/html', self.html(), cs, 'quoted-printable')], r,
                        boundary='000000000000%s' % hexid(r, 12))
        elif c in ('apple', 'iphone'):
            if c == 'iphone' and r.random() < 0.5:
                alt = Leaf('text/plain', plain, 'utf-8', 'quoted-printable')
            else:
                alt = Multi('alternative', [Leaf('text/plain', plain, 'utf-8', 'quoted-printable'),
                                            Leaf('text/html', self.html(), 'utf-8', 'quoted-printable')], r,
                            boundary='Apple-Mail=_%s' % ('%s-%s-%s-%s-%s' % (hexid(r, 8), hexid(r, 4), hexid(r, 4), hexid(r, 4), hexid(r, 12))).upper())
        else:
            if r.random() < 0.6:
                alt = Leaf('text/plain', plain, 'UTF-8', '8bit' if not self._ascii() else '7bit', params='format=flowed')
            else:
                alt = Multi('alternative', [Leaf('text/plain', plain, 'UTF-8', '8bit' if not self._ascii() else '7bit', params='format=flowed'),
                                            Leaf('text/html', self.html(), 'UTF-8', '8bit' if not self._ascii() else '7bit')], r,
                            boundary='------------%s' % alnum(r, 24, '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'))
        if self.attach:
            return Multi('mixed', [alt] + self.attach, r)
        return alt

    def headers(self, extra=()):
        c = self.client
        h = [('From', addr_hdr(self.author)), ('To', ', '.join(addr_hdr(x) for x in self.to))]
        if self.cc:
            h.append(('Cc', ', '.join(addr_hdr(x) for x in self.cc)))
        h += [('Subject', q_header(self.subject)), ('Date', rfcdate(self.t, self.r.choice([0, 60, 120, -240, -300, 480, 600]))),
              ('Message-ID', self.msgid)]
        if self.quoted:
            h += [('In-Reply-To', self.quoted.msgid), ('References', ' '.join(self.refs + [self.quoted.msgid][:0]))]
        if c in ('outlook', 'owa'):
            h += [('Thread-Topic', q_header(re.sub(r'^(R[Ee]|F[Ww][Dd]?|AW|SV): ', '', self.subject))),
                  ('Thread-Index', base64.b64encode(self.r.randbytes(22 + 5 * len(self.refs))).decode()),
                  ('Accept-Language', 'en-GB, en-US'), ('Content-Language', 'en-GB'),
                  ('X-MS-Has-Attach', 'yes' if self.attach else ''), ('X-MS-TNEF-Correlator', '')]
        elif c == 'thunderbird':
            h += [('User-Agent', 'Mozilla Thunderbird'), ('Content-Language', 'en-GB')]
        elif c in ('apple', 'iphone'):
            h += [('X-Mailer', 'iPhone Mail (21F90)' if c == 'iphone' else 'Apple Mail (2.3774.600.62)')]
        return h + list(extra)

    def bytes(self, extra=()):
        return email_bytes(self.headers(extra), self.body())


# ---------------------------------------------------------------- letter text
OPENERS = ['Thanks for your email.', 'I hope you are well.', 'I hope you had a good weekend.',
           'Many thanks for getting back to me.', 'Just following up on our conversation last week.',
           'Apologies for the slow reply.', 'I hope this finds you well.', 'Thank you for the update.',
           'Sorry for the delay in getting back to you.', 'Thanks for sending this through.',
           'Following our meeting on {wd}, I wanted to pick up a couple of points.', 'Quick question.',
           'Thanks, this is really helpful.', 'I have had a look at the draft.', 'Good to hear from you.',
           'I am writing about the {topic} project.', 'As promised, a few thoughts below.', '']
CLOSERS = ['Let me know what you think.', 'Happy to discuss further.', 'Let me know if you have any questions.',
           'Speak soon.', 'Looking forward to hearing from you.', 'Thanks again for your help.',
           'Could we find a time to talk this week?', 'Does {wd} work for you?', '', '', '']
SIGNOFF = ['Best wishes,', 'Many thanks,', 'Kind regards,', 'Cheers,', 'Best,', 'Thanks,', 'All the best,',
           'Warm regards,', 'Regards,', 'Best regards,', 'Thank you,']
SUBJ_BASE = ['Meeting on {wd}', 'Draft of chapter {n}', 'PhD viva arrangements', 'Question about {topic}',
             'Re-submission of our paper', 'Visit in {mon}', 'Reference letter for {first}', 'Data for the {topic} study',
             'Invoice {n}{n}{n}', 'Examiners for {first} {last}', 'Seminar slot', 'Reviewer comments', 'Grant proposal - {topic}',
             'Room booking', 'External examining {year}', 'Collaboration on {topic}', 'Budget for the workshop',
             'Your application', 'Book chapter deadline', 'Follow-up from the conference', 'Lab access',
             'Coffee next week?', 'Teaching cover', 'Student placement', 'Recommendation', 'Revised manuscript',
             'Call tomorrow', 'Contract for {first}', 'Expenses claim', 'Conference dinner', 'Workshop programme',
             'Co-supervision', 'Ethics application', 'Sample shipment', 'Software licence renewal', 'Quote request']


def fill(s, r, topic='', first='', last=''):
    return s.format(wd=r.choice(WDAYS[:5]), n=r.randint(1, 9), topic=topic or 'the', mon=r.choice(MONTHS[5:10]),
                    first=first or r.choice(FIRST), last=last or r.choice(LAST), year=r.choice([2026, 2027]))


def letter_text(r, author, rcpt, topic, nparas=None, formal=None):
    formal = formal if formal is not None else (r.random() < 0.4)
    if rcpt is None:
        greeting = r.choice(['Dear all,', 'Hi all,', 'Hello everyone,', 'Dear colleagues,'])
    elif formal:
        greeting = r.choice(['Dear %s,' % rcpt.first, 'Dear Dr %s,' % rcpt.last, 'Dear Professor %s,' % rcpt.last])
    else:
        greeting = r.choice(['Hi %s,' % rcpt.first, 'Hello %s,' % rcpt.first, '%s,' % rcpt.first, 'Hi %s' % rcpt.first,
                             'Dear %s,' % rcpt.first])
    paras = []
    op = fill(r.choice(OPENERS), r, topic)
    n = nparas or wchoice(r, [(1, 30), (2, 35), (3, 20), (4, 10), (5, 5)])
    for i in range(n):
        p = para(r, 1, 4)
        if i == 0 and op:
            p = op + ' ' + p
        paras.append(p)
    cl = fill(r.choice(CLOSERS), r, topic)
    if cl:
        paras.append(cl)
    closing = r.choice(SIGNOFF)
    return greeting, paras, closing


def topic_of(p, r=R):
    d = p.dept or r.choice(DEPTS)
    return r.choice(d[2])


# ---------------------------------------------------------------- events
os.makedirs(os.path.join(OUT, 'msg'), exist_ok=True)
EVENTS = []


def emit(t, data, ip, helo, sender, rcpts, cls, group):
    t = max(0, min(int(t), DAYS * 86400 - 1))
    k = len(EVENTS)
    tmp = os.path.join(OUT, 'msg', 'tmp%06d' % k)
    rc = [x.addr if isinstance(x, Person) else x for x in rcpts]
    rc = list(dict.fromkeys(rc))
    recv = ('Received: from %s (%s [%s])\n\tby mx1.%s (Postfix) with ESMTPS id %s\n\tfor <%s>; %s\n'
            % (helo, helo if not helo.startswith('[') else 'unknown', ip, SITE, alnum(R, 10, '0123456789ABCDEF'),
               rc[0], rfcdate(t))).encode()
    with open(tmp, 'wb') as f:
        f.write(recv + data)
    EVENTS.append((t, k, tmp, ip, helo, sender, rc, cls, group))


def site_rcpts(people):
    return [p for p in people if p.site]


def send(L, rcpts, group, sender=None, extra=(), cls='ham', via=None, r=R):
    ip, helo = (via or L.author.org).deliver(r) if not isinstance(via, tuple) else via
    emit(L.t, L.bytes(extra), ip, helo, sender or L.author.addr, rcpts, cls, group)


def pick_site_for(author, r=R):
    if author.org.kind == 'free' and r.random() < 0.5:
        return r.choice(STUDENTS)
    return r.choice(ACADEMICS if r.random() < 0.85 else STAFF)


# ---------------------------------------------------------------- ham: personal letters
def gen_personal(n):
    for i in range(n):
        k = wchoice(R, [('acad', 55), ('comp', 12), ('free', 33)])
        a = R.choice(EXT_ACAD if k == 'acad' else [p for p in EXTERNALS if p.org.kind == 'company'] if k == 'comp' else EXT_FREE)
        first = pick_site_for(a)
        to = [first]
        if R.random() < 0.2:
            to += R.sample(first.dept and [p for p in STAFF if p.dept == first.dept] or STAFF, R.randint(1, 3))
        to = list(dict.fromkeys(to))
        cc = R.sample(EXTERNALS, R.randint(1, 2)) if R.random() < 0.15 else []
        topic = topic_of(first)
        g, paras, cl = letter_text(R, a, first if len(to) == 1 else None, topic)
        subj = fill(R.choice(SUBJ_BASE), R, topic)
        L = Letter(a, to, cc, subj, worktime(R), paras, g, cl, attach=1 if R.random() < 0.15 else 0)
        send(L, to, 'personal')


# ---------------------------------------------------------------- ham: threads (reply-all, quoting)
def gen_threads(nthreads):
    for th in range(nthreads):
        big = R.random() < 0.05
        sites = R.sample(STAFF, R.randint(8, 20) if big else R.randint(1, 3))
        exts = R.sample(EXTERNALS, R.randint(1, 4))
        parts = sites + exts
        nmsg = R.randint(3, 25) if big else wchoice(R, [(2, 30), (3, 25), (4, 15), (6, 12), (8, 8), (12, 6), (18, 4)])
        t = worktime(R, R.randrange(DAYS - 1))
        prev = None
        topic = topic_of(sites[0])
        base = fill(R.choice(SUBJ_BASE), R, topic)
        starter = R.choice(exts) if R.random() < 0.6 else R.choice(sites)
        for k in range(nmsg):
            author = starter if k == 0 else R.choice([p for p in parts if p is not prev.author])
            others = [p for p in parts if p is not author]
            if prev is None:
                to, cc = others[:1] if not big else others[:3], others[1:] if not big else others[3:]
            else:
                to = [prev.author]
                cc = [p for p in others if p is not prev.author]
                if R.random() < 0.15:       # reply only to the last author
                    cc = []
            prefix = '' if k == 0 else ('RE: ' if author.client in ('outlook', 'owa') else 'Re: ')
            g, paras, cl = letter_text(R, author, to[0] if len(to + cc) == 1 else None, topic,
                                       nparas=wchoice(R, [(1, 60), (2, 30), (3, 10)]))
            if R.random() < 0.4:
                g = None if R.random() < 0.5 else g
                paras = paras[:1]
            L = Letter(author, to, cc, prefix + base, t, paras, g, cl, quoted=prev,
                       attach=1 if R.random() < 0.08 else 0)
            rc = site_rcpts(to + cc)
            if not author.site and rc:
                send(L, rc, 'thread:%d' % th)
            prev = L
            t += int(min(R.expovariate(1 / (4 * 3600.0)), 3 * 86400)) + 60
            if t >= DAYS * 86400:
                break


# ---------------------------------------------------------------- ham: out-of-office replies
OOF_T = [
    "I am currently away from my desk{| and on leave} until <date>. {Messages are not being forwarded.|I will deal with your email when I return.} {Urgent enquiries: <altaddr>.|}",
    "Many thanks for your message. I'm {on holiday|on leave|away} {until|returning on} <date>{ and will reply then|, with occasional access to email}. {If it's about {exams|marking|the module|a visa letter}, please contact <alt> (<altaddr>).|}",
    "{Hi,|Hello,|} I'm {attending|at} {a workshop|a conference|a summer school|an examiners' meeting} {in {Vienna|Toronto|Kyoto|Lisbon|Cape Town|Santiago}|abroad} {this week|until <date>} {so replies will be slow|and will reply on my return}. {Thanks,|Cheers,|} <first>",
    "Out of office: back <date>. {For lab matters contact <alt>.|For anything urgent call the department office.|} <first>",
    "Thank you for contacting me. I am {currently on maternity leave|on a research visit|away on fieldwork} {until|and return on} <date>. {During this time {please send|send} {student queries|teaching queries|admin queries} to <altaddr>.|I will not be monitoring my inbox.}",
    "Thank you for your email. I am {currently|} out of the office {until|and will return on} {date} with {limited|no} access to email. {For urgent matters, please contact {alt} ({altaddr}).|I will respond to your message on my return.|If your matter is urgent, please contact {altaddr}.}",
    "I am on annual leave until {date}. {Your email will not be forwarded.|I will reply as soon as possible after I return.} {For anything urgent please contact {altaddr}.|}",
    "Hello, I am away {at a conference|on fieldwork|on research leave|travelling} {until|from today until} {date} and checking email only intermittently. {Please expect a delay in my response.|I will get back to you when I return.} {Best wishes,|Kind regards,|Thanks,} {first}",
    "I'm out of the office {this week|until {date}} {and have limited access to email|with intermittent email access}. {If your message concerns {the journal|the conference|admissions|teaching}, please write to {altaddr}.|} {Thanks for your patience.|}",
    "Thank you for your message. I am currently on {parental|sabbatical|sick|study} leave {and will not be checking email regularly|until {date}}. {For {departmental|teaching|student} matters please contact {alt} at {altaddr}.|}",
    "Please note that I am working reduced hours {this month|until {date}} and may not reply immediately. {Thank you for your understanding.|}",
]


def make_oof(p, r):
    alt = r.choice(EXTERNALS)
    d = dt(r.randint(3, 20) * 86400)
    date = r.choice(['%s %d %s' % (WDAYS[d.weekday()], d.day, MONTHS[d.month - 1]), '%d %s' % (d.day, MONTHS[d.month - 1]),
                     '%s %d' % (MONTHS[d.month - 1], d.day), '%02d/%02d/%d' % (d.day, d.month, d.year)])
    tmpl = r.choice(OOF_T).replace('{date}', '<date>').replace('{alt}', '<alt>').replace('{altaddr}', '<altaddr>').replace('{first}', '<first>')
    s = spin(tmpl, r)
    altaddr = (alt.addr.split('@')[0] + '@' + p.org.domain) if p.org.kind != 'free' else alt.addr
    s = s.replace('<date>', date).replace('<altaddr>', altaddr).replace('<alt>', alt.name).replace('<first>', p.first)
    if r.random() < 0.4:
        s += ' ' + r.choice(['Please note my new phone number is +%d %d %d.' % (r.randint(30, 49), r.randint(100, 999), r.randint(100000, 999999)),
                             'The submission portal for %s is open until %s.' % (r.choice(['the journal', 'the conference', 'the summer school']), date),
                             'If you are a prospective student, please see our website first.', 'Kind regards, %s' % p.name, sent(r)])
    return s


def oof_message(p, to, subj, t, r):
    txt = make_oof(p, r) if p.ooftext is None else p.ooftext
    p.ooftext = txt
    exchange = p.org.infra in ('m365', 'mimecast', 'proofpoint') or p.org.domain in ('outlook.com', 'hotmail.com', 'hotmail.co.uk')
    if exchange:
        plain = txt + '\n'
        html = ('<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"></head><body>'
                '<div style="font-family:Calibri,Arial,Helvetica,sans-serif;font-size:12pt;color:rgb(0,0,0)">%s</div></body></html>' % esc(txt))
        body = Multi('alternative', [Leaf('text/plain', plain, 'utf-8', 'quoted-printable'), Leaf('text/html', html, 'utf-8', 'quoted-printable')], r,
                     boundary='_000_%s_' % hexid(r, 20))
        h = [('From', addr_hdr(p)), ('To', addr_hdr(to)), ('Subject', q_header('Automatic reply: ' + subj)),
             ('Date', rfcdate(t)), ('Message-ID', '<%s@%s.prod.outlook.com>' % (hexid(r, 32), 'namprd%02d' % r.randint(1, 20))),
             ('Auto-Submitted', 'auto-generated'), ('X-MS-Exchange-Generated-Message-Source', 'Mailbox Rules Agent'),
             ('Content-Language', 'en-GB')]
        return email_bytes(h, body), '<>'
    body = Leaf('text/plain', txt + '\n', 'UTF-8', '7bit')
    h = [('From', addr_hdr(p)), ('To', addr_hdr(to)), ('Subject', q_header(r.choice(['Out of office', 'Re: ' + subj, 'Away: ' + subj]))),
         ('Date', rfcdate(t)), ('Message-ID', '<CA%s@mail.gmail.com>' % alnum(r, 30)), ('Auto-Submitted', 'auto-replied'),
         ('Precedence', 'bulk')]
    return email_bytes(h, body), p.addr


def gen_oof(n, mass=2):
    away = [p for p in EXTERNALS if p.org.kind in ('univ', 'company')]
    away = R.sample(away, 120)
    for i in range(n):
        p = R.choice(away)
        to = R.choice(ACADEMICS)
        t = worktime(R)
        data, env = oof_message(p, to, fill(R.choice(SUBJ_BASE), R, topic_of(to)), t, R)
        ip, helo = p.org.deliver(R)
        emit(t, data, ip, helo, env, [to], 'ham', 'autoreply')
    # a site professor posts to a big external list: auto-replies from all over
    for m in range(mass):
        to = R.choice(PROFS)
        t = worktime(R)
        subj = '[%s] %s' % (R.choice(['ECREA', 'H-Net', 'MLSN', 'ISMB', 'CHEMED-L']), title_case(words_from(R, 3, 6)))
        for p in R.sample(away, R.randint(15, 30)):
            data, env = oof_message(p, to, subj, t, R)
            ip, helo = p.org.deliver(R)
            emit(t + R.randint(5, 3600), data, ip, helo, env, [to], 'ham', 'autoreply')


# ---------------------------------------------------------------- ham: bounces
def gen_bounces(n):
    for i in range(n):
        u = R.choice(STAFF)
        dest = R.choice([p for p in EXTERNALS if p.org.kind != 'free'] if R.random() < 0.7 else EXT_FREE)
        bad = dest.addr.split('@')[0][:-1] + R.choice('xyzq') + '@' + dest.addr.split('@')[1]
        t = worktime(R)
        topic = topic_of(u)
        g, paras, cl = letter_text(R, u, dest, topic)
        orig = Letter(u, [Person(dest.first, dest.last, bad, org=dest.org)], [], fill(R.choice(SUBJ_BASE), R, topic),
                      t - R.randint(2, 300), paras, g, cl)
        origb = orig.bytes()
        infra = dest.org.infra
        dom = dest.org.domain
        if infra in ('m365', 'free') and dom not in ('gmail.com', 'yahoo.com', 'yahoo.co.uk', 'icloud.com', 'qq.com', '163.com'):
            frm = 'postmaster@%s.onmicrosoft.com' % dom.split('.')[0] if infra == 'm365' else 'postmaster@outlook.com'
            txt = ("Your message to %s couldn't be delivered.\n\n%s wasn't found at %s.\n\n%s\nOffice 365\n\n%s\n\nAction Required\n\n"
                   "Recipient\nUnknown To address\n\nHow to Fix It\nThe address may be misspelled or may not exist. Try one or more of the following:\n"
                   "Send the message again following these steps: In Outlook, open this non-delivery report (NDR) and choose Send Again from the Report ribbon. "
                   "In Outlook on the web, select this NDR, then select the link \"To send this message again, click here.\" Then delete and retype the "
                   "entire recipient address. If prompted with an Auto-Complete List suggestion don't select it. After typing the complete address, click Send.\n"
                   "Contact the recipient (by phone, for example) to check that the address exists and is correct.\n\n"
                   "More Info for Email Admins\nStatus code: 550 5.1.10\n\nThis error occurs because the sender sent a message to an email address hosted by "
                   "Office 365 but the address is incorrect or doesn't exist at the destination domain.\n\nOriginal Message Details\nCreated Date: %s\n"
                   "Sender Address: %s\nRecipient Address: %s\nSubject: %s\n\nError Details\nError: 550 5.1.10 RESOLVER.ADR.RecipientNotFound; "
                   "Recipient %s not found by SMTP address lookup\nMessage rejected by: %s\n"
                   % (bad, bad.split('@')[0], dom, u.name, bad.split('@')[0], rfcdate(orig.t), u.addr, bad, orig.subject, bad,
                      eop_helo('', R).replace('obe.outbound.protection', 'prod')))
            subj = 'Undeliverable: ' + orig.subject
        elif dom == 'gmail.com':
            frm = 'mailer-daemon@googlemail.com'
            txt = ("** Address not found **\n\nYour message wasn't delivered to %s because the address couldn't be found, or is unable to receive mail.\n\n"
                   "Learn more here: https://support.google.com/mail/?p=NoSuchUser\n\nThe response was:\n\n550 5.1.1 The email account that you tried "
                   "to reach does not exist. Please try double-checking the recipient's email address for typos or unnecessary spaces. For more "
                   "information, go to https://support.google.com/mail/?p=NoSuchUser %s - gsmtp\n" % (bad, alnum(R, 26)))
            subj = 'Delivery Status Notification (Failure)'
        elif R.random() < 0.5:
            frm = 'MAILER-DAEMON@%s' % dest.org.deliver(R)[1]
            txt = ("This is the mail system at host %s.\n\nI'm sorry to have to inform you that your message could not\nbe delivered to one or "
                   "more recipients. It's attached below.\n\nFor further assistance, please send mail to postmaster.\n\nIf you do so, please include "
                   "this problem report. You can\ndelete your own text from the attached returned message.\n\n                   The mail system\n\n"
                   "<%s>: host %s[%s] said: 550 5.1.1 <%s>: Recipient address rejected: User unknown in local recipient table (in reply to RCPT TO command)\n"
                   % (frm.split('@')[1], bad, 'mailstore.' + dom, '10.%d.%d.%d' % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254)), bad))
            subj = 'Undelivered Mail Returned to Sender'
        else:
            frm = 'Mail Delivery System <Mailer-Daemon@%s>' % dest.org.deliver(R)[1]
            txt = ("This message was created automatically by mail delivery software.\n\nA message that you sent could not be delivered to one or more of its\n"
                   "recipients. This is a permanent error. The following address(es) failed:\n\n  %s\n    %s\n"
                   % (bad, R.choice(['Unrouteable address', 'mailbox is full: retry timeout exceeded', 'host mail.%s [%d.%d.%d.%d]\n    SMTP error from remote mail server after RCPT TO:<%s>:\n    550 No such user here' % (dom, R.randint(100, 200), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254), bad)])))
            subj = 'Mail delivery failed: returning message to sender'
        dsn = 'Reporting-MTA: dns; %s\n\nFinal-Recipient: rfc822; %s\nAction: failed\nStatus: 5.1.1\n' % (dom, bad)
        body = Multi('report', [Leaf('text/plain', txt, 'utf-8', 'quoted-printable' if R.random() < 0.5 else '7bit'),
                                Leaf('message/delivery-status', dsn),
                                Leaf('message/rfc822', origb)], R, params='report-type=delivery-status')
        h = [('From', frm), ('To', u.addr), ('Subject', subj), ('Date', rfcdate(t)), ('Message-ID', '<%s@%s>' % (hexid(R, 16), dom)),
             ('Auto-Submitted', 'auto-replied')]
        ip, helo = dest.org.deliver(R)
        emit(t, email_bytes(h, body), ip, helo, '<>', [u], 'ham', 'bounce')


# ---------------------------------------------------------------- ham: the same letter one by one
def gen_onebyone():
    # PhD applicants write to many professors, one by one, from their freemail accounts
    for i in range(6):
        a = make_external(wchoice(R, FREEMAIL))
        a.client = 'gmail' if a.org.domain == 'gmail.com' else R.choice(['owa', 'iphone', 'gmail'])
        dept = R.choice(DEPTS)
        field = R.choice(dept[2])
        body = [para(R, 3, 5) for _ in range(R.randint(2, 3))]
        intro = R.choice(['My name is %s %s and I recently completed my {MSc|Master\'s degree|MPhil} in %s at {the University of %s|%s University}.',
                          'I am %s %s, a final-year {master\'s|MSc} student in %s at {%s University|the University of %s}.'])
        intro = spin(intro) % (a.first, a.last, dept[0], R.choice(PLACES))
        subj = R.choice(['Prospective PhD student - %s' % field, 'Inquiry about PhD supervision', 'PhD position in %s' % field,
                         'Request for PhD supervision (Fall %d)' % R.choice([2026, 2027])])
        profs = [p for p in PROFS if p.dept == dept] + R.sample(PROFS, 10)
        profs = list(dict.fromkeys(profs))[:R.randint(12, 45)]
        t = worktime(R, R.randrange(DAYS - 3))
        for p in profs:
            paras = [intro + ' I read with great interest your {recent work|publications|research} on %s.' % topic_of(p)] + body + \
                    ['I have attached my CV and transcripts for your consideration. I would be very grateful if you could let me know whether you are accepting new PhD students.']
            paras = [spin(x) for x in paras]
            L = Letter(a, [p], [], subj, t, paras, R.choice(['Dear Professor %s,', 'Dear Prof. %s,', 'Dear Dr. %s,']) % p.last,
                       R.choice(['Yours sincerely,', 'Best regards,', 'Kind regards,']), attach=0)
            L.attach = [Leaf('application/pdf', fake_pdf(R), cte='base64', name='CV_%s_%s.pdf' % (a.first, a.last), disp='attachment')]
            send(L, [p], 'coldapply:%d' % i)
            t += R.randint(60, 5400)

    # a professor writes to students from a personal Gmail account, one by one; a student rep likewise
    for kind, n, who in (('prof', 40, 'staff'), ('prof', 25, 'staff'), ('rep', 30, 'student'), ('rep', 22, 'student')):
        src = R.choice(PROFS if who == 'staff' else STUDENTS)
        org = dict(FREEMAIL and [(f[0].domain, f[0]) for f in FREEMAIL])['gmail.com' if (kind == 'prof' or R.random() < 0.6) else 'outlook.com']
        a = Person(src.first, src.last, uniq_addr('%s.%s%d' % (src.first.lower(), src.last.lower(), R.randint(1, 99)), org.domain), org=org,
                   client='gmail' if org.domain == 'gmail.com' else 'owa')
        a.sig = signature(src) if kind == 'prof' else [src.first]
        studs = R.sample(STUDENTS, n)
        body = [para(R, 2, 4) for _ in range(R.randint(1, 3))]
        subj = R.choice(['Your project allocation', 'Lab safety briefing - please read', 'Exam revision session', 'Class social on Friday',
                         'Field trip details', 'Feedback on coursework', 'Course rep survey'])
        t = worktime(R)
        for s in studs:
            L = Letter(a, [s], [], subj, t, body, 'Dear %s,' % s.first if kind == 'prof' else 'Hi %s,' % s.first,
                       R.choice(SIGNOFF))
            send(L, [s], 'onebyone:%s%d' % (kind, n))
            t += R.randint(20, 400)

    # partner universities' offices write one by one to their contacts at the site (Microsoft 365 pools)
    for i in range(4):
        org = R.choice([o for o in UNIVS if o.infra == 'm365'])
        a = make_external(org)
        a.client = 'outlook'
        a.sig = [a.name, R.choice(['International Office', 'Graduate School', 'Research Ethics Committee', 'Erasmus+ Coordinator',
                                  'Department of %s' % R.choice(DEPTS)[0]]), org.name]
        kind = R.choice(['notice', 'survey'])
        body = [para(R, 2, 4) for _ in range(R.randint(2, 3))]
        subj = (R.choice(['Nominations for the autumn exchange', 'Invitation to participate in a research study', 'Staff mobility week %d' % 2026,
                          'Survey: research culture in %s' % R.choice(DEPTS)[0]]))
        t = worktime(R)
        for p in R.sample(ACADEMICS, R.randint(18, 35)):
            L = Letter(a, [p], [], subj, t, body, R.choice(['Dear %s,' % p.first, 'Dear Dr %s,' % p.last, 'Dear colleague,']),
                       'Kind regards,')
            send(L, [p], 'onebyone:partner%d' % i)
            t += R.randint(30, 900)


# ---------------------------------------------------------------- ham: admissions inquiries
INQ = ['I would like to ask about the entry requirements for the {MSc|MA|PhD|BSc} in {subject}.',
       'Could you please tell me whether my {IELTS|TOEFL|Duolingo} score of {n} meets the requirement?',
       'I am an international student from {country} and I am interested in applying for the {September|January} intake.',
       'I submitted my application last {week|month} and have not yet received any update on its status.',
       'Are there any scholarships available for international students in {subject}?',
       'Could you confirm the tuition fees for the {2026|2027} academic year?',
       'I would be grateful if you could tell me the deadline for applications.',
       'My reference number is {ref}.',
       'I have a three-year bachelor degree from {country}; is it recognised for admission to your master programmes?',
       'Is it possible to defer my offer to next year?',
       'I have not received my CAS letter yet and my visa appointment is in {n} weeks.',
       'Could you please let me know which documents I still need to upload to the applicant portal?',
       'Is accommodation guaranteed for first-year postgraduate students?']
COUNTRIES = ['India', 'Nigeria', 'China', 'Pakistan', 'Ghana', 'Vietnam', 'Brazil', 'Indonesia', 'Bangladesh', 'Kenya', 'Egypt',
             'Turkey', 'Mexico', 'Saudi Arabia', 'Malaysia', 'Nepal', 'Sri Lanka', 'Colombia']


def gen_admissions(n):
    for i in range(n):
        a = make_external(wchoice(R, FREEMAIL))
        to = R.choice([ROLEBOX['admissions'], ROLEBOX['admissions'], ROLEBOX['international'], ROLEBOX['gradschool'],
                       R.choice([p for p in STAFF if 'Administrator' in p.role] or STAFF)])
        subject = R.choice(DEPTS)[0]
        ss = [spin(x).format(subject=subject, n=R.choice(['6.5', '7.0', '95', '110', '3']), country=R.choice(COUNTRIES),
                             ref=R.randint(2600000, 2699999)) for x in R.sample(INQ, R.randint(2, 4))]
        paras = [' '.join(ss)]
        if R.random() < 0.5:
            paras.append(para(R, 1, 3))
        paras.append(R.choice(['Thank you in advance.', 'I look forward to your reply.', 'Thank you for your time.']))
        L = Letter(a, [to], [], R.choice(['Inquiry about admission', 'Application status', 'Question about %s' % subject,
                                          'Entry requirements', 'Scholarship inquiry', 'Offer deferral request', 'Application %d' % R.randint(2600000, 2699999)]),
                   worktime(R, lo=0, hi=24), paras, R.choice(['Dear Sir/Madam,', 'Dear Admissions Team,', 'Hello,', 'Good day,']),
                   R.choice(['Best regards,', 'Yours faithfully,', 'Regards,']), attach=1 if R.random() < 0.2 else 0)
        send(L, [to], 'admissions')


# ---------------------------------------------------------------- automated messages
def auto_msg(frm, to, subj, plain, html, t, r, extra=(), mid_dom='mail.example', cs='utf-8', cte='quoted-printable', attach=()):
    parts = [Leaf('text/plain', plain, cs, cte)]
    if html:
        parts.append(Leaf('text/html', html, cs, cte))
    body = Multi('alternative', parts, r) if html else parts[0]
    if attach:
        body = Multi('mixed', [body] + list(attach), r)
    h = [('From', frm), ('To', to if isinstance(to, str) else addr_hdr(to)), ('Subject', q_header(subj)),
         ('Date', rfcdate(t)), ('Message-ID', '<%s@%s>' % (hexid(r, 24), mid_dom))] + list(extra)
    return email_bytes(h, body)


class Style:
    """A brand's own template: how it writes items, links and headers."""

    def __init__(self, r):
        self.link = r.choice(['Read more', 'Read more: %s', 'View article', 'Full text: %s', '%s', 'Continue reading', '[%s]', 'Read online', 'Access the article: %s', '-> %s'])
        self.rule = r.choice(['=', '-', '_', '*', '#', ''])
        self.bullet = r.choice(['', '* ', '- ', '• ', '> ', '%d. '])
        self.head = r.choice(['', 'In this issue', 'Latest articles', "This week's highlights", 'Top stories', 'New content', 'Articles in press'])
        self.color = r.choice(['#004B87', '#E9711C', '#7a0019', '#006d5b', '#333366', '#b31b1b', '#00558c'])
        self.order = r.choice(['hta', 'hat', 'tha'])


def html_page(title, blocks, footer, brand_color='#004B87', preheader='', style=None):
    """An ESP-style table layout: blocks are (heading, text, link) tuples."""
    rows = []
    brand_color = style.color if style else brand_color
    for hd, tx, ln in blocks:
        rows.append('<tr><td style="padding:12px 24px;font-family:Arial,Helvetica,sans-serif">'
                    + ('<h2 style="font-size:18px;margin:0 0 6px 0;color:%s">%s</h2>' % (brand_color, esc(hd)) if hd else '')
                    + ('<p style="font-size:14px;line-height:20px;margin:0;color:#333333">%s</p>' % esc(tx) if tx else '')
                    + ('<p style="margin:6px 0 0 0"><a href="%s" style="color:%s">%s</a></p>' % (ln, brand_color, (style.link.replace(': %s', '').replace('%s', 'Link') if style else 'Read more')) if ln else '')
                    + '</td></tr>')
    return ('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">'
            '<html xmlns="http://www.w3.org/1999/xhtml"><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"/>'
            '<meta name="viewport" content="width=device-width, initial-scale=1.0"/><title>%s</title><style type="text/css">'
            'body{margin:0;padding:0}table{border-collapse:collapse}img{border:0;outline:none}@media only screen and (max-width:600px)'
            '{.container{width:100%% !important}}</style></head><body style="margin:0;padding:0;background:#f2f2f2">'
            '<div style="display:none;max-height:0;overflow:hidden">%s</div>'
            '<table width="100%%" cellpadding="0" cellspacing="0" border="0" bgcolor="#f2f2f2"><tr><td align="center">'
            '<table class="container" width="600" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff">'
            '<tr><td style="background:%s;padding:16px 24px;color:#ffffff;font-family:Arial,sans-serif;font-size:22px">%s</td></tr>%s'
            '<tr><td style="padding:18px 24px;font-family:Arial,sans-serif;font-size:11px;color:#777777">%s</td></tr>'
            '</table></td></tr></table></body></html>' % (esc(title), esc(preheader), brand_color, esc(title), ''.join(rows),
                                                          '<br>'.join(esc(x) for x in footer)))


def plain_page(title, blocks, footer, style=None):
    if style is None:
        out = [title, '=' * min(len(title), 60), '']
        for hd, tx, ln in blocks:
            if hd:
                out.append(hd)
            if tx:
                out.append(tx)
            if ln:
                out.append('Read more: %s' % ln)
            out.append('')
        out += ['-' * 40] + footer
        return '\n'.join(out) + '\n'
    out = [title, style.rule * min(len(title), 60) if style.rule else '', '']
    if style.head:
        out += [style.head, '']
    for i, (hd, tx, ln) in enumerate(blocks):
        lk = (style.link % ln if '%s' in style.link else '%s <%s>' % (style.link, ln)) if ln else None
        b = style.bullet % (i + 1) if '%d' in style.bullet else style.bullet
        parts = {'h': (b + hd) if hd else None, 't': tx, 'a': lk}
        for k in style.order:
            if parts[k]:
                out.append(parts[k])
        out.append('')
    out += ['-' * 40] + footer
    return '\n'.join(out) + '\n'


class Sender:
    """A bulk sender: organisation domain, envelope style, pool."""

    def __init__(self, name, frm, env, pool, mid_dom):
        self.name, self.frm, self.env, self.pool, self.mid_dom = name, frm, env, pool, mid_dom

    def envelope(self, rcpt, r):
        return self.env(rcpt, r) if callable(self.env) else self.env


def esp_sender(r, name, domain, esp):
    """A brand sending through an ESP, with that ESP's envelope and the brand's share of its pool."""
    local = r.choice(['news', 'newsletter', 'info', 'alerts', 'noreply', 'updates', 'hello'])
    frm = '%s <%s@%s>' % (name, local, r.choice([domain, 'email.' + domain, 'e.' + domain, 'mail.' + domain]))
    if esp == 'mailchimp':
        uid = '%s.%s' % (hexid(r, 25), hexid(r, 10))
        env = lambda rc, rr, u=uid: 'bounce-mc.us%d_%s-%s=%s@mail%d.atl%d.mcdlv.net' % (rr.randint(1, 21), u, rc.split('@')[0], rc.split('@')[1], rr.randint(1, 250), rr.randint(11, 191))
        pool = MAILCHIMP.sub(r, r.randint(1, 3), r.randint(2, 6))
    elif esp == 'sendgrid':
        env = lambda rc, rr, d=domain: 'bounces+%d-%s-%s=%s@em%d.%s' % (rr.randint(1000000, 9999999), hexid(rr, 4), rc.split('@')[0], rc.split('@')[1], rr.randint(1000, 9999), d)
        pool = SENDGRID.sub(r, r.randint(1, 2), r.randint(1, 4)) if r.random() < 0.6 else SENDGRID.sub(r, 40)
    elif esp == 'ses':
        region = r.choice(['us-east-1', 'us-east-1', 'eu-west-1', 'us-west-2'])
        if r.random() < 0.5:
            env = lambda rc, rr, reg=region: '0%d%s-%s-%s-%s-%s-%s-000000@%samazonses.com' % (
                100 if reg == 'us-east-1' else 102, hexid(rr, 13), hexid(rr, 8), hexid(rr, 4), hexid(rr, 4), hexid(rr, 4), hexid(rr, 12),
                '' if reg == 'us-east-1' else reg + '.')
        else:
            env = lambda rc, rr, d=domain: 'bounces+%s@bounce.%s' % (hexid(rr, 16), d)
        pool = SES[region]
    elif esp == 'sfmc':
        env = lambda rc, rr, d=domain: 'bounce-%d_HTML-%d-%d-%d-%d@bounce.%s' % (rr.randint(10, 999), rr.randint(10 ** 8, 10 ** 9), rr.randint(10 ** 5, 10 ** 6), rr.randint(10 ** 6, 10 ** 7), rr.randint(1, 99), d)
        pool = SFMC.sub(r, 1, r.randint(1, 3))
    elif esp == 'mailgun':
        env = lambda rc, rr, d=domain: 'bounce+%s.%s-%s=%s@mg.%s' % (hexid(rr, 6), hexid(rr, 6), rc.split('@')[0], rc.split('@')[1], d)
        pool = MAILGUN.sub(r, r.randint(1, 2), r.randint(1, 3))
    elif esp == 'cmon':
        env = lambda rc, rr: 'bounce-%s@cmail%d.com' % (hexid(rr, 20), rr.choice([19, 20]))
        pool = CMON
    elif esp == 'postmark':
        env = lambda rc, rr, d=domain: 'pm_bounces@pm-bounces.%s' % d
        pool = POSTMARK
    else:   # own servers
        env = lambda rc, rr, d=domain: 'bounce@%s' % d
        pool = own_pool(r, domain, r.randint(1, 4))
    return Sender(name, frm, env, pool, domain)


def bulk_send(snd, rcpt, subj, plain, html, t, group, r=R, extra=(), cls='ham', attach=()):
    frm = snd.frm
    data = auto_msg(frm, rcpt, subj, plain, html, t, r, extra=[('List-Unsubscribe', '<https://%s/unsub/%s>' % (snd.mid_dom, hexid(r, 16)))] + list(extra),
                    mid_dom=snd.mid_dom, attach=attach)
    ip, helo = snd.pool.pick(r)
    emit(t, data, ip, helo, snd.envelope(rcpt.addr if isinstance(rcpt, Person) else rcpt, r), [rcpt], cls, group)


# ---------------------------------------------------------------- mailing lists
def slug(s):
    return re.sub(r'[^a-z0-9]+', '-', s.lower()).strip('-')


class MList:
    def __init__(self, kind, name, home, subs, community, r=R):
        self.kind, self.name, self.subs, self.community = kind, name, subs, community
        self.home = home                        # Org or None
        if kind == 'mailman':
            self.dom = 'lists.' + home.domain
            self.addr = '%s@%s' % (name, self.dom)
            self.pool = own_pool(r, self.dom, 1)
            self.env = lambda rc, rr: '%s-bounces@%s' % (self.name, self.dom)
        elif kind == 'mailman3':
            self.dom = 'lists.' + home.domain
            self.addr = '%s@%s' % (name, self.dom)
            self.pool = own_pool(r, self.dom, 1)
            self.verp = r.random() < 0.4
            self.env = (lambda rc, rr: '%s-bounces+%s=%s@%s' % (self.name, rc.split('@')[0], rc.split('@')[1], self.dom)) if self.verp else (lambda rc, rr: '%s-bounces@%s' % (self.name, self.dom))
        elif kind == 'listserv':
            self.dom = 'LISTSERV.' + home.domain.upper()
            self.addr = '%s@%s' % (name.upper(), self.dom)
            self.pool = own_pool(r, self.dom.lower(), 1)
            self.env = lambda rc, rr: 'owner-%s@%s' % (self.name.upper(), self.dom)
        elif kind == 'jisc':
            self.dom = 'JISCMAIL.AC.UK'
            self.addr = '%s@%s' % (name.upper(), self.dom)
            self.pool = JISC_POOL
            self.env = lambda rc, rr: 'owner-%s@JISCMAIL.AC.UK' % self.name.upper()
        elif kind == 'ggroup':
            self.dom = 'googlegroups.com'
            self.addr = '%s@googlegroups.com' % name
            self.pool = GMAIL
            self.env = lambda rc, rr: '%s+bnc%s@googlegroups.com' % (self.name, alnum(rr, 28, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'))
        else:   # sympa
            self.dom = 'listes.' + home.domain
            self.addr = '%s@%s' % (name, self.dom)
            self.pool = own_pool(r, self.dom, 1)
            self.env = lambda rc, rr: '%s-owner@%s' % (self.name, self.dom)

    def footer(self):
        n = self.name
        if self.kind == 'mailman':
            return ('_______________________________________________\n%s mailing list\n%s\nhttps://%s/mailman/listinfo/%s\n'
                    % (n.title(), self.addr, self.dom, n))
        if self.kind == 'mailman3':
            return ('_______________________________________________\n%s mailing list -- %s\nTo unsubscribe send an email to %s-leave@%s\n'
                    % (n, self.addr, n, self.dom))
        if self.kind == 'listserv':
            return ('To unsubscribe from the %s list, click the following link:\nhttps://%s/scripts/wa-%s.exe?SUBED1=%s&A=1\n'
                    % (n.upper(), self.dom, self.home.domain.split('.')[0].upper(), n.upper()))
        if self.kind == 'jisc':
            return ('########################################################################\n\nTo unsubscribe from the %s list, click the following link:\n'
                    'https://www.jiscmail.ac.uk/cgi-bin/WA-JISC.exe?SUBED1=%s&A=1\n\nThis message was issued to members of www.jiscmail.ac.uk/%s, '
                    'a mailing list hosted by www.jiscmail.ac.uk, terms & conditions are available at https://www.jiscmail.ac.uk/policyandsecurity/\n'
                    % (n.upper(), n.upper(), n.upper()))
        if self.kind == 'ggroup':
            return ('\n-- \nYou received this message because you are subscribed to the Google Groups "%s" group.\nTo unsubscribe from this group and stop '
                    'receiving emails from it, send an email to %s+unsubscribe@googlegroups.com.\nTo view this discussion visit '
                    'https://groups.google.com/d/msgid/%s/%s.\n' % (n, n, n, alnum(R, 40)))
        return ('---\nVous recevez ce message car vous etes abonne a la liste %s.\nPour vous desabonner: %s-unsubscribe@%s\n' % (n, n, self.dom))

    def prefix(self):
        return '[%s] ' % (self.name.upper() if self.kind in ('listserv', 'jisc') else self.name)

    def headers(self):
        lid = '<%s.%s>' % (self.name.lower(), self.dom.lower())
        h = [('List-Id', '%s %s' % (self.name, lid)), ('List-Unsubscribe', '<mailto:%s-leave@%s>' % (self.name, self.dom.lower())),
             ('List-Post', '<mailto:%s>' % self.addr), ('Precedence', 'list')]
        if self.kind == 'ggroup':
            h.append(('Mailing-list', 'list %s; contact %s+owners@googlegroups.com' % (self.addr, self.name)))
        return h

    def post(self, L, t, group, r=R, rcpts=None):
        """Deliver L (whose subject carries the prefix) to the site's subscribers."""
        subs = [p for p in (rcpts or self.subs) if p is not L.author]
        if not subs:
            return
        foot = self.footer()
        body = L.body()
        if self.kind in ('mailman', 'listserv', 'jisc') and isinstance(body, Multi):
            body = Multi('mixed', [body, Leaf('text/plain', foot, 'us-ascii', '7bit', disp='inline')], r)
        else:
            add_footer(body, foot)
        hdr = L.headers(self.headers())
        if self.kind in ('mailman', 'mailman3', 'ggroup') and L.author.org and L.author.org.kind == 'free':
            hdr = [(k, '"%s via %s" <%s>' % (L.author.name, self.name, self.addr) if k == 'From' else v) for k, v in hdr] + [('Reply-To', L.author.addr)]
        data = email_bytes(hdr, body)
        if self.kind == 'ggroup' or (self.kind == 'mailman3' and self.verp):
            for p in subs:
                ip, helo = self.pool.pick(r)
                emit(t + r.randint(1, 600), data, ip, helo, self.env(p.addr, r), [p], 'ham', group)
        else:
            ip, helo = self.pool.pick(r)
            emit(t + r.randint(1, 300), data, ip, helo, self.env(subs[0].addr, r), subs, 'ham', group)


def add_footer(part, foot):
    if isinstance(part, Multi):
        if part.subtype == 'mixed':
            add_footer(part.parts[0], foot)
        else:
            for p in part.parts:
                add_footer(p, foot)
        return
    if part.ctype == 'text/plain':
        part.data = part.data + ('\n' + foot).encode(part.charset or 'utf-8', errors='replace')
    elif part.ctype == 'text/html':
        h = '<div><br>%s</div>' % esc(foot).replace('\n', '<br>')
        d = part.data.decode(part.charset or 'utf-8', errors='replace')
        d = d.replace('</body>', h + '</body>') if '</body>' in d else d + h
        part.data = d.encode(part.charset or 'utf-8', errors='replace')


JISC_POOL = Fixed([('130.246.192.%d' % x, 'jiscmail.ac.uk') for x in (40, 41)])


def make_lists():
    lists = []
    kinds = [('mailman', 12), ('mailman3', 4), ('listserv', 5), ('jisc', 7), ('ggroup', 6), ('sympa', 2)]
    for kind, n in kinds:
        for i in range(n):
            dept = R.choice(DEPTS)
            home = R.choice(UNIVS)
            name = slug(R.choice(dept[2]))[:14] + R.choice(['-l', '', '-news', '-users', '-net', '-forum', '-discuss', '-sig'])
            nsub = max(1, min(40, int(R.lognormvariate(1.4, 0.9))))
            subs = R.sample([p for p in ACADEMICS if p.dept == dept] or ACADEMICS, min(nsub, len([p for p in ACADEMICS if p.dept == dept]) or 1))
            if len(subs) < nsub:
                subs += R.sample(ACADEMICS, nsub - len(subs))
            community = R.sample(EXT_ACAD, R.randint(25, 120)) + subs[:3]
            ml = MList(kind, name, home, list(dict.fromkeys(subs)), community)
            ml.dept = dept
            ml.rate = R.lognormvariate(-0.7, 0.8) / (2.5 if kind in ('ggroup', 'mailman3') else 1)
            lists.append(ml)
    return lists


def gen_lists(lists):
    for ml in lists:
        posts = []
        n = min(60, int(ml.rate * DAYS))
        for i in range(n):
            t = worktime(R, lo=6, hi=22)
            posts.append(t)
        posts.sort()
        prev = []
        for t in posts:
            a = R.choice(ml.community)
            topic = R.choice(ml.dept[2])
            if prev and R.random() < 0.35:
                q = R.choice(prev[-5:])
                g, paras, cl = letter_text(R, a, None, topic, nparas=R.randint(1, 2))
                subj = ('RE: ' if a.client in ('outlook', 'owa') else 'Re: ') + q.subject.replace('Re: ', '').replace('RE: ', '')
                L = Letter(a, [Person(ml.name, '', ml.addr)], [], subj, t, paras, None if R.random() < 0.5 else g, cl, quoted=q)
            else:
                g, paras, cl = letter_text(R, a, None, topic)
                subj = ml.prefix() + title_case(words_from(R, 3, 7))
                L = Letter(a, [Person(ml.name, '', ml.addr)], [], subj, t, paras, g, cl, attach=1 if R.random() < 0.05 else 0)
            ml.post(L, t, 'list')
            prev.append(L)


# ---------------------------------------------------------------- ham: calls for papers, seminars, job ads (cross-posted)
VENUES = [('Lisbon', 'Portugal'), ('Vienna', 'Austria'), ('Kyoto', 'Japan'), ('Edinburgh', 'UK'), ('Montreal', 'Canada'),
          ('Barcelona', 'Spain'), ('Copenhagen', 'Denmark'), ('Singapore', 'Singapore'), ('Prague', 'Czech Republic'),
          ('Boston', 'USA'), ('Melbourne', 'Australia'), ('Leuven', 'Belgium'), ('Bologna', 'Italy'), ('Online', '')]


def cfp_text(r, dept, org):
    field = r.choice(dept[2])
    kind = r.choice(['International Conference', 'Workshop', 'Symposium', 'Annual Meeting', 'Summer School'])
    nth = r.randint(2, 45)
    acro = ''.join(w[0] for w in (field + ' ' + kind).split() if w[0].isalpha()).upper() + r.choice(['', 'S', 'W'])
    city, country = r.choice(VENUES)
    d0 = r.randint(60, 240)
    when = dt(d0 * 86400)
    title = '%s %d: The %d%s %s on %s' % (acro, 2026 if d0 < 200 else 2027, nth, {1: 'st', 2: 'nd', 3: 'rd'}.get(nth % 10 if nth not in (11, 12, 13) else 0, 'th'),
                                         kind, title_case(field + ' ' + r.choice(['and Applications', 'Research', 'in Practice', 'Theory and Methods', ''])))
    dates = []
    for lab, off in (('Abstract submission', -90), ('Full paper submission', -80), ('Notification of acceptance', -45), ('Camera-ready version', -30)):
        d = dt((d0 + off) * 86400)
        if r.random() < 0.85:
            dates.append('%s: %d %s %d' % (lab, d.day, MONTHS[d.month - 1], d.year))
    topics = ['%s' % title_case(words_from(r, 2, 5)) for _ in range(r.randint(6, 14))] + [title_case(x) for x in dept[2]]
    r.shuffle(topics)
    committee = ['%s %s%s' % (r.choice(FIRST), r.choice(LAST), r.choice([' (%s)' % r.choice(UNIVS).name, ', ' + r.choice(UNIVS).name, ''])) for _ in range(r.randint(3, 9))]
    paras = ['%s, %d-%d %s %d, %s%s' % (title, when.day, when.day + r.randint(1, 3), MONTHS[when.month - 1], when.year, city,
                                        ', ' + country if country else ' (virtual)'),
             'https://%s%d.%s' % (acro.lower(), when.year, r.choice(['org', 'github.io', org.domain])),
             para(r, 3, 6), para(r, 2, 5), para(r, 1, 4) if r.random() < 0.5 else '',
             r.choice(['Topics of interest include, but are not limited to:', 'Areas of interest:', 'Possible themes include', 'We welcome papers on', 'Suggested topics:', 'We invite submissions on topics including (but not limited to):',
                       'Relevant topics include:']),
             '\n'.join('- ' + x for x in topics),
             'Important dates:\n' + '\n'.join('- ' + x for x in dates),
             r.choice(['Papers must be submitted electronically via EasyChair and follow the conference template. Submissions will be double-blind reviewed by at least three members of the programme committee.',
                       'Submissions should be extended abstracts of up to 500 words, submitted through the online form. We particularly welcome contributions from early career researchers and doctoral students.',
                       'Full papers (up to 12 pages) and short papers (up to 6 pages) can be submitted through OpenReview. At least one author of each accepted paper must register and present at the conference.',
                       'Please send a title, abstract (max. 300 words) and short bio to the organisers by the deadline above.']),
             r.choice(['Accepted papers will be published in the conference proceedings.', 'Selected papers will be invited to a special issue of a leading journal.',
                       'There is no registration fee for students.', 'Travel grants are available for students and early career researchers.', '']),
             'Organising committee:\n' + '\n'.join(committee)]
    return title, acro, [p for p in paras if p]


def seminar_text(r, dept, org):
    spk = '%s %s' % (r.choice(FIRST), r.choice(LAST))
    t = title_case(words_from(r, 4, 9))
    d = dt(r.randint(2, 20) * 86400)
    paras = ['Title: %s' % t, 'Speaker: %s (%s)' % (spk, r.choice(ORGS).name),
             'Date: %s %d %s %d, %d:%02d-%d:%02d' % (WDAYS[d.weekday()], d.day, MONTHS[d.month - 1], d.year, 14, 0, 15, 0),
             'Location: %s, Room %d, and online via Zoom (https://%s.zoom.us/j/%d)' % (org.name, r.randint(100, 400), org.domain.split('.')[0], r.randint(10 ** 9, 10 ** 10)),
             'Abstract: ' + para(r, 3, 6), 'Bio: ' + para(r, 1, 3),
             r.choice(['All welcome. Please forward to anyone who may be interested.', 'The talk will be followed by drinks.', 'Everyone is welcome; no registration needed.'])]
    return '%s Seminar: %s' % (dept[0], t), paras


def job_text(r, dept, org):
    pos = r.choice(['Postdoctoral Research Associate', 'Research Fellow', 'Lecturer', 'Assistant Professor', 'PhD studentship', 'Research Software Engineer'])
    field = r.choice(dept[2])
    paras = ['%s in %s at %s' % (pos, title_case(field), org.name), para(r, 2, 5), para(r, 2, 4),
             'The position is available from %s %d for %d years. Salary: %s.' % (r.choice(MONTHS[7:12]), 2026, r.randint(1, 4), r.choice(['Grade 7', 'competitive', 'EUR 4,100 per month', 'AUD 98,000'])),
             'Closing date: %d %s %d. Informal enquiries to the PI are welcome. Further details and how to apply: https://jobs.%s/%d' % (r.randint(1, 28), r.choice(MONTHS[6:9]), 2026, org.domain, r.randint(10000, 99999))]
    return 'Job: %s in %s (%s)' % (pos, title_case(field), org.name), paras


def make_ann_lists():
    out = []
    for i in range(22):
        kind = wchoice(R, [('mailman', 6), ('listserv', 3), ('jisc', 5), ('ggroup', 2), ('mailman3', 2)])
        dept = R.choice(DEPTS)
        home = R.choice(UNIVS)
        name = R.choice(['dbworld', 'cfp', 'announce', 'events', 'seminars', 'jobs', 'news']) + '-' + slug(R.choice(dept[2]))[:10]
        nsub = max(1, min(30, int(R.lognormvariate(1.6, 0.9))))
        subs = R.sample([p for p in ACADEMICS if p.dept == dept], min(nsub, len([p for p in ACADEMICS if p.dept == dept])))
        ml = MList(kind, name, home, subs, [])
        ml.dept = dept
        out.append(ml)
    return out


def gen_crossposts(ann, discuss, ncfp, nsem, njob):
    alll = ann + discuss
    for kind, n in (('cfp', ncfp), ('seminar', nsem), ('job', njob)):
        for i in range(n):
            dept = R.choice(DEPTS)
            org = R.choice(UNIVS)
            organiser = make_external(org)
            organiser.client = R.choice(['outlook', 'gmail', 'thunderbird']) if org.infra != 'google' else 'gmail'
            if kind == 'cfp':
                title, acro, paras = cfp_text(R, dept, org)
                subj = R.choice(['CFP: ', 'Call for Papers: ', '[CFP] ', 'Call for Abstracts - ', 'First Call for Papers: ']) + title
            elif kind == 'seminar':
                subj, paras = seminar_text(R, dept, org)
            else:
                subj, paras = job_text(R, dept, org)
            same = [m for m in alll if m.dept == dept]
            other = [m for m in alll if m.dept != dept]
            k = wchoice(R, [(1, 35), (2, 20), (3, 15), (4, 10), (6, 10), (9, 6), (12, 4)]) if kind != 'seminar' else wchoice(R, [(1, 50), (2, 30), (3, 20)])
            chans = R.sample(same, min(k, len(same)))
            if len(chans) < k:
                chans += R.sample(other, min(k - len(chans), 3))
            rounds = 2 if (kind == 'cfp' and R.random() < 0.4) else 1
            t0 = worktime(R, R.randrange(DAYS - 8 if rounds == 2 else DAYS))
            apol = R.random() < 0.6
            for rnd in range(rounds):
                pp = list(paras)
                s = subj
                if rnd == 1:
                    s = R.choice(['Deadline extended: ', 'Second call: ', 'Final call for papers: ', '[Extended deadline] ']) + title
                    pp.insert(0, 'The submission deadline has been extended by two weeks. ' + R.choice(['', 'We look forward to receiving your contributions.']))
                if apol:
                    pp.insert(0, '[Apologies for cross-posting]' if R.random() < 0.6 else '** Apologies if you receive multiple copies of this message **')
                t = t0 + rnd * R.randint(5, 8) * 86400
                for ml in (chans if rnd == 0 else chans[:max(1, len(chans) // 2)]):
                    L = Letter(organiser, [Person(ml.name, '', ml.addr)], [], ml.prefix() + s, t, pp, 'Dear colleagues,' if R.random() < 0.5 else None,
                               R.choice(['Best regards,', 'On behalf of the organising committee,', None]))
                    ml.post(L, t, '%s:%d' % (kind, i))
                    t += R.randint(60, 7200)
                # direct mail from the organiser to people at the site
                if R.random() < 0.35:
                    who = R.sample([p for p in ACADEMICS if p.dept == dept], min(R.randint(1, 15), len([p for p in ACADEMICS if p.dept == dept])))
                    if R.random() < 0.5:    # one message, Bcc
                        L = Letter(organiser, [organiser], [], s, t, pp, 'Dear colleagues,', 'Best regards,')
                        send(L, who, '%s:%d' % (kind, i))
                    else:
                        for p in who:
                            L = Letter(organiser, [p], [], s, t, pp, 'Dear %s,' % p.first, 'Best regards,')
                            send(L, [p], '%s:%d' % (kind, i))
                            t += R.randint(10, 300)


# ---------------------------------------------------------------- ham: the university's own mass mail
def gen_allstaff(nstaff, nstud):
    relays = [(('128.197.20.%d' % x), 'massmail%d.%s' % (i + 1, SITE)) for i, x in enumerate((31, 32))]
    comms = Person('Internal', 'Communications', 'staff-announce@' + SITE, site=True, client='outlook')
    comms.sig = ['Internal Communications', SITE_NAME, 'This message was sent to all staff. Please do not reply.']
    for kind, n, pool in (('staff', nstaff, STAFF), ('students', nstud, STUDENTS)):
        for i in range(n):
            t = worktime(R)
            subj = R.choice(['Message from the Vice-Chancellor', 'IT service maintenance this weekend', 'Campus closure notice', 'Staff survey %d' % 2026,
                             'Graduation ceremonies: information', 'Library opening hours', 'Health and safety update', 'Research excellence update',
                             'Wellbeing week', 'Exam period arrangements', 'Travel insurance reminder', 'Pay and pensions update'])
            paras = [para(R, 2, 5) for _ in range(R.randint(2, 5))]
            L = Letter(comms, [Person('All', 'Staff' if kind == 'staff' else 'Students', 'all-%s@%s' % (kind, SITE))], [], subj, t, paras,
                       'Dear colleagues,' if kind == 'staff' else 'Dear students,', 'Best wishes,')
            data = L.bytes([('Precedence', 'bulk')])
            ppl = list(pool)
            R.shuffle(ppl)
            for b in range(0, len(ppl), 100):
                ip, helo = R.choice(relays)
                emit(t + b // 100 * 20, data, ip, helo, 'bounces-massmail@' + SITE, ppl[b:b + 100], 'ham', 'univmass')


def gen_univ_esp(issues, nsub):
    snd = esp_sender(R, '%s Research Office' % SITE_NAME, SITE, 'mailchimp')
    subs = R.sample(ACADEMICS, nsub)
    for i in range(issues):
        t = worktime(R, 1 + 7 * i)
        items = [(title_case(words_from(R, 4, 8)), para(R, 1, 3), 'https://%s.us%d.list-manage.com/track/click?u=%s&id=%s' % (SITE.split('.')[0], 12, hexid(R, 25), hexid(R, 10)))
                 for _ in range(R.randint(5, 9))]
        foot = ['Copyright (C) 2026 %s, All rights reserved.' % SITE_NAME, 'You are receiving this email because you are a member of research staff.',
                'Our mailing address is: Research Office, %s, Hartwell HW1 2AB' % SITE_NAME, 'Want to change how you receive these emails?',
                'You can update your preferences or unsubscribe from this list.']
        title = 'Research Funding Bulletin - Issue %d' % (140 + i)
        for p in subs:
            bulk_send(snd, p, title, plain_page(title, items, foot), html_page(title, items, foot, '#7a0019'), t, 'univesp')
            t += R.randint(1, 8)


# ---------------------------------------------------------------- ham: journals' tables of contents, newsletters
PUBLISHERS = [('Elsevier', 'elsevier.com', 'sfmc'), ('Springer Nature', 'springernature.com', 'ses'), ('Wiley', 'wiley.com', 'own'),
              ('Taylor & Francis', 'tandfonline.com', 'sfmc'), ('Oxford University Press', 'oup.com', 'sendgrid'),
              ('Cambridge University Press', 'cambridge.org', 'mailgun'), ('IEEE', 'ieee.org', 'own'), ('ACM', 'acm.org', 'own'),
              ('American Physical Society', 'aps.org', 'sendgrid'), ('American Chemical Society', 'acs.org', 'sfmc'),
              ('PLOS', 'plos.org', 'ses'), ('SAGE', 'sagepub.com', 'sfmc')]


def gen_toc():
    senders = {p[0]: esp_sender(R, p[0], p[1], p[2]) for p in PUBLISHERS}
    styles = {p[0]: Style(R) for p in PUBLISHERS}
    absn = {p[0]: R.choice([0, 0, 1, 2]) for p in PUBLISHERS}
    foots = {p[0]: [R.choice(['You are receiving this email because you signed up for table of contents alerts for {j}.', 'This alert was sent to you because you registered for {j} content alerts.',
                              'You have subscribed to new issue alerts for {j}.', 'Manage your {p} alerts at any time from your account.', 'Alert: {j} new issue.']),
                    R.choice(['To manage your alerts, sign in to your {p} account.', 'Unsubscribe | Manage alerts | Privacy', 'To stop receiving these alerts, click here.',
                              'Please do not reply to this automated message.']), '{p}, ' + R.choice(['New York, NY 10004, USA', 'Oxford OX5 1GB, UK', 'Amsterdam, The Netherlands', 'Washington, DC 20036', 'Milton Park, Abingdon OX14 4RN']),
                    R.choice(['Privacy Policy | Terms and Conditions | Unsubscribe', 'Copyright 2026 {p}. All rights reserved.', '', 'Registered in England & Wales No. %d' % R.randint(10 ** 6, 10 ** 7)])] for p in PUBLISHERS}
    n = 0
    for j in range(34):
        pub = R.choice(PUBLISHERS)
        dept = R.choice(DEPTS)
        jname = R.choice(['Journal of ', 'International Journal of ', 'Annals of ', 'Review of ', '']) + title_case(R.choice(dept[2])) + R.choice(['', ' Letters', ' Research', ' Quarterly'])
        weekly = R.random() < 0.2
        subs = R.sample([p for p in ACADEMICS if p.dept == dept], min(len([p for p in ACADEMICS if p.dept == dept]), R.randint(1, 14)))
        nissues = 2 if weekly else (1 if R.random() < 0.6 else 0)
        snd = senders[pub[0]]
        for k in range(nissues):
            t = worktime(R, R.randrange(7) + 7 * k)
            vol, iss = R.randint(10, 120), R.randint(1, 12)
            arts = []
            for a in range(R.randint(6, 18)):
                arts.append((title_case(words_from(R, 5, 11)), ', '.join('%s %s' % (R.choice(FIRST)[0] + '.', R.choice(LAST)) for _ in range(R.randint(1, 5))),
                             'https://doi.org/10.%d/%s.%d.%d' % (R.randint(1000, 1200), slug(jname)[:6], 2026, R.randint(1000, 99999))))
            blocks = [(ti, au + ('\n' + ' '.join(sent(R) for _ in range(absn[pub[0]])) if absn[pub[0]] else ''), ln) for ti, au, ln in arts]
            foot = [x.format(j=jname, p=pub[0]) for x in foots[pub[0]] if x]
            title = '%s, Volume %d, Issue %d' % (jname, vol, iss)
            subj = R.choice(['New issue alert: %s', 'Latest issue of %s', '%s - table of contents', 'Your journal alert: %s']) % title
            for p in subs:
                bulk_send(snd, p, subj, plain_page(title, blocks, foot, styles[pub[0]]), html_page(title, blocks, foot, style=styles[pub[0]]), t, 'toc:' + slug(pub[0]))
                t += R.randint(1, 30)
                n += 1
    return n


NEWSLETTERS = [('Nature Briefing', 'nature.com', 'sfmc', 'daily'), ('Times Higher Education', 'timeshighereducation.com', 'sfmc', 'daily'),
               ('Inside Higher Ed', 'insidehighered.com', 'sendgrid', 'daily'), ('The Chronicle of Higher Education', 'chronicle.com', 'sfmc', 'daily'),
               ('Research Professional News', 'researchprofessional.com', 'mailgun', 'daily'), ('Science Adviser', 'aaas.org', 'sfmc', 'daily'),
               ('UKRI Funding Finder', 'ukri.org', 'cmon', 'weekly'), ('NSF Update', 'nsf.gov', 'own', 'weekly'), ('Wellcome Newsletter', 'wellcome.org', 'mailchimp', 'weekly'),
               ('ERC Newsletter', 'erc.europa.eu', 'own', 'weekly'), ('IEEE Spectrum Tech Alert', 'ieee.org', 'own', 'weekly'), ('ACM TechNews', 'acm.org', 'own', 'weekly'),
               ('Physics World', 'iop.org', 'sfmc', 'weekly'), ('Chemistry World', 'rsc.org', 'mailchimp', 'weekly'), ('EDUCAUSE Review', 'educause.edu', 'sendgrid', 'weekly'),
               ('The Conversation', 'theconversation.com', 'mailgun', 'daily'), ('Jisc news', 'jisc.ac.uk', 'cmon', 'weekly'), ('Overleaf newsletter', 'overleaf.com', 'mailchimp', 'weekly'),
               ('Royal Society events', 'royalsociety.org', 'mailchimp', 'weekly'), ('British Academy', 'thebritishacademy.ac.uk', 'cmon', 'weekly'),
               ('American Historical Association', 'historians.org', 'mailchimp', 'weekly'), ('Econometric Society', 'econometricsociety.org', 'sendgrid', 'weekly'),
               ('Zotero news', 'zotero.org', 'mailgun', 'weekly'), ('Lab Equipment Weekly', 'labequipment.com', 'ses', 'weekly'),
               ('Fisher Scientific offers', 'thermofisher.com', 'sfmc', 'weekly')]


def gen_newsletters():
    for name, dom, esp, freq in NEWSLETTERS:
        snd = esp_sender(R, name, dom, esp)
        sty = Style(R)
        nsub = max(1, int(R.lognormvariate(1.0 if freq == 'daily' else 1.6, 0.7)))
        subs = R.sample(ACADEMICS, min(nsub, 40 if freq == 'weekly' else 12))
        days = [d for d in range(DAYS) if d % 7 < 5] if freq == 'daily' else [R.randrange(7), 7 + R.randrange(7)]
        hour = R.uniform(5, 12)
        for d in days:
            t = int(d * 86400 + hour * 3600)
            items = [(title_case(words_from(R, 4, 10)), para(R, 1, 3), 'https://%s/r/%s' % (dom, hexid(R, 12))) for _ in range(R.randint(4, 9))]
            foot = ['You are receiving this email because you subscribed to %s.' % name, 'Update your preferences | Unsubscribe | View in browser',
                    '(c) 2026 %s. All rights reserved.' % name, R.choice(['1 Main Street, Washington, DC 20001', 'The Campus, 4 Crinan Street, London N1 9XW', '10 Downing Lane, Cambridge CB2 1AB'])]
            subj = R.choice(['%s: %s', '%s | %s', '%s - %s']) % (name, items[0][0])
            personal = R.random() < 0.4
            for p in subs:
                b = list(items)
                if personal:
                    b = [('Hello %s,' % p.first, None, None)] + b
                bulk_send(snd, p, subj, plain_page(name, b, foot, sty), html_page(name, b, foot, style=sty), t, 'newsletter:' + slug(name))
                t += R.randint(1, 20)


# ---------------------------------------------------------------- ham: notifications
def html_simple(paras, style='font-family:-apple-system,BlinkMacSystemFont,Segoe UI,Helvetica,Arial,sans-serif;font-size:14px;color:#24292f'):
    return '<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"></head><body><div style="%s">%s</div></body></html>' % (
        style, ''.join('<p>%s</p>' % esc(p).replace('\n', '<br>') for p in paras))


def gen_github(n):
    repos = []
    for i in range(12):
        dept = R.choice([d for d in DEPTS if d[1] in ('CS', 'PHYS', 'MATH', 'BIO', 'ENGR', 'ECON')])
        org = R.choice(['hartwell-%s' % dept[1].lower(), 'hartwell-ml', R.choice(LAST).lower() + '-lab', 'open' + slug(R.choice(dept[2])).replace('-', '')])
        repo = slug(words_from(R, 1, 2))[:20] or 'toolkit'
        watchers = R.sample([p for p in ACADEMICS if p.dept == dept] + R.sample(STUDENTS, 5), R.randint(2, 9))
        people = ['%s%s' % (R.choice(FIRST).lower(), R.randint(1, 999)) for _ in range(R.randint(4, 20))]
        repos.append((org, repo, watchers, people))
    k = 0
    while k < n:
        org, repo, watchers, people = R.choice(repos)
        t = anytime(R)
        num = R.randint(1, 900)
        ev = wchoice(R, [('comment', 45), ('review', 15), ('ci', 20), ('opened', 12), ('dependabot', 8)])
        actor = R.choice(people)
        sha = hexid(R, 7)
        if ev == 'comment':
            subj = 'Re: [%s/%s] %s (Issue #%d)' % (org, repo, title_case(words_from(R, 3, 8)), num)
            txt = para(R, 1, 4)
            plain = '%s left a comment (%s/%s#%d)\n\n%s\n\n—\nReply to this email directly, view it on GitHub:\nhttps://github.com/%s/%s/issues/%d#issuecomment-%d\nYou are receiving this because you %s.\n\nMessage ID: <%s/%s/issues/%d/%d@github.com>\n' % (
                actor, org, repo, num, txt, org, repo, num, R.randint(10 ** 9, 3 * 10 ** 9), R.choice(['are subscribed to this thread', 'were mentioned', 'authored the thread', 'commented']), org, repo, num, R.randint(10 ** 9, 3 * 10 ** 9))
        elif ev == 'review':
            subj = 'Re: [%s/%s] %s (PR #%d)' % (org, repo, title_case(words_from(R, 3, 8)), num)
            plain = '@%s %s this pull request.\n\n%s\n\nIn %s:\n> @@ -%d,%d +%d,%d @@\n>      %s\n\n%s\n\n—\nReply to this email directly, view it on GitHub:\nhttps://github.com/%s/%s/pull/%d#pullrequestreview-%d\nYou are receiving this because you were assigned.\n' % (
                actor, R.choice(['approved', 'requested changes on', 'commented on']), para(R, 1, 2), R.choice(['src/main.py', 'README.md', 'lib/core.c', 'analysis/fit.R', 'docs/index.rst']),
                R.randint(1, 400), R.randint(3, 9), R.randint(1, 400), R.randint(3, 9), words_from(R, 3, 6).lower(), para(R, 1, 2), org, repo, num, R.randint(10 ** 9, 3 * 10 ** 9))
        elif ev == 'ci':
            wf = R.choice(['CI', 'tests', 'build', 'lint', 'docs'])
            br = R.choice(['main', 'main', 'dev', 'fix-%d' % num, 'feature/%s' % slug(words_from(R, 1, 2))])
            subj = '[%s/%s] Run failed: %s - %s (%s)' % (org, repo, wf, br, sha)
            plain = ('[%s/%s] %s workflow run\n\n%s: All jobs have failed\n\nView workflow run\nhttps://github.com/%s/%s/actions/runs/%d\n\n%s / %s\nFailed in %d minutes and %d seconds\n%d annotations\n\n'
                     '—\nYou are receiving this because this workflow ran on your branch.\nManage your GitHub Actions notifications here: https://github.com/settings/notifications\n') % (
                org, repo, wf, wf, org, repo, R.randint(10 ** 9, 2 * 10 ** 10), wf, R.choice(['test (3.11)', 'build (ubuntu-latest)', 'lint', 'test (macos-latest)']),
                R.randint(0, 30), R.randint(1, 59), R.randint(1, 4))
        elif ev == 'opened':
            subj = '[%s/%s] %s (Issue #%d)' % (org, repo, title_case(words_from(R, 3, 8)), num)
            plain = '%s\n\n### Steps to reproduce\n%s\n\n### Expected behaviour\n%s\n\n—\nReply to this email directly, view it on GitHub:\nhttps://github.com/%s/%s/issues/%d\nYou are receiving this because you are watching this repository.\n' % (
                para(R, 1, 3), para(R, 1, 2), sent(R), org, repo, num)
        else:
            pkg = R.choice(['urllib3', 'jinja2', 'requests', 'numpy', 'pillow', 'cryptography', 'lodash', 'minimist', 'tornado', 'werkzeug'])
            subj = '[%s/%s] Bump %s from %d.%d.%d to %d.%d.%d (PR #%d)' % (org, repo, pkg, 1, R.randint(0, 9), R.randint(0, 9), 1, R.randint(10, 20), 0, num)
            plain = 'Bumps %s from an older version to a newer one.\n\nRelease notes\nSourced from %s\'s releases.\n\n%s\n\nDependabot will resolve any conflicts with this PR as long as you don\'t alter it yourself. You can also trigger a rebase manually by commenting @dependabot rebase.\n\n—\nYou are receiving this because you are subscribed to this thread.\n' % (pkg, pkg, para(R, 1, 3))
        frm = '%s <notifications@github.com>' % actor
        for w in watchers:
            if k >= n:
                break
            data = auto_msg(frm, w, subj, plain, html_simple(plain.split('\n\n')), t, R, [('Reply-To', '%s/%s <reply+%s@reply.github.com>' % (org, repo, alnum(R, 60).upper())),
                                                                                          ('List-ID', '%s/%s <%s.%s.github.com>' % (org, repo, repo, org)), ('X-GitHub-Reason', R.choice(['subscribed', 'mention', 'author']))],
                            mid_dom='github.com')
            ip, helo = GITHUB.pick(R)
            emit(t + R.randint(0, 30), data, ip, helo, 'noreply@github.com', [w], 'ham', 'notify-github')
            k += 1


def gen_canvas(ncourses):
    # ENX_CANVAS=dedicated: Instructure's mail from a dedicated SES pool of 4 /24s (a what-if; default: SES us-east-1 shared pool)
    cpool = SES['us-east-1'].sub(random.Random(7), 4) if os.environ.get('ENX_CANVAS') == 'dedicated' else SES['us-east-1']
    for c in range(ncourses):
        dept = R.choice(DEPTS)
        code = '%s %d' % (dept[1], R.choice([101, 110, 201, 215, 230, 305, 340, 410]))
        cname = '%s: %s' % (code, title_case(R.choice(dept[2])))
        studs = R.sample(STUDENTS, R.randint(30, 80))
        teacher = R.choice([p for p in PROFS if p.dept == dept] or PROFS)
        for a in range(R.randint(1, 2)):
            t = worktime(R)
            title = R.choice(['Reminder: ', 'Update: ', '', 'Important: ']) + title_case(words_from(R, 3, 7))
            body = para(R, 2, 5) + '\n\n' + para(R, 1, 3)
            plain = ('%s\n%s\n\n%s\n\n%s %s\n\nYou can view the full announcement here:\nhttps://canvas.%s/courses/%d/discussion_topics/%d\n\n'
                     '________________________________________\n\nYou received this email because you are participating in one or more classes using Canvas. '
                     'To change or turn off email notifications, visit:\nhttps://canvas.%s/profile/communication\n') % (
                title, cname, body, teacher.first, teacher.last, SITE, R.randint(10000, 99999), R.randint(100000, 999999), SITE)
            for s in studs:
                data = auto_msg('%s <notifications@instructure.com>' % cname[:40], s, '%s: %s' % (title, cname), plain, html_simple(plain.split('\n\n')),
                                t, R, mid_dom='localhost.localdomain', cte='quoted-printable')
                ip, helo = cpool.pick(R)
                emit(t + R.randint(0, 900), data, ip, helo, 'notifications@instructure.com', [s], 'ham', 'notify-canvas:%d' % c)
        # due-date changes and individual grade notices
        for a in range(R.randint(0, 1)):
            t = worktime(R)
            asg = R.choice(['Lab %d', 'Problem Set %d', 'Essay %d', 'Quiz %d']) % R.randint(1, 9)
            d = dt(t + 5 * 86400)
            plain = ('Assignment Due Date Changed: %s, %s\n\nThe due date for this assignment has been changed to:\n\n%s %d at 11:59pm\n\n'
                     'You can review the assignment here:\nhttps://canvas.%s/courses/%d/assignments/%d\n\n________________________________________\n\n'
                     'You received this email because you are participating in one or more classes using Canvas. To change or turn off email notifications, visit:\n'
                     'https://canvas.%s/profile/communication\n') % (asg, cname, MONTHS[d.month - 1][:3], d.day, SITE, R.randint(10000, 99999), R.randint(100000, 999999), SITE)
            for s in studs:
                data = auto_msg('%s <notifications@instructure.com>' % cname[:40], s, 'Assignment Due Date Changed: %s, %s' % (asg, code), plain, None, t, R,
                                mid_dom='localhost.localdomain')
                ip, helo = cpool.pick(R)
                emit(t + R.randint(0, 900), data, ip, helo, 'notifications@instructure.com', [s], 'ham', 'notify-canvas:%d' % c)
        for s in R.sample(studs, R.randint(3, 12)):
            t = worktime(R)
            asg = R.choice(['Lab %d', 'Problem Set %d', 'Essay %d']) % R.randint(1, 9)
            plain = ('Submission Comment: %s, %s\n\n%s %s just made a new comment on the submission for %s for %s.\n\n"%s"\n\nYou can review the submission details here:\n'
                     'https://canvas.%s/courses/%d/assignments/%d/submissions/%d\n\n________________________________________\n\nYou received this email because you are '
                     'participating in one or more classes using Canvas.\n') % (s.name, asg, teacher.first, teacher.last, s.name, asg, para(R, 1, 3), SITE,
                                                                               R.randint(10000, 99999), R.randint(100000, 999999), R.randint(100000, 999999))
            data = auto_msg('%s <notifications@instructure.com>' % teacher.name, s, 'Submission Comment: %s, %s' % (s.name, asg), plain, html_simple(plain.split('\n\n')), t, R,
                            mid_dom='localhost.localdomain')
            ip, helo = cpool.pick(R)
            emit(t, data, ip, helo, 'notifications@instructure.com', [s], 'ham', 'notify-canvas')


def gen_jira_slack_docs(njira, nslack, ndocs, noverleaf, nzoom):
    jira_users = R.sample(ACADEMICS, 25)
    jira_pool = SES['eu-west-1']
    for i in range(njira):
        u = R.choice(jira_users)
        t = worktime(R)
        key = '%s-%d' % (R.choice(['RSE', 'LAB', 'HPC', 'DATA']), R.randint(10, 900))
        actor = '%s %s' % (R.choice(FIRST), R.choice(LAST))
        summ = title_case(words_from(R, 3, 8))
        plain = ('%s %s %s\n\n%s: %s\n\n%s\n\nView issue: https://hartwell-research.atlassian.net/browse/%s\n\n'
                 'Get Jira notifications on your phone! Download the Jira Cloud app for Android or iOS.\n\n'
                 'This message was sent by Atlassian Jira (v1001.0.0-SNAPSHOT#100263-sha1:%s)\n') % (
            actor, R.choice(['commented on', 'updated', 'changed the status to In Progress on', 'assigned']), key, key, summ, para(R, 1, 3), key, hexid(R, 7))
        data = auto_msg('%s (Jira) <jira@hartwell-research.atlassian.net>' % actor, u, '[JIRA] (%s) %s' % (key, summ), plain, html_simple(plain.split('\n\n')), t, R,
                        mid_dom='Atlassian.JIRA')
        ip, helo = jira_pool.pick(R)
        emit(t, data, ip, helo, 'bounces+%s@hartwell-research.atlassian.net' % hexid(R, 12), [u], 'ham', 'notify-jira')
    ws = ['hartwell-ml', 'hartwell-phys-grads', 'eu-consortium-%d' % R.randint(1, 9), 'rse-community']
    for i in range(nslack):
        u = R.choice(ACADEMICS + STUDENTS[:200])
        t = anytime(R)
        w = R.choice(ws)
        msgs = '\n\n'.join('%s %s\n%s' % (R.choice(FIRST), R.choice(['in #general', 'in #random', 'in a direct message', 'in #papers']), para(R, 1, 2)) for _ in range(R.randint(1, 4)))
        plain = ('Hi %s,\n\nYou have a new direct message or mention in the %s workspace.\n\n%s\n\nOpen Slack\n\n@%s.slack.com\n\n'
                 'You\'re receiving this email because you have an account in %s. Manage your email notification preferences.\nSlack Technologies, LLC, 500 Howard Street, San Francisco, CA 94105\n') % (
            u.first, w, msgs, w, w)
        data = auto_msg('Slack <feedback@slack.com>', u, '[Slack] Notifications from the %s workspace' % w, plain, html_simple(plain.split('\n\n')), t, R, mid_dom='slack.com')
        ip, helo = SES['us-east-1'].pick(R)
        emit(t, data, ip, helo, '0100%s-%s-000000@amazonses.com' % (hexid(R, 13), hexid(R, 12)), [u], 'ham', 'notify-slack')
    for i in range(ndocs):
        u = R.choice(ACADEMICS)
        actor = R.choice(EXTERNALS + STAFF)
        t = worktime(R)
        doc = title_case(words_from(R, 2, 6))
        plain = ('%s mentioned you in a comment in the following document\n%s\n\n%s\n\n%s\n\nReply   Open\n\nGoogle LLC, 1600 Amphitheatre Parkway, Mountain View, CA 94043, USA\n'
                 'You have received this email because you are mentioned in this thread. Change what Google Docs sends you. You can reply to this email to reply to the discussion.\n') % (
            actor.name, doc, sent(R), '+' + u.addr + ' ' + para(R, 1, 2))
        data = auto_msg('"%s (Google Docs)" <comments-noreply@docs.google.com>' % actor.name, u, 'Document shared with you: "%s"' % doc if R.random() < 0.3 else '%s (%s)' % (doc, actor.name),
                        plain, html_simple(plain.split('\n\n')), t, R, mid_dom='docs.google.com')
        ip, helo = GSERVICE.pick(R)
        emit(t, data, ip, helo, '3%s-%s@docos.bounces.google.com' % (alnum(R, 20), alnum(R, 8)), [u], 'ham', 'notify-gdocs')
    for i in range(noverleaf):
        u = R.choice(ACADEMICS)
        actor = R.choice(EXTERNALS + STAFF)
        t = worktime(R)
        proj = title_case(words_from(R, 2, 6))
        if R.random() < 0.5:
            subj = '%s - shared project' % proj
            plain = ('Hi, %s wants to share "%s" with you.\n\nView project: https://www.overleaf.com/project/%s\n\nThank you\n\nOverleaf - https://www.overleaf.com\n'
                     'This email was sent by Overleaf because someone added you to a project.\n') % (actor.name, proj, hexid(R, 24))
        else:
            subj = 'New comment on %s' % proj
            plain = ('%s commented on "%s":\n\n%s\n\nView comment: https://www.overleaf.com/project/%s\n\nOverleaf - https://www.overleaf.com\n') % (actor.name, proj, para(R, 1, 2), hexid(R, 24))
        data = auto_msg('Overleaf <welcome@overleaf.com>', u, subj, plain, html_simple(plain.split('\n\n')), t, R, mid_dom='overleaf.com')
        ip, helo = POSTMARK.pick(R)
        emit(t, data, ip, helo, 'pm_bounces@pm-bounces.overleaf.com', [u], 'ham', 'notify-overleaf')
    zpool = SENDGRID.sub(R, 2, 4)
    for i in range(nzoom):
        u = R.choice(ACADEMICS)
        t = anytime(R)
        topic = R.choice(['%s lab meeting' % u.last, 'Reading group', 'PhD supervision', 'Seminar: ' + title_case(words_from(R, 2, 5)), 'Project sync'])
        if R.random() < 0.6:
            subj = 'Cloud Recording - %s is now available' % topic
            plain = ('Hi %s,\n\nYour cloud recording is now available.\n\nTopic: %s\nDate: %s\n\nShare recording with viewers:\nhttps://hartwell.zoom.us/rec/share/%s\nPasscode: %s\n\n'
                     'Thank you for choosing Zoom.\n-The Zoom Team\n\n+1.888.799.9666\nCopyright 2026 Zoom Communications, Inc. All rights reserved.\n') % (
                u.first, topic, fmt_when(t, 'outlook'), alnum(R, 60), alnum(R, 8))
        else:
            subj = 'Meeting Registration Approved: %s' % topic
            plain = ('Hi %s,\n\nThank you for registering for "%s".\n\nPlease submit any questions to: %s\n\nDate Time: %s\n\nJoin from a PC, Mac, iPad, or Android:\nhttps://zoom.us/w/%d?tk=%s\n'
                     'Passcode: %d\n\nYou can cancel your registration at any time.\n') % (u.first, topic, R.choice(EXTERNALS).addr, fmt_when(t + 86400 * 3, 'outlook'),
                                                                                     R.randint(10 ** 10, 10 ** 11), alnum(R, 40), R.randint(100000, 999999))
        data = auto_msg('Zoom <no-reply@zoom.us>', u, subj, plain, html_simple(plain.split('\n\n')), t, R, mid_dom='zoom.us')
        ip, helo = zpool.pick(R)
        emit(t, data, ip, helo, 'bounces+%d-%s-%s=%s@sendgrid.zoom.us' % (R.randint(10 ** 6, 10 ** 7), hexid(R, 4), u.addr.split('@')[0], SITE), [u], 'ham', 'notify-zoom')


def gen_arxiv_rg(nrg):
    pool = Fixed([('128.84.4.%d' % x, 'lib-arxiv-0%d.serverfarm.cornell.edu' % x) for x in (11, 13)])
    cats = [('cs.LG', 'Machine Learning', 4), ('math.PR', 'Probability', 1), ('astro-ph.GA', 'Astrophysics of Galaxies', 2),
            ('q-bio.NC', 'Neurons and Cognition', 1), ('econ.EM', 'Econometrics', 1), ('cond-mat.str-el', 'Strongly Correlated Electrons', 1)]
    for cat, cname, nsub in cats:
        subs = R.sample(ACADEMICS, nsub)
        for d in range(DAYS):
            if d % 7 >= 5:
                continue
            t = int(d * 86400 + 3600 * 4 + R.randint(0, 1800))
            ents = []
            for e in range(R.randint(12, 30)):
                ents.append('------------------------------------------------------------------------------\n\\\\\narXiv:2606.%05d\nDate: %s (%dkb)\n\nTitle: %s\nAuthors: %s\nCategories: %s\nComments: %d pages, %d figures\n\\\\\n  %s\n\\\\ ( https://arxiv.org/abs/2606.%05d ,  %dkb)' % (
                    R.randint(1, 19999), rfcdate(t - 86400), R.randint(20, 3000), title_case(words_from(R, 5, 12)),
                    ', '.join('%s %s' % (R.choice(FIRST), R.choice(LAST)) for _ in range(R.randint(1, 6))), cat, R.randint(5, 40), R.randint(1, 12), para(R, 3, 6),
                    R.randint(1, 19999), R.randint(20, 3000)))
            plain = ('%s daily Subj-class mailing %d 1\nSubmissions received from %s to %s\n\n' % (cat, R.randint(100, 999), fmt_when(t - 86400, 'outlook'), fmt_when(t, 'outlook'))
                     + '\n'.join(ents) + '\n%%--%%--%%--%%--%%--%%--%%--%%--%%--%%--%%--%%--%%--%%--%%--%%--%%--%%--%%--%%--%%--%%--%%--%%--%%--%%\n'
                     '---\nTo unsubscribe, e-mail To: %s@arxiv.org, Subject: cancel\n' % cat.split('.')[0])
            for s in subs:
                data = auto_msg('no-reply@arxiv.org', s, '%s daily Subj-class mailing %d 1' % (cat, R.randint(100, 999)), plain, None, t, R, mid_dom='arxiv.org', cte='7bit')
                ip, helo = pool.pick(R)
                emit(t + R.randint(0, 200), data, ip, helo, 'no-reply@arxiv.org', [s], 'ham', 'notify-arxiv')
    rgpool = Fixed([('195.230.%d.%d' % (x, R.randint(2, 250)), 'mail%d.researchgate.net' % i) for i, x in enumerate((85, 85, 86, 87))])
    for i in range(nrg):
        u = R.choice(ACADEMICS)
        t = anytime(R)
        actor = '%s %s' % (R.choice(FIRST), R.choice(LAST))
        art = title_case(words_from(R, 5, 10))
        k = R.randrange(4)
        subj, plain = [('%s requested the full-text of your article' % actor,
                        'Hi %s,\n\n%s requested the full-text of your article:\n\n%s\n\nShare the full-text to help %s and others read your research.\n\nShare full-text\n\n'),
                       ('Your research is being read', 'Hi %s,\n\nYour research items had %d new reads last week.\n\nTop item:\n%s\n\nSee your stats\n\n'),
                       ('%s added new research' % actor, 'Hi %s,\n\n%s, whom you follow, added new research:\n\n%s\n\nView research\n\n'),
                       ('Congratulations! Your article reached 100 reads', 'Hi %s,\n\nCongratulations! Your article has reached 100 reads:\n\n%s\n\nView stats\n\n')][k]
        args = [(u.first, actor, art, actor), (u.first, R.randint(3, 300), art), (u.first, actor, art), (u.first, art)][k]
        plain = (plain % args) + ('This message was sent to %s. Unsubscribe from these emails. ResearchGate GmbH, Chausseestr. 20, 10115 Berlin, Germany. '
                                  'Imprint. Privacy Policy. Terms of Service.\n' % u.addr)
        data = auto_msg('ResearchGate <no-reply@researchgatemail.net>', u, subj, plain, html_page('ResearchGate', [(None, x, None) for x in plain.split('\n\n')], [], '#00CCBB'), t, R,
                        mid_dom='researchgatemail.net')
        ip, helo = rgpool.pick(R)
        emit(t, data, ip, helo, 'bounce-%s@researchgatemail.net' % hexid(R, 16), [u], 'ham', 'notify-rg')


# ---------------------------------------------------------------- ham: invitations
ZOOM_NUMBERS = ['+1 312 626 6799 US (Chicago)', '+1 646 876 9923 US (New York)', '+1 301 715 8592 US (Washington DC)', '+1 346 248 7799 US (Houston)',
                '+1 408 638 0968 US (San Jose)', '+1 669 900 6833 US (San Jose)', '+1 253 215 8782 US (Tacoma)', '+44 203 481 5237 United Kingdom',
                '+44 131 460 1196 United Kingdom', '+44 208 080 6591 United Kingdom', '+61 3 7018 2005 Australia', '+49 69 7104 9922 Germany']


def ics(r, org, title, t, attendees):
    d = dt(t)
    return ('BEGIN:VCALENDAR\nMETHOD:REQUEST\nPRODID:Microsoft Exchange Server 2010\nVERSION:2.0\nBEGIN:VEVENT\nORGANIZER;CN=%s:mailto:%s\n%s'
            'SUMMARY;LANGUAGE=en-GB:%s\nDTSTART:%04d%02d%02dT%02d%02d00Z\nDTEND:%04d%02d%02dT%02d%02d00Z\nUID:%s\nSEQUENCE:0\nSTATUS:CONFIRMED\nEND:VEVENT\nEND:VCALENDAR\n') % (
        org.name, org.addr, ''.join('ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;CN=%s:mailto:%s\n' % (a.name, a.addr) for a in attendees),
        title, d.year, d.month, d.day, d.hour, d.minute, d.year, d.month, d.day, (d.hour + 1) % 24, d.minute, hexid(r, 40))


def gen_invites(n):
    for i in range(n):
        org = R.choice([p for p in EXTERNALS if p.org.kind != 'free'] + EXT_FREE[:40])
        site = R.sample(ACADEMICS, wchoice(R, [(1, 50), (2, 20), (3, 15), (6, 10), (12, 5)]))
        t = worktime(R)
        when = t + R.randint(1, 10) * 86400
        title = R.choice(['Catch-up', 'Project meeting', 'Steering committee', 'PhD progress review', 'Interview panel', 'Call re: ' + title_case(words_from(R, 2, 4)),
                          'Advisory board', 'Paper discussion', title_case(words_from(R, 2, 5))])
        note = para(R, 1, 2) if R.random() < 0.4 else ''
        style = 'google' if org.org.infra in ('google', 'free') and org.org.domain == 'gmail.com' or org.org.infra == 'google' else R.choice(['teams', 'teams', 'zoom'])
        if style == 'google':
            code = '%s-%s-%s' % (alnum(R, 3, 'abcdefghijklmnopqrstuvwxyz'), alnum(R, 4, 'abcdefghijklmnopqrstuvwxyz'), alnum(R, 3, 'abcdefghijklmnopqrstuvwxyz'))
            plain = ('%s has invited you to the following event.\n\n%s\n%s\nWhen\n%s - %s (United Kingdom Time)\n\nJoining info\nJoin with Google Meet\nmeet.google.com/%s\n\n'
                     'Join by phone\n(GB) +44 20 3956 %04d\nPIN: %d\n\nMore phone numbers\n\nOrganizer\n%s\n%s\n\nGuests\n%s\nView all guest info\n\nReply for %s\nYes\nNo\nMaybe\nMore options\n\n'
                     'Invitation from Google Calendar\n\nYou are receiving this email because you are an attendee on the event. To stop receiving future updates for this event, decline this event.\n\n'
                     'Forwarding this invitation could allow any recipient to send a response to the organizer, be added to the guest list, invite others regardless of their own '
                     'invitation status, or modify your RSVP. Learn more\n') % (
                org.name, title, note, fmt_when(when, 'outlook'), '%02d:%02d' % ((dt(when).hour + 1) % 24, dt(when).minute), code, R.randint(0, 9999), R.randint(10 ** 8, 10 ** 9),
                org.name, org.addr, '\n'.join('%s\n%s' % (a.name, a.addr) for a in site), site[0].addr)
            subj = 'Invitation: %s @ %s' % (title, fmt_when(when, 'outlook'))
            data = auto_msg(addr_hdr(org), ', '.join(a.addr for a in site), subj, plain, html_simple(plain.split('\n\n')), t, R, mid_dom='google.com',
                            attach=[Leaf('text/calendar', ics(R, org, title, when, site), 'UTF-8', '7bit', params='method=REQUEST')])
            ip, helo = GSERVICE.pick(R)
            emit(t, data, ip, helo, '%s@calendar-server.bounces.google.com' % alnum(R, 30), site, 'ham', 'invite')
            continue
        if style == 'teams':
            tid = '%s-%s-%s-%s-%s' % (hexid(R, 8), hexid(R, 4), hexid(R, 4), hexid(R, 4), hexid(R, 12))
            oid = '%s-%s-%s-%s-%s' % (hexid(R, 8), hexid(R, 4), hexid(R, 4), hexid(R, 4), hexid(R, 12))
            conf = R.randint(10 ** 8, 10 ** 9)
            mtg = base64.b64encode(R.randbytes(48)).decode().rstrip('=')
            block = ('________________________________________________________________________________\nMicrosoft Teams Need help?<https://aka.ms/JoinTeamsMeeting?omkt=en-GB>\n'
                     'Join the meeting now<https://teams.microsoft.com/l/meetup-join/19%%3ameeting_%s%%40thread.v2/0?context=%%7b%%22Tid%%22%%3a%%22%s%%22%%2c%%22Oid%%22%%3a%%22%s%%22%%7d>\n'
                     'Meeting ID: %d %d %d %d\nPasscode: %s\n________________________________\nDial in by phone\n+44 20 3443 %04d,,%d#<tel:+44203443%04d,,%d#> United Kingdom, London\n'
                     'Find a local number<https://dialin.teams.microsoft.com/%s?id=%d>\nPhone conference ID: %d %d %d#\n'
                     'For organizers: Meeting options<https://teams.microsoft.com/meetingOptions/?organizerId=%s&tenantId=%s&threadId=19_meeting_%s@thread.v2&messageId=0&language=en-GB> | '
                     'Reset dial-in PIN<https://dialin.teams.microsoft.com/usp/pstnconferencing>\n%s'
                     '________________________________________________________________________________\n') % (
                mtg, tid, oid, R.randint(100, 999), R.randint(100, 999), R.randint(100, 999), R.randint(100, 999), alnum(R, 6), R.randint(0, 9999), conf, R.randint(0, 9999), conf,
                '%s-%s-%s-%s-%s' % (hexid(R, 8), hexid(R, 4), hexid(R, 4), hexid(R, 4), hexid(R, 12)), conf, conf // 10 ** 6, conf // 1000 % 1000, conf % 1000, oid, tid, mtg[:40],
                R.choice(['', '', 'Org help<https://%s/teams-help> | Privacy and security<https://%s/privacy>\n' % (org.org.domain, org.org.domain)]))
        else:
            mid = R.randint(10 ** 9, 10 ** 10)
            pc = R.randint(100000, 999999)
            nums = R.sample(ZOOM_NUMBERS, 8)
            block = ('%s is inviting you to a scheduled Zoom meeting.\n\nJoin Zoom Meeting\nhttps://%s.zoom.us/j/%d?pwd=%s\n\nMeeting ID: %d\nPasscode: %d\n\n---\n\nOne tap mobile\n%s\n\n'
                     'Dial by your location\n%s\n\nMeeting ID: %d\nPasscode: %d\n\nFind your local number: https://%s.zoom.us/u/%s\n') % (
                org.name, org.org.domain.split('.')[0], mid, alnum(R, 32), mid, pc, '\n'.join('%s,,%d#,,,,*%d#' % (x.split(' US')[0].split(' United')[0].replace(' ', ''), mid, pc) for x in nums[:2]),
                '\n'.join('\u2022 ' + x for x in nums), mid, pc, org.org.domain.split('.')[0], alnum(R, 9))
        L = Letter(org, site, [], title, t, [x for x in [note] if x] + [block], None, None, sig=bool(note), client='outlook')
        data = email_bytes(L.headers(), Multi('alternative', [Leaf('text/plain', L.plain(), 'utf-8', 'quoted-printable'),
                                                              Leaf('text/html', L.html(), 'utf-8', 'quoted-printable'),
                                                              Leaf('text/calendar', ics(R, org, title, when, site), 'utf-8', 'base64', params='method=REQUEST')], R))
        ip, helo = org.org.deliver(R)
        emit(t, data, ip, helo, org.addr, site, 'ham', 'invite')


# ---------------------------------------------------------------- ham: security codes, password resets
def gen_security(n):
    ms_pool = EOP['NAM']
    apple = Fixed([('17.58.%d.%d' % (R.randrange(0, 64), R.randint(2, 250)), 'rn2-txn-msbadger0%d.apple.com' % i) for i in range(4)])
    linkedin = Fixed([('108.174.%d.%d' % (x, R.randint(2, 250)), 'maila%d.linkedin.com' % i) for i, x in enumerate((0, 3, 6))])
    orcid = esp_sender(R, 'ORCID', 'orcid.org', 'mailgun')
    elsevier = esp_sender(R, 'Elsevier', 'elsevier.com', 'sfmc')
    for i in range(n):
        u = R.choice(STAFF + STUDENTS)
        t = anytime(R)
        code = '%06d' % R.randint(0, 999999)
        masked = u.addr[:2] + '*****@' + u.addr.split('@')[1]
        k = wchoice(R, [('ms', 30), ('google', 20), ('github', 12), ('apple', 10), ('linkedin', 12), ('orcid', 8), ('elsevier', 8), ('zoom', 8)])
        if k == 'ms':
            plain = ('Microsoft account\n\nSecurity code\n\nPlease use the following security code for the Microsoft account %s.\n\nSecurity code: %s\n\n'
                     'If you don\'t recognize the Microsoft account %s, you can click here to remove your email address from that account.\n\nThanks,\nThe Microsoft account team\n') % (masked, code, u.addr)
            data = auto_msg('Microsoft account team <account-security-noreply@accountprotection.microsoft.com>', u, 'Microsoft account security code', plain, html_simple(plain.split('\n\n')), t, R, mid_dom='accountprotection.microsoft.com')
            ip, helo = ms_pool.pick(R)
            env = 'account-security-noreply@accountprotection.microsoft.com'
        elif k == 'google':
            plain = ('%s\n\n%s\n\nA new sign-in on %s\n\nWe noticed a new sign-in to your Google Account on a %s device. If this was you, you don\'t need to do anything. If not, we\'ll help you secure your account.\n\n'
                     'Check activity\n\nYou can also see security activity at\nhttps://myaccount.google.com/notifications\n\nYou received this email to let you know about important changes to your Google Account and services.\n'
                     '\u00a9 2026 Google LLC, 1600 Amphitheatre Parkway, Mountain View, CA 94043, USA\n') % (u.name, u.addr, R.choice(['Windows', 'Mac', 'iPhone', 'Android']), R.choice(['Windows', 'Mac', 'iPhone', 'Android']))
            data = auto_msg('Google <no-reply@accounts.google.com>', u, 'Security alert', plain, html_simple(plain.split('\n\n')), t, R, mid_dom='accounts.google.com')
            ip, helo = GSERVICE.pick(R)
            env = '%s@gaia.bounces.google.com' % alnum(R, 30)
        elif k == 'github':
            plain = ('Hey %s!\n\nA sign in attempt requires further verification because we did not recognize your device. To complete the sign in, enter the verification code on the unrecognized device.\n\n'
                     'Device: %s on %s\nVerification code: %s\n\nIf you did not attempt to sign in to your account, your password may be compromised. Visit https://github.com/settings/security to create a new, strong password for your GitHub account.\n\n'
                     'Thanks,\nThe GitHub Team\n') % (u.first.lower() + str(R.randint(1, 99)), R.choice(['Firefox', 'Chrome', 'Safari']), R.choice(['Windows', 'macOS', 'Linux']), code)
            data = auto_msg('GitHub <noreply@github.com>', u, '[GitHub] Please verify your device', plain, None, t, R, mid_dom='github.com')
            ip, helo = GITHUB.pick(R)
            env = 'noreply@github.com'
        elif k == 'apple':
            plain = ('Dear %s,\n\nYour Apple Account was used to sign in to iCloud via a web browser.\n\nDate and Time: %s\n\nIf the information above looks familiar, you can ignore this message.\n\n'
                     'If you have not signed in to iCloud recently and believe someone may have accessed your account, go to Apple Account (https://account.apple.com) and change your password as soon as possible.\n\n'
                     'Apple Support\n') % (u.first, fmt_when(t, 'outlook'))
            data = auto_msg('Apple <noreply@email.apple.com>', u, 'Your Apple Account was used to sign in to iCloud via a web browser', plain, html_simple(plain.split('\n\n')), t, R, mid_dom='email.apple.com')
            ip, helo = apple.pick(R)
            env = 'bounce@email.apple.com'
        elif k == 'linkedin':
            plain = ('Hi %s,\n\nHere\'s your verification code %s.\n\nThis code will expire in 15 minutes.\n\nDon\'t share this code with anyone. If someone asks for the code, they may be trying to access your account.\n\n'
                     'Thanks for helping us keep your account secure.\nThe LinkedIn Team\n\nThis email was intended for %s (%s). Learn why we included this.\n\u00a9 2026 LinkedIn Corporation, 1000 West Maude Avenue, Sunnyvale, CA 94085.\n') % (
                u.first, code, u.name, R.choice(['Researcher', 'Student', 'Lecturer', 'PhD Candidate']))
            data = auto_msg('LinkedIn <security-noreply@linkedin.com>', u, 'Here\'s your verification code %s' % code, plain, html_simple(plain.split('\n\n')), t, R, mid_dom='linkedin.com')
            ip, helo = linkedin.pick(R)
            env = 's-%s@bounce.linkedin.com' % alnum(R, 20)
        elif k == 'zoom':
            plain = ('Hi %s,\n\nYour verification code is %s. Please use it within 10 minutes to sign in to Zoom.\n\nIf you did not request this code, you can ignore this email.\n\nThank you,\nThe Zoom Team\n') % (u.first, code)
            data = auto_msg('Zoom <no-reply@zoom.us>', u, 'Your Zoom verification code', plain, html_simple(plain.split('\n\n')), t, R, mid_dom='zoom.us')
            ip, helo = SENDGRID.sub(R, 2, 3).pick(R)
            env = 'bounces+%d@sendgrid.zoom.us' % R.randint(10 ** 6, 10 ** 7)
        else:
            snd = orcid if k == 'orcid' else elsevier
            if k == 'orcid':
                plain = ('Dear %s,\n\nWe have received a request to reset the password for the ORCID record associated with %s. To reset your password, please follow the link below. '
                         'This link will expire in 24 hours.\n\nhttps://orcid.org/reset-password-email/%s\n\nIf you did not request a password reset, please ignore this email.\n\nKind regards,\nThe ORCID Team\nhttps://orcid.org\n') % (u.name, u.addr, alnum(R, 64))
                subj = '[ORCID] Reset your ORCID password'
            else:
                plain = ('Your one-time code is %s\n\nUse this code to sign in to ScienceDirect. The code expires in 10 minutes.\n\nIf you did not request this code, you can ignore this message.\n\n'
                         'This email has been sent to you by Elsevier, Radarweg 29, 1043 NX Amsterdam, The Netherlands. Privacy Policy\n') % code
                subj = 'Your one-time code to sign in'
            data = auto_msg(snd.frm, u, subj, plain, html_simple(plain.split('\n\n')), t, R, mid_dom=snd.mid_dom)
            ip, helo = snd.pool.pick(R)
            env = snd.envelope(u.addr, R)
        emit(t, data, ip, helo, env, [u], 'ham', 'security')


# ---------------------------------------------------------------- ham: shopping and travel
def gen_commerce(n):
    amazon = Pool([(54, 240, x) for x in range(0, 8)] + [(52, 95, x) for x in range(48, 52)], lambda ip, r: 'a%s-%s.smtp-out.amazon.com' % tuple(ip.split('.')[2:]))
    brands = [('amazon', None), ('dhl', esp_sender(R, 'DHL Express', 'dhl.com', 'sfmc')), ('ba', esp_sender(R, 'British Airways', 'ba.com', 'sfmc')),
              ('united', esp_sender(R, 'United Airlines', 'united.com', 'sfmc')), ('booking', esp_sender(R, 'Booking.com', 'booking.com', 'own')),
              ('trainline', esp_sender(R, 'Trainline', 'trainline.com', 'sendgrid')), ('eventbrite', esp_sender(R, 'Eventbrite', 'eventbrite.com', 'sendgrid')),
              ('uber', esp_sender(R, 'Uber Receipts', 'uber.com', 'sendgrid'))]
    for i in range(n):
        u = R.choice(STAFF + STUDENTS)
        t = anytime(R)
        b, snd = R.choice(brands)
        order = '%03d-%07d-%07d' % (R.randint(100, 999), R.randint(0, 9999999), R.randint(0, 9999999))
        item = title_case(words_from(R, 3, 7))
        if b == 'amazon':
            subj = 'Your Amazon.com order #%s has shipped' % order
            plain = ('Hello %s,\n\nYour package is on its way. Track your package to see the delivery status and sign up for delivery notifications.\n\nArriving %s\n\n%s\nQuantity: %d\n\n'
                     'Order #%s\nTrack package\n\nReturn or replace items in Your Orders.\n\nWe hope to see you again soon.\nAmazon.com\n\n'
                     'By placing your order, you agree to Amazon.com\'s Privacy Notice and Conditions of Use. Unless otherwise noted, items sold by Amazon.com are subject to sales tax in select states '
                     'in accordance with the applicable laws of that state.\n\nThis email was sent from a notification-only address that cannot accept incoming email. Please do not reply to this message.\n') % (
                u.first, WDAYS[R.randrange(7)], item, R.randint(1, 3), order)
            data = auto_msg('"Amazon.com" <shipment-tracking@amazon.com>', u, subj, plain, html_simple(plain.split('\n\n')), t, R, mid_dom='email.amazonses.com')
            ip, helo = amazon.pick(R)
            emit(t, data, ip, helo, '20%s%s@bounces.amazon.com' % (hexid(R, 10), alnum(R, 20)), [u], 'ham', 'commerce')
            continue
        if b == 'united':
            subj = 'eTicket Itinerary and Receipt for Confirmation %s' % alnum(R, 6, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789')
            plain = ('Thanks for choosing United. A receipt of your purchase is shown below. Please retain this email receipt for your records.\n\nConfirmation Number: %s\n\n'
                     'Traveler Details\n%s/%s\neTicket Number: %d\nSeats: %d%s\n\nFlight %s: UA%d\nDepart: %s\n\nFare Breakdown\nAirfare: %d.00 USD\nU.S. Transportation Tax: %d.%02d USD\n'
                     'Total Per Passenger: %d.%02d USD\n\nBaggage allowance and charges apply. MileagePlus accrual is subject to the rules of the MileagePlus program.\n') % (
                alnum(R, 6, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'), u.last.upper(), u.first.upper(), R.randint(10 ** 12, 10 ** 13), R.randint(5, 40), R.choice('ABCDEF'),
                R.choice(['1 of 2', '1 of 1', '2 of 2']), R.randint(10, 2999), fmt_when(t + 86400 * R.randint(3, 60), 'outlook'), R.randint(200, 1900), R.randint(10, 90), R.randint(0, 99),
                R.randint(250, 2100), R.randint(0, 99))
        elif b == 'ba':
            subj = 'Your booking confirmation %s' % alnum(R, 6, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789')
            plain = ('Dear %s %s,\n\nThank you for booking with us. Your booking reference is %s.\n\nFlight %s%d %s to %s\nDeparts %s\n\nPassenger: %s %s\nTicket number: %d\n\n'
                     'Manage your booking online to choose seats, add bags or check in from 24 hours before departure.\n\nPlease check the entry requirements for your destination before you travel.\n\n'
                     'This is an automated email; please do not reply.\n') % (R.choice(['Mr', 'Ms', 'Dr']), u.last, alnum(R, 6, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'), 'BA' if b == 'ba' else 'UA',
                                                                         R.randint(10, 2999), R.choice(['London Heathrow', 'Boston', 'Chicago', 'Frankfurt']), R.choice([v[0] for v in VENUES]),
                                                                         fmt_when(t + 86400 * R.randint(3, 60), 'outlook'), u.first.upper(), u.last.upper(), R.randint(10 ** 12, 10 ** 13))
        elif b == 'dhl':
            subj = 'DHL On Demand Delivery: your shipment %d is on its way' % R.randint(10 ** 9, 10 ** 10)
            plain = ('Hello,\n\nYour shipment from %s is scheduled for delivery on %s.\n\nWaybill: %d\nPieces: 1\n\nTo change your delivery, visit DHL On Demand Delivery.\n\n'
                     'Please do not reply to this email. DHL Express, privacy notice and terms apply.\n') % (R.choice(COMPANIES).name, WDAYS[R.randrange(5)], R.randint(10 ** 9, 10 ** 10))
        elif b == 'booking':
            subj = 'Your booking is confirmed at %s %s' % (R.choice(PLACES), R.choice(['Hotel', 'Inn', 'Apartments', 'Suites']))
            plain = ('Thanks, %s! Your booking in %s is confirmed.\n\nConfirmation number: %d\nPIN: %04d\nCheck-in: %s\nCheck-out: %s\n\nYou can make changes to your booking at any time.\n\n'
                     'Booking.com B.V., Herengracht 597, 1017 CE Amsterdam, The Netherlands\n') % (u.first, R.choice(VENUES)[0], R.randint(10 ** 9, 10 ** 10), R.randint(0, 9999),
                                                                                                  fmt_when(t + 86400 * 10, 'outlook'), fmt_when(t + 86400 * 13, 'outlook'))
        elif b == 'trainline':
            subj = 'Your e-ticket for %s to %s' % (R.choice(PLACES), R.choice(PLACES))
            plain = ('Hi %s,\n\nHere are your tickets. Show them on your phone or print them.\n\nTransaction ID: %d\nOutward: %s\n\nNeed to change your journey? You can do it in the app.\n\nThe Trainline team\n') % (
                u.first, R.randint(10 ** 7, 10 ** 8), fmt_when(t + 86400 * 2, 'outlook'))
        elif b == 'eventbrite':
            subj = 'Your tickets for %s' % title_case(words_from(R, 3, 6))
            plain = ('Hi %s,\n\nYou\'re going to %s!\n\nOrder #%d\n%s\n\nView or print your tickets in the Eventbrite app.\n\nThis email was sent to %s. Eventbrite, 95 Third Street, San Francisco, CA 94103\n') % (
                u.first, subj[17:], R.randint(10 ** 9, 10 ** 10), fmt_when(t + 86400 * 7, 'outlook'), u.addr)
        else:
            subj = 'Your %s trip with Uber' % R.choice(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
            plain = ('Thanks for riding, %s\n\nTotal $%d.%02d\n\nTrip fare $%d.%02d\nBooking fee $2.45\n\nPickup %s\nDropoff %s\n\nYou rode with %s\n\nUber Technologies, 1515 3rd Street, San Francisco, CA 94158\n') % (
                u.first, R.randint(8, 60), R.randint(0, 99), R.randint(6, 55), R.randint(0, 99), fmt_when(t, 'outlook'), fmt_when(t + 1200, 'outlook'), R.choice(FIRST))
        bulk_send(snd, u, subj, plain, html_simple(plain.split('\n\n')), t, 'commerce')


# ================================================================ spam
BOT_A = [1, 2, 5, 14, 27, 31, 36, 37, 39, 41, 42, 45, 46, 49, 58, 59, 60, 61, 62, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90,
         91, 92, 93, 94, 95, 101, 103, 105, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 171,
         175, 176, 177, 178, 179, 180, 181, 182, 183, 186, 187, 188, 189, 190, 191, 197, 200, 201, 202, 203, 210, 211, 212, 213, 217,
         218, 219, 220, 221, 222]
ISPS = ['dynamic.vivo.com.br', 'static.ttnet.com.tr', 'adsl.tpnet.pl', 'dsl.telesp.net.br', 'pool.ukrtel.net', 'broadband.kz', 'dyn.telefonica.net',
        'cust.vodafonedsl.it', 'hinet-ip.hinet.net', 'ip.fastwebnet.it', 'bb.sky.com', 'res.spectrum.com', 'dsl.viettel.vn', 'static.airtel.in',
        'pppoe.mtu-net.ru', 'cable.virginm.net', 'dhcp.ipnet.ro', 'mobile.tmobile.pl', 'static.vnpt.vn', 'rev.sfr.net', 'dial.uol.com.br']
SPAMWORDS = ('alpha bright cloud data delta eagle echo fast first global green hub line link mail max media net nova one peak pro quick '
             'smart star sun swift tech top trade true union vista web wave zen apex bay core crest edge flex fusion grid harbor').split()
SPAMTLDS = ['com', 'net', 'info', 'biz', 'xyz', 'top', 'online', 'site', 'shop', 'ru', 'com.br', 'in', 'co', 'club', 'live', 'store']


def spam_domain(r):
    return '%s%s%s.%s' % (r.choice(SPAMWORDS), r.choice(SPAMWORDS), r.choice(['', str(r.randint(1, 99)), '-mail', 'hq']), r.choice(SPAMTLDS))


def bot_source(r, dom=None):
    a = r.choice(BOT_A)
    ip = '%d.%d.%d.%d' % (a, r.randint(0, 255), r.randint(0, 255), r.randint(1, 254))
    k = r.random()
    if k < 0.4:
        helo = '%s.%s' % (ip.replace('.', '-'), r.choice(ISPS))
    elif k < 0.65:
        helo = 'mail.' + (dom or spam_domain(r))
    elif k < 0.85:
        helo = alnum(r, r.randint(5, 10), 'abcdefghijklmnopqrstuvwxyz').upper() if r.random() < 0.5 else r.choice(['User', 'localhost', 'WIN-%s' % alnum(r, 11).upper()])
    else:
        helo = '[%s]' % ip
    return ip, helo


def forged_sender(r):
    f, l = person_name(r)
    return '%s%s@%s' % (r.choice([f.lower(), l.lower(), f[0].lower() + l.lower(), alnum(r, 6, 'abcdefghijklmnopqrstuvwxyz')]), r.choice(['', str(r.randint(1, 999))]),
                        r.choice([spam_domain(r), spam_domain(r), r.choice(ORGS).domain, r.choice(['gmail.com', 'yahoo.com', 'hotmail.com', 'aol.com'])]))


def hashbuster(r):
    k = r.randrange(4)
    if k == 0:
        return 'ID: %s' % alnum(r, r.randint(8, 16))
    if k == 1:
        return ' '.join(alnum(r, r.randint(3, 9), 'abcdefghijklmnopqrstuvwxyz') for _ in range(r.randint(3, 8)))
    if k == 2:
        return 'Ref %d-%d' % (r.randint(1000, 99999), r.randint(100, 999))
    return sent(r)


def spam_html(r, paras, link, style, poison=None, img=False):
    """A spam's HTML with the campaign's tricks; returns (plain, html, extra parts)."""
    body = []
    for p in paras:
        if style == 'split' and r.random() < 0.5:
            w = p.split(' ')
            p = ' '.join('<span>%s</span>' % x if r.random() < 0.3 else esc(x) for x in w)
            body.append('<p>%s</p>' % p)
        else:
            body.append('<p>%s</p>' % esc(p).replace('\n', '<br>'))
    btn = '<p><a href="%s" style="background:#0b5ed7;color:#fff;padding:10px 18px;text-decoration:none;border-radius:4px">%s</a></p>' % (
        link, r.choice(['Click here', 'Open', 'View now', 'Get started', 'Claim now', 'Learn more', 'Order now']))
    body.insert(min(len(body), 2), btn)
    extra = []
    if img:
        cid = '%s@%s' % (hexid(r, 12), alnum(r, 5))
        body.insert(0, '<a href="%s"><img src="cid:%s" width="600" height="%d" alt=""></a>' % (link, cid, r.randint(300, 900)))
        extra.append(Leaf('image/%s' % r.choice(['png', 'gif', 'jpeg']), fake_bin(r, b'GIF89a', r.randint(8000, 30000)), cte='base64', cid=cid,
                          name='%s.gif' % alnum(r, 8), disp='inline'))
    if poison:
        kind, text = poison
        if kind == 'hidden':
            body.append('<div style="display:none">%s</div>' % esc(text))
        elif kind == 'zero':
            body.append('<span style="font-size:0px">%s</span>' % esc(text))
        elif kind == 'white':
            body.append('<p style="color:#ffffff;font-size:6px">%s</p>' % esc(text))
        else:
            body.append('<p style="color:#999;font-size:10px">%s</p>' % esc(text))
    html = '<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"></head><body>%s</body></html>' % ''.join(body)
    plain = '\n\n'.join(paras) + '\n\n' + link + '\n'
    if poison and poison[0] in ('visible', 'white'):
        plain += '\n' + poison[1] + '\n'
    return plain, html, extra


def spam_msg(r, frm, to, subj, plain, html, t, extra_parts=(), headers=(), charset='utf-8', cte=None, html_only=False, attach=()):
    cte = cte or r.choice(['quoted-printable', 'base64', '7bit', 'quoted-printable'])
    if cte == '7bit':
        try:
            (plain + (html or '')).encode('ascii')
        except UnicodeEncodeError:
            cte = 'quoted-printable'
    parts = []
    if not html_only:
        parts.append(Leaf('text/plain', plain, charset, cte))
    if html:
        parts.append(Leaf('text/html', html, charset, cte))
    body = Multi('alternative', parts, r) if len(parts) > 1 else parts[0]
    if extra_parts:
        body = Multi('related', [body] + list(extra_parts), r)
    if attach:
        body = Multi('mixed', [body] + list(attach), r)
    h = [('From', frm), ('To', to), ('Subject', q_header(subj)), ('Date', rfcdate(t, r.choice([0, 60, -300, 180, 480, 330]))),
         ('Message-ID', '<%s@%s>' % (hexid(r, r.choice([16, 24, 32])), r.choice([spam_domain(r), 'localhost', alnum(r, 8)])))] + list(headers)
    if r.random() < 0.3:
        h.append(('X-Mailer', r.choice(['Microsoft Outlook 16.0', 'PHPMailer 6.8.0 (https://github.com/PHPMailer/PHPMailer)', 'Foxmail 7.2', 'The Bat! (v9.1.18)'])))
    return email_bytes(h, body)


def targets(r, n, students=0.2):
    pool = R.sample(STAFF, min(len(STAFF), int(n * (1 - students)) + 1)) + R.sample(STUDENTS, int(n * students) + 1)
    pool += [ROLEBOX[k] for k in ('admissions', 'international', 'library', 'hr') if r.random() < 0.3]
    r.shuffle(pool)
    return pool[:n]


class Campaign:
    """A spam campaign: a text family sent from a source to many of the site's users."""

    def __init__(self, name, make, source, nrcpt, per_msg=(1, 1), hours=(2, 30), start=None, poison=None, students=0.2, days=1, level=0.4):
        self.name, self.make, self.source = name, make, source
        self.rcpts = targets(R, nrcpt, students)
        self.per_msg, self.hours, self.poison, self.days = per_msg, hours, poison, days
        self.start = start if start is not None else anytime(R, R.randrange(DAYS - days + 1))
        self.level, self.cseed = level, R.getrandbits(32)

    def run(self, group):
        r = R
        i = 0
        rc = self.rcpts
        while i < len(rc):
            k = r.randint(*self.per_msg)
            batch = rc[i:i + k]
            i += k
            day = r.randrange(self.days)
            t = self.start + day * 86400 + int(r.uniform(0, r.uniform(*self.hours)) * 3600)
            ip, helo, env, frmdom = self.source(r, batch)
            frm, subj, paras, link, style, html_only, attach = self.make(r, batch[0], frmdom)
            poison = None
            if self.poison:
                kind = self.poison
                text = ' '.join(sent(r) for _ in range(r.randint(2, 8)))
                poison = (kind, text)
            if style == 'plain':
                plain, html, extra = '\n\n'.join(paras) + '\n\n' + link + '\n', None, []
                if poison and poison[0] == 'visible':
                    plain += '\n' + poison[1] + '\n'
            else:
                plain, html, extra = spam_html(r, paras, link, style, poison, img=(style == 'image'))
            to = batch[0].addr if len(batch) == 1 else r.choice(['undisclosed-recipients:;', env, batch[0].addr])
            data = spam_msg(r, frm, to, subj, plain, html, t, extra, html_only=html_only, attach=attach)
            emit(t, data, ip, helo, env, batch, 'spam', group)


# -- sources
def src_botnet(r, batch, dom=None):
    d = dom or spam_domain(r)
    ip, helo = bot_source(r, d)
    env = forged_sender(r)
    return ip, helo, env, env.split('@')[1]


def src_botnet_self(r, batch):
    ip, helo = bot_source(r)
    return ip, helo, batch[0].addr, SITE


def make_snowshoe(r, ndom=12):
    a = r.choice([45, 185, 193, 194, 23, 104, 89, 91, 5])
    nets = [(a, r.randint(1, 254), r.randint(0, 255)) for _ in range(3)]
    hosts = []
    for i in range(ndom):
        a_, b_, c_ = nets[i % 3]
        d = spam_domain(r)
        hosts.append(('%d.%d.%d.%d' % (a_, b_, c_, r.randint(2, 250)), d))

    def src(rr, batch):
        ip, d = rr.choice(hosts)
        f, l = person_name(rr)
        return ip, 'mail.' + d, '%s.%s@%s' % (f.lower(), l.lower(), d), d
    return src


def make_compromised(r, nacct=4, kind='m365'):
    accts = []
    for i in range(nacct):
        org = r.choice([o for o in UNIVS + COMPANIES if (o.infra == 'm365') == (kind == 'm365') and (o.infra == 'google') == (kind == 'google')] or UNIVS)
        accts.append(make_external(org))

    def src(rr, batch):
        p = rr.choice(accts)
        ip, helo = p.org.deliver(rr)
        return ip, helo, p.addr, p.org.domain
    src.accts = accts
    return src


def make_freemail_src(r, naccts, doms=('gmail.com', 'outlook.com', 'yahoo.com', 'hotmail.com')):
    fm = dict((f[0].domain, f[0]) for f in FREEMAIL)
    accts = []
    for i in range(naccts):
        org = fm[r.choice(doms)]
        accts.append(make_external(org))

    def src(rr, batch):
        p = rr.choice(accts)
        ip, helo = p.org.deliver(rr)
        return ip, helo, p.addr, p.org.domain
    return src


def make_esp_src(r, esp, domain):
    snd = esp_sender(r, 'x', domain, esp)

    def src(rr, batch):
        ip, helo = snd.pool.pick(rr)
        return ip, helo, snd.envelope(batch[0].addr, rr), domain
    return src


def make_own_src(r, domain, n=2):
    pool = own_pool(r, domain, n)

    def src(rr, batch):
        ip, helo = pool.pick(rr)
        return ip, helo, 'info@' + domain, domain
    return src


# -- texts
def link_for(r, dom=None):
    return 'https://%s/%s/%s' % (dom or spam_domain(r), r.choice(['l', 'c', 'go', 'track', 'r', 'secure', 'id']), alnum(r, r.randint(6, 20)))


def t_pharma(r, u, dom):
    subj = spin('{Cheap|Discount|Low cost|Generic} {meds|pills|medications|ED pills} {online|without prescription|shipped worldwide}{!| - {up to|save} {70|80|85}% off| for {you|' + u.first + '}}', r)
    paras = [spin('{Hi|Hello|Dear} {' + u.first + '|friend|customer|valued customer},', r),
             spin('{Our online pharmacy|The #1 Canadian pharmacy|Trusted online drugstore|Licensed online chemist} {offers|has} {Viagra|Cialis|Levitra|generic ED medication|Sildenafil and Tadalafil} at {the lowest prices|prices you will love|unbeatable prices} {on the web|online|in {2026|this year}}.', r),
             spin('{- Worldwide shipping|- Free shipping on orders over $150}\n{- No prescription required|- Online doctor consultation included}\n{- Discreet packaging|- Discreet delivery in plain box}\n{- 100% satisfaction guarantee|- Money back guarantee}', r),
             spin('{Order today and get {4|10} free bonus pills!|Special offer ends {soon|this week|Friday}.|Save more with our bulk discounts.}', r),
             hashbuster(r)]
    return '"%s" <%s>' % (spin('{Pharmacy|Online Pharmacy|Canadian Meds|Health Store}', r), forged_sender(r)), subj, paras, link_for(r), r.choice(['html', 'split']), False, ()


def t_replica(r, u, dom):
    subj = spin('{Luxury|Swiss|Designer} {watches|replica watches|timepieces} {from $99|at 90% off|sale}', r)
    paras = [spin('{Rolex|Omega|Breitling|Tag Heuer|Cartier} {replicas|watches} {of the highest quality|indistinguishable from the original}.', r),
             spin('{Free delivery|Fast shipping} {worldwide|to your door}. {1 year warranty.|Secure payment.}', r), hashbuster(r)]
    return forged_sender(r), subj, paras, link_for(r), 'html', False, ()


def t_dating(r, u, dom):
    name = (SPIN['cr'] or r).choice(['Anna', 'Katya', 'Olga', 'Julia', 'Maria', 'Elena', 'Sophie', 'Irina'])
    subj = spin('{' + name + ' sent you a message|You have {1|2|3} new messages|' + name + ' ({24|26|29}) wants to meet you|Are you still single?}', r)
    paras = [spin('{Hi|Hey|Hello} {dear|' + u.first + '|there}! {I saw your profile|I found your email} and {wanted to write|decided to write to you}. {I am ' + name + ', I am {24|26|29} years old.|My name is ' + name + '.}', r),
             spin('{I am looking for a serious relationship.|I want to find a kind man.|I hope you will answer me.} {See my photos|My photos are} {here|on my page}.', r), hashbuster(r)]
    return '%s <%s>' % (name, forged_sender(r)), subj, paras, link_for(r), r.choice(['html', 'image']), False, ()


def t_casino(r, u, dom):
    subj = spin('{' + u.first + ', your|Your} {$500|200%|250 free spins} {welcome bonus|bonus} {is waiting|expires today|has been credited}', r)
    paras = [spin('{Congratulations|Great news}! {You have been selected|Your account qualifies} for {an exclusive|a VIP} {bonus|welcome package}.', r),
             spin('{Play now|Claim your bonus} and {win big|get {100|250} free spins} on {our top slots|the most popular games}.', r), hashbuster(r)]
    return '"%s" <%s>' % (spin('{Lucky|Royal|Golden|VIP} {Casino|Spins|Slots}', r), forged_sender(r)), subj, paras, link_for(r), 'image', False, ()


CONF_EVENTS = ['Dubai', 'Paris', 'London', 'Singapore', 'Rome', 'Tokyo', 'Istanbul', 'Bangkok', 'Barcelona', 'Amsterdam']


def t_lists_b2b(r, u, dom):
    cr = SPIN['cr'] or r
    ev = cr.choice(['EDUCAUSE Annual Conference', 'AAAS Annual Meeting', 'ASMS Conference', 'Neuroscience 2026', 'AERA Annual Meeting', 'ACS Fall 2026', 'ISMB 2026', 'Experimental Biology'])
    f, l = person_name(r)
    subj = spin('{Attendees|Visitors|Registrants} {list|data|contact list} - ' + ev + '{| 2026|?}', r)
    paras = [spin('{Hi|Hello|Good day} {' + u.first + '|there},', r),
             spin('Would you be interested in {acquiring|purchasing|getting} the {attendees|visitors|registered attendees} {list|contact list|email list} of ' + ev + '?', r),
             spin('{Each record|Every contact} {includes|contains}: {Contact name, Title, Company name, Email, Phone number, Website|Name, Job title, Organization, Verified email address, Phone}.', r),
             spin('{Let me know your interest|Please let me know if you are interested} {so I can send you|and I will share} the {counts and pricing|number of contacts and cost|details}.', r),
             spin('{Regards|Thanks|Best regards},\n%s %s\n{Marketing Executive|Data Specialist|Business Development}' % (f, l), r),
             spin('{If you do not wish to receive further emails, please reply with "Remove".|To opt out, reply "unsubscribe".|Reply "No" to opt out.}', r)]
    return '%s %s <%s.%s@%s>' % (f, l, f.lower(), l.lower(), dom), subj, paras, '', 'plain', False, ()


def t_editing(r, u, dom):
    f, l = person_name(r)
    subj = spin('{Professional|Expert|Native English} {editing|proofreading|language editing} {for your manuscript|services for researchers|- {20|30|40}% discount}', r)
    paras = [spin('Dear {Dr.|Professor|Researcher} ' + u.last + ',', r),
             spin('{Are you preparing a manuscript for publication?|Is your paper ready for submission?|Struggling with journal rejections?} {Our team of PhD-qualified editors|Our native English-speaking editors} {can help|will polish your manuscript} {in as little as 48 hours|with a quick turnaround}.', r),
             spin('{We have helped over {20,000|50,000|100,000} researchers publish in {high-impact|SCI and Scopus indexed} journals.|Our services include language editing, formatting and journal selection.}', r),
             spin('{Use code {ACADEMIC20|EDIT30|PUB2026} for a special discount.|Get a free quote today.}', r),
             spin('{Best regards|Kind regards},\n%s %s\n{Customer Success Manager|Editorial Services}' % (f, l), r)]
    return '%s %s <%s@%s>' % (f, l, f.lower(), dom), subj, paras, link_for(r, dom), 'html', False, ()


def t_sharepoint(r, u, dom):
    doc = spin('{Proposal|Payment Advice|Project documents|Contract Agreement|Updated Invoice|Remittance|Staff Bonus Review} {' + str(r.randint(1, 31)) + '-06-2026|' + str(r.randint(100, 9999)) + '|}', r)
    who = spin('{Accounts Department|Finance Office|' + dom.split('.')[0].title() + ' Procurement|HR Department}', r)
    subj = spin('{' + who + ' shared "' + doc + '" with you|' + who + ' has shared a file with you|Document shared: ' + doc + '}', r)
    paras = [spin('%s {shared a file with you|has shared a document with you}' % who, r), doc + '.pdf',
             spin('{This link will work for anyone.|This link will only work for the direct recipients of this message.}', r),
             'Open',
             spin('{Microsoft respects your privacy. To learn more, please read our Privacy Statement.|Privacy Statement}\nMicrosoft Corporation, One Microsoft Way, Redmond, WA 98052', r)]
    return None, subj, paras, link_for(r), 'html', True, ()


def t_mailbox(r, u, dom):
    subj = spin('{Mailbox|Email} {storage|quota} {full|exceeded|warning}{: ' + u.addr + '| for ' + u.addr + '|}', r) if r.random() < 0.5 else \
        spin('{Password expiry notice|Your password expires today|Action required: password expiration} {for ' + u.addr + '|}', r)
    paras = [spin('{Dear|Hello} {' + u.first + '|user|' + u.addr + '},', r),
             spin('Your {' + SITE + '|' + SITE_NAME + '} {mailbox|email account} {storage is {96|98|99}% full|password will expire in {24 hours|today}}. {Incoming messages will be {suspended|held}|You will stop receiving emails} {until you take action|if not verified}.', r),
             spin('{Click below|Use the link below|Follow the button} to {increase your quota|upgrade your storage|keep your current password|verify your account} {now|immediately|within 24 hours}.', r),
             spin('{IT Service Desk|IT Help Desk|ICT Support|Email Administrator}\n' + SITE_NAME, r), hashbuster(r) if r.random() < 0.3 else '']
    return '"%s" <%s>' % (spin('{IT Service Desk|Mail Admin|' + SITE_NAME + ' IT}', r), forged_sender(r)), subj, [p for p in paras if p], link_for(r), r.choice(['html', 'split']), True, ()


def t_docusign(r, u, dom):
    co = spin('{Human Resources|Payroll Department|Legal Department|' + r.choice(COMPANIES).name + '}', r)
    subj = spin('{Please DocuSign|Complete with DocuSign|Review and sign}: {' + co + ' Agreement|Salary Adjustment 2026|Contract_' + str(r.randint(1000, 9999)) + '.pdf|Updated Employee Handbook}', r)
    paras = [spin('%s {sent you a document to review and sign|has sent you a document}.' % co, r), 'REVIEW DOCUMENT',
             spin('{Please review and complete the document at your earliest convenience.|Please sign by end of day.}', r),
             'Do Not Share This Email\nThis email contains a secure link to DocuSign. Please do not share this email, link, or access code with others.',
             'About DocuSign\nSign documents electronically in just minutes. It\'s safe, secure, and legally binding.']
    return '"%s via DocuSign" <%s>' % (co, 'dse@' + r.choice(['docusign.net', 'docusign-mail.' + spam_domain(r).split('.')[-1], dom])), subj, paras, link_for(r), 'html', True, ()


def t_invoice(r, u, dom):
    n = r.randint(10000, 99999)
    subj = spin('{Invoice|INV|Overdue invoice|Payment reminder} {#|No. |}' + str(n) + '{| from ' + r.choice(COMPANIES).name + '}', r)
    paras = [spin('{Hello|Good morning|Dear customer},', r), spin('{Please find attached|Attached is} {invoice|the invoice} ' + str(n) + ' {for your records|due for payment}.', r),
             spin('{Kind regards|Thanks},\n{Accounts|Billing Team}', r)]
    att = [Leaf('text/html', '<html><body><script>location.href="%s"</script></body></html>' % link_for(r), 'utf-8', 'base64', name='INV_%d.html' % n, disp='attachment')]
    return forged_sender(r), subj, paras, '', 'plain', False, att


def t_predconf(r, u, dom):
    ev = spin('{International Conference on|World Congress on|Global Summit on} {Advanced|Recent|Emerging|Applied} {Research in|Trends in|Innovations in} {Engineering, Science and Technology|Social Sciences and Humanities|Medical and Health Sciences|Business, Economics and Management|Materials Science and Nanotechnology}', r)
    cr = SPIN['cr'] or r
    place = cr.choice(CONF_EVENTS)
    f, l = person_name(cr)
    subj = spin('{Invitation to speak|Call for Papers|Invitation: Keynote Speaker|Speaker invitation} {at|-} ' + ev + ' {(|- }' + place + ' {2026|September 2026}{)|}', r)
    paras = [spin('Dear {Dr.|Professor|Prof.} ' + u.last + ',', r),
             spin('{Greetings from|On behalf of} the {organizing committee|scientific committee} of the ' + ev + '!', r),
             spin('{We are pleased to invite you to|It is our great pleasure to invite you to} {submit your paper|be a speaker|present your research|join us as an Organizing Committee Member} at the conference {to be held|which will take place} on {' + str(r.randint(10, 25)) + '-' + str(r.randint(26, 28)) + ' September 2026|October 2026} in ' + place + '.', r),
             spin('{We came across your profile|Your recent publications came to our attention} and {believe|feel} that your {expertise|research} in ' + topic_of(u) + ' {would be a great contribution|will attract many participants}.', r),
             spin('{All accepted papers will be published in {Scopus|Web of Science} indexed journals.|Accepted abstracts will be published in the conference proceedings with ISBN.} {Certificates will be provided to all participants.|Best paper awards will be given.}', r),
             spin('{Submission deadline|Last date for abstract submission}: {' + str(r.randint(1, 30)) + ' July 2026|15 July 2026}', r),
             spin('{Looking forward to your positive response.|Kindly let us know your interest.}\n\n{Best regards|Regards|Sincerely},\n%s %s\n{Program Manager|Conference Secretary|Organizing Committee}' % (f, l), r)]
    return '"%s" <%s@%s>' % (spin('{Conference Secretariat|' + f + ' ' + l + '|Program Committee}', r), r.choice(['info', 'contact', 'conference', f.lower()]), dom), subj, paras, link_for(r, dom), r.choice(['html', 'plain']), False, ()


def t_predjournal(r, u, dom):
    cr = SPIN['cr'] or r
    jn = 'Journal of ' + cr.choice(['Advanced', 'Applied', 'Current']) + ' ' + cr.choice(['Research', 'Science', 'Engineering', 'Medical Research', 'Social Sciences'])
    jn = cr.choice(['International ', 'Global ', 'American ', 'European ']) + jn
    f, l = person_name(cr)
    subj = spin('{Call for Manuscripts|Invitation to publish|Request for article submission} - ' + jn + '{| Vol ' + str(r.randint(3, 14)) + '| (Indexed)}', r)
    paras = [spin('Dear {Dr.|Professor} ' + u.first + ' ' + u.last + ',', r),
             spin('{We read your paper|Your recent article} on "' + title_case(words_from(r, 4, 8)) + '" {with great interest|and were impressed by its quality}.', r),
             spin('{On behalf of the editorial board, we invite you|We would be honoured if you could consider} to submit {a research article, review or short communication|your next manuscript} to ' + jn + '.', r),
             spin('{The journal is peer reviewed and open access.|We offer fast peer review (within 7 days) and publication within 2 weeks.} {Article processing charge: USD {99|149|199}.|A discount on the APC is available for invited authors.}', r),
             spin('{Kindly submit your manuscript via email.|Please submit online or by email.}\n\n{Best regards|Sincerely},\n%s %s\n{Editorial Office|Managing Editor}' % (f, l), r)]
    return '"%s" <%s@%s>' % (jn, r.choice(['editor', 'submission', 'editorial']), dom), subj, paras, link_for(r, dom), 'html', False, ()


def t_419(r, u, dom):
    cr = SPIN['cr'] or r
    name = cr.choice(['Mrs.', 'Mr.', 'Barrister', 'Dr.']) + ' ' + ' '.join(person_name(cr))
    amt = spin('{$10.5 million|US$ 4,500,000.00|EUR 7.2M|$15,750,000}', r)
    subj = spin('{Urgent business proposal|Dear friend|Please reply|Donation for you|Compensation payment|Confidential}', r)
    paras = [spin('{Dear friend|Dear beneficiary|Greetings|Hello dear},', r),
             spin('I am ' + name + ', {a banker with|the attorney to the late|a staff of} {' + r.choice(['a bank in Lome', 'an oil company', 'the United Nations compensation office', 'Barclays Bank']) + '}. {I have a business proposal that will benefit us both.|You have been selected to receive a donation of ' + amt + '.|There is an unclaimed deposit of ' + amt + ' belonging to a deceased customer who shares your surname.}', r),
             spin('{I need your assistance to transfer this fund|Your share will be 40% of the total sum|This transaction is 100% risk free}. {Kindly reply with your full name, phone number and address.|Please contact me on my private email for more details.}', r),
             spin('{God bless you|Yours faithfully|Best regards},\n' + name, r)]
    return '%s <%s>' % (name, 'x'), subj, paras, '', 'plain', False, ()


def t_crypto(r, u, dom):
    amt = '%.4f' % r.uniform(0.3, 2.5)
    subj = spin('{Your wallet received ' + amt + ' BTC|Withdrawal pending: ' + amt + ' BTC|' + u.first + ', you have unclaimed crypto|Bitcoin profit notification}', r)
    paras = [spin('{Hello|Dear} {' + u.first + '|investor|user},', r),
             spin('{Your account has an available balance of ' + amt + ' BTC|A transfer of ' + amt + ' BTC is waiting for your confirmation|Our AI trading platform earned you ' + amt + ' BTC this week}.', r),
             spin('{Log in to withdraw your funds within 24 hours.|Confirm your withdrawal now before it expires.|Activate your account to receive the payment.}', r),
             spin('{Support Team|Customer Care|Wallet Services}', r), hashbuster(r)]
    return '"%s" <%s>' % (spin('{Crypto Wallet|BTC Exchange|CoinTrade|Bitcoin Support}', r), forged_sender(r)), subj, paras, link_for(r), r.choice(['html', 'image']), False, ()


def t_extortion(r, u, dom):
    btc = '%s%s' % (r.choice(['bc1q', '1', '3']), alnum(r, 30, 'abcdefghijkmnpqrstuvwxyz023456789'))
    amt = r.choice(['$1450', '$1650', '$1200', '$1900', '$2000'])
    pw = alnum(r, r.randint(6, 10), 'abcdefghijklmnopqrstuvwxyz0123456789')
    subj = spin('{' + u.addr + '|Your account is hacked|Security alert|Payment required|' + u.first + '}{| - ' + pw + '|}', r)
    paras = [spin('{Hello|Hi} {' + u.first + '|there|pervert}!', r),
             spin('{I have to share bad news with you.|I am a hacker who has access to your operating system.|You do not know me, but I know a lot about you.} {Approximately|About} {a few months|several months} ago I {gained access to your devices|hacked your email account} {' + u.addr + '|}{, your password is ' + pw + '|}.', r),
             spin('{I have installed a Trojan virus on all of your devices.|I made a video showing you on the left side of the screen.|I have collected all your contacts and your private data.}', r),
             spin('{Send|Transfer} ' + amt + ' {in Bitcoin|in BTC} to my wallet: ' + btc + ' {within 48 hours|in the next two days}. {After payment I will delete everything.|Once I receive the payment, I will remove the video.}', r),
             spin('{Do not try to reply to this email.|Do not contact the police.|I will know if you tell anyone.}', r)]
    return u.addr, subj, paras, '', 'plain', False, ()


def t_seo(r, u, dom):
    f, l = person_name(r)
    subj = spin('{Website|Google ranking|SEO|Re: website} {proposal|issue|for ' + SITE + '|quote|errors}', r)
    paras = [spin('{Hi|Hello|Dear} {' + u.first + '|team|there|Business Owner},', r),
             spin('{I was checking|I was looking at|I came across} your website {' + SITE + '|} and {noticed|found} that {it is not ranking on the first page of Google|it has a few errors|it could use a design refresh} for {many|some} {keywords|important keywords}.', r),
             spin('{We can|I can} {help you|fix this and} {get more traffic|improve your ranking|redesign the site} {at an affordable price|at a very reasonable cost}.', r),
             spin('{Would you like|Are you interested} {to see|in} {a proposal|our price list|a free audit report}?', r),
             spin('{Thanks|Regards|Best},\n%s\n{SEO Manager|Digital Marketing Consultant|Web Developer}' % f, r)]
    return '%s <%s>' % (f, 'x'), subj, paras, '', 'plain', False, ()


def t_grant(r, u, dom):
    subj = spin('{Unclaimed research funding|Grant opportunity|Fully funded research grants} {for ' + u.first + '|in ' + topic_of(u) + '|- apply now}', r)
    paras = [spin('Dear {Dr.|Professor} ' + u.last + ',', r),
             spin('{Our foundation|The Global Research Funding Network} {is offering|has announced} {up to $50,000|grants of $25,000-$100,000} {for researchers in|to support work on} ' + topic_of(u) + '.', r),
             spin('{Applications are reviewed on a rolling basis.|Only a short application form is required.} {A processing fee of $75 applies.|Register now to receive the application pack.}', r),
             spin('{Best regards|Sincerely},\n{Grants Team|Research Funding Office}', r)]
    return '"%s" <grants@%s>' % (spin('{Research Grants Network|Global Science Fund|Academic Funding Alerts}', r), dom), subj, paras, link_for(r, dom), 'html', False, ()


def t_jobscam(r, u, dom):
    cr = SPIN['cr'] or r
    prof = '%s %s' % person_name(cr)
    pay = cr.choice(['$400', '$450', '$500', '$350'])
    dep = cr.choice(DEPTS)[0]
    subj = spin('{Part-time job|Job opportunity|Research assistant position|Paid internship} {for students|available|- ' + pay + ' weekly|}', r)
    paras = [spin('{Dear Student|Hello|Good day},', r),
             spin('{Dr. ' + prof + '|Professor ' + prof + '} from the {Department of ' + dep + '|Faculty of ' + dep + '} is {looking for|seeking} a {personal assistant|research assistant|remote assistant} {to work remotely|for a few hours a week}.', r),
             spin('{The position pays ' + pay + ' weekly|Pay is ' + pay + ' per week} and {does not affect your studies|takes only 2-3 hours}.', r),
             spin('{Interested students should send their {personal email and phone number|full name and alternative email} to|Reply with your CV to} ' + '%s%d@gmail.com' % (prof.split()[1].lower(), cr.randint(1, 99)) + '.', r),
             spin('{Regards|Best regards},\n{Student Employment Services|Career Office}', r)]
    return None, subj, paras, '', 'plain', False, ()


def t_oneoff(r, u, dom):
    kind = r.randrange(5)
    subj = title_case(words_from(r, 2, 6)) if r.random() < 0.5 else spin('{Re: |Fwd: |}{' + title_case(words_from(r, 2, 4)) + '|Quick question|Offer for you|Important}', r)
    body = [spin('{Hello|Hi|Dear sir/madam},', r), para(r, 2, 5), spin('{Contact us today.|Reply for details.|Visit our website.}', r)]
    return forged_sender(r), subj, body, link_for(r), r.choice(['html', 'plain', 'split']), False, ()


def fix_from(run):
    return run


_orig_run = Campaign.run


CAMP_N = [0]


def _run(self, group):
    r = R
    CAMP_N[0] += 1
    group = '%s:%s%d' % (group, self.name, CAMP_N[0])
    i = 0
    rc = self.rcpts
    while i < len(rc):
        k = r.randint(*self.per_msg)
        batch = rc[i:i + k]
        i += k
        day = r.randrange(self.days)
        t = self.start + day * 86400 + int(r.uniform(0, r.uniform(*self.hours)) * 3600)
        ip, helo, env, frmdom = self.source(r, batch)
        SPIN['cr'], SPIN['level'] = random.Random(self.cseed), self.level
        frm, subj, paras, link, style, html_only, attach = self.make(r, batch[0], frmdom)
        SPIN['cr'] = None
        if frm is None:
            frm = env
        elif frm.endswith('<x>'):
            frm = frm[:-3] + '<%s>' % env
        poison = None
        if self.poison:
            poison = (self.poison, ' '.join(sent(r) for _ in range(r.randint(2, 8))))
        if style == 'plain':
            plain, html, extra = '\n\n'.join(paras) + ('\n\n' + link if link else '') + '\n', None, []
            if poison and poison[0] == 'visible':
                plain += '\n' + poison[1] + '\n'
            html_only = False
        else:
            plain, html, extra = spam_html(r, paras, link or link_for(r), style, poison, img=(style == 'image'))
        to = batch[0].addr if len(batch) == 1 else r.choice(['undisclosed-recipients:;', env, batch[0].addr])
        data = spam_msg(r, frm, to, subj, plain, html, t, extra, html_only=html_only, attach=attach)
        emit(t, data, ip, helo, env, batch, 'spam', group)


Campaign.run = _run


def gen_spam():
    pz = [None, None, None, 'hidden', 'zero', 'white', 'hidden', 'visible']
    for mk, n in ((t_pharma, 3), (t_replica, 1), (t_dating, 2), (t_casino, 2), (t_crypto, 2)):
        for i in range(n):
            Campaign(mk.__name__, mk, src_botnet, R.randint(150, 320), per_msg=(1, 3), poison=R.choice(pz), days=R.randint(1, 3),
                     level=R.choice([0.2, 0.4, 0.6])).run('spam-botnet')
    for i in range(2):
        Campaign('extortion', t_extortion, src_botnet_self, R.randint(150, 250), days=R.randint(1, 4)).run('spam-extortion')
    for mk in (t_lists_b2b, t_lists_b2b, t_editing, t_editing):
        Campaign(mk.__name__, mk, make_snowshoe(R), R.randint(150, 260), days=R.randint(3, 7), hours=(4, 12), level=R.choice([0.4, 0.6, 0.8])).run('spam-snowshoe')
    for w in range(6):
        Campaign('sharepoint', t_sharepoint, make_compromised(R, R.randint(1, 2), 'm365'), R.randint(200, 600), per_msg=(15, 50), hours=(1, 5), level=0.2).run('spam-compromised')
    for w in range(4):
        Campaign('jobscam', t_jobscam, make_compromised(R, R.randint(1, 3), R.choice(['m365', 'google'])), R.randint(100, 300),
                 per_msg=(1, 40) if R.random() < 0.5 else (1, 1), hours=(1, 8), students=0.9, level=0.3).run('spam-compromised')
    for i in range(3):
        Campaign('mailbox', t_mailbox, src_botnet, R.randint(150, 300), per_msg=(1, 2), days=R.randint(1, 2)).run('spam-phish')
    Campaign('docusign', t_docusign, src_botnet, R.randint(150, 250)).run('spam-phish')
    Campaign('docusign', t_docusign, make_esp_src(R, 'sendgrid', spam_domain(R)), R.randint(120, 200)).run('spam-phish')
    Campaign('invoice', t_invoice, src_botnet, R.randint(120, 200), per_msg=(1, 2)).run('spam-phish')
    for i, src in enumerate([make_own_src(R, spam_domain(R)), make_own_src(R, spam_domain(R), 1), make_freemail_src(R, 12, ('gmail.com',)),
                             make_esp_src(R, 'mailgun', spam_domain(R))]):
        Campaign('predconf', t_predconf, src, R.randint(80, 180), days=R.randint(1, 5), hours=(2, 10), students=0.0, level=0.2).run('spam-predatory')
    for i in range(2):
        Campaign('predjournal', t_predjournal, make_own_src(R, spam_domain(R)), R.randint(80, 160), days=R.randint(1, 4), students=0.0).run('spam-predatory')
    for i in range(4):
        Campaign('419', t_419, make_freemail_src(R, R.randint(2, 8)), R.randint(80, 300), per_msg=(1, 30), days=R.randint(1, 3)).run('spam-419')
    Campaign('seo', t_seo, make_freemail_src(R, 60, ('gmail.com',)), 260, days=DAYS, hours=(0, 24), students=0.0, level=0.7).run('spam-seo')
    for esp in ('mailchimp', 'sendgrid'):
        Campaign('grant', t_grant, make_esp_src(R, esp, spam_domain(R)), R.randint(120, 200), hours=(1, 6), students=0.0).run('spam-esp')
    for i in range(170):
        Campaign('oneoff', t_oneoff, src_botnet, R.randint(1, 3)).run('spam-oneoff')


def main():
    gen_personal(650)
    gen_threads(260)
    gen_oof(90)
    gen_bounces(60)
    gen_onebyone()
    gen_admissions(120)
    discuss = make_lists()
    gen_lists(discuss)
    ann = make_ann_lists()
    gen_crossposts(ann, discuss, 36, 25, 12)
    gen_allstaff(6, 3)
    gen_univ_esp(2, 110)
    gen_toc()
    gen_newsletters()
    gen_github(250)
    gen_canvas(4)
    gen_jira_slack_docs(60, 80, 70, 40, 50)
    gen_arxiv_rg(80)
    gen_invites(150)
    gen_security(120)
    gen_commerce(100)
    gen_spam()
    EVENTS.sort(key=lambda e: (e[0], e[1]))
    with open(os.path.join(OUT, 'stream.tsv'), 'w') as f:
        f.write('path\tt\tclient\thelo\tsender\trcpts\tclass\tgroup\n')
        for i, (t, k, tmp, ip, helo, sender, rc, cls, group) in enumerate(EVENTS):
            path = 'msg/%06d.eml' % i
            os.rename(tmp, os.path.join(OUT, path))
            f.write('\t'.join([path, str(t), ip, helo, sender or '<>', ','.join(rc), cls, group]) + '\n')
    from collections import Counter
    c = Counter((e[7], e[8]) for e in EVENTS)
    for k in sorted(c):
        print('%-5s %-20s %5d' % (k[0], k[1], c[k]))
    print('ham', sum(v for k, v in c.items() if k[0] == 'ham'), 'spam', sum(v for k, v in c.items() if k[0] == 'spam'))


if __name__ == '__main__':
    main()
