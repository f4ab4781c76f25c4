#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Host-side test of 'perf ftrace diff' on synthetic recordings (mkrec.py)
# whose calls are known: 20 or 30 iterations of getppid-loop on 2 CPUs,
# with or without a writer on a third.  Each figure is judged against
# what mkrec wrote and what report says of each recording.
#
#   PERF=/path/to/perf ftrace-diff.sh [scratch dir]

. "$(dirname "$0")/tap.inc"
d() { "$PERF" ftrace diff -q -t '|' "$@" 2>err.txt; }
# field SYM COLUMN FILE (1 Baseline, 2 change, 3/4 self, 5/6 total,
# 7/8 calls; old/new)
field() {
	awk -F'|' -v s="[k] $1" -v c="$2" '{ gsub(/ +$/, "", $NF) }
		$NF == s { gsub(/ /, "", $c); print $c; exit }' "$3"
}
# period REC SYM [report options]: report's weight of SYM
period() {
	rec=$1 sym=$2
	shift 2
	"$PERF" ftrace report -i "$rec" -q -t '|' -s sym -F period,sym "$@" 2>/dev/null |
		awk -F'|' -v s="[k] $sym" '{ gsub(/ +$/, "", $2); gsub(/ /, "", $1) }
			$2 == s { print $1 }'
}
count() { "$PERF" ftrace report -i "$1" --stdio 2>/dev/null | sed -n 's/^# Event count (approx.): //p'; }

python3 "$HERE/mkrec.py" a --cpus 3 --iter 20 >/dev/null &&
python3 "$HERE/mkrec.py" b --cpus 3 --iter 30 >/dev/null &&
python3 "$HERE/mkrec.py" c --cpus 1 --iter 20 >/dev/null &&
python3 "$HERE/mkrec.py" fa --tracer function --cpus 2 --iter 10 >/dev/null &&
python3 "$HERE/mkrec.py" fb --tracer function --cpus 2 --iter 15 >/dev/null ||
	{ notok "mkrec.py"; exit 1; }
fn=__x64_sys_getppid

d -s sym a b >ab.txt
expect "diff a b: $fn has 40 and 60 calls" \
	"[ '$(field $fn 7 ab.txt) $(field $fn 8 ab.txt)' = '40 60' ]"
expect "its self and total times are report's" \
	"[ '$(field $fn 3 ab.txt) $(field $fn 4 ab.txt)' = '$(period a $fn) $(period b $fn)' ] &&
	 [ '$(field $fn 5 ab.txt) $(field $fn 6 ab.txt)' = '$(period a $fn --weight=total) $(period b $fn --weight=total)' ]"
