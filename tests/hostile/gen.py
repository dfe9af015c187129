#!/usr/bin/env python3
# gen.py: hostile mail messages for the canonicaliser and the milter.
#
#   gen.py [--seed N] [--charsets all|K] [--scale S] [--list] OUTDIR
#
# Writes one file per case, OUTDIR/CASE.eml, as the bytes to put on the
# wire after DATA (CRLF line ends, not dot-stuffed; a few cases have bare
# CR or bare LF on purpose), and prints the case names. Deterministic:
# the same seed and options give the same files.
#
#   --charsets all   one case per charset name `iconv -l` lists (the CPU
#                    bench); K: the stateful ones plus K others sampled
#                    with the seed (the Postfix test). Default 40.
#   --scale S        multiplies the size of the bulk cases (1: the
#                    Postfix test, a few MiB each at most; the bench uses
#                    larger inputs so that fixed costs do not dominate).
#   --list           print the case names only, write nothing.
#
# Every case is something a sender on the internet can send. The case
# name says its family: charset-, cut- (inside shift sequences and at
# 4096-byte boundaries), unknown-charset-, rfc2047-, rfc2231-, nest-,
# parts-, boundary-, ctype-, cte-, header-, junk-, line-, utf8-, html-,
# base64bad-, part-, case-, rfc822-, multipart-, lookalike- (and hand-:
# the files written by hand beside this one); what each aims at is said
# where it is built. Python 3 standard library only, plus iconv(1) for the
# charsets Python lacks.
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

import argparse
import base64
import codecs
import os
import quopri
import random
import re
import subprocess
import sys

CRLF = b"\r\n"

# Text in several scripts, so that a real codec has something to encode.
TEXT = ("Dear customer, your order 4711 has shipped. "
        "Größe, café, naïve; Привет, как дела? Καλημέρα κόσμε. "
        "日本語のテキスト、カタカナとひらがな。中文测试文本，简体与繁體。"
        "한국어 텍스트입니다. ＦＵＬＬＷＩＤＴＨ ｔｅｘｔ. Ende.\n")

# Charsets whose encoders keep state (escape/shift sequences), or whose
# units are wider than a byte: cut inside those sequences.
STATEFUL = ["ISO-2022-JP", "ISO-2022-JP-1", "ISO-2022-JP-2", "ISO-2022-JP-3",
            "ISO-2022-KR", "ISO-2022-CN", "ISO-2022-CN-EXT", "UTF-7",
            "HZ-GB-2312", "UTF-16", "UTF-16LE", "UTF-16BE", "UTF-32",
            "UTF-32LE", "UTF-32BE", "UCS-2", "UCS-4", "UTF-7-IMAP",
            "CP1255", "CP1258", "TSCII", "BIG5-HKSCS", "EUC-JISX0213",
            "SHIFT_JISX0213", "GB18030"]


