#!/bin/bash
# record.sh KERNEL INITRD
# Part 1 of make bench: boot the guest once per measurement (a guest that
# livelocks under a trace then costs one measurement, not the run) and
# collect the lines of bench/guest-run.sh in $BENCH/share/part1.txt.
# Also makes the recordings that Part 2 decodes, kept in $BENCH/share/rec.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"
. "$REPO/bench/settings.sh"

kernel=$1 initrd=$2
share=$BENCH/share
rm -rf "$share"
mkdir -p "$share"
: >"$BENCH/guest.log"
for prog in workload cputime; do
	gcc -static -O2 -Wall -o "$share/$prog" "$REPO/bench/$prog.c"
done
install -m 0755 "$REPO/bench/guest-run.sh" "$share/"

# in_guest COMMAND: one boot that runs COMMAND in $share
in_guest() {
	SHARE=$share TIMEOUT=$GUEST_TIMEOUT "$REPO/scripts/run-in-guest.sh" \
		"$kernel" "$initrd" "$1" >>"$BENCH/guest.log" 2>&1
}

# measure NAME TOOL KB LOOPS [CPU|-] [keep]: one boot, one guest-run.sh
measure() {
	local status=0
	echo "# $*" >&2
	in_guest "sh ./guest-run.sh $*" || status=$?
	# No line from the guest: it stalled or the tool failed.
	[ $status -eq 0 ] || echo "$1 $2 $3 $4 - - - - - - failed:$status" >>"$share/part1.txt"
}

for rep in $(seq "$REPS"); do
	measure "untraced-$rep" none 0 "$LOOPS"
	for kb in $BIG_KB $SMALL_KB; do
		for tool in tracer perf trace-cmd live; do
			# Part 2 decodes the first recordings at BIG_KB (live
			# leaves only text, the tracer nothing).
			keep=
			case $rep$kb-$tool in
			"1$BIG_KB-perf"|"1$BIG_KB-trace-cmd") keep=keep ;;
			esac
			measure "$tool-$kb-$rep" "$tool" "$kb" "$LOOPS" - $keep
		done
	done
done

# The recordings Part 2 scales over, at the larger buffer.  A long run
# writes for longer than the buffer lasts, so it also shows who keeps up.
for loops in $SCALE_LOOPS; do
	for tool in perf trace-cmd; do
		GUEST_TIMEOUT=$((GUEST_TIMEOUT * 3)) \
			measure "$tool-scale-$loops" "$tool" "$BIG_KB" "$loops" - keep
	done
done

# perf record's goal, within 1.1x of the tracer alone: single boots
# spread too widely to settle it, so both take turns in one boot.
echo "# goal: tracer and perf in turn, $GOAL_ROUNDS rounds" >&2
GUEST_TIMEOUT=$((GUEST_TIMEOUT * GOAL_ROUNDS)) in_guest "for i in \$(seq $GOAL_ROUNDS); do
	sh ./guest-run.sh goal-tracer-\$i tracer $BIG_KB $LOOPS
	sh ./guest-run.sh goal-perf-\$i perf $BIG_KB $LOOPS
done" || echo "goal - - - - - - - - - failed:$?" >>"$share/part1.txt"

# Many CPUs: record -a of the workload on every one of them, which Part 2
# decodes.
SMP=$MANY_CPUS GUEST_TIMEOUT=$((GUEST_TIMEOUT * 3)) \
	measure "perf-cpus-$MANY_CPUS" perf "$MANY_KB" "$MANY_LOOPS" - keep
