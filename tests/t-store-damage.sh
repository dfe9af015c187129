#!/bin/sh
#
# t-store-damage.sh: damaged stores give a clear error, never a crash.
#
# A real store is built through the milter's store path (nsm_storeopen:
# message_store_open, observes with joins and exact matches, forgets, so
# that every table and the free list hold entries). Then COPIES damaged
# copies of it (random bytes overwritten, a page of garbage or zeros,
# truncation, two pages swapped, one bit of a node's size or offset; the
# seed is printed, NSM_DAMAGE_SEED repeats a run; NSM_DAMAGE_COPIES, 300
# by default) are each
#
#   - opened and used as the milter uses its store (nsm_storeopen use:
#     10 observes, notes, an expiry, the stats): exit 0, or 65 (the
#     open found the damage) or 66 (a later operation did);
#   - read by `nilsimsactl stats` and `nilsimsactl verify`: exit 0, or 4
#     with one line on stderr saying the store is damaged;
#
# and never killed by a signal (nor by the 60 s bound: a loop). Every
# tenth copy is also given to the daemon itself (nilsimsa-milter -f,
# StoreDamaged refuse): it starts, or exits 65 with the reason logged.
# One copy with StoreDamaged reset: the daemon moves data.mdb aside and
# starts. Last, a sound store of another profile: moved aside when the
# configuration takes the built-in profile, refused under a Profile file.

set -u

