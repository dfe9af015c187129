#!/bin/bash
# t-hostile.sh: hostile messages through a private Postfix with the milter
# (issue 9). tests/hostile/gen.py writes a few hundred of them (charsets
# `iconv -l` lists, text cut inside shift sequences, broken RFC 2047 and
# RFC 2231, deep nesting, 10,000 parts, huge headers and lines, NULs,
# bare CR, junk, HTML that never closes, base64 that is not base64, ...)
# and tests/hostile/*.eml adds a handful written by hand. Each must be
# answered 2xx or 5xx, never 4xx (a 4xx is the milter's fault path, or a
# timeout, or a crash behind milter_default_action = tempfail). Six large
# cases are also cut off in the middle of DATA (the client goes away).
# At the end the milter is the same process, has stayed within a memory
# bound, still answers a normal message, and nilsimsactl reads the store
# the hostile messages filled.
#
# Postfix's own limits are raised (header_size_limit, mime_nesting_limit,
# ...) so that the messages reach the milter whole; what Postfix still
# refuses itself (header-received-60: too many hops) is listed, and 95%
# of the messages must have reached the milter. HOSTILE_SEED and HOSTILE_CHARSETS (a number, or "all") change
# the generated set; E2E_KEEP=1 keeps the work directory with every case.
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

e2e_init hostile 13260 2
e2e_need postfix postconf python3 iconv swaks
MPORT=$PORT SMTP=$((PORT + 1))
PF=$T/pf
HOSTILE=$top_srcdir/tests/hostile
# The milter's peak resident memory may not pass this (KiB): the
# canonicaliser is fixed-size per message, so hostile input must not grow it.
MAX_HWM_KB=$((256 * 1024))
# The share of cases that must reach the milter (the rest: Postfix's own 5xx).
MIN_REACHED_PCT=95

# ---- the cases: generated (deterministic) and hand-written
cases=$T/cases
python3 "$HOSTILE/gen.py" --seed "${HOSTILE_SEED:-9}" --charsets "${HOSTILE_CHARSETS:-40}" \
	"$cases" > "$T/case-names" || { bad "gen.py failed"; e2e_done; }
for f in "$HOSTILE"/hand-*.eml; do
	# the files have LF line ends; SMTP wants CRLF
	sed 's/$/\r/' "$f" > "$cases/$(basename "$f")"
done
ncases=$(ls "$cases" | wc -l)
echo "# $ncases cases, $(du -sm "$cases" | cut -f1) MiB, in $cases"

# ---- the milter, and Postfix with its limits raised
conf=$T/milter.conf
# SubjectSample: the hostile Subject lines end up in the store, for
# nilsimsactl to show and export below
# WhitelistRecipients and SpamTrap: the 1000-recipient messages below
# name both, so the milter keeps the others' addresses (a bounded list)
milter_conf "$conf" Socket "inet:$MPORT@127.0.0.1" SubjectSample yes \
	WhitelistRecipients postmaster@example.test SpamTrap trap@example.test
milter_start milter "$conf" || { bad "the milter did not start"; e2e_done; }
pid=${e2e_milter_pid[milter]}
e2e_on_exit "'$MTA_DIR/postfix.sh' stop '$PF'"
# header_size_limit: keep 100 KB and 10,000-line headers whole (the default
# 100 KiB truncates them); mime_nesting_limit: 150 levels reach the milter
# (the default 100 refuses them with 5xx); mime_boundary_length_limit:
# long boundaries; message_size_limit: room for the 1 MiB-line cases;
# milter_content_timeout: a milter that hangs shows up as a 4xx within
# the test's time instead of 300 s.
MAIN_CF_EXTRA='header_size_limit = 4194304
mime_nesting_limit = 1000
mime_boundary_length_limit = 10240
message_size_limit = 52428800
milter_content_timeout = 60s' DELIVERY=discard \
	"$MTA_DIR/postfix.sh" start "$PF" $SMTP "inet:127.0.0.1:$MPORT" ||
	{ bad "postfix did not start"; e2e_done; }
check_eq "Postfix runs with the raised limits" "4194304 1000" \
	"$(postconf -c "$PF/etc" -h header_size_limit mime_nesting_limit | xargs)"

