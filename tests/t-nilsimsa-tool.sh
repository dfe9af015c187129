#!/bin/sh
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

# Runs the built nilsimsa(1): every option, errors and exit codes. Expected
# codes come from the shared vectors or from tests/nsm_textbook (the
# textbook implementation digesting the bytes the tool should digest).
set -u
: "${top_srcdir:?}" "${top_builddir:?}"
T="$top_builddir/nilsimsa/nilsimsa"
TB="$top_builddir/tests/nsm_textbook"
V="${NSM_SHARED:-$top_srcdir/../shared}/vectors/vectors.tsv"
if [ ! -r "$V" ]; then
	if [ "${CI:-}" = true ]; then
		echo "FAIL: $V not found and CI=true" >&2
		exit 1
	fi
	echo "SKIP: $V not found (set NSM_SHARED)"
	exit 77
fi
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
fails=0
n=0

fail() {
	echo "FAIL: $*" >&2
	fails=$((fails + 1))
}

# check NAME WANT GOT
check() {
	n=$((n + 1))
	if [ "$2" = "$3" ]; then
		echo "ok $n - $1"
	else
		fail "$1"
		printf '  want: %s\n  got:  %s\n' "$2" "$3" >&2
	fi
}

# run: output in $d/out, stderr in $d/err, status in $rc
run() {
	"$T" "$@" >"$d/out" 2>"$d/err"
	rc=$?
}

vec() {	# the hex of a vector by its input text (no escapes)
	k="$1" awk -F '\t' '$1 == ENVIRON["k"] { print $2 }' "$V"
}

tb() {	# the textbook code of a file
	"$TB" < "$1"
}

