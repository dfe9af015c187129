#!/bin/bash
# hostile-cpu.sh: the canonicaliser's CPU time per MiB of body on the
# hostile messages of tests/hostile/gen.py, exhaustively: every charset
# `iconv -l` lists, and the bulk cases scaled up so that a message's
# fixed cost does not hide its per-byte cost. Not run by make check.
#
#   bench/hostile-cpu.sh [SCALE [SEED]]     (default 4, 9)
#
# Run from the build directory (after make); prints bench/hostile-cpu's
# table, worst first, then the 18 worst with the digest counted too
# (-d); exits 1 when an input of 64 KiB or more costs more than 50 ms of
# CPU per MiB.
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
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
bin=${HOSTILE_CPU:-./bench/hostile-cpu}
[ -x "$bin" ] || { echo "hostile-cpu.sh: $bin not built (run make in the build directory)" >&2; exit 2; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/hostile-cpu.XXXXXX")
trap 'rm -rf "$dir"' EXIT
python3 "$src/tests/hostile/gen.py" --charsets all --scale "${1:-4}" --seed "${2:-9}" "$dir" >/dev/null
cp "$src"/tests/hostile/hand-*.eml "$dir/"
echo "# $(ls "$dir" | wc -l) inputs, $(du -sm "$dir" | cut -f1) MiB"
rc=0
"$bin" "$dir"/*.eml || rc=$?
echo
# the same with the digest of the canonical text: the milter's whole cost
"$bin" -d "$dir"/*.eml | sed -n '1,20p' || true
exit $rc
