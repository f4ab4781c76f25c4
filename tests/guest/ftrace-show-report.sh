#!/bin/sh
# perf ftrace show / report on real recordings: exact event counts, time
# order, balanced call graphs, report overheads adding to 100%.
[ -r /tests/guest/lib.sh ] && . /tests/guest/lib.sh

T=/sys/kernel/tracing
WORKLOADS=${WORKLOADS:-/tests/guest/workloads}
N=100

r_ok() { echo "ok - $*"; }
r_fail() { echo "not ok - $*"; }
r_check() { d=$1; shift; if "$@"; then r_ok "$d"; else r_fail "$d"; fi; }
r_skip() { echo "ok - $1 # SKIP $2"; }
r_diag() { sed 's/^/# /'; }

[ "$(id -u)" -eq 0 ] || { r_skip "perf ftrace show/report" "not root"; exit 0; }
[ -e $T/trace ] || { r_skip "perf ftrace show/report" "no tracefs"; exit 0; }
if ! perf ftrace show -h 2>&1 | grep -q 'perf ftrace show'; then
	r_fail "perf has ftrace show"
	exit 0
fi
if [ ! -x "$WORKLOADS/getppid-loop" ]; then
	r_skip "perf ftrace show/report" "no getppid-loop workload"
	exit 0
fi

# the traceable getppid function, and the names kallsyms has for its address
fn=$(grep -E '^(__x64_sys_getppid|__do_sys_getppid|sys_getppid)$' \
	$T/available_filter_functions | head -1)
[ -n "$fn" ] || { r_skip "perf ftrace show/report" "no traceable getppid"; exit 0; }
addr=$(grep " $fn\$" /proc/kallsyms | head -1 | cut -d' ' -f1)
names=$(grep "^$addr [tT] " /proc/kallsyms | cut -d' ' -f3 | tr '\n' '|')
names="(${names%|})"
echo "# tracing $fn, known as $names"

# timestamps in show output never go backwards
time_ordered() {
	awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) {
		t = $i; sub(":", "", t); t += 0
		if (t < last) { print "backwards at line " NR ": " $0; bad = 1 }
		last = t; break } } END { exit bad }' "$1"
}

# every task's call graph has as many '{' as '}'
balanced() {
	awk '/funcgraph_(entry|exit)/ {
		task = $1
		if ($0 ~ /\(\) \{$/) opens[task]++
		if ($0 ~ /\} \/\*/) closes[task]++
		seen[task] = 1 }
	END { for (t in seen) if (opens[t] != closes[t]) {
		print t ": " opens[t] " entries, " closes[t] " exits"; bad = 1 }
		exit bad }' "$1"
}

# overheads add up to 100 (each value is rounded to 0.01)
sum_100() {
	awk '/^ *[0-9.]+%/ { s += $1; n++ }
	END { tol = 0.1; if (n * 0.005 > tol) tol = n * 0.005
		printf "# overhead sum %.2f over %d lines\n", s, n
		exit !(s > 100 - tol && s < 100 + tol) }' "$1"
}

# --- function tracer -----------------------------------------------------
timeout 400 perf ftrace record -t function -T "$fn" -o func \
	"$WORKLOADS/getppid-loop" $N </dev/null >frec.out 2>frec.err
r_check "record function of getppid-loop $N" test $? -eq 0
perf ftrace show -i func.dir >fshow.out 2>fshow.err
r_check "show function exits 0" test $? -eq 0
head -5 fshow.out | r_diag
n=$(grep -Ec "function: +$names <-- " fshow.out)
r_check "show has exactly $N '$fn <-- parent' lines ($n)" test "$n" -eq $N
r_check "show function timestamps do not go backwards" time_ordered fshow.out
perf ftrace report -i func >freport.out 2>freport.err
r_check "report function exits 0" test $? -eq 0
grep -q "^# Samples: $N of event 'ftrace:function'" freport.out
r_check "report function has $N samples" test $? -eq 0
r_check "report function overheads add to 100%" sum_100 freport.out
grep '%' freport.out | head -5 | r_diag

