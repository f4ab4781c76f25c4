#!/bin/sh
# The kernel's own ftrace selftests (00basic and ftrace), one result line
# per ftracetest result.  UNSUPPORTED, UNRESOLVED and UNTESTED are skips
# with their reason, XFAIL a pass, FAIL a failure.  One ftracetest runs
# them all (each start of it costs a second under TCG); a case that gives
# no result for FTRACETEST_CASE_TIMEOUT seconds fails, and so does each
# case after it, which did not run.
. /tests/guest/lib.sh

limit=${FTRACETEST_CASE_TIMEOUT:-300}
logdir=/tmp/ftracetest-logs
out=/tmp/ftracetest.out
cd /tests/ftrace || { fail "ftracetest is in the guest"; exit 0; }

# The runs in ftracetest's order, one a line: each case, then each case
# flagged for instances again, in an instance.
set -- test.d/00basic/*.tc test.d/ftrace/*.tc
runs=/tmp/ftracetest.runs
for tc; do echo "$tc"; done >$runs
for tc; do grep -q '^#[ 	]*flags:.*instance' "$tc" && echo "$tc"; done >>$runs

# results: "name|RESULT" of each run that has ended, in order
results() {
	sed -n 's/^\[[0-9]*\] \(.*\)	\[\([A-Z]*\)\]$/\1|\2/p' $out
}

./ftracetest -l "$logdir" "$@" >$out 2>&1 &
ft=$!
done=0 quiet=0 hung=
while kill -0 $ft 2>/dev/null; do
	sleep 2
	n=$(results | wc -l)
	if [ "$n" -ne $done ]; then
		done=$n quiet=0
	elif [ $((quiet += 2)) -ge "$limit" ]; then
		kill -KILL $ft
		hung=1
		echo nop >$TRACEFS/current_tracer
	fi
done
wait $ft

results | paste -d'|' - $runs | while IFS='|' read -r name result tc; do
	[ -n "$result" ] || break
	case "$result" in
	PASS) pass "ftracetest: $name" ;;
	XFAIL) pass "ftracetest: $name (expected failure)" ;;
	UNSUPPORTED)
		reason=$(grep -m1 "^# requires:" "$tc" | sed 's/^# //')
		skip "ftracetest: $name" "$result${reason:+ ($reason)}" ;;
	UNRESOLVED|UNTESTED)
		skip "ftracetest: $name" "$result (could not set up what it tests; a module test without the module, say)" ;;
	*) fail "ftracetest: $name ($result)" ;;
	esac
done

n=$(results | wc -l)
if [ "$n" -lt "$(wc -l <$runs)" ]; then
	tail -n +$((n + 1)) $runs | {
		read -r tc
		if [ -n "$hung" ]; then
			fail "ftracetest: $tc (no result within ${limit}s)"
		else
			fail "ftracetest: $tc (no result; ftracetest ended)"
			tail -5 $out | diag
		fi
		while read -r tc; do
			fail "ftracetest: $tc (not run: a case before it gave no result)"
		done
	}
fi
