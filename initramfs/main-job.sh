#!/bin/sh
# The guest's default job for "make run": perf ftrace on a short workload.
set -x
perf ftrace sleep 1 | head -60
