#!/bin/bash
# pick-accel.sh KERNEL INITRD
# Print "kvm" if a guest really boots with KVM here, else "tcg".  /dev/kvm
# may exist while nested virtualisation hangs, so probe with a short boot
# and remember the answer for this build directory.
set -uo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

cache=$BUILD/accel
[ -s "$cache" ] && { cat "$cache"; exit 0; }
accel=tcg
if [ -w /dev/kvm ] && [ "${HARNESS_ACCEL:-}" != tcg ]; then
	probe=$(mktemp -d)
	timeout -k 2 15 qemu-system-x86_64 -accel kvm -smp 1 -m 256 \
		-kernel "$1" -initrd "$2" -no-reboot -display none \
		-monitor none -serial none \
		-append "console=ttyS0 panic=-1 quiet harness.mode=probe" \
		-fsdev "local,id=results,path=$probe,security_model=none" \
		-device "virtio-9p-pci,fsdev=results,mount_tag=results" \
		-fsdev "local,id=share,path=$probe,security_model=none" \
		-device "virtio-9p-pci,fsdev=share,mount_tag=share" \
		</dev/null >/dev/null 2>&1
	[ -s "$probe/exit-status" ] && accel=kvm
	rm -rf "$probe"
fi
echo "$accel" | tee "$cache"
