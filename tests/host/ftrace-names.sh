#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Host-side test of the names and times show and report print, on a
# synthetic recording whose kallsyms has aliases and section markers at
# function addresses: each address is named as the kernel's trace output
# names it (the first alias in kallsyms order, never a marker), and
# timestamps are rounded to the microsecond as the kernel rounds them.
#
#   PERF=/path/to/perf ftrace-names.sh [scratch dir]

. "$(dirname "$0")/tap.inc"

for tracer in function function_graph; do
	python3 "$HERE/mkrec.py" al-$tracer --tracer $tracer --aliases --cpus 3 --iter 4 ||
		{ notok "mkrec.py --aliases"; exit 1; }
	"$PERF" ftrace show -i al-$tracer >show.$tracer 2>show.$tracer.err
	expect "$tracer: show reads the recording" "[ $? -eq 0 ]"
	"$PERF" ftrace report -i al-$tracer >report.$tracer 2>/dev/null
	expect "$tracer: report reads the recording" "[ $? -eq 0 ]"
	for f in show.$tracer report.$tracer; do
		expect "$f: the first alias names the address (__do_sys_getppid)" \
			"grep -q __do_sys_getppid $f && ! grep -q __x64_sys_getppid $f"
		expect "$f: a marker never names a function (do_syscall_64, ksys_write)" \
			"grep -q do_syscall_64 $f && grep -q ksys_write $f &&
			 ! grep -qE '__entry_text_start|__sched_text_start|__ksys_write_alias' $f"
	done
done

# CPU 2's first event is at 1.000000666 s: the kernel prints 1.000001.
expect "timestamps are rounded to the microsecond" \
	"grep -q '\[002\]  *1\.000001: ' show.function"
expect "no timestamp is truncated instead" \
	"! grep -q '\[002\]  *1\.000000: ' show.function"

# Task names from record's second source, the COMM records in perf.header:
# the writers, whom the saved cmdlines miss, are named; the kernel's own
# name of task 100 wins over a record's.
python3 "$HERE/mkrec.py" comms --cpus 2 --iter 2 --comm-records ||
	{ notok "mkrec.py --comm-records"; exit 1; }
"$PERF" ftrace show -i comms >comms.txt 2>&1
expect "a task the saved cmdlines miss is named by its COMM record" \
	"grep -q ' writer-201 ' comms.txt && ! grep -q '<\.\.\.>' comms.txt"
expect "the kernel's saved name wins over a COMM record" \
	"grep -q ' getppid-loop-100 ' comms.txt && ! grep -q notthis comms.txt"

finish
