#!/usr/bin/env python3
"""summarize.py BENCH BIG_KB: print make bench's tables and save every raw
figure in BENCH/results.json.

Reads BENCH/share/part1.txt (bench/guest-run.sh: NAME TOOL KB LOOPS seconds
lost events bytes, or "-" and failed:STATUS) and BENCH/part2.txt
(bench/decode.sh: SIZE DECODER events seconds peak-KiB instructions
workload-events)."""
import json
import os
import statistics
import sys

bench, BIG_KB = sys.argv[1:3]


def num(s):
    return None if s == "-" else float(s)


def read(path, keys):
    if not os.path.exists(path):
        return []
    rows = []
    for line in open(path):
        f = line.split()
        row = dict.fromkeys(keys)
        row.update({k: (v if k in ("name", "tool", "size", "decoder", "status")
                        else num(v)) for k, v in zip(keys, f)})
        rows.append(row)
    return rows


part1 = read(f"{bench}/share/part1.txt",
             ["name", "tool", "kb", "loops", "seconds", "lost", "events",
              "bytes", "status"])
part2 = read(f"{bench}/part2.txt",
             ["size", "decoder", "events", "seconds", "peak_kib", "instructions",
              "workload_events"])


def fmt(v):
    if v is None:
        return "-"
    if v >= 1e6:
        return f"{v / 1e6:.2f}M"
    if v >= 1e4:
        return f"{v / 1e3:.0f}k"
    return f"{v:.3g}" if v < 100 else f"{v:.0f}"


def ratio(a, b):
    return f"{a / b:.2f}x" if a is not None and b else "-"


def table(title, head, rows):
    print(f"\n{title}")
    widths = [max(len(str(r[i])) for r in [head] + rows) for i in range(len(head))]
    for r in [head, ["-" * w for w in widths]] + rows:
        print("  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip())


# Part 1: per buffer size, one row per metric, min/median/max of the runs
# (the recordings made only for Part 2's scaling left out).
# A guest that failed after its line was written (the line is its last
# step) only failed to shut down: the line stands.
done = {r["name"] for r in part1 if r["seconds"] is not None}
runs1 = [r for r in part1 if "-scale-" not in r["name"]
         and (r["seconds"] is not None or r["name"] not in done)]
base = [r["seconds"] for r in runs1 if r["tool"] == "none" and r["seconds"]]
base = statistics.median(base) if base else None
tools = ["perf", "trace-cmd", "live"]
print(f"Part 1: record in the guest (4 vCPUs, TCG), workload untraced: "
      f"{fmt(base)} s (median)")
for kb in sorted({r["kb"] for r in runs1 if r["tool"] != "none"}, reverse=True):
    rows, med = [], {}
    runs = {t: [r for r in runs1 if r["tool"] == t and r["kb"] == kb] for t in tools}
    ok = {t: [r for r in runs[t] if r["seconds"] is not None] for t in tools}
    rows.append(["runs ok"] + [f"{len(ok[t])}/{len(runs[t])}" for t in tools] + ["", ""])
    for metric, key in [("events captured", "events"), ("events lost", "lost"),
                        ("bytes written", "bytes"), ("slowdown vs untraced", "slow")]:
        cells = []
        for t in tools:
            vals = sorted(r["seconds"] / base if key == "slow" else r[key] for r in ok[t])
            med[t] = statistics.median(vals) if vals else None
            cells.append(f"{fmt(med[t])} ({fmt(vals[0])}-{fmt(vals[-1])})" if vals else "-")
        rows.append([metric] + cells + [ratio(med["perf"], med["trace-cmd"]),
                                        ratio(med["perf"], med["live"])])
    table(f"buffer {kb:.0f} KiB per CPU: median (min-max)",
          ["", "perf record", "trace-cmd record", "perf live >file",
           "perf/trace-cmd", "perf/live"], rows)

# Part 2: the big recording, one row per metric, then the scaling.
print("\nPart 2: decode on the host, output to /dev/null")
decoders = ["show", "report", "trace-cmd"]
sizes = sorted({r["size"] for r in part2 if r["size"].startswith("scale-")} |
               {f"scale-{r['loops']:.0f}" for r in part1 if "-scale-" in r["name"]},
               key=lambda s: int(s.split("-")[1]))
smallest = {r["decoder"]: r for r in part2 if sizes and r["size"] == sizes[0]}


def per_event(r, key):
    return r[key] / r["events"] if r and r[key] and r["events"] else None


def ns_per_event(r):
    s = per_event(r, "seconds")
    return s * 1e9 if s is not None else None


def marginal(r):
    """Instructions per event beyond the smallest recording's: the fixed
    cost (reading the header, kallsyms) taken out."""
    s = smallest.get(r["decoder"])
    if not s or not s["instructions"] or not r["instructions"] \
            or r["events"] == s["events"]:
        return None
    return (r["instructions"] - s["instructions"]) / (r["events"] - s["events"])


got = {r["decoder"]: r for r in part2 if r["size"] == "big"}
rows = []
for metric, f in [("events", lambda r: r["events"]),
                  ("  of the workload", lambda r: r["workload_events"]),
                  ("ns/event (median)", ns_per_event),
                  ("peak RSS MiB", lambda r: r["peak_kib"] / 1024),
                  ("instructions/event", lambda r: per_event(r, "instructions")),
                  ("  beyond the smallest", marginal)]:
    v = {d: f(got[d]) if d in got else None for d in decoders}
    rows.append([metric] + [fmt(v[d]) for d in decoders] +
                [ratio(v["show"], v["trace-cmd"]), ratio(v["report"], v["trace-cmd"])])
table(f"Part 1's recording at {BIG_KB} KiB per CPU",
      ["", "perf ftrace show", "perf ftrace report", "trace-cmd report",
       "show/trace-cmd", "report/trace-cmd"], rows)

# Scaling: one column per recording, one row per decoder and metric.
rec = {}
for r in part1:
    key = (r["tool"], int(r["loops"]))
    # As in Part 1, a line from the guest stands over a failed shutdown.
    if "-scale-" in r["name"] and (r["seconds"] is not None or key not in rec):
        rec[key] = r
cell = {(r["size"], r["decoder"]): r for r in part2}
rows = []
for tool, d in [("perf", "show"), ("trace-cmd", "trace-cmd")]:
    runs = [rec.get((tool, int(s.split("-")[1])), {}) for s in sizes]
    rows.append([f"events captured, {tool}"] + [fmt(r.get("events")) for r in runs])
    rows.append(["  of the workload"] +
                [fmt(cell[s, d]["workload_events"]) if (s, d) in cell else "-"
                 for s in sizes])
    rows.append([f"events lost, {tool}"] + [fmt(r.get("lost")) for r in runs])
for metric, f in [("ns/event", ns_per_event),
                  ("peak RSS MiB", lambda r: r["peak_kib"] / 1024)]:
    for d in decoders:
        rows.append([f"{metric}, {d}"] +
                    [fmt(f(cell[s, d])) if (s, d) in cell else "-" for s in sizes])
table(f"scaling: recordings at {BIG_KB} KiB per CPU",
      ["round trips per CPU"] + [s.split("-")[1] for s in sizes], rows)

json.dump({"untraced_seconds": base, "part1": part1, "part2": part2},
          open(f"{bench}/results.json", "w"), indent=1)
print(f"\nraw figures: {bench}/results.json")
