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
"""mkmlstream: build a multilingual test stream of mail from the free prose
that Debian packages install (translated man pages, fortune files).

    tools/mkmlstream.py [-s SEED] [-n PER_LANG] [-f FAMILIES] OUTDIR

Packages read (install what you want measured; or unpack them with
dpkg-deb -x into a directory named by NSM_PROSE_ROOT):
    manpages-zh manpages-ja manpages-ru manpages-de manpages-fr manpages-pl
    manpages-el fortunes-zh fortunes-ru; English man pages come with
    man-db; Korean, Greek and Vietnamese from installation-guide-amd64's
    chapters (HTML) and debian-faq-ko; Arabic and Persian from
    debian-handbook (the paragraphs translated, in runs of CHUNK).

Every message is a different text: one run of paragraphs of one man page
or HTML page, or several fortunes, 200-3000 bytes of body, in the
charsets and transfer encodings a site of that language receives
(GB2312/GBK/GB18030 and Big5 in base64, ISO-2022-JP, Shift_JIS, EUC-JP,
KOI8-R, windows-1251, EUC-KR and CP949 labelled ks_c_5601-1987,
ISO-8859-7 and windows-1253, windows-1256 and ISO-8859-6, ISO-8859-x,
UTF-8 in quoted-printable, base64 or 8bit). A third of the
messages carry one of a few site footers or signatures, as real site mail
does. No page or fortune is used twice among the "ham" messages, so two
ham messages of different source pages are unrelated (save for footers,
headings and translators' credits, which real mail shares too).

Split: where a language has fortunes (zh_CN, ru), its man pages are the
"learn" half (profiles may be learned from them) and the fortunes the
"test" half; elsewhere man pages of section 1 are "learn", the other
sections "test". Families: for -f test messages per language, 8 variants each
(inserted words, replaced words, hash-buster tokens, a footer, another
charset or transfer encoding, two edits together), as a campaign's copies
differ.

Writes OUTDIR/msg/*.eml and OUTDIR/index.tsv with the columns
    path lang script split source family kind
(family is -1 for ham; kind is "ham", "ham+footerN" for ham carrying
site footer N, or the variant's edit). The data is
generated, never committed. Deterministic for a given seed and package set.
"""

import base64
import getopt
import glob
import gzip
import html.parser
import os
import quopri
import random
import re
import sys
import unicodedata

# Where the packages' files are: "" (installed), or a directory they were
# unpacked into (dpkg-deb -x) on a system that leaves out /usr/share/man.
ROOT = os.environ.get("NSM_PROSE_ROOT", "").rstrip("/")

LANGS = {
    # lang: (man dir, fortune globs, charset choices (charset, cte, weight))
    "zh_CN": ("zh_CN", ["/usr/share/games/fortunes/chinese",
                        "/usr/share/games/fortunes/tang300",
                        "/usr/share/games/fortunes/song100"],
              [("gb2312", "base64", 4), ("gbk", "base64", 3),
               ("gb18030", "8bit", 1), ("utf-8", "quoted-printable", 1),
               ("utf-8", "base64", 2)]),
    "zh_TW": ("zh_TW", [],
              [("big5", "base64", 5), ("big5", "8bit", 1),
               ("utf-8", "base64", 2)]),
    "ja": ("ja", [],
           [("iso-2022-jp", "7bit", 5), ("shift_jis", "base64", 2),
            ("euc-jp", "8bit", 1), ("utf-8", "base64", 2)]),
    "ru": ("ru", ["/usr/share/games/fortunes/ru/*[0-9]"],
           [("koi8-r", "8bit", 3), ("windows-1251", "base64", 3),
            ("utf-8", "quoted-printable", 2), ("utf-8", "base64", 1)]),
    "de": ("de", [],
           [("iso-8859-1", "quoted-printable", 4), ("utf-8", "8bit", 2),
            ("utf-8", "quoted-printable", 2)]),
    "fr": ("fr", [],
           [("iso-8859-15", "quoted-printable", 3), ("utf-8", "8bit", 2),
            ("utf-8", "quoted-printable", 2)]),
    "pl": ("pl", [],
           [("iso-8859-2", "quoted-printable", 3), ("utf-8", "8bit", 2),
            ("utf-8", "base64", 1)]),
    # from the installation guide and FAQ (HTML, HTML_DOCS below); Korean
    # Outlook labels CP949 ks_c_5601-1987, Python writes it as EUC-KR
    "ko": (None, [],
           [("ks_c_5601-1987", "base64", 3), ("euc-kr", "base64", 2),
            ("euc-kr", "8bit", 1), ("utf-8", "base64", 2)]),
    "el": ("el", [],
           [("iso-8859-7", "quoted-printable", 3), ("windows-1253", "base64", 2),
            ("utf-8", "base64", 2), ("utf-8", "8bit", 1)]),
    "vi": (None, [],
           [("utf-8", "quoted-printable", 3), ("utf-8", "base64", 2),
            ("utf-8", "8bit", 1)]),
    "ar": (None, [],
           [("windows-1256", "base64", 3), ("iso-8859-6", "quoted-printable", 1),
            ("utf-8", "base64", 3)]),
    "fa": (None, [],
           [("windows-1256", "base64", 2), ("utf-8", "base64", 3),
            ("utf-8", "quoted-printable", 1)]),
    "en": ("", [], [("us-ascii", "7bit", 3), ("utf-8", "quoted-printable", 1)]),
}

