#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The diff series' perf test of perf diff's -c delta, ratio and wdiff,
# tests/shell/diff_compute.sh, with the series' perf: the computations
# that it moves to util/diff.c give what perf report's periods give.
#
#   PERF=/path/to/perf perf-diff-compute.sh [scratch dir]

. "$(dirname "$0")/tap.inc"
shell_tests=${TREE:-${BUILD:-$HERE/../../build}/linux}/tools/perf/tests/shell

mkdir -p bin && ln -sf "$(command -v "$PERF")" bin/perf
PATH=$PWD/bin:$PATH sh "$shell_tests/diff_compute.sh" >test.out 2>&1
rc=$?
if [ $rc -eq 2 ]; then
	echo "ok - perf test 'perf diff -c' # SKIP $(tail -1 test.out)"
elif [ $rc -eq 0 ]; then
	ok "perf test 'perf diff -c' passes with the series' perf"
else
	notok "perf test 'perf diff -c' passes with the series' perf"
	tail -20 test.out | sed 's/^/# /'
fi
finish
