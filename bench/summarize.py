#!/usr/bin/env python3
"""summarize.py BENCH BIG_KB: print make bench's tables and save them, and
every raw figure, in BENCH/results.json.

Reads BENCH/share/part1.txt (bench/guest-run.sh: NAME TOOL KB LOOPS seconds
lost events bytes recorder-cpu workload-cpu session-lost, or "-" and
failed:STATUS) and
BENCH/part2.txt (bench/decode.sh: SIZE DECODER events seconds peak-KiB
instructions workload-events json-bytes folded-bytes), and for the
function_graph recording both profiles, BENCH/callgrind/graph.*.txt."""
import json
import os
import re
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
              "bytes", "rec_cpu", "wl_cpu", "session_lost", "status"])
part2 = read(f"{bench}/part2.txt",
             ["size", "decoder", "events", "seconds", "peak_kib", "instructions",
              "workload_events", "json_bytes", "folded_bytes"])


def fmt(v):
    if v is None:
        return "-"
    if v >= 1e9:
        return f"{v / 1e9:.2f}G"
    if v >= 1e6:
        return f"{v / 1e6:.2f}M"
    if v >= 1e4:
        return f"{v / 1e3:.0f}k"
    return f"{v:.3g}" if v < 100 else f"{v:.0f}"


def ratio(a, b):
    return f"{a / b:.2f}x" if a is not None and b else "-"


tables = []     # every table printed, for results.json