top_builddir=${top_builddir:-.}
CTL=$top_builddir/ctl/nilsimsactl
MILTER=$top_builddir/milter/nilsimsa-milter
OPEN=$top_builddir/tests/nsm_storeopen
COPIES=${NSM_DAMAGE_COPIES:-300}
SEED=${NSM_DAMAGE_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
# A store that makes a reader loop is damage not found: killed after 60 s
# (a sound copy takes well under a second; 10x that under valgrind).
BOUND="timeout -s KILL 60"

if ! command -v python3 >/dev/null 2>&1; then
	echo "SKIP: python3 not installed"
	[ "${CI:-}" = true ] && exit 1
	exit 77
fi

W=$(mktemp -d "${TMPDIR:-/tmp}/t-store-damage.XXXXXX") || exit 1
# 0755: the daemon drops to UserID nobody and must reach the stores below
chmod 0755 "$W"
BG=
cleanup() {
	[ -n "$BG" ] && kill $BG 2>/dev/null
	rm -rf "$W"
}
trap cleanup EXIT INT TERM

npass=0
nfail=0
ok() { npass=$((npass + 1)); }
fail() { nfail=$((nfail + 1)); echo "FAIL: $*"; }

# A port for the daemon's socket: it must bind to start.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
conf() {
	printf 'Store %s\nSocket inet:%s@127.0.0.1\nPidFile %s/pid\nSyslog no\nUserID nobody:nogroup\nStoreDamaged %s\n' \
	    "$1" "$port" "$W" "$2" >"$1.conf"
}

mkdir "$W/orig"
conf "$W/orig" refuse
if ! "$OPEN" "$W/orig.conf" fill 1500 2>"$W/err"; then
	echo "FAIL: building the store: $(cat "$W/err")"
	exit 1
fi
"$CTL" -c "$W/orig.conf" verify >"$W/out" 2>"$W/err" &&
    grep -q 'sound: 1[0-9][0-9][0-9] clusters' "$W/out" && ok ||
    fail "the original store does not verify: $(cat "$W/out" "$W/err")"
cp "$W/orig/data.mdb" "$W/data.orig"
"$OPEN" "$W/orig.conf" use 2>"$W/err" && ok ||
    fail "the original store cannot be used: $(cat "$W/err")"
echo "store: $(stat -c %s "$W/data.orig") bytes; seed $SEED; $COPIES copies"

# damage FIRST COUNT: the damaged copies FIRST to FIRST+COUNT-1 in
# $W/c<i>/data.saved, the kind in $W/c<i>.kind; copy i depends only on
# the seed and i. Made ten at a time, just before they are used: all
# 300 at once were 900 MB of dirty pages, written back while the tests
# beside this one (make -j2 check) make their durable commits.
cat >"$W/damage.py" <<'EOF'
import os, random, sys
src, w, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
first, count = int(sys.argv[4]), int(sys.argv[5])
orig = open(src, "rb").read()
ps, n = 4096, len(orig) // 4096
for i in range(first, first + count):
    r = random.Random(seed * 100003 + i)
    b = bytearray(orig)
    kind = r.choice(["bytes", "bytes", "page", "zero", "truncate", "swap", "meta",
                     "node"])
    if kind == "bytes":
        for _ in range(r.randint(1, 8)):
            o = r.randrange(len(b))
            for j in range(o, min(o + r.randint(1, 64), len(b))):
                b[j] = r.randrange(256)
    elif kind == "page":
        p = r.randrange(2, n)
        b[p * ps:(p + 1) * ps] = bytes(r.randrange(256) for _ in range(ps))
    elif kind == "zero":
        p = r.randrange(2, n)
        b[p * ps:(p + 1) * ps] = bytes(ps)
    elif kind == "truncate":
        b = b[:r.randrange(len(b))]
    elif kind == "swap":
        p, q = r.sample(range(2, n), 2)
        b[p * ps:(p + 1) * ps], b[q * ps:(q + 1) * ps] = \
            b[q * ps:(q + 1) * ps], b[p * ps:(p + 1) * ps]
    elif kind == "node":
        # one bit of a node's sizes or offset on a branch or leaf page
        # (header: page number at 0, flags at 10, lower at 12; node
        # offsets from 16; a node: data size at 0-3, key size at 6)
        def u(o, w): return int.from_bytes(orig[o:o + w], "little")
        pages = [p for p in range(2, n) if u(p * ps, 8) == p and
                 u(p * ps + 10, 2) in (1, 2) and u(p * ps + 12, 2) > 16]
        p = r.choice(pages)
        k = r.randrange((u(p * ps + 12, 2) - 16) // 2)
        at = p * ps + 16 + 2 * k
        o = r.choice([at, at + 1, p * ps + u(at, 2) + r.choice([0, 1, 2, 6])])
        b[o] ^= 1 << r.randrange(8)
    else:  # bytes in one of the two meta pages
        o = r.randrange(2) * ps + r.randrange(16, 160)
        for j in range(o, o + r.randint(1, 8)):
            b[j] = r.randrange(256)
    d = os.path.join(w, "c%d" % i)
    os.mkdir(d)
    open(os.path.join(d, "data.saved"), "wb").write(b)
    open(d + ".kind", "w").write(kind + "\n")
EOF
damage() { python3 "$W/damage.py" "$W/data.orig" "$W" "$SEED" "$1" "$2"; }

# stop PID: SIGTERM, then after 15 s SIGKILL (a stop takes up to 0.2 s)
stop() {
	[ -n "${1:-}" ] || return 0
	kill "$1" 2>/dev/null
	n=0
	while kill -0 "$1" 2>/dev/null && [ $n -lt 150 ]; do
		sleep 0.1
		n=$((n + 1))
	done
	if kill -0 "$1" 2>/dev/null; then
		echo "NOTE: the daemon did not stop on SIGTERM within 15 s: killed"
		kill -9 "$1" 2>/dev/null
	fi
	wait "$1" 2>/dev/null
}

# threads PID: where each thread of PID and of its children waits (state,
# kernel wait channel, system call), for a process that hangs
threads() {
	for p in $1 $(cat /proc/$1/task/*/children 2>/dev/null); do
		for t in /proc/$p/task/*; do
			echo "pid $p thread ${t##*/} ($(cat $t/comm)):" \
			    "state $(cut -d' ' -f3 $t/stat), wchan $(cat $t/wchan)," \
			    "syscall $(cut -d' ' -f1 $t/syscall)"
		done 2>/dev/null
	done
}

# start_daemon CONF: the daemon in the background ($BG), its log in
# $W/mlog, waited for until it has started or exited; after 180 s (a
# loop, or a slow machine: the sanitizer build under make distcheck once
# took over 60 s) killed, and BG emptied. The last run's log goes first:
# the shell opens the new one in the child, after the loop may have read
# the old one's 'started:' (a daemon killed as it started, in CI).
start_daemon() {
	rm -f "$W/mlog"
	"$MILTER" -f -c "$1" >"$W/mlog" 2>&1 &
	BG=$!
	n=0
	while kill -0 $BG 2>/dev/null &&
	    ! grep -q 'started:' "$W/mlog" 2>/dev/null && [ $n -lt 3600 ]; do
		sleep 0.05
		n=$((n + 1))
	done
	if kill -0 $BG 2>/dev/null && ! grep -q 'started:' "$W/mlog" 2>/dev/null; then
		threads $BG >"$W/threads"
		kill -9 $BG 2>/dev/null
		wait $BG 2>/dev/null
		BG=
		cat "$W/threads" >>"$W/mlog"
		echo "NOTE: the daemon neither started nor exited within 180 s:" \
		    "killed" >>"$W/mlog"
	fi
}

# signalled STATUS: a status above 128 is a death by signal (the shell's)
signalled() { [ "$1" -gt 128 ]; }

i=0 c_open=0 c_use=0 c_ctl=0 c_sound=0 daemon_runs=0 sound_kinds=
while [ $i -lt "$COPIES" ]; do
	d="$W/c$i"
	if [ $((i % 10)) -eq 0 ] && ! damage $i $((COPIES - i < 10 ? COPIES - i : 10)); then
		fail "making damaged copies $i-: python3 failed"
		break
	fi
	conf "$d" refuse
	kind=$(cat "$d.kind")
	cp "$d/data.saved" "$d/data.mdb"

	$BOUND "$OPEN" "$d.conf" use >/dev/null 2>"$W/err"
	rc=$?
	case $rc in
	0) ;;
	65) c_open=$((c_open + 1))
	    grep -q '^open: store damaged: record or file corrupt: .' "$W/err" ||
		fail "copy $i ($kind): open refused without a reason: $(cat "$W/err")" ;;
	66) c_use=$((c_use + 1)) ;;
	*) fail "copy $i ($kind): the milter's store path: exit $rc: $(cat "$W/err")"
	   cp "$d/data.saved" "$W/crash-$i.mdb" ;;
	esac

	for cmd in stats verify; do
		cp "$d/data.saved" "$d/data.mdb"
		$BOUND "$CTL" -c "$d.conf" $cmd >/dev/null 2>"$W/err"
		rc=$?
		if [ $rc -eq 4 ]; then
			[ "$(wc -l <"$W/err")" -eq 1 ] && grep -q 'damaged' "$W/err" ||
			    fail "copy $i ($kind): $cmd: exit 4 without one clear line: $(cat "$W/err")"
			[ $cmd = verify ] && c_ctl=$((c_ctl + 1))
		elif [ $rc -eq 0 ]; then
			[ $cmd = verify ] && c_sound=$((c_sound + 1)) &&
			    sound_kinds="$sound_kinds $kind"
		else
			fail "copy $i ($kind): nilsimsactl $cmd: exit $rc: $(cat "$W/err")"
			signalled $rc && cp "$d/data.saved" "$W/crash-$i.mdb"
		fi
	done

	# Every tenth copy: the daemon itself, StoreDamaged refuse.
	if [ $((i % 10)) -eq 0 ]; then
		cp "$d/data.saved" "$d/data.mdb"
		daemon_runs=$((daemon_runs + 1))
		start_daemon "$d.conf"
		if [ -z "$BG" ]; then
			fail "copy $i ($kind): the daemon: $(cat "$W/mlog")"
		elif grep -q 'started:' "$W/mlog"; then
			stop $BG
		else
			wait $BG
			rc=$?
			[ $rc -eq 65 ] && grep -q 'store damaged: .*StoreDamaged refuse' "$W/mlog" ||
			    fail "copy $i ($kind): the daemon: exit $rc: $(cat "$W/mlog")"
		fi
		BG=
	fi
	rm -rf "$d" "$d.conf" "$d.kind"
	i=$((i + 1))
