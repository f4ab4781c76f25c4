#!/bin/sh
# Sharing tracefs: function tracer sessions run in private instances, side
# by side, each with exactly its own events; a function_graph session is
# refused while the top level is in use, without disturbing its user; an
# instance or a top level left by a killed session is put back by the next
# one, and only then.
. /tests/guest/lib.sh
. "$(dirname "$0")/ftrace-state.inc"

[ -x "$WORKLOADS/getppid-loop" ] && [ -x "$WORKLOADS/rbcount" ] && [ -x "$WORKLOADS/hold-lock" ] ||
	{ skip "perf ftrace sharing" "workloads not built"; exit 0; }
begin_tests "perf ftrace sharing"

fn=$(grep -m1 -E '^(__do_sys_getppid|__x64_sys_getppid|sys_getppid)$' $T/available_filter_functions)
id=$(sed -n 's/^ID: *//p' $T/events/ftrace/function/format)
count() { "$WORKLOADS/rbcount" "$id" "$1"/trace-cpu*.buf; }

# Two function sessions at once, each around its own workload.
perf ftrace record -t function -T "$fn" -o one "$WORKLOADS/getppid-loop" 3000 2000 \
	>one.out 2>one.err &
a=$!
perf ftrace record -t function -T "$fn" -o two "$WORKLOADS/getppid-loop" 5000 2000 \
	>two.out 2>two.err &
b=$!
sleep 1
ls $T/instances | diag
wait $a; sa=$?
wait $b; sb=$?
check "two function sessions at once exit 0" test $sa -eq 0 -a $sb -eq 0
c1=$(count one.dir); c2=$(count two.dir)
echo "one: $c1 / two: $c2" | diag
case "$c1" in events=3000\ *bad=0) pass "first session has exactly its 3000 events";;
*) fail "first session has exactly its 3000 events"; diag <one.err;; esac
case "$c2" in events=5000\ *bad=0) pass "second session has exactly its 5000 events";;
*) fail "second session has exactly its 5000 events"; diag <two.err;; esac
state_check "two function sessions" state.custom

# A function session leaves the top level alone while it runs.
ftrace_state >state.before
perf ftrace live -a -t function -T ksys_write >/dev/null 2>&1 &
p=$!
wait_session $p
ftrace_state | sed '/^== instance/,$d' >state.during
sed '/^== instance/,$d' state.before >state.before.top
kill -INT $p; wait $p
if cmp -s state.before.top state.during; then
	pass "a function session does not touch the top level"
else
	fail "a function session does not touch the top level"
	diff state.before.top state.during | head -10 | diag
fi

# The top level in use: a function_graph session is refused, before it
# changes anything, and the user of the top level keeps tracing.
if [ -z "$FTRACE_TEST_NO_GRAPH" ]; then
	echo "$fn" >$T/set_ftrace_filter
	echo >$T/set_ftrace_pid
	echo function >$T/current_tracer
	echo 1 >$T/tracing_on
	ftrace_state >state.busy
	perf ftrace live -G "$fn" sleep 0 >/dev/null 2>err
	one_line_error "function_graph refused while the top level is in use" err $?
	grep -q "current_tracer is 'function'" err
	check "the refusal says what is in use" test $? -eq 0
	perf ftrace record -G "$fn" -o busy sleep 0 >/dev/null 2>err
	one_line_error "record function_graph refused while the top level is in use" err $?
	check "no directory left by the refused record" test ! -e busy.dir
	state_check "refused function_graph sessions" state.busy
	echo >$T/trace
	"$WORKLOADS/getppid-loop" 100
	n=$(grep -c "$fn" $T/trace)
	check "the top level's user still traces (100 calls, saw $n)" test "$n" -ge 100
	echo nop >$T/current_tracer
	custom_state
fi

