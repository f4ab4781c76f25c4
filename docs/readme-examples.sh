#!/bin/sh
# The commands whose output README.md's "Using perf ftrace" shows, run in
# the guest; each command and its output go to out/all.txt, and the
# recordings to out/:
#   mkdir -p /tmp/share && cp docs/readme-examples.sh /tmp/share/ &&
#   make run SHARE=/tmp/share CMD='sh readme-examples.sh'
out=$PWD/out
mkdir -p "$out"
cd /tmp || exit 1
run() { echo "\$ $*" >>"$out/all.txt"; sh -c "$*" >>"$out/all.txt" 2>&1; echo >>"$out/all.txt"; }
run "perf ftrace live -G do_sys_openat2 -- cat /proc/version | head -30"
run "perf ftrace record -G do_sys_openat2 -o ls -- ls -l /"
run "perf ftrace show -i ls | head -40"
run "perf ftrace report -i ls --stdio | head -45"
run "perf ftrace report -i ls --stdio -g caller --children -s sym --percent-limit 5 | head -60"
run "perf ftrace record -G do_sys_openat2 -o ls-tmp -- ls -l /tmp /dev"
run "perf ftrace diff -s sym ls ls-tmp | head -30"
run "perf ftrace profile -i ls | head -15"
run "perf ftrace latency -i ls -T do_sys_openat2"
run "perf ftrace convert -i ls --to-chrome ls.json --to-folded ls.folded; head -3 ls.folded"
run "perf ftrace convert -i ls --to-trace-dat ls.dat; trace-cmd report ls.dat | head -20"
cp -r ls.dir ls-tmp.dir ls.json ls.folded ls.dat "$out/"
