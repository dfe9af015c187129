#!/bin/bash
# milter-load.sh: throughput of a private Postfix with and without the
# milter, driven by Postfix's smtp-source, on loopback only. Not part of
# make check.
#
#   bench/milter-load.sh [-m MSGS] [-s SESSIONS] [-l BYTES] [-r RUNS] [-b BUILDDIR]
#   (defaults 2000 messages, 20 sessions, 5120-byte bodies, 3 runs)
#
# Rows: Postfix alone; the milter over TCP (TCP_NODELAY, the default);
# over TCP with TCPNoDelay no; over a unix socket. Postfix delivers with
# discard(8), so the figures are smtpd + cleanup + milter + queue manager.
# e2e msgs/s = from the start of smtp-source until every message is logged
# status=sent and the queue is empty. The milter's thresholds are set out
# of reach: every copy joins one cluster, and a reject would make
# smtp-source abort. Needs root (Postfix). Ports 13180-13182 on 127.0.0.1.
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
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top_srcdir=$(cd "$here/.." && pwd)
msgs=2000 sess=20 len=5120 runs=3 top_builddir=$top_srcdir
while getopts "m:s:l:r:b:" o; do
	case $o in
	m) msgs=$OPTARG ;; s) sess=$OPTARG ;; l) len=$OPTARG ;; r) runs=$OPTARG ;;
	b) top_builddir=$(cd "$OPTARG" && pwd) ;;
	*) sed -n '2,17p' "$0"; exit 2 ;;
	esac
done
export top_srcdir top_builddir
. "$top_srcdir/tests/mta/common.sh"
e2e_skip() { echo "milter-load: $*"; exit 1; }

e2e_init bench 13180 3
e2e_need postfix smtp-source
MPORT=$PORT NPORT=$((PORT + 1)) SMTP=$((PORT + 2))
PF=$T/pf
e2e_on_exit "'$MTA_DIR/postfix.sh' stop '$PF'"

common=(TagThreshold 1000000000 RejectThreshold 1000000000 LogLevel warning)
milter_conf "$T/tcp.conf" Socket "inet:$MPORT@127.0.0.1" "${common[@]}"
milter_conf "$T/nagle.conf" Socket "inet:$NPORT@127.0.0.1" "${common[@]}" TCPNoDelay no
# Postfix's cleanup and smtpd run as postfix: the socket must be writable
milter_conf "$T/unix.conf" Socket "unix:$T/milter.sock" "${common[@]}" Umask 000

sent() { grep -c ' status=sent ' "$PF/maillog" 2>/dev/null || true; }
now() { date +%s%N; }

# row NAME MILTER-SPEC: RUNS runs against a fresh Postfix
row() {
	local name=$1 spec=$2 run base t0 t1 want end line rates=()
	DELIVERY=discard "$MTA_DIR/postfix.sh" start "$PF" $SMTP "$spec" || return 1
	for run in $(seq "$runs"); do
		base=$(sent)
		t0=$(now)
		if ! smtp-source -s "$sess" -m "$msgs" -l "$len" -M load.e2e.test \
		    -f load@e2e.test -t sink@example.test -S "load test" 127.0.0.1:$SMTP; then
			echo "$name: smtp-source failed (a 4xx/5xx reply?)"
			break
		fi
		t1=$(now)
		want=$((base + msgs)) end=$((SECONDS + 300))
		while [ "$(sent)" -lt "$want" ] && [ $SECONDS -lt $end ]; do sleep 0.02; done
		"$MTA_DIR/postfix.sh" wait-empty "$PF" 60
		rates+=("$(awk -v n="$msgs" -v a="$t0" -v b="$(now)" -v i="$t1" \
			'BEGIN { printf "%.0f (inject %.0f)", n / ((b - a) / 1e9), n / ((i - a) / 1e9) }')")
	done
	"$MTA_DIR/postfix.sh" stop "$PF"
	line=$(IFS=/; echo "${rates[*]}")
	printf '%-34s %s\n' "$name" "${line//\// / }"
}

echo "# $msgs messages of $len bytes over $sess sessions, $runs runs; e2e msgs/s (inject msgs/s)"
row "postfix, no milter" none
milter_start tcp "$T/tcp.conf" || { echo "milter (tcp) did not start"; exit 1; }
row "milter over TCP (TCP_NODELAY)" "inet:127.0.0.1:$MPORT"
if "$MILTER_BIN" -n -c "$T/nagle.conf" >/dev/null 2>&1; then
	milter_start nagle "$T/nagle.conf" || { echo "milter (nagle) did not start"; exit 1; }
	row "milter over TCP (TCPNoDelay no)" "inet:127.0.0.1:$NPORT"
else
	printf '%-34s %s\n' "milter over TCP (TCPNoDelay no)" "n/a: this daemon has no TCPNoDelay key"
fi
milter_start unix "$T/unix.conf" || { echo "milter (unix) did not start"; exit 1; }
row "milter over a unix socket" "unix:$T/milter.sock"
