#!/bin/bash
# check-deb.sh DEB
# make check-deb: the package DEB installed for real, in a throwaway
# Debian chroot that mmdebstrap makes from Debian's registry with Debian's
# own linux-perf of the same version installed: tests/deb/chroot/checks.sh
# upgrades it to ours, goes back to Debian's, and removes it.  Prints TAP lines and
# "N passed, N failed"; exits non-zero if anything failed.
set -uo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

deb=${1:?usage: check-deb.sh DEB}
debian_version=$(dpkg-query -W -f='${Version}' linux-source-6.1)
. /etc/os-release
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$deb" "$work/"
cp "$REPO/tests/deb/chroot/checks.sh" "$work/"
# a real recording (from a 6.12 guest) for the installed perf to read
python3 "$REPO/tests/fuzz/recording.py" unpack \
	"$REPO/tests/host/recordings/6.12-irq-in-entry.rec" "$work/rec.dir" ||
	die "cannot unpack the recording"

step "mmdebstrap: $VERSION_CODENAME with linux-perf $debian_version, then the checks"
mmdebstrap --variant=apt --include="man-db,linux-perf=$debian_version" \
	--customize-hook="copy-in $work/${deb##*/} $work/checks.sh $work/rec.dir /tmp" \
	--customize-hook="chroot \"\$1\" sh /tmp/checks.sh /tmp/${deb##*/} $debian_version >$work/tap 2>&1 || true" \
	"$VERSION_CODENAME" /dev/null \
	"deb http://deb.debian.org/debian $VERSION_CODENAME main" \
	"deb http://deb.debian.org/debian-security $VERSION_CODENAME-security main" \
	>"$work/mmdebstrap.log" 2>&1 || {
	tail -20 "$work/mmdebstrap.log" >&2
	die "mmdebstrap failed"
}
cat "$work/tap"
passed=$(grep -c '^ok ' "$work/tap")
failed=$(grep -c '^not ok ' "$work/tap")
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
