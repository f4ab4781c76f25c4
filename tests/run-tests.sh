#!/bin/bash
# run-tests.sh
# Run every test: the host-side ones, and each kernel booted in QEMU with
# its guest tests, two at a time.  Prints one numbered TAP line per test
# and ends with "N passed, N failed[, N skipped]"; exits non-zero if
# anything failed.  KERNELS (default "6.1 6.12") picks what runs: 6.1 is
# the patched debug and nodebug kernels with the host tests and the
# checks of make deb's package (tests/deb/), 6.12 the
# unpatched 6.12 kernel with the perf ftrace guest tests.
set -uo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

initrd=$BUILD/initramfs.cpio.gz
results_root=$BUILD/results
mkdir -p "$results_root"
KERNELS=${KERNELS:-6.1 6.12}
for k in $KERNELS; do
	case $k in
	6.1 | 6.12) ;;
	*) die "KERNELS: unknown kernel '$k' (known: 6.1 6.12)" ;;
	esac
done
all=$(mktemp)
trap 'rm -f "$all"' EXIT

# Number the result lines of one test source, as they arrive.
collect() {
	while IFS= read -r line; do
		case "$line" in
		"ok "* | "not ok "*) echo "$line" >>"$all"
			n=$(grep -c '' "$all")
			echo "$line" | sed -E "s/^(not )?ok /&$n /" ;;
		*) echo "$line" ;;
		esac
	done
}

# guest_run NAME VARIANT CPUS [TESTS...]: boot kernel VARIANT with CPUS
# vCPUs and run the named guest tests there (all of them when none is
# named), leaving what the guest wrote in $results_root/NAME.
guest_run() {
	local name=$1 variant=$2 cpus=$3 kernel=$BUILD/kernel-$2/arch/x86/boot/bzImage
	shift 3
	local results=$results_root/$name
	rm -rf "$results"
	mkdir -p "$results"
	[ $# -eq 0 ] || printf '%s\n' "$@" >"$results/tests"
	echo "# booting kernel '$variant' with $cpus CPUs ($name)"
	if ! SMP=$cpus TIMEOUT=${GUEST_TIMEOUT:-3000} "$REPO/qemu/boot.sh" test \
		"$kernel" "$initrd" "$results" "$variant" \
		>"$results/console.log" 2>&1; then
		tail -20 "$results/console.log" | sed 's/^/# /'
		echo "not ok - kernel '$variant' booted and ran its guest tests ($name)"
	elif ! grep -qE '^(not )?ok ' "$results/guest.tap"; then
		echo "not ok - kernel '$variant' ran its guest tests ($name, none reported)"
	fi
	{
		[ -f "$results/guest.tap" ] && cat "$results/guest.tap"
		# A kernel's KUnit results, from the boot of its first guest.
		[ -n "${KUNIT_SUITES:-}" ] && [ "$name" = "$variant" ] &&
			[ -f "$results/dmesg-boot.txt" ] &&
			"$REPO/tests/parse-kunit.sh" "$results/dmesg-boot.txt" $KUNIT_SUITES
	} | sed -E "s/^((not )?ok) - /\1 - [$variant] /"
}

host_tests() {
	local t
	for t in "$REPO"/tests/host/*.sh; do
		echo "# host: ${t##*/}"
		"$REPO/tests/run-host-test.sh" "$t"
	done
}

# The guest tests of the debug kernel take three guests side by side:
# the kernel's and perf's own test suites (and the boot's KUnit results),
# these, which ftrace-show-report.sh's recording is decoded after, and
# all the others.
debug_a=(boot.sh lkdtm-refcount.sh ftracetest.sh perf-test-ftrace.sh perf-basic.sh)
debug_b=(ftrace-signals.sh ftrace-live.sh ftrace-record-safety.sh ftrace-show-report.sh)
many_cpus=(ftrace-many-cpus.sh)
debug_c=()
for t in "$REPO"/tests/guest/*.sh; do
	t=${t##*/}
	case " lib.sh ${debug_a[*]} ${debug_b[*]} ${many_cpus[*]} " in
	*" $t "*) ;;
	*) debug_c+=("$t") ;;
	esac
done
MANY_CPUS=${MANY_CPUS:-64}

# The 6.12 kernel runs the perf ftrace tests whose outcome depends on the
# kernel, in two guests: not 6.1's ftracetest, the refcount tests, the
# 64-vCPU guest, the file modes and full disk of a recording, nor diff,
# which only decodes, or the three lossless runs of function_graph, whose
# recorder newer.sh tests on 6.12's pages (the idle system-wide one,
# ftrace-graph-idle.sh, runs on both kernels); three of the fourteen
# signals and one of the four delays of a signal at the start, whose
# paths in perf are the same on every kernel; and perf's
# tests of the subcommands that trace (the others decode a recording, as
# ftrace-show-report.sh and the host do of 6.12's).
k612_a=("FTRACE_TEST_SIGNALS=HUP INT TERM" "FTRACE_TEST_DELAYS=1" ftrace-signals.sh
	ftrace-record.sh ftrace-sharing.sh ftrace-show-report.sh ftrace-tasks.sh boot.sh)
k612_skip=(ftracetest.sh lkdtm-refcount.sh "${many_cpus[@]}" ftrace-record-modes.sh
	   ftrace-record-safety.sh ftrace-diff.sh ftrace-graph-lossless.sh)
