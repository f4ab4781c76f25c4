# Settings of make bench, each overridable from the environment; sourced.
# shellcheck shell=bash
BENCH=${BENCH:-$BUILD/bench}
# What Part 1 runs, in this order (bench/record.sh): function (the function
# tracer's tables and the recording Part 2 decodes), scale (Part 2's
# scaling), goal (perf record and the tracer alone in turn), cpus (the
# many-CPU guest), graph (function_graph), idle (graph's idle rows alone,
# not in the default: graph runs them), flight (record --overwrite against
# the tracer alone, and its saves); BENCH_PARTS=graph alone, say.
BENCH_PARTS=${BENCH_PARTS:-function scale goal cpus graph flight}
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
# function_graph's rows, TARGET-KB: pid (the workload and its children),
# all (the whole system) or idle (the whole system around `sleep 1`, perf
# and trace-cmd record only), at KB KiB per CPU or each tool's default buffer.
# pid-32768: trace-cmd loses some at its default, and at 16 MiB in 1 of 5
# boots (2026-12-08); the recorders' goals are judged where neither loses
# (summarize.py)
GRAPH_ROWS=${GRAPH_ROWS:-pid-default pid-32768 all-4096 all-1024 idle-default idle-1024}
# ... and perf record -a alone at these sizes too: with the rows' all-KB,
# the sweep for the smallest buffer that loses no event (64 KiB lost some
# on 2026-12-05, 32 and 16 KiB most)
GRAPH_SWEEP_KB=${GRAPH_SWEEP_KB:-2048 512 256 128 64}
RUNS=${RUNS:-3}                 # timed runs per decoder in Part 2
GUEST_TIMEOUT=${GUEST_TIMEOUT:-240}
