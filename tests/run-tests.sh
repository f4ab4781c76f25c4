#!/bin/bash
# run-tests.sh
# Run every test: the host-side ones, then each kernel booted in QEMU with
# its guest tests.  Prints one numbered TAP line per test and ends with
# "N passed, N failed[, N skipped]"; exits non-zero if anything failed.
set -uo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

initrd=$BUILD/initramfs.cpio.gz
results_root=$BUILD/results
mkdir -p "$results_root"
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

# guest_run VARIANT TESTS...: boot kernel VARIANT and run the guest tests.
guest_run() {
	local variant=$1 kernel=$BUILD/kernel-$1/arch/x86/boot/bzImage
	shift
	local results=$results_root/$variant
	rm -rf "$results"
	mkdir -p "$results"
	[ $# -eq 0 ] || printf '%s\n' "$@" >"$results/tests"
	echo "# booting kernel '$variant'"
	if ! TIMEOUT=${GUEST_TIMEOUT:-3000} "$REPO/qemu/boot.sh" test \
		"$kernel" "$initrd" "$results" "$variant" \
		>"$results/console.log" 2>&1; then
		tail -20 "$results/console.log" | sed 's/^/# /'
		echo "not ok - kernel '$variant' booted and ran its guest tests"
	elif ! grep -qE '^(not )?ok ' "$results/guest.tap"; then
		echo "not ok - kernel '$variant' ran its guest tests (none reported)"
	fi
	{
		[ -f "$results/guest.tap" ] && cat "$results/guest.tap"
		[ -n "${KUNIT_SUITES:-}" ] && [ -f "$results/dmesg-boot.txt" ] &&
			"$REPO/tests/parse-kunit.sh" "$results/dmesg-boot.txt" $KUNIT_SUITES
	} | sed -E "s/^((not )?ok) - /\1 - [$variant] /"
}

# Host tests run the host-built patched perf.
export PERF=$BUILD/perf/perf
for t in "$REPO"/tests/host/*.sh; do
	echo "# host: ${t##*/}"
	"$t"
done 2>&1 | collect

guest_run debug 2>&1 | collect
"$REPO/tests/compare-host-decode.sh" "$results_root/debug/guest-recording" 2>&1 | collect
"$REPO/tests/check-convert.sh" "$results_root/debug/guest-recording" 2>&1 | collect
# The second kernel proves that CONFIG_DEBUG_REFCOUNT=n silences refcount_t.
guest_run nodebug lkdtm-refcount.sh 2>&1 | collect

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
echo "$summary"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
