#!/bin/bash
# t-postfix-ctl.sh: nilsimsactl on the store of a running milter behind a
# private Postfix. The milter builds the store from mail sent over SMTP;
# nilsimsactl reads it (clusters, show, check, export) and changes it
# (pin, unpin, learn spam|ham, forget) while the milter runs, and each
# change must show in what Postfix does with the next copy: delivered
# with headers, or refused with 550 5.7.1. A spam trap recipient marks
# its cluster spam at once and its copy is accepted and discarded.
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

e2e_init postfix-ctl 13200 2
e2e_need postfix postqueue swaks python3
MPORT=$PORT SMTP=$((PORT + 1))
PF=$T/pf
INBOX=$PF/mail/inbox/new
CTL=$top_builddir/ctl/nilsimsactl
[ -x "$CTL" ] || { echo "ERROR: $CTL not built"; exit 99; }

# The thresholds; every expectation below is derived from them. All mail
# comes from 127.0.0.1 (one network), one recipient a message, each copy
# of a campaign from another sender domain (so not a single-source
# mailing, which is only tagged).
TAG=2 REJECT=4
FIRST_TAG=$((TAG > 2 ? TAG : 2))
FIRST_REJECT=$((REJECT > 2 ? REJECT : 2))
COPIES=$((FIRST_REJECT + 1))
SIM=50		# as t-postfix.sh: unrelated short texts stay apart
TRAP=trap@example.test

conf=$T/milter.conf
milter_conf "$conf" Socket "inet:$MPORT@127.0.0.1" TagThreshold $TAG \
	RejectThreshold $REJECT RejectMinNetworks 1 SimilarityThreshold $SIM \
	SubjectSample yes SpamTrap $TRAP
milter_start milter "$conf" || { bad "the milter did not start"; e2e_done; }
mpid=$(milter_pid milter)
e2e_on_exit "'$MTA_DIR/postfix.sh' stop '$PF'"
"$MTA_DIR/postfix.sh" start "$PF" $SMTP "inet:127.0.0.1:$MPORT" ||
	{ bad "postfix did not start"; e2e_done; }

# ---------------------------------------------------------------- helpers
header() { sed -n '/^$/q; s/^'"$2"': //p' "$1" | head -n 1; }
# was_rejected ID CLUSTER: swaks saw the milter's 550 naming CLUSTER
was_rejected() {
	grep -q "^<\*\* 550 5.7.1 Message rejected as bulk mail (nilsimsa cluster $2)\$" \
		"$T/swaks-$1"
}
# expect_delivered ID RC CLUSTER COUNT ACTION: accepted, delivered, and its
# X-Nilsimsa-Cluster says id=CLUSTER (any id when empty), count, action
expect_delivered() {
	local f cl want got
	f=$(delivered "$1")
	check "$1: accepted (swaks rc $2) and delivered" test "$2" -eq 0 -a -n "$f"
	cl=$(header "${f:-/dev/null}" X-Nilsimsa-Cluster)
	want="id=${3:-$(cluster_field "$cl" id)}; count=$4; action=$5"
	got="id=$(cluster_field "$cl" id); count=$(cluster_field "$cl" count); action=$(cluster_field "$cl" action)"
	check_eq "$1: X-Nilsimsa-Cluster ($cl)" "$want" "$got"
	LAST_ID=$(cluster_field "$cl" id)
	check "$1: X-Nilsimsa is 64 hex digits" \
		grep -Eq '^X-Nilsimsa: [0-9a-f]{64}$' "${f:-/dev/null}"
}
# expect_rejected ID RC CLUSTER: refused at end of data, not delivered
expect_rejected() {
	check "$1: rejected with 550 5.7.1 naming cluster $3 (swaks rc $2)" was_rejected "$1" "$3"
	"$MTA_DIR/postfix.sh" wait-empty "$PF" 20 >/dev/null 2>&1
	check "$1: not delivered" test -z "$(find_msg "$1")"
}

# ctl ARGS...: nilsimsactl on the milter's own config and store
ctl() { "$CTL" -c "$conf" "$@" >"$T/ctl.out" 2>"$T/ctl.err"; }
# ctl_ok DESC ARGS...: it must succeed
ctl_ok() {
	local desc=$1
	shift
	ctl "$@"
	local rc=$?
	check "nilsimsactl $desc (exit $rc$( [ $rc -ne 0 ] && echo ": $(head -c 300 "$T/ctl.err")"))" \
		test $rc -eq 0
}
# pyjson DESC EXPR: EXPR (Python, j = the JSON nilsimsactl printed) is true
pyjson() {
	if python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
sys.exit(0 if eval("(" + sys.argv[2] + ")") else 1)' "$T/ctl.out" "$2" 2>"$T/py.err"; then
		ok "$1"
	else
		bad "$1: $2 on $(head -c 600 "$T/ctl.out") $(cat "$T/py.err")"
	fi
}
# msgfile FILE K WORD: campaign copy K as a whole message, for nilsimsactl
msgfile() {
	{
		printf 'From: promo%s@file%s.test\nTo: someone@example.test\n' "$2" "$2"
		printf 'Subject: Offer %s\n\n' "$2"
		campaign_body "$2" "$3"
	} > "$1"
}

