#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Build the recording fuzzer and run it for a bounded time, on the real
# recordings in seeds/, synthetic ones from ../host/mkrec.py and every
# input that ever crashed a decoder (crashes/).  libFuzzer runs in fork
# mode so that a crash does not end the run; it prints the runs and the
# crashes, and exits non-zero when there was one.  The fuzzer is built
# beside the tree (fuzz/), its corpus and findings go to WORK.
#   run.sh <patched linux tree> [<seconds, default 120>]
set -e
TREE=${1:?usage: run.sh <patched linux tree> [seconds]}
SECS=${2:-120}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=${WORK:-$(mktemp -d)}
mkdir -p "$WORK"
BIN=$("$HERE/build.sh" "$TREE" "$(dirname "$TREE")/fuzz" | tail -1)

mkdir -p "$WORK/seeds" "$WORK/corpus" "$WORK/crashes"
cp "$HERE"/seeds/*.rec "$WORK/seeds/"
cp "$HERE"/crashes/*.rec "$HERE"/open/*.rec "$WORK/seeds/" 2>/dev/null || true
for t in function function_graph; do
	python3 "$HERE/../host/mkrec.py" "$WORK/mk-$t.dir" --tracer $t --cpus 2 --iter 3
	python3 "$HERE/recording.py" pack "$WORK/mk-$t.dir" "$WORK/seeds/mkrec-$t.rec"
done

# perf leaks by design at exit, and libFuzzer's fork mode keeps the crashes
ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 \
UBSAN_OPTIONS=print_stacktrace=1 \
	nice -n 10 "$BIN" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
	-max_total_time="$SECS" -timeout=20 -rss_limit_mb=2048 -max_len=4000000 \
	-close_fd_mask=3 -artifact_prefix="$WORK/crashes/" \
	"$WORK/corpus" "$WORK/seeds" >"$WORK/fuzz.log" 2>&1 || true

last=$(grep -E '^#[0-9]+: cov:' "$WORK/fuzz.log" | tail -1)
runs=$(echo "$last" | sed -E 's/^#([0-9]+):.*/\1/')
crashes=$(ls "$WORK/crashes" | grep -c '^crash-\|^timeout-\|^oom-' || true)
echo "fuzz: ${runs:-0} runs in $SECS s, $crashes crashes ($last)"
if [ "$crashes" -gt 0 ]; then
	ls "$WORK"/crashes/* | sed 's/^/fuzz: /'
	echo "fuzz: FAILED, log in $WORK/fuzz.log; keep each crash in $HERE/crashes/ (see README)"
	exit 1
fi
echo "fuzz: ok, log and corpus in $WORK"
