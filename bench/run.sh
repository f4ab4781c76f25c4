#!/bin/bash
# run.sh KERNEL INITRD
# make bench: Part 1 records in the guest, Part 2 decodes on the host, then
# the tables and $BENCH/results.json.  Settings: bench/settings.sh.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"
. "$REPO/bench/settings.sh"

start=$SECONDS
step "bench part 1: recording in the guest (log: $BENCH/guest.log)"
"$REPO/bench/record.sh" "$1" "$2"
step "bench part 2: decoding on the host"
"$REPO/bench/decode.sh" >/dev/null
python3 "$REPO/bench/summarize.py" "$BENCH" "$BIG_KB"
echo "make bench took $((SECONDS - start)) s"
