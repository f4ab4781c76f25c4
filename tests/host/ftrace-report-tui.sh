#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# 'perf ftrace report' on a terminal is perf's hists browser: run it in
# tmux on a synthetic recording, read the screen back, quit with 'q'.
# The screen is kept in $BUILD/results/report-tui.txt.
#
#   PERF=/path/to/perf ftrace-report-tui.sh [scratch dir]

. "$(dirname "$0")/tap.inc"
BUILD=${BUILD:-$HERE/../../build}
session=perf-ftrace-tui-$$

python3 "$HERE/mkrec.py" graph --cpus 3 --iter 20 || { notok "mkrec.py"; exit 1; }
# the entry the browser must show first, from the text output
top=$("$PERF" ftrace report -i graph --stdio -q | head -1 | sed 's/  */ /g; s/^ //')

trap 'tmux kill-session -t $session 2>/dev/null' EXIT
tmux new-session -d -s $session -x 120 -y 30 \
	"'$PERF' ftrace report -i graph; echo \$? >status; sleep 30"
screen=
for _ in $(seq 50); do
	sleep 0.2
	screen=$(tmux capture-pane -p -t $session)
	echo "$screen" | grep -q 'Event count' && break
done
echo "$screen" >screen.txt
mkdir -p "$BUILD/results" && cp screen.txt "$BUILD/results/report-tui.txt"
if grep -q "^Samples: .* of event 'ftrace:funcgraph_exit'" screen.txt &&
   sed -n 3p screen.txt | sed 's/  */ /g; s/^ //' | grep -qxF "$top"; then
	ok "the TUI shows the histogram, top entry first: $top"
else
	notok "the TUI shows the histogram, top entry first: $top"
	sed 's/^/# /' screen.txt | head -8
fi
# Enter on the top entry: its menu offers zoom and annotation, and none
# of the actions that run perf script on a perf.data file, which a
# recording is not
tmux send-keys -t $session Enter
for _ in $(seq 25); do
	sleep 0.2
	tmux capture-pane -p -t $session >menu.txt
	grep -q 'Exit' menu.txt && break
done
if grep -q 'Exit' menu.txt && ! grep -Eq 'Run scripts|individual samples|Switch to another data file' menu.txt; then
	ok "the entry's menu offers no scripts and no other data file"
else
	notok "the entry's menu offers no scripts and no other data file"
	grep -E 'Run scripts|individual|Switch|Exit' menu.txt | sed 's/^/# /'
fi
tmux send-keys -t $session Escape
sleep 0.5
tmux send-keys -t $session q
for _ in $(seq 50); do
	[ -s status ] && break
	sleep 0.2
done
if [ "$(cat status 2>/dev/null)" = 0 ]; then
	ok "q quits the TUI with exit status 0"
else
	notok "q quits the TUI with exit status 0 (status: $(cat status 2>/dev/null))"
fi

finish
