#!/bin/bash
# t-redis-fleet.sh: two MX hosts sharing one Redis (StoreBackend redis):
# two milters, each behind its own private Postfix, and one real
# redis-server on loopback, started and stopped here. A campaign whose
# copies alternate between the hosts is rejected from the configured
# count in total; a cluster learnt spam on host A is rejected at its next
# copy on host B; pin and forget reach the other host; Redis killed in
# the middle: nothing deferred or lost, verdicts go on from the local
# stores (marked partial), and the copies Redis missed are counted once it
# is back (copy 5 is rejected, as on one host); a
# milter restarted while the stream moved on resumes from its cursor.
# (Convergence of clusters started at once, expiry and the time limit:
# tests/check_redis.)
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

e2e_init redis-fleet 13340 6
e2e_need postfix postqueue swaks redis-server redis-cli
CTL=$top_builddir/ctl/nilsimsactl
[ -x "$CTL" ] || { echo "ERROR: $CTL not built"; exit 99; }
RPORT=$PORT
declare -A MPORT=([A]=$((PORT + 1)) [B]=$((PORT + 3)))
declare -A SPORT=([A]=$((PORT + 2)) [B]=$((PORT + 4)))

# Every expectation below follows from these. All mail comes from
# 127.0.0.1 (one network), one recipient a copy: a cluster's reach is
# its distinct recipients.
TAG=3 REJECT=5

# ---- redis-server: no persistence, so that a restart starts empty
redis_up() {
	mkdir -p "$T/redis"
	redis-server --port "$RPORT" --bind 127.0.0.1 --dir "$T/redis" \
		--save "" --appendonly no >>"$T/redis.log" 2>&1 &
	RPID=$!
	tcp_wait "$RPORT"
}
redis_down() { kill -KILL "$RPID" 2>/dev/null; wait "$RPID" 2>/dev/null; return 0; }
rcli() { redis-cli -p "$RPORT" "$@"; }
redis_up || { bad "redis-server did not start"; e2e_done; }
e2e_on_exit 'redis_down'

# Milter A answers GET /metrics too (the Redis families, at the end).
METRICS=127.0.0.1:$((PORT + 5))
for h in A B; do
	milter_conf "$T/$h.conf" Socket "inet:${MPORT[$h]}@127.0.0.1" \
		StoreBackend redis RedisServer "127.0.0.1:$RPORT" \
		TagThreshold $TAG RejectThreshold $REJECT RejectMinNetworks 1 \
		$([ $h = A ] && echo Metrics "$METRICS")
	milter_start $h "$T/$h.conf" || { bad "milter $h did not start"; e2e_done; }
	e2e_on_exit "'$MTA_DIR/postfix.sh' stop '$T/pf$h'"
	"$MTA_DIR/postfix.sh" start "$T/pf$h" "${SPORT[$h]}" "inet:127.0.0.1:${MPORT[$h]}" ||
		{ bad "postfix $h did not start"; e2e_done; }
done

# on HOST: send, delivered and find_msg go to that host's Postfix
on() { SMTP=${SPORT[$1]} PF=$T/pf$1 INBOX=$T/pf$1/mail/inbox/new; }
header() { sed -n '/^$/q; s/^'"$2"': //p' "$1" | head -n 1; }
ctl() { "$CTL" -c "$T/$1.conf" "${@:2}" >"$T/ctl.out" 2>"$T/ctl.err"; }

# Wait until both milters' stream tails are at the stream's newest entry.
sync_tails() {
	local last h cur i
	for i in $(seq 100); do
		last=$(rcli XREVRANGE nsm:stream + - COUNT 1 2>/dev/null | head -n 1)
		for h in A B; do
			cur=$(awk '$1 == "cursor" { print $2 }' "$T/$h.store/redis-state" 2>/dev/null)
			[ -z "$last" ] || [ "$cur" = "$last" ] || break
			[ $h = B ] && return 0
		done
		sleep 0.1
	done
	echo "# stream tails not at $last after 10 s"
	return 1
}

# A third and fourth text, unrelated to pills and lottery (common.sh).
more_body() {
	case $2 in
	garden) cat <<EOF
Hello neighbour,

Spring is here and our garden centre is clearing last season's stock of
roses, fruit trees and hardy perennials at half price. Bring this notice to
the counter and we will add a bag of compost for every ten pounds spent.

Your voucher code: G$1-$(( $1 * 613 % 997 ))

Open seven days a week from eight until six, free parking at the rear.
EOF
	;;
	bike) cat <<EOF
Hi there,

The city bike club is looking for volunteers for the charity ride on the
first Sunday of next month: marshals at the crossings, helpers at the two
refreshment stops, and a few riders to sweep the route at the back.

Your sign-up code: B$1-$(( $1 * 211 % 1013 ))

Lunch and a club jersey for everyone who helps. Reply with your size.
EOF
	;;
	travel) cat <<EOF