# --- function_graph ----------------------------------------------------
timeout 400 perf ftrace record -G "$fn" -o graph "$WORKLOADS/getppid-loop" $N \
	</dev/null >rec.out 2>rec.err
r_check "record function_graph of getppid-loop $N" test $? -eq 0
r_diag <rec.err

perf ftrace show -i graph >show.out 2>show.err
r_check "show function_graph exits 0" test $? -eq 0
r_diag <show.err
head -20 show.out | r_diag
calls=$(grep -Ec "funcgraph_entry: .*  $names\(\)" show.out)
r_check "show has exactly $N calls of $fn ($calls)" test "$calls" -eq $N
r_check "show timestamps do not go backwards" time_ordered show.out
r_check "show call graph balanced per task" balanced show.out
r_check "show has no lost events" test "$(grep -c 'LOST' show.out)" -eq 0
grep -Eq "  $names(\(\);|\(\) \{)\$" show.out
r_check "show resolves $fn from the recorded kallsyms" test $? -eq 0
grep -q '^ *getppid-loop-[0-9]* *\[' show.out
r_check "show names the task from the saved cmdlines" test $? -eq 0

perf ftrace report -i graph -n >report.out 2>report.err
r_check "report function_graph exits 0" test $? -eq 0
r_diag <report.err
grep -v '^# \(event\|missing\|cpu\|sibling\|CPU\|node\|core\)' report.out | head -30 | r_diag
r_check "report overheads add to 100%" sum_100 report.out
grep -Eq "^ *[0-9.]+% +$N +getppid-loop +\[kernel\.kallsyms\] +\[k\] $names\$" report.out
r_check "report has $fn with $N calls" test $? -eq 0
for h in 'captured on' hostname 'os release' 'perf version' arch nrcpus cpudesc \
	 'total memory' cmdline; do
	grep -q "^# $h" report.out || echo "missing '# $h'"
done >hdr.miss
r_check "report header has the perf report fields" test ! -s hdr.miss
r_diag <hdr.miss
grep -q "^# Samples: [0-9]* of event 'ftrace:funcgraph_exit'" report.out
r_check "report Samples line" test $? -eq 0

# perf report's options, on perf's hists: exact calls, call graphs, totals.
# The calls of $fn as show prints them, under the kernel's name for it.
calls_of_fn() { grep -E "(  $names\(\);|/\* $names \*/)\$" "$@"; }
kname=$(calls_of_fn show.out | head -1 | grep -Eo "$names" | tail -1)
perf ftrace report -i graph -n -q -s sym --symbols "$kname" >sym.out 2>&1
grep -Eq "^ *[0-9.]+% +$N +\[k\] $kname\$" sym.out
r_check "report -n --symbols $kname: exactly $N calls" test $? -eq 0
r_diag <sym.out
shown_ns=$(calls_of_fn show.out |
	sed -E 's/.*: +[+!#*@$]? *([0-9]+)\.([0-9]{3}) us \|.*/\1\2/' |
	awk '{ n += $1 } END { printf "%d", n }')
