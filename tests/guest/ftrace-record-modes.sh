#!/bin/sh
# A recording is its owner's: perf ftrace record makes the directory 0700
# and every file in it 0600 (raw kernel addresses, kallsyms), also when
# it is killed and leaves perf.incomplete.
. /tests/guest/lib.sh
. "$(dirname "$0")/ftrace-state.inc"

begin_tests "recording modes"

# check_modes DESCRIPTION DIR: the directory 0700, each file 0600
check_modes() {
	bad=$(find "$2" -mindepth 1 -type f ! -perm 0600)
	check "$1: directory is 0700 ($(stat -c %a "$2"))" test "$(stat -c %a "$2")" = 700
	check "$1: every file is 0600${bad:+ (not: $bad)}" test -z "$bad"
	stat -c '%a %n' "$2" "$2"/* | diag
}

umask 022
perf ftrace record -t function -T ksys_write -o modes sleep 0 >modes.out 2>modes.err
check "record exits 0" test $? -eq 0
check_modes "complete recording" modes.dir

perf ftrace record -t function -T ksys_write -o killed sleep 5 >killed.out 2>killed.err &
pid=$!
for i in $(seq 100); do
	[ -e killed.dir/perf.header ] && break
	sleep 0.2
done
kill -KILL $pid
wait $pid 2>/dev/null
check "killed recording left perf.incomplete" test -e killed.dir/perf.incomplete
check_modes "killed recording" killed.dir

# SIGKILL left its instance behind: remove it once its files are closed
for i in $(seq 50); do
	rmdir $T/instances/perf-ftrace-$pid 2>/dev/null
	[ -d $T/instances/perf-ftrace-$pid ] || break
	sleep 0.2
done
check "the killed session's instance removed" test ! -d $T/instances/perf-ftrace-$pid
