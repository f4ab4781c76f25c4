#!/bin/bash
# Make $TREE: Debian's linux-source-6.1 with the quilt series applied (or
# the $TARBALL of another linux-source package, with the series in
# $SERIES_DIR: make test's 6.12 tree, unpatched).
#
# The tarball is unpacked once, into a pristine tree under $SRC_CACHE that
# every clone shares; $TREE is made from it with hard links (cp -al), which
# takes a second.  GNU patch replaces the files it patches, and no build step
# writes into the tree (kbuild and perf build with O=), but quilt touches the
# backups it keeps in .pc/, which would be the pristine files: so every file
# a patch names gets a copy of its own before the series is pushed.
# $TREE is made afresh whenever the tarball or the series changes.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

SERIES_DIR=${SERIES_DIR:-$REPO/patches}

# The Debian package that installs the tarball: linux-source-6.1 for
# /usr/src/linux-source-6.1.tar.xz.
package=$(source_package "$TARBALL")
[ -r "$TARBALL" ] || die "$TARBALL missing (install $package)"
version=$(source_version "$TARBALL")
echo "$package version: $version" >&2

# A tarball's identity: a new package version replaces the file.
tarball_id() {
	local size_mtime
	size_mtime=$(stat -L -c '%s %Y' "$1" 2>/dev/null) || return 0
	echo "$size_mtime $(readlink -f "$1")"
}

# The patch files of a series directory, one a line.
series_patches() {
	sed -e 's/#.*//' "$1/series" | awk -v dir="$1" 'NF { print dir "/" $1 }'
}

id=$(tarball_id "$TARBALL")
pristine=$SRC_CACHE/${package}_${version}_$(sha256sum <<<"$id" | cut -c1-12)
# shellcheck disable=SC2046 # one patch file a word
stamp="$version $id $(cat "$SERIES_DIR/series" $(series_patches "$SERIES_DIR") | sha256sum | cut -d' ' -f1)"
if [ -f "$TREE/.harness-stamp" ] && [ "$(cat "$TREE/.harness-stamp")" = "$stamp" ]; then
	exit 0
fi

# Whatever in the pristine tree is newer than its stamp was written through
# a hard link; its contents can no longer be trusted.
pristine_intact() {
	[ -f "$pristine/.harness-pristine" ] &&
		[ -z "$(find "$pristine" -mindepth 1 -newer "$pristine/.harness-pristine" -print -quit)" ]
}

# Unpack into a temporary directory and rename it into place, so that a run
# beside this one sees the whole tree or none.  The loser of a race drops
# its copy and takes the winner's.
unpack_pristine() {
	if [ -d "$pristine" ]; then
		echo "warning: $pristine was written to, unpacking it again" >&2
		mv -T "$pristine" "$(mktemp -u "$SRC_CACHE/.stale-XXXXXX")" 2>/dev/null || true
	fi
	unpacking=$(mktemp -d "$SRC_CACHE/.tmp-XXXXXX")
	chmod 755 "$unpacking"
	step "unpacking $TARBALL into $pristine"
	xz -dc -T0 "$TARBALL" | tar -x -C "$unpacking" --strip-components=1
	echo "$id" >"$unpacking/.harness-pristine"
	mv -T "$unpacking" "$pristine" 2>/dev/null || rm -rf "$unpacking"
	unpacking=
}

# Drop the pristine trees of this package's tarballs since changed or
# gone (an older package version, a test's stand-in) and what killed runs
# left.
prune_cache() {
	local dir recorded
	for dir in "$SRC_CACHE"/"${package}"_*; do
		[ "$dir" != "$pristine" ] || continue
		[ -f "$dir/.harness-pristine" ] || continue
		recorded=$(cat "$dir/.harness-pristine")
		[ "$(tarball_id "${recorded#* * }")" != "$recorded" ] || continue
		mv -T "$dir" "$(mktemp -u "$SRC_CACHE/.stale-XXXXXX")" 2>/dev/null || true
	done
	find "$SRC_CACHE" -mindepth 1 -maxdepth 1 -name '.tmp-*' -mmin +1440 \
		-exec rm -rf {} + 2>/dev/null || true
	rm -rf "$SRC_CACHE"/.stale-* 2>/dev/null || true
}

# The files that the patches of this series or of the repository's (which
# check-series.sh pushes onto a tree made without one) name, and those
# that the tree made before this one had patched: these get copies of
# their own, with a fresh mtime, so that make rebuilds what uses them.
own_files() {
	# shellcheck disable=SC2046 # one patch file a word
	cat /dev/null $(series_patches "$SERIES_DIR") $(series_patches "$REPO/patches") |
		awk '/^(---|\+\+\+) / && $2 != "/dev/null" { sub(/^[^\/]*\//, "", $2); print $2 }
			/^(rename|copy) from / { print $3 }'
	[ ! -d "$TREE/.pc" ] || (cd "$TREE/.pc" && find . -mindepth 2 -type f ! -name .timestamp |
		cut -d/ -f3-)
}

unpacking=
trap 'rm -rf "$unpacking"' EXIT
mkdir -p "$SRC_CACHE"
# Not "pristine_intact || unpack_pristine": set -e would not stop a failed unpack.
if ! pristine_intact; then
	unpack_pristine
fi
prune_cache

step "making $TREE from $pristine"
rm -rf "$TREE.tmp"
mkdir -p "$(dirname "$TREE")"
cp -al "$pristine" "$TREE.tmp"
rm "$TREE.tmp/.harness-pristine"
own_files | sort -u | (cd "$TREE.tmp" && while read -r file; do
	[ -f "$file" ] || continue
	[ ! -L "$file" ] || continue
	cp --preserve=mode "$file" "$file.own" && mv "$file.own" "$file"
done)
rm -rf "$TREE"

step "applying the series from $SERIES_DIR"
if grep -qv '^[[:space:]]*\(#\|$\)' "$SERIES_DIR/series" && ! (cd "$TREE.tmp" && QUILT_PATCHES="$SERIES_DIR" QUILT_PC=.pc \
	quilt push -a -q --fuzz=0 >"$TREE.tmp/.quilt.log" 2>&1); then
	sed 's/^/  /' "$TREE.tmp/.quilt.log" >&2
	die "the patch series does not apply to $package $version" \
		"(failed at: $(cd "$TREE.tmp" && QUILT_PATCHES="$SERIES_DIR" quilt next 2>/dev/null || echo '?'))"
fi
echo "$stamp" >"$TREE.tmp/.harness-stamp"
mv "$TREE.tmp" "$TREE"
