#!/bin/bash
# t-miltertest.sh: the daemon driven by miltertest(8), no MTA: headers,
# a campaign rejected at the count its thresholds give, the network
# threshold, exemptions (whitelists, list mail), a whitelisted recipient
# among others (partial delivery), list headers on a cluster marked spam,
# forged headers, shadow mode.
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

e2e_init miltertest 13100 2
e2e_need miltertest

# The thresholds; every expectation below is derived from them.
TAG=4 REJECT=9 NETS=2 RCPTS=2
# The default: a message joins only a cluster it is a copy of (50 and
# more); near-duplicates score 100 and more.
SIM=49
WL_CLIENT=198.51.100.20 WL_SENDER=friend@partner.test WL_RCPT=postmaster@example.test
TRAP=trap@example.test

ceil() { echo $((($1 + $2 - 1) / $2)); }
max() { local m=$1 v; for v; do [ "$v" -gt "$m" ] && m=$v; done; echo "$m"; }
# Copy k brings the cluster to k*RCPTS recipients; a verdict also needs an
# earlier copy (k >= 2); with one /24 per copy, k networks.
FIRST_TAG=$(max 2 "$(ceil $TAG $RCPTS)")
FIRST_REJECT=$(max 2 "$(ceil $REJECT $RCPTS)" $NETS)

enforce=$T/enforce.conf
milter_conf "$enforce" Socket "inet:$PORT@127.0.0.1" \
	TagThreshold $TAG RejectThreshold $REJECT RejectMinNetworks $NETS SimilarityThreshold $SIM \
	WhitelistClients 198.51.100.0/24 WhitelistSenders "$WL_SENDER, @trusted.test" \
	WhitelistRecipients "$WL_RCPT" SpamTrap "$TRAP"
shadow=$T/shadow.conf
milter_conf "$shadow" Socket "inet:$((PORT + 1))@127.0.0.1" \
	TagThreshold $TAG RejectThreshold $REJECT RejectMinNetworks 1 SimilarityThreshold $SIM Mode shadow \
	WhitelistRecipients "$WL_RCPT" RejectAction discard

check "daemon starts (enforce)" milter_start enforce "$enforce"
check "daemon starts (shadow)" milter_start shadow "$shadow"

mt() { # mt SCRIPT SOCKET-PORT [-D name=value]...: run one miltertest script
	local script=$1 port=$2
	shift 2
	miltertest -D lib="$LUA_DIR/lib.lua" -D sock="inet:$port@127.0.0.1" "$@" \
		-s "$LUA_DIR/$script" 2>&1 | tee -a "$T/miltertest.out"
	return "${PIPESTATUS[0]}"
}

echo "# headers"
check "headers.lua" mt headers.lua $PORT
check "headers.lua (shadow)" mt headers.lua $((PORT + 1)) -D shadow=1

echo "# campaign: $RCPTS recipients a copy, tag from copy $FIRST_TAG, reject from copy $FIRST_REJECT"
LAST=$((FIRST_REJECT + 2))
out=$(mt campaign.lua $PORT -D first=1 -D last=$LAST -D rcpts=$RCPTS \
	-D first_tag=$FIRST_TAG -D first_reject=$FIRST_REJECT -D word=pills)
check "campaign.lua (pills, $LAST copies)" test $? -eq 0
echo "$out"
id=$(sed -n 's/^cluster id=\([0-9]*\) .*/\1/p' <<<"$out")
nrej=$(grep -c 'action=reject.*reason=bulk' "$T/enforce.log")
check_eq "the daemon logged one reject line per rejected copy" $((LAST - FIRST_REJECT + 1)) "$nrej"

echo "# exemptions while cluster $id rejects"
check "exempt.lua" mt exempt.lua $PORT -D id="${id:-0}" -D first=$((LAST + 1)) -D word=pills \
	-D wl_client=$WL_CLIENT -D wl_sender=$WL_SENDER -D wl_rcpt=$WL_RCPT
check "exemptions are logged with their reason" \
	grep -q 'action=tag.*reason=whitelist-client' "$T/enforce.log"

echo "# $WL_RCPT among others: rejected for all while cluster $id rejects"
check "partial.lua" mt partial.lua $PORT -D id="${id:-0}" -D first=$((LAST + 20)) -D word=pills \
	-D wl_rcpt=$WL_RCPT -D mode=enforce
check_eq "no partial delivery with RejectAction reject" 0 \
	"$(grep -c 'action=reject-partial' "$T/enforce.log")"