def table(title, head, rows):
    tables.append({"title": title, "head": head, "rows": rows})
    print(f"\n{title}")
    widths = [max(len(str(r[i])) for r in [head] + rows) for i in range(len(head))]
    for r in [head, ["-" * w for w in widths]] + rows:
        print("  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip())


# Part 1: per buffer size, one row per metric, min/median/max of the runs
# (the recordings made only for Part 2's scaling left out).
# A guest that failed after its line was written (the line is its last
# step) only failed to shut down: the line stands.
done = {(r["name"], r["tool"]) for r in part1 if r["seconds"] is not None}
kept = [r for r in part1 if r["seconds"] is not None or (r["name"], r["tool"]) not in done]
# The function tracer's lines: not the scaling's, the goal's, the many-CPU
# one or function_graph's.
runs1 = [r for r in kept if "-scale-" not in r["name"]
         and not r["name"].startswith(("goal", "perf-cpus-", "graph-"))]
untraced = [r for r in runs1 if r["tool"] == "none" and r["seconds"]]
base = statistics.median(r["seconds"] for r in untraced) if untraced else None
GOAL = 1.1      # perf record's slowdown over the function tracer's alone


def div(a, b):
    return a / b if a is not None and b else None


def cpu_per_mb(r, less=0):
    """The recorder's CPU time per MB it saved, in ms; less, CPU seconds
    taken out first."""
    if not r or r["rec_cpu"] is None or not r["bytes"] or less is None:
        return None
    return (r["rec_cpu"] - less) * 1e3 / (r["bytes"] / 1e6)


def spread(vals):
    """median (min-max) of vals, and the median."""
    vals = sorted(v for v in vals if v is not None)
    if not vals:
        return "-", None
    med = statistics.median(vals)
    return f"{fmt(med)} ({fmt(vals[0])}-{fmt(vals[-1])})", med


NAMES = {"perf": "perf record", "trace-cmd": "trace-cmd record",
         "live": "perf live >file", "tracer": "tracer alone"}


def part1_table(title, runs, tools, peers, untraced_s, tracer_s):
    """One row per metric, median (min-max) of the runs of each of tools,
    and the ratio of perf's median to each of peers'.  untraced_s(r) and
    tracer_s(r): the workload's seconds that run r's slowdowns are set
    against.  Returns the medians, by (metric, tool)."""
    ok = {t: [r for r in runs if r["tool"] == t and r["seconds"] is not None] for t in tools}
    rows = [["runs ok"] + [f"{len(ok[t])}/{sum(r['tool'] == t for r in runs)}"
                           for t in tools] + [""] * len(peers)]
    # What turning the tracer on and off costs by itself.
    onoff = spread(r["rec_cpu"] for r in ok["tracer"])[1]
    med = {}
    for metric, f in [("events captured", lambda r: r["events"]),
                      ("events lost", lambda r: r["lost"]),
                      ("  in the whole session", lambda r: r["session_lost"]),
                      ("bytes written", lambda r: r["bytes"]),
                      ("slowdown vs untraced",
                       lambda r: div(r["seconds"], untraced_s(r))),
                      # The kernel's own cost is the tracer's slowdown:
                      # the rest is the tool's.
                      ("slowdown vs tracer alone",
                       lambda r: div(r["seconds"], tracer_s(r))),
                      ("recorder CPU s", lambda r: r["rec_cpu"]),
                      ("recorder CPU ms/MB", cpu_per_mb),
                      ("  less the tracer's on/off",
                       lambda r: cpu_per_mb(r, onoff))]:
        cells = []
        for t in tools:
            cell, med[metric, t] = spread(f(r) for r in ok[t])
            cells.append(cell)
        rows.append([metric] + cells +
                    [ratio(med[metric, "perf"], med[metric, p]) for p in peers])
    table(title, [""] + [NAMES[t] for t in tools] + [f"perf/{p}" for p in peers], rows)
    return med


def function_table(kb):
    runs = [r for r in runs1 if r["kb"] == kb]
    alone = spread(r["seconds"] for r in runs if r["tool"] == "tracer")[1]
    med = part1_table(f"buffer {kb:.0f} KiB per CPU: median (min-max)", runs,
                      ["perf", "trace-cmd", "live", "tracer"], ["trace-cmd", "live"],
                      lambda r: base, lambda r: alone)
    over = med["slowdown vs tracer alone", "perf"]
    if over:
        print(f"perf record's slowdown vs the tracer alone: "
              f"{over:.2f}x (goal: within {GOAL}x)")


if runs1:
    print(f"Part 1: record in the guest (4 vCPUs, TCG), workload untraced: "
          f"{fmt(base)} s (median)\n"
          "tracer alone: the function tracer on, its buffer in overwrite mode, "
          "nobody reading;\n"
          "  its events captured are those left in the buffer, lost those "
          "overwritten.\n"
          "recorder CPU: user + system of everything under the tool but the "
          "workload\n"
          "  (untraced, what that method counts: "
          f"{spread(r['rec_cpu'] for r in untraced)[0]} s).")
for kb in sorted({r["kb"] for r in runs1 if r["tool"] != "none"}, reverse=True):
    function_table(kb)

# function_graph: a table per row, the runs of one boot (untraced, tracer
# alone, perf record, trace-cmd record) under one name, graph-ROW-REP; each
# run's slowdowns are against its own boot's.
graph = [r for r in kept if r["name"].startswith("graph-")]


def lossless(r):
    """No event lost over the workload's run, nor over the whole session
    where the tool says."""
    return r["lost"] == 0 and r["session_lost"] in (0, None)


RECORDER_BOOTS = 5      # boots that decide a row where the two are within 10%


def recorder_goals(row, med, done):
    """The recorder's goals of a function_graph row, perf at or below
    trace-cmd, judged only where neither lost an event in any run."""
    both = all(done.values()) and all(lossless(r) for rs in done.values() for r in rs)
    boots = min(len(rs) for rs in done.values())
    for metric, what in [("  less the tracer's on/off", "recorder CPU ms/MB, less the tracer's on/off"),
                         ("slowdown vs tracer alone", "slowdown vs the tracer alone")]:
        p, t = med[metric, "perf"], med[metric, "trace-cmd"]
        if p is None or t is None:
            continue
        if not both:
            verdict = "not judged: a recorder lost events"
        elif abs(p / t - 1) <= 0.1 and boots < RECORDER_BOOTS:
            verdict = f"within 10%: {RECORDER_BOOTS} boots decide, {boots} ran"
        else:
            verdict = "met" if p <= t else "not met"
        print(f"function_graph {row}: {what}: perf {fmt(p)}, trace-cmd {fmt(t)} "
              f"(goal: at most trace-cmd's, neither losing): {verdict}")


secs = {(r["name"], r["tool"]): r["seconds"] for r in graph}
rows_of = {}
for r in graph:
    if r["name"].startswith("graph-idle-"):
        continue        # their own table, below
    rows_of.setdefault(r["name"].rsplit("-", 1)[0], []).append(r)
if rows_of:
    print("\nfunction_graph: per row and repetition one boot runs the workload "
          "untraced, under the\ntracer alone (function_graph on, for pid with "
          "set_ftrace_pid and function-fork),\nperf record and trace-cmd record, "
          "in turn; slowdowns are against the same boot's.")
for row, runs in rows_of.items():
    target, size = row.split("-")[1:3]
    if target == "sweep":
        continue
    kbs = "/".join(sorted({fmt(r["kb"]) for r in runs if r["kb"] is not None}))
    what = ("pid-targeted (the workload and its children)" if target == "pid"
            else "system-wide")
    what += (f", default buffer ({kbs} KiB per CPU)" if size == "default"
             else f", {kbs} KiB per CPU")
    med = part1_table(f"function_graph, {what}: median (min-max)",
                      runs, ["perf", "trace-cmd", "tracer"], ["trace-cmd"],
                      lambda r: secs.get((r["name"], "none")),
                      lambda r: secs.get((r["name"], "tracer")))
    print(f"workload untraced: "
          f"{spread(r['seconds'] for r in runs if r['tool'] == 'none')[0]} s")
    done = {}
    for t in ("perf", "trace-cmd"):
        done[t] = [r for r in runs if r["tool"] == t and r["seconds"] is not None]
        print(f"{NAMES[t]}: no event lost in {sum(map(lossless, done[t]))} "
              f"of {len(done[t])} runs, over the workload and the whole session")
    recorder_goals(row[len("graph-"):], med, done)

# record -a of function_graph around `sleep 1`, the system mostly idle:
# what users run (issue 34).  One line per boot, perf and trace-cmd in it.
idle = [r for r in graph if r["name"].startswith("graph-idle-")]


def lost_cell(r):
    """The kernel's count over the sleep / the tool's over its session."""
    if r is None:
        return "-"
    if r["seconds"] is None:
        return r["status"] or "failed"
    return f"{fmt(r['lost'])} / {fmt(r['session_lost'])}"


if idle:
    by = {(r["name"], r["tool"]): r for r in idle}
    rows = []
    boots = [tuple(r["name"].split("-")[2:4]) for r in idle]
    sizes = list(dict.fromkeys(size for size, _ in boots))
    # Each size's boots together.
    for size, rep in sorted(set(boots), key=lambda b: (sizes.index(b[0]), int(b[1]))):
        name = f"graph-idle-{size}-{rep}"
        perf, tc = by.get((name, "perf")), by.get((name, "trace-cmd"))
        kb = {fmt(r["kb"]) for r in (perf, tc) if r and r["kb"] is not None}
        rows.append([f"{size} ({'/'.join(sorted(kb))} KiB)" if size == "default"
                     else f"{size} KiB", rep, lost_cell(perf),
                     fmt(perf and perf["events"]), lost_cell(tc),
                     fmt(tc and tc["events"])])
    table("function_graph, record -a -- sleep 1, the system mostly idle: "
          "events lost in each boot,\nthe kernel's per_cpu/cpuN/stats over "
          "the sleep / the tool's own count over its session",
          ["per-CPU buffer", "boot", "perf lost", "perf events",
           "trace-cmd lost", "trace-cmd events"], rows)
    perf_runs = [r for r in idle if r["tool"] == "perf"]
    clean = sum(r["seconds"] is not None and lossless(r) for r in perf_runs)
    print(f"0 lost in every boot for perf record -a: "
          f"{'met' if clean == len(perf_runs) else 'not met'} "
          f"({clean} of {len(perf_runs)} boots without loss)")

# perf record -a of function_graph by per-CPU buffer size: the rows' and
# the sweep's runs.
sweep = [r for r in graph if r["tool"] == "perf"
         and r["name"].startswith(("graph-all-", "graph-sweep-"))]
kbs = sorted({r["kb"] for r in sweep if r["kb"] is not None}, reverse=True)
if kbs:
    by_kb = {kb: [r for r in sweep if r["kb"] == kb] for kb in kbs}
    ok = {kb: [r for r in by_kb[kb] if r["seconds"] is not None] for kb in kbs}
    rows = [["runs ok"] + [f"{len(ok[kb])}/{len(by_kb[kb])}" for kb in kbs],
            ["runs without loss"] + [f"{sum(map(lossless, ok[kb]))}/{len(ok[kb])}"
                                     for kb in kbs]]
    for metric, f in [("events lost", lambda r: r["lost"]),
                      ("  in the whole session", lambda r: r["session_lost"]),
                      ("events captured", lambda r: r["events"]),
                      ("workload seconds", lambda r: r["seconds"]),
                      ("recorder CPU ms/MB", cpu_per_mb)]:
        rows.append([metric] + [spread(f(r) for r in ok[kb])[0] for kb in kbs])
    table("function_graph, perf record -a by per-CPU buffer (KiB): median (min-max)",
          [""] + [f"{kb:.0f}" for kb in kbs], rows)
    # The smallest size from which up every run at every size lost nothing.
    floor = None
    for kb in kbs:
        if not ok[kb] or not all(map(lossless, ok[kb])):
            break
        floor = kb
    print("smallest per-CPU buffer at which perf record -a lost no event in any run "
          "(nor at any larger size): " + (f"{floor:.0f} KiB" if floor else "none"))

# Part 2: the big recording, one row per metric, then the scaling.
if part2:
    print("\nPart 2: decode on the host, output to /dev/null "
          "(convert's files to a scratch directory)")
decoders = ["show", "report", "report-g", "diff", "convert", "trace-cmd"]
mine = ["show", "report", "report-g", "diff", "convert"]
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
                  ("  beyond the smallest", marginal),
                  ("--to-chrome bytes", lambda r: r["json_bytes"]),
                  ("--to-folded bytes", lambda r: r["folded_bytes"])]:
    v = {d: f(got[d]) if d in got else None for d in decoders}
    rows.append([metric] + [fmt(v[d]) for d in decoders] +
                [ratio(v[d], v["trace-cmd"]) for d in mine])
