#!/bin/bash
# make run CMD='...' hands the command to the guest's shell as typed: its
# $ are the shell's (loop variables, $HOME, $?), not make's.
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

make -s -C "$here" run SHARE="$scratch" \
	CMD='for f in a b; do echo "$f"; done; echo "$HOME"; false; echo "status $?"' \
	>"$scratch/out" 2>&1
got=$(tr -d '\r' <"$scratch/out" | grep -E '^(a|b|/root|status [0-9]+)$' | tr '\n' ' ')
if [ "$got" = "a b /root status 1 " ]; then
	echo "ok - make run passes CMD's \$ to the guest's shell untouched"
else
	tail -5 "$scratch/out" | sed 's/^/# /'
	echo "not ok - make run passes CMD's \$ to the guest's shell untouched (got: $got)"
fi
