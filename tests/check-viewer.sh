#!/bin/bash
# Open FILE (Chrome trace JSON or folded stacks) in speedscope in headless
# chromium and check, from the page, that FRAME is among its frames.
# Prints one TAP line and "# " lines, and saves a screenshot of the page
# to $BUILD/results/viewer/NAME.png. Needs scripts/install-viewer.sh first.
#
#   tests/check-viewer.sh FILE FRAME NAME
set -euo pipefail

[ $# -eq 3 ] || { echo "usage: $0 FILE FRAME NAME" >&2; exit 2; }
file=$1 frame=$2 name=$3
here=$(cd "$(dirname "$0")" && pwd)
BUILD=${BUILD:-$(dirname "$here")/build}
VIEWER_NPM=${VIEWER_NPM:-/var/cache/perf-ftrace-harness/npm}
speedscope=$VIEWER_NPM/node_modules/speedscope/dist/release
title="speedscope in chromium loads $name with $frame among its frames"

# Each line of the arguments as a TAP diagnostic.
diag() {
	printf '%s\n' "$@" | sed 's/^/# /'
}

not_ok() {
	reported=1
	echo "not ok - $title"
	diag "$@"
	exit 1
}

[ -r "$file" ] || not_ok "cannot read $file"
[ -f "$speedscope/index.html" ] || not_ok "no speedscope: run scripts/install-viewer.sh"
mkdir -p "$BUILD/results/viewer"
shot=$BUILD/results/viewer/$name.png

# Serve speedscope and the file from one directory of links, on a port
# the kernel picks; the server prints it.
root=$(mktemp -d)
server='' driver='' reported=''
cleanup() {
	local status=$?

	# A step that failed under set -e ends the script without a result.
	[ -n "$reported" ] || { echo "not ok - $title"; diag "stopped early (exit $status)"; }
	# timeout passes the signal on to node, which closes chromium.
	[ -z "$driver" ] || kill "$driver" 2>/dev/null || true
	[ -z "$server" ] || kill "$server" 2>/dev/null || true
	rm -rf "$root"
}
trap cleanup EXIT
ln -s "$speedscope" "$root/speedscope"
mkdir "$root/profile"
# Keep the name: speedscope picks some importers by it (*.chrome.json is a
# DevTools timeline, not a trace-event file).
ln -s "$(realpath "$file")" "$root/profile/$(basename "$file")"
# made here: the server's shell may open it after the first look for the port
: >"$root/server.log"
python3 -u -m http.server --bind 127.0.0.1 --directory "$root" 0 \
	>"$root/server.log" 2>&1 &
server=$!
port=
for _ in $(seq 50); do
	port=$(sed -n 's/.* port \([0-9]*\).*/\1/p' "$root/server.log")
	[ -n "$port" ] && break
	sleep 0.1
done
[ -n "$port" ] || not_ok "http server did not start: $(cat "$root/server.log")"

base=http://127.0.0.1:$port
profile=$(python3 -c 'import sys, urllib.parse as u
print(u.quote(sys.argv[1] + u.quote(sys.argv[2]), safe=""))' \
	"$base/profile/" "$(basename "$file")")
url="$base/speedscope/index.html#profileURL=$profile&view=sandwich"

# The page gets 50 s in all; a file of some 10^6 events takes longer.
NODE_PATH=$VIEWER_NPM/node_modules timeout 50 \
	node "$here/check-viewer.js" "$url" "$frame" "$shot" >"$root/out" 2>&1 &
driver=$!
status=0
wait $driver || status=$?
driver=
out=$(cat "$root/out")
[ $status -ne 124 ] || out+=$'\ntimed out after 50 s'
[ $status -eq 0 ] || not_ok "$out"
reported=1
echo "ok - $title"
diag "$out"