if got:
    table(f"Part 1's recording at {BIG_KB} KiB per CPU",
          ["", "perf ftrace show", "perf ftrace report", "perf ftrace report -g",
           "perf ftrace diff (itself, both sides' events)",
           "perf ftrace convert", "trace-cmd report"] +
          [f"{d}/trace-cmd" for d in mine], rows)

# function_graph: perf ftrace profile against trace-cmd report --profile
# on the same events (perf's recording, converted to a trace.dat), beside
# report on that recording.
GRAPH = [("show", "perf ftrace show"),
         ("trace-cmd", "trace-cmd report"),
         ("report", "perf ftrace report"),
         ("report-g", "perf ftrace report -g"),
         ("diff", "perf ftrace diff (itself, both sides' events)"),
         ("profile", "perf ftrace profile"),
         ("trace-cmd-profile", "trace-cmd report --profile")]
# Decoding function_graph: instructions per event
GRAPH_GOAL = 1000       # profile and report, at most
SHOW_GOAL = 4           # show, at least this many times fewer than trace-cmd report
fg = {r["decoder"]: r for r in part2 if r["size"] == "graph"}
if fg:
    recs = sorted(f[:-4] for f in os.listdir(f"{bench}/share/rec")
                  if f.startswith("graph-") and f.endswith(".dir"))
    # show against trace-cmd report, the others against its --profile
    peer = {d: fg.get("trace-cmd" if d in ("show", "trace-cmd") else "trace-cmd-profile")
            for d, _ in GRAPH}
    rows = [[name, fmt(r["events"]), fmt(r["seconds"]), fmt(r["peak_kib"] / 1024),
             fmt(per_event(r, "instructions")),
             ratio(per_event(r, "instructions"), per_event(peer[d], "instructions"))]
            for d, name in GRAPH if (r := fg.get(d))]
    table(f"function_graph: perf's recording {recs[0] if recs else '?'}, "
          "trace-cmd reading the same events (perf ftrace convert --to-trace-dat)",
          ["", "events", "median s", "peak RSS MiB", "instructions/event",
           "/trace-cmd's (show: report's; others: --profile's)"], rows)
    ipe = {d: per_event(fg.get(d), "instructions") for d, _ in GRAPH}
    for d in ("profile", "report"):
        if ipe[d] is not None:
            print(f"function_graph {d}: {ipe[d]:.0f} instructions/event "
                  f"(goal: at most {GRAPH_GOAL}): "
                  f"{'met' if ipe[d] <= GRAPH_GOAL else 'not met'}")
    if ipe["show"] is not None and ipe["trace-cmd"]:
        x = ipe["trace-cmd"] / ipe["show"]
        print(f"function_graph show: {ipe['show']:.0f} instructions/event, "
              f"{x:.1f}x fewer than trace-cmd report's {ipe['trace-cmd']:.0f} "
              f"(goal: at least {SHOW_GOAL}x): {'met' if x >= SHOW_GOAL else 'not met'}")
    if ipe["report-g"] is not None:
        print(f"function_graph report -g: {ipe['report-g']:.0f} instructions/event "
              "(no goal; where they go: below)")


