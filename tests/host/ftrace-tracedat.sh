#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Host-side test of 'perf ftrace convert --to-trace-dat' on synthetic
# recordings: trace-cmd report of the file gives show's events
# (tracedat-check.py), trace-cmd's reader library and KernelShark's count
# them per CPU as show does (tests/tracedat/*.c), the CPU data is the
# recording's pages byte for byte, and bad input gives one line, a non-zero
# exit and no file, and never touches an older output file.
#
#   PERF=/path/to/perf ftrace-tracedat.sh [scratch dir]

. "$(dirname "$0")/tap.inc"
SRC=$HERE/../tracedat

for c in tracecmd-count:libtracecmd kshark-count:libkshark; do
	if ! gcc -O2 -Wall -o "${c%%:*}" "$SRC/${c%%:*}.c" \
		$(pkg-config --cflags --libs "${c#*:}") 2>"${c%%:*}.err"; then
		notok "build $SRC/${c%%:*}.c against ${c#*:}: $(head -3 "${c%%:*}.err")"
		finish
		exit 1
	fi
done

# judge NAME [perf options]: convert NAME.dir, then trace-cmd, libtracecmd
# and libkshark against show and report -D of the same CPUs
judge() {
	name=$1
	shift
	rm -f "$name.dat"
	if ! "$PERF" ftrace convert -i "$name" "$@" --to-trace-dat "$name.dat" \
		2>"$name.err"; then
		notok "$name: convert failed: $(head -3 "$name.err")"
		return
	fi
	expect "$name: convert prints nothing" "[ ! -s $name.err ]"
	expect "$name: the trace.dat is 0600, as the recording" \
		"[ \"\$(stat -c %a $name.dat)\" = 600 ]"
	"$PERF" ftrace show -i "$name" "$@" >"$name.show" 2>/dev/null
	"$PERF" ftrace report -D -i "$name" "$@" >"$name.dump" 2>/dev/null
	trace-cmd report -N -t "$name.dat" >"$name.tc" 2>"$name.tcerr"
	expect "$name: trace-cmd report reads it without a word on stderr" \
		"[ ! -s $name.tcerr ]"
	./tracecmd-count "$name.dat" >"$name.tcc" 2>&1
	./kshark-count "$name.dat" >"$name.ksc" 2>/dev/null
	python3 "$HERE/tracedat-check.py" "$name" "$name.show" "$name.dump" \
		"$name.tc" "libtracecmd:$name.tcc" "libkshark:$name.ksc" ||
		fails=$((fails + 1))
}

# same_pages NAME: each CPU's data in NAME.dat is NAME/trace-cpuN.buf
same_pages() {
	trace-cmd dump --flyrecord "$1.dat" 2>/dev/null |
	awk '/\[offset, size of cpu/ { sub(/\]/, "", $NF); print $1, $2, $NF }' |
	while read -r off size cpu; do
		f=$1/trace-cpu$cpu.buf
		[ -s "$f" ] || [ "$size" -eq 0 ] || { echo "cpu$cpu: no $f"; continue; }
		[ "$size" -eq 0 ] && continue
		tail -c +$((off + 1)) "$1.dat" | head -c "$size" | cmp -s - "$f" ||
			echo "cpu$cpu differs"
	done
}

synthetic_recordings
judge graph
judge func
judge lost
judge irq
for n in graph func lost; do
	d=$(same_pages $n)
	expect "$n: the CPU data of the trace.dat is the recording's pages, byte for byte" \
		"[ -n \"\$(trace-cmd dump --flyrecord $n.dat 2>/dev/null)\" ] && [ -z \"$d\" ]"
done
expect "lost: trace-cmd report shows the 42 events the kernel noted as lost" \
	"grep -qx 'CPU:1 \[42 EVENTS DROPPED\]' lost.tc"
expect "trace-cmd reads the version, CPU count and options" \
	"trace-cmd dump --summary graph.dat 2>/dev/null | grep -q '^	*6	\\[Version\\]' &&
	 trace-cmd dump --summary graph.dat 2>/dev/null | grep -q '^	*3 \\[CPUs with tracing data\\]' &&
	 trace-cmd dump --options graph.dat 2>/dev/null | grep -qx 'perf [0-9].*'"
