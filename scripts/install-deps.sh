#!/bin/bash
# Install the Debian packages the harness needs, where they are missing.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

PACKAGES=(
	linux-source-6.1 linux-source-6.12 quilt ccache bc bison flex cpio xz-utils kmod
	libelf-dev libdw-dev libssl-dev libtraceevent-dev pkg-config
	qemu-system-x86 busybox-static gcc make python3
	clang libclang-rt-14-dev
	trace-cmd valgrind time
	libslang2-dev tmux
	# trace.dat: trace-cmd's and KernelShark's readers, and KernelShark
	# itself under Xvfb (tests/check-tracedat.sh, tests/host/ftrace-tracedat.sh)
	libtracecmd-dev libtracefs-dev libkshark-dev libjson-c-dev kernelshark
	xvfb x11-apps imagemagick
	# make deb: what Debian's linux source package needs to build
	# linux-perf on amd64 (its debian/control), and the package's checks
	debhelper dh-exec dh-python python3-jinja2 rsync asciidoctor gcc-multilib
	libaudit-dev libbabeltrace-dev libcap-dev libiberty-dev libnewt-dev
	libnuma-dev libopencsd-dev libperl-dev libpython3-dev libunwind-dev
	libzstd-dev python3-dev python3-setuptools zlib1g-dev
	lintian man-db mmdebstrap
)

missing=()
for pkg in "${PACKAGES[@]}"; do
	dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null |
		grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
	[ "$(id -u)" -eq 0 ] || die "need root to install: ${missing[*]}"
	step "installing ${missing[*]}"
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		"${missing[@]}" >/dev/null
fi

# The real viewer of tests/check-viewer.sh: chromium and speedscope.
"$(dirname "$0")/install-viewer.sh"
