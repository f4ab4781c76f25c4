#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Build the libFuzzer target for the ftrace buffer decoder from a patched
# tree, with the tree's libtraceevent compiled in (instrumented too).
#   build.sh <linux tree> [<outdir>]
set -e
TREE=${1:?usage: build.sh <linux tree> [<outdir>]}
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${2:-$HERE/out}
CC=${CC:-clang-14}
command -v "$CC" >/dev/null || CC=clang
mkdir -p "$OUT"
LIB=$TREE/tools/lib/traceevent
FLAGS="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
 -fno-omit-frame-pointer -D_GNU_SOURCE -I$TREE/tools/lib -I$TREE/tools/perf \
 -I$TREE/tools/include -Wno-unused-parameter"
$CC $FLAGS -o "$OUT/fuzz_ftrace_buf" \
	"$HERE/fuzz_ftrace_buf.c" \
	"$TREE/tools/perf/util/ftrace-buf.c" \
	"$LIB/event-parse.c" "$LIB/event-parse-api.c" "$LIB/kbuffer-parse.c" \
	"$LIB/trace-seq.c" "$LIB/parse-utils.c" "$LIB/parse-filter.c" \
	"$LIB/event-plugin.c" "$LIB/tep_strerror.c" -ldl
echo "$OUT/fuzz_ftrace_buf"