# -C: only the pages of the CPUs asked for; the others are empty.
judge graph -C 1
expect "-C 1: trace-cmd sees events on CPU 1 only" \
	"[ \"\$(awk '\$2 == 1 { n++ } \$2 != 1 && \$4 != 0 { bad++ } END { print n + 0, bad + 0 }' graph.tcc)\" = '1 0' ]"

# Bad input: one line naming what was wrong, exit non-zero, no file left,
# and an older output file untouched.
KEPT=old.dat
echo keep >$KEPT
convert_refused "missing recording" "nothere.dir" -i nothere --to-trace-dat old.dat
# a copy cut inside its last page: the whole pages before the cut go in
mkdir -p cut.dir && cp graph/perf.header cut.dir/ &&
	head -c 5000 graph/trace-cpu0.buf >cut.dir/trace-cpu0.buf
"$PERF" ftrace convert -i cut --to-trace-dat cut.dat >/dev/null 2>cut.err
rc=$?
expect "a buffer file cut inside its last page converts (status $rc), with a warning" \
	"[ $rc -eq 0 ] && [ -s cut.dat ] && grep -q 'cut.dir/trace-cpu0.buf: offset 4096' cut.err"
# a page whose commit runs past its end, in the second page of CPU 2
rm -rf damaged.dir && cp -r graph damaged.dir &&
	printf '\377\377\000\000' | dd of=damaged.dir/trace-cpu2.buf bs=1 seek=4104 \
		conv=notrunc 2>/dev/null
convert_refused "damaged page" "damaged.dir/trace-cpu2.buf: offset 4104" -i damaged --to-trace-dat old.dat
rm -rf nohdr.dir && cp -r graph nohdr.dir && printf 'NOTPERF!' |
	dd of=nohdr.dir/perf.header conv=notrunc 2>/dev/null
convert_refused "not a perf.header" "nohdr.dir/perf.header" -i nohdr --to-trace-dat old.dat
# the tracing data cut short: perf's own reader stops first, or ours
rm -rf notd.dir && cp -r graph notd.dir &&
	python3 - notd.dir/perf.header <<'PY'
import struct, sys
p = sys.argv[1]
b = bytearray(open(p, 'rb').read())
off = b.find(b'\x17\x08\x44tracing')
i = b.find(b'header_page\0', off)
b[i:i + 11] = b'header_paeg'
open(p, 'wb').write(b)
PY
convert_refused "damaged tracing data" "perf.header" -i notd --to-trace-dat old.dat
# a feature table that gives the tracing data less room than it takes:
# perf's reader reads past it, the trace.dat writer must not
rm -rf short.dir && cp -r graph short.dir &&
	python3 - short.dir/perf.header <<'PY'
import struct, sys
p = sys.argv[1]
b = bytearray(open(p, 'rb').read())
data_off, data_size = struct.unpack_from('<QQ', b, 40)
# the first feature section is HEADER_TRACING_DATA (bit 1)
off, size = struct.unpack_from('<QQ', b, data_off + data_size)
struct.pack_into('<QQ', b, data_off + data_size, off, size - 100)
open(p, 'wb').write(b)
PY
convert_refused "tracing data longer than its section" "short.dir/perf.header: offset" \
	-i short --to-trace-dat old.dat
convert_refused "directory that does not exist" "nodir/out.dat" -i graph --to-trace-dat nodir/out.dat
mkdir -p isdir.dat
convert_refused "a directory in the way" "isdir.dat" -i graph --to-trace-dat isdir.dat
convert_refused "filters that cannot apply to whole pages" "--comms" -i graph --comms writer \
	--to-trace-dat old.dat
convert_refused "stdout" "stdout" -i graph --to-trace-dat -
convert_refused "with another output" "on its own" -i graph --to-trace-dat old.dat \
	--to-chrome old.dat

finish
