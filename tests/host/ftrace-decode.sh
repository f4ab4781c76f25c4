#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Host-side test of 'perf ftrace show' and 'perf ftrace report': no root,
# no tracefs.  Synthetic recordings come from mkrec.py; the bad ones must
# each give one line on stderr naming the file, a non-zero exit status and
# no crash.
#
#   PERF=/path/to/perf ftrace-decode.sh [scratch dir]
#
# Prints TAP-style 'ok - ...' / 'not ok - ...' lines; exits 1 if any failed.

. "$(dirname "$0")/tap.inc"
MKREC="python3 $HERE/mkrec.py"

# expect_error <description> <file-to-name> <perf args...>
expect_error() {
	desc=$1 name=$2
	shift 2
	refused "$desc" "$name" "$PERF" "$@" || return
	if [ -s out.txt ] && [ "$2" = "report" ]; then
		notok "$desc: report printed a partial result"
	else
		ok "$desc: $(cat err.txt)"
	fi
}

# expect_ok <description> <perf args...>
expect_ok() {
	desc=$1
	shift
	"$PERF" "$@" >out.txt 2>err.txt
	rc=$?
	if [ $rc -ne 0 ]; then
		notok "$desc: status $rc: $(head -3 err.txt)"
		return 1
	fi
	ok "$desc"
}

if ! "$PERF" ftrace show -h 2>&1 | grep -q "perf ftrace show"; then
	echo "not ok - $PERF has no 'ftrace show'"
	exit 1
fi

# --- good recordings ---------------------------------------------------
$MKREC g.dir --tracer function_graph --cpus 3 --iter 10
$MKREC f.dir --tracer function --cpus 2 --iter 10

if expect_ok "show function_graph" ftrace show -i g; then
	n=$(grep -c 'funcgraph_' out.txt)
	[ "$n" -gt 0 ] && ok "show printed $n graph lines" || notok "show printed nothing"
	awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) { t = $i; sub(":", "", t);
		if (t + 0 < last) bad = 1; last = t + 0 } } END { exit bad }' out.txt &&
		ok "timestamps do not go backwards" || notok "timestamps go backwards"
	grep -q 'task_tgid_vnr();' out.txt && ok "leaf printed as func();" ||
		notok "no leaf line"
	grep -q '+ *20.000 us |.*__rcu_read_lock();' out.txt &&
		ok "overhead mark + on a 20us leaf" || notok "no + mark"
	opens=$(grep -c '() {$' out.txt)
	closes=$(grep -c '} /\*' out.txt)
	[ "$opens" -eq "$closes" ] && ok "entries and exits balance ($opens)" ||
		notok "$opens entries, $closes exits"
	grep -q '\[dummy\]\|dummy_xmit' out.txt && ok "module symbol resolved" ||
		notok "module symbol not resolved"
fi

if expect_ok "report function_graph" ftrace report -i g.dir -n; then
	grep -q '^# Samples: 110 of event' out.txt && ok "report sample count" ||
		notok "report sample count: $(grep Samples out.txt)"
	grep -q '^# hostname : testhost' out.txt && ok "report header" ||
		notok "report header"
	sum=$(awk '/^ *[0-9.]+%/ { s += $1 } END { printf "%.2f", s }' out.txt)
	awk -v s="$sum" 'BEGIN { exit !(s > 99.9 && s < 100.1) }' &&
		ok "overheads add to 100% ($sum)" || notok "overheads add to $sum"
	grep -q '\[dummy\] *\[k\] dummy_xmit' out.txt && ok "module shown as [dummy]" ||
		notok "module dso"
	# task 100: do_syscall_64 self = 2000 + 100 ns a call, 20 calls on 2 CPUs
	grep -Eq '^ *[0-9.]+% +20 +getppid-loop +\[kernel.kallsyms\] +\[k\] do_syscall_64' out.txt &&
		ok "do_syscall_64 has 20 calls" || notok "do_syscall_64 calls"
fi

if expect_ok "report --weight=total -s pid,cpu,symbol" ftrace report -i g --weight=total -s pid,cpu,symbol; then
	grep -q '^# Overhead *Pid:Command *CPU *Symbol' out.txt && ok "sort keys as columns" ||
		notok "columns: $(grep '^# Overhead' out.txt)"
fi
expect_ok "report --weight=count" ftrace report -i g --weight=count &&
	{ grep -q '^# Event count (approx.): 110$' out.txt && ok "count weight" || notok "count weight"; }

