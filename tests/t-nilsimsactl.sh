#!/bin/sh
#
# t-nilsimsactl.sh: nilsimsactl against a real store: every command, its
# output (JSON parsed with python3), an exit status for each kind of
# error, export/import round trip, check leaving the store unchanged,
# and reads running while another process writes.
#
# The store is built here from synthetic messages (a three-variant
# campaign, a ham message, unrelated mail) through `nilsimsactl learn`
# and `import`. The digest oracle uses the shared corpus (index.tsv,
# computed by an independent script); it is skipped when the corpus is
# absent, and that is a failure when CI=true.
#
# End-to-end: the part where the milter under a real Postfix builds the
# store, and learn/pin are verified through the milter, goes in the
# marked section at the end; it can use the helpers below (ctl, status,
# pyjson, ok, fail) and the messages in $W.

set -u

top_builddir=${top_builddir:-.}
top_srcdir=${top_srcdir:-.}
NSM_SHARED=${NSM_SHARED:-$top_srcdir/../shared}
CTL=$top_builddir/ctl/nilsimsactl
HOLD=$top_builddir/tests/ctl_holdlock
export TZ=UTC

for tool in python3; do
	if ! command -v $tool >/dev/null 2>&1; then
		echo "SKIP: $tool not installed"
		[ "${CI:-}" = true ] && exit 1
		exit 77
	fi
done

W=$(mktemp -d "${TMPDIR:-/tmp}/t-nilsimsactl.XXXXXX") || exit 1
BG=
cleanup() {
	[ -n "$BG" ] && kill $BG 2>/dev/null
	rm -rf "$W"
}
trap cleanup EXIT INT TERM

. "$top_srcdir/tests/ctlcheck.sh"

# ctl ARGS...: run nilsimsactl with the test config; output in $W/out, $W/err
ctl() {
	"$CTL" -c "$W/conf" "$@" >"$W/out" 2>"$W/err"
}
# same A B DESC: two files are identical
same() {
	if cmp -s "$1" "$2"; then ok; else fail "$3"; diff "$1" "$2" | head -5; fi
}

# In the reference score mode unrelated short texts score up to about 55
# (shared/vectors/README.md; measured on easy_ham): join only near copies.
cat >"$W/conf" <<EOF
Store $W/store
SubjectSample yes
SimilarityThreshold 70
EOF
# The reference form, as nilsimsa(1) and the corpus index compute it.
cat >"$W/raw.conf" <<EOF
Store $W/store-raw
SimilarityThreshold 70
Canonicalization raw
ScoreMode reference
EOF
# Raw canonical form, with the default (calibrated) codes of $W/conf.
cat >"$W/rawcal.conf" <<EOF
Store $W/store-rawcal
SimilarityThreshold 70
Canonicalization raw
EOF

# --------------------------------------------------------------- messages
campaign_body() {
	cat <<EOF
Dear valued customer,

We are pleased to inform you that your account $1 has been selected for
our exclusive loyalty programme. To claim your reward of 500 dollars,
please confirm your details within 48 hours by visiting our secure portal
and entering the reference code shown below. Failure to respond in time
will result in the reward being transferred to another member.

Reference code: $2

This offer is valid for residents of participating regions only. Terms and
conditions apply. If you no longer wish to receive these notices, reply
with the word REMOVE in the subject line.

Sincerely,
The Rewards Team
EOF
}
mkmsg() {	# mkmsg FILE SUBJECT (body on stdin)
	{
		printf 'From: sender@example.net\nTo: user@example.org\n'
		printf 'Subject: %s\nMessage-ID: <%s@example.net>\n\n' "$2" "$(basename "$1")"
		cat
	} >"$1"
}
campaign_body 4411-2290 RX-88213 | mkmsg "$W/spam1" "Your reward is waiting (ref RX-88213)"
campaign_body 9034-1177 RX-10552 | mkmsg "$W/spam2" "Your reward is waiting (ref RX-10552)"
campaign_body 5120-8863 RX-39907 | mkmsg "$W/spam3" "Your reward is waiting"
mkmsg "$W/ham1" "Minutes of the working group meeting" <<EOF
Hi all,

attached are the minutes of Tuesday's working group meeting. We agreed to
move the release of version 2.4 to the second week of March, after the
translation updates have landed. Anna will send round the draft changelog,
and Tom is looking into the intermittent build failure on the ARM runners.

Next meeting: Tuesday at 15:00 as usual, same video link.

Cheers,
Maria
EOF
mkmsg "$W/other" "Garden club: spring planting schedule" <<EOF
Hello gardeners! The spring planting schedule is finally here. Tomatoes and
peppers go into the greenhouse beds in the first week of April, squash and
beans follow once the soil has warmed. Please bring your own gloves and a
trowel; the club will provide compost, seedlings and plenty of coffee.
Volunteers for the watering rota can sign up on the noticeboard.
EOF
printf 'Subject: tiny\n\nhi\n' >"$W/short"
# above MinBodyBytes (64), below MinOwnText (128)
printf 'Subject: ok\n\nThanks, that works for me. See you on Monday at ten in the usual room.\n' >"$W/little"

# ------------------------------------------------------- usage and config
status 1 "no command"
status 1 "unknown command" frobnicate
status 1 "unknown option" -Z clusters
status 1 "bad --top" clusters --top x
status 1 "bad --sort" clusters --sort size
status 1 "bad --status" clusters --status bulk
status 1 "bad --since" clusters --since yesterday
status 1 "bad id" show 12abc
status 1 "id 0" pin 0
status 1 "learn needs spam or ham" learn maybe "$W/spam1"
status 1 "compare needs two" compare 00
status 0 "help" help
grep -q '^  learn spam|ham FILE' "$W/out" && ok || fail "help lists learn"
"$CTL" -c "$W/nonexistent.conf" clusters >/dev/null 2>&1
[ $? -eq 7 ] && ok || fail "missing config: want exit 7"
printf 'Store %s\nNoSuchKey 1\n' "$W/store" >"$W/bad.conf"
"$CTL" -c "$W/bad.conf" clusters >/dev/null 2>"$W/err"
[ $? -eq 7 ] && grep -q 'bad.conf:2' "$W/err" && ok ||
    fail "bad config: want exit 7 and file:line, got $(cat "$W/err")"

# ----------------------------------------------------------- missing store
status 3 "clusters on a missing store" clusters
status 3 "pin on a missing store" pin 1
status 3 "expire on a missing store" expire
[ ! -e "$W/store" ] && ok || fail "a pin on a missing store created it"
status 3 "-s a missing store" -s "$W/nowhere" stats

