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
"""site-unlabel: a site stream (tools/mksite.py) as old mail clients write it.

    tools/site-unlabel.py [-c CHARSET] [-l LABEL] SRCDIR DSTDIR

Every message of SRCDIR becomes one 8-bit text part in CHARSET (default
gb18030, i.e. GBK): From, To, Subject, Date and Message-ID, then the
text of its first text/plain part (else its first text part), with no
MIME header at all, or with "Content-Type: text/plain; charset=LABEL"
when -l gives a label (iso-8859-1 to measure mislabelled mail). The
envelopes (stream.tsv) are copied as they are. Much Chinese, Japanese
and Russian mail comes like this; tools/nsm-site and site-replay.sh
replay DSTDIR like any stream.

A multilingual stream (tools/mkmlstream.py: index.tsv with a lang column)
is written the same way, each message in its language's legacy charset
(GB18030, Big5, Shift_JIS, KOI8-R, ISO-8859-2 for Polish, Latin-1 for
the other Latin-script languages) unless -c names one; tools/mlmeasure
reads DSTDIR like the stream.
"""
import argparse
import codecs
import email
import email.policy
import os
import shutil

from mkmlstream import CHARMAPS


def first_text(m):
    """The text of the message's first text/plain part, else of any text part."""
    for want in ("text/plain", None):
        for p in m.walk():
            if p.get_content_maintype() == "text" and \
                    (want is None or p.get_content_type() == want):
                try:
                    return p.get_content()
                except (LookupError, UnicodeError):
                    continue
    return ""


# A language's charset in old mail (tools/mkmlstream.py's languages).
LEGACY = {"zh_CN": "gb18030", "zh_TW": "big5", "ja": "shift_jis",
          "ru": "koi8_r", "pl": "iso-8859-2", "de": "latin-1",
          "fr": "latin-1", "en": "latin-1", "ko": "cp949",
          "el": "iso-8859-7", "vi": "utf-8", "ar": "cp1256", "fa": "cp1256"}


# What old clients wrote for letters their charset lacks (the Arabic yeh
# for the Persian one, ...): tools/mkmlstream.py's maps, by codec name.
LEGACY_MAP = {codecs.lookup(k).name: v for k, v in CHARMAPS.items()}


def messages(src, charset):
    """(file name under SRC, charset) of every message of the stream."""
    if os.path.exists(os.path.join(src, "stream.tsv")):
        return [(os.path.join("msg", n), charset or "gb18030")
                for n in sorted(os.listdir(os.path.join(src, "msg")))]
    out = []
    with open(os.path.join(src, "index.tsv"), encoding="utf-8") as f:
        for line in f:
            col = line.rstrip("\n").split("\t")
            if col[0] != "path":
                out.append((col[0], charset or LEGACY.get(col[1], "utf-8")))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--charset")
    ap.add_argument("-l", "--label")
    ap.add_argument("src")
    ap.add_argument("dst")
    a = ap.parse_args()
    os.makedirs(os.path.join(a.dst, "msg"), exist_ok=True)
    for meta in ("stream.tsv", "index.tsv"):
        if os.path.exists(os.path.join(a.src, meta)):
            shutil.copy(os.path.join(a.src, meta), os.path.join(a.dst, meta))
    for name, charset in messages(a.src, a.charset):
        with open(os.path.join(a.src, name), "rb") as f:
            m = email.message_from_binary_file(f, policy=email.policy.default)
        head = "".join("%s: %s\n" % (k, m[k]) for k in
                       ("From", "To", "Subject", "Date", "Message-ID") if m[k])
        if a.label:
            head += ("MIME-Version: 1.0\nContent-Type: text/plain; charset=%s\n"
                     "Content-Transfer-Encoding: 8bit\n" % a.label)
        text = first_text(m).translate(
            LEGACY_MAP.get(codecs.lookup(charset).name, {}))
        out = head.encode(charset, "replace") + b"\n" + \
            text.encode(charset, "replace")
        with open(os.path.join(a.dst, name), "wb") as f:
            f.write(out)


if __name__ == "__main__":
    main()