# Languages with few or no translated man pages: the pages of the
# installation guide (installation-guide-amd64), the FAQ (debian-faq-ko),
# the Debian Administrator's Handbook (debian-handbook: Arabic and
# Persian). Translations leave some paragraphs in English: only those in
# the language are taken (keep), defined after the parser below. The
# handbook's pages are whole chapters: cut into runs of 8 paragraphs.
HTML_DOCS = {
    "ko": (["/usr/share/doc/installation-guide-amd64/ko/*.html",
            "/usr/share/doc/debian/FAQ/ko/*.html"], "hangul", None),
    "el": (["/usr/share/doc/installation-guide-amd64/el/*.html"], "greek", None),
    "vi": (["/usr/share/doc/installation-guide-amd64/vi/*.html"], "vietnamese",
           None),
    "ar": (["/usr/share/doc/debian-handbook/html/ar-MA/*.html"], "arabic", 8),
    "fa": (["/usr/share/doc/debian-handbook/html/fa-IR/*.html"], "arabic", 8),
}

FOOTERS = {
    "zh_CN": ["\n-- \n北京某某科技有限公司 技术支持部\n电话：010-6278 1234  传真：010-6278 1235\n",
              "\n\n本邮件及其附件含有保密信息，仅限于发送给上面地址中列出的个人或群组。"
              "禁止任何其他人以任何形式使用本邮件中的信息。如果您错收了本邮件，请您立即电话或邮件通知发件人并删除本邮件！\n"],
    "zh_TW": ["\n-- \n台北某某資訊股份有限公司 客戶服務中心\n電話：(02) 2712-3456\n",
              "\n\n本郵件可能包含機密資料，如您並非收件人，請勿使用、散佈或複製本郵件，並請立即通知寄件者。\n"],
    "ja": ["\n-- \n株式会社サンプル 情報システム部\n〒100-0001 東京都千代田区千代田1-1\nTEL: 03-1234-5678\n",
           "\n\nこのメールは送信専用アドレスから配信されています。ご返信いただいてもお答えできませんのでご了承ください。\n"],
    "ru": ["\n-- \nС уважением,\nотдел технической поддержки ООО «Пример»\nтел. +7 (495) 123-45-67\n",
           "\n\nЭто письмо и все приложения к нему конфиденциальны и предназначены исключительно для адресата. "
           "Если вы получили его по ошибке, сообщите отправителю и удалите письмо.\n"],
    "de": ["\n-- \nMit freundlichen Grüßen\nBeispiel GmbH, Abteilung IT\nTel. +49 30 1234567\n",
           "\n\nDiese E-Mail enthält vertrauliche Informationen. Wenn Sie nicht der richtige Adressat sind, "
           "informieren Sie bitte sofort den Absender und vernichten Sie diese Mail.\n"],
    "fr": ["\n-- \nCordialement,\nService informatique, Exemple SARL\nTél. +33 1 23 45 67 89\n",
           "\n\nCe message et ses pièces jointes sont confidentiels et destinés exclusivement à leurs destinataires. "
           "Si vous l'avez reçu par erreur, merci d'en avertir l'expéditeur et de le détruire.\n"],
    "pl": ["\n-- \nZ poważaniem,\nDział IT, Przykład Sp. z o.o.\ntel. +48 22 123 45 67\n",
           "\n\nTa wiadomość jest poufna i przeznaczona wyłącznie dla adresata. Jeśli otrzymali Państwo ją "
           "przez pomyłkę, prosimy o powiadomienie nadawcy i usunięcie wiadomości.\n"],
    "en": ["\n-- \nIT Services, Example University\nhttps://it.example.edu/ | +1 555 0100\n",
           "\n\nThis message is intended only for the addressee. If you received it in error, "
           "please notify the sender and delete it.\n"],
    "ko": ["\n-- \n(주)예시소프트 기술지원팀\n전화: 02-1234-5678  팩스: 02-1234-5679\n",
           "\n\n본 메일은 지정된 수신인만을 위한 것이며 기밀 정보를 포함하고 있을 수 있습니다. "
           "잘못 수신하신 경우 발신자에게 알려 주시고 즉시 삭제해 주십시오.\n"],
    "el": ["\n-- \nΜε εκτίμηση,\nΤμήμα Πληροφορικής, Παράδειγμα Α.Ε.\nΤηλ. +30 210 1234567\n",
           "\n\nΤο παρόν μήνυμα και τα συνημμένα του είναι εμπιστευτικά και προορίζονται "
           "αποκλειστικά για τον παραλήπτη. Εάν το λάβατε κατά λάθος, παρακαλούμε ενημερώστε "
           "τον αποστολέα και διαγράψτε το.\n"],
    "vi": ["\n-- \nTrân trọng,\nPhòng Công nghệ Thông tin, Công ty TNHH Ví Dụ\nĐT: +84 24 1234 5678\n",
           "\n\nThư này và các tệp đính kèm có thể chứa thông tin bảo mật, chỉ dành cho người nhận. "
           "Nếu bạn nhận được thư này do nhầm lẫn, vui lòng thông báo cho người gửi và xóa thư.\n"],
    "ar": ["\n-- \nمع أطيب التحيات،\nقسم تقنية المعلومات، شركة المثال\nهاتف: 0522 123 456\n",
           "\n\nهذه الرسالة وأي مرفقات بها سرية ومخصصة فقط للمرسل إليه. إذا تلقيتها عن طريق "
           "الخطأ، يرجى إبلاغ المرسل وحذفها فوراً.\n"],
    "fa": ["\n-- \nبا احترام،\nواحد فناوری اطلاعات، شرکت نمونه\nتلفن: ۰۲۱-۱۲۳۴۵۶۷۸\n",
           "\n\nاین پیام و پیوست‌های آن محرمانه است و فقط برای گیرنده در نظر گرفته شده است. "
           "اگر آن را به اشتباه دریافت کرده‌اید، لطفاً به فرستنده اطلاع دهید و آن را حذف کنید.\n"],
}

