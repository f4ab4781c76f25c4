#!/bin/bash
# build-perf.sh [TREE [OUTDIR]]
# Build perf from the patched tree, linked with the system libtraceevent,
# libelf, libdw and libslang (report's TUI), with every feature perf ftrace
# does not need turned off.
#   PERF_CC      compiler and its flags (default gcc; the fuzzer's build
#                gives clang with sanitizers)
#   PERF_TEP=tree  link the tree's own libtraceevent, built with PERF_CC,
#                instead of the system's
set -euo pipefail
. "$(dirname "$0")/lib.sh"

tree=${1:-$TREE}
out=${2:-$BUILD/perf}
mkdir -p "$out" "$CCACHE_DIR"

FEATURES_OFF=(
	NO_LIBPERL=1 NO_LIBPYTHON=1 NO_GTK2=1
	NO_LIBBPF=1 NO_BPF_SKEL=1 NO_LIBUNWIND=1 NO_LIBNUMA=1 NO_LIBCRYPTO=1
	NO_LIBAUDIT=1 NO_JVMTI=1 NO_LIBBABELTRACE=1 NO_DEMANGLE=1 NO_LIBCAP=1
	NO_LZMA=1 NO_LIBZSTD=1 NO_AUXTRACE=1 NO_LIBDEBUGINFOD=1 NO_LIBPFM4=1
	NO_SDT=1 NO_LIBBFD=1 NO_CLANG=1 NO_JEVENTS=1 NO_AIO=1
)

cc=$out/ccache-gcc
ccache_wrapper "$cc" "${PERF_CC:-gcc}"

step "building perf from $tree (-j$JOBS)"
make -C "$tree/tools/perf" O="$out" -j"$JOBS" CC="$cc" \
	LIBTRACEEVENT_DYNAMIC=$([ "${PERF_TEP:-}" = tree ] || echo 1) WERROR=0 "${FEATURES_OFF[@]}" \
	>"$out/build.log" 2>&1 || {
	tail -40 "$out/build.log" >&2
	die "perf failed to build (log: $out/build.log)"
}
echo "$out/perf"
