#!/bin/sh
# perf ftrace record never loses a recording: a failed command leaves the
# older recordings as they were, and a full disk stops the recording at
# once, keeps what was written, says which CPU failed and why, and leaves
# a directory that show reads and calls incomplete.
. /tests/guest/lib.sh
. "$(dirname "$0")/ftrace-state.inc"

begin_tests "perf ftrace record safety"

# A filter that matches nothing, with two older recordings present.
perf ftrace record -t function -T ksys_write -o keep sleep 0 >/dev/null 2>&1
perf ftrace record -t function -T ksys_write -o keep sleep 0 >/dev/null 2>&1
touch keep.dir/mark keep.old.dir/oldmark
(cd keep.dir && ls -l; cd ../keep.old.dir && ls -l) >before.ls
for opt in -T -N -G -g; do
	perf ftrace record -t function $opt no_such_function_xyz -o keep sleep 0 >/dev/null 2>err
	one_line_error "record $opt pattern that matches nothing" err $?
	grep -q "no_such_function_xyz" err
	check "record $opt error names the pattern" test $? -eq 0
done
(cd keep.dir && ls -l; cd ../keep.old.dir && ls -l) >after.ls
if cmp -s before.ls after.ls && [ -e keep.dir/mark ] && [ -e keep.old.dir/oldmark ]; then
	pass "a failed record leaves both older recordings intact"
else
	fail "a failed record leaves both older recordings intact"
	diff before.ls after.ls | diag
fi
perf ftrace show -i keep >/dev/null 2>&1
check "the older recording still reads" test $? -eq 0
state_check "records refused for their filters" state.custom

# A full disk during record -a.
mkdir -p small
mount -t tmpfs -o size=6m tmpfs small
writer() { while :; do echo x >/dev/null; done; }
writer & w=$!
perf ftrace record -a -t function -o small/full sleep 60 >full.out 2>full.err
status=$?
kill $w; wait $w 2>/dev/null
diag <full.err
check "record on a full disk exits non-zero (status $status)" test $status -ne 0
grep -qE 'cpu[0-9]+: .*after [0-9]+ bytes: No space left on device' full.err
check "record names the CPU, the reason and how much was written" test $? -eq 0
check "the directory is kept" test -s small/full.dir/perf.header
n=$(ls small/full.dir | grep -c '^trace-cpu[0-9]*\.buf$')
check "the buffer files are kept ($n)" test "$n" -gt 0
perf ftrace show -i small/full >full.show 2>full.showerr
status=$?
lines=$(grep -c 'function:' full.show)
echo "show: exit $status, $lines function events" | diag
head -3 full.showerr | diag
check "show reads the recording of the full disk" test $status -eq 0 -a "$lines" -gt 0
grep -q 'incomplete' full.showerr
check "show says the recording is incomplete" test $? -eq 0
perf ftrace report -i small/full >full.report 2>/dev/null
grep -q '^# Incomplete recording' full.report
check "report says the recording is incomplete" test $? -eq 0
umount small
state_check "record on a full disk" state.custom

# A disk with room for the recording but not for its header a second
# time (the end's header goes to a temporary first): record says so and
# exits non-zero, and the header of the start, which is whole, stays.
mkdir -p tiny
mount -t tmpfs -o size=2m tmpfs tiny
perf ftrace record -a -t function -o tiny/full >tiny.out 2>tiny.err &
pid=$!
# Tracing starts after the header is written: a loaded host can take
# longer than the 3 s the session then runs.
for i in $(seq 60); do
	[ -z "$(find tiny/full.dir -name 'trace-cpu*.buf' -size +0 2>/dev/null)" ] || break
	sleep 1
done
sleep 3
kill -INT $pid
wait $pid
status=$?
diag <tiny.err
full=$(df -k tiny | awk 'NR == 2 { print $4 }')
if [ "$status" -eq 0 ] && [ "$full" -gt 512 ]; then
	skip "record on a 2 MB disk" "it fitted ($full KB left)"
else
	check "record on a 2 MB disk exits non-zero (status $status)" test $status -ne 0
	grep -q 'is incomplete' tiny.err
	check "record says the recording is incomplete" test $? -eq 0
fi
perf ftrace show -i tiny/full >tiny.show 2>tiny.showerr
status=$?
lines=$(grep -c 'function:' tiny.show)
head -3 tiny.showerr | diag
check "show reads what was recorded on the 2 MB disk (exit $status, $lines events)" \
	test $status -eq 0 -a "$lines" -gt 0
umount tiny
state_check "record on a 2 MB disk" state.custom

default_state
