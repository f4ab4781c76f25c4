#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The perf core fixes' perf test, tests/shell/perf_data_damaged.sh, with
# the series' perf: it must pass.  And the test must be able to fail: the
# damaged files of three of its cases kill Debian's own perf 6.1 (unpacked
# by scripts/deb/debian-perf.sh), which has none of the fixes.
#
#   PERF=/path/to/perf perf-data-damaged.sh [scratch dir]

. "$(dirname "$0")/tap.inc"
shell_tests=${TREE:-${BUILD:-$HERE/../../build}/linux}/tools/perf/tests/shell
damage=$shell_tests/lib/perf_data_damage.py

mkdir -p bin && ln -sf "$(command -v "$PERF")" bin/perf
if PATH=$PWD/bin:$PATH sh "$shell_tests/perf_data_damaged.sh" >test.out 2>&1; then
	ok "perf test 'damaged perf.data' passes with the series' perf"
else
	notok "perf test 'damaged perf.data' passes with the series' perf"
	tail -20 test.out | sed 's/^/# /'
fi

root=$("$HERE/../../scripts/deb/debian-perf.sh" 2>&1) || { notok "Debian's linux-perf: $root"; finish; exit; }
DEBPERF=$root/usr/bin/perf
"$DEBPERF" record -q -o base.data -e sched:sched_process_exit true 2>/dev/null ||
	{ notok "Debian's perf records a tracepoint"; finish; exit; }
for case in cmdline-count-wraps event-desc-count-wraps saved-cmdlines-size-wraps; do
	python3 "$damage" "$case" base.data "$case.data"
	timeout 20 "$DEBPERF" report --header-only -I -i "$case.data" >/dev/null 2>&1
	rc=$?
	expect "the case $case kills Debian's perf 6.1 (status $rc)" "[ $rc -gt 128 ] && [ $rc -lt 160 ]"
done
finish
