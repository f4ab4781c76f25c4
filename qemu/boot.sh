#!/bin/bash
# boot.sh MODE KERNEL INITRD RESULTS [VARIANT]
# Boot the guest under QEMU.  MODE is passed to the guest's init (run, test,
# shell or probe).  SHARE (default: cwd) and RESULTS are shared over 9p;
# the guest leaves its exit status in RESULTS/exit-status.  TIMEOUT seconds
# (not for shell) bound the whole run: a guest that hangs fails it.  SMP
# vCPUs (default 4).
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

mode=$1
kernel=$2
initrd=$3
results=$4
variant=${5:-default}
share=${SHARE:-$PWD}
timeout=${TIMEOUT:-900}
cpus=${SMP:-4}
accel=$("$REPO/qemu/pick-accel.sh" "$kernel" "$initrd")
# Multi-threaded TCG (QEMU 7.2) can leave a guest trapping on ftrace's
# int3 patch sites for good while it rewrites the kernel text; one thread
# for the four vCPUs does not, and costs little here (TCG_THREAD=multi
# tries it again: on 2026-12-07 a guest died in its first system-wide
# function_graph recording).
[ "$accel" != tcg ] || accel=tcg,thread=${TCG_THREAD:-single}

rm -f "$results/exit-status"
mkdir -p "$results"
append="console=ttyS0 panic=-1 oops=panic harness.mode=$mode harness.variant=$variant harness.cpus=$cpus"
[ "$mode" = test ] || append="$append quiet"

qemu=(
	qemu-system-x86_64 -accel "$accel" -cpu max -smp "$cpus" -m 2048
	-kernel "$kernel" -initrd "$initrd" -append "$append" -no-reboot
	-fsdev "local,id=share,path=$share,security_model=none"
	-device "virtio-9p-pci,fsdev=share,mount_tag=share"
	-fsdev "local,id=results,path=$results,security_model=none"
	-device "virtio-9p-pci,fsdev=results,mount_tag=results"
)

if [ "$mode" = shell ]; then
	exec "${qemu[@]}" -nographic
fi

set +e
timeout -k 5 "$timeout" "${qemu[@]}" -display none -monitor none \
	-serial stdio </dev/null
status=$?
set -e
if [ $status -eq 124 ] || [ $status -eq 137 ]; then
	die "guest did not finish within ${timeout}s"
fi
[ -s "$results/exit-status" ] ||
	die "guest stopped without reporting a result (qemu exit $status)"
exit "$(cat "$results/exit-status")"
