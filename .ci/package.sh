#!/bin/bash
# package.sh: the Debian packages, built and used as an administrator
# would (run as root on Debian 12; CI runs it after the test suite):
#
#  1. dpkg-buildpackage -us -uc -b in a copy of the tree (the files git
#     tracks or would track), so the build never touches the source;
#  2. lintian on the result: any error fails;
#  3. dpkg -i of the three packages; the installed nilsimsa-milter -n
#     (on the packaged /etc/nilsimsa-milter.conf), nilsimsactl --version,
#     the system user, the enabled unit, a program built against
#     libnilsimsa-dev with pkg-config;
#  4. dpkg -r: the programs go, the configuration and the store (with
#     what it holds) stay;
#  and what the maintainer scripts ask of systemd (stand-ins in PATH):
#  an upgrade try-restarts the unit and never stops it, dpkg -r stops it,
#  an install after a removal where an MTA is configured starts it.
#
# It installs packages on the machine it runs on (a CI machine is thrown
# away). It does not purge at the end: purging removes
# /var/lib/nilsimsa-milter. Prints how long each step took.
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
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive
PATH=$PATH:/usr/sbin:/sbin
[ "$(id -u)" = 0 ] || { echo "package.sh: run as root (dpkg -i)"; exit 1; }

fails=0
ok()  { echo "PASS: $*"; }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
check() { local what=$1; shift; if "$@"; then ok "$what"; else bad "$what"; fi; }
t0=$(date +%s)
lap() { echo "# $1: $(( $(date +%s) - t0 )) s so far"; }

# dpkg-dev, debhelper, lintian and the build dependencies are
# tools/install-deps.sh's.
for t in dpkg-buildpackage dh lintian; do
	command -v $t >/dev/null || { echo "package.sh: no $t: run tools/install-deps.sh"; exit 1; }
done
version=$(dpkg-parsechangelog -S Version)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/nsm-package.XXXXXX")
SRC=$WORK/nilsimsa-milter-$version
mkdir "$SRC"
git ls-files -z --cached --others --exclude-standard |
	tar --null --ignore-failed-read -T - -cf - | tar -xf - -C "$SRC"
echo "# building $version in $SRC"

# ---- 1. build
(cd "$SRC" && dpkg-checkbuilddeps &&
	DEB_BUILD_OPTIONS="nocheck parallel=2" dpkg-buildpackage -us -uc -b) \
	> "$WORK/build.log" 2>&1 || { tail -n 60 "$WORK/build.log"; echo "FAIL: dpkg-buildpackage"; exit 1; }
ok "dpkg-buildpackage -us -uc -b"
lap build
changes=$(ls "$WORK"/nilsimsa-milter_*.changes)
debs=("$WORK"/nilsimsa-milter_*.deb "$WORK"/libnilsimsa0_*.deb "$WORK"/libnilsimsa-dev_*.deb)
check "three packages built (${debs[*]##*/})" test -f "${debs[0]}" -a -f "${debs[1]}" -a -f "${debs[2]}"
for d in "${debs[@]}"; do
	echo "## ${d##*/}"
	dpkg-deb -c "$d" | awk '{ print "   ", $6, $7, $8 }'
done

# ---- 2. lintian: errors fail, the rest is shown
if lintian --fail-on error --display-level '>=info' "$changes" > "$WORK/lintian.log" 2>&1; then
	ok "lintian: no error ($(grep -c '^W:' "$WORK/lintian.log" || true) warnings)"
else
	bad "lintian found errors"
fi
sed 's/^/    /' "$WORK/lintian.log"
lap lintian

# ---- 3. install and use
store=/var/lib/nilsimsa-milter
dpkg -i "${debs[@]}" > "$WORK/install.log" 2>&1 ||
	{ cat "$WORK/install.log"; echo "FAIL: dpkg -i"; exit 1; }
ok "dpkg -i"
check "the installed nilsimsa-milter -n accepts /etc/nilsimsa-milter.conf" \
	/usr/sbin/nilsimsa-milter -n