SUBJECTS = {
    "zh_CN": "关于", "zh_TW": "關於", "ja": "について", "ru": "О ",
    "de": "Betreff: ", "fr": "À propos de ", "pl": "W sprawie ", "en": "About ",
    "ko": "관련: ", "el": "Σχετικά με ", "vi": "Về ", "ar": "بخصوص ",
    "fa": "درباره ",
}

ROFF_ESC = re.compile(r"\\f(\(..|\[[^]]*\]|.)|\\\*(\(..|\[[^]]*\]|.)|\\s[-+]?\d+|"
                      r"\\\((..)|\\\[([^]]*)\]|\\[&|^:%c]|\\e|\\-|\\ ")


def roff_escape(m):
    s = m.group(0)
    if s in ("\\-",):
        return "-"
    if s in ("\\e",):
        return "\\"
    if s == "\\ ":
        return " "
    return ""


def roff_text(src):
    """The prose of a man page: paragraphs of text, macros dropped."""
    paras, cur = [], []
    for line in src.splitlines():
        if line.startswith(('.\\"', "'\\\"", '.\\#')):
            continue
        if line.startswith((".", "'")):
            m = re.match(r"[.'](\S+)\s*(.*)", line)
            if not m:
                continue
            mac, arg = m.group(1), m.group(2)
            if mac in ("SH", "SS"):
                if cur:
                    paras.append(" ".join(cur))
                    cur = []
                arg = arg.strip('"')
                if arg:
                    paras.append(arg)
                continue
            if mac in ("PP", "P", "LP", "IP", "TP", "sp", "br", "HP"):
                if cur:
                    paras.append(" ".join(cur))
                    cur = []
                if mac == "IP" and arg:
                    cur.append(arg.split('"')[1] if arg.startswith('"') and arg.count('"') >= 2 else arg.split()[0])
                continue
            if mac in ("B", "I", "BR", "IR", "RB", "BI", "IB", "RI", "SM", "UR", "MT"):
                cur.append(arg.replace('"', ""))
            continue
        cur.append(line)
    if cur:
        paras.append(" ".join(cur))
    out = []
    for p in paras:
        p = ROFF_ESC.sub(roff_escape, p)
        p = re.sub(r"\\.", "", p)
        p = re.sub(r"[ \t]+", " ", p).strip()
        if p:
            out.append(p)
    return out


