#!/bin/sh
# guest-run.sh NAME TOOL KB LOOPS [CPU|-] [keep]
# In the guest: one measurement of Part 1.  Runs "./workload LOOPS" under
# TOOL (none, perf, trace-cmd or live), which traces the function tracer
# system-wide (only CPU, if given and not -) with KB KiB of buffer per CPU, and
# appends "NAME TOOL KB LOOPS seconds lost events bytes" to ./part1.txt.
# With "keep", the recording is kept as rec/NAME.dir or rec/NAME.dat.
set -eu
name=$1 tool=$2 kb=$3 loops=$4 cpu=${5:--} keep=${6:-}
[ "$cpu" != - ] || cpu=
T=/sys/kernel/tracing
rec=/tmp/$name
log=/tmp/workload.log
fid=$(sed -n 's/^ID: *//p' $T/events/ftrace/function/format)
: >$log

work="./workload $loops $log"
# trace-cmd's default 1 ms wake-up livelocks this TCG guest: it gets the
# 100 ms that perf's recorder polls at.  A version 6 trace.dat holds the raw
# pages uncompressed, as perf's recording does.
trace() {
	case $tool in
	none) $work ;;
	perf) perf ftrace record -a ${cpu:+-C $cpu} -t function -m "${kb}K" \
		-o "$rec" -- $work 2>/tmp/tool.err ;;
	trace-cmd) trace-cmd record ${cpu:+-M $(printf %x $((1 << cpu)))} \
		-s 100000 --file-version 6 -p function -b "$kb" -o "$rec.dat" \
		$work >/tmp/tool.err 2>&1 ;;
	live) perf ftrace live -a ${cpu:+-C $cpu} -t function -m "${kb}K" \
		-- $work >"$rec.txt" 2>/tmp/tool.err ;;
	esac
}
trace || { status=$?; tail -5 /tmp/tool.err; exit $status; }

# Function events in raw ring-buffer pages.
rb_events() { /tests/guest/workloads/rbcount "$fid" "$@" | sed 's/^events=\([0-9]*\).*/\1/'; }
# The per-CPU pages of a version 6 trace.dat, as its flyrecord section lists them.
tc_pages() {
	trace-cmd dump --flyrecord -i "$1" |
		sed -n 's/^[[:space:]]*\([0-9]*\)[[:space:]]*\([0-9]*\)[[:space:]]*\[offset, size.*/\1 \2/p' |
		while read -r off size; do
			[ -n "$size" ] || continue # an empty CPU has no size
			tail -c +$((off + 1)) "$1" | head -c "$size"
		done
}
events=0 bytes=0
case $tool in
perf) events=$(rb_events "$rec".dir/trace-cpu*.buf)
	bytes=$(cat "$rec".dir/* | wc -c) ;;
trace-cmd) tc_pages "$rec.dat" >/tmp/pages
	events=$(rb_events /tmp/pages)
	bytes=$(wc -c <"$rec.dat") ;;
live) events=$(grep -c -- '<-' "$rec.txt" || true)
	bytes=$(wc -c <"$rec.txt") ;;
esac
[ ! -s /tmp/tool.err ] || tail -5 /tmp/tool.err
if [ "$keep" = keep ]; then
	mkdir -p rec
	cp -r "$rec".* rec/
fi
echo "$name $tool $kb $loops $(cat $log) $events $bytes" >>part1.txt
