#!/bin/sh
# The patched perf runs in the guest, and 6.1's perf ftrace works there.
. /tests/guest/lib.sh

check "perf version runs" sh -c 'perf version | grep -q "^perf version 6\.1"'

perf ftrace -t function sleep 1 >ftrace.out 2>ftrace.err
status=$?
if [ $status -eq 0 ] && grep -qE 'nanosleep' ftrace.out; then
	pass "perf ftrace -t function sleep 1 shows the nanosleep path"
else
	fail "perf ftrace -t function sleep 1 shows the nanosleep path (exit $status)"
	tail -5 ftrace.err ftrace.out | diag
fi
