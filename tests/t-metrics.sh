#!/bin/bash
# t-metrics.sh: GET /metrics (Metrics) of a daemon behind a private
# Postfix. Every scrape must parse as Prometheus text (tests/promcheck.py:
# grammar, HELP/TYPE, histograms); between two scrapes the counters move
# by exactly the messages sent, accepted, tagged and rejected (the
# rejections also counted in Postfix's maillog); the store figures are
# those of nilsimsactl stats, also after nilsimsactl changes the store;
# the milter logs one key=value line per message, with the keys of
# nilsimsactl check --json's "log";
# reloads move the configuration generation and result; the endpoint
# answers nothing but GET /metrics.
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

e2e_init metrics 13360 4
e2e_need postfix postqueue swaks python3
MPORT=$PORT SMTP=$((PORT + 1)) HPORT=$((PORT + 2))
PF=$T/pf
INBOX=$PF/mail/inbox/new
CTL=$top_builddir/ctl/nilsimsactl
PROMCHECK=$top_srcdir/tests/promcheck.py
[ -x "$CTL" ] || { echo "ERROR: $CTL not built"; exit 99; }

TAG=3 REJECT=5
FIRST_TAG=$TAG FIRST_REJECT=$REJECT
COPIES=8
NHAM=3

# ---- the checker itself must refuse what is not Prometheus text
bad_text() { # bad_text WHAT TEXT: promcheck must reject it
	printf '%s' "$2" > "$T/bad.txt"
	if python3 "$PROMCHECK" "$T/bad.txt" 2>"$T/bad.err"; then
		bad "promcheck refuses $1"
	else
		ok "promcheck refuses $1 ($(head -n 1 "$T/bad.err"))"
	fi
}
H='# HELP nilsimsa_milter_x_seconds h
# TYPE nilsimsa_milter_x_seconds histogram
'
bad_text "a bucket count that falls" "$H"'nilsimsa_milter_x_seconds_bucket{le="1"} 3
nilsimsa_milter_x_seconds_bucket{le="+Inf"} 2
nilsimsa_milter_x_seconds_sum 1
nilsimsa_milter_x_seconds_count 2
'
bad_text "+Inf != _count" "$H"'nilsimsa_milter_x_seconds_bucket{le="1"} 1
nilsimsa_milter_x_seconds_bucket{le="+Inf"} 2
nilsimsa_milter_x_seconds_sum 1
nilsimsa_milter_x_seconds_count 3
'
bad_text "le out of order" "$H"'nilsimsa_milter_x_seconds_bucket{le="2"} 1
nilsimsa_milter_x_seconds_bucket{le="1"} 1
nilsimsa_milter_x_seconds_bucket{le="+Inf"} 1
nilsimsa_milter_x_seconds_sum 1
nilsimsa_milter_x_seconds_count 1
'
bad_text "a sample without TYPE" 'nilsimsa_milter_y_total 1
'
bad_text "a counter not ending in _total" '# HELP nilsimsa_milter_y h
# TYPE nilsimsa_milter_y counter
nilsimsa_milter_y 1
'
bad_text "a malformed label set" '# HELP nilsimsa_milter_y_total h
# TYPE nilsimsa_milter_y_total counter
nilsimsa_milter_y_total{a=b} 1
'
bad_text "a series twice" '# HELP nilsimsa_milter_y_total h
# TYPE nilsimsa_milter_y_total counter
nilsimsa_milter_y_total{a="b"} 1
nilsimsa_milter_y_total{a="b"} 2
'
printf '%s' "$H"'nilsimsa_milter_x_seconds_bucket{le="1"} 1
nilsimsa_milter_x_seconds_bucket{le="+Inf"} 2
nilsimsa_milter_x_seconds_sum 1.5
nilsimsa_milter_x_seconds_count 2
' > "$T/good.txt"
check "promcheck accepts a good histogram" python3 "$PROMCHECK" "$T/good.txt"