check_out() { # check_out WHAT REGEX CMD...: CMD succeeds and prints REGEX
	local what=$1 re=$2 out
	shift 2
	if out=$("$@" 2>&1) && grep -Eq "$re" <<<"$out"; then ok "$what ($out)"; else bad "$what: $out"; fi
}
check_out "nilsimsactl --version" "^nilsimsactl $version" /usr/sbin/nilsimsactl --version
check_out "nilsimsa-milter -V" "^nilsimsa-milter $version" /usr/sbin/nilsimsa-milter -V
check_out "the system user nilsimsa-milter, no login, home the store" \
	"^nilsimsa-milter:x:[0-9]+:[0-9]+:[^:]*:$store:/usr/sbin/nologin$" getent passwd nilsimsa-milter
check_out "the store directory belongs to it, mode 700" \
	"^nilsimsa-milter:nilsimsa-milter 700$" stat -c '%U:%G %a' "$store"
check_out "/etc/nilsimsa-milter.conf is a conffile" "^ /etc/nilsimsa-milter.conf [0-9a-f]{32}" \
	dpkg-query -W -f='${Conffiles}\n' nilsimsa-milter
check_out "the configuration (it may hold RedisPassword) is root's and the milter's group's, mode 640" \
	"^root:nilsimsa-milter 640$" stat -c '%U:%G %a' /etc/nilsimsa-milter.conf
unit=/lib/systemd/system/nilsimsa-milter.service
check_out "the unit is Type=notify and runs /usr/sbin" "^Type=notify" grep -E '^Type=' "$unit"
check_out "... ExecStart /usr/sbin/nilsimsa-milter" "^ExecStart=/usr/sbin/nilsimsa-milter " \
	grep '^ExecStart=' "$unit"
check "the unit is enabled (multi-user.target.wants)" \
	test -L /etc/systemd/system/multi-user.target.wants/nilsimsa-milter.service
check_out "systemd-analyze verify the unit" "^$" systemd-analyze verify "$unit"
check "man pages installed" test -f /usr/share/man/man8/nilsimsa-milter.8.gz -a \
	-f /usr/share/man/man5/nilsimsa-milter.conf.5.gz -a -f /usr/share/man/man8/nilsimsactl.8.gz
cat > "$WORK/use.c" <<'EOF'
#include <stdio.h>
#include <string.h>
#include <nilsimsa.h>

int
main(int argc, char *argv[])
{
	nilsimsa_code	c;
	char		hex[NILSIMSA_HEX_LEN + 1];

	nilsimsa_digest(argv[1], strlen(argv[1]), &c);
	nilsimsa_to_hex(&c, hex);
	printf("%s\n", hex);
	return argc != 2;
}
EOF
text="The quick brown fox jumps over the lazy dog"
if gcc -o "$WORK/use" "$WORK/use.c" $(pkg-config --cflags --libs nilsimsa) 2>"$WORK/cc.log"; then
	want=$(printf '%s' "$text" | /usr/bin/nilsimsa | cut -d' ' -f1)
	check_out "a program built with pkg-config nilsimsa prints nilsimsa(1)'s code" \
		"^$want\$" "$WORK/use" "$text"
else
	bad "cc with pkg-config nilsimsa: $(cat "$WORK/cc.log")"
fi
lap install

# A store with something in it, to see it survive removal (a store that
# exists already is left as it is).
if [ ! -e "$store/data.mdb" ]; then
	# enough text of its own (MinOwnText) for the store to keep its code
	printf 'Subject: kept\n\n%s %s %s\n' "$text, and a few more words for a code:" \
	    "the installed nilsimsactl writes this message to the installed" \
	    "milter's store, so that removing the package can be seen to keep it." \
	    > "$WORK/ham.eml"
	/usr/sbin/nilsimsactl learn ham "$WORK/ham.eml" > "$WORK/learn.log" 2>&1 ||
		bad "nilsimsactl learn ham: $(cat "$WORK/learn.log")"
fi
before=$(cd "$store" && find . -type f -exec md5sum {} + | sort)

