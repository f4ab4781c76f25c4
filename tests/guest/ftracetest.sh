#!/bin/sh
# The kernel's own ftrace selftests, one result line per test case.
# UNSUPPORTED, UNRESOLVED and UNTESTED are skips, XFAIL a pass.
. /tests/guest/lib.sh

cd /tests/ftrace || { fail "ftracetest present"; exit 0; }
logdir=/tmp/ftracetest-logs
./ftracetest -l "$logdir" test.d/00basic test.d/ftrace >/tmp/ftracetest.out 2>&1
sed -n 's/^\[\([0-9]*\)\] \(.*\)	\[\([A-Z]*\)\]$/\1|\2|\3/p' /tmp/ftracetest.out |
while IFS='|' read -r num name result; do
	case "$result" in
	PASS) pass "ftracetest: $name" ;;
	XFAIL) pass "ftracetest: $name # expected failure" ;;
	UNSUPPORTED|UNRESOLVED|UNTESTED)
		reason=$(grep -h "^# requires:" $(grep -l "^# description: $name\$" \
			test.d/00basic/*.tc test.d/ftrace/*.tc 2>/dev/null) 2>/dev/null |
			head -1 | sed 's/^# //')
		skip "ftracetest: $name" "$result${reason:+ ($reason)}" ;;
	*) fail "ftracetest: $name ($result)" ;;
	esac
done
grep -q '^\[1\]' /tmp/ftracetest.out || { fail "ftracetest ran"; tail -20 /tmp/ftracetest.out | diag; }