# -------------------------------------------------------------- learn
status 0 "learn spam" learn spam "$W/spam1"
grep -q 'cluster 1 (new) is spam' "$W/out" && ok || fail "learn spam: $(cat "$W/out")"
status 0 "learn ham" learn ham "$W/ham1"
grep -q 'cluster 2 (new) is ham' "$W/out" && ok || fail "learn ham: $(cat "$W/out")"
# A message of an existing cluster: that cluster, and no new one.
status 0 "learn a variant" learn spam "$W/spam2"
grep -q 'cluster 1 (matched) is spam' "$W/out" && ok || fail "learn variant: $(cat "$W/out")"
status 0 "learn from stdin" learn ham - <"$W/other"
grep -q '^-: cluster 3 (new) is ham' "$W/out" && ok || fail "learn stdin: $(cat "$W/out")"
status 6 "learn an unreadable file" learn spam "$W/nonexistent"
status 8 "learn a message too short" learn spam "$W/short"
status 8 "learn a message with too little text" learn spam "$W/little"
grep -q 'canonical bytes, below MinOwnText 128' "$W/err" && ok ||
    fail "learn little text: $(cat "$W/err")"
status 0 "check a message with too little text" check --json "$W/little"
pyjson "check: little-text, not digested" 'j["digested"] is False and j["verdict"]["reason"] == "little-text" and j["log"]["own"] < 128'

# ------------------------------------------------------------ listings
status 0 "clusters --json" clusters --json
pyjson "three clusters" 'len(j) == 3 and sorted(c["id"] for c in j) == [1, 2, 3]'
pyjson "statuses" '{c["id"]: c["status"] for c in j} == {1: "spam", 2: "ham", 3: "ham"}'
pyjson "subject sample" 'j[[c["id"] for c in j].index(1)]["subject"].startswith("Your reward")'
pyjson "all fields" 'all(set(c) >= {"id", "code", "status", "first_seen", "last_seen",
    "messages", "recipients", "networks", "nets", "tagged", "rejected",
    "hist_start", "hist"} and len(c["code"]) == 64 and len(c["hist"]) == 24 for c in j)'
status 0 "clusters --status spam" clusters --status spam --json
pyjson "only spam" '[c["id"] for c in j] == [1]'
status 0 "clusters --top 1" --json clusters --top 1
pyjson "top 1" 'len(j) == 1'
status 0 "clusters --since 1h" clusters --since 1h --json
pyjson "seen within the hour" 'len(j) == 3'
status 0 "clusters --since a future date" clusters --since 2099-01-01 --json
pyjson "none since 2099" 'j == []'
status 0 "clusters --sort first" clusters --sort first --json
pyjson "sorted" '[c["first_seen"] for c in j] == sorted([c["first_seen"] for c in j], reverse=True)'
status 0 "clusters table" clusters
head -1 "$W/out" | grep -q '^ *ID STAT' && ok || fail "table header: $(head -1 "$W/out")"
[ "$(wc -l <"$W/out")" -eq 4 ] && ok || fail "table rows: $(cat "$W/out")"
python3 -c '
import sys
sys.exit(0 if all(len(l.rstrip("\n")) <= 80 for l in open(sys.argv[1], encoding="utf-8")) else 1)' \
    "$W/out" && ok || fail "table wider than 80 columns"

status 0 "show" show 1
grep -q '^status *spam' "$W/out" && grep -q '^messages *1$' "$W/out" &&
    grep -q '^history' "$W/out" && ok || fail "show text: $(cat "$W/out")"
# CampaignWindow as the configuration writes it; no "mailing yes" for one
grep -q 'reached in the last 7d (CampaignWindow)' "$W/out" &&
    grep -q '^mailing *- (one message' "$W/out" && ok ||
	fail "show text, window and mailing: $(grep -E '^(different|mailing)' "$W/out")"
status 0 "show --json" show --json 1
pyjson "show json" 'j["id"] == 1 and j["status"] == "spam" and len(j["history"]) == 24 and
    sum(h["messages"] for h in j["history"]) == 1'
status 0 "show ID --json (the option after the id)" show 1 --json
pyjson "show ID --json" 'j["id"] == 1 and j["status"] == "spam"'
status 2 "show an unknown id" show 999
status 0 "stats --json" stats --json
# the learns of a moment ago: this hour's, or the last one's too when
# the test ran across the hour (it failed at 07:00 UTC)
pyjson "stats" 'j["clusters"] == 3 and j["spam"] == 1 and j["ham"] == 2 and j["auto"] == 0 and
    j["messages"] == 3 and len(j["hours"]) == 24 and
    sum(h["messages"] for h in j["hours"][-2:]) == 3 and
    0 < j["used_bytes"] <= j["map_bytes"] <= j["map_max_bytes"]'
status 0 "stats" stats
grep -q '^clusters *3' "$W/out" && ok || fail "stats text: $(cat "$W/out")"

# --------------------------------------------------------------- check
status 0 "export before check" export
cp "$W/out" "$W/export.before"
status 0 "check a campaign variant" check "$W/spam3" --json
pyjson "joins the spam cluster" 'j["cluster"]["id"] == 1 and j["score"] > 24 and not j["exact"]'
pyjson "verdict reject" 'j["verdict"]["action"] == "reject"'
# reals to ten significant digits: "ms":0.449, not 0.44900000000000001
grep -Eq '[0-9]\.[0-9]{11,}' "$W/out" && fail "a real of many digits: $(grep -Eo '"ms":[^,]*' "$W/out")" || ok
pyjson "runner-up" 'j["runner_up"] is not None and j["runner_up"] < j["score"] and j["compared"] == 3'
status 0 "check an exact duplicate" check --json "$W/spam1"
pyjson "exact" 'j["exact"] and j["score"] == 128 and j["cluster"]["id"] == 1'
# --json before a command without JSON output is refused, not ignored
status 1 "--json verify" --json verify
grep -q 'verify: no --json output' "$W/err" && ok || fail "--json verify: $(cat "$W/err")"
# --client as Postfix logs it ([addr]) is an error, not "no client"
status 1 "check --client [192.0.2.7]" check --client '[192.0.2.7]' "$W/spam1"
grep -q 'not an IPv4 or IPv6 address' "$W/err" && ok || fail "--client [ip]: $(cat "$W/err")"
status 0 "check pinned ham" check --json - <"$W/ham1"
pyjson "ham accepted" 'j["cluster"]["id"] == 2 and j["verdict"]["action"] == "accept"'
mkmsg "$W/new" "Quarterly figures" <<EOF
The quarterly figures are attached; revenue is up four percent on the same
quarter last year, costs are flat, and the board meets on the 14th to sign
off the accounts. Questions to the finance team as usual, please.
EOF
status 0 "check an unknown message" check --json "$W/new"
pyjson "no cluster" 'j["cluster"] is None and j["verdict"]["action"] == "accept"'
status 0 "check text" check "$W/spam3"
grep -q '^cluster *1 (spam), score' "$W/out" && grep -q '^verdict *reject' "$W/out" &&
    ok || fail "check text: $(cat "$W/out")"
