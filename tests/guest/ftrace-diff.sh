#!/bin/sh
# perf ftrace diff of two function_graph recordings of getppid-loop that
# differ in a known way: N then M calls of getppid, and K calls of getpgrp
# in the second only.  The counts must be the workload's, the times and
# the delta those report gives for each recording, the getpgrp path added;
# a recording against itself shows no change; --to-folded sums to report's
# event counts; bad input fails in one line and writes nothing.
. /tests/guest/lib.sh
. "$(dirname "$0")/ftrace-state.inc"

begin_tests "perf ftrace diff"
[ -x "$WORKLOADS/getppid-loop" ] || { skip "perf ftrace diff" "no workload"; exit 0; }

ppid=$(grep -m1 -E '^(__do_sys_getppid|__x64_sys_getppid|sys_getppid)( |$)' \
	$T/available_filter_functions)
ppid=${ppid%% *}
pgrp=$(grep -m1 -E '^(__do_sys_getpgrp|__x64_sys_getpgrp|sys_getpgrp)( |$)' \
	$T/available_filter_functions)
pgrp=${pgrp%% *}
[ -n "$ppid" ] && [ -n "$pgrp" ] ||
	{ skip "perf ftrace diff" "no traceable getppid/getpgrp"; exit 0; }
N=40 M=70 K=25
default_state

# Both system calls and the RCU and pid functions they call, of the
# workload only (-T: the kernel rewrites the call sites of these alone).
rec() {
	perf ftrace record -t function_graph -G "$ppid" -G "$pgrp" -T "$ppid" -T "$pgrp" \
		-T '*rcu*' -T '*pid*' -o "$1" \
		"$WORKLOADS/getppid-loop" "$2" 0 "$3" >"$1.out" 2>"$1.err"
}
rec old $N 0 && rec new $M $K
check "record two recordings of getppid-loop ($N, then $M and $K getpgrp)" test $? -eq 0
cat old.err new.err | diag

# field NAME COLUMN FILE: column COLUMN of NAME's line in 'diff -t |' output
# (1 Baseline, 2 change, 3/4 self, 5/6 total, 7/8 calls, old/new).
field() {
	awk -F'|' -v s="[k] $1" -v c="$2" '{ gsub(/ +$/, "", $NF) }
		$NF == s { gsub(/ /, "", $c); print $c; exit }' "$3"
}
diff_q() { perf ftrace diff -q -t '|' -s sym "$@" 2>diff.err; }

diff_q old new >d.txt
check "diff old new exits 0" test $? -eq 0
co=$(field "$ppid" 7 d.txt) cn=$(field "$ppid" 8 d.txt)
check "$ppid: $N calls old, $M new ($co, $cn)" test "$co" = $N -a "$cn" = $M
# Each side's self time is report's period of the function, and the
# delta of its share report's percentages apart.
period() {
	perf ftrace report -i "$1" -q -t '|' -s sym -F period,sym 2>/dev/null |
		awk -F'|' -v s="[k] $2" '{ gsub(/ +$/, "", $2); gsub(/ /, "", $1) }
			$2 == s { print $1 }'
}
share() {
	perf ftrace report -i "$1" -q -t '|' -s sym 2>/dev/null |
		awk -F'|' -v s="[k] $2" '{ gsub(/ +$/, "", $2); gsub(/[ %]/, "", $1) }
			$2 == s { print $1 }'
}
so=$(field "$ppid" 3 d.txt) sn=$(field "$ppid" 4 d.txt)
po=$(period old "$ppid") pn=$(period new "$ppid")
check "$ppid: self time of each is report's ($so/$po, $sn/$pn)" \
	test -n "$so" -a "$so" = "$po" -a "$sn" = "$pn"
diff_q -c delta old new >delta.txt
delta=$(field "$ppid" 2 delta.txt)
pcto=$(share old "$ppid") pctn=$(share new "$ppid")
check "$ppid: -c delta $delta is report's $pctn% - $pcto%" \
	awk -v d="${delta%\%}" -v o="$pcto" -v n="$pctn" \
	'BEGIN { x = n - o - d; exit !(d != "" && x < 0.016 && x > -0.016) }'
