#!/bin/bash
# fetch-debian-dir.sh
# Print the path of the debian.tar.xz of the Debian source package that
# built the installed linux-source-6.1 (the packaging of linux-perf: its
# rules, control and maintainer scripts), fetched once into $DEB_CACHE.
#
# This machine's apt sources have no deb-src line, so apt gets one of its
# own (Debian's main and security suites of this release), in a directory
# of its own.  apt checks the signed Sources index and the file's hash.
# Only debian.tar.xz is fetched, not the upstream tarball.  Where the
# registry does not serve the installed version's file, the newest earlier
# version of the same series that it serves is taken, and a note says so.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

binary=linux-source-6.1
source_pkg=$(dpkg-query -W -f='${source:Package}' "$binary")
version=$(dpkg-query -W -f='${Version}' "$binary")
out=$DEB_CACHE/debian-dir/$version
if [ -s "$out/debian.tar.xz" ]; then
	echo "$out/debian.tar.xz"
	exit 0
fi

apt_dir=$DEB_CACHE/apt-src
mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$DEB_CACHE/debian-dir"
. /etc/os-release
cat >"$apt_dir/sources.list" <<EOF
deb-src http://deb.debian.org/debian $VERSION_CODENAME main
deb-src http://deb.debian.org/debian-security $VERSION_CODENAME-security main
EOF
apt_opts=(-o Dir::Etc::SourceList="$apt_dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
	  -o Dir::State::Lists="$apt_dir/lists" -o Dir::Cache="$apt_dir/cache"
	  -o APT::Sandbox::User=root)
step "fetching the packaging of $source_pkg $version (debian.tar.xz)"
apt-get "${apt_opts[@]}" -qq update || die "apt-get update of $apt_dir/sources.list failed"

# fetch VERSION DEST: the debian.tar.xz of VERSION, checked against its hash.
fetch() {
	local line
	line=$(apt-get "${apt_opts[@]}" -qq source --print-uris "$source_pkg=$1" 2>/dev/null |
		grep "\.debian\.tar\.xz' ") || return 1
	# 'URI' NAME SIZE SHA256:HASH
	set -- $line "$2"
	/usr/lib/apt/apt-helper -o APT::Sandbox::User=root download-file \
		"${1//\'/}" "$5" "$4" >/dev/null 2>&1
}

tmp=$(mktemp -d "$DEB_CACHE/debian-dir/.tmp-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
series=$(cut -d. -f1,2 <<<"$version")
got=
# The installed version first, then the earlier ones of this series.
for v in $version $(apt-cache "${apt_opts[@]}" showsrc "$source_pkg" |
	sed -n 's/^Version: //p' | sort -urV); do
	[[ $v == "$series".* ]] || continue
	dpkg --compare-versions "$v" le "$version" || continue
	if fetch "$v" "$tmp/debian.tar.xz"; then
		got=$v
		break
	fi
done
[ -n "$got" ] || die "no debian.tar.xz of $source_pkg $version found in Debian's registry"
[ "$got" = "$version" ] ||
	echo "note: Debian's registry does not serve the packaging of $source_pkg $version; using $got's" >&2
echo "$got" >"$tmp/version"
mkdir -p "$out"
mv "$tmp/debian.tar.xz" "$tmp/version" "$out/"
echo "$out/debian.tar.xz"