status 6 "check an unreadable file" check "$W/nonexistent"
status 0 "export after check" export
same "$W/export.before" "$W/out" "check changed the store"

# --------------------------------------------- digest, predigest, compare
status 0 "digest" digest "$W/spam1" "$W/ham1"
[ "$(wc -l <"$W/out")" -eq 2 ] && grep -q "^[0-9a-f]\{64\} $W/spam1\$" "$W/out" &&
    ok || fail "digest output: $(cat "$W/out")"
code1=$(sed -n 1p "$W/out" | cut -d' ' -f1)
status 0 "show code" show --json 1
pyjson "digest equals the cluster's code" "j['code'] == '$code1'"
status 0 "digest --json" digest --json "$W/spam1"
pyjson "digest json" "j[0]['code'] == '$code1' and j[0]['file'].endswith('spam1') and j[0]['digested'] is True"
# A code the milter would not count is printed, and said so on stderr.
status 0 "digest a short message" digest "$W/short"
grep -q "^[0-9a-f]\{64\} $W/short\$" "$W/out" && grep -q "short: 2 bytes .*under MinBodyBytes 64: the milter would not count" "$W/err" &&
    ok || fail "digest of a short message: $(cat "$W/out" "$W/err")"
status 0 "digest --json a short message" digest --json "$W/short"
pyjson "digest json: not digested" "j[0]['digested'] is False and j[0]['bytes'] == 2"
status 6 "digest an unreadable file" digest "$W/nonexistent"
status 6 "digest a directory" digest "$W"
# The canonical text, digested in raw form, gives the text form's code.
status 0 "predigest" predigest "$W/spam1"
grep -qi 'Reference code: RX-88213' "$W/out" && ! grep -qi 'Your reward is waiting' "$W/out" &&
    ok || fail "predigest: $(head -c 300 "$W/out")"
{ echo; cat "$W/out"; } >"$W/canon.msg"
"$CTL" -c "$W/rawcal.conf" digest "$W/canon.msg" >"$W/out" 2>"$W/err"
[ "$(cut -d' ' -f1 "$W/out")" = "$code1" ] && ok ||
    fail "digest(raw, predigest) != digest(text): $(cat "$W/out") vs $code1"
# same_as_predigest WHAT FILE: the digest of FILE is the raw digest of what
# predigest just printed ($W/out): predigest shows the text digested.
same_as_predigest() {
	local raw
	{ echo; cat "$W/out"; } >"$W/canon.msg"
	"$CTL" -c "$W/rawcal.conf" digest "$W/canon.msg" >"$W/out" 2>"$W/err"
	raw=$(cut -d' ' -f1 "$W/out")
	status 0 "digest, $1" digest "$2"
	[ "$(cut -d' ' -f1 "$W/out")" = "$raw" ] && ok ||
	    fail "$1: digest(raw, predigest) != digest(text): $raw vs $(cat "$W/out")"
}
# A bounce: Postfix's form goes (lib/forms.c), the returned letter stays,
# and predigest shows the text the digest reads.
cat >"$W/bounce" <<'EOF'
From: MAILER-DAEMON@mx.far.test (Mail Delivery System)
Subject: Undelivered Mail Returned to Sender
Content-Type: multipart/report; report-type=delivery-status; boundary="B"

--B
Content-Type: text/plain

This is the mail system at host mx.far.test.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients. It's attached below.

For further assistance, please send mail to postmaster.

If you do so, please include this problem report. You can
delete your own text from the attached returned message.

                   The mail system

<nobody@far.test>: host mx.far.test[192.0.2.25] said: 550 5.1.1
    <nobody@far.test>: Recipient address rejected: User unknown (in reply
    to RCPT TO command)

--B
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.far.test
Final-Recipient: rfc822; nobody@far.test
Action: failed
Status: 5.1.1

--B
Content-Type: message/rfc822

From: ann@uni.test
To: nobody@far.test
Subject: minutes

The minutes of the board meeting are attached; corrections by Friday.
--B--
EOF
status 0 "predigest a bounce" predigest "$W/bounce"
grep -q 'minutes of the board meeting' "$W/out" &&
    ! grep -qi 'sorry to have to inform\|further assistance' "$W/out" &&
    ok || fail "predigest of a bounce: $(head -c 400 "$W/out")"
same_as_predigest "a bounce" "$W/bounce"
# The form goes before the shown text is weighed: a line and the form are
# too little, and the hidden text is read too.
{ printf 'Content-Type: text/html\n\n<p>Your parcel is waiting.</p><pre>'
  sed -n '/^This is the mail system/,/^ *The mail system$/p' "$W/bounce"
  printf '</pre><div style="display:none">Claim the parcel held for you at '
  printf 'the depot: pay the customs fee online today and it is delivered '
  printf 'tomorrow morning, before noon, to your door.</div>\n'; } >"$W/hidden"
status 0 "predigest, form and hidden text" predigest "$W/hidden"
grep -q 'parcel is waiting.*customs fee' "$W/out" &&
    ! grep -qi 'further assistance' "$W/out" &&
    ok || fail "predigest, form and hidden text: $(head -c 400 "$W/out")"
same_as_predigest "form and hidden text" "$W/hidden"
# A form before more than 16 KiB (MESSAGE_TEXT_MAX) of Cyrillic: ScoreMode
# auto calibrates by the first 16 KiB digested, the form gone, as the raw
# digest of predigest's output does.
{ printf 'Content-Type: text/plain; charset=utf-8\n\n'
  sed -n '/^This is the mail system/,/^ *The mail system$/p' "$W/bounce"
  python3 -c 'print(" ".join("пример%d текст" % i for i in range(3000)))'
} >"$W/long"
status 0 "predigest, a form and 48 KiB of Cyrillic" predigest "$W/long"
[ "$(wc -c <"$W/out")" -gt 40000 ] && ! grep -qi 'further assistance' "$W/out" &&
    ok || fail "predigest, a form and 48 KiB of Cyrillic: $(head -c 300 "$W/out")"