# A campaign is the same text with a varying line. Three unrelated texts:
# pills and lottery (common.sh) and this one.
invest_body() {
	cat <<EOF
Good afternoon,

I am writing on behalf of a private investment group that manages funds
for a number of high net worth families. We are looking for a trusted
partner in your country to help us place a portfolio of real estate and
agricultural projects, and your profile was recommended to us.

File reference: INV/$1/$((${1} * 271 % 997))

The partner receives a commission of fifteen percent of every transaction.
No experience is needed; our lawyers handle all the paperwork. Please reply
with your direct telephone number so that our director can call you and
explain the details in confidence.

Kind regards,
Dr. Henrik Vass, Senior Partner
EOF
}

# pills copy K (campaign A), to user K
pills_sent=0
pills() {
	pills_sent=$((pills_sent + 1))
	send pills-$1 --from "promo$1@sender$1.test" --to "user$1@example.test" \
		--header "Subject: Offer $1" --body "$(campaign_body "$1" pills)"
}

# ---- 1. a campaign through Postfix, then read by nilsimsactl
echo "# 1. campaign: tag from copy $FIRST_TAG, reject from copy $FIRST_REJECT, $COPIES copies"
A=
for k in $(seq $COPIES); do
	pills $k
	rc=$?
	if [ $k -lt $FIRST_REJECT ]; then
		want=accept
		[ $k -ge $FIRST_TAG ] && want=tag
		expect_delivered pills-$k $rc "$A" $k $want
		[ -z "$A" ] && A=$LAST_ID
	else
		expect_rejected pills-$k $rc "$A"
	fi
done
echo "# campaign A is cluster $A"
ctl_ok "clusters --json" clusters --json
# One cluster: every copy joined it, the rejected ones too (the milter
# records a message before it decides); one network, a sender a copy.
pyjson "clusters --json: one cluster, $A" "[c['id'] for c in j] == [$A]"
pyjson "cluster $A: messages $COPIES, recipients $COPIES, networks 1, auto" \
	"j[0]['messages'] == $COPIES and j[0]['recipients'] == $COPIES and
	 j[0]['networks'] == 1 and j[0]['status'] == 'auto'"
pyjson "cluster $A: tagged $((FIRST_REJECT - FIRST_TAG)), rejected $((COPIES - FIRST_REJECT + 1))" \
	"j[0]['tagged'] == $((FIRST_REJECT - FIRST_TAG)) and j[0]['rejected'] == $((COPIES - FIRST_REJECT + 1))"
pyjson "cluster $A: the subject sample is the first copy's" "j[0]['subject'] == 'Offer 1'"
ctl_ok "show $A" show "$A"
check "show $A: status auto, messages $COPIES" \
	eval "grep -q '^status *auto\$' '$T/ctl.out' && grep -q '^messages *$COPIES\$' '$T/ctl.out'"
ctl_ok "show --json $A" show --json "$A"
pyjson "show --json $A: this hour's history holds the $COPIES copies" \
	"j['id'] == $A and sum(h['messages'] for h in j['history']) == $COPIES"

ctl_ok "export before check" export
cp "$T/ctl.out" "$T/export.before"
k=$((COPIES + 1))
msgfile "$T/pills-$k.eml" $k pills
ctl_ok "check copy $k" check --json "$T/pills-$k.eml"
pyjson "check: copy $k would join cluster $A and be rejected" \
	"j['cluster']['id'] == $A and j['verdict']['action'] == 'reject'"
ctl_ok "export after check" export
check "check left the store as it was (export before = after)" cmp -s "$T/export.before" "$T/ctl.out"

# ---- 2. pin: the next copy is delivered; unpin: rejected again
ctl_ok "pin $A" pin "$A"
check_eq "pin prints the new status" "cluster $A is ham" "$(cat "$T/ctl.out")"
k=$((COPIES + 1))
pills $k
expect_delivered pills-$k $? "$A" $pills_sent accept
ctl_ok "unpin $A" unpin "$A"
check_eq "unpin prints the new status" "cluster $A is auto" "$(cat "$T/ctl.out")"
k=$((k + 1))
pills $k
expect_rejected pills-$k $? "$A"