# ---- the daemon with Metrics, behind Postfix
conf=$T/milter.conf
write_conf() { # write_conf [extra lines]
	milter_conf "$conf" Socket "inet:$MPORT@127.0.0.1" Metrics "127.0.0.1:$HPORT" \
		TagThreshold $TAG RejectThreshold $REJECT RejectMinNetworks 1
	[ $# -gt 0 ] && printf '%s\n' "$@" >> "$conf"
	return 0
}
write_conf
milter_start milter "$conf" || { bad "the milter did not start"; e2e_done; }
e2e_on_exit "'$MTA_DIR/postfix.sh' stop '$PF'"
"$MTA_DIR/postfix.sh" start "$PF" $SMTP "inet:127.0.0.1:$MPORT" ||
	{ bad "postfix did not start"; e2e_done; }

# http METHOD PATH OUT: the status code; the body in OUT
http() {
	python3 - "$1" "http://127.0.0.1:$HPORT$2" "$3" <<'EOF'
import sys, urllib.request, urllib.error
req = urllib.request.Request(sys.argv[2], method=sys.argv[1])
try:
    with urllib.request.urlopen(req, timeout=10) as r:
        body, code, ctype = r.read(), r.status, r.headers.get("Content-Type", "")
except urllib.error.HTTPError as e:
    body, code, ctype = e.read(), e.code, ""
open(sys.argv[3], "wb").write(body)
open(sys.argv[3] + ".type", "w").write(ctype)
print(code)
EOF
}
# scrape NAME: GET /metrics into $T/NAME.txt, checked; $T/NAME.dump the
# samples with sorted labels
scrape() {
	local code
	code=$(http GET /metrics "$T/$1.txt")
	check_eq "scrape $1: 200" 200 "$code"
	if python3 "$PROMCHECK" --dump "$T/$1.txt" >"$T/$1.dump" 2>"$T/$1.err"; then
		ok "scrape $1: valid Prometheus text ($(grep -c . "$T/$1.dump") samples)"
	else
		bad "scrape $1: not valid: $(head -n 5 "$T/$1.err")"
	fi
}
# val NAME SERIES: a sample's value (0 when absent)
val() { awk -v k="nilsimsa_milter_$2" '$1 == k { v = $2 } END { print v + 0 }' "$T/$1.dump"; }
# sumof NAME REGEX: the sum of the samples whose series matches
sumof() { awk -v re="^nilsimsa_milter_$2" '$1 ~ re { s += $2 } END { print s + 0 }' "$T/$1.dump"; }
# delta SERIES: its change from scrape a to scrape b
delta() { echo $(( $(val b "$1") - $(val a "$1") )); }
sdelta() { echo $(( $(sumof b "$1") - $(sumof a "$1") )); }

scrape a
check "the Content-Type is the text format 0.0.4" grep -q '^text/plain; version=0.0.4' "$T/a.txt.type"
check_eq "at start: configuration generation 1" 1 "$(val a config_generation)"
check_eq "at start: last reload success 1" 1 "$(val a config_last_reload_success)"

header() { sed -n '/^$/q; s/^'"$2"': //p' "$1" | head -n 1; }
ham_text() {
	case $1 in
	1) printf '%s\n' "Hi Tom," "" "The quarterly budget review moved to Thursday at ten, room 4B." \
		"Please bring the revised travel figures and the two quotes for the new" \
		"printers; Jenny will send the agenda tomorrow morning." "" "Thanks, Priya" ;;
	2) printf '%s\n' "Dear Mr Okafor," "" "Thank you for your letter of 3 March about the hedge along" \
		"the boundary of number 12. The council's tree officer will visit on" \
		"the 21st between nine and noon to measure its height and advise both" \
		"households. No action is needed from you before then." "" "R. Lindqvist" ;;
	3) printf '%s\n' "hey," "" "found the bug: the parser reads the length field as signed," \
		"so anything over 32k wraps and we memcpy garbage. patch attached," \
		"it also adds a regression test with a 40k frame. can you review" \
		"before the release branch is cut on friday?" "" "-- sam" ;;
	esac
}
for i in $(seq $NHAM); do
	send ham$i --from "person$i@home$i.test" --to "friend$i@example.test" \
		--header "Subject: ham $i" --body "$(ham_text $i)"
	check "ham $i accepted (250)" test $? -eq 0