done
[ $nfail -eq 0 ] && ok
echo "of $COPIES damaged copies: $c_open refused at open, $c_use failed later" \
    "with 'damaged', $c_ctl reported by verify, $c_sound verified sound" \
    "(damage to values or unused space); the daemon ran on $daemon_runs"
echo "sound after:$(echo $sound_kinds | tr ' ' '\n' | sort | uniq -c | tr -s ' \n' ' ')"
# The check is live: most damage is found.
[ $c_ctl -gt $((COPIES / 3)) ] && ok || fail "verify found only $c_ctl damaged copies"

# StoreDamaged reset: the damaged file is moved aside, the daemon starts.
mkdir "$W/reset"
conf "$W/reset" reset
head -c 65536 /dev/urandom >"$W/reset/data.mdb"
start_daemon "$W/reset.conf"
grep -q 'StoreDamaged reset: moved to .*/data.mdb.damaged-[0-9]*, starting a new store' "$W/mlog" &&
    grep -q 'started:' "$W/mlog" && ok || fail "StoreDamaged reset: $(cat "$W/mlog")"
stop $BG
BG=
ls "$W/reset"/data.mdb.damaged-* >/dev/null 2>&1 && ok || fail "nothing moved aside"
"$CTL" -c "$W/reset.conf" verify >"$W/out" 2>"$W/err" &&
    grep -q 'sound: 0 clusters' "$W/out" && ok ||
    fail "the new store after reset: $(cat "$W/out" "$W/err")"

