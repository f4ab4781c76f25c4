#!/bin/bash
# parse-kunit.sh DMESG SUITE...
# Turn the KTAP that built-in KUnit suites printed at boot into one result
# line per test case.  A named suite that did not run is a failure.
set -uo pipefail

dmesg=$1
shift
sed -E 's/^\[[ 0-9.]+\] //' "$dmesg" | awk -v want="$*" '
BEGIN { n = split(want, w, " "); for (i = 1; i <= n; i++) wanted[w[i]] = 1 }
/^    # Subtest: / { suite = $3; seen[suite] = 1; next }
/^    (not )?ok [0-9]+ / && (suite in wanted) {
	line = $0
	sub(/^    /, "", line)
	ok = (line ~ /^ok /)
	sub(/^(not )?ok [0-9]+ /, "", line)
	directive = ""
	if (match(line, / # .*/)) {
		directive = substr(line, RSTART)
		line = substr(line, 1, RSTART - 1)
	}
	print (ok ? "ok" : "not ok") " - kunit: " suite "." line directive
	next
}
/^(not )?ok [0-9]+ / { suite = "" }
END {
	for (s in wanted)
		if (!(s in seen))
			print "not ok - kunit: suite " s " ran at boot"
}'
