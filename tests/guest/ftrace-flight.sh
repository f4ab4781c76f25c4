#!/bin/sh
# The flight recorder: perf ftrace record --overwrite, the saves of
# --switch-output (SIGUSR2, through the snapshot buffer or not, and the
# rotation of the recorders), and tracefs as before after each, its
# snapshot file included.  The workload calls getppid() N times, then
# getpgrp() M times, pinned to CPU 1; only those two functions are traced.
. /tests/guest/lib.sh
. "$(dirname "$0")/ftrace-state.inc"

begin_tests "flight recorder"

PHASES=$WORKLOADS/phases
if [ ! -x "$PHASES" ]; then
	skip "flight recorder" "workloads not built"
	exit 0
fi
fn_of() {
	f=$(grep -m1 -E "^(__do_sys_$1|__x64_sys_$1|__se_sys_$1|sys_$1)( |\$)" \
		$T/available_filter_functions)
	echo "${f%% *}"
}
PPID_FN=$(fn_of getppid)
PGRP_FN=$(fn_of getpgrp)
echo "functions: $PPID_FN $PGRP_FN" | diag
snapshot_state() { grep -o 'Snapshot is [a-z]*' $T/snapshot 2>/dev/null || echo "no snapshot file"; }
SNAP_BEFORE=$(snapshot_state)
echo "top level: $SNAP_BEFORE" | diag

# the tracefs state, and the top level's snapshot buffer, as they were
flight_state_check() {
	state_check "$1" state.custom
	check "$1: top level snapshot as before ($(snapshot_state))" \
		test "$(snapshot_state)" = "$SNAP_BEFORE"
}

# nr DIR FN: how many calls of FN show prints ("FN <-- parent" of the
# function tracer, "FN() {" or "FN();" of function_graph)
nr() {
	perf ftrace show -i "$1" 2>/dev/null | grep -cE -- "$2( <--|\(\))"
}
overwritten() {
	sed -n 's/^overwritten: \([0-9]*\) events before it$/\1/p' "$1/perf.snapshot"
}

# readers_read DESC DIR [graph]: every reader reads a saved recording
# (profile -i, a function_graph one)
readers_read() {
	perf ftrace report -i "$2" --stdio >readers.report 2>&1
	check "$1: report reads it" test $? -eq 0
	check "$1: report says it is a snapshot" grep -q '^# Snapshot: saved by ' readers.report
	grep '^# Snapshot' readers.report | diag
	perf ftrace convert -i "$2" --to-folded readers.folded >/dev/null 2>&1
	check "$1: convert reads it" test $? -eq 0
	if [ "$3" = graph ]; then
		perf ftrace profile -i "$2" >/dev/null 2>&1
		check "$1: profile -i reads it" test $? -eq 0
	fi
	perf ftrace diff "$2" "$2" >/dev/null 2>&1
	check "$1: diff reads it" test $? -eq 0
	perf report --header-only -i "$2/perf.header" >/dev/null 2>&1
	check "$1: perf report --header-only reads its header" test $? -eq 0
}

# 1. --overwrite, a small -m: the end of the session saves the last events
perf ftrace record --overwrite -m 8K -t function -T "$PPID_FN" -T "$PGRP_FN" \
	-o ow "$PHASES" 1 5000 100 >ow.out 2>ow.err
check "--overwrite exits 0" test $? -eq 0
cat ow.err | diag
cat ow.dir/perf.snapshot | diag
check "--overwrite: perf.snapshot says the end saved it" \
	grep -q '^saved by: end of session (the workload exited)$' ow.dir/perf.snapshot
check "--overwrite: no perf.incomplete" test ! -e ow.dir/perf.incomplete
p1=$(nr ow.dir "$PPID_FN"); p2=$(nr ow.dir "$PGRP_FN"); o=$(overwritten ow.dir)
echo "saved: $p1 getppid, $p2 getpgrp; $o overwritten" | diag
check "--overwrite: all of phase 2's 100 calls saved ($p2)" test "$p2" -eq 100
check "--overwrite: phase 1 overwritten but its last ($p1 of 5000)" test "$p1" -lt 5000
check "--overwrite: saved + overwritten = 5100 ($p1 + $p2 + $o)" test $((p1 + p2 + o)) -eq 5100
check "--overwrite: show marks what was overwritten" \
	sh -c "perf ftrace show -i ow.dir 2>/dev/null | grep -q '^CPU:1 \[OVERWRITTEN $o EVENTS\]'"
check "--overwrite: show says nothing was lost" \
	sh -c "! perf ftrace show -i ow.dir 2>/dev/null | grep -q LOST"
