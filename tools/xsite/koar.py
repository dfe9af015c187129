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
"""koar.py: a Korean-language university (ko) or an Arabic-language
company (ar) site stream, as its MX sees it, for tools/nsm-site.

    /usr/bin/python3 tools/xsite/koar.py [-s SEED] [-d DAYS] [-u USERS] ko|ar OUTDIR

Writes OUTDIR/msg/NNNNNN.eml, OUTDIR/stream.tsv
(path t client helo sender rcpts class group) and OUTDIR/truth.jsonl
(per message: path, class, group, charset actually used, label written,
CTEs, the Unicode text of the first text part) for checking the
canonicaliser.

Prose, all from Debian packages under free licences:
  ko: installation-guide-amd64 (ko), debian-faq-ko, gimp-help-ko,
      libreoffice-help-ko (HTML, paragraphs -> sentences)
  ar: libreoffice-l10n-ar (.mo), firefox-esr-l10n-ar and
      thunderbird-l10n-ar (langpack .ftl/.properties), the ar .mo
      files of whatever else is installed (UI strings -> sentences)
  apt-get install debian-faq-ko installation-guide-amd64 gimp-help-ko \
      libreoffice-help-ko libreoffice-l10n-ar firefox-esr-l10n-ar \
      thunderbird-l10n-ar
Deterministic for a seed and the installed packages.

Written apart from the filter, by someone who had not read its rules,
to measure it on mail unlike the streams it was tuned on; its mail
habits are its own (a mail administrator's view of a Korean campus and
a Gulf trading company).
"""

import base64
import getopt
import gettext
import glob
import html
import json
import os
import quopri
import random
import re
import sys
import zipfile
from html.parser import HTMLParser

# ------------------------------------------------------------------ prose

HANGUL = re.compile(r'[\uac00-\ud7a3]')
ARAB = re.compile(r'[\u0600-\u06ff]')


class _Paras(HTMLParser):
    BLOCK = {"p", "li", "dd", "td", "th", "h1", "h2", "h3", "h4", "div", "dt", "title",
             "tr", "table", "br", "blockquote"}

    def __init__(self):
        super().__init__()
        self.paras, self.cur, self.skip = [], [], 0

    def flush(self):
        t = re.sub(r'\s+', ' ', ''.join(self.cur)).strip()
        if t:
            self.paras.append(t)
        self.cur = []

    def handle_starttag(self, tag, a):
        if tag in ("script", "style", "pre", "code"):
            self.skip += 1
        if tag in self.BLOCK:
            self.flush()

    def handle_endtag(self, tag):
        if tag in ("script", "style", "pre", "code"):
            self.skip = max(0, self.skip - 1)
        if tag in self.BLOCK:
            self.flush()

    def handle_data(self, d):
        if not self.skip:
            self.cur.append(d)


def html_paras(fn):
    p = _Paras()
    try:
        p.feed(open(fn, encoding="utf-8", errors="replace").read())
    except (OSError, AssertionError):
        return []
    p.flush()
    return p.paras


def load_ko():
    files = (sorted(glob.glob("/usr/share/doc/installation-guide-amd64/ko/*.html")) +
             sorted(glob.glob("/usr/share/doc/debian/FAQ/ko/*.html")) +
             sorted(glob.glob("/usr/share/gimp/2.0/help/ko/**/*.html", recursive=True)) +
             sorted(glob.glob("/usr/share/libreoffice/help/ko/**/*.html", recursive=True)))
    docs = []
    for fn in files:
        ss = []
        for p in html_paras(fn):
            for s in re.split(r'(?<=[.!?])\s+', p):
                s = s.strip()
                if (len(s) >= 20 and s.endswith((".", "?", "!")) and "\ufffd" not in s and
                        len(HANGUL.findall(s)) >= 0.45 * len(s.replace(" ", ""))):
                    ss.append(s)
        if len(ss) >= 3:
            docs.append(ss)
    return docs


def _ar_strings():
    out = []
    for fn in sorted(glob.glob("/usr/lib/libreoffice/program/resource/ar/LC_MESSAGES/*.mo")) + \
            sorted(glob.glob("/usr/share/locale/ar/LC_MESSAGES/*.mo")):
        try:
            t = gettext.GNUTranslations(open(fn, "rb"))
        except (OSError, Exception):
            continue
        for k, v in sorted(t._catalog.items(), key=lambda kv: str(kv[0])):
            if isinstance(v, str):
                out.append((fn, v))
    for x in sorted(glob.glob("/usr/lib/*/extensions/langpack-ar@*.xpi") +
                    glob.glob("/usr/lib/*/browser/extensions/langpack-ar@*.xpi")):
        try:
            z = zipfile.ZipFile(x)
        except (OSError, zipfile.BadZipFile):
            continue
        for n in sorted(z.namelist()):
            if n.endswith(".ftl"):
                for line in z.read(n).decode("utf-8", "replace").splitlines():
                    m = re.match(r'^\s*(?:[\w.-]+\s*=|\.[\w-]+\s*=)?\s*(.*)$', line)
                    if m:
                        out.append((x + n, m.group(1)))
            elif n.endswith(".properties"):
                for line in z.read(n).decode("utf-8", "replace").splitlines():
                    if "=" in line and not line.startswith("#"):
                        out.append((x + n, line.split("=", 1)[1]))
    return out


def load_ar():
    docs = {}
    for src, v in _ar_strings():
        v = re.sub(r'\[(zero|one|two|few|many|other)\]', ' | ', v)
        v = re.sub(r'<[^>]+>|\{[^}]*\}|%[\w$.]+|\$\w+|&\w+;|~|\\n', ' ', v)
        for piece in v.split("|"):
            piece = re.sub(r'\s+', ' ', piece).strip()
            for s in re.split(r'(?<=[.؟!:])\s+', piece):
                s = s.strip().rstrip(":")
                if len(s) >= 22 and len(s.split()) >= 4 and \
                        len(ARAB.findall(s)) >= 0.7 * len(s.replace(" ", "")):
                    if s[-1] not in ".؟!":
                        s += "."
                    docs.setdefault(src, []).append(s)
    return [d for k, d in sorted(docs.items())]


class Prose:
    def __init__(self, docs, lang):
        seen = set()
        out = []
        for d in docs:          # each sentence once, in its first document
            dd = []
            for x in d:
                if x not in seen:
                    seen.add(x)
                    dd.append(x)
            if len(dd) >= 3:
                out.append(dd)
        self.docs, self.lang, self.used = out, lang, set()

    def half(self, k):
        p = Prose.__new__(Prose)
        p.docs, p.lang, p.used = self.docs[k::2], self.lang, set()
        return p

    def sents(self, rng, n):
        for _ in range(40):
            di = rng.randrange(len(self.docs))
            d = self.docs[di]
            m = min(n, len(d))
            i = rng.randrange(len(d) - m + 1)
            if not any((di, j) in self.used for j in range(i, i + m)):
                break
        self.used.update((di, j) for j in range(i, i + m))
        out = d[i:i + m]
        while len(out) < n:
            out = out + self.sents(rng, n - len(out))
        return out

    def para(self, rng, n):
        return " ".join(self.sents(rng, n))


def dwidth(s):
    return sum(2 if ("\u1100" <= c <= "\u11ff" or "\u3000" <= c <= "\ud7a3" or "\uff00" <= c <= "\uffef") else 1 for c in s)


def wrap(text, width=76):
    """Word wrap by display width (Hangul counts two columns)."""
    out = []
    for para in text.split("\n"):
        if not para.strip():
            out.append("")
            continue
        line = ""
        for w in para.split():
            if line and dwidth(line) + 1 + dwidth(w) > width:
                out.append(line)
                line = w
            else:
                line = line + " " + w if line else w
        out.append(line)
    return "\n".join(out)

# ------------------------------------------------------------------ names

KO_SUR = [("김", "kim"), ("이", "lee"), ("박", "park"), ("최", "choi"), ("정", "jung"), ("강", "kang"),
          ("조", "cho"), ("윤", "yoon"), ("장", "jang"), ("임", "lim"), ("한", "han"), ("오", "oh"),
          ("서", "seo"), ("신", "shin"), ("권", "kwon"), ("황", "hwang"), ("안", "ahn"), ("송", "song"),
          ("류", "ryu"), ("전", "jeon"), ("홍", "hong"), ("고", "ko"), ("문", "moon"), ("양", "yang"),
          ("손", "son"), ("배", "bae"), ("백", "baek"), ("허", "heo"), ("유", "yoo"), ("남", "nam"),
          ("심", "shim"), ("노", "noh"), ("하", "ha"), ("곽", "kwak"), ("성", "sung"), ("차", "cha"),
          ("주", "joo"), ("우", "woo"), ("구", "koo"), ("민", "min"), ("진", "jin"), ("나", "na")]
KO_GIV = [("민준", "minjun"), ("서준", "seojun"), ("도윤", "doyun"), ("예준", "yejun"), ("시우", "siwoo"),
          ("하준", "hajun"), ("지호", "jiho"), ("주원", "juwon"), ("지훈", "jihoon"), ("현우", "hyunwoo"),
          ("준서", "junseo"), ("건우", "gunwoo"), ("우진", "woojin"), ("성민", "sungmin"), ("동현", "donghyun"),
          ("상훈", "sanghoon"), ("재영", "jaeyoung"), ("영호", "youngho"), ("정우", "jungwoo"), ("태희", "taehee"),
          ("서연", "seoyeon"), ("서윤", "seoyun"), ("지우", "jiwoo"), ("서현", "seohyun"), ("민서", "minseo"),
          ("하은", "haeun"), ("하윤", "hayun"), ("윤서", "yunseo"), ("지민", "jimin"), ("수빈", "subin"),
          ("지은", "jieun"), ("은지", "eunji"), ("혜진", "hyejin"), ("미영", "miyoung"), ("수진", "sujin"),
          ("영희", "younghee"), ("현정", "hyunjung"), ("소영", "soyoung"), ("유진", "yujin"), ("다은", "daeun")]
AR_GIV_M = [("محمد", "mohammed"), ("أحمد", "ahmed"), ("عبدالله", "abdullah"), ("خالد", "khalid"),
            ("فهد", "fahad"), ("سلطان", "sultan"), ("عبدالرحمن", "abdulrahman"), ("فيصل", "faisal"),
            ("سعود", "saud"), ("ناصر", "nasser"), ("عمر", "omar"), ("يوسف", "yousef"), ("ماجد", "majed"),
            ("تركي", "turki"), ("بندر", "bandar"), ("طارق", "tariq"), ("إبراهيم", "ibrahim"), ("حسن", "hassan"),
            ("علي", "ali"), ("مشعل", "mishal"), ("وليد", "waleed"), ("هشام", "hisham"), ("سامي", "sami"),
            ("عادل", "adel"), ("ياسر", "yasser"), ("مازن", "mazen"), ("رامي", "rami"), ("كريم", "karim")]
AR_GIV_F = [("نورة", "noura"), ("سارة", "sara"), ("ريم", "reem"), ("فاطمة", "fatimah"), ("هند", "hind"),
            ("منى", "mona"), ("لمى", "lama"), ("العنود", "alanoud"), ("دانة", "dana"), ("أمل", "amal"),
            ("هيفاء", "haifa"), ("مريم", "maryam"), ("رهف", "rahaf"), ("شهد", "shahad"), ("لينا", "lina"),
            ("عبير", "abeer"), ("نوف", "nouf"), ("جواهر", "jawaher"), ("رنا", "rana"), ("ديما", "dima")]
AR_FAM = [("العتيبي", "alotaibi"), ("القحطاني", "alqahtani"), ("الشمري", "alshammari"), ("الدوسري", "aldosari"),
          ("الحربي", "alharbi"), ("الغامدي", "alghamdi"), ("الزهراني", "alzahrani"), ("المطيري", "almutairi"),
          ("السبيعي", "alsubaie"), ("العنزي", "alanazi"), ("الشهري", "alshehri"), ("العمري", "alomari"),
          ("المالكي", "almalki"), ("الرشيدي", "alrashidi"), ("السهلي", "alsahli"), ("البلوي", "albalawi"),
          ("الخالدي", "alkhalidi"), ("الحمدان", "alhamdan"), ("النعيمي", "alnuaimi"), ("المنصوري", "almansouri"),
          ("الحسيني", "alhusseini"), ("حداد", "haddad"), ("خوري", "khoury"), ("منصور", "mansour"),
          ("عبدالعزيز", "abdulaziz"), ("السالم", "alsalem"), ("الفارس", "alfares"), ("الكبيسي", "alkubaisi")]


class Person:
    sig = ""
    org = None
    ooo = None


def ko_person(rng, domain, student=False):
    p = Person()
    s, sr = rng.choice(KO_SUR)
    g, gr = rng.choice(KO_GIV)
    p.name = s + g
    p.short = g
    p.title = rng.choice(["교수님", "선생님", "님", "님", "선생님", "과장님", "팀장님", "박사님"])
    p.greet = p.name + " " + p.title
    p.casual = g + "씨" if rng.random() < 0.5 else p.name + "님"
    if student:
        loc = rng.choice(["%s%s", "%s.%s", "%s%s%d"]) 
        loc = (loc % (gr, sr, rng.randrange(1, 99))) if "%d" in loc else loc % (gr, sr)
        if rng.random() < 0.35:
            loc = "%d%04d" % (rng.choice([2019, 2020, 2021, 2022, 2023, 2024, 2025]), rng.randrange(10000))
    else:
        loc = rng.choice(["%s%s", "%s.%s", "%.1s%s", "%s_%s"]) % (gr, sr) if rng.random() < 0.7 else \
            "%s%s" % ("".join(x[0] for x in re.findall(r'[aeiou]*[^aeiou]+', gr)[:2]), sr)
        if rng.random() < 0.4:
            loc += str(rng.randrange(1, 999))
    p.addr = loc + "@" + domain
    return p


def ar_person(rng, domain, student=False):
    p = Person()
    fem = rng.random() < 0.3
    g, gr = rng.choice(AR_GIV_F if fem else AR_GIV_M)
    f, fr = rng.choice(AR_FAM)
    p.name = g + " " + f
    p.latin = gr.capitalize() + " " + (fr[:2].capitalize() + fr[2:].capitalize() if fr.startswith("al") else fr.capitalize())
    p.fem = fem
    p.short = g
    p.greet = rng.choice(["الأستاذة %s المحترمة", "الأخت %s", "الأستاذة الفاضلة %s"] if fem else
                         ["الأستاذ %s المحترم", "الأخ %s", "الأخ العزيز %s", "سعادة الأستاذ %s"]) % g
    p.casual = g
    loc = rng.choice(["%s.%s", "%s%s", "%.1s.%s", "%s_%s"]) % (gr, fr)
    if rng.random() < 0.3:
        loc += str(rng.randrange(1, 99))
    p.addr = loc + "@" + domain
    return p

# ------------------------------------------------------------------ networks


def net24(rng):
    while True:
        a = rng.randrange(1, 224)
        if a not in (0, 10, 100, 127, 169, 172, 192, 198, 203, 224):
            return "%d.%d.%d" % (a, rng.randrange(256), rng.randrange(256))


def kr_net24(rng):
    # blocks allocated to Korean ISPs and universities
    a = rng.choice([1, 14, 27, 39, 58, 59, 61, 106, 110, 112, 114, 115, 118, 121, 125, 175, 180, 182, 211, 218, 220, 221, 222])
    return "%d.%d.%d" % (a, rng.randrange(256), rng.randrange(256))


