#!/bin/sh
# Tasks and processes, judged by what the kernel and the workload say:
# every task of a busy recording is named as it named itself, --pids
# selects processes (all their threads) and --tids threads, in show,
# report and convert; saved_cmdlines_size is raised while sessions record,
# shared by overlapping ones, and put back by the last (or, after a
# SIGKILL, by the next).
. /tests/guest/lib.sh
. "$(dirname "$0")/ftrace-state.inc"

begin_tests "perf ftrace tasks"
TASKS=$WORKLOADS/tasks
fn=$(grep -m1 -E '^(__do_sys_getppid|__x64_sys_getppid|sys_getppid)$' $T/available_filter_functions)
[ -x "$TASKS" ] && [ -n "$fn" ] || { skip "perf ftrace tasks" "no workload or getppid"; exit 0; }
size0=$(cat $T/saved_cmdlines_size)
N=${TASKS_N:-2000}

# names TASKS SHOW: judge show's comm-pid of each task the workload
# printed ("tid tgid name"); prints the counts, fails when a task is
# unnamed or more than one in 200 are misnamed.  The kernel saves a name
# only when its lock is free (trace_save_cmdline() does not wait): a task
# whose every save missed it has no name in saved_cmdlines, and record's
# second source, the COMM records, names it; a task whose save after its
# rename missed it keeps its parent's name there, which the kernel's trace
# file prints too.  Measured before the COMM records: 1 of 2000 unnamed in
# two runs of three, 3 of 4000 with the parent's name; without the raised
# saved_cmdlines_size, 1186 of 2000 unnamed.  With a pid_max above the
# kernel's table (pid modulo 4096 or 32768), pids that share an entry
# also go unnamed: the guest keeps its pid_max.
# A pid used twice (pid_max is 4096 with CONFIG_BASE_SMALL) is left out.
names() {
	awk 'NR == FNR { if ($1 in name) reused[$1] = 1; name[$1] = $3; next }
		/ function: / { i = split($1, a, "-"); tid = a[i]
			comm = substr($1, 1, length($1) - length(tid) - 1)
			if (tid in name && !(tid in seen)) { seen[tid] = comm; t[tid] = $3 } }
		END { for (p in name) {
			if (p in reused) { r++; continue }
			n++
			if (!(p in seen)) { missing++; if (m++ < 3) print "no event of " p " " name[p] }
			else if (seen[p] == "<...>") { unnamed++; if (u++ < 10) print "unnamed: " p " " name[p] " at " t[p] }
			else if (seen[p] != name[p]) { wrong++; if (w++ < 3) print p " is " seen[p] ", not " name[p] } }
		printf "%d tasks: %d named right, %d unnamed, %d misnamed, %d without events (%d pids used twice, left out)\n",
			n, n - missing - unnamed - wrong, unnamed + 0, wrong + 0, missing + 0, r
		exit (missing || unnamed || wrong * 200 > n) }' "$1" "$2"
}

# Many short-lived tasks, four at a time, in a system-wide recording:
# more than the kernel's saved_cmdlines hold by default (128 asked for,
# rounded up to 818 entries with CONFIG_BASE_SMALL, 6552 without).
echo "saved_cmdlines_size $size0, pid_max $(cat /proc/sys/kernel/pid_max)" | diag
perf ftrace record -a -t function -T "$fn" -o many "$TASKS" forks "$N" 4 >many.tasks 2>many.err
check "record -a of $N short-lived tasks exits 0" test $? -eq 0
perf ftrace show -i many >many.show 2>many.showerr
names many.tasks many.show >many.diag
status=$?
diag <many.diag
check "$N short-lived tasks are all named, as they named themselves (all but one in 200 at most)" test $status -eq 0
state_check "record of $N tasks" state.custom

# One process of five threads: pids are processes, tids threads.
perf ftrace record -a -t function -T "$fn" -o mt "$TASKS" threads 4 >mt.tasks 2>mt.err
check "record -a of a process of 5 threads exits 0" test $? -eq 0
tgid=$(awk '{ print $2; exit }' mt.tasks)
tid=$(awk '$3 == "th1" { print $1 }' mt.tasks)
tids=$(awk '{ print $1 }' mt.tasks | sort -n | tr '\n' ' ')
echo "process $tgid, threads $tids, th1 is $tid" | diag
shown() { awk '/ function: / { i = split($1, a, "-"); print a[i] }' "$1" | sort -nu | tr '\n' ' '; }
perf ftrace show -i mt --pids "$tgid" >mt.pids 2>&1
check "show --pids $tgid shows all the threads of process $tgid" test "$(shown mt.pids)" = "$tids"
perf ftrace show -i mt --tids "$tid" >mt.tid 2>&1
check "show --tids $tid shows that thread only, its 10 calls" \
	test "$(shown mt.tid)" = "$tid " -a "$(grep -c " function: " mt.tid)" -eq 10
