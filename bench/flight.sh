#!/bin/sh
# flight.sh [REPS [KB]]: in the guest, the flight recorder's cost: a
# workload under the function tracer system-wide at KB KiB a CPU (4096),
# alone (an instance set up by hand, nobody reading it) and under
# 'perf ftrace record --overwrite -m KB -a', in turn REPS times (3), and
# the time a SIGUSR2 save takes (perf ftrace record -v says it).  Prints
# "alone S" and "overwrite S" per round, and "save MS" per save.
#   scripts/run-in-guest.sh KERNEL INITRD 'sh bench/flight.sh'
T=/sys/kernel/tracing
W=/tests/guest/workloads/phases
reps=${1:-3}
kb=${2:-4096}
cd /tmp || exit 1
now() { cut -d' ' -f1 /proc/uptime; }
run_w() {
	s=$(now); $W 1 100000 100000; e=$(now)
	echo "$s $e" | awk '{ printf "%.2f\n", $2 - $1 }'
}
echo nop >$T/current_tracer
i=0
while [ $i -lt "$reps" ]; do
	mkdir $T/instances/bench
	echo $kb >$T/instances/bench/buffer_size_kb
	echo function >$T/instances/bench/current_tracer
	echo 1 >$T/instances/bench/tracing_on
	echo "alone $(run_w)"
	echo 0 >$T/instances/bench/tracing_on
	echo nop >$T/instances/bench/current_tracer
	rmdir $T/instances/bench
	perf ftrace record --overwrite -m ${kb}K -t function -a -o ow \
		sh -c "s=\$(cut -d' ' -f1 /proc/uptime); $W 1 100000 100000; e=\$(cut -d' ' -f1 /proc/uptime); echo \"\$s \$e\" >ow.time" \
		>/dev/null 2>&1
	echo "overwrite $(awk '{ printf "%.2f\n", $2 - $1 }' ow.time)"
	rm -rf ow.dir ow.old.dir
	i=$((i + 1))
done
perf ftrace record -v --overwrite --switch-output -m ${kb}K -t function -a -o sv \
	>/dev/null 2>sv.err &
pid=$!
sleep 10
for j in 1 2 3; do
	kill -USR2 $pid
	sleep 3
done
kill -INT $pid
wait $pid
sed -n 's/^saved in \([0-9.]*\) ms$/save \1/p' sv.err
rm -rf sv.*.dir
