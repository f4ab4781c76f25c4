#!/bin/bash
# build-kernel.sh NAME FRAGMENT...
# Build bzImage from the patched tree into $BUILD/kernel-NAME, configured as
# tinyconfig plus the given fragments.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

name=$1
shift
out=$BUILD/kernel-$name
mkdir -p "$out" "$CCACHE_DIR"
kmake() {
	make -C "$TREE" O="$out" ARCH=x86_64 CC="ccache gcc" \
		KBUILD_BUILD_TIMESTAMP="2026-01-01" KBUILD_BUILD_USER=harness \
		KBUILD_BUILD_HOST=harness "$@"
}

step "configuring kernel '$name': tinyconfig + ${*##*/}"
kmake -s tinyconfig >/dev/null
"$TREE"/scripts/kconfig/merge_config.sh -m -O "$out" "$out/.config" "$@" >/dev/null
kmake -s olddefconfig >/dev/null
"$REPO"/scripts/check-config.sh "$out/.config" "$@"

step "building kernel '$name' (-j$JOBS)"
kmake -s -j"$JOBS" bzImage >"$out/build.log" 2>&1 || {
	tail -40 "$out/build.log" >&2
	die "kernel '$name' failed to build (log: $out/build.log)"
}
echo "$out/arch/x86/boot/bzImage"
