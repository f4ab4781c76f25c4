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