echo "# with RejectAction discard: delivered to $WL_RCPT alone"
cp "$enforce" "$T/enforce.conf.orig"
echo "RejectAction discard" >> "$enforce"
line=$(milter_reload enforce)
check "reload with RejectAction discard ($line)" grep -q 'loaded' <<<"$line"
check "partial.lua (discard)" mt partial.lua $PORT -D id="${id:-0}" -D first=$((LAST + 30)) \
	-D word=pills -D wl_rcpt=$WL_RCPT -D mode=enforce -D action=discard
check_eq "the daemon logged one partial delivery, naming the 2 removed" 1 \
	"$(grep -c 'action=reject-partial removed=2 tier=reject reason=bulk' "$T/enforce.log")"
cp "$T/enforce.conf.orig" "$enforce"
line=$(milter_reload enforce)
check "reload back to RejectAction reject ($line)" grep -q 'loaded' <<<"$line"

echo "# list headers on clusters marked spam (by the trap $TRAP, by nilsimsactl learn spam)"
cat >"$T/learned.body" <<'EOF'
Hello friend,

I am a senior accountant with the national petroleum corporation and I
have a confidential business proposal for you. An over-invoiced contract
left thirty million dollars in a suspense account, and we need a foreign
partner to receive it. You will keep twenty percent for your assistance.
Reply with your private telephone number so that we can discuss details.

Yours sincerely,
Dr. Ahmed Bello
EOF
{ printf 'From: <agent@bank.test>\nTo: <victim@example.test>\nSubject: proposal\n\n'
  cat "$T/learned.body"; } >"$T/learned.eml"
out=$("$top_builddir/ctl/nilsimsactl" -c "$enforce" learn spam "$T/learned.eml")
check "nilsimsactl learn spam (while the milter runs)" test $? -eq 0
echo "$out"
learned_id=$(sed -n 's/^.*: cluster \([0-9]*\) .*is spam$/\1/p' <<<"$out")
check "listspam.lua" mt listspam.lua $PORT -D trap=$TRAP -D learned="$T/learned.body" \
	-D learned_id="${learned_id:-0}"
check_eq "no list-mail tag on a cluster marked spam" 0 \
	"$(grep -c 'status=spam .*reason=list-mail' "$T/enforce.log")"

echo "# RejectMinNetworks $NETS: one /24 is only tagged, a second network rejects"
# all copies from one /24: recipients pass RejectThreshold, networks do not
N1=$(max $FIRST_REJECT 4)
out=$(mt campaign.lua $PORT -D first=1 -D last=$N1 -D rcpts=$RCPTS -D net=one \
	-D first_tag=$FIRST_TAG -D first_reject=0 -D word=lottery)
check "campaign.lua (lottery from one /24: never rejected)" test $? -eq 0
echo "$out"
lid=$(sed -n 's/^cluster id=\([0-9]*\) .*/\1/p' <<<"$out")
lcount=$(sed -n 's/^cluster id=[0-9]* count=\([0-9]*\)$/\1/p' <<<"$out")
check "campaign.lua (lottery: a copy from a second network is rejected)" \
	mt campaign.lua $PORT -D first=$((N1 + 1)) -D last=$((N1 + 1)) -D rcpts=$RCPTS \
	-D first_reject=$((N1 + 1)) -D id="${lid:-0}" -D count="${lcount:-0}" -D word=lottery

echo "# shadow mode: the same campaign is tagged, never rejected; the log says what enforce would do"
SHADOW_REJECT=$(max 2 "$(ceil $REJECT $RCPTS)")
out=$(mt campaign.lua $((PORT + 1)) -D first=1 -D last=$((SHADOW_REJECT + 1)) \
	-D rcpts=$RCPTS -D first_tag=$FIRST_TAG -D first_reject=0 -D word=pills)
check "campaign.lua (shadow)" test $? -eq 0
echo "$out"
sid=$(sed -n 's/^cluster id=\([0-9]*\) .*/\1/p' <<<"$out")
check "shadow: logged action=tag would=discard (its RejectAction)" \
	grep -q 'action=tag would=discard' "$T/shadow.log"
check "partial.lua (shadow: nobody removed, all tagged)" mt partial.lua $((PORT + 1)) \
	-D id="${sid:-0}" -D first=$((SHADOW_REJECT + 20)) -D word=pills -D wl_rcpt=$WL_RCPT -D mode=shadow
check "shadow: logged action=tag would=reject-partial would-remove=2" \
	grep -q 'action=tag would=reject-partial would-remove=2 ' "$T/shadow.log"

kill -TERM "$(milter_pid enforce)" "$(milter_pid shadow)"
milter_wait enforce 15
check_eq "enforce daemon exits 0 at SIGTERM" 0 $?
milter_wait shadow 15
check_eq "shadow daemon exits 0 at SIGTERM" 0 $?

e2e_done
