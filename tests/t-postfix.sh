#!/bin/bash
# t-postfix.sh: the daemon behind a private Postfix (smtpd_milters and
# non_smtpd_milters, milter_default_action = tempfail): ham delivered with
# both headers, a campaign tagged then rejected at the counts the
# thresholds give, a rejected copy delivered to its whitelisted recipient
# alone (smfi_delrcpt), SIGUSR1 reload (a good and a broken config), and
# "nothing lost" while the milter is down.
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

e2e_init postfix 13120 2
e2e_need postfix postqueue swaks
MPORT=$PORT SMTP=$((PORT + 1))
PF=$T/pf
INBOX=$PF/mail/inbox/new

# The thresholds; every expectation below is derived from them. All mail
# comes from 127.0.0.1 (one network), one recipient a message.
TAG=3 REJECT=6
FIRST_TAG=$((TAG > 2 ? TAG : 2))
FIRST_REJECT=$((REJECT > 2 ? REJECT : 2))
COPIES=10
# The default: a message joins only a cluster it is a copy of (50 and
# more); near-duplicates score 100 and more.
SIM=49
WL_RCPT=postmaster@example.test

conf=$T/milter.conf
write_conf() { # write_conf REJECT-THRESHOLD [extra lines]
	milter_conf "$conf" Socket "inet:$MPORT@127.0.0.1" TagThreshold $TAG \
		RejectThreshold "$1" RejectMinNetworks 1 SimilarityThreshold $SIM \
		WhitelistRecipients $WL_RCPT
	[ $# -gt 1 ] && printf '%s\n' "${@:2}" >> "$conf"
	return 0
}
write_conf $REJECT
milter_start milter "$conf" || { bad "the milter did not start"; e2e_done; }
e2e_on_exit "'$MTA_DIR/postfix.sh' stop '$PF'"
"$MTA_DIR/postfix.sh" start "$PF" $SMTP "inet:127.0.0.1:$MPORT" ||
	{ bad "postfix did not start"; e2e_done; }

header() { # header FILE NAME: the value of a header of a delivered copy
	sed -n '/^$/q; s/^'"$2"': //p' "$1" | head -n 1
}

# ---- ham: clearly different texts, delivered, accepted, both headers
hams=()
ham_text() {
	case $1 in
	1) printf '%s\n' "Hi Tom," "" "The quarterly budget review moved to Thursday at ten, room 4B." \
		"Please bring the revised travel figures and the two quotes for the new" \
		"printers; Jenny will send the agenda tomorrow morning." "" "Thanks, Priya" ;;
	2) printf '%s\n' "Dear Mr Okafor," "" "Thank you for your letter of 3 March about the hedge along" \
		"the boundary of number 12. The council's tree officer will visit on" \
		"the 21st between nine and noon to measure its height and advise both" \
		"households. No action is needed from you before then." "" \
		"Yours sincerely," "R. Lindqvist, Planning Department" ;;
	3) printf '%s\n' "hey," "" "found the bug: the parser reads the length field as signed," \
		"so anything over 32k wraps and we memcpy garbage. patch attached," \
		"it also adds a regression test with a 40k frame. can you review" \
		"before the release branch is cut on friday? kernel 6.1 and 6.6 both ok." "" "-- sam" ;;
	esac
}
for i in 1 2 3; do
	send ham$i --from "person$i@home$i.test" --to "friend$i@example.test" \
		--header "Subject: ham $i" --body "$(ham_text $i)"
	check "ham $i accepted (250)" test $? -eq 0
	hams+=(ham$i)
done
corpus=${NSM_SHARED:-}/corpus/spamassassin-public/easy_ham
if [ -d "$corpus" ]; then
	for f in $(ls "$corpus" | head -n 3); do
		# drop the mbox "From " line; the rest is the message as received
		sed '1{/^From /d}' "$corpus/$f" > "$T/$f.eml"
		send "easy-$f" --from ham@corpus.test --to reader@example.test --data "$T/$f.eml"
		check "easy_ham/$f accepted (250)" test $? -eq 0
		hams+=("easy-$f")
	done
else
	echo "# $corpus absent: generated ham only"
fi
for id in "${hams[@]}"; do
	f=$(delivered "$id")
	if [ -z "$f" ]; then bad "$id: delivered"; continue; fi
	code=$(header "$f" X-Nilsimsa)
	cl=$(header "$f" X-Nilsimsa-Cluster)
	check "$id: delivered with X-Nilsimsa: 64 hex ($code)" grep -Eq '^[0-9a-f]{64}$' <<<"$code"
	check "$id: X-Nilsimsa-Cluster says action=accept ($cl)" \
		grep -Eq '^id=[0-9]+; score=(new|-?[0-9]+); count=[0-9]+; action=accept$' <<<"$cl"
done

