#!/bin/sh
# The guest's default job for "make run": stream a workload's kernel
# functions, record the whole system around a short workload into the
# shared directory, and report on the recording.
set -x
perf ftrace live sleep 1 | head -60
perf ftrace record -a -t function -o perf.data -- sleep 1
perf ftrace report -i perf.data | head -40
