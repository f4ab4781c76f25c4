#!/bin/bash
# check-convert.sh DIR
# 'perf ftrace convert', on the host, of the guest's recordings left in DIR
# by tests/guest/ftrace-show-report.sh: graph.dir (-G getppid of
# getppid-loop 100) and system.dir (-a while getppid-loop 100 runs).
# Each conversion is judged against show and report of the same recording
# (tests/host/convert-check.py), and both outputs of graph.dir are opened
# in speedscope in headless chromium (tests/check-viewer.sh).
set -uo pipefail

dir=$1
here=$(cd "$(dirname "$0")" && pwd)
perf=${PERF:?}
frame=__do_sys_getppid
calls=100
if [ ! -d "$dir/graph.dir" ] || [ ! -d "$dir/system.dir" ]; then
	echo "not ok - convert of the guest's recordings (none left in $dir)"
	exit 0
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# convert_one NAME: convert, show and report DIR/NAME.dir into $out
convert_one() {
	local name=$1 start
	"$perf" ftrace show -i "$dir/$name" >"$out/$name.show" 2>/dev/null
	"$perf" ftrace report -i "$dir/$name" >"$out/$name.report" 2>/dev/null
	start=$(date +%s%N)
	if ! "$perf" ftrace convert -i "$dir/$name" --to-chrome "$out/$name.json" \
		--to-folded "$out/$name.folded" 2>"$out/$name.err"; then
		echo "not ok - convert of the guest's $name.dir"
		sed 's/^/# /' "$out/$name.err"
		return 1
	fi
	echo "ok - convert of the guest's $name.dir"
	echo "# $(du -sh "$dir/$name.dir" | cut -f1) recorded: JSON" \
		"$(du -h "$out/$name.json" | cut -f1), folded" \
		"$(du -h "$out/$name.folded" | cut -f1), in" \
		"$((($(date +%s%N) - start) / 1000000)) ms"
	python3 "$here/host/convert-check.py" "guest $name.dir" "$out/$name.json" \
		"$out/$name.folded" "$out/$name.show" "$out/$name.report"
}

convert_one graph
n=$(grep -c "\"ph\":\"X\",\"name\":\"$frame\"" "$out/graph.json")
if [ "$n" -eq $calls ]; then
	echo "ok - the guest's graph.dir converts to exactly $calls calls of $frame"
else
	echo "not ok - the guest's graph.dir converts to exactly $calls calls of $frame ($n)"
fi
convert_one system
grep -c '"cut"' "$out/system.json" | sed 's/^/# calls cut by lost events or the end: /'

# A real viewer must open both.  The JSON keeps its plain .json name.
"$here/check-viewer.sh" "$out/graph.json" $frame guest-graph-chrome
"$here/check-viewer.sh" "$out/graph.folded" $frame guest-graph-folded
