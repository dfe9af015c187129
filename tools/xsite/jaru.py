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
"""jaru.py: a Japanese-language university (ja) or a Russian-language
company (ru) site stream, as its MX sees it, for tools/nsm-site.

    /usr/bin/python3 tools/xsite/jaru.py [-s SEED] [-d DAYS] [-u USERS] ja|ru OUTDIR

Writes OUTDIR/msg/NNNNNN.eml, OUTDIR/stream.tsv
(path t client helo sender rcpts class group) and OUTDIR/truth.jsonl
(per message: path, charset, label, cte, shape, mislabel, the Unicode
body text as written) for checking the canonicaliser.

Prose: manpages-ja, manpages-ru (roff stripped), fortunes-ru (.u8).
Deterministic for a seed and the installed packages.

Written apart from the filter, by someone who had not read its rules,
to measure it on mail unlike the streams it was tuned on
(docs/replay.md, "Independent streams"); its mail habits are its own.
"""

import base64
import getopt
import glob
import gzip
import html
import json
import os
import quopri
import random
import re
import sys

# ------------------------------------------------------------------ prose

ESC_RE = [
    (re.compile(r'\\f(\[[^\]]*\]|\(..|.)'), ''),
    (re.compile(r'\\s[+-]?\d'), ''),
    (re.compile(r'\\\*(\[[^\]]*\]|\(..|.)'), ''),
    (re.compile(r'\\\((em|en)'), '-'),
    (re.compile(r'\\\(lq|\\\(rq'), '"'),
    (re.compile(r'\\\(..'), ''),
    (re.compile(r'\\\[[^\]]*\]'), ''),
    (re.compile(r'\\[,/&%:c|^)]'), ''),
    (re.compile(r'\\-'), '-'),
    (re.compile(r'\\e'), '\\\\'),
    (re.compile(r'\\ '), ' '),
    (re.compile(r'\\"(.*)$'), ''),
]
TEXT_MACROS = {"B", "I", "BR", "IR", "RB", "RI", "BI", "IB", "SM", "SB"}


def strip_roff(src):
    """Paragraphs of running text from a roff page."""
    paras, cur = [], []

    def flush():
        if cur:
            paras.append(" ".join(cur))
            del cur[:]
    for line in src.splitlines():
        if line.startswith(('.\\"', "'\\\"", '\\"')):
            continue
        if line.startswith((".", "'")):
            parts = line[1:].split(None, 1)
            mac = parts[0] if parts else ""
            if mac in TEXT_MACROS and len(parts) > 1:
                line = parts[1].replace('"', '')
            else:
                flush()
                continue
        for rx, rep in ESC_RE:
            line = rx.sub(rep, line)
        line = line.strip()
        if not line:
            flush()
            continue
        cur.append(line)
    flush()
    return paras


JA_RE = re.compile(r'[\u3040-\u30ff\u4e00-\u9fff]')
CY_RE = re.compile(r'[\u0400-\u04ff]')


def ja_ok(s):
    try:
        s.encode("iso2022_jp")
        s.encode("euc_jp")
        s.encode("shift_jis")
        return True
    except UnicodeError:
        return False


def load_ja():
    docs = []
    for fn in sorted(glob.glob("/usr/share/man/ja/man*/*.gz")):
        try:
            src = gzip.open(fn).read().decode("utf-8", "replace")
        except (OSError, EOFError):
            continue
        sents = []
        for p in strip_roff(src):
            if len(p) < 30 or len(JA_RE.findall(p)) < 0.4 * len(p):
                continue
            # Japanese running text: join without spaces between JA chars
            p = re.sub(r'(?<=[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]) +(?=[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef])', '', p)
            for s in re.split(r'(?<=。)', p):
                s = s.strip()
                if len(s) >= 12 and ja_ok(s) and len(JA_RE.findall(s)) >= 0.4 * len(s):
                    sents.append(s)
        if len(sents) >= 3:
            docs.append(sents)
    return docs


def load_ru():
    docs = []
    for fn in sorted(glob.glob("/usr/share/man/ru/man*/*.gz")):
        try:
            src = gzip.open(fn).read().decode("utf-8", "replace")
        except (OSError, EOFError):
            continue
        sents = []
        for p in strip_roff(src):
            letters = re.findall(r'\w', p)
            if len(p) < 40 or len(CY_RE.findall(p)) < 0.6 * max(1, len(letters)):
                continue
            for s in re.split(r'(?<=[.!?])\s+(?=[А-ЯЁA-Z])', p):
                s = s.strip()
                if len(s) >= 25 and len(CY_RE.findall(s)) >= 15:
                    sents.append(s)
        if len(sents) >= 3:
            docs.append(sents)
    fort = []
    for fn in sorted(glob.glob("/usr/share/games/fortunes/ru/*.u8")):
        src = open(fn, encoding="utf-8", errors="replace").read()
        for f in re.split(r'\n%\n', src):
            f = " ".join(l.strip() for l in f.splitlines() if l.strip() and not l.strip().startswith("--"))
            if 30 <= len(f) <= 400 and len(CY_RE.findall(f)) >= 20 and "\ufffd" not in f:
                fort.append(f)
    # fortunes as documents of 8 unrelated sayings each
    for i in range(0, len(fort) - 8, 8):
        docs.append(fort[i:i + 8])
    return docs


class Prose:
    def __init__(self, docs, lang):
        # drop boilerplate repeated across pages (translators' notices, ...)
        n = {}
        for d in docs:
            for x in set(d):
                n[x] = n.get(x, 0) + 1
        docs = [[x for x in d if n[x] <= 2] for d in docs]
        self.docs = [d for d in docs if len(d) >= 3]
        self.used = set()
        self.lang = lang

    def half(self, k):
        """Every other document: ham and spam text from disjoint pages."""
        p = Prose.__new__(Prose)
        p.docs, p.lang, p.used = self.docs[k::2], self.lang, set()
        return p

    def sents(self, rng, n):
        # draw without replacement, so that unrelated letters do not
        # share a passage by accident (quotes are made explicitly)
        for _ in range(30):
            di = rng.randrange(len(self.docs))
            d = self.docs[di]
            m = min(n, len(d))
            i = rng.randrange(len(d) - m + 1)
            if not any((di, j) in self.used for j in range(i, i + m)):
                break
        self.used.update((di, j) for j in range(i, i + m))
        return d[i:i + m]

    def para(self, rng, n):
        return ("" if self.lang == "ja" else " ").join(self.sents(rng, n))


def wrap(text, lang, width=None):
    """Lines as a mail client writes them."""
    out = []
    for para in text.split("\n"):
        if not para:
            out.append("")
            continue
        if lang == "ja":
            w = width or 36
            for s in re.split(r'(?<=。)', para):
                while len(s) > w:
                    out.append(s[:w])
                    s = s[w:]
                if s:
                    out.append(s)
        else:
            w = width or 72
            line = ""
            for word in para.split():
                if line and len(line) + 1 + len(word) > w:
                    out.append(line)
                    line = word
                else:
                    line = line + " " + word if line else word
            out.append(line)
    return "\n".join(out)

# ------------------------------------------------------------------ names

JA_SUR = [("佐藤", "sato"), ("鈴木", "suzuki"), ("高橋", "takahashi"), ("田中", "tanaka"),
          ("伊藤", "ito"), ("渡辺", "watanabe"), ("山本", "yamamoto"), ("中村", "nakamura"),
          ("小林", "kobayashi"), ("加藤", "kato"), ("吉田", "yoshida"), ("山田", "yamada"),
          ("佐々木", "sasaki"), ("山口", "yamaguchi"), ("松本", "matsumoto"), ("井上", "inoue"),
          ("木村", "kimura"), ("林", "hayashi"), ("斎藤", "saito"), ("清水", "shimizu"),
          ("山崎", "yamazaki"), ("森", "mori"), ("池田", "ikeda"), ("橋本", "hashimoto"),
          ("阿部", "abe"), ("石川", "ishikawa"), ("山下", "yamashita"), ("中島", "nakajima"),
          ("石井", "ishii"), ("小川", "ogawa"), ("前田", "maeda"), ("岡田", "okada"),
          ("長谷川", "hasegawa"), ("藤田", "fujita"), ("後藤", "goto"), ("近藤", "kondo"),
          ("村上", "murakami"), ("遠藤", "endo"), ("青木", "aoki"), ("坂本", "sakamoto")]
JA_GIV = [("太郎", "taro"), ("健太", "kenta"), ("翔太", "shota"), ("大輔", "daisuke"),
          ("拓也", "takuya"), ("直樹", "naoki"), ("誠", "makoto"), ("浩", "hiroshi"),
          ("隆", "takashi"), ("学", "manabu"), ("亮", "ryo"), ("陽介", "yosuke"),
          ("裕子", "yuko"), ("陽子", "yoko"), ("恵子", "keiko"), ("美穂", "miho"),
          ("直美", "naomi"), ("愛", "ai"), ("真由美", "mayumi"), ("彩", "aya"),
          ("さくら", "sakura"), ("美咲", "misaki"), ("結衣", "yui"), ("麻衣", "mai"),
          ("智子", "tomoko"), ("由美", "yumi"), ("香織", "kaori"), ("和也", "kazuya"),
          ("健一", "kenichi"), ("修", "osamu"), ("聡", "satoshi"), ("明美", "akemi")]
