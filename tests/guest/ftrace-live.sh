#!/bin/sh
# perf ftrace live: function_graph and function output, -p and -C
# targets, and the tracefs state is restored after every run.
. /tests/guest/lib.sh
. "$(dirname "$0")/ftrace-state.inc"

begin_tests "perf ftrace live"

# writer: a loop of write() calls, for -p and -C targets
writer() { while :; do echo x >/dev/null; done; }

# function tracer: func <-parent lines
perf ftrace live -t function -T '*nanosleep*' sleep 1 \
	>func.out 2>func.err
status=$?
if [ $status -eq 0 ] && grep -qE 'nanosleep <-' func.out; then
	pass "live -t function shows 'func <-parent' lines"
else
	fail "live -t function shows 'func <-parent' lines (exit $status)"
	head -20 func.out func.err | diag
fi
state_check "live function" state.custom

# live_3s SIGNAL OUT [SUBCOMMAND] ARGS...: perf ftrace live (or trace, or
# "" for a bare perf ftrace) of ksys_write with ARGS, stopped by SIGNAL
# after 3 s; output in OUT and OUT's .err, exit in $status.
live_3s() {
	sig=$1 out=$2
	shift 2
	case $1 in
	live | trace | "") sub=$1; shift ;;
	*) sub=live ;;
	esac
	perf ftrace $sub -t function -T ksys_write "$@" >"$out" 2>"${out%.out}.err" &
	stop_traced "$sig" $!
}

# all_match DESCRIPTION OUT GREP-ARGS...: live exited 0 and every ksys_write
# event in OUT matches GREP-ARGS.
all_match() {
	desc=$1 out=$2
	shift 2
	lines=$(grep -c 'ksys_write <-' "$out")
	others=$(grep 'ksys_write <-' "$out" | grep -vc "$@")
	if [ $status -eq 0 ] && [ "$lines" -gt 0 ] && [ "$others" -eq 0 ]; then
		pass "$desc ($lines events)"
	else
		fail "$desc (exit $status, $lines events, $others not matching)"
		head -10 "$out" "${out%.out}.err" | diag
	fi
}

# -p: only the target, not the other writer
writer & target=$!
writer & other=$!
live_3s INT pid.out -p $target
kill $target $other
wait $target $other 2>/dev/null
all_match "live -p traces the target only" pid.out -- "-$target "
state_check "live -p + SIGINT" state.custom

# -C 1: only CPU 1
pids=
for i in 1 2 3 4; do writer & pids="$pids $!"; done
live_3s TERM cpu.out -C 1
kill $pids
wait $pids 2>/dev/null
all_match "live -C 1 shows CPU 1 only" cpu.out '\[001\]'
state_check "live -C + SIGTERM" state.custom

# 'trace' is still an alias
perf ftrace trace -t function -T '*nanosleep*' sleep 0 >alias.out 2>&1
check "'trace' is an alias of 'live'" test $? -eq 0

# No command and no target traces the whole system until Ctrl-C, as
# 6.1 does, for live, trace and a bare 'perf ftrace' alike.
for cmd in live trace ""; do
	writer & w=$!
	live_3s INT bare.out "$cmd"
	kill $w; wait $w 2>/dev/null
	all_match "perf ftrace $cmd without command or target traces the system" bare.out .
	state_check "perf ftrace $cmd system-wide" state.custom
done

# bad inputs change nothing
perf ftrace live -t nosuch sleep 0 >/dev/null 2>err; one_line_error "live unknown tracer" err $?
perf ftrace live -p 999999 >/dev/null 2>err; one_line_error "live missing pid" err $?
perf ftrace live -C 64 >/dev/null 2>err; one_line_error "live offline CPU" err $?
perf ftrace live /nonexistent/cmd >/dev/null 2>err; one_line_error "live bad command" err $?
grep -q "cannot execute '/nonexistent/cmd': No such file or directory" err
check "live bad command message" test $? -eq 0
perf ftrace record -t function -m 64G -o huge sleep 0 >/dev/null 2>err
one_line_error "record -m 64G" err $?
grep -q "ring buffer of CPU 0 67108864 KiB (-m): Cannot allocate memory" err
check "-m 64G: the message says the size, the CPU and why" test $? -eq 0
state_check "live bad inputs" state.custom

# function_graph (default tracer): the nanosleep path as a call graph.
# Last, because switching function_graph off can take minutes under TCG.
if [ -n "$FTRACE_TEST_NO_GRAPH" ]; then
	skip "function_graph tests" "FTRACE_TEST_NO_GRAPH set"
else
	# -T: the kernel rewrites these functions' call sites alone, not all
	perf ftrace live -G '*sys*nanosleep' -T '*nanosleep*' -T 'hrtimer_*' sleep 1 \
		>graph.out 2>graph.err
	status=$?
	if [ $status -eq 0 ] && grep -qE 'nanosleep\(\) \{' graph.out &&
	   grep -qE '^ *[0-9]+\).*\| +\}' graph.out; then
		pass "live sleep 1 shows nanosleep as a function_graph"
	else
		fail "live sleep 1 shows nanosleep as a function_graph (exit $status)"
		head -20 graph.out graph.err | diag
	fi
	state_check "live function_graph" state.custom

fi

default_state
