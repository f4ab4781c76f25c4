#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Build the libFuzzer target over a whole recording (fuzz_recording.c):
# the patched perf built by scripts/build-perf.sh with clang, ASan and
# UBSan, linked around the target with perf's main() renamed away.  It
# links the system libtraceevent, as perf does: the tree's older copy has
# bugs that 1.7.1 fixed (a use after free on a bad field line) and would
# send the fuzzer after them.  libtraceevent is not instrumented: ASan sees
# its heap use through malloc, free and the string functions only.
#   build.sh <linux tree> <outdir>
set -e
TREE=$(cd "${1:?usage: build.sh <linux tree> <outdir>}" && pwd)
OUT=${2:?usage: build.sh <linux tree> <outdir>}
mkdir -p "$OUT" && OUT=$(cd "$OUT" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
CC=clang-14
command -v "$CC" >/dev/null || CC=clang
# perf reads packed records from files and mmaps at any offset: unaligned
# loads are its normal business on x86, not a finding
SAN="-g -fsanitize=address,undefined -fno-sanitize=alignment -fno-sanitize-recover=undefined -fno-omit-frame-pointer"

PERF_CC="$CC $SAN -fsanitize=fuzzer-no-link" \
	"$HERE/../../scripts/build-perf.sh" "$TREE" "$OUT/perf" >/dev/null
objcopy --redefine-sym main=perf_main "$OUT/perf/perf-in.o" "$OUT/perf-in.o"
P=$OUT/perf
$CC $SAN -fsanitize=fuzzer -o "$OUT/fuzz_recording" -D_GNU_SOURCE \
	-I"$TREE/tools/perf" -I"$TREE/tools/perf/util/include" -I"$TREE/tools/include" \
	-I"$TREE/tools/arch/x86/include" -I"$TREE/tools/lib" \
	-I"$TREE/tools/lib/perf/include" "$HERE/fuzz_recording.c" \
	"$OUT/perf-in.o" "$P/pmu-events/pmu-events-in.o" \
	-Wl,--whole-archive "$P/libapi.a" "$P/libsubcmd.a" \
	"$P/libperf.a" -Wl,--no-whole-archive -ltraceevent \
	-lelf -ldw -lslang -lpthread -lrt -lm -ldl -lz
echo "$OUT/fuzz_recording"