def iconv_names():
    """The charset names `iconv -l` lists, without the trailing //."""
    try:
        out = subprocess.run(["iconv", "-l"], capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return []
    names = []
    for tok in out.decode("ascii", "replace").split():
        tok = tok.rstrip(",").rstrip("/")
        if tok:
            names.append(tok)
    return sorted(set(names))


def py_encode(charset, text):
    """text in charset if Python has a codec for it, else None."""
    for cand in (charset, charset.replace("_", "-"), charset.lower().replace("-", "_")):
        try:
            codecs.lookup(cand)
        except LookupError:
            continue
        try:
            return text.encode(cand, "replace")
        except (UnicodeError, TypeError, LookupError, ValueError):
            return None
    if charset.upper() == "HZ-GB-2312" or charset.upper() == "HZ":
        return text.encode("hz", "replace")
    return iconv_encode(charset, text)


def iconv_encode(charset, text):
    """text in charset by iconv(1), for the charsets Python has no codec
    for (ISO-2022-CN, ISO-2022-CN-EXT, EBCDIC, ...); None if it fails."""
    try:
        out = subprocess.run(["iconv", "-c", "-f", "UTF-8", "-t", charset],
                             input=text.encode(), capture_output=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    return out or None


def sample_bytes(rng, charset, n):
    """About n bytes of text in charset: the codec's output when there is
    one, else ASCII words with high bytes mixed in."""
    enc = py_encode(charset, TEXT)
    if enc:
        return (enc * (n // len(enc) + 1))[:max(n, 1)]
    out = bytearray()
    while len(out) < n:
        out += rng.choice([b"offer ", b"price ", b"click ", b"\xa4\xa2", b"\xe9t\xe9 ",
                           bytes([rng.randrange(0x80, 0x100)]), b"\n"])
    return bytes(out[:n])


def crlf(b):
    """LF line ends to CRLF (bytes already with CRLF are left alone)."""
    return re.sub(rb"(?<!\r)\n", b"\r\n", b)


def b64(data, width=76):
    s = base64.b64encode(data)
    return CRLF.join(s[i:i + width] for i in range(0, len(s), width)) + CRLF


def qp(data):
    return crlf(quopri.encodestring(data))


def encode_cte(data, cte):
    if cte == "base64":
        return b64(data)
    if cte == "quoted-printable":
        return qp(data)
    return crlf(data)


def msg(headers, body, subject=None):
    """A message: the common envelope headers, then headers, a blank line
    and the body (bytes). headers: list of bytes lines, CRLF added."""
    h = [b"From: Hostile Sender <hostile@sender.test>",
         b"To: victim@example.test",
         b"Date: Tue, 24 Nov 2026 07:00:00 +0000",
         b"Message-ID: <hostile@sender.test>"]
    if subject is not None:
        h.append(b"Subject: " + subject)
    h += headers
    return CRLF.join(h) + CRLF + CRLF + body


def part_msg(ctype, cte, payload, extra=()):
    hs = [b"MIME-Version: 1.0", b"Content-Type: " + ctype]
    if cte:
        hs.append(b"Content-Transfer-Encoding: " + cte.encode())
    return msg(hs + list(extra), payload, b"hostile")


def cs_param(charset):
    """A charset parameter; quoted, since names like ISO_646.IRV:1991 have
    characters that a token may not."""
    return b'text/plain; charset="' + charset.encode("ascii", "replace") + b'"'


class Gen:
    def __init__(self, seed, scale):
        self.rng = random.Random(seed)
        self.scale = scale
        self.cases = []   # (name, bytes-or-callable)

    def add(self, name, data):
        name = re.sub(r"[^A-Za-z0-9._+-]", "_", name)
        self.cases.append((name, data))

    def n(self, base):
        return int(base * self.scale)

    # ---- every charset as a part's charset, in the three encodings
    def charsets(self, names):
        ctes = ["base64", "quoted-printable", "8bit"]
        for i, cs in enumerate(names):
            cte = ctes[i % 3]
            data = sample_bytes(self.rng, cs, self.n(16384))
            self.add("charset-%s-%s" % (cs, cte),
                     part_msg(cs_param(cs), cte, encode_cte(data, cte)))

    # ---- text cut inside escape/shift sequences and multi-byte units
    def cuts(self, names):
        for cs in names:
            enc = py_encode(cs, TEXT)
            if not enc:
                enc = sample_bytes(self.rng, cs, 512)
            # positions where a shift or escape sequence starts
            starts = [m.start() for m in re.finditer(rb"\x1b|\x0e|\x0f|~\{|~\}|\+[A-Za-z0-9/]|\x00", enc)]
            cut_at = [p + 1 for p in starts[:3]] + [len(enc) - 1, len(enc) - 3]
            for cte in ("base64", "quoted-printable", "8bit"):
                # the part ends inside a sequence (after the escape byte,
                # or an odd length for UTF-16/32)
                for k, at in enumerate(cut_at):
                    if at <= 0:
                        continue
                    self.add("cut-%s-%s-tail%d" % (cs, cte, k),
                             part_msg(cs_param(cs), cte, encode_cte(enc[:at], cte)))
                # sequences straddling each 4096-byte boundary of the
                # decoded part (the canonicaliser converts in 4 KiB pieces)
                body = bytearray()
                j = 1
                while j <= self.n(8):
                    target = 4096 * j - (j % 5) - 1
                    fill = target - len(body)
                    if fill > 0:
                        filler = py_encode(cs, "x" * fill) or b"x" * fill
                        body += filler[:fill]
                    body += enc
                    j += 1
                self.add("cut-%s-%s-4096" % (cs, cte),
                         part_msg(cs_param(cs), cte, encode_cte(bytes(body), cte)))
            # the part is nothing but the start of a sequence (a lone SO
            # in ISO-2022-CN-EXT, base64 "Dg==", once crashed the
            # canonicaliser)
            for k, seq in enumerate([b"\x0e", b"\x1b", b"\x1b$", b"\x1b$)", b"\x1b$)A\x0e",
                                     b"+", b"+AG", b"~{", b"~", b"\xff", b"\x00"]):
                cte = ("base64", "8bit", "quoted-printable")[k % 3]
                self.add("cut-%s-%s-lone%d" % (cs, cte, k),
                         part_msg(cs_param(cs), cte, encode_cte(seq, cte)))
            # UTF-16/32: one stray byte, so every later unit is misaligned
            if cs.startswith(("UTF-16", "UTF-32", "UCS")):
                stray = enc[:5] + b"\xd8" + enc[5:] * 64
                self.add("cut-%s-stray-byte" % cs, part_msg(cs_param(cs), "8bit", stray))
        # the encoded text itself cut at 4096: QP escapes and base64
        # quanta split by the MTA's chunks are the parser's business
        enc = py_encode("ISO-2022-JP", TEXT)
        raw = (enc * 200)
        q = qp(raw)
        self.add("cut-qp-soft-breaks-4096", part_msg(cs_param("ISO-2022-JP"), "quoted-printable",
                                                     b"=\r\n".join(q[i:i + 4095] for i in range(0, len(q), 4095))))
        self.add("cut-base64-unwrapped", part_msg(cs_param("ISO-2022-JP"), "base64",
                                                  base64.b64encode(raw) + CRLF))

    # ---- unknown and malicious charset labels
    def unknown_charsets(self):
        labels = [b"x-unknown", b"", b'""', b"utf-8''", b"A" * 5000, b"utf-8//TRANSLIT",
                  b"UTF-8//IGNORE", b"ISO-8859-1//TRANSLIT//IGNORE", b"utf-8\x00latin1",
                  b"../../../etc/passwd", b"%s%s%s%n", b"CP1252 ", b"   ", b"=?utf-8?q?x?=",
                  b"UTF-8;charset=GBK", b"\xff\xfe", b"WCHAR_T", b"INTERNAL", b"UCS-4-INTERNAL",
                  b"UTF-7-IMAP", b"CHAR", b"//", b"GBK//", b"utf-16//", b"ucs-2-internal"]
        for i, lab in enumerate(labels):
            body = sample_bytes(self.rng, "ISO-2022-JP", 3000)
            for quoted in (True, False):
                ct = b"text/plain; charset=" + ((b'"' + lab + b'"') if quoted else lab)
                self.add("unknown-charset-%02d-%s" % (i, "q" if quoted else "t"),
                         part_msg(ct, "8bit", crlf(body)))
        # the label is many parameters long
        self.add("unknown-charset-many-params",
                 part_msg(b"text/plain; " + b"; ".join(b"charset=cs%d" % i for i in range(5000)),
                          "8bit", b"hello\r\n"))

    # ---- malformed RFC 2047 encoded words in Subject and From
    def rfc2047(self):
        words = {
            "bad-charset-q": b"=?x?q?hello_world?=",
            "bang-b64": b"=?utf-8?b?!!!?=",
            "bad-q-hex": b"=?utf-8?q?=ZZ=Z=?=",
            "empty": b"=???=",
            "empty-parts": b"=??q??=",
            "unterminated": b"=?utf-8?q?never ends",
            "lang": b"=?utf-8*en-us?q?hello?=",
            "iso2022-cut": b"=?iso-2022-jp?b?GyRC?=",
            "utf7": b"=?utf-7?q?+AGEAYgBj-?=",
            "unknown-enc": b"=?utf-8?x?abc?=",
            "nested": b"=?utf-8?b?" + base64.b64encode(b"=?utf-8?b?" + base64.b64encode(b"=?utf-8?q?deep?=") + b"?=") + b"?=",
            "huge": b"=?utf-8?b?" + base64.b64encode(b"\xe2\x82\xac" * self.n(30000)) + b"?=",
            "many": b" ".join(b"=?utf-8?q?w%d?=" % i for i in range(self.n(5000))),
            "only-delims": b"=?" * 5000,
            "nul": b"=?utf-8?q?a=00b?=",
            "odd-b64": b"=?utf-16?b?AGE?=",
        }
        for name, w in sorted(words.items()):
            # fold long values so that header lines stay below 1000 bytes
            folded = CRLF.join(b" " + w[i:i + 900] for i in range(0, len(w), 900)).lstrip()
            self.add("rfc2047-subject-" + name, msg([b"MIME-Version: 1.0",
                                                     b"Content-Type: text/plain"], b"body\r\n", folded))
            self.add("rfc2047-from-" + name,
                     msg([b"Reply-To: " + folded + b" <r@sender.test>",
                          b"Content-Type: text/plain; name=\"" + folded + b"\""],
                         b"body\r\n", b"x"))

    # ---- RFC 2231 parameters
    def rfc2231(self):
        part = b"--abcdef\r\nContent-Type: text/plain\r\n\r\nhello 2231\r\n--abcdef--\r\n"
        cases = {
            "boundary-split": (b'multipart/mixed; boundary*0="abc"; boundary*1="def"', part),
            "boundary-split-reversed": (b'multipart/mixed; boundary*1="def"; boundary*0="abc"', part),
            "boundary-split-gap": (b'multipart/mixed; boundary*0="abc"; boundary*5="def"', part),
            "boundary-split-huge-index": (b'multipart/mixed; boundary*0="abc"; boundary*99999999999999999999="def"', part),
            "boundary-ext": (b"multipart/mixed; boundary*=us-ascii'en'abc%64ef", part),
            "boundary-ext-bad-pct": (b"multipart/mixed; boundary*=''abc%ZZ%", part),
            "boundary-many-sections": (b"multipart/mixed; " + b"; ".join(
                b"boundary*%d=x" % i for i in range(self.n(3000))), part),
            "charset-ext": (b"text/plain; charset*=utf-8''%E2%82%AC", b"hello\r\n"),
            "charset-ext-empty": (b"text/plain; charset*=''", b"hello\r\n"),
            "charset-ext-nul": (b"text/plain; charset*=''utf%00-8", b"hello\r\n"),
            "charset-ext-sections": (b"text/plain; charset*0*=utf-8''UTF; charset*1=-16", b"h\x00i\x00\r\n"),
            "charset-ext-no-quotes": (b"text/plain; charset*=utf-8", b"hello\r\n"),
            "charset-dup": (b"text/plain; charset=utf-8; charset*=iso-2022-jp''iso-2022-jp; charset=utf-16", b"\x1b$B\r\n"),
        }
        for name, (ct, body) in sorted(cases.items()):
            self.add("rfc2231-" + name, part_msg(ct, None, body))

    # ---- MIME structure
    def structure(self):
        rng = self.rng
        # deep nesting, multipart and message/rfc822
        for depth in (101, 150):
            body = b"deep text\r\n"
            ct = b"text/plain"
            for d in range(depth):
                b = b"b%d" % d
                body = (b"--" + b + CRLF + b"Content-Type: " + ct + CRLF + CRLF + body +
                        CRLF + b"--" + b + b"--" + CRLF)
                ct = b'multipart/mixed; boundary="' + b + b'"'
            self.add("nest-multipart-%d" % depth, part_msg(ct, None, body))
            inner = b"Content-Type: text/plain\r\n\r\ninnermost\r\n"
            for d in range(depth):
                inner = b"Content-Type: message/rfc822\r\n\r\n" + inner
            self.add("nest-rfc822-%d" % depth, part_msg(b"message/rfc822", None, inner))
        # every level shares one boundary
        body = b""
        for d in range(120):
            body += b"--same\r\nContent-Type: multipart/mixed; boundary=same\r\n\r\n"
        body += b"--same\r\nContent-Type: text/plain\r\n\r\nleaf\r\n--same--\r\n"
        self.add("nest-same-boundary", part_msg(b"multipart/mixed; boundary=same", None, body))
        # 10,000 tiny parts
        parts = b"".join(b"--t\r\nContent-Type: text/plain\r\n\r\n%d\r\n" % i for i in range(10000))
        self.add("parts-10000-tiny", part_msg(b"multipart/mixed; boundary=t", None, parts + b"--t--\r\n"))
        parts = b"".join(b"--t\r\n\r\n" for i in range(self.n(50000)))
        self.add("parts-50000-empty", part_msg(b"multipart/mixed; boundary=t", None, parts + b"--t--\r\n"))
        # unlabelled parts of 8-bit noise, 4 KiB each: uchardet read
        # every one of them, now the first SNIFF_PARTS
        nr = random.Random(4096)  # its own: the other cases stay as they were
        parts = bytearray()
        while len(parts) < self.n(1024 * 1024):
            parts += (b"--u\r\nContent-Type: text/plain\r\n\r\n" +
                      bytes(nr.randrange(0x80, 0x100) for _ in range(4096)) + b"\r\n")
        self.add("parts-sniffed-noise",
                 part_msg(b"multipart/mixed; boundary=u", None, bytes(parts) + b"--u--\r\n"))
        # parts alternating between many charsets (converter caches)
        css = ["UTF-16", "ISO-2022-JP", "GBK", "KOI8-R", "BIG5", "ISO-8859-7", "CP1251",
               "EUC-KR", "SHIFT_JIS", "UTF-7", "ISO-8859-2", "HZ-GB-2312"]
        parts = bytearray()
        for i in range(self.n(1200)):
            cs = css[i % len(css)]
            cte = ("base64", "quoted-printable", "8bit")[i % 3]
            data = sample_bytes(rng, cs, 300)
            parts += (b"--alt\r\nContent-Type: " + cs_param(cs) +
                      b"\r\nContent-Transfer-Encoding: " + cte.encode() + b"\r\n\r\n" +
                      encode_cte(data, cte))
        self.add("parts-alternating-12-charsets",
                 part_msg(b"multipart/mixed; boundary=alt", None, bytes(parts) + b"--alt--\r\n"))
        # tiny parts, each in the next of many charsets: a converter for
        # every few bytes, more charsets than any cache holds
        many = ["GB18030", "BIG5-HKSCS", "EUC-TW", "EUC-JP", "SHIFT_JIS", "CP932", "CP949",
                "ISO-2022-JP-2", "ISO-2022-KR", "ISO-2022-CN-EXT", "UTF-7", "UTF-16", "UTF-32",
                "KOI8-U", "CP1250", "CP1251", "CP1252", "CP1253", "CP1254", "CP1255", "CP1256",
                "CP1257", "CP1258", "ISO-8859-2", "ISO-8859-5", "ISO-8859-6", "ISO-8859-8",
                "ISO-8859-9", "ISO-8859-15", "TIS-620", "VISCII", "MACINTOSH", "GBK", "BIG5",
                "EUC-KR", "JOHAB", "HZ-GB-2312", "CP866", "CP850", "UTF-8"]
        parts = bytearray()
        for i in range(self.n(20000)):
            parts += (b'--c\r\nContent-Type: text/plain; charset="' + many[i % len(many)].encode() +
                      b'"\r\n\r\nw%d\r\n' % i)
        self.add("parts-20000-cycling-40-charsets",
                 part_msg(b"multipart/mixed; boundary=c", None, bytes(parts) + b"--c--\r\n"))
        # boundaries that are prefixes of each other
        body = (b"--a\r\nContent-Type: multipart/alternative; boundary=ab\r\n\r\n"
                b"--ab\r\nContent-Type: text/plain\r\n\r\ninner ab\r\n--a\r\n"
                b"Content-Type: text/plain\r\n\r\nouter a\r\n--abc\r\n--ab--\r\n--a--\r\n")
        self.add("boundary-prefixes", part_msg(b"multipart/mixed; boundary=a", None, body))
        body = b"".join(b"--%s\r\nContent-Type: multipart/mixed; boundary=%s\r\n\r\n" % (b"x" * k, b"x" * (k + 1))
                        for k in range(1, 70)) + b"--" + b"x" * 70 + b"\r\n\r\nleaf\r\n"
        self.add("boundary-prefix-chain", part_msg(b"multipart/mixed; boundary=x", None, body))
        self.add("boundary-empty", part_msg(b'multipart/mixed; boundary=""', None,
                                            b"--\r\nContent-Type: text/plain\r\n\r\nx\r\n----\r\n"))
        self.add("boundary-missing", part_msg(b"multipart/mixed", None, b"--\r\n\r\nx\r\n"))
        long_b = b"B" * 5000
        self.add("boundary-5000", part_msg(b"multipart/mixed; boundary=" + long_b, None,
                                           b"--" + long_b + b"\r\n\r\nx\r\n--" + long_b + b"--\r\n"))
        self.add("boundary-never-comes", part_msg(b"multipart/mixed; boundary=zzz", None,
                                                  b"preamble only\r\n" * self.n(20000)))
        self.add("boundary-close-first", part_msg(b"multipart/mixed; boundary=q", None,
                                                  b"--q--\r\n--q\r\n\r\nafter close\r\n--q--\r\n"))
        # transport padding after a boundary (legal), quoted-pair in the
        # boundary, encodings where RFC 2045 forbids them
        self.add("boundary-transport-padding", part_msg(b"multipart/mixed; boundary=pad", None,
                                                        b"--pad \t \r\n\r\npadded\r\n--pad--   \r\n"))
        self.add("boundary-quoted-pair", part_msg(b'multipart/mixed; boundary="a\\"b\\\\c"', None,
                                                  b'--a"b\\c\r\n\r\nquoted pair\r\n--a"b\\c--\r\n'))
        inner = (b"Content-Type: multipart/mixed; boundary=in\r\n\r\n--in\r\n"
                 b"Content-Type: text/plain\r\n\r\nwrapped in base64\r\n--in--\r\n")
        self.add("rfc822-in-base64", part_msg(b"message/rfc822", "base64", b64(inner)))
        self.add("multipart-in-base64", part_msg(b"multipart/mixed; boundary=in", "base64",
                                                 b64(inner.split(b"\r\n\r\n", 1)[1])))
        self.add("multipart-in-qp", part_msg(b"multipart/mixed; boundary=in", "quoted-printable",
                                             qp(inner.split(b"\r\n\r\n", 1)[1])))
        # Content-Type nonsense
        for i, ct in enumerate([b"text", b"text/", b"/plain", b"text/plain;;;;;;;;", b";",
                                b"text/plain; charset", b"text/plain; charset=", b'text/plain; charset="utf-8',
                                b"text/html; " + b"a=b; " * self.n(20000), b"multipart/digest",
                                b"message/rfc822", b"message/partial; id=x; number=1",
                                b"multipart/mixed; boundary=\x00", b"TEXT/PLAIN; CHARSET=UTF-16"]):
            self.add("ctype-%02d" % i, part_msg(ct, "8bit", b"\xfe\xff\x00h\x00i" + CRLF + b"text\r\n"))
        for i, cte in enumerate(["x-uuencode", "base64 base64", "quoted-printable; junk", "BASE64",
                                 "7bit", "binary", "", "\x01"]):
            self.add("cte-%02d" % i, part_msg(b"text/plain", cte, b"SGVsbG8=\r\n=41=\r\n"))
        self.add("ctype-duplicate", msg([b"MIME-Version: 1.0"] +
                                        [b"Content-Type: multipart/mixed; boundary=d%d" % i for i in range(500)],
                                        b"--d499\r\n\r\ntext\r\n--d499--\r\n", b"dup"))
        # part header longer than the 4 KiB a part header may have
        self.add("part-header-1mb", part_msg(b"multipart/mixed; boundary=p", None,
                                             b"--p\r\nContent-Type: text/plain; x=\"" +
                                             CRLF.join(b"\t" + b"y" * 900 for _ in range(self.n(1100))) +
                                             b"\"\r\n\r\nbody\r\n--p--\r\n"))
        self.add("part-header-no-end", part_msg(b"multipart/mixed; boundary=p", None,
                                                b"--p\r\n" + b"X-A: b\r\n" * self.n(100000)))

    # ---- headers
    def headers(self):
        fold = CRLF.join(b"\t" + b"word " * 150 for _ in range(self.n(140)))
        self.add("header-100k-folded", msg([b"X-Big: " + fold], b"body\r\n", b"big"))
        self.add("header-100k-content-type",
                 msg([b"MIME-Version: 1.0", b"Content-Type: text/plain;\r\n\t" +
                      b";\r\n\t".join(b"p%d=%s" % (i, b"v" * 60) for i in range(self.n(1500)))],
                     b"body\r\n", b"big ct"))
        # beyond libmilter's 64 KiB packets and Postfix's default 100 KiB
        for mib in (1, 3):
            big = CRLF.join(b"\t" + b"w" * 998 for _ in range(mib * 1049))
            self.add("header-%dmb-folded" % mib, msg([b"X-Huge: " + big], b"body\r\n", b"huge"))
        self.add("header-1000", msg([b"X-H%d: value %d" % (i, i) for i in range(1000)], b"body\r\n", b"many"))
        self.add("header-10000", msg([b"X-H%d: v" % i for i in range(10000)], b"body\r\n", b"many"))
        # more hops than Postfix allows (hopcount_limit 50): Postfix's own 5xx
        self.add("header-received-60", msg([b"Received: from hop%d.test by hop%d.test; "
                                            b"Tue, 24 Nov 2026 06:00:00 +0000" % (i, i + 1)
                                            for i in range(60)], b"body\r\n", b"hops"))
        self.add("header-no-body", msg([b"X-Only: headers"], b"", b"nobody"))
        self.add("header-only-no-blank",
                 b"From: a@sender.test\r\nTo: b@example.test\r\nSubject: no blank line\r\n")
        self.add("header-empty-body-crlf", msg([], CRLF, b"empty"))
        self.add("header-colon-less", msg([b"this is not a header", b"Content-Type text/plain"],
                                          b"body\r\n", b"colonless"))
        self.add("header-8bit", msg([b"X-Bin: \xff\xfe\x00\x01\x80"], b"body\r\n", b"\xe9\xe9\xe9 \x1b$B"))
        self.add("header-own-x-nilsimsa",
                 msg([b"X-Nilsimsa: " + b"f" * 64] * 50 + [b"X-Nilsimsa-Cluster: id=1; score=999"] * 50,
                     b"body\r\n", b"forged"))
        # more copies than the milter removes (OWN_MAX): each removal
        # costs Postfix's cleanup time growing with their number, and
        # 12,000 made it panic and defer the message on every try
        self.add("header-own-x-nilsimsa-12000",
                 msg([b"X-Nilsimsa: 00"] * 12000, b"body\r\n", b"forged"))

    # ---- bytes
    def junk(self):
        rng = self.rng
        n = self.n(256 * 1024)
        junk = bytes(rng.getrandbits(8) for _ in range(n))
        self.add("junk-binary-body", msg([], junk, b"junk"))
        self.add("junk-binary-base64-html", part_msg(b"text/html", "base64", b64(junk)))
        self.add("junk-nul-text", part_msg(b"text/plain", "8bit", crlf((b"a\x00b\x00" * (n // 4)))))
        self.add("junk-nul-base64", part_msg(b"text/plain", "base64", b64(b"\x00" * n)))
        self.add("junk-bare-cr", msg([], b"line\r" * (n // 5) + CRLF, b"bare cr"))
        self.add("junk-bare-lf", msg([], b"line\n" * (n // 5) + CRLF, b"bare lf"))
        self.add("junk-cr-cr-lf", msg([], b"line\r\r\n" * (n // 7), b"crcrlf"))
        self.add("junk-all-bytes", part_msg(b"text/plain; charset=utf-8", "8bit",
                                            bytes(range(256)) * (n // 256) + CRLF))
        big = self.n(1024 * 1024)
        self.add("line-1mb", msg([], b"a" * big + CRLF, b"1mb line"))
        self.add("line-1mb-spaces", msg([], b" \t" * (big // 2) + CRLF, b"1mb spaces"))
        self.add("line-1mb-base64", part_msg(b"text/plain", "base64", base64.b64encode(b"hello " * (big // 8)) + CRLF))
        self.add("line-1mb-qp-equals", part_msg(b"text/plain", "quoted-printable", b"=" * big + CRLF))
        self.add("line-1mb-qp-soft", part_msg(b"text/plain", "quoted-printable", b"=\r\n" * (big // 3)))
        self.add("line-1mb-qp-hex", part_msg(b"text/plain", "quoted-printable", b"=E9=00=1B" * (big // 9) + CRLF))
        # invalid UTF-8 of every kind, straddling 4096-byte boundaries
        bad = [b"\xc0\xaf", b"\xe0\x80\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xf8\x88\x80\x80\x80",
               b"\xe2\x82", b"\xf0\x9f", b"\xc3"]
        body = bytearray()
        while len(body) < n:
            body += b"x" * (4096 - len(body) % 4096 - 1) + rng.choice(bad) + "€".encode()
        self.add("utf8-invalid-4096", part_msg(b"text/plain; charset=utf-8", "8bit", crlf(bytes(body))))
        self.add("case-capitals", part_msg(b"text/plain; charset=utf-8", "8bit",
                                           crlf(("ΑΒΓΔ АБВГ ÀÉÎ ＡＢＣ ẞ İ " * (n // 40)).encode())))

    # ---- HTML
    def html(self):
        n = self.n(512 * 1024)
        for name, body in [
                ("comment-unterminated", b"<p>before</p><!-- " + b"hidden " * (n // 7)),
                ("tag-unterminated", b"<a href='" + b"x" * n),
                ("tag-unterminated-dq", b'<img alt="' + b"y " * (n // 2)),
                ("script-unterminated", b"<script>" + b"var a=1;" * (n // 8)),
                ("style-unterminated", b"<style>" + b"p{}" * (n // 3)),
                ("lt-flood", b"<" * n),
                ("bang-flood", b"<!" * (n // 2)),
                ("comment-dash-flood", b"<!--" + b"-" * n + b"!>"),
                ("entities-huge", b"&#99999999999999999999; &#x110000; &#0; &#xD800; &" +
                 b"#1" * (n // 2) + b";"),
                ("entities-flood", b"&amp;&lt;&gt;&nbsp;&#233;&eacute;&notanentity;" * (n // 50)),
                ("entity-long-name", b"&" + b"a" * n + b";"),
                ("tags-nested-deep", b"<div>" * (n // 5)),
                ("cdata", b"<![CDATA[" + b"]]" * (n // 2)),
                ("pi", b"<?xml " + b"?" * n),
                # hidden elements: nested, never closed, just over the
                # 1 KiB held back, attributes and styles without end
                ("hidden-nested-deep", b"<span hidden>" * (n // 13)),
                ("hidden-unclosed", b"<div style=display:none>" + b"z " * (n // 2)),
                ("hidden-blocks-1k", (b"<p hidden>" + b"q" * 1025 + b"</p>") * (n // 1040)),
                ("hidden-spans-flood", b"a<span style='font-size:0'>b</span>" * (n // 35)),
                ("style-attr-unterminated", b"<p style=\"display:" + b"none;" * (n // 5)),
                ("style-decl-long", b"<p style='" + b"x" * n + b":none'>t</p>"),
                ("attr-names-flood", b"<p " + b"hidden style " * (n // 13) + b">"),
                ("font-size-digits", b"<p style='font-size:" + b"0" * n + b"'>t</p>"),
                # <style> rules: classes without end, selectors and
                # comments without end, at-rules nested deep
                ("style-classes-flood", b"<style>" + b".c{display:none}" * (n // 16) +
                 b"</style><p class=c>t</p>"),
                ("style-selector-long", b"<style>" + b".a," * (n // 3) + b"{display:none}</style>"),
                ("style-comment-unterminated", b"<style>/*" + b"*" * n),
                ("style-at-rules-deep", b"<style>" + b"@media x{" * (n // 9) + b"</style>t"),
                ("class-attr-long", b"<style>.h{display:none}</style><p class='" +
                 b"h " * (n // 2) + b"'>t</p>"),
                # entities in attribute values: a flood, a number that
                # never ends, hidden text kept for a message of images
                ("attr-entities-flood", b"<p style=\"" + b"&#58;&colon;&x" * (n // 15) +
                 b"\">t</p>"),
                ("attr-entity-digits", b"<p style='display:&#" + b"0" * (n // 2) +
                 b"9" * (n // 2) + b"'>t</p>"),
                ("hidden-kept-images", b"<img src=x>" + (b"<p hidden>\xe4\xb8\xad" * 400 +
                 b"&zwnj;" * 100 + b"</p>") * (n // 6000)),
                # tree construction (canon_hide.c): the walks over full
                # stacks around and in a hidden element, tag after tag
                ("tree-items", b"<div>" * 31 + b"<span hidden>" + b"<div>" * 14 +
                 b"<li></li>" * (n // 9)),
                ("tree-anchors", b"<span>" * 31 + b"<x-b hidden>" + b"<span>" * 14 +
                 b"<a>" * (n // 3)),
                ("tree-format-ends", b"<span>" * 31 + b"<x-b hidden>" + b"<span>" * 15 +
                 b"</b>" * (n // 4)),
                ("tree-unknown-ends", b"<xq>" * 32 + b"<xq hidden>" + b"<xq>" * 15 +
                 b"</x>" * (n // 4)),
                ("tree-rows-no-table", b"<span>" * 31 + b"<x-b hidden>" + b"<span>" * 15 +
                 b"<tr>" * (n // 4)),
                ("tree-reopened", b"<p><b hidden>x</p>" * (n // 18)),
                ("tree-adoption", b"<a><div><a>" * (n // 11))]:
            for cte in ("8bit", "base64"):
                self.add("html-%s-%s" % (name, cte),
                         part_msg(b"text/html; charset=utf-8", cte, encode_cte(body, cte)))

    # ---- words of two scripts, each folded to one (canon.c fold_word)
    def lookalikes(self):
        n = self.n(512 * 1024)
        word = "раypаl ".encode()          # Cyrillic р and а in a Latin word
        long_word = ("о" + "x" * 250 + " ").encode()  # just under WORD_FOLD_MAX
        for name, body in [("words", word * (n // len(word))),
                           ("words-long", long_word * (n // len(long_word))),
                           ("one-word", ("о" + "x" * n).encode()),
                           ("cyrillic-alone", "а ".encode() * (n // 3)),
                           ("marks-flood", ("e" + "́" * 50).encode() * (n // 101)),
                           ("styled-flood", "𝐅ⓕ🅰".encode() * (n // 11)),
                           # letters spaced apart, one endless run of them
                           # to join (canon.c spaced_join), and digits in
                           # every word to fold (digit_fold)
                           ("spaced-flood", b"f r e e " * (n // 8)),
                           ("dotted-flood", b"v.i.a.g.r.a." * (n // 12)),
                           ("spaced-han-flood", "免 费 ".encode() * (n // 8)),
                           ("digit-words", b"fr33 m0n3y " * (n // 11)),
                           ("digit-words-long", (b"a1" * 32 + b" ") * (n // 65))]:
            self.add("lookalike-%s" % name, part_msg(b"text/plain; charset=utf-8", "8bit", body))

    # ---- base64 that is not base64
    def base64_bad(self):
        n = self.n(256 * 1024)
        for name, body in [
                ("bangs", b"!!!!\r\n" * (n // 6)),
                ("junk-chars", bytes(self.rng.choice(b"ABCD@#$%^&*()~`\x00\xff") for _ in range(n)) + CRLF),
                ("pad-middle", b"QQ==QQ==QQ==\r\n" * (n // 14)),
                ("len-1-mod-4", b"QUJDR\r\n" * (n // 7)),
                ("whitespace-only", b" \t \r\n" * (n // 5)),
                ("pad-only", b"====\r\n" * (n // 6)),
                ("one-line-A", b"A" * n + CRLF),
                ("text-not-encoded", b"this is plain text, sent as base64\r\n" * (n // 36)),
                ("qp-in-base64", b"=E9=E9=0D=0A\r\n" * (n // 14))]:
            self.add("base64bad-" + name, part_msg(b"text/plain; charset=utf-8", "base64", body))

    def generate(self, charset_names):
        self.charsets(charset_names)
        self.cuts(STATEFUL)
        self.unknown_charsets()
        self.rfc2047()
        self.rfc2231()
        self.structure()
        self.headers()
        self.junk()
        self.html()
        self.lookalikes()
        self.base64_bad()


def main():
    ap = argparse.ArgumentParser(description="hostile mail messages")
    ap.add_argument("--seed", type=int, default=9)
    ap.add_argument("--charsets", default="40")
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("outdir")
    a = ap.parse_args()

    names = iconv_names()
    if not names:
        sys.exit("gen.py: `iconv -l` gave no charset names")
    rng = random.Random(a.seed)
    if a.charsets != "all":
        k = min(int(a.charsets), len(names))
        names = sorted(set(rng.sample(names, k)) | set(n for n in STATEFUL if n in names))
    g = Gen(a.seed, a.scale)
    g.generate(names)

    if not a.list:
        os.makedirs(a.outdir, exist_ok=True)
    seen = set()
    for name, data in g.cases:
        assert name not in seen, name
        seen.add(name)
        if not a.list:
            with open(os.path.join(a.outdir, name + ".eml"), "wb") as f:
                f.write(data)
        print(name)


if __name__ == "__main__":
    main()
