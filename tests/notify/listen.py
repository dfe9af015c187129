#!/usr/bin/env python3
# listen.py: systemd's side of sd_notify(3) for the tests: a datagram
# socket at NOTIFY_SOCKET's path, each message logged as one line
# ("READY=1 STATUS=..."). At each READY=1 the sender (its pid from the
# kernel's SCM_CREDENTIALS) is stopped with SIGSTOP, so that it can do
# nothing more, and a TCP connection to 127.0.0.1:PORT is tried: the
# line "CONNECT ok" or "CONNECT failed: ..." says whether the milter's
# socket accepted connections when READY came. Then SIGCONT.
#
#   listen.py SOCKET LOG PORT
#
# Runs until killed; the log is flushed line by line.
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
import os
import signal
import socket
import struct
import sys


def try_connect(port):
    """Does 127.0.0.1:port accept a connection now?"""
    c = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    c.settimeout(2)
    try:
        c.connect(("127.0.0.1", port))
        return "ok"
    except OSError as e:
        return "failed: %s" % e
    finally:
        c.close()


def main():
    path, logpath, port = sys.argv[1], sys.argv[2], int(sys.argv[3])
    if os.path.exists(path):
        os.unlink(path)
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
    s.bind(path)
    os.chmod(path, 0o777)	# the milter writes to it as its own user
    log = open(logpath, "a", buffering=1)
    log.write("LISTENING\n")
    while True:
        data, anc, _flags, _addr = s.recvmsg(4096, socket.CMSG_SPACE(12))
        pid = None
        for level, kind, cdata in anc:
            if level == socket.SOL_SOCKET and kind == socket.SCM_CREDENTIALS:
                pid = struct.unpack("iII", cdata[:12])[0]
        text = data.decode("utf-8", "replace")
        log.write(" ".join(text.split("\n")) + "\n")
        if "READY=1" in text.split("\n") and pid:
            os.kill(pid, signal.SIGSTOP)
            try:
                log.write("CONNECT %s\n" % try_connect(port))
            finally:
                os.kill(pid, signal.SIGCONT)


if __name__ == "__main__":
    main()
