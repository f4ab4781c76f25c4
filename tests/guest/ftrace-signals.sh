#!/bin/sh
# Every signal whose default action ends the process, sent during
# 'perf ftrace live -a' and 'perf ftrace record -a': perf must stop through
# its exit path, leave the whole tracefs state (top level and instances)
# as it found it, and record must leave a recording that show reads.
. /tests/guest/lib.sh
. "$(dirname "$0")/ftrace-state.inc"

begin_tests "perf ftrace signals"

# FTRACE_TEST_SIGNALS and FTRACE_TEST_DELAYS narrow the lists where the
# kernel is what is tested.
SIGNALS=${FTRACE_TEST_SIGNALS:-HUP INT QUIT TERM PIPE ALRM USR1 USR2 XCPU XFSZ VTALRM PROF IO PWR}
DELAYS=${FTRACE_TEST_DELAYS:-0.3 1 2 3}

# start_and_kill SIGNAL OUT CMD...: run CMD in the background, send SIGNAL
# once it has started tracing, and leave its exit status in $status.
start_and_kill() {
	sig=$1 out=$2
	shift 2
	"$@" >"$out" 2>"$out.err" &
	pid=$!
	case "$*" in *"-t function"*) wait_session $pid ;; esac
	sleep 0.5
	kill -"$sig" $pid
	wait $pid
	status=$?
}

for sig in $SIGNALS; do
	start_and_kill $sig live.out perf ftrace live -a -t function -T ksys_write
	if [ $status -lt 128 ]; then
		pass "live -a + SIG$sig: exits through its exit path (status $status)"
	else
		fail "live -a + SIG$sig: killed by a signal (status $status)"
	fi
	state_check "live -a + SIG$sig" state.custom

	start_and_kill $sig rec.out perf ftrace record -a -t function -T ksys_write -o sig
	if [ $status -eq 0 ]; then
		pass "record -a + SIG$sig: exits 0"
	else
		fail "record -a + SIG$sig: exit status $status"
		diag <rec.out.err
	fi
	if perf ftrace show -i sig >show.out 2>show.err && [ ! -e sig.dir/perf.incomplete ]; then
		pass "record -a + SIG$sig: a complete recording that show reads"
	else
		fail "record -a + SIG$sig: a complete recording that show reads"
		head -5 show.err | diag
	fi
	state_check "record -a + SIG$sig" state.custom
done

# A signal at any moment of the start, before tracing is on or while the
# header is written (seconds for -a under TCG): SIGINT ends perf through
# its exit path, with exit 0 only for a whole recording; after SIGKILL,
# show reads what was recorded, or says in one line that nothing was.
# The next session removes the instance a SIGKILL left.
for sig in INT KILL; do
	for delay in $DELAYS; do
		what="record -a + SIG$sig after ${delay}s"
		rm -rf early.dir
		perf ftrace record -a -t function -T ksys_write -o early \
			>early.out 2>early.err &
		pid=$!
		sleep $delay
		kill -$sig $pid
		wait $pid
		status=$?
		perf ftrace show -i early >show.out 2>show.err
		shown=$?
		if [ $sig = INT ] && [ $status -eq 0 ]; then
			check "$what: exit 0, and show reads a whole recording" \
				test $shown -eq 0 -a ! -e early.dir/perf.incomplete
		elif [ $sig = INT ]; then
			check "$what: exit status $status, and no directory left" \
				test ! -e early.dir
		elif [ $shown -eq 0 ]; then
			pass "$what: show reads what was recorded"
		elif [ ! -e early.dir ]; then
			pass "$what: killed before the directory was made"
		else
			check "$what: show says in one line that nothing was recorded" \
				test "$(grep -c . show.err)" -eq 1 -a \
				"$(grep -c 'nothing was recorded' show.err)" -eq 1
		fi
		[ $shown -eq 0 ] || head -3 show.err | diag
		if [ $sig = INT ]; then
			state_check "$what" state.custom
			continue
		fi
		# The next session removes the instance SIGKILL left.  A kill
		# in the session's set-up can leave 6.1's func_stack_trace,
		# which instances share, as the session had reset it: a known
		# gap (no mark puts it back yet), checked apart and put back.
		perf ftrace live -t function -T ksys_write true >/dev/null 2>&1
		fst=$(cat $T/options/func_stack_trace)
		ftrace_state | grep -v '^option func_stack_trace=' >state.kill
		grep -v '^option func_stack_trace=' state.custom >state.want
		check "$what: the next session leaves tracefs as found (func_stack_trace aside)" \
			cmp -s state.want state.kill
		diff state.want state.kill | head -10 | diag
		grep -q "^option func_stack_trace=$fst\$" state.custom ||
			echo "# func_stack_trace left at $fst (known gap)"
		grep '^option func_stack_trace=' state.custom | cut -d= -f2 \
			>$T/options/func_stack_trace
	done
done

# function_graph runs at the top level: the signal path must put it back too
if [ -z "$FTRACE_TEST_NO_GRAPH" ]; then
	start_and_kill HUP graph.out perf ftrace live -a -G ksys_write --graph-opts depth=1
	check "live -a function_graph + SIGHUP: exits through its exit path" test $status -lt 128
	state_check "live -a function_graph + SIGHUP" state.custom
fi

default_state
