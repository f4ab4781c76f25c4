#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Host-side test that Debian's own perf (linux-perf, unpacked from the
# package that 'apt-get download' fetches, so that the test holds where
# ours replaced it) reads the perf.header of our recordings without a
# signal: report --stdio, script, evlist and report --header-only, on a
# function and a function_graph recording (mkrec.py) and a real 6.12 one,
# or on the recordings that RECORDINGS names (the guests', from the runner).
# Its perf is built with 6.1's in-tree libtraceevent, which dereferences
# the event it does not find for a sample's raw data.
#
#   PERF=/path/to/perf ftrace-debian-perf.sh [scratch dir]

. "$(dirname "$0")/tap.inc"
# Debian's linux-perf of the installed linux-source-6.1, unpacked once
root=$("$HERE/../../scripts/deb/debian-perf.sh" 2>&1) || { notok "Debian's linux-perf: $root"; exit 1; }
DEBPERF=$root/usr/bin/perf
echo "# Debian's perf: $("$DEBPERF" --version) ($root)"

if [ -z "${RECORDINGS:-}" ]; then
	python3 "$HERE/mkrec.py" graph --cpus 2 --iter 4 &&
	python3 "$HERE/mkrec.py" func --tracer function --cpus 2 --iter 4 &&
	python3 "$HERE/mkrec.py" comms --cpus 2 --iter 4 --comm-records &&
	python3 "$HERE/../fuzz/recording.py" unpack "$HERE/recordings/6.12-irq-in-entry.rec" real612.dir ||
		{ notok "recordings"; exit 1; }
	RECORDINGS="graph func comms real612.dir"
fi

export HOME="$S/home"
mkdir -p "$HOME"
for rec in $RECORDINGS; do
	for cmd in "report --stdio" script evlist "report --header-only"; do
		# shellcheck disable=SC2086 # the subcommand and its option
		timeout 60 "$DEBPERF" $cmd -i "$rec/perf.header" >out.txt 2>err.txt
		rc=$?
		expect "Debian's perf $cmd on ${rec##*/}: status 0 (got $rc), no unknown event" \
			"[ $rc -eq 0 ] && ! grep -q 'UNKNOWN EVENT' out.txt"
	done
done

finish
