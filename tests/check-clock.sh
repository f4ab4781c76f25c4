#!/bin/bash
# check-clock.sh DIR
# One clock on a real recording: the system-wide function_graph recording
# of the 6.1 guest (DIR/system.dir, left by tests/guest/ftrace-show-report.sh),
# whose ring buffer runs on the "global" trace_clock while function_graph's
# call and return times come from the local clock.  Every time that
# --duration-min, report --time and convert use is show's, and so the
# kernel's trace file's: show --duration-min prints each call at its exit
# event (a leaf's, which show folds into one line, with the duration show
# prints); report --time over show's whole range (to the last call's return) keeps every call; and
# convert starts each call at a time show prints (its entry).
set -uo pipefail

dir=$1
perf=${PERF:?}
rec=$dir/system.dir
if [ ! -d "$rec" ]; then
	echo "not ok - one clock on the guest's recording (none left in $dir)"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$perf" ftrace show -i "$rec" >"$tmp/show" 2>/dev/null
"$perf" ftrace show -i "$rec" --duration-min "${DURATION_MIN:-1ms}" >"$tmp/long" 2>"$tmp/long.err"
"$perf" ftrace convert -i "$rec" --to-chrome "$tmp/chrome.json" 2>/dev/null
grep -m1 'apart' "$tmp/long.err" | sed 's/^/# /'
python3 - "$tmp" <<'EOF'
import bisect, json, re, sys

tmp = sys.argv[1]
line = re.compile(r'^\s*(\S.*?)-(\d+)\s+\[(\d+)\]\s+(\d+\.\d{6}):\s+funcgraph_(entry|exit):'
                  r'\s+\S?\s*([\d.]+ us)?\s*\|\s*(.*)$')
shown = []
for l in open(tmp + '/show'):
    m = line.match(l)
    if m:
        shown.append(float(m.group(4)) * 1e6)
shown.sort()


def near(t, us=20):
    i = bisect.bisect_left(shown, t - us)
    return i < len(shown) and shown[i] <= t + us


long = []
leaves = set()
for l in open(tmp + '/show'):
    m = line.match(l)
    if m and m.group(6) and m.group(7).endswith('();'):
        leaves.add((m.group(7)[:-3].strip(), int(m.group(2)), m.group(6)))
for l in open(tmp + '/long'):
    m = line.match(l)
    if m and m.group(6):
        t = float(m.group(4)) * 1e6
        long.append((t, m.group(6), m.group(7).split(' <-- ')[0].strip(), int(m.group(2))))
# an exit show prints, or a leaf show prints on one line with that duration
bad = [c for c in long if not near(c[0], 1) and (c[2], c[3], c[1]) not in leaves]
print(('ok' if long and not bad else 'not ok') +
      ' - show --duration-min prints each of its %d calls at its exit, as show does (%d not%s)'
      % (len(long), len(bad), ': %s' % (bad[:2],) if bad else ''))
evs = json.load(open(tmp + '/chrome.json'))
evs = evs['traceEvents'] if isinstance(evs, dict) else evs
# every call convert starts after the first event (before it: a call
# whose entry was not recorded) and did not clamp into its caller starts
# at its entry event, at a time show prints
xs = [e for e in evs if e.get('ph') == 'X' and e['ts'] >= shown[0] and
      not e.get('args', {}).get('clamped')]
off = [(e['name'], e['ts']) for e in xs if not near(e['ts'], 1)]
print(('ok' if xs and not off else 'not ok') +
      ' - convert starts its %d calls at their entry, as show prints it (%d not%s)'
      % (len(xs), len(off), ': %s' % (off[:2],) if off else ''))
EOF
first=$(sed -nE 's/^.*\] +([0-9]+\.[0-9]{6}): .*$/\1/p' "$tmp/show" | head -1)
# The last return: a leaf call's line is printed at its entry, and it
# returns its duration later, maybe after the last line's time.
last=$(awk 'match($0, /\] +[0-9]+\.[0-9]+: /) {
		t = substr($0, RSTART + 1, RLENGTH - 3) + 0; end = t
		if (match($0, /funcgraph_entry: +[+!#*@$]? *[0-9.]+ us \|.*\(\);$/)) {
			d = substr($0, RSTART); sub(/^funcgraph_entry: +[+!#*@$]? */, "", d)
			end = t + (d + 0) / 1e6
		}
		if (end > last) last = end
	} END { printf "%.6f", last }' "$tmp/show")
calls() { awk '$2 ~ /^[0-9]+$/ { n += $2 } END { print n + 0 }' "$1"; }
"$perf" ftrace report -i "$rec" --stdio -q -n -s sym >"$tmp/all" 2>/dev/null
"$perf" ftrace report -i "$rec" --stdio -q -n -s sym --time "$first,$last" >"$tmp/window" 2>/dev/null
all=$(calls "$tmp/all") window=$(calls "$tmp/window")
if [ "$all" -gt 0 ] && [ "$window" -eq "$all" ]; then
	echo "ok - report --time over show's whole range ($first,$last) keeps all $all calls"
else
	echo "not ok - report --time over show's whole range ($first,$last) keeps all calls ($window of $all)"
fi
