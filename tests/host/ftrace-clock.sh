#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Host-side test of the one clock: on a synthetic recording whose call and
# return times run 0.39 s ahead of the ring buffer's timestamps (the 6.1
# guest's "global" trace_clock beside function_graph's local one), every
# time a user sees or types is the ring buffer's, as show prints it, and
# every duration is the call's own.
#
#   PERF=/path/to/perf ftrace-clock.sh [scratch dir]

. "$(dirname "$0")/tap.inc"
AHEAD=390000000

python3 "$HERE/mkrec.py" apart --cpus 2 --iter 20 --clock-ahead $AHEAD &&
python3 "$HERE/mkrec.py" same --cpus 2 --iter 20 ||
	{ notok "mkrec.py"; exit 1; }

# the timestamps of show's lines, one a line
stamps() { sed -nE 's/^.*\] +([0-9]+\.[0-9]{6}): .*$/\1/p' "$@"; }

"$PERF" ftrace show -i apart >show.txt 2>show.err
# 21 us: not __rcu_read_lock, a leaf, whose exit show prints with its entry
"$PERF" ftrace show -i apart --duration-min 21us >long.txt 2>long.err
expect "show --duration-min lists calls" "[ \$(grep -c funcgraph_exit long.txt) -gt 0 ]"
stamps show.txt | sort -u >show.stamps
missing=$(stamps long.txt | sort -u | comm -23 - show.stamps | head -3)
expect "show --duration-min prints each call at the time show prints its exit${missing:+ (not: $missing)}" \
	"[ -z '$missing' ]"
expect "the clocks running apart is said once, with the distance" \
	"[ \$(grep -c 'run 0.390000 s apart' long.err) -eq 1 ]"
"$PERF" ftrace show -i same --duration-min 20us >/dev/null 2>same.err
expect "nothing is said where the clocks agree" "! grep -q 'apart' same.err"

first=$(stamps show.txt | head -1)
last=$(stamps show.txt | tail -1)
calls() { awk '$2 ~ /^[0-9]+$/ { n += $2 } END { print n + 0 }' "$@"; }
"$PERF" ftrace report -i apart --stdio -q -n -s sym >all.txt 2>/dev/null
"$PERF" ftrace report -i apart --stdio -q -n -s sym --time "$first,$last" >window.txt 2>/dev/null
expect "report --time over show's whole range ($first,$last) keeps every call ($(calls window.txt) of $(calls all.txt))" \
	"[ \$(calls all.txt) -gt 0 ] && [ \$(calls window.txt) -eq \$(calls all.txt) ]"

"$PERF" ftrace report -i apart --stdio -q -F period,sym -t , >self-apart.txt 2>/dev/null
"$PERF" ftrace report -i same --stdio -q -F period,sym -t , >self-same.txt 2>/dev/null
expect "self times are the calls' own, whichever the clock" \
	"[ -s self-same.txt ] && cmp -s self-apart.txt self-same.txt"

# Chrome: the first call starts at show's first entry, to the microsecond
"$PERF" ftrace convert -i apart --to-chrome apart.json 2>/dev/null
ts=$(python3 -c '
import json, sys
evs = json.load(open("apart.json"))["traceEvents"]
print("%.6f" % (min(e["ts"] for e in evs if e.get("ph") == "X") / 1e6))')
expect "convert's first call starts at show's first event ($ts, $first)" "[ '$ts' = '$first' ]"

finish