Dear traveller,

Our autumn cruise along the Danube still has a few cabins left, from Passau
to Budapest with guided visits of Melk Abbey, Vienna and Bratislava, all
meals on board, and transfers from the airport included in the price.

Booking reference: T$1/$(( $1 * 389 % 1009 ))

Reserve before the end of the month for a free upgrade to a balcony cabin.
EOF
	;;
	esac
}
# copy HOST WORD K: copy K of campaign WORD through HOST
copy() {
	local body
	on "$1"
	case $2 in
	pills|lottery) body=$(campaign_body "$3" "$2") ;;
	*) body=$(more_body "$3" "$2") ;;
	esac
	send "$2-$3" --from "promo$3@sender$3.test" --to "user$3@example.test" \
		--header "Subject: $2 $3" --body "$body"
}
# cluster_of HOST WORD K: the X-Nilsimsa-Cluster of a delivered copy
cluster_of() { local f; on "$1"; f=$(delivered "$2-$3"); header "${f:-/dev/null}" X-Nilsimsa-Cluster; }
rejected() { grep -q '^<\*\* 550 5.7.1 Message rejected as bulk mail' "$T/swaks-$1"; }

# ---- 1. a campaign alternating between the hosts: rejected from copy
# $REJECT in total, as one host would reject it
echo "# pills: odd copies through A, even through B; reject from copy $REJECT"
for k in $(seq 1 7); do
	h=A; [ $((k % 2)) = 0 ] && h=B
	sync_tails
	copy $h pills $k
	rc=$?
	if [ $k -lt $REJECT ]; then
		want=accept; [ $k -ge $TAG ] && want=tag
		cl=$(cluster_of $h pills $k)
		check "pills $k via $h: accepted (swaks rc $rc)" test $rc -eq 0
		check_eq "pills $k via $h: fleet count and action" "count=$k; action=$want" \
			"count=$(cluster_field "$cl" count); action=$(cluster_field "$cl" action)"
	else
		check "pills $k via $h: rejected with 550 5.7.1" rejected pills-$k
	fi
done
check "milter B logged its copies with the fleet's counts (fleet=ok)" \
	grep -q 'cluster=.* messages=4 recipients=4 .*fleet=ok' "$T/B.log"
pills_b=$(cluster_field "$(cluster_of B pills 2)" id)
pills_a=$(cluster_field "$(cluster_of A pills 1)" id)

# ---- 2. learnt spam on A: rejected at its next copy on B
sync_tails
copy A lottery 1
check "lottery 1 via A: accepted" test $? -eq 0
{ printf 'From: x@y.test\nTo: z@example.test\nSubject: lottery\n\n'; campaign_body 2 lottery; } >"$T/lottery.eml"
ctl A learn spam "$T/lottery.eml"
check "nilsimsactl learn spam on A (exit $?: $(head -c 200 "$T/ctl.err"))" test $? -eq 0
check "nilsimsactl printed no Redis warning" test ! -s "$T/ctl.err"
sync_tails
copy B lottery 3
check "lottery 3 via B after learn spam on A: rejected with 550 5.7.1" rejected lottery-3
check "milter B: reason spam" grep -q 'action=reject tier=reject reason=spam .*fleet=ok' "$T/B.log"

# ---- 3. pin on B: A accepts the next copy; forget on A: B starts over
ctl B pin "$pills_b"
check "nilsimsactl pin $pills_b on B" test $? -eq 0 -a ! -s "$T/ctl.err"
sync_tails
copy A pills 8
cl=$(cluster_of A pills 8)
check "pills 8 via A after pin on B: delivered, accepted ($cl)" grep -q 'action=accept$' <<<"$cl"
ctl A forget "$pills_a"
check "nilsimsactl forget $pills_a on A" test $? -eq 0 -a ! -s "$T/ctl.err"
sync_tails
copy B pills 9
cl=$(cluster_of B pills 9)
check "pills 9 via B after forget on A: a new cluster ($cl)" grep -q 'score=new' <<<"$cl"

# ---- 4. Redis killed: nothing deferred or lost, local verdicts, partial
redis_down
echo "# redis-server killed"
milter_stop A
milter_start A "$T/A.conf"
check "milter A restarts while Redis is down" test $? -eq 0
for k in 1 2 3 4; do
	h=A; [ $((k % 2)) = 0 ] && h=B
	copy $h garden $k
	rc=$?
	cl=$(cluster_of $h garden $k)
	check "garden $k via $h with Redis down: accepted (swaks rc $rc)" test $rc -eq 0
	check "garden $k via $h: delivered, marked partial ($cl)" grep -q '; partial$' <<<"$cl"
done
check "no 4xx from either Postfix while Redis was down" \
	test "$(cat "$T/pfA/maillog" "$T/pfB/maillog" | grep -c 'milter-reject.* 4\.')" = 0
