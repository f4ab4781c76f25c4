#!/bin/bash
# check-tracedat.sh DIR
# 'perf ftrace convert --to-trace-dat', on the host, of the guest's
# recordings left in DIR by tests/guest/ftrace-show-report.sh: func.dir
# (-t function -T getppid), graph.dir (-G getppid) and system.dir (-a).
# trace-cmd report of each trace.dat must give show's events
# (tests/host/tracedat-check.py), libtracecmd and libkshark must count
# them per CPU as show does (tests/tracedat/*.c), and KernelShark, the
# GUI, run under Xvfb, must draw them: its screenshots are kept in
# $BUILD/results/kernelshark-*.png.
set -uo pipefail

dir=$1
here=$(cd "$(dirname "$0")" && pwd)
perf=${PERF:?}
shots=${BUILD:-$here/../build}/results
if [ ! -d "$dir/graph.dir" ] || [ ! -d "$dir/system.dir" ] || [ ! -d "$dir/func.dir" ]; then
	echo "not ok - trace.dat of the guest's recordings (none left in $dir)"
	exit 0
fi
out=$(mktemp -d)
chmod 755 "$out"
xvfb= ks=
cleanup() {
	[ -n "$ks" ] && kill "$ks" 2>/dev/null
	[ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null
	wait 2>/dev/null
	rm -rf "$out"
}
trap cleanup EXIT
cd "$out" || exit 1

for c in tracecmd-count:libtracecmd kshark-count:libkshark; do
	if ! gcc -O2 -Wall -o "${c%%:*}" "$here/tracedat/${c%%:*}.c" \
		$(pkg-config --cflags --libs "${c#*:}") 2>"${c%%:*}.err"; then
		echo "not ok - build tests/tracedat/${c%%:*}.c against ${c#*:}"
		sed 's/^/# /' "${c%%:*}.err" | head -5
		exit 0
	fi
done

for name in func graph system; do
	start=$(date +%s%N)
	if ! "$perf" ftrace convert -i "$dir/$name" --to-trace-dat "$name.dat" 2>"$name.err"; then
		echo "not ok - trace.dat of the guest's $name.dir"
		sed 's/^/# /' "$name.err"
		continue
	fi
	echo "ok - trace.dat of the guest's $name.dir"
	echo "# $(du -sh "$dir/$name.dir" | cut -f1) recorded: trace.dat" \
		"$(du -h "$name.dat" | cut -f1), in $((($(date +%s%N) - start) / 1000000)) ms"
	"$perf" ftrace show -i "$dir/$name" >"$name.show" 2>/dev/null
	"$perf" ftrace report -D -i "$dir/$name" >"$name.dump" 2>/dev/null
	trace-cmd report -N -t "$name.dat" >"$name.tc" 2>"$name.tcerr"
	if [ -s "$name.tcerr" ]; then
		echo "not ok - trace-cmd report reads the guest's $name.dat without a word on stderr"
		sed 's/^/# /' "$name.tcerr" | head -5
	fi
	./tracecmd-count "$name.dat" >"$name.tcc" 2>&1
	./kshark-count "$name.dat" >"$name.ksc" 2>&1
	trace-cmd dump --kallsyms "$name.dat" >"$name.kallsyms" 2>/dev/null
	python3 "$here/host/tracedat-check.py" --kallsyms "$name.kallsyms" \
		"guest $name.dir" "$name.show" \
		"$name.dump" "$name.tc" "libtracecmd:$name.tcc" "libkshark:$name.ksc"
	grep -c 'EVENTS DROPPED' "$name.tc" | sed 's/^/# lost-event marks in trace-cmd report: /'
done
trace-cmd report graph.dat 2>/dev/null | sed -n '2,7p' | sed 's/^/# /'

# KernelShark itself, as a user: it stops at a dialog when run as root.
# ks_shot FILE PNG [empty]: screenshot of KernelShark with FILE (none if
# ""), checked by screen-check.py; until it draws events, or 60 s; with
# "empty", once its window is drawn and does not change.
ks_shot() {
	local file=$1 png=$2 empty=${3:-} i
	if [ -n "$file" ]; then
		cp "$file" "$out/view.dat" && chmod 644 "$out/view.dat"
		file=$out/view.dat
	fi
	runuser -u nobody -- env DISPLAY=":$disp" HOME="$out/home" \
		XDG_RUNTIME_DIR="$out/home" kernelshark $file >"$out/ks.log" 2>&1 &
	ks=$!
	for i in $(seq 30); do
		sleep 2
		xwd -display ":$disp" -root -silent | convert xwd:- ppm:"$out/shot.ppm" 2>/dev/null
		if [ -z "$empty" ]; then
			python3 "$here/tracedat/screen-check.py" "$out/shot.ppm" >"$out/rows" && break
		else
			# drawn (its tool bar is there) and settled
			python3 "$here/tracedat/screen-check.py" "$out/shot.ppm" >"$out/rows"
			[ $? -ne 2 ] && cmp -s "$out/shot.ppm" "$out/last.ppm" && break
			cp "$out/shot.ppm" "$out/last.ppm"
		fi
	done
	convert "$out/shot.ppm" "$png" 2>/dev/null
	kill "$ks" 2>/dev/null
	wait "$ks" 2>/dev/null
	ks=
	python3 "$here/tracedat/screen-check.py" "$out/shot.ppm" >"$out/rows"
}

mkdir -p "$out/home" "$shots" && chown nobody "$out/home" && chmod 700 "$out/home"
exec 3>"$out/disp"
Xvfb -displayfd 3 -ac -nolisten tcp -screen 0 1280x900x24 >"$out/xvfb.log" 2>&1 &
xvfb=$!
exec 3>&-
for i in $(seq 20); do
	[ -s "$out/disp" ] && break
	sleep 0.5
done
disp=$(cat "$out/disp")
if [ -z "$disp" ]; then
	echo "not ok - Xvfb started"
	sed 's/^/# /' "$out/xvfb.log" | head -5
	exit 0
fi
# The check of the screenshot must be able to fail: KernelShark without a
# file draws its window with an empty graph.  (With a trace.dat of no
# events, KernelShark 2.2 never finishes drawing its window.)
ks_shot "" "$shots/kernelshark-empty.png" empty
# 1: a KernelShark window, and nothing drawn in its graph
[ $? -eq 1 ] && ok=ok || ok="not ok"
echo "$ok - KernelShark without a file draws no events ($(cat "$out/rows") coloured pixels)"
for name in graph system; do
	if ks_shot "$name.dat" "$shots/kernelshark-$name.png"; then
		echo "ok - KernelShark opens the guest's $name.dat and draws its events" \
			"($(cat "$out/rows") coloured pixels, $shots/kernelshark-$name.png)"
	else
		echo "not ok - KernelShark opens the guest's $name.dat and draws its events" \
			"($(cat "$out/rows") coloured pixels, $shots/kernelshark-$name.png)"
		sed 's/^/# /' "$out/ks.log" | head -5
	fi
done
