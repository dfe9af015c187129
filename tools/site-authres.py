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
"""site-authres: a site stream as the milter sees it behind a verifier.

    tools/site-authres.py [-a AUTHSERV] [-s] SRCDIR DSTDIR

A site that runs OpenDKIM, OpenDMARC or an SPF policy daemon before the
milter gets an Authentication-Results header on every message. The
streams' messages carry no signatures to verify, so this tool plays the
verifier from the stream's labels: every ham message gets "spf=pass
smtp.mailfrom=" its envelope sender (none with the null sender), and
"dkim=pass header.d=" its From domain when that is the envelope
sender's domain or the sender is null (an organisation's own mail and
auto-replies, signed by it; a list's or an ESP's copy, whose From is
another's, is known by its envelope sender, as most lists break the
author's signature); spam gets "dkim=none; spf=fail"
(forged senders), or with -s the same passes as ham (a spammer sending
under domains it owns, or a compromised tenant: the worst case for
rules that believe an authenticated sender). AUTHSERV (default
mx.site.test) is the id to list in TrustedAuthservIDs:

    tools/site-authres.py /tmp/xen1 /tmp/xen1-ar
    printf 'TrustedAuthservIDs mx.site.test\\n' > /tmp/ar.conf
    tools/nsm-site -c /tmp/ar.conf -f /tmp/xen1-ar

stream.tsv is copied as it is; messages keep their bytes below the new
header.
"""
import argparse
import email.parser
import email.policy
import os
import shutil


def domain(addr):
    """The domain of an address, lower case, or None."""
    addr = addr.strip().strip("<>").rstrip(">")
    if "@" not in addr:
        return None
    d = addr.rsplit("@", 1)[1].strip().strip(">").lower()
    return d or None


def from_domain(raw):
    """The domain of the first From address of a message's header."""
    head = raw.split(b"\n\n", 1)[0].split(b"\r\n\r\n", 1)[0]
    msg = email.parser.BytesHeaderParser(policy=email.policy.compat32).parsebytes(head)
    v = msg.get("From")
    if v is None:
        return None
    v = str(v)
    if "<" in v:
        v = v.rsplit("<", 1)[1]
    return domain(v)


def header(authserv, raw, sender, passes):
    """The Authentication-Results line a verifier would prepend."""
    parts = []
    if passes:
        fd = from_domain(raw)
        sd = domain(sender) if sender not in ("", "<>") else None
        own = fd is not None and (sd is None or sd == fd)
        parts.append("dkim=pass header.d=%s" % fd if own else "dkim=none")
        parts.append("spf=pass smtp.mailfrom=%s" % sender if sd else "spf=none")
    else:
        parts += ["dkim=none", "spf=fail smtp.mailfrom=%s" % (sender or "<>")]
    return ("Authentication-Results: %s;\r\n\t%s\r\n" %
            (authserv, ";\r\n\t".join(parts))).encode()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-a", default="mx.site.test", help="authserv-id")
    ap.add_argument("-s", action="store_true", help="spam passes too")
    ap.add_argument("src")
    ap.add_argument("dst")
    a = ap.parse_args()
    os.makedirs(os.path.join(a.dst, "msg"), exist_ok=True)
    shutil.copy(os.path.join(a.src, "stream.tsv"), os.path.join(a.dst, "stream.tsv"))
    with open(os.path.join(a.src, "stream.tsv"), encoding="utf-8") as f:
        cols = f.readline().rstrip("\n").split("\t")
        for line in f:
            row = dict(zip(cols, line.rstrip("\n").split("\t")))
            with open(os.path.join(a.src, row["path"]), "rb") as m:
                raw = m.read()
            passes = row["class"] == "ham" or a.s
            nl = b"\r\n" if b"\r\n" in raw[:200] else b"\n"
            h = header(a.a, raw, row["sender"], passes)
            if nl == b"\n":
                h = h.replace(b"\r\n", b"\n")
            with open(os.path.join(a.dst, row["path"]), "wb") as m:
                m.write(h + raw)


if __name__ == "__main__":
    main()