done
campaign_run delivered delivered
NREJ=$((COPIES - FIRST_REJECT + 1))
NTAG=$((FIRST_REJECT - FIRST_TAG))
NACC=$((NHAM + FIRST_TAG - 1))
"$MTA_DIR/postfix.sh" wait-empty "$PF" 20
maillog_rejects=$(grep -c 'milter-reject: END-OF-MESSAGE .* 5.7.1' "$PF/maillog")
check_eq "maillog: $NREJ rejections" $NREJ "$maillog_rejects"

scrape b
check_eq "messages_total moved by the $((NHAM + COPIES)) messages sent" $((NHAM + COPIES)) \
	"$(sdelta 'messages_total[{]')"
check_eq "messages_total{action=accept} moved by $NACC" $NACC \
	"$(sdelta 'messages_total[{]action="accept"')"
check_eq "messages_total{action=tag,reason=bulk} moved by $NTAG" $NTAG \
	"$(delta 'messages_total{action="tag",reason="bulk"}')"
check_eq "messages_total{action=reject,reason=bulk} moved by the maillog's $maillog_rejects" \
	"$maillog_rejects" "$(delta 'messages_total{action="reject",reason="bulk"}')"
check_eq "no other action counted" $((NHAM + COPIES)) \
	"$(( $(sdelta 'messages_total[{]action="(accept|tag|reject)"') ))"
check_eq "rejects_total{tier=reject} moved by $NREJ" $NREJ "$(delta 'rejects_total{tier="reject"}')"
check_eq "tier_total{tier=reject} moved by $NREJ" $NREJ "$(delta 'tier_total{tier="reject"}')"
check_eq "tier_total{tier=tag} moved by $NTAG" $NTAG "$(delta 'tier_total{tier="tag"}')"
check_eq "message_duration_seconds_count moved by $((NHAM + COPIES))" $((NHAM + COPIES)) \
	"$(delta message_duration_seconds_count)"
check_eq "store_duration_seconds_count moved by $((NHAM + COPIES))" $((NHAM + COPIES)) \
	"$(delta store_duration_seconds_count)"
check_eq "scan_length_count moved by $((NHAM + COPIES))" $((NHAM + COPIES)) \
	"$(delta scan_length_count)"
check_eq "no error counted" 0 "$(sumof b 'errors_total')"
check_eq "messages_unlabelled_total 0" 0 "$(val b messages_unlabelled_total)"

# ---- one log line per message, key=value, the keys of check --json's "log"
printf 'Subject: Offer %s\n\n%s\n' $COPIES "$(campaign_body $COPIES)" > "$T/last.eml"
"$CTL" -c "$conf" check --json "$T/last.eml" > "$T/check.json" 2>"$T/check.err" ||
	bad "nilsimsactl check --json: $(cat "$T/check.err")"
if python3 - "$T/milter.log" "$T/check.json" $((NHAM + COPIES)) > "$T/logcheck.out" 2>&1 <<'EOF'
import json, re, sys
VALUE = r'(?:[^ "=\\]+|"(?:[^"\\]|\\.)*")'
LINE = re.compile(r'^(\S+): ((?:[a-z-]+=%s)(?: [a-z-]+=%s)*)$' % (VALUE, VALUE))
PAIR = re.compile(r'([a-z-]+)=(%s)' % VALUE)
OPTIONAL = {"would", "removed", "would-remove"}
lines = [l.rstrip("\n").split("nilsimsa-milter: ", 1)[1]
         for l in open(sys.argv[1]) if ": code=" in l]
want = int(sys.argv[3])
assert len(lines) == want, "%d message lines, not %d" % (len(lines), want)
parsed = []
for l in lines:
    m = LINE.match(l)
    assert m, "not key=value: %r" % l
    parsed.append(PAIR.findall(m.group(2)))
check = json.load(open(sys.argv[2]))["log"]
ckeys = [k for k in check if k not in OPTIONAL]
for p in parsed:
    keys = [k for k, _ in p if k not in OPTIONAL]
    assert keys == ckeys, "keys %s != check --json's %s" % (keys, ckeys)
last = dict(parsed[-1])
for k in ("code", "bytes", "cluster", "status"):
    assert str(check[k]) == last[k], "%s: check --json %r, log %r" % (k, check[k], last[k])
