#!/bin/bash
# compare-host-decode.sh DIR
# show and report, run on the host without root on a recording made in the
# guest (DIR/graph.dir, left by tests/guest/ftrace-show-report.sh), must
# print what they printed in the guest (DIR/show.out, DIR/report.out).
set -uo pipefail

dir=$1
perf=${PERF:?}
if [ ! -d "$dir/graph.dir" ]; then
	echo "not ok - host decode of the guest's recording (none left in $dir)"
	exit 0
fi
# A copy that an unprivileged user can reach, wherever the clone is.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
cp -r "$dir/graph.dir" "$perf" "$tmp/"
chmod -R a+rX "$tmp"
# "captured on" is the time stamp of the header file, which copying changes.
strip() { grep -v '^# captured on'; }
cd "$dir"
for cmd in show report; do
	# the guest's report has -n (tests/guest/ftrace-show-report.sh)
	args=
	[ $cmd = report ] && args=-n
	(cd "$tmp" && runuser -u nobody -- ./perf ftrace $cmd -i graph $args) \
		>host-$cmd.out 2>host-$cmd.err
	status=$?
	if [ $status -ne 0 ]; then
		echo "not ok - host $cmd of the guest's recording, without root (exit $status)"
		sed 's/^/# /' host-$cmd.err | head -5
	elif diff <(strip <$cmd.out) <(strip <host-$cmd.out) >$cmd.diff; then
		echo "ok - host $cmd of the guest's recording, without root, matches the guest's"
	else
		echo "not ok - host $cmd of the guest's recording, without root, matches the guest's"
		head -10 $cmd.diff | sed 's/^/# /'
	fi
done