def profile_calls(path, perf):
    """{function: [calls, total ns]} of a profile's output: perf ftrace
    profile's lines, or trace-cmd report --profile's, summed over tasks."""
    calls = {}
    if not os.path.exists(path):
        return calls
    # trace-cmd leaves Total out where it is 0
    tc = re.compile(r"^\s+Event: func: (\S+?)(?:\(\))? \((\d+)\)(?: Total: (\d+))?")
    for line in open(path):
        if perf:
            f = line.split()
            if line.startswith("#") or len(f) != 5:
                continue
            name, n, ns = f[4], int(f[3]), float(f[0]) * 1e3
        else:
            m = tc.match(line)
            if not m:
                continue
            name, n, ns = m[1], int(m[2]), int(m[3] or 0)
        c = calls.setdefault(name, [0, 0])
        c[0] += n
        c[1] += ns
    return calls


pc = profile_calls(f"{bench}/callgrind/graph.profile.txt", True)
tcc = profile_calls(f"{bench}/callgrind/graph.trace-cmd-profile.txt", False)
if pc and tcc:
    both = set(pc) & set(tcc)
    agree = sum(pc[f][0] == tcc[f][0] for f in both)
    rows = [[f, pc[f][0], tcc[f][0] if f in tcc else "-",
             pc[f][0] - tcc[f][0] if f in tcc else "-",
             fmt(pc[f][1] / 1e6), fmt(tcc[f][1] / 1e6) if f in tcc else "-"]
            for f in sorted(pc, key=lambda f: (-pc[f][0], f))[:8]]
    table("the calls they count, the 8 functions perf counts most "
          "(trace-cmd's summed over tasks)",
          ["function", "perf calls", "trace-cmd calls", "perf - trace-cmd",
           "perf total ms", "trace-cmd total ms"], rows)
    def alone(a, b):
        names = sorted(set(a) - set(b), key=lambda f: (-a[f][0], f))
        more = f" and {len(names) - 5} more" if len(names) > 5 else ""
        return (", ".join(f"{f} ({a[f][0]})" for f in names[:5]) or "none") + more

    print(f"calls agree in {agree} of the {len(both)} functions both list; "
          f"calls in all: perf {sum(c[0] for c in pc.values())}, "
          f"trace-cmd {sum(c[0] for c in tcc.values())}\n"
          f"  in perf's alone: {alone(pc, tcc)}\n"
          f"  in trace-cmd's alone: {alone(tcc, pc)}\n"
          "  (kallsyms has aliases at one address, which the two may name "
          "differently).  Counts may differ:\n  trace-cmd counts no call whose "
          "entry is missing, and drops every open call at a lost event.\n"
          "  Times differ: trace-cmd's run from the entry event's timestamp to "
          "the exit's, perf's\n  from the exit's calltime to its rettime.")

