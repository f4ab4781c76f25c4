#!/bin/sh
# perf ftrace record: complete output directories for every way a
# recording stops, no lost or extra events, bad inputs, tracefs state.
. /tests/guest/lib.sh
. "$(dirname "$0")/ftrace-state.inc"

begin_tests "perf ftrace record"

# An unpatched 6.1 perf, if the harness provides one, must read perf.header.
OLDPERF=
for p in "$PERF_61" /share/perf-6.1 "$HERE/perf-6.1"; do
	[ -n "$p" ] && [ -x "$p" ] && { OLDPERF=$p; break; }
done

ncpus=$(ls -d /sys/devices/system/cpu/cpu[0-9]* | wc -l)
writer() { while :; do echo x >/dev/null; done; }

# record_until SIGNAL NAME ARGS...: perf ftrace record -o NAME with ARGS
# in the background, stopped by SIGNAL 3 s after it started tracing; its
# output in NAME.out and NAME.err, its exit status in $status.
record_until() {
	sig=$1 name=$2
	shift 2
	perf ftrace record -o "$name" "$@" >"$name.out" 2>"$name.err" &
	stop_traced "$sig" $!
}

# check_dir DESCRIPTION DIR EVENT NBUFS: a complete recording directory
check_dir() {
	d=$2
	ok=1
	[ -s "$d/perf.header" ] || { echo "no $d/perf.header"; ok=0; }
	perf report --header-only -i "$d/perf.header" >hdr.out 2>&1 ||
		{ echo "perf report --header-only failed"; ok=0; }
	grep -q 'cpudesc' hdr.out || { echo "no cpudesc in header"; ok=0; }
	grep -q 'cmdline : .*ftrace record' hdr.out || { echo "no cmdline in header"; ok=0; }
	perf evlist -i "$d/perf.header" >evl.out 2>&1 || { echo "perf evlist failed"; ok=0; }
	grep -q "^$3\$" evl.out || { echo "no $3 in evlist"; cat evl.out; ok=0; }
	if [ -n "$OLDPERF" ]; then
		$OLDPERF report --header-only -i "$d/perf.header" >/dev/null 2>&1 ||
			{ echo "6.1 perf report failed"; ok=0; }
		$OLDPERF evlist -i "$d/perf.header" 2>&1 | grep -q "^$3\$" ||
			{ echo "6.1 perf evlist failed"; ok=0; }
	fi
	n=$(ls "$d" | grep -c '^trace-cpu[0-9]*\.buf$')
	[ "$n" -eq "$4" ] || { echo "$n buffer files, expected $4"; ok=0; }
	if [ $ok -eq 1 ]; then pass "$1: complete directory"; else fail "$1: complete directory"; fi
}

# count_events DIR EVENT: number of EVENT events in the buffers.  The
# event's id comes from its format: only "function" has an id file.
count_events() {
	id=$(sed -n 's/^ID: *//p' $T/events/ftrace/$2/format)
	"$WORKLOADS/rbcount" "$id" "$1"/trace-cpu*.buf
}

# record -a, stopped by SIGINT
for i in 1 2; do writer & pids="$pids $!"; done
record_until INT sysw -a -t function -T ksys_write -m 256K
kill $pids; wait $pids 2>/dev/null; pids=
check "record -a + SIGINT exits 0" test $status -eq 0
check_dir "record -a + SIGINT" sysw.dir ftrace:function "$ncpus"
cat sysw.err | diag
if [ -x "$WORKLOADS/rbcount" ]; then
	c=$(count_events sysw.dir function)
	echo "$c" | diag
	case $c in events=0*) fail "record -a has events";; *bad=0) pass "record -a has events";; *) fail "record -a pages decode";; esac
fi
state_check "record -a + SIGINT" state.custom

# record <command>, exactly N calls
if [ -x "$WORKLOADS/getppid-loop" ] && [ -x "$WORKLOADS/rbcount" ]; then
	fn=$(grep -m1 -E '^(__x64_sys_getppid|__se_sys_getppid|__do_sys_getppid|sys_getppid)( |$)' \
		$T/available_filter_functions)
	fn=${fn%% *}
	echo "getppid function: $fn" | diag
	perf ftrace record -t function -T "$fn" -o exact \
		"$WORKLOADS/getppid-loop" 10000 >exact.out 2>exact.err
	status=$?
	check "record <command> exits 0" test $status -eq 0
	check_dir "record <command>" exact.dir ftrace:function "$ncpus"
	c=$(count_events exact.dir function)
	echo "$c" | diag
	cat exact.err | diag
	case $c in
	events=10000\ *bad=0) pass "record has exactly 10000 $fn events";;
	*) fail "record has exactly 10000 $fn events";;
	esac
	state_check "record <command>" state.custom

else
	skip "record exact count" "workloads not built"
fi

# -C: only the listed CPUs get a buffer
perf ftrace record -C 0,2 -t function -T ksys_write -o cpus sleep 1 >/dev/null 2>cpus.err
check "record -C exits 0" test $? -eq 0
ls cpus.dir | grep '^trace-cpu' | tr '\n' ' ' >cpus.ls
check "record -C 0,2 writes cpu0 and cpu2 only" test "$(cat cpus.ls)" = "trace-cpu0.buf trace-cpu2.buf "

# -p target exits: the recording stops on its own, header complete
sleep 2 & target=$!
perf ftrace record -t function -T ksys_write -p $target -o ptgt >/dev/null 2>ptgt.err &
perf=$!
i=0
while kill -0 $perf 2>/dev/null && [ $i -lt 30 ]; do sleep 1; i=$((i + 1)); done
if kill -0 $perf 2>/dev/null; then
	fail "record -p stops when the target exits"
	kill -INT $perf
	wait $perf
