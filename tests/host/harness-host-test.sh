#!/bin/bash
# run-host-test.sh counts a host test that cannot run, or that stops
# before its end, as failed, and passes a whole one on as it is.
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# SCRIPT BODY MODE: a host test of that body and mode, run by run-host-test.sh
run() {
	printf '#!/bin/sh\n%s\n' "$2" >"$scratch/$1"
	chmod "$3" "$scratch/$1"
	"$here/tests/run-host-test.sh" "$scratch/$1" >"$scratch/$1.out" 2>&1
}
# DESC SCRIPT PATTERN: the output of SCRIPT has a line matching PATTERN
has() {
	if grep -qE "$3" "$scratch/$2.out"; then
		echo "ok - $1"
	else
		sed 's/^/# /' "$scratch/$2.out"
		echo "not ok - $1"
	fi
}

run noexec.sh 'echo "ok - one"' 644
has "a script that cannot run counts as failed" noexec.sh \
	'^not ok - host test noexec.sh reported its results \(none; exit status 126\)$'
run stops.sh 'echo "ok - one"; exit 3' 755
has "a script that stops after its last ok counts as failed" stops.sh \
	'^not ok - host test stops.sh ran to its end \(exit status 3 after its last result\)$'
run fails.sh 'echo "ok - one"; echo "not ok - two"; echo "# 1 failed"; exit 1' 755
has "a script's own failure is passed on alone" fails.sh '^not ok - two$'
[ "$(grep -c '^not ok' "$scratch/fails.sh.out")" -eq 1 ] &&
	echo "ok - ... and no other is added" || echo "not ok - ... and no other is added"
run whole.sh 'echo "ok - one"; echo "# 0 failed"' 755
if [ "$(cat "$scratch/whole.sh.out")" = "$(printf 'ok - one\n# 0 failed')" ]; then
	echo "ok - a whole script's output is passed on as it is"
else
	sed 's/^/# /' "$scratch/whole.sh.out"
	echo "not ok - a whole script's output is passed on as it is"
fi
