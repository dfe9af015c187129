#!/bin/sh
# t-multilingual.sh: mail in thirteen languages through the milter's own
# code path, with the default settings. tools/mkmlstream.py makes the
# stream from free prose Debian installs (translated man pages, fortunes,
# the installation guide, FAQ and handbook, in GB2312/GBK/GB18030, Big5,
# ISO-2022-JP, Shift_JIS, EUC-JP, KOI8-R, windows-1251, EUC-KR and CP949
# labelled ks_c_5601-1987, ISO-8859-7, windows-1253, windows-1256,
# ISO-8859-6, ISO-8859-x and UTF-8; base64, quoted-printable, 8bit);
# tools/mlmeasure -s replays each language into a store, one recipient and
# a new /24 a message, so that any cluster of unrelated mail looks spread
# over networks: harsher than a site; then the same stream without MIME
# labels, in each language's legacy charset (tools/site-unlabel.py).
# For every language, both times:
#   unrelated ham rejected: <= 5%;
#   copies of the families (inserted and replaced words, hash-busters,
#   another charset or encoding) in their first copy's cluster: >= 85%;
# and over all languages in one store, ham rejected <= 2%.
# docs/multilingual.md has the full stream and its figures.
set -u

: "${top_builddir:=.}"
: "${top_srcdir:=.}"

# Installed, or unpacked by tools/install-deps.sh where dpkg leaves out
# /usr/share/man or /usr/share/doc; a root set by the caller is kept.
: "${NSM_PROSE_ROOT=}"
cache=/var/cache/nilsimsa-milter/prose
if [ -z "$NSM_PROSE_ROOT" ] && [ -d "$cache" ] &&
    { [ ! -d /usr/share/man/zh_CN ] ||
    [ ! -d /usr/share/doc/installation-guide-amd64/ko ] ||
    [ ! -d /usr/share/doc/debian-handbook/html/ar-MA ]; }; then
	NSM_PROSE_ROOT=$cache
fi
export NSM_PROSE_ROOT
missing=
for d in zh_CN zh_TW ja ru de fr pl el; do
	[ -d "$NSM_PROSE_ROOT/usr/share/man/$d" ] || missing="$missing $d"
done
[ -f "$NSM_PROSE_ROOT/usr/share/games/fortunes/tang300" ] || missing="$missing fortunes-zh"
[ -d "$NSM_PROSE_ROOT/usr/share/games/fortunes/ru" ] || missing="$missing fortunes-ru"
for d in ko el vi; do
	[ -d "$NSM_PROSE_ROOT/usr/share/doc/installation-guide-amd64/$d" ] ||
	    missing="$missing installation-guide-amd64($d)"
done
[ -d "$NSM_PROSE_ROOT/usr/share/doc/debian/FAQ/ko" ] || missing="$missing debian-faq-ko"
for d in ar-MA fa-IR; do
	[ -d "$NSM_PROSE_ROOT/usr/share/doc/debian-handbook/html/$d" ] ||
	    missing="$missing debian-handbook($d)"
done
if [ -n "$missing" ]; then
	if [ "${CI:-}" = true ]; then
		echo "FAIL: prose missing:$missing (tools/install-deps.sh installs it)"
		exit 1
	fi
	echo "SKIP: prose missing:$missing (tools/install-deps.sh installs it)"
	exit 77
fi

W=$(mktemp -d "${TMPDIR:-/tmp}/t-multilingual.XXXXXX") || exit 1
trap 'rm -rf "$W"' EXIT INT TERM

if ! python3 "$top_srcdir/tools/mkmlstream.py" -n 300 -f 24 "$W/ml" >"$W/gen" 2>&1; then
	echo "FAIL: mkmlstream.py: $(tail -5 "$W/gen")"
	exit 1
fi
# check DIR: replay the stream in DIR, and hold its table to the targets.
check() {
	if ! "$top_builddir/tools/mlmeasure" -s -m auto "$1" >"$1.out" 2>&1; then
		echo "FAIL: mlmeasure: $(tail -5 "$1.out")"
		return 1
	fi
	sed -n '/^store replay/,$p' "$1.out"
	# lang ham maxham hamjoin rejected footer famcap
	awk '
/^store replay/ { on = 1; next }
on && $1 == "lang" { next }
on && NF == 7 {
	rows++
	ham = $2; rej = $5; cap = $7; sub(/%/, "", cap)
	if ($1 == "all") {
		if (rej > 0.02 * ham) { print "FAIL: all languages: " rej " of " ham " ham rejected (> 2%)"; bad++ }
		next
	}
	if (ham < 50) next	# English is a handful here; the corpus replay measures it
	if (rej > 0.05 * ham) { print "FAIL: " $1 ": " rej " of " ham " ham rejected (> 5%)"; bad++ }
	if (cap + 0 < 85) { print "FAIL: " $1 ": family copies captured " cap "% (< 85%)"; bad++ }
}
END {
	if (rows < 14) { print "FAIL: " rows " rows in the table, 14 expected"; bad++ }
	exit bad > 0
}' "$1.out"
}

rc=0
check "$W/ml" || rc=1
# The same as old clients write it: one 8-bit part in the language's
# legacy charset (GB18030, Big5, Shift_JIS, KOI8-R, ...), no MIME header:
# the canonicaliser must find the charset itself.
if ! python3 "$top_srcdir/tools/site-unlabel.py" "$W/ml" "$W/ml-u" >"$W/gen" 2>&1; then
	echo "FAIL: site-unlabel.py: $(tail -5 "$W/gen")"
	exit 1
fi
echo "unlabelled, in legacy charsets:"
check "$W/ml-u" || rc=1
exit $rc