# ---- bounces: Postfix's delivery report, with the null sender, to
# COPIES users, each returning another letter. The form is not their text
# (lib/forms.c): they are not copies of one another, and none is
# rejected, though RejectThreshold people get one.
letters=("The boiler in the east wing is replaced on Saturday; take the plants home."
	"Chapter two reads much better now, but the tables on page twelve need sources."
	"Our chess team won the regional tournament; photos are on the shared drive."
	"Could you send the invoice for the conference room again, with the VAT number?"
	"The library stays open until midnight during the exams, from Monday on."
	"My flight was cancelled, so I will present our results by video tomorrow."
	"Bring old bicycles for the refugee centre to the car park on Wednesday."
	"The minutes of the board meeting are attached; corrections by Friday please."
	"The choir rehearses in the chapel this week, as the hall is being painted."
	"Your parcel from the bookshop was left with the porter at the main gate.")
far=(kth.se unimelb.edu.au acme-corp.test btinternet.test uni-bonn.de
	shop.example.co.uk ox.ac.uk infosys.test mit.edu northwind.test)
for i in $(seq 1 $COPIES); do
	d=${far[$((i - 1))]}
	cat > "$T/bounce$i.eml" <<EOF
From: MAILER-DAEMON@mx$i.$d (Mail Delivery System)
To: user$i@example.test
Subject: Undelivered Mail Returned to Sender
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="B$i"

--B$i
Content-Type: text/plain

This is the mail system at host mx$i.$d.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients. It's attached below.

For further assistance, please send mail to postmaster.

If you do so, please include this problem report. You can
delete your own text from the attached returned message.

                   The mail system

<nobody$i@$d>: host mx.$d[192.0.2.$i] said: 550 5.1.1
    <nobody$i@$d>: Recipient address rejected: User unknown in local
    recipient table (in reply to RCPT TO command)

--B$i
Content-Type: message/delivery-status

Reporting-MTA: dns; mx$i.$d
Final-Recipient: rfc822; nobody$i@$d
Action: failed
Status: 5.1.1

--B$i
Content-Type: message/rfc822

From: user$i@example.test
To: nobody$i@$d
Subject: note $i

${letters[$((i - 1))]}
--B$i--
EOF
	send bounce$i --from '<>' --to "user$i@example.test" --data "$T/bounce$i.eml"
	check "bounce $i accepted (250)" test $? -eq 0
done
"$MTA_DIR/postfix.sh" wait-empty "$PF" 20
for i in $(seq 1 $COPIES); do
	f=$(delivered bounce$i)
	check "bounce $i: delivered, X-Nilsimsa-Cluster says action=accept" \
		grep -q '^X-Nilsimsa-Cluster: .*action=accept$' "${f:-/dev/null}"
done

# ---- a campaign: near-duplicates from different envelope senders
campaign_run delivered delivered
check_eq "maillog: one milter-reject line per rejected copy" $((COPIES - FIRST_REJECT + 1)) \
	"$(grep -c 'milter-reject: END-OF-MESSAGE .* 5.7.1 Message rejected as bulk mail' "$PF/maillog")"
"$MTA_DIR/postfix.sh" wait-empty "$PF" 20
leaked=
for k in $(seq $FIRST_REJECT $COPIES); do
	find_msg campaign-$k >/dev/null && leaked="$leaked $k"
done
check_eq "no rejected copy was delivered" "" "$leaked"

# ---- a copy to $WL_RCPT and two others: rejected for all, the sender
# told (no recipient removed unseen)
echo "# $WL_RCPT and two others while cluster $id rejects"
send whole --from promo49@sender49.test --to "other1@example.test,$WL_RCPT,other2@example.test" \
	--header "Subject: Offer 49" --body "$(campaign_body 49)"
check "$WL_RCPT among others: rejected with 550 5.7.1 naming cluster $id" \
	grep -q "^<\*\* 550 5.7.1 Message rejected as bulk mail (nilsimsa cluster $id)" "$T/swaks-whole"
"$MTA_DIR/postfix.sh" wait-empty "$PF" 20
check "$WL_RCPT among others: no copy delivered" test -z "$(find_msg whole)"

# ---- with RejectAction discard (which tells no one anyway): delivered to
# $WL_RCPT alone, the others removed
write_conf $REJECT "RejectAction discard"
line=$(milter_reload milter)
check "reload with RejectAction discard ($line)" grep -q 'loaded' <<<"$line"
echo "# partial delivery: $WL_RCPT and two others while cluster $id is discarded"
send partial --from promo50@sender50.test --to "other3@example.test,$WL_RCPT,other4@example.test" \
	--header "Subject: Offer 50" --body "$(campaign_body 50)"