assert last["action"] == "reject" and last["reason"] == "bulk", last
print("%d lines, keys %s" % (len(parsed), " ".join(ckeys)))
EOF
then
	ok "log: $(cat "$T/logcheck.out")"
else
	bad "log lines against check --json: $(cat "$T/logcheck.out")"
fi

# ---- the store figures are nilsimsactl stats'
ctl_stats_match() { # ctl_stats_match NAME: scrape NAME against stats --json
	"$CTL" -c "$conf" stats --json > "$T/stats.json" 2>"$T/stats.err" ||
		{ bad "nilsimsactl stats: $(cat "$T/stats.err")"; return; }
	local want got
	want=$(python3 -c 'import json,sys; j=json.load(open(sys.argv[1]))
print(j["clusters"], j["auto"], j["spam"], j["ham"], j["singletons"], j["bulk"], j["map_max_bytes"])' "$T/stats.json")
	got="$(val "$1" store_clusters) $(val "$1" 'store_clusters_by_status{status="auto"}')"
	got="$got $(val "$1" 'store_clusters_by_status{status="spam"}') $(val "$1" 'store_clusters_by_status{status="ham"}')"
	got="$got $(val "$1" 'store_clusters_by_size{size="singleton"}') $(val "$1" 'store_clusters_by_size{size="bulk"}')"
	got="$got $(val "$1" store_map_max_bytes)"
	check_eq "scrape $1: clusters, auto, spam, ham, singletons, bulk, max bytes as nilsimsactl stats" \
		"$want" "$got"
}
ctl_stats_match b
check_eq "store: $((NHAM + 1)) clusters (the ham, the campaign)" $((NHAM + 1)) "$(val b store_clusters)"
check "store_used_bytes > 0" test "$(val b store_used_bytes)" -gt 0
f=$(delivered ham1)
hamid=$(cluster_field "$(header "${f:-/dev/null}" X-Nilsimsa-Cluster)" id)
"$CTL" -c "$conf" pin "$hamid" >/dev/null 2>&1
check "nilsimsactl pin $hamid" test $? -eq 0
scrape c
check_eq "after the pin: one ham cluster" 1 "$(val c 'store_clusters_by_status{status="ham"}')"
# the pin reached the milter through the store's journal, not a rebuild
check_eq "after the pin: no more array rebuilds than before" \
	"$(val b 'store_array_loads_total{how="rebuild"}')" "$(val c 'store_array_loads_total{how="rebuild"}')"
check "after the pin: the array read the journal ($(val b 'store_array_loads_total{how="journal"}') -> $(val c 'store_array_loads_total{how="journal"}'))" \
	test "$(val c 'store_array_loads_total{how="journal"}')" -gt "$(val b 'store_array_loads_total{how="journal"}')"
ctl_stats_match c

# ---- reloads: generation, result, timestamp
t0=$(date +%s)
write_conf "SubjectSample yes"
line=$(milter_reload milter)
check "reload loaded ($line)" grep -q 'loaded' <<<"$line"
scrape d
check_eq "after a reload: generation 2" 2 "$(val d config_generation)"
check_eq "after a reload: last reload success 1" 1 "$(val d config_last_reload_success)"
check_eq "config_reloads_total{result=success} 1" 1 "$(val d 'config_reloads_total{result="success"}')"
check "the reload's timestamp is now" test "$(val d config_last_reload_timestamp_seconds)" -ge "$t0"
write_conf "NoSuchKey yes"
line=$(milter_reload milter)
check "a broken file is refused ($line)" grep -q 'keeping the running' <<<"$line"
scrape e
check_eq "after a refused reload: generation still 2" 2 "$(val e config_generation)"
check_eq "after a refused reload: last reload success 0" 0 "$(val e config_last_reload_success)"
check_eq "config_reloads_total{result=failure} 1" 1 "$(val e 'config_reloads_total{result="failure"}')"
check_eq "errors_total{kind=reload} 1" 1 "$(val e 'errors_total{kind="reload"}')"

# ---- RejectAction quarantine: a quarantined copy counts as withheld, as
# nilsimsactl stats counts it rejected (found by review: it was left out)
write_conf "RejectAction quarantine"
line=$(milter_reload milter)
check "reload to RejectAction quarantine ($line)" grep -q 'loaded' <<<"$line"
scrape q0
campaign_copy $((COPIES + 1))
check "copy $((COPIES + 1)) under quarantine: accepted (250)" test $? -eq 0
"$MTA_DIR/postfix.sh" wait-empty "$PF" 20
scrape q1
check_eq "messages_total{action=quarantine,reason=bulk} moved by 1" 1 \
	"$(( $(val q1 'messages_total{action="quarantine",reason="bulk"}') - $(val q0 'messages_total{action="quarantine",reason="bulk"}') ))"
check_eq "rejects_total{tier=reject} moved by 1 for the quarantined copy" 1 \
	"$(( $(val q1 'rejects_total{tier="reject"}') - $(val q0 'rejects_total{tier="reject"}') ))"

# ---- nothing but GET /metrics
check_eq "GET / answers 404" 404 "$(http GET / "$T/h1")"
check_eq "POST /metrics answers 405" 405 "$(http POST /metrics "$T/h2")"
check_eq "HEAD /metrics answers 200" 200 "$(http HEAD /metrics "$T/h3")"

# ---- eight clients that trickle their headers from one address hold 2
# connections (HTTP_PER_IP), not all 8: a scrape from another still
# answers (found by review: all 8 slots taken kept scrapes out)
code=$(python3 - "$HPORT" <<'EOF'
import socket, sys, time, urllib.request
port = int(sys.argv[1])
held = []
for i in range(8):
    s = socket.socket()
    s.settimeout(2)
    try:
        s.connect(("127.0.0.1", port))
        s.send(b"GET /metrics HTTP/1.1\r\nX-Slow: a")
        held.append(s)
    except OSError:
        pass
time.sleep(0.5)
s = socket.socket()
s.settimeout(5)
s.bind(("127.0.0.2", 0))
try:
    s.connect(("127.0.0.1", port))
    s.send(b"GET /metrics HTTP/1.0\r\nHost: x\r\n\r\n")
    print(s.recv(12).decode(errors="replace")[9:12] or "none")
except OSError as e:
    print("refused")
EOF
)
check_eq "a scrape beside 8 trickling clients of one address answers" 200 "$code"

# ---- a scrape while 1,100 milter sessions are open, the milter's
# descriptors past FD_SETSIZE (found by review: libmicrohttpd's select()
# closed every scrape then)
code=$(python3 - "$MPORT" "$HPORT" <<'EOF'
import resource, socket, sys, time, urllib.request
mport, hport = int(sys.argv[1]), int(sys.argv[2])
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))
held = []
for i in range(1100):
    s = socket.socket()
    try:
        s.connect(("127.0.0.1", mport))
    except OSError:
        break
    held.append(s)
