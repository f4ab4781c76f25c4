#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Host-side test of 'perf ftrace report' on perf's hists, on synthetic
# recordings (mkrec.py): each perf report option changes the output as it
# does in perf report, and the call graphs are the call trees of the
# recording, judged against what show prints of the same calls.
#
#   PERF=/path/to/perf ftrace-report.sh [scratch dir]

. "$(dirname "$0")/tap.inc"
report() { "$PERF" ftrace report -i graph --stdio "$@" 2>err.txt; }
entries() { grep -E '^ *[0-9.]+%' "$@"; }
# sum the first column of percentages
pct_sum() { awk '/^ *[0-9.]+%/ { s += $1 } END { printf "%.2f", s }' "$@"; }
near_100() { awk -v s="$1" 'BEGIN { exit !(s > 99.9 && s < 100.1) }'; }
# self_times REC NS:SYMBOL...: report -i REC gives each symbol that self time
self_times() {
	rec=$1
	shift
	"$PERF" ftrace report -i "$rec" -q -F period,sym -t , >"$rec.txt" 2>&1
	for want; do
		grep -Eq "^ *${want%%:*} *,\[k\] ${want#*:}\$" "$rec.txt" || return 1
	done
}

python3 "$HERE/mkrec.py" graph --cpus 3 --iter 20 &&
python3 "$HERE/mkrec.py" func --tracer function --cpus 2 --iter 10 ||
	{ notok "mkrec.py"; exit 1; }
"$PERF" ftrace show -i graph >show.txt

report >default.txt
expect "the default sorts by comm,dso,sym, perf report's columns" \
	"grep -q '^# Overhead  Command       Shared Object      Symbol' default.txt"
expect "Self sums to 100% ($(pct_sum default.txt))" "near_100 $(pct_sum default.txt)"
report -n -q -s sym >n.txt
# mkrec: 20 iterations of getppid-loop on each of 2 of the 3 CPUs
expect "-n: exactly 40 calls of __x64_sys_getppid" \
	"grep -Eq '^ *[0-9.]+% +40 +\[k\] __x64_sys_getppid' n.txt"
expect "-q: no header" "! grep -q '^#' n.txt"
report -q -s pid,sym >pid.txt
expect "-s pid prints pid:comm" "grep -q ' 100:getppid-loop ' pid.txt"
report -q -s cpu,sym >cpu.txt
expect "-s cpu: one entry per CPU: dummy_xmit ran on CPU 1 only" \
	"[ \$(grep -c 'dummy_xmit' cpu.txt) -eq 1 ] && grep -Eq '^ *[0-9.]+% +001 +\[k\] dummy_xmit' cpu.txt &&
	 [ \$(grep -c '__rcu_read_lock' cpu.txt) -eq 2 ]"
report -q -s comm,symbol >symbol.txt
expect "-s symbol is sym" "grep -q '\[k\] __rcu_read_lock' symbol.txt"
report -q -F overhead,sym >fields.txt
expect "-F overhead,sym: two columns" \
	"awk 'NF != 3 { bad = 1 } END { exit bad }' fields.txt"
report -q -t , -s comm,sym >sep.txt
expect "-t ,: separated columns" "grep -q ',getppid-loop,\[k\] __rcu_read_lock' sep.txt"
report -q --percent-limit 5 >limit.txt
expect "--percent-limit 5 hides the entries below 5%" \
	"[ \$(entries limit.txt | wc -l) -lt \$(entries default.txt | wc -l) ] &&
	 ! awk '\$1 + 0 < 5 { bad = 1 } END { exit !bad }' limit.txt"
report -q --comms writer >comms.txt
expect "--comms writer: only writer" "entries comms.txt | grep -q writer && ! grep -v writer comms.txt | grep -q ."
report -q --pids 201 -s pid,sym >pids.txt
expect "--pids 201: only 201" "! grep -v ' 201:writer ' pids.txt | grep -q ."
report -q --tids 201 -s pid,sym >tids.txt
expect "--tids is --pids" "cmp -s pids.txt tids.txt"
report -q --symbols dummy_xmit >syms.txt
expect "--symbols dummy_xmit: only it" \
	"[ \$(entries syms.txt | wc -l) -eq 1 ] && grep -q dummy_xmit syms.txt"
