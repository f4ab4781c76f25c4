#!/bin/sh
# perf's own shell test of live and record, run by 'perf test'.
. /tests/guest/lib.sh

perf test -v 'perf ftrace live and record' >perf-test.out 2>&1
status=$?
if [ $status -eq 0 ] && grep -qE 'perf ftrace live and record tests *: Ok' perf-test.out; then
	pass "perf test: perf ftrace live and record tests"
else
	fail "perf test: perf ftrace live and record tests (exit $status)"
	tail -20 perf-test.out | diag
fi
