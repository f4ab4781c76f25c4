#!/bin/bash
# Unpack Debian's linux-source-6.1 into the build directory and apply the
# quilt series.  The tree is unpacked afresh whenever the series changes.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

SERIES_DIR=${SERIES_DIR:-$REPO/patches}

[ -r "$TARBALL" ] || die "$TARBALL missing (install linux-source-6.1)"
version=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null || echo unknown)
echo "linux-source-6.1 version: $version" >&2

stamp=$(cat "$SERIES_DIR"/series $(sed -e 's/#.*//' "$SERIES_DIR"/series |
	awk 'NF { print "'"$SERIES_DIR"'/" $1 }') | sha256sum | cut -d' ' -f1)
stamp="$version $stamp"
if [ -f "$TREE/.harness-stamp" ] && [ "$(cat "$TREE/.harness-stamp")" = "$stamp" ]; then
	exit 0
fi

step "unpacking $TARBALL"
rm -rf "$TREE" "$TREE.tmp"
mkdir -p "$TREE.tmp"
tar -xJf "$TARBALL" -C "$TREE.tmp" --strip-components=1

step "applying the series from $SERIES_DIR"
if grep -qv '^[[:space:]]*\(#\|$\)' "$SERIES_DIR/series" && ! (cd "$TREE.tmp" && QUILT_PATCHES="$SERIES_DIR" QUILT_PC=.pc \
	quilt push -a -q --fuzz=0 >"$TREE.tmp/.quilt.log" 2>&1); then
	sed 's/^/  /' "$TREE.tmp/.quilt.log" >&2
	die "the patch series does not apply to linux-source-6.1 $version" \
		"(failed at: $(cd "$TREE.tmp" && QUILT_PATCHES="$SERIES_DIR" quilt next 2>/dev/null || echo '?'))"
fi
echo "$stamp" >"$TREE.tmp/.harness-stamp"
mv "$TREE.tmp" "$TREE"