def wrap(text, width):
    """Fill paragraphs to lines of about width characters (CJK: no spaces)."""
    lines = []
    for para in text.split("\n"):
        cur = ""
        for ch in re.findall(r"\S+\s*|\s+", para):
            if len(cur) + len(ch) > width and cur:
                lines.append(cur.rstrip())
                cur = ""
            while len(ch) > width:
                lines.append(ch[:width])
                ch = ch[width:]
            cur += ch
        lines.append(cur.rstrip())
    return "\n".join(lines)


def script_of(text):
    n = {"han": 0, "kana": 0, "cyrillic": 0, "latin": 0, "hangul": 0,
         "greek": 0, "arabic": 0}
    for ch in text:
        o = ord(ch)
        if 0x3040 <= o <= 0x30ff:
            n["kana"] += 1
        elif 0x4e00 <= o <= 0x9fff or 0x3400 <= o <= 0x4dbf:
            n["han"] += 1
        elif 0x400 <= o <= 0x4ff:
            n["cyrillic"] += 1
        elif 0xac00 <= o <= 0xd7a3 or 0x1100 <= o <= 0x11ff:
            n["hangul"] += 1
        elif 0x370 <= o <= 0x3ff or 0x1f00 <= o <= 0x1fff:
            n["greek"] += 1
        elif 0x600 <= o <= 0x6ff:
            n["arabic"] += 1
        elif ch.isalpha() and o < 0x250:
            n["latin"] += 1
    if n["kana"] > n["han"] * 0.1 and n["kana"] > 10:
        return "kana"
    return max(n, key=n.get)


def man_pages(d):
    """The pages of one man directory, each text once: a page installed
    under several names (ftpd, in.ftpd) and pages generated from one
    template (iso_8859-1 ... iso_8859-16, latin1 ... latin10) count as
    one, since they are not unrelated texts."""
    pages, seen = [], set()
    root = ROOT + ("/usr/share/man/" + d if d else "/usr/share/man")
    for path in sorted(glob.glob(root + "/man[1-8]/*.gz")):
        try:
            raw = gzip.open(path).read()
        except OSError:
            continue
        for enc in ("utf-8", "gb18030", "big5", "euc-jp", "koi8-r", "latin-1"):
            try:
                src = raw.decode(enc)
                break
            except UnicodeDecodeError:
                continue
        if src.lstrip().startswith(".so "):
            continue
        base = os.path.basename(path).split(".")[0]
        family = re.sub(r"^in\.", "", re.sub(r"[0-9_.-]", "", base)).lower()
        key = hash(src)
        if family in seen or key in seen:
            continue
        seen.add(family)
        seen.add(key)
        paras = roff_text(src)
        if paras:
            sect = path.split("/")[-2]
            pages.append((path, sect, paras))
    return pages