report -q -n --time 1.000000,1.000050 -s sym >time.txt
expect "--time: a window has fewer calls" \
	"[ \$(awk '{ s += \$2 } END { print s }' time.txt) -lt \$(awk '{ s += \$2 } END { print s }' n.txt) ]"
report --header-only >hdr.txt
expect "--header-only: the header, no entries" \
	"grep -q '^# hostname' hdr.txt && ! entries hdr.txt >/dev/null"

# Call graphs: the stacks of the recording, exactly.
report -q -g folded,0,caller >folded.txt
expect "-g folded: __rcu_read_lock below do_syscall_64;__x64_sys_getppid" \
	"grep -q '^[0-9.]*% do_syscall_64;__x64_sys_getppid;__rcu_read_lock\$' folded.txt"
expect "-g folded: dummy_xmit below ksys_write;vfs_write, in the module" \
	"grep -q '^[0-9.]*% ksys_write;vfs_write;dummy_xmit\$' folded.txt"
expect "-g: every stack is a path of the recorded call tree" \
	"! grep '^[0-9]' folded.txt | grep -vE '% (do_syscall_64(;__x64_sys_getppid(;(__rcu_read_lock|task_tgid_vnr))?)?|ksys_write(;vfs_write(;dummy_xmit)?)?)\$'"
report -q -g caller >graph.txt
expect "-g graph prints the callers" "grep -q -- '---do_syscall_64' graph.txt"
# Sorted by symbol, a single chain in caller order starts at its root.
report -q -g caller -s sym --symbols __rcu_read_lock >root.txt
expect "-g caller -s sym: __rcu_read_lock's one chain starts at do_syscall_64" \
	"grep -q -- '---do_syscall_64' root.txt"

