#!/bin/sh
# The guest booted the patched kernel with what the tests need.
. /tests/guest/lib.sh

check "guest sees 4 CPUs" [ "$(cat /sys/devices/system/cpu/online)" = 0-3 ]
check "tracefs is mounted" grep -q " $TRACEFS tracefs " /proc/mounts
for tracer in function function_graph; do
	check "tracer $tracer is available" \
		grep -qw "$tracer" $TRACEFS/available_tracers
done