expect "the same share in both: delta +0.00%" "[ '$(field $fn 2 ab.txt)' = +0.00% ]"
d -s sym -c ratio a b >ratio.txt
expect "-c ratio: 1.5 times the self time" "[ '$(field $fn 2 ratio.txt)' = 1.500000 ]"
d -s sym -c wdiff:2,1 a b >wdiff.txt
so=$(field $fn 3 ab.txt) sn=$(field $fn 4 ab.txt)
expect "-c wdiff:2,1 is new - 2 * old" "[ '$(field $fn 2 wdiff.txt)' = $((sn - 2 * so)) ]"
d -s sym --weight=total a b >total.txt
share=$(awk -F'|' -v s="[k] $fn" '{ gsub(/ +$/, "", $NF); t += $5 } $NF == s { v = $5 }
	END { printf "%.2f%%", 100 * v / t }' total.txt)
expect "--weight=total: the baseline is $fn's share of the total time ($share)" \
	"[ '$(field $fn 1 total.txt)' = '$share' ] && [ '$(field $fn 3 total.txt)' = '$(field $fn 3 ab.txt)' ]"

d -s sym a c >ac.txt
expect "diff a c: the writer's functions are removed, getppid's are not" \
	"[ '$(field dummy_xmit 2 ac.txt) $(field vfs_write 2 ac.txt) $(field ksys_write 2 ac.txt)' = 'removed removed removed' ] &&
	 [ '$(field $fn 7 ac.txt) $(field $fn 8 ac.txt)' = '40 20' ]"
d -s sym c a >ca.txt
expect "diff c a: they are added, with 20 calls" \
	"[ '$(field dummy_xmit 2 ca.txt) $(field dummy_xmit 8 ca.txt)' = 'added 20' ]"
d -s sym -c ratio c a >caratio.txt
expect "-c ratio: what one side has comes last" \
	"tail -3 caratio.txt | awk -F'|' '\$2 !~ /added/ { bad = 1 } END { exit bad }'"
d -s comm,sym a b >comm.txt
expect "-s comm,sym: per command" \
	"grep -q '^.*|getppid-loop *|\[k\] $fn' comm.txt && grep -q '|writer *|\[k\] dummy_xmit' comm.txt"
d -g -s sym a c >g.txt
expect "-g: the paths of the writer are removed, getppid's kept" \
	"[ '$(field 'ksys_write;vfs_write;dummy_xmit' 2 g.txt)' = removed ] &&
	 [ '$(field "do_syscall_64;$fn;task_tgid_vnr" 7 g.txt)' = 40 ]"
d -s sym a a >same.txt
expect "a against itself: no change" \
	"awk -F'|' '{ gsub(/ /, \"\") } \$2 != \"+0.00%\" || \$3 != \$4 || \$7 != \$8 { bad++ } END { exit !(NR > 3 && !bad) }' same.txt"
d -s sym --comms writer a b >abs.txt
d -s sym --comms writer --percentage relative a b >rel.txt
sum() { awk -F'|' '{ s += $1 } END { printf "%.0f", s }' "$1"; }
expect "--comms: only the writer; --percentage relative sums to 100 ($(sum rel.txt)), absolute not ($(sum abs.txt))" \
	"! grep -q $fn abs.txt && [ $(sum rel.txt) = 100 ] && [ $(sum abs.txt) -lt 100 ]"

d --to-folded ab.folded a b >/dev/null
expect "--to-folded: the columns sum to report's event counts" \
	"[ \"\$(awk '{ o += \$(NF - 1); n += \$NF } END { print o, n }' ab.folded)\" = '$(count a) $(count b)' ]"
expect "--to-folded: 'comm;stack old new' lines" \
	"grep -qx 'getppid-loop;do_syscall_64;$fn;task_tgid_vnr [0-9]* [0-9]*' ab.folded"

d -s sym fa fb >f.txt
expect "function tracer: calls only, 10 and 15 of $fn" \
	"[ '$(field $fn 3 f.txt) $(field $fn 4 f.txt)' = '10 15' ] && [ \$(head -1 f.txt | awk -F'|' '{ print NF }') -eq 5 ]"
d -s sym --weight=total fa fb >ft.txt
expect "function tracer, --weight=total: a warning, and the calls, as report weighs it" \
	"grep -q 'weighting by count' err.txt && cmp -s f.txt ft.txt"
d -s sym --weight=count a b >count.txt
expect "--weight=count: the calls are the weight, 40 and 60 of $fn, no time columns" \
	"[ '$(field $fn 3 count.txt) $(field $fn 4 count.txt)' = '40 60' ] &&
	 [ \$(head -1 count.txt | awk -F'|' '{ print NF }') -eq 5 ]"

# Bad input: one line, nothing printed, an older output file kept.
echo keep >keep.folded
for args in "fa a:different tracers" "a missing:missing" "-c nosuch a b:nosuch" \
	    "-s nosuch a b:nosuch" "--weight=nosuch a b:nosuch" "-c cycles a b:cycles" \
	    "--time x a b:x" \
	    "--to-folded /nonexistent/f a b:/nonexistent/f"; do
	# shellcheck disable=SC2086 # the words of the case
	refused_keeping "bad input '${args%%:*}'" "${args##*:}" keep.folded \
		"$PERF" ftrace diff --to-folded keep.folded ${args%%:*}
	[ -s out.txt ] && notok "bad input '${args%%:*}': printed to stdout"
done
finish
