#!/bin/bash
# t-notify.sh: the daemon's sd_notify (systemd Type=notify) against a
# NOTIFY_SOCKET the test listens on (tests/notify/listen.py): READY=1
# comes once, and at that moment (the milter stopped by SIGSTOP as READY
# arrives) its socket accepts connections; SIGUSR1 brings RELOADING=1
# with MONOTONIC_USEC, then READY=1; SIGTERM brings STOPPING=1; a milter
# that cannot open its store never says READY.
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
. "${top_srcdir:-$(dirname "$0")/..}/tests/mta/common.sh"

e2e_init notify 13320 2
e2e_need python3
MPORT=$PORT
# Built without libsystemd the milter says nothing: that is no test.
grep -q '^#define HAVE_SYSTEMD 1' "$top_builddir/autoconf.h" 2>/dev/null ||
	e2e_skip "built without libsystemd (configure --with-systemd; libsystemd-dev)"

NSOCK=$T/notify.sock
NLOG=$T/notify.log
python3 "$top_srcdir/tests/notify/listen.py" "$NSOCK" "$NLOG" "$MPORT" 2>"$T/listen.err" &
listener=$!
e2e_on_exit "kill $listener"
for i in $(seq 50); do grep -q LISTENING "$NLOG" 2>/dev/null && break; sleep 0.1; done
check "the notify listener is up" grep -q LISTENING "$NLOG"

# wait_line REGEX [N]: until the notify log has N (1) lines matching
wait_line() {
	local i n=${2:-1}
	for i in $(seq 200); do
		[ "$(grep -Ec "$1" "$NLOG")" -ge "$n" ] && return 0
		sleep 0.1
	done
	return 1
}

conf=$T/milter.conf
milter_conf "$conf" Socket "inet:$MPORT@127.0.0.1"
NOTIFY_SOCKET=$NSOCK milter_start milter "$conf" || { bad "the milter did not start"; e2e_done; }
check "READY=1 arrives" wait_line '^READY=1'
wait_line '^CONNECT '
check_eq "the milter's socket accepted a connection while it was stopped at READY" \
	"CONNECT ok" "$(grep -m 1 '^CONNECT ' "$NLOG")"
check_eq "READY=1 came once" 1 "$(grep -c '^READY=1' "$NLOG")"
check_eq "nothing before READY=1 but the listener's line" "LISTENING" "$(head -n 1 "$NLOG")"
pid=$(milter_pid milter)
check "the milter runs on after SIGCONT" alive "$pid"

kill -USR1 "$pid"
check "SIGUSR1: RELOADING=1 with MONOTONIC_USEC" wait_line '^RELOADING=1 MONOTONIC_USEC=[0-9]+$'
check "SIGUSR1: then READY=1 again" wait_line '^READY=1' 2
check "READY=1 after RELOADING=1" \
	test "$(grep -n '^READY=1' "$NLOG" | tail -n 1 | cut -d: -f1)" -gt \
	"$(grep -n '^RELOADING=1' "$NLOG" | tail -n 1 | cut -d: -f1)"

kill -TERM "$pid"
check "SIGTERM: STOPPING=1" wait_line '^STOPPING=1'
milter_wait milter 15
check_eq "the milter exits 0 after STOPPING" 0 $?

# A store it cannot open: the milter exits, and systemd hears no READY.
: > "$T/not-a-dir"
milter_conf "$T/bad.conf" Socket "inet:$((MPORT + 1))@127.0.0.1" Store "$T/not-a-dir"
before=$(grep -c '^READY=1' "$NLOG")
NOTIFY_SOCKET=$NSOCK "$MILTER_BIN" -f -c "$T/bad.conf" >"$T/bad.log" 2>&1
rc=$?
check "with its store unusable the milter exits non-zero ($rc)" test $rc -ne 0
sleep 0.5
check_eq "... and sent no READY=1" "$before" "$(grep -c '^READY=1' "$NLOG")"

e2e_done