class DocText(html.parser.HTMLParser):
    """The paragraphs of a DocBook HTML page (the installation guide's, or
    the handbook's, made by publican), without its head, navigation,
    banners and table of contents (an element of class SKIP or id
    SKIP_ID, and what it holds)."""
    BLOCK = ("p", "li", "dd", "dt", "h1", "h2", "h3", "h4", "td", "pre",
             "div", "br")
    SKIP = ("navheader", "navfooter", "toc", "docnav")
    SKIP_ID = ("banner", "title")

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.paras, self.cur = [], []
        self.skip, self.depth = None, 0

    def handle_starttag(self, tag, attrs):
        if self.skip is not None:
            self.depth += tag == self.skip
            return
        a = dict(attrs)
        if tag == "head" or a.get("id") in self.SKIP_ID or \
                set((a.get("class") or "").split()) & set(self.SKIP):
            self.flush()
            self.skip, self.depth = tag, 1
            return
        if tag in self.BLOCK:
            self.flush()

    def handle_endtag(self, tag):
        if self.skip is not None:
            if tag == self.skip:
                self.depth -= 1
                if self.depth == 0:
                    self.skip = None
            return
        if tag in self.BLOCK:
            self.flush()

    def handle_data(self, data):
        if self.skip is None:
            self.cur.append(data)

    def flush(self):
        t = re.sub(r"\s+", " ", "".join(self.cur)).strip()
        self.cur = []
        if len(t) > 20:
            self.paras.append(t)


def native(lo, hi):
    """A test: whether most letters of a paragraph are in the range lo-hi
    (a partly translated page leaves English paragraphs)."""
    def test(para):
        letters = [c for c in para if c.isalpha()]
        return bool(letters) and \
            sum(1 for c in letters if lo <= ord(c) <= hi) * 2 > len(letters)
    return test


def vietnamese(para):
    """Whether a paragraph is Vietnamese, not English left untranslated:
    a tenth of its letters or more beyond ASCII."""
    letters = [c for c in para if c.isalpha()]
    return bool(letters) and \
        sum(1 for c in letters if ord(c) > 0x7f) * 10 >= len(letters)


KEEP = {"hangul": native(0xac00, 0xd7a3), "greek": native(0x370, 0x3ff),
        "arabic": native(0x600, 0x6ff), "vietnamese": vietnamese}