RU_SUR = [("Иванов", "ivanov"), ("Смирнов", "smirnov"), ("Кузнецов", "kuznetsov"),
          ("Попов", "popov"), ("Васильев", "vasiliev"), ("Петров", "petrov"),
          ("Соколов", "sokolov"), ("Михайлов", "mikhailov"), ("Новиков", "novikov"),
          ("Фёдоров", "fedorov"), ("Морозов", "morozov"), ("Волков", "volkov"),
          ("Алексеев", "alekseev"), ("Лебедев", "lebedev"), ("Семёнов", "semenov"),
          ("Егоров", "egorov"), ("Павлов", "pavlov"), ("Козлов", "kozlov"),
          ("Степанов", "stepanov"), ("Николаев", "nikolaev"), ("Орлов", "orlov"),
          ("Андреев", "andreev"), ("Макаров", "makarov"), ("Никитин", "nikitin"),
          ("Захаров", "zakharov"), ("Зайцев", "zaitsev"), ("Соловьёв", "soloviev"),
          ("Борисов", "borisov"), ("Яковлев", "yakovlev"), ("Григорьев", "grigoriev")]
RU_GIV_M = [("Александр", "aleksandr"), ("Дмитрий", "dmitry"), ("Максим", "maksim"),
            ("Сергей", "sergey"), ("Андрей", "andrey"), ("Алексей", "aleksey"),
            ("Артём", "artem"), ("Илья", "ilya"), ("Кирилл", "kirill"), ("Михаил", "mikhail"),
            ("Никита", "nikita"), ("Иван", "ivan"), ("Владимир", "vladimir"),
            ("Евгений", "evgeny"), ("Олег", "oleg"), ("Павел", "pavel")]
RU_GIV_F = [("Анна", "anna"), ("Мария", "maria"), ("Елена", "elena"), ("Ольга", "olga"),
            ("Наталья", "natalya"), ("Татьяна", "tatyana"), ("Ирина", "irina"),
            ("Светлана", "svetlana"), ("Екатерина", "ekaterina"), ("Юлия", "yulia"),
            ("Анастасия", "anastasia"), ("Марина", "marina"), ("Ксения", "ksenia"),
            ("Дарья", "darya")]
RU_PAT = ["Александров", "Сергеев", "Петров", "Иванов", "Владимиров", "Николаев",
          "Андреев", "Михайлов", "Викторов", "Юрьев"]


class Person:
    sig = ""
    casual = ""
    org = None


def ja_person(rng, domain, local=None):
    p = Person()
    s, sr = rng.choice(JA_SUR)
    g, gr = rng.choice(JA_GIV)
    p.name = s + " " + g
    p.short = s
    p.greet = s + "様"
    p.casual = s + "さん"
    p.addr = (local or rng.choice(["%s.%s", "%s_%s", "%s%s", "%.1s%s"]) % (gr, sr)
              + ("" if rng.random() < 0.5 else str(rng.randrange(1, 999)))) + "@" + domain
    return p


def ru_person(rng, domain, local=None):
    p = Person()
    fem = rng.random() < 0.5
    s, sr = rng.choice(RU_SUR)
    g, gr = rng.choice(RU_GIV_F if fem else RU_GIV_M)
    pat = rng.choice(RU_PAT) + ("на" if fem else "ич")
    if fem:
        s = s + "а"
        sr = sr + "a"
    p.name = g + " " + s
    p.short = g
    p.greet = ("Уважаемая " if fem else "Уважаемый ") + g + " " + pat
    p.casual = g
    p.addr = (local or rng.choice(["%s.%s", "%s_%s", "%s%s", "%.1s.%s"]) % (gr, sr)
              + ("" if rng.random() < 0.6 else str(rng.randrange(1, 99)))) + "@" + domain
    return p

# ------------------------------------------------------------------ networks


def net24(rng):
    while True:
        a = rng.randrange(1, 224)
        if a not in (0, 10, 100, 127, 169, 172, 192, 198, 203, 224):
            return "%d.%d.%d" % (a, rng.randrange(256), rng.randrange(256))


def ip_in(rng, net):
    return "%s.%d" % (net, rng.randrange(2, 254))

# ------------------------------------------------------------------ encoding

CHARSET_CODEC = {"iso-2022-jp": "iso2022_jp", "shift_jis": "cp932", "euc-jp": "euc_jp",
                 "utf-8": "utf-8", "koi8-r": "koi8_r", "windows-1251": "cp1251",
                 "iso-8859-1": "latin-1"}
KOI_FIX = {"«": '"', "»": '"', "—": "-", "–": "-", "…": "...", "„": '"', "“": '"', "”": '"', "№": "N"}


def to_bytes(text, cs):
    codec = CHARSET_CODEC[cs]
    if cs == "koi8-r":
        text = "".join(KOI_FIX.get(c, c) for c in text)
    return text.encode(codec, "replace")


def ew(text, cs, q=False):
    """RFC 2047 encoded words for text in charset cs."""
    if all(ord(c) < 128 for c in text):
        return text
    words, chunk = [], ""
    step = 12 if cs in ("iso-2022-jp", "shift_jis", "euc-jp", "utf-8") else 20
    chars = list(text)
    for i in range(0, len(chars), step):
        chunk = "".join(chars[i:i + step])
        b = to_bytes(chunk, cs)
        if q:
            enc = "".join(chr(x) if (48 <= x < 123 and chr(x).isalnum()) else
                          ("_" if x == 32 else "=%02X" % x) for x in b)
            words.append("=?%s?Q?%s?=" % (cs.upper() if cs != "utf-8" else "UTF-8", enc))
        else:
            words.append("=?%s?B?%s?=" % (cs.upper() if cs != "utf-8" else "UTF-8",
                                          base64.b64encode(b).decode()))
    return "\r\n ".join(words)


def addr_hdr(name, addr, cs, q=False):
    if name is None:
        return addr
    if all(ord(c) < 128 for c in name):
        return '"%s" <%s>' % (name, addr)
    return "%s <%s>" % (ew(name, cs, q), addr)


def cte_encode(b, cte):
    if cte == "base64":
        s = base64.b64encode(b).decode()
        return "\r\n".join(s[i:i + 76] for i in range(0, len(s), 76)) + "\r\n"
    if cte == "quoted-printable":
        return quopri.encodestring(b.replace(b"\r\n", b"\n")).decode("ascii").replace("\n", "\r\n")
    # 7bit / 8bit: raw bytes (returned as latin-1 str to keep bytes)
    return b.replace(b"\r\n", b"\n").decode("latin-1").replace("\n", "\r\n")


def to_html(text, cs, style):
    lines = text.split("\n")
    if style == "gmail":
        body = "".join("<div>%s</div>" % (html.escape(l) if l else "<br>") for l in lines)
        return '<div dir="ltr">%s</div>\n' % body
    if style == "outlook":
        body = "\n".join('<p class="MsoNormal"><span style="font-size:10.5pt">%s<o:p></o:p></span></p>'
                         % (html.escape(l) if l else "&nbsp;") for l in lines)
        return ('<html xmlns:o="urn:schemas-microsoft-com:office:office"><head>'
                '<meta http-equiv="Content-Type" content="text/html; charset=%s">'
                '<style><!-- p.MsoNormal {margin:0mm;font-family:"Yu Gothic",sans-serif;} --></style>'
                '</head><body lang="JA"><div class="WordSection1">\n%s\n</div></body></html>\n' % (cs, body))
    if style == "news":
        body = "".join("<tr><td style=\"padding:4px 24px;font-size:14px;color:#333\">%s</td></tr>\n"
                       % (html.escape(l) if l else "&nbsp;") for l in lines)
        return ('<!DOCTYPE html><html><head><meta charset="%s"><title>news</title></head>'
                '<body style="margin:0;background:#f4f4f4"><table width="600" align="center" '
                'cellpadding="0" cellspacing="0" style="background:#fff">\n%s</table></body></html>\n'
                % (cs, body))
    body = "<br>\n".join(html.escape(l) for l in lines)
    return ("<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=%s\"></head>"
            "<body>%s</body></html>\n" % (cs, body))


class Part:
    def __init__(self, text, cs, cte, subtype="plain", label=None, flowed=False):
        self.text, self.cs, self.cte, self.subtype = text, cs, cte, subtype
        self.label = cs if label is None else label   # "" = no charset parameter
        self.flowed = flowed
        self.raw = None  # bytes to use instead of encoding text (mislabelled)

    def render(self):
        t = self.text if self.text.endswith("\n") else self.text + "\n"
        b = self.raw if self.raw is not None else to_bytes(t.replace("\n", "\r\n"), self.cs)
        ct = "text/%s" % self.subtype
        if self.label:
            ct += "; charset=%s" % (self.label if self.label.islower() else self.label)
        if self.flowed:
            ct += "; format=flowed"
        h = "Content-Type: %s\r\nContent-Transfer-Encoding: %s\r\n" % (ct, self.cte)
        return h, cte_encode(b, self.cte)