perf ftrace show -i mt --pids "$tid" >mt.notproc 2>&1
check "show --pids of a thread that is not a process's main thread shows nothing" \
	test "$(grep -c " function: " mt.notproc)" -eq 0
rtids() { awk '/%/ { split($2, a, ":"); print a[1] }' "$1" | sort -nu | tr '\n' ' '; }
perf ftrace report -i mt --stdio -q -s pid --pids "$tgid" >mt.rpids 2>&1
check "report --pids $tgid has all its threads" test "$(rtids mt.rpids)" = "$tids"
perf ftrace report -i mt --stdio -q -s pid --tids "$tid" >mt.rtid 2>&1
check "report --tids $tid has that thread only" test "$(rtids mt.rtid)" = "$tid "
perf ftrace convert -i mt --pids "$tgid" --to-chrome mt.json >/dev/null 2>&1
pairs=$(grep -o '"pid":[0-9]*,"tid":[0-9]*' mt.json | sort -u | tr '\n' ' ')
want=$(for t in $tids; do echo "\"pid\":$tgid,\"tid\":$t"; done | sort -u | tr '\n' ' ')
echo "convert: $pairs" | diag
check "convert --to-chrome: \"pid\" is the process and \"tid\" the thread" test "$pairs" = "$want"
state_check "record of a multi-threaded process" state.custom

# function_graph at the top level (-G): record-tgid and the event are the
# top level's there, and put back.
perf ftrace record -a -t function_graph -G "$fn" -T "$fn" -o mtg "$TASKS" threads 2 \
	>mtg.tasks 2>mtg.err
check "function_graph record -a of a process of 3 threads exits 0" test $? -eq 0
tgid=$(awk '{ print $2; exit }' mtg.tasks)
tids=$(awk '{ print $1 }' mtg.tasks | sort -n | tr '\n' ' ')
perf ftrace show -i mtg --pids "$tgid" >mtg.pids 2>&1
got=$(awk '/funcgraph_entry/ { i = split($1, a, "-"); print a[i] }' mtg.pids | sort -nu | tr '\n' ' ')
check "function_graph: show --pids $tgid shows its threads $tids" test "$got" = "$tids"
state_check "function_graph record of a multi-threaded process" state.custom

# The idle tasks by the name show prints.
perf ftrace record -a -t function -T schedule_idle -o idle sleep 1 >/dev/null 2>&1
perf ftrace show -i idle --comms '<idle>' >idle.show 2>&1
check "show --comms '<idle>' shows the idle tasks, and only them" \
	test "$(grep -c ' function: ' idle.show)" -gt 0 -a \
	"$(grep ' function: ' idle.show | grep -vc '^ *<idle>-0 ')" -eq 0

# saved_cmdlines_size: raised while sessions record, shared, put back by
# the last one; a killed session's is put back by the next one.
cmdlines_state() {
	size=$(cat $T/saved_cmdlines_size)
	[ "$size" -gt "$size0" ] && size=raised
	echo "$size '$(cat /run/perf-ftrace-saved-cmdlines 2>/dev/null)'"
}
raised="raised 'perf-ftrace-saved-cmdlines $size0'"
perf ftrace record -t function -T "$fn" -o a sleep 8 >/dev/null 2>&1 &
a=$!
wait_session $a
during=$(cmdlines_state)
perf ftrace record -t function -T "$fn" -o b sleep 1 >/dev/null 2>&1
after_b=$(cmdlines_state)
wait $a
after_a=$(cmdlines_state)
printf '%s\n' "before: $size0" "while A records: $during" "B ended: $after_b" \
	"A ended: $after_a" | diag
check "saved_cmdlines_size is raised while a session records" test "$during" = "$raised"
check "it stays raised while another session still records" test "$after_b" = "$raised"
check "the last session to end puts it back" test "$after_a" = "$size0 ''"
perf ftrace record -t function -T "$fn" -o k sleep 60 >/dev/null 2>&1 &
k=$!
wait_session $k
kill -KILL $k; wait $k 2>/dev/null
killed=$(cmdlines_state)
perf ftrace record -t function -T "$fn" -o n true >/dev/null 2>n.err
next=$(cmdlines_state)
printf '%s\n' "killed: $killed" "the next ended: $next" | diag
grep 'saved_cmdlines_size' n.err | diag
check "a killed session's saved_cmdlines_size is put back by the next, with a note" \
	test "$killed" = "$raised" -a "$next" = "$size0 ''" -a \
	"$(grep -c 'saved_cmdlines_size was left raised' n.err)" -eq 1
state_check "overlapping and killed sessions" state.custom

default_state
