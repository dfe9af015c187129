# common.sh: shared by the end-to-end tests (tests/t-*.sh) and the MTA
# scripts beside it; sourced, not run.
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
#
# What it gives a test:
#   e2e_init NAME PORT_BASE NPORTS   temp dir $T (0755, so that postfix and
#                                    nobody can reach below it), $PORT (the
#                                    first of NPORTS free ports), cleanup trap
#   e2e_need TOOL...                 skip (77) when missing; fail when CI=true
#   ok / bad / check WHAT CMD...     count results; e2e_done exits with them
#   milter_conf FILE [KEY VALUE]...  a config for a test daemon
#   milter_start NAME CONF / milter_stop NAME / milter_kill9 NAME
#   e2e_on_exit CMD                  run CMD at cleanup (before the milters stop)
#
# Ports: each script has a fixed base of its own so that `make -j2 check`
# can run the scripts side by side. If a port of the range is already
# taken (another build directory running the suite on the same machine),
# the range moves up by 1000, a few times, before the test gives up.

: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=$top_srcdir}"
MTA_DIR=$top_srcdir/tests/mta
LUA_DIR=$top_srcdir/tests/miltertest
MILTER_BIN=${MILTER_BIN:-$top_builddir/milter/nilsimsa-milter}
PATH=$PATH:/usr/sbin:/sbin

e2e_pass=0
e2e_fail=0
e2e_exit_cmds=()
declare -A e2e_milter_pid=()
declare -A e2e_milter_conf=()

# Skip (77) or, under CI, fail: CI must run every test.
e2e_skip() {
	if [ "${CI:-}" = true ]; then
		echo "FAIL (CI=true, so no skipping): $*"
		exit 1
	fi
	echo "SKIP: $*"
	exit 77
}

e2e_need() {
	local t
	for t in "$@"; do
		command -v "$t" >/dev/null 2>&1 || e2e_skip "$t not found (see tools/install-deps.sh)"
	done
}

ok()  { echo "PASS: $*"; e2e_pass=$((e2e_pass + 1)); }
bad() { echo "FAIL: $*"; e2e_fail=$((e2e_fail + 1)); }
check() {
	local what=$1
	shift
	if "$@"; then ok "$what"; else bad "$what"; fi
}
# check_eq WHAT EXPECTED ACTUAL
check_eq() {
	if [ "$2" = "$3" ]; then ok "$1"; else bad "$1: expected '$2', got '$3'"; fi
}

# A child that exited is a zombie until waited for: kill -0 still works on it.
alive() {
	local st
	st=$(awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null) || return 1
	[ -n "$st" ] && [ "$st" != Z ]
}

port_busy() { ss -Htln "sport = :$1" 2>/dev/null | grep -q .; }

# tcp_open PORT: does something accept connections on 127.0.0.1:PORT?
tcp_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# tcp_wait PORT: wait up to 10 s for 127.0.0.1:PORT to accept; 1 if not.
# (Also used by postfix.sh and sendmail.sh, which source this file.)
tcp_wait() {
	local i
	for i in $(seq 100); do
		tcp_open "$1" && return 0
		sleep 0.1
	done
	return 1
}

e2e_init() {
	local name=$1 base=$2 n=$3 try i busy
	[ "$(id -u)" = 0 ] || e2e_skip "needs root (private Postfix/sendmail instances, UserID)"
	e2e_need ss
	[ -x "$MILTER_BIN" ] || { echo "ERROR: $MILTER_BIN not built"; exit 99; }
	for try in 0 1 2 3 4; do
		busy=
		for i in $(seq "$base" $((base + n - 1))); do
			port_busy "$i" && { busy=$i; break; }
		done
		[ -z "$busy" ] && break
		base=$((base + 1000))
	done
	[ -z "$busy" ] || { echo "ERROR: no free port range for $name"; exit 99; }
	PORT=$base
	T=$(mktemp -d "${TMPDIR:-/tmp}/nsm-$name.XXXXXX")
	chmod 0755 "$T"
	trap e2e_cleanup EXIT
	trap 'exit 1' INT TERM HUP
	echo "# $name: ports $PORT-$((PORT + n - 1)), work dir $T, milter $MILTER_BIN"
}

e2e_on_exit() { e2e_exit_cmds+=("$*"); }