if expect_ok "show function" ftrace show -i f; then
	grep -q 'function: *ksys_write <-- do_syscall_64' out.txt && ok "func <-- parent" ||
		notok "function line"
fi
expect_ok "report function" ftrace report -i f.dir &&
	{ grep -q '^# Samples: 70 of event .ftrace:function.' out.txt && ok "function samples" ||
		notok "function samples: $(grep Samples out.txt)"; }

if expect_ok "show -C 1" ftrace show -i g -C 1; then
	others=$(grep -vc '\[001\]' out.txt)
	[ "$others" -eq 0 ] && ok "-C 1 shows only CPU 1" || notok "-C 1 shows other CPUs"
fi

$MKREC lost.dir --cpus 2 --iter 100 --lost 1
if expect_ok "show with lost events" ftrace show -i lost; then
	grep -q '^CPU:1 \[LOST 42 EVENTS\]$' out.txt && ok "LOST line" || notok "no LOST line"
fi
expect_ok "report with lost events" ftrace report -i lost &&
	{ grep -q '^# Lost events: 42' out.txt && ok "report counts lost events" || notok "lost in report"; }

# a flight recorder's save whose first pages had no room for their count
$MKREC snap.dir --cpus 2 --iter 100 --snapshot 7
if expect_ok "show of a snapshot" ftrace show -i snap; then
	n=$(grep -c '^CPU:[01] \[OVERWRITTEN 7 EVENTS\]$' out.txt)
	[ "$n" -eq 2 ] && ok "a first page without a count takes perf.snapshot's" ||
		notok "OVERWRITTEN lines with perf.snapshot's count: $n of 2"
	grep -q LOST out.txt && notok "a snapshot's overwritten events shown as lost" ||
		ok "a snapshot's overwritten events are not lost"
fi
expect_ok "report of a snapshot" ftrace report -i snap &&
	{ grep -q '^# Snapshot: saved by SIGUSR2 at .*, 14 events overwritten' out.txt &&
		! grep -q '^# Lost events' out.txt && ok "report: a snapshot, nothing lost" ||
		notok "report's header of a snapshot: $(grep -E '^# (Snapshot|Lost)' out.txt)"; }
sed -i '/^cpu/d' snap.dir/perf.snapshot
expect_ok "show of a snapshot without per-CPU counts" ftrace show -i snap &&
	{ [ "$(grep -c '^CPU:[01] \[OVERWRITTEN EVENTS\]$' out.txt)" -eq 2 ] &&
		ok "no count where neither counted" || notok "OVERWRITTEN without a count"; }

$MKREC miss.dir --cpus 3
: >miss.dir/trace-cpu0.buf
rm miss.dir/trace-cpu2.buf
expect_ok "empty and missing per-CPU files" ftrace show -i miss &&
	{ grep -q '\[001\]' out.txt && ok "other CPUs still shown" || notok "CPU 1 missing"; }

$MKREC nosyms.dir --no-kallsyms
expect_ok "recording without kallsyms" ftrace report -i nosyms &&
	{ grep -q '\[k\] 0xffffffff81001000' out.txt && ok "addresses without kallsyms" ||
		notok "addresses without kallsyms"; }

# --- bad recordings ----------------------------------------------------
mkdir empty.dir
expect_error "empty directory" empty.dir/perf.header ftrace show -i empty
expect_error "no such recording" nothere.dir ftrace report -i nothere

$MKREC nohdr.dir
rm nohdr.dir/perf.header
expect_error "missing perf.header" nohdr.dir/perf.header ftrace report -i nohdr
# what record leaves when killed while it writes its first header
mkdir stopped.dir && : >stopped.dir/trace-cpu0.buf && : >stopped.dir/perf.header.tmp &&
	echo "perf ftrace record (pid 42) did not finish" >stopped.dir/perf.incomplete
expect_error "stopped before tracing began" "stopped.dir: nothing was recorded.*pid 42" \
	ftrace show -i stopped

$MKREC foreign.dir --foreign
expect_error "perf.header of a cpu-clock recording" foreign.dir/perf.header ftrace report -i foreign
# a real perf.data from perf record, when this machine lets us make one
if "$PERF" record -q -e dummy -o real.data -- true >/dev/null 2>&1 && [ -s real.data ]; then
	mkdir real.dir && cp real.data real.dir/perf.header
	expect_error "perf.header from perf record -e dummy" real.dir/perf.header ftrace show -i real
	expect_error "a perf.data file as input" real.data ftrace report -i real.data
