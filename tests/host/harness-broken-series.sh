#!/bin/bash
# A series that does not apply makes the tree preparation fail, loudly.
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# A tiny stand-in for the source tarball keeps this test quick.
mkdir -p "$scratch/src/linux-source-6.1"
echo "original line" >"$scratch/src/linux-source-6.1/README"
tar -cJf "$scratch/linux.tar.xz" -C "$scratch/src" linux-source-6.1
mkdir -p "$scratch/patches"
cat >"$scratch/patches/0001-broken.patch" <<'PATCH'
Subject: [PATCH] broken: change a line that is not there

--- a/README
+++ b/README
@@ -1 +1 @@
-a line this tree does not have
+a replacement
PATCH
echo 0001-broken.patch >"$scratch/patches/series"

BUILD=$scratch/build TARBALL=$scratch/linux.tar.xz SERIES_DIR=$scratch/patches \
	"$here/scripts/prepare-tree.sh" >"$scratch/out" 2>&1
status=$?
if [ $status -ne 0 ] && grep -q "series does not apply.*0001-broken.patch" "$scratch/out" &&
	[ ! -e "$scratch/build/linux" ]; then
	echo "ok - a patch that does not apply fails the build with a clear message"
else
	sed 's/^/# /' "$scratch/out"
	echo "not ok - a patch that does not apply fails the build with a clear message (exit $status)"
fi
