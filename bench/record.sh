#!/bin/bash
# record.sh KERNEL INITRD
# Part 1 of make bench: boot the guest once per measurement (a guest that
# livelocks under a trace then costs one measurement, not the run) and
# collect the lines of bench/guest-run.sh in $BENCH/share/part1.txt.
# Also makes the recordings that Part 2 decodes, kept in $BENCH/share/rec.
# Runs the parts named in BENCH_PARTS (bench/settings.sh), in that order.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"
. "$REPO/bench/settings.sh"

kernel=$1 initrd=$2
share=$BENCH/share
parts="function scale goal cpus graph idle flight"
for part in $BENCH_PARTS; do
	case " $parts " in
	*" $part "*) ;;
	*) die "BENCH_PARTS: no part $part (parts: $parts)" ;;
	esac
done
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

# The tracer that guest-run.sh runs; part_graph sets its own.
TRACER=function

# measure NAME TOOLS KB LOOPS [TARGET] [keep]: one boot that runs
# guest-run.sh NAME TOOL KB LOOPS [TARGET] [keep] for each of TOOLS in turn.
# KEEP=TOOL keeps that tool's recording alone (TARGET given).
measure() {
	local name=$1 tools=$2 status=0 tool cmd=

	echo "# $name $tools ${*:3}${KEEP:+ (keeping $KEEP)}" >&2
	for tool in $tools; do
		cmd+="TRACER=$TRACER sh ./guest-run.sh $name $tool ${*:3}"
		[ "$tool" != "${KEEP:-}" ] || cmd+=" keep"
		cmd+="; "
	done
	GUEST_TIMEOUT=$((GUEST_TIMEOUT * $(wc -w <<<"$tools"))) in_guest "$cmd" || status=$?
	# No line from the guest for a tool: it stalled or died before.
	for tool in $tools; do
		grep -q "^$name $tool " "$share/part1.txt" 2>/dev/null ||
			echo "$name $tool $3 $4 - - - - - - - failed:$status" >>"$share/part1.txt"
	done
}

# The function tracer: each tool at each size, one boot each.
part_function() {
	local rep kb tool keep

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
}

# The recordings Part 2 scales over, at the larger buffer.  A long run
# writes for longer than the buffer lasts, so it also shows who keeps up.
part_scale() {
	local loops tool

	for loops in $SCALE_LOOPS; do
		for tool in perf trace-cmd; do
			GUEST_TIMEOUT=$((GUEST_TIMEOUT * 3)) \
				measure "$tool-scale-$loops" "$tool" "$BIG_KB" "$loops" - keep
		done
	done
}

# perf record's goal, within 1.1x of the tracer alone: single boots
# spread too widely to settle it, so both take turns in one boot.
part_goal() {
	echo "# goal: tracer and perf in turn, $GOAL_ROUNDS rounds" >&2
	GUEST_TIMEOUT=$((GUEST_TIMEOUT * GOAL_ROUNDS)) in_guest "for i in \$(seq $GOAL_ROUNDS); do
		sh ./guest-run.sh goal-tracer-\$i tracer $BIG_KB $LOOPS
		sh ./guest-run.sh goal-perf-\$i perf $BIG_KB $LOOPS
	done" || echo "goal - - - - - - - - - - failed:$?" >>"$share/part1.txt"
}

# graph_row ROW REP [KEEP]: function_graph's row ROW (TARGET-KB of
# GRAPH_ROWS), repetition REP, in one boot that runs the workload untraced,
# under the tracer alone, perf record and trace-cmd record in turn, so that
# they meet the same guest.  An idle row runs the two recorders alone
# around the workload's sleep.  KEEP=perf keeps perf's recording.
graph_row() {
	local TRACER=function_graph target=${1%%-*} kb=${1#*-}
	local tools="none tracer perf trace-cmd" loops=$LOOPS

	[ "$kb" != default ] || kb=-
	[ "$target" != idle ] || tools="perf trace-cmd" loops=-
	KEEP=${3:-} measure "graph-$1-$2" "$tools" "$kb" "$loops" "$target"
}

# function_graph: each row of GRAPH_ROWS, one boot per repetition; then
# perf record -a alone at each size of GRAPH_SWEEP_KB, one boot each.
# perf's recording of the first row's first boot is kept: Part 2 profiles it.
part_graph() {
	local TRACER=function_graph rep row kb keep

	for rep in $(seq "$REPS"); do
		for row in $GRAPH_ROWS; do
			keep=
			[ "$rep-$row" != "1-${GRAPH_ROWS%% *}" ] || keep=perf
			graph_row "$row" "$rep" $keep
		done
		for kb in $GRAPH_SWEEP_KB; do
			measure "graph-sweep-$kb-$rep" perf "$kb" "$LOOPS" all
		done
	done
}

# graph's idle rows alone, a few minutes: record -a of function_graph
# around `sleep 1`, what users run (issue 34).
part_idle() {
	local rep row

	for rep in $(seq "$REPS"); do
		for row in $GRAPH_ROWS; do
			[ "${row%%-*}" != idle ] || graph_row "$row" "$rep"
		done
	done
}

# Many CPUs: record -a of the workload on every one of them, which Part 2
# decodes.
part_cpus() {
	SMP=$MANY_CPUS GUEST_TIMEOUT=$((GUEST_TIMEOUT * 3)) \
		measure "perf-cpus-$MANY_CPUS" perf "$MANY_KB" "$MANY_LOOPS" - keep
}

# The flight recorder: the workload under the function tracer at
# BIG_KB a CPU, alone and under record --overwrite in turn, REPS rounds in
# one boot, then the time of three SIGUSR2 saves (bench/flight.sh).
part_flight() {
	echo "# flight: tracer alone and record --overwrite in turn, $REPS rounds" >&2
	install -m 0755 "$REPO/bench/flight.sh" "$share/"
	GUEST_TIMEOUT=$((GUEST_TIMEOUT * REPS)) in_guest "sh ./flight.sh $REPS $BIG_KB >flight.txt" ||
		echo "failed $?" >>"$share/flight.txt"
}

for part in $BENCH_PARTS; do
	"part_$part"
done
