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
"""
import argparse
import email
import email.policy
import os
import shutil


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


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--charset", default="gb18030")
    ap.add_argument("-l", "--label")
    ap.add_argument("src")
    ap.add_argument("dst")
    a = ap.parse_args()
    os.makedirs(os.path.join(a.dst, "msg"), exist_ok=True)
    shutil.copy(os.path.join(a.src, "stream.tsv"), os.path.join(a.dst, "stream.tsv"))
    for name in sorted(os.listdir(os.path.join(a.src, "msg"))):
        with open(os.path.join(a.src, "msg", name), "rb") as f:
            m = email.message_from_binary_file(f, policy=email.policy.default)
        head = "".join("%s: %s\n" % (k, m[k]) for k in
                       ("From", "To", "Subject", "Date", "Message-ID") if m[k])
        if a.label:
            head += ("MIME-Version: 1.0\nContent-Type: text/plain; charset=%s\n"
                     "Content-Transfer-Encoding: 8bit\n" % a.label)
        out = head.encode(a.charset, "replace") + b"\n" + \
            first_text(m).encode(a.charset, "replace")
        with open(os.path.join(a.dst, "msg", name), "wb") as f:
            f.write(out)


if __name__ == "__main__":
    main()
