#!/bin/bash
# decode.sh
# Part 2 of make bench, on the host: decode Part 1's recordings with the
# host-built perf (ftrace show, ftrace report, ftrace convert) and with
# trace-cmd report, output to /dev/null but for convert's files, which are
# written to a scratch directory and deleted after each run.  For each
# recording (big: Part 1's at BIG_KB; scale-N: the one of N round trips;
# cpus-N: the one made on N CPUs) and
# decoder, appends to $BENCH/part2.txt:
#   SIZE DECODER events median-seconds peak-KiB instructions workload-events
#   json-bytes folded-bytes
# (diff decodes the recording against itself: its events are both sides')
# (instructions from callgrind, for the big recording, the smallest one,
# the function_graph one and show on the many-CPU one only: it runs some 50
# times slower; workload-events from show and trace-cmd report only; the
# sizes of convert's --to-chrome and --to-folded files from convert only).
# graph: perf's function_graph recording of Part 1, decoded by report,
# profile and trace-cmd report --profile; trace-cmd reads the same events,
# converted by perf ftrace convert --to-trace-dat, and both profiles are
# kept in $BENCH/callgrind/graph.DECODER.txt for summarize.py to compare.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"
. "$REPO/bench/settings.sh"

perf=${PERF:-$BUILD/perf/perf}
rec=$BENCH/share/rec
out=$BENCH/part2.txt
cg=$BENCH/callgrind
# Nothing of an earlier run: a run without the recordings shows no table.
rm -rf "$cg"
mkdir -p "$cg"
: >"$out"
# convert writes a temporary file and renames it: not to /dev/null.
scratch=$(mktemp -d "$BENCH/convert.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

# set_cmd DECODER NAME: cmd=(the command that decodes recording NAME)
set_cmd() {
	case $1 in
	show) cmd=("$perf" ftrace show -i "$rec/$2") ;;
	report) cmd=("$perf" ftrace report -i "$rec/$2") ;;
	report-g) cmd=("$perf" ftrace report -i "$rec/$2" --stdio -g) ;;
	diff) cmd=("$perf" ftrace diff "$rec/$2" "$rec/$2") ;;
	trace-cmd) cmd=(trace-cmd report -i "$rec/$2.dat") ;;
	profile) cmd=("$perf" ftrace profile -i "$rec/$2") ;;
	trace-cmd-profile) cmd=(trace-cmd report --profile -i "$rec/$2.dat") ;;
	convert) cmd=("$perf" ftrace convert -i "$rec/$2"
		      --to-chrome "$scratch/out.json" --to-folded "$scratch/out.folded") ;;
	esac
}