same_as_predigest "a form and 48 KiB of Cyrillic" "$W/long"
# Published vectors (shared/vectors/README.md), as raw bodies.
printf '\nThe quick brown fox' >"$W/fox1"
printf '\nThe quicker brown fox' >"$W/fox2"
"$CTL" -c "$W/raw.conf" compare "$W/fox1" "$W/fox2" >"$W/out" 2>"$W/err"
[ "$(cat "$W/out")" = 91 ] && ok || fail "fox vectors: $(cat "$W/out" "$W/err")"
status 0 "compare codes" compare --json "$code1" "$code1"
pyjson "self score" 'j["score"] == 128'
status 0 "compare opposite codes" compare \
    0000000000000000000000000000000000000000000000000000000000000000 \
    ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff
[ "$(cat "$W/out")" = -128 ] && ok || fail "complement score: $(cat "$W/out")"
status 0 "compare files" compare "$W/spam1" "$W/spam2"
[ "$(cat "$W/out")" -gt 24 ] && ok || fail "campaign variants score $(cat "$W/out")"
status 6 "compare an unreadable file" compare "$code1" "$W/nonexistent"

# Oracle: digests of corpus messages in raw form equal index.tsv's, which an
# independent script computed (LF-only files, where raw canon changes nothing).
index=$NSM_SHARED/corpus/index.tsv
if [ -f "$index" ]; then
	python3 - "$index" "$NSM_SHARED/corpus" "$W/oracle" <<'EOF'
import sys, os
index, root, out = sys.argv[1:]
rows = [l.rstrip("\n").split("\t") for l in open(index)][1:]
picked = []
for r in rows:
	p = os.path.join(root, r[0])
	if r[1] == "spam" and r[0].startswith("spamassassin-public/spam/") and os.path.exists(p):
		if b"\r" not in open(p, "rb").read():
			picked.append((p, r[8]))
	if len(picked) == 20:
		break
with open(out, "w") as f:
	for p, code in picked:
		f.write("%s %s\n" % (code, p))
EOF
	cut -d' ' -f2 "$W/oracle" | xargs "$CTL" -c "$W/raw.conf" digest >"$W/out" 2>"$W/err"
	if [ -s "$W/oracle" ] && [ "$(wc -l <"$W/oracle")" -eq 20 ]; then
		same "$W/oracle" "$W/out" "raw digests differ from index.tsv"
	else
		fail "oracle: could not pick 20 messages from $index"
	fi
elif [ "${CI:-}" = true ]; then
	fail "corpus index $index missing (CI=true)"
else
	echo "SKIP (part): corpus index $index missing: digest oracle not run"
fi

# ------------------------------------------------- pin, unpin, forget
status 0 "pin" pin 1
grep -q 'cluster 1 is ham' "$W/out" && ok || fail "pin: $(cat "$W/out")"
status 0 "check after pin" check --json "$W/spam3"
pyjson "pinned: accepted" 'j["cluster"]["status"] == "ham" and j["verdict"]["action"] == "accept"'
status 0 "unpin" unpin 1
status 0 "show after unpin" show --json 1
pyjson "auto" 'j["status"] == "auto"'
status 2 "pin an unknown id" pin 999
status 2 "forget an unknown id" forget 999
status 0 "learn spam again" learn spam "$W/spam1"

# ------------------------------------------------------ export, import
status 0 "export" export
cp "$W/out" "$W/export1"
[ "$(wc -l <"$W/export1")" -eq 3 ] && ok || fail "export lines: $(cat "$W/export1")"
status 0 "import into a new store" -s "$W/store2" import "$W/export1"
grep -q '^3 clusters imported' "$W/out" && ok || fail "import: $(cat "$W/out")"
status 0 "export the copy" -s "$W/store2" export
same "$W/export1" "$W/out" "import of an export is not identical"
status 0 "import from stdin" -s "$W/store3" import - <"$W/export1"
status 0 "export the stdin copy" -s "$W/store3" export
same "$W/export1" "$W/out" "import from stdin is not identical"
# More clusters than MaxClusters: imported, and said (found by review)
sed 's/^MaxClusters.*//' "$W/conf" >"$W/mc.conf"
echo "MaxClusters 2" >>"$W/mc.conf"
"$CTL" -c "$W/mc.conf" -s "$W/store3m" import "$W/export1" >"$W/out" 2>"$W/err"
[ $? -eq 0 ] && grep -q 'holds 3 clusters, more than MaxClusters 2' "$W/err" && ok ||
    fail "import past MaxClusters: $(cat "$W/out" "$W/err")"
# A pipe or FIFO named as the file is read twice like stdin (found by
# review: the second pass found it empty, "0 clusters imported", exit 0)
mkfifo "$W/fifo"
cat "$W/export1" >"$W/fifo" &
"$CTL" -c "$W/conf" -s "$W/store3p" import "$W/fifo" >"$W/out" 2>"$W/err"
wait $!
grep -q '^3 clusters imported' "$W/out" && ok || fail "import FIFO: $(cat "$W/out" "$W/err")"
cat "$W/export1" | "$CTL" -c "$W/conf" -s "$W/store3q" import /dev/stdin >"$W/out" 2>"$W/err"
grep -q '^3 clusters imported' "$W/out" && ok || fail "import /dev/stdin: $(cat "$W/out" "$W/err")"
cat "$W/spam1" >"$W/fifo" &
"$CTL" -c "$W/conf" -s "$W/store3p" learn spam "$W/fifo" >"$W/out" 2>"$W/err"
rc=$?
wait $!
[ $rc -eq 0 ] && grep -q 'is spam' "$W/out" && ok || fail "learn spam FIFO: $rc $(cat "$W/out" "$W/err")"
# Extra representative codes travel with their cluster, in order.
now=$(date +%s)
A=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
B=fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210
C=00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff
printf '{"id": 60, "code": "%s", "reps": ["%s", "%s"], "first_seen": %s, "last_seen": %s, "messages": 3}\n' \
    $A $B $C $now $now >"$W/reps.jsonl"
