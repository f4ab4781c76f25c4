#!/bin/sh
# The package's control fields and maintainer scripts are Debian's own:
# the same dependencies (dpkg-shlibdeps' Depends: is the proof that perf
# links the same libraries), Replaces/Provides/Conflicts, and the same
# preinst/postrm, which divert /usr/bin/perf, its bash completion and
# perf.1.gz (the perf wrapper of older linux-base packages).  Its
# version sorts above Debian's, and perf --version prints it.
. "$(dirname "$0")/deb.inc"

# field NAME: "NAME: Debian's VALUE, ours VALUE" where the two differ
field() {
	a=$(dpkg-deb -f "$DEBIAN.deb" "$1")
	b=$(dpkg-deb -f "$DEB" "$1")
	[ "$a" = "$b" ] || echo "$1: Debian's '$a', ours '$b'"
}
differ=$(field Depends)
expect_else "Depends: as Debian's ($(dpkg-deb -f "$DEB" Depends))" '[ -z "$differ" ]' \
	'echo "$differ"' 
differ=$(for f in Package Source Architecture Pre-Depends Recommends Suggests \
	Conflicts Breaks Replaces Provides Section Priority; do field $f; done)
expect_else "the other fields of the relations, and Section and Priority, as Debian's" \
	'[ -z "$differ" ]' 'echo "$differ"'

dpkg-deb -e "$DEBIAN.deb" debian
dpkg-deb -e "$DEB" ours
for script in preinst postinst prerm postrm; do
	expect "maintainer script $script: Debian's" "cmp -s debian/$script ours/$script"
done
# joined FILE: FILE with its continued lines joined, as the shell reads it
joined() { sed -z 's/\\\n//g' "$1"; }
expect "preinst diverts /usr/bin/perf, postrm removes the diversion" \
	"joined ours/preinst | grep -q 'dpkg-divert --package linux-perf .*--add' &&
	 joined ours/postrm | grep -q 'dpkg-divert --package linux-perf .*--remove'"

ours=$(dpkg-deb -f "$DEB" Version)
debian=$(dpkg-deb -f "$DEBIAN.deb" Version)
expect "version $ours sorts above Debian's $debian" \
	'dpkg --compare-versions "$ours" gt "$debian"'
expect "perf --version says it: $(perf_of "$OURS" --version)" \
	'[ "$(perf_of "$OURS" --version)" = "perf version $ours" ]'

finish
