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
"""enco.py - independent site-stream generator: inbound mail of an English-language
mid-size engineering consultancy (about 600 staff, UK head office with US offices),
two weeks at its MX.

Written by an outside evaluator (helper-54, 2026-11-28), without reference to the filter's code or to the
project's other stream generators, so that the team can measure how much legitimate
mail the filter rejects on data it was never tuned on.

Usage: /usr/bin/python3 tools/xsite/enco.py [-s SEED] OUTDIR
Writes OUTDIR/msg/NNNNNN.eml and OUTDIR/stream.tsv
(path, t, client, helo, sender, rcpts, class, group).

Python 3 standard library only.  Prose is taken from these installed Debian packages
(missing files are skipped; output is deterministic for a seed and the installed
packages): debian-handbook (en-US HTML), debian-reference-en, debian-faq,
gnu-standards, jargon-text, doc-debian, fortunes / fortunes-min, miscfiles
(/usr/share/dict/propernames, connectives), wamerican (/usr/share/dict/words).
Business phrases, signatures, disclaimers, notification and spam templates are
written here.
"""
import argparse, base64, datetime, glob, gzip, hashlib, html, os, quopri, random, re, sys

R = random.Random(1)
SITE = 'calderrowe.com'
SITE_OLD = 'calderrowe.co.uk'
SITE_NAME = 'Calder Rowe'
START = datetime.datetime(2024, 3, 4, 0, 0, 0, tzinfo=datetime.timezone.utc)  # Monday
DAYS = 14
WEEKDAYS = [d for d in range(DAYS) if d % 7 < 5]