# ---- send them all: three SMTP sessions in parallel
start=$(date +%s)
python3 "$HOSTILE/smtpsend.py" --server 127.0.0.1:$SMTP --sessions 3 --timeout 100 \
	"$cases"/*.eml > "$T/results"
echo "# sent in $(($(date +%s) - start)) s; slowest:"
sort -k3,3 -rn "$T/results" | head -n 5 | cut -c1-160 | sed 's/^/#   /'
check_eq "one answer per case" "$ncases" "$(wc -l < "$T/results")"

# Every answer 2xx or 5xx; each other one is a failure of its own.
bad_answers=0
while read -r name code secs order text; do
	case $code in
	2??|5??) ;;
	*)	bad "$name: answered $code after ${secs}s: $text"
		bad_answers=$((bad_answers + 1)) ;;
	esac
done < "$T/results"
check_eq "every case answered 2xx or 5xx" 0 "$bad_answers"
check "header-own-x-nilsimsa (50 copies) delivered, the copies removed" \
	grep -q '^header-own-x-nilsimsa 2' "$T/results"
check "header-own-x-nilsimsa-12000 refused with a 550 that names the headers" \
	grep -q '^header-own-x-nilsimsa-12000 550 .*12000 X-Nilsimsa headers' "$T/results"
# the first bad answer in time: most likely the case that broke the milter
awk '$2 !~ /^[25]/ && $2 != "skp"' "$T/results" | sort -k4,4n | head -n 1 |
	sed 's/^/# first bad answer in time: /'
n2=$(awk '$2 ~ /^2/' "$T/results" | wc -l)
n5=$(awk '$2 ~ /^5/' "$T/results" | wc -l)
echo "# answers: $n2 2xx, $n5 5xx"

# Which reached the milter: a 2xx names its queue id, and the milter logs
# one line for each message it decided on, with that id.
reached=0
while read -r name qid; do
	if grep -q "$qid: code=" "$T/milter.log"; then
		reached=$((reached + 1))
	else
		bad "$name: accepted as $qid, but the milter logged no decision for it"
	fi
done < <(awk '$2 ~ /^2/ { print $1, $NF }' "$T/results")
milter_rejects=$(grep -c 'milter-reject: END-OF-MESSAGE' "$PF/maillog")
reached=$((reached + milter_rejects))
# the 5xx Postfix gave itself, and why (not a failure: listed for the record)
awk '$2 ~ /^5/' "$T/results" | grep -v 'Message rejected as bulk mail' |
	cut -c1-160 | sed 's/^/# postfix 5xx: /'
check "at least $MIN_REACHED_PCT% of the cases reached the milter ($reached of $ncases)" \
	test $((reached * 100)) -ge $((ncases * MIN_REACHED_PCT))

# ---- clients that go away in the middle of DATA: Postfix aborts the
# transaction at the milter; the milter must let go of the message
aborted=(header-3mb-folded line-1mb parts-10000-tiny nest-multipart-150
	parts-alternating-12-charsets cut-ISO-2022-JP-base64-4096)
files=()
for c in "${aborted[@]}"; do files+=("$cases/$c.eml"); done
python3 "$HOSTILE/smtpsend.py" --server 127.0.0.1:$SMTP --sessions 2 --timeout 100 \
	--abort-after 70000 "${files[@]}" > "$T/aborted" 2>&1
check_eq "${#aborted[@]} messages cut off after 70000 bytes" "${#aborted[@]}" \
	"$(grep -c ' abt ' "$T/aborted")"

# ---- hostile messages to 1000 recipients (Postfix's smtpd_recipient_limit),
# with local parts up to 400 characters, a whitelisted one and a spam trap
many=(junk-binary-body parts-10000-tiny hand-encoded-words header-1000)
files=()
for c in "${many[@]}"; do files+=("$cases/$c.eml"); done
python3 "$HOSTILE/smtpsend.py" --server 127.0.0.1:$SMTP --sessions 2 --timeout 100 \
	--rcpts 1000 "${files[@]}" > "$T/many-rcpts" 2>&1
check_eq "${#many[@]} messages to 1000 recipients answered 2xx or 5xx" "${#many[@]}" \
	"$(awk '$2 ~ /^[25]/' "$T/many-rcpts" | wc -l)"

# ---- the milter afterwards: same process, small, still working
if alive "$pid"; then
	ok "the milter is still running, same pid $pid"
else
	milter_wait milter 1
	st=$?
	bad "the milter is still running, same pid $pid: it exited with status $st$(
		[ $st -gt 128 ] && echo " (signal $((st - 128)))")"
fi
hwm=$(awk '/^VmHWM:/ { print $2 }' "/proc/$pid/status" 2>/dev/null)
echo "# milter peak RSS ${hwm:-?} KiB"
check "the milter's peak RSS (${hwm:-?} KiB) is under $MAX_HWM_KB KiB" \
	test "${hwm:-999999999}" -le $MAX_HWM_KB
check_eq "the milter logged no internal error" "" \
	"$(grep -iE 'internal error|deferring|fatal|assert' "$T/milter.log" | head -n 3)"
# The store the hostile messages filled, read by the admin CLI: the
# clusters list and an export in valid JSON, every subject sample kept
# (as "subject", or "subject_hex" when it is not UTF-8).
CTL=$top_builddir/ctl/nilsimsactl
"$CTL" -c "$conf" clusters --top 1000 > "$T/clusters" 2> "$T/ctl.err"
rc=$?
check "nilsimsactl clusters on the hostile store (exit $rc $(head -c 200 "$T/ctl.err"))" \
	test $rc -eq 0 -a -s "$T/clusters"
"$CTL" -c "$conf" export > "$T/export.jsonl" 2> "$T/ctl.err"
rc=$?
check "nilsimsactl export on the hostile store (exit $rc $(head -c 200 "$T/ctl.err"))" \
	test $rc -eq 0 -a -s "$T/export.jsonl"
check "... every exported line is a JSON object with a subject sample" python3 -c '
import json, sys
n = 0
for line in open(sys.argv[1], encoding="utf-8"):
    o = json.loads(line)
    if "id" in o:
        assert "subject" in o or "subject_hex" in o, line[:200]
        n += 1
assert n > 0
' "$T/export.jsonl"
# A message with no header at all (empty, or a blank first line): its end
# comes right after DATA at the milter, which once dropped it unanswered
# (libmilter, told to skip the end of the headers), and Postfix waited
# its milter_content_timeout, 300 s, before a 4xx. smtplib sends the
# bytes as they are, adding no header, from 127.0.8.8: Postfix adds the
# missing From, Date and Message-ID itself for a client on one of its own
# addresses (local_header_rewrite_clients), not for mail from outside.
for nh in empty blank-first-line; do
	start=$(date +%s)
	python3 - "$SMTP" "$nh" >"$T/noheader-$nh" 2>&1 <<'PY'
import smtplib, sys
data = {"empty": b"", "blank-first-line": b"\r\nNo header at all: the first line is blank.\r\n"}[sys.argv[2]]
s = smtplib.SMTP("127.0.0.1", int(sys.argv[1]), timeout=30,
    source_address=("127.0.8.8", 0))
s.ehlo("client.test")
s.mail("person@home.test")
s.rcpt("friend@example.test")
code, text = s.data(data)
print(code, text.decode(errors="replace"))
s.quit()
PY
	check "a message with no header ($nh) answered 250 in $(($(date +%s) - start)) s: $(head -c 120 "$T/noheader-$nh")" \
		grep -q '^250 ' "$T/noheader-$nh"
done
send normal --from person@home.test --to friend@example.test --header "Subject: normal" \
	--body "$(printf '%s\n' "Hi Tom," "" "The quarterly budget review moved to Thursday." "" "Priya")"
check "a normal message afterwards is accepted (250)" test $? -eq 0
qid=$(sed -n 's/.*250 2\.0\.0 Ok: queued as \([0-9A-Za-z]*\).*/\1/p' "$T/swaks-normal")
check "... and the milter decided on it (${qid:-no queue id})" \
	grep -q "${qid:-NO-QUEUE-ID}: code=[0-9a-f]\{64\}" "$T/milter.log"

e2e_done