# What the maintainer scripts ask of systemd, where systemd is not
# running: /run/systemd/system made for the while, deb-systemd-invoke
# and systemctl stand-ins first in PATH that note their arguments.
fake=$WORK/fake-systemd
mkdir -p "$fake"
for c in deb-systemd-invoke systemctl; do
	printf '#!/bin/sh\necho "%s $*" >> "%s/calls"\n' "$c" "$fake" > "$fake/$c"
	chmod +x "$fake/$c"
done
made_run=0 made_parent=0
[ -d /run/systemd ] || made_parent=1
[ -d /run/systemd/system ] || { mkdir -p /run/systemd/system && made_run=1; }
with_fake() { # with_fake CMD...: run CMD with the stand-ins; their calls in $fake/calls
	: > "$fake/calls"
	PATH=$fake:$PATH "$@"
}
fake_done() {
	[ $made_run = 0 ] || rmdir /run/systemd/system
	[ $made_parent = 0 ] || rmdir /run/systemd
	made_run=0 made_parent=0
}
made_cf=0
trap 'fake_done; [ $made_cf = 0 ] || rm -f /etc/postfix/main.cf' EXIT

# ---- 3b. an upgrade (the same package again) restarts a running
# milter and never leaves it stopped (found by review: --no-start alone
# stopped it before the upgrade, and try-restart then did nothing)
with_fake dpkg -i "${debs[0]}" > "$WORK/upgrade.log" 2>&1 ||
	{ cat "$WORK/upgrade.log"; bad "dpkg -i again"; }
calls=$(tr '\n' ';' < "$fake/calls")
check "upgrade: the unit is try-restarted ($calls)" \
	grep -q '^deb-systemd-invoke try-restart nilsimsa-milter.service' "$fake/calls"
check "upgrade: the unit is never stopped ($calls)" \
	test -z "$(grep ' stop ' "$fake/calls")"

# ---- 4. remove: the milter stops, the programs go, configuration and
# store stay
with_fake dpkg -r nilsimsa-milter libnilsimsa-dev libnilsimsa0 > "$WORK/remove.log" 2>&1 ||
	{ cat "$WORK/remove.log"; bad "dpkg -r"; }
check "dpkg -r: the unit is stopped ($(tr '\n' ';' < "$fake/calls"))" \
	grep -q '^deb-systemd-invoke stop nilsimsa-milter.service' "$fake/calls"
check "dpkg -r: /usr/sbin/nilsimsa-milter is gone" test ! -e /usr/sbin/nilsimsa-milter
check_out "dpkg -r: the package keeps its configuration files" "^deinstall ok config-files$" \
	dpkg-query -W -f='${Status}\n' nilsimsa-milter
check "dpkg -r: /etc/nilsimsa-milter.conf is still there" test -f /etc/nilsimsa-milter.conf
check "dpkg -r: the store is still there, with data.mdb" test -f "$store/data.mdb"
check "dpkg -r: the store's files are unchanged" \
	test "$before" = "$(cd "$store" && find . -type f -exec md5sum {} + | sort)"

# ---- 5. installed again after the removal, where an MTA is configured
# (an empty main.cf made for the while, if there is none): started
[ -e /etc/postfix/main.cf ] || { mkdir -p /etc/postfix && : > /etc/postfix/main.cf && made_cf=1; }
with_fake dpkg -i "${debs[0]}" "${debs[1]}" > "$WORK/reinstall.log" 2>&1 ||
	{ cat "$WORK/reinstall.log"; bad "dpkg -i after dpkg -r"; }
check "installed again with an MTA: the unit is started ($(tr '\n' ';' < "$fake/calls"))" \
	grep -q '^deb-systemd-invoke start nilsimsa-milter.service' "$fake/calls"
with_fake dpkg -r nilsimsa-milter libnilsimsa0 > "$WORK/remove2.log" 2>&1 ||
	{ cat "$WORK/remove2.log"; bad "dpkg -r again"; }
[ $made_cf = 0 ] || rm -f /etc/postfix/main.cf
made_cf=0
fake_done
lap total

if [ $fails -gt 0 ]; then
	echo "# $fails failed; kept $WORK"
	exit 1
fi
rm -rf "$WORK"
echo "# all passed"
