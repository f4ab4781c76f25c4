#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Host-side test of what perf ftrace says to a user who is wrong or asks:
# each subcommand's -h lists the options its sections of perf-ftrace.txt
# document, no more and no fewer, and only its own usage lines; a
# mistyped subcommand, a diff of one recording, an option that profile -i
# cannot honour and filters that match nothing each get one line and a
# non-zero exit.
#
#   PERF=/path/to/perf [DOC=perf-ftrace.txt] ftrace-usage.sh [scratch dir]

. "$(dirname "$0")/tap.inc"
BUILD=${BUILD:-$HERE/../../build}
DOC=${DOC:-$BUILD/linux/tools/perf/Documentation/perf-ftrace.txt}
[ -r "$DOC" ] || { notok "perf-ftrace.txt at $DOC"; exit 1; }

# doc_opts SECTION...: the long options documented in these sections
# ('--opt::', '--opt=::', '--opt=VALUE::', '--opt[=mode]::')
doc_opts() {
	for sec; do
		awk -v sec="$sec" '/^-+$/ { inside = (prev == sec) }
			inside && /^--[a-z][a-z0-9-]*(\[?=.*)?::$/ { o = $0; sub(/[[=:].*/, "", o); print o }
			{ prev = $0 }' "$DOC"
	done | sort -u
}
# help_opts SUBCOMMAND: the long options that its -h lists
help_opts() {
	"$PERF" ftrace "$1" -h 2>&1 | sed -nE 's/^ +(-[a-zA-Z], )?(--[a-z][a-z0-9-]*).*$/\2/p' | sort -u
}

COMMON="COMMON OPTIONS"
TRACER="TRACER OPTIONS"
READ="OPTIONS for reading a recording"
own() { echo "OPTIONS for 'perf ftrace $1'"; }
for sub in live record show report convert diff profile latency; do
	case $sub in
	live) set -- "$COMMON" "$TRACER" ;;
	record) set -- "$COMMON" "$TRACER" "$(own record)" ;;
	show | report | convert) set -- "$READ" "$(own $sub)" ;;
	diff) set -- "$READ" "$(own diff)" ;;
	profile) set -- "$COMMON" "$TRACER" "$READ" "$(own profile)" ;;
	latency) set -- "$COMMON" "$READ" "$(own latency)" ;;
	esac
	# diff takes the filters of reading a recording, two recordings for -i
	doc_opts "$@" | { [ $sub = diff ] && grep -vx -- --input || cat; } >"$sub.doc"
	help_opts $sub >"$sub.help"
	undocumented=$(comm -13 "$sub.doc" "$sub.help" | tr '\n' ' ')
	unlisted=$(comm -23 "$sub.doc" "$sub.help" | tr '\n' ' ')
	expect "$sub -h lists every option its page documents ($(wc -l <"$sub.help") options)${unlisted:+; not listed: $unlisted}" \
		"[ -s $sub.help ] && [ -z '$unlisted' ]"
	expect "$sub: the page documents every option -h lists${undocumented:+; not documented: $undocumented}" \
		"[ -z '$undocumented' ]"
	"$PERF" ftrace $sub -h 2>&1 | sed -n '/^ *\(Usage\|or\):/p' >"$sub.usage"
	others=$(grep -v "perf ftrace $sub \|perf ftrace \[" "$sub.usage" | head -1)
	[ $sub = live ] || others=$(grep -v "perf ftrace $sub " "$sub.usage" | head -1)
	expect "$sub -h prints its own usage lines only${others:+: $others}" \
		"[ -s $sub.usage ] && [ -z \"\$others\" ]"
done

refused "a mistyped subcommand" "unknown subcommand 'shwo'" \
	"$PERF" ftrace shwo -i x && ok "a mistyped subcommand names the nearest: $(cat err.txt)" &&
	expect "... which is show" "grep -q \"'show'\" err.txt"

python3 "$HERE/mkrec.py" graph --cpus 2 --iter 4 ||
	{ notok "mkrec.py"; exit 1; }
"$PERF" ftrace diff graph >out.txt 2>err.txt
rc=$?
# 129: perf's status for a usage error
expect "diff of one recording says what is missing (status $rc)" \
	"[ $rc -eq 129 ] && grep -q 'give the new one' err.txt"

refused "profile -i with -T" "-T" "$PERF" ftrace profile -i graph -T vfs_read &&
	ok "profile -i refuses -T by name: $(cat err.txt)"
refused "profile -i with a command" "command" "$PERF" ftrace profile -i graph true &&
	ok "profile -i refuses a command: $(cat err.txt)"

refused "show --comms of no task" "nosuch" "$PERF" ftrace show -i graph --comms nosuch &&
	ok "--comms that matches no task: $(cat err.txt)"
refused "report --pids of no task" "99999" "$PERF" ftrace report -i graph --stdio --pids 99999 &&
	ok "--pids that matches no task: $(cat err.txt)"
refused "show -C of no recorded CPU" "0-1" "$PERF" ftrace show -i graph -C 7 &&
	ok "-C of no recorded CPU names the recorded ones: $(cat err.txt)"
"$PERF" ftrace show -i graph -C 1,7 >out.txt 2>err.txt
expect "-C of one recorded CPU and one other: the other is named, the one shown" \
	"grep -q '7' err.txt && grep -q '\[001\]' out.txt"

finish