def render_body(parts, rng, kind):
    """kind: single | alt | mixed-alt. Returns (mime headers, body str)."""
    if kind == "single":
        return parts[0].render()
    bnd = "----=_Part_%d_%d.%d" % (rng.randrange(10 ** 6), rng.randrange(10 ** 9), rng.randrange(10 ** 12))
    out = []
    for p in parts:
        h, b = p.render()
        if not b.endswith("\r\n"):
            b += "\r\n"     # the CRLF before a boundary belongs to it
        out.append("--%s\r\n%s\r\n%s" % (bnd, h, b))
    body = "This is a multi-part message in MIME format.\r\n\r\n" + "".join(out) + "--%s--\r\n" % bnd
    return 'Content-Type: multipart/alternative;\r\n boundary="%s"\r\n' % bnd, body


MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
DOW = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def rfcdate(t, tz):
    # T0 = Mon 2026-06-01 00:00 UTC
    lt = t + tz * 3600
    d, s = divmod(int(lt), 86400)
    return "%s, %d Jun 2026 %02d:%02d:%02d %+03d00" % (DOW[d % 7], 1 + d, s // 3600, s // 60 % 60, s % 60, tz)


def build(t, tz, helo, client, mx, hdrs, mime_h, body, rng):
    qid = "".join(rng.choice("0123456789ABCDEF") for _ in range(10))
    rcv = ("Received: from %s (%s [%s])\r\n\tby %s (Postfix) with ESMTP id %s;\r\n\t%s\r\n"
           % (helo, helo, client, mx, qid, rfcdate(t, tz)))
    head = rcv + "".join("%s: %s\r\n" % (k, v) for k, v in hdrs) + "MIME-Version: 1.0\r\n" + mime_h
    return (head + "\r\n" + body).encode("latin-1")

# ------------------------------------------------------------------ site


class Site:
    def __init__(self, lang, out, seed, days, nusers):
        self.lang, self.out, self.days = lang, out, days
        self.rng = random.Random(seed)
        self.rows = []
        self.truth = []
        self.tz = 9 if lang == "ja" else 3
        os.makedirs(out + "/msg", exist_ok=True)
        if lang == "ja":
            self.domain = "gakunai-u.ac.jp"
            self.mx = "mx.gakunai-u.ac.jp"
            self.prose = Prose(load_ja(), "ja")
            self.mkperson = ja_person
        else:
            self.domain = "severtrans-group.ru"
            self.mx = "mx1.severtrans-group.ru"
            self.prose = Prose(load_ru(), "ru")
            self.mkperson = ru_person
        r = random.Random(seed + 1)
        self.users = []
        seen = set()
        while len(self.users) < nusers:
            p = self.mkperson(r, self.domain)
            if p.addr in seen:
                continue
            seen.add(p.addr)
            self.users.append(p)
        print("%d prose documents" % len(self.prose.docs), file=sys.stderr)
        self.spam_prose = self.prose.half(1)
        self.prose = self.prose.half(0)

    def when(self, rng, day=None, hours=(9, 19), weekend=0.25):
        """A time in local business hours, as seconds from T0 (UTC)."""
        while True:
            d = rng.randrange(self.days) if day is None else day
            if d % 7 >= 5 and rng.random() > weekend and day is None:
                continue
            h = rng.uniform(*hours) if rng.random() < 0.85 else rng.uniform(0, 24)
            t = int(d * 86400 + h * 3600 - self.tz * 3600)
            if 0 <= t < self.days * 86400:
                return t

    def add(self, t, client, helo, sender, rcpts, cls, group, hdrs, parts, kind, info=None):
        rng = self.rng
        mime_h, body = render_body(parts, rng, kind)
        raw = build(t, self.tz, helo, client, self.mx, hdrs, mime_h, body, rng)
        path = "msg/%06d.eml" % len(self.truth)
        with open(self.out + "/" + path, "wb") as f:
            f.write(raw)
        self.rows.append((t, len(self.truth), path, client, helo, sender or "<>", ",".join(rcpts), cls, group))
        p0 = parts[0]
        tr = {"path": path, "class": cls, "group": group, "kind": kind,
              "charset": p0.cs, "label": p0.label, "cte": [p.cte for p in parts],
              "subtypes": [p.subtype for p in parts], "mislabel": p0.raw is not None or p0.label != p0.cs,
              "text": p0.text}
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

# ------------------------------------------------------------------ clients
# A client profile: how a mail program encodes a letter.
# (charset, label, cte, kind, html style, subject encoding Q?, user agent)

JA_CLIENTS = {
    "gmail": [("utf-8", None, "base64", "alt", "gmail", False, None)],
    "yahoojp": [("iso-2022-jp", None, "7bit", "single", None, False, None),
                ("utf-8", None, "quoted-printable", "alt", "plain", False, None)],
    "mobile": [("shift_jis", None, "base64", "single", None, False, None),
               ("shift_jis", None, "8bit", "single", None, False, None),
               ("utf-8", None, "base64", "single", None, False, None)],
    "iphone": [("iso-2022-jp", None, "7bit", "single", None, False, "iPhone Mail (20A362)"),
               ("utf-8", None, "quoted-printable", "single", None, False, "iPhone Mail (20A362)")],
    "outlook": [("iso-2022-jp", None, "7bit", "single", None, False, "Microsoft Outlook 16.0"),
                ("iso-2022-jp", None, "quoted-printable", "alt", "outlook", False, "Microsoft Outlook 16.0"),
                ("utf-8", None, "base64", "alt", "outlook", False, "Microsoft Outlook 16.0")],
    "thunderbird": [("iso-2022-jp", None, "7bit", "single", None, False, "Mozilla Thunderbird"),
                    ("utf-8", None, "8bit", "single", None, False, "Mozilla Thunderbird")],
    "becky": [("iso-2022-jp", None, "7bit", "single", None, False, "Becky! ver. 2.81.04")],
    "unix": [("euc-jp", None, "8bit", "single", None, False, "Wanderlust/2.15.9 Emacs/28.2"),
             ("iso-2022-jp", None, "7bit", "single", None, False, "Mew version 6.8 on Emacs 28.2")],
}
RU_CLIENTS = {
    "mailru": [("utf-8", None, "base64", "alt", "gmail", False, None)],
    "yandex": [("utf-8", None, "8bit", "alt", "gmail", False, None),
               ("utf-8", None, "base64", "single", "plain", False, None)],
    "gmail": [("utf-8", None, "base64", "alt", "gmail", False, None),
              ("utf-8", None, "quoted-printable", "alt", "gmail", False, None)],
    "outlook": [("windows-1251", None, "quoted-printable", "alt", "outlook", False, "Microsoft Outlook 16.0"),
                ("koi8-r", None, "quoted-printable", "alt", "outlook", False, "Microsoft Outlook Express 6.00"),
                ("utf-8", None, "base64", "alt", "outlook", False, "Microsoft Outlook 16.0")],
    "thebat": [("windows-1251", None, "8bit", "single", None, False, "The Bat! (v9.4.2) Professional"),
               ("koi8-r", None, "8bit", "single", None, True, "The Bat! (v4.0.24)")],
    "thunderbird": [("utf-8", None, "8bit", "single", None, False, "Mozilla Thunderbird"),
                    ("koi8-r", None, "8bit", "single", None, False, "Mozilla Thunderbird")],
    "unix": [("koi8-r", None, "8bit", "single", None, False, "Mutt/2.2.9"),
             ("koi8-r", None, "quoted-printable", "single", None, True, "Mutt/1.5.21")],
    "iphone": [("utf-8", None, "quoted-printable", "single", None, False, "iPhone Mail (20A362)")],
}

# Mislabelled / unlabelled, a handful each: (charset actually used, label written, cte)
JA_BROKEN = [("shift_jis", "iso-2022-jp", "8bit"), ("euc-jp", "", "8bit"),
             ("shift_jis", "", "8bit"), ("utf-8", "iso-8859-1", "8bit"), ("shift_jis", "x-sjis", "base64")]
RU_BROKEN = [("windows-1251", "", "8bit"), ("koi8-r", "", "8bit"),
             ("koi8-r", "windows-1251", "8bit"), ("windows-1251", "iso-8859-1", "8bit"),
             ("utf-8", "windows-1251", "base64")]


def make_parts(rng, text, prof, html_text=None):
    cs, label, cte, kind, style, q, ua = prof
    if cs == "iso-2022-jp" and cte == "quoted-printable":
        pcte = "7bit"
    else:
        pcte = cte
    parts = [Part(text, cs, pcte, "plain", label, flowed=(ua or "").startswith("Mozilla") and rng.random() < 0.5)]
    if kind == "alt":
        parts.append(Part(to_html(html_text or text, cs, style or "plain"), cs, cte, "html", label))
    return parts, kind


def make_broken(rng, text, br):
    real, label, cte = br
    p = Part(text, real, cte, "plain", label)
    p.raw = to_bytes(text.replace("\n", "\r\n"), real)
    return [p], "single"

# ------------------------------------------------------------------ ham


class Ham:
    def __init__(self, s):
        self.s = s
        self.lang = s.lang
        self.rng = random.Random(s.rng.random())
        rng = self.rng
        ja = self.lang == "ja"
        # webmail providers: (domains, client profiles, nets, helo pattern, weight)
        if ja:
            prov = [(["gmail.com"], ["gmail"], 4, "mail-%s.google.com", 5),
                    (["yahoo.co.jp"], ["yahoojp"], 3, "nmsmtp%d.mail.yahoo.co.jp", 3),
                    (["docomo.ne.jp"], ["mobile"], 2, "mfsmax%d.docomo.ne.jp", 2),
                    (["ezweb.ne.jp", "au.com"], ["mobile"], 2, "mb%d.ezweb.ne.jp", 2),
                    (["softbank.ne.jp", "i.softbank.jp"], ["mobile", "iphone"], 2, "mo%d.softbank.jp", 1),
                    (["icloud.com", "me.com"], ["iphone"], 3, "st%d.p%d-mail.icloud.com", 2),
                    (["outlook.jp", "hotmail.co.jp"], ["outlook"], 4, "mail-%s.outbound.protection.outlook.com", 2),
                    (["nifty.com"], ["becky", "thunderbird", "outlook"], 1, "mta-snd%d.nifty.com", 1),
                    (["ocn.ne.jp"], ["outlook", "becky"], 1, "smtp%d.ocn.ne.jp", 1),
                    (["biglobe.ne.jp"], ["thunderbird", "becky"], 1, "mail%d.biglobe.ne.jp", 1)]
        else:
            prov = [(["mail.ru", "bk.ru", "list.ru", "inbox.ru"], ["mailru", "thebat", "outlook"], 4, "f%d.i.mail.ru", 6),
                    (["yandex.ru", "ya.ru"], ["yandex", "thebat", "iphone"], 3, "forward%d.mail.yandex.net", 5),
                    (["rambler.ru"], ["thebat", "thunderbird"], 1, "mxout%d.rambler.ru", 1),
                    (["gmail.com"], ["gmail", "iphone"], 4, "mail-%s.google.com", 3),
                    (["outlook.com", "hotmail.com"], ["outlook"], 4, "mail-%s.outbound.protection.outlook.com", 1)]
        self.providers = []
        for doms, clients, nnets, helo, w in prov:
            nets = [net24(rng) for _ in range(nnets)]
            self.providers.append((doms, clients, nets, helo, w))
        # organisations with their own servers
        self.orgs = []
        if ja:
            kinds = ["ac.jp"] * 25 + ["co.jp"] * 35 + ["go.jp"] * 5 + ["or.jp"] * 5
        else:
            kinds = ["ru"] * 60 + ["com"] * 10
        ojp = ["tohoku-gk", "kansai-ik", "hokuriku-sci", "chubu-med", "kyushu-tech", "nishi-bunka",
               "yamato-denki", "asahi-kogyo", "fuji-shoji", "sakura-soft", "minato-kensetsu",
               "hikari-net", "tokai-bussan", "kita-seiyaku", "sora-systems"]
        oru = ["uralstal", "sibtrade", "volgaprom", "baltlogistic", "neva-soft", "kamaz-servis",
               "tehnoinvest", "donagro", "severles", "moskabel", "energosbyt-m", "stroymontazh"]
        for i, k in enumerate(kinds):
            base = rng.choice(ojp if ja else oru) + ("%d" % i)
            dom = base + "." + k
            net = ("133.%d.%d" % (rng.randrange(256), rng.randrange(256))) if k == "ac.jp" else net24(rng)
            hosts = [ip_in(rng, net) for _ in range(rng.choice([1, 1, 2]))]
            conf = (1 + rng.randrange(1000)) if (rng.random() < 0.6 and k != "ac.jp") else 0
            clients = ["outlook", "thunderbird"] + (["becky", "unix"] if ja else ["thebat", "unix"])
            self.orgs.append((dom, hosts, conf, clients))
        # correspondents
        self.people = []
        for i in range(1500):
            if rng.random() < 0.6:
                pv = rng.choices(self.providers, [p[4] for p in self.providers])[0]
                dom = rng.choice(pv[0])
                p = s.mkperson(rng, dom)
                p.client = rng.choice(pv[1])
                p.nets, p.hosts = pv[2], None
                p.helo = pv[3]
                p.org = None
            else:
                org = rng.choice(self.orgs)
                p = s.mkperson(rng, org[0])
                p.client = rng.choice(org[3])
                p.nets, p.hosts = None, org[1]
                p.helo = "mail." + org[0]
                p.org = org
            p.prof = rng.choice((JA_CLIENTS if ja else RU_CLIENTS)[p.client])
            p.sig = self.signature(p)
            self.people.append(p)

    def signature(self, p):
        rng = self.rng
        ja = self.lang == "ja"
        lines = []
        if p.org is None:
            if rng.random() < 0.3:
                lines = ["--", p.name]
            if p.client in ("mobile", "iphone") and rng.random() < 0.6:
                lines = ["iPhoneから送信" if ja else "Отправлено с iPhone"]
            if p.client == "yandex" and rng.random() < 0.5:
                lines = ["--", "Отправлено из мобильной Яндекс Почты"]
            return "\n".join(lines)
        dom = p.org[0]
        if ja:
            lines = ["-- ", "%s" % p.name, "%s %s" % (dom.split(".")[0], rng.choice(["研究科", "営業部", "総務課", "技術開発部", "情報基盤センター"])),
                     "TEL: 0%d-%d-%04d" % (rng.randrange(3, 99), rng.randrange(100, 9999), rng.randrange(10000)),
                     "E-mail: %s" % p.addr]
            if p.org[2]:
                v = p.org[2] % 4
                co = dom.split(".")[0]
                lines += ["", ["本メールは機密情報を含む場合があります。誤って受信された場合は、\n直ちに送信者にご連絡いただくとともに、本メールを削除してください。",
                               "このメールには%s の機密情報が含まれている可能性があります。\n宛先に誤りがある場合は、お手数ですが削除の上ご連絡ください。" % co,
                               "【機密】本メールおよび添付ファイルは、宛先の方のみを対象としています。\n%s 以外への転送・開示はご遠慮ください。" % co,
                               "本電子メールの内容は%s の社外秘情報を含みます。\n無断での複製・転送・開示を禁じます。" % co][v]]
        else:
            lines = ["-- ", "С уважением,", p.name, rng.choice(["менеджер по продажам", "главный инженер", "бухгалтер",
                                                             "руководитель отдела логистики", "юрист"]),
                     "ООО «%s»" % dom.split(".")[0].capitalize(),
                     "тел. +7 (%d) %03d-%02d-%02d" % (rng.randrange(300, 999), rng.randrange(1000), rng.randrange(100), rng.randrange(100))]
            if p.org[2]:
                v = p.org[2] % 4
                co = dom.split(".")[0].capitalize()
                lines += ["", ["Данное сообщение и любые приложения к нему являются конфиденциальными и\nпредназначены исключительно для адресата. Если вы получили это сообщение\nпо ошибке, пожалуйста, уведомите отправителя и удалите сообщение.",
                               "Информация в этом письме является собственностью ООО «%s» и\nпредназначена только для указанных получателей." % co,
                               "ВНИМАНИЕ: письмо содержит конфиденциальную информацию ООО «%s».\nРаспространение без согласия отправителя запрещено." % co,
                               "Это сообщение может содержать коммерческую тайну %s.\nЕсли вы не адресат, удалите его и сообщите отправителю." % co][v]]
        return "\n".join(lines)

    def client_of(self, p):
        rng = self.rng
        if p.hosts:
            return rng.choice(p.hosts), p.helo
        net = rng.choice(p.nets)
        ip = ip_in(rng, net)
        h = p.helo
        if "%s" in h:
            h = h % ("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(4)) + str(rng.randrange(100)))
        elif h.count("%d") == 2:
            h = h % (rng.randrange(1, 50), rng.randrange(1, 80))
        else:
            h = h % rng.randrange(1, 90)
        return ip, h

    def letter_text(self, sender, to, n=None, reply=False):
        rng = self.rng
        ja = self.lang == "ja"
        n = n or rng.choice([1, 2, 2, 3, 3, 4, 5, 7])
        body = self.s.prose.para(rng, n)
        if ja:
            greet = rng.choice(["%s\n\nお世話になっております。%sです。\n\n",
                                "%s\n\n%sです。いつもありがとうございます。\n\n",
                                "%s\n\nこんにちは、%sです。\n\n"]) % (to.greet, sender.short)
            close = rng.choice(["よろしくお願いいたします。", "以上、よろしくお願いします。", "取り急ぎご連絡まで。", "ご検討のほど、よろしくお願い申し上げます。"])
        else:
            greet = rng.choice(["%s!\n\n" % to.greet, "Добрый день, %s!\n\n" % to.casual,
                                "Привет, %s!\n\n" % to.casual, "Здравствуйте, %s.\n\n" % to.casual])
            close = rng.choice(["С уважением,\n" + sender.short, "Спасибо!", "Заранее спасибо.",
                                "Жду ответа.", "Всего доброго,\n" + sender.short])
        if reply:
            body = self.s.prose.para(rng, rng.choice([1, 1, 2]))
            greet = greet if rng.random() < 0.5 else ""
        txt = greet + wrap(body, self.lang) + "\n\n" + close + "\n"
        if sender.sig:
            txt += "\n" + sender.sig + "\n"
        return txt

    def quote(self, prev_text, prev_from, t):
        ja = self.lang == "ja"
        lt = t + self.s.tz * 3600
        d, sec = divmod(lt, 86400)
        if ja:
            head = "2026/06/%02d %02d:%02d、%s <%s> のメッセージ:" % (d + 1, sec // 3600, sec // 60 % 60, prev_from.name, prev_from.addr)
        else:
            head = "%d.06.2026, %02d:%02d, %s <%s> пишет:" % (d + 1, sec // 3600, sec // 60 % 60, prev_from.name, prev_from.addr)
        return head + "\n" + "\n".join(("> " + l) if l else ">" for l in prev_text.split("\n"))

    def subject(self, n=None):
        rng = self.rng
        s = self.s.prose.sents(rng, 1)[0]
        if self.lang == "ja":
            s = s.rstrip("。")
            return s[:rng.randrange(8, 20)]
        w = s.split()
        return " ".join(w[:rng.randrange(3, 7)]).rstrip(",.:;")

    def send_letter(self, t, sender, rcpts, text, subj, group, msgid=None, inreply=None, broken=None, info=None):
        rng = self.rng
        s = self.s
        if broken:
            parts, kind = make_broken(rng, text, broken)
            cs_h = broken[0]
            q = False
            ua = None
        else:
            parts, kind = make_parts(rng, text, sender.prof)
            cs_h, q, ua = sender.prof[0], sender.prof[5], sender.prof[6]
        client, helo = self.client_of(sender)
        hdrs = [("Date", rfcdate(t, s.tz)), ("From", addr_hdr(sender.name, sender.addr, cs_h, q)),
                ("To", ", ".join(addr_hdr(u.name, u.addr, cs_h, q) for u in rcpts)),
                ("Subject", ew(subj, cs_h, q)),
                ("Message-ID", msgid or "<%x.%x@%s>" % (rng.randrange(1 << 40), t, sender.addr.split("@")[1]))]
        if inreply:
            hdrs += [("In-Reply-To", inreply), ("References", inreply)]
        if ua:
            hdrs.append(("User-Agent" if "Outlook" not in ua else "X-Mailer", ua))
        s.add(t, client, helo, sender.addr, [u.addr for u in rcpts], "ham", group, hdrs, parts, kind, info)

    # -- personal letters and replies quoting them
    def personal(self, nconv):
        rng, s = self.rng, self.s
        broken_tbl = JA_BROKEN if self.lang == "ja" else RU_BROKEN
        nb = 0
        for c in range(nconv):
            p = rng.choice(self.people)
            rc = [rng.choice(s.users)] + ([rng.choice(s.users) for _ in range(rng.randrange(1, 3))] if rng.random() < 0.12 else [])
            t = s.when(rng)
            subj = self.subject()
            prev, prev_from = None, None
            nmsg = rng.choice([1, 1, 1, 2, 2, 3, 4])
            for k in range(nmsg):
                if prev is None:
                    txt = self.letter_text(p, rc[0])
                    sj = subj
                else:
                    txt = self.letter_text(p, rc[0], reply=True) + "\n" + self.quote(prev, prev_from, t - rng.randrange(600, 20000))
                    sj = ("Re: " if self.lang == "ja" or rng.random() < 0.6 else "RE: ") + subj
                broken = None
                if nb < 12 and rng.random() < 0.012:
                    broken = broken_tbl[nb % len(broken_tbl)]
                    nb += 1
                if t < s.days * 86400:
                    self.send_letter(t, p, rc, txt, sj, "personal" if k == 0 else "reply", broken=broken)
                # the local user's answer (sent out, not seen here) quoting it
                ans = self.letter_text(rc[0], p, reply=True) + "\n" + self.quote(txt, p, t)
                prev, prev_from = ans, rc[0]
                t += rng.randrange(1800, 2 * 86400)

    # -- multi-party threads (external participants write to all local ones)
    def threads(self, nthreads):
        rng, s = self.rng, self.s
        for th in range(nthreads):
            locals_ = rng.sample(s.users, rng.randrange(3, 13))
            ext = rng.sample(self.people, rng.randrange(1, 5))
            subj = self.subject()
            t = s.when(rng)
            chain, chain_from = None, None
            for k in range(rng.randrange(4, 16)):
                if rng.random() < 0.45 or chain is None:
                    p = rng.choice(ext)
                    txt = self.letter_text(p, rng.choice(locals_), reply=chain is not None)
                    if chain:
                        txt += "\n" + self.quote(chain, chain_from, t - rng.randrange(600, 7200))
                    if t < s.days * 86400:
                        self.send_letter(t, p, locals_, txt, ("Re: " if chain else "") + subj, "thread:%d" % th)
                    chain, chain_from = txt, p
                else:
                    u = rng.choice(locals_)   # local participant: not seen by the MX
                    txt = self.letter_text(u, rng.choice(ext), reply=True) + "\n" + self.quote(chain, chain_from, t)
                    chain, chain_from = txt, u
                t += rng.randrange(900, 86400)

    # -- mailing lists: one transaction to the local subscribers
    def lists(self, nlists, nposts):
        rng, s = self.rng, self.s
        ja = self.lang == "ja"
        names = (["jsai-members", "ipsj-sigos", "fedora-jp", "ruby-list", "debian-users", "jus-sig",
                  "kenkyu-kai", "tsukuba-hpc", "nlp-ja", "bungaku", "photo-club", "alumni-2015", "tanka-kai"]
                 if ja else
                 ["linux-ru", "1c-admins", "logist-club", "buhgalter-info", "sysadmins", "fido7.su.general",
                  "postgresql-ru", "dev-moscow", "hr-forum", "spb-runners", "auto-club", "pmi-ru", "nginx-ru"])
        for li in range(nlists):
            name = names[li]
            host = name + (".example.org" if li % 2 else ".example.jp" if ja else ".example.ru")
            net = net24(rng)
            ips = [ip_in(rng, net) for _ in range(2)]
            subs = rng.sample(s.users, rng.choice([3, 5, 8, 12, 20, 30, 45, 60, 90, 120]))
            posters = rng.sample(self.people, 25)
            footer = ("_______________________________________________\n%s mailing list\n%s@%s\nhttps://%s/mailman/listinfo/%s\n"
                      % (name, name, host, host, name))
            if ja:
                footer = footer.replace("mailing list", "メーリングリスト") + "登録解除はこちら: https://%s/unsub\n" % host
            else:
                footer += "Отписаться: https://%s/unsub\n" % host
            posts = []
            n = max(4, int(nposts * rng.uniform(0.3, 1.7)))
            for k in range(n):
                p = rng.choice(posters)
                t = s.when(rng, weekend=0.6)
                if posts and rng.random() < 0.4:
                    pt, ptxt, pp, psub = rng.choice(posts)
                    t = max(t, pt + 1800)
                    txt = self.letter_text(p, pp, reply=True) + "\n" + self.quote(ptxt, pp, pt)
                    subj = "Re: " + psub
                else:
                    txt = self.letter_text(p, rng.choice(posters))
                    subj = self.subject()
                if t >= s.days * 86400:
                    continue
                posts.append((t, txt, p, subj))
                seq = k + 1
                full = txt + "\n" + footer
                parts, kind = make_parts(rng, full, p.prof if p.prof[3] == "single" else (p.prof[0], None, p.prof[2], "single", None, False, None))
                hdrs = [("Date", rfcdate(t, s.tz)), ("From", addr_hdr(p.name, p.addr, p.prof[0])),
                        ("To", "%s@%s" % (name, host)), ("Subject", ew("[%s:%05d] " % (name, seq) + subj, p.prof[0])),
                        ("Message-ID", "<%x@%s>" % (rng.randrange(1 << 48), p.addr.split("@")[1])),
                        ("List-Id", "<%s.%s>" % (name, host)), ("List-Unsubscribe", "<mailto:%s-leave@%s>" % (name, host)),
                        ("Precedence", "list"), ("Sender", "%s-bounces@%s" % (name, host))]
                s.add(t, rng.choice(ips), "mail." + host, "%s-bounces@%s" % (name, host), [u.addr for u in subs],
                      "ham", "list:%s" % name, hdrs, parts, kind)

    # -- newsletters: an ESP, VERP, one transaction per subscriber
    def newsletters(self, spec):
        rng, s = self.rng, self.s
        ja = self.lang == "ja"
        for ni, (nsubs, period, style) in enumerate(spec):
            esp_net = net24(rng)
            ips = [ip_in(rng, esp_net) for _ in range(rng.randrange(2, 5))]
            brand = (["週刊テック通信", "まなび新聞", "旅ナビ便り", "マネー最前線", "料理レシピ日和", "研究助成ニュース", "ことばの庭"]
                     if ja else
                     ["Бизнес-дайджест", "Вестник логиста", "Главбух. Новости", "Технологии сегодня",
                      "Кулинарный клуб", "Налоги и право", "Книжная полка"])[ni]
            dom = "news%d.%s" % (ni, "example.jp" if ja else "example.ru")
            subs = rng.sample(s.users, nsubs)
            cs = "utf-8" if style != "mag2" else ("iso-2022-jp" if ja else "koi8-r")
            hour = rng.uniform(6, 9)
            for day in range(0, s.days, period):
                t0 = int(day * 86400 + hour * 3600 - s.tz * 3600)
                if t0 < 0:
                    t0 += 3600 * s.tz
                issue = day // period + 1
                arts = []
                for a in range(rng.randrange(3, 6)):
                    arts.append("■ " + self.subject() + "\n" + wrap(s.prose.para(rng, rng.randrange(2, 5)), self.lang))
                subj = ("【%s】第%d号 %s" if ja else "%s №%d: %s") % (brand, issue, self.subject())
                for j, u in enumerate(subs):
                    t = t0 + j * rng.randrange(1, 4)
                    head = ("%s\n%s 第%d号\n%s\n\n" % (u.greet, brand, issue, "━" * 20)) if ja else \
                        ("%s!\n%s, выпуск №%d\n%s\n\n" % (u.greet, brand, issue, "=" * 40))
                    foot = (("\n%s\n発行: %s\n配信停止: https://%s/u?e=%s&k=%08x\n" % ("━" * 20, brand, dom, u.addr, rng.randrange(1 << 32)))
                            if ja else
                            ("\n%s\n%s\nОтписаться: https://%s/u?e=%s&k=%08x\n" % ("=" * 40, brand, dom, u.addr, rng.randrange(1 << 32))))
                    txt = head + "\n\n".join(arts) + "\n" + foot
                    if style == "mag2":
                        parts, kind = [Part(txt, cs, "7bit" if ja else "8bit")], "single"
                    elif style == "html":
                        parts, kind = [Part(to_html(txt, cs, "news"), cs, "base64", "html")], "single"
                        parts[0].text = txt
                    else:
                        parts, kind = [Part(txt, cs, "quoted-printable"), Part(to_html(txt, cs, "news"), cs, "quoted-printable", "html")], "alt"
                    verp = "bounce-%d-%s=%s@%s" % (issue, u.addr.split("@")[0], s.domain, dom)
                    hdrs = [("Date", rfcdate(t, s.tz)), ("From", addr_hdr(brand, "info@" + dom, cs)), ("To", u.addr),
                            ("Subject", ew(subj, cs)), ("Message-ID", "<%d.%d.%x@%s>" % (issue, j, rng.randrange(1 << 32), dom)),
                            ("List-Unsubscribe", "<https://%s/u?e=%s>" % (dom, u.addr)), ("Precedence", "bulk")]
                    if t < s.days * 86400:
                        s.add(t, rng.choice(ips), "mta%d.%s" % (rng.randrange(1, 5), dom), verp, [u.addr], "ham",
                              "news:%d" % ni, hdrs, parts, kind)

    # -- notifications: a template with the recipient's details
    def notices(self, spec):
        rng, s = self.rng, self.s
        ja = self.lang == "ja"
        for ni, (kind_, nusers, per_user) in enumerate(spec):
            net = net24(rng)
            ips = [ip_in(rng, net) for _ in range(rng.randrange(1, 4))]
            dom = "%s%d.%s" % (kind_, ni, "example.co.jp" if ja else "example.ru")
            users = rng.sample(s.users, nusers)
            cs = rng.choice(["utf-8", "iso-2022-jp"] if ja else ["utf-8", "windows-1251", "koi8-r"])
            htmlonly = rng.random() < 0.4
            boiler = s.prose.para(random.Random(ni * 7 + 3), 2)  # a fixed paragraph of legalese per service
            for u in users:
                for k in range(rng.randrange(1, per_user + 1)):
                    t = s.when(rng, hours=(0, 24))
                    oid = "%d-%07d-%07d" % (rng.randrange(100, 999), rng.randrange(10 ** 7), rng.randrange(10 ** 7))
                    amt = rng.randrange(300, 90000)
                    txt = self.notice_text(kind_, u, oid, amt, t, dom, boiler)
                    if htmlonly:
                        parts = [Part(to_html(txt, cs, "news"), cs, "quoted-printable" if cs != "iso-2022-jp" else "7bit", "html")]
                        parts[0].text = txt
                        kind = "single"
                    else:
                        parts, kind = [Part(txt, cs, "base64" if cs == "utf-8" else ("7bit" if cs == "iso-2022-jp" else "8bit"))], "single"
                    subj = self.notice_subject(kind_, oid)
                    hdrs = [("Date", rfcdate(t, s.tz)), ("From", addr_hdr(self.notice_name(kind_), "no-reply@" + dom, cs)),
                            ("To", u.addr), ("Subject", ew(subj, cs)),
                            ("Message-ID", "<%x@%s>" % (rng.randrange(1 << 48), dom))]
                    s.add(t, rng.choice(ips), "smtp.%s" % dom, "bounce+%x@%s" % (rng.randrange(1 << 32), dom), [u.addr],
                          "ham", "notice:%s%d" % (kind_, ni), hdrs, parts, kind)

    def notice_name(self, k):
        if self.lang == "ja":
            return {"shop": "オンラインストア", "bank": "みらい銀行", "card": "カードご利用通知", "rail": "えきねっと予約",
                    "cloud": "クラウドストレージ", "sns": "つながりSNS", "delivery": "宅配便お届け通知"}[k]
        return {"shop": "Интернет-магазин", "bank": "Банк «Северный»", "card": "Уведомления по карте", "rail": "Билеты РЖД-онлайн",
                "cloud": "Облако", "sns": "Соцсеть", "delivery": "Служба доставки"}[k]

    def notice_subject(self, k, oid):
        if self.lang == "ja":
            return {"shop": "ご注文の確認 (注文番号 %s)" % oid, "bank": "【みらい銀行】お振込受付のお知らせ",
                    "card": "カードご利用のお知らせ", "rail": "ご予約内容の確認", "cloud": "新しいデバイスからのログイン",
                    "sns": "新しいメッセージが届いています", "delivery": "お荷物のお届け予定のお知らせ"}[k]
        return {"shop": "Заказ %s оформлен" % oid, "bank": "Поступление средств на счёт",
                "card": "Операция по карте", "rail": "Электронный билет %s" % oid, "cloud": "Вход с нового устройства",
                "sns": "У вас новое сообщение", "delivery": "Заказ %s передан в доставку" % oid}[k]

    def notice_text(self, k, u, oid, amt, t, dom, boiler):
        rng = self.rng
        lt = t + self.s.tz * 3600
        date = "2026/06/%02d %02d:%02d" % (lt // 86400 + 1, lt % 86400 // 3600, lt % 3600 // 60)
        ja = self.lang == "ja"
        if ja:
            item = self.s.prose.sents(rng, 1)[0][:16]
            body = {
                "shop": "%s\n\nこの度はご注文いただき誠にありがとうございます。\n以下の内容でご注文を承りました。\n\n注文番号: %s\n注文日時: %s\n商品: %s\n数量: %d\nお支払金額: %s円(税込)\n\n商品の発送準備が整い次第、改めてご連絡いたします。",
                "bank": "%s\n\nいつもみらい銀行をご利用いただきありがとうございます。\n以下のお振込を受け付けました。\n\n受付番号: %s\n受付日時: %s\n摘要: %s\n件数: %d\n金額: %s円\n\nお心当たりのない場合は至急お問い合わせください。",
                "card": "%s\n\nカードのご利用がありましたのでお知らせします。\n\n承認番号: %s\nご利用日時: %s\nご利用先: %s\n回数: %d\nご利用金額: %s円\n\n本メールは送信専用です。",
                "rail": "%s\n\nご予約ありがとうございます。\n\n予約番号: %s\n乗車日時: %s\n列車: %s\n人数: %d名\n料金: %s円\n\n発車時刻の変更にご注意ください。",
                "cloud": "%s\n\nお使いのアカウントに新しいデバイスからログインがありました。\n\n識別番号: %s\n日時: %s\n場所: %s\n試行回数: %d\n参照: %s\n\nお心当たりがない場合はパスワードを変更してください。",
                "sns": "%s\n\n新しいメッセージが届いています。\n\nID: %s\n日時: %s\n内容: %s…\n件数: %d\nポイント: %s\n\nアプリで確認する。",
                "delivery": "%s\n\nお荷物のお届け予定をお知らせします。\n\n伝票番号: %s\nお届け予定: %s\n品名: %s\n個数: %d\n代金引換: %s円\n\n不在の場合は再配達をご依頼ください。",
            }[k] % (u.name + " 様", oid, date, item, rng.randrange(1, 5), "{:,}".format(amt))
            body += "\n\n%s\n\n%s\nhttps://%s/account?id=%s\n" % ("─" * 20, wrap(boiler, "ja"), dom, oid)
        else:
            item = " ".join(self.s.prose.sents(rng, 1)[0].split()[:4])
            body = {
                "shop": "%s!\n\nСпасибо за заказ. Мы приняли его в работу.\n\nНомер заказа: %s\nДата: %s\nТовар: %s\nКоличество: %d\nСумма: %s руб.\n\nМы сообщим, когда заказ будет отправлен.",
                "bank": "%s!\n\nНа ваш счёт поступили средства.\n\nНомер операции: %s\nДата: %s\nНазначение: %s\nДокументов: %d\nСумма: %s руб.\n\nЕсли вы не совершали эту операцию, позвоните в банк.",
                "card": "%s!\n\nПо вашей карте совершена операция.\n\nКод авторизации: %s\nДата: %s\nМесто: %s\nПопытка: %d\nСумма: %s руб.\n\nЭто письмо отправлено автоматически.",
                "rail": "%s!\n\nВаш электронный билет оформлен.\n\nНомер заказа: %s\nОтправление: %s\nПоезд: %s\nПассажиров: %d\nСтоимость: %s руб.\n\nСледите за изменениями расписания.",
                "cloud": "%s!\n\nВ ваш аккаунт выполнен вход с нового устройства.\n\nИдентификатор: %s\nВремя: %s\nМесто: %s\nПопыток: %d\nКод: %s\n\nЕсли это были не вы, смените пароль.",
                "sns": "%s!\n\nУ вас новое сообщение.\n\nID: %s\nВремя: %s\nТекст: %s...\nНепрочитанных: %d\nБаллы: %s\n\nОткройте приложение, чтобы ответить.",
                "delivery": "%s!\n\nВаш заказ передан в службу доставки.\n\nТрек-номер: %s\nОжидаемая дата: %s\nОписание: %s\nМест: %d\nНаложенный платёж: %s руб.\n\nКурьер позвонит заранее.",
            }[k] % ("Здравствуйте, " + u.name, oid, date, item, rng.randrange(1, 5), "{:,}".format(amt).replace(",", " "))
            body += "\n\n%s\n\n%s\nhttps://%s/account?id=%s\n" % ("-" * 40, wrap(boiler, "ru"), dom, oid)
        return body

    # -- internal announcements to hundreds of local users, 50 a transaction
    def announcements(self, n):
        rng, s = self.rng, self.s
        ja = self.lang == "ja"
        net = "133.%d.%d" % (rng.randrange(256), rng.randrange(256)) if ja else net24(rng)
        relay = ip_in(rng, net)
        senders = rng.sample(s.users, 12)
        for a in range(n):
            p = rng.choice(senders)
            p.prof = ("iso-2022-jp", None, "7bit", "single", None, False, None) if ja else \
                rng.choice([("utf-8", None, "base64", "single", None, False, None), ("koi8-r", None, "8bit", "single", None, False, None),
                            ("windows-1251", None, "quoted-printable", "alt", "outlook", False, "Microsoft Outlook 16.0")])
            p.sig = ""
            t = s.when(rng)
            rc = rng.sample(s.users, rng.randrange(150, 900))
            head = ("教職員各位\n\n%sの%sです。\n\n" % (rng.choice(["総務課", "情報基盤センター", "学務課", "図書館", "施設課"]), p.short)) if ja else \
                ("Уважаемые коллеги!\n\n")
            txt = head + wrap(s.prose.para(rng, rng.randrange(3, 8)), self.lang) + "\n\n" + (
                "以上、よろしくお願いいたします。\n" if ja else "С уважением,\n%s\n" % p.name)
            subj = ("【周知】" if ja else "[Объявление] ") + self.subject()
            parts, kind = make_parts(rng, txt, p.prof)
            mid = "<%x@%s>" % (rng.randrange(1 << 48), s.domain)
            for i in range(0, len(rc), 50):
                hdrs = [("Date", rfcdate(t, s.tz)), ("From", addr_hdr(p.name, p.addr, p.prof[0])),
                        ("To", ("all-staff@%s" % s.domain)), ("Subject", ew(subj, p.prof[0])), ("Message-ID", mid)]
                s.add(t + i // 50, relay, "smtp.%s" % s.domain, p.addr, [u.addr for u in rc[i:i + 50]], "ham",
                      "announce:%d" % a, hdrs, parts, kind)

# ------------------------------------------------------------------ spam

JA_SPAM = [
    ("【重要】%(brand)sアカウントの確認", "%(brand)sをご利用のお客様\n\nお客様のアカウントで不審なログインが検出されました。\nアカウントは一時的に停止されています。\n24時間以内に以下のリンクから本人確認を行ってください。\n\n%(url)s\n\n確認番号: %(num)s\n期限内に確認いただけない場合、アカウントは永久に利用停止となります。"),
    ("%(name)s様へ特別なご案内", "%(name)s様\n\n初めまして、突然のメールで失礼します。\nプロフィールを拝見して、どうしてもお話ししたくなりました。\n近くに住んでいるので、よかったらお会いできませんか?\n写真はこちらに載せています。\n%(url)s\n\n会員番号 %(num)s で無料登録できます。"),
    ("副業で月収%(num)s万円", "在宅でスマホだけで簡単に稼げる副業をご紹介します。\n実績者多数!%(name)sさんも今日から始められます。\n1日たった10分の作業で月収%(num)s万円も夢ではありません。\n今なら登録料無料です。\n詳しくはこちら → %(url)s"),
    ("【当選】%(name)s様 賞金%(num)s万円", "おめでとうございます!\n%(name)s様は厳正なる抽選の結果、賞金%(num)s万円に当選されました。\n受け取り手続きは以下のページから行ってください。\n%(url)s\n手続き期限: 本日中\n受付番号: %(num)s"),
    ("未払い料金のお知らせ", "%(name)s様\n\nご利用料金のお支払いが確認できておりません。\n未払い金額: %(num)s円\n本日中にお支払いいただけない場合、法的手続きに移行いたします。\nお支払いはこちら: %(url)s"),
    ("株式投資の極秘情報", "プロ投資家が教える、必ず上がる銘柄情報を限定公開中。\n先月の実績は%(num)s%%の利益でした。\n%(name)s様だけに特別にお知らせします。\n無料メルマガ登録: %(url)s"),
    ("お荷物のお届けについて", "お客様宛にお荷物をお届けにあがりましたが不在のため持ち帰りました。\n再配達のご依頼は下記よりお願いします。\n%(url)s\n伝票番号: %(num)s"),
    ("即日融資 %(num)s万円まで", "審査が不安な方でも大丈夫!\n最短30分で%(num)s万円までご融資可能です。\n%(name)s様の今月のご利用枠をご確認ください。\n%(url)s"),
]
RU_SPAM = [
    ("Семинар для главных бухгалтеров %(num)s", "Приглашаем на семинар «Изменения в налоговом учёте»!\n%(name)s, только для вас скидка %(num)s%%.\nЛектор - практикующий аудитор. Раздаточный материал, кофе-брейк.\nРегистрация: %(url)s\nТел. (495) %(num)s"),
    ("Ваш аккаунт будет заблокирован", "Уважаемый клиент!\n\nМы обнаружили подозрительную активность в вашем аккаунте.\nДля подтверждения личности перейдите по ссылке в течение 24 часов:\n%(url)s\nКод проверки: %(num)s\nИначе доступ будет ограничен."),
    ("Базы данных клиентов %(num)s", "Продаём базы данных предприятий и организаций по всей России.\nБолее %(num)s тысяч контактов с телефонами и e-mail.\nРассылка по вашей базе - недорого.\n%(name)s, звоните или пишите: %(url)s"),
    ("Вам выплата %(num)s руб.", "%(name)s, вам начислена компенсация в размере %(num)s рублей.\nДля получения средств заполните заявку на сайте:\n%(url)s\nНомер заявки: %(num)s. Срок - до конца дня."),
    ("Кредит без справок до %(num)s тыс.", "Кредит наличными без справок и поручителей!\nОдобрение за 15 минут, ставка от %(num)s%%.\n%(name)s, оставьте заявку прямо сейчас: %(url)s"),
    ("Таможенное оформление грузов", "Растаможка грузов из Китая под ключ.\nСроки от %(num)s дней, все документы, сертификация.\n%(name)s, рассчитаем стоимость бесплатно: %(url)s"),
    ("Познакомимся?", "Привет, %(name)s! Я Катя, увидела твой профиль и решила написать.\nМне %(num)s, живу недалеко. Мои фото тут: %(url)s\nНапиши мне!"),
    ("Увеличим продажи в %(num)s раза", "Привлечём клиентов в ваш бизнес через контекстную рекламу.\nГарантия результата, первые заявки уже через %(num)s дня.\n%(name)s, получите аудит бесплатно: %(url)s"),
]
BAD_TLDS = ["top", "xyz", "club", "icu", "online", "site", "ru", "cn", "info", "biz"]
INSERTS = ["\u200b", " ", "・", "*", ".", "_", "\u00a0"]


class Spam:
    def __init__(self, s):
        self.s = s
        self.rng = random.Random(s.rng.random())

    def bot(self, rng):
        a = rng.randrange(1, 224)
        while a in (10, 100, 127, 169, 172, 192, 198, 203):
            a = rng.randrange(1, 224)
        ip = "%d.%d.%d.%d" % (a, rng.randrange(256), rng.randrange(256), rng.randrange(1, 255))
        helo = rng.choice(["%s" % ip.replace(".", "-") + ".dynamic.example.net", "[%s]" % ip, "User",
                           "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randrange(5, 10))),
                           rng.choice(["yahoo.co.jp", "mail.ru", "gmail.com", "localhost"])])
        return ip, helo

    def forged(self, rng):
        s = self.s
        r = rng.random()
        if r < 0.2:
            return rng.choice(s.users).addr
        loc = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(rng.randrange(5, 12)))
        dom = rng.choice(["yahoo.co.jp", "gmail.com", "mail.ru", "yandex.ru", "outlook.com", "docomo.ne.jp"] +
                         ["%s.%s" % ("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randrange(4, 9))), rng.choice(BAD_TLDS))] * 3)
        return loc + "@" + dom

    def campaigns(self, ncamp, total):
        rng, s = self.rng, self.s
        ja = s.lang == "ja"
        tmpls = JA_SPAM if ja else RU_SPAM
        sizes = [rng.paretovariate(1.2) for _ in range(ncamp)]
        k = total / sum(sizes)
        for c in range(ncamp):
            n = max(10, int(sizes[c] * k))
            subj_t, body_t = tmpls[c % len(tmpls)]
            # the campaign's own text: template + a fixed paragraph
            extra = wrap(s.spam_prose.para(rng, rng.randrange(1, 4)), s.lang)
            brand = rng.choice(["Amazon", "楽天", "三井住友カード", "Apple", "えきねっと"] if ja else ["Сбер", "Госуслуги", "Ozon", "Wildberries"])
            snow = rng.random() < 0.35
            if snow:
                nets = [net24(rng) for _ in range(rng.randrange(3, 8))]
                doms = ["%s%d.%s" % ("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(6)), i, rng.choice(BAD_TLDS)) for i in range(len(nets))]
            vary_ins = rng.random() < 0.4
            vary_app = rng.random() < 0.6
            vary_cs = rng.random() < 0.4
            cs0 = rng.choice(["iso-2022-jp", "shift_jis", "utf-8", "euc-jp"] if ja else ["windows-1251", "koi8-r", "utf-8"])
            html_ = rng.random() < 0.5
            t0 = rng.randrange(0, s.days * 86400 - 3 * 86400)
            dur = rng.choice([3600 * 3, 3600 * 12, 86400, 2 * 86400])
            for i in range(n):
                t = t0 + int(dur * i / n) + rng.randrange(60)
                u = rng.choice(s.users)
                url = "https://%s.%s/%s?id=%d" % ("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randrange(5, 10))),
                                                 rng.choice(BAD_TLDS), "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(8)),
                                                 rng.randrange(10 ** 6))
                vals = {"name": u.name, "num": str(rng.randrange(10, 999)), "url": url, "brand": brand}
                txt = body_t % vals + "\n\n" + extra
                if vary_ins:
                    txt = "".join(ch + (rng.choice(INSERTS) if rng.random() < 0.08 and ch != "\n" else "") for ch in txt)
                if vary_app:
                    txt += "\n\n\n" + wrap(s.spam_prose.para(rng, rng.randrange(1, 5)), s.lang)
                cs = rng.choice(["iso-2022-jp", "shift_jis", "utf-8", "euc-jp"] if ja else ["windows-1251", "koi8-r", "utf-8"]) if vary_cs else cs0
                if cs == "iso-2022-jp" or cs == "shift_jis" or cs == "euc-jp":
                    txt = txt.replace("\u200b", "").replace("\u00a0", " ")
                cte = rng.choice(["base64", "8bit", "quoted-printable"]) if cs != "iso-2022-jp" else "7bit"
                if html_:
                    parts = [Part(to_html(txt, cs, "plain"), cs, cte, "html")]
                    parts[0].text = txt
                else:
                    parts = [Part(txt, cs, cte)]
                rc = rng.sample(s.users, min(len(s.users), rng.choice([1, 1, 1, 2, 3, 5, 8, 12, 20])))
                if snow:
                    j = rng.randrange(len(nets))
                    ip, helo = ip_in(rng, nets[j]), "mail%d.%s" % (rng.randrange(1, 99), doms[j])
                    sender = "%s@%s" % (rng.choice(["info", "news", "sale", "promo"]) + str(rng.randrange(100)), doms[j])
                else:
                    ip, helo = self.bot(rng)
                    sender = self.forged(rng)
                hdrs = [("Date", rfcdate(t, s.tz)), ("From", addr_hdr(rng.choice([brand, u.name.split()[0], None]), sender, cs)),
                        ("To", rc[0].addr), ("Subject", ew(subj_t % vals, cs)),
                        ("Message-ID", "<%x@%s>" % (rng.randrange(1 << 48), sender.split("@")[1]))]
                s.add(t, ip, helo, sender, [x.addr for x in rc], "spam", "campaign:%d" % c, hdrs, parts, "single")

    def oneoff(self, n):
        rng, s = self.rng, self.s
        ja = s.lang == "ja"
        tmpls = JA_SPAM if ja else RU_SPAM
        for i in range(n):
            t = rng.randrange(s.days * 86400)
            u = rng.choice(s.users)
            subj_t, body_t = rng.choice(tmpls)
            vals = {"name": u.name, "num": str(rng.randrange(10, 999)), "brand": "Amazon",
                    "url": "http://%s.%s/" % ("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(7)), rng.choice(BAD_TLDS))}
            if rng.random() < 0.5:
                txt = s.spam_prose.para(rng, rng.randrange(2, 6)) + "\n\n" + vals["url"]
                subj = self.s.spam_prose.sents(rng, 1)[0][:20]
            else:
                txt = body_t % vals + "\n\n" + s.spam_prose.para(rng, rng.randrange(2, 5))
                subj = subj_t % vals
            txt = wrap(txt, s.lang)
            cs = rng.choice(["iso-2022-jp", "shift_jis", "utf-8"] if ja else ["windows-1251", "koi8-r", "utf-8"])
            cte = rng.choice(["base64", "8bit"]) if cs != "iso-2022-jp" else "7bit"
            parts = [Part(txt, cs, cte)]
            ip, helo = self.bot(rng)
            sender = self.forged(rng)
            rc = rng.sample(s.users, rng.choice([1, 1, 2, 4]))
            hdrs = [("Date", rfcdate(t, s.tz)), ("From", addr_hdr(None, sender, cs)), ("To", rc[0].addr),
                    ("Subject", ew(subj, cs)), ("Message-ID", "<%x@%s>" % (rng.randrange(1 << 48), sender.split("@")[1]))]
            s.add(t, ip, helo, sender, [x.addr for x in rc], "spam", "single", hdrs, parts, "single")

# ------------------------------------------------------------------ main


def main():
    usage = "usage: jaru.py [-s SEED] [-d DAYS] [-u USERS] ja|ru OUTDIR"
    try:
        opts, args = getopt.getopt(sys.argv[1:], "s:d:u:")
    except getopt.GetoptError as e:
        sys.exit("jaru.py: %s\n%s" % (e, usage))
    o = dict(opts)
    if len(args) != 2 or args[0] not in ("ja", "ru"):
        sys.exit(usage)
    seed = int(o.get("-s", 11 if args[0] == "ja" else 23))
    s = Site(args[0], args[1], seed, int(o.get("-d", 14)), int(o.get("-u", 1000)))
    h = Ham(s)
    h.personal(560)
    h.threads(60)
    h.lists(12, 45)
    # newsletters: (subscribers, period in days, style)
    h.newsletters([(5, 1, "alt"), (8, 1, "mag2"), (12, 1, "html"), (16, 1, "alt"),
                   (40, 7, "mag2"), (60, 7, "alt"), (80, 7, "html")])
    h.notices([("shop", 110, 2), ("bank", 50, 2), ("card", 60, 3), ("rail", 40, 1),
               ("cloud", 50, 1), ("sns", 40, 2), ("delivery", 90, 1)])
    h.announcements(18)
    sp = Spam(s)
    sp.campaigns(40, 4400)
    sp.oneoff(600)
    s.close()


if __name__ == "__main__":
    main()