check "milter A logged fleet=partial" grep -q 'fleet=partial' "$T/A.log"
redis_up || bad "redis-server did not restart"
echo "# redis-server restarted (empty)"
# pushed N pending 0 in a milter's state file: it counted what Redis missed
pushed() {
	awk -v n="$2" '$1 == "counters" { exit !($7 >= n && $9 == 0) } END { if (NR == 0) exit 1 }' \
		"$T/$1.store/redis-state" 2>/dev/null
}
for i in $(seq 100); do
	pushed A 2 && pushed B 2 && break
	sleep 0.1
done
check "A and B counted the 4 copies Redis missed once it was back" eval 'pushed A 2 && pushed B 2'
sync_tails
check "the two garden clusters started apart converged on one" \
	grep -q 'counts as fleet cluster .* (started first elsewhere)' "$T/A.log" "$T/B.log"
copy A garden 5
check "garden 5 via A: rejected with 550 5.7.1, from copy $REJECT as one host would" rejected garden-5
check "milter A: garden 5 decided with the fleet's counts (fleet=ok)" \
	grep -q 'messages=5 recipients=5 .*action=reject tier=reject reason=bulk .*fleet=ok' "$T/A.log"
check "milter A logged that Redis answers again" grep -q 'redis: .*answering again' "$T/A.log"
# Its metrics (it restarted while Redis was down): garden 1 and 3 were
# decided without Redis, garden 5 with it.
python3 -c 'import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1], timeout=5).read().decode())' \
	"http://$METRICS/metrics" >"$T/metrics" 2>&1
metric() { awk -v m="$1" '$1 == m { print $2 }' "$T/metrics"; }
check "metrics: redis_fallbacks_total >= 2 ($(metric nilsimsa_milter_redis_fallbacks_total))" \
	awk -v v="$(metric nilsimsa_milter_redis_fallbacks_total)" 'BEGIN { exit !(v >= 2) }'
check "metrics: redis_request_duration_seconds_count >= 1 ($(metric nilsimsa_milter_redis_request_duration_seconds_count))" \
	awk -v v="$(metric nilsimsa_milter_redis_request_duration_seconds_count)" 'BEGIN { exit !(v >= 1) }'
check "metrics: the scrape parses as Prometheus text" \
	python3 "$top_srcdir/tests/promcheck.py" "$T/metrics"

# ---- 5. a milter restarted while the stream moved on resumes from its cursor
milter_stop B
check_eq "milter B exits 0 at SIGTERM" 0 $?
copy A travel 1
check "travel 1 via A while B is stopped: accepted" test $? -eq 0
milter_start B "$T/B.conf" || bad "milter B did not restart"
sync_tails
copy B travel 2
cl=$(cluster_of B travel 2)
check "travel 2 via B after its restart joins A's cluster ($cl)" \
	test -n "$cl" -a -z "$(grep -e 'score=new' -e partial <<<"$cl")"
check_eq "travel 2: the fleet counted both copies" 2 "$(cluster_field "$cl" count)"

# ---- 6. both hosts get the campaign's first copies at the same moment:
# whether each started its own cluster (they then converge on the one
# Redis saw first) or the second already joined the first's, the copies
# after count into one fleet cluster. (check_redis makes both start
# their own, deterministically.)
sync_tails
copy A bike 1 & pa=$!
copy B bike 2 & pb=$!
wait $pa; ra=$?
wait $pb; rb=$?
check "bike 1 via A and bike 2 via B, at once: both accepted" test $ra -eq 0 -a $rb -eq 0
sync_tails
copy A bike 3
c3=$(cluster_field "$(cluster_of A bike 3)" count)
sync_tails
copy B bike 4
c4=$(cluster_field "$(cluster_of B bike 4)" count)
check "bike 3 via A and 4 via B count into one fleet cluster ($c3, then $c4)" \
	test -n "$c3" -a "$c4" = "$((c3 + 1))"

# ---- nilsimsactl stats shows the fleet's health
ctl A stats
check "nilsimsactl stats: Redis up with PING time and clusters" \
	grep -Eq '^redis +127\.0\.0\.1:[0-9]+: up, PING [0-9.]+ ms; [1-9][0-9]* clusters in the fleet' "$T/ctl.out"
check "nilsimsactl stats: the stream lag" grep -Eq '^stream +[0-9]+ entries, newest .* behind\)' "$T/ctl.out"
ctl B stats --json
check "nilsimsactl stats --json: redis up, B imported clusters" python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["redis"]
sys.exit(not (r["up"] and r["imported"] >= 3 and r["calls"] > 0 and r["lag_ms"] >= 0))' "$T/ctl.out"

# ---- nothing lost: every copy delivered or rejected, the queues empty
for h in A B; do
	"$MTA_DIR/postfix.sh" wait-empty "$T/pf$h" 20
	check "postfix $h: queue empty" test "$("$MTA_DIR/postfix.sh" queued "$T/pf$h")" = 0
done
e2e_done
