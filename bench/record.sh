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

# measure NAME TOOL KB LOOPS [CPU|-] [keep]: one boot, one guest-run.sh
measure() {
	local status=0
	echo "# $*" >&2
	SHARE=$share TIMEOUT=$GUEST_TIMEOUT "$REPO/scripts/run-in-guest.sh" \
		"$kernel" "$initrd" "sh ./guest-run.sh $*" \
		>>"$BENCH/guest.log" 2>&1 || status=$?
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