def html_pages(globs, keep=None, chunk=None):
    """(path, "html", paragraphs) of each HTML page, each text once: the
    paragraphs keep() accepts, and with chunk, cut into runs of that many,
    each a source of its own (disjoint texts of one long chapter)."""
    pages, seen = [], set()
    for g in globs:
        for path in sorted(glob.glob(ROOT + g)):
            try:
                src = open(path, "rb").read().decode("utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            d = DocText()
            d.feed(src)
            d.flush()
            paras = [t for t in d.paras if keep is None or keep(t)]
            key = hash(tuple(paras))
            if not paras or key in seen:
                continue
            seen.add(key)
            step = chunk or len(paras)
            for i in range(0, len(paras), step):
                if len(paras[i:i + step]) >= min(3, len(paras)):
                    name = "%s#%d" % (path, i // step) if chunk else path
                    pages.append((name, "html", paras[i:i + step]))
    return pages


def fortunes(globs):
    out = []
    for g in globs:
        for path in sorted(glob.glob(ROOT + g)):
            if path.endswith((".dat", ".u8")) or os.path.islink(path):
                continue
            try:
                txt = open(path, "rb").read().decode("utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            for i, f in enumerate(txt.split("\n%\n")):
                f = re.sub(r"\x1b\[[0-9;]*m", "", f)
                # attributions ("-- author") repeat one name in many
                # fortunes: mail does not, so they go
                f = re.sub(r"(?m)^\s*--.*$", "", f).strip()
                if len(f) > 20:
                    out.append(("%s#%d" % (path, i), f))
    return out


def pick_len(rng):
    # bodies of 200-3000 bytes, more short ones than long ones
    return int(200 * (15 ** rng.random()))


# Labels whose bytes are another codec's (what the mailer really writes).
CODECS = {"ks_c_5601-1987": "cp949"}
# What mailers wrote for characters their charset lacks: the Arabic yeh
# for the Persian one, Western digits for Persian, plain quotes, no
# direction marks.
ARABIC_LEGACY = {0x6CC: 0x64A, 0x200E: None, 0x200F: None}
ARABIC_LEGACY.update({0x6F0 + i: 0x30 + i for i in range(10)})
CHARMAPS = {"windows-1256": ARABIC_LEGACY,
            "iso-8859-6": {**ARABIC_LEGACY, 0x201C: 0x22, 0x201D: 0x22,
                           0x2018: 0x27, 0x2019: 0x27}}


def encode_body(text, charset, cte):
    text = text.translate(CHARMAPS.get(charset, {}))
    try:
        raw = text.encode(CODECS.get(charset, charset))
    except UnicodeEncodeError:
        if charset in ("gb2312", "gbk"):
            charset = "gb18030"
        elif charset.startswith(("iso-8859", "windows", "koi8", "us-ascii")):
            charset = "utf-8"
        elif charset in ("big5", "shift_jis", "euc-jp", "iso-2022-jp",
                         "euc-kr", "ks_c_5601-1987"):
            charset = "utf-8"
            if cte == "7bit":
                cte = "base64"
        raw = text.encode(charset)
    if cte == "7bit" and charset != "iso-2022-jp" and max(raw, default=0) > 127:
        cte = "quoted-printable"
    if cte == "base64":
        body = base64.encodebytes(raw)
    elif cte == "quoted-printable":
        body = quopri.encodestring(raw)
    else:
        body = raw
    return charset, cte, body


def mime_word(s):
    return "=?UTF-8?B?" + base64.b64encode(s.encode()).decode() + "?="


def write_msg(path, lang, n, text, charset, cte, subject, rng):
    charset, cte, body = encode_body(text, charset, cte)
    hdr = ("Return-Path: <user%d@%s.example>\n"
           "Received: from mx%d.%s.example ([192.0.2.%d]) by mail.site.example\n"
           "From: user%d <user%d@%s.example>\n"
           "To: someone@site.example\n"
           "Subject: %s\n"
           "Date: Mon, 1 Jun 2026 %02d:%02d:%02d +0000\n"
           "Message-ID: <%d.%s@site.example>\n"
           "MIME-Version: 1.0\n"
           "Content-Type: text/plain; charset=%s\n"
           "Content-Transfer-Encoding: %s\n\n") % (
               n, lang, n % 50, lang, n % 250 + 1, n, n, lang, mime_word(subject),
               n // 3600 % 24, n // 60 % 60, n % 60, n, lang, charset, cte)
    with open(path, "wb") as f:
        f.write(hdr.encode("ascii") + body)
    return charset, cte


def words_of(text):
    if script_of(text) in ("han", "kana"):
        return [c for c in text if not c.isspace()]
    return text.split()


def variant(text, kind, pool, rng):
    """A campaign copy: the text with the named edit(s)."""
    cjk = script_of(text) in ("han", "kana")
    toks = list(text) if cjk else re.split(r"(\s+)", text)
    idx = [i for i, t in enumerate(toks) if t.strip()]

    def insert(frac):
        for _ in range(max(1, int(len(idx) * frac))):
            toks.insert(rng.randrange(len(toks) + 1), rng.choice(pool) + ("" if cjk else " "))

    def replace(frac):
        for i in rng.sample(idx, max(1, int(len(idx) * frac))):
            if i < len(toks):
                toks[i] = rng.choice(pool)

    def buster(n):
        for _ in range(n):
            tok = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(rng.randint(6, 14)))
            toks.insert(rng.randrange(len(toks) + 1), " " + tok + " ")

    for k in kind.split("+"):
        if k == "ins10":
            insert(0.10)
        elif k == "ins20":
            insert(0.20)
        elif k == "rep10":
            replace(0.10)
        elif k == "buster":
            buster(3)
        elif k in ("footer", "reenc", "orig"):
            pass
    out = "".join(toks)
    if "footer" in kind:
        out += "\n\n" + "".join(rng.choice(pool) + ("" if cjk else " ") for _ in range(12))
    return out


KINDS = ["orig", "ins10", "ins20", "rep10", "buster", "footer", "reenc", "ins10+buster"]


def main():
    seed, per_lang, nfam = 1, 1500, 40
    opts, args = getopt.getopt(sys.argv[1:], "s:n:f:")
    for o, v in opts:
        if o == "-s":
            seed = int(v)
        elif o == "-n":
            per_lang = int(v)
        elif o == "-f":
            nfam = int(v)
    if len(args) != 1:
        sys.exit("usage: mkmlstream.py [-s SEED] [-n PER_LANG] [-f FAMILIES] OUTDIR")
    out = args[0]
    os.makedirs(out + "/msg", exist_ok=True)
    rng = random.Random(seed)
    index = open(out + "/index.tsv", "w")
    index.write("path\tlang\tscript\tsplit\tsource\tfamily\tkind\n")
    n, famid = 0, 0
    for lang, (mandir, fglobs, charsets) in LANGS.items():
        if lang == "en":
            pages = [p for p in man_pages("") if p[1] in ("man1", "man5", "man8")]
        elif mandir is None:
            pages = []
        else:
            pages = man_pages(mandir)
        if lang in HTML_DOCS:
            globs, keep, chunk = HTML_DOCS[lang]
            pages += html_pages(globs, KEEP[keep], chunk)
        fl = fortunes(fglobs)
        if not pages and not fl:
            print("%s: no text installed, skipped" % lang, file=sys.stderr)
            continue
        rng.shuffle(pages)
        rng.shuffle(fl)
        texts = []
        for path, sect, paras in pages:
            want = pick_len(rng)
            start = rng.randrange(max(1, len(paras) // 2))
            body = ""
            for p in paras[start:]:
                if len(body.encode()) > want:
                    break
                body += wrap(p, 38 if lang in ("zh_CN", "zh_TW", "ja") else 72) + "\n\n"
            if len(body.encode()) < 120:
                continue
            # learn on one package, measure on another where there are two
            split = "learn" if sect == "man1" or fglobs else "test"
            texts.append((split, path, body.strip() + "\n"))
        while fl:
            want = pick_len(rng)
            body, srcs = "", []
            while fl and len(body.encode()) < want:
                src, f = fl.pop()
                body += f + "\n\n"
                srcs.append(src)
            if len(body.encode()) >= 120:
                texts.append(("test", srcs[0], body.strip() + "\n"))
        rng.shuffle(texts)
        texts = texts[:per_lang]
        pool = []
        for _, _, t in texts[:200]:
            pool.extend(words_of(t))
        wts = [c[2] for c in charsets]
        fams = 0
        for split, src, body in texts:
            text, kind = body, "ham"
            if rng.random() < 0.33:
                footer = rng.choice(FOOTERS[lang])
                text += footer
                kind = "ham+footer%d" % FOOTERS[lang].index(footer)
            cs, cte, _ = rng.choices(charsets, wts)[0]
            subj = SUBJECTS[lang] + " " + (words_of(body)[0] if words_of(body) else "")[:20]
            p = "msg/%06d.eml" % n
            write_msg(out + "/" + p, lang, n, text, cs, cte, subj, rng)
            index.write("%s\t%s\t%s\t%s\t%s\t-1\t%s\n" % (p, lang, script_of(body), split, src, kind))
            n += 1
            if split == "test" and fams < nfam and len(body.encode()) >= 200:
                fams += 1
                for kind in KINDS:
                    vt = variant(text, kind, pool, rng)
                    vcs, vcte = cs, cte
                    if "reenc" in kind:
                        vcs, vcte, _ = rng.choices(charsets, wts)[0]
                        if (vcs, vcte) == (cs, cte):
                            vcs, vcte = "utf-8", "base64" if cte != "base64" else "quoted-printable"
                    p = "msg/%06d.eml" % n
                    write_msg(out + "/" + p, lang, n, vt, vcs, vcte, subj, rng)
                    index.write("%s\t%s\t%s\tfamily\t%s\t%d\t%s\n" % (p, lang, script_of(body), src, famid, kind))
                    n += 1
                famid += 1
    index.close()
    print("%d messages in %s" % (n, out), file=sys.stderr)


if __name__ == "__main__":
    main()
