#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Every damaged recording the fuzzer (make fuzz) ever crashed a decoder
# with, kept in tests/fuzz/crashes/: show, report (also -D, --header-only -I)
# and each convert format must end without a signal and within a minute,
# and either decode it or say in one line on stderr which file is damaged
# and at what offset, with a non-zero exit.  show and report also run
# under valgrind, which sees what a crash does not: a read or write past
# a buffer that lands in another.
#
#   PERF=/path/to/perf ftrace-fuzz-crashes.sh [scratch dir]

. "$(dirname "$0")/tap.inc"
CRASHES=$HERE/../fuzz/crashes

# check NAME ARGS...: one decoder on the unpacked recording r.dir
check() {
	name=$1
	shift
	timeout 60 "$PERF" ftrace "$@" -i r.dir >/dev/null 2>err.txt
	rc=$?
	if [ $rc -eq 124 ]; then
		why="$*: no end within 60 s"
	elif [ $rc -ge 128 ] && [ $rc -ne 255 ]; then
		why="$*: killed by signal $((rc - 128))"
	elif [ $rc -ne 0 ] && [ "$(wc -l <err.txt)" -ne 1 ]; then
		why="$*: $(wc -l <err.txt) lines on stderr, wanted 1: $(head -3 err.txt)"
	elif [ $rc -ne 0 ] && ! grep -Eq 'r\.dir/(perf\.header|trace-cpu[0-9]+\.buf)(: | .*)offset [0-9]+' err.txt; then
		why="$*: does not name the file and offset: $(cat err.txt)"
	else
		return 0
	fi
	notok "$name: $why"
	return 1
}

# memcheck NAME ARGS...: one decoder under valgrind, which must find no error
memcheck() {
	name=$1
	shift
	timeout 300 valgrind -q --error-exitcode=99 --log-file=vg.txt \
		"$PERF" ftrace "$@" -i r.dir >/dev/null 2>&1
	case $? in
	99) ;;
	124) notok "$name: $*: no end under valgrind within 300 s"; return 1 ;;
	*) return 0 ;;
	esac
	notok "$name: $*: valgrind: $(grep -m1 -A3 'Invalid\|unaddressable\|uninitialised' vg.txt | cut -c1-160)"
	return 1
}

n=0
for rec in "$CRASHES"/*.rec; do
	[ -e "$rec" ] || continue
	n=$((n + 1))
	name=${rec##*/}
	rm -rf r.dir
	python3 "$HERE/../fuzz/recording.py" unpack "$rec" r.dir
	check "$name" show &&
		check "$name" report --stdio &&
		check "$name" report --stdio -D &&
		check "$name" report --header-only -I &&
		check "$name" convert --to-chrome out.json &&
		check "$name" convert --to-folded out.folded &&
		check "$name" convert --to-trace-dat out.dat &&
		memcheck "$name" show &&
		memcheck "$name" report --stdio &&
		ok "$name: show, report, convert: $(cat err.txt)"
done
[ $n -gt 0 ] || notok "no damaged recordings in $CRASHES"

# The readers' bounds refuse nothing whole: the header of each real
# recording is read with every feature and event.
for rec in "$HERE"/../fuzz/seeds/*.rec; do
	name=${rec##*/}
	rm -rf r.dir
	python3 "$HERE/../fuzz/recording.py" unpack "$rec" r.dir
	"$PERF" ftrace report --header-only -I -i r.dir >hdr.txt 2>err.txt
	expect "$name: report --header-only -I lists its events, CPU topology and cmdline" \
		"grep -q '^# event : name = ftrace:' hdr.txt && grep -q '^# sibling threads' hdr.txt &&
		 grep -q '^# cmdline : ' hdr.txt && ! grep -q 'not available\|unable' hdr.txt"
done

finish
