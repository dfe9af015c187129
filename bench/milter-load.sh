#!/bin/bash
# milter-load.sh: throughput of a private Postfix with and without the
# milter, on loopback only. Not part of make check.
#
#   bench/milter-load.sh [-m MSGS] [-s SESSIONS] [-l BYTES] [-r RUNS] [-b BUILDDIR]
#                        [-B OLDBUILDDIR] [-k copies|corpus|both]
#   (defaults 2000 messages, 20 sessions, 5120-byte bodies, 3 runs, both)
#
# One Postfix (delivering with discard(8), so the figures are smtpd +
# cleanup + milter + queue manager) listens on one port per row: no
# milter; bench/null-milter over TCP (a milter that only answers, and adds
# two headers: the floor of any milter's cost in Postfix), negotiating the
# replies nilsimsa-milter does, and with a reply to every command (-r);
# the milter over
# TCP (TCP_NODELAY, the default); over TCP with TCPNoDelay no; over a unix
# socket; over TCP with its store in memory (tmpfs, /dev/shm: the
# commit's syncs cost nothing there, so the row beside the plain TCP one
# is the disk's share); over TCP with StoreSyncDelay 0 (each commit synced
# in full, meta page too, before the message is answered: the store
# before StoreSyncDelay); with -B, the milter of another build over TCP
# (before/after). Each run loads every row in turn, so the rows
# share the machine's state; a ratio is a row's rate over Postfix alone's
# in the same run, and the median of those is printed.
# Two loads: "copies", identical messages of BYTES bytes sent by Postfix's
# smtp-source, which all join one cluster; "corpus", distinct real
# messages of the shared corpus (../shared/corpus or $NSM_SHARED/corpus,
# spamassassin-public) sent by bench/smtp-time.py, each once per row and
# run, so the store grows and the scan runs. e2e msgs/s = from the start
# of the load until every message is logged status=sent and the queue is
# empty. The milter's thresholds are out of reach: nothing is rejected.
# Each row also gives CPU milliseconds per message: of the bench's
# processes (load generator, Postfix, milters; not the kernel's threads'
# share of I/O, nor other work sharing the machine) and of the milter
# process alone, so that what bounds a row can be read off.
# Needs root (Postfix). Ports 13180-13195 on 127.0.0.1.
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
msgs=2000 sess=20 len=5120 runs=3 top_builddir=$top_srcdir old= kinds=both
while getopts "m:s:l:r:b:B:k:" o; do
	case $o in
	m) msgs=$OPTARG ;; s) sess=$OPTARG ;; l) len=$OPTARG ;; r) runs=$OPTARG ;;
	b) top_builddir=$(cd "$OPTARG" && pwd) ;;
	B) old=$(cd "$OPTARG" && pwd) ;;
	k) kinds=$OPTARG ;;
	*) sed -n '2,30p' "$0"; exit 2 ;;
	esac
done
[ "$kinds" = both ] && kinds="copies corpus"
export top_srcdir top_builddir
. "$top_srcdir/tests/mta/common.sh"
e2e_skip() { echo "milter-load: $*"; exit 1; }

e2e_init bench 13180 16
e2e_need postfix smtp-source python3
MPORT=$PORT NPORT=$((PORT + 1)) OPORT=$((PORT + 2)) ZPORT=$((PORT + 3))
RPORT=$((PORT + 4)) SPORT=$((PORT + 5)) FPORT=$((PORT + 6)) SMTP=$((PORT + 7))
PF=$T/pf
e2e_on_exit "'$MTA_DIR/postfix.sh' stop '$PF'"