def gulf_net24(rng):
    a = rng.choice([5, 37, 46, 77, 78, 82, 86, 89, 94, 188, 212, 213])
    return "%d.%d.%d" % (a, rng.randrange(256), rng.randrange(256))


def ip_in(rng, net):
    return "%s.%d" % (net, rng.randrange(2, 254))


def rword(rng, a=5, b=10, al="abcdefghijklmnopqrstuvwxyz"):
    return "".join(rng.choice(al) for _ in range(rng.randrange(a, b)))

# ------------------------------------------------------------------ encoding

CODEC = {"utf-8": "utf-8", "euc-kr": "euc_kr", "ks_c_5601-1987": "cp949", "cp949": "cp949",
         "iso-2022-kr": "iso2022_kr", "windows-1256": "cp1256", "iso-8859-6": "iso8859_6",
         "us-ascii": "ascii", "iso-8859-1": "latin-1", "windows-1252": "cp1252"}
AR_FIX = {"\u00ab": '"', "\u00bb": '"', "\u2013": "-", "\u2014": "-", "\u2026": "...", "\u201c": '"',
          "\u201d": '"', "\u2019": "'", "\u200f": "", "\u200e": "", "\u066b": ",", "\u066c": ","}


def to_bytes(text, cs):
    codec = CODEC[cs]
    if cs == "iso-8859-6":
        text = "".join(AR_FIX.get(c, c) for c in text)
    if cs == "iso-2022-kr":
        # one designation at the top, as the RFC 1557 senders write it
        b = text.encode("iso2022_kr", "replace")
        return b
    return text.encode(codec, "replace")


def ew(text, cs, q=False):
    if all(ord(c) < 128 for c in text):
        return text
    words = []
    step = 10 if cs in ("utf-8", "euc-kr", "ks_c_5601-1987", "iso-2022-kr") else 18
    for i in range(0, len(text), step):
        b = to_bytes(text[i:i + step], cs)
        lab = cs.upper() if cs in ("utf-8", "euc-kr", "iso-2022-kr") else cs
        if q:
            enc = "".join(chr(x) if (x < 128 and chr(x).isalnum()) else ("_" if x == 32 else "=%02X" % x) for x in b)
            words.append("=?%s?Q?%s?=" % (lab, enc))
        else:
            words.append("=?%s?B?%s?=" % (lab, base64.b64encode(b).decode()))
    return "\r\n ".join(words)


def addr_hdr(name, addr, cs, q=False):
    if name is None:
        return "<%s>" % addr
    if all(ord(c) < 128 for c in name):
        return '"%s" <%s>' % (name, addr)
    return '"%s" <%s>' % (ew(name, cs, q), addr) if cs == "ks_c_5601-1987" else "%s <%s>" % (ew(name, cs, q), addr)


def cte_encode(b, cte):
    if cte == "base64":
        s = base64.b64encode(b).decode()
        return "\r\n".join(s[i:i + 76] for i in range(0, len(s), 76)) + "\r\n"
    if cte == "quoted-printable":
        return quopri.encodestring(b.replace(b"\r\n", b"\n")).decode("ascii").replace("\n", "\r\n")
    return b.replace(b"\r\n", b"\n").decode("latin-1").replace("\n", "\r\n")


def to_html(text, cs, style, rtl=False):
    lines = text.split("\n")
    dr = ' dir="rtl"' if rtl else ""
    esc = [html.escape(l) if l else "" for l in lines]
    if style in ("gmail", "gmail_rtl"):
        body = "".join("<div>%s</div>" % (l or "<br>") for l in esc)
        return '<div dir="%s">%s</div>\n' % ("rtl" if rtl else "ltr", body)
    if style == "naver":
        body = "".join("<p>%s</p>" % (l or "&nbsp;") for l in esc)
        return ('<div class="__aye_on_mail_body__"><div style="font-size:10pt; font-family:\'나눔고딕\',NanumGothic,'
                'sans-serif;">%s</div></div><table style="display:none"><tr><td>'
                '<img src="https://mail.naver.com/readReceipt/notify/?img=%s.gif" border="0"/></td></tr></table>\n'
                % (body, "".join("%02x" % (hash_int(text, k) % 256) for k in range(16))))
    if style == "daum":
        body = "<br>".join(l or "" for l in esc)
        return ('<div style="font-family:\'맑은 고딕\',\'Malgun Gothic\',sans-serif;font-size:10pt">%s</div>\n' % body)
    if style == "outlook":
        font = "Sakkal Majalla" if rtl else "맑은 고딕"
        body = "\n".join('<p class="MsoNormal"%s><span lang="%s" style="font-size:11.0pt;font-family:\'%s\'">%s<o:p></o:p></span></p>'
                         % (dr, "AR-SA" if rtl else "KO", font, l or "&nbsp;") for l in esc)
        return ('<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" '
                'xmlns:w="urn:schemas-microsoft-com:office:word"><head>'
                '<meta http-equiv="Content-Type" content="text/html; charset=%s">'
                '<meta name="Generator" content="Microsoft Word 15 (filtered medium)">'
                '<style><!--\n/* Font Definitions */\n@font-face\n\t{font-family:"%s";}\np.MsoNormal, li.MsoNormal, div.MsoNormal\n'
                '\t{margin:0cm;font-size:11.0pt;font-family:"Calibri",sans-serif;}\n'
                'span.EmailStyle17\n\t{mso-style-type:personal-compose;}\n--></style></head>'
                '<body lang="%s" link="#0563C1" vlink="#954F72"%s><div class="WordSection1">\n%s\n</div></body></html>\n'
                % (cs, font, "AR-SA" if rtl else "KO", dr, body))
    if style == "news":
        body = "".join('<tr><td style="padding:6px 28px;font-size:14px;line-height:1.6;color:#333"%s>%s</td></tr>\n'
                       % (dr, l or "&nbsp;") for l in esc)
        return ('<!DOCTYPE html><html%s><head><meta charset="%s"><meta name="viewport" content="width=device-width">'
                '</head><body style="margin:0;background:#eef1f4"><table role="presentation" width="640" align="center" '
                'cellpadding="0" cellspacing="0" style="background:#ffffff">\n%s</table></body></html>\n' % (dr, cs, body))
    body = "<br>\n".join(esc)
    return ('<html><head><meta http-equiv="Content-Type" content="text/html; charset=%s"></head>'
            '<body%s>%s</body></html>\n' % (cs, dr, body))


def hash_int(s, k=0):
    h = 2166136261 ^ k
    for c in s[:200]:
        h = ((h ^ ord(c)) * 16777619) & 0xffffffff
    return h


class Part:
    def __init__(self, text, cs, cte, subtype="plain", label=None, extra=""):
        self.text, self.cs, self.cte, self.subtype = text, cs, cte, subtype
        self.label = cs if label is None else label
        self.extra = extra
        self.raw = None
        self.ctype = "text/" + subtype
        self.disp = None

    def render(self):
        if self.raw is not None:
            b = self.raw
        else:
            t = self.text if self.text.endswith("\n") else self.text + "\n"
            b = to_bytes(t.replace("\n", "\r\n"), self.cs)
        ct = self.ctype
        if self.label:
            ct += "; charset=%s" % (('"%s"' % self.label) if self.label == "ks_c_5601-1987" else self.label)
        ct += self.extra
        h = "Content-Type: %s\r\nContent-Transfer-Encoding: %s\r\n" % (ct, self.cte)
        if self.disp:
            h += "Content-Disposition: %s\r\n" % self.disp
        return h, cte_encode(b, self.cte)


class Blob(Part):
    """A binary attachment."""
    def __init__(self, data, ctype, fname_hdr):
        Part.__init__(self, "", "utf-8", "base64")
        self.raw = data
        self.ctype = ctype
        self.label = ""
        self.extra = '; name="%s"' % fname_hdr if '"' not in fname_hdr else "; name=%s" % fname_hdr
        self.disp = 'attachment; filename="%s"' % fname_hdr


class Multi:
    def __init__(self, subtype, parts):
        self.subtype, self.parts = subtype, parts


def render_node(node, rng, top=True):
    if isinstance(node, Part):
        return node.render()
    bnd = rng.choice(["----=_NextPart_000_%04X_01DA%04X.%08X" % (rng.randrange(65536), rng.randrange(65536), rng.randrange(1 << 32)),
                      "000000000000%012x" % rng.randrange(1 << 48),
                      "----=_Part_%d_%d.%d" % (rng.randrange(10 ** 6), rng.randrange(10 ** 9), rng.randrange(10 ** 12))])
    out = []
    for p in node.parts:
        h, b = render_node(p, rng, False)
        if not b.endswith("\r\n"):
            b += "\r\n"
        out.append("--%s\r\n%s\r\n%s" % (bnd, h, b))
    pre = "This is a multi-part message in MIME format.\r\n\r\n" if top else ""
    body = pre + "".join(out) + "--%s--\r\n" % bnd
    return 'Content-Type: multipart/%s;\r\n\tboundary="%s"\r\n' % (node.subtype, bnd), body


def first_text(node):
    if isinstance(node, Part):
        return node if node.ctype.startswith("text/") else None
    for p in node.parts:
        x = first_text(p)
        if x is not None:
            return x
    return None


