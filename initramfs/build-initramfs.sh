#!/bin/bash
# build-initramfs.sh OUTPUT
# Pack the guest's root: busybox, the patched perf and its libraries,
# Debian's trace-cmd and its libraries (for make bench), the guest tests and
# the kernel's own ftrace and lkdtm selftest files.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

output=$1
root=$BUILD/initramfs-root
here=$REPO/initramfs
rm -rf "$root"
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,tmp,root,etc,share,results}

install -m 0755 /bin/busybox "$root/bin/busybox"
for applet in $(/bin/busybox --list); do
	[ -e "$root/bin/$applet" ] || ln -s busybox "$root/bin/$applet"
done
install -m 0755 "$here/init" "$root/init"
printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/:/bin/sh\n' >"$root/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' >"$root/etc/group"

"$here/copy-binary.sh" "$root" "$BUILD/perf/perf" /usr/bin/perf
"$here/copy-binary.sh" "$root" /usr/bin/trace-cmd
install -m 0755 "$here/main-job.sh" "$root/usr/bin/main-job"
# perf test finds its shell tests under the exec path; ours only, the
# others need tools the guest does not have.
shell_tests=$root$("$BUILD/perf/perf" --exec-path)/tests/shell
mkdir -p "$shell_tests"
install -m 0755 "$TREE"/tools/perf/tests/shell/ftrace_*.sh "$shell_tests/"
mkdir -p "$shell_tests/lib"
install -m 0644 "$TREE"/tools/perf/tests/shell/lib/ftrace.sh "$shell_tests/lib/"

mkdir -p "$root/tests"
cp -r "$REPO/tests/guest" "$root/tests/guest"
for src in "$REPO"/tests/guest/workloads/*.c; do
	gcc -static -O2 -Wall -o "$root/tests/guest/workloads/$(basename "$src" .c)" "$src"
done
[ -x "$BUILD/perf-unpatched/perf" ] &&
	"$here/copy-binary.sh" "$root" "$BUILD/perf-unpatched/perf" /tests/guest/perf-6.1
install -m 0755 "$REPO/tests/run-guest-tests.sh" "$root/tests/"
cp -r "$TREE/tools/testing/selftests/ftrace" "$root/tests/ftrace"
mkdir -p "$root/tests/lkdtm"
cp "$TREE/tools/testing/selftests/lkdtm/tests.txt" "$root/tests/lkdtm/"

(cd "$root" && find . | cpio -o -H newc --quiet) | gzip -1 >"$output.tmp"
mv "$output.tmp" "$output"
echo "$output"
