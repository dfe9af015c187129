#!/bin/sh
# add-system-user.sh: create the system user and group nilsimsa-milter
# runs as (its default UserID), unless they exist. `make install` runs it;
# the milter started as root refuses to run without that user. Under a
# DESTDIR (staged, package) install, or when not root, it only says what
# to run.
#   tools/add-system-user.sh [USER [HOME]]
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
set -eu
PATH=$PATH:/usr/sbin:/sbin

user=${1:-nilsimsa-milter}
home=${2:-/var/lib/nilsimsa-milter}
cmd="adduser --system --group --no-create-home --home $home $user"

if getent passwd "$user" >/dev/null 2>&1; then
	echo "add-system-user: the system user $user exists"
	exit 0
fi
why=
[ "$(id -u)" = 0 ] || why="not root"
[ -z "${DESTDIR:-}" ] || why="DESTDIR install"
if [ -n "$why" ]; then
	echo "add-system-user: NOTE: the system user $user was not created" \
	    "($why); before the milter first starts, run as root: $cmd"
	exit 0
fi
if command -v adduser >/dev/null 2>&1; then
	$cmd --quiet
else
	getent group "$user" >/dev/null 2>&1 || groupadd --system "$user"
	useradd --system --gid "$user" --no-create-home --home-dir "$home" \
	    --shell /usr/sbin/nologin "$user"
fi
echo "add-system-user: created the system user and group $user"
