#!/bin/sh
#
# bound.sh: runs one test under a hard time bound (make check's
# LOG_COMPILER). A test that hangs (a daemon that neither starts nor
# exits, a deadlock) is killed with its process group after
# NSM_TEST_BOUND seconds (default 1200: the slowest test, t-store-damage,
# takes about 100 s under AddressSanitizer) and fails with a line that says so,
# instead of holding CI until its own limit with nothing in the logs.
# Each test's time (wall seconds) ends its log; with NSM_TEST_TIMES=FILE
# it is also appended to FILE ("seconds test exit"), which .ci/run
# prints sorted after each suite.

bound=${NSM_TEST_BOUND:-1200}
start=$(date +%s)
timeout -k 10 "$bound" "$@"
rc=$?
took=$(($(date +%s) - start))
echo "# bound.sh: $1 took $took s (exit $rc)"
[ -n "${NSM_TEST_TIMES:-}" ] && echo "$took $1 $rc" >>"$NSM_TEST_TIMES"
if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
	echo "FAIL: $1: killed after $bound s (NSM_TEST_BOUND): a hang," \
	    "see the last lines above"
	exit 99
fi
exit $rc
