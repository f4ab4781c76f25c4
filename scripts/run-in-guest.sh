#!/bin/bash
# run-in-guest.sh KERNEL INITRD COMMAND
# Boot the guest, run COMMAND there with SHARE as its working directory,
# and exit with COMMAND's exit status.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

mkdir -p "$BUILD/results"
results=$(mktemp -d "$BUILD/results/run.XXXXXX")
trap 'rm -rf "$results"' EXIT
printf '%s\n' "$3" >"$results/cmd"
status=0
TIMEOUT=${TIMEOUT:-3600} "$REPO/qemu/boot.sh" run "$1" "$2" "$results" || status=$?
# make turns any failure into its own status 2, so say which it was.
[ $status -eq 0 ] || echo "guest command exited with status $status" >&2
exit $status
