#!/bin/bash
# make run CMD=... returns the command's exit status and shares the cwd.
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
. "$here/scripts/lib.sh"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

SHARE=$scratch "$here/scripts/run-in-guest.sh" \
	"$BUILD/kernel-debug/arch/x86/boot/bzImage" "$BUILD/initramfs.cpio.gz" \
	"echo hi >x; nproc >cpus; exit 3" >"$scratch/out" 2>&1
status=$?
if [ $status -eq 3 ]; then
	echo "ok - the guest command's exit status comes back (3)"
else
	tail -5 "$scratch/out" | sed 's/^/# /'
	echo "not ok - the guest command's exit status comes back (got $status)"
fi
if [ "$(cat "$scratch/x" 2>/dev/null)" = hi ]; then
	echo "ok - a file written in the guest is in the shared directory"
else
	echo "not ok - a file written in the guest is in the shared directory"
fi
