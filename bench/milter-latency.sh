#!/bin/bash
# milter-latency.sh: what the milter adds to each message's latency, one
# SMTP session at a time, beside Postfix alone in the same run. Not part
# of make check.
#
#   bench/milter-latency.sh [-m MSGS] [-l BYTES] [-r RUNS] [-b BUILDDIR] [-B OLDBUILDDIR]
#   (defaults 300 messages, 5120-byte bodies, 5 runs)
#
# One private Postfix (delivering with discard(8)) listens on one port per
# row: no milter; bench/null-milter over TCP (a milter that only answers:
# the floor); the milter over TCP; over a unix socket; the milter over
# TCP with StoreBackend redis (a redis-server on loopback started here,
# when redis-server is installed); the milter over TCP with StoreSyncDelay
# 0 (each commit synced in full before the reply: the store before
# StoreSyncDelay); with -B, the milter of another build over TCP (a
# before/after comparison). Each run
# sends MSGS messages to every row in turn (bench/smtp-time.py, one
# session, one message per connection), so the rows share the machine's
# state. Latency = connect to the reply to the final dot. Printed: p50
# and p90 per run, their medians (and p99's), and the median over runs of the p50
# added to Postfix alone's p50 of the same run. Needs root (Postfix).
# Ports 13280-13292 on 127.0.0.1.
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
msgs=300 len=5120 runs=5 top_builddir=$top_srcdir old=
while getopts "m:l:r:b:B:" o; do
	case $o in
	m) msgs=$OPTARG ;; l) len=$OPTARG ;; r) runs=$OPTARG ;;
	b) top_builddir=$(cd "$OPTARG" && pwd) ;;
	B) old=$(cd "$OPTARG" && pwd) ;;
	*) sed -n '2,17p' "$0"; exit 2 ;;
	esac
done
export top_srcdir top_builddir
. "$top_srcdir/tests/mta/common.sh"
e2e_skip() { echo "milter-latency: $*"; exit 1; }

e2e_init latency 13280 13
e2e_need postfix python3
MTCP=$PORT MOLD=$((PORT + 1)) MNULL=$((PORT + 2)) SMTP=$((PORT + 3))
PF=$T/pf
e2e_on_exit "'$MTA_DIR/postfix.sh' stop '$PF'"

common=(TagThreshold 1000000000 RejectThreshold 1000000000 LogLevel warning)
milter_conf "$T/tcp.conf" Socket "inet:$MTCP@127.0.0.1" "${common[@]}"
milter_conf "$T/unix.conf" Socket "unix:$T/milter.sock" "${common[@]}" Umask 000
milter_start tcp "$T/tcp.conf" || { echo "milter (tcp) did not start"; exit 1; }
milter_start unix "$T/unix.conf" || { echo "milter (unix) did not start"; exit 1; }
"$top_builddir/bench/null-milter" "inet:$MNULL@127.0.0.1" 2>>"$T/null.log" &
e2e_on_exit "kill $!"
names=("postfix, no milter" "null-milter over TCP" "milter over TCP" "milter over a unix socket")
ports=($SMTP $((SMTP + 1)) $((SMTP + 2)) $((SMTP + 3)))
extra="$((SMTP + 1))=inet:127.0.0.1:$MNULL $((SMTP + 2))=inet:127.0.0.1:$MTCP"
extra="$extra $((SMTP + 3))=unix:$T/milter.sock"
# StoreBackend redis: its own milter and a redis-server, no persistence
MRED=$((PORT + 9)) RPORT=$((PORT + 10))
if command -v redis-server >/dev/null; then
	mkdir -p "$T/redis"
	redis-server --port $RPORT --bind 127.0.0.1 --dir "$T/redis" --save "" \
	    --appendonly no >"$T/redis.log" 2>&1 &
	e2e_on_exit "kill $!"
	tcp_wait $RPORT || { echo "redis-server did not start"; exit 1; }
	milter_conf "$T/redis.conf" Socket "inet:$MRED@127.0.0.1" "${common[@]}" \
	    StoreBackend redis RedisServer "127.0.0.1:$RPORT"
	milter_start redis "$T/redis.conf" || { echo "milter (redis) did not start"; exit 1; }
	names+=("milter over TCP, StoreBackend redis")
	ports+=($((SMTP + 5)))
	extra="$extra $((SMTP + 5))=inet:127.0.0.1:$MRED"
fi
# each commit synced in full
MFULL=$((PORT + 11)) SFULL=$((PORT + 12))
milter_conf "$T/full.conf" Socket "inet:$MFULL@127.0.0.1" "${common[@]}" StoreSyncDelay 0
milter_start full "$T/full.conf" || { echo "milter (StoreSyncDelay 0) did not start"; exit 1; }
names+=("milter over TCP, StoreSyncDelay 0")
ports+=($SFULL)
extra="$extra $SFULL=inet:127.0.0.1:$MFULL"
if [ -n "$old" ]; then
	milter_conf "$T/old.conf" Socket "inet:$MOLD@127.0.0.1" "${common[@]}"
	MILTER_BIN=$old/milter/nilsimsa-milter milter_start old "$T/old.conf" ||
	    { echo "milter (old build) did not start"; exit 1; }
	names+=("milter over TCP, old build")
	ports+=($((SMTP + 4)))
	extra="$extra $((SMTP + 4))=inet:127.0.0.1:$MOLD"
fi
EXTRA_SMTPD=$extra DELIVERY=discard "$MTA_DIR/postfix.sh" start "$PF" $SMTP none || exit 1

echo "# $msgs messages of $len bytes, one session, $runs runs; latency in ms"
declare -A p50 p90 p99
for run in $(seq "$runs"); do
	for i in "${!ports[@]}"; do
		out=$(python3 "$here/smtp-time.py" -s 1 -m "$msgs" -l "$len" \
		    "127.0.0.1:${ports[$i]}") || { echo "${names[$i]}: errors: $out"; exit 1; }
		# "msgs N errors E secs S rate R p50 A p90 B p99 C"
		p50[$i,$run]=$(awk '{ print $10 }' <<<"$out")
		p90[$i,$run]=$(awk '{ print $12 }' <<<"$out")
		p99[$i,$run]=$(awk '{ print $14 }' <<<"$out")
	done
done

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
printf '%-38s %-30s %8s %8s %8s %10s\n' "" "p50 per run" "p50" "p90" "p99" "added p50"
for i in "${!ports[@]}"; do
	runs_p50= added=()
	for run in $(seq "$runs"); do
		runs_p50="$runs_p50 ${p50[$i,$run]}"
		added+=("$(awk -v a="${p50[$i,$run]}" -v b="${p50[0,$run]}" 'BEGIN { print a - b }')")
	done
	printf '%-38s %-30s %8s %8s %8s %10s\n' "${names[$i]}" "$runs_p50" \
	    "$(tr ' ' '\n' <<<"$runs_p50" | grep . | median)" \
	    "$(for run in $(seq "$runs"); do echo "${p90[$i,$run]}"; done | median)" \
	    "$(for run in $(seq "$runs"); do echo "${p99[$i,$run]}"; done | median)" \
	    "$(printf '%s\n' "${added[@]}" | median)"
done