else
	wait $perf
	check "record -p stops when the target exits" test $? -eq 0
fi
check_dir "record -p target exit" ptgt.dir ftrace:function "$ncpus"
state_check "record -p" state.custom

# SIGTERM stop
record_until TERM term -a -t function -T ksys_write
check "record + SIGTERM exits 0" test $status -eq 0
check_dir "record + SIGTERM" term.dir ftrace:function "$ncpus"
state_check "record + SIGTERM" state.custom

# an existing directory becomes .old.dir, an old .old.dir goes away
mkdir -p again.dir again.old.dir
touch again.dir/mark again.old.dir/oldmark
perf ftrace record -t function -T ksys_write -o again sleep 0 >/dev/null 2>&1
if [ -e again.old.dir/mark ] && [ ! -e again.old.dir/oldmark ] && [ -s again.dir/perf.header ]; then
	pass "existing directory renamed to .old.dir"
else
	fail "existing directory renamed to .old.dir"
fi

# bad inputs: one line, non-zero exit, no directory, state unchanged
perf ftrace record -t nosuch -o bad sleep 0 >/dev/null 2>err; one_line_error "record unknown tracer" err $?
perf ftrace record -p 999999 -o bad >/dev/null 2>err; one_line_error "record missing pid" err $?
perf ftrace record -p 1,999999 -o bad >/dev/null 2>err; one_line_error "record missing pid in list" err $?
perf ftrace record -C 64 -o bad >/dev/null 2>err; one_line_error "record offline CPU" err $?
perf ftrace record -C 0-99 -o bad >/dev/null 2>err; one_line_error "record CPU range" err $?
perf ftrace record -o bad nosuchcommand >/dev/null 2>err; one_line_error "record bad command" err $?
grep -q "perf ftrace: cannot execute 'nosuchcommand': No such file or directory" err
check "record bad command message" test $? -eq 0
echo 'echo hi' >notexec; chmod 644 notexec
perf ftrace record -o bad ./notexec >/dev/null 2>err; one_line_error "record non-executable command" err $?
perf ftrace record -o /nonexistent/dir/x sleep 0 >/dev/null 2>err; one_line_error "record uncreatable directory" err $?
perf ftrace record -t nop -o bad sleep 0 >/dev/null 2>err; one_line_error "record refuses other tracers" err $?
perf ftrace record -T no_such_function_xyz -o bad sleep 0 >/dev/null 2>err
one_line_error "record filter that matches nothing" err $?
grep -q "no_such_function_xyz" err; check "record filter error names the pattern" test $? -eq 0
check "no directory left by bad inputs" test ! -e bad.dir
state_check "record bad inputs" state.custom

# no command and no target: the whole system until Ctrl-C, as perf record
writer & w=$!
record_until INT bare -t function -T ksys_write
kill $w; wait $w 2>/dev/null
check "record without command or target records until SIGINT" test $status -eq 0
check_dir "record without command or target" bare.dir ftrace:function "$ncpus"
state_check "record without command or target" state.custom

# non-root
if su -s /bin/sh nobody -c 'true' 2>/dev/null; then
	su -s /bin/sh nobody -c 'cd /tmp && perf ftrace record -o /tmp/nr sleep 0' >/dev/null 2>err
	one_line_error "record as non-root" err $?
	check "no directory left by non-root" test ! -e /tmp/nr.dir
else
	skip "record as non-root" "no su"
fi

# tracefs not mounted
umount $T 2>/dev/null
umount /sys/kernel/debug 2>/dev/null
if [ ! -e $T/trace ] && [ ! -e /sys/kernel/debug/tracing/trace ]; then
	perf ftrace record -o nofs sleep 0 >/dev/null 2>err
	one_line_error "record without tracefs" err $?
	grep -q tracefs err; check "record without tracefs names tracefs" test $? -eq 0
	check "no directory left without tracefs" test ! -e nofs.dir
	perf ftrace live sleep 0 >/dev/null 2>err
	one_line_error "live without tracefs" err $?
else
	skip "record without tracefs" "cannot unmount tracefs"
fi
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
mount -t tracefs tracefs $T
state_check "after tracefs remount" state.custom

# function_graph: entry and exit events, depth 1.  Last, because switching
# function_graph off can take minutes under TCG.
if [ -n "$FTRACE_TEST_NO_GRAPH" ]; then
	skip "function_graph tests" "FTRACE_TEST_NO_GRAPH set"
else
	if [ -x "$WORKLOADS/getppid-loop" ] && [ -x "$WORKLOADS/rbcount" ]; then
		perf ftrace record -G "$fn" -T "$fn" --graph-opts depth=1 -o graph \
			"$WORKLOADS/getppid-loop" 500 >graph.out 2>graph.err
		check "record function_graph exits 0" test $? -eq 0
		check_dir "record function_graph" graph.dir ftrace:funcgraph_entry "$ncpus"
		grep -q '^ftrace:funcgraph_exit$' evl.out
		check "record function_graph has funcgraph_exit" test $? -eq 0
		e=$(count_events graph.dir funcgraph_entry)
		x=$(count_events graph.dir funcgraph_exit)
		echo "entry: $e exit: $x" | diag
		case "$e $x" in
		events=500\ *bad=0\ events=500\ *bad=0) pass "function_graph has 500 entries and exits";;
		*) fail "function_graph has 500 entries and exits";;
		esac
		state_check "record function_graph" state.custom
	fi

fi

default_state
