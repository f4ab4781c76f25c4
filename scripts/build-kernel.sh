#!/bin/bash
# build-kernel.sh NAME FRAGMENT...
# Build bzImage from $TREE (the patched tree by default) into
# $BUILD/kernel-NAME, configured as tinyconfig plus the given fragments.
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

# The kernel is made of the tarball, the files that the applied patches
# change outside tools/, which the kernel is not built from (those a patch
# names have a backup directory in .pc; an unpatched tree has none), the
# fragments, this script and the compiler: a bzImage built from the same
# inputs comes out of the cache, built once per machine.
kernel_inputs() {
	local file
	sed 's/ [^ ]*$//' "$TREE/.harness-stamp"
	[ ! -d "$TREE/.pc" ] || (cd "$TREE/.pc" && find . -mindepth 2 -type f ! -name .timestamp | cut -d/ -f3- |
		grep -v '^tools/' | sort -u) | while read -r file; do
		echo "== $file"
		cat "$TREE/$file" 2>/dev/null || echo "(removed)"
	done
	for file in "$@" "$0" "$REPO/scripts/check-config.sh"; do
		echo "== ${file##*/}"
		cat "$file"
	done
	gcc --version | head -1
	ld --version | head -1
}

cached=
if [ -n "$KERNEL_CACHE" ] && [ -f "$TREE/.harness-stamp" ]; then
	cached=$KERNEL_CACHE/$(kernel_inputs "$@" | sha256sum | cut -c1-16)
	if [ -f "$cached/bzImage" ]; then
		step "kernel '$name' from $cached"
		mkdir -p "$out/arch/x86/boot"
		cp "$cached/config" "$out/.config"
		cp "$cached/build.log" "$out/build.log"
		cp "$cached/bzImage" "$out/arch/x86/boot/bzImage"
		touch "$cached"
		echo "$out/arch/x86/boot/bzImage"
		exit 0
	fi
fi

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
# Into the cache through a temporary directory, so that a run beside this
# one sees a whole entry or none; only the newest entries are kept.
if [ -n "$cached" ]; then
	mkdir -p "$KERNEL_CACHE"
	tmp=$(mktemp -d "$KERNEL_CACHE/.tmp-XXXXXX")
	cp "$out/.config" "$tmp/config"
	cp "$out/build.log" "$tmp/build.log"
	cp "$out/arch/x86/boot/bzImage" "$tmp/bzImage"
	mv -T "$tmp" "$cached" 2>/dev/null || rm -rf "$tmp"
	# shellcheck disable=SC2012 # names are hex
	ls -1t "$KERNEL_CACHE" | tail -n +$((KERNEL_CACHE_KEEP + 1)) |
		sed "s|^|$KERNEL_CACHE/|" | xargs -r rm -rf
fi
echo "$out/arch/x86/boot/bzImage"
