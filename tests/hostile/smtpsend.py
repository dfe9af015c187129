#!/usr/bin/env python3
# smtpsend.py: send message files over SMTP byte for byte, and say what
# the server answered to each.
#
#   smtpsend.py --server HOST:PORT [--sessions N] [--timeout S]
#               [--abort-after BYTES] [--rcpts N] FILE...
#
# Each FILE is the DATA of one message (as tests/hostile/gen.py writes
# them): sent as it is, with only what SMTP itself needs (dot-stuffing,
# a final CRLF), and an "X-E2E-Id: NAME" header in front (NAME: the file
# name without .eml) to find the delivered copy by. smtplib is not used
# because it rewrites bare CR and bare LF, which are test cases here.
# Messages are spread over N sessions in parallel (RSET between them).
#
# Prints, in the order of the files, one line a message:
#   NAME CODE SECONDS ORDER TEXT
# CODE is the server's reply to the end of DATA, or to the command that
# refused the transaction earlier; 000 when the connection broke or the
# reply did not come within the timeout (TEXT says which). ORDER numbers
# the answers as they came (over all sessions): the first bad answer in
# time points at the message that broke the server. A session that gets
# 5 answers in a row that are neither 2xx nor 5xx (a dead milter behind
# Postfix costs seconds a message) sends no more: its other messages
# get CODE skp.
#
# --abort-after BYTES: a client that goes away in the middle: send the
# first BYTES of each message after DATA, then close the connection
# without the final dot (CODE "abt"; the server owes no answer).
# --rcpts N: each message to N recipients: postmaster@ and trap@ the
# --to domain, then addresses with local parts of 1 to 400 characters.
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
import os
import re
import socket
import threading
import time


class Broken(Exception):
    pass


class Session:
    def __init__(self, host, port, timeout):
        self.addr = (host, port)
        self.timeout = timeout
        self.sock = None
        self.buf = b""

    def reply(self):
        """(code, text) of one reply, multi-line replies joined."""
        lines = []
        while True:
            while b"\n" not in self.buf:
                try:
                    chunk = self.sock.recv(65536)
                except socket.timeout:
                    raise Broken("no reply within %ds" % self.timeout)
                except OSError as e:
                    raise Broken("recv: %s" % e)
                if not chunk:
                    raise Broken("connection closed by the server")
                self.buf += chunk
            line, self.buf = self.buf.split(b"\n", 1)
            line = line.rstrip(b"\r").decode("utf-8", "replace")
            lines.append(line)
            if len(line) < 4 or line[3] != "-":
                break
        code = lines[-1][:3]
        if not re.fullmatch(r"[0-9]{3}", code):
            raise Broken("not an SMTP reply: %r" % lines[-1][:80])
        return code, " ".join(l[4:] for l in lines)

    def cmd(self, line):
        try:
            self.sock.sendall(line.encode() + b"\r\n")
        except OSError as e:
            raise Broken("send: %s" % e)
        return self.reply()

    def open(self):
        self.close()
        self.sock = socket.create_connection(self.addr, timeout=self.timeout)
        self.buf = b""
        code, text = self.reply()
        if code != "220":
            raise Broken("greeting: %s %s" % (code, text))
        code, text = self.cmd("EHLO hostile.sender.test")
        if code != "250":
            raise Broken("EHLO: %s %s" % (code, text))

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
        self.sock = None

    def send(self, mfrom, rcpt, data, abort_after=None):
        """The reply that ends the transaction: (code, text)."""
        if self.sock is None:
            self.open()
        code, text = self.cmd("MAIL FROM:<%s> BODY=8BITMIME" % mfrom)
        if code[0] != "2":
            self.cmd("RSET")
            return code, text
        accepted = 0
        for r in (rcpt if isinstance(rcpt, list) else [rcpt]):
            code, text = self.cmd("RCPT TO:<%s>" % r)
            accepted += code[0] == "2"
        if accepted == 0:
            self.cmd("RSET")
            return code, text
        code, text = self.cmd("DATA")
        if code != "354":
            return code, text
        # dot-stuffing: the server splits lines at LF
        data = re.sub(rb"(^|\n)\.", rb"\1..", data)
        if not data.endswith(b"\r\n"):
            data += b"\r\n"
        if abort_after is not None:
            try:
                self.sock.sendall(data[:abort_after])
            except OSError as e:
                raise Broken("send: %s" % e)
            self.close()
            return "abt", "closed after %d of %d bytes" % (min(abort_after, len(data)), len(data))
        try:
            self.sock.sendall(data + b".\r\n")
        except OSError as e:
            raise Broken("send: %s" % e)
        return self.reply()


order_lock = threading.Lock()
order = [0]


def worker(args, jobs, results):
    s = Session(args.host, args.port, args.timeout)
    bad_run = 0
    for i, path in jobs:
        if bad_run >= 5:
            results[i] = "%s skp 0.00 0 not sent: 5 bad answers in a row before it" % (
                os.path.basename(path)[:-4] if path.endswith(".eml") else os.path.basename(path))
            continue
        name = os.path.basename(path)
        if name.endswith(".eml"):
            name = name[:-4]
        with open(path, "rb") as f:
            data = b"X-E2E-Id: " + name.encode() + b"\r\n" + f.read()
        t0 = time.monotonic()
        try:
            code, text = s.send(args.sender, args.rcpt, data, args.abort_after)
            if code == "421":
                s.close()
        except (Broken, OSError) as e:
            code, text = "000", str(e)
            s.close()
        bad_run = bad_run + 1 if code[0] not in "25" and code != "abt" else 0
        with order_lock:
            order[0] += 1
            n = order[0]
        results[i] = "%s %s %.2f %d %s" % (name, code, time.monotonic() - t0, n, text)
    if s.sock is not None:
        try:
            s.cmd("QUIT")
        except (Broken, OSError):
            pass
        s.close()


def main():
    ap = argparse.ArgumentParser(description="send message files over SMTP")
    ap.add_argument("--server", required=True, help="HOST:PORT")
    ap.add_argument("--sessions", type=int, default=3)
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--from", dest="sender", default="hostile@sender.test")
    ap.add_argument("--to", dest="rcpt", default="victim@example.test")
    ap.add_argument("--abort-after", type=int, default=None)
    ap.add_argument("--rcpts", type=int, default=1)
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    args.host, port = args.server.rsplit(":", 1)
    args.port = int(port)
    if args.rcpts > 1:
        domain = args.rcpt.rsplit("@", 1)[-1]
        args.rcpt = ["postmaster@" + domain, "trap@" + domain] + [
            "r%d%s@%s" % (i, "x" * (i * 37 % 400), domain) for i in range(args.rcpts - 2)]

    results = [None] * len(args.files)
    n = max(1, min(args.sessions, len(args.files)))
    shares = [[] for _ in range(n)]
    for i, path in enumerate(args.files):
        shares[i % n].append((i, path))
    threads = [threading.Thread(target=worker, args=(args, sh, results)) for sh in shares]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for r in results:
        print(r)


if __name__ == "__main__":
    main()
