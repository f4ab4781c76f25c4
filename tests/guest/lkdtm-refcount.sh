#!/bin/sh
# The kernel's own lkdtm refcount tests: every REFCOUNT_* entry of
# tools/testing/selftests/lkdtm/tests.txt, triggered through
# /sys/kernel/debug/provoke-crash/DIRECT and judged on the kernel log that
# the trigger wrote, the way tools/testing/selftests/lkdtm/run.sh does:
# the rest of the entry's line is an extended regex looked for
# case-insensitively, an empty one means "call trace:", a leading '#'
# marks an entry to skip, with its reason.
#
# KERNEL_VARIANT=debug    CONFIG_DEBUG_REFCOUNT=y: every entry must pass.
# KERNEL_VARIANT=nodebug  CONFIG_DEBUG_REFCOUNT=n: entries that expect only
#                         a backtrace are still triggered but reported as
#                         skipped; the others must pass; and no
#                         "refcount_t:" line may appear in the log at all.
#
# Stricter than run.sh: an lkdtm "Fail:" or "Weird:" line, or an oops, in
# an entry's log fails it, and so does "refcount_t:" with nodebug or its
# absence with debug (every entry is a misuse that must be reported).

TESTS=${LKDTM_TESTS:-/tests/lkdtm/tests.txt}
DEBUGFS=/sys/kernel/debug
TRIGGER=$DEBUGFS/provoke-crash/DIRECT
CLEAR_ONCE=$DEBUGFS/clear_warn_once
BAD='(^|[^X])Fail:|Weird:|BUG:|Oops|Kernel panic|general protection'

setup_fail() {
	echo "not ok - lkdtm refcount: $*"
	exit 1
}

case "$KERNEL_VARIANT" in
debug|nodebug) ;;
*) setup_fail "KERNEL_VARIANT is '$KERNEL_VARIANT', not debug or nodebug" ;;
esac

[ -r "$TESTS" ] || setup_fail "cannot read $TESTS"
grep -E '^#?REFCOUNT_' "$TESTS" >entries
n=$(grep -c . entries)
[ "$n" -gt 0 ] || setup_fail "no REFCOUNT_ entries in $TESTS"
echo "# $n REFCOUNT entries in $TESTS, KERNEL_VARIANT=$KERNEL_VARIANT"

if [ ! -e "$TRIGGER" ]; then
	mount -t debugfs debugfs "$DEBUGFS" 2>/dev/null
fi
if [ ! -r "$TRIGGER" ] || [ ! -w "$TRIGGER" ]; then
	setup_fail "$TRIGGER missing (CONFIG_LKDTM, debugfs?)"
fi
cat "$TRIGGER" >known

# Markers written to the kernel log delimit what each trigger printed.
KMSG=/dev/kmsg
if [ ! -w "$KMSG" ]; then
	mknod kmsg c 1 11 2>/dev/null && KMSG=./kmsg
fi
[ -w "$KMSG" ] || setup_fail "cannot write to /dev/kmsg"

# If the kernel carries its config, it must match the variant we were told.
if [ -r /proc/config.gz ]; then
	if zcat /proc/config.gz | grep -q '^CONFIG_DEBUG_REFCOUNT=y$'; then
		have=debug
	else
		have=nodebug
	fi
	if [ "$have" = "$KERNEL_VARIANT" ]; then
		echo "ok - lkdtm refcount: kernel config is $KERNEL_VARIANT"
	else
		setup_fail "kernel config is $have, KERNEL_VARIANT=$KERNEL_VARIANT"
	fi
else
	echo "# no /proc/config.gz, variant not cross-checked"
fi

seq=0
# log_since MARKER: the kernel log after the line holding MARKER.
log_since() {
	dmesg | awk -v m="$1" 'found { print } index($0, m) { found = 1 }'
}

