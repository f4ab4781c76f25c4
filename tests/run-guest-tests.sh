#!/bin/sh
# run-guest-tests.sh [LIST]
# Run the guest tests named in LIST (one script name a line; a line
# NAME=VALUE sets that variable for the tests after it), or all of
# /tests/guest/*.sh, each in a fresh scratch directory.  A script's output
# passes through when it ends, and is echoed on the console as it comes so
# that a wedged guest shows where it stopped.  A script that printed no
# result line counts as one failure, and so does one killed by the limit.

list=$1
limit=${GUEST_TEST_TIMEOUT:-1500}
tests=/tmp/guest-tests
if [ -n "$list" ] && [ -s "$list" ]; then
	grep -v '^$' "$list" >$tests
else
	(cd /tests/guest && ls *.sh | grep -v '^lib\.sh$') >$tests
fi

seconds_up() { cut -d. -f1 /proc/uptime; }

while read -r t; do
	case "$t" in *=*) export "${t%%=*}=${t#*=}"; continue ;; esac
	scratch=$(mktemp -d /tmp/test.XXXXXX)
	out=$scratch.out
	: >"$out"
	tail -f "$out" >/dev/console 2>&1 &
	echo=$!
	start=$(seconds_up)
	(cd "$scratch" && timeout -s KILL "$limit" sh "/tests/guest/$t") </dev/null >"$out" 2>&1
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
done <$tests
exit 0