diff_q -c wdiff:1,1 old new >wdiff.txt
check "-c wdiff:1,1 is new - old self time of $ppid" \
	test "$(field "$ppid" 2 wdiff.txt)" = $((sn - so))
check "$pgrp: added, $K calls new ($(field "$pgrp" 2 d.txt), $(field "$pgrp" 8 d.txt))" \
	test "$(field "$pgrp" 2 d.txt)" = added -a "$(field "$pgrp" 8 d.txt)" = $K
diff_q new old >rev.txt
check "$pgrp: removed the other way round" test "$(field "$pgrp" 2 rev.txt)" = removed

# -g: the getpgrp path is a path of its own, added; the getppid path has
# the workload's calls.
diff_q -g old new >g.txt
check "-g: the path $pgrp is added with $K calls" \
	test "$(field "$pgrp" 2 g.txt)" = added -a "$(field "$pgrp" 8 g.txt)" = $K
check "-g: the path $ppid has $N and $M calls" \
	test "$(field "$ppid" 7 g.txt)" = $N -a "$(field "$ppid" 8 g.txt)" = $M
paths=$(awk -F'|' -v s="[k] $pgrp" 'index($NF, s) == 1' g.txt | wc -l)
kept=$(awk -F'|' -v s="[k] $pgrp" 'index($NF, s) == 1 && $2 !~ /added/' g.txt | wc -l)
check "-g: every path below $pgrp is added ($paths paths, $kept not added)" \
	test "$paths" -ge 1 -a "$kept" = 0

# A recording against itself: no change anywhere.
diff_q old old >same.txt
check "old against old: entries, none added or removed, every delta 0" \
	awk -F'|' '{ n++; gsub(/ /, "") } $2 != "+0.00%" || $3 != $4 || $5 != $6 || $7 != $8 { bad++ }
		END { exit !(n > 0 && !bad) }' same.txt
diff_q -g old old >sameg.txt
check "old against old with -g: no change" \
	awk -F'|' '{ n++; gsub(/ /, "") } $2 != "+0.00%" || $7 != $8 { bad++ }
		END { exit !(n > 0 && !bad) }' sameg.txt

# --to-folded: each side sums to report's event count.
perf ftrace diff --to-folded diff.folded old new >/dev/null 2>folded.err
check "--to-folded exits 0" test $? -eq 0
count() { perf ftrace report -i "$1" --stdio 2>/dev/null | sed -n 's/^# Event count (approx.): //p'; }
sums=$(awk '{ o += $(NF - 1); n += $NF } END { print o, n }' diff.folded)
check "--to-folded: sums $sums are report's event counts $(count old) $(count new)" \
	test "$sums" = "$(count old) $(count new)"
check "--to-folded: a line 'getppid-loop;$pgrp 0 N'" \
	grep -Eq "^getppid-loop;$pgrp 0 [1-9][0-9]*\$" diff.folded

# Bad input: one line, non-zero exit, nothing on stdout, nothing written.
echo older >keep.folded
perf ftrace diff --to-folded keep.folded old missing >bad.out 2>bad.err
one_line_error "a missing recording" bad.err $?
check "a missing recording: nothing printed, the older file kept" \
	test ! -s bad.out -a "$(cat keep.folded)" = older
cp -r new.dir cut.dir
for f in cut.dir/trace-cpu*.buf; do
	size=$(wc -c <"$f")
	[ "$size" -ge 4096 ] || continue
	# the first page's commit (0x1388) is more than a page holds
	printf '\210\023' | dd of="$f" bs=1 seek=8 conv=notrunc 2>/dev/null
	break
done
perf ftrace diff --to-folded keep.folded old cut >bad.out 2>bad.err
one_line_error "a damaged recording" bad.err $?
check "a damaged recording: nothing printed, the older file kept, no temporary" \
	test ! -s bad.out -a "$(cat keep.folded)" = older -a "$(ls keep.folded.* 2>/dev/null)" = ""
perf ftrace diff --to-folded /nonexistent/x.folded old new >bad.out 2>bad.err
one_line_error "an output file that cannot be created" bad.err $?
check "an output file that cannot be created: nothing printed" test ! -s bad.out
