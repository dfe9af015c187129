#!/bin/bash
#
# t-crash-load.sh: kill -9 the milter under load, as a crash or an OOM
# kill would: the store it leaves opens and verifies sound, and it holds
# every message the milter logged (the log line comes after the commit
# of the message's observe, before the reply to the MTA), and at
# most one more per session in flight: group commit loses nothing that
# was answered. Then the milter starts again on that store.
#
# FLOODS miltertest sessions (tests/miltertest/flood.lua) send messages
# side by side, so that observes share commits, until the kill.
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

set -u
. "${top_srcdir:-$(dirname "$0")/..}/tests/mta/common.sh"

e2e_init crash-load 13300 2
e2e_need miltertest python3
CTL=$top_builddir/ctl/nilsimsactl
FLOODS=6 ROUNDS=3

conf=$T/crash.conf
milter_conf "$conf" Socket "inet:$PORT@127.0.0.1" TagThreshold 1000000 \
	RejectThreshold 1000000
# messages logged with their cluster: observed, committed
logged() { grep -c ' cluster=[0-9]' "$T/crash.log" 2>/dev/null || true; }
total() {
	"$CTL" -c "$conf" stats --json 2>>"$T/ctl.err" |
	    python3 -c 'import json, sys; print(json.load(sys.stdin)["messages"])'
}

tbase=0
for round in $(seq "$ROUNDS"); do
	milter_start crash "$conf" || { bad "round $round: start"; break; }
	base=$(logged)
	floods=()
	for f in $(seq "$FLOODS"); do
		miltertest -D lib="$LUA_DIR/lib.lua" -D sock="inet:$PORT@127.0.0.1" \
		    -D first=$((round * 100000 + f * 10000)) -D word=lottery \
		    -s "$LUA_DIR/flood.lua" >>"$T/flood.out" 2>&1 &
		floods+=($!)
	done
	# kill it once it has answered 50 to 250 messages this round
	want=$((base + 50 + RANDOM % 200)) end=$((SECONDS + 60))
	while [ "$(logged)" -lt "$want" ] && [ $SECONDS -lt $end ]; do sleep 0.02; done
	milter_kill9 crash
	wait "${floods[@]}" 2>/dev/null
	n=$(logged)
	check "round $round: the milter answered messages before the kill ($((n - base)))" \
		test "$n" -gt "$base"
	check "round $round: nilsimsactl verify finds the store sound after kill -9" \
		"$CTL" -c "$conf" verify
	t=$(total)
	check "round $round: the store gained every message logged ($((n - base))) and at most $FLOODS more ($((${t:-0} - tbase)))" \
		test -n "$t" -a $((${t:-0} - tbase)) -ge $((n - base)) \
		-a $((${t:-0} - tbase)) -le $((n - base + FLOODS))
	tbase=${t:-0}
done
milter_start crash "$conf" || bad "restart on the store after $ROUNDS kills"
milter_stop crash
e2e_done