status 0 "import a cluster with reps" -s "$W/store4" import "$W/reps.jsonl"
status 0 "export the reps" -s "$W/store4" export
cp "$W/out" "$W/reps1"
pyjson "reps exported in order" 'j["code"] == "'$A'" and j["reps"] == ["'$B'", "'$C'"]'
status 0 "import the reps export" -s "$W/store5" import "$W/reps1"
status 0 "export the reps copy" -s "$W/store5" export
same "$W/reps1" "$W/out" "reps: import of an export is not identical"
printf '{"code": "%s", "reps": ["%s", "%s", "%s", "%s"]}\n' $A $B $C $B $C >"$W/reps4.jsonl"
ctl -s "$W/store5" import "$W/reps4.jsonl"
[ $? -eq 8 ] && ok || fail "import of four reps: want exit 8"
grep -q 'reps4.jsonl:1: "reps"' "$W/err" && ok || fail "four reps: $(cat "$W/err")"
# An id past 2^53 - 1 is refused: the store counts on from its largest
# id, and every later id was written 9223372036854775807 (found by review)
printf '{"id": 9007199254740992, "code": "%s"}\n' $A >"$W/hiid.jsonl"
ctl -s "$W/store5" import "$W/hiid.jsonl"
[ $? -eq 8 ] && grep -q 'hiid.jsonl:1: "id" out of range' "$W/err" && ok ||
    fail "an id past 2^53 - 1: $(cat "$W/err")"
# Invalid lines: all reported with their numbers, nothing imported.
{
	sed -n 1p "$W/export1"
	echo '{"code": "nothex"}'
	echo
	echo '# a comment'
	echo 'not json'
	echo '{"code": "0000000000000000000000000000000000000000000000000000000000000000", "status": "bulk"}'
	# seen in years to come: the store, making room, would take it as
	# now and every other cluster, pinned ones too, as expired
	echo '{"code": "0000000000000000000000000000000000000000000000000000000000000000", "first_seen": 0, "last_seen": 9000000000000000000}'
} >"$W/bad.jsonl"
ctl -s "$W/store2" import "$W/bad.jsonl"
[ $? -eq 8 ] && ok || fail "import of invalid lines: want exit 8"
grep -q 'bad.jsonl:2: "code"' "$W/err" && grep -q 'bad.jsonl:5: ' "$W/err" &&
    grep -q 'bad.jsonl:6: "status"' "$W/err" && ! grep -q ':1: ' "$W/err" &&
    grep -q 'bad.jsonl:7: "last_seen" is in the future' "$W/err" &&
    ok || fail "import errors: $(cat "$W/err")"
status 0 "export after a failed import" -s "$W/store2" export
same "$W/export1" "$W/out" "a failed import changed the store"
status 6 "import an unreadable file" import "$W/nonexistent"

# show of an imported hist_start at either end of the range an import
# accepts: (hist_start + i) * 3600 does not fit in 64 bits; the hours
# print as "-" (null in JSON), never a wrapped date.
for hs in 4611686018427387903 -4611686018427387904; do
	cat >"$W/hist.jsonl" <<EOF
{"id": 70, "code": "89abcdef0123456789abcdef0123456789abcdef0123456789abcdef01234567", "first_seen": 1700000000, "last_seen": 1700000000, "messages": 3, "hist_start": $hs, "hist": [1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2]}
EOF
	status 0 "import hist_start $hs" -s "$W/store6" import "$W/hist.jsonl"
	status 0 "show hist_start $hs" -s "$W/store6" show 70
	[ "$(grep -c '^  - ' "$W/out")" -eq 24 ] && ok ||
	    fail "show hist_start $hs: $(cat "$W/out")"
	status 0 "show --json hist_start $hs" -s "$W/store6" show --json 70
	pyjson "hours out of range are null" \
	    "all(h['hour'] is None for h in j['history']) and j['history'][23]['messages'] == 2 and j['hist_start'] == $hs"
done

# An id held by another cluster: the import gives the line a new id and
# says so; the cluster that had the id is untouched.
cat >"$W/clash.jsonl" <<EOF
{"id": 70, "code": "fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210", "first_seen": 1700000000, "last_seen": 1700000000, "messages": 9}
EOF
ctl -s "$W/store6" import "$W/clash.jsonl"
[ $? -eq 0 ] && grep -q 'clash.jsonl:1: id 70 is another cluster.s: imported as 71$' "$W/err" &&
    ok || fail "import of a taken id: $(cat "$W/err")"
status 0 "show the cluster that had the id" -s "$W/store6" show --json 70
pyjson "id 70 kept its code" 'j["code"].startswith("89abcdef") and j["messages"] == 3'
status 0 "show the clashing cluster" -s "$W/store6" show --json 71
pyjson "the clash is under a new id" 'j["code"].startswith("fedcba98") and j["messages"] == 9'
# The same cluster (same id and anchor) replaces it in place, silently.
sed 's/"id": 70/"id": 71/; s/"messages": 9/"messages": 10/' "$W/clash.jsonl" >"$W/same.jsonl"
status 0 "import the same cluster again" -s "$W/store6" import "$W/same.jsonl"
[ -s "$W/err" ] && fail "re-import of the same cluster: $(cat "$W/err")" || ok
status 0 "show the replaced cluster" -s "$W/store6" show --json 71
pyjson "replaced in place" 'j["code"].startswith("fedcba98") and j["messages"] == 10'

# An import commits 256 lines at a time, not one: every commit of
# another process makes a running milter rebuild its match array from
# the whole store before its next message (3,000 lines into a store of
# 90,000 clusters took the milter from 1.3 to 21.6 ms a message). LMDB's
# last transaction id counts the commits. What a line is told is as
# before, with the line's own number in whatever batch it fell: the same
# cluster replaced, a taken id imported under a new one.
if command -v mdb_stat >/dev/null; then
	python3 -c '
import json
def code(i):
    return "%064x" % (i * 0x9e3779b97f4a7c15 % (1 << 256))
print(json.dumps({"id": 5, "code": code(5), "first_seen": 1700000000, "last_seen": 1700000000}))
print(json.dumps({"id": 6, "code": code(6), "first_seen": 1700000000, "last_seen": 1700000000}))' >"$W/two.jsonl"
	python3 -c '
import json
def code(i):
    return "%064x" % (i * 0x9e3779b97f4a7c15 % (1 << 256))