# What the call graph puts under $fn, by the raw fields of the events
# (report -D): its calls' durations, less the interrupts inside them that
# the kernel printed before their entries (6.12) or beside them, before
# their exits (6.1), plus those it printed in them after their return
# times (6.12).  Interrupts are the calls at depth 1 while no call of $fn
# is open, and those at depth 0 while one is.
perf ftrace report -i graph -D >dump.out 2>&1
dump_rc=$?
awk -v fn="$kname" '
BEGIN { n = 0 }
# report -D prints the times as their print fmt does (%llx, no 0x); a field
# it prints raw has 0x
function hex(s,   i, n) {
	n = 0; s = tolower(s)
	if (substr(s, 1, 2) == "0x")
		s = substr(s, 3)
	for (i = 1; i <= length(s); i++)
		n = n * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
	return n
}
/^0x[0-9a-f]+ \[cpu/ { is_exit = index($0, "ftrace:funcgraph_exit") > 0; next }
/^   func=/ {
	f = d = ct = rt = ""
	for (i = 1; i <= NF; i++) {
		split($i, kv, "=")
		if (kv[1] == "func") f = kv[2]
		else if (kv[1] == "depth") d = kv[2] + 0
		else if (kv[1] == "calltime") ct = hex(kv[2])
		else if (kv[1] == "rettime") rt = hex(kv[2])
	}
	if (d == 0 && f == fn && !is_exit) { open = 1; next }
	if (d == 0 && f == fn) {
		total += rt - ct; under += rt - ct
		for (j = 0; j < n; j++) {
			if (kd[j] == 1 && !ko[j] && kc[j] >= ct)
				under -= kt[j]
			else if (kd[j] == 1 && ko[j] && kc[j] >= rt)
				under += kt[j]
			else if (kd[j] == 0 && ko[j] && kc[j] < rt)
				under -= kt[j]
		}
		n = 0; open = 0
	} else if (is_exit && d <= 1) {
		kd[n] = d; ko[n] = open; kc[n] = ct; kt[n] = rt - ct; n++
	}
}
END { printf "%.0f %.0f\n", total, under }' dump.out >under.fn
perf ftrace report -i graph -q --children -s sym -t , >children.out 2>&1
children=$(awk -F, -v f="[k] $kname" 'index($NF, f) == 1 { sub(/%/, "", $1); print $1 + 0 }' children.out)
count=$(awk '/^# Event count/ { print $NF }' report.out)
read -r raw_ns under_ns <under.fn
awk -v c="$children" -v s="$under_ns" -v t="$count" \
	'BEGIN { d = c - 100 * s / t; exit !(t > 0 && d < 0.01 && d > -0.01) }'
r_check "report --children of $kname ($children%) is the time show gives its $N calls ($shown_ns ns, raw $raw_ns) with the interrupts the kernel nests in them ($under_ns of $count ns)" \
	test $? -eq 0 -a "$raw_ns" = "$shown_ns"
perf ftrace report -i graph --stdio -g caller >callgraph.out 2>&1
r_check "report -g exits 0" test $? -eq 0
grep -q -- "---$kname\$" callgraph.out
r_check "report -g: the call graph starts at $kname" test $? -eq 0

perf ftrace report -i graph --weight=total -s pid,cpu,symbol >total.out 2>&1
r_check "report --weight=total -s pid,cpu,symbol" test $? -eq 0
r_check "report --weight=total adds to 100%" sum_100 total.out
perf ftrace report -i graph --weight=count >count.out 2>&1
r_check "report --weight=count adds to 100%" sum_100 count.out
r_check "report -D exits 0" test $dump_rc -eq 0
r_check "report -D dumps $N+ entries" test "$(grep -c 'ftrace:funcgraph_entry' dump.out)" -ge $N

# -C: only the given CPU
perf ftrace show -i graph -C 0 >cpu0.out 2>&1
r_check "show -C 0 exits 0" test $? -eq 0
r_check "show -C 0 shows only CPU 0" test "$(grep -v '^CPU:0 ' cpu0.out | grep -vc '\[000\]')" -eq 0

# --- profile: the kernel's durations, as show prints them ------------------
# fn's calls at depth 0 (-G "$fn"): a leaf line, or the closing brace.
# show is judged against the kernel's own trace output elsewhere.
# busybox awk reads "030" as octal: put a 1 in front of the decimals
us_ns='function us_ns(d) { return d[1] * 1000 + ("1" d[2]) - 1000 }'
awk -v fn="$fn" "$us_ns"'index($0, "|  " fn "();") || index($0, "|  } /* " fn " */") {
	if (match($0, /[0-9]+\.[0-9]+ us/)) {
		split(substr($0, RSTART, RLENGTH - 3), d, ".")
		ns = us_ns(d); n++; t += ns; if (ns > m) m = ns
	} } END { printf "%d %d %d\n", n, t, m }' show.out >show.fn
