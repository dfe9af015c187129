#!/bin/bash
# t-sendmail.sh: the daemon behind a real sendmail 8.17 (Debian's
# sendmail-bin unpacked, INPUT_MAIL_FILTER with F=T): ham reaches the
# smtp-sink with both headers, a campaign is rejected from the copy the
# thresholds give, a rejected copy goes on to its whitelisted recipient
# alone (smfi_delrcpt), and with the milter down sendmail answers 4xx.
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

e2e_init sendmail 13140 3
e2e_need swaks smtp-sink unshare flock apt-get dpkg m4
MPORT=$PORT SMTP=$((PORT + 1)) SINK=$((PORT + 2))
SM=$T/sm

# sendmail-bin is not installed (it conflicts with postfix): unpack it
# into the cache, once; 3 means it cannot be had here
"$MTA_DIR/sendmail.sh" fetch
case $? in
0) ;;
3) e2e_skip "sendmail-bin cannot be downloaded or run here (see above)" ;;
*) echo "ERROR: sendmail.sh fetch"; exit 99 ;;
esac

# The thresholds; every expectation below is derived from them. All mail
# comes from 127.0.0.1, one recipient a message.
TAG=3 REJECT=5 SIM=49	# SIM: the default SimilarityThreshold
WL_RCPT=postmaster@example.test
FIRST_TAG=$((TAG > 2 ? TAG : 2))
FIRST_REJECT=$((REJECT > 2 ? REJECT : 2))
COPIES=$((FIRST_REJECT + 2))

conf=$T/milter.conf
milter_conf "$conf" Socket "inet:$MPORT@127.0.0.1" TagThreshold $TAG \
	RejectThreshold $REJECT RejectMinNetworks 1 SimilarityThreshold $SIM \
	WhitelistRecipients $WL_RCPT
milter_start milter "$conf" || { bad "the milter did not start"; e2e_done; }
e2e_on_exit "'$MTA_DIR/sendmail.sh' stop '$SM'"
"$MTA_DIR/sendmail.sh" start "$SM" $SMTP $SINK "inet:$MPORT@127.0.0.1" ||
	{ bad "sendmail did not start"; e2e_done; }

# at_sink ID: the copy of message ID that reached the smtp-sink (waits)
at_sink() {
	local i f
	for i in $(seq 100); do
		for f in "$SM"/sink/*; do
			[ -f "$f" ] || continue
			if awk -v id="$1" '/^\r?$/ { exit 1 } $0 == "X-E2E-Id: " id || $0 == "X-E2E-Id: " id "\r" { exit 0 }' "$f"; then
				# smtp-sink writes the dump as the data comes:
				# wait until it stops growing
				local a b=-1
				while a=$(stat -c %s "$f") && [ "$a" != "$b" ]; do
					b=$a
					sleep 0.2
				done
				echo "$f"
				return 0
			fi
		done
		sleep 0.1
	done
	return 1
}
header() { tr -d '\r' < "$1" | sed -n '/^$/q; s/^'"$2"': //p' | head -n 1; }

# ---- ham
send ham --from alice@home.test --to bob@example.test --header "Subject: lunch" \
	--body "$(printf '%s\n' "Bob," "" "Lunch on Thursday is moved to the Thai place on Mill Street," \
		"half past twelve; Dana is joining and will bring the photos from the" \
		"canoe trip. Tell me if you cannot make it." "" "Alice")"
check "ham accepted (250)" test $? -eq 0
f=$(at_sink ham)
check "ham reached the smtp-sink" test -n "$f"
check "... with X-Nilsimsa: 64 hex" grep -Eq "^X-Nilsimsa: [0-9a-f]{64}$(printf '\r')?\$" "${f:-/dev/null}"
cl=$(header "${f:-/dev/null}" X-Nilsimsa-Cluster)
check "... with X-Nilsimsa-Cluster, action=accept ($cl)" \
	grep -Eq '^id=[0-9]+; score=(new|-?[0-9]+); count=1; action=accept$' <<<"$cl"

# ---- campaign
campaign_run at_sink "at the sink"
check_eq "the milter logged one reject per rejected copy" $((COPIES - FIRST_REJECT + 1)) \
	"$(grep -c 'action=reject .*reason=bulk' "$T/milter.log")"

# ---- a copy to $WL_RCPT and two others: rejected for all, the sender
# told (no recipient removed unseen)
echo "# $WL_RCPT and two others while cluster $id rejects"
send whole --from promo49@sender49.test --to "other1@example.test,$WL_RCPT,other2@example.test" \
	--header "Subject: Offer 49" --body "$(campaign_body 49)"
check "$WL_RCPT among others: rejected with 550 5.7.1 naming cluster $id" \
	grep -q "^<\*\* 550 5.7.1 Message rejected as bulk mail (nilsimsa cluster $id)" "$T/swaks-whole"

# ---- with RejectAction discard (which tells no one anyway): relayed to
# $WL_RCPT alone, the others removed
echo "RejectAction discard" >> "$conf"
line=$(milter_reload milter)
check "reload with RejectAction discard ($line)" grep -q 'loaded' <<<"$line"
echo "# partial delivery: $WL_RCPT and two others while cluster $id is discarded"
send partial --from promo50@sender50.test --to "other3@example.test,$WL_RCPT,other4@example.test" \
	--header "Subject: Offer 50" --body "$(campaign_body 50)"
check "partial: accepted (250)" test $? -eq 0
f=$(at_sink partial)
check "partial: reached the smtp-sink" test -n "$f"
# smtp-sink -d records each RCPT TO of the relayed copy as X-Rcpt-Args
check_eq "partial: relayed to $WL_RCPT alone" "<$WL_RCPT>" \
	"$(header "${f:-/dev/null}" X-Rcpt-Args; tr -d '\r' <"${f:-/dev/null}" |
		sed -n '/^$/q; /^X-Rcpt-Args: /p' | sed 1d)"
check "partial: X-Nilsimsa-Cluster says action=reject-partial" \
	grep -q "action=reject-partial" <<<"$(header "${f:-/dev/null}" X-Nilsimsa-Cluster)"
# The whitelisted recipient quoted is the same mailbox: kept, not removed
# as an other (which removed its copy in Postfix: t-postfix.sh).
echo "# partial delivery: \"${WL_RCPT%@*}\"@${WL_RCPT#*@} and another"
send quoted --from promo51@sender51.test \
	--to "\"${WL_RCPT%@*}\"@${WL_RCPT#*@},other5@example.test" \
	--header "Subject: Offer 51" --body "$(campaign_body 51)"
check "quoted: accepted (250)" test $? -eq 0
f=$(at_sink quoted)
check "quoted: reached the smtp-sink" test -n "$f"
check_eq "quoted: relayed to $WL_RCPT alone, as it was spelt" \
	"<\"${WL_RCPT%@*}\"@${WL_RCPT#*@}>" \
	"$(header "${f:-/dev/null}" X-Rcpt-Args; tr -d '\r' <"${f:-/dev/null}" |
		sed -n '/^$/q; /^X-Rcpt-Args: /p' | sed 1d)"

# ---- milter down: F=T makes sendmail defer, not accept unchecked
milter_stop milter
check_eq "milter exits 0 at SIGTERM" 0 $?
send down --from a@home.test --to b@example.test --header "Subject: down" --body "milter down"
check "milter down: sendmail answers 4xx ($(grep '^<\*\*' "$T/swaks-down" | head -n 1))" \
	grep -q '^<\*\* 4[0-9][0-9] ' "$T/swaks-down"

e2e_done
