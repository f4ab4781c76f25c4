#!/bin/bash
# build-deb.sh [TREE]
# Build Debian's linux-perf package from the patched TREE (default $TREE),
# as Debian builds it: the tree gets the debian/ directory of the source
# package that built the installed linux-source-6.1 (fetch-debian-dir.sh),
# and Debian's own debian/rules.real makes the package, with the arguments
# Debian's debian/rules.gen gives it for this architecture.  Our changes:
#   - a changelog entry of our version (deb-version.sh), which sorts above
#     Debian's, and the same version in PERF-VERSION-FILE, which perf's
#     build reads in a tree without git: perf --version shows it;
#   - no -dbgsym package (DEB_BUILD_OPTIONS=noautodbgsym);
#   - gcc through ccache.
# Prints the path of the .deb; skips the build when its inputs are those
# of the last one.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

tree=${1:-$TREE}
out=$BUILD/deb
src=$out/linux
version=$("$REPO/scripts/deb/deb-version.sh")
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
deb=$out/linux-perf_${version}_$arch.deb
debian_tar=$("$REPO/scripts/deb/fetch-debian-dir.sh")
debian_version=$(cat "$(dirname "$debian_tar")/version")
source_version=$(dpkg-query -W -f='${Version}' linux-source-6.1)

stamp="$version $debian_version $(cat "$tree/.harness-stamp") $(sha256sum <"$0")"
if [ -f "$deb" ] && [ "$(cat "$out/.stamp" 2>/dev/null)" = "$stamp" ]; then
	echo "$deb"
	exit 0
fi

step "making $src: the patched tree and Debian's debian/ of linux $debian_version"
rm -rf "$out"
mkdir -p "$src"
# Hard links, as Debian's own rules copy a tree: the build writes only
# under debian/ (O=) and into new files.
find "$tree" -mindepth 1 -maxdepth 1 ! -name .pc ! -name '.harness-*' \
	-exec cp -al -t "$src" {} +
tar -C "$src" -xf "$debian_tar"
echo "#define PERF_VERSION \"$version\"" >"$src/PERF-VERSION-FILE"

# Our entry on top of Debian's changelog, signed as Debian's tools do
# (DEBFULLNAME, DEBEMAIL), else by the author of the series' last change;
# its date is that change's, so that an unchanged series builds the same
# package.
patches=$(grep -cv '^\s*\(#\|$\)' "$REPO/patches/series")
date=$(git -C "$REPO" log -1 --format=%aD -- patches 2>/dev/null || true)
name=${DEBFULLNAME:-$(git -C "$REPO" log -1 --format=%an -- patches 2>/dev/null || true)}
email=${DEBEMAIL:-$(git -C "$REPO" log -1 --format=%ae -- patches 2>/dev/null || true)}
distribution=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Distribution)
{
	echo "linux ($version) $distribution; urgency=medium"
	echo
	echo "  * linux-perf rebuilt from linux-source-6.1 $source_version with the"
	echo "    perf ftrace series ($patches patches): perf ftrace live, record, show,"
	echo "    report, convert, diff, profile and latency."
	[ "$debian_version" = "$source_version" ] ||
		echo "  * Packaging of linux $debian_version (Debian's registry did not serve $source_version's)."
	echo
	echo " -- ${name:-perf ftrace} <${email:-perf-ftrace@$(hostname -f)}>  ${date:-$(date -R)}"
	echo
	cat "$src/debian/changelog"
} >"$src/debian/changelog.new"
mv "$src/debian/changelog.new" "$src/debian/changelog"

# debian/rules.gen's arguments to debian/rules.real for linux-perf here,
# each NAME='VALUE'; the version of the source is ours.
rules_args=$(sed -n "/^binary-arch_${arch}_real_perf:/{n;p}" "$src/debian/rules.gen" |
	grep -o "[A-Z_]*='[^']*'") || die "no linux-perf for $arch in debian/rules.gen"
eval "args=($rules_args)"
args+=("SOURCEVERSION=$version")

mkdir -p "$out/ccache-bin"
ccache_wrapper "$out/ccache-bin/gcc" /usr/bin/gcc
step "building linux-perf $version (-j$JOBS, log: $out/build.log)"
(cd "$src" && PATH=$out/ccache-bin:$PATH DEB_BUILD_OPTIONS=noautodbgsym \
	make -j"$JOBS" -f debian/rules.real binary_perf "${args[@]}") >"$out/build.log" 2>&1 || {
	tail -40 "$out/build.log" >&2
	die "linux-perf failed to build (log: $out/build.log)"
}
[ -f "$deb" ] || die "the build made no $deb"
echo "$stamp" >"$out/.stamp"
echo "$deb"