else
	echo "ok - perf.header from perf record -e dummy # SKIP perf record not allowed here"
fi

$MKREC emptyhdr.dir
: >emptyhdr.dir/perf.header
expect_error "empty perf.header" emptyhdr.dir/perf.header ftrace show -i emptyhdr

$MKREC trhdr.dir
size=$(wc -c <trhdr.dir/perf.header)
head -c $((size - 100)) trhdr.dir/perf.header >x && mv x trhdr.dir/perf.header
expect_error "truncated perf.header" trhdr.dir/perf.header ftrace report -i trhdr

# The kallsyms of the tracing data, which perf's trace-event-read.c keeps
# for the reader (it used to skip it): show names functions from it (the
# good recordings above, and "addresses without kallsyms" without it),
# and a kallsyms size that runs past the end of the file is refused.
$MKREC kssize.dir
python3 - kssize.dir/perf.header <<'PY'
import re, struct, sys
p = sys.argv[1]
b = bytearray(open(p, 'rb').read())
# the size word comes just before the first kallsyms line
m = re.search(rb'[0-9a-f]{16} [tTwW] ', b)
struct.pack_into('<I', b, m.start() - 4, 0x7fffffff)
open(p, 'wb').write(b)
PY
expect_error "kallsyms larger than the file" kssize.dir/perf.header ftrace show -i kssize

$MKREC randhdr.dir
head -c 3000 /dev/urandom >randhdr.dir/perf.header
expect_error "random perf.header" randhdr.dir/perf.header ftrace report -i randhdr

# A copy cut inside the last page, without perf.incomplete: what comes
# before the cut decodes, all of it, with one warning naming the place.
$MKREC trunc.dir --iter 100
head -c 5000 trunc.dir/trace-cpu0.buf >x && mv x trunc.dir/trace-cpu0.buf
$MKREC whole.dir --iter 100
head -c 4096 whole.dir/trace-cpu0.buf >x && mv x whole.dir/trace-cpu0.buf
for cmd in show "report --stdio -n" profile; do
	# shellcheck disable=SC2086 # the subcommand and its option
	"$PERF" ftrace $cmd -i trunc >out.txt 2>err.txt
	rc=$?
	# shellcheck disable=SC2086
	"$PERF" ftrace $cmd -i whole >whole.txt 2>/dev/null
	expect "${cmd%% *} of a buffer file cut inside its last page: exit 0 (got $rc), one warning naming the offset" \
		"[ $rc -eq 0 ] && [ \$(wc -l <err.txt) -eq 1 ] && grep -q 'trace-cpu0.buf: offset 4096' err.txt"
	expect "${cmd%% *} of it decodes what comes before the cut, as of the file cut there" \
		"[ -s out.txt ] && grep -v '^# captured on' out.txt >a.txt &&
		 grep -v '^# captured on' whole.txt >b.txt && cmp -s a.txt b.txt"
done

$MKREC commit.dir
# commit = 0x1388 (5000): more than a 4096 byte page can hold
printf '\210\023' | dd of=commit.dir/trace-cpu1.buf bs=1 seek=8 conv=notrunc 2>/dev/null
expect_error "page with impossible size" "trace-cpu1.buf: offset 8" ftrace show -i commit

$MKREC evlen.dir
# first event of CPU 0: type_len 0 with a length word of 0x7fff
printf '\000\000\000\000\377\177\000\000' | dd of=evlen.dir/trace-cpu0.buf bs=1 seek=16 conv=notrunc 2>/dev/null
expect_error "event longer than the page" "trace-cpu0.buf: offset 16" ftrace report -i evlen

$MKREC small.dir
# first event of CPU 0: type_len 1, 4 bytes: too small for any event
printf '\001\000\000\000' | dd of=small.dir/trace-cpu0.buf bs=1 seek=16 conv=notrunc 2>/dev/null
expect_error "event too small for its format" "trace-cpu0.buf: offset 16" ftrace show -i small

$MKREC rand.dir
head -c 8192 /dev/urandom >rand.dir/trace-cpu0.buf
expect_error "random buffer file" trace-cpu0.buf ftrace report -i rand

expect_error "bad sort key" "sort key" ftrace report -i g -s nonsense
expect_error "bad weight" "weight" ftrace report -i g --weight=bogus

finish