# Scaling: one column per recording, one row per decoder and metric.
rec = {}
for r in part1:
    if "-scale-" not in r["name"]:
        continue
    key = (r["tool"], int(r["loops"]))
    # As in Part 1, a line from the guest stands over a failed shutdown.
    if r["seconds"] is not None or key not in rec:
        rec[key] = r
cell = {(r["size"], r["decoder"]): r for r in part2}


def cpu_marginal(r, small):
    """Recorder CPU ms per MB beyond the smallest recording's: the fixed
    cost (the tracer's on/off, the header, kallsyms) taken out."""
    if r is small or not r or not small or None in (r["rec_cpu"], small["rec_cpu"]) \
            or not r["bytes"] or not small["bytes"] or r["bytes"] == small["bytes"]:
        return None
    return (r["rec_cpu"] - small["rec_cpu"]) * 1e3 / ((r["bytes"] - small["bytes"]) / 1e6)


rows = []
for tool, d in [("perf", "show"), ("trace-cmd", "trace-cmd")]:
    runs = [rec.get((tool, int(s.split("-")[1])), {}) for s in sizes]
    rows.append([f"events captured, {tool}"] + [fmt(r.get("events")) for r in runs])
    rows.append(["  of the workload"] +
                [fmt(cell[s, d]["workload_events"]) if (s, d) in cell else "-"
                 for s in sizes])
    rows.append([f"events lost, {tool}"] + [fmt(r.get("lost")) for r in runs])
    rows.append([f"recorder CPU s, {tool}"] + [fmt(r.get("rec_cpu")) for r in runs])
    rows.append(["  ms/MB"] + [fmt(cpu_per_mb(r)) for r in runs])
    rows.append(["  ms/MB beyond the smallest"] +
                [fmt(cpu_marginal(r, runs[0])) for r in runs])
