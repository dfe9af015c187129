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

# The committed nilsimsa/nilsimsa-tables.h must be exactly what
# nilsimsa/gentables writes (regenerate: nilsimsa/gentables > FILE).
set -eu
: "${top_srcdir:?}" "${top_builddir:?}"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$top_builddir/nilsimsa/gentables" > "$out"
if ! cmp -s "$out" "$top_srcdir/nilsimsa/nilsimsa-tables.h"; then
	echo "FAIL: nilsimsa/nilsimsa-tables.h differs from gentables output" >&2
	diff "$out" "$top_srcdir/nilsimsa/nilsimsa-tables.h" | head -20 >&2
	exit 1
fi
echo "ok: nilsimsa-tables.h matches gentables"
