#!/bin/sh
# guest-run.sh NAME TOOL KB LOOPS [TARGET] [keep]
# In the guest: one measurement of Part 1.  Runs "./workload LOOPS" under
# TOOL (none, tracer, perf, trace-cmd or live) with the tracer TRACER of
# the environment (function, the default, or function_graph; live:
# function only).  TARGET is what is traced: all (or -, the default) the
# whole system, a CPU number that CPU alone (not for the tracer alone),
# pid the workload and its children, idle the whole system while the
# workload sleeps 1 s instead of working (as `record -a -- sleep 1`; LOOPS
# -).  KB is the per-CPU buffer in KiB, - the buffer as it is (each tool's
# default).  Appends to ./part1.txt
#   NAME TOOL KB LOOPS seconds lost events bytes recorder-cpu workload-cpu
#   session-lost
# (for KB -, the size it was; lost: over the workload's run, session-lost:
# over the tool's whole session, as it reports them; CPU seconds, user +
# system), or on failure
#   NAME TOOL KB LOOPS - - - - - - - failed:STATUS
# "tracer" is the kernel alone: the tracer on at the top level (for pid,
# set_ftrace_pid with options/function-fork), its ring buffer in overwrite
# mode and nobody reading it.  With "keep", the recording is kept as
# rec/NAME.dir or rec/NAME.dat.
set -eu
name=$1 tool=$2 kb=$3 loops=$4 target=${5:-all} keep=${6:-}
# A run that fails says so in its line.
failed() {
	local status=$?

	[ $status -eq 0 ] || echo "$name $tool ${kb:--} $loops - - - - - - - failed:$status" >>part1.txt
}
trap failed EXIT
[ "$kb" != - ] || kb=
TRACER=${TRACER:-function}
T=/sys/kernel/tracing
rec=/tmp/$name
log=/tmp/workload.log
# The event ids to count in raw pages.
id_of() { sed -n 's/^ID: *//p' $T/events/ftrace/"$1"/format; }
case $TRACER in
function) ids=$(id_of function) ;;
function_graph) ids="$(id_of funcgraph_entry) $(id_of funcgraph_exit)" ;;
*) echo "TRACER: function or function_graph, not $TRACER" >&2; exit 2 ;;
esac
[ "$tool-$TRACER" != live-function_graph ] || { echo "live: function only" >&2; exit 2; }
# How each tool is told TARGET.
case $target in
all|-|idle) perf_target=-a tc_target= ;;
pid) perf_target=--inherit tc_target="-F -c" ;;
*) perf_target="-a -C $target" tc_target="-M $(printf %x $((1 << target)))" ;;
esac
: >$log
: >/tmp/cpu

# Every process that TOOL starts runs under ./cputime, which adds up their
# CPU time in /tmp/cpu; the workload logs its own, to be taken out.
work="./workload $loops $log"
[ "$target" != idle ] || work="./workload -s 1 $log"
ct="./cputime /tmp/cpu"

# sum_stats FIELD: FIELD of per_cpu/cpuN/stats, summed over the CPUs.
sum_stats() {
	cat $T/per_cpu/cpu*/stats | awk -v f="$1:" '$1 == f { n += $2 } END { print n + 0 }'
}

# buffer_kb: the per-CPU buffer size, X where the CPUs differ.  A buffer
# never expanded reads "7 (expanded: 1408)", and any tracer expands it for
# good (perf ftrace leaves it so too): it counts as the size it becomes,
# 1408 KiB in whole pages of data (4080 bytes): 1410.
buffer_kb() {
	local page

	page=$(sed -n 's/.*char data;.*size:\([0-9]*\);.*/\1/p' $T/events/header_page)
	sed 's/.*(expanded: \([0-9]*\))/\1 expanded/' $T/buffer_size_kb |
		awk -v p="$page" '$2 { $1 = int(($1 * 1024 + p - 1) / p) * p / 1024 }
				  { print $1 == "X" ? "X" : int($1) }'
}

# What "tracer" changes, a line per file, then the events in the buffer.
# The size is per CPU where the CPUs differ.
tracefs_state() {
	local size f

	echo "current_tracer $(cat $T/current_tracer)"
	echo "options/overwrite $(cat $T/options/overwrite)"
	echo "options/function-fork $(cat $T/options/function-fork)"
	echo "set_ftrace_pid $(cat $T/set_ftrace_pid)"
	size=$(buffer_kb)
	if [ "$size" = X ]; then
		for f in $T/per_cpu/cpu*/buffer_size_kb; do
			echo "${f#"$T"/} $(cat "$f")"
		done
	else
		echo "buffer_size_kb $size"
	fi
	echo "tracing_on $(cat $T/tracing_on)"
	echo "entries $(sum_stats entries)"
}

# tracefs_restore STATE: put back what tracefs_state saved, tracing_on last.
tracefs_restore() {
	echo 0 >$T/tracing_on
	echo "$1" | while read -r f v; do
		case $f in
		tracing_on|entries) ;;
		set_ftrace_pid) [ "$v" != "no pid" ] || v=; echo "$v" >$T/$f ;;
		*) echo "$v" >$T/$f ;;
		esac
	done
	: >$T/trace
	echo "$1" | sed -n 's/^tracing_on //p' >$T/tracing_on
}

