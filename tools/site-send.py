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
"""site-send: send a site stream (tools/mksite.py) to an SMTP server in
its order, each message from its own client address (XCLIENT, which the
server must allow this host), with its HELO, envelope sender and
recipients.

    tools/site-send.py [-j SESSIONS] [-l LIMIT] HOST:PORT STREAMDIR > RESULTS

SESSIONS connections send at once (default 4), taking messages in the
stream's order. Prints one line a message, in the stream's order:
    path  class  group  code  text
where code is the server's reply to the end of DATA, or 0 when the
message was not sent: the connection failed, or a command before DATA
did (XCLIENT, MAIL, RCPT; the text names it). The milter answers
nothing before DATA, so a refusal there is the replay's fault, not a
verdict, and must not be counted as one. An IPv6 client address goes to
XCLIENT as "IPV6:addr", as Postfix wants it.
"""

import getopt
import smtplib
import sys
import threading


def send_one(host, port, row, base):
    path, _, client, helo, sender, rcpts = row[:6]
    with open(base + "/" + path, "rb") as f:
        raw = f.read().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    s = smtplib.SMTP(timeout=120)
    try:
        s.connect(host, port)
        s.ehlo("replay.test")
        addr = "IPV6:" + client if ":" in client else client
        code, text = s.docmd("XCLIENT", "ADDR=%s NAME=[UNAVAILABLE] HELO=%s" % (addr, helo))
        if code != 220:
            return 0, b"XCLIENT: %d %s" % (code, text)
        s.ehlo_resp = None
        s.ehlo(helo)
        code, text = s.mail(sender if sender != "<>" else "")
        if code != 250:
            return 0, b"MAIL: %d %s" % (code, text)
        ok = 0
        for r in rcpts.split(","):
            code, text = s.rcpt(r)
            ok += code == 250
        if ok == 0:
            return 0, b"RCPT: %d %s" % (code, text)
        code, text = s.data(raw)
        return code, text
    except (smtplib.SMTPException, OSError, UnicodeError) as e:
        return getattr(e, "smtp_code", 0), str(e).encode()
    finally:
        try:
            s.quit()
        except (smtplib.SMTPException, OSError):
            pass


def main():
    sessions, limit = 4, 0
    opts, args = getopt.getopt(sys.argv[1:], "j:l:")
    for o, v in opts:
        if o == "-j":
            sessions = int(v)
        elif o == "-l":
            limit = int(v)
    if len(args) != 2:
        sys.exit("usage: site-send.py [-j SESSIONS] [-l LIMIT] HOST:PORT STREAMDIR")
    host, port = args[0].rsplit(":", 1)
    base = args[1]
    with open(base + "/stream.tsv") as f:
        next(f)
        rows = [line.rstrip("\n").split("\t") for line in f]
    if limit:
        rows = rows[:limit]
    results = [None] * len(rows)
    lock = threading.Lock()
    nxt = [0]

    def worker():
        while True:
            with lock:
                i = nxt[0]
                nxt[0] += 1
            if i >= len(rows):
                return
            results[i] = send_one(host, int(port), rows[i], base)

    threads = [threading.Thread(target=worker) for _ in range(sessions)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    out = sys.stdout
    for row, (code, text) in zip(rows, results):
        if isinstance(text, bytes):
            text = text.decode("utf-8", "replace")
        out.write("%s\t%s\t%s\t%s\t%s\n" % (row[0], row[6], row[7], code,
                                             " ".join(text.split())[:120]))


if __name__ == "__main__":
    main()
