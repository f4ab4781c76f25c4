#!/bin/sh
# perf ftrace record -a -t function_graph -m 1M -- sleep 1, the system
# mostly idle, as users run it (issue 34): no event lost, by record's own
# count nor by the kernel's (per_cpu/cpuN/stats, read while the session
# runs), every CPU in the recording, tracefs restored.  Runs on 6.1 and
# 6.12 (where the session traces in an instance of its own).
. /tests/guest/lib.sh
. "$(dirname "$0")/ftrace-state.inc"

what="record -a of function_graph, idle"
begin_tests "$what"
[ -x "$WORKLOADS/rbcount" ] || { skip "$what" "no rbcount"; exit 0; }
ncpus=$(ls -d /sys/devices/system/cpu/cpu[0-9]* | wc -l)
entry=$(sed -n 's/^ID: *//p' $T/events/ftrace/funcgraph_entry/format)

# lost_while PID: until the session PID ends, every 0.2 s, each overrun
# or dropped-events line above 0 of a CPU's ring buffer, the top level's
# and the session's instance's, as "FILE: LINE"; the number of looks in
# ./looks.  Builtins only (read -t on a fifo waits): a process forked per
# look would be traced too, and the system no longer idle.
lost_while() {
	looks=0
	mkfifo tick
	exec 3<>tick
	while kill -0 "$1" 2>/dev/null; do
		looks=$((looks + 1))
		for f in $T/per_cpu/cpu*/stats $T/instances/perf-ftrace-"$1"/per_cpu/cpu*/stats; do
			[ -e "$f" ] || continue
			while read -r line; do
				case $line in
				"overrun: "* | "dropped events: "*)
					# read takes a byte a read(), and the file
					# changes meanwhile: a torn line ("overrun:
					# 00") is no count, and a count stands only
					# where two looks at the file say it (the
					# counts only grow; record's own count
					# covers the last look).
					v=${line#*: }
					v=${v#"${v%%[!0]*}"}
					case $v in
					'' | *[!0-9]*) ;;
					*) echo "$f: $line" ;;
					esac ;;
				esac
			done <"$f"
		done
		read -r -t 0.2 tick <&3
	done
	exec 3<&-
	echo $looks >looks
}

default_state
ftrace_state >state.before
# The top level's counters start at 0: any count seen is this session's.
: >$T/trace
perf ftrace record -a -t function_graph -m 1M -o idle -- sleep 1 >idle.out 2>idle.err &
pid=$!
lost_while $pid >kernel.lost
wait $pid
check "$what: exits 0" test $? -eq 0
diag <idle.err
lost=$(sed -n 's/.* \([0-9]*\) events lost.*/\1/p' idle.err)
check "$what: record reports no event lost (${lost:-none reported})" test "$lost" = 0
check "$what: the kernel's stats, read $(cat looks) times, show no event lost" \
	test -z "$(cut -d: -f1 kernel.lost | sort | uniq -d)"
sort -u kernel.lost | head -8 | diag
for cpu in $(seq 0 $((ncpus - 1))); do
	count=$("$WORKLOADS/rbcount" "$entry" idle.dir/trace-cpu$cpu.buf 2>&1)
	case $count in
	"events="[1-9]*" missed=0 bad=0") ok=0 ;;
	*) ok=1 ;;
	esac
	check "$what: CPU $cpu has events, no page marks a loss ($count)" test $ok -eq 0
done
state_check "$what" state.before
rm -rf idle.dir
default_state