# The kernel's own cost: events = what the buffer holds at the end, lost =
# what it overwrote meanwhile.  Turning the tracer on and off patches every
# call site, which the tools do too: it counts as the recorder's CPU time.
# For pid, the workload's shell puts its pid in set_ftrace_pid and turns
# tracing on before it becomes the workload, as the tools' child does.
tracer() {
	local saved status=0

	saved=$(tracefs_state)
	echo 0 >$T/tracing_on
	[ -z "$kb" ] || echo "$kb" >$T/buffer_size_kb
	echo 1 >$T/options/overwrite
	$ct sh -c "echo $TRACER >$T/current_tracer"
	: >$T/trace
	if [ "$target" = pid ]; then
		echo 1 >$T/options/function-fork
		$ct sh -c "echo \$\$ >$T/set_ftrace_pid && echo 1 >$T/tracing_on && exec $work" ||
			status=$?
	else
		echo 1 >$T/tracing_on
		$ct $work || status=$?
	fi
	echo 0 >$T/tracing_on
	sum_stats entries >/tmp/entries
	sum_stats overrun >/tmp/overrun
	$ct sh -c "echo nop >$T/current_tracer"
	tracefs_restore "$saved"
	if [ "$(tracefs_state)" != "$saved" ]; then
		echo "tracefs not restored: was, is:"; echo "$saved"; tracefs_state
		status=1
	fi
	return $status
}

# trace-cmd's default 1 ms wake-up livelocks this TCG guest: it gets the
# 100 ms that perf's recorder polls at.  A version 6 trace.dat holds the raw
# pages uncompressed, as perf's recording does.
trace() {
	case $tool in
	none) $ct $work ;;
	tracer) tracer >/tmp/tool.err 2>&1 ;;
	perf) $ct perf ftrace record $perf_target -t $TRACER ${kb:+-m "${kb}K"} \
		-o "$rec" -- $work 2>/tmp/tool.err ;;
	trace-cmd) $ct trace-cmd record $tc_target -s 100000 --file-version 6 \
		-p $TRACER ${kb:+-b "$kb"} -o "$rec.dat" $work >/tmp/tool.err 2>&1 ;;
	live) $ct perf ftrace live $perf_target -t $TRACER ${kb:+-m "${kb}K"} \
		-- $work >"$rec.txt" 2>/tmp/tool.err ;;
	esac
}
was=$(buffer_kb)
trace || { status=$?; tail -5 /tmp/tool.err; exit $status; }

# The tracer's events in raw ring-buffer pages.
rb_events() {
	for id in $ids; do /tests/guest/workloads/rbcount "$id" "$@"; done |
		sed -n 's/^events=\([0-9]*\).*/\1/p' | awk '{ n += $1 } END { print n + 0 }'
}
# The per-CPU pages of a version 6 trace.dat, as its flyrecord section lists them.
tc_pages() {
	trace-cmd dump --flyrecord -i "$1" |
		sed -n 's/^[[:space:]]*\([0-9]*\)[[:space:]]*\([0-9]*\)[[:space:]]*\[offset, size.*/\1 \2/p' |
		while read -r off size; do
			[ -n "$size" ] || continue # an empty CPU has no size
			tail -c +$((off + 1)) "$1" | head -c "$size"
		done
}
# The tools' own counts of lost events are over their whole session: the
# workload's exec and exit too.
events=0 bytes=0 session=-
case $tool in
tracer) events=$(cat /tmp/entries) bytes=- session=$(cat /tmp/overrun) ;;
perf) events=$(rb_events "$rec".dir/trace-cpu*.buf)
	bytes=$(cat "$rec".dir/* | wc -c)
	session=$(sed -n 's/^\[ perf ftrace record: .*, \([0-9]*\) events lost.*/\1/p' /tmp/tool.err) ;;
trace-cmd) tc_pages "$rec.dat" >/tmp/pages
	events=$(rb_events /tmp/pages)
	bytes=$(wc -c <"$rec.dat")
	session=$(awk '/^CPU [0-9]+: [0-9]+ events lost/ { n += $3 } END { print n + 0 }' /tmp/tool.err) ;;
live) events=$(grep -c -- '<-' "$rec.txt" || true)
	bytes=$(wc -c <"$rec.txt") ;;
esac
[ ! -s /tmp/tool.err ] || tail -5 /tmp/tool.err
if [ "$keep" = keep ]; then
	mkdir -p rec
	cp -r "$rec".* rec/
fi
# The guest's memory holds /tmp: several recordings in one boot fill it.
rm -rf "$rec".* /tmp/pages
# The recorder's CPU time: everything under cputime but the workload.
read -r seconds lost wcpu <$log
rcpu=$(awk -v w="$wcpu" '{ t += $1 } END { printf "%.3f", t - w }' /tmp/cpu)
echo "$name $tool ${kb:-$was} $loops $seconds $lost $events $bytes $rcpu $wcpu ${session:--}" >>part1.txt
