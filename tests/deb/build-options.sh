#!/bin/sh
# perf version --build-options of the package's perf is that of Debian's
# own, line for line, but for the version on the first line.
. "$(dirname "$0")/deb.inc"

perf_of "$DEBIAN" version --build-options | sed 1d >debian.txt
perf_of "$OURS" version --build-options | sed 1d >ours.txt
expect_else "perf version --build-options: Debian's $(grep -c ': \[ on' ours.txt) features on, $(grep -c 'OFF' ours.txt) off" \
	'[ -s ours.txt ] && cmp -s debian.txt ours.txt' 'diff debian.txt ours.txt'

finish
