# Settings of make bench, each overridable from the environment; sourced.
# shellcheck shell=bash
BENCH=${BENCH:-$BUILD/bench}
REPS=${REPS:-3}                 # repetitions in Part 1
LOOPS=${LOOPS:-2000}            # pipe round trips per CPU of the workload
BIG_KB=${BIG_KB:-4096}          # per-CPU buffer of Part 1
SMALL_KB=${SMALL_KB:-1024}      # the smaller one, where losses appear
SMALL_LOOPS=${SMALL_LOOPS:-500} # Part 2's smallest recording (CPU 0 only)
HUGE_LOOPS=${HUGE_LOOPS:-0}    # its largest (20000: ~5e6 events); 0: none
RUNS=${RUNS:-3}                 # timed runs per decoder in Part 2
GUEST_TIMEOUT=${GUEST_TIMEOUT:-240}
