#!/usr/bin/env python3
# smtp-time.py: an SMTP load client that times every message, for the
# milter benchmarks (bench/milter-latency.sh, bench/milter-load.sh).
#
#   smtp-time.py [-s SESSIONS] [-m MSGS] [-l BYTES] [-c LIST] HOST:PORT
#
# SESSIONS threads send MSGS messages in all, one message per connection
# (as smtp-source does): connect, EHLO, MAIL, RCPT, DATA, QUIT. A
# message's latency is from connect to the server's reply to the final
# dot. The messages are identical copies of BYTES bytes of body, or with
# -c the files named in LIST (one path a line), each sent once in turn,
# so that every message has its own content. Prints one line:
#   msgs N errors E secs S rate R p50 A p90 B p99 C     (latencies in ms)
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
import smtplib
import sys
import threading
import time

SENDER = "load@e2e.test"
RCPT = "sink@example.test"


def copy_message(nbytes):
    """One synthetic message: a few headers and nbytes of 'X' lines."""
    line = "X" * 78 + "\r\n"
    body = (line * (nbytes // len(line) + 1))[:nbytes]
    return ("From: <%s>\r\nTo: <%s>\r\nSubject: load test\r\n\r\n%s"
            % (SENDER, RCPT, body)).encode()


def corpus_messages(listfile):
    """The messages named in listfile, raw bytes, CRLF line ends."""
    msgs = []
    with open(listfile) as f:
        for path in f:
            path = path.strip()
            if path:
                with open(path, "rb") as m:
                    raw = m.read()
                if raw.startswith(b"From "):      # an mbox separator line
                    raw = raw.split(b"\n", 1)[1]
                msgs.append(raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))
    if not msgs:
        sys.exit("smtp-time: no messages in %s" % listfile)
    return msgs


def percentile(sorted_v, p):
    """The p-th percentile of a sorted list (nearest rank)."""
    if not sorted_v:
        return float("nan")
    k = max(0, min(len(sorted_v) - 1, int(round(p / 100.0 * len(sorted_v))) - 1))
    return sorted_v[k]


class Load:
    """The shared work queue and results of one run."""

    def __init__(self, host, port, msgs, total):
        self.host, self.port = host, port
        self.msgs, self.total = msgs, total
        self.next = 0
        self.lat = []
        self.errors = 0
        self.lock = threading.Lock()

    def take(self):
        """The index of the next message to send, or None when done."""
        with self.lock:
            if self.next >= self.total:
                return None
            self.next += 1
            return self.next - 1

    def send_one(self, i):
        """Send message i over a connection of its own; its latency."""
        t0 = time.perf_counter()
        s = smtplib.SMTP(self.host, self.port, local_hostname="load.e2e.test")
        try:
            s.ehlo()
            s.sendmail(SENDER, [RCPT], self.msgs[i % len(self.msgs)])
            t1 = time.perf_counter()
            s.quit()
        finally:
            s.close()
        return t1 - t0

    def session(self):
        """One thread: messages until the queue is empty."""
        while (i := self.take()) is not None:
            try:
                dt = self.send_one(i)
            except (smtplib.SMTPException, OSError):
                with self.lock:
                    self.errors += 1
                continue
            with self.lock:
                self.lat.append(dt)


def main():
    ap = argparse.ArgumentParser(description="time SMTP messages")
    ap.add_argument("-s", type=int, default=1, help="sessions in parallel")
    ap.add_argument("-m", type=int, default=100, help="messages in all")
    ap.add_argument("-l", type=int, default=5120, help="body bytes of a copy")
    ap.add_argument("-c", help="file listing the messages to send")
    ap.add_argument("server", help="HOST:PORT")
    a = ap.parse_args()
    host, port = a.server.rsplit(":", 1)
    msgs = corpus_messages(a.c) if a.c else [copy_message(a.l)]
    load = Load(host, int(port), msgs, a.m)
    threads = [threading.Thread(target=load.session) for _ in range(a.s)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    secs = time.perf_counter() - t0
    lat = sorted(load.lat)
    print("msgs %d errors %d secs %.3f rate %.0f p50 %.2f p90 %.2f p99 %.2f" % (
        len(lat), load.errors, secs, len(lat) / secs,
        percentile(lat, 50) * 1e3, percentile(lat, 90) * 1e3,
        percentile(lat, 99) * 1e3))
    return 1 if load.errors else 0


if __name__ == "__main__":
    sys.exit(main())