check "partial: accepted (250)" test $? -eq 0
"$MTA_DIR/postfix.sh" wait-empty "$PF" 20
copies=() to=
for f in "$INBOX"/*; do
	[ -f "$f" ] || continue
	awk '/^$/ { exit 1 } $0 == "X-E2E-Id: partial" { exit 0 }' "$f" || continue
	copies+=("$f")
	to="$to $(header "$f" Delivered-To)"
done
check_eq "partial: one copy delivered, to $WL_RCPT" " $WL_RCPT" "$to"
check "partial: its X-Nilsimsa-Cluster says action=reject-partial" \
	grep -q "^X-Nilsimsa-Cluster: id=$id; .*action=reject-partial$" "${copies[0]:-/dev/null}"
check "partial: the milter logged removed=2" \
	grep -q 'action=reject-partial removed=2 tier=reject' "$T/milter.log"
# The whitelisted recipient quoted ("postmaster"@) is the same mailbox:
# kept, not removed as an other. Removing it removed every copy of it in
# Postfix (which unquotes), and the message went to nobody (helper-62).
# An other with a source route is removed as Postfix keeps it, without
# the route; spelt with it, Postfix removed nothing and delivered it.
echo "# partial delivery: \"${WL_RCPT%@*}\"@${WL_RCPT#*@} and two others"
send quoted --from promo51@sender51.test \
	--to "\"${WL_RCPT%@*}\"@${WL_RCPT#*@},other5@example.test,@relay.test:other6@example.test" \
	--header "Subject: Offer 51" --body "$(campaign_body 51)"
check "quoted: accepted (250)" test $? -eq 0
"$MTA_DIR/postfix.sh" wait-empty "$PF" 20
to=
for f in "$INBOX"/*; do
	[ -f "$f" ] || continue
	awk '/^$/ { exit 1 } $0 == "X-E2E-Id: quoted" { exit 0 }' "$f" || continue
	to="$to $(header "$f" Delivered-To)"
done
check_eq "quoted: one copy delivered, to $WL_RCPT" " $WL_RCPT" "$to"
check_eq "quoted: the milter logged removed=2 (after the partial step's)" 2 \
	"$(grep -c 'action=reject-partial removed=2 tier=reject' "$T/milter.log")"

# ---- SIGUSR1: a new RejectThreshold takes effect; a broken file is refused
n=$((COPIES + 1))
write_conf 1000
line=$(milter_reload milter)
check "reload with RejectThreshold 1000 logged as loaded ($line)" grep -q 'loaded' <<<"$line"
campaign_copy $n
f=$(delivered campaign-$n)
check "after the reload copy $n is accepted and tagged, not rejected" \
	grep -q '^X-Nilsimsa-Cluster: .*action=tag$' "${f:-/dev/null}"

n=$((n + 1))
write_conf 1 "NoSuchKey yes"
line=$(milter_reload milter)
check "reload of a broken file is refused with file:line ($line)" \
	grep -Eq "reload: .*milter\.conf:[0-9]+: .*keeping the running configuration" <<<"$line"
campaign_copy $n
f=$(delivered campaign-$n)
check "the old configuration is kept: copy $n still tagged with headers" \
	grep -q '^X-Nilsimsa-Cluster: .*action=tag$' "${f:-/dev/null}"

n=$((n + 1))
write_conf $REJECT
milter_reload milter >/dev/null
campaign_copy $n
check "back to RejectThreshold $REJECT: copy $n rejected" \
	grep -q "^<\*\* 550 5.7.1 Message rejected as bulk mail (nilsimsa cluster $id)" "$T/swaks-campaign-$n"

# ---- nothing lost while the milter is down
milter_stop milter
check_eq "milter exits 0 at SIGTERM" 0 $?
send down --from a@e2e.test --to b@example.test --header "Subject: down" --body "milter is down"
check "milter down: an SMTP client gets 451 4.7.1" grep -q '^<\*\* 451 4.7.1' "$T/swaks-down"
printf 'Subject: local while down\nX-E2E-Id: local\n\n%s\n' "$(ham_text 2)" |
	sendmail -C "$PF/etc" -f local@e2e.test local@example.test
check "sendmail -C accepted the local submission" test $? -eq 0
sleep 2
check "milter down: the local message stays queued" test "$("$MTA_DIR/postfix.sh" queued "$PF")" -ge 1
check "milter down: the local message is not delivered" test -z "$(find_msg local)"
check "maillog: the milter was unreachable (tempfail)" grep -q 'milter-reject: CONNECT.* 4.7.1' "$PF/maillog"
milter_start milter "$conf" || bad "the milter did not restart"
postqueue -c "$PF/etc" -f
for i in $(seq 200); do
	f=$(find_msg local) && break
	sleep 0.1
done
check "after restart and postqueue -f the local message is delivered" test -n "$f"
check "... with X-Nilsimsa" grep -Eq '^X-Nilsimsa: [0-9a-f]{64}$' "${f:-/dev/null}"
check "... and X-Nilsimsa-Cluster" grep -q '^X-Nilsimsa-Cluster: id=' "${f:-/dev/null}"

e2e_done
