#!/bin/sh
# perf's own shell tests of perf ftrace (tests/shell/ftrace_*.sh), run by
# 'perf test': one result line per test that perf test lists.
# FTRACE_PERF_TESTS names the subcommands whose tests run (all 8 if unset).
. /tests/guest/lib.sh

if [ -n "$FTRACE_PERF_TESTS" ]; then
	set --
	for t in $FTRACE_PERF_TESTS; do set -- "$@" "perf ftrace $t tests"; done
	expected=$#
else
	set -- ftrace
	expected=8
fi

perf test -v "$@" >perf-test.out 2>&1
status=$?
# 'perf test -v' ends each test with a line '<description>: Ok' (or
# ' FAILED!', ' Skip'); the numbered lines ' 77: <description> :' list them.
sed -n 's/^ *[0-9][0-9]*: \(.*[^ ]\) *:.*/\1/p' perf-test.out >perf-test.list
n=0
while read -r desc; do
	n=$((n + 1))
	result=$(grep -F "$desc:" perf-test.out | grep -v '^ *[0-9][0-9]*: ' | tail -1)
	if [ "$result" = "$desc: Ok" ]; then
		pass "perf test: $desc"
	else
		result=${result#"$desc:"}
		result=${result# }
		fail "perf test: $desc (${result:-no result})"
		# This test's own output, between its numbered line and its result.
		awk -v d="$desc" 'index($0, d) && /^ *[0-9]+: / { on = 1 }
			on { print } on && index($0, d ":") == 1 { exit }' \
			perf-test.out | tail -20 | diag
	fi
done <perf-test.list
if [ $n -lt $expected ]; then
	fail "perf test: $n of the $expected perf ftrace tests ran (exit $status)"
	tail -20 perf-test.out | diag
fi
