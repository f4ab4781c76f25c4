#!/bin/sh
# run-guest-tests.sh [LIST]
# Run the guest tests named in LIST (one script name a line), or all of
# /tests/guest/*.sh, each in a fresh scratch directory.  A script's output
# passes through when it ends, and is echoed on the console as it comes so
# that a wedged guest shows where it stopped.  A script that printed no
# result line counts as one failure, and so does one killed by the limit.

list=$1
limit=${GUEST_TEST_TIMEOUT:-1500}
if [ -n "$list" ] && [ -s "$list" ]; then
	tests=$(grep -v '^$' "$list")
else
	tests=$(cd /tests/guest && ls *.sh | grep -v '^lib\.sh$')
fi

seconds_up() { cut -d. -f1 /proc/uptime; }

for t in $tests; do
	scratch=$(mktemp -d /tmp/test.XXXXXX)
	out=$scratch.out
	: >"$out"
	tail -f "$out" >/dev/console 2>&1 &
	echo=$!
	start=$(seconds_up)
	(cd "$scratch" && timeout -s KILL "$limit" sh "/tests/guest/$t") >"$out" 2>&1
	status=$?
	kill $echo
	echo "# --- $t ($(($(seconds_up) - start))s)"
	cat "$out"
	if [ $status -eq 137 ]; then
		echo "not ok - $t: killed after ${limit}s"
	elif ! grep -qE '^(not )?ok ' "$out"; then
		echo "not ok - $t: printed no result (exit $status)"
	fi
	rm -rf "$scratch" "$out"
done
exit 0
