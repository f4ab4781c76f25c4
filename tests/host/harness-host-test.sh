#!/bin/sh
# run-host-test.sh counts a host test that cannot run, or that stops
# before its end, as failed, and passes a whole one on as it is.
. "$(dirname "$0")/tap.inc"
run_host_test=$HERE/../run-host-test.sh

# SCRIPT BODY MODE: a host test of that body and mode, run by run-host-test.sh
run() {
	printf '#!/bin/sh\n%s\n' "$2" >"$1"
	chmod "$3" "$1"
	"$run_host_test" "$PWD/$1" >"$1.out" 2>&1
}

run noexec.sh 'echo "ok - one"' 644
expect "a script that cannot run counts as failed" \
	"grep -qxF 'not ok - host test noexec.sh reported its results (none; exit status 126)' noexec.sh.out"
run stops.sh 'echo "ok - one"; exit 3' 755
expect "a script that stops after its last ok counts as failed" \
	"grep -qxF 'not ok - host test stops.sh ran to its end (exit status 3 after its last result)' stops.sh.out"
run fails.sh 'echo "ok - one"; echo "not ok - two"; echo "# 1 failed"; exit 1' 755
expect "a script's own failure is passed on alone" \
	"grep -qx 'not ok - two' fails.sh.out && [ \$(grep -c '^not ok' fails.sh.out) -eq 1 ]"
run whole.sh 'echo "ok - one"; echo "# 0 failed"' 755
expect "a whole script's output is passed on as it is" \
	"[ \"\$(cat whole.sh.out)\" = \"\$(printf 'ok - one\n# 0 failed')\" ]"
finish
