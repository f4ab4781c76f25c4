# Common settings for the harness scripts; sourced, not run.
# shellcheck shell=bash

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-$REPO/build}
TREE=${TREE:-$BUILD/linux}
TARBALL=${TARBALL:-/usr/src/linux-source-6.1.tar.xz}
# The tarball, unpacked once and shared by every clone (prepare-tree.sh).
SRC_CACHE=${SRC_CACHE:-/var/cache/perf-ftrace-harness/src}
# Kernels built from the same inputs (build-kernel.sh); empty: always build.
KERNEL_CACHE=${KERNEL_CACHE-/var/cache/perf-ftrace-harness/kernels}
KERNEL_CACHE_KEEP=${KERNEL_CACHE_KEEP:-12}
# make deb's downloads, fetched once per version: Debian's packaging of
# linux-perf (debian.tar.xz), and Debian's own package.
DEB_CACHE=${DEB_CACHE:-/var/cache/perf-ftrace-harness/deb}
DEBIAN_PERF_CACHE=${DEBIAN_PERF_CACHE:-/var/cache/perf-ftrace-harness/debian-perf}
# ccache lives outside the clone so that CI's fresh clones reuse it.
# Paths are made relative to the build directory, so clones in other
# folders hit the same cache entries.
export CCACHE_DIR=${CCACHE_DIR:-/var/cache/perf-ftrace-harness/ccache}
export CCACHE_BASEDIR=$BUILD CCACHE_NOHASHDIR=true
JOBS=${JOBS:-$(nproc)}

# source_package TARBALL: the Debian package that installs it
# (linux-source-6.1 for /usr/src/linux-source-6.1.tar.xz), and its version.
source_package() {
	basename "$1" .tar.xz
}
source_version() {
	dpkg-query -W -f='${Version}' "$(source_package "$1")" 2>/dev/null || echo unknown
}

die() {
	echo "error: $*" >&2
	exit 1
}

step() {
	echo ">>> $*" >&2
}

# step_times FILE: print FILE's "STEP SECONDS" lines, and their sum, as TAP
# comments.
step_times() {
	awk '{ printf "# %-16s %5d s\n", $1, $2; sum += $2 }
		END { printf "# %-16s %5d s (%d min %02d s)\n", "total", sum, sum / 60, sum % 60 }' "$1"
}

# ccache_wrapper FILE [COMPILER]: write FILE, an executable that compiles
# with ccache and COMPILER (default gcc).  tools/build compiles with
# -Wp,-MT,TARGET, an absolute path that ccache hashes as it is
# (CCACHE_BASEDIR does not reach it), so a clone in another folder missed
# every object.  fixdep ignores the target: the wrapper drops it.
ccache_wrapper() {
	cat >"$1" <<EOF
#!/bin/sh
for arg; do
	shift
	case \$arg in
	-Wp,-MT,*) ;;
	*) set -- "\$@" "\$arg" ;;
	esac
done
exec ccache ${2:-gcc} "\$@"
EOF
	chmod +x "$1"
}
