#!/bin/bash
# debian-perf.sh [VERSION]
# Print the directory where Debian's own linux-perf VERSION (default: the
# installed linux-source-6.1's version) is unpacked; the package itself,
# as 'apt-get download' fetches it, is that directory's name with .deb
# after it.  Fetched once per version into $DEBIAN_PERF_CACHE, so that it
# is there where our package replaced Debian's.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

version=${1:-$(dpkg-query -W -f='${Version}' linux-source-6.1)}
root=$DEBIAN_PERF_CACHE/$version
if [ ! -x "$root/usr/bin/perf" ] || [ ! -f "$root.deb" ]; then
	mkdir -p "$DEBIAN_PERF_CACHE"
	tmp=$(mktemp -d "$DEBIAN_PERF_CACHE/.tmp-XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	# apt's downloader runs as _apt, which must be able to write here.
	chmod 777 "$tmp"
	(cd "$tmp" && apt-get download -q "linux-perf=$version" >/dev/null 2>&1) ||
		die "apt-get download linux-perf=$version failed"
	dpkg-deb -x "$tmp"/linux-perf_*.deb "$tmp/root"
	mv "$tmp"/linux-perf_*.deb "$root.deb"
	rm -rf "$root"
	mv -T "$tmp/root" "$root"
fi
echo "$root"