e2e_cleanup() {
	local rc=$? c n
	for c in "${e2e_exit_cmds[@]}"; do eval "$c" >/dev/null 2>&1 || true; done
	for n in "${!e2e_milter_pid[@]}"; do kill -TERM "${e2e_milter_pid[$n]}" 2>/dev/null; done
	for n in "${!e2e_milter_pid[@]}"; do milter_wait "$n" 10 >/dev/null 2>&1 || true; done
	if [ "$e2e_fail" -gt 0 ] || [ "$rc" -ne 0 ] && [ "$rc" -ne 77 ]; then
		# keep what explains a failure in the test's .log
		for f in "$T"/*.log "$T"/pf/maillog; do
			[ -s "$f" ] || continue
			echo "---- $f (last 40 lines)"
			tail -n 40 "$f"
		done
	fi
	[ "${E2E_KEEP:-0}" = 1 ] && echo "# kept $T" || rm -rf "$T"
}

e2e_done() {
	echo "# $e2e_pass passed, $e2e_fail failed"
	[ "$e2e_fail" -eq 0 ] && exit 0
	exit 1
}

# milter_conf FILE KEY VALUE ...: a test config; Store, PidFile, Syslog,
# LogLevel and UserID (nobody: the milter refuses to run as root, and the
# system user it defaults to need not exist here) have test defaults,
# later pairs override earlier ones (the file gets each key once).
milter_conf() {
	local file=$1 base
	shift
	base=${file%.conf}
	declare -A kv=([Syslog]=no [LogLevel]=info [Store]=$base.store [PidFile]=$base.pid
	    [UserID]=nobody:nogroup)
	local order=(Syslog LogLevel Store PidFile UserID) k
	while [ $# -ge 2 ]; do
		[ -n "${kv[$1]+x}" ] || order+=("$1")
		kv[$1]=$2
		shift 2
	done
	: > "$file"
	for k in "${order[@]}"; do printf '%s %s\n' "$k" "${kv[$k]}" >> "$file"; done
}

# The Socket line of a config, in libmilter syntax.
conf_socket() { awk '$1 == "Socket" { print $2 }' "$1"; }

# Wait until the milter of NAME listens (or died): 0 when it listens.
milter_ready() {
	local name=$1 sock pid i
	sock=$(conf_socket "${e2e_milter_conf[$name]}")
	pid=${e2e_milter_pid[$name]}
	for i in $(seq 100); do
		alive "$pid" || return 1
		case $sock in
		inet:*)	local p=${sock#inet:}
			p=${p%@*}
			tcp_open "$p" && return 0 ;;
		unix:*|local:*)
			[ -S "${sock#*:}" ] && return 0 ;;
		esac
		sleep 0.1
	done
	return 1
}

# milter_start NAME CONF [ARGS...]: start the daemon in the foreground
# (logging to $T/NAME.log) and wait until it listens.
milter_start() {
	local name=$1 conf=$2
	shift 2
	e2e_milter_conf[$name]=$conf
	"$MILTER_BIN" -f -c "$conf" "$@" >>"$T/$name.log" 2>&1 &
	e2e_milter_pid[$name]=$!
	milter_ready "$name"
}

# milter_wait NAME [SECONDS]: wait for the daemon to exit; its status is
# returned (124: still running after SECONDS, then killed).
milter_wait() {
	local name=$1 limit=${2:-15} pid i rc
	pid=${e2e_milter_pid[$name]:-}
	[ -n "$pid" ] || return 0
	for i in $(seq $((limit * 10))); do
		alive "$pid" || break
		sleep 0.1
	done
	if alive "$pid"; then
		kill -KILL "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		rc=124
	else
		wait "$pid" 2>/dev/null
		rc=$?
	fi
	unset "e2e_milter_pid[$name]"
	return $rc
}

# milter_stop NAME: SIGTERM and wait (a stop takes up to 0.2 s, more with
# sessions to end).
milter_stop() {
	local pid=${e2e_milter_pid[$1]:-}
	[ -n "$pid" ] || return 0
	kill -TERM "$pid" 2>/dev/null
	milter_wait "$1" 15
}

milter_kill9() {
	local pid=${e2e_milter_pid[$1]:-}
	[ -n "$pid" ] || return 0
	kill -KILL "$pid" 2>/dev/null
	milter_wait "$1" 5
	return 0
}

milter_pid() { echo "${e2e_milter_pid[$1]:-}"; }

# milter_reload NAME: SIGUSR1, then wait for the daemon's answer in its
# log ("reload: ..."); prints that line.
milter_reload() {
	local name=$1 log=$T/$1.log before i
	before=$(grep -c 'reload: ' "$log" 2>/dev/null || true)
	kill -USR1 "${e2e_milter_pid[$name]}" || return 1
	for i in $(seq 50); do
		if [ "$(grep -c 'reload: ' "$log")" -gt "$before" ]; then
			grep 'reload: ' "$log" | tail -n 1
			return 0
		fi
		sleep 0.1
	done
	return 1
}

# One message of a "campaign": the same text with a varying line.
# campaign_body N [WORD]: WORD picks one of two unrelated campaign texts.
campaign_body() {
	local n=$1 word=${2:-pills}
	case $word in
	pills)
		cat <<EOF
Dear valued customer,

We are delighted to announce our exclusive spring offer on premium health
products. For a limited time only you can order our best selling items at a
fraction of the usual price, shipped discreetly to your door within three
working days, with no prescription and no questions asked.

Your personal reference for this offer is $n-$((n * 7919 % 10007))-A$((n * 31)).

Thousands of satisfied customers have already taken advantage of these
prices. Do not miss out: stocks are limited and the offer ends this Friday.
Reply to this message or visit our online shop to place your order today,
and receive a free gift with every purchase above fifty dollars.

Best regards,
The Customer Care Team
EOF
		;;
	lottery)
		cat <<EOF
CONGRATULATIONS!

Your e-mail address was selected in the international online lottery draw
held last week by the promotion committee. You have won the sum of one
million two hundred thousand euros, to be paid out by our fiduciary agent.

Winning ticket number: $((n * 104729 % 1000003)) batch $n serial $((n * 13))

To claim your prize, send your full name, address, telephone number and a
copy of your passport to the claims officer before the end of the month.
Keep this notice confidential until your claim has been processed, to avoid
double claims and unwarranted abuse of this programme.

Yours faithfully,
Mrs. Maria Gonzales, Promotions Manager
EOF
		;;
	esac
}

# cluster_field VALUE KEY: one field of an X-Nilsimsa-Cluster value
cluster_field() { sed -n 's/.*\b'"$2"'=\([^;]*\).*/\1/p' <<<"$1"; }

# campaign_copy K: send copy K of the pills campaign, each copy from an
# envelope sender and to a recipient of its own
campaign_copy() {
	send campaign-$1 --from "promo$1@sender$1.test" --to "user$1@example.test" \
		--header "Subject: Offer $1" --body "$(campaign_body "$1")"
}

# campaign_run FIND WHERE: send copies 1..$COPIES; before $FIRST_REJECT
# each must be accepted and found by the function FIND ("accepted and
# WHERE"), its X-Nilsimsa-Cluster saying the count and accept (tag from
# $FIRST_TAG); from $FIRST_REJECT on, rejected with 550 5.7.1 naming the
# cluster. Sets id to the campaign's cluster id. Uses the test's own
# header FILE NAME (Postfix and sendmail write the copies differently).
campaign_run() {
	local find=$1 where=$2 k rc want f cl
	echo "# campaign: tag from copy $FIRST_TAG, reject from copy $FIRST_REJECT"
	id=
	for k in $(seq $COPIES); do
		campaign_copy $k
		rc=$?
		if [ $k -lt $FIRST_REJECT ]; then
			want=accept
			[ $k -ge $FIRST_TAG ] && want=tag
			f=$($find campaign-$k)
			cl=$(header "${f:-/dev/null}" X-Nilsimsa-Cluster)
			[ -z "$id" ] && id=$(cluster_field "$cl" id)
			check "copy $k: accepted and $where" test $rc -eq 0 -a -n "$f"
			check_eq "copy $k: X-Nilsimsa-Cluster" "id=$id; count=$k; action=$want" \
				"id=$(cluster_field "$cl" id); count=$(cluster_field "$cl" count); action=$(cluster_field "$cl" action)"
		else
			check "copy $k: rejected with 550 5.7.1 naming cluster $id (swaks rc $rc)" \
				grep -q "^<\*\* 550 5.7.1 Message rejected as bulk mail (nilsimsa cluster $id)" \
				"$T/swaks-campaign-$k"
		fi
	done
}

# send ID [swaks options]: one message to the MTA on 127.0.0.1:$SMTP, with
# an X-E2E-Id header to find it by; swaks' output in $T/swaks-ID
send() {
	local id=$1
	shift
	swaks --server 127.0.0.1:$SMTP --timeout 30 --add-header "X-E2E-Id: $id" "$@" \
		>"$T/swaks-$id" 2>&1
}

# find_msg ID: the message in $INBOX with X-E2E-Id: ID in its header block
# (a bounce quotes the header in its body: not that one)
find_msg() {
	local f
	for f in "$INBOX"/*; do
		[ -f "$f" ] || continue
		if awk -v id="$1" '/^$/ { exit 1 } $0 == "X-E2E-Id: " id { exit 0 }' "$f"; then
			echo "$f"
			return 0
		fi
	done
	return 1
}

# delivered ID: the copy of message ID that the Postfix instance $PF
# delivered, once its queue has drained
delivered() {
	"$MTA_DIR/postfix.sh" wait-empty "$PF" 20 >/dev/null 2>&1
	find_msg "$1"
}
