# ctlcheck.sh: what the nilsimsactl shell tests (t-nilsimsactl.sh,
# t-profile.sh) share; sourced, not run.
#
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
#
# The test defines ctl ARGS... (running nilsimsactl with its output in
# $W/out and $W/err) and $W; this gives it the counters npass and nfail,
# ok, fail, status and pyjson.

npass=0
nfail=0
ok() { npass=$((npass + 1)); }
fail() { nfail=$((nfail + 1)); echo "FAIL: $*"; }

# status WANT DESC ARGS...: the exit status of `ctl ARGS` must be WANT, and
# an error must come with exactly one line on stderr naming the problem
status() {
	want=$1 desc=$2
	shift 2
	ctl "$@"
	got=$?
	if [ "$got" -ne "$want" ]; then
		fail "$desc: exit $got, want $want; stderr: $(cat "$W/err")"
		return 1
	fi
	if [ "$want" -ne 0 ] && [ "$(wc -l <"$W/err")" -ne 1 ]; then
		fail "$desc: want one line on stderr, got: $(cat "$W/err")"
		return 1
	fi
	ok
}

# pyjson DESC EXPR: passes if the Python expression EXPR is true, with
# j = the JSON in $W/out
pyjson() {
	if python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
sys.exit(0 if eval("(" + sys.argv[2] + ")") else 1)' "$W/out" "$2"; then
		ok
	else
		fail "$1: $2 on $(head -c 600 "$W/out")"
	fi
}
