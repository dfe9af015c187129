#!/bin/sh
# install-deps.sh: install what nilsimsa-milter needs to build and to run
# its whole test suite on Debian 12 (run as root). The Postfix package is
# preseeded with "No configuration", so it never starts a system MTA on
# port 25: the tests run private instances on loopback. clang and its
# runtime (libclang-rt-14-dev) build the fuzzing harnesses (make fuzz);
# dpkg-dev, debhelper and lintian build and check the Debian packages
# (.ci/package.sh). The translated man pages, fortunes, installation
# guide, FAQ and handbook are the prose of the multilingual test stream
# (tests/t-multilingual.sh).
set -eu

export DEBIAN_FRONTEND=noninteractive
apt-get update -q
echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections
echo "postfix postfix/mailname string localhost" | debconf-set-selections
apt-get install -y -q --no-install-recommends \
	autoconf automake libtool pkg-config make gcc libc6-dev ca-certificates \
	libmilter-dev liblmdb-dev lmdb-utils libssl-dev libjansson-dev libpsl-dev \
	libuchardet-dev \
	libhiredis-dev check libsubunit-dev \
	postfix miltertest swaks redis-server m4 libwrap0 liblockfile1 \
	python3 procps iproute2 valgrind systemd clang libclang-rt-14-dev \
	libmicrohttpd-dev libsystemd-dev dpkg-dev debhelper lintian \
	man-db manpages-zh manpages-ja manpages-ru manpages-de manpages-fr \
	manpages-pl manpages-el fortunes-zh fortunes-ru installation-guide-amd64 \
	debian-faq-ko debian-handbook

# Minimal images tell dpkg to leave out /usr/share/man and /usr/share/doc:
# then unpack the prose packages where tests/t-multilingual.sh looks.
if [ ! -d /usr/share/man/zh_CN ] ||
    [ ! -d /usr/share/doc/installation-guide-amd64/ko ] ||
    [ ! -d /usr/share/doc/debian-handbook/html/ar-MA ]; then
	prose=/var/cache/nilsimsa-milter/prose
	rm -rf "$prose" && mkdir -p "$prose/debs"
	(cd "$prose/debs" && apt-get download -q man-db manpages-zh manpages-ja \
	    manpages-ru manpages-de manpages-fr manpages-pl manpages-el \
	    fortunes-zh fortunes-ru installation-guide-amd64 debian-faq-ko \
	    debian-handbook)
	for deb in "$prose"/debs/*.deb; do
		dpkg-deb -x "$deb" "$prose"
	done
	rm -rf "$prose/debs"
fi
