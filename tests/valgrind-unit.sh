#!/bin/sh
# valgrind-unit.sh BUILDDIR: run every Check unit test of a built tree
# under valgrind's memcheck (no fork, so valgrind sees the tests
# themselves), with the project's suppressions. Exits non-zero at the
# first memory error or definite leak. CI runs it after make check.
#   tests/valgrind-unit.sh .
set -eu

b=${1:-.}
here=$(cd "$(dirname "$0")" && pwd)
: "${NSM_SHARED:=$here/../../shared}"
# The "big" cases (check_nilsimsa past 256 MiB) run natively and under
# the sanitizers; under valgrind they would take many minutes.
export NSM_SHARED CK_FORK=no CK_DEFAULT_TIMEOUT=0 CK_EXCLUDE_TAGS=big top_srcdir="$here/.."

# one TEST: run it under valgrind; "ok: ..." or "FAIL: ..." and its log
one() {
	start=$(date +%s)
	if "$b/libtool" --mode=execute valgrind -q --error-exitcode=99 \
	    --leak-check=full --errors-for-leak-kinds=definite \
	    --suppressions="$here/valgrind.supp" "$b/tests/$1" >"$b/tests/$1.vg.log" 2>&1; then
		echo "ok: $1 under valgrind ($(( $(date +%s) - start )) s)"
	else
		echo "FAIL: $1 under valgrind; see $b/tests/$1.vg.log:"
		tail -40 "$b/tests/$1.vg.log"
		return 1
	fi
}

# lane TEST...: each under valgrind in turn; exit status: how many failed
lane() {
	n=0
	for t in "$@"; do
		one "$t" || n=$((n + 1))
	done
	return $n
}

# Two lanes, one per core, about as long as each other (seconds in CI):
# check_store (101), check_nilsimsa (19) and check_profile (20) beside
# check_canon (92) and the ten others (33 together).
lane1="check_store check_nilsimsa check_profile"
lane2="check_canon check_message check_config check_addrlist check_verdict
    check_ctl check_metrics check_boiler check_forms check_quotes check_rfc2047
    check_redis
    check_domain"
lane $lane1 >"$b/tests/lane.vg.out" 2>&1 &
bg=$!
fail=0
lane $lane2 || fail=$?
wait $bg || fail=$((fail + $?))
cat "$b/tests/lane.vg.out"
echo "$(($(echo $lane1 $lane2 | wc -w) - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