readers_read "--overwrite" ow.dir
flight_state_check "--overwrite"

# a longer phase 2: none of phase 1's calls are left
perf ftrace record --overwrite -m 8K -t function -T "$PPID_FN" -T "$PGRP_FN" \
	-o ow2 "$PHASES" 1 2000 3000 >ow2.out 2>ow2.err
check "--overwrite (long phase 2) exits 0" test $? -eq 0
p1=$(nr ow2.dir "$PPID_FN"); p2=$(nr ow2.dir "$PGRP_FN"); o=$(overwritten ow2.dir)
echo "saved: $p1 getppid, $p2 getpgrp; $o overwritten" | diag
check "--overwrite: none of phase 1's calls ($p1)" test "$p1" -eq 0
check "--overwrite: the last of phase 2's, and the rest overwritten ($p2 + $o = 5000)" \
	test "$p2" -gt 0 -a $((p1 + p2 + o)) -eq 5000
flight_state_check "--overwrite, long phase 2"

# wait_for FILE: 60 s at most
wait_for() {
	i=0
	while [ ! -e "$1" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
}
# nr_saved NAME: recordings finished
nr_saved() {
	n=0
	for d in "$1".*.dir; do
		[ -d "$d" ] && [ ! -e "$d/perf.incomplete" ] && n=$((n + 1))
	done
	echo $n
}
wait_saved() {
	i=0
	while [ "$(nr_saved "$1")" -lt "$2" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
}

# two_phases DESC NAME OPTIONS...: SIGUSR2 after each phase, and the
# three recordings: phase 1's, phase 2's, and the end's, empty
two_phases() {
	what=$1 name=$2
	shift 2
	rm -rf "$name".*.dir ctl
	mkdir ctl
	perf ftrace record "$@" -o "$name" "$PHASES" 1 300 200 "$PWD/ctl" \
		>"$name.out" 2>"$name.err" &
	perf=$!
	wait_for ctl/phase1
	kill -USR2 $perf
	wait_saved "$name" 1
	touch ctl/go
	wait_for ctl/phase2
	kill -USR2 $perf
	wait_saved "$name" 2
	touch ctl/end
	wait $perf
	check "$what: exits 0" test $? -eq 0
	cat "$name.err" | diag
	set -- "$name".*.dir
	check "$what: three recordings ($*)" test $# -eq 3
	[ $# -eq 3 ] || return
	for d; do
		echo "$d: $(nr "$d" "$PPID_FN") getppid, $(nr "$d" "$PGRP_FN") getpgrp" | diag
	done
	check "$what: the first holds phase 1's 300 calls, no other" \
		test "$(nr "$1" "$PPID_FN") $(nr "$1" "$PGRP_FN")" = "300 0"
	check "$what: the second holds phase 2's 200 calls, no other" \
		test "$(nr "$2" "$PPID_FN") $(nr "$2" "$PGRP_FN")" = "0 200"
	check "$what: the last holds neither" \
		test "$(nr "$3" "$PPID_FN") $(nr "$3" "$PGRP_FN")" = "0 0"
	check "$what: every recording is complete" \
		test -z "$(ls -d "$name".*.dir/perf.incomplete 2>/dev/null)"
}

two_phases "--switch-output --overwrite" sw --switch-output --overwrite -m 64K \
	-t function -T "$PPID_FN" -T "$PGRP_FN"
check "--switch-output --overwrite: SIGUSR2 saved the first two" \
	sh -c "grep -l '^saved by: SIGUSR2$' sw.*.dir/perf.snapshot | wc -l | grep -qx 2"
if [ "$SNAP_BEFORE" != "no snapshot file" ]; then
	check "--switch-output --overwrite: no note of a missing snapshot buffer" \
		sh -c "! grep -q 'no snapshot buffer' sw.err"
fi
readers_read "--switch-output --overwrite" "$(ls -d sw.*.dir | sed -n 2p)"
flight_state_check "--switch-output --overwrite"

two_phases "--switch-output --overwrite --no-snapshot-buffer" nosnap --switch-output \
	--overwrite --no-snapshot-buffer -m 64K -t function -T "$PPID_FN" -T "$PGRP_FN"
check "--no-snapshot-buffer: says once that tracing stops while saving" \
	test "$(grep -c 'no snapshot buffer: tracing stops while the buffers are saved' nosnap.err)" -eq 1
flight_state_check "--switch-output --overwrite --no-snapshot-buffer"

# function_graph with a graph filter runs at the top level: its
# snapshot buffer is allocated for the session and freed after
two_phases "--switch-output --overwrite, function_graph" graph --switch-output --overwrite \
	-m 1M -t function_graph -G "$PPID_FN" -G "$PGRP_FN"
readers_read "--switch-output --overwrite, function_graph" "$(ls -d graph.*.dir | sed -n 2p)" graph
flight_state_check "--switch-output --overwrite, function_graph"

# the top level's snapshot buffer allocated by somebody: refused
if [ "$SNAP_BEFORE" = "Snapshot is freed" ]; then
	echo 1 >$T/snapshot
	echo 2 >$T/snapshot
	perf ftrace record --overwrite --switch-output -t function_graph -G "$PPID_FN" \
		-o busy true >busy.out 2>busy.err
	status=$?
	one_line_error "the top level's snapshot buffer in use" busy.err $status
	check "the top level's snapshot buffer in use: no recording" test ! -e busy.dir
	check "the top level's snapshot buffer left as it was" \
		test "$(snapshot_state)" = "Snapshot is allocated"
	echo 0 >$T/snapshot
	state_check "the top level's snapshot buffer in use" state.custom
fi

# without --overwrite, the recorders finish a recording and start the next
two_phases "--switch-output (recorders)" rot --switch-output -t function \
	-T "$PPID_FN" -T "$PGRP_FN"
check "--switch-output (recorders): no perf.snapshot" \
	test -z "$(ls rot.*.dir/perf.snapshot 2>/dev/null)"
flight_state_check "--switch-output (recorders)"

# --switch-output-event: a snapshot trigger on phase 2's system call
# (getpgrp is system call 111 on x86_64) swaps the buffers when it fires
sum_calls() {
	s=0
	for d in "$1".*.dir; do s=$((s + $(nr "$d" "$2"))); done
	echo $s
}
if [ -d $T/events/raw_syscalls/sys_enter ]; then
	rm -rf ev.*.dir ctl
	mkdir ctl
	perf ftrace record --overwrite --switch-output-event='raw_syscalls:sys_enter/id == 111/' \
		-m 64K -t function -T "$PPID_FN" -T "$PGRP_FN" -o ev \
		"$PHASES" 1 300 200 "$PWD/ctl" >ev.out 2>ev.err &
	perf=$!
	wait_for ctl/phase1
	touch ctl/go
	wait_for ctl/phase2
	wait_saved ev 1
	touch ctl/end
	wait $perf
	check "--switch-output-event: exits 0" test $? -eq 0
	cat ev.err | diag
	set -- ev.*.dir
	for d; do
		echo "$d: $(nr "$d" "$PPID_FN") getppid, $(nr "$d" "$PGRP_FN") getpgrp, $(grep 'saved by' "$d/perf.snapshot")" | diag
	done
	check "--switch-output-event: the first recording holds phase 1's 300 calls, no other" \
		test "$(nr "$1" "$PPID_FN") $(nr "$1" "$PGRP_FN")" = "300 0"
	check "--switch-output-event: the event saved it" \
		grep -q '^saved by: raw_syscalls:sys_enter/id == 111/$' "$1/perf.snapshot"
	check "--switch-output-event: all calls in one recording or another" \
		test "$(sum_calls ev "$PPID_FN") $(sum_calls ev "$PGRP_FN")" = "300 200"
	flight_state_check "--switch-output-event"

	# the workload ends right after the event fires: its save is made
	# before the end's
	rm -rf evx.*.dir
	perf ftrace record --overwrite --switch-output-event='raw_syscalls:sys_enter/id == 111/' \
		-m 64K -t function -T "$PPID_FN" -T "$PGRP_FN" -o evx "$PHASES" 1 300 1 \
		>evx.out 2>evx.err
	check "--switch-output-event, event at the end: exits 0" test $? -eq 0
	for d in evx.*.dir; do
		echo "$d: $(nr "$d" "$PPID_FN") getppid, $(grep 'saved by' "$d/perf.snapshot")" | diag
	done
	check "--switch-output-event, event at the end: one recording saved by the event" \
		sh -c "grep -l '^saved by: raw_syscalls' evx.*.dir/perf.snapshot | wc -l | grep -qx 1"
	check "--switch-output-event, event at the end: all 300 getppid calls saved" \
		test "$(sum_calls evx "$PPID_FN")" = 300
	flight_state_check "--switch-output-event, event at the end"

	# a filter the kernel refuses: its reason named, tracefs as before
	for mode in --overwrite --switch-output; do
		rm -rf evf.dir evf.*.dir
		perf ftrace record $mode --switch-output-event='raw_syscalls:sys_enter/idd == 111/' \
			-m 64K -t function -T "$PPID_FN" -o evf true >evf.out 2>evf.err
		status=$?
		check "--switch-output-event $mode, a bad filter: refused ($status)" test $status -ne 0
		diag <evf.err
		check "--switch-output-event $mode, a bad filter: the kernel's reason named" \
			grep -qx 'perf ftrace record: the kernel refuses the filter of raw_syscalls:sys_enter: Field not found' evf.err
		check "--switch-output-event $mode, a bad filter: no recording" \
			test -z "$(ls -d evf.dir evf.*.dir 2>/dev/null)"
		flight_state_check "--switch-output-event $mode, a bad filter"
	done

	# the top level (function_graph with -G) has no instance for the
	# trigger: refused before tracefs is touched
	if [ "$SNAP_BEFORE" != "no snapshot file" ]; then
		perf ftrace record --overwrite --switch-output-event='raw_syscalls:sys_enter/id == 111/' \
			-m 256K -t function_graph -G "$PPID_FN" -o evg true >evg.out 2>evg.err
		one_line_error "--switch-output-event --overwrite at the top level" evg.err $?
		check "--switch-output-event --overwrite at the top level: says it needs an instance" \
			grep -q 'needs an instance: function_graph runs at the top level' evg.err
		check "--switch-output-event --overwrite at the top level: no recording" \
			test ! -e evg.dir
		flight_state_check "--switch-output-event --overwrite at the top level"
	fi
else
	skip "--switch-output-event" "no raw_syscalls:sys_enter event"
fi

# --switch-output=SIZE --switch-max-files=3: rotation, the newest 3 kept
rm -rf sz.*.dir
perf ftrace record --switch-output=4K --switch-max-files=3 -t function -T "$PPID_FN" \
	--inherit -o sz sh -c "for i in 1 2 3 4 5 6 7 8; do $PHASES 1 2000 0; sleep 0.5; done" \
	>sz.out 2>sz.err
check "--switch-output=4K --switch-max-files=3: exits 0" test $? -eq 0
made=$(grep -c '^\[ perf ftrace record: Captured and wrote' sz.err)
set -- sz.*.dir
echo "$made recordings made, $# kept: $*" | diag
check "--switch-output=4K: several recordings made ($made)" test "$made" -ge 4
check "--switch-max-files=3: the newest 3 kept ($#)" test $# -eq 3
check "--switch-max-files=3: each kept one is complete" \
	test -z "$(ls -d sz.*.dir/perf.incomplete 2>/dev/null)"
last3=$(sed -n 's/^\[ perf ftrace record: Captured and wrote [0-9.]* MB \([^ ]*\) .*/\1/p' sz.err |
	tail -3 | tr '\n' ' ')
check "--switch-max-files=3: those kept are the last 3 made ($last3)" test "$last3" = "$* "
flight_state_check "--switch-output=4K --switch-max-files=3"

# a flight recorder killed with SIGKILL: the next session saves its
# buffers into its recording, says where, then removes its instance
rm -rf dead.dir ctl
mkdir ctl
perf ftrace record --overwrite -m 64K -t function -T "$PPID_FN" -T "$PGRP_FN" -o dead \
	"$PHASES" 1 300 200 "$PWD/ctl" >dead.out 2>dead.err &
perf=$!
wait_for ctl/phase1
touch ctl/go
wait_for ctl/phase2
kill -KILL $perf
wait $perf 2>/dev/null
touch ctl/end
check "killed flight recorder: its instance is left" test -d $T/instances/perf-ftrace-$perf
check "killed flight recorder: its recording is marked incomplete" test -e dead.dir/perf.incomplete
perf ftrace record -t function -T ksys_write -o next sleep 0 >next.out 2>next.err
check "the next session exits 0" test $? -eq 0
cat next.err | diag
check "the next session says where it saved the killed one's buffers" \
	grep -q "saved the buffers of instances/perf-ftrace-$perf, a flight recorder that was killed, in $PWD/dead.dir" next.err
check "the killed one's instance is removed" test ! -d $T/instances/perf-ftrace-$perf
check "the killed one's recording is complete" test ! -e dead.dir/perf.incomplete
cat dead.dir/perf.snapshot | diag
check "the killed one's recording says what saved it" \
	grep -q "^saved by: perf ftrace (pid [0-9]*), after instances/perf-ftrace-$perf was killed$" \
	dead.dir/perf.snapshot
check "the killed one's recording holds both phases (300 200)" \
	test "$(nr dead.dir "$PPID_FN") $(nr dead.dir "$PGRP_FN")" = "300 200"
readers_read "killed flight recorder" dead.dir
flight_state_check "killed flight recorder"
