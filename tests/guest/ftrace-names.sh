#!/bin/sh
# Names and events as the kernel has them: every function name show prints
# is the kernel's own choice for its address (the first of the aliases in
# /proc/kallsyms order, never a section marker), what -T names is what show
# prints, kernel_stack events of short stacks decode, and a bare
# 'perf ftrace' behaves as the unpatched 6.1 perf does.
. /tests/guest/lib.sh
. "$(dirname "$0")/ftrace-state.inc"

begin_tests "perf ftrace names"

# The kernel's name for each address is the first text symbol there, in
# kallsyms order, that is not a marker (scripts/kallsyms sorts them last).
# A name may be at several addresses (static functions): it is right when
# it is the kernel's name for one of them.
awk '$2 !~ /^[tTwW]$/ { next }
	NR == FNR {
		m = $3 ~ /^__(start|stop|end)_/ || $3 ~ /^__.*(_start|_end)$/
		if (!($1 in first) || (firstm[$1] && !m)) { first[$1] = $3; firstm[$1] = m }
		next }
	{ known[$3] = 1; if (first[$1] == $3) ok[$3] = 1; else other[$3] = first[$1] }
	END { for (n in known) print n, (n in ok) ? "ok" : other[n] }' \
	/proc/kallsyms /proc/kallsyms >kernel.names

# A system-wide function recording; every name printed must be the kernel's.
perf ftrace record -a -t function -o sys sleep 1 >/dev/null 2>sys.err
check "system-wide function recording exits 0" test $? -eq 0
perf ftrace show -i sys 2>/dev/null |
	awk '/ function: / { for (i = 1; i <= NF; i++) if ($i == "function:") {
		print $(i + 1); if ($(i + 2) == "<--") print $(i + 3); break } }' |
	sort | uniq -c >shown.names
awk 'NR == FNR { kern[$1] = $2; next }
	{ n = $2; total += $1
	  if (!(n in kern)) { unknown += $1; if (u++ < 5) print "unknown: " n; next }
	  if (kern[n] != "ok") { wrong += $1; if (w++ < 5) print n " is " kern[n] " to the kernel" } }
	END { printf "%d names, %d events, %d not the kernel'"'"'s, %d not in kallsyms\n",
		FNR, total, wrong, unknown; exit (wrong > 0 || total == 0) }' kernel.names shown.names >names.diag
status=$?
diag <names.diag
check "every name show prints is the kernel's choice for its address" test $status -eq 0
state_check "system-wide function recording" state.custom

# What -T names is what show prints.
fn=$(grep -m1 -E '^(__do_sys_getppid|__x64_sys_getppid|sys_getppid)$' $T/available_filter_functions)
if [ -x "$WORKLOADS/getppid-loop" ] && [ -n "$fn" ]; then
	perf ftrace record -t function -T "$fn" -o pp "$WORKLOADS/getppid-loop" 10 >/dev/null 2>&1
	n=$(perf ftrace show -i pp 2>/dev/null | grep -c " function: *$fn <-- ")
	check "-T $fn reads back as $fn ($n of 10)" test "$n" -eq 10
	# and the kernel agrees
	mkdir $T/instances/names && echo "$fn" >$T/instances/names/set_ftrace_filter &&
		echo function >$T/instances/names/current_tracer &&
		"$WORKLOADS/getppid-loop" 3 && kname=$(grep -m1 -o "$fn" $T/instances/names/trace)
	echo nop >$T/instances/names/current_tracer 2>/dev/null
	rmdir $T/instances/names 2>/dev/null
	check "the kernel's trace names it $fn too" test "$kname" = "$fn"
fi
state_check "names of -T" state.custom

# kernel_stack events of short stacks (idle, kthreads) decode.
stackfn=
for f in default_idle_call arch_cpu_idle do_idle schedule_idle kthread worker_thread; do
	grep -qx "$f" $T/available_filter_functions && { stackfn="$stackfn -T $f"; }
done
if [ -n "$stackfn" ]; then
	perf ftrace record -a -t function $stackfn --func-opts call-graph -o stk sleep 1 \
		>/dev/null 2>stk.err
	check "record --func-opts call-graph exits 0" test $? -eq 0
	perf ftrace show -i stk >stk.show 2>stk.showerr
	status=$?
	stacks=$(grep -c '<stack trace>' stk.show)
	short=$(awk '/<stack trace>/ { if (n && n < 8) s++; n = 0; next } / => / { n++ }
		END { if (n && n < 8) s++; print s + 0 }' stk.show)
	echo "$stacks stack traces, $short of fewer than 8 entries; $(head -1 stk.showerr)" | diag
	check "show decodes kernel_stack events of short stacks" \
		test $status -eq 0 -a "$stacks" -gt 0 -a "$short" -gt 0
	state_check "call-graph recording" state.custom
else
	skip "kernel_stack of short stacks" "no idle or kthread function to trace"
fi

# A bare 'perf ftrace' (no command, no target) traces the whole system
# until Ctrl-C, as the unpatched 6.1 perf does.
OLDPERF=
for p in "$PERF_61" "$HERE/perf-6.1"; do
	[ -n "$p" ] && [ -x "$p" ] && { OLDPERF=$p; break; }
done
if [ -n "$OLDPERF" ]; then
	bare() {
		"$1" ftrace -t function -T ksys_write >"$2" 2>"$2.err" &
		p=$!
		sleep 3
		kill -INT $p
		wait $p
		echo "exit=$? lines=$(grep -c 'ksys_write' "$2")"
	}
	writer() { while :; do echo x >/dev/null; done; }
	writer & w=$!
	default_state
	old=$(bare "$OLDPERF" old.out)
	default_state
	new=$(bare perf new.out)
	kill $w; wait $w 2>/dev/null
	echo "6.1: $old; patched: $new" | diag
	case "$old/$new" in
	exit=0\ lines=[1-9]*/exit=0\ lines=[1-9]*) pass "bare perf ftrace traces the system until Ctrl-C, as 6.1";;
	*) fail "bare perf ftrace traces the system until Ctrl-C, as 6.1";;
	esac
else
	skip "bare perf ftrace against 6.1" "no unpatched perf"
fi

default_state
