#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Host-side test of 'perf ftrace convert' on synthetic recordings: the
# Chrome JSON and the folded stacks are judged against show and report of
# the same recording (convert-check.py); the filters narrow the output as
# show's do; bad input gives one line, a non-zero exit and no file, and
# never touches an older output file.
#
#   PERF=/path/to/perf ftrace-convert.sh [scratch dir]

. "$(dirname "$0")/tap.inc"

# judge NAME [convert options]: convert NAME.dir and check it against show
judge() {
	name=$1
	shift
	"$PERF" ftrace show -i "$name" "$@" >"$name.show" 2>/dev/null
	# the event count of what the filters keep
	"$PERF" ftrace report -i "$name" "$@" \
		>"$name.report" 2>/dev/null
	if ! "$PERF" ftrace convert -i "$name" --to-chrome "$name.json" \
		--to-folded "$name.folded" "$@" 2>"$name.err"; then
		notok "$name: convert failed: $(head -3 "$name.err")"
		return
	fi
	python3 "$HERE/convert-check.py" "$name" "$name.json" "$name.folded" \
		"$name.show" "$name.report" || fails=$((fails + 1))
}

synthetic_recordings
judge graph
judge func
judge lost
# Interrupts in a return, one of them with an NMI in its own return: their
# calls nest in the returning calls, whose exits come after them, and
# nothing needs to be moved.
judge irq
expect "an interrupt in a return nests in the returning call, unclamped" \
	"grep -q '\"name\":\"__rcu_read_lock\",\"ts\":1000002.100,\"dur\":27.100' irq.json &&
	 grep -q '\"name\":\"dummy_stats\",\"ts\":1000053.100,\"dur\":10.100' irq.json &&
	 ! grep -q clamped irq.json"
expect "lost events are markers on their CPU's track" \
	"grep -q '\"name\":\"lost events\".*\"args\":{\"cpu\":1,\"lost\":' lost.json"
expect "threads are named from the saved cmdlines" \
	"grep -q '\"thread_name\",\"pid\":100,\"tid\":100,\"args\":{\"name\":\"getppid-loop\"}' graph.json"
expect "folded stacks start with the command, callers first" \
	"grep -qx 'getppid-loop;do_syscall_64;__x64_sys_getppid;task_tgid_vnr [0-9]*' graph.folded"
expect "function tracer: folded parent;function stacks counted" \
	"grep -qx 'writer;do_syscall_64;vfs_write 10' func.folded"

# --weight=count: every returned call counts once
"$PERF" ftrace convert -i graph --to-folded count.folded --weight=count
expect "--weight=count adds up to the calls report counts" \
	"[ \"\$(awk '{ s += \$NF } END { print s }' count.folded)\" = \
	   \"\$(\"$PERF\" ftrace report -i graph -n -q | awk '{ s += \$2 } END { print s }')\" ]"

# The filters narrow the output as they narrow show's.
judge graph --pids 100
expect "--pids 100: only pid 100" \
	"! grep '\"ph\":\"X\"' graph.json | grep -qv '\"tid\":100,'"
judge graph --comms writer
expect "--comms writer: only writer's stacks" "! grep -qv '^writer;' graph.folded"
judge graph -C 0
expect "-C 0: only CPU 0" "! grep '\"ph\":\"X\"' graph.json | grep -qv '\"cpu\":0}'"
judge graph --time 1.000010,1.000050
n=$(grep -c '"ph":"X"' graph.json)
expect "--time: a window holds some calls, not all ($n)" "[ $n -gt 0 ] && [ $n -lt 100 ]"

# convert to stdout
expect "--to-chrome - writes to stdout" \
	"\"$PERF\" ftrace convert -i graph --to-chrome - | python3 -m json.tool >/dev/null"

# Bad input: one line naming what was wrong, exit non-zero, no file left,
# and an older output file untouched.
KEPT=old.json
echo keep >$KEPT
convert_refused "no output format" "--to-chrome" -i graph
convert_refused "unknown weight" "bogus" -i graph --to-folded old.json --weight bogus
convert_refused "bad time window" "1.x" -i graph --to-chrome old.json --time 1.x
convert_refused "bad pid list" "abc" -i graph --to-chrome old.json --pids abc
convert_refused "missing recording" "nothere.dir" -i nothere --to-chrome old.json
convert_refused "directory that does not exist" "nodir/out.json" -i graph --to-chrome nodir/out.json
# a page whose commit (0x1388) is more than a page holds
mkdir -p broken.dir && cp graph/perf.header graph/trace-cpu*.buf broken.dir/ &&
	printf '\210\023' | dd of=broken.dir/trace-cpu0.buf bs=1 seek=8 conv=notrunc 2>/dev/null
convert_refused "damaged buffer file" "broken.dir/trace-cpu0.buf" -i broken --to-chrome old.json
# a copy cut inside its last page converts what comes before, with a warning
mkdir -p cut.dir && cp graph/perf.header cut.dir/ &&
	head -c 5000 graph/trace-cpu0.buf >cut.dir/trace-cpu0.buf
"$PERF" ftrace convert -i cut --to-folded cut.folded >/dev/null 2>cut.err
rc=$?
expect "a buffer file cut inside its last page converts (status $rc), with a warning" \
	"[ $rc -eq 0 ] && [ -s cut.folded ] && grep -q 'cut.dir/trace-cpu0.buf: offset 4096' cut.err"

finish
