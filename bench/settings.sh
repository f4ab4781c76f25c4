# Settings of make bench, each overridable from the environment; sourced.
# shellcheck shell=bash
BENCH=${BENCH:-$BUILD/bench}
REPS=${REPS:-3}                 # repetitions in Part 1
LOOPS=${LOOPS:-2000}            # pipe round trips per CPU of the workload
BIG_KB=${BIG_KB:-4096}          # per-CPU buffer of Part 1
SMALL_KB=${SMALL_KB:-1024 256}  # the smaller ones, where losses appear
# Part 2's scaling: recordings of about 3x10^5, 10^6 and 10^7 events
# (the workload's start and exit alone make some 2x10^5)
SCALE_LOOPS=${SCALE_LOOPS:-500 5000 50000}
GOAL_ROUNDS=${GOAL_ROUNDS:-5}  # tracer alone and perf record in turn, one boot
MANY_CPUS=${MANY_CPUS:-64}      # the many-CPU guest's vCPUs
MANY_KB=${MANY_KB:-$BIG_KB}     # its per-CPU buffer
MANY_LOOPS=${MANY_LOOPS:-200}   # its round trips per CPU
RUNS=${RUNS:-3}                 # timed runs per decoder in Part 2
GUEST_TIMEOUT=${GUEST_TIMEOUT:-240}
