#!/bin/bash
# A guest that does not finish within its timeout fails the run.
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
. "$here/scripts/lib.sh"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

start=$(date +%s)
SHARE=$scratch TIMEOUT=30 "$here/scripts/run-in-guest.sh" \
	"$BUILD/kernel-debug/arch/x86/boot/bzImage" "$BUILD/initramfs.cpio.gz" \
	"sleep 600" >"$scratch/out" 2>&1
status=$?
took=$(($(date +%s) - start))
if [ $status -ne 0 ] && grep -q "did not finish within 30s" "$scratch/out" && [ $took -lt 120 ]; then
	echo "ok - a hung guest fails the run after its timeout (${took}s)"
else
	tail -5 "$scratch/out" | sed 's/^/# /'
	echo "not ok - a hung guest fails the run after its timeout (exit $status, ${took}s)"
fi