# trigger NAME [REPEAT]: provoke NAME, leaving its kernel log in ./log.
trigger() {
	seq=$((seq + 1))
	marker="lkdtm-refcount.sh: $seq $1 $$"
	echo "$marker" >"$KMSG"
	i=0
	while [ "$i" -lt "${2:-1}" ]; do
		# As in run.sh: cat, not the shell, takes any signal.
		echo "$1" | cat >"$TRIGGER" || true
		i=$((i + 1))
	done
	log_since "$marker" >log
	cat log >>all-logs
}

: >all-logs
while IFS= read -r line; do
	# Split the entry exactly as run.sh does.
	test=$(echo "$line" | cut -d" " -f1)
	if echo "$line" | grep -q ' '; then
		expect=$(echo "$line" | cut -d" " -f2-)
	else
		expect=""
	fi

	case "$test" in
	\#*)
		test=${test#\#}
		[ -n "$expect" ] || expect="crashes entire system"
		echo "ok - lkdtm $test # SKIP $expect"
		continue
		;;
	esac

	if ! grep -qx "$test" known; then
		echo "not ok - lkdtm $test # not listed in $TRIGGER"
		continue
	fi

	backtrace_only=false
	repeat=1
	if [ -z "$expect" ]; then
		expect="call trace:"
		backtrace_only=true
	elif echo "$expect" | grep -q '^repeat:'; then
		repeat=$(echo "$expect" | cut -d' ' -f1 | cut -d: -f2)
		expect=$(echo "$expect" | cut -d' ' -f2-)
	fi

	# Reset WARN_ONCE state, as run.sh does.
	[ -w "$CLEAR_ONCE" ] && echo 1 >"$CLEAR_ONCE"
	trigger "$test" "$repeat"

	why=""
	skip=""
	if [ "$KERNEL_VARIANT" = nodebug ] && $backtrace_only; then
		# No backtrace to look for: it only has to saturate quietly,
		# which the checks below and the final one cover.
		skip="needs CONFIG_DEBUG_REFCOUNT"
	elif grep -E -qi "$expect" log; then
		:
	elif grep -E -qi 'XFAIL:' log; then
		why="XFAIL (run.sh would skip)"
	else
		why="missing '$expect'"
	fi
	if grep -E -q "$BAD" log; then
		why="${why:+$why; }log reports a failure"
	fi
	if [ "$KERNEL_VARIANT" = debug ]; then
		grep -q 'refcount_t:' log || why="${why:+$why; }no refcount_t: warning"
	else
		grep -q 'refcount_t:' log && why="${why:+$why; }refcount_t: printed"
	fi

	if [ -z "$why" ] && [ -n "$skip" ]; then
		echo "ok - lkdtm $test # SKIP $skip"
		grep 'lkdtm:' log | sed 's/^/# /'
		continue
	fi
	if [ -z "$why" ]; then
		echo "ok - lkdtm $test"
		grep 'lkdtm:' log | sed 's/^/# /'
	else
		echo "not ok - lkdtm $test # $why"
		sed 's/^/# /' log
	fi
done <entries

if [ "$KERNEL_VARIANT" = debug ]; then
	# Every misuse warns, not just the first one of its kind: without
	# clearing warn_once, two saturated increments give two warnings.
	if grep -qx REFCOUNT_INC_SATURATED known; then
		trigger REFCOUNT_INC_SATURATED 2
		w=$(grep -c 'refcount_t:' log)
		if [ "$w" -ge 2 ]; then
			echo "ok - lkdtm refcount: every misuse warns ($w warnings)"
		else
			echo "not ok - lkdtm refcount: every misuse warns ($w warnings)"
			sed 's/^/# /' log
		fi
	else
		echo "not ok - lkdtm refcount: REFCOUNT_INC_SATURATED not in $TRIGGER"
	fi
else
	if dmesg | cat - all-logs | grep -q 'refcount_t:'; then
		echo "not ok - lkdtm refcount: no refcount_t: in the kernel log"
		dmesg | cat - all-logs | grep 'refcount_t:' | sed 's/^/# /'
	else
		echo "ok - lkdtm refcount: no refcount_t: in the kernel log"
	fi
fi