# ---------------------------------------------------------------- small helpers
def pick(s): return R.choice(s)
def chance(p): return R.random() < p
def hexs(n): return ''.join(R.choice('0123456789abcdef') for _ in range(n))
def digits(n): return ''.join(R.choice('0123456789') for _ in range(n))
def alnum(n, cs='abcdefghijklmnopqrstuvwxyz0123456789'): return ''.join(R.choice(cs) for _ in range(n))
def ALNUM(n): return alnum(n, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789')
def b64r(n): return base64.b64encode(bytes(R.getrandbits(8) for _ in range(n))).decode()
def wpick(pairs):
    tot = sum(w for _, w in pairs); x = R.random() * tot
    for v, w in pairs:
        x -= w
        if x <= 0: return v
    return pairs[-1][0]

SPIN = re.compile(r'\{([^{}]*\|[^{}]*)\}')
VAR = re.compile(r'\$([A-Za-z_]+[0-9]?)')
def fill(_s, **kw):
    s = _s
    s = VAR.sub(lambda m: str(kw[m.group(1)]) if m.group(1) in kw else m.group(0), s)
    while True:
        n = SPIN.sub(lambda m: R.choice(m.group(1).split('|')), s)
        if n == s: return n
        s = n

TZ = {'uk': 0, 'cet': 60, 'use': -300, 'usc': -360, 'usp': -480, 'ind': 330, 'sgp': 480,
      'aus': 660, 'uae': 240, 'ire': 0}
def tzoff(zone, t):
    o = TZ[zone]
    if zone in ('use', 'usc', 'usp') and t >= 6 * 86400 + 7 * 3600: o += 60   # US DST 10 Mar
    return o
def dt(t, zone='uk'):
    return (START + datetime.timedelta(seconds=t)).astimezone(
        datetime.timezone(datetime.timedelta(minutes=tzoff(zone, t))))
def rfcdate(t, zone='uk'):
    d = dt(t, zone); o = tzoff(zone, t)
    return '%s, %d %s %d %02d:%02d:%02d %s%02d%02d' % (
        d.strftime('%a'), d.day, d.strftime('%b'), d.year, d.hour, d.minute, d.second,
        '+' if o >= 0 else '-', abs(o) // 60, abs(o) % 60)
def biz_t(day=None, zone='uk', lo=8.0, hi=18.0):
    if day is None: day = pick(WEEKDAYS)
    h = R.uniform(lo, hi)
    if chance(0.6): h = R.triangular(lo, hi, (lo + hi) / 2 - 1)
    t = int(day * 86400 + h * 3600 - TZ[zone] * 60 - (60 * 60 if zone.startswith('us') and day >= 7 else 0))
    return max(0, min(DAYS * 86400 - 1, t))
def any_t(): return R.randrange(DAYS * 86400)
def later(t, lo=300, hi=86400 * 2, biz=True, zone='uk'):
    t2 = t + int(R.uniform(lo, hi) if not chance(0.6) else R.triangular(lo, hi, lo))
    if biz:
        d = dt(t2, zone)
        if d.weekday() >= 5 or d.hour < 7 or d.hour >= 20:
            day = t2 // 86400 + 1
            while day % 7 >= 5: day += 1
            t2 = biz_t(day, zone)
    return t2


# ---------------------------------------------------------------- prose corpus
def _read(path):
    try:
        if path.endswith('.gz'):
            with gzip.open(path, 'rb') as f: return f.read().decode('utf-8', 'replace')
        with open(path, 'rb') as f: return f.read().decode('utf-8', 'replace')
    except OSError:
        return ''

SENT_SPLIT = re.compile(r'(?<=[.!?])\s+(?=[A-Z"(])')
def _good(s):
    w = s.split()
    if not 5 <= len(w) <= 45: return False
    letters = sum(c.isalpha() or c == ' ' for c in s)
    return letters / len(s) > 0.86 and not re.search(r'[<>{}\[\]#$|\\]|\.\.\.|_{2}|:$', s)

def load_corpus():
    paras = []
    def add_text(txt):
        for p in re.split(r'\n\s*\n', txt):
            p = ' '.join(p.split())
            if len(p) < 80: continue
            ss = [s for s in SENT_SPLIT.split(p) if _good(s)]
            if len(ss) >= 2: paras.append(ss)
    def add_html(txt):
        for m in re.finditer(r'<p[^>]*>(.*?)</p>', txt, re.S):
            add_text(html.unescape(re.sub(r'<[^>]+>', '', m.group(1))))
    for f in sorted(glob.glob('/usr/share/doc/debian-handbook/html/en-US/*.html')):
        add_html(_read(f))
    for f in sorted(glob.glob('/usr/share/debian-reference/*.en.html')):
        add_html(_read(f))
    for f in sorted(glob.glob('/usr/share/doc/debian/FAQ/*.en.html')):
        add_html(_read(f))
    for f in ['/usr/share/doc/gnu-standards/standards.text.gz', '/usr/share/doc/gnu-standards/maintain.text.gz',
              '/usr/share/doc/jargon-text/jargon.txt.gz', '/usr/share/doc/debian/social-contract.txt.gz',
              '/usr/share/doc/debian/constitution.txt.gz', '/usr/share/doc/debian/debian-manifesto.gz',
              '/usr/share/doc/debian/bug-reporting.txt.gz', '/usr/share/doc/debian/mailing-lists.txt.gz']:
        add_text(_read(f))
    fort = []
    for n in ['computers', 'wisdom', 'work', 'people', 'platitudes', 'literature', 'humorists', 'fortunes',
              'education', 'science', 'food', 'pets', 'sports', 'miscellaneous', 'law', 'politics']:
        for c in _read('/usr/share/games/fortunes/' + n).split('\n%\n'):
            c = c.strip('\n')
            if 20 < len(c) < 320 and '\x1b' not in c: fort.append(c)
    words = [w for w in _read('/usr/share/dict/words').split()
             if w.isalpha() and w.islower() and 3 < len(w) < 11 and w.isascii()]
    first = [w for w in _read('/usr/share/dict/propernames.gz').split() if w.isalpha() and len(w) > 2]
    if len(paras) < 50:
        paras.append(['The quarterly review was held on site with all parties present.',
                      'Actions were agreed and will be tracked in the usual register.'])
    if not words: words = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima'.split()
    if not first: first = ['James', 'Sarah', 'David', 'Emma', 'Michael', 'Laura', 'Peter', 'Helen']
    if not fort: fort = ['Nothing is impossible for the man who does not have to do it himself.']
    return paras, fort, words, first

PARAS, FORT, WORDS, FIRSTS = [], [], [], []
SUBST = [(re.compile(r'\bDebian\b'), 'the platform'), (re.compile(r'\bGNU\b'), 'the framework')]
def para(maxs=4, mins=1):
    p = pick(PARAS); k = R.randint(mins, max(mins, min(maxs, len(p)))); i = R.randint(0, len(p) - k)
    s = ' '.join(p[i:i + k])
    for rx, rep in SUBST:
        if chance(0.5): s = rx.sub(rep, s)
    return s
def sent(): return pick(pick(PARAS))
def wrap(s, w=76):
    out = []
    for line in s.split('\n'):
        cur = ''
        for word in line.split(' '):
            if cur and len(cur) + 1 + len(word) > w:
                out.append(cur); cur = word
            else:
                cur = cur + ' ' + word if cur else word
        out.append(cur)
    return '\n'.join(out)

SURNAMES = '''Smith Jones Taylor Brown Williams Wilson Johnson Davies Robinson Wright Thompson Evans Walker White
Roberts Green Hall Wood Jackson Clarke Patel Khan Lewis James Phillips Mason Mitchell Rose Davis Rodriguez Cox
Alexander Morgan Moore Lee Harris Martin Cooper Ward Hughes Edwards Turner Collins Stewart Morris Murphy Bell
Baker Carter Scott Adams Campbell Anderson Allen Young King Hill Parker Bennett Shaw Price Chapman Ellis
Fletcher Grant Hunt Knight Lloyd Marshall Mills Owen Palmer Pearson Reid Richards Russell Simpson Stevens
Webb Wells Watson Kaur Singh Ahmed Ali Hussain Begum Chen Wang Nguyen Kim Okafor Adeyemi Mensah Kowalski
Nowak Novak Rossi Ferrari Garcia Martinez Lopez Gonzalez Muller Schmidt Fischer Weber Dubois Moreau
OConnor Byrne Kelly Walsh Doyle Gallagher MacDonald Fraser Murray Ross Sutherland Gordon Hamilton Graham
Barnes Holmes Lawrence Hart Dixon Gibson Burns Kennedy Harvey Spencer Gray Black Hudson Day Nash Reeves
Sharma Gupta Iyer Nair Desai Mehta Rahman Chowdhury Osei Boateng Hassan Yilmaz Papadopoulos Jensen Larsen
Andersson Lindqvist Bradley Bishop Brooks Chambers Cole Dawson Fox Francis Goodwin Hayes Holland Howard
Jordan Lane Little Lowe Matthews Newman Norris Page Parsons Payne Porter Rowe Sanders Saunders Sharp Stone
Sullivan Thornton Tucker Walters Warren Watts West Wheeler Whitehead Wilkinson Woods Yates Carroll Flynn
Peters Doherty Quinn Rees Pritchard Vaughan Powell Jenkins Griffiths Howells Bowen Hopkins Burke'''.split()
SURNAMES = [("O'Connor" if s == 'OConnor' else s) for s in SURNAMES]

def person_name():
    return pick(FIRSTS), pick(SURNAMES)
def local_of(f, l, style=0):
    l2 = re.sub(r"[^a-z]", '', l.lower()); f2 = f.lower()
    return [f2 + '.' + l2, f2[0] + l2, f2 + l2, f2 + '_' + l2, f2[0] + '.' + l2, l2 + f2[0], f2][style]


# ---------------------------------------------------------------- MIME building
NL = '\n'
def hdr_enc(s, cs='utf-8', mode=None):
    if all(ord(c) < 128 for c in s): return s
    mode = mode or pick('BQ')
    csn = cs.upper() if chance(0.5) else cs
    chunks = [s[i:i + 18] for i in range(0, len(s), 18)]
    if mode == 'B':
        return ' '.join('=?%s?B?%s?=' % (csn, base64.b64encode(c.encode(cs, 'replace')).decode()) for c in chunks)
    def q(c): return ''.join(chr(b) if (48 <= b < 123 and chr(b) not in '=?_[]^`\\') else ('_' if b == 32 else '=%02X' % b)
                             for b in c.encode(cs, 'replace'))
    return ' '.join('=?%s?Q?%s?=' % (csn, q(c)) for c in chunks)
def addr(name, a):
    if not name: return a
    if any(ord(c) > 127 for c in name): return '%s <%s>' % (hdr_enc(name), a)
    if re.search(r'[,.()@:;"\']', name): return '"%s" <%s>' % (name.replace('"', ''), a)
    return '%s <%s>' % (name, a)
def fold(name, value):
    if '\n' in value: return name + ': ' + value.strip()
    value = ' '.join(value.split())
    line = name + ': ' + value
    if len(line) <= 78: return line
    out, cur = [], name + ':'
    for tok in re.split(r'(?<=,) ', value) if ',' in value else value.split(' '):
        if len(cur) + 1 + len(tok) > 78 and cur.strip() not in (name + ':',):
            out.append(cur); cur = '\t' + tok if chance(0.3) else ' ' + tok
        else:
            cur = cur + ' ' + tok
    out.append(cur)
    return NL.join(out)

LATIN_FIX = {'\u2019': "'", '\u2018': "'", '\u201c': '"', '\u201d': '"', '\u2013': '-', '\u2014': '-', '\u2026': '...', '\u20ac': 'EUR'}
class Part:
    def __init__(self, headers, body):
        self.headers, self.body = headers, body  # body: bytes or list of Part (multipart)
        self.boundary = None

def text_part(text, sub='plain', cs=None, cte=None, flowed=False):
    cs = cs or wpick([('utf-8', 6), ('us-ascii', 1), ('iso-8859-1', 1), ('windows-1252', 2)])
    if cs in ('iso-8859-1', 'us-ascii'):
        text = ''.join(LATIN_FIX.get(c, c) for c in text)
    if cs == 'us-ascii' and not text.isascii(): cs = 'utf-8'
    data = text.replace('\r', '').encode(cs, 'replace')
    if cte is None:
        if data.isascii() and max((len(l) for l in data.split(b'\n')), default=0) < 990:
            cte = wpick([('7bit', 5), ('quoted-printable', 3), ('base64', 1)])
        else:
            cte = wpick([('quoted-printable', 5), ('base64', 3), ('8bit', 2)])
    if cte == 'quoted-printable': body = quopri.encodestring(data)
    elif cte == 'base64': body = b64lines(data)
    else: body = data
    ct = 'text/%s; charset="%s"' % (sub, cs) if chance(0.7) else 'text/%s; charset=%s' % (sub, cs)
    if flowed and sub == 'plain': ct += '; format=flowed'
    return Part([('Content-Type', ct), ('Content-Transfer-Encoding', cte)], body)
def b64lines(data):
    e = base64.b64encode(data)
    return b'\n'.join(e[i:i + 76] for i in range(0, len(e), 76)) + b'\n'
def att_part(fname, ctype, data, inline=False, cid=None):
    h = [('Content-Type', '%s; name="%s"' % (ctype, fname)),
         ('Content-Disposition', '%s; filename="%s"%s' % ('inline' if inline else 'attachment', fname,
          '; size=%d' % len(data) if chance(0.4) else '')),
         ('Content-Transfer-Encoding', 'base64')]
    if cid: h.append(('Content-ID', '<%s>' % cid))
    return Part(h, b64lines(data))
def multipart(sub, parts, style='plain'):
    p = Part([], parts)
    p.boundary = {'outlook': '_%03d_%s_' % (R.randrange(1000), ALNUM(36)),
                  'gmail': '000000000000' + hexs(16),
                  'apple': 'Apple-Mail=_' + ('%s-%s-%s-%s-%s' % (hexs(8), hexs(4), hexs(4), hexs(4), hexs(12))).upper(),
                  'plain': '----=_Part_%d_%d.%d' % (R.randrange(10**6), R.randrange(10**9), R.randrange(10**13))}.get(style) \
        or '=_' + hexs(32)
    p.headers = [('Content-Type', 'multipart/%s;%sboundary="%s"' % (sub, NL + '\t' if chance(0.5) else ' ', p.boundary))]
    return p
def ser_part(p):
    out = [fold(k, v) for k, v in p.headers]
    head = (NL.join(out) + NL + NL).encode()
    if isinstance(p.body, list):
        b = p.boundary.encode(); chunks = []
        for sp in p.body:
            chunks.append(b'--' + b + b'\n' + ser_part(sp))
        body = b'\n'.join(chunks) + b'\n--' + b + b'--\n'
        if chance(0.3): body = b'This is a multi-part message in MIME format.\n\n' + body
        return head + body
    return head + p.body
def build(headers, part):
    hs = [(k, v) for k, v in headers if v is not None]
    if not any(k.lower() == 'mime-version' for k, _ in hs):
        hs.append(('MIME-Version', '1.0'))
    lines = [fold(k, v) for k, v in hs] + [fold(k, v) for k, v in part.headers]
    return (NL.join(lines) + NL + NL).encode() + _body_only(part)
def _body_only(p):
    if isinstance(p.body, list):
        b = p.boundary.encode(); chunks = []
        for sp in p.body:
            chunks.append(b'--' + b + b'\n' + ser_part(sp))
        return b'\n'.join(chunks) + b'\n--' + b + b'--\n'
    return p.body

def html_from_text(text, style='plain'):
    lines = text.split('\n'); out = []; depth = 0
    for ln in lines:
        d = len(re.match(r'^(> ?)*', ln).group(0).replace(' ', ''))
        ln = re.sub(r'^(> ?)*', '', ln)
        while depth < d:
            out.append('<blockquote style="margin:0 0 0 .8ex;border-left:1px #ccc solid;padding-left:1ex">'); depth += 1
        while depth > d: out.append('</blockquote>'); depth -= 1
        e = html.escape(ln, quote=False)
        e = re.sub(r'(https?://[^\s&<]+)', r'<a href="\1">\1</a>', e)
        if style == 'outlook':
            out.append('<p class="MsoNormal">%s<o:p></o:p></p>' % (e or '&nbsp;'))
        else:
            out.append('<div>%s</div>' % (e or '<br>'))
    out.extend(['</blockquote>'] * depth)
    return '\n'.join(out)
OUTLOOK_HEAD = ('<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" '
                'xmlns:w="urn:schemas-microsoft-com:office:word" xmlns:m="http://schemas.microsoft.com/office/2004/12/omml" '
                'xmlns="http://www.w3.org/TR/REC-html40">\n<head>\n<meta http-equiv="Content-Type" content="text/html; charset=utf-8">\n'
                '<meta name="Generator" content="Microsoft Word 15 (filtered medium)">\n<style><!--\n'
                '/* Font Definitions */\n@font-face\n\t{font-family:"Cambria Math";\n\tpanose-1:2 4 5 3 5 4 6 3 2 4;}\n'
                '@font-face\n\t{font-family:Calibri;\n\tpanose-1:2 15 5 2 2 2 4 3 2 4;}\n/* Style Definitions */\n'
                'p.MsoNormal, li.MsoNormal, div.MsoNormal\n\t{margin:0cm;\n\tfont-size:11.0pt;\n\tfont-family:"Calibri",sans-serif;\n'
                '\tmso-fareast-language:EN-US;}\na:link, span.MsoHyperlink\n\t{mso-style-priority:99;\n\tcolor:#0563C1;\n'
                '\ttext-decoration:underline;}\nspan.EmailStyle%d\n\t{mso-style-type:personal-reply;\n\tfont-family:"Calibri",sans-serif;\n'
                '\tcolor:windowtext;}\n.MsoChpDefault\n\t{mso-style-type:export-only;\n\tfont-size:10.0pt;}\n'
                '@page WordSection1\n\t{size:612.0pt 792.0pt;\n\tmargin:72.0pt 72.0pt 72.0pt 72.0pt;}\n'
                'div.WordSection1\n\t{page:WordSection1;}\n--></style>\n</head>\n'
                '<body lang="EN-GB" link="#0563C1" vlink="#954F72" style="word-wrap:break-word">\n<div class="WordSection1">\n')
def wrap_html(inner, style):
    if style == 'outlook':
        return (OUTLOOK_HEAD % R.randrange(17, 30)) + inner + '\n</div>\n</body>\n</html>\n'
    if style == 'gmail':
        return '<div dir="ltr">' + inner + '</div>\n'
    return '<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"></head><body>' + inner + '</body></html>\n'

def fake_file(kind, size):
    rnd = bytes(R.getrandbits(8) for _ in range(size))
    if kind == 'pdf':
        return (b'%PDF-1.' + str(R.randint(3, 7)).encode() + b'\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<</Type/Catalog/Pages 2 0 R>>\nendobj\n'
                b'4 0 obj\n<</Filter/FlateDecode/Length ' + str(size).encode() + b'>>\nstream\n' + rnd + b'\nendstream\nendobj\n%%EOF\n')
    if kind == 'png': return b'\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR' + rnd
    if kind == 'jpg': return b'\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01' + rnd + b'\xff\xd9'
    if kind == 'gif': return b'GIF89a' + rnd
    if kind in ('docx', 'xlsx', 'zip'): return b'PK\x03\x04\x14\x00\x06\x00' + rnd
    return rnd
CTYPES = {'pdf': 'application/pdf', 'png': 'image/png', 'jpg': 'image/jpeg', 'gif': 'image/gif',
          'docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          'xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'zip': 'application/zip',
          'htm': 'text/html', 'ics': 'text/calendar'}


# ---------------------------------------------------------------- sender infrastructure
def ip4(a, b=None, c=None, d=None):
    return '%d.%d.%d.%d' % (a, R.randrange(256) if b is None else b, R.randrange(256) if c is None else c,
                            R.randrange(1, 255) if d is None else d)
def rtok(n=None): return alnum(n or R.randint(6, 10))

M365_REG = {'uk': ['EUR05-AM6', 'EUR02-DB5', 'EUR03-DBA', 'EUR01-VE1', 'LO2-CWL', 'LO4-CWL', 'EUR04-VI1'],
            'us': ['NAM12-BN8', 'NAM11-CO1', 'NAM10-DM6', 'NAM12-MW2', 'NAM04-SN1', 'NAM02-BN1', 'NAM11-DM6'],
            'ap': ['APC01-SG2', 'APC01-PSA', 'AUS01-SY4', 'IND01-MA1', 'APC01-TYZ'], 'eu': ['DEU01-FR2', 'FRA01-MR2', 'EUR01-HE1']}
def m365_conn(reg='uk', consumer=False):
    h = pick(M365_REG.get(reg, M365_REG['uk'])) + '-obe.outbound.protection.outlook.com'
    if consumer: return ip4(40, 92), h
    if chance(0.35):
        return '2a01:111:f403:%x::%x' % (R.choice([0xc000 + R.randrange(0x3000), 0xfe00 + R.randrange(0x100), 0x2000 + R.randrange(0x1000)]),
                                         R.randrange(0x100, 0x900)), h
    return (ip4(40, 107) if chance(0.6) else ip4(R.randint(52, 52), R.randint(100, 103))), h
def google_conn():
    k = pick(['wr1', 'wm1', 'ej1', 'lf1', 'pl1', 'qt1', 'yb1', 'ed1', 'lj1', 'oi1', 'pf1', 'qv1'])
    if chance(0.4):
        x = R.randrange(0x400, 0x700)
        pre = '2607:f8b0:4864:20::' if chance(0.5) else '2a00:1450:4864:20::'
        return pre + '%x' % x, 'mail-%s-x%x.google.com' % (k, x)
    d = R.randint(41, 223); ip = '209.85.%d.%d' % (R.randint(128, 255), d)
    return ip, 'mail-%s-f%d.google.com' % (k, d)
def ses_conn(region='us-east-1'):
    a = R.randint(1, 9); b = R.randint(1, 250)
    if region == 'us-east-1': return '54.240.%d.%d' % (R.randint(0, 15), b), 'a%d-%d.smtp-out.amazonses.com' % (a, b)
    return '54.240.%d.%d' % (R.randint(0, 15), b), 'a%d-%d.smtp-out.%s.amazonses.com' % (a, b, region)
def sendgrid_conn(dom):
    ip = ip4(167, 89, R.randint(0, 127)) if chance(0.6) else ip4(149, 72)
    return ip, pick(['o%d.ptr%d.%s' % (R.randint(1, 9), R.randint(1000, 9999), dom), 'xtrwkdpn.outbound-mail.sendgrid.net',
                     'wrqvbptn.outbound-mail.sendgrid.net'])
def mailchimp_conn():
    return ip4(198, 2, R.randint(128, 191)), 'mail%d.%s%d.%s.net' % (R.randint(1, 250), pick(['atl', 'suw', 'sea', 'wdc']),
                                                                  R.randint(1, 230), pick(['mcsv', 'rsgsv', 'mcdlv']))
def sfmc_conn(dom): return ip4(13, 111, R.randint(0, 191)), 'mta%d.%s' % (R.randint(1, 9), dom)
def mimecast_conn(reg='uk'):
    if reg == 'us':
        return (ip4(205, 139, R.choice([110, 111])) if chance(0.5) else ip4(170, 10, R.randint(128, 133))), \
               'us-smtp-delivery-%d.mimecast.com' % R.randint(1, 200)
    return (ip4(195, 130, 217) if chance(0.4) else ip4(185, 58, R.randint(85, 86))), 'eu-smtp-delivery-%d.mimecast.com' % R.randint(1, 200)
def pphosted_conn():
    return (ip4(148, 163, R.randint(128, 159)) if chance(0.5) else ip4(67, 231, R.randint(144, 159))), \
           'mx0%s-00%d.pphosted.com' % (pick('ab'), R.randint(100000, 399999))
FIXED_CONN = {
    'github': lambda: (pick([ip4(192, 30, 252, R.randint(192, 254)), ip4(140, 82, R.randint(112, 115))]), 'out-%d.smtp.github.com' % R.randint(1, 30)),
    'atlassian': lambda: (pick([ip4(185, 166, 143), ip4(104, 192, R.randint(136, 143))]), 'mail-%s%d.atlassian.net' % (pick('abcdef'), R.randint(1, 6))),
    'docusign': lambda: (pick([ip4(64, 207, 219), ip4(209, 67, 98)]), 'mail%s.docusign.net' % pick(['na', 'sea', 'ch', 'eu'])),
    'linkedin': lambda: (ip4(108, 174, R.randint(0, 15)), 'mail%s-%s-%d.linkedin.com' % (pick('ab'), pick('abcdefg'), R.randint(1, 30))),
    'zendesk': lambda: (ip4(192, 161, R.randint(144, 159)), 'outbyoip%d.pod%d.iad1.zdsys.com' % (R.randint(1, 30), R.randint(10, 29))),
    'intuit': lambda: (ip4(206, 108, 40), 'mail%d.notification.intuit.com' % R.randint(1, 9)),
    'salesforce': lambda: (ip4(13, 110, R.randint(0, 255)), 'smtp%02d-%s-sg.mta.salesforce.com' % (R.randint(1, 40), pick(['ia4', 'ph2', 'ia5', 'hnd']))),
    'hubspot': lambda: (ip4(143, 244, R.randint(80, 95)), 'a%d-%d.smtp-out.hubspotemail.net' % (R.randint(1, 9), R.randint(1, 250))),
    'ups': lambda: (ip4(153, 2, R.randint(0, 255)), 'mta%d.ups.com' % R.randint(1, 9)),
    'fedex': lambda: (ip4(204, 135, R.randint(240, 255)), 'mx-%s%d.fedex.com' % (pick(['mem', 'cos']), R.randint(1, 9))),
    'dhl': lambda: (ip4(165, 72, R.randint(192, 200)), 'mailout%d.dhl.com' % R.randint(1, 9)),
    'ariba': lambda: (ip4(216, 109, R.randint(104, 111)), 'smtp%d.ansmtp.ariba.com' % R.randint(1, 9)),
    'yahoo': lambda: (ip4(77, 238, R.randint(176, 191)), 'sonic%d-%d.consmr.mail.ir2.yahoo.com' % (R.randint(300, 320), R.randint(20, 30))),
    'icloud': lambda: (ip4(17, 58, R.randint(0, 63)), 'ms%dp00im-%s%d.me.com' % (R.randint(1, 99), pick(['qukt', 'ztdg', 'dlb']), R.randint(10, 99))),
    'bt': lambda: (ip4(213, 120, 69), 'sa-prd-fep-%03d.btinternet.com' % R.randint(1, 60)),
    'zoom': lambda: (ip4(170, 114, R.randint(0, 15)), 'mail%d.zoom.us' % R.randint(1, 20)),
}


# ---------------------------------------------------------------- output
OUT = []
def emit(t, client, helo, sender, rcpts, cls, group, data):
    if not 0 <= t < DAYS * 86400: return  # outside the two-week window
    OUT.append((int(t), len(OUT), client, helo, sender, ','.join(rcpts), cls, group, data))
def uuid(): return '%s-%s-%s-%s-%s' % (hexs(8), hexs(4), hexs(4), hexs(4), hexs(12))
def dkim(d, s, h, t=None):
    v = 'v=1; a=rsa-sha256; c=relaxed/relaxed; d=%s; s=%s;%s h=%s; bh=%s; b=%s' % (
        d, s, ' t=%d;' % (START.timestamp() + t) if t is not None and chance(0.6) else '', h, b64r(32), b64r(256))
    return ('DKIM-Signature', v)


# ---------------------------------------------------------------- site staff
DEPTS = [('Structures', 150), ('Civils', 110), ('Building Services', 90), ('Geotechnics', 40), ('Transport', 50),
         ('Water', 40), ('Digital & BIM', 30), ('Finance', 20), ('HR', 12), ('IT', 14), ('Bids & Marketing', 18),
         ('Facilities', 8), ('Directors', 12), ('Admin', 16)]
TITLES = {'Structures': ['Graduate Structural Engineer', 'Structural Engineer', 'Senior Structural Engineer', 'Associate', 'Principal Engineer'],
          'Civils': ['Civil Engineer', 'Senior Civil Engineer', 'Graduate Engineer', 'Associate Director', 'Drainage Engineer'],
          'Building Services': ['Mechanical Engineer', 'Electrical Engineer', 'Senior MEP Engineer', 'Public Health Engineer'],
          'Geotechnics': ['Geotechnical Engineer', 'Engineering Geologist', 'Senior Geotechnical Engineer'],
          'Transport': ['Transport Planner', 'Highways Engineer', 'Senior Transport Planner'],
          'Water': ['Hydraulic Modeller', 'Flood Risk Consultant', 'Water Engineer'],
          'Digital & BIM': ['BIM Coordinator', 'BIM Manager', 'Revit Technician', 'Software Developer'],
          'Finance': ['Accounts Assistant', 'Credit Controller', 'Financial Controller', 'Purchase Ledger Clerk'],
          'HR': ['HR Advisor', 'HR Business Partner', 'Talent Acquisition Partner'],
          'IT': ['IT Support Analyst', 'Infrastructure Engineer', 'IT Manager'],
          'Bids & Marketing': ['Bid Coordinator', 'Marketing Executive', 'Bid Manager'],
          'Facilities': ['Facilities Coordinator', 'Office Manager'], 'Directors': ['Director', 'Managing Director', 'Technical Director'],
          'Admin': ['Project Administrator', 'PA to the Directors', 'Receptionist', 'Document Controller']}
STAFF = []      # dicts: first,last,addr,dept,title,office
ROLE = {}
def make_staff():
    seen = set()
    for dept, n in DEPTS:
        for _ in range(n):
            f, l = person_name()
            lp = local_of(f, l, 0)
            if lp in seen: lp = local_of(f, l, 1)
            if lp in seen: lp = lp + str(R.randint(2, 9))
            seen.add(lp)
            STAFF.append(dict(first=f, last=l, name=f + ' ' + l, addr=lp + '@' + SITE, dept=dept,
                              title=pick(TITLES[dept]), office=wpick([('London', 5), ('Bristol', 3), ('Leeds', 2), ('Glasgow', 1), ('Boston', 2), ('Chicago', 1)])))
    for r in ['accounts', 'accounts.payable', 'invoices', 'credit.control', 'hr', 'recruitment', 'payroll', 'info', 'enquiries',
              'bids', 'itsupport', 'facilities', 'marketing', 'reception', 'procurement', 'it.alerts', 'dmarc', 'postmaster']:
        ROLE[r] = r + '@' + SITE
def staff_in(*depts):
    return [s for s in STAFF if s['dept'] in depts]
ENGINEERS = lambda: [s for s in STAFF if s['dept'] in ('Structures', 'Civils', 'Building Services', 'Geotechnics', 'Transport', 'Water', 'Digital & BIM', 'Directors')]
def sig_site(p):
    if 'sig' in p: return p['sig']
    off = {'London': ('2 Paddington Basin, London W2 1AS', '+44 20 7946 %04d'), 'Bristol': ('Temple Quay House, Bristol BS1 6DG', '+44 117 496 %04d'),
           'Leeds': ('11 Wellington Place, Leeds LS1 4AP', '+44 113 496 %04d'), 'Glasgow': ('90 St Vincent Street, Glasgow G2 5UB', '+44 141 496 %04d'),
           'Boston': ('100 Summer Street, Boston, MA 02110', '+1 617 555 %04d'), 'Chicago': ('233 S Wacker Dr, Chicago, IL 60606', '+1 312 555 %04d')}[p['office']]
    p['sig'] = '%s\n%s\n%s\n%s | %s\nT: %s\nwww.calderrowe.com' % (p['name'], p['title'], SITE_NAME + (' Inc.' if p['office'] in ('Boston', 'Chicago') else ' Partnership LLP'),
                                                          SITE_NAME, off[0], off[1] % R.randrange(10000))
    return p['sig']


# ---------------------------------------------------------------- partner organisations
ORG_WORDS = ['Ashdown', 'Barrow', 'Kestrel', 'Fenwick', 'Hallam', 'Meridian', 'Northgate', 'Pennine', 'Quarry', 'Redbridge',
             'Sovereign', 'Thames', 'Vale', 'Westbury', 'Harbour', 'Summit', 'Keystone', 'Granite', 'Atlas', 'Beacon', 'Crown',
             'Delta', 'Eastfield', 'Forge', 'Greystone', 'Highpoint', 'Ironbridge', 'Juniper', 'Kingsway', 'Lakeside', 'Mortimer',
             'Oakfield', 'Pinnacle', 'Riverside', 'Saxon', 'Trinity', 'Union', 'Victoria', 'Wessex', 'Yardley', 'Avon', 'Brunel',
             'Cromwell', 'Dorset', 'Elm', 'Foster', 'Gateway', 'Hadley', 'Ingram', 'Jubilee', 'Kendal', 'Lomond', 'Marlow',
             'Newbury', 'Orchard', 'Parkside', 'Regent', 'Stirling', 'Tidewater', 'Upland', 'Carver', 'Bexley', 'Clifton',
             'Ridgeway', 'Hartwell', 'Blackwood', 'Stonebridge', 'Sterling', 'Chester', 'Cedar', 'Lancaster', 'Heron', 'Falcon']
ORG_KINDS = {'client': ['Developments', 'Homes', 'Estates', 'Property Group', 'Land', 'Capital', 'Housing Association', 'Council', 'NHS Trust', 'University', 'Water'],
             'contractor': ['Construction', 'Build', 'Contractors', 'Civil Engineering', 'Building Ltd', 'Construction Inc.'],
             'architect': ['Architects', 'Design Studio', 'Associates', 'Architecture'],
             'supplier': ['Steel', 'Precast', 'Surveys', 'Geotechnical', 'Drilling', 'Testing Services', 'Instruments', 'Software', 'Scaffolding', 'Hire'],
             'consultant': ['Consulting', 'Planning', 'Acoustics', 'Fire Engineering', 'Cost Consultants', 'Ecology', 'Partnership']}
TLDS_UK = ['co.uk', 'co.uk', 'co.uk', 'com', 'uk', 'org.uk']
TLDS_US = ['com', 'com', 'com', 'us', 'net', 'org']
DISCLAIMERS = [
    "This email and any attachments are confidential and intended solely for the use of the individual or entity to whom they are addressed. If you have received this email in error please notify the sender immediately and delete it from your system. $org accepts no liability for any damage caused by any virus transmitted by this email. $legal",
    "CONFIDENTIALITY NOTICE: The information contained in this message is privileged and confidential and may be protected from disclosure. If the reader of this message is not the intended recipient, you are hereby notified that any dissemination, distribution or copying of this communication is strictly prohibited. If you have received this communication in error, please notify us immediately by replying to the message and deleting it from your computer.",
    "$org is a trading name of $org Limited, registered in England and Wales, company number $num. Registered office: $addr. This email is confidential and may be legally privileged. If you are not the intended recipient you must not use, copy or disclose it. Please be aware that we will never change our bank details by email; always verify payment details by telephone.",
    "Disclaimer: The information in this email is confidential and may be legally privileged. It is intended solely for the addressee. Access to this email by anyone else is unauthorised. Any views or opinions expressed are those of the author and do not necessarily represent those of $org.",
    "Please consider the environment before printing this email.",
    "$org takes your privacy seriously. For details of how we process personal data please see our privacy notice at https://www.$dom/privacy. CYBER FRAUD WARNING: $org will never notify you of a change to our bank details by email.",
    "IMPORTANT: This message is intended only for the addressee and may contain information that is privileged, confidential and exempt from disclosure under applicable law. Emails are not secure and cannot be guaranteed to be error free. $org does not accept liability for any errors or omissions in the contents of this message which arise as a result of email transmission.",
    "This message has been scanned for viruses by Mimecast. Registered in England No. $num.",
]
LEGAL = ["Registered in England and Wales No. $num.", "VAT Reg No GB $vat.", "A member of the $org Group.", ""]
UK_ADDR = ['Unit %d, Riverside Business Park, Reading RG1 8LS', '%d Victoria Street, Birmingham B1 1BD', '%d Quayside, Newcastle NE1 3DX',
           '%d King Street, Manchester M2 4LQ', 'Suite %d, Exchange Tower, Cardiff CF10 5EJ', '%d High Street, Guildford GU1 3AJ',
           '%d Colmore Row, Birmingham B3 2BJ', '%d George Street, Edinburgh EH2 2LR', 'Unit %d, Aston Way, Leyland PR26 7TZ']
US_ADDR = ['%d Main Street, Suite 400, Hartford, CT 06103', '%d Market St, Philadelphia, PA 19103', '%d W Madison St, Chicago, IL 60602',
           '%d Commerce Dr, Pittsburgh, PA 15205', '%d Peachtree St NE, Atlanta, GA 30303', '%d Congress Ave, Austin, TX 78701']
ORGS = []
class Org:
    pass
def make_org(kind, country=None, infra=None):
    o = Org()
    o.kind = kind
    o.country = country or wpick([('uk', 6), ('us', 3), ('eu', 1)])
    w = pick(ORG_WORDS); k = pick(ORG_KINDS[kind])
    o.name = w + ' ' + k if chance(0.8) else w + ' & ' + pick(ORG_WORDS) + ' ' + k
    base = re.sub(r'[^a-z]', '', (w + (k.split()[0] if chance(0.5) else '')).lower())
    tld = pick(TLDS_US if o.country == 'us' else TLDS_UK if o.country == 'uk' else ['de', 'nl', 'ie', 'fr', 'com', 'eu'])
    if k in ('Council',) and o.country == 'uk': tld = 'gov.uk'
    if k in ('University',): tld = 'ac.uk' if o.country == 'uk' else 'edu'
    if k in ('NHS Trust',): tld = 'nhs.uk'; o.country = 'uk'
    o.dom = base + ('-' + pick(['group', 'uk', 'ltd', 'eng']) if chance(0.15) else '') + '.' + tld
    o.zone = {'uk': 'uk', 'us': pick(['use', 'use', 'usc', 'usp']), 'eu': 'cet'}[o.country]
    o.infra = infra or wpick([('m365', 55), ('gws', 15), ('mimecast', 12), ('onprem', 12), ('pphosted', 6)])
    o.reg = {'uk': 'uk', 'us': 'us', 'eu': pick(['uk', 'eu'])}[o.country]
    o.style = 'gmail' if o.infra == 'gws' and chance(0.85) else wpick([('outlook', 8), ('gmail', 1), ('apple', 1), ('tbird', 1)])
    o.lstyle = R.randrange(5)
    o.ip = ip4(pick([81, 82, 86, 88, 94, 185, 193, 195, 212, 213, 217, 62, 63, 64, 66, 69, 70, 72, 74, 96, 98, 104, 108, 12, 38, 50]), None, None, R.randint(2, 250))
    o.helo = pick(['mail', 'smtp', 'mx1', 'mail2', 'exch01', 'relay', 'gw']) + '.' + o.dom
    o.tenant = uuid()
    o.disc = fill(pick(DISCLAIMERS), org=o.name, num=digits(8), vat=digits(9), dom=o.dom,
                  addr=(pick(UK_ADDR) if o.country != 'us' else pick(US_ADDR)) % R.randint(1, 99),
                  legal=fill(pick(LEGAL), num=digits(8), vat=digits(9), org=o.name)) if chance(0.8) else ''
    o.addr = (pick(US_ADDR) if o.country == 'us' else pick(UK_ADDR)) % R.randint(1, 250)
    o.phone = ('+1 %d 555 %%04d' % R.randint(201, 989)) if o.country == 'us' else ('+44 %s %%04d' % pick(['20 7946', '121 496', '161 496', '113 496', '1632 96', '118 496']))
    o.tag = pick(['[EXTERNAL] ', 'EXTERNAL: ', '[EXT] ', '']) if chance(0.25) else ''
    o.logo = fake_file('png', R.randint(2000, 9000)) if chance(0.5) else None
    o.people = []
    for _ in range(R.randint(2, 8)):
        f, l = person_name()
        o.people.append(dict(first=f, last=l, name=f + ' ' + l, addr=local_of(f, l, o.lstyle) + '@' + o.dom,
                             title=pick(['Project Manager', 'Director', 'Design Manager', 'Associate', 'Senior Engineer', 'Site Manager',
                                         'Commercial Manager', 'Quantity Surveyor', 'Estimator', 'Sales Manager', 'Technical Manager',
                                         'Planning Consultant', 'Account Manager', 'Architect', 'Procurement Lead', 'Operations Manager'])))
    ORGS.append(o)
    return o
def sig_ext(o, p):
    if 'sig' in p: return p['sig']
    s = '%s\n%s\n%s' % (p['name'], p['title'], o.name)
    if chance(0.8): s += '\n' + o.addr
    s += '\n%s %s' % (pick(['T:', 'Tel:', 'Direct:', 'Office:', 'DD:']), o.phone % R.randrange(10000))
    if chance(0.5): s += '\n%s %s' % (pick(['M:', 'Mob:', 'Mobile:', 'Cell:']), ('+44 7700 9%05d' if o.country != 'us' else '+1 555 01%02d') % R.randrange(100000 if o.country != 'us' else 100))
    if chance(0.7): s += '\nwww.' + o.dom
    if chance(0.2): s += '\n\n' + pick(['Follow us on LinkedIn', 'Proud winners of the %s Award 2023' % pick(['Regional Construction', 'Building Excellence', 'Civil Engineering']),
                                         'Working hours: Mon-Thu', 'Please note our new address from 1st April', 'ISO 9001 | ISO 14001 | ISO 45001'])
    p['sig'] = s
    return s


# ---------------------------------------------------------------- transport header sets
def tenant_hdrs(o, t, nattach=0, topic=None, tidx=None):
    pr = pick(['AM0PR', 'DB9PR', 'LO2P', 'CWLP', 'PAXPR', 'VI1PR', 'BN8PR', 'CH0PR', 'DM6PR', 'SA1PR', 'MW4PR', 'PH0PR'])
    host = '%s%02dMB%04d.%s.prod.outlook.com' % (pr, R.randint(1, 99), R.randint(1000, 9999), pick(['eurprd0%d' % R.randint(1, 9), 'gbrp%03d' % R.randint(100, 300), 'namprd%02d' % R.randint(1, 22)]))
    h = [('Received', 'from %s (2603:10a6:%x:%x::%x)\n by %s (2603:10a6:%x:%x::%x) with Microsoft SMTP Server (version=TLS1_2,\n cipher=TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384) id 15.20.%d.%d; %s' % (
        host, R.randrange(4096), R.randrange(4096), R.randrange(256), host.replace('MB', 'MB' if chance(0.5) else 'MB'), R.randrange(4096), R.randrange(4096),
        R.randrange(256), R.randint(7300, 7500), R.randint(10, 60), rfcdate(t, 'uk').replace(' +0000', ' +0000')))]
    h.append(('ARC-Seal', 'i=1; a=rsa-sha256; s=arcselector%s; d=microsoft.com; cv=none;\n b=%s' % (pick(['9901', '10001']), b64r(256))))
    h.append(('ARC-Message-Signature', 'i=1; a=rsa-sha256; c=relaxed/relaxed; d=microsoft.com;\n s=arcselector10001;\n h=From:Date:Subject:Message-ID:Content-Type:MIME-Version:X-MS-Exchange-AntiSpam-MessageData-ChunkCount:X-MS-Exchange-AntiSpam-MessageData-0:X-MS-Exchange-AntiSpam-MessageData-1;\n bh=%s;\n b=%s' % (b64r(32), b64r(256))))
    h.append(('ARC-Authentication-Results', 'i=1; mx.microsoft.com 1; spf=none; dmarc=none;\n dkim=none; arc=none'))
    h.append(dkim(o.dom, 'selector%d' % R.randint(1, 2), 'From:Date:Subject:Message-ID:Content-Type:MIME-Version:X-MS-Exchange-SenderADCheck'))
    return h, host
def m365_tail(o, t, host, nattach):
    return [('X-MS-Has-Attach', 'yes' if nattach else ''), ('X-MS-TNEF-Correlator', ''),
            ('msip_labels', 'MSIP_Label_%s_Enabled=true;MSIP_Label_%s_SetDate=%s;' % (uuid(), uuid(), dt(t).strftime('%Y-%m-%dT%H:%M:%SZ')) if chance(0.25) else None),
            ('x-ms-publictraffictype', 'Email'),
            ('x-ms-traffictypediagnostic', '%s:EE_|%s:EE_' % (host.split('.')[0], host.split('.')[0][:-2] + 'B%02d' % R.randrange(99))),
            ('x-ms-office365-filtering-correlation-id', uuid()),
            ('x-ms-exchange-senderadcheck', '1'), ('x-ms-exchange-antispam-relay', '0'),
            ('x-microsoft-antispam', 'BCL:0;ARA:13230031|366007|1800799015|376005|38070700009;'),
            ('x-forefront-antispam-report', 'CIP:255.255.255.255;CTRY:;LANG:en;SCL:1;SRV:;IPV:NLI;SFV:NSPM;H:%s;PTR:;CAT:NONE;SFS:(13230031)(366007)(1800799015)(376005)(38070700009);DIR:OUT;SFP:1102;' % host.split('.')[0]),
            ('X-OriginatorOrg', o.dom), ('X-MS-Exchange-CrossTenant-AuthAs', 'Internal'),
            ('X-MS-Exchange-CrossTenant-AuthSource', host), ('X-MS-Exchange-CrossTenant-Network-Message-Id', uuid()),
            ('X-MS-Exchange-CrossTenant-originalarrivaltime', dt(t, 'uk').strftime('%d %b %Y %H:%M:%S.') + digits(4) + ' (UTC)'),
            ('X-MS-Exchange-CrossTenant-fromentityheader', 'Hosted'), ('X-MS-Exchange-CrossTenant-id', o.tenant),
            ('X-MS-Exchange-CrossTenant-mailboxtype', 'HOSTED'),
            ('X-MS-Exchange-CrossTenant-userprincipalname', b64r(R.randint(40, 60))),
            ('X-MS-Exchange-Transport-CrossTenantHeadersStamped', host.split('.')[0].replace('MB', 'MB'))]
def msgid_for(o, style, t):
    if o.infra in ('m365', 'mimecast', 'pphosted') and style == 'outlook':
        pr = pick(['AM0PR', 'DB9PR', 'LO2P', 'CWLP', 'PAXPR', 'BN8PR', 'DM6PR'])
        hh = '%s%02dMB%04d' % (pr, R.randint(1, 99), R.randint(1000, 9999))
        return '<%s%s@%s.%s.prod.outlook.com>' % (hh, ALNUM(22).upper(), hh, pick(['eurprd07', 'gbrp265', 'namprd04', 'eurprd02']))
    if style == 'gmail' or o.infra == 'gws':
        return '<CA%s%s@mail.gmail.com>' % (pick(['+', 'A', 'J', 'K', 'E', 'F', 'G', 'L', 'P']), ALNUM(R.randint(44, 60)).replace('+', '-'))
    if style == 'apple':
        return '<%s@%s>' % (uuid().upper(), o.dom)
    if style == 'tbird':
        return '<%s@%s>' % (uuid(), o.dom)
    return '<%s.%s@%s>' % (hexs(32), digits(5), o.helo.replace('mail.', 'exch.'))

def org_send(o, t, from_p, hdrs_core, part, sender=None, nattach=0):
    """wrap message headers with org transport; return client, helo, sender, bytes"""
    sender = sender or from_p['addr']
    top, tail = [], []
    if o.infra in ('m365', 'mimecast', 'pphosted'):
        top, host = tenant_hdrs(o, t - R.randint(1, 4), nattach)
        tail = m365_tail(o, t, host, nattach)
        client, helo = m365_conn(o.reg)
        if o.infra == 'mimecast':
            client, helo = mimecast_conn('us' if o.country == 'us' else 'uk')
            top = [('Received', 'from %s (%s [%s]) by relay.mimecast.com with ESMTP with\n STARTTLS (version=TLSv1.2 cipher=TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384) id\n %s-%s-%s; %s' % (
                helo.replace('eu-smtp-delivery', 'EUR').split('.')[0] + '-obe.outbound.protection.outlook.com', 'mail-' + pick(['am6eur05', 'db8eur05', 'lo2gbr01']) + 'lp2%03d.outbound.protection.outlook.com' % R.randrange(200),
                ip4(104, 47, R.randint(0, 31)), ALNUM(22), digits(1), b64r(3)[:4], rfcdate(t - 1))),
                   dkim(o.dom, 'mimecast' + digits(8), 'from:from:reply-to:subject:subject:date:date:message-id:message-id:to:to:cc:mime-version:content-type')] + top
            tail += [('X-MC-Unique', '%s-%s' % (ALNUM(22), digits(1))), ('X-Mimecast-Spam-Score', str(R.randint(0, 3))),
                     ('X-Mimecast-MFC-AGG-ID', ALNUM(22) if chance(0.5) else None), ('X-Mimecast-Originator', o.dom)]
        elif o.infra == 'pphosted':
            client, helo = pphosted_conn()
            tail += [('X-Proofpoint-GUID', ALNUM(32)), ('X-Proofpoint-ORIG-GUID', ALNUM(32)),
                     ('X-Proofpoint-Virus-Version', 'vendor=baseguard\n engine=ICAP:2.0.272,Aquarius:18.0.1011,Hydra:6.0.634,FMLib:17.11.176.26\n definitions=2024-03-0%d_%02d,2024-03-0%d_%02d,2023-05-22_02' % (R.randint(1, 9), R.randint(1, 99), R.randint(1, 9), R.randint(1, 99))),
                     ('X-Proofpoint-Spam-Details', 'rule=outbound_notspam policy=outbound score=0 priorityscore=1501\n malwarescore=0 mlxscore=0 bulkscore=0 spamscore=0 clxscore=1011 impostorscore=0\n adultscore=0 mlxlogscore=%d lowpriorityscore=0 phishscore=0 suspectscore=0 classifier=spam\n adjust=0 reason=mlx scancount=1 engine=8.19.0-2402280000 definitions=main-2403%02d0%03d' % (R.randint(600, 999), R.randint(1, 20), R.randrange(1000)))]
    elif o.infra == 'gws':
        client, helo = google_conn()
        top = [dkim(o.dom, 'google', 'mime-version:references:in-reply-to:from:date:message-id:subject:to:cc', t),
               ('X-Google-DKIM-Signature', 'v=1; a=rsa-sha256; c=relaxed/relaxed;\n d=1e100.net; s=20230601; t=%d; x=%d;\n h=mime-version:references:in-reply-to:from:date:message-id:subject:to:cc:x-gm-message-state:from:to:cc:subject:date:message-id:reply-to;\n bh=%s;\n b=%s' % (START.timestamp() + t, START.timestamp() + t + 604800, b64r(32), b64r(256))),
               ('X-Gm-Message-State', 'AOJu0Y' + ALNUM(62)), ('X-Google-Smtp-Source', 'AGHT+I' + ALNUM(82)),
               ('X-Received', 'by 2002:a05:6402:%x:b0:%x:%x with SMTP id %s-%s.%d.%d;\n        %s' % (R.randrange(65536), R.randrange(4096), R.randrange(65536), alnum(2), digits(20), R.randint(1, 20), START.timestamp() + t,
                                                                                                   rfcdate(t, o.zone).replace('+0000', '-0800') if False else rfcdate(t, 'usp')))]
    elif o.infra == 'personal':
        client, helo = o.ip, o.helo
        top = [dkim(o.dom, pick(['s2048', 'sig1', 'btmx201904']), 'From:Subject:Date:To:MIME-Version:Content-Type', t)]
    else:
        client, helo = o.ip, o.helo
        top = [('Received', 'from %s.%s.local (10.%d.%d.%d) by %s.%s.local\n (10.%d.%d.%d) with Microsoft SMTP Server (version=TLS1_2,\n cipher=TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA384) id 15.1.2507.%d; %s' % (
            pick(['EXCH01', 'EX2016-01', 'MBX01', 'SRV-EX1']), o.dom.split('.')[0], R.randrange(256), R.randrange(256), R.randrange(256),
            pick(['EXCH02', 'EDGE01', 'SRV-EX2']), o.dom.split('.')[0], R.randrange(256), R.randrange(256), R.randrange(256), R.randint(17, 39), rfcdate(t - 2, o.zone)))]
        if chance(0.6): top.insert(0, dkim(o.dom, pick(['default', 'dkim', 's1', 'mail']), 'From:To:Subject:Date:Message-ID'))
        tail = [('X-MS-Exchange-Organization-AuthAs', 'Internal') if chance(0.5) else ('X-Originating-IP', '[10.%d.%d.%d]' % (R.randrange(256), R.randrange(256), R.randrange(256)))]
    return client, helo, sender, build(top + hdrs_core + tail, part)


# ---------------------------------------------------------------- business prose
PLACES = ['Riverside Quarter', 'Canal Wharf', 'Northfield Park', 'Kingsway Campus', 'Eastgate', 'Hollins Lane', 'Marsh Gate',
          'Station Square', 'Albion Works', 'Westside Yards', 'Harbour Point', 'Millbrook', 'Temple Meads East', 'Aire Park',
          'Govan Dock', 'Seaport Blvd', 'Fulton Market', 'Kendall Square', 'A38 Junction 4', 'M62 J26', 'Brent Cross South',
          'Holbeck Viaduct', 'St Anne Street', 'Cathedral Quarter', 'Wapping Wharf', 'Dean Road', 'Lowfield Road', 'Elm Park']
PTYPES = ['Phase 2', 'Block C', 'Residential', 'Bridge Replacement', 'Flood Alleviation Scheme', 'Student Accommodation', 'Office Refurbishment',
          'Data Centre', 'Primary School', 'Health Centre', 'Footbridge', 'Lab Building', 'Mixed Use', 'Retaining Wall', 'Highway Improvements']
DOCS = ['Stage 3 structural calcs', 'RFI %03d - slab penetrations', 'Drainage strategy rev %s', 'Fee proposal', 'Site visit %s',
        'Temporary works design brief', 'Piling platform certificate', 'Section 278 drawings', 'Updated programme', 'Invoice query INV-%05d',
        'Clash detection report', 'Planning condition %d discharge', 'Geotechnical interpretive report', 'Fire strategy coordination',
        'MEP loading information', 'Steel connection design', 'Tender query %d', 'Change request CR-%03d', 'Ground investigation scope',
        'Trial pit logs', 'Cube test results', 'Design risk register', 'Flood risk assessment comments', 'Transport statement',
        'Crane base design', 'Facade bracket loads', 'Topographical survey', 'Document transmittal %04d', 'Meeting minutes %s',
        'Revised layout', 'Design team meeting agenda', 'Monthly report - %s', 'Retention release', 'PI insurance certificate',
        'Scope of services', 'CDM pre-construction information', 'BIM execution plan', 'Existing services drawings', 'Rebar schedules']
def doc_name():
    d = pick(DOCS)
    if '%' in d:
        f = d[d.index('%'):d.index('%') + 4]
        d = d % ((pick('ABCDEFG'),) if '%s' in d and 'rev' in d else (pick(['Thursday', 'next week', 'Tuesday pm', '14th']),) if 'visit' in d or 'minutes' in d
                 else (pick(['February', 'March']),) if 'Monthly' in d else (R.randint(1, 400),))
    return d
def project():
    return pick(PLACES) + ' ' + pick(PTYPES)
def jobno(): return '%d%s-%04d' % (R.randint(21, 24), pick(['', 'B', 'L', 'G']), R.randint(1, 9999))
DAYSN = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']
LINES = [
    "Please find attached the $doc for $proj.", "Attached is the latest revision, rev $rev, with the comments from last week incorporated.",
    "Can you confirm whether the $doc has been issued to the contractor?", "We are still waiting on the $doc from the $side team.",
    "Could we get 30 minutes on $day to run through this?", "I've had a look and I'm broadly happy, a few minor points below.",
    "The client has asked whether we can bring the programme forward by two weeks.", "Are you able to turn this around by $day?",
    "Just a gentle chaser on the below.", "Thanks for this, I'll review and come back to you by end of day $day.",
    "We'd like to arrange a site visit on $day at $time, if that works for your team.", "The revised loads are $num kN per column at ground floor level.",
    "Ground conditions appear worse than expected - made ground to $numb m below existing level.",
    "Our PO number is $po, please quote this on all invoices.", "I've copied in $colleague who will be picking this up while I'm on leave.",
    "Please see attached drawings $dwg and $dwg2.", "Our fee for the additional work would be GBP $fee plus VAT, as set out in the attached.",
    "The contractor has raised a query regarding the $doc.", "Can you let me know if the model has been updated with the latest architectural layouts?",
    "We have no further comments and are happy for this to be issued for construction.", "The planning officer has come back with a couple of questions.",
    "Apologies for the delay in getting back to you on this.", "Noted, thank you.", "Thanks - that's all clear now.",
    "We're happy to proceed on that basis.", "I'll pass this on to the team and get back to you.", "Please could you resend the attachment? It seems to have been stripped.",
    "Happy to discuss on a call if easier.", "The building control officer will be on site $day morning.", "Invoice $inv is now 30 days overdue, could you advise on payment?",
    "The engineer's certificate will follow once we have the cube results.", "We've uploaded everything to the shared folder on Aconex.",
    "As discussed on the phone earlier, see the marked-up sketch attached.", "Can you confirm the design life assumed is 120 years?",
    "The steelwork fabricator needs the connection forces by $day.", "The drainage connection has been agreed in principle with the water company.",
]
OPEN = ['Hi $f,', 'Hi $f', 'Dear $f,', 'Morning $f,', 'Afternoon $f,', '$f,', 'Hello $f,', 'Dear Mr $l,', 'Hi all,', 'Hi both,', 'Hi team,', '']
CLOSE = ['Kind regards,', 'Many thanks,', 'Thanks,', 'Best regards,', 'Regards,', 'Cheers,', 'Thanks again,', 'Best,', 'Thanks', 'Kind regards']
def biz_body(to_first, to_last, sender, orgdom='', long=None):
    kw = dict(doc=doc_name(), proj=project(), rev=pick('ABCDEFGH') + str(R.randint(1, 4)) if chance(0.3) else 'P0%d' % R.randint(1, 9),
              day=pick(DAYSN), time=pick(['9am', '10:30', '2pm', '11:00', '14:30', '8.30am']), num=R.randint(120, 2400), numb=round(R.uniform(0.5, 6.5), 1),
              po='PO-%06d' % R.randint(10000, 999999), colleague=' '.join(person_name()), fee='{:,}'.format(R.randint(8, 400) * 50),
              dwg='%s-CRP-%s-DR-S-%04d' % (pick(['RQ', 'CW', 'NP', 'KC']), pick(['ZZ', '00', '01', 'B1']), R.randint(1, 9999)),
              dwg2='%s-CRP-XX-DR-C-%04d' % (pick(['RQ', 'CW', 'NP']), R.randint(1, 9999)), inv='INV-%05d' % R.randint(1000, 99999),
              side=pick(['architect', 'MEP', 'client', 'contractor', 'QS']), f=to_first, l=to_last)
    n = wpick([(1, 4), (2, 4), (3, 3), (4, 2), (6, 1)])
    ls = [fill(x, **kw) for x in R.sample(LINES, n)]
    body = ' '.join(ls[:2]) + ('\n\n' + ' '.join(ls[2:]) if len(ls) > 2 else '')
    if long or (long is None and chance(0.22)):
        body += '\n\n' + wrap(para(5, 2))
        if chance(0.3): body += '\n\n' + '\n'.join('%d. %s' % (i + 1, sent()) for i in range(R.randint(2, 5)))
    op = fill(pick(OPEN), f=to_first, l=to_last)
    txt = (op + '\n\n' if op else '') + wrap(body) + '\n\n' + pick(CLOSE) + '\n'
    return txt


# ---------------------------------------------------------------- person-to-person mail
def site_rcpts(lst):
    return [a for _, a in lst if a.endswith('@' + SITE) or a.endswith('@' + SITE_OLD)]
def addrlist(lst): return ', '.join(addr(n, a) for n, a in lst)
def sent_fmt(t, zone, us=False):
    d = dt(t, zone)
    if us: return d.strftime('%A, %B ') + str(d.day) + d.strftime(', %Y %I:%M %p').replace(' 0', ' ')
    return d.strftime('%d %B %Y %H:%M') if chance(0.7) else d.strftime('%A, %d %B %Y %H:%M')
def quote(s): return '\n'.join(('>' + l) if l.startswith('>') else ('> ' + l if l else '>') for l in s.split('\n'))

class Msg:  # a rendered turn of a conversation
    pass
def render(style, frm, to, cc, subj, t, zone, own, prev, us=False):
    m = Msg(); m.frm, m.to, m.cc, m.subj, m.t = frm, to, cc, subj, t
    oh = html_from_text(own, 'outlook' if style == 'outlook' else 'x')
    if prev is None:
        m.plain, m.html = own, oh
    elif style == 'outlook':
        sep = '________________________________' if chance(0.5) else ('-----Original Message-----' if chance(0.3) else '')
        hb = 'From: %s\nSent: %s\nTo: %s\n%sSubject: %s\n' % (addr(*prev.frm), sent_fmt(prev.t, zone, us), addrlist(prev.to),
                                                           ('Cc: %s\n' % addrlist(prev.cc)) if prev.cc else '', prev.subj)
        m.plain = own + '\n\n' + (sep + '\n' if sep else '') + hb + '\n' + prev.plain
        m.html = (oh + '\n<div style="border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm">\n<p class="MsoNormal"><b>From:</b> %s<br>\n'
                  '<b>Sent:</b> %s<br>\n<b>To:</b> %s<br>\n%s<b>Subject:</b> %s<o:p></o:p></p>\n</div>\n' % (
                      html.escape(addr(*prev.frm)), sent_fmt(prev.t, zone, us), html.escape(addrlist(prev.to)),
                      ('<b>Cc:</b> %s<br>\n' % html.escape(addrlist(prev.cc))) if prev.cc else '', html.escape(prev.subj)) + prev.html)
    else:
        d = dt(prev.t, zone)
        intro = {'gmail': 'On %s, %s at %s, %s <%s> wrote:' % (d.strftime('%a'), '%d %s %d' % (d.day, d.strftime('%b'), d.year), d.strftime('%H:%M'), prev.frm[0], prev.frm[1]),
                 'apple': 'On %d %s %d, at %s, %s <%s> wrote:' % (d.day, d.strftime('%b'), d.year, d.strftime('%H:%M'), prev.frm[0], prev.frm[1]),
                 'tbird': 'On %s, %s wrote:' % (d.strftime('%d/%m/%Y %H:%M'), prev.frm[0])}[style]
        if style == 'gmail' and us: intro = 'On %s, %s <%s> wrote:' % (d.strftime('%a, %b ') + str(d.day) + d.strftime(', %Y at %I:%M %p').replace(' 0', ' '), prev.frm[0], prev.frm[1])
        if len(intro) > 76 and style == 'gmail': intro = wrap(intro, 76)
        m.plain = own + '\n\n' + intro + '\n' + quote(prev.plain)
        m.html = (oh + '<br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">%s<br></div><blockquote class="gmail_quote" '
                  'style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex">%s</blockquote></div>' % (html.escape(intro), prev.html))
    return m

def person_msg(o, p, t, m, style, refs=(), atts=(), extra=(), cls='ham', group='', sender=None, bcc=(), conn=None):
    nat = len(atts)
    mid = msgid_for(o, style, t)
    core = [('From', addr(p['name'], p['addr'])), ('To', addrlist(m.to) or 'undisclosed-recipients:;'), ('Cc', addrlist(m.cc) if m.cc else None),
            ('Subject', hdr_enc(m.subj)), ('Thread-Topic', re.sub(r'^((RE|FW|Re|Fwd|AW): ?)+', '', m.subj) if style == 'outlook' else None),
            ('Thread-Index', ('AQH' + b64r(20 + 5 * len(refs))[:30 + 7 * len(refs)]) if style == 'outlook' else None),
            ('Date', rfcdate(t - R.randint(2, 40), o.zone)), ('Message-ID', mid),
            ('References', ' '.join(refs[-8:]) if refs else None), ('In-Reply-To', refs[-1] if refs else None),
            ('Accept-Language', 'en-GB, en-US' if style == 'outlook' else None), ('Content-Language', 'en-GB' if style == 'outlook' else None),
            ('X-Mailer', 'Apple Mail (2.%d.%d.%d)' % (R.choice([3731, 3774, 3696]), R.randint(100, 700), R.randint(1, 9)) if style == 'apple' else None),
            ('User-Agent', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:115.0) Gecko/20100101 Thunderbird/115.%d.%d' % (R.randint(3, 9), R.randint(0, 2)) if style == 'tbird' else None)]
    core += list(extra)
    bstyle = {'outlook': 'outlook', 'gmail': 'gmail', 'apple': 'apple'}.get(style, 'plain')
    cs = wpick([('utf-8', 6), ('iso-8859-1', 1), ('windows-1252', 2)]) if style == 'outlook' else 'utf-8' if style == 'gmail' else pick(['utf-8', 'windows-1252', 'us-ascii'])
    if cs != 'utf-8' and not all(ord(c) < 256 or c in LATIN_FIX for c in m.plain): cs = 'utf-8'
    tp = text_part(m.plain, cs=cs)
    if style == 'tbird' and chance(0.5):
        body = tp
    else:
        hp = text_part(wrap_html(m.html, 'outlook' if style == 'outlook' else 'gmail' if style == 'gmail' else 'x').replace('charset=utf-8', 'charset=' + cs), 'html', cs=cs)
        body = multipart('alternative', [tp, hp], bstyle)
        if o.logo and style == 'outlook' and chance(0.7):
            body = multipart('related', [body, att_part('image001.png', 'image/png', o.logo, True, 'image001.png@01DA%s.%s' % (hexs(4).upper(), hexs(8).upper()))], bstyle)
    if atts:
        body = multipart('mixed', [body] + [att_part(n, CTYPES.get(n.rsplit('.', 1)[-1], 'application/octet-stream'), d) for n, d in atts], bstyle)
    client, helo, snd, data = org_send(o, t, p, core, body, sender, nat)
    if conn: client, helo = conn
    rc = site_rcpts(m.to + m.cc) + list(bcc)
    if rc: emit(t, client, helo, snd, rc, cls, group, data)
    return mid

def attachment_for(subject):
    base = re.sub(r'[^A-Za-z0-9]+', '_', subject)[:40].strip('_')
    k = wpick([('pdf', 6), ('xlsx', 2), ('docx', 2), ('zip', 1), ('jpg', 1)])
    name = (base if chance(0.5) else '%s-CRP-%s-%04d_%s' % (pick(['RQ', 'CW', 'NP', 'KC']), pick(['DR', 'SK', 'CA', 'RP']), R.randint(1, 9999), pick(['P01', 'P02', 'C01', 'A'])))
    if k == 'jpg': name = 'IMG_%04d' % R.randint(1000, 9999)
    return (name + '.' + k, fake_file(k, R.randint(3000, 40000)))

def thread(o, tid, turns=None, start=None, subject=None, starter=None, group=None):
    group = group or 'thread:%d' % tid
    us = o.country == 'us'
    ext = R.sample(o.people, min(len(o.people), wpick([(1, 5), (2, 3), (3, 1)])))
    pool = [s for s in STAFF if (s['office'] in ('Boston', 'Chicago')) == us] or STAFF
    intl = R.sample([s for s in pool if s['dept'] not in ('HR', 'Facilities')], wpick([(1, 5), (2, 3), (3, 2), (4, 1)]))
    subject = subject or (project() + ' - ' + doc_name() if chance(0.6) else doc_name() + (' - %s' % jobno() if chance(0.5) else ''))
    turns = turns or wpick([(1, 8), (2, 10), (3, 7), (4, 5), (5, 3), (6, 2), (8, 2), (10, 1), (14, 1)])
    t = start if start is not None else biz_t(zone=o.zone)
    side = starter or ('ext' if chance(0.55) else 'int')
    prev, refs, n = None, [], 0
    for k in range(turns):
        if side == 'ext':
            a = pick(ext); others = [s for s in ext if s is not a]
            to = [(intl[0]['name'], intl[0]['addr'])] if chance(0.8) else [(s['name'], s['addr']) for s in intl]
            cc = [(s['name'], s['addr']) for s in intl if (s['name'], s['addr']) not in to] + [(s['name'], s['addr']) for s in others if chance(0.6)]
            style, zone = o.style, o.zone
            greet = to[0][0].split()
            own = biz_body(greet[0], greet[-1], a['name'], long=None if k else chance(0.4))
            own += (('\n-- \n' if style in ('gmail', 'tbird') and chance(0.5) else '') + a['name'].split()[0] + '\n\n' + sig_ext(o, a) if chance(0.92) else a['name'].split()[0])
            if o.disc: own += '\n\n' + wrap(o.disc)
            pre = 'RE: ' if style == 'outlook' else 'Re: '
            base = re.sub(r'^((RE|Re|FW): )+', '', prev.subj) if prev else subject
            if prev and o.tag and not base.startswith(o.tag): base = o.tag + base
            subj = pre + base if prev else subject
            if prev and chance(0.07): subj = 'FW: ' + re.sub(r'^(RE|Re): ', '', prev.subj)
            m = render(style, (a['name'], a['addr']), to, cc, subj, t, zone, own, prev, us)
            atts = [attachment_for(subject) for _ in range(wpick([(1, 3), (2, 1), (3, 1)]))] if chance(0.25 if k else 0.4) else []
            mid = person_msg(o, a, t, m, style, refs, atts, group=group)
            n += 1
        else:
            a = pick(intl)
            to = [(s['name'], s['addr']) for s in ext[:1 if chance(0.7) else 3]]
            cc = [(s['name'], s['addr']) for s in intl if s is not a and chance(0.7)]
            greet = to[0][0].split()
            own = biz_body(greet[0], greet[-1], a['name']) + a['first'] + '\n\n' + sig_site(a) + '\n\n' + \
                wrap('Calder Rowe Partnership LLP is a limited liability partnership registered in England and Wales, number OC312345. '
                     'This email and its attachments are confidential and intended for the addressee only. If you have received it in error, please notify the sender and delete it.')
            subj = subject if not prev else ('RE: ' + re.sub(r'^(RE|Re): ', '', prev.subj))
            m = render('outlook', (a['name'], a['addr']), to, cc, subj, t, 'uk', own, prev, False)
            mid = '<%s@%s>' % (ALNUM(30), 'LO2P265MB%04d.GBRP265.PROD.OUTLOOK.COM' % R.randint(1000, 9999))
        prev = m; refs = refs + [mid]
        t = later(t, 120, 86400 * 3, zone=o.zone)
        side = ('int' if side == 'ext' else 'ext') if chance(0.85) else side
        if t >= DAYS * 86400: break
    return n


# ---------------------------------------------------------------- bulk / automated senders
def esp_envelope(esp, dom, rcpt):
    lp, rd = rcpt.split('@')
    return {'ses': '0102018e%s-%s-%s-%s-%s-000000@%s.amazonses.com' % (hexs(8), hexs(8), hexs(4), hexs(4), hexs(12), pick(['us-east-1', 'eu-west-1'])),
            'sendgrid': 'bounces+%d-%s-%s=%s@em%d.%s' % (R.randint(100000, 40000000), hexs(4), lp, rd, R.randint(100, 9999), dom),
            'mailchimp': 'bounce-mc.us%d_%d.%d-%s=%s@mail%d.suw%d.mcdlv.net' % (R.randint(1, 21), R.randint(10**7, 10**8), R.randint(10**6, 10**7), lp, rd, R.randint(1, 250), R.randint(11, 21)),
            'sfmc': 'bounce-%d_HTML-%d-%d-%d-%d@bounce.e.%s' % (R.randint(10, 99), R.randint(10**8, 10**9), R.randint(10**5, 10**6), R.randint(10**6, 10**7), R.randint(1, 99), dom),
            'hubspot': '1axbtd%s@bf%02d.hubspotemail.net' % (alnum(20), R.randint(1, 99))}.get(esp, 'bounce@' + dom)
def esp_conn(esp, dom):
    if esp == 'ses': return ses_conn(pick(['us-east-1', 'eu-west-1']))
    if esp == 'sendgrid': return sendgrid_conn(dom)
    if esp == 'mailchimp': return mailchimp_conn()
    if esp == 'sfmc': return sfmc_conn('e.' + dom)
    if esp == 'google': return google_conn()
    if esp == 'm365': return m365_conn(pick(['uk', 'us']))
    return FIXED_CONN[esp]()
def esp_msgid(esp, dom):
    return {'ses': '<0102018e%s-%s-%s-%s-%s-000000@email.amazonses.com>' % (hexs(8), hexs(8), hexs(4), hexs(4), hexs(12)),
            'sendgrid': '<%s@geopod-ismtpd-%d>' % (ALNUM(22), R.randint(1, 40)),
            'mailchimp': '<%s.%s@mail%d.suw%d.mcdlv.net>' % (hexs(20), hexs(10), R.randint(1, 250), R.randint(11, 21)),
            'sfmc': '<%s@%s>' % (uuid(), 'ind1s%02dmta%04d.xt.local' % (R.randint(1, 9), R.randint(1, 2000))),
            'github': '<%s/%s/%s@github.com>' % (dom, 'pull' if chance(0.5) else 'issues', R.randint(1, 900))}.get(esp, '<%s.%s@%s>' % (digits(13), ALNUM(12), dom))

def bulk_html(brand, color, blocks, greet, foot, unsub):
    rows = []
    for hd, tx, url in blocks:
        rows.append('<tr><td style="padding:16px 24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:22px;color:#333333;">'
                    '%s<p style="margin:0 0 12px 0">%s</p>%s</td></tr>' % (
                        ('<h2 style="margin:0 0 8px 0;font-size:19px;color:%s;">%s</h2>' % (color, html.escape(hd))) if hd else '',
                        html.escape(tx).replace('\n', '<br>'),
                        ('<a href="%s" style="color:%s;font-weight:bold;">%s</a>' % (url, color, pick(['Read more', 'Read more &rsaquo;', 'Find out more', 'View details', 'Continue reading']))) if url else ''))
    return ('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">\n<html><head>'
            '<meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1.0">'
            '<title>%s</title></head><body style="margin:0;padding:0;background-color:#f2f2f2;">\n<table role="presentation" width="100%%" cellpadding="0" cellspacing="0" border="0">'
            '<tr><td align="center"><table width="600" cellpadding="0" cellspacing="0" border="0" style="background:#ffffff;">\n'
            '<tr><td style="background:%s;padding:20px 24px;color:#ffffff;font-family:Arial,sans-serif;font-size:22px;font-weight:bold;">%s</td></tr>\n'
            '%s%s\n<tr><td style="padding:20px 24px;font-family:Arial,sans-serif;font-size:11px;color:#888888;">%s<br><a href="%s" style="color:#888888;">Unsubscribe</a> | '
            '<a href="%s" style="color:#888888;">Manage preferences</a></td></tr>\n</table></td></tr></table>\n<img src="%s" width="1" height="1" alt="" style="display:none">\n</body></html>\n') % (
        html.escape(brand), color, html.escape(brand),
        ('<tr><td style="padding:16px 24px 0 24px;font-family:Arial,sans-serif;font-size:15px;">%s</td></tr>' % html.escape(greet)) if greet else '',
        '\n'.join(rows), html.escape(foot).replace('\n', '<br>'), unsub, unsub.replace('unsubscribe', 'preferences'),
        unsub.split('/u')[0] + '/open/' + ALNUM(24) + '.gif')
def bulk_text(brand, blocks, greet, foot, unsub):
    t = brand + '\n' + '=' * len(brand) + '\n\n' + (greet + '\n\n' if greet else '')
    for hd, tx, url in blocks:
        t += (hd + '\n' if hd else '') + wrap(tx) + '\n' + ('%s ( %s )\n' % (pick(['Read more', 'Find out more', 'View']), url) if url else '') + '\n'
    return t + '-' * 40 + '\n' + foot + '\nUnsubscribe: ' + unsub + '\n'

def bulk_send(esp, dom, from_name, from_addr, rcpt, t, subject, blocks, group, color='#0b4f8a', greet=None, foot=None,
              cls='ham', plain_only=False, extra=(), atts=(), sender=None, to_hdr=None, reply_to=None, list_hdrs=True, zone='uk', conn=None):
    name, ra = rcpt
    token = ALNUM(R.randint(20, 40))
    unsub = 'https://%s/u/%s' % (pick(['click.' + dom, 'email.' + dom, 'links.' + dom, dom + '/mail', 'list-manage.com/unsubscribe?u=' + hexs(25) + '&id=' + hexs(10) + '&e=' + hexs(10)]), token) \
        if esp != 'mailchimp' else 'https://%s.us%d.list-manage.com/unsubscribe?u=%s&id=%s&e=%s' % (dom.split('.')[0], R.randint(1, 21), hexs(25), hexs(10), hexs(10))
    foot = foot or '%s, %s\nYou are receiving this email because you subscribed at %s.' % (from_name, pick(UK_ADDR + US_ADDR) % R.randint(1, 300), dom)
    blocks = [(h, tx, (u + ('?' if '?' not in u else '&') + 'utm_source=%s&utm_medium=email&utm_campaign=%s' % (esp, group.replace(':', '_'))) if u else u)
              for h, tx, u in blocks]
    tp = text_part(bulk_text(from_name, blocks, greet, foot, unsub), cs='utf-8')
    if plain_only: body = tp
    else:
        body = multipart('alternative', [tp, text_part(bulk_html(from_name, color, blocks, greet, foot, unsub), 'html', cs='utf-8')])
    if atts: body = multipart('mixed', [body] + [att_part(n, CTYPES.get(n.rsplit('.', 1)[-1], 'application/octet-stream'), d) for n, d in atts])
    client, helo = conn or esp_conn(esp, dom)
    h = [dkim(dom, pick(['s1', 'k1', 'scph0124', 'selector1', 'ml', 'dkim', '200608']), 'From:To:Subject:Date:Message-ID:List-Unsubscribe:MIME-Version', t)]
    if esp in ('ses', 'sendgrid', 'mailchimp', 'hubspot'):
        h.append(dkim({'ses': 'amazonses.com', 'sendgrid': 'sendgrid.info', 'mailchimp': 'mcsv.net', 'hubspot': 'hubspotemail.net'}[esp],
                      {'ses': 'ug7nbtf4gccmlpwj322ax3p6ow6yfsug', 'sendgrid': 'smtpapi', 'mailchimp': 'k2', 'hubspot': 'hs1'}[esp], 'From:To:Subject:Date', t))
    h += [('From', addr(from_name, from_addr)), ('Reply-To', reply_to), ('To', to_hdr or addr(name, ra) if name and chance(0.7) else to_hdr or ra),
          ('Subject', hdr_enc(subject)), ('Date', rfcdate(t - R.randint(0, 30), zone)), ('Message-ID', esp_msgid(esp, dom))]
    if list_hdrs:
        h += [('List-Unsubscribe', '<%s>, <mailto:unsubscribe-%s@%s>' % (unsub, token[:12].lower(), dom) if chance(0.7) else '<%s>' % unsub),
              ('List-Unsubscribe-Post', 'List-Unsubscribe=One-Click' if chance(0.8) else None)]
    h += {'ses': [('Feedback-ID', '1.%s.%s=:AmazonSES' % (pick(['us-east-1', 'eu-west-1']), ALNUM(43))), ('X-SES-Outgoing', '2024.03.%02d-54.240.%d.%d' % (t // 86400 + 4, R.randrange(16), R.randrange(256)))],
          'sendgrid': [('X-SG-EID', ALNUM(120)), ('X-SG-ID', ALNUM(80)) if chance(0.5) else ('X-Entity-ID', ALNUM(24))],
          'mailchimp': [('X-MC-User', hexs(25)), ('X-Feedback-ID', '%d:%d.%d:us%d:mc' % (R.randrange(10**8), R.randrange(10**8), R.randrange(10**6), R.randint(1, 21))), ('X-Mailer', 'Mailchimp Mailer - **CID%s**' % hexs(20)), ('Precedence', 'bulk')],
          'sfmc': [('x-job', '%d_%d' % (R.randint(10**6, 10**7), R.randint(10**5, 10**6))), ('X-SFMC-Stack', str(R.randint(1, 50))), ('Feedback-ID', '%d:%d:%s:sfmc' % (R.randrange(10**7), R.randrange(10**7), ip4(13, 111)))],
          'hubspot': [('X-HubSpot-MF-Dev', 'true') if False else ('X-Report-Abuse-To', 'abuse@hubspot.com'), ('X-HS-Cid', ALNUM(30))]}.get(esp, [])
    h += list(extra)
    emit(t, client, helo, sender or esp_envelope(esp, dom, ra), [ra], cls, group, build(h, body))

def spread(t0, n, span):
    """n send times starting t0 spread over span seconds (ESP batch)"""
    return sorted(t0 + int(R.random() ** 1.5 * span) for _ in range(n))
def sample_staff(n, pool=None):
    pool = pool or STAFF
    return R.sample(pool, min(n, len(pool)))
def rc(s): return (s['name'], s['addr'])
def headline():
    return fill(pick(['$Proj wins planning approval', '{Contractor|Consultant|Developer} {appointed|selected|shortlisted} for $proj', 'Why {digital twins|modern methods of construction|embodied carbon|net zero|BIM level 2|offsite manufacturing} {matter|still matter|are failing} for {engineers|clients|the industry}',
                      '{Opinion|Analysis|Interview|Comment}: $w1 and the future of {infrastructure|design|the supply chain|procurement}', '{Steel|Concrete|Timber|Cement} prices {rise|fall|stabilise} {for the third month|in February|as demand slows}',
                      '{New|Revised|Updated} guidance on {Eurocode|BS EN 1992|BS 8500|Part L|fire safety|building regulations|CDM} {published|consultation opens|comes into force}',
                      '{Top|Five|Seven|Ten} {lessons|takeaways|questions} from $proj', '{Funding|Budget} {boost|cut|delay} for {rail|road|water|flood defence|hospital} {schemes|projects|programme}',
                      '{Skills shortage|Graduate recruitment|Apprenticeships} {hits|boosts|reshapes} {engineering|construction} {sector|firms}', '$Proj: {inside|behind} the {engineering|design|delivery}']),
                Proj=project(), proj=project(), w1=pick(WORDS).capitalize())


# ---------------------------------------------------------------- ham generators
def gen_newsletters():
    pubs = [('New Civil Engineer', 'newcivilengineer.com', 'sfmc', 'weekly', 120, '#e30613'), ('The Structural Engineer', 'istructe.org', 'sendgrid', 'weekly', 90, '#00558c'),
            ('Construction News', 'constructionnews.co.uk', 'sfmc', 'daily', 60, '#222222'), ('ENR Daily', 'enr.com', 'sfmc', 'daily', 25, '#c8102e'),
            ('Building Design', 'bdonline.co.uk', 'mailchimp', 'weekly', 30, '#000000'), ('ICE Infrastructure Digest', 'ice.org.uk', 'ses', 'weekly', 110, '#5b2c6f'),
            ('CIBSE Journal', 'cibsejournal.com', 'mailchimp', 'weekly', 45, '#008080'), ('Autodesk AEC News', 'autodesk.com', 'sfmc', 'fortnight', 70, '#0696d7'),
            ('Bentley Infrastructure Insights', 'bentley.com', 'hubspot', 'fortnight', 35, '#1e5aa8'), ('Hilti Engineering Update', 'hilti.co.uk', 'sfmc', 'fortnight', 40, '#d2051e'),
            ('Ground Engineering', 'geplus.co.uk', 'sendgrid', 'weekly', 25, '#8a6d3b'), ('Planning Resource', 'planningresource.co.uk', 'ses', 'daily', 15, '#336699'),
            ('Trimble Connect Newsletter', 'trimble.com', 'hubspot', 'fortnight', 30, '#005f9e'), ('Steel Construction Info', 'steelconstruction.info', 'mailchimp', 'weekly', 50, '#555555'),
            ('RICS Property Journal', 'rics.org', 'sfmc', 'weekly', 12, '#003b5c'), ('Water Briefing', 'waterbriefing.org', 'mailchimp', 'daily', 20, '#0077be'),
            ('Engineering News-Record Bookshop', 'enrbookstore.com', 'sendgrid', 'fortnight', 10, '#a00000'), ('TechRadar Pro', 'techradar.com', 'ses', 'daily', 8, '#1c1c1c')]
    for gi, (brand, dom, esp, freq, nsub, col) in enumerate(pubs):
        subs = sample_staff(max(3, int(nsub * 0.38)), ENGINEERS() if gi < 16 else STAFF)
        days = {'daily': WEEKDAYS, 'weekly': [d for d in WEEKDAYS if d % 7 == gi % 5], 'fortnight': [d for d in WEEKDAYS if d % 7 == gi % 5][:1]}[freq]
        frm = pick(['newsletter', 'news', 'editor', 'info', 'noreply', 'updates', 'marketing']) + '@' + pick(['e.', 'mail.', 'email.', 'news.', '']) + dom
        hour = R.uniform(6, 11)
        for d in days:
            t0 = int(d * 86400 + hour * 3600 + R.randint(-900, 900))
            blocks = [(headline(), para(3, 1), 'https://www.%s/%s/%s' % (dom, pick(['news', 'opinion', 'insight', 'article', 'technical']), re.sub(r'\W+', '-', sent()[:40].lower()).strip('-')))
                      for _ in range(R.randint(3, 7))]
            subj = blocks[0][0] if chance(0.6) else '%s | %s' % (brand, dt(t0).strftime('%d %B %Y'))
            for s, t in zip(subs, spread(t0, len(subs), R.randint(300, 5400))):
                bulk_send(esp, dom, brand, frm, rc(s), t, subj, blocks, 'news:%d' % gi, col, greet=('Hi %s,' % s['first']) if chance(0.4) else None)

def gen_events():
    evs = [('Digital Construction Week', 'digitalconstructionweek.com', 'sendgrid'), ('UK Construction Week', 'ukconstructionweek.com', 'mailchimp'),
           ('ICE Annual Lecture', 'ice.org.uk', 'ses'), ('Bentley Year in Infrastructure', 'bentley.com', 'hubspot'), ('Autodesk University London', 'autodesk.com', 'sfmc'),
           ('Geotechnica Summit', 'geotechnica-summit.com', 'sendgrid'), ('Flood Expo', 'thefloodexpo.co.uk', 'mailchimp'),
           ('Webinar: Carbon in concrete', 'concretecentre.com', 'ses'), ('Webinar: Designing for Part O', 'cibse.org', 'sendgrid'),
           ('Future of Transport Conference', 'transport-network.co.uk', 'sfmc'), ('Webinar: Tekla Structures 2024 update', 'tekla.com', 'hubspot'),
           ('Offsite Expo', 'offsiteexpo.co.uk', 'mailchimp'), ('ACEC Spring Conference', 'acec.org', 'sfmc')]
    for gi, (ev, dom, esp) in enumerate(evs):
        aud = sample_staff(R.randint(8, 30), ENGINEERS())
        reg = aud[:R.randint(2, 8)]
        when = dt(biz_t(R.choice(WEEKDAYS[5:]))).strftime('%A %d %B')
        waves = [('invite', aud, fill('{Join us|Register now|Last chance to register|You are invited}: $ev', ev=ev)), ('confirm', reg, 'Your registration for %s is confirmed' % ev),
                 ('remind', reg, fill('{Reminder|Starting soon|See you tomorrow}: $ev', ev=ev))]
        t0 = biz_t(R.choice(WEEKDAYS[:5]), lo=9, hi=15)
        for kind, who, subj in waves:
            for s, t in zip(who, spread(t0, len(who), 3600 if kind != 'confirm' else 86400 * 2)):
                blocks = [(ev, fill('{Join|Meet} {industry leaders|peers|experts} on $when for {talks|sessions|workshops} on {digital delivery|net zero design|resilient infrastructure|ground risk}. ', when=when) + para(2, 1),
                           'https://www.%s/%s' % (dom, pick(['register', 'event', 'webinar/%d' % R.randint(1000, 9999)])))]
                if kind == 'confirm': blocks.append(('Your joining details', 'Date: %s\nTime: %s\nJoin link: https://%s.zoom.us/w/%s?tk=%s' % (when, pick(['10:00 GMT', '14:00 GMT', '16:00 GMT']), pick(['us02web', 'us06web']), digits(11), ALNUM(40)), None))
                bulk_send(esp, dom, ev if chance(0.5) else dom.split('.')[0].capitalize() + ' Events', 'events@' + dom, rc(s), t, subj, blocks, 'event:%d' % gi, greet='Dear %s,' % s['first'])
            t0 = later(t0, 86400 * 2, 86400 * 5)
            if t0 > DAYS * 86400: break

NOTIF = {  # service: (conn, from-name-fmt, from addr, envelope, msgid domain)
    'jira': ('atlassian', '%s (Jira)', 'jira@calderrowe.atlassian.net', 'bounce-%s@calderrowe.atlassian.net', 'Atlassian.JIRA'),
    'confluence': ('atlassian', '%s (Confluence)', 'confluence@calderrowe.atlassian.net', 'bounce-%s@calderrowe.atlassian.net', 'Atlassian.Confluence'),
    'github': ('github', '%s', 'notifications@github.com', 'noreply@github.com', 'github.com'),
    'slack': ('ses', 'Slack', 'feedback@slack.com', None, 'slack.com'),
    'docusign': ('docusign', '%s via DocuSign', 'dse_NA3@docusign.net', 'dse_NA3@docusign.net', 'docusign.net'),
    'salesforce': ('salesforce', 'Salesforce', 'noreply@salesforce.com', 'bounce-%s@salesforce.com', 'salesforce.com'),
    'hubspot': ('hubspot', 'HubSpot', 'noreply@notifications.hubspot.com', None, 'hubspot.com'),
    'm365': ('m365', 'Microsoft 365', 'o365mc@microsoft.com', 'o365mc@microsoft.com', 'microsoft.com'),
    'teams': ('m365', 'Microsoft Teams', 'noreply@email.teams.microsoft.com', 'noreply@email.teams.microsoft.com', 'email.teams.microsoft.com'),
    'zoom': ('zoom', 'Zoom', 'no-reply@zoom.us', 'no-reply@zoom.us', 'zoom.us'),
    'acc': ('ses', 'Autodesk Construction Cloud', 'no-reply@autodesk.com', None, 'autodesk.com'),
    'aconex': ('sendgrid', 'Oracle Aconex', 'noreply@aconex.com', None, 'aconex.com'),
    'procore': ('sendgrid', 'Procore', 'no-reply@procore.com', None, 'procore.com'),
    'dropbox': ('ses', '%s (via Dropbox)', 'no-reply@dropbox.com', None, 'dropbox.com'),
    'linkedin': ('linkedin', 'LinkedIn', 'messages-noreply@linkedin.com', 's-%s@bounce.linkedin.com', 'linkedin.com'),
}
def notify(svc, rcpt, t, subject, lines, group, actor='', link='', extra=(), cls='ham'):
    conn, fn, fa, env, mdom = NOTIF[svc]
    client, helo = esp_conn(conn, mdom) if conn in ('ses', 'sendgrid', 'm365') else FIXED_CONN[conn]()
    name = fn % actor if '%s' in fn else fn
    text = '\n\n'.join(wrap(l) for l in lines) + ('\n\n%s\n' % link if link else '\n')
    foot = {'github': '\n--\nReply to this email directly, view it on GitHub:\n%s\nYou are receiving this because you were mentioned.\n' % link,
            'jira': '\n\nThis message was sent by Atlassian Jira (v1001.0.0-SNAPSHOT#100251-sha1:%s)\nGet Jira notifications on your phone! Download the Jira Cloud app.\n' % hexs(7),
            'slack': '\n\nMade by Slack Technologies, LLC | 500 Howard Street | San Francisco, CA 94105\n',
            'docusign': '\n\nDo Not Share This Email\nThis email contains a secure link to DocuSign. Please do not share this email, link, or access code with others.\n'}.get(svc, '\n\n' + name.split(' (')[0] + ' | Privacy | Unsubscribe from these notifications\n')
    text += foot
    hb = ''.join('<p style="font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;font-size:14px;color:#24292f">%s</p>' % html.escape(l).replace('\n', '<br>') for l in lines)
    if link: hb += '<p><a href="%s" style="background:#0052cc;color:#fff;padding:8px 14px;border-radius:3px;text-decoration:none">%s</a></p>' % (link, pick(['View', 'Open', 'View issue', 'Reply', 'Review document', 'View in app']))
    hb = '<html><head><meta charset="utf-8"></head><body>%s<p style="font-size:12px;color:#6a737d">%s</p></body></html>\n' % (hb, html.escape(foot.strip()).replace('\n', '<br>'))
    body = text_part(text, cs='utf-8') if svc == 'github' and chance(0.3) else multipart('alternative', [text_part(text, cs='utf-8'), text_part(hb, 'html', cs='utf-8')])
    mid = esp_msgid('github', 'calderrowe/' + pick(['pile-designer', 'bim-tools', 'dynamo-scripts', 'calc-templates', 'intranet'])) if svc == 'github' else '<%s.%s@%s>' % (digits(13), ALNUM(16), mdom)
    h = [dkim('.'.join(fa.split('@')[1].split('.')[-2:]), pick(['s1', 'pf2023', 'scph0818', 'selector1']), 'From:To:Subject:Date:Message-ID', t),
         ('From', addr(name, fa)), ('To', addr(*rcpt) if chance(0.6) else rcpt[1]), ('Subject', hdr_enc(subject)), ('Date', rfcdate(t, 'uk')), ('Message-ID', mid),
         ('Auto-Submitted', 'auto-generated' if svc in ('jira', 'confluence', 'm365') else None), ('Precedence', 'bulk' if svc in ('github', 'jira') else None)] + list(extra)
    emit(t, client, helo, (env % hexs(16) if env and '%s' in env else env) or esp_envelope(conn, mdom, rcpt[1]), [rcpt[1]], cls, group, build(h, body))

def gen_saas():
    devs = sample_staff(25, staff_in('Digital & BIM', 'IT', 'Structures'))
    for i in range(40):  # jira issues
        key = '%s-%d' % (pick(['BIM', 'ITS', 'DIG', 'CALC', 'WEB']), R.randint(10, 2400)); title = sent()[:70].rstrip('.')
        watchers = R.sample(devs, R.randint(1, 5)); t = biz_t()
        for k in range(R.randint(1, 5)):
            actor = pick(devs)
            ev = pick(['commented on', 'updated', 'changed the status to In Progress on', 'assigned', 'resolved', 'mentioned you on'])
            for w in watchers:
                if w is actor: continue
                notify('jira', rc(w), t + R.randint(5, 90), '[JIRA] (%s) %s' % (key, title), ['%s %s %s' % (actor['name'], ev, key), '%s: %s' % (key, title), para(2, 1) if 'comment' in ev or 'mention' in ev else 'Status: %s  Assignee: %s  Priority: %s' % (pick(['To Do', 'In Progress', 'Done', 'Blocked']), actor['name'], pick(['Medium', 'High', 'Low']))],
                       'jira:%s' % key, actor['name'], 'https://calderrowe.atlassian.net/browse/%s?focusedCommentId=%s' % (key, digits(6)))
            t = later(t, 600, 86400)
    for i in range(25):  # confluence
        page = '%s - %s' % (pick(['Design Guide', 'How to', 'Meeting notes', 'Standard Details', 'Project Wiki']), doc_name()); actor = pick(devs)
        for w in R.sample(STAFF, R.randint(1, 6)):
            notify('confluence', rc(w), biz_t(), '[Confluence] %s %s "%s"' % (actor['name'], pick(['edited', 'shared', 'commented on', 'mentioned you on']), page), [para(3, 1)], 'confluence:%d' % i, actor['name'],
                   'https://calderrowe.atlassian.net/wiki/spaces/%s/pages/%s' % (pick(['ENG', 'BIM', 'IT', 'HSQE']), digits(9)))
    for i in range(30):  # github
        repo = 'calderrowe/' + pick(['pile-designer', 'bim-tools', 'dynamo-scripts', 'calc-templates', 'intranet', 'revit-addins'])
        num = R.randint(1, 400); title = sent()[:60].rstrip('.'); kind = pick(['Pull Request', 'Issue'])
        people = R.sample(devs, R.randint(2, 4)); t = biz_t()
        for k in range(R.randint(1, 7)):
            a = pick(people)
            for w in people:
                if w is a: continue
                notify('github', rc(w), t + R.randint(1, 40), '%s[%s] %s (%s #%d)' % ('Re: ' if k else '', repo, title, 'PR' if kind[0] == 'P' else 'Issue', num),
                       ['@%s %s.' % (local_of(a['first'], a['last'], 2), pick(['commented on this pull request', 'approved these changes', 'requested changes', 'pushed 2 commits', 'commented'])), para(4, 1)],
                       'github:%s#%d' % (repo, num), a['name'], 'https://github.com/%s/%s/%d#issuecomment-%s' % (repo, 'pull' if kind[0] == 'P' else 'issues', num, digits(10)),
                       extra=[('List-ID', '%s <%s.github.com>' % (repo, repo.replace('/', '.'))), ('X-GitHub-Reason', pick(['mention', 'author', 'review_requested', 'subscribed'])),
                              ('List-Archive', 'https://github.com/' + repo), ('X-GitHub-Sender', local_of(a['first'], a['last'], 2))])
            t = later(t, 300, 86400)
    def many(svc, n, people, subj_f, lines_f, group, actor_f=lambda: '', link_f=lambda: ''):
        for i in range(n):
            p = pick(people); a = actor_f()
            notify(svc, rc(p), biz_t(lo=7, hi=19), fill(subj_f(p, a)), [fill(l) for l in lines_f(p, a)], group if '%' not in group else group % i, a, link_f())
    many('slack', 60, STAFF, lambda p, a: "{Your Slack digest for Calder Rowe|New messages from $n in #$c|$n mentioned you in #$c}".replace('$n', ' '.join(person_name())).replace('$c', pick(['general', 'bim-help', 'structures', 'it-help', 'social'])),
         lambda p, a: ['Hi %s, you have %d unread messages.' % (p['first'], R.randint(1, 40)), sent()], 'slack', link_f=lambda: 'https://calderrowe.slack.com/archives/C%s' % ALNUM(10).upper())
    many('docusign', 40, staff_in('Directors', 'Finance', 'Bids & Marketing', 'HR'), lambda p, a: '{Please DocuSign|Completed|Reminder: Please DocuSign}: %s' % pick(['Appointment_%s.pdf' % jobno(), 'NDA - %s.pdf' % pick(ORG_WORDS), 'Collateral Warranty %s.pdf' % project(), 'Sub-consultant agreement.pdf']),
         lambda p, a: ['%s sent you a document to review and sign.' % a, 'REVIEW DOCUMENT', 'Please review and sign at your earliest convenience.'], 'docusign:%d', lambda: ' '.join(person_name()),
         lambda: 'https://eu.docusign.net/Signing/EmailStart.aspx?a=%s&etti=24&acct=%s&er=%s' % (uuid(), uuid(), uuid()))
    many('salesforce', 35, staff_in('Bids & Marketing', 'Directors'), lambda p, a: '{Task reminder|Opportunity update|New lead assigned}: %s' % project(), lambda p, a: ['Subject: %s' % doc_name(), 'Due date: %s' % pick(DAYSN), sent()], 'sfdc')
    many('hubspot', 40, staff_in('Bids & Marketing'), lambda p, a: '{New form submission on calderrowe.com|Your weekly HubSpot report|Someone opened your email}', lambda p, a: ['Name: %s' % ' '.join(person_name()), 'Company: %s' % pick(ORG_WORDS) + ' Ltd', 'Message: ' + sent()], 'hubspot')
    many('m365', 55, STAFF, lambda p, a: pick(['Microsoft 365 security: You have messages in quarantine', 'Major update from Message center', 'Weekly digest: Microsoft service updates', 'Your OneDrive storage is %d%% full' % R.randint(80, 99)]),
         lambda p, a: ['Review these messages within 30 days of receipt by going to the quarantine page in the Security Center.' if chance(0.5) else para(2, 1), '%s (%s)' % (sent()[:60], rfcdate(any_t()))], 'm365:%d', link_f=lambda: 'https://security.microsoft.com/quarantine?id=%s' % uuid())
    many('teams', 40, STAFF, lambda p, a: '{You have been added to a team in Microsoft Teams|$a mentioned you in $j|Missed activity in Teams}'.replace('$a', ' '.join(person_name())).replace('$j', project()),
         lambda p, a: ['Hi %s,' % p['first'], sent()], 'teams', link_f=lambda: 'https://teams.microsoft.com/l/message/19:%s@thread.tacv2/%s' % (hexs(32), digits(13)))
    many('zoom', 25, STAFF, lambda p, a: '{Cloud Recording - $m is now available|Zoom: your meeting has been rescheduled}'.replace('$m', doc_name()), lambda p, a: ['Hi %s,' % p['first'], 'Your cloud recording is now available. Passcode: %s' % ALNUM(8)], 'zoom', link_f=lambda: 'https://us06web.zoom.us/rec/share/%s' % ALNUM(60))
    for svc, n, sj in [('acc', 110, '[{ACC|Autodesk Docs}] {New issue assigned to you|Files added|Review %s started|RFI %s has been answered} - $p'),
                       ('aconex', 120, 'Aconex: {Transmittal|Document Review|Mail} {%s|received} - $p'), ('procore', 60, '{New RFI|Submittal|Drawing set} {#%s|uploaded|requires your response} - $p'),
                       ('dropbox', 30, '$a shared "$p" with you'), ('linkedin', 60, '{You appeared in %s searches this week|$a sent you a message|$a wants to connect|New jobs similar to $t}')]:
        proj_pool = [project() for _ in range(8)]
        for i in range(n):
            p = pick(STAFF if svc in ('linkedin', 'dropbox') else ENGINEERS()); a = ' '.join(person_name()); pj = pick(proj_pool)
            notify(svc, rc(p), biz_t(lo=6, hi=20), fill(sj.replace('%s', str(R.randint(2, 999))), p=pj, a=a, t=p['title']),
                   ['Hi %s,' % p['first'], fill('{Project|Workspace}: $p\n{Document|Item}: $d\n{From|Sender}: $a, $o', p=pj, d=doc_name(), a=a, o=pick(ORG_WORDS) + ' ' + pick(ORG_KINDS['contractor'])), sent() if chance(0.5) else ''],
                   '%s:%d' % (svc, proj_pool.index(pj)), a, 'https://%s/%s' % ({'acc': 'acc.autodesk.com/docs/issues', 'aconex': 'uk1.aconex.co.uk/Logon?mail=' + digits(12), 'procore': 'app.procore.com/%s/project/rfis' % digits(12),
                                                                                'dropbox': 'www.dropbox.com/scl/fi/%s' % alnum(24), 'linkedin': 'www.linkedin.com/comm/mynetwork/?midToken=' + ALNUM(20)}[svc], ALNUM(12)))

def gen_accounts(orgs):
    acc = (ROLE['accounts.payable'], 'Accounts Payable')
    for gi in range(22):  # Xero / QuickBooks invoices from small suppliers
        o = pick(orgs); xero = o.country != 'us'
        for k in range(R.randint(1, 4)):
            t = biz_t(); n = R.randint(1000, 9999); amt = '{:,.2f}'.format(R.uniform(150, 24000))
            if xero:
                bulk_send('ses', 'post.xero.com', o.name, 'messaging-service@post.xero.com', (acc[1], acc[0]), t, 'Invoice INV-%d from %s for %s Partnership LLP' % (n, o.name, SITE_NAME),
                          [(None, 'Hi,\n\nHere\'s invoice INV-%d for GBP %s.\n\nThe amount outstanding of GBP %s is due on %d Apr 2024.\n\nView and pay your bill online: https://in.xero.com/%s\n\nIf you have any questions, please let us know.\n\nThanks,\n%s' % (n, amt, amt, R.randint(1, 30), ALNUM(40), o.name), None)],
                          'acct:xero:%d' % gi, plain_only=chance(0.3), reply_to=o.people[0]['addr'], list_hdrs=False, atts=[('Invoice INV-%d.pdf' % n, fake_file('pdf', R.randint(8000, 30000)))])
            else:
                client, helo = FIXED_CONN['intuit']()
                body = multipart('alternative', [text_part('Dear Customer,\n\nYour invoice is attached. Please remit payment at your earliest convenience.\n\nInvoice %d\nDue date %s\nAmount $%s\n\nThank you for your business - we appreciate it very much.\n\nSincerely,\n%s\n%s\n' % (n, dt(t + 2592000).strftime('%m/%d/%Y'), amt, o.name, o.phone % R.randrange(10000)), cs='utf-8'),
                                                 text_part('<html><body><table><tr><td><h1>%s</h1><p>Invoice %d</p><p style="font-size:28px">$%s</p><a href="https://connect.intuit.com/portal/app/CommerceNetwork/view/scs-v1-%s">Review and pay</a></td></tr></table></body></html>' % (html.escape(o.name), n, amt, hexs(64)), 'html', cs='utf-8')])
                body = multipart('mixed', [body, att_part('Invoice_%d_from_%s.pdf' % (n, re.sub(r'\W', '_', o.name)), 'application/pdf', fake_file('pdf', 12000))])
                emit(t, client, helo, 'quickbooks@notification.intuit.com', [acc[0]], 'ham', 'acct:qbo:%d' % gi, build([dkim('notification.intuit.com', 'intuit', 'From:To:Subject', t), ('From', addr(o.name, 'quickbooks@notification.intuit.com')), ('Reply-To', o.people[0]['addr']),
                     ('To', acc[0]), ('Subject', 'Invoice %d from %s' % (n, o.name)), ('Date', rfcdate(t, o.zone)), ('Message-ID', '<%s@ip-10-%d-%d-%d.ec2.internal>' % (uuid(), R.randrange(256), R.randrange(256), R.randrange(256)))], body))
    for gi in range(10):  # remittance advice / POs from clients' ERP systems
        o = pick(orgs); ariba = chance(0.3)
        for k in range(R.randint(1, 5)):
            t = biz_t(lo=5, hi=20); ref = digits(10)
            lines = '\n'.join('%-14s %-12s %12s' % ('INV-%05d' % R.randint(1000, 99999), dt(any_t()).strftime('%d.%m.%Y'), '{:,.2f}'.format(R.uniform(500, 60000))) for _ in range(R.randint(1, 8)))
            txt = ('Purchase Order %s from %s\n\nPlease find attached purchase order 45%s.\n\nTo process this order, log in to SAP Business Network: https://service.ariba.com/Supplier.aw/%s\n' % (ref, o.name, digits(8), ALNUM(20))) if ariba else \
                  ('REMITTANCE ADVICE\n\nPayer: %s\nPayee: %s Partnership LLP\nPayment document: %s\nPayment date: %s\n\nDocument       Date               Amount\n%s\n\nThis is an automatically generated message. Please do not reply.\n' % (o.name, SITE_NAME, ref, dt(t).strftime('%d.%m.%Y'), lines))
            body = multipart('mixed', [text_part(txt, cs=pick(['iso-8859-1', 'us-ascii', 'utf-8'])), att_part('%s_%s.pdf' % ('PO' if ariba else 'REMADV', ref), 'application/pdf', fake_file('pdf', R.randint(5000, 20000)))])
            fa = 'ordersender-prod@ansmtp.ariba.com' if ariba else pick(['sap-noreply', 'ap.payments', 'noreply.finance', 'sapadmin']) + '@' + o.dom
            client, helo = FIXED_CONN['ariba']() if ariba else (o.ip, o.helo)
            emit(t, client, helo, fa, [pick([ROLE['accounts'], ROLE['credit.control'], ROLE['accounts.payable']])] if not ariba else [ROLE['procurement']], 'ham', 'acct:erp:%d' % gi,
                 build([('From', addr(o.name + (' via SAP Business Network' if ariba else ''), fa)), ('To', ROLE['accounts']), ('Subject', ('Purchase Order %s from %s' if ariba else 'Remittance Advice %s - %s') % (ref, o.name)),
                        ('Date', rfcdate(t, o.zone)), ('Message-ID', '<%s.JavaMail.%s@%s>' % (digits(10), pick(['sapadm', 'ariba', 'root']), helo)), ('X-Mailer', 'SAP NetWeaver 7.50' if not ariba else None)], body))

def gen_rfq(orgs):
    for gi in range(26):
        o = pick(orgs); p = pick(o.people); eng = sample_staff(R.randint(2, 6), ENGINEERS())
        item = pick(['CHS 219.1x8 S355 - 42 lengths', 'precast hollowcore planks', 'ground investigation - 6 boreholes', 'temporary works props', 'CCTV drainage survey',
                     'topographical survey', 'steel sheet piles AZ 26', 'rebar supply and fix', 'load testing of 4 piles', 'monitoring instrumentation', 'Tekla licences', 'crane hire 60t'])
        q = 'Q-%d' % R.randint(10000, 99999); t = biz_t(zone=o.zone)
        together = chance(0.6)
        for k, e in enumerate(eng if not together else eng[:1]):
            to = [rc(x) for x in eng] if together else [rc(e)]
            own = fill('{Good morning|Hi|Dear} $f,\n\n{Please find attached our quotation|Thank you for your enquiry, please find our quotation} $q for $item{.| as requested.| for the $proj project.}\n\n{Lead time is|Delivery is currently} $w weeks from order. Prices are valid for 30 days and exclude VAT.\n\n{Any questions please let me know.|Happy to discuss.|We look forward to hearing from you.}\n\n',
                       f='all' if together else e['first'], q=q, item=item, proj=project(), w=R.randint(1, 12)) + '%s\n\n%s\n\n%s\n' % (p['first'], sig_ext(o, p), wrap(o.disc))
            m = render(o.style, (p['name'], p['addr']), to, [], 'Quotation %s - %s' % (q, item), t, o.zone, own, None)
            person_msg(o, p, t, m, o.style, atts=[('%s.pdf' % q, fake_file('pdf', R.randint(20000, 60000)))], group='vendor:%d' % gi)
            t += R.randint(20, 600)
        if chance(0.5):
            t2 = later(t, 86400 * 2, 86400 * 5, zone=o.zone)
            m = render(o.style, (p['name'], p['addr']), [rc(eng[0])], [], 'RE: Quotation %s - %s' % (q, item), t2, o.zone,
                       'Hi %s,\n\nJust following up on the quotation below - do you have any update on timescales?\n\nThanks\n%s\n\n%s\n' % (eng[0]['first'], p['first'], sig_ext(o, p)),
                       render(o.style, (p['name'], p['addr']), [rc(eng[0])], [], 'Quotation %s - %s' % (q, item), t, o.zone, 'Please find attached our quotation %s.\n' % q, None))
            person_msg(o, p, t2, m, o.style, group='vendor:%d' % gi)

def ics(org_p, attendees, t, dur, subj, loc, desc, method='REQUEST', uid=None, seq=0):
    def f(x): return dt(x).strftime('%Y%m%dT%H%M%SZ')
    lines = ['BEGIN:VCALENDAR', 'METHOD:' + method, 'PRODID:' + pick(['Microsoft Exchange Server 2010', '-//Google Inc//Google Calendar 70.9054//EN', '-//zoom.us//iCalendar Event//EN']), 'VERSION:2.0',
             'BEGIN:VEVENT', 'ORGANIZER;CN=%s:mailto:%s' % org_p] + ['ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;CN=%s:mailto:%s' % a for a in attendees] + \
            ['DESCRIPTION;LANGUAGE=en-GB:' + desc.replace('\n', '\\n')[:600], 'UID:' + (uid or hexs(80).upper()), 'SUMMARY;LANGUAGE=en-GB:' + subj, 'DTSTART:' + f(t), 'DTEND:' + f(t + dur),
             'CLASS:PUBLIC', 'PRIORITY:5', 'DTSTAMP:' + f(t - 86400), 'SEQUENCE:%d' % seq, 'LOCATION;LANGUAGE=en-GB:' + loc, 'STATUS:CONFIRMED', 'BEGIN:VALARM', 'ACTION:DISPLAY', 'TRIGGER:-PT15M', 'END:VALARM', 'END:VEVENT', 'END:VCALENDAR']
    out = []
    for l in lines:
        while len(l) > 75: out.append(l[:75]); l = ' ' + l[75:]
        out.append(l)
    return '\r\n'.join(out) + '\r\n'
def gen_invites(orgs):
    for gi in range(150):
        o = pick(orgs); p = pick(o.people); att = sample_staff(R.randint(1, 6), ENGINEERS())
        kind = 'teams' if o.infra != 'gws' else 'meet'
        if chance(0.2): kind = 'zoom'
        t = biz_t(zone=o.zone); when = t + R.randint(1, 8) * 86400 + R.randint(-3, 3) * 3600
        subj = pick([project() + ' - ' + pick(['Design Team Meeting', 'Progress Meeting', 'Coordination Workshop', 'Kick-off', 'Value Engineering Workshop', 'Monthly Review']), 'Catch up re ' + doc_name(), 'Teams call - ' + doc_name()])
        join = {'teams': '________________________________________________________________________________\nMicrosoft Teams meeting\nJoin on your computer, mobile app or room device\nClick here to join the meeting<https://teams.microsoft.com/l/meetup-join/19%%3ameeting_%s%%40thread.v2/0?context=%%7b%%22Tid%%22%%3a%%22%s%%22%%7d>\nMeeting ID: %s %s %s\nPasscode: %s\nDownload Teams<https://www.microsoft.com/microsoft-teams/download-app> | Join on the web<https://www.microsoft.com/microsoft-teams/join-a-meeting>\nLearn More<https://aka.ms/JoinTeamsMeeting> | Meeting options<https://teams.microsoft.com/meetingOptions/>\n________________________________________________________________________________\n' % (ALNUM(48), o.tenant, digits(3), digits(3), digits(3), ALNUM(6)),
                'meet': 'Join with Google Meet\nhttps://meet.google.com/%s-%s-%s\n\nJoin by phone\n(GB) +44 20 3957 %s PIN: %s#\n\nLearn more about Meet at: https://support.google.com/a/users/answer/9282720\n' % (alnum(3, 'abcdefghijkmnopqrstuvwxyz'), alnum(4, 'abcdefghijkmnopqrstuvwxyz'), alnum(3, 'abcdefghijkmnopqrstuvwxyz'), digits(4), digits(9)),
                'zoom': '%s is inviting you to a scheduled Zoom meeting.\n\nJoin Zoom Meeting\nhttps://us02web.zoom.us/j/%s?pwd=%s\n\nMeeting ID: %s %s %s\nPasscode: %s\n' % (p['name'], digits(11), ALNUM(32), digits(3), digits(4), digits(4), digits(6))}[kind]
        desc = (biz_body(att[0]['first'], att[0]['last'], p['name'], long=False) + '\n' if chance(0.5) else '') + join
        uid = hexs(80).upper()
        for seq, (meth, pre) in enumerate([('REQUEST', '')] + ([('REQUEST', 'Updated: ')] if chance(0.15) else []) + ([('CANCEL', 'Canceled: ')] if chance(0.08) else [])):
            ts = t if not seq else later(t, 3600, 86400 * 2, zone=o.zone)
            cal = ics((p['name'], p['addr']), [rc(a) for a in att], when, pick([1800, 3600, 5400]), subj, 'Microsoft Teams Meeting' if kind == 'teams' else pick(['', 'Site office', o.addr]), desc, meth, uid, seq)
            body = multipart('alternative', [text_part(desc, cs='utf-8'), text_part(wrap_html(html_from_text(desc, 'outlook'), 'outlook'), 'html', cs='utf-8'),
                                             Part([('Content-Type', 'text/calendar; charset="utf-8"; method=' + meth), ('Content-Transfer-Encoding', 'base64')], b64lines(cal.encode()))], 'outlook')
            if kind == 'meet': body = multipart('mixed', [body, att_part('invite.ics', 'application/ics', cal.encode())], 'gmail')
            core = [('From', addr(p['name'], p['addr'])), ('To', addrlist([rc(a) for a in att])), ('Subject', pre + subj + (' @ %s' % dt(when, o.zone).strftime('%a %d %b %Y %H:%M') if kind == 'meet' else '')),
                    ('Thread-Topic', subj), ('Date', rfcdate(ts, o.zone)), ('Message-ID', msgid_for(o, 'outlook' if kind != 'meet' else 'gmail', ts)), ('Content-Language', 'en-GB'), ('X-MS-Has-Attach', ''), ('X-MS-TNEF-Correlator', '')]
            client, helo, snd, data = org_send(o, ts, p, core, body)
            emit(ts, client, helo, snd, [a['addr'] for a in att], 'ham', 'invite:%d' % gi, data)

def gen_recruit(orgs):
    ag = [make_org('consultant', 'uk', pick(['gws', 'm365'])) for _ in range(8)]
    for a in ag: a.name = pick(ORG_WORDS) + pick([' Recruitment', ' Talent', ' Search', ' Engineering Recruitment', ' Resourcing'])
    mgrs = [s for s in STAFF if s['title'] in ('Associate', 'Associate Director', 'Director', 'Principal Engineer', 'Technical Director', 'BIM Manager', 'IT Manager')] + staff_in('HR')
    for gi in range(70):
        o = pick(ag); p = pick(o.people); s = pick(mgrs); t = biz_t()
        role = pick(['Senior Structural Engineer', 'Principal Civil Engineer', 'Revit Technician', 'Drainage Engineer', 'Associate Director - Geotechnics', 'Graduate Engineer', 'MEP Design Manager'])
        own = fill('{Hi|Hello|Good morning} $f,\n\n{I hope you are well.|I hope you had a good weekend.|Hope all is well.} {I am currently working with|I have} a {strong|excellent|very interesting} $role {who is|currently} {looking for a new challenge|open to opportunities in $city|available with one month notice}. {Key experience includes|Highlights:} $exp.\n\n{I have attached an anonymised CV.|CV attached for your consideration.|Would you be open to a quick call this week?} {Our standard terms apply.|Happy to discuss fees.|}\n\n{Kind regards|Best wishes|Many thanks},\n',
                   f=s['first'], role=role, city=pick(['Bristol', 'London', 'Leeds', 'the South West', 'Manchester']), exp=sent().rstrip('.').lower()) + p['name'] + '\n' + sig_ext(o, p) + ('\n\n' + wrap(o.disc) if o.disc else '')
        m = render(o.style, (p['name'], p['addr']), [rc(s)], [], fill('{Candidate|CV|Profile}: $r{| - $c| (ref $n)}', r=role, c=pick(['available immediately', '1 month notice', 'chartered', 'ex-consultancy']), n=digits(5)), t, o.zone, own, None)
        person_msg(o, p, t, m, o.style, atts=[('CV - %s %s.pdf' % (role, digits(4)), fake_file('pdf', R.randint(20000, 70000)))] if chance(0.5) else [], group='recruit:%d' % gi)

def gen_ooo(orgs):
    for gi in range(130):
        o = pick(orgs); p = pick(o.people); s = pick(STAFF); t = biz_t(zone=o.zone)
        subj = pick(['Automatic reply: ', 'Out of Office: ', 'Auto: ', 'Abwesenheitsnotiz: ' if o.country == 'eu' else 'Automatic reply: ']) + pick(['RE: ', '']) + project() + ' - ' + doc_name()
        back = dt(t + R.randint(1, 14) * 86400).strftime('%A %d %B')
        txt = fill('{Thank you for your email.|Hello,|Hi,} I am {currently out of the office|on annual leave|on site|attending a conference} {with limited access to email|and will not be checking email} {until|and will return on} $b. {For urgent matters please contact $o.|If your enquiry is urgent please call the office on $ph.|I will respond as soon as possible on my return.}\n\n{Kind regards|Regards|Thanks},\n$n\n',
                   b=back, o=pick(o.people)['addr'], ph=o.phone % R.randrange(10000), n=p['name'])
        m = render(o.style, (p['name'], p['addr']), [rc(s)], [], subj, t, o.zone, txt, None)
        person_msg(o, p, t, m, 'outlook' if o.infra != 'gws' else 'gmail', extra=[('Auto-Submitted', 'auto-replied'), ('X-Auto-Response-Suppress', 'All'), ('X-MS-Exchange-Inbox-Rules-Loop', p['addr']) if o.infra != 'gws' else ('Precedence', 'bulk')],
                   group='ooo', sender='<>' if o.infra in ('m365', 'mimecast') and chance(0.5) else None)
    for gi in range(70):  # delivery status notifications for our outbound mail
        s = pick(STAFF); t = any_t() if chance(0.3) else biz_t(); rd = pick(ORGS).dom; bad = local_of(*person_name(), 0) + '@' + rd
        subj = pick(['Undeliverable: ', 'Undelivered Mail Returned to Sender', 'Delivery Status Notification (Failure)', 'Mail delivery failed: returning message to sender'])
        if subj.endswith(': '): subj += 'RE: ' + doc_name()
        code = pick(['550 5.1.1 <%s>: Recipient address rejected: User unknown in virtual mailbox table' % bad, '550 5.4.1 Recipient address rejected: Access denied. AS(201806281) [%s.prod.outlook.com]' % pick(['LO2P265MB1234', 'AM0PR07MB4321']),
                     '552 5.2.2 The email account that you tried to reach is over quota.', '550 5.7.1 Message rejected due to content restrictions', '554 5.7.1 Service unavailable; Client host blocked'])
        txt = ('This is the mail system at host %s.\n\nI\'m sorry to have to inform you that your message could not\nbe delivered to one or more recipients.\n\n<%s>: host mx.%s said: %s\n' % ('mx.' + rd, bad, rd, code)) if 'Returned' in subj else \
              ('Your message to %s couldn\'t be delivered.\n\n%s\n\nDiagnostic information for administrators:\nRemote server returned \'%s\'\n' % (bad, pick(['The recipient\'s mailbox is full.', 'The email address couldn\'t be found.', 'Your message wasn\'t delivered because the recipient\'s email provider rejected it.']), code))
        orig = ('From: %s\nTo: %s\nSubject: %s\nDate: %s\nMessage-ID: <%s@LO2P265MB%04d.GBRP265.PROD.OUTLOOK.COM>\n' % (addr(s['name'], s['addr']), bad, doc_name(), rfcdate(t - 60), ALNUM(30), R.randint(1000, 9999))).encode()
        st = 'Reporting-MTA: dns; mx.%s\nArrival-Date: %s\n\nFinal-Recipient: rfc822; %s\nAction: failed\nStatus: %s\nDiagnostic-Code: smtp; %s\n' % (rd, rfcdate(t - 60), bad, code.split()[1], code)
        body = multipart('report', [text_part(txt, cs='us-ascii', cte='7bit'), Part([('Content-Type', 'message/delivery-status')], st.encode()), Part([('Content-Type', 'text/rfc822-headers')], orig)])
        body.headers = [('Content-Type', 'multipart/report; report-type=delivery-status; boundary="%s"' % body.boundary)]
        gm = 'gmail' in subj.lower() or 'Notification' in subj
        client, helo = google_conn() if gm else m365_conn() if 'Undeliverable' in subj else (ip4(pick([81, 85, 91, 195, 212])), 'mx.' + rd)
        emit(t, client, helo, '<>', [s['addr']], 'ham', 'dsn', build([('From', 'Mail Delivery Subsystem <mailer-daemon@googlemail.com>' if gm else ('postmaster@' + rd if 'Undeliverable' in subj else 'MAILER-DAEMON@mx.' + rd + ' (Mail Delivery System)')),
                                                                ('To', s['addr']), ('Subject', subj), ('Date', rfcdate(t)), ('Message-ID', '<%s@mx.%s>' % (hexs(20), rd)), ('Auto-Submitted', 'auto-replied')], body))

def gen_lists():
    lists = [('eurocodes-discuss', 'lists.istructe.org', 'mailman', 14), ('B525-committee', 'lists.bsigroup.com', 'listserv', 3), ('openbim', 'groups.io', 'groupsio', 4),
             ('uk-bim-alliance', 'googlegroups.com', 'google', 3), ('geotech-forum', 'jiscmail.ac.uk', 'listserv', 6), ('iso-tc59-sc13', 'lists.iso.org', 'mailman', 2),
             ('drainage-practitioners', 'groups.io', 'groupsio', 3), ('ciria-members', 'lists.ciria.org', 'mailman', 9), ('revit-users-uk', 'googlegroups.com', 'google', 5),
             ('asce-structures-news', 'lists.asce.org', 'listserv', 5)]
    for gi, (ln, ld, kind, nsub) in enumerate(lists):
        subs = sample_staff(nsub, ENGINEERS()); topics = [(headline() if chance(0.3) else sent()[:60].rstrip('.'), []) for _ in range(R.randint(8, 20))]
        members = [make_org(pick(['consultant', 'contractor', 'client']), infra=pick(['m365', 'gws', 'onprem'])) for _ in range(8)]
        for k in range(R.randint(10, 28)):
            tp = pick(topics); o = pick(members); p = pick(o.people); t = biz_t(zone=o.zone)
            own = (pick(['Hi all,\n\n', 'Dear colleagues,\n\n', '', 'All,\n\n']) + wrap(para(6, 2)) + ('\n\n' + wrap(para(4, 1)) if chance(0.4) else '') + '\n\n' + p['name'] + '\n' + o.name + '\n')
            if tp[1] and chance(0.8):
                q = tp[1][-1]; own += '\n' + 'On %s, %s wrote:\n' % (rfcdate(q[0], 'uk'), q[1]) + quote(q[2][:1500])
            subj = ('Re: ' if tp[1] else '') + ('[%s] ' % ln if kind in ('mailman', 'groupsio') else '') + tp[0]
            tp[1].append((t, p['name'], own))
            foot = {'mailman': '_______________________________________________\n%s mailing list -- %s@%s\nTo unsubscribe send an email to %s-leave@%s\n' % (ln, ln, ld, ln, ld),
                    'listserv': '\n########################################################################\nTo unsubscribe from the %s list, click the following link:\nhttps://%s/cgi-bin/webadmin?SUBED1=%s&A=1\n' % (ln.upper(), ld, ln.upper()),
                    'groupsio': '\n-=-=-=-=-=-=-=-=-=-=-=-\nGroups.io Links: You receive all messages sent to this group.\nView/Reply Online (#%d): https://groups.io/g/%s/message/%d\nMute This Topic: https://groups.io/mt/%d/%d\n-=-=-=-=-=-=-=-=-=-=-=-\n' % (R.randint(100, 9999), ln, R.randint(100, 9999), R.randint(10**7, 10**8), R.randint(10**5, 10**6)),
                    'google': '\n-- \nYou received this message because you are subscribed to the Google Groups "%s" group.\nTo unsubscribe from this group and stop receiving emails from it, send an email to %s+unsubscribe@googlegroups.com.\nTo view this discussion on the web visit https://groups.google.com/d/msgid/%s/%s.\n' % (ln, ln, ln, ALNUM(40))}[kind]
            body = text_part(own + '\n' + foot, cs=pick(['utf-8', 'iso-8859-1', 'us-ascii']))
            lp = ln + '@' + (ld if kind != 'groupsio' else 'groups.io')
            h = [('From', addr(p['name'] + (' via ' + ln if kind in ('google', 'groupsio') and chance(0.6) else ''), p['addr'] if kind in ('mailman', 'listserv') else lp)), ('Reply-To', lp if chance(0.5) else None),
                 ('To', lp if kind != 'listserv' else ln.upper() + '@' + ld.upper()), ('Subject', subj), ('Date', rfcdate(t, o.zone)), ('Message-ID', msgid_for(o, o.style, t)),
                 ('List-Id', '<%s.%s>' % (ln, ld)), ('List-Post', '<mailto:%s>' % lp), ('List-Unsubscribe', '<mailto:%s-leave@%s>' % (ln, ld)), ('Precedence', 'list'),
                 ('Sender', '"%s" <%s>' % (ln, 'owner-' + lp) if kind == 'listserv' else None), ('X-Mailman-Version', '3.3.8' if kind == 'mailman' else None)]
            if kind in ('google',):
                h.insert(0, dkim('googlegroups.com', '20230601', 'sender:list-id:mailing-list:precedence:x-original-authentication-results', t))
            client, helo = {'google': google_conn, 'groupsio': lambda: (ip4(66, 175, 222), 'mail02.groups.io'), 'mailman': lambda: (ip4(pick([46, 178, 5])), 'mail.' + ld),
                            'listserv': lambda: (ip4(130, 246) if 'jisc' in ld else ip4(pick([192, 204])), 'listserv.' + ld)}[kind]()
            env = {'google': ln + '+bncBD' + ALNUM(40) + '@googlegroups.com', 'groupsio': 'bounce+%s+%d+%d+%d@groups.io' % (ln, R.randrange(10**5), R.randrange(10**6), R.randrange(10**7)),
                   'mailman': ln + '-bounces@' + ld, 'listserv': 'owner-' + ln + '@' + ld.upper()}[kind]
            data = build(h, body)
            if kind in ('mailman', 'listserv'): emit(t + R.randint(5, 120), client, helo, env, [s['addr'] for s in subs], 'ham', 'list:%d' % gi, data)
            else:
                for s in subs: emit(t + R.randint(5, 300), client, helo, env, [s['addr']], 'ham', 'list:%d' % gi, data)

def gen_hr():
    hrs = [('Benefits Hub', 'mybenefitshub.co.uk', 'sfmc', STAFF, 'Your {2024|annual} benefits window {is now open|closes on Friday}', 'all'),
           ('Aviva Workplace Pensions', 'aviva.co.uk', 'sfmc', [s for s in STAFF if s['office'] not in ('Boston', 'Chicago') and chance(0.25)], 'Your annual pension statement is ready', 'uk'),
           ('Fidelity NetBenefits', 'fidelity.com', 'ses', [s for s in STAFF if s['office'] in ('Boston', 'Chicago')], 'Important information about your 401(k) plan', 'us'),
           ('Cyclescheme', 'cyclescheme.co.uk', 'mailchimp', None, 'Cycle to work: {your employer|Calder Rowe} has opened a new window', 'subset'),
           ('Perkbox', 'perkbox.com', 'sendgrid', None, '{New perks this month|You have $n points waiting}', 'subset')]
    for gi, (brand, dom, esp, who, subj, kind) in enumerate(hrs):
        who = who or sample_staff(R.randint(35, 70))
        t0 = biz_t(R.choice(WEEKDAYS[:7]), lo=7, hi=10)
        s1 = fill(subj, n=R.randint(50, 900))
        txt = para(3, 2)
        for s, t in zip(who, spread(t0, len(who), R.randint(1800, 14400))):
            bulk_send(esp, dom, brand, pick(['no-reply', 'hello', 'communications']) + '@' + pick(['email.', 'mail.', '']) + dom, rc(s), t, s1,
                      [(None, fill('As a member of the %s %s, {you can now|you are able to} {review|update} your {benefits|choices|details} {online|in the portal}. Your reference: $ref' % (SITE_NAME, 'plan' if kind != 'all' else 'team'), ref=ALNUM(10).upper()), 'https://www.%s/login?ref=%s' % (dom, ALNUM(16))),
                       (None, txt, None)], 'hr:%d' % gi, greet='Dear %s,' % s['first'], zone='use' if kind == 'us' else 'uk')

def gen_misc(orgs):
    for gi in range(45):  # support tickets from vendors' help desks
        zd = chance(0.6); vendor = pick(['Tekla Support', 'Oasys Software', 'Bluebeam Support', 'Autodesk Support', 'Newforma Help', 'Procore Support', 'Deltek Support', 'Egnyte Support'])
        s = pick(ENGINEERS() + staff_in('IT')); num = R.randint(10000, 999999); t = biz_t(); subj = pick(['Licence activation fails', 'Crash when exporting IFC', 'Cannot sync model', 'Slow performance on large files', 'Invoice query', 'Question about API']) + ' - ' + pick(ORG_WORDS)
        vdom = re.sub(r'\W', '', vendor.split()[0].lower()) + '.com'
        for k in range(R.randint(1, 5)):
            agent = ' '.join(person_name())
            txt = ('##- Please type your reply above this line -##\n\n' if zd else '') + 'Your request (%d) has been updated. To add additional comments, reply to this email.\n\n%s (%s)\n%s\n\nHi %s,\n\n%s\n\n%s\n\nKind regards,\n%s\n%s\n' % (
                num, agent, vendor, rfcdate(t), s['first'], wrap(para(3, 1)), wrap(sent()), agent, vendor)
            if zd:
                client, helo = FIXED_CONN['zendesk'](); env = 'support+id%d@%s.zendesk.com' % (num, vdom.split('.')[0])
            else:
                client, helo = ses_conn(); env = esp_envelope('ses', vdom, s['addr'])
            body = multipart('alternative', [text_part(txt, cs='utf-8'), text_part('<html><body><div style="color:#b5b5b5">##- Please type your reply above this line -##</div>' + html_from_text(txt) + '<div style="color:#aaaaaa">[%s]</div></body></html>' % ALNUM(6).upper(), 'html', cs='utf-8')])
            emit(t, client, helo, env, [s['addr']], 'ham', 'ticket:%d' % gi, build([dkim(vdom if not zd else 'zendesk.com', 'zendesk1' if zd else 's1', 'From:To:Subject', t), ('From', addr(agent + ' (' + vendor + ')', 'support@' + vdom)),
                 ('Reply-To', vendor + ' <support+id%d@%s>' % (num, vdom)), ('To', addr(s['name'], s['addr'])), ('Subject', '[%s] Re: %s' % (vendor, subj) if zd else 'Re: %s [#%d]' % (subj, num)),
                 ('Date', rfcdate(t, 'use')), ('Message-ID', '<%s_%s_sprut@zendesk.com>' % (ALNUM(12), ALNUM(6)) if zd else '<%s@freshdesk.com>' % uuid()), ('X-Mailer', 'Zendesk Mailer' if zd else None), ('Auto-Submitted', 'auto-generated' if k == 0 else None)], body))
            t = later(t, 1800, 86400 * 2)
    carriers = [('DHL Express', 'dhl', 'noreply@dhl.com', 'dhl.com', 'Your DHL shipment {$n|} is {on its way|out for delivery|delivered}'), ('FedEx', 'fedex', 'TrackingUpdates@fedex.com', 'fedex.com', 'FedEx Shipment $n: {Your package is scheduled for delivery|Delivered|On the way}'),
                ('UPS', 'ups', 'mcinfo@ups.com', 'ups.com', 'UPS Update: {Package Scheduled for Delivery Today|Your Package Has Been Delivered}'), ('DPD', 'ses', 'noreply@dpd.co.uk', 'dpd.co.uk', 'Your DPD parcel from $o is {on its way|arriving today}')]
    for gi in range(55):
        name, conn, fa, dom, sj = pick(carriers); s = pick(STAFF); n = digits(pick([10, 12, 18])); t = biz_t(lo=6, hi=12); o = pick(orgs).name
        for k in range(R.randint(1, 3)):
            blocks = [(None, fill('{Hello|Hi|Dear Customer}, your shipment from $o {is on its way|will be delivered today between $a and $b|has been delivered}.\n\nTracking number: $n\n{Ship from|Sender}: $o\n{Ship to|Recipient}: $s, %s' % SITE_NAME,
                                  o=o, n=n, s=s['name'], a=pick(['09:00', '10:30', '12:00']), b=pick(['13:00', '15:30', '17:00'])), 'https://www.%s/track?tracking-id=%s' % (dom, n))]
            bulk_send(conn if conn in ('ses',) else 'sendgrid', dom, name, fa, rc(s), t, fill(sj, n=n, o=o), blocks, 'ship:%d' % gi, '#d40511' if 'DHL' in name else '#4d148c', list_hdrs=False,
                      conn=FIXED_CONN[conn]() if conn in FIXED_CONN else None)
            t = later(t, 3600, 86400 * 2)
    for gi in range(40):
        s = pick(STAFF); t = biz_t(); ref = ALNUM(6).upper()
        brand, dom, esp, sj = pick([('Trainline', 'trainline.com', 'sfmc', 'Your e-ticket {for|to} $c - booking $r'), ('British Airways', 'ba.com', 'sfmc', 'Your booking confirmation $r'), ('Premier Inn', 'premierinn.com', 'sendgrid', 'Your booking confirmation - $r'),
                                    ('Egencia', 'egencia.co.uk', 'ses', 'Trip confirmation: $c, $r'), ('Delta Air Lines', 'delta.com', 'sfmc', 'Your Trip Confirmation ($r)'), ('Enterprise Rent-A-Car', 'enterprise.co.uk', 'ses', 'Your reservation $r')])
        city = pick(['London Paddington', 'Bristol Temple Meads', 'Leeds', 'Glasgow Central', 'Manchester Piccadilly', 'Boston', 'Chicago', 'Edinburgh'])
        bulk_send(esp, dom, brand, pick(['booking', 'noreply', 'confirmation']) + '@' + dom, rc(s), t, fill(sj, c=city, r=ref),
                  [(None, 'Booking reference: %s\nTraveller: %s\nDate: %s\nFrom: %s\nTo: %s\nTotal paid: GBP %.2f' % (ref, s['name'], dt(t + R.randint(2, 20) * 86400).strftime('%a %d %b %Y %H:%M'), pick(['London', 'Bristol', 'Leeds']), city, R.uniform(40, 900)), 'https://www.%s/manage?ref=%s' % (dom, ref))],
                  'travel:%d' % gi, list_hdrs=False, atts=[('eticket-%s.pdf' % ref, fake_file('pdf', 15000))] if chance(0.4) else [])
    for gi in range(60):  # personal mail
        s = pick(STAFF); f, l = person_name(); prov = pick(['gmail.com', 'gmail.com', 'googlemail.com', 'hotmail.co.uk', 'outlook.com', 'yahoo.co.uk', 'btinternet.com', 'icloud.com'])
        o = Org(); o.dom = prov; o.zone = 'uk'; o.logo = None; o.country = 'uk'; o.infra = 'gws' if 'g' in prov[:2] else 'm365'; o.reg = 'uk'; o.tenant = uuid(); o.ip = None; o.helo = None
        p = dict(name=f + ' ' + l, addr=local_of(f, l, R.randrange(7)) + pick(['', str(R.randint(1, 99)), str(R.randint(1960, 2005))]) + '@' + prov)
        t = biz_t(lo=7, hi=22) if chance(0.6) else any_t()
        txt = fill('{Hi|Hey|Hiya} $f{,|!}\n\n', f=s['first']) + pick(['', wrap(pick(FORT)) + '\n\n']) + fill('{Are we still on for $d?|Did you see the photos?|Can you call me when you get a minute?|Mum says thanks for the flowers.|Football on $d, you in?|Here is the link I mentioned.}\n\n{x|Cheers|Love|Speak soon}\n$n\n', d=pick(DAYSN), n=f) + \
            pick(['', '\nSent from my iPhone\n', '\nSent from Outlook for Android\n', '\nGet Outlook for iOS\n'])
        m = render('gmail', (p['name'], p['addr']), [rc(s)], [], pick(['', 'Re: ', 'Fwd: ']) + pick(['Saturday', 'photos', 'hello', 'quick one', 'dinner', 'holiday plans', 'the kids', 'this weekend']), t, 'uk', txt, None)
        if prov in ('yahoo.co.uk', 'btinternet.com', 'icloud.com'):
            o.infra = 'personal'; o.ip, o.helo = FIXED_CONN[{'yahoo.co.uk': 'yahoo', 'btinternet.com': 'bt', 'icloud.com': 'icloud'}[prov]]()
        person_msg(o, p, t, m, 'gmail' if o.infra == 'gws' else 'apple' if 'icloud' in prov else 'outlook', group='personal:%d' % gi,
                   atts=[('IMG_%d.jpg' % R.randint(1000, 9999), fake_file('jpg', R.randint(20000, 90000)))] if chance(0.2) else [],
                   conn=m365_conn('uk', consumer=True) if o.infra == 'm365' else None)


# ---------------------------------------------------------------- spam
SP = {
 'leads': (['{Attendees|Visitors|Exhibitors} List - $expo{ 2024|}', '{Re: |RE: |}$expo {Attendee|Visitor} {Data|Contacts|List}', '{Construction|Engineering|Architecture} {industry|} {contact|email} list{ - verified|}'],
           "Hi {$first|there|},\n\n{Would you be interested in acquiring|Are you looking for|Hope you are doing well. Would you like to get} {the|an} $expo {Attendee|Visitors|Delegates} List{?|.}\n\n{Attendees|Counts|Total records}: $n{ verified contacts|}\n{List includes|Information fields}: {Name, Company, Title, Email, Phone|Contact Name, Job Title, Company Name, Verified Email, Phone Number, Address}\n\n{Kindly|Please} {let me know|revert} {if you are interested|your thoughts} {so that I can|and I will} {send you|share} the {pricing|cost and other details}.\n\n{Regards|Best Regards|Thanks & Regards},\n$sname\n{Marketing|Lead Generation|Demand Generation} {Executive|Manager|Coordinator}\n\n{If you don't wish to receive emails from us reply 'Leave Out'|To opt out reply with Unsubscribe|Reply REMOVE to unsubscribe}"),
 'seo': (['{Re: |}{Website|Google} {Ranking|Proposal|Redesign|Traffic} {for|of} $sitedom', '{Quick question|Proposal} about $sitedom', '{Your website|$sitedom} {is not ranking|has errors|needs a refresh}'],
         "{Hello|Hi|Dear} {$first|Team|Sir/Madam},\n\n{I was checking|I just reviewed|I came across} your website $sitedom and {found|noticed} {a few|some} {errors|issues|problems} {that are stopping it from ranking|in your SEO|on mobile}: {broken links, slow loading speed and missing meta tags|low domain authority and poor backlinks|outdated design and no Google reviews}.\n\n{We can|Our team can} {get you on the first page of Google|redesign your website|fix these issues} {at a very affordable price|within 30 days|with guaranteed results}.\n\n{Shall I send you a free audit report?|Can I send you our packages and prices?|Reply if interested.}\n\n{Thanks|Regards|Best},\n$sname\n{SEO Consultant|Digital Marketing Manager|Web Designer}"),
 'invoice': (['{Invoice|INV|Payment}{ #|-| No. }$num{ - Overdue| from $corg| Payment Confirmation|}', 'Remittance Advice {$date|$num}', '{Outstanding|Pending} {payment|balance} {reminder|notice} {$num|}', '$corg shared "{Invoice|Payment_Advice|PO}_$num.pdf" with you'],
             "{Hi|Hello|Good day|Dear $first},\n\n{Please find attached|Kindly see the attached|Attached is} {the invoice|our remittance advice|the outstanding statement} {for your review|for payment|for your records}.\n\n{Amount due|Total}: {GBP|USD|EUR} $amt\n\n{Click here to view the document|View document|Access secured file}: $url\n\n{Thanks|Regards|Kind regards},\n$sname\n{Accounts Department|Finance Team|Accounts Receivable}\n$corg"),
 'cred': (['{Password|Mailbox} {Expiry|Expiration} Notice {for|-} $email', 'You have ({$k|$k}) {pending|undelivered} {incoming|} {emails|messages}', '{Voicemail|Voice message|Fax} {received|from} {+44|+1} $phone', '$email: {Action required|Verify your account|Mailbox storage full}',
           '{Please DocuSign|Review and sign|Completed}: {$corg Agreement|Contract_$num|Payroll adjustment} {.pdf|}', '{$sitename|$corg} {shared|sent} "{Q1 Payroll|Salary Review 2024|Bonus_schedule|Staff_Handbook}.xlsx" with you'],
          "{Microsoft 365|Microsoft Outlook|Mail Administrator|IT Helpdesk|DocuSign|SharePoint Online}\n\n{Hi $first,|Dear $email,|Hello,}\n\n{Your password for $email expires today.|$k incoming messages have been held on $date.|You have a new {voice|fax} message ({0:$k2} seconds).|A document has been shared with you for review.|Your mailbox storage is almost full.}\n\n{To keep using the same password|To release your messages|To listen|To view the document|To avoid losing data}, {click below|use the link below|sign in below}:\n\n{Keep Current Password|Release Messages|Play Voice Message|REVIEW DOCUMENT|Upgrade Storage} $url\n\n{Thanks,|Regards,|}\n{The Microsoft account team|IT Support|$sitename IT Services|DocuSign}\n\n{This is an automated message, please do not reply.|Microsoft respects your privacy.|}"),
 'ship': (['{DHL|DHL Express|Royal Mail|FedEx|UPS|Parcelforce}: {Your parcel is on hold|Delivery attempt failed|Action required for shipment} {$num|}', '{Customs|Delivery} fee {required|pending} {for|-} {parcel|shipment} $num', 'Your package could not be delivered {- $num|}'],
          "{Dear Customer|Hello $first|Hi},\n\n{Your parcel|Your shipment $num} {is awaiting|could not be delivered due to} {an unpaid customs fee|an incomplete address|a missed delivery attempt}{ of GBP 1.99| of USD 2.49|}.\n\n{Please confirm your details|Schedule a new delivery|Pay the fee} {within 48 hours|today} {or your parcel will be returned to sender|to avoid return}.\n\n$url\n\n{Thank you|Regards},\n{DHL Express|Royal Mail Group|FedEx Customer Service|UPS}"),
 'extort': (['{$email|Payment} {required|pending|- your account was hacked}', '{I know your password|Security Alert}{: $pwd|}', '{You have|Your} {devices|account} {are|is} {compromised|infected}'],
            "{Hello|Hi} {pervert|there|$email}!\n\n{I have bad news for you.|I am a hacker who has access to your operating system.|You don't know me but I know you very well.} {Several months ago|Some time ago} I {gained access to|hacked} {your devices|the email account $email} {that you use for browsing internet|through a vulnerability in your router}. {After that|Then}, I {started tracking|recorded} {your internet activities|everything you do}.\n\n{I have collected|I made} {a video|compilation} {of you|with you} {while you were watching adult websites|visiting adult pages}. {With one click|In one click}, I can {send this video|share it} to all your {contacts|colleagues and family}.\n\nTransfer {$btc BTC|$usd USD in Bitcoin} to my {bitcoin wallet|BTC address}: $wallet\n\n{You have 48 hours|I give you 50 hours} {after opening this email|from now}. {Do not reply|Do not try to contact me}; {this email cannot be traced|the sender address is generated}.\n\n$pad"),
 'crypto': (['{Your|} {BTC|Bitcoin|crypto} {balance|account} {awaits|is ready for} {withdrawal|confirmation}{ - $num|}', '{Confirm|Claim} your {$btc BTC|payout} {today|now}', '{New|Secret} {investment|trading} platform {turns $amt into|makes}{ $usd|} {a week|daily}'],
            "{Dear $first|Dear client|Hello},\n\n{Your account has $btc BTC awaiting withdrawal.|Our AI trading platform generated $usd USD for early investors last week.|You have been selected for our exclusive crypto payout program.}\n\n{To withdraw, confirm your identity|Activate your account|Start earning} {within 24 hours|today}: $url\n\n{Best regards|Sincerely},\n{Support Team|Withdrawal Department|$sname, Senior Analyst}"),
 'pharma': (['{V1agra|Vi@gra|Cialis|C1alis|Tramadol|Ozempic} {80% off|from $0.99|no prescription|discreet shipping}', '{Men|Gentlemen}, {improve|boost} your {performance|stamina}', '$rnd'],
            "{Hi|Hello} $first,\n\n{Best prices on|Order now:} {Viagra, Cialis, Levitra|weight loss injections|pain relief meds} {without prescription|shipped worldwide|from a licensed pharmacy}.\n\n{Up to 80% off|Buy 2 get 1 free|Free pills with every order}!\n\n$url\n\n$pad"),
 'dating': (['{Hi dear|Hello handsome|Are you lonely?|$n women {near|in} $city want to meet you}', '{I saw your profile|Your photo}{ :)|...|}', 'Re: {hi|Hi there|meet?}'],
            "{Hi|Hello dear|Hey} {$first|there}{!|,}\n\n{My name is $fname, I am $age years old.|I saw your profile and I think you are very interesting man.|I'm new in your city and looking for someone to spend time with.} {I like|I enjoy} {travel, cooking and long walks|sport and good conversation}. {Do you want to know me better?|Maybe we can chat?} {Write me here|My photos here}: $url\n\n{Kisses|Waiting for your answer|xx}\n$fname"),
 'supplier': (['{Quotation|Inquiry|RFQ} {for|about} {steel pipes|scaffolding|formwork|LED lighting|geotextile|rebar couplers|HVAC parts}', '{Cooperation|Partnership} {proposal|opportunity} {from|with} {China|our factory}', 'Re: {catalog|price list} {$year|}'],
              "{Dear|Hi} {purchasing manager|Sir/Madam|friend},\n\n{Glad to hear that you are on the market for|This is $sname from|Nice day!} {$corg|our factory}{, a leading manufacturer of| specialized in} {steel structure and scaffolding|construction materials|precast concrete moulds|electrical cables} {with $k years experience|since 2006}.\n\n{We have exported to|Our products are sold in} {over 50 countries|UK, USA and Europe} {with CE and ISO certificates|with competitive prices}.\n\n{If you have any inquiry, please feel free to contact us.|May I send you our catalog and price list?|Samples are free.}\n\n{Best regards|Regards|Yours sincerely},\n$sname\n$corg\nWhatsApp: +86 1$phone"),
 'loan': (['{Business funding|Working capital|Equipment finance} {up to|of} {GBP|USD|} $amt {approved|available|pre-approved}', '{Re: |}{your funding application|Capital for $sitename}'],
          "{Hi $first|Hello},\n\n{You are pre-approved|Your business qualifies} for {up to $amt in|a} {working capital|business line of credit|merchant cash advance}. {No collateral required.|Funds in 24 hours.|Bad credit OK.}\n\n{See your offer|Check eligibility}: $url\n\n$sname\n{Funding Specialist|Account Executive}\n\n{To stop receiving these messages|Unsubscribe} $url2\n{1209 Orange Street, Wilmington, DE 19801|2810 N Church St, Wilmington DE}"),
 'cfp': (['{Call for Papers|CFP|Invitation to publish}: {International Journal of|Journal of Advanced} {Civil|Structural|Engineering} {Research|Science and Technology}', '{Invitation|Invite} to {speak|be a keynote speaker} at {World|Global|International} {Engineering|Civil Engineering|Infrastructure} {Summit|Congress} 2024'],
         "{Dear Dr.|Dear Professor|Dear} $first $last,\n\n{Greetings!|Warm greetings from the editorial office.} {We read your recent work with great interest|Based on your eminent research} and {invite you to submit|would like to invite you to contribute} a {manuscript|research article|review} to our {journal|special issue}. {Publication fee: USD $amt.|Rapid review in 7 days.|Indexed in Google Scholar.}\n\n{Submit online|More details}: $url\n\n{Best regards|Sincerely},\n$sname\nEditorial Office"),
 '419': (['{Urgent|Confidential} {business|} {proposal|reply}', '{Donation|Compensation} {for you|fund release}', '{Dear friend|Greetings} {from $fname|}'],
         "{Dear friend|Greetings|Dear beneficiary},\n\n{I am $sname, a {banker|lawyer|director} in {Ghana|London|Dubai}.|My name is $sname, I am a widow suffering from cancer.} {I have a business proposal involving|I wish to donate} {the sum of|} $usd {million |}USD {to you|which I need your help to transfer}. {Reply with your full name and phone number.|Contact my private email for details: $femail}\n\n{God bless|Regards},\n$sname"),
 'products': (['{Gutter guards|Solar panels|Hearing aids|Walk-in tubs|Home warranty|Roof repair} {- $k% off|for homeowners|deal ends today}', '{Final notice|Reminder}: {claim your|your} {$amt|free} {quote|estimate|gift card}', '$rnd'],
              "{$first, |}{Homeowners|Business owners} {in your area|} {are switching to|can now get} {solar with zero upfront cost|a free gutter inspection|premium hearing aids}. {Limited availability.|Offer ends soon.}\n\n{Get your free quote|See if you qualify|Claim now} &gt;&gt; $url\n\n\n\n{You are receiving this because you opted in with one of our partners.|This is an advertisement.} {Unsubscribe|Opt out} here: $url2\n{PO Box $k, Las Vegas NV 89109|8 The Green STE A, Dover DE 19901}"),
}
SHORT = ['bit.ly', 'tinyurl.com', 't.ly', 'rb.gy', 'cutt.ly', 'is.gd', 'shorturl.at', 'tiny.cc']
ABUSE = ['%s.r2.dev', 'storage.googleapis.com/%s', '%s.web.app', '%s.blob.core.windows.net/$web', 'ipfs.io/ipfs/Qm%s', 'sites.google.com/view/%s', '%s.pages.dev', 'docs.google.com/presentation/d/e/%s/pub']
SPAM_TLD = ['xyz', 'top', 'shop', 'click', 'online', 'site', 'info', 'icu', 'cfd', 'sbs', 'store', 'live', 'com', 'net', 'ru', 'us', 'buzz']
BOT16 = []
def rnd_dom():
    return pick(WORDS) + pick(['', pick(WORDS), str(R.randint(1, 99)), '-' + pick(WORDS)]) + '.' + pick(SPAM_TLD)
def spam_url():
    k = R.random()
    if k < 0.25: return 'https://%s/%s' % (pick(SHORT), ALNUM(R.randint(5, 8)))
    if k < 0.5: return 'https://' + (pick(ABUSE) % alnum(R.randint(10, 30))) + '/%s.html' % alnum(8)
    if k < 0.6: return 'https://www.google.com/url?q=https://%s/%s&sa=D&usg=%s' % (rnd_dom(), alnum(10), ALNUM(28))
    return 'https://%s%s/%s?%s=%s' % (pick(['', 'www.', alnum(5) + '.']), rnd_dom(), pick(['', 'index.php', 'l/' + alnum(6), 'go', 'wp-content/' + alnum(8)]), pick(['id', 'e', 'u', 'ref']), ALNUM(16))

def bot_conn():
    ip = '%d.%d.%d.%d' % (pick(BOT16) + (R.randrange(256), R.randint(1, 254)))
    a = ip.split('.')
    h = R.random()
    if h < 0.3: helo = '[%s]' % ip
    elif h < 0.5: helo = pick(WORDS) + (pick(['-PC', '', str(R.randint(1, 99))]) if chance(0.5) else '')
    elif h < 0.75: helo = '%s-%s-%s-%s.%s.%s' % (a[0], a[1], a[2], a[3], pick(['dynamic', 'static', 'dsl', 'pool', 'cable', 'ip']), pick(['telecom.net', 'vivo.com.br', 'rima-tde.net', 'ttnet.com.tr', 'airtelbroadband.in', 'vnpt.vn', 'kpn.net', 'veloxzone.com.br', 'rev.sfr.net', 'telkom.net.id']))
    else: helo = 'mail.' + rnd_dom()
    return ip, helo

def spam_msg(kind, c, rc_list, t, conn, sender, from_hdr, group, ev):
    subj_t, body_t = SP[kind]
    r0 = rc_list[0]; lp = r0.split('@')[0]; first = lp.split('.')[0].capitalize()
    kw = dict(first=first, last=lp.split('.')[-1].capitalize(), email=r0, sitedom=SITE, sitename=SITE_NAME, expo=c['expo'], n='{:,}'.format(R.randint(3000, 60000)),
              sname=c['sname'], num=pick(['', 'INV-', 'PO', '#']) + digits(R.randint(5, 9)), date=dt(t).strftime('%d/%m/%Y'), amt='{:,}'.format(R.randint(12, 900) * 100) + pick(['.00', '']),
              url=c['url'] if not ev.get('urlvar') else spam_url(), url2=spam_url(), corg=c['corg'], k=R.randint(3, 19), k2=R.randint(10, 59), phone=digits(10), btc=round(R.uniform(0.04, 2.5), 4),
              usd='{:,}'.format(R.randint(1, 40) * 50), wallet=c['wallet'], pwd=alnum(8), fname=c['fname'], age=R.randint(24, 39), city=pick(['London', 'Bristol', 'Leeds', 'Boston', 'your area']),
              year=2024, femail=c['femail'], rnd=' '.join(pick(WORDS) for _ in range(R.randint(2, 5))), pad='')
    subj = fill(c['subj'] if not ev.get('subjvar') else pick(subj_t), **kw)
    if ev.get('subjtok'): subj += ' ' + pick(['#', 'ID:', 'Ref ', '- ', '']) + ALNUM(R.randint(4, 10))
    text = fill(body_t, **kw).replace('&gt;', '>')
    if ev.get('buster'): text += '\n\n' + (' '.join(pick(WORDS) for _ in range(R.randint(8, 40))) if chance(0.5) else para(3, 1))
    if kind == 'extort': text = text.replace('$pad', '')
    cs = c['cs']; hidden = ''
    if ev.get('hidden'):
        hidden = pick(['<div style="display:none;max-height:0;overflow:hidden">%s</div>', '<span style="font-size:0px;color:#ffffff">%s</span>', '<p style="color:#fefefe;font-size:1px;line-height:1px">%s</p>']) % html.escape(para(4, 2))
    if c['mime'] == 'image':
        img = fake_file(pick(['gif', 'png', 'jpg']), R.randint(6000, 30000)); cid = '%s@%s' % (alnum(10), alnum(6))
        hb = '<html><body><center><a href="%s"><img src="cid:%s" border="0" width="%d" height="%d"></a></center>%s</body></html>' % (kw['url'], cid, R.randint(400, 650), R.randint(300, 800), hidden)
        body = multipart('related', [text_part(hb, 'html', cs=cs), att_part('%s.%s' % (alnum(8), 'gif'), 'image/gif', img, True, cid)])
    else:
        paras = ''.join('<p>%s</p>' % html.escape(p).replace('\n', '<br>') for p in text.split('\n\n'))
        paras = paras.replace(html.escape(kw['url']), '<a href="%s">%s</a>' % (kw['url'], pick(['Click here', 'View Document', 'Review Now', 'Open', kw['url']])))
        hb = '<html><head><meta http-equiv="Content-Type" content="text/html; charset=%s"></head><body style="font-family:%s">%s%s</body></html>' % (cs, pick(['Arial', 'Segoe UI', 'Calibri', 'Verdana']), paras, hidden)
        body = {'plain': lambda: text_part(text, cs=cs), 'html': lambda: text_part(hb, 'html', cs=cs), 'alt': lambda: multipart('alternative', [text_part(text, cs=cs), text_part(hb, 'html', cs=cs)])}[c['mime']]()
    if c['att']:
        n, k = c['att']
        data = fake_file('pdf', R.randint(20000, 90000)) if k == 'pdf' else fake_file('zip', 30000) if k == 'zip' else \
            ('<html><script>var e="%s";window.location.href=atob("%s")+e;</script></html>' % (r0, base64.b64encode(spam_url().encode()).decode())).encode()
        body = multipart('mixed', [body, att_part(fill(n, num=digits(6)), CTYPES.get(k, 'application/octet-stream'), data)])
    h = list(c['hdrs'](t, sender.split('@')[-1])) + [('From', from_hdr), ('To', r0 if not ev.get('undisc') else pick(['undisclosed-recipients:;', from_hdr])), ('Subject', hdr_enc(subj, 'utf-8') if chance(0.8) else subj),
                              ('Date', rfcdate(t - R.randint(0, 7200) if chance(0.8) else t + R.randint(-86400 * 3, 86400 * 3), pick(['uk', 'use', 'cet', 'ind', 'sgp', 'usp']))),
                              ('Message-ID', c['mid']()), ('X-Mailer', c['xm']), ('Reply-To', c['replyto'])]
    emit(t, conn[0], conn[1], sender, rc_list, 'spam', group, build(h, body))

def gen_spam(targets, compromised):
    plan = [('leads', 18, (10, 60)), ('seo', 35, (1, 10)), ('invoice', 20, (10, 100)), ('cred', 27, (10, 130)), ('ship', 10, (20, 150)), ('extort', 6, (20, 150)),
            ('crypto', 8, (20, 120)), ('pharma', 9, (20, 160)), ('dating', 10, (5, 80)), ('supplier', 25, (1, 25)), ('loan', 8, (20, 100)), ('cfp', 8, (5, 40)),
            ('419', 8, (1, 10)), ('products', 10, (30, 120))]
    infra_for = {'leads': ['gmail', 'outlook', 'snowshoe', 'm365c'], 'seo': ['gmail', 'outlook', 'yahoo'], 'invoice': ['m365c', 'gwsc', 'botnet', 'esp'], 'cred': ['botnet', 'm365c', 'esp', 'snowshoe', 'gwsc'],
                 'ship': ['botnet', 'snowshoe', 'esp'], 'extort': ['botnet'], 'crypto': ['esp', 'botnet', 'snowshoe'], 'pharma': ['botnet'], 'dating': ['botnet', 'gmail', 'outlook'],
                 'supplier': ['gmail', '163', 'outlook'], 'loan': ['snowshoe', 'esp'], 'cfp': ['esp', 'gmail', 'snowshoe'], '419': ['gmail', 'outlook', 'yahoo'], 'products': ['snowshoe', 'esp']}
    gid = 0
    for kind, ncamp, (lo, hi) in plan:
        for _ in range(ncamp):
            gid += 1; infra = pick(infra_for[kind]); n = int(lo + (hi - lo) * R.random() ** 2)
            if kind == 'seo' and chance(0.1): n = R.randint(20, 60)
            f, l = person_name(); co = make_org('contractor', pick(['uk', 'us']), 'm365' if infra == 'm365c' else 'gws'); ORGS.pop()
            c = dict(expo=pick(['UK Construction Week', 'Digital Construction Week', 'World of Concrete', 'Futurebuild', 'BIM World', 'Bauma', 'The Buildings Show', 'ACE Expo']),
                     sname=f + ' ' + l, fname=pick(FIRSTS), corg=co.name, wallet=pick(['bc1q', '1', '3']) + ALNUM(R.randint(30, 38)), femail=local_of(*person_name()) + '@' + pick(['gmail.com', 'outlook.com', 'proton.me']),
                     url=spam_url(), cs=pick(['utf-8', 'utf-8', 'windows-1252', 'iso-8859-1', 'us-ascii']), mime=wpick([('plain', 3), ('html', 4), ('alt', 4), ('image', 1 if kind in ('pharma', 'dating', 'products', 'crypto') else 0)]),
                     att=((pick(['Invoice_$num.pdf', 'Remittance_$num.htm', 'Payment_Advice.html', 'INV$num.zip']), None) if kind == 'invoice' and chance(0.5) else (pick(['Voicemail_$num.htm', 'Secure_Message.html']), None) if kind == 'cred' and chance(0.3) else None),
                     replyto=None, xm=pick([None, None, 'Microsoft Outlook 16.0', 'PHPMailer 6.8.0 (https://github.com/PHPMailer/PHPMailer)', 'Microsoft Outlook Express 6.00.2900.5512', 'Foxmail 7.2.25.228', 'Microsoft Windows Live Mail 16.4.3528.331']))
            c['subj'] = pick(SP[kind][0])
            if c['att']: c['att'] = (c['att'][0], c['att'][0].rsplit('.', 1)[1])
            ev = dict(urlvar=chance(0.5), subjvar=chance(0.3), subjtok=chance(0.3), buster=chance(0.4), hidden=chance(0.35), undisc=chance(0.2))
            start = any_t() if infra in ('botnet', 'snowshoe', 'esp') else biz_t(zone=pick(['uk', 'use', 'ind', 'sgp']))
            span = R.randint(1800, 86400 if infra in ('botnet', 'snowshoe') else 6 * 3600)
            if infra == 'snowshoe':
                nets = [(pick([45, 91, 185, 193, 194, 172, 23, 107, 192, 198, 104, 5, 146, 162]), R.randrange(256), R.randrange(256)) for _ in range(R.randint(1, 3))]
                pool = [('%d.%d.%d.%d' % (n_ + (R.randint(2, 253),)), rnd_dom()) for n_ in nets for _ in range(R.randint(4, 30))]
            lfrom = pick(['info', 'news', 'offers', 'support', 'mail', 'hello', 'noreply', 'contact', 'service', 'alert'])
            brand = {'cred': pick(['Microsoft 365', 'Mail Admin', 'IT Support', 'DocuSign', 'SharePoint', 'Outlook Team', SITE_NAME + ' IT']), 'ship': pick(['DHL Express', 'Royal Mail', 'FedEx', 'UPS', 'Parcelforce']),
                     'pharma': pick(['Pharmacy', 'Canadian Meds', 'Health Shop']), 'crypto': pick(['Coinbase', 'Crypto Desk', 'Bitcoin Wallet', 'Binance Support'])}.get(kind, f + ' ' + l)
            if kind == 'products': brand = pick(['SolarSavers', 'GutterPro', 'HearWell', 'Home Warranty Center', 'Roof Experts'])
            if infra == 'm365c':
                vic = pick(compromised); vp = pick(vic.people); c['hdrs'] = lambda t, fd, vic=vic: tenant_hdrs(vic, t)[0]; c['mid'] = lambda vic=vic: msgid_for(vic, 'outlook', 0)
            elif infra == 'gwsc':
                vic = make_org('client', 'us', 'gws'); ORGS.pop(); vp = pick(vic.people)
                c['hdrs'] = lambda t, fd, vic=vic: [dkim(vic.dom, 'google', 'mime-version:from:date:message-id:subject:to', t), ('X-Gm-Message-State', 'AOJu0Y' + ALNUM(62))]; c['mid'] = lambda: msgid_for(co, 'gmail', 0)
            elif infra in ('gmail', 'outlook', 'yahoo', '163'):
                c['hdrs'] = lambda t, fd, i=infra: [dkim({'gmail': 'gmail.com', 'outlook': 'outlook.com', 'yahoo': 'yahoo.com', '163': '163.com'}[i], {'gmail': '20230601', 'outlook': 'selector1', 'yahoo': 's2048', '163': 's110527'}[i], 'from:to:subject:date:message-id', t)]
                c['mid'] = lambda i=infra: '<CA%s@mail.gmail.com>' % ALNUM(50) if i == 'gmail' else '<%s@%s>' % (ALNUM(30), {'outlook': 'DB9PR02MB1234.eurprd02.prod.outlook.com', 'yahoo': 'mail.yahoo.com', '163': '163.com'}[i])
            elif infra == 'esp':
                esp = pick(['sendgrid', 'ses', 'mailchimp']); edom = rnd_dom()
                c['hdrs'] = lambda t, fd, e=esp, d=edom: [dkim(d, 's1', 'From:To:Subject', t), ('X-SG-EID', ALNUM(100)) if e == 'sendgrid' else ('Feedback-ID', '1.us-east-1.%s=:AmazonSES' % ALNUM(43))]
                c['mid'] = lambda e=esp, d=edom: esp_msgid(e, d)
            else:
                c['hdrs'] = lambda t, fd: ([dkim(fd, 'default', 'From:To:Subject:Date', t)] if infra == 'snowshoe' else []) + \
                    ([('Received', 'from %s ([%s]) by %s with ESMTPA id %s; %s' % (pick(WORDS), ip4(R.randint(1, 223)), 'mail.' + rnd_dom(), ALNUM(12), rfcdate(t)))] if chance(0.4) else [])
                c['mid'] = lambda: pick(['<%s@%s>' % (hexs(32), rnd_dom()), '<%s$%s@%s>' % (digits(12), ALNUM(6), pick(WORDS)), '<%s.%s@%s>' % (ALNUM(8), digits(10), SITE)])
            targ = targets
            tl = spread(start, n, span)
            for t in tl:
                nr = 1 if infra not in ('m365c', 'gwsc', 'botnet') else wpick([(1, 5), (2, 2), (5, 1)]) if infra == 'botnet' else R.randint(8, 50)
                rl = R.sample(targ, min(nr, len(targ)))
                if infra == 'botnet': conn = bot_conn()
                elif infra == 'snowshoe': conn = pick(pool)
                elif infra == 'm365c': conn = m365_conn(vic.reg)
                elif infra in ('gmail', 'gwsc'): conn = google_conn()
                elif infra == 'outlook': conn = m365_conn('us', consumer=True)
                elif infra == 'yahoo': conn = FIXED_CONN['yahoo']()
                elif infra == '163': conn = (ip4(pick([220, 123]), pick([181, 126]), R.randrange(256)), 'm%d-%d.163.com' % (R.randint(10, 99), R.randint(1, 200)))
                else: conn = esp_conn(esp, edom)
                if infra == 'botnet':
                    fa = rl[0] if kind == 'extort' and chance(0.7) else '%s%s@%s' % (pick(WORDS), pick(['', digits(R.randint(1, 4))]), pick([rnd_dom(), pick(ORGS).dom, SITE, 'gmail.com', 'outlook.com']))
                    snd = fa if chance(0.7) else '%s@%s' % (alnum(8), rnd_dom())
                elif infra == 'snowshoe': fa = lfrom + '@' + conn[1]; snd = 'bounce-%s@%s' % (alnum(10), conn[1]); conn = (conn[0], 'mail.' + conn[1])
                elif infra in ('m365c', 'gwsc'): fa = vp['addr']; snd = fa
                elif infra == 'esp': fa = lfrom + '@' + edom; snd = esp_envelope(esp, edom, rl[0])
                else:
                    dom = {'gmail': 'gmail.com', 'outlook': pick(['outlook.com', 'hotmail.com']), 'yahoo': 'yahoo.com', '163': pick(['163.com', '126.com'])}[infra]
                    fa = local_of(*c['sname'].split(), R.randrange(7)) + pick(['', digits(R.randint(1, 4))]) + '@' + dom; snd = fa
                fh = addr(brand if infra not in ('m365c', 'gwsc') else vp['name'], fa)
                spam_msg(kind, c, rl, t, conn, snd, fh, 'campaign:%d' % gid, ev)
    ceo = [s for s in STAFF if s['title'] == 'Managing Director'] or staff_in('Directors')
    fin = staff_in('Finance', 'Directors', 'HR')
    for i in range(18):  # CEO fraud / BEC: few copies, targeted, lookalike or free mail
        boss = pick(ceo); gid += 1
        dom = pick(['gmail.com', 'outlook.com', 'calderr0we.com', 'calderrowe-uk.com', 'calderrowe.co', 'ca1derrowe.com', 'consultant.com'])
        fa = (local_of(boss['first'], boss['last'], R.randrange(7)) + pick(['', '.ceo', '.md', '01']) + '@' + dom)
        conn = google_conn() if dom == 'gmail.com' else m365_conn('us', consumer=dom == 'outlook.com')
        t = biz_t(lo=8, hi=16)
        for v in R.sample(fin, R.randint(1, 3)):
            txt = fill('{Hi|Hello} $f,\n\n{Are you available?|Do you have a moment?|I need you to handle a task for me discreetly.|Are you at your desk?} {I need you to process an urgent payment to a new supplier today.|I need some gift cards for a client, can you get them?|Please let me have your mobile number, I am in a meeting.|Can you update my bank details for this month\'s payroll?}\n\n{Thanks|Regards|Sent from my iPhone}\n$b', f=v['first'], b=boss['first'])
            h = [('From', addr(boss['name'], fa)), ('To', v['addr']), ('Subject', pick(['Request', 'Urgent', 'Are you available?', 'Quick task', 'Payment', 'Payroll update', boss['first']])), ('Date', rfcdate(t)),
                 ('Message-ID', '<CA%s@mail.gmail.com>' % ALNUM(50) if dom == 'gmail.com' else '<%s@%s>' % (ALNUM(32), dom)), ('Reply-To', pick([None, local_of(boss['first'], boss['last']) + '@' + pick(['proton.me', 'gmx.com', 'mail.com'])]))]
            emit(t, conn[0], conn[1], fa, [v['addr']], 'spam', 'bec:%d' % i, build(h, text_part(txt)))
            t += R.randint(60, 3600)


# ---------------------------------------------------------------- main
def main():
    global R, PARAS, FORT, WORDS, FIRSTS
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('-s', '--seed', type=int, default=1)
    ap.add_argument('outdir')
    a = ap.parse_args()
    PARAS, FORT, WORDS, FIRSTS = load_corpus()
    R = random.Random(a.seed)
    globals()['R'] = R
    make_staff()
    firsts = sorted(set(s['first'] for s in STAFF))
    BOT16.extend((pick([1, 2, 5, 14, 24, 27, 31, 36, 37, 39, 41, 42, 45, 46, 49, 58, 59, 60, 61, 62, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94,
                        95, 101, 103, 106, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 171, 175, 176, 177, 178, 179, 180, 181, 182, 183, 186,
                        187, 188, 189, 190, 196, 197, 200, 201, 203, 210, 211, 212, 213, 217, 218, 219, 220, 221, 222, 223]), R.randrange(256)) for _ in range(600))
    partners = [make_org(k) for k in ['client'] * 30 + ['contractor'] * 30 + ['architect'] * 20 + ['supplier'] * 35 + ['consultant'] * 25]
    suppliers = [o for o in partners if o.kind == 'supplier']
    tid = 0
    for o in partners:
        for _ in range(wpick([(2, 3), (3, 4), (4, 3), (6, 1)])):
            thread(o, tid); tid += 1
    gen_rfq(suppliers); gen_accounts(partners); gen_invites(partners); gen_recruit(partners); gen_ooo(partners)
    gen_newsletters(); gen_events(); gen_saas(); gen_lists(); gen_hr(); gen_misc(partners)
    exposed = [s['addr'] for s in STAFF if s['dept'] in ('Directors', 'Bids & Marketing', 'HR', 'Finance') or chance(0.35)]
    targets = exposed + [ROLE[r] for r in ['info', 'enquiries', 'accounts', 'marketing', 'reception', 'bids', 'hr', 'recruitment', 'accounts.payable', 'invoices']] * 4
    targets += [e.replace(SITE, SITE_OLD) for e in exposed[:40]] + ['%s@%s' % (x, SITE) for x in ['admin', 'webmaster', 'sales', 'contact', 'office', 'support', 'mail', 'careers']]
    targets += ['%s@%s' % (local_of(*person_name(), 0), SITE) for _ in range(60)]  # former staff / guessed
    compromised = [make_org(pick(['client', 'supplier', 'contractor']), infra='m365') for _ in range(14)]
    del ORGS[-14:]
    gen_spam(targets, compromised)
    OUT.sort(key=lambda x: (x[0], x[1]))
    os.makedirs(os.path.join(a.outdir, 'msg'), exist_ok=True)
    with open(os.path.join(a.outdir, 'stream.tsv'), 'w') as f:
        f.write('path\tt\tclient\thelo\tsender\trcpts\tclass\tgroup\n')
        for i, (t, _, client, helo, sender, rcpts, cls, group, data) in enumerate(OUT):
            p = 'msg/%06d.eml' % i
            with open(os.path.join(a.outdir, p), 'wb') as g: g.write(data)
            if sender != '<>': sender = sender.strip('<>')
            f.write('\t'.join([p, str(t), client, helo, sender, rcpts, cls, group]) + '\n')
    nh = sum(1 for x in OUT if x[6] == 'ham')
    print('%d messages, %d ham, %d spam' % (len(OUT), nh, len(OUT) - nh), file=sys.stderr)

if __name__ == '__main__':
    main()
