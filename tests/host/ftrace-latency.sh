#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Host-side test of 'perf ftrace latency -i' on a synthetic recording
# (mkrec.py) whose durations are known: 20 calls of __rcu_read_lock of
# 20 us each and 20 of task_tgid_vnr of 500 ns.  Each bucket's label holds
# the values counted in it, the statistics are summed in ns and converted
# once, and the calls cut short are counted.
#
#   PERF=/path/to/perf ftrace-latency.sh [scratch dir]

. "$(dirname "$0")/tap.inc"

python3 "$HERE/mkrec.py" graph --cpus 2 --iter 20 ||
	{ notok "mkrec.py"; exit 1; }
latency() { "$PERF" ftrace latency -i graph "$@" 2>err.txt; }
# bucket FILE LABEL COUNT: the bucket labelled LABEL holds COUNT
bucket() { grep -Eq "^ +$2 +\| +$3 \|" "$1"; }
stat() { grep -Eq "^ +$2: +$3\$" "$1"; }

latency -T __rcu_read_lock >rcu.txt
expect "20 us calls are in the 16 - 32 us bucket" "bucket rcu.txt '16 - 32   us' 20"
expect "min and max time 20 us, within that bucket" \
	"stat rcu.txt 'min time' 20 && stat rcu.txt 'max time' 20"
expect "total time 400 us of 20 calls" "stat rcu.txt 'total time' 400 && stat rcu.txt count 20"

latency -T task_tgid_vnr >tgid.txt
expect "500 ns calls are in the 0 - 1 us bucket" "bucket tgid.txt '0 - 1    us' 20"
expect "total time of 20 calls of 500 ns: 10 us, summed in ns" "stat tgid.txt 'total time' 10"

latency -T task_tgid_vnr -n >tgid-n.txt
expect "-n: 500 ns calls are in the 256 - 512 ns bucket" "bucket tgid-n.txt '256 - 512  ns' 20"
expect "-n: total time 10000 ns, min and max 500" \
	"stat tgid-n.txt 'total time' 10000 && stat tgid-n.txt 'min time' 500 && stat tgid-n.txt 'max time' 500"

latency -T __rcu_read_lock -n >rcu-n.txt
expect "-n: 20000 ns calls are in the 16 - 32 us bucket" "bucket rcu-n.txt '16 - 32   us' 20"

latency -T __rcu_read_lock --bucket-range 10 --hide-empty >linear.txt
expect "--bucket-range 10: 20 us calls are in the 20.00 - 30.00 us bucket" \
	"bucket linear.txt '20 - 30   us' 20 && [ \$(grep -c '|' linear.txt) -eq 2 ]"

expect "the calls cut short are counted, per function" \
	"grep -q '^# 0 calls cut short' rcu.txt"
# a recording whose buffer ends after its first page: the do_syscall_64
# that was running there is cut by the end of the recording
python3 "$HERE/mkrec.py" cut --cpus 1 --iter 200 && truncate -s 4096 cut/trace-cpu0.buf ||
	{ notok "mkrec.py, cut after a page"; exit 1; }
"$PERF" ftrace latency -i cut -T do_syscall_64 >cut.txt 2>cut.err
expect "a call cut by the end of the recording is counted ($(grep 'cut short' cut.txt))" \
	"grep -q '^# 1 calls cut short' cut.txt && stat cut.txt count 14"

finish
