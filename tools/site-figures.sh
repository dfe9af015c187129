#!/bin/bash
# site-figures.sh: the detection figures of docs/replay.md in one run:
# every site stream in-process (tools/nsm-site, with -f and on the
# stream's clock) and the corpus replay's three streams (tools/nsm-replay),
# with this build's defaults.
#
#   tools/site-figures.sh [-c CONFIG] [WORKDIR]
#
# The streams are generated into WORKDIR (default /tmp/nsm-figures) when
# absent: tools/mksite.py en and zh (seed 1), tools/xsite en.py and zh.py
# (seeds 1 and 2), jaru.py ja and ru, zhco.py (seeds 1-3: a Chinese
# company's mail), enu.py (seeds 1-2: an English university's), enco.py
# (seeds 1-2: an English engineering company's) and zhuni.py (seeds 1-2:
# a Chinese university's), each
# written by a helper who had not read the others (their packages are
# in their headers). They are deterministic for a seed
# and the installed packages, so a second run (after a change) compares
# the same mail; remove WORKDIR to write them again. The corpus is read
# from ../shared or $NSM_SHARED. Prints one line a stream and clock:
#   stream  clock  ham  ham-rejected  spam  spam-rejected
# then the corpus replay's lines: its SpamAssassin, phishing and
# families streams, and the families again with RejectThreshold 3
# (CONFIG's other lines kept). Takes a few minutes.
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
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
conf=()
while getopts c: o; do
	case $o in
	c) conf=(-c "$(realpath "$OPTARG")") ;;
	*) sed -n '2,16p' "$0"; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
work=${1:-/tmp/nsm-figures}
export NSM_SHARED=${NSM_SHARED:-$top/../shared}
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
for t in nsm-site nsm-replay; do
	[ -x "$top/tools/$t" ] || { echo "site-figures: build first (make): no tools/$t" >&2; exit 2; }
done
mkdir -p "$work" || exit 1

# make_stream NAME COMMAND...: generate stream NAME unless it is there
make_stream() {
	local name=$1
	shift
	[ -f "$work/$name/stream.tsv" ] && return 0
	rm -rf "$work/$name"
	"$@" "$work/$name" > "$work/$name.gen.log" 2>&1 ||
	    { echo "site-figures: $name: $* failed (see $work/$name.gen.log)" >&2; return 1; }
}
make_stream mksite-en $py "$top/tools/mksite.py" en || exit 1
make_stream mksite-zh $py "$top/tools/mksite.py" zh || exit 1
for s in 1 2; do
	make_stream xsite-en-$s $py "$top/tools/xsite/en.py" -s $s || exit 1
	make_stream xsite-zh-$s $py "$top/tools/xsite/zh.py" -s $s || exit 1
done
make_stream xsite-ja $py "$top/tools/xsite/jaru.py" ja || exit 1
make_stream xsite-ru $py "$top/tools/xsite/jaru.py" ru || exit 1
for s in 1 2 3; do
	make_stream zhco-$s $py "$top/tools/xsite/zhco.py" -s $s || exit 1
done
for s in 1 2; do
	make_stream enu-$s $py "$top/tools/xsite/enu.py" $s || exit 1
	make_stream enco-$s $py "$top/tools/xsite/enco.py" -s $s || exit 1
	make_stream zhuni-$s $py "$top/tools/xsite/zhuni.py" -s $s || exit 1
done

printf "%-12s %-6s %6s %8s %6s %8s\n" stream clock ham rejected spam rejected
for name in mksite-en mksite-zh xsite-en-1 xsite-en-2 xsite-zh-1 xsite-zh-2 \
    xsite-ja xsite-ru zhco-1 zhco-2 zhco-3 enu-1 enu-2 enco-1 enco-2 \
    zhuni-1 zhuni-2; do
	for f in -f ""; do
		"$top/tools/nsm-site" "${conf[@]}" $f "$work/$name" 2>&1 |
		    awk -v s="$name" -v c="${f:+fast}" '
			$2 == "all" { n[$1] = $3; r[$1] = $4 }
			END { printf "%-12s %-6s %6d %8d %6d %8d\n", s, c ? c : "clock",
			    n["ham"], r["ham"], n["spam"], r["spam"] }'
	done
done

rt3=$work/rt3.conf
{ [ ${#conf[@]} -eq 0 ] || grep -Evi '^[[:space:]]*RejectThreshold([[:space:]]|$)' "${conf[1]}"
  echo "RejectThreshold 3"; } > "$rt3"
replay() {
	echo "# nsm-replay $*"
	"$top/tools/nsm-replay" "$@" 2>&1 |
	    grep -E "ham, all|controls|^  spam  |caught|from the" | sed 's/^/  /'
}
replay "${conf[@]}" --stream sa
replay "${conf[@]}" --stream phish
replay "${conf[@]}" --stream families --families 40 --variants 20 --controls 40
replay -c "$rt3" --stream families --families 40 --variants 12 --controls 40
