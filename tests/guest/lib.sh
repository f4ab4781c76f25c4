# Helpers for guest tests; sourced.

TRACEFS=/sys/kernel/tracing

pass() { echo "ok - $*"; }
fail() { echo "not ok - $*"; }
skip() { desc=$1; shift; echo "ok - $desc # SKIP $*"; }

# check DESCRIPTION COMMAND...: one result line from COMMAND's exit status.
check() {
	desc=$1
	shift
	if "$@"; then pass "$desc"; else fail "$desc"; fi
}

# Print a diagnostic block, each line prefixed with "# ".
diag() { sed 's/^/# /'; }
# silent FILE: FILE says nothing, but for perf ftrace's note that
# function_graph's clock ran apart from the ring buffer's (6.1 marks the
# TSC unstable in these guests, and then stamps events with the global clock).
silent() { ! grep -qv "call times run .* apart from the ring buffer's clock" "$1"; }
