#!/bin/bash
# check-mboxes.sh: the posted series, as a maintainer applies them.
# Writes the mboxes (make-mbox.py) into $BUILD/series-check/mbox and
# applies them in series order with git am to a git repository of the
# unpatched tree, $BUILD/series-check/git (apart from the trees that
# builds use: perf's version script reads a .git above its tree).  After
# each series, that tree must equal a quilt tree pushed to the series'
# last patch: the same files, contents and executable bits.  Each cover
# letter's base-package line must name the installed tarball's package
# and version.  Prints one line a series; fails on the first that
# differs.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

check=$BUILD/series-check
git_tree=$check/git
quilt_tree=$check/quilt
mails=$check/mails
mkdir -p "$check/no-patches"
: >"$check/no-patches/series"

base="$(source_package "$TARBALL") $(source_version "$TARBALL")"
mboxes=$("$REPO/scripts/make-mbox.py" "$REPO/patches" "$check/mbox" | cut -d: -f1)

# The unpatched tree in git, made once a tarball (prepare-tree.sh's
# hard-linked tree: git replaces the files it writes, never writes into
# them), then reset to its first commit.
TREE=$git_tree SERIES_DIR=$check/no-patches "$REPO/scripts/prepare-tree.sh" 2>/dev/null
git() { command git -C "$git_tree" "$@"; }
if ! git rev-parse -q --verify refs/tags/base >/dev/null; then
	step "committing $git_tree"
	rm -rf "$git_tree/.git"
	git init -q
	git config user.name "check-mboxes" && git config user.email "check-mboxes@localhost"
	git config core.trustctime false   # other trees' cp -al change the ctimes
	# -f: Debian's tree ignores everything ("/*" in .gitignore).
	git add -A -f -- . ':!.harness-stamp' ':!.pc' && git commit -q -m "$base" && git tag base
fi
rm -rf "$git_tree/.git/rebase-apply"
git checkout -q -f --detach base && git clean -q -f -d -x -e .harness-stamp -e .pc

TREE=$quilt_tree SERIES_DIR=$check/no-patches "$REPO/scripts/prepare-tree.sh" 2>/dev/null
quilt() { (cd "$quilt_tree" && QUILT_PATCHES="$REPO/patches" QUILT_PC=.pc command quilt "$@"); }
quilt pop -a -q >/dev/null 2>&1 || true

for mbox in $mboxes; do
	name=$(basename "$mbox")
	group=${name:0:2}
	last=$(sed -e 's/#.*//' "$REPO/patches/series" | awk 'NF { print $1 }' | grep "^$group" | tail -1)
	rm -rf "$mails" && mkdir -p "$mails"
	count=$(( $(command git mailsplit -o"$mails" "$mbox") - 1 ))
	grep -q '^Subject: \[PATCH 0*/' "$mails/0001" || die "$name: the first mail is no cover letter"
	letter_base=$(sed -n 's/^base-package: //p' "$mails/0001")
	[ "$letter_base" = "$base" ] ||
		die "$name: the cover letter's base-package is '$letter_base', the tree is $base"
	rm "$mails/0001"
	git am -q "$mails"/* >"$check/am.log" 2>&1 ||
		{ sed 's/^/    /' "$check/am.log" >&2; die "$name: git am failed"; }
	quilt push -q --fuzz=0 "$last" >/dev/null || die "$last does not apply with quilt"
	# The trees hard-link the same pristine files, so diff reads only
	# what either changed.
	if ! diff -rq -x .git -x .pc -x .harness-stamp -x .quilt.log "$git_tree" "$quilt_tree" >"$check/am.diff"; then
		sed 's/^/    /' "$check/am.diff" >&2
		die "$name: git am's tree differs from quilt's after $last"
	fi
	changed=$(git diff --name-only base HEAD)
	for file in $changed; do
		[ -x "$git_tree/$file" ] && git_x=yes || git_x=no
		[ -x "$quilt_tree/$file" ] && quilt_x=yes || quilt_x=no
		[ $git_x = $quilt_x ] || die "$name: $file is executable in one tree only"
	done
	printf 'git am %-28s %2d patches, cover letter on %s; tree equals quilt'"'"'s at %.4s (%d files changed)\n' \
		"$name:" "$count" "$base" "$last" "$(wc -w <<<"$changed")"
done
