#!/bin/sh
# perf ftrace record -a on a guest with many CPUs (run-tests.sh boots one
# with MANY_CPUS): one getppid loop pinned to each CPU, recorded
# system-wide.  The recording must have a file for every CPU, show must
# merge the events of every CPU in time order, and every call of every
# loop must be there.
. /tests/guest/lib.sh

cpus=${HARNESS_CPUS:-4}
calls=200
loop=/tests/guest/workloads/getppid-loop

check "guest sees $cpus CPUs" \
	[ "$(cat /sys/devices/system/cpu/online)" = "0-$((cpus - 1))" ]

cat >workload.sh <<SH
c=0
while [ \$c -lt $cpus ]; do
	taskset -c \$c $loop $calls &
	c=\$((c + 1))
done
wait
SH

start=$(cut -d' ' -f1 /proc/uptime)
perf ftrace record -a -t function -T __do_sys_getppid -o many -- \
	sh workload.sh >record.out 2>&1
status=$?
end=$(cut -d' ' -f1 /proc/uptime)
echo "# record -a on $cpus CPUs took $(echo "$start $end" | awk '{ print $2 - $1 }') s"
diag <record.out
check "record -a on $cpus CPUs exits 0" [ $status -eq 0 ]

files=$(ls many.dir | grep -c '^trace-cpu[0-9]*\.buf$')
missing=$(c=0; while [ $c -lt $cpus ]; do
	[ -f many.dir/trace-cpu$c.buf ] || echo $c; c=$((c + 1)); done | tr "\n" " ")
check "one buffer file per CPU ($files of $cpus${missing:+, none for $missing})" \
	[ "$files" -eq "$cpus" -a -z "$missing" ]

perf ftrace show -i many >show.out 2>show.err
status=$?
diag <show.err
quiet=1
[ $status -ne 0 ] || ! silent show.err || quiet=0
check "show reads the $cpus-CPU recording" test $quiet -eq 0

# "comm-pid [cpu] seconds: event: details": the loops' calls per CPU
# (without the leading zeros, which busybox awk reads as octal).
awk '/: function: +__do_sys_getppid/ && $1 ~ /^getppid-loop-/ {
	cpu = $2; gsub(/[][]/, "", cpu); sub(/^0+/, "", cpu); n[cpu + 0]++ }
	END { for (c in n) print c, n[c] }' show.out | sort -n >per-cpu
seen=$(grep -c '' per-cpu)
short=$(awk -v want=$calls '$2 != want' per-cpu | head -3 | tr '\n' ' ')
check "show has events from every CPU ($seen of $cpus)" [ "$seen" -eq "$cpus" ]
check "show has every loop's $calls calls on its CPU" [ -z "$short" ]
[ -z "$short" ] || echo "# CPU calls: $short"

# Time order across CPUs: the seconds field never goes back.
back=$(awk '{ for (i = 2; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) {
		t = substr($i, 1, length($i) - 1) + 0
		if (t < last) { print NR ": " $0; exit }
		last = t; break } }' show.out)
check "show's timestamps never go back across $cpus CPUs" [ -z "$back" ]
[ -z "$back" ] || echo "# line $back"