print("# 3000 clusters: line 2 replaces id 5, line 1501 is another than id 6")
for line in range(2, 3002):
    j = {"code": code(100 + line), "first_seen": 1700000000, "last_seen": 1700000000 + line}
    if line == 2:
        j = {"id": 5, "code": code(5), "first_seen": 1700000000, "last_seen": 1700000000, "messages": 4}
    elif line == 1501:
        j["id"] = 6
    print(json.dumps(j))' >"$W/3k.jsonl"
	status 0 "import two clusters" -s "$W/store-batch" import "$W/two.jsonl"
	txn0=$(mdb_stat -e "$W/store-batch" | awk '/Last transaction ID/ { print $4 }')
	status 0 "import 3000 lines" -s "$W/store-batch" import "$W/3k.jsonl"
	txn1=$(mdb_stat -e "$W/store-batch" | awk '/Last transaction ID/ { print $4 }')
	grep -q '^3000 clusters imported$' "$W/out" && ok || fail "3000 lines: $(cat "$W/out")"
	[ "$(cat "$W/err")" = "nilsimsactl: $W/3k.jsonl:1501: id 6 is another cluster's: imported as 1505" ] &&
	    ok || fail "3000 lines, the taken id: $(cat "$W/err")"
	# ceil(3000 / 256) = 12 commits
	[ -n "$txn0" ] && [ -n "$txn1" ] && [ $((txn1 - txn0)) -le 14 ] && ok ||
	    fail "3000 lines imported in $((txn1 - txn0)) commits (LMDB transactions $txn0 -> $txn1)"
	echo "3000 lines imported in $((txn1 - txn0)) commits"
	status 0 "stats after 3000 lines" -s "$W/store-batch" stats --json
	pyjson "3001 clusters" 'j["clusters"] == 3001'
	status 0 "the replaced cluster" -s "$W/store-batch" show --json 5
	pyjson "id 5 replaced in place" 'j["messages"] == 4'
else
	fail "mdb_stat not found (lmdb-utils)"
fi

# A line of 64 MB: refused as it is read, in bounded memory (the whole
# line was read into memory before the length was checked).
python3 -c 'import sys; sys.stdout.write("{\"code\": \"" + "a" * (64 << 20) + "\"}\n{}\n")' \
    >"$W/long.jsonl"
python3 -c '
import resource, subprocess, sys
rc = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode
print(rc, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' \
    "$CTL" -c "$W/conf" -s "$W/store6" import "$W/long.jsonl" >"$W/rss" 2>"$W/err"
read lrc lrss <"$W/rss"
[ "$lrc" -eq 8 ] && grep -q 'long.jsonl:1: line longer than 65536 bytes' "$W/err" &&
    ok || fail "over-long line: exit $lrc: $(cat "$W/err")"
[ "$lrss" -lt 40000 ] && ok || fail "over-long line: $lrss KB resident"
echo "import of a 64 MB line: at most $lrss KB resident"
rm -f "$W/long.jsonl"

# ------------------------------------------- a mailing of another sender
# A mailing (five copies from one sender domain and network) takes no
# loose match from another sender (MailingShare): check says which
# cluster it passed over and why, and learn, which has no envelope (so
# no sender), starts a cluster of its own and names the mailing.
{ campaign_body 7781-0042 RX-55120; cat <<EOF

P.S. Members who refer a friend before the end of the month receive a
second voucher worth 250 dollars, redeemable at any partner store, together
with free delivery on every order placed through the partner portal.
EOF
} | mkmsg "$W/spam4" "Your reward is waiting"
status 0 "digest the mailing's text" digest --json "$W/spam1"
mcode=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[0]["code"])' "$W/out")
status 0 "compare a loose variant" compare "$W/spam1" "$W/spam4"
sc=$(cat "$W/out")
[ "$sc" -gt 70 ] && [ "$sc" -lt 90 ] && ok || fail "spam4 is no loose match of spam1: $sc"
now=$(date +%s)
cat >"$W/mailing.jsonl" <<EOF
{"id": 80, "code": "$mcode", "first_seen": $now, "last_seen": $now, "messages": 5, "recipients": 5, "networks": 1, "nets": [43981], "net_counts": [5], "senders": 1, "sender_domains": [305419896], "sender_counts": [5]}
EOF
status 0 "import a mailing" -s "$W/store7" import "$W/mailing.jsonl"
status 0 "check a loose match" -s "$W/store7" check "$W/spam4"
grep -q "^cluster     none (best score $sc)\$" "$W/out" &&
    grep -q '^passed over 80, a mailing of another sender: it takes no loose match (MailingShare); without --from the sender is unknown$' "$W/out" &&
    ok || fail "check, passed over: $(cat "$W/out")"
status 0 "check --json a loose match" -s "$W/store7" check --json "$W/spam4"
pyjson "passed_over" 'j["passed_over"] == 80 and j["cluster"] is None'
status 0 "check a copy" -s "$W/store7" check --json "$W/spam2"
pyjson "a near copy joins" 'j["passed_over"] is None and j["cluster"]["id"] == 80'
status 0 "learn a loose match" -s "$W/store7" learn spam "$W/spam4"
grep -q 'spam4: cluster 81 (new) is spam$' "$W/out" &&
    grep -q 'spam4: its best match, cluster 80, is a mailing of another sender' "$W/out" &&
    ok || fail "learn, passed over: $(cat "$W/out")"
status 0 "the mailing unchanged" -s "$W/store7" show --json 80
pyjson "still auto" 'j["status"] == "auto" and j["messages"] == 5'

# ------------------------------------------------------ Ctrl-Z deferred
# Stopped with the store open, a command would keep its lock or snapshot
# and stall the milter: job control's stop (SIGTSTP) waits until the
# command ends. check reads its message from a FIFO with the store open.
mkfifo "$W/in"
"$CTL" -c "$W/conf" check - <"$W/in" >"$W/out" 2>"$W/err" &
cpid=$!
exec 7>"$W/in"
sleep 1
kill -TSTP $cpid
sleep 0.5
cstate=$(awk '{ print $3 }' /proc/$cpid/stat 2>/dev/null)
kill -CONT $cpid 2>/dev/null
cat "$W/spam1" >&7
exec 7>&-
wait $cpid
crc=$?
[ "$cstate" != T ] && [ $crc -eq 0 ] && grep -q '^verdict' "$W/out" &&
    ok || fail "SIGTSTP with the store open: state $cstate, exit $crc: $(cat "$W/err")"

