#!/bin/bash
# The package's perf decodes the guest's recordings (RECORDINGS: graph.dir,
# func.dir, system.dir, left by tests/guest/ftrace-show-report.sh) as the
# harness's perf ($PERF, the build that the host and guest tests judge)
# does: show, report (with call graphs), convert (Chrome JSON, folded
# stacks, trace.dat), profile -i, latency -i and diff, and perf's own
# report and script on the recording's perf.header, each print, and
# write, the same bytes.  Both run as a user without root, on copies of
# the recordings made readable to that user.
. "$(dirname "$0")/deb.inc"

if [ ! -d "${RECORDINGS:-}/graph.dir" ]; then
	notok "the package's perf on the guest's recordings (none in '${RECORDINGS:-}')"
	exit 1
fi
chmod 755 "$S"
mkdir rec ours tested
cp -r "$RECORDINGS"/*.dir "$PERF" rec/
chmod -R a+rX rec

# both NAME ARGS...: 'perf ARGS' of each perf, as nobody, in a directory
# NAME of its own (ours/, tested/), stdout and stderr to out and err
# there; they print and write the same, but for the header's line of the
# features a perf.header lacks, which a perf built without libbpf prints
# as (null) where it does not know their names, and perf report's tip.
both() {
	name=$1
	shift
	mkdir -m 1777 ours/$name tested/$name
	runuser -u nobody -- sh -c 'cd "$1" && shift && PERF_EXEC_PATH="$0/usr/lib/perf-core" \
		exec "$0/usr/bin/perf" "$@"' "$OURS" ours/$name "$@" >ours/$name/out 2>ours/$name/err
	rc=$?
	runuser -u nobody -- sh -c 'cd "$0" && exec ../../rec/perf "$@"' tested/$name "$@" \
		>tested/$name/out 2>tested/$name/err
	# perf report ends with a tip drawn at random from tips.txt.
	sed -i -e '/^# missing features: /d' -e '/^# (Tip: .*)$/d' \
		ours/$name/out tested/$name/out
	expect_else "$name: the package's perf prints and writes what the tested build does" \
		'[ $rc -eq 0 ] && diff -r tested/$name ours/$name >$name.diff' \
		'echo "status $rc"; head -5 ours/$name/err $name.diff'
}

fn=__do_sys_getppid
for rec in graph func system; do
	both show-$rec ftrace show -i ../../rec/$rec
	both report-$rec ftrace report -i ../../rec/$rec --stdio -n
	both convert-$rec ftrace convert -i ../../rec/$rec --to-chrome $rec.json \
		--to-folded $rec.folded
	both trace-dat-$rec ftrace convert -i ../../rec/$rec --to-trace-dat $rec.dat
done
both report-callgraph ftrace report -i ../../rec/graph --stdio -g --children
both profile ftrace profile -i ../../rec/graph
both latency ftrace latency -i ../../rec/graph -T $fn
both diff ftrace diff ../../rec/graph ../../rec/system
# perf's own report and script on the recording's perf.header
both perf-report report --stdio -i ../../rec/graph.dir/perf.header
both perf-script script -i ../../rec/graph.dir/perf.header
expect "they printed and wrote something" \
	'[ -s ours/show-graph/out ] && [ -s ours/convert-graph/graph.json ] && [ -s ours/trace-dat-graph/graph.dat ] && [ -s ours/profile/out ]'

finish