# --children: the Children of a root is its total time, as show prints it.
report -q --children -s sym -t , >children.txt
total=$(grep '^# Event count' default.txt | awk '{ print $NF }')
root_ns=$(awk '/} \/\* do_syscall_64 \*\// { sub(/.*: +[+!#*@$]? */, ""); n += $1 * 1000 }
	END { printf "%d", n }' show.txt)
children=$(awk -F, '$NF ~ /\[k\] do_syscall_64 *$/ { sub(/%/, "", $1); print $1 + 0 }' children.txt)
expect "--children: do_syscall_64's Children ($children%) is its total time ($root_ns of $total ns)" \
	"awk -v c=\"$children\" -v r=$root_ns -v t=$total 'BEGIN { d = c - 100 * r / t; exit !(d < 0.01 && d > -0.01) }'"
expect "--children: Self stays the self time" \
	"[ \"\$(awk -F, '\$NF ~ /\\[k\\] do_syscall_64 *\$/ { print \$2 + 0 }' children.txt)\" = \
	   \"\$(awk '/\\[k\\] do_syscall_64\$/ { print \$1 + 0 }' default.txt)\" ]"

# The function tracer: each event counts one, its parent is its caller.
"$PERF" ftrace report -i func --stdio -q -n -g folded,0,caller >func.txt 2>&1
expect "function tracer: 10 events of vfs_write called from do_syscall_64" \
	"grep -Eq '^ *[0-9.]+% +10 .*\[k\] vfs_write' func.txt && grep -q '% do_syscall_64;vfs_write\$' func.txt"

# show --duration-min: exactly the calls show prints with that duration,
# each with its callers.
"$PERF" ftrace show -i graph --duration-min 10us >long.txt 2>&1
want=$(awk '/ us \|/ { for (i = 1; i <= NF; i++) if ($(i + 1) == "us" && $i + 0 >= 10) n++ }
	END { print n + 0 }' show.txt)
expect "show --duration-min 10us: the $want calls of 10us or more" \
	"[ \$(grep -c ' us |' long.txt) -eq $want ] && [ $want -gt 0 ]"
expect "show --duration-min: with their callers" \
	"grep -q '|  __rcu_read_lock <-- __x64_sys_getppid <-- do_syscall_64\$' long.txt"
"$PERF" ftrace show -i graph --duration-min 2x >out.txt 2>err.txt
expect "show --duration-min 2x: one error line" \
	"[ \$? -ne 0 ] && [ \$(wc -l <err.txt) -eq 1 ] && grep -q 2x err.txt"

# An interrupt in a return: the kernel has lowered the call depth of
# __rcu_read_lock when the interrupt's dummy_stats enters at its depth,
# and writes its exit after; the second time, dummy_stats returns through
# an NMI's dummy_xmit in turn.  The interrupts' time counts once, as
# their own: the event count is the time show gives the top-level calls,
# and __rcu_read_lock keeps its 20 us a call (+ 100 ns after each
# interrupt), dummy_stats its 7 us (+ 100 ns after the NMI).
python3 "$HERE/mkrec.py" irq --cpus 1 --iter 2 --irq-in-return ||
	notok "mkrec.py --irq-in-return"
top_ns=$("$PERF" ftrace show -i irq | awk '/\|  }|\|  [a-z_0-9]+\(\);/ {
	for (i = 1; i < NF; i++) if ($(i + 1) == "us") n += $i * 1000 } END { print n }')
count=$("$PERF" ftrace report -i irq --stdio | sed -n 's/^# Event count (approx.): //p')
expect "an interrupt in a return counts once: event count $count ns is the top-level calls' $top_ns ns" \
	"[ '$count' = '$top_ns' ] && [ '$count' = 64900 ]"
expect "the interrupt's time is its own, not the returning call's" \
	"self_times irq 14100:dummy_stats 3000:dummy_xmit 40200:__rcu_read_lock"
"$PERF" ftrace report -i irq -q -g folded -s sym --stdio >irq-g.txt 2>&1
expect "the interrupt's calls are the returning call's siblings, as their depth says" \
	"grep -q '% dummy_stats;__x64_sys_getppid;do_syscall_64\$' irq-g.txt &&
	 grep -q '% dummy_xmit;__x64_sys_getppid;do_syscall_64\$' irq-g.txt"

# A module in two runs of addresses: another module's function lies
# between dummy_xmit and dummy_stats.  Each symbol still ends where the
# next of its own module starts: the report is the one of the same calls
# without that function, entry for entry and call path for call path.
python3 "$HERE/mkrec.py" irq3 --cpus 3 --iter 20 --irq-in-return &&
python3 "$HERE/mkrec.py" split --cpus 3 --iter 20 --irq-in-return --split-module ||
	notok "mkrec.py --split-module"
for args in "-n -s dso,sym" "-g folded,0,caller -s dso,sym"; do
	"$PERF" ftrace report -i irq3 -q --stdio $args >irq3.txt 2>&1
	"$PERF" ftrace report -i split -q --stdio $args >split.txt 2>&1
	expect "a module split by another's function: report $args as without it" \
		"grep -q dummy_stats split.txt && grep -q dummy_xmit split.txt && cmp -s irq3.txt split.txt"
done

# An interrupt in an entry (6.12): the kernel has raised the depth when
# dummy_stats comes, before the entry of __rcu_read_lock.  The first time
# the call time of __rcu_read_lock came 100 ns before it: the interrupt is
# inside __rcu_read_lock (20200 ns of its own); the second time it is
# inside __x64_sys_getppid (whose self time gains the 100 ns after it).
# Each counts once.
python3 "$HERE/mkrec.py" entry --cpus 1 --iter 2 --irq-in-entry ||
	notok "mkrec.py --irq-in-entry"
expect "an interrupt in an entry counts once, inside the call or its caller as the call time says" \
	"self_times entry 14000:dummy_stats 40200:__rcu_read_lock 2500:__x64_sys_getppid"
count=$("$PERF" ftrace report -i entry --stdio | sed -n 's/^# Event count (approx.): //p')
expect "an interrupt in an entry: event count $count ns is the top-level calls' 61900 ns" \
	"[ '$count' = 61900 ]"

# An interrupt in an exit (6.12): the kernel lowers the depth after the
# exit event, so dummy_stats comes a level deeper, after a child of
# __rcu_read_lock (300 ns) and before its exit.  The first time it came
# after the return time: it is where the kernel prints it, under
# __rcu_read_lock, but its time is __x64_sys_getppid's child time; the
# second time it came before, inside __rcu_read_lock (40300 ns of its
# own in all).  Each counts once.
python3 "$HERE/mkrec.py" exit --cpus 1 --iter 2 --irq-in-exit ||
	notok "mkrec.py --irq-in-exit"
expect "an interrupt in an exit counts once, in the call or its caller as the return time says" \
	"self_times exit 14000:dummy_stats 40300:__rcu_read_lock 2600:__x64_sys_getppid"
top_ns=$("$PERF" ftrace show -i exit | awk '/\|  }|\|  [a-z_0-9]+\(\);/ {
	for (i = 1; i < NF; i++) if ($(i + 1) == "us") n += $i * 1000 } END { print n }')
count=$("$PERF" ftrace report -i exit --stdio | sed -n 's/^# Event count (approx.): //p')
expect "an interrupt in an exit: event count $count ns is the top-level calls' $top_ns ns" \
	"[ '$count' = '$top_ns' ] && [ '$count' = 62700 ]"
"$PERF" ftrace report -i exit -q -g folded -s sym --stdio >exit-g.txt 2>&1
expect "the interrupt's calls are under the call, as the kernel prints them" \
	"grep -q '% dummy_stats;__rcu_read_lock;__x64_sys_getppid;do_syscall_64\$' exit-g.txt"

# The same in a real 6.12 recording (recordings/README): the self times
# add up to the time the kernel gives the 100 top-level calls.
python3 "$HERE/../fuzz/recording.py" unpack "$HERE/recordings/6.12-irq-in-entry.rec" \
	real612.dir >/dev/null || notok "recording.py unpack"
top_ns=$("$PERF" ftrace show -i real612 | awk '/\|  }|\|  [a-z_0-9]+\(\);/ {
	for (i = 1; i < NF; i++) if ($(i + 1) == "us") n += $i * 1000 } END { printf "%d", n }')
count=$("$PERF" ftrace report -i real612 --stdio | sed -n 's/^# Event count (approx.): //p')
expect "6.12's interrupts in entries count once: event count $count ns is the top-level calls' $top_ns ns" \
	"[ '$count' = '$top_ns' ] && [ '$count' -gt 5000000 ]"

# Its return values, by one rule, the kernel's: in hex, an error code in
# decimal; report -s retval and report -D print the same values.
"$PERF" ftrace report -i real612 --stdio -q -s retval 2>/dev/null |
	awk '{ print $NF }' | sort -u >retval-key.txt
"$PERF" ftrace report -i real612 -D 2>/dev/null |
	sed -n 's/.* retval=\([^ ]*\).*/\1/p' | sort -u >retval-dump.txt
expect "report -s retval prints return values as the kernel does ($(head -3 retval-key.txt | tr '\n' ' '))" \
	"[ -s retval-key.txt ] && ! grep -Evq '^(0x[0-9a-f]+|-[0-9]+)\$' retval-key.txt"
expect "report -D prints the same values" "cmp -s retval-key.txt retval-dump.txt"

# Bad input: one line that names it.
for args in "-s nonsense:nonsense" "--weight=bogus:bogus" "--percent-limit x:x"; do
	"$PERF" ftrace report -i graph ${args%%:*} >out.txt 2>err.txt
	rc=$?
	expect "report ${args%%:*}: one error line naming ${args##*:}" \
		"[ $rc -ne 0 ] && [ \$(wc -l <err.txt) -eq 1 ] && grep -q '${args##*:}' err.txt"
done

finish
