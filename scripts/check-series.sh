#!/bin/bash
# check-series.sh FRAGMENT...
# First check the series as a whole, against the unpatched tree, with
# series-churn.py (no build): no patch may remove lines that an earlier
# patch added (churn), unless its changelog explains why in a "Churn:" line,
# and each group (00nn, 01nn, 02nn) must be numbered [PATCH n/m], n = 1..m,
# under a cover letter [PATCH 0/m]; churn is counted per group, at most 50
# lines each.  Then check-mboxes.sh applies each group's mbox with git am
# and compares the tree with quilt's.
# Then prove the series bisectable: in a tree of its own, push the patches
# one at a time; after each, run the tree's checkpatch.pl on it and build
# what it touches: perf, or the kernel twice, with and without
# CONFIG_DEBUG_REFCOUNT (tinyconfig plus those of the FRAGMENTs whose
# options the tree has yet).
# Prints one line a patch; fails on churn, a numbering error, an mbox that
# git am does not turn into the quilt tree, a build error,
# a compiler warning or a checkpatch error (checkpatch warnings are counted,
# not fatal).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

check=$BUILD/series-check
export TREE=$check/linux
rm -rf "$TREE"
mkdir -p "$check/no-patches"
: >"$check/no-patches/series"
SERIES_DIR=$check/no-patches "$REPO/scripts/prepare-tree.sh"

failed=0
# Churn and numbering, then the mboxes through git am; on failure the
# patches are still built one by one.
"$REPO/scripts/series-churn.py" "$TREE" "$REPO/patches" || failed=1
"$REPO/scripts/check-mboxes.sh" || failed=1

# The fragments whose every option some Kconfig file of the tree declares.
known_fragments() {
	local frag opt symbols=$check/kconfig-symbols
	find "$TREE" -name 'Kconfig*' -exec sed -n \
		's/^[[:space:]]*\(menu\)\{0,1\}config[[:space:]]\{1,\}\([A-Za-z0-9_]*\).*/\2/p' {} + |
		sort -u >"$symbols"
	for frag in "$@"; do
		for opt in $(sed -n 's/^\(# \)\{0,1\}CONFIG_\([A-Za-z0-9_]*\)[= ].*/\2/p' "$frag"); do
			grep -qx "$opt" "$symbols" || continue 2
		done
		echo "$frag"
	done
}

build_kernels() {
	local variant
	for variant in debug nodebug; do
		# shellcheck disable=SC2046 # one fragment a word
		BUILD=$check "$REPO/scripts/build-kernel.sh" "$variant" \
			$(known_fragments "$@" "$REPO/kernel-config/refcount-$variant.config") \
			>/dev/null 2>"$check/build.err" || return 1
		! grep -q 'warning:' "$check/kernel-$variant/build.log" || return 1
	done
}

build_perf() {
	"$REPO/scripts/build-perf.sh" "$TREE" "$check/perf" >/dev/null 2>"$check/build.err" &&
		! grep -q 'warning:' "$check/perf/build.log"
}

n=0
total=$(grep -cv '^[[:space:]]*\(#\|$\)' "$REPO/patches/series")
for patch in $(sed -e 's/#.*//' "$REPO/patches/series"); do
	n=$((n + 1))
	(cd "$TREE" && QUILT_PATCHES="$REPO/patches" QUILT_PC=.pc \
		quilt push -q --fuzz=0 >/dev/null) || die "$patch does not apply"
	files=$(sed -n 's|^+++ [^/]*/||p' "$REPO/patches/$patch")
	style=$(cd "$TREE" && scripts/checkpatch.pl --no-summary --terse \
		--show-types "$REPO/patches/$patch" || true)
	errors=$(grep -c ': ERROR:' <<<"$style" || true)
	warnings=$(grep -c ': WARNING:' <<<"$style" || true)
	built=ok what=
	if grep -qv '^tools/\|^Documentation/' <<<"$files"; then
		what=kernel
		build_kernels "$@" || built=FAILED
	fi
	if grep -q '^tools/perf/\|^tools/lib/' <<<"$files"; then
		what="$what${what:+ }perf"
		build_perf || built=FAILED
	fi
	[ -n "$what" ] || built="-" what="nothing to build"
	printf '[%2d/%d] %-66.66s checkpatch %d errors %d warnings, build %s: %s\n' \
		"$n" "$total" "$patch" "$errors" "$warnings" "$what" "$built"
	[ "$errors" = 0 ] || sed 's/^/    /' <<<"$style" | grep ERROR >&2
	if [ "$built" = FAILED ]; then
		sed 's/^/    /' "$check/build.err" >&2
		grep -h 'warning:' "$check"/*/build.log 2>/dev/null | sed 's/^/    /' >&2 || true
	fi
	[ "$errors" = 0 ] && [ "$built" != FAILED ] || failed=1
done
exit $failed
