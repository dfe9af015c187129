#!/bin/bash
# site-replay.sh: replay a site stream (tools/mksite.py, tools/xsite) over
# SMTP through a private Postfix and the milter, as a site's MX receives
# it, and count what was rejected, by class and by what the message
# belongs to.
#
#   tools/site-replay.sh [-m MILTER_BIN] [-j SESSIONS] [-n FIRST] \
#       [-k 'Key value']... STREAMDIR [RESULTS]
#
# The milter runs with its embedded defaults but for the test's Store,
# PidFile and UserID, and the -k lines (RejectThreshold 3, ...). Postfix
# (tests/mta/postfix.sh, delivery to discard) lets the sender set each
# message's client address with XCLIENT; tools/site-send.py sends the
# stream in its order, SESSIONS at a time (4). The messages go as fast as
# Postfix takes them: the milter's clock is the wall clock, so the whole
# stream falls within CampaignWindow and the TTLs, as when an outside
# test replays a site's fortnight. RESULTS (default STREAMDIR/results.tsv)
# gets a line a message (tools/site-send.py); then a table:
#   class group  messages  rejected (5xx)  deferred (4xx)  failed
# and the rejected ham by group. -n sends only the stream's first
# messages. -m runs another build's milter (the one
# before a change, for figures side by side).
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
top_srcdir=$(cd "$(dirname "$0")/.." && pwd)
sessions=4
limit=0
extra=()
while getopts m:j:k:n: o; do
	case $o in
	m) MILTER_BIN=$(realpath "$OPTARG") ;;
	j) sessions=$OPTARG ;;
	n) limit=$OPTARG ;;
	k) extra+=("${OPTARG%% *}" "${OPTARG#* }") ;;
	*) sed -n '2,20p' "$0"; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { sed -n '2,20p' "$0"; exit 2; }
stream=$(realpath "$1")
results=${2:-$stream/results.tsv}
[ -f "$stream/stream.tsv" ] || { echo "site-replay: no $stream/stream.tsv" >&2; exit 2; }
. "$top_srcdir/tests/mta/common.sh"

e2e_init site-replay 14500 2
MPORT=$PORT SMTP=$((PORT + 1))
milter_conf "$T/m.conf" Socket "inet:$MPORT@127.0.0.1" LogLevel info "${extra[@]}"
milter_start m "$T/m.conf" || { echo "site-replay: the milter did not start"; cat "$T/m.log"; exit 1; }
# The site's own domains: those of the stream's recipients.
domains=$(awk -F'\t' 'NR > 1 {
	n = split($6, r, ",")
	for (i = 1; i <= n; i++) { sub(/.*@/, "", r[i]); d[tolower(r[i])] = 1 }
    } END { for (k in d) printf "%s ", k }' "$stream/stream.tsv")
# inet_protocols all: XCLIENT takes an IPv6 client address only then
# (Postfix still listens on 127.0.0.1 alone). smtpd_recipient_limit: a
# stream's newsletter may go to a few thousand users in one transaction,
# as nsm-site counts it; Postfix's 1,000 would refuse the rest and, after
# 20 refusals, hang up.
DELIVERY=discard MAIN_CF_EXTRA="smtpd_authorized_xclient_hosts = 127.0.0.0/8
inet_protocols = all
smtpd_recipient_limit = 10000
relay_domains = ${domains:-site.example}
relay_transport = discard:site
smtpd_relay_restrictions = permit_auth_destination, reject
smtpd_client_connection_rate_limit = 0
smtpd_client_message_rate_limit = 0
smtpd_client_recipient_rate_limit = 0
milter_content_timeout = 300s" \
    "$MTA_DIR/postfix.sh" start "$T/pf" "$SMTP" "inet:127.0.0.1:$MPORT" \
    2>"$T/postfix-start.log" || { cat "$T/postfix-start.log"; exit 1; }
e2e_on_exit "'$MTA_DIR/postfix.sh' stop '$T/pf'"

start=$SECONDS
python3 "$top_srcdir/tools/site-send.py" -j "$sessions" -l "$limit" "127.0.0.1:$SMTP" "$stream" > "$results" || exit 1
echo "# $(wc -l < "$results") messages in $((SECONDS - start)) s; milter $MILTER_BIN"
[ ${#extra[@]} -eq 0 ] || echo "# settings: ${extra[*]}"
summary() {
	awk -F'\t' '
	function row(k) {
		printf "%-5s %-12s %7d %7d %6.2f%% %6d %6d\n", substr(k, 1, index(k, " ") - 1),
		    substr(k, index(k, " ") + 1), n[k], rej[k], 100 * rej[k] / n[k], def[k], fail[k]
	}
	{
		split($3, g, ":")
		k = $2 " " g[1]
		n[k]++; n[$2 " all"]++
		if ($4 >= 500) { rej[k]++; rej[$2 " all"]++; if ($2 == "ham") bad[$3]++ }
		else if ($4 >= 400) { def[k]++; def[$2 " all"]++ }
		else if ($4 != 250) { fail[k]++; fail[$2 " all"]++ }
	}
	END {
		for (k in n) row(k)
		for (b in bad) printf "~ham rejected: %-24s %d\n", b, bad[b]
	}' "$results" | sort
}
printf "%-5s %-12s %7s %7s %7s %6s %6s\n" class group msgs 5xx "" 4xx failed
summary | sed 's/^~/  /'
# A message not sent was not judged: say so, loudly.
notsent=$(awk -F'\t' '$4 == 0' "$results" | wc -l)
if [ "$notsent" -gt 0 ]; then
	echo "site-replay: $notsent messages not sent (code 0 in $results):"
	awk -F'\t' '$4 == 0 { split($5, w, " "); print "  " w[1] " " w[2] }' "$results" | sort | uniq -c | sort -rn | head -5
fi
