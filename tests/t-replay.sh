#!/bin/sh
# t-replay.sh: a small replay of ../shared/corpus through the milter's own
# code path (tools/nsm-replay), so that a regression in detection fails
# make check. The targets are the project's (nsm-replay --check):
#   personal ham rejected: none; all ham rejected: <= 0.1%;
#   unrelated ham pairs above SimilarityThreshold: <= 0.5%;
#   catchable campaign spam rejected: >= 95%;
#   family members in their family's cluster: >= 95%, and no ham joined
#   there as a copy (a join below STORE_COPY_MIN is never rejected);
#   perturbed ham controls (ham sent again a day later with its text
#   edited as a family's copies are) rejected: none;
#   and with RejectThreshold 3, everything to one user (as the corpus
#   was), family copies from the 4th on rejected: >= 95%.
# The full replay, with its table of results, is in docs/replay.md.
set -u

: "${top_builddir:=.}"
: "${NSM_SHARED:=../shared}"
replay="$top_builddir/tools/nsm-replay"

if [ ! -f "$NSM_SHARED/corpus/index.tsv" ]; then
	if [ "${CI:-}" = true ]; then
		echo "FAIL: the corpus is missing: $NSM_SHARED/corpus/index.tsv (CI=true)"
		exit 1
	fi
	echo "SKIP: no corpus at $NSM_SHARED/corpus (set NSM_SHARED)"
	exit 77
fi

pass=0 fail=0
run() {
	name=$1; shift
	if "$replay" --check "$@"; then
		echo "ok: $name"
		pass=$((pass + 1))
	else
		echo "FAIL: $name (nsm-replay --check $*)"
		fail=$((fail + 1))
	fi
}

# SpamAssassin ham and spam, the first 3000 messages in time order.
run "SpamAssassin stream" --stream sa --limit 3000 --pairs 5000
# The phishing set shifted over the ham: the large campaigns.
run "phishing stream" --stream phish --pairs 5000
# Adversarial families from corpus spam, fixed seed, and 40 controls.
run "adversarial families" --stream families --families 20 --variants 15 \
    --controls 40 --pairs 1000
# The same sent to one user, RejectThreshold 3: copies from the 4th on.
conf=$(mktemp "${TMPDIR:-/tmp}/t-replay.XXXXXX") || exit 1
trap 'rm -f "$conf"' EXIT
echo "RejectThreshold 3" > "$conf"
"$replay" -c "$conf" --population 1 --stream families --families 40 \
    --variants 12 --controls 40 --pairs 100 > "$conf.out" 2>&1
cat "$conf.out"
if grep -q "4th on rejected" "$conf.out" &&
    awk '/4th on rejected/ { if ($8 * 100 < $10 * 95) exit 1 }
	/perturbed controls/ && $6 != 0 { exit 1 }' "$conf.out"; then
	echo "ok: families to one user, RejectThreshold 3"
	pass=$((pass + 1))
else
	echo "FAIL: families to one user, RejectThreshold 3"
	fail=$((fail + 1))
fi
rm -f "$conf.out"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