common=(TagThreshold 1000000000 RejectThreshold 1000000000 LogLevel warning)
milter_conf "$T/tcp.conf" Socket "inet:$MPORT@127.0.0.1" "${common[@]}"
milter_conf "$T/nagle.conf" Socket "inet:$NPORT@127.0.0.1" "${common[@]}" TCPNoDelay no
# Postfix's cleanup and smtpd run as postfix: the socket must be writable
milter_conf "$T/unix.conf" Socket "unix:$T/milter.sock" "${common[@]}" Umask 000
milter_start tcp "$T/tcp.conf" || { echo "milter (tcp) did not start"; exit 1; }
milter_start nagle "$T/nagle.conf" || { echo "milter (nagle) did not start"; exit 1; }
milter_start unix "$T/unix.conf" || { echo "milter (unix) did not start"; exit 1; }
SHM=$(mktemp -d /dev/shm/nsm-bench.XXXXXX) || exit 1
e2e_on_exit "rm -rf '$SHM'"
chmod 755 "$SHM"	# the milter, run as nobody, makes its store below it
milter_conf "$T/shm.conf" Socket "inet:$SPORT@127.0.0.1" "${common[@]}" Store "$SHM/store"
milter_start shm "$T/shm.conf" || { echo "milter (tmpfs) did not start"; exit 1; }
milter_conf "$T/full.conf" Socket "inet:$FPORT@127.0.0.1" "${common[@]}" StoreSyncDelay 0
milter_start full "$T/full.conf" || { echo "milter (StoreSyncDelay 0) did not start"; exit 1; }
"$top_builddir/bench/null-milter" "inet:$ZPORT@127.0.0.1" 2>>"$T/null.log" &
nullpid=$!
e2e_on_exit "kill $nullpid"
"$top_builddir/bench/null-milter" -r "inet:$RPORT@127.0.0.1" 2>>"$T/null.log" &
rnullpid=$!
e2e_on_exit "kill $rnullpid"
names=("postfix, no milter" "null-milter over TCP" "null-milter, a reply to each"
    "milter over TCP (TCP_NODELAY)" "milter over TCP (TCPNoDelay no)"
    "milter over a unix socket" "milter over TCP, store in tmpfs"
    "milter over TCP, StoreSyncDelay 0")
specs=(none "inet:127.0.0.1:$ZPORT" "inet:127.0.0.1:$RPORT" "inet:127.0.0.1:$MPORT"
    "inet:127.0.0.1:$NPORT" "unix:$T/milter.sock" "inet:127.0.0.1:$SPORT"
    "inet:127.0.0.1:$FPORT")
pids=("" "$nullpid" "$rnullpid" "$(milter_pid tcp)" "$(milter_pid nagle)"
    "$(milter_pid unix)" "$(milter_pid shm)" "$(milter_pid full)")
if [ -n "$old" ]; then
	milter_conf "$T/old.conf" Socket "inet:$OPORT@127.0.0.1" "${common[@]}"
	MILTER_BIN=$old/milter/nilsimsa-milter milter_start old "$T/old.conf" ||
	    { echo "milter (old build) did not start"; exit 1; }
	names+=("milter over TCP, old build")
	specs+=("inet:127.0.0.1:$OPORT")
	pids+=("$(milter_pid old)")
fi
extra=
for i in "${!specs[@]}"; do
	[ "$i" -gt 0 ] && extra="$extra $((SMTP + i))=${specs[$i]}"
done
EXTRA_SMTPD=$extra DELIVERY=discard "$MTA_DIR/postfix.sh" start "$PF" $SMTP none || exit 1

# The corpus: every message of spamassassin-public, in a fixed order.
corpus=${NSM_SHARED:-$top_srcdir/../shared}/corpus/spamassassin-public
if [[ $kinds == *corpus* ]]; then
	[ -d "$corpus" ] || { echo "milter-load: no corpus at $corpus"; exit 1; }
	find "$corpus" -type f ! -name '.*' | LC_ALL=C sort > "$T/corpus.all"
fi

sent() { grep -c ' status=sent ' "$PF/maillog" 2>/dev/null || true; }
now() { date +%s%N; }

# load KIND RUN PORT: send one run's messages to PORT
load() {
	local n skip
	case $1 in
	copies)
		smtp-source -s "$sess" -m "$msgs" -l "$len" -M load.e2e.test \
		    -f load@e2e.test -t sink@example.test -S "load test" 127.0.0.1:$3
		;;
	corpus)
		# run R takes the R-th slice, so every run brings new content
		n=$(wc -l < "$T/corpus.all")
		skip=$(( (($2 - 1) * msgs) % n ))
		{ tail -n +$((skip + 1)) "$T/corpus.all"; cat "$T/corpus.all"; } |
		    head -n "$msgs" > "$T/corpus.run"
		python3 "$here/smtp-time.py" -s "$sess" -m "$msgs" -c "$T/corpus.run" \
		    127.0.0.1:$3 >/dev/null
		;;
	esac
}

