#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Build and run the ftrace buffer decoder fuzzer for a bounded time.
#   run.sh <patched linux tree> [<seconds, default 60>]
set -e
TREE=${1:?usage: run.sh <patched linux tree> [seconds]}
SECS=${2:-60}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=${WORK:-$(mktemp -d)}
BIN=$("$HERE/build.sh" "$TREE" "$WORK" | tail -1)
python3 "$HERE/gen-corpus.py" "$WORK/seeds"
mkdir -p "$WORK/corpus"
"$BIN" -max_total_time="$SECS" -timeout=10 -rss_limit_mb=1024 \
	-print_final_stats=1 "$WORK/corpus" "$WORK/seeds" 2>&1 | tee "$WORK/fuzz.log" | \
	grep -E "^(INFO: seed|#[0-9]+ *(INITED|DONE))|Done [0-9]+ runs|stat::|ERROR|SUMMARY" || true
if grep -q "ERROR: \|SUMMARY: " "$WORK/fuzz.log"; then
	echo "fuzz: FAILED, see $WORK/fuzz.log (crash-* files in $(pwd))"
	exit 1
fi
echo "fuzz: ok, log and corpus in $WORK"
