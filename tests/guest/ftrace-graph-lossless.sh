#!/bin/sh
# perf ftrace record -t function_graph of a command, at the default buffer
# size, three times in one boot: no event lost (the kernel's count, from
# per_cpu/cpuN/stats), every call of the workload there, tracefs restored
# (buffer_percent among it, which record sets for its session).
. /tests/guest/lib.sh
. "$(dirname "$0")/ftrace-state.inc"

begin_tests "function_graph without loss"
[ -x "$WORKLOADS/getppid-loop" ] || { skip "function_graph without loss" "no workload"; exit 0; }

fn=$(grep -m1 -E '^(__x64_sys_getppid|__se_sys_getppid|__do_sys_getppid|sys_getppid)( |$)' \
	$T/available_filter_functions)
fn=${fn%% *}
default_state
echo 37 >$T/buffer_percent
ftrace_state >state.before

for run in 1 2 3; do
	perf ftrace record -t function_graph -o graph$run \
		"$WORKLOADS/getppid-loop" 300 >graph$run.out 2>graph$run.err
	check "run $run: record -t function_graph exits 0" test $? -eq 0
	lost=$(sed -n 's/.* \([0-9]*\) events lost.*/\1/p' graph$run.err)
	diag <graph$run.err
	check "run $run: no event lost (lost: ${lost:-none reported})" test "$lost" = 0
	calls=$(perf ftrace show -i graph$run.dir 2>/dev/null |
		grep -cE "^ *getppid-loop-.* $fn\(\)( \{|;)")
	check "run $run: all 300 calls of $fn recorded ($calls)" test "$calls" -eq 300
	rm -rf graph$run.dir
done
state_check "function_graph without loss" state.before

echo 50 >$T/buffer_percent
default_state
