#!/bin/sh
# The package holds the files of Debian's own linux-perf, in the same
# places, with the same modes and owners (dpkg -c, sizes and dates
# aside), apart from what tests/deb/expected-differences lists and
# explains; the series' man page among them.
. "$(dirname "$0")/deb.inc"

# listing DEB: "MODE OWNER PATH[ -> TARGET]" of each file, sorted
listing() { dpkg-deb -c "$1" | awk '{ $3 = $4 = $5 = ""; print }' | tr -s ' ' | sort; }
listing "$DEBIAN.deb" >debian.txt
listing "$DEB" >ours.txt
diff debian.txt ours.txt | sed -n 's/^</-/p; s/^>/+/p' >differences.txt
# the expected ones, as patterns: "+ MODE OWNER GLOB"
grep -v '^\s*\(#\|$\)' "$HERE/expected-differences" >expected.txt
while IFS= read -r line; do
	matched=
	while IFS= read -r pattern; do
		# shellcheck disable=SC2254 # the pattern is a glob
		case $line in $pattern) matched=1 && break ;; esac
	done <expected.txt
	[ -n "$matched" ] || echo "$line"
done <differences.txt >unexpected.txt
expect_else "dpkg -c: Debian's files, and $(grep -c . differences.txt) of the series, as expected-differences says" \
	'[ ! -s unexpected.txt ]' 'cat unexpected.txt'
# every expected difference is there, so that the list stays true
while IFS= read -r pattern; do
	found=
	while IFS= read -r line; do
		# shellcheck disable=SC2254
		case $line in $pattern) found=1 && break ;; esac
	done <differences.txt
	expect "expected difference seen: $pattern" '[ -n "$found" ]'
done <expected.txt
expect "the perf-ftrace man page is where Debian's is" \
	'grep -q " ./usr/share/man/man1/perf-ftrace.1.gz$" ours.txt && [ -s "$OURS/usr/share/man/man1/perf-ftrace.1.gz" ]'

finish