# ---- 3. learn spam on a message never sent: its first copy is rejected
msgfile "$T/lottery-1.eml" 1 lottery
ctl_ok "learn spam (a new message)" learn spam "$T/lottery-1.eml"
B=$(sed -n 's/^.*: cluster \([0-9]*\) (new) is spam$/\1/p' "$T/ctl.out")
check "learn spam made a new cluster ($(cat "$T/ctl.out"))" test -n "$B" -a "$B" != "$A"
msgfile "$T/lottery-2.eml" 2 lottery
ctl_ok "check lottery copy 2" check --json "$T/lottery-2.eml"
pyjson "check: lottery copy 2 would join the learned cluster ${B:-?}, spam, and be rejected" \
	"j['cluster']['id'] == ${B:-0} and j['cluster']['status'] == 'spam' and
	 j['verdict']['action'] == 'reject'"
send lottery-2 --from "winner2@lotto2.test" --to "luck2@example.test" \
	--header "Subject: Offer 2" --body "$(campaign_body 2 lottery)"
expect_rejected lottery-2 $? "$B"

# ---- 4. learn ham with a copy of campaign A: later copies delivered
k=$((k + 1))
msgfile "$T/pills-$k.eml" $k pills
ctl_ok "learn ham (a copy of campaign A)" learn ham "$T/pills-$k.eml"
check_eq "learn ham: the copy matched cluster $A" \
	"$T/pills-$k.eml: cluster $A (matched) is ham" "$(cat "$T/ctl.out")"
for n in 1 2; do
	k=$((k + 1))
	pills $k
	# a matching message is not recorded by learn: the count is what was sent
	expect_delivered pills-$k $? "$A" $pills_sent accept
done

# ---- 5. a spam trap: its copy is accepted and discarded, the cluster is spam
send invest-1 --from "vass1@fund1.test" --to $TRAP \
	--header "Subject: Partnership 1" --body "$(invest_body 1)"
rc=$?
check "invest-1 to the trap: accepted by Postfix (swaks rc $rc)" \
	eval "[ $rc -eq 0 ] && grep -q '^<- *250 .*queued' '$T/swaks-invest-1'"
check "invest-1 to the trap: not delivered" test -z "$(delivered invest-1)"
check "maillog: the milter discarded it" grep -q 'milter-discard: END-OF-MESSAGE' "$PF/maillog"
ctl_ok "clusters --json after the trap" clusters --json
C=$(python3 -c '
import json, sys
print(" ".join(str(c["id"]) for c in json.load(open(sys.argv[1]))
	if c["id"] not in (int(sys.argv[2]), int(sys.argv[3]))))' "$T/ctl.out" "$A" "${B:-0}")
check "the trap's copy started one new cluster ($C)" grep -Eq '^[0-9]+$' <<<"$C"
ctl_ok "show --json ${C:-?}" show --json "${C:-0}"
pyjson "the trap's cluster ${C:-?}: status spam, one message" \
	"j['status'] == 'spam' and j['messages'] == 1"
send invest-2 --from "vass2@fund2.test" --to "investor2@example.test" \
	--header "Subject: Partnership 2" --body "$(invest_body 2)"
expect_rejected invest-2 $? "$C"

# ---- 6. forget: the next copy starts a new cluster
ctl_ok "forget $A" forget "$A"
check_eq "forget prints" "cluster $A forgotten" "$(cat "$T/ctl.out")"
ctl show "$A"
check_eq "show $A after forget: no such cluster (exit 2)" 2 $?
k=$((k + 1))
pills $k
expect_delivered pills-$k $? "" 1 accept
check "pills-$k: a new cluster ($LAST_ID), not $A" test -n "$LAST_ID" -a "$LAST_ID" != "$A"
ctl_ok "show --json the new cluster" show --json "${LAST_ID:-0}"
pyjson "the new cluster: auto, one message" "j['status'] == 'auto' and j['messages'] == 1"

check_eq "maillog: one milter-reject line per rejected copy" \
	$((COPIES - FIRST_REJECT + 1 + 1 + 1 + 1)) \
	"$(grep -c 'milter-reject: END-OF-MESSAGE .* 5.7.1 Message rejected as bulk mail' "$PF/maillog")"
check "the same milter ran throughout (pid $mpid)" alive "$mpid"
# the store shared with nilsimsactl never failed the milter
check_eq "the milter logged no store error" "" \
	"$(grep -E 'store-error|store: ' "$T/milter.log" | grep -v 'expired clusters removed')"

e2e_done