for metric, f, ds in [("ns/event", ns_per_event, decoders),
                      ("peak RSS MiB", lambda r: r["peak_kib"] / 1024, decoders),
                      ("--to-chrome bytes", lambda r: r["json_bytes"], ["convert"]),
                      ("--to-folded bytes", lambda r: r["folded_bytes"], ["convert"])]:
    for d in ds:
        rows.append([f"{metric}, {d}"] +
                    [fmt(f(cell[s, d])) if (s, d) in cell else "-" for s in sizes])
if sizes:
    table(f"scaling: recordings at {BIG_KB} KiB per CPU",
          ["round trips per CPU"] + [s.split("-")[1] for s in sizes], rows)


# The goal: perf record and the tracer alone in turn, in one boot.
# Each run by its round, so that a failed one drops its round only.
by_round = {t: {r["name"].rsplit("-", 1)[1]: r["seconds"] for r in part1
                if r["name"].startswith(f"goal-{t}-") and r["seconds"] is not None}
            for t in ("tracer", "perf")}
goal = {t: list(v.values()) for t, v in by_round.items()}
paired = sorted(set(by_round["tracer"]) & set(by_round["perf"]), key=int)
if paired:
    rounds = [by_round["perf"][i] / by_round["tracer"][i] for i in paired]
    lost = [r["lost"] for r in part1 if r["name"].startswith("goal-perf-")
            and r["lost"] is not None]
    table(f"perf record against the tracer alone, {BIG_KB} KiB per CPU, "
          f"in turn in one boot ({len(rounds)} rounds)",
          ["", "tracer alone", "perf record", "perf/tracer"],
          [["workload seconds, median (min-max)", spread(goal["tracer"])[0],
            spread(goal["perf"])[0], ratio(statistics.median(goal["perf"]),
                                           statistics.median(goal["tracer"]))],
           ["perf/tracer of each round", "", "",
            " ".join(f"{x:.2f}" for x in rounds)],
           ["perf record's events lost", "", spread(lost)[0], ""]])
    print(f"perf record's slowdown vs the tracer alone: "
          f"{statistics.median(rounds):.2f}x, median of the rounds "
          f"(goal: within {GOAL}x)")

# The flight recorder (bench/flight.sh): the tracer alone and record
# --overwrite in turn, in one boot, then the time of each SIGUSR2 save.
FLIGHT_GOAL = 1.05
flight = {"alone": [], "overwrite": [], "save": []}
fpath = f"{bench}/share/flight.txt"
for line in open(fpath) if os.path.exists(fpath) else []:
    f = line.split()
    if len(f) == 2 and f[0] in flight and re.fullmatch(r"[0-9.]+", f[1]):
        flight[f[0]].append(float(f[1]))
if flight["alone"] and flight["overwrite"]:
    rounds = [o / a for a, o in zip(flight["alone"], flight["overwrite"])]
    over = statistics.median(rounds)
    table(f"record --overwrite against the tracer alone, function -a, "
          f"{BIG_KB} KiB per CPU, in turn in one boot ({len(rounds)} rounds)",
          ["", "tracer alone", "record --overwrite", "overwrite/tracer"],
          [["workload seconds, median (min-max)", spread(flight["alone"])[0],
            spread(flight["overwrite"])[0], f"{over:.2f}x"],
           ["overwrite/tracer of each round", "", "",
            " ".join(f"{x:.2f}" for x in rounds)],
           ["SIGUSR2 save to disk, ms, median (min-max)", "",
            spread(flight["save"])[0] if flight["save"] else "-", ""]])
    print(f"record --overwrite's slowdown vs the tracer alone: {over:.2f}x, "
          f"median of the rounds (goal: within {FLIGHT_GOAL}x): "
          f"{'met' if over <= FLIGHT_GOAL else 'not met'}")