# --------------------------------------------------------------- expire
cat >"$W/old.jsonl" <<EOF
{"id": 50, "code": "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", "first_seen": 1030000000, "last_seen": 1030000000, "messages": 1}
EOF
status 0 "import an old cluster" import "$W/old.jsonl"
status 0 "expire --dry-run" expire --dry-run
grep -q '^1 cluster would expire' "$W/out" && ok || fail "expire dry run: $(cat "$W/out")"
status 0 "show after a dry run" show 50
status 0 "expire" expire
grep -q '^1 cluster expired' "$W/out" && ok || fail "expire: $(cat "$W/out")"
status 2 "show an expired cluster" show 50
status 0 "forget" forget 3
status 2 "show a forgotten cluster" show 3

# ------------------------------------------------------------ bad stores
mkdir "$W/corrupt"
head -c 65536 /dev/urandom >"$W/corrupt/data.mdb"
status 4 "a corrupt store" -s "$W/corrupt" clusters
mkdir "$W/empty"
status 3 "a directory without a store" -s "$W/empty" clusters
# One record damaged (cluster 2's value cut to one byte, as a disk's error
# would): stats says so, export and clusters exit 4 and say what they
# left out (found by review: both skipped it and exited 0)
if command -v mdb_dump >/dev/null && command -v mdb_load >/dev/null; then
	mkdir "$W/dmg"
	cp "$W/store/data.mdb" "$W/dmg/"
	mdb_dump -s clusters "$W/dmg" | awk 'prev == " 0000000000000002" { print " 00";
	    prev = $0; next } { print; prev = $0 }' >"$W/dmg.txt" &&
	    mdb_load -s clusters -f "$W/dmg.txt" "$W/dmg" 2>/dev/null
	status 0 "stats on a store with a damaged record" -s "$W/dmg" stats
	grep -q '^damaged     1 ' "$W/out" && ok || fail "stats: no damaged line: $(cat "$W/out")"
	status 4 "export of a store with a damaged record" -s "$W/dmg" export
	grep -q '1 record of the store cannot be read: not exported' "$W/err" && ok ||
	    fail "export: $(cat "$W/err")"
	status 4 "clusters of a store with a damaged record" -s "$W/dmg" clusters
else
	fail "mdb_dump, mdb_load not found (lmdb-utils)"
fi

# A writer holding the lock: reads go on, a write gives up with status 5.
if [ -x "$HOLD" ]; then
	"$HOLD" "$W/store" 20 >"$W/hold" &
	BG=$!
	i=0
	while ! grep -q locked "$W/hold" 2>/dev/null && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	status 0 "read while the writer lock is held" clusters --json
	status 0 "check while the writer lock is held" check "$W/spam3"
	status 5 "write while the writer lock is held" -w 1 pin 1
	# an import that gives up says how far it got (found by review)
	status 5 "import while the writer lock is held" -w 1 import "$W/export1"
	grep -q "imported before it: the input's first 0 clusters" "$W/err" && ok ||
	    fail "import timed out: $(cat "$W/err")"
	kill $BG 2>/dev/null
	wait $BG 2>/dev/null
	BG=
	status 0 "write after the lock is released" -w 5 pin 1
else
	fail "$HOLD not built"
fi

# ------------------------------------- reads while another process writes
# A writer imports 1000 new clusters, 10 an import (an import commits 256
# lines at a time: 100 imports make 100 commits); meanwhile exports must
# each be a complete, valid snapshot whose size only grows.
python3 -c '
import json
for i in range(1000):
    print(json.dumps({"code": "%064x" % (i * 0x9e3779b97f4a7c15 % (1 << 256)),
                      "first_seen": 1700000000, "last_seen": 1700000000 + i}))' >"$W/many.jsonl"
split -l 10 -d -a 3 "$W/many.jsonl" "$W/many."
for f in "$W"/many.[0-9]*; do
	"$CTL" -c "$W/conf" import "$f" || exit 1