# An instance left behind by a killed session goes with the next session.
perf ftrace record -a -t function -T ksys_write -o killed >/dev/null 2>&1 &
k=$!
wait_session $k
kill -KILL $k; wait $k 2>/dev/null
check "SIGKILL leaves the session's instance behind" test -d $T/instances/perf-ftrace-$k
perf ftrace live -t function -T "$fn" "$WORKLOADS/getppid-loop" 1 >/dev/null 2>err
grep -q "perf-ftrace-$k" err; check "the next session says it removed the stale instance" test $? -eq 0
diag <err
check "the stale instance is gone" test ! -e $T/instances/perf-ftrace-$k
if perf ftrace show -i killed >/dev/null 2>show.err && grep -q incomplete show.err; then
	pass "SIGKILL during record: show reads the directory and says it is incomplete"
else
	fail "SIGKILL during record: show reads the directory and says it is incomplete"
	head -5 show.err | diag
fi
# SIGKILL cannot be caught, but the instance kept it from the top level.
state_check "after the stale instance is removed" state.custom

# An instance is stale only when no session holds its lock: its pid says
# nothing of a session in another pid namespace.  99999 is above this
# kernel's pid_max, so no pid here; one instance is held, as a session
# elsewhere holds its own, the other not.
mkdir $T/instances/perf-ftrace-99999 $T/instances/perf-ftrace-99998
"$WORKLOADS/hold-lock" $T/instances/perf-ftrace-99999 held 30 &
h=$!
i=0
while [ ! -e held ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
perf ftrace live -t function -T "$fn" "$WORKLOADS/getppid-loop" 1 >/dev/null 2>err
check "an instance whose session still holds it stays" test -d $T/instances/perf-ftrace-99999
check "an instance nobody holds goes" test ! -e $T/instances/perf-ftrace-99998
diag <err
kill $h; wait $h 2>/dev/null
rmdir $T/instances/perf-ftrace-99999
state_check "instances held and not held" state.custom

# A file of the session's instance held open when the session ends (a
# monitor reading per_cpu/cpu0/stats): the kernel refuses to remove the
# instance while it is open, and the session waits for it, a second at
# most.  The holder lets go 0.5 s after the workload ends.
perf ftrace record -t function -T "$fn" -o busy sleep 2 >/dev/null 2>busy.err &
p=$!
wait_session $p
sh -c 'exec 4<"$1"; sleep 2.5' holder "$T/instances/perf-ftrace-$p/per_cpu/cpu0/stats" &
h=$!
wait $p
check "an instance file open at the end: record exits 0" test $? -eq 0
wait $h
check "an instance file open at the end: the instance is removed" \
	test ! -e "$T/instances/perf-ftrace-$p"
check "an instance file open at the end: no warning" test ! -s busy.err -o \
	-z "$(grep 'cannot remove' busy.err)"
diag <busy.err
rm -rf busy.dir
state_check "an instance file open at the end" state.custom

# A function_graph session killed with SIGKILL leaves the top level to
# the next session, which puts it back as the killed one found it, from
# the mark the killed one left; a session that runs is still refused.
# (-T: the kernel rewrites the call sites of $fn alone, not all.)
if [ -z "$FTRACE_TEST_NO_GRAPH" ]; then
	perf ftrace record -G "$fn" -T "$fn" -o graphkilled sleep 30 >/dev/null 2>&1 &
	k=$!
	i=0
	while [ "$(cat $T/current_tracer)" != function_graph ] && [ $i -lt 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	perf ftrace live -G "$fn" sleep 0 >/dev/null 2>err
	one_line_error "a second function_graph session is refused" err $?
	grep -q "perf ftrace session $k holds the top level" err
	check "the refusal names the session that holds the top level" test $? -eq 0
	sleep 1
	kill -KILL $k; wait $k 2>/dev/null
	check "SIGKILL leaves the top level in function_graph" \
		test "$(cat $T/current_tracer)" = function_graph
	perf ftrace live -G "$fn" -T "$fn" "$WORKLOADS/getppid-loop" 1 >/dev/null 2>err
	check "the next function_graph session runs" test $? -eq 0
	diag <err
	grep -q "session $k, which is gone" err
	check "it says it put back the top level of the killed session" test $? -eq 0
	state_check "a killed function_graph session, then another" state.custom
fi

default_state