elif os.path.exists(fpath):
    print(f"record --overwrite: no round measured (see {fpath})")

# Many CPUs: the recording of one boot with that many, decoded as Part 2.
many = [r for r in part1 if r["name"].startswith("perf-cpus-")]
if many:
    r = many[-1]
    ncpu = r["name"].rsplit("-", 1)[1]
    d = f"{bench}/share/rec/{r['name']}.dir"
    files = len([f for f in os.listdir(d) if f.startswith("trace-cpu")]) \
        if os.path.isdir(d) else None
    mc = {x["decoder"]: x for x in part2 if x["size"] == f"cpus-{ncpu}"}
    rows = [["workload seconds (record -a)", fmt(r["seconds"])],
            ["events captured / lost", f"{fmt(r['events'])} / {fmt(r['lost'])}"],
            ["buffer files", fmt(files)]]
    for dec in ("show", "report"):
        x = mc.get(dec)
        rows.append([f"{dec}: seconds (median)", fmt(x["seconds"]) if x else "-"])
    show4, shown = got.get("show"), mc.get("show")
    i4, in_ = per_event(show4, "instructions"), per_event(shown, "instructions")
    rows.append(["show instructions/event, 4 vCPUs", fmt(i4)])
    rows.append([f"show instructions/event, {ncpu} vCPUs", fmt(in_)])
    rows.append([f"  {ncpu} vCPUs / 4 (goal: at most 1.2x)", ratio(in_, i4)])
    table(f"{ncpu} vCPUs: record -a of the workload on every CPU "
          f"({r['loops']:.0f} round trips each, {r['kb']:.0f} KiB per CPU)",
          ["", f"{ncpu} vCPUs"], rows)


def top_costs(path, n=8):
    """From a callgrind_annotate listing: the n functions and the n objects
    (programs, libraries) with the most exclusive instructions, each as
    (name, percent of the total).  A function without a symbol counts under
    its object's name, in parentheses."""
    by_fn, by_obj, total, obj = {}, {}, None, "?"
    for line in open(path):
        f = line.split()
        if len(f) < 3 or not f[0].replace(",", "").isdigit():
            continue
        ir = int(f[0].replace(",", ""))
        if "PROGRAM TOTALS" in line:
            total = ir
            continue
        where = line.split("%)", 1)[1].strip()
        # Lines inlined from another file have no object: the one above's.
        if " [" in where:
            obj = os.path.basename(where.rsplit(" [", 1)[1].rstrip("]"))
        fn = where.split(" [")[0].rsplit(":", 1)[-1]
        if fn.startswith("0x"):
            fn = f"({obj})"
        by_fn[fn] = by_fn.get(fn, 0) + ir
        by_obj[obj] = by_obj.get(obj, 0) + ir
    if not total:
        return [], []

    def top(d):
        return [(k, 100.0 * v / total)
                for k, v in sorted(d.items(), key=lambda kv: -kv[1])[:n]]
    return top(by_fn), top(by_obj)


for rec_name, runs in (("the big recording", ("show", "report", "trace-cmd")),
                       ("the function_graph recording",
                        ("show", "report", "report-g", "profile"))):
    prefix = "big" if rec_name.startswith("the big") else "graph"
    costs = {d: top_costs(f"{bench}/callgrind/{prefix}.{d}.annotate")
             for d in runs
             if os.path.exists(f"{bench}/callgrind/{prefix}.{d}.annotate")}
    for i, what in enumerate(("function", "program or library")):
        tops = {d: c[i] for d, c in costs.items() if c[i]}
        if not tops:
            continue
        depth = max(len(t) for t in tops.values())
        rows = [[f"{k + 1}"] + [f"{t[k][1]:4.1f}% {t[k][0]}" if k < len(t) else ""
                                for t in tops.values()] for k in range(depth)]
        table(f"where the instructions go, {rec_name}: by {what}, "
              f"exclusive (callgrind)", ["#"] + list(tops), rows)

json.dump({"untraced_seconds": base, "part1": part1, "part2": part2, "flight": flight,
           "tables": tables},
          open(f"{bench}/results.json", "w"), indent=1)
print(f"\nraw figures: {bench}/results.json")