done >"$W/bgout" 2>&1 &
BG=$!
prev=0 bad=0 n=0
while kill -0 $BG 2>/dev/null && [ $n -lt 200 ]; do
	if ! "$CTL" -c "$W/conf" export >"$W/snap" 2>"$W/err"; then
		bad=1
		echo "export failed during writes: $(cat "$W/err")"
		break
	fi
	lines=$(python3 -c '
import json, sys
print(sum(1 for l in open(sys.argv[1]) if json.loads(l)["code"]))' "$W/snap") || { bad=1; break; }
	[ "$lines" -lt "$prev" ] && { bad=1; echo "snapshot shrank: $prev -> $lines"; break; }
	prev=$lines
	n=$((n + 1))
done
wait $BG
wrc=$?
BG=
[ $bad -eq 0 ] && [ $n -ge 1 ] && ok || fail "concurrent export ($n taken)"
[ $wrc -eq 0 ] && ok || fail "import while reading: exit $wrc: $(cat "$W/bgout")"
status 0 "stats after the concurrent import" stats --json
pyjson "all imported" 'j["clusters"] == 1002'
# A listing keeps only its --top best as it reads (cut back at twice as
# many): the same first five as the whole sorted list, newest first.
status 0 "clusters --top 0" clusters --sort last --top 0 --json
cp "$W/out" "$W/alllist"
pyjson "the whole list, newest first" 'len(j) == 1002 and
    [c["last_seen"] for c in j] == sorted((c["last_seen"] for c in j), reverse=True)'
status 0 "clusters --top 5 of 1002" clusters --sort last --top 5 --json
pyjson "its first five" "j == json.load(open('$W/alllist'))[:5]"
# The listed clusters are read again to print: one pinned meanwhile is
# not listed under --status spam (review: it was). The listing of 600
# (150 KB of JSON) waits on a pipe its reader leaves for 2 s, and the
# last of them is pinned meanwhile.
mkdir "$W/rf"
echo "Store $W/rf/store" >"$W/rf/conf"
python3 -c '
import json
for i in range(600):
    print(json.dumps({"code": "%064x" % ((i + 1) * 0x9e3779b97f4a7c15f39cc0605cedc835 % (1 << 256)),
        "first_seen": 1700000000, "last_seen": 1700000000, "messages": 600 - i, "status": "spam"}))' >"$W/rf/in.jsonl"
"$CTL" -c "$W/rf/conf" import "$W/rf/in.jsonl" >/dev/null 2>&1
"$CTL" -c "$W/rf/conf" clusters --status spam --top 0 --json | (sleep 2; cat) >"$W/out" &
BG=$!
sleep 0.5
"$CTL" -c "$W/rf/conf" pin 600 >/dev/null 2>&1
wait $BG
BG=
pyjson "no pinned cluster under --status spam" 'len(j) >= 599 and all(c["status"] == "spam" for c in j)'
echo "concurrent exports taken while importing: $n, the last with $prev clusters"

# ------------------------------------------- export into a stalled reader
# An export whose reader stops reading must not pin the store: were it to
# hold its read transaction while blocked on the pipe, the pages each
# commit frees meanwhile could not be used again, and the file would grow
# with every commit until the map is full. Imports rewrite all 1002
# clusters (last_seen one second later), 50 an import, so 21 commits
# (an import commits 256 lines at a time), while an export of them (1.2
# MB of JSON, far over a pipe's 64 KB) is stuck: data.mdb must stay about
# as it was (it grew by 200 KB; 2.2 MB beside mdb_dump, which holds its
# snapshot). The reader sleeps until killed after the writes, however
# long they take.
"$CTL" -c "$W/conf" export >"$W/all.jsonl"
python3 -c '
import json, sys
for l in open(sys.argv[1]):
    j = json.loads(l)
    j["last_seen"] += 1
    print(json.dumps(j))' "$W/all.jsonl" >"$W/touched.jsonl"
split -l 50 -d -a 3 "$W/touched.jsonl" "$W/touched."
size0=$(stat -c %s "$W/store/data.mdb")
"$CTL" -c "$W/conf" export 2>"$W/stallerr" | sleep 100000 &
BG=$!
sleep 1
werr=0
: >"$W/err2"
for f in "$W"/touched.[0-9]*; do
	"$CTL" -c "$W/conf" import "$f" >/dev/null 2>>"$W/err2" || werr=$?
done
size1=$(stat -c %s "$W/store/data.mdb")
pgrep -f "nilsimsactl -c $W/conf export" >/dev/null && ok ||
    fail "the export was not running (stalled) during the writes"
kill $BG 2>/dev/null
wait $BG 2>/dev/null
BG=
[ $werr -eq 0 ] && ok || fail "an import beside a stalled export: exit $werr: $(cat "$W/err2")"
status 0 "the import beside a stalled export is in the store" export
python3 -c '
import json, sys
a, b = ([json.loads(l) for l in open(f)] for f in sys.argv[1:3])
sys.exit(0 if len(a) == 1002 and a == b else 1)' "$W/out" "$W/touched.jsonl" && ok ||
    fail "the store after the import is not what was imported"
growth=$((size1 - size0))
[ $growth -lt 1048576 ] && ok || fail "data.mdb grew by $growth bytes beside a stalled export"
echo "21 imports (commits) of 1002 clusters beside a stalled export: data.mdb $size0 -> $size1 bytes"

# ------------------------------- hand-over to UserID keeps LMDB's locks
# Run as root, nilsimsactl hands the store's files to the milter's UserID.
# Closing any descriptor of lock.mdb drops every POSIX lock the process
# holds on it, LMDB's mark that its reader slot is live among them; a
# writer's reader check then frees the slot of a read in progress and
# reuses its pages (an export once aborted in mdb_cursor_sibling so). A
# reading nilsimsactl must still hold its locks on lock.mdb after the
# hand-over: seen in /proc/locks while its export is stalled on a pipe.
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1 && [ -r /proc/locks ]; then
	sed 's/^SubjectSample.*/UserID nobody/' "$W/conf" >"$W/own.conf"
	"$CTL" -c "$W/own.conf" export 2>"$W/ownerr" | sleep 100000 &
	BG=$!
	# Until it has filled the pipe (64 KiB): past its open and hand-over.
	pid= i=0
	while [ $i -lt 300 ]; do
		pid=$(pgrep -f "nilsimsactl -c $W/own.conf export")
		[ -n "$pid" ] && [ "$(awk '$1 == "wchar:" { print $2 }' \
		    "/proc/$pid/io" 2>/dev/null || echo 0)" -ge 65536 ] && break
		sleep 0.1
		i=$((i + 1))
	done
	ino=$(stat -c %i "$W/store/lock.mdb")
	held=$(awk -v p="$pid" -v i=":$ino" '$2 == "POSIX" && $5 == p &&
	    substr($6, length($6) - length(i) + 1) == i' /proc/locks | wc -l)
	kill $BG 2>/dev/null
	pkill -f "nilsimsactl -c $W/own.conf export"
	wait $BG 2>/dev/null
	BG=
	[ "$(stat -c %U "$W/store/lock.mdb")" = nobody ] && ok ||
	    fail "lock.mdb not handed to UserID nobody"
	[ -n "$pid" ] && [ "$held" -ge 1 ] && ok ||
	    fail "a root export holds no lock on lock.mdb after the hand-over (pid ${pid:-none}, $held locks)"
	# A store the command creates is handed over too, data and lock.
	sed "s|^Store .*|Store $W/store-own|" "$W/own.conf" >"$W/own2.conf"
	head -3 "$W/many.jsonl" | "$CTL" -c "$W/own2.conf" import - >/dev/null &&
	    [ "$(stat -c %U:%a "$W/store-own" "$W/store-own/data.mdb" \
	    "$W/store-own/lock.mdb" | sort -u)" = "nobody:600
nobody:700" ] && ok || fail "a store made by a root import is not UserID's"
	# -s naming a directory of other files (/var/lib by mistake): no store
	# made there, nothing handed over (found by review: the directory
	# and every file in it became UserID's, mode 600)
	mkdir -m 755 "$W/notstore"
	echo secret >"$W/notstore/important.conf"
	chmod 644 "$W/notstore/important.conf"
	head -3 "$W/many.jsonl" | "$CTL" -c "$W/own.conf" -s "$W/notstore" import - \
	    >/dev/null 2>"$W/nserr"
	rc=$?
	[ $rc -eq 3 ] && grep -q "not a store's directory (it holds important.conf" "$W/nserr" &&
	    [ ! -e "$W/notstore/data.mdb" ] &&
	    [ "$(stat -c %U:%a "$W/notstore" "$W/notstore/important.conf")" = "root:755
root:644" ] && ok ||
	    fail "import into a directory of other files: exit $rc, $(cat "$W/nserr"), $(ls -la "$W/notstore")"
else
	echo "hand-over locks: not checked (needs root, user nobody, /proc/locks)"
	[ "${CI:-}" = true ] && fail "hand-over locks not checked under CI"
fi

# ----------------------------------------------------------- end-to-end
# (reserved: the milter under Postfix builds the store; learn/pin are
# checked through the milter. Added by the e2e helper.)

echo "$npass passed, $nfail failed"
[ $nfail -eq 0 ]