perf ftrace profile -i graph >profile.out 2>profile.err
r_check "profile -i exits 0" test $? -eq 0
r_diag <profile.err
head -5 profile.out | r_diag
awk -v fn="$fn" "$us_ns"'$5 == fn { split($1, t, "."); split($3, m, ".")
	printf "%d %d %d\n", $4, us_ns(t), us_ns(m) }' profile.out >profile.fn
echo "show: $(cat show.fn) / profile: $(cat profile.fn) (calls, total ns, max ns)" | r_diag
r_check "profile -i: $N calls of $fn, their total and longest time as show's" \
	test "$(cat show.fn)" = "$(cat profile.fn)" -a "$(cut -d' ' -f1 profile.fn)" = $N
perf ftrace latency -i graph -T "$fn" -n >latency.out 2>latency.err
r_check "latency -i exits 0" test $? -eq 0
r_diag <latency.err
awk '/total time:/ { t = $3 } /max time:/ { m = $3 } /count:/ { n = $2 }
	END { printf "%d %d %d\n", n, t, m }' latency.out >latency.fn
r_check "latency -i -n: $N calls of $fn, their total and longest time as show's" \
	test "$(cat show.fn)" = "$(cat latency.fn)"
timeout 400 perf ftrace profile -G "$fn" -T "$fn" "$WORKLOADS/getppid-loop" $N \
	</dev/null >liveprof.out 2>liveprof.err
r_check "profile of getppid-loop $N exits 0" test $? -eq 0
r_diag <liveprof.err
r_check "profile counts exactly $N calls of $fn" \
	test "$(awk -v fn="$fn" '$5 == fn { print $4 }' liveprof.out)" = $N
r_check "profile leaves no recording behind" test -z "$(ls -d /tmp/perf-ftrace-profile-* 2>/dev/null)"

# A system-wide call graph, for convert on the host (tests/check-convert.sh).
timeout 400 perf ftrace record -a -o system "$WORKLOADS/getppid-loop" $N \
	</dev/null >sysrec.out 2>sysrec.err
r_check "record -a function_graph of getppid-loop $N" test $? -eq 0
r_diag <sysrec.err

# The idle tasks, by the name show prints (<idle>) and by perf's (swapper).
perf ftrace report -i system --stdio -q -s pid --comms '<idle>' >idle.out 2>idle.err
r_check "report --comms '<idle>' selects the idle tasks, and only them" \
	test -s idle.out -a "$(grep -v ' 0:swapper *$' idle.out | grep -c .)" -eq 0
perf ftrace report -i system --stdio -q -s pid --comms swapper >swapper.out 2>swapper.err
r_check "--comms '<idle>' is --comms swapper" cmp -s idle.out swapper.out

# Leave the recordings and what show and report made of one for the host,
# which decodes it again without root (tests/compare-host-decode.sh).
if [ -d /results ] && [ -w /results ]; then
	mkdir -p /results/guest-recording
	cp -r func.dir graph.dir system.dir show.out report.out /results/guest-recording/
fi

# --- a damaged copy fails cleanly ------------------------------------------
cp -r func.dir broken.dir
for f in broken.dir/trace-cpu*.buf; do
	[ -s "$f" ] || continue
	printf '\377\377\377\377' | dd of="$f" bs=1 seek=8 conv=notrunc 2>/dev/null
	break
done
perf ftrace report -i broken >/dev/null 2>broken.err
st=$?
good=1
[ $st -ne 0 ] || good=0
[ $st -lt 128 ] || [ $st -eq 255 ] || good=0
[ "$(wc -l <broken.err)" -eq 1 ] || good=0
grep -q 'trace-cpu[0-9]*\.buf: offset 8 ' broken.err || good=0
r_check "damaged buffer: non-zero exit, one line naming the file (status $st)" \
	test $good -eq 1
r_diag <broken.err
exit 0
