#!/bin/bash
# run.sh [RECORDINGS]
# The checks of make deb's package, on its files unpacked (dpkg-deb -x),
# never installed over the machine's perf: each tests/deb/*.sh, with
#   DEB      the package ($BUILD/deb-path names it)
#   OURS     where it is unpacked (readable by all, for the checks that
#            run perf as a user without root)
#   DEBIAN   where Debian's own linux-perf of the same version is unpacked
#            (scripts/deb/debian-perf.sh; its package is $DEBIAN.deb)
#   RECORDINGS  the guest's recordings, for recordings.sh
# Prints their TAP lines.
set -uo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"

export RECORDINGS=${1:-}
export DEB OURS DEBIAN
DEB=$(cat "$BUILD/deb-path" 2>/dev/null)
if [ ! -f "$DEB" ]; then
	echo "not ok - make deb's package (none in $BUILD/deb-path)"
	exit 0
fi
if ! DEBIAN=$("$REPO/scripts/deb/debian-perf.sh" 2>&1); then
	echo "not ok - Debian's linux-perf: $DEBIAN"
	exit 0
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
chmod 755 "$scratch"
OURS=$scratch/root
dpkg-deb -x "$DEB" "$OURS"
echo "# ${DEB##*/}, unpacked in $OURS; Debian's in $DEBIAN"
for t in "$REPO"/tests/deb/*.sh; do
	[ "$t" = "$REPO/tests/deb/run.sh" ] && continue
	echo "# deb: ${t##*/}"
	"$t" "$scratch/${t##*/}.d"
done