# outputs: the sizes of convert's files ("- -" for the others), deleted.
outputs() {
	local f sizes=

	for f in out.json out.folded; do
		if [ -e "$scratch/$f" ]; then
			sizes+="$(stat -c %s "$scratch/$f") "
		else
			sizes+="- "
		fi
	done
	rm -f "$scratch"/*
	echo "${sizes% }"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

decoders="show report report-g diff convert trace-cmd"
# Not run to ask: a perf from before convert takes it for a command to
# trace, and starts by resetting the host's tracefs.
if ! grep -q -a -e to-chrome "$perf"; then
	echo "# $perf has no ftrace convert: not measured" >&2
	decoders="show report trace-cmd"
fi
# diff: two recordings on perf's hists, as perf diff (patch 0223)
graph_decoders="show report profile trace-cmd trace-cmd-profile"
if grep -q -a -e 'perf ftrace diff \[' "$perf"; then
	graph_decoders="show report diff profile trace-cmd trace-cmd-profile"
else
	decoders=${decoders/diff /}
fi
# report -g: perf's hists with the exact call graphs (patch 0229)
if ! grep -q -a -e 'the exact call graph' "$perf"; then
	decoders=${decoders/report-g /}
else
	graph_decoders=${graph_decoders/report /report report-g }
fi

smallest=$(printf '%s\n' $SCALE_LOOPS | sort -n | head -1)

# decode SIZE DECODER NAME TOOL: time DECODER on recording NAME, which TOOL
# made, and count its instructions where SIZE says; appends its line to $out.
decode() {
	local size=$1 decoder=$2 name=$3 tool=$4 events times peak rss seconds ir mine sizes

	events=$(awk -v n="$name" -v t="$tool" '$1 == n && $2 == t && $7 != "-" {
		print $7; exit }' "$BENCH/share/part1.txt")
	[ "$decoder" = diff ] && [ -n "$events" ] && events=$((events * 2))
	set_cmd "$decoder" "$name"
	echo "# $size: ${cmd[*]}" >&2

	times=() peak=0
	for _ in $(seq "$RUNS"); do
		t0=$EPOCHREALTIME
		/usr/bin/time -f %M -o "$cg/rss" "${cmd[@]}" >/dev/null 2>&1 ||
			die "${cmd[*]} failed"
		times+=("$(echo "$EPOCHREALTIME - $t0" | bc)")
		rss=$(tail -1 "$cg/rss")
		[ "$rss" -gt "$peak" ] && peak=$rss
		sizes=$(outputs)
	done
	seconds=$(printf '%s\n' "${times[@]}" | median)

	ir=-
	case $size-$decoder in big-*|graph-*|cpus-*-show|"scale-$smallest-"*)
		valgrind --tool=callgrind --callgrind-out-file="$cg/$size.$decoder.out" \
			"${cmd[@]}" >/dev/null 2>"$cg/$size.$decoder.log"
		ir=$(sed -n 's/^summary: *//p' "$cg/$size.$decoder.out")
		outputs >/dev/null
		;;
	esac
	# The workload's own events: trace-cmd records itself too.
	mine=-
	case $decoder in show|trace-cmd)
		mine=$("${cmd[@]}" 2>/dev/null |
			awk '$1 ~ /^workload-/ { n++ } END { print n + 0 }') ;;
	esac
	echo "$size $decoder $events $seconds $peak $ir $mine $sizes" | tee -a "$out"
}

for size in big $(printf 'scale-%s ' $SCALE_LOOPS) "cpus-$MANY_CPUS"; do
	for decoder in $decoders; do
		# On many CPUs: show (its merge) and report only.
		case $size-$decoder in cpus-*-show|cpus-*-report|[!c]*) ;; *) continue ;; esac
		tool=perf
		[ $decoder = trace-cmd ] && tool=trace-cmd
		name=$tool-$size
		[ $size = big ] && name=$tool-$BIG_KB-1
		[ -e "$rec/$name.dir" ] || [ -e "$rec/$name.dat" ] || continue
		decode "$size" "$decoder" "$name" $tool
	done
done

# function_graph: profile against trace-cmd's, both on perf's recording.
graph=
for d in "$rec"/graph-*.dir; do
	[ -e "$d" ] && graph=$(basename "$d" .dir)
	break
done
if [ -n "$graph" ] && ! grep -q -a -e to-trace-dat "$perf"; then
	# profile (0215) comes before convert --to-trace-dat (0220)
	echo "# $perf has no ftrace convert --to-trace-dat: $graph not decoded" >&2
elif [ -n "$graph" ]; then
	"$perf" ftrace convert -i "$rec/$graph.dir" --to-trace-dat "$rec/$graph.dat" ||
		die "perf ftrace convert --to-trace-dat of $graph failed"
	for decoder in $graph_decoders; do
		decode graph "$decoder" "$graph" perf
	done
	for decoder in profile trace-cmd-profile; do
		set_cmd "$decoder" "$graph"
		"${cmd[@]}" >"$cg/graph.$decoder.txt" 2>/dev/null
	done
fi

# Where the instructions go on the big recording: each decoder's own
# (exclusive) instructions by source line's function, for summarize.py.
# Likewise on the function_graph recording.
for run in big.show big.report big.trace-cmd graph.show graph.report graph.report-g \
	graph.profile; do
	[ -e "$cg/$run.out" ] || continue
	callgrind_annotate --auto=no --inclusive=no --threshold=99 "$cg/$run.out" \
		>"$cg/$run.annotate" 2>/dev/null
done
