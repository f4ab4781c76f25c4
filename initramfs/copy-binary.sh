#!/bin/bash
# copy-binary.sh ROOT BINARY [DEST]
# Copy an ELF binary into ROOT (at DEST, default its own path), together
# with exactly the shared libraries it loads.
set -euo pipefail

root=$1
bin=$2
dest=${3:-$bin}
install -D -m 0755 "$bin" "$root$dest"
ldd "$bin" 2>/dev/null | grep -oE '/[^ ]+' | while read -r lib; do
	[ -e "$root$lib" ] || install -D -m 0755 "$(readlink -f "$lib")" "$root$lib"
done
