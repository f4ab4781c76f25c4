#!/bin/sh
# apt would install the package on this machine: over Debian's
# linux-perf where that is installed, with the dependencies it has (or it
# finds this version installed already).
. "$(dirname "$0")/deb.inc"

version=$(dpkg-deb -f "$DEB" Version)
apt-get install --simulate "$DEB" >apt.txt 2>&1
rc=$?
expect_else "apt-get install --simulate ${DEB##*/}: status 0 (got $rc), installs linux-perf $version" \
	"[ $rc -eq 0 ] && grep -q -e '^Inst linux-perf .*($version ' \
		-e 'linux-perf is already the newest version ($version)' apt.txt" 'tail -5 apt.txt'

finish
