#!/bin/bash
# run-host-test.sh SCRIPT: run one host test and pass its TAP lines on.
# A script that cannot run, or that stops before its end, prints no
# "not ok" of its own: one is added, so that it counts as failed.
set -uo pipefail
t=$1
name=${t##*/}
out=$(mktemp)
trap 'rm -f "$out"' EXIT

"$t" | tee "$out"
status=${PIPESTATUS[0]}
if ! grep -qE '^(not )?ok ' "$out"; then
	echo "not ok - host test $name reported its results (none; exit status $status)"
elif [ "$status" -ne 0 ] && ! grep -q '^not ok ' "$out"; then
	echo "not ok - host test $name ran to its end (exit status $status after its last result)"
fi
