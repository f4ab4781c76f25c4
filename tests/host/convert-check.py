#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Judge the output of 'perf ftrace convert' against show and report.

  convert-check.py NAME JSON FOLDED SHOW REPORT

JSON and FOLDED were converted from a recording, SHOW and REPORT are what
'perf ftrace show' and 'perf ftrace report' print for the same recording.
Prints one TAP line per check, each naming NAME:
- the JSON parses and every complete ("X") event nests strictly within
  its thread: two calls of one thread are disjoint or one holds the other;
- the calls that returned are exactly the ones show prints, with the same
  thread, function and duration; function-tracer events likewise;
- the folded weights add up to report's event count.
"""
import collections
import decimal
import json
import re
import sys

SHOW_LINE = re.compile(r"^\s*(.+?)-(\d+)\s+\[(\d+)\]\s+[\d.]+: (\S+):\s+(.*)$")
DURATION = re.compile(r"^[+!#*@$]? *(\d+)\.(\d{3}) us \|  (.*)$")


def check(ok, what):
    print(("ok - " if ok else "not ok - ") + what)
    return ok


def show_calls(path):
    """Returned calls (tid, func, dur_ns) and function events (tid, func)."""
    calls, funcs = collections.Counter(), collections.Counter()
    with open(path, errors="replace") as f:
        for line in f:
            m = SHOW_LINE.match(line.rstrip("\n"))
            if not m:
                continue
            pid, cpu, event, rest = int(m[2]), int(m[3]), m[4], m[5]
            # convert's tid of the idle task of a CPU (CHROME_IDLE_TID)
            tid = pid if pid else (1 << 24) + cpu
            if event == "function":
                funcs[(tid, rest.split(" <-- ")[0])] += 1
                continue
            d = DURATION.match(rest)
            if not d:
                continue
            dur = int(d[1]) * 1000 + int(d[2])
            body = d[3].strip()
            if event == "funcgraph_exit":
                m2 = re.match(r"^\} /\* (\S+) \*/$", body)
                if m2:
                    calls[(tid, m2[1], dur)] += 1
            elif event == "funcgraph_entry" and body.endswith("();"):
                calls[(tid, body[:-3], dur)] += 1
    return calls, funcs


def ns(value):
    """Microseconds with three decimals, read exactly, to integer ns."""
    return int(value * 1000)


def nesting_errors(events):
    """Calls of a thread that overlap without one holding the other."""
    by_thread = collections.defaultdict(list)
    for e in events:
        start = ns(e["ts"])
        by_thread[(e["pid"], e["tid"])].append((start, -(start + ns(e["dur"]))))
    bad = 0
    for spans in by_thread.values():
        spans.sort()
        open_ends = []
        for start, neg_end in spans:
            end = -neg_end
            while open_ends and open_ends[-1] <= start:
                open_ends.pop()
            if open_ends and end > open_ends[-1]:
                bad += 1
            open_ends.append(end)
    return bad


def main():
    name, json_path, folded_path, show_path, report_path = sys.argv[1:6]
    try:
        with open(json_path) as f:
            trace = json.load(f, parse_float=decimal.Decimal)
        events = trace["traceEvents"]
    except (ValueError, KeyError) as err:
        check(False, f"{name}: the Chrome JSON parses ({err})")
        return 1
    check(True, f"{name}: the Chrome JSON parses ({len(events)} events)")
    ok = True

    xs = [e for e in events if e.get("ph") == "X"]
    bad = nesting_errors(xs)
    ok &= check(bad == 0 and trace.get("displayTimeUnit") == "ns",
                f"{name}: {len(xs)} calls nest strictly per thread ({bad} do not)")

    calls, funcs = show_calls(show_path)
    returned = collections.Counter(
        (e["tid"], e["name"], ns(e["dur"])) for e in xs
        if "cut" not in e["args"] and "clamped" not in e["args"])
    clamped = sum(1 for e in xs if "clamped" in e["args"])
    # a clamped call may differ from show by the clamp: compare the others
    missing = calls - returned
    extra = returned - calls
    ok &= check(len(extra) == 0 and sum(missing.values()) <= clamped,
                f"{name}: the {sum(calls.values())} returned calls are show's, "
                f"with their durations ({sum(extra.values())} not in show, "
                f"{sum(missing.values())} of show's missing, {clamped} clamped)")
    instants = collections.Counter(
        (e["tid"], e["name"]) for e in events
        if e.get("ph") == "i" and e["name"] != "lost events")
    ok &= check(instants == funcs,
                f"{name}: the {sum(funcs.values())} function events are show's")

    total = 0
    with open(folded_path) as f:
        for line in f:
            total += int(line.rsplit(" ", 1)[1])
    with open(report_path) as f:
        m = re.search(r"^# Event count \(approx\.\): (\d+)", f.read(), re.M)
    count = int(m[1]) if m else -1
    ok &= check(total == count,
                f"{name}: the folded weights add up to report's event count "
                f"({total}, report: {count})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