# CPU time in clock ticks: of this bench's processes (this script, with
# the load generators it reaped; the Postfix master, with the smtpd and
# cleanup processes it reaped, and those alive; the milters), and of one
# process (all its threads, those ended too). Other jobs sharing the
# machine are not counted (/proc/stat would count them).
busy() {
	local m
	m=$(tr -dc 0-9 < "$PF/spool/pid/master.pid" 2>/dev/null)
	for p in $$ ${m:+$m $(pgrep -P "$m")} "${pids[@]}"; do
		[ -n "$p" ] && cat "/proc/$p/stat"
	done 2>/dev/null |
	    awk '{ sub(/^.*\) /, ""); s += $12 + $13 + $14 + $15 } END { print s }'
}
pcpu() { if [ -n "$1" ]; then awk '{ print $14 + $15 }' "/proc/$1/stat"; else echo 0; fi; }
hz=$(getconf CLK_TCK)

# measure KIND RUN ROW: e2e msgs/s of one row; the CPU it took, in ms per
# message, goes to cpu[ROW,RUN] (machine) and mcpu[ROW,RUN] (the milter)
measure() {
	local base t0 want end b0 m0
	base=$(sent)
	b0=$(busy) m0=$(pcpu "${pids[$3]}")
	t0=$(now)
	load "$1" "$2" $((SMTP + $3)) || { echo "${names[$3]}: load failed (a 4xx/5xx reply?)" >&2; return 1; }
	want=$((base + msgs)) end=$((SECONDS + 300))
	while [ "$(sent)" -lt "$want" ] && [ $SECONDS -lt $end ]; do sleep 0.02; done
	"$MTA_DIR/postfix.sh" wait-empty "$PF" 60
	awk -v n="$msgs" -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.0f", n / ((b - a) / 1e9) }'
	awk -v n="$msgs" -v hz="$hz" -v a="$b0" -v b="$(busy)" -v c="$m0" \
	    -v d="$(pcpu "${pids[$3]}")" \
	    'BEGIN { printf " %.2f %.2f\n", (b - a) * 1000 / hz / n, (d - c) * 1000 / hz / n }'
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

for kind in $kinds; do
	case $kind in
	copies) what="identical copies of $len bytes" ;;
	corpus) what="distinct messages of the corpus" ;;
	*) echo "milter-load: -k copies, corpus or both"; exit 2 ;;
	esac
	echo "# $kind: $msgs $what over $sess sessions, $runs runs; e2e msgs/s"
	declare -A rate=() cpu=() mcpu=()
	for run in $(seq "$runs"); do
		for i in "${!specs[@]}"; do
			read -r r c m < <(measure "$kind" "$run" "$i") && [ -n "$m" ] ||
			    exit 1
			rate[$i,$run]=$r cpu[$i,$run]=$c mcpu[$i,$run]=$m
		done
	done
	printf '%-34s %-24s %8s %10s %9s %9s\n' "" "msgs/s per run" "median" \
	    "vs alone" "cpu ms" "milter ms"
	for i in "${!specs[@]}"; do
		line= ratios=() cl= ml=
		for run in $(seq "$runs"); do
			line="$line ${rate[$i,$run]}"
			cl="$cl ${cpu[$i,$run]}" ml="$ml ${mcpu[$i,$run]}"
			ratios+=("$(awk -v a="${rate[$i,$run]}" -v b="${rate[0,$run]}" 'BEGIN { printf "%.2f", a / b }')")
		done
		printf '%-34s %-24s %8s %10s %9s %9s\n' "${names[$i]}" "$line" \
		    "$(tr ' ' '\n' <<<"$line" | grep . | median)" \
		    "$(printf '%s\n' "${ratios[@]}" | median)" \
		    "$(tr ' ' '\n' <<<"$cl" | grep . | median)" \
		    "$(tr ' ' '\n' <<<"$ml" | grep . | median)"
	done
	echo "(cpu ms: CPU time per message of the bench's processes during the row"
	echo " (load generator, Postfix, milters), medians. milter ms: the milter"
	echo " process's own. $(nproc) cores: a row whose cpu ms is near"
	echo " 1000 * $(nproc) / msgs/s is bound by CPU.)"
	unset rate cpu mcpu
done
