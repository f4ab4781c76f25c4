#!/bin/sh
# The kernel's own ftrace selftests (00basic and ftrace), one result line
# per ftracetest result.  UNSUPPORTED, UNRESOLVED and UNTESTED are skips
# with their reason, XFAIL a pass, FAIL a failure.  Each case runs on its
# own under a time limit, so one that hangs fails alone.
. /tests/guest/lib.sh

limit=${FTRACETEST_CASE_TIMEOUT:-300}
logdir=/tmp/ftracetest-logs
cd /tests/ftrace || { fail "ftracetest is in the guest"; exit 0; }

# report CASEFILE OUTPUT: the result lines of one ftracetest run.
report() {
	sed -n 's/^\[[0-9]*\] \(.*\)	\[\([A-Z]*\)\]$/\1|\2/p' "$2" |
	while IFS='|' read -r name result; do
		case "$result" in
		PASS) pass "ftracetest: $name" ;;
		XFAIL) pass "ftracetest: $name (expected failure)" ;;
		UNSUPPORTED)
			reason=$(grep -m1 "^# requires:" "$1" | sed 's/^# //')
			skip "ftracetest: $name" "$result${reason:+ ($reason)}" ;;
		UNRESOLVED|UNTESTED)
			skip "ftracetest: $name" "$result (could not set up what it tests; a module test without the module, say)" ;;
		*) fail "ftracetest: $name ($result)" ;;
		esac
	done
}

for tc in test.d/00basic/*.tc test.d/ftrace/*.tc; do
	timeout -s KILL "$limit" ./ftracetest -l "$logdir" "$tc" >/tmp/ft.out 2>&1
	if [ $? -eq 137 ]; then
		fail "ftracetest: $tc (no result within ${limit}s)"
		echo nop >$TRACEFS/current_tracer
		continue
	fi
	if grep -q '^\[[0-9]*\] ' /tmp/ft.out; then
		report "$tc" /tmp/ft.out
	else
		fail "ftracetest: $tc (no result)"
		tail -5 /tmp/ft.out | diag
	fi
done
