#!/bin/sh
# run-guest-tests.sh [LIST]
# Run the guest tests named in LIST (one script name a line), or all of
# /tests/guest/*.sh, each in a fresh scratch directory.  Their result lines
# pass through; a script that printed none counts as one failure.

list=$1
if [ -n "$list" ] && [ -s "$list" ]; then
	tests=$(grep -v '^$' "$list")
else
	tests=$(cd /tests/guest && ls *.sh | grep -v '^lib\.sh$')
fi

for t in $tests; do
	scratch=$(mktemp -d /tmp/test.XXXXXX)
	out=$scratch.out
	echo "# --- $t"
	(cd "$scratch" && timeout -s KILL "${GUEST_TEST_TIMEOUT:-1500}" \
		sh "/tests/guest/$t") >"$out" 2>&1
	status=$?
	cat "$out"
	if [ $status -eq 137 ]; then
		echo "not ok - $t: killed after ${GUEST_TEST_TIMEOUT:-1500}s"
	elif ! grep -qE '^(not )?ok ' "$out"; then
		echo "not ok - $t: printed no result (exit $status)"
	fi
	rm -rf "$scratch" "$out"
done
exit 0