k612_b=()
for t in "$REPO"/tests/guest/*.sh; do
	t=${t##*/}
	case " lib.sh ${k612_skip[*]} ${k612_a[*]} " in
	*" $t "*) ;;
	*) k612_b+=("$t") ;;
	esac
done

# Each guest runs on one host thread (TCG), and its tests leave it idle
# at times (sleeps, waits for a session), so the parts run in three
# streams on this machine's two cores, of about equal wall times (make test
# prints each part's); each part's output goes to a file of its own, and
# the parts are reported in a fixed order.
parts=$(mktemp -d)
trap 'rm -f "$all"; rm -rf "$parts"' EXIT
part() {
	local start=$SECONDS
	"$@" >"$parts/$1.out" 2>&1
	echo "$1 $((SECONDS - start))" >"$parts/$1.time"
	touch "$parts/$1.done"
}
debug_a() { guest_run debug debug 4 "${debug_a[@]}"; }
debug_b() {
	guest_run debug-b debug 4 "${debug_b[@]}"
	# The host decodes and converts what ftrace-show-report.sh recorded.
	"$REPO/tests/compare-host-decode.sh" "$results_root/debug-b/guest-recording"
	"$REPO/tests/check-convert.sh" "$results_root/debug-b/guest-recording"
	"$REPO/tests/check-tracedat.sh" "$results_root/debug-b/guest-recording"
	"$REPO/tests/check-clock.sh" "$results_root/debug-b/guest-recording"
	# Debian's own perf reads the headers of the guest's recordings.
	RECORDINGS=$(ls -d "$results_root"/debug-b/guest-recording/*.dir 2>/dev/null | tr '\n' ' ') \
		"$REPO/tests/host/ftrace-debian-perf.sh" "$parts/debian-perf" | grep -E '^(not )?ok '
	# make deb's package, unpacked, checked against Debian's and on
	# these recordings.
	"$REPO/tests/deb/run.sh" "$results_root/debug-b/guest-recording"
}
debug_c() { guest_run debug-c debug 4 "${debug_c[@]}"; }
# The second kernel proves that CONFIG_DEBUG_REFCOUNT=n silences refcount_t.
nodebug() { guest_run nodebug nodebug 4 lkdtm-refcount.sh; }
many_cpus() { guest_run many-cpus debug "$MANY_CPUS" "${many_cpus[@]}"; }
# 6.12 has none of the series' KUnit suites.
k612_a() {
	KUNIT_SUITES= guest_run 6.12 6.12 4 "${k612_a[@]}"
	# The host decodes and converts 6.12's recording too.
	{
		"$REPO/tests/compare-host-decode.sh" "$results_root/6.12/guest-recording"
		"$REPO/tests/check-convert.sh" "$results_root/6.12/guest-recording"
	} | sed -E "s/^((not )?ok) - /\1 - [6.12] /"
}
k612_b() {
	KUNIT_SUITES= guest_run 6.12-b 6.12 4 "FTRACE_PERF_TESTS=live record profile latency show" \
		"${k612_b[@]}"
}

# The host tests and the decoding of the guest's recording use the
# host-built patched perf.
export PERF=$BUILD/perf/perf
declare -A stream
streams=("" "" "")
case " $KERNELS " in *" 6.1 "*)
	streams=("debug_a host_tests many_cpus" "debug_b" "debug_c nodebug") ;;
esac
case " $KERNELS " in *" 6.12 "*)
	streams[1]+=" k612_b" streams[2]+=" k612_a" ;;
esac
for s in "${streams[@]}"; do
	[ -n "$s" ] || continue
	(for p in $s; do part "$p"; done) &
	for p in $s; do stream[$p]=$!; done
done
for name in host_tests debug_a debug_b debug_c nodebug many_cpus k612_a k612_b; do
	[ -n "${stream[$name]:-}" ] || continue
	# A stream that died (killed) leaves its parts undone, not waited for.
	while [ ! -e "$parts/$name.done" ] && kill -0 "${stream[$name]}" 2>/dev/null; do
		sleep 1
	done
	[ -e "$parts/$name.out" ] && collect <"$parts/$name.out"
	[ -e "$parts/$name.done" ] || echo "not ok - $name ran to its end" | collect
done
wait

skipped=$(grep -c '^ok .*# SKIP' "$all")
failed=$(grep -c '^not ok ' "$all")
passed=$(($(grep -c '^ok ' "$all") - skipped))
summary="$passed passed, $failed failed"
[ "$skipped" -gt 0 ] && summary="$summary, $skipped skipped"
# make test's steps and this run, each with its wall time, before the
# summary: the summary stays the last line.
if [ -n "${STEP_TIMES:-}" ] && [ -f "$STEP_TIMES" ]; then
	echo "tests $SECONDS" >>"$STEP_TIMES"
	echo "# wall time of each step:"
	step_times "$STEP_TIMES"
fi
echo "# wall time of each part of the tests, in its stream:"
for s in "${streams[@]}"; do
	[ -n "$s" ] || continue
	line=
	for p in $s; do line+=" $(cut -d' ' -f2 "$parts/$p.time" 2>/dev/null || echo -) s $p,"; done
	echo "#${line%,}"
done
echo "$summary"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