fox=$(vec 'The quick brown fox')
foxer=$(vec 'The quicker brown fox')
abc=$(vec abcdefgh)
zero=0000000000000000000000000000000000000000000000000000000000000000
[ ${#fox} -eq 64 ] && [ ${#foxer} -eq 64 ] && [ ${#abc} -eq 64 ] ||
    { echo "FAIL: vectors missing from $V" >&2; exit 1; }

# ---- plain codes: files, stdin, '-', several files
printf 'The quick brown fox' > "$d/fox"
printf 'abcdefgh' > "$d/abc"
run "$d/fox"
check "file" "$fox $d/fox" "$(cat "$d/out")"
check "file exit" 0 "$rc"
check "stdin" "$fox -" "$(printf 'The quick brown fox' | "$T")"
check "stdin -" "$abc -" "$(printf 'abcdefgh' | "$T" -)"
run "$d/fox" "$d/abc"
check "two files" "$fox $d/fox
$abc $d/abc" "$(cat "$d/out")"
printf 'Dear Sir / Madam,\r\n' > "$d/crlf"
check "CRLF vector" "$(vec 'Dear Sir / Madam,\r\n') $d/crlf" "$("$T" "$d/crlf")"
: > "$d/empty"
check "empty" "$zero $d/empty" "$("$T" "$d/empty")"
# A file bigger than one read chunk, against the textbook.
awk 'BEGIN { for (i = 0; i < 20000; i++) printf "line %d of a long message body\n", i * 7 }' > "$d/big"
check "big file" "$(tb "$d/big") $d/big" "$("$T" "$d/big")"

# ---- errors: missing file, directory, the other inputs still done
run "$d/fox" "$d/nonexistent" "$d/abc"
check "missing file exit" 2 "$rc"
check "missing file message" "nilsimsa: $d/nonexistent: No such file or directory" "$(cat "$d/err")"
check "missing file, others done" "$fox $d/fox
$abc $d/abc" "$(cat "$d/out")"
run "$d"
check "directory exit" 2 "$rc"
check "directory message" "nilsimsa: $d: Is a directory" "$(cat "$d/err")"
run --no-such-option
check "unknown option exit" 2 "$rc"
grep -q '^usage: nilsimsa' "$d/err" || fail "unknown option: no usage on stderr"
run -t 5 "$d/fox"
check "-t without -c exit" 2 "$rc"
run -c "$fox" -t 129 "$d/fox"
check "-t out of range exit" 2 "$rc"
check "-t out of range message" 'nilsimsa: bad threshold "129": want an integer from -128 to 128' "$(cat "$d/err")"
run -c "$fox" -t 1x "$d/fox"
check "-t not a number exit" 2 "$rc"

# ---- -s: the body after the first empty line, LF and CRLF
printf 'Subject: hello\nFrom: a@b\n\nThe body, line one.\nline two\n' > "$d/lf.eml"
printf 'The body, line one.\nline two\n' > "$d/lf.body"
check "-s LF" "$(tb "$d/lf.body") $d/lf.eml" "$("$T" -s "$d/lf.eml")"
check "--skip-headers" "$(tb "$d/lf.body") $d/lf.eml" "$("$T" --skip-headers "$d/lf.eml")"
printf 'Subject: hello\r\nFrom: a@b\r\n\r\nThe body, line one.\r\nline two\r\n' > "$d/crlf.eml"
printf 'The body, line one.\r\nline two\r\n' > "$d/crlf.body"
check "-s CRLF" "$(tb "$d/crlf.body") $d/crlf.eml" "$("$T" -s "$d/crlf.eml")"
# Without -s the whole message counts, so the code differs.
check "no -s" "$(tb "$d/crlf.eml") $d/crlf.eml" "$("$T" "$d/crlf.eml")"
# "\r\r\n" is not an empty line; the header ends at the later "\n\n".
printf 'A: b\r\r\nC: d\n\nxyzzy body\n' > "$d/odd.eml"
printf 'xyzzy body\n' > "$d/odd.body"
check "-s CR CR LF" "$(tb "$d/odd.body") -" "$("$T" -s < "$d/odd.eml")"
printf 'Subject: no body\nX: y\n' > "$d/nobody.eml"
check "-s no empty line" "$zero $d/nobody.eml" "$("$T" -s "$d/nobody.eml")"
printf '\nbody at once\n' > "$d/nohdr.eml"
printf 'body at once\n' > "$d/nohdr.body"
check "-s empty header" "$(tb "$d/nohdr.body") $d/nohdr.eml" "$("$T" -s "$d/nohdr.eml")"

# ---- --mbox: messages, >From unquoting, the separator's blank line
{
	printf 'From alice@example.org Mon Jan  1 00:00:00 2026\n'
	printf 'Subject: one\n\nfirst message\n>From the quoted line\n>>From twice\n\n'
	printf 'From bob@example.org Mon Jan  1 00:00:01 2026\n'
	printf 'Subject: two\n\nsecond message\n\n\nFromage is not a separator\n\n'
} > "$d/box"
printf 'Subject: one\n\nfirst message\nFrom the quoted line\n>From twice\n' > "$d/m1"
printf 'Subject: two\n\nsecond message\n\n\nFromage is not a separator\n' > "$d/m2"
printf 'first message\nFrom the quoted line\n>From twice\n' > "$d/b1"
printf 'second message\n\n\nFromage is not a separator\n' > "$d/b2"
run --mbox "$d/box"
check "--mbox" "$(tb "$d/m1") $d/box:1
$(tb "$d/m2") $d/box:2" "$(cat "$d/out")"
check "--mbox exit" 0 "$rc"
check "--mbox -s" "$(tb "$d/b1") $d/box:1
$(tb "$d/b2") $d/box:2" "$("$T" --mbox -s "$d/box")"
check "--mbox stdin" "$(tb "$d/m2") -:2" "$("$T" --mbox < "$d/box" | sed -n 2p)"
check "--mbox empty file" "" "$("$T" --mbox "$d/empty")"

# ---- -c / -t
run -c "$fox" -t 100 "$d/fox" "$d/abc"
check "-c match exit" 0 "$rc"
check "-c lists matches only" "128 $fox $d/fox" "$(cat "$d/out")"
run -c "$foxer" -t 90 "$d/fox"
check "-c score 91 > 90" "91 $fox $d/fox" "$(cat "$d/out")"
run -c "$foxer" -t 91 "$d/fox"
check "-c score 91 not > 91, exit" 1 "$rc"
check "-c no match output" "" "$(cat "$d/out")"
run --code "$fox" --threshold 127 "$d/fox"
check "--code/--threshold" "0 128 $fox $d/fox" "$rc $(cat "$d/out")"
# The complement of a code scores -128 against it: no match above 0.
notfox=$(printf '%s' "$fox" | tr 0123456789abcdef fedcba9876543210)
run -c "$notfox" "$d/fox"
check "-c default threshold 0" "1" "$rc"
run -c "$notfox" -t -129 "$d/fox"
check "-c -t -129 out of range" "2" "$rc"
run -c "$notfox" -t -128 "$d/fox"
check "-c -t -128: -128 is not above it" "1" "$rc"
run -c xyz "$d/fox"
check "-c bad length exit" 2 "$rc"
check "-c bad length message" 'nilsimsa: bad code "xyz": a code must be 64 hex digits' "$(cat "$d/err")"
bad=$(printf '%s' "$fox" | sed 's/^./g/')
run -c "$bad" "$d/fox"
check "-c bad digit exit" 2 "$rc"
check "-c bad digit message" "nilsimsa: bad code \"$bad\": not a hex digit in a code" "$(cat "$d/err")"
run -c "$fox" -t 100 "$d/fox" "$d/nonexistent"
check "-c with an unreadable input exit" 2 "$rc"
run --mbox -s -c "$(tb "$d/b2")" -t 120 "$d/box"
check "--mbox -c" "128 $(tb "$d/b2") $d/box:2" "$(cat "$d/out")"

# ---- --compare
check "--compare codes" 91 "$("$T" --compare "$fox" "$foxer")"
check "--compare symmetric" 91 "$("$T" --compare "$foxer" "$fox")"
check "--compare file and code" 128 "$("$T" --compare "$d/fox" "$fox")"
printf 'Other: headers\r\n\r\nThe body, line one.\r\nline two\r\n' > "$d/crlf2.eml"
check "--compare -s files" 128 "$("$T" -s --compare "$d/crlf.eml" "$d/crlf2.eml")"
check "--compare without -s" 128 "$("$T" --compare "$d/crlf.body" "$(tb "$d/crlf.body")")"
printf 'abcdefghijk' > "$d/abcdefghijk"
check "--compare files" 109 "$("$T" --compare "$d/abc" "$d/abcdefghijk")"
run --compare "$fox"
check "--compare one operand exit" 2 "$rc"
run --compare abc "$fox"
check "--compare bad code exit" 2 "$rc"
check "--compare bad code message" 'nilsimsa: bad code "abc": a code must be 64 hex digits' "$(cat "$d/err")"
run --compare "$d/nonexistent" "$fox"
check "--compare missing file" "2 nilsimsa: $d/nonexistent: No such file or directory" "$rc $(cat "$d/err")"

# ---- --json: valid JSON lines with the right fields
jcheck() {	# jcheck NAME PYTHON-EXPR-ON-LIST-OF-OBJECTS
	n=$((n + 1))
	if python3 -c '
import json, sys
objs = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
sys.exit(0 if ('"$2"') else 1)' "$d/out"; then
		echo "ok $n - $1"
	else
		fail "$1"
		cat "$d/out" >&2
	fi
}
if command -v python3 >/dev/null 2>&1; then
	run --json "$d/fox" "$d/abc"
	jcheck "--json files" "len(objs) == 2 and objs[0] == {'name': '$d/fox', 'code': '$fox', 'length': 19} and objs[1]['code'] == '$abc'"
	run --json --mbox -s "$d/box"
	jcheck "--json --mbox" "[o['name'] for o in objs] == ['$d/box:1', '$d/box:2'] and objs[1]['code'] == '$(tb "$d/b2")'"
	run --json -c "$foxer" -t 0 "$d/fox"
	jcheck "--json -c" "len(objs) == 1 and objs[0]['score'] == 91"
	run --json --compare "$fox" "$foxer"
	jcheck "--json --compare" "objs == [{'a': '$fox', 'b': '$foxer', 'score': 91}]"
	printf 'The quick brown fox' > "$d/$(printf 'bad\377name')"
	run --json "$d/$(printf 'bad\377name')"
	jcheck "--json non-UTF-8 name" "len(objs) == 1 and objs[0]['code'] == '$fox' and objs[0]['name'].endswith('bad\ufffdname')"
else
	fail "python3 not found: cannot validate --json"
fi

# ---- help and version
run -h
check "-h" "0 yes" "$rc $(grep -q -- '--skip-headers' "$d/out" && echo yes)"
run --help
check "--help exit" 0 "$rc"
run -V
check "-V" "0 yes" "$rc $(grep -q '^nilsimsa (nilsimsa-milter) [0-9]' "$d/out" && echo yes)"
run --version
check "--version exit" 0 "$rc"

echo "$n checks, $fails failed"
[ "$fails" -eq 0 ]
