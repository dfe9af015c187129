#!/usr/bin/env python3
# nodelay.py PID PORT: is TCP_NODELAY set on the milter's listening socket
# and on the socket it accepts for a connection we open?
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
# Neither ss nor /proc shows TCP_NODELAY. pidfd_getfd(2) (Linux 5.6, needs
# ptrace rights: root) copies a descriptor of another process into this
# one, where getsockopt() can read the option.
# Prints "listener=0|1 accepted=0|1"; exit 2 when it cannot tell.
import ctypes
import os
import socket
import sys
import time

SYS_pidfd_getfd = 438		# the same number on every Linux architecture

def main():
	pid, port = int(sys.argv[1]), int(sys.argv[2])
	libc = ctypes.CDLL(None, use_errno=True)
	pidfd = os.pidfd_open(pid)
	client = socket.create_connection(("127.0.0.1", port), timeout=5)
	me = client.getsockname()
	found = {}
	for _ in range(50):		# libmilter accepts in its own thread
		for name in os.listdir("/proc/%d/fd" % pid):
			try:
				if not os.readlink("/proc/%d/fd/%s" % (pid, name)).startswith("socket:"):
					continue
			except OSError:
				continue
			fd = libc.syscall(SYS_pidfd_getfd, pidfd, int(name), 0)
			if fd < 0:
				sys.exit("pidfd_getfd: %s" % os.strerror(ctypes.get_errno()))
			s = socket.socket(fileno=fd)
			try:
				if s.family != socket.AF_INET or s.type != socket.SOCK_STREAM:
					continue
				nd = s.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
				if s.getsockopt(socket.SOL_SOCKET, socket.SO_ACCEPTCONN):
					if s.getsockname()[1] == port:
						found["listener"] = nd
				elif s.getpeername() == me:
					found["accepted"] = nd
			except OSError:
				pass
			finally:
				s.close()
		if len(found) == 2:
			break
		time.sleep(0.1)
	client.close()
	if len(found) != 2:
		print("could not find both sockets: %r" % found)
		sys.exit(2)
	print("listener=%d accepted=%d" % (found["listener"], found["accepted"]))

main()