KO_DOW = "월화수목금토일"
AR_DOW = ["الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت", "الأحد"]
AR_MON6 = "يونيو"
DOW = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def rfcdate(t, tz):
    lt = t + tz * 3600
    d, s = divmod(int(lt), 86400)
    mon, day = ("Jun", 1 + d) if d < 30 else ("Jul", d - 29)
    return "%s, %d %s 2026 %02d:%02d:%02d %+03d00" % (DOW[d % 7], day, mon, s // 3600, s // 60 % 60, s % 60, tz)


def local(t, tz):
    lt = int(t + tz * 3600)
    d, s = divmod(lt, 86400)
    mon, day = (6, 1 + d) if d < 30 else (7, d - 29)
    return d, mon, day, s // 3600, s // 60 % 60, s % 60


def build(t, tz, helo, client, mx, hdrs, mime_h, body, rng):
    qid = "".join(rng.choice("0123456789BCDFGHJKLMNPQRSTVWXYZ") for _ in range(12))
    rcv = ("Received: from %s (%s [%s])\r\n\tby %s (Postfix) with ESMTPS id 4%s\r\n\tfor <undisclosed>; %s\r\n"
           % (helo, helo if not helo.startswith("[") else "unknown", client, mx, qid, rfcdate(t, tz)))
    head = rcv + "".join("%s: %s\r\n" % (k, v) for k, v in hdrs) + "MIME-Version: 1.0\r\n" + mime_h
    return (head + "\r\n" + body).encode("latin-1")

# ------------------------------------------------------------------ clients
# (charset, cte, shape, html style, user agent, quote style)
# shape: single (text/plain) | html (text/html only) | alt

KO_CLIENTS = {
    "naver": [("utf-8", "base64", "html", "naver", None, "naver")],
    "daum": [("utf-8", "base64", "alt", "daum", None, "daum"),
             ("ks_c_5601-1987", "base64", "html", "daum", None, "daum")],
    "gmail": [("utf-8", "base64", "alt", "gmail", None, "gmail"),
              ("utf-8", "quoted-printable", "alt", "gmail", None, "gmail")],
    "outlook": [("ks_c_5601-1987", "base64", "alt", "outlook", "Microsoft Outlook 16.0", "outlook"),
                ("ks_c_5601-1987", "quoted-printable", "alt", "outlook", "Microsoft Outlook 15.0", "outlook"),
                ("utf-8", "base64", "alt", "outlook", "Microsoft Outlook 16.0", "outlook")],
    "iphone": [("utf-8", "quoted-printable", "single", None, "iPhone Mail (21F90)", "iphone"),
               ("utf-8", "base64", "single", None, "iPad Mail (21F90)", "iphone")],
    "thunderbird": [("utf-8", "8bit", "single", None, "Mozilla Thunderbird", "tb"),
                    ("euc-kr", "8bit", "single", None, "Mozilla Thunderbird", "tb")],
    "unix": [("euc-kr", "8bit", "single", None, "Mutt/2.2.12 (2023-09-09)", "mutt"),
             ("utf-8", "8bit", "single", None, "Mutt/2.2.12 (2023-09-09)", "mutt"),
             ("iso-2022-kr", "7bit", "single", None, "Mutt/1.5.9i", "mutt")],
    "groupware": [("utf-8", "base64", "html", "plain", "DaouOffice", "daum"),
                  ("ks_c_5601-1987", "base64", "html", "plain", "Hiworks", "outlook")],
}
AR_CLIENTS = {
    "outlook": [("windows-1256", "quoted-printable", "alt", "outlook", "Microsoft Outlook 16.0", "outlook_ar"),
                ("utf-8", "base64", "alt", "outlook", "Microsoft Outlook 16.0", "outlook_ar"),
                ("windows-1256", "base64", "alt", "outlook", "Microsoft Outlook 16.0", "outlook_en"),
                ("utf-8", "quoted-printable", "alt", "outlook", "Microsoft Outlook 16.0", "outlook_en")],
    "gmail": [("utf-8", "base64", "alt", "gmail_rtl", None, "gmail_ar"),
              ("utf-8", "quoted-printable", "alt", "gmail_rtl", None, "gmail_ar")],
    "yahoo": [("utf-8", "quoted-printable", "alt", "plain", None, "outlook_en")],
    "iphone": [("utf-8", "quoted-printable", "single", None, "iPhone Mail (21F90)", "iphone_ar"),
               ("utf-8", "base64", "single", None, "iPhone Mail (21F90)", "iphone_ar")],
    "thunderbird": [("windows-1256", "8bit", "single", None, "Mozilla Thunderbird", "tb_ar"),
                    ("utf-8", "8bit", "single", None, "Mozilla Thunderbird", "tb_ar")],
    "legacy": [("iso-8859-6", "base64", "single", None, "Lotus Notes Release 9.0.1FP10", "notes"),
               ("iso-8859-6", "quoted-printable", "single", None, "Lotus Notes Release 8.5.3", "notes"),
               ("windows-1256", "8bit", "single", None, "Microsoft Outlook Express 6.00.2900.5512", "outlook_en")],
    "owa": [("utf-8", "base64", "html", "outlook", "Microsoft-OWA", "outlook_ar")],
}

# (charset really used, label written, cte): mislabelled or unlabelled parts
KO_BROKEN = [("cp949", "euc-kr", "8bit"), ("euc-kr", "", "8bit"), ("cp949", "iso-8859-1", "8bit"),
             ("utf-8", "ks_c_5601-1987", "base64"), ("cp949", "us-ascii", "8bit"), ("euc-kr", "utf-8", "8bit")]
AR_BROKEN = [("windows-1256", "iso-8859-6", "8bit"), ("windows-1256", "", "8bit"),
             ("utf-8", "windows-1256", "base64"), ("windows-1256", "iso-8859-1", "quoted-printable"),
             ("iso-8859-6", "windows-1256", "8bit"), ("windows-1256", "us-ascii", "8bit")]


def make_body(rng, text, prof, rtl=False, html_text=None):
    cs, cte, shape, style, ua, _q = prof
    pc = "7bit" if cs == "iso-2022-kr" else cte
    if shape == "single":
        return Part(text, cs, pc, extra="; format=flowed" if (ua or "").startswith("Mozilla") and rng.random() < 0.4 else "")
    h = Part(to_html(html_text or text, cs, style or "plain", rtl), cs, pc, "html")
    if shape == "html":
        h.text = text
        return h
    return Multi("alternative", [Part(text, cs, pc), h])


def make_broken(text, br):
    real, label, cte = br
    p = Part(text, real, cte, "plain", label)
    p.raw = to_bytes(text.replace("\n", "\r\n"), real)
    return p

# ------------------------------------------------------------------ site


class Site:
    def __init__(self, lang, out, seed, days, nusers):
        self.lang, self.out, self.days = lang, out, days
        self.ko = lang == "ko"
        self.rng = random.Random(seed)
        self.rows, self.truth = [], []
        self.tz = 9 if self.ko else 3
        os.makedirs(out + "/msg", exist_ok=True)
        if self.ko:
            self.domain = "hanbit.ac.kr"
            self.mx = "mx1.hanbit.ac.kr"
            prose = Prose(load_ko(), "ko")
            self.mkperson = ko_person
            self.clients = KO_CLIENTS
            self.localnet = "114.%d.%d" % (random.Random(seed).randrange(256), random.Random(seed + 9).randrange(256))
        else:
            self.domain = "alrawabi-trading.com.sa"
            self.mx = "mail.alrawabi-trading.com.sa"
            prose = Prose(load_ar(), "ar")
            self.mkperson = ar_person
            self.clients = AR_CLIENTS
            self.localnet = gulf_net24(random.Random(seed))
        print("%d prose documents, %d sentences" % (len(prose.docs), sum(len(d) for d in prose.docs)), file=sys.stderr)
        self.prose, self.spam_prose = prose.half(0), prose.half(1)
        r = random.Random(seed + 1)
        self.users, seen = [], set()
        while len(self.users) < nusers:
            p = self.mkperson(r, self.domain, student=self.ko and r.random() < 0.8)
            if p.addr not in seen:
                seen.add(p.addr)
                self.users.append(p)
        if self.ko:
            self.students = self.users[:int(nusers * 0.8)]
            self.staff = self.users[int(nusers * 0.8):]
        else:
            self.students, self.staff = [], self.users

    def weekend(self, d):
        return (d % 7 in (5, 6)) if self.ko else (d % 7 in (4, 5))

    def when(self, rng, day=None, hours=(9, 19), weekend=0.2):
        while True:
            d = rng.randrange(self.days) if day is None else day
            if self.weekend(d) and rng.random() > weekend and day is None:
                continue
            h = rng.uniform(*hours) if rng.random() < 0.85 else rng.uniform(0, 24)
            t = int(d * 86400 + h * 3600 - self.tz * 3600)
            if 0 <= t < self.days * 86400:
                return t

    def add(self, t, client, helo, sender, rcpts, cls, group, hdrs, node, info=None):
        if t < 0 or t >= self.days * 86400:
            return
        rng = self.rng
        mime_h, body = render_node(node, rng)
        raw = build(t, self.tz, helo, client, self.mx, hdrs, mime_h, body, rng)
        path = "msg/%06d.eml" % len(self.truth)
        with open(self.out + "/" + path, "wb") as f:
            f.write(raw)
        self.rows.append((t, len(self.truth), path, client, helo, sender or "<>", ",".join(rcpts), cls, group))
        p0 = first_text(node)
        tr = {"path": path, "class": cls, "group": group, "charset": p0.cs if p0 else None,
              "label": p0.label if p0 else None, "cte": p0.cte if p0 else None,
              "subtype": p0.subtype if p0 else None,
              "mislabel": bool(p0 and p0.raw is not None), "text": p0.text if p0 else ""}
        if info:
            tr.update(info)
        self.truth.append(tr)

    def close(self):
        self.rows.sort()
        with open(self.out + "/stream.tsv", "w") as f:
            f.write("path\tt\tclient\thelo\tsender\trcpts\tclass\tgroup\n")
            for t, _, path, client, helo, sender, rcpts, cls, group in self.rows:
                f.write("%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\n" % (path, t, client, helo, sender, rcpts, cls, group))
        with open(self.out + "/truth.jsonl", "w") as f:
            for tr in self.truth:
                f.write(json.dumps(tr, ensure_ascii=False) + "\n")
        ham = sum(1 for r in self.rows if r[7] == "ham")
        print("%d messages (%d ham, %d spam) in %s" % (len(self.rows), ham, len(self.rows) - ham, self.out),
              file=sys.stderr)

# ------------------------------------------------------------------ ham


class Ham:
    def __init__(self, s):
        self.s = s
        self.ko = s.ko
        self.rng = random.Random(s.rng.random())
        rng = self.rng
        if self.ko:
            prov = [(["naver.com"], ["naver"], 4, "mail%d.naver.com", 9, kr_net24),
                    (["daum.net", "hanmail.net"], ["daum"], 3, "mail-sm%d.daum.net", 4, kr_net24),
                    (["kakao.com"], ["daum"], 2, "mail%d.kakao.com", 1, kr_net24),
                    (["gmail.com"], ["gmail", "iphone"], 4, "mail-%s.google.com", 6, net24),
                    (["nate.com"], ["outlook", "daum"], 1, "smtp%d.nate.com", 1, kr_net24),
                    (["outlook.com", "hotmail.com"], ["outlook"], 4, "mail-%s.outbound.protection.outlook.com", 1, net24),
                    (["icloud.com"], ["iphone"], 3, "st%d.p%d-mail.icloud.com", 1, net24)]
        else:
            prov = [(["gmail.com"], ["gmail", "iphone"], 4, "mail-%s.google.com", 7, net24),
                    (["hotmail.com", "outlook.com", "outlook.sa"], ["outlook", "owa"], 4, "mail-%s.outbound.protection.outlook.com", 6, net24),
                    (["yahoo.com"], ["yahoo", "iphone"], 3, "sonic%d.mail.bf1.yahoo.com", 2, net24),
                    (["icloud.com"], ["iphone"], 3, "st%d.p%d-mail.icloud.com", 1, net24)]
        self.providers = []
        for doms, clients, nnets, helo, w, nf in prov:
            self.providers.append((doms, clients, [nf(rng) for _ in range(nnets)], helo, w))
        # organisations with their own servers (some behind Microsoft 365 / Gmail)
        self.orgs = []
        if self.ko:
            bases = ["snu-like", "kaist-like", "pnu", "knu", "cnu", "jnu", "skku", "yonsei", "korea", "hanyang",
                     "inha", "ajou", "kookmin", "dongguk", "sogang", "ewha", "hufs", "uos", "kw", "cau"]
            kinds = [("ac.kr", b) for b in bases] + \
                [("re.kr", x) for x in ["kisti", "etri", "kist", "kari", "kier"]] + \
                [("go.kr", x) for x in ["moe", "msit", "nrf", "seoul", "kipo"]] + \
                [("co.kr", x) for x in ["samsung-sds", "lg-cns", "hanwha", "naverlabs", "ncsoft", "kyobo", "hyundai-it",
                                        "doosan", "posco-ict", "sk-planet", "dbpia", "riss", "kbs", "hanaro"]] + \
                [("or.kr", x) for x in ["kiise", "kics", "kosef", "koren", "kcc"]]
        else:
            kinds = [("com.sa", x) for x in ["sabic-like", "almarai-like", "zamil", "olayan", "alfaisaliah", "nesma",
                                             "jarir", "extra", "alsafi", "tamimi", "abunayyan", "alkhorayef", "dallah"]] + \
                [("gov.sa", x) for x in ["mhrsd", "mci", "zatca", "mc", "momra"]] + \
                [("ae", x) for x in ["emaar-like", "aramex", "alfuttaim", "majid"]] + \
                [("com", x) for x in ["gulf-logistics", "arabian-steel", "mena-consult", "nahdi-med", "riyadh-law"]] + \
                [("org.sa", x) for x in ["chamber-riyadh", "chamber-jeddah", "saudi-contractors", "cma"]] + \
                [("com.eg", x) for x in ["elsewedy", "orascom"]] + [("jo", x) for x in ["aramex-jo", "zain-jo"]]
        for i, (tld, b) in enumerate(kinds):
            dom = b + "." + tld
            cloud = rng.random() < (0.25 if self.ko else 0.55)   # hosted at Microsoft 365
            if cloud:
                pv = self.providers[5 if self.ko else 1]
                net, hosts, helo = pv[2], None, pv[3]
            else:
                net = (kr_net24 if self.ko else gulf_net24)(rng)
                hosts = [ip_in(rng, net) for _ in range(rng.choice([1, 1, 2, 3]))]
                helo = rng.choice(["mail.", "mx.", "smtp.", "gw."]) + dom
                net = None
            conf = rng.random() < (0.3 if self.ko else 0.85)   # legal disclaimer
            cl = (["outlook", "outlook", "groupware", "thunderbird", "unix"] if tld in ("ac.kr", "re.kr") else
                  ["outlook", "groupware"]) if self.ko else (["outlook", "outlook", "outlook", "owa", "legacy"] if not cloud else ["outlook", "owa"])
            self.orgs.append({"dom": dom, "hosts": hosts, "nets": net, "helo": helo, "conf": conf,
                              "clients": cl, "kind": tld, "name": b})
        for u in s.users:      # how the local users write (their mail goes out, unseen)
            u.prof = rng.choice(s.clients["outlook"])
        self.people = []
        for i in range(1800 if self.ko else 1400):
            if rng.random() < (0.55 if self.ko else 0.35):
                pv = rng.choices(self.providers, [p[4] for p in self.providers])[0]
                p = s.mkperson(rng, rng.choice(pv[0]))
                p.client = rng.choice(pv[1])
                p.nets, p.hosts, p.helo, p.org = pv[2], None, pv[3], None
            else:
                org = rng.choice(self.orgs)
                p = s.mkperson(rng, org["dom"])
                p.client = rng.choice(org["clients"])
                p.nets, p.hosts, p.helo, p.org = org["nets"], org["hosts"], org["helo"], org
            p.prof = rng.choice(s.clients[p.client])
            p.sig = self.signature(p)
            self.people.append(p)

    # -- signatures: Korean offices put address and phone; Gulf companies a
    # bilingual block and a long bilingual disclaimer
    def signature(self, p):
        rng = self.rng
        if p.org is None:
            if p.client == "iphone" and rng.random() < 0.7:
                return "iPhone에서 보냄" if self.ko else rng.choice(["أُرسلت من الـ iPhone", "Sent from my iPhone"])
            if self.ko and p.client == "naver" and rng.random() < 0.2:
                return "-----\n" + p.name + " 드림"
            return rng.choice(["", "", "--\n" + p.name])
        o = p.org
        if self.ko:
            dept = rng.choice(["컴퓨터공학과", "전자공학과", "산학협력단", "연구지원팀", "대외협력처", "교무처",
                               "경영학과", "기계공학부", "도서관", "정보전산원", "영업팀", "기술연구소", "사업개발팀"])
            lines = ["", "─────────────────────", "%s %s" % (p.name, rng.choice(["교수", "연구원", "선임연구원", "팀장", "과장", "대리", "박사과정", "행정원"])),
                     "%s %s" % (o["name"].upper(), dept),
                     "Tel. 0%d-%d-%04d  /  Fax. 0%d-%d-%04d" % (rng.choice([2, 31, 32, 42, 51, 53, 62]), rng.randrange(200, 999), rng.randrange(10000),
                                                                 rng.choice([2, 31, 42]), rng.randrange(200, 999), rng.randrange(10000)),
                     "Mobile. 010-%04d-%04d" % (rng.randrange(10000), rng.randrange(10000)),
                     "E-mail. %s" % p.addr]
            if o["conf"]:
                lines += ["", disclaimer(o, True)]
            return "\n".join(lines)
        title = rng.choice([("مدير المشتريات", "Procurement Manager"), ("مدير المبيعات", "Sales Manager"),
                            ("محاسب", "Accountant"), ("مستشار قانوني", "Legal Counsel"), ("مهندس مشاريع", "Project Engineer"),
                            ("أخصائي موارد بشرية", "HR Specialist"), ("مدير العمليات", "Operations Manager")])
        co = o["name"].replace("-like", "").capitalize()
        lines = ["", "مع خالص التحية،" if rng.random() < 0.5 else "وتقبلوا فائق الاحترام والتقدير،",
                 "", p.name, title[0], "", p.latin, title[1], "%s Co. | شركة %s" % (co, co),
                 "T: +966 11 %03d %04d  |  M: +966 5%d %03d %04d" % (rng.randrange(1000), rng.randrange(10000), rng.randrange(10), rng.randrange(1000), rng.randrange(10000)),
                 "www.%s" % o["dom"]]
        if o["conf"]:
            lines += ["", disclaimer(o, False)]
        return "\n".join(lines)

    def client_of(self, p):
        rng = self.rng
        if p.hosts:
            return rng.choice(p.hosts), p.helo
        ip = ip_in(rng, rng.choice(p.nets))
        h = p.helo
        if "%s" in h:
            h = h % (rword(rng, 4, 5) + str(rng.randrange(100)))
        elif h.count("%d") == 2:
            h = h % (rng.randrange(1, 50), rng.randrange(1, 80))
        else:
            h = h % rng.randrange(1, 90)
        return ip, h

    def subject(self):
        rng = self.rng
        s = self.s.prose.sents(rng, 1)[0]
        w = s.rstrip(".?!").split()
        sub = " ".join(w[:rng.randrange(2, 6)]).rstrip(",.:;،")
        if self.ko:
            pre = rng.choice(["", "", "", "[문의] ", "[요청] ", "[공유] ", "[회의] ", "[자료] ", "[안내] "])
        else:
            pre = rng.choice(["", "", "", "بخصوص ", "طلب: ", "عرض سعر - ", "RE: PO ", "استفسار عن "])
        return pre + sub

    def letter_text(self, sender, to, n=None, reply=False):
        rng = self.rng
        n = n or rng.choice([1, 2, 2, 3, 3, 4, 5, 6])
        if reply:
            n = rng.choice([1, 1, 2, 2, 3])
        body = self.s.prose.para(rng, n)
        if self.ko:
            greet = rng.choice(["%s, 안녕하세요.\n%s입니다.\n\n", "%s께\n\n안녕하십니까, %s입니다.\n\n",
                                "%s 안녕하세요~\n%s입니다.\n\n", "%s,\n\n%s입니다. 항상 감사드립니다.\n\n"]) % (to.greet, sender.name)
            close = rng.choice(["감사합니다.\n%s 드림" % sender.name, "확인 부탁드립니다.\n감사합니다.", "좋은 하루 되세요.\n%s 올림" % sender.name,
                                "바쁘신 와중에 읽어주셔서 감사합니다.", "그럼 연락 기다리겠습니다.\n%s 드림" % sender.short])
            if reply:
                greet = rng.choice(["", "네, 확인했습니다.\n\n", "%s,\n\n" % to.greet, "답장 감사합니다.\n\n"])
        else:
            greet = rng.choice(["السلام عليكم ورحمة الله وبركاته،\n\n%s\n\n" % to.greet,
                                "%s،\nتحية طيبة وبعد،\n\n" % to.greet,
                                "مساء الخير %s،\n\n" % to.casual, "صباح الخير أستاذ %s،\n\n" % to.casual,
                                "Dear %s,\n\nالسلام عليكم،\n\n" % to.latin if hasattr(to, "latin") else "السلام عليكم،\n\n"])
            close = rng.choice(["شاكرين لكم تعاونكم.", "ولكم جزيل الشكر.", "بانتظار ردكم الكريم.", "مع التحية،\n" + sender.short,
                                "Best regards,\n" + getattr(sender, "latin", sender.short)])
            if reply:
                greet = rng.choice(["", "وعليكم السلام،\n\n", "شكراً %s،\n\n" % to.casual, "تم، شكراً.\n\n"])
        width = 76 if sender.prof[2] == "single" else 100000
        txt = greet + wrap(body, width) + "\n\n" + close + "\n"
        if sender.sig:
            txt += sender.sig + "\n"
        return txt

    # -- how each client quotes what it answers
    def quote(self, style, prev, pfrom, pto, psubj, t):
        tz = self.s.tz
        d, mon, day, hh, mm, ss = local(t, tz)
        ap_ko = "오전" if hh < 12 else "오후"
        ap_ar = "ص" if hh < 12 else "م"
        h12 = hh % 12 or 12
        pref = "\n".join(("> " + l) if l else ">" for l in prev.split("\n"))
        if style == "naver":
            return ("\n\n-----Original Message-----\nFrom: \"%s\"<%s>\nTo: \"%s\"<%s>;\nCc: \nSent: 2026-%02d-%02d (%s) %02d:%02d:%02d (GMT+09:00)\nSubject: %s\n\n%s"
                    % (pfrom.name, pfrom.addr, pto.name, pto.addr, mon, day, KO_DOW[d % 7], hh, mm, ss, psubj, prev))
        if style == "daum":
            return ("\n\n----- 원본 메일 -----\n보낸사람: %s <%s>\n받는사람: %s <%s>\n날짜: 2026년 %d월 %d일 %s요일, %d시 %d분 %d초 +0900\n제목: %s\n\n%s"
                    % (pfrom.name, pfrom.addr, pto.name, pto.addr, mon, day, KO_DOW[d % 7], hh, mm, ss, psubj, prev))
        if style == "outlook":
            return ("\n\n보낸 사람: %s <%s>\n보낸 날짜: 2026년 %d월 %d일 %s요일 %s %d:%02d\n받는 사람: %s <%s>\n제목: %s\n\n%s"
                    % (pfrom.name, pfrom.addr, mon, day, KO_DOW[d % 7], ap_ko, h12, mm, pto.name, pto.addr, psubj, prev))
        if style == "gmail":
            return "\n\n2026년 %d월 %d일 (%s) %s %d:%02d, %s <%s>님이 작성:\n\n%s" % (mon, day, KO_DOW[d % 7], ap_ko, h12, mm, pfrom.name, pfrom.addr, pref)
        if style == "iphone":
            return "\n\n2026. %d. %d. %s %d:%02d, %s <%s> 작성:\n\n%s" % (mon, day, ap_ko, h12, mm, pfrom.name, pfrom.addr, pref)
        if style == "tb":
            return "\n\n2026-%02d-%02d %s %d:%02d에 %s 이(가) 쓴 글:\n%s" % (mon, day, ap_ko, h12, mm, pfrom.name, pref)
        if style == "mutt":
            return "\n\nOn 2026-%02d-%02d %02d:%02d, %s wrote:\n%s" % (mon, day, hh, mm, pfrom.name, pref)
        if style == "outlook_ar":
            return ("\n\nمن: %s <%s>\nتاريخ الإرسال: %s، %d %s، 2026 %d:%02d %s\nإلى: %s <%s>\nالموضوع: %s\n\n%s"
                    % (pfrom.name, pfrom.addr, AR_DOW[d % 7], day, AR_MON6 if mon == 6 else "يوليو", h12, mm, ap_ar, pto.name, pto.addr, psubj, prev))
        if style == "outlook_en":
            return ("\n\n________________________________\nFrom: %s <%s>\nSent: %s, %s %d, 2026 %d:%02d %s\nTo: %s <%s>\nSubject: %s\n\n%s"
                    % (getattr(pfrom, "latin", pfrom.name), pfrom.addr, ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][d % 7],
                       "June" if mon == 6 else "July", day, h12, mm, "AM" if hh < 12 else "PM", getattr(pto, "latin", pto.name), pto.addr, psubj, prev))
        if style == "gmail_ar":
            return "\n\nفي %s، %d %s 2026 في %d:%02d %s، كتب %s <%s>:\n\n%s" % (AR_DOW[d % 7], day, AR_MON6 if mon == 6 else "يوليو", h12, mm, ap_ar, pfrom.name, pfrom.addr, pref)
        if style == "iphone_ar":
            return "\n\nفي %d %s 2026، الساعة %d:%02d %s، كتب %s <%s>:\n\n%s" % (day, AR_MON6 if mon == 6 else "يوليو", h12, mm, ap_ar, pfrom.name, pfrom.addr, pref)
        if style == "tb_ar":
            return "\n\nفي %d/%d/2026 %d:%02d %s، كتب %s:\n%s" % (day, mon, h12, mm, ap_ar, pfrom.name, pref)
        if style == "notes":
            return ("\n\n\n\nFrom:\t%s <%s>\nTo:\t%s <%s>\nDate:\t%02d/%02d/2026 %02d:%02d\nSubject:\t%s\n\n%s"
                    % (getattr(pfrom, "latin", pfrom.name), pfrom.addr, getattr(pto, "latin", pto.name), pto.addr, day, mon, hh, mm, psubj, prev))
        return "\n\n" + pref

    def re_prefix(self, p):
        if self.ko:
            return "RE: " if p.prof[5] in ("outlook", "naver") else "Re: "
        return "رد: " if p.prof[5] == "outlook_ar" else ("RE: " if p.prof[5] in ("outlook_en", "notes") else "Re: ")

    def send(self, t, sender, rcpts, text, subj, group, cc=(), inreply=None, broken=None, node=None, extra_hdrs=(), info=None):
        rng, s = self.rng, self.s
        prof = sender.prof
        cs = prof[0]
        if cs == "iso-2022-kr":
            cs_h = "euc-kr"     # headers in EUC-KR even from ISO-2022-KR bodies
        else:
            cs_h = cs
        if node is None:
            node = make_broken(text, broken) if broken else make_body(rng, text, prof, rtl=not self.ko)
        client, helo = self.client_of(sender)
        q = prof[1] == "quoted-printable" and rng.random() < 0.5
        hdrs = [("Date", rfcdate(t, s.tz)), ("From", addr_hdr(sender.name, sender.addr, cs_h, q)),
                ("To", ",\r\n ".join(addr_hdr(u.name, u.addr, cs_h, q) for u in rcpts))]
        if cc:
            hdrs.append(("Cc", ",\r\n ".join(addr_hdr(u.name, u.addr, cs_h, q) for u in cc)))
        hdrs += [("Subject", ew(subj, cs_h, q)),
                 ("Message-ID", "<%s%x.%x@%s>" % ("" if "Outlook" not in (prof[4] or "") else "000001da", rng.randrange(1 << 40), t, sender.addr.split("@")[1]))]
        if inreply:
            hdrs += [("In-Reply-To", inreply), ("References", inreply)]
        if prof[4]:
            hdrs.append(("X-Mailer" if ("Outlook" in prof[4] or "Notes" in prof[4] or prof[4] in ("DaouOffice", "Hiworks")) else "User-Agent", prof[4]))
        if "Outlook" in (prof[4] or ""):
            hdrs.append(("Content-Language", "ko" if self.ko else rng.choice(["ar-sa", "en-us"])))
            hdrs.append(("Thread-Index", base64.b64encode(bytes(rng.randrange(256) for _ in range(22))).decode()))
        hdrs += list(extra_hdrs)
        allr = list(rcpts) + list(cc)
        local_ = [u.addr for u in allr if u.addr.endswith("@" + s.domain)]
        if not local_:
            return
        s.add(t, client, helo, sender.addr, local_, "ham", group, hdrs, node, info)

    # -- personal letters and the replies that quote them
    def personal(self, nconv):
        rng, s = self.rng, self.s
        brk = KO_BROKEN if self.ko else AR_BROKEN
        nb = 0
        for c in range(nconv):
            p = rng.choice(self.people)
            u = rng.choice(s.staff if (self.ko and rng.random() < 0.6) else s.users)
            cc = [rng.choice(s.users) for _ in range(rng.randrange(1, 4))] if rng.random() < 0.15 else []
            t = s.when(rng)
            subj = self.subject()
            prev = None
            for k in range(rng.choice([1, 1, 1, 2, 2, 3, 4, 5])):
                if prev is None:
                    txt, sj = self.letter_text(p, u), subj
                else:
                    txt = self.letter_text(p, u, reply=True) + self.quote(p.prof[5], prev, u, p, sj0, t - rng.randrange(600, 30000))
                    sj = self.re_prefix(p) + subj
                broken = None
                if nb < 14 and rng.random() < 0.015:
                    broken = brk[nb % len(brk)]
                    nb += 1
                self.send(t, p, [u], txt, sj, "personal" if k == 0 else "reply", cc=cc, broken=broken)
                # the local user's answer (outbound, not seen here) quoting it
                sj0 = ("RE: " if rng.random() < 0.5 else "Re: ") + subj
                prev = self.letter_text(u, p, reply=True) + self.quote(p.prof[5], txt, p, u, sj, t)
                t += rng.randrange(1800, 2 * 86400)

    # -- project threads with several local and external participants;
    # Outlook users keep the whole chain under their reply
    def threads(self, n):
        rng, s = self.rng, self.s
        for th in range(n):
            locs = rng.sample(s.staff if self.ko else s.users, rng.randrange(2, 10))
            ext = rng.sample(self.people, rng.randrange(2, 6))
            subj = self.subject()
            t = s.when(rng)
            chain, cfrom, cto = None, None, None
            for k in range(rng.randrange(4, 14)):
                if chain is None or rng.random() < 0.5:
                    p = rng.choice(ext)
                    txt = self.letter_text(p, rng.choice(locs), reply=chain is not None)
                    if chain:
                        txt += self.quote(p.prof[5], chain, cfrom, cto, subj, t - rng.randrange(600, 7200))
                    others = [e for e in ext if e is not p]
                    self.send(t, p, locs[:1] + others[:1], txt, (self.re_prefix(p) if chain else "") + subj,
                              "thread:%d" % th, cc=locs[1:] + others[1:])
                    chain, cfrom, cto = txt, p, locs[0]
                else:
                    u = rng.choice(locs)
                    txt = self.letter_text(u, rng.choice(ext), reply=True) + self.quote("outlook" if self.ko else "outlook_ar", chain, cfrom, u, subj, t)
                    chain, cfrom, cto = txt, u, ext[0]
                t += rng.randrange(900, 86400)

    # -- mailing lists: one transaction per post to the local subscribers
    def lists(self, nlists, nposts):
        rng, s = self.rng, self.s
        names = (["kldp-users", "kiise-db", "python-kr", "hpc-korea", "ubuntu-ko", "kcc-members", "nlp-kr",
                  "seminar-ai", "alumni-cse98", "kosslab", "hangul-dev", "bioinfo-kr", "gis-kr"]
                 if self.ko else
                 ["saudi-sce", "isoc-sa", "arabeyes-general", "gulf-hr-forum", "procurement-ksa", "riyadh-it-pros",
                  "arab-accountants", "ksa-customs-brokers", "oracle-ebs-arab", "gcc-logistics", "pmi-ar", "linux-arab"])
        for li in range(nlists):
            name = names[li % len(names)]
            google = rng.random() < 0.5
            host = "googlegroups.com" if google else (name.split("-")[0] + (".or.kr" if self.ko else ".org"))
            net = net24(rng) if google else (kr_net24 if self.ko else gulf_net24)(rng)
            ips = [ip_in(rng, net) for _ in range(3 if google else 1)]
            subs = rng.sample(s.users, rng.choice([2, 4, 6, 10, 15, 25, 40, 70]))
            posters = rng.sample(self.people, 30)
            if google:
                footer = ("--\n%s\n---\n%s" % (
                    ("이 메시지는 Google 그룹스 '%s' 그룹에 가입한 분들에게 전송되는 메시지입니다.\n이 그룹에서 탈퇴하고 더 이상 이메일을 받지 않으려면 %s+unsubscribe@googlegroups.com에 이메일을 보내세요." if self.ko else
                     "لقد تلقيت هذه الرسالة لأنك مشترك في مجموعة \"%s\" في مجموعات Google.\nلإلغاء الاشتراك في هذه المجموعة والتوقف عن تلقي رسائل إلكترونية منها، أرسل رسالة إلكترونية إلى %s+unsubscribe@googlegroups.com.") % (name, name),
                    "To view this discussion visit https://groups.google.com/d/msgid/%s/" % name))
            else:
                footer = "_______________________________________________\n%s mailing list\n%s@%s\nhttps://lists.%s/mailman/listinfo/%s\n" % (name, name, host, host, name)
            posts = []
            for k in range(max(3, int(nposts * rng.uniform(0.2, 1.8)))):
                p = rng.choice(posters)
                t = s.when(rng, weekend=0.6)
                if posts and rng.random() < 0.45:
                    pt, ptxt, pp, psub = rng.choice(posts)
                    t = max(t, pt + 1200)
                    txt = self.letter_text(p, pp, reply=True) + self.quote(p.prof[5], ptxt, pp, pp, psub, pt)
                    subj = "Re: " + psub
                else:
                    txt = self.letter_text(p, rng.choice(posters))
                    subj = self.subject()
                posts.append((t, txt, p, subj))
                full = txt + "\n" + footer
                prof = p.prof if p.prof[2] != "html" else (p.prof[0], p.prof[1], "alt") + p.prof[3:]
                node = make_body(rng, full, prof, rtl=not self.ko)
                lid = "%s.%s" % (name, host)
                tag = "" if google else "[%s] " % name
                hdrs = [("Date", rfcdate(t, s.tz)), ("From", addr_hdr(p.name, p.addr, prof[0] if prof[0] != "iso-2022-kr" else "euc-kr")),
                        ("To", "%s@%s" % (name, host)), ("Subject", ew(tag + subj, "utf-8" if google else (prof[0] if prof[0] != "iso-2022-kr" else "euc-kr"))),
                        ("Message-ID", "<%x@%s>" % (rng.randrange(1 << 48), p.addr.split("@")[1])),
                        ("List-Id", "<%s>" % lid), ("List-Unsubscribe", "<mailto:%s+unsubscribe@%s>" % (name, host)),
                        ("Precedence", "list")]
                snd = ("%s+bncBD%s@googlegroups.com" % (name, rword(rng, 20, 30, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"))) if google else "%s-bounces@%s" % (name, host)
                s.add(t, rng.choice(ips), ("mail-%s.google.com" % rword(rng, 4, 6)) if google else "lists." + host, snd,
                      [u.addr for u in subs], "ham", "list:%s" % name, hdrs, node)

    # -- a shared ESP: /24s from which many brands send
    def esp_pool(self, k):
        rng = self.rng
        if not hasattr(self, "_esp"):
            self._esp = [[net24(rng) for _ in range(rng.randrange(3, 7))] for _ in range(3)]
        return self._esp[k % 3]

    # -- newsletters: one transaction per subscriber, VERP
    def newsletters(self, spec):
        rng, s = self.rng, self.s
        for ni, (nsubs, period, style) in enumerate(spec):
            brand, dom = ([("한빛 과학기술 뉴스레터", "news.kistep-like.re.kr"), ("DBpia 신규 논문 알림", "mail.dbpia-like.co.kr"),
                           ("주간 IT 트렌드", "stibee-like.com"), ("교보문고 북뉴스", "mail.kyobo-like.co.kr"),
                           ("네이버 카페 새글 알림", "cafe.naver-like.com"), ("한국연구재단 소식", "news.nrf-like.re.kr"),
                           ("오늘의 경제 브리핑", "letter.hankyung-like.com"), ("학회 월간 소식", "kiise-like.or.kr"),
                           ("채용정보 맞춤알림", "jobkorea-like.co.kr")]
                          if self.ko else
                          [("نشرة السوق السعودي", "news.argaam-like.com"), ("عروض جرير", "mail.jarir-like.com"),
                           ("النشرة الاقتصادية", "newsletter.aleqt-like.com"), ("أخبار الغرفة التجارية", "chamber-like.org.sa"),
                           ("LinkedIn Jobs KSA", "linkedin-like.com"), ("عروض نون", "noon-like.com"),
                           ("نشرة هيئة الزكاة", "zatca-like.gov.sa"), ("Gulf Business Weekly", "gulfbusiness-like.com"),
                           ("نشرة المشتريات", "etimad-like.sa")])[ni % 9]
            if rng.random() < 0.5:
                ips = [ip_in(rng, n) for n in self.esp_pool(ni) for _ in range(2)]
                helo = "o%d.esp%d.example-esp.net"
            else:
                n_ = net24(rng)
                ips = [ip_in(rng, n_) for _ in range(rng.randrange(1, 4))]
                helo = "mta%%d.%s" % dom
            subs = rng.sample(s.users, min(nsubs, len(s.users)))
            cs = "utf-8" if style != "legacy" else ("euc-kr" if self.ko else "windows-1256")
            hour = rng.uniform(6, 10)
            for day in range(0, s.days, period):
                t0 = int(day * 86400 + hour * 3600 - s.tz * 3600)
                issue = 100 + day // period
                arts = []
                for a in range(rng.randrange(3, 7)):
                    arts.append(("■ " if self.ko else "◄ ") + self.subject() + "\n" + wrap(s.prose.para(rng, rng.randrange(2, 4)), 100000))
                subj = ("[%s] %d호 - %s" if self.ko else "%s | العدد %d: %s") % (brand, issue, self.subject())
                for j, u in enumerate(subs):
                    t = t0 + j * rng.randrange(1, 5)
                    head = ("%s님, 안녕하세요.\n%s %d호를 보내드립니다.\n\n" % (u.name, brand, issue)) if self.ko else \
                        ("عزيزي %s،\nإليك العدد %d من %s\n\n" % (u.short, issue, brand))
                    foot = (("\n\n본 메일은 %s님이 수신동의하신 메일입니다. 수신을 원치 않으시면 [수신거부]를 클릭하세요.\nhttps://%s/unsub?u=%s&c=%08x\n(주)%s | 서울특별시 강남구 테헤란로 %d | 사업자등록번호 %03d-%02d-%05d"
                              % (u.name, dom, u.addr, rng.randrange(1 << 32), brand.split()[0], rng.randrange(100, 999), rng.randrange(1000), rng.randrange(100), rng.randrange(100000)))
                            if self.ko else
                            ("\n\nتلقيت هذه الرسالة لأنك مشترك في %s. لإلغاء الاشتراك اضغط هنا:\nhttps://%s/unsubscribe?e=%s&k=%08x\nجميع الحقوق محفوظة © 2026" % (brand, dom, u.addr, rng.randrange(1 << 32))))
                    txt = head + "\n\n".join(arts) + foot
                    if style == "legacy":
                        node = Part(txt, cs, "8bit" if self.ko else "quoted-printable")
                    elif style == "html":
                        node = Part(to_html(txt, cs, "news", not self.ko), cs, "base64", "html")
                        node.text = txt
                    else:
                        node = Multi("alternative", [Part(txt, cs, "quoted-printable"), Part(to_html(txt, cs, "news", not self.ko), cs, "quoted-printable", "html")])
                    hdrs = [("Date", rfcdate(t, s.tz)), ("From", addr_hdr(brand, "news@" + dom, cs)), ("To", u.addr),
                            ("Subject", ew(subj, cs)), ("Message-ID", "<%d.%d.%x@%s>" % (issue, j, rng.randrange(1 << 32), dom)),
                            ("List-Unsubscribe", "<https://%s/unsub?u=%s>, <mailto:unsub-%x@%s>" % (dom, u.addr, rng.randrange(1 << 32), dom)),
                            ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"), ("Precedence", "bulk")]
                    h = helo % (rng.randrange(1, 9), rng.randrange(1, 4)) if helo.count("%d") == 2 else helo % rng.randrange(1, 9)
                    s.add(t, rng.choice(ips), h, "bounce-%d-%s=%s@%s" % (issue, u.addr.split("@")[0], s.domain, dom), [u.addr],
                          "ham", "news:%d" % ni, hdrs, node)

    # -- transactional notices: one template, the recipient's details
    NOTICE_KO = {
        "portal": ("[네이버] 새로운 환경에서 로그인 되었습니다.", "네이버", "%(name)s님의 네이버 아이디(%(id)s)가 새로운 환경에서 로그인되었습니다.\n\n로그인 일시: %(date)s\n접속 위치: %(place)s\nIP 주소: %(ip)s\n브라우저: %(item)s\n\n본인이 로그인한 것이 아니라면 비밀번호를 변경해 주세요.\n보안 설정 바로가기 https://nid.example-portal.com/user2/help/myInfo?id=%(oid)s"),
        "kakao": ("[카카오계정] 인증번호 안내", "카카오", "안녕하세요, %(name)s님.\n요청하신 카카오계정 인증번호를 안내해 드립니다.\n\n인증번호: %(n6)s\n요청 일시: %(date)s\n\n인증번호는 10분간 유효합니다.\n본인이 요청하지 않은 경우 이 메일을 무시해 주세요.\n참조번호 %(oid)s"),
        "shop": ("[쿠팡] 주문하신 상품의 결제가 완료되었습니다", "쿠팡", "%(name)s 고객님, 주문해 주셔서 감사합니다.\n\n주문번호: %(oid)s\n주문일시: %(date)s\n상품명: %(item)s\n수량: %(qty)d개\n결제금액: %(amt)s원\n\n배송이 시작되면 다시 알려드리겠습니다."),
        "card": ("[신한카드] 승인 내역 안내", "신한카드", "%(name)s 회원님의 카드 승인 내역입니다.\n\n카드번호: 9410-****-****-%(n4)s\n승인일시: %(date)s\n가맹점: %(item)s\n승인번호: %(n6)s\n승인금액: %(amt)s원 (일시불)\n\n본 메일은 발신전용입니다."),
        "delivery": ("[CJ대한통운] 상품 배송 출발 안내", "CJ대한통운", "%(name)s 고객님의 상품이 배송 출발하였습니다.\n\n운송장번호: %(oid)s\n배송예정일: %(date)s\n상품: %(item)s\n수량: %(qty)d\n배송기사: 010-%(n4)s-%(n4b)s\n\n부재 시 경비실에 맡겨드립니다."),
        "lms": ("[e-Class] 새 과제가 등록되었습니다", "한빛대학교 e-Class", "%(name)s 학생, 안녕하세요.\n수강 중인 강좌에 새 과제가 등록되었습니다.\n\n강좌: %(course)s\n과제명: %(item)s\n제출기한: %(date)s\n\n자세한 내용은 e-Class에서 확인하세요.\nhttps://eclass.hanbit.ac.kr/course/view.php?id=%(n4)s"),
        "library": ("[도서관] 대출 도서 반납 예정 안내", "한빛대학교 도서관", "%(name)s 님, 대출하신 도서의 반납 예정일이 다가왔습니다.\n\n서명: %(item)s\n등록번호: %(oid)s\n반납예정일: %(date)s\n연장가능 횟수: %(qty)d회\n\n연체 시 대출이 정지될 수 있습니다."),
    }
    NOTICE_AR = {
        "bank": ("إشعار عملية شراء", "بنك الوفاء", "عزيزنا العميل %(name)s،\n\nتمت عملية شراء عبر بطاقتكم المنتهية بـ %(n4)s\nالمبلغ: %(amt)s ريال\nلدى: %(item)s\nالتاريخ: %(date)s\nالرقم المرجعي: %(oid)s\nالرصيد المتاح: %(amt2)s ريال\n\nإذا لم تقم بهذه العملية يرجى الاتصال بنا فوراً على 8001240000."),
        "telecom": ("فاتورتك لشهر يونيو جاهزة", "اتصالات الخليج", "عزيزي العميل %(name)s،\n\nنود إعلامك بأن فاتورتك رقم %(oid)s أصبحت جاهزة.\nرقم الحساب: %(n6)s\nمبلغ الفاتورة: %(amt)s ريال\nتاريخ الاستحقاق: %(date)s\nالخدمة: %(item)s\n\nيمكنك السداد عبر التطبيق أو عبر سداد برقم المفوتر 010."),
        "gov": ("تم تنفيذ طلبكم بنجاح", "منصة الخدمات الإلكترونية", "المستفيد الكريم %(name)s،\n\nنفيدكم بأنه تم تنفيذ طلبكم رقم %(oid)s بنجاح.\nنوع الخدمة: %(item)s\nتاريخ التنفيذ: %(date)s\nرقم المنشأة: %(n6)s\n\nهذه رسالة آلية، يرجى عدم الرد عليها."),
        "shop": ("تم تأكيد طلبك رقم %(oid)s", "متجر نون", "مرحباً %(name)s،\n\nشكراً لتسوقك معنا! تم تأكيد طلبك.\n\nرقم الطلب: %(oid)s\nالتاريخ: %(date)s\nالمنتج: %(item)s\nالكمية: %(qty)d\nالإجمالي: %(amt)s ريال شامل ضريبة القيمة المضافة\n\nسنرسل لك إشعاراً عند شحن الطلب."),
        "einv": ("فاتورة ضريبية إلكترونية رقم %(oid)s", "نظام الفوترة", "السادة / %(name)s المحترمين\n\nمرفق لكم الفاتورة الضريبية الإلكترونية.\nرقم الفاتورة: %(oid)s\nتاريخ الإصدار: %(date)s\nالبيان: %(item)s\nالرقم الضريبي للمورد: 3%(n6)s00003\nالمبلغ الخاضع للضريبة: %(amt)s ريال\nضريبة القيمة المضافة 15%%: %(amt2)s ريال\n\nهذه الفاتورة صادرة إلكترونياً ولا تحتاج إلى توقيع."),
        "delivery": ("شحنتك في الطريق", "أرامكس", "مرحباً %(name)s،\n\nشحنتك رقم %(oid)s في طريقها إليك.\nموعد التسليم المتوقع: %(date)s\nالمحتوى: %(item)s\nعدد القطع: %(qty)d\n\nتتبع شحنتك: https://track.example-courier.com/%(oid)s"),
        "m365": ("Microsoft 365: تسجيل دخول غير معتاد", "Microsoft 365", "%(name)s،\n\nاكتشفنا تسجيل دخول إلى حسابك %(id)s من موقع جديد.\nالتاريخ: %(date)s\nالموقع: %(place)s\nعنوان IP: %(ip)s\nالمتصفح: %(item)s\n\nإذا كنت أنت، يمكنك تجاهل هذه الرسالة. المرجع: %(oid)s"),
    }

    def notices(self, spec):
        rng, s = self.rng, self.s
        tbl = self.NOTICE_KO if self.ko else self.NOTICE_AR
        places = (["서울특별시", "경기도 성남시", "대전광역시", "부산광역시", "미국", "일본"] if self.ko else
                  ["الرياض", "جدة", "الدمام", "دبي", "القاهرة", "عمّان"])
        courses = ["자료구조(01분반)", "운영체제(02분반)", "일반물리학및실험", "경영학원론", "데이터베이스", "미적분학I", "대학글쓰기", "인공지능개론"]
        for ni, (kind_, nusers, per_user) in enumerate(spec):
            subj_t, fname, body_t = tbl[kind_]
            internal = kind_ in ("lms", "library")
            if internal:
                ips, helo = [ip_in(rng, s.localnet)], ("eclass.hanbit.ac.kr" if kind_ == "lms" else "lib.hanbit.ac.kr")
                dom = s.domain
            elif rng.random() < 0.4:
                ips = [ip_in(rng, n) for n in self.esp_pool(ni + 1)]
                helo, dom = "o%d.esp.example-esp.net" % ni, "%s%d.example-notice.%s" % (kind_, ni, "co.kr" if self.ko else "com.sa")
            else:
                n_ = (kr_net24 if self.ko else gulf_net24)(rng)
                ips = [ip_in(rng, n_) for _ in range(rng.randrange(1, 4))]
                dom = "%s%d.example-notice.%s" % (kind_, ni, "co.kr" if self.ko else "com.sa")
                helo = "smtp.%s" % dom
            pool = s.students if (internal and s.students) else s.users
            users = rng.sample(pool, min(nusers, len(pool)))
            cs = rng.choice(["utf-8", "utf-8", "euc-kr", "ks_c_5601-1987"] if self.ko else ["utf-8", "utf-8", "windows-1256"])
            shape = rng.choice(["html", "html", "single", "alt"])
            legal = wrap(s.prose.para(random.Random(ni * 31 + 7), 2), 100000)
            course_item = {}
            for u in users:
                for k in range(rng.randrange(1, per_user + 1)):
                    t = s.when(rng, hours=(0, 24), weekend=0.7)
                    d, mon, day, hh, mm, _ = local(t + rng.randrange(0, 5 * 86400) if kind_ in ("lms", "library", "delivery", "telecom") else t, s.tz)
                    c = rng.choice(courses)
                    if c not in course_item:
                        course_item[c] = s.prose.sents(rng, 1)[0][:30]
                    vals = {"name": u.name, "id": u.addr.split("@")[0], "date": "2026-%02d-%02d %02d:%02d" % (mon, day, hh, mm),
                            "place": rng.choice(places), "ip": "%d.%d.%d.%d" % (rng.randrange(1, 223), rng.randrange(256), rng.randrange(256), rng.randrange(256)),
                            "item": course_item[c] if kind_ == "lms" else " ".join(s.prose.sents(rng, 1)[0].split()[:4]),
                            "oid": "%d%08d" % (rng.randrange(10, 99), rng.randrange(10 ** 8)), "qty": rng.randrange(1, 4),
                            "amt": "{:,}".format(rng.randrange(1000, 900000) if self.ko else rng.randrange(10, 9000)),
                            "amt2": "{:,}".format(rng.randrange(10, 90000)), "n4": "%04d" % rng.randrange(10000),
                            "n4b": "%04d" % rng.randrange(10000), "n6": "%06d" % rng.randrange(10 ** 6), "course": c}
                    txt = body_t % vals + "\n\n" + ("─" * 30 if self.ko else "-" * 40) + "\n" + legal + "\n"
                    subj = subj_t % vals
                    if shape == "html":
                        node = Part(to_html(txt, cs, "news", not self.ko), cs, "base64" if cs == "utf-8" else "8bit", "html")
                        node.text = txt
                    elif shape == "alt":
                        node = Multi("alternative", [Part(txt, cs, "base64"), Part(to_html(txt, cs, "news", not self.ko), cs, "base64", "html")])
                    else:
                        node = Part(txt, cs, "quoted-printable" if cs == "utf-8" else "8bit")
                    hdrs = [("Date", rfcdate(t, s.tz)), ("From", addr_hdr(fname, "no-reply@" + dom, cs)),
                            ("To", u.addr), ("Subject", ew(subj, cs)), ("Message-ID", "<%x.%d@%s>" % (rng.randrange(1 << 48), t, dom))]
                    s.add(t, rng.choice(ips), helo, "bounce+%x@%s" % (rng.randrange(1 << 32), dom), [u.addr],
                          "ham", "notice:%s%d" % (kind_, ni), hdrs, node)

    # -- announcements to hundreds of local users: the campus mass mailer
    # (ko) or the parent holding's Exchange (ar), 100 recipients a transaction
    def announcements(self, n):
        rng, s = self.rng, self.s
        if self.ko:
            relay, helo = ip_in(rng, s.localnet), "mass.hanbit.ac.kr"
            offices = ["학사지원팀", "학생지원팀", "국제교류팀", "장학팀", "정보전산원", "도서관", "취업지원센터", "총무팀", "연구지원팀"]
        else:
            hn = gulf_net24(rng)
            relay, helo = ip_in(rng, hn), "exch01.alrawabi-holding.com"
            offices = ["إدارة الموارد البشرية", "الإدارة المالية", "إدارة تقنية المعلومات", "إدارة السلامة", "مكتب الرئيس التنفيذي"]
        for a in range(n):
            off = rng.choice(offices)
            t = s.when(rng)
            if self.ko:
                sender = "%s@%s" % (rng.choice(["haksa", "student", "intl", "scholarship", "ict", "lib", "career", "admin"]), s.domain)
                rc = rng.sample(s.students if rng.random() < 0.7 else s.users, rng.randrange(200, min(1800, len(s.users))))
                txt = ("%s 구성원 여러분께\n\n안녕하십니까, %s입니다.\n\n" % (rng.choice(["학생", "교직원", "한빛대학교"]), off) +
                       wrap(s.prose.para(rng, rng.randrange(3, 8)), 100000) + "\n\n□ 문의: %s (내선 %04d)\n\n%s\n" % (off, rng.randrange(10000), off))
                subj = rng.choice(["[학사공지] ", "[공지] ", "[안내] ", "[필독] "]) + self.subject()
                cs = rng.choice(["ks_c_5601-1987", "utf-8"])
                node = make_body(rng, txt, (cs, "base64", "html", "plain", None, None))
            else:
                sender = "%s@alrawabi-holding.com" % rng.choice(["hr", "finance", "it.helpdesk", "hse", "ceo.office"])
                rc = s.users
                txt = ("الزملاء الأعزاء،\n\nالسلام عليكم ورحمة الله وبركاته،\n\nتعميم من %s:\n\n" % off +
                       wrap(s.prose.para(rng, rng.randrange(3, 7)), 100000) + "\n\nوتفضلوا بقبول فائق الاحترام،\n%s\n" % off)
                subj = "تعميم: " + self.subject()
                cs = rng.choice(["windows-1256", "utf-8"])
                node = make_body(rng, txt, (cs, "quoted-printable", "alt", "outlook", "Microsoft Outlook 16.0", None), rtl=True)
            mid = "<%x@%s>" % (rng.randrange(1 << 48), sender.split("@")[1])
            for i in range(0, len(rc), 100):
                hdrs = [("Date", rfcdate(t, s.tz)), ("From", addr_hdr(off, sender, cs)), ("To", addr_hdr(off, sender, cs)),
                        ("Subject", ew(subj, cs)), ("Message-ID", mid)]
                s.add(t + i // 100 * 7, relay, helo, sender, [u.addr for u in rc[i:i + 100]], "ham", "announce:%d" % a, hdrs, node)

    # -- per-student personalised mass mail (tuition bills, survey requests)
    def massmail(self, n):
        rng, s = self.rng, self.s
        if not self.ko:
            return
        relay = ip_in(rng, s.localnet)
        tmpls = [("[한빛대학교] 2026학년도 2학기 등록금 고지서 발급 안내",
                  "%(name)s 학생(학번 %(sid)s)에게 알려드립니다.\n\n2026학년도 2학기 등록금 고지서가 발급되었습니다.\n\n- 납부기간: 2026. 8. 18.(화) ~ 8. 21.(금)\n- 납부금액: %(amt)s원\n- 가상계좌: 신한은행 %(acct)s\n\n분할납부를 원하는 학생은 기간 내 포털에서 신청하시기 바랍니다.\n장학금 감면액이 반영된 금액이므로 고지서를 반드시 확인하십시오.\n\n재무팀 드림"),
                 ("[한빛대학교] 2026학년도 1학기 강의평가 참여 요청",
                  "%(name)s 학생, 안녕하세요.\n\n아직 강의평가에 참여하지 않은 과목이 %(k)d개 있습니다.\n강의평가는 수업의 질 향상을 위한 자료로만 활용되며 익명이 보장됩니다.\n\n- 평가기간: 6. 8.(월) ~ 6. 19.(금)\n- 참여방법: 포털 > 학사 > 강의평가\n- 미참여 시 성적 조회가 제한됩니다.\n\n교무팀 드림"),
                 ("[장학팀] 국가장학금 2차 신청 안내(%(name)s님)",
                  "%(name)s님께\n\n한국장학재단 국가장학금 2차 신청 기간을 안내해 드립니다.\n\n- 신청기간: 2026. 6. %(d)d. ~ 7. 10.\n- 대상: 재학생 및 신입생, 편입생\n- 신청: 한국장학재단 홈페이지\n\n서류 제출이 필요한 학생은 기한 내에 반드시 제출하시기 바랍니다.\n\n학생지원팀 장학담당")]
        for m in range(n):
            subj_t, body_t = tmpls[m % len(tmpls)]
            rc = rng.sample(s.students, rng.randrange(150, min(320, len(s.students))))
            t0 = s.when(rng, hours=(9, 11))
            cs = rng.choice(["utf-8", "euc-kr", "ks_c_5601-1987"])
            for j, u in enumerate(rc):
                t = t0 + j // 3
                vals = {"name": u.name, "sid": "20%02d%04d" % (rng.randrange(19, 26), rng.randrange(10000)),
                        "amt": "{:,}".format(rng.choice([3520000, 4180000, 2980000, 0, 1760000])),
                        "acct": "562-%03d-%06d" % (rng.randrange(1000), rng.randrange(10 ** 6)), "k": rng.randrange(1, 6), "d": 1 + m}
                txt = body_t % vals
                node = Part(to_html(txt, cs, "plain"), cs, "base64", "html")
                node.text = txt
                hdrs = [("Date", rfcdate(t, s.tz)), ("From", addr_hdr("한빛대학교", "noreply@" + s.domain, cs)),
                        ("To", addr_hdr(u.name, u.addr, cs)), ("Subject", ew(subj_t % vals, cs)),
                        ("Message-ID", "<mass.%d.%d@%s>" % (m, j, s.domain))]
                s.add(t, relay, "mass.hanbit.ac.kr", "noreply@" + s.domain, [u.addr], "ham", "mass:%d" % m, hdrs, node)

    # -- a ministry circular that several organisations forward
    def circulars(self, n):
        rng, s = self.rng, self.s
        for c in range(n):
            if self.ko:
                head = "「2026년도 %s」 %s 안내" % (rng.choice(["대학혁신지원사업", "기초연구사업", "이공분야 학술연구교수", "산학협력 선도대학 사업", "정보보호 교육"]), rng.choice(["신규과제 공모", "설명회 개최", "추진계획", "협조 요청"]))
                body = ("1. 관련: %s-%d (2026. 5. %d.)\n2. 위 호와 관련하여 「%s」을(를) 다음과 같이 안내하오니, 관심 있는 분들의 많은 참여 바랍니다.\n\n" %
                        (rng.choice(["교육부 대학재정지원과", "과학기술정보통신부 기초원천연구정책과", "한국연구재단 인문사회연구본부"]), rng.randrange(1000, 9999), rng.randrange(1, 31), head) +
                        wrap(s.prose.para(rng, rng.randrange(4, 8)), 100000) +
                        "\n\n가. 접수기간: 2026. 6. %d.(%s) ~ 7. %d.\n나. 접수방법: 온라인 접수\n\n붙임  1. 공고문 1부.\n      2. 신청서 양식 1부.  끝." % (rng.randrange(8, 20), rng.choice(KO_DOW), rng.randrange(1, 20)))
            else:
                head = "تعميم بشأن %s" % rng.choice(["تنظيم ساعات العمل خلال فصل الصيف", "حظر العمل تحت أشعة الشمس", "تحديث متطلبات الفوترة الإلكترونية",
                                                   "نسب التوطين في قطاع التجزئة", "إجازة عيد الأضحى المبارك"])
                body = ("إشارة إلى قرار %s رقم %d وتاريخ %d/11/1447هـ،\n\n" % (rng.choice(["معالي وزير الموارد البشرية والتنمية الاجتماعية", "هيئة الزكاة والضريبة والجمارك", "وزارة التجارة"]),
                                                                          rng.randrange(10000, 99999), rng.randrange(1, 29)) +
                        wrap(s.prose.para(rng, rng.randrange(4, 8)), 100000) +
                        "\n\nوعليه نأمل من جميع المنشآت الالتزام بما ورد أعلاه.\n\nوالله الموفق،")
            fwds = rng.sample(self.orgs, rng.randrange(3, 9))
            for k, org in enumerate(fwds):
                p = rng.choice([x for x in self.people if x.org is org] or self.people)
                t = s.when(rng) + k * rng.randrange(600, 40000)
                intro = (rng.choice(["아래와 같이 공문을 전달드리오니 참고하시기 바랍니다.", "관련 공문 전달합니다. 해당되시는 분은 기한 내 신청 바랍니다.",
                                     "%s 회원 여러분께 알려드립니다." % org["name"].upper(), "FYI. 공문 내용 공유드립니다."])
                         if self.ko else
                         rng.choice(["للعلم والإحاطة، نرفق لكم التعميم أدناه.", "نعيد إرسال التعميم الوارد من الجهة المختصة للاطلاع والعمل بموجبه.",
                                     "السادة أعضاء %s، نحيطكم علماً بالتعميم التالي:" % org["name"], "FYI - please see the circular below."]))
                fw = ("\n\n---------- 전달된 메일 ----------\n보낸사람: 공문발송 <doc@%s.go.kr>\n제목: %s\n\n" % (rng.choice(["moe", "msit", "nrf"]), head)) if self.ko else \
                    ("\n\n-----Original Message-----\nFrom: %s\nSubject: %s\n\n" % (rng.choice(["circulars@mhrsd.gov.sa", "info@zatca.gov.sa"]), head))
                txt = intro + fw + body + "\n" + (p.sig or "")
                rcpts = rng.sample(s.staff if self.ko else s.users, rng.randrange(1, 25))
                self.send(t, p, rcpts[:1], txt, ("FW: " if rng.random() < 0.5 else ("[전달] " if self.ko else "إعادة توجيه: ")) + head,
                          "circular:%d" % c, cc=rcpts[1:])

    # -- meeting invitations (Teams, Zoom, Google Calendar), with text/calendar
    def invites(self, n):
        rng, s = self.rng, self.s
        for i in range(n):
            org = rng.choice(self.people)
            kind = rng.choice(["teams", "teams", "zoom", "gcal"])
            rc = rng.sample(s.staff if self.ko else s.users, rng.randrange(1, 12))
            t = s.when(rng)
            d, mon, day, hh, mm, _ = local(t + rng.randrange(1, 6) * 86400, s.tz)
            topic = self.subject()
            mid = "%d %d %d %d" % (rng.randrange(100, 999), rng.randrange(100, 999), rng.randrange(100, 999), rng.randrange(100, 999))
            pw = rword(rng, 6, 7, "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")
            agenda = wrap(s.prose.para(rng, rng.randrange(1, 3)), 100000) if rng.random() < 0.6 else ""
            if kind == "teams":
                core = ("Microsoft Teams 모임\n컴퓨터, 모바일 앱 또는 룸 디바이스에서 참가\n여기를 클릭하여 모임에 참가\n모임 ID: %s\n암호: %s\nTeams 다운로드 | 웹에 참가\n자세한 정보 | 모임 옵션" if self.ko else
                        "اجتماع Microsoft Teams\nالانضمام على الكمبيوتر أو تطبيق الهاتف المحمول أو جهاز الغرفة\nانقر هنا للانضمام إلى الاجتماع\nمعرف الاجتماع: %s\nرمز المرور: %s\nتنزيل Teams | الانضمام على ويب\nمعرفة المزيد | خيارات الاجتماع") % (mid, pw)
                link = ("<https://teams.microsoft.com/l/meetup-join/19%%3ameeting_%s%%40thread.v2/0?context=%%7b%%22Tid%%22%%3a%%22%s%%22%%2c%%22Oid%%22%%3a%%22%s%%22%%7d>"
                        % (base64.b64encode(bytes(rng.randrange(256) for _ in range(36))).decode().rstrip("="),
                           "%08x-%04x-%04x-%04x-%012x" % (hash_int(org.addr.split("@")[1]), 0x4a1b, 0x9c2d, 0x8e3f, hash_int(org.addr.split("@")[1], 3)),
                           "%08x-%04x-%04x-%04x-%012x" % (rng.randrange(1 << 32), rng.randrange(1 << 16), rng.randrange(1 << 16), rng.randrange(1 << 16), rng.randrange(1 << 48))))
                core = core.replace("\n", link + "\n", 3).replace(link + "\n", "\n", 2)
                txt = (agenda + "\n\n" if agenda else "") + "_" * 80 + "\n" + core + "\n" + "_" * 80 + "\n"
                subj = topic
            elif kind == "zoom":
                zid = "8%d %04d %04d" % (rng.randrange(10, 99), rng.randrange(10000), rng.randrange(10000))
                txt = (("%s님이 예약된 Zoom 회의에 귀하를 초대합니다.\n\n주제: %s\n시간: 2026년 %d월 %d일 %02d:%02d %s 서울\n\nZoom 회의 참가\nhttps://us06web.zoom.us/j/%s?pwd=%s\n\n회의 ID: %s\n암호: %s\n\n---\n\n원탭 모바일\n+82 2 6105 4111,,%s# 대한민국\n")
                       if self.ko else
                       ("يدعوك %s إلى اجتماع Zoom مجدول.\n\nالموضوع: %s\nالوقت: %d %s 2026 %02d:%02d %s الرياض\n\nالانضمام إلى اجتماع Zoom\nhttps://us06web.zoom.us/j/%s?pwd=%s\n\nمعرف الاجتماع: %s\nرمز المرور: %s\n\n---\n\nالهاتف المحمول بنقرة واحدة\n+966 11 000 0000,,%s# المملكة العربية السعودية\n"))
                if self.ko:
                    txt = txt % (org.name, topic, mon, day, hh % 12 or 12, mm, "오후" if hh >= 12 else "오전", zid.replace(" ", ""), rword(rng, 32, 33), zid, pw, zid.replace(" ", ""))
                else:
                    txt = txt % (org.name, topic, day, AR_MON6, hh % 12 or 12, mm, "م" if hh >= 12 else "ص", zid.replace(" ", ""), rword(rng, 32, 33), zid, pw, zid.replace(" ", ""))
                subj = ("Zoom 회의 초대: " if self.ko else "دعوة لاجتماع Zoom: ") + topic
            else:
                txt = (("%s님이 다음 일정에 초대했습니다.\n\n%s\n2026년 %d월 %d일 (%s) %s %d시 ~ %d시 (한국 표준시)\n\nGoogle Meet 참여하기\nhttps://meet.google.com/%s-%s-%s\n\n참석자\n%s - 주최자\n%s\n\n참석하시나요? 예 - 아니요 - 미정 - 추가 옵션\n\nGoogle 캘린더의 초대장\n%s 주소로 이 이메일이 발송된 이유는 이 일정에 참석자로 등록되어 있기 때문입니다.\n")
                       if self.ko else
                       ("لقد دعاك %s إلى الحدث التالي.\n\n%s\n%s %d %s 2026 من %d إلى %d (توقيت السعودية)\n\nالانضمام باستخدام Google Meet\nhttps://meet.google.com/%s-%s-%s\n\nالضيوف\n%s - المنظِّم\n%s\n\nهل ستحضر؟ نعم - لا - ربما - مزيد من الخيارات\n\nدعوة من تقويم Google\nأنت تتلقّى هذه الرسالة الإلكترونية على %s لأنك ضيف في هذا الحدث.\n"))
                g = (rword(rng, 3, 4), rword(rng, 4, 5), rword(rng, 3, 4))
                if self.ko:
                    txt = txt % (org.name, topic, mon, day, KO_DOW[d % 7], "오후" if hh >= 12 else "오전", hh % 12 or 12, hh % 12 + 1, g[0], g[1], g[2], org.addr, "\n".join(u.addr for u in rc), rc[0].addr)
                else:
                    txt = txt % (org.name, topic, AR_DOW[d % 7], day, AR_MON6, hh % 12 or 12, hh % 12 + 1, g[0], g[1], g[2], org.addr, "\n".join(u.addr for u in rc), rc[0].addr)
                eid = base64.b64encode(bytes(rng.randrange(256) for _ in range(40))).decode().rstrip("=")
                txt += "\nhttps://calendar.google.com/calendar/event?action=VIEW&eid=%s&tok=%s&ctz=%s&hl=%s&es=1\n" % (
                    eid, base64.b64encode(bytes(rng.randrange(256) for _ in range(30))).decode().rstrip("="), "Asia/Seoul" if self.ko else "Asia/Riyadh", "ko" if self.ko else "ar")
                if agenda:
                    txt = agenda + "\n\n" + txt
                subj = ("초대: %s - 2026년 %d월 %d일 (%s)" % (topic, mon, day, KO_DOW[d % 7])) if self.ko else ("دعوة: %s - %d %s 2026" % (topic, day, AR_MON6))
            dt = "2026%02d%02dT%02d%02d00" % (mon, day, hh, mm)
            desc = txt.replace("\\", "\\\\").replace(",", "\\,").replace(";", "\\;").replace("\n", "\\n")
            ics = ("BEGIN:VCALENDAR\nPRODID:%s\nVERSION:2.0\nMETHOD:REQUEST\nBEGIN:VEVENT\nDTSTART;TZID=%s:%s\nDURATION:PT1H\nUID:%s\nORGANIZER;CN=%s:mailto:%s\n%sSUMMARY:%s\nDESCRIPTION:%s\nSEQUENCE:0\nSTATUS:CONFIRMED\nEND:VEVENT\nEND:VCALENDAR\n"
                   % ("Microsoft Exchange Server 2010" if kind == "teams" else "-//Google Inc//Google Calendar 70.9054//EN",
                      "Korea Standard Time" if self.ko else "Arab Standard Time", dt, "%040X" % rng.randrange(1 << 160),
                      org.name, org.addr, "".join("ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:%s\n" % u.addr for u in rc), topic, desc))
            ics = "\n".join(fold75(l) for l in ics.split("\n"))
            cs = "utf-8" if kind != "teams" or rng.random() < 0.5 else ("ks_c_5601-1987" if self.ko else "windows-1256")
            cal = Part(ics, "utf-8", "base64" if kind == "gcal" else "8bit", "calendar", extra="; method=REQUEST")
            alt = Multi("alternative", [Part(txt, cs, "quoted-printable" if kind != "gcal" else "base64"),
                                        Part(to_html(txt, cs, "outlook" if kind == "teams" else "gmail", not self.ko), cs, "quoted-printable" if kind != "gcal" else "base64", "html"), cal])
            if kind == "gcal":
                att = Blob(ics.encode("utf-8"), "application/ics", "invite.ics")
                node = Multi("mixed", [alt, att])
            else:
                node = alt
            org_prof = org.prof
            org.prof = (cs,) + org.prof[1:]
            self.send(t, org, rc, txt, subj, "invite:%s" % kind, node=node)
            org.prof = org_prof

    # -- out-of-office replies from correspondents away this fortnight
    def ooo(self, npeople):
        rng, s = self.rng, self.s
        for i in range(npeople):
            p = rng.choice(self.people)
            d0 = rng.randrange(s.days - 3)
            d1 = min(s.days - 1, d0 + rng.randrange(2, 10))
            _, m0, dd0, _, _, _ = local(d0 * 86400, 0)
            _, m1, dd1, _, _, _ = local(d1 * 86400, 0)
            back = rng.choice(self.people)
            why = rng.choice(["해외 출장", "학회 참석", "여름 휴가", "교육 참가", "연구년", "개인 사정"] if self.ko else
                             ["إجازة سنوية", "مهمة عمل", "حضور مؤتمر", "إجازة", "دورة تدريبية"])
            if self.ko:
                parts_ = [rng.choice(["안녕하세요. %s입니다." % p.name, "[부재중 자동응답]", "%s입니다. 메일 감사합니다." % p.name, "보내주신 메일 잘 받았습니다."]),
                          rng.choice(["%d월 %d일부터 %d월 %d일까지 %s 관계로 메일 확인이 어렵습니다." % (m0, dd0, m1, dd1, why),
                                      "현재 %s 중이며 %d/%d에 복귀합니다." % (why, m1, dd1),
                                      "%s(으)로 %d월 %d일까지 부재중입니다. 메일 답변이 늦어질 수 있습니다." % (why, m1, dd1),
                                      "저는 %d월 %d일(%s)까지 자리를 비웁니다." % (m1, dd1, KO_DOW[d1 % 7])]),
                          rng.choice(["급한 용무는 %s(%s)에게 연락 부탁드립니다." % (back.name, back.addr), "긴급한 사항은 %s <%s>로 연락 주시기 바랍니다." % (back.name, back.addr),
                                      "급한 일은 휴대폰(010-%04d-%04d)으로 문자 주세요." % (rng.randrange(10000), rng.randrange(10000)), "복귀 후 확인하여 답변드리겠습니다."]),
                          rng.choice(["감사합니다.", "양해 부탁드립니다.", "", "좋은 하루 보내세요."])]
            else:
                parts_ = [rng.choice(["شكراً لرسالتك.", "السلام عليكم،", "شكراً على تواصلكم.", ""]),
                          rng.choice(["أنا خارج المكتب من %d/%d حتى %d/%d بسبب %s." % (dd0, m0, dd1, m1, why),
                                      "أنا حالياً في %s وسأعود بتاريخ %d/%d." % (why, dd1, m1),
                                      "سأكون خارج المكتب حتى %s %d %s مع إمكانية محدودة للاطلاع على البريد." % (AR_DOW[d1 % 7], dd1, AR_MON6)]),
                          rng.choice(["للأمور العاجلة يرجى التواصل مع %s على %s." % (back.name, back.addr), "سأقوم بالرد على رسالتك فور عودتي.",
                                      "للضرورة يمكن الاتصال على الجوال 05%d%07d." % (rng.randrange(10), rng.randrange(10 ** 7))]),
                          rng.choice(["", "Thank you for your email. I am out of the office until %d/%d with limited access to email. For urgent matters please contact %s." % (m1, dd1, back.addr),
                                      "I am currently out of the office and will respond upon my return."])]
            txt = "\n".join(x for x in parts_ if x)
            if rng.random() < 0.6 and p.sig:
                txt += "\n\n" + p.sig
            for k in range(rng.randrange(1, 12)):
                t = s.when(rng, day=rng.randrange(d0, d1 + 1), hours=(0, 24))
                u = rng.choice(s.users)
                osub = self.subject()
                subj = (rng.choice(["자동 회신: ", "[자동응답] ", "부재중: "]) if self.ko else rng.choice(["رد تلقائي: ", "Automatic reply: "])) + osub
                node = make_body(rng, txt, p.prof, rtl=not self.ko)
                client, helo = self.client_of(p)
                hdrs = [("Date", rfcdate(t, s.tz)), ("From", addr_hdr(p.name, p.addr, "utf-8")), ("To", u.addr),
                        ("Subject", ew(subj, "utf-8")), ("Message-ID", "<%x@%s>" % (rng.randrange(1 << 48), p.addr.split("@")[1])),
                        ("Auto-Submitted", "auto-replied"), ("X-Auto-Response-Suppress", "All")]
                s.add(t, client, helo, None, [u.addr], "ham", "ooo:%d" % i, hdrs, node)


def disclaimer(o, ko):
    """An organisation's own disclaimer: its lawyers picked the clauses."""
    r = random.Random(hash_int(o["dom"], 5))
    co = o["name"].replace("-like", "").upper() if ko else o["name"].replace("-like", "").capitalize()
    if ko:
        pools = [["이 메일은 지정된 수신인만을 위한 것이며", "본 메일은 수신인에 한하여 발송된 것으로", "이 전자우편은 %s의 업무용 메일로서" % co, "본 메일 및 첨부파일은"],
                 ["비밀정보를 포함하고 있을 수 있습니다.", "법적으로 보호되는 정보가 포함되어 있습니다.", "%s의 영업비밀을 포함할 수 있습니다." % co, "대외비 정보를 담고 있습니다."],
                 ["잘못 수신하신 경우 발신인에게 알려주시고 즉시 삭제하여 주시기 바랍니다.", "수신인이 아닌 경우 열람, 복사, 배포를 금합니다.", "오발송된 경우 회신 후 삭제 부탁드립니다.", ""],
                 ["", "", "This e-mail may contain confidential information.", "If you are not the intended recipient, please delete it."]]
    else:
        pools = [["إخلاء المسؤولية:", "تنبيه:", "سرية:", "إشعار قانوني لشركة %s:" % co],
                 ["هذه الرسالة وأي مرفقات بها سرية ومخصصة فقط للمرسل إليه.", "المعلومات الواردة في هذا البريد الإلكتروني خاصة بشركة %s." % co,
                  "هذه الرسالة موجهة فقط للشخص أو الجهة المرسلة إليها.", "محتوى هذه الرسالة سري ومحمي بموجب الأنظمة."],
                 ["إذا وصلتك عن طريق الخطأ فيرجى إبلاغ المرسل وحذفها فوراً.", "لا يجوز نسخها أو توزيعها دون إذن.", "يرجى عدم طباعة هذه الرسالة إلا عند الضرورة.", ""],
                 ["DISCLAIMER: This email and any attachments are confidential and intended solely for the addressee.",
                  "This message may contain privileged information of %s." % co, "Please consider the environment before printing this email.", ""]]
    return "\n".join(x for x in (" ".join(r.choice(p) for p in pools[:3]), r.choice(pools[3])) if x.strip())


def fold75(line):
    b = line.encode("utf-8")
    if len(b) <= 75:
        return line
    out, cur = [], ""
    for ch in line:
        if len((cur + ch).encode("utf-8")) > 74:
            out.append(cur)
            cur = " " + ch
        else:
            cur += ch
    out.append(cur)
    return "\n".join(out)

# ------------------------------------------------------------------ spam

KO_SPAM = [
    ("(광고) 신규가입 첫충 %(num)s%% 보너스 지급", "♠ 메이저 카지노 ♠ 먹튀 없는 안전놀이터\n\n신규가입 즉시 첫충 %(num)s%% 매충 10%%\n스포츠 / 바카라 / 슬롯 / 파워볼\n24시간 고객센터 운영\n\n가입코드: %(code)s\n바로가기 ▶ %(url)s\n\n수신거부: %(url2)s"),
    ("(광고) 무직자 주부 대학생 당일 대출 가능", "%(name)s 고객님\n\n신용등급 상관없이 당일 최대 %(num)s만원 대출 가능!\n무직자, 주부, 대학생 OK\n서류 없이 비대면 진행\n\n상담 신청 ▶ %(url)s\n카카오톡 ID: %(code)s\n\n※ 과도한 빚은 당신에게 큰 불행을 안겨줄 수 있습니다."),
    ("[네이버] 회원님의 계정이 일시 정지되었습니다", "%(name)s 회원님\n\n회원님의 아이디가 비정상적인 접근으로 인해 보호조치 되었습니다.\n24시간 이내 본인인증을 하지 않으면 계정이 영구 정지됩니다.\n\n본인인증 하기: %(url)s\n\n인증번호: %(code)s"),
    ("[국제발신] 해외 직구 결제 %(num)s,000원 승인", "[Web발신]\n해외승인 %(num)s,000원 정상처리\n본인이 아닐 경우 소비자원 신고 요망\n\n신고 접수: %(url)s\n문의: 1588-%(code)s"),
    ("급등주 무료 추천 - 수익률 %(num)s%% 달성", "%(name)s님 안녕하세요\n\n지난달 리딩방 회원 평균 수익률 %(num)s%%\n전문가가 직접 종목을 추천해 드립니다.\n지금 무료 체험 신청하시면 VIP 종목 3개 무료 제공!\n\n무료 체험 ▶ %(url)s\n\n(광고) 수신거부 %(url2)s"),
    ("오빠 나 오늘 시간 돼?", "오빠~ 나 기억나? 예전에 연락했던 민지야 ㅎㅎ\n요즘 심심해서 연락해봤어\n여기서 나랑 대화하자 %(url)s\n\n내 아이디 %(code)s 검색해줘~"),
    ("(광고) 홈페이지 제작 %(num)s만원부터", "%(name)s 대표님께\n\n반응형 홈페이지 제작 / 쇼핑몰 / 검색광고 대행\n%(num)s만원부터 시작하는 합리적인 가격!\n포트폴리오 확인: %(url)s\n\n수신을 원치 않으시면 [수신거부]를 눌러주세요 %(url2)s"),
    ("[CJ대한통운] 주소 불명으로 배송 보류", "고객님의 택배가 주소 불명으로 배송이 보류되었습니다.\n운송장번호: %(code)s\n아래 링크에서 주소를 수정해 주세요.\n%(url)s\n\n미수정 시 반송 처리됩니다."),
]
AR_SPAM = [
    ("استثمر %(num)s ريال واربح يومياً", "فرصة استثمارية حصرية!\n\nاستثمر مبلغ %(num)s ريال فقط واحصل على أرباح يومية مضمونة تصل إلى 30%%.\nمنصة مرخصة ومعتمدة، سحب الأرباح فوري.\nعدد المقاعد محدود.\n\nسجل الآن: %(url)s\nللتواصل عبر واتساب: +44 7%(code)s"),
    ("تنبيه: تم إيقاف بطاقتك المصرفية", "عميلنا العزيز %(name)s،\n\nنود إعلامك بأنه تم إيقاف بطاقتك مؤقتاً بسبب عدم تحديث بياناتك.\nيرجى تحديث البيانات خلال 24 ساعة لتجنب إيقاف الحساب نهائياً.\n\nتحديث البيانات: %(url)s\nالرمز المرجعي: %(code)s"),
    ("شحنتك معلقة - رسوم توصيل %(num)s ريال", "عزيزي العميل،\n\nشحنتك رقم %(code)s معلقة في المستودع بسبب رسوم توصيل غير مدفوعة بقيمة %(num)s ريال.\nيرجى دفع الرسوم لإعادة جدولة التوصيل:\n%(url)s\n\nالبريد السعودي"),
    ("مبروك! لقد ربحت %(num)s,000 دولار", "السيد/ة %(name)s\n\nتهانينا! تم اختيار بريدك الإلكتروني فائزاً في السحب السنوي بجائزة قدرها %(num)s,000 دولار أمريكي.\nللمطالبة بالجائزة أرسل اسمك الكامل ورقم هاتفك وصورة الهوية إلى:\n%(url)s\nرقم المرجع: %(code)s"),
    ("وظيفة من المنزل براتب %(num)s دولار", "مطلوب موظفين للعمل من المنزل\nراتب يبدأ من %(num)s دولار أسبوعياً\nلا يشترط خبرة، ساعتان يومياً فقط عبر الجوال\n\nقدم الآن: %(url)s\nكود الدعوة %(code)s"),
    ("عرض خاص: تأشيرات وإقامات بأسعار منافسة", "مكتب %(code)s للخدمات\n\nنوفر تأشيرات عمل وزيارة ونقل كفالة وتجديد إقامات بأسرع وقت وأقل تكلفة.\nخصم %(num)s%% لفترة محدودة.\n\nللتواصل: %(url)s"),
    ("تأكيد تحويل مبلغ %(num)s,500 ريال", "تم استلام حوالة واردة لحسابكم بمبلغ %(num)s,500 ريال.\nلاستلام الحوالة يرجى تأكيد بياناتكم عبر الرابط التالي:\n%(url)s\nرقم العملية %(code)s"),
]
EN_SPAM = [
    ("Your mailbox storage is full", "Dear %(name)s,\n\nYour mailbox has exceeded its storage limit (99.6%%). You will not be able to send or receive new messages.\nTo avoid losing your emails, verify your account now:\n\n%(url)s\n\nMail Administrator\nTicket %(code)s"),
    ("Invoice #%(code)s - payment overdue", "Hello,\n\nPlease find attached invoice #%(code)s for the amount of USD %(num)s,380.00.\nPayment is now overdue. Kindly review the document via the secure link below:\n\n%(url)s\n\nRegards,\nAccounts Receivable"),
    ("Bitcoin trading robot - earn $%(num)s per day", "Hi %(name)s,\n\nThe new AI trading robot made $%(num)s,000 in the last 30 days for ordinary people.\nStart with just $250. Withdraw anytime.\n\nJoin now: %(url)s\n\nUnsubscribe %(url2)s"),
    ("RE: Partnership proposal", "Dear Sir/Madam,\n\nI am Barrister James Williams, attorney to late engineer who died with his family leaving a deposit of US$%(num)s.5 Million.\nI seek your consent to present you as next of kin. Reply to %(url)s for details.\nRef: %(code)s"),
    ("Cheap meds online - %(num)s%% off", "Top quality medications without prescription.\nViagra, Cialis, Levitra and more. Up to %(num)s%% discount.\nWorldwide shipping, discreet package.\n\nOrder: %(url)s"),
    ("Conference invitation: Call for papers %(code)s", "Dear Dr. %(name)s,\n\nWe are pleased to invite you to submit your paper to the International Conference on Advanced Science and Engineering (ICASE-2026).\nAll accepted papers will be published in Scopus indexed journals. Fee: $%(num)s.\n\nSubmit at %(url)s"),
]
BAD_TLDS = ["top", "xyz", "club", "icu", "online", "site", "shop", "cn", "info", "buzz", "kr", "sa"]


class Spam:
    def __init__(self, s, ham):
        self.s, self.ham = s, ham
        self.rng = random.Random(s.rng.random())

    def url(self, rng):
        return "https://%s.%s/%s?%s=%d" % (rword(rng), rng.choice(BAD_TLDS), rword(rng, 4, 9, "abcdefghijklmnopqrstuvwxyz0123456789"),
                                          rng.choice(["id", "u", "ref", "c"]), rng.randrange(10 ** 7))

    def bot(self, rng):
        a = rng.randrange(1, 224)
        while a in (10, 100, 127, 169, 172, 192, 198, 203):
            a = rng.randrange(1, 224)
        ip = "%d.%d.%d.%d" % (a, rng.randrange(256), rng.randrange(256), rng.randrange(1, 255))
        helo = rng.choice(["%s.dynamic.isp.example.net" % ip.replace(".", "-"), "[%s]" % ip, "User", rword(rng).upper(),
                           "WIN-%s" % rword(rng, 11, 12, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"),
                           rng.choice(["naver.com", "gmail.com", "localhost", "hanmail.net", "yahoo.com"])])
        return ip, helo

    def forged(self, rng):
        s = self.s
        r = rng.random()
        if r < 0.15:
            return rng.choice(s.users).addr
        doms = (["naver.com", "hanmail.net", "gmail.com", "nate.com", "daum.net"] if s.ko else ["gmail.com", "hotmail.com", "yahoo.com", "outlook.sa"])
        dom = rng.choice(doms + ["%s.%s" % (rword(rng, 4, 9), rng.choice(BAD_TLDS))] * 3)
        return rword(rng, 5, 12, "abcdefghijklmnopqrstuvwxyz0123456789") + "@" + dom

    def campaigns(self, ncamp, total):
        rng, s = self.rng, self.s
        tm = KO_SPAM if s.ko else AR_SPAM
        sizes = [rng.paretovariate(1.1) for _ in range(ncamp)]
        k = total / sum(sizes)
        for c in range(ncamp):
            n = max(8, int(sizes[c] * k))
            english = rng.random() < 0.3
            subj_t, body_t = (EN_SPAM if english else tm)[c % len(EN_SPAM if english else tm)]
            cslist = (["utf-8", "us-ascii", "windows-1252"] if english else
                      (["euc-kr", "ks_c_5601-1987", "utf-8"] if s.ko else ["windows-1256", "utf-8", "iso-8859-6"]))
            cs0 = rng.choice(cslist)
            if cs0 in ("us-ascii", "windows-1252") and not english:
                cs0 = "utf-8"
            # how the campaign is delivered
            mode = rng.choices(["bot", "snow", "webmail", "hacked"], [45, 30, 12, 13])[0]
            if mode == "snow":
                nets = [net24(rng) for _ in range(rng.randrange(2, 9))]
                doms = ["%s%d.%s" % (rword(rng, 5, 8), i, rng.choice(BAD_TLDS)) for i in range(len(nets))]
            elif mode == "webmail":
                pv = rng.choice(self.ham.providers[:4])      # throwaway accounts at a big provider
                accts = ["%s%d@%s" % (rword(rng, 5, 9), rng.randrange(100, 9999), rng.choice(pv[0])) for _ in range(rng.randrange(1, 12))]
            elif mode == "hacked":
                org = rng.choice(self.ham.orgs)             # a compromised account at a real correspondent
                victim = rng.choice([p for p in self.ham.people if p.org is org] or self.ham.people)
            pad = wrap(s.spam_prose.para(rng, rng.randrange(1, 4)), 100000)
            vary_pad = rng.random() < 0.5
            vary_cs = rng.random() < 0.3
            shape = rng.choice(["single", "html", "html", "alt", "image"])
            zw = rng.random() < 0.3
            t0 = rng.randrange(0, s.days * 86400 - 2 * 86400)
            dur = rng.choice([3600 * 2, 3600 * 8, 86400, 3 * 86400])
            code = str(rng.randrange(1000, 99999))
            for i in range(n):
                t = t0 + int(dur * i / n) + rng.randrange(120)
                u = rng.choice(s.users)
                vals = {"name": u.name, "num": str(rng.randrange(10, 999)), "url": self.url(rng), "url2": self.url(rng),
                        "code": code if rng.random() < 0.6 else str(rng.randrange(1000, 99999))}
                txt = body_t % vals
                if vary_pad:
                    txt += "\n\n\n" + wrap(s.spam_prose.para(rng, rng.randrange(1, 4)), 100000)
                else:
                    txt += "\n\n" + pad
                if zw and not english:
                    txt = "".join(ch + ("\u200b" if rng.random() < 0.1 and ch not in "\n " else "") for ch in txt)
                cs = rng.choice(cslist) if vary_cs else cs0
                if cs in ("us-ascii", "windows-1252") and not english:
                    cs = "utf-8"
                if cs != "utf-8":
                    txt = txt.replace("\u200b", "")
                if english and cs == "us-ascii":
                    txt = txt.encode("ascii", "ignore").decode()
                cte = rng.choice(["base64", "8bit", "quoted-printable"]) if cs != "us-ascii" else "7bit"
                if shape == "single":
                    node = Part(txt, cs, cte)
                elif shape == "html":
                    node = Part(to_html(txt, cs, "news", not s.ko and not english), cs, cte, "html")
                    node.text = txt
                elif shape == "image":
                    line = txt.split("\n")[0]
                    h = ('<html><body><center><a href="%s"><img src="https://%s.%s/img/%s.jpg" width="600" height="900" alt="%s"></a>'
                         '<br><font size="1" color="#999999">%s</font></center></body></html>\n' % (vals["url"], rword(rng), rng.choice(BAD_TLDS), rword(rng, 8, 12), html.escape(line), html.escape(pad[:200])))
                    node = Part(h, cs, cte, "html")
                    node.text = line + "\n" + pad[:200]
                else:
                    node = Multi("alternative", [Part(txt, cs, cte), Part(to_html(txt, cs, "plain", not s.ko and not english), cs, cte, "html")])
                rc = rng.sample(s.users, rng.choice([1, 1, 1, 2, 3, 5, 10, 25, 50]))
                if mode == "snow":
                    j = rng.randrange(len(nets))
                    ip, helo = ip_in(rng, nets[j]), "mail%d.%s" % (rng.randrange(1, 40), doms[j])
                    sender = "%s%d@%s" % (rng.choice(["news", "info", "event", "noreply", "mail"]), rng.randrange(100), doms[j])
                    fname = rng.choice(["이벤트", "고객센터", "VIP"] if s.ko else ["خدمة العملاء", "عروض", "VIP"])
                elif mode == "webmail":
                    sender = rng.choice(accts)
                    ip, helo = ip_in(rng, rng.choice(pv[2])), pv[3].replace("%s", rword(rng, 4, 5)).replace("%d", str(rng.randrange(1, 60)))
                    fname = u.name.split()[0] if not s.ko else rng.choice(["관리자", "담당자", u.name])
                elif mode == "hacked":
                    sender = victim.addr
                    ip, helo = self.ham.client_of(victim)
                    fname = victim.name
                else:
                    ip, helo = self.bot(rng)
                    sender = self.forged(rng)
                    fname = rng.choice([None, u.name, "Admin", "고객센터" if s.ko else "الدعم الفني"])
                hcs = cs if cs not in ("us-ascii",) else "utf-8"
                hdrs = [("Date", rfcdate(t + rng.randrange(-7200, 7200), s.tz)), ("From", addr_hdr(fname, sender, hcs)),
                        ("To", rc[0].addr if rng.random() < 0.7 else "undisclosed-recipients:;"), ("Subject", ew(subj_t % vals, hcs)),
                        ("Message-ID", "<%s@%s>" % (rword(rng, 12, 20, "abcdef0123456789"), sender.split("@")[1]))]
                if mode == "bot" and rng.random() < 0.5:
                    hdrs.append(("X-Mailer", rng.choice(["Microsoft Outlook Express 6.00.2900.2180", "Foxmail 7.2", "PHPMailer 6.1.4", "Microsoft Office Outlook 12.0"])))
                s.add(t, ip, helo, sender, [x.addr for x in rc], "spam", "campaign:%d" % c, hdrs, node)

    def oneoff(self, n):
        rng, s = self.rng, self.s
        for i in range(n):
            t = rng.randrange(s.days * 86400)
            u = rng.choice(s.users)
            english = rng.random() < 0.4
            tm = EN_SPAM if english else (KO_SPAM if s.ko else AR_SPAM)
            subj_t, body_t = rng.choice(tm)
            vals = {"name": u.name, "num": str(rng.randrange(10, 999)), "url": self.url(rng), "url2": self.url(rng), "code": str(rng.randrange(1000, 99999))}
            if rng.random() < 0.4:
                txt = wrap(s.spam_prose.para(rng, rng.randrange(2, 6)), 76) + "\n\n" + vals["url"]
                subj = " ".join(s.spam_prose.sents(rng, 1)[0].split()[:4])
            else:
                txt = body_t % vals + "\n\n" + wrap(s.spam_prose.para(rng, rng.randrange(1, 4)), 100000)
                subj = subj_t % vals
            cs = rng.choice(["utf-8", "euc-kr", "ks_c_5601-1987"] if s.ko else ["utf-8", "windows-1256", "iso-8859-6"])
            node = Part(txt, cs, rng.choice(["base64", "8bit", "quoted-printable"]))
            ip, helo = self.bot(rng)
            sender = self.forged(rng)
            rc = rng.sample(s.users, rng.choice([1, 1, 2, 4]))
            hdrs = [("Date", rfcdate(t, s.tz)), ("From", addr_hdr(None, sender, cs)), ("To", rc[0].addr),
                    ("Subject", ew(subj, cs)), ("Message-ID", "<%x@%s>" % (rng.randrange(1 << 48), sender.split("@")[1]))]
            s.add(t, ip, helo, sender, [x.addr for x in rc], "spam", "single", hdrs, node)

# ------------------------------------------------------------------ main


def main():
    usage = "usage: koar.py [-s SEED] [-d DAYS] [-u USERS] ko|ar OUTDIR"
    try:
        opts, args = getopt.getopt(sys.argv[1:], "s:d:u:")
    except getopt.GetoptError as e:
        sys.exit("koar.py: %s\n%s" % (e, usage))
    o = dict(opts)
    if len(args) != 2 or args[0] not in ("ko", "ar"):
        sys.exit(usage)
    ko = args[0] == "ko"
    seed = int(o.get("-s", 31 if ko else 37))
    s = Site(args[0], args[1], seed, int(o.get("-d", 14)), int(o.get("-u", 2500 if ko else 700)))
    h = Ham(s)
    h.personal(430 if ko else 480)
    h.threads(70 if ko else 90)
    h.lists(12, 40)
    # newsletters: (subscribers, period in days, style)
    h.newsletters([(6, 1, "alt"), (8, 1, "html"), (25, 7, "html"), (40, 7, "alt"), (20, 2, "alt"),
                   (6, 2, "legacy"), (90, 7, "html"), (20, 3, "alt"), (18, 2, "html")])
    if ko:
        h.notices([("portal", 90, 2), ("kakao", 50, 2), ("shop", 90, 2), ("card", 40, 3), ("delivery", 80, 1),
                   ("lms", 120, 2), ("library", 60, 1)])
        h.announcements(20)
        h.massmail(2)
    else:
        h.notices([("bank", 100, 4), ("telecom", 120, 1), ("gov", 50, 2), ("shop", 60, 2), ("einv", 30, 4),
                   ("delivery", 60, 2), ("m365", 60, 1)])
        h.announcements(14)
    h.circulars(8 if ko else 10)
    h.invites(120 if ko else 150)
    h.ooo(35 if ko else 45)
    sp = Spam(s, h)
    sp.campaigns(50, 5300)
    sp.oneoff(600)
    s.close()


if __name__ == "__main__":
    main()