time.sleep(1)
try:
    with urllib.request.urlopen("http://127.0.0.1:%d/metrics" % hport, timeout=10) as r:
        print("%d %d" % (len(held), r.status))
except Exception as e:
    print("%d %s" % (len(held), type(e).__name__))
EOF
)
check_eq "a scrape beside 1,100 open milter sessions answers" "1100 200" "$code"

# ---- a milter whose Metrics port is taken refuses to start
milter_conf "$T/m2.conf" Socket "inet:$((PORT + 3))@127.0.0.1" Metrics "127.0.0.1:$HPORT" \
	Store "$T/m2.store"
"$MILTER_BIN" -f -c "$T/m2.conf" >"$T/m2.log" 2>&1 &
m2=$!
for i in $(seq 100); do alive $m2 || break; sleep 0.1; done
if alive $m2; then
	kill -TERM $m2
	wait $m2
	bad "a second milter on the same Metrics port did not exit"
else
	wait $m2
	rc=$?
	check_eq "a second milter on the same Metrics port exits 1" 1 $rc
	check "... naming the address and why ($(grep -m1 "cannot listen" "$T/m2.log"))" \
		grep -q "metrics: cannot listen on 127.0.0.1:$HPORT: the port is in use" "$T/m2.log"
fi

milter_stop milter
check_eq "milter exits 0 at SIGTERM" 0 $?
e2e_done
