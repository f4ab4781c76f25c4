#!/bin/bash
# compare-show.sh REF_PERF NEW_PERF [RECORDING.dir...]
# For a change to show that must not change its output: 'perf ftrace show'
# of NEW_PERF must give the same stdout, stderr and exit status as
# REF_PERF, byte for byte, on synthetic recordings (mkrec.py and the edge
# cases of mkrec_edge.py) and on the given real ones, each with -C, --time,
# --pids, --tids and --comms, and on a terminal.  Not part of make test:
# it needs the perf from before the change.
REF=${1:?usage: compare-show.sh REF_PERF NEW_PERF [RECORDING.dir...]}
NEW=${2:?usage: compare-show.sh REF_PERF NEW_PERF [RECORDING.dir...]}
shift 2
HOST=$(cd "$(dirname "$0")/host" && pwd)
MKREC="python3 $HOST/mkrec.py"
EDGE="python3 $HOST/mkrec_edge.py"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
cd "$W" || exit 1

$MKREC g.dir
$MKREC f.dir --tracer function
$MKREC g4.dir --cpus 4 --iter 200
$MKREC f4.dir --tracer function --cpus 4 --iter 200
$MKREC lostg.dir --iter 100 --lost 1
$MKREC lostf.dir --tracer function --iter 100 --lost 0
$MKREC alg.dir --aliases --iter 20
$MKREC alf.dir --aliases --tracer function --iter 20
$MKREC nosg.dir --no-kallsyms
$MKREC nosf.dir --no-kallsyms --tracer function
$MKREC miss.dir --cpus 3
: >miss.dir/trace-cpu0.buf
rm miss.dir/trace-cpu2.buf
$MKREC trunc.dir --iter 100
head -c 5000 trunc.dir/trace-cpu0.buf >x && mv x trunc.dir/trace-cpu0.buf
$MKREC small.dir
printf '\001\000\000\000' | dd of=small.dir/trace-cpu0.buf bs=1 seek=16 conv=notrunc 2>/dev/null
$EDGE e1.dir --cpus 3 --iter 30
$EDGE e1f.dir --tracer function --cpus 3 --iter 30
$EDGE e1l.dir --cpus 2 --iter 150 --lost 1
$EDGE e1n.dir --no-kallsyms --cpus 2 --iter 5
EDGE_TS_OFFSET=1234567000000000 $EDGE e1big.dir --cpus 2 --iter 10
EDGE_TS_OFFSET=18446744060000000000 $EDGE e1max.dir --cpus 2 --iter 10

RECS="$W/*.dir"
for d in "$@"; do
	[ -d "$d" ] && RECS="$RECS $d"
done

n=0
fail=0
run() {	# name args...
	local name=$1
	shift
	"$REF" ftrace show "$@" >ref.out 2>ref.err; local rr=$?
	"$NEW" ftrace show "$@" >new.out 2>new.err; local nr=$?
	n=$((n + 1))
	if [ $rr != $nr ] || ! cmp -s ref.out new.out || ! cmp -s ref.err new.err; then
		fail=$((fail + 1))
		echo "DIFF: $name: show $* (rc $rr/$nr)"
		cmp ref.out new.out | head -2
		cp ref.out "fail-$n.ref"; cp new.out "fail-$n.new"
	else
		echo "same: $(wc -l <ref.out) lines, rc $rr: show $*"
	fi
}

for d in $RECS; do
	run base -i $d
	"$REF" ftrace show -i $d >all.out 2>/dev/null
	# a time window over the middle half, the commonest pid and command
	win=$(grep -o '\] *[0-9]*\.[0-9]*: ' all.out | tr -d '] :' | awk '{ t[n++] = $1 }
		END { if (n) printf "%s,%s", t[int(n / 4)], t[int(3 * n / 4)] }')
	pid=$(sed -n 's/^ *.*-\([0-9-]*\) *\[[0-9]*\] .*/\1/p' all.out | grep -vx 0 |
		sort | uniq -c | sort -rn | awk 'NR == 1 { print $2 }')
	comm=$(sed -n 's/^ *\(.*\)-[0-9-]* *\[[0-9]*\] .*/\1/p' all.out | grep -vx '<idle>' |
		sort | uniq -c | sort -rn | awk 'NR == 1 { print $2 }')
	run cpu0 -i $d -C 0
	run cpu12 -i $d -C 1-2
	[ -n "$win" ] && run time -i $d --time "$win"
	[ -n "$win" ] && run time-open -i $d --time "${win%,*},"
	[ -n "$pid" ] && run pids -i $d --pids "$pid"
	[ -n "$pid" ] && run tids -i $d --tids "$pid,0"
	[ -n "$comm" ] && run comms -i $d --comms "$comm"
	[ -n "$pid" ] && [ -n "$win" ] && run mix -i $d -C 0,1 --pids "$pid" --time "$win"
done
# stdout a terminal, no pager: show writes each line at once
for d in $W/g.dir $W/e1.dir $W/lostg.dir; do
	PAGER=cat script -qec "$REF ftrace show -i $d" ref.tty >/dev/null 2>&1
	PAGER=cat script -qec "$NEW ftrace show -i $d" new.tty >/dev/null 2>&1
	n=$((n + 1))
	# script's first line is its own header with the date
	if cmp -s <(tail -n +2 ref.tty | grep -v '^Script done') <(tail -n +2 new.tty | grep -v '^Script done'); then
		echo "same: tty $d"
	else
		fail=$((fail + 1)); echo "DIFF: tty $d"
	fi
done
echo "$n runs, $fail differ"
[ $fail = 0 ]