# A store made with another profile, opened by a configuration that takes
# the built-in one (an upgrade that changed the built-in profile, or
# Profile removed): moved aside, a new store started. The same store under
# its own Profile is used as it is.
mkdir "$W/prof" "$W/texts"
python3 -c '
import random, sys
r = random.Random(7)
w = "north south river stone green light paper table order copy word field".split()
for i in range(200):
	open("%s/m%d.txt" % (sys.argv[1], i), "w").write(
	    "Subject: t\n\n" + " ".join(r.choice(w) for _ in range(900)) + "\n")
' "$W/texts"
"$CTL" -c /dev/null profile learn -n site -o "$W/site.prof" "$W/texts" 2>"$W/err" ||
    fail "profile learn: $(cat "$W/err")"
conf "$W/prof" refuse
cp "$W/prof.conf" "$W/prof-site.conf"
echo "Profile $W/site.prof" >>"$W/prof-site.conf"
"$OPEN" "$W/prof-site.conf" fill 10 2>"$W/err" || fail "a store with Profile: $(cat "$W/err")"
"$CTL" -c "$W/prof.conf" verify >"$W/out" 2>&1 && fail "nilsimsactl used a store of another profile" ||
    { grep -q 'another score mode or profile' "$W/out" && ok || fail "nilsimsactl: $(cat "$W/out")"; }
start_daemon "$W/prof.conf"
grep -q 'made with another profile than the built-in profile "default"' "$W/mlog" &&
    grep -q 'moved to .*/data.mdb.profile-[0-9]*, starting a new store' "$W/mlog" &&
    grep -q 'started:' "$W/mlog" && ok || fail "another profile: $(cat "$W/mlog")"
stop $BG
BG=
ls "$W/prof"/data.mdb.profile-* >/dev/null 2>&1 && ok || fail "nothing moved aside"
"$CTL" -c "$W/prof.conf" verify >"$W/out" 2>"$W/err" &&
    grep -q 'sound: 0 clusters' "$W/out" && ok ||
    fail "the new store after a profile change: $(cat "$W/out" "$W/err")"
# A Profile file that does not match its store is refused, nothing moved.
$BOUND "$MILTER" -f -c "$W/prof-site.conf" >"$W/mlog" 2>&1 && fail "started on another profile's store" ||
    { grep -q 'another score mode or profile' "$W/mlog" && ok || fail "Profile mismatch: $(cat "$W/mlog")"; }
[ "$(ls "$W/prof" | grep -c 'data.mdb.profile-')" = 1 ] && ok || fail "a Profile mismatch moved the store"

echo "$npass passed, $nfail failed"
[ $nfail -eq 0 ]
