#!/bin/sh
# lintian finds no error in the package, and no warning that it does not
# find in Debian's own linux-perf of the same version (whose report is
# kept beside that package, per lintian version).
. "$(dirname "$0")/deb.inc"

# tags DEB: lintian's errors and warnings of DEB, one a line, sorted
tags() { lintian --no-cfg --allow-root "$1" 2>/dev/null | grep '^[EW]: ' | sort; }
debian=$DEBIAN.lintian-$(lintian --version | tr -c 'a-zA-Z0-9.\n' _)
[ -s "$debian" ] || { tags "$DEBIAN.deb" >"$debian.tmp" && mv "$debian.tmp" "$debian"; }
tags "$DEB" >ours.txt
comm -23 ours.txt "$debian" >new.txt
expect_else "lintian: no error, and only the $(grep -c '^W: ' ours.txt) warnings of Debian's own package" \
	'! grep -q "^E: " ours.txt && [ ! -s new.txt ]' 'cat new.txt'

finish
