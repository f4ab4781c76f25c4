#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Judge a recording's trace.dat ('perf ftrace convert --to-trace-dat')
by what trace-cmd's own readers make of it, against perf's decoding of
the recording itself.

  tracedat-check.py [--kallsyms FILE] NAME SHOW DUMP TRACECMD [COUNTS...]

SHOW is 'perf ftrace show' of the recording, DUMP 'perf ftrace report -D'
of it, TRACECMD 'trace-cmd report -N -t' of the trace.dat (no plugins:
one line per event, with nanoseconds), each COUNTS 'LABEL:FILE', FILE the
output of tests/tracedat/tracecmd-count or kshark-count ("cpu N events E
lost L" lines).  FILE, 'trace-cmd dump --kallsyms' of the trace.dat,
lets names that share an address stand for each other: show names an
address as the kernel's trace output does, never by a section marker
such as __cpuidle_text_end, while libtraceevent takes any of its names.

show prints a call without children on one line (entry and exit), and
trace-cmd's plugin joins them by other rules; so both sides are taken
apart into events, and compared per CPU, in the order of that CPU's ring
buffer: every event must be there on both sides, with the same pid,
command, time (show's microseconds, from trace-cmd's nanoseconds rounded
as show rounds them), function and parent (function tracer) or function
and depth (function_graph), and duration (exits).  The times of the exits
that show folds into a one-line call it does not print; those, and all
others, are compared to the nanosecond with report -D.  Lost events must
be reported on the same CPU before the same event.  Prints TAP lines.
"""
import re
import sys

# show: "%16s-%-7d [%03d] %6llu.%06llu: %-16s %s", the event name with its ':'
PREFIX_SHOW = re.compile(
    r'^\s*(?P<comm>.*)-(?P<pid>\d+)\s+\[(?P<cpu>\d+)\]\s+(?P<sec>\d+)\.(?P<frac>\d{6}): '
    r'(?P<tail>(?P<ev>[^\s:]+):.*)$')
PREFIX_TC = re.compile(
    r'^\s*(?P<comm>.*)-(?P<pid>\d+)\s+\[(?P<cpu>\d+)\]\s+(?P<sec>\d+)\.(?P<frac>\d{9}): '
    r'(?P<ev>\S+):\s+(?P<rest>.*)$')
LOST_SHOW = re.compile(r'^CPU:(\d+) \[LOST (?:(\d+) )?EVENTS\]$')
LOST_TC = re.compile(r'^CPU:(\d+) \[(?:(\d+) )?EVENTS DROPPED\]$')
DUMP = re.compile(r'^0x[0-9a-f]+ \[cpu (\d+)\] (\d+)\.(\d{9}): (?:\w+:)?(\w+) \(type')

S_FUNC = re.compile(r'^(\S+) <-- (\S+)$')
S_LEAF = re.compile(r'^. +(\d+)\.(\d{3}) us \|  ( *)(\S+)\(\);$')
S_ENTRY = re.compile(r'^ +\|  ( *)(\S+)\(\) \{$')
S_EXIT = re.compile(r'^. +(\d+)\.(\d{3}) us \|  ( *)\} /\* (\S+) \*/$')
T_FUNC = re.compile(r'^(\S+) <-- (\S+)$')
T_ENTRY = re.compile(r'^--> (\S+) \((-?\d+)\)$')
T_EXIT = re.compile(r'^<-- (\S+) \((-?\d+)\) \(start: ([0-9a-f]+) +end: ([0-9a-f]+)\)')

results = []
aliases = {}        # name: the addresses of kallsyms that have it
nr_alias = []       # the pairs of names taken for each other


def read_kallsyms(path):
    for line in open(path, errors='replace'):
        f = line.split()
        if len(f) >= 3 and len(f[0]) >= 8:
            aliases.setdefault(f[2], set()).add(f[0])


def same_event(a, b):
    """Equal, but for function names that share an address (from 3 on)."""
    if len(a) != len(b) or a[:3] != b[:3]:
        return False
    for x, y in zip(a[3:], b[3:]):
        if x == y:
            continue
        if not (isinstance(x, str) and isinstance(y, str) and
                aliases.get(x, set()) & aliases.get(y, set())):
            return False
        nr_alias.append((x, y))
    return True


def tap(good, what, detail=None):
    results.append(good)
    print(('ok - ' if good else 'not ok - ') + what)
    if not good and detail:
        for line in detail[:10]:
            print('# ' + line)


def parse_events(path, lost, prefix, skip, when, events):
    """Per CPU, the events one decoder printed, and the lines it printed
    that are not understood.  lost and prefix match its lost-event marks
    and its event lines; skip(line) passes over others, when(m) is the time
    of an event line, and events(ev, rest, key, t) gives the events of
    one line as (event tuple, time) pairs, or None if not understood."""
    cpus, bad = {}, []
    for line in open(path, errors='replace'):
        line = line.rstrip('\n')
        m = lost.match(line)
        if m:
            cpus.setdefault(int(m[1]), []).append((('lost', m[2]), None))
            continue
        if skip(line):
            continue
        m = prefix.match(line)
        got = m and events(m['ev'], m, (int(m['pid']), m['comm'].strip()), when(m))
        if got is None:
            bad.append(line)
        else:
            cpus.setdefault(int(m['cpu']), []).extend(got)
    return cpus, bad


def show_events(ev, m, key, us):
    rest = m['tail'][max(16, len(ev) + 1) + 1:]
    if ev == 'function' and S_FUNC.match(rest):
        f = S_FUNC.match(rest)
        return [(('function',) + key + (f[1], f[2]), us)]
    if ev == 'funcgraph_entry' and S_LEAF.match(rest):
        f = S_LEAF.match(rest)
        depth = len(f[3]) // 2
        return [(('entry',) + key + (f[4], depth), us),
                (('exit',) + key + (f[4], depth, int(f[1]) * 1000 + int(f[2])), None)]
    if ev == 'funcgraph_entry' and S_ENTRY.match(rest):
        f = S_ENTRY.match(rest)
        return [(('entry',) + key + (f[2], len(f[1]) // 2), us)]
    if ev == 'funcgraph_exit' and S_EXIT.match(rest):
        f = S_EXIT.match(rest)
        return [(('exit',) + key + (f[4], len(f[3]) // 2,
                                     int(f[1]) * 1000 + int(f[2])), us)]
    if ev in ('function', 'funcgraph_entry', 'funcgraph_exit'):
        return None
    return [((ev,) + key, us)]


def tracecmd_events(ev, m, key, ns):
    rest = m['rest'].strip()
    if ev == 'function' and T_FUNC.match(rest):
        f = T_FUNC.match(rest)
        return [(('function',) + key + (f[1], f[2]), ns)]
    if ev == 'funcgraph_entry' and T_ENTRY.match(rest):
        f = T_ENTRY.match(rest)
        return [(('entry',) + key + (f[1], int(f[2])), ns)]
    if ev == 'funcgraph_exit' and T_EXIT.match(rest):
        f = T_EXIT.match(rest)
        call, ret = int(f[3], 16), int(f[4], 16)
        return [(('exit',) + key + (f[1], int(f[2]), ret - call if ret > call else 0), ns)]
    if ev in ('function', 'funcgraph_entry', 'funcgraph_exit'):
        return None
    return [((ev,) + key, ns)]


def parse_show(path):
    """Per CPU: lists of (event tuple, microseconds or None)."""
    return parse_events(path, LOST_SHOW, PREFIX_SHOW,
                        lambda line: line.startswith(' => '),  # kernel_stack's callers
                        lambda m: int(m['sec']) * 1000000 + int(m['frac']),
                        show_events)


def parse_tracecmd(path):
    """Per CPU: lists of (event tuple, nanoseconds)."""
    return parse_events(path, LOST_TC, PREFIX_TC,
                        lambda line: re.match(r'^cpus=\d+$|^\s+=> ', line),
                        lambda m: int(m['sec']) * 1000000000 + int(m['frac']),
                        tracecmd_events)


def parse_dump(path):
    cpus = {}
    for line in open(path, errors='replace'):
        m = DUMP.match(line)
        if m:
            cpus.setdefault(int(m[1]), []).append(
                (m[4], int(m[2]) * 1000000000 + int(m[3])))
    return cpus


def parse_counts(path):
    counts = {}
    for line in open(path):
        m = re.match(r'^cpu (\d+) events (\d+) lost (\d+)$', line)
        if m:
            counts[int(m[1])] = (int(m[2]), int(m[3]))
    return counts


def main():
    args = sys.argv[1:]
    if args[0] == '--kallsyms':
        read_kallsyms(args[1])
        args = args[2:]
    name, show_path, dump_path, tc_path = args[:4]
    show, show_bad = parse_show(show_path)
    tc, tc_bad = parse_tracecmd(tc_path)
    dump = parse_dump(dump_path)
    tap(not show_bad, f'{name}: every line of show is understood', show_bad)
    tap(not tc_bad, f'{name}: every line of trace-cmd report is understood', tc_bad)

    nr_events = sum(1 for c in show.values() for e, _ in c if e[0] != 'lost')
    nr_lost = sum(1 for c in show.values() for e, _ in c if e[0] == 'lost')
    diffs = []
    for cpu in sorted(set(show) | set(tc)):
        a, b = show.get(cpu, []), tc.get(cpu, [])
        for i in range(max(len(a), len(b))):
            if i >= len(a) or i >= len(b):
                diffs.append(f'cpu{cpu} event {i}: show has {len(a)} events, trace-cmd {len(b)}')
                break
            (ea, us), (eb, ns) = a[i], b[i]
            if not same_event(ea, eb) or (us is not None and us != (ns + 500) // 1000):
                diffs.append(f'cpu{cpu} event {i}: show {ea} at {us} us, '
                             f'trace-cmd {eb} at {ns} ns')
                break
    tap(nr_events > 0 and not diffs,
        f'{name}: trace-cmd report has show\'s {nr_events} events and {nr_lost} '
        'lost-event marks, per CPU in order, with the same pid, command, time, '
        'function and parent or depth, and duration', diffs)
    if nr_alias:
        print(f'# {len(nr_alias)} function names of trace-cmd are other names of '
              f'show\'s at the same address, such as {nr_alias[0][1]} for {nr_alias[0][0]}')

    # every event's time to the nanosecond, by report -D
    diffs = []
    for cpu in sorted(set(dump) | set(tc)):
        a = dump.get(cpu, [])
        b = [(e[0], ns) for e, ns in tc.get(cpu, []) if e[0] != 'lost']
        b = [({'entry': 'funcgraph_entry', 'exit': 'funcgraph_exit'}.get(e, e), ns)
             for e, ns in b]
        if a != b:
            i = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]),
                     min(len(a), len(b)))
            diffs.append(f'cpu{cpu}: event {i}: report -D {a[i] if i < len(a) else "-"}, '
                         f'trace-cmd {b[i] if i < len(b) else "-"} ({len(a)} / {len(b)} events)')
    nr_dump = sum(len(c) for c in dump.values())
    tap(nr_dump == nr_events and not diffs,
        f'{name}: trace-cmd report times every event to the nanosecond as '
        f'report -D does ({nr_dump} events)', diffs)

    # the readers of the C checks, per CPU
    want = {cpu: (sum(1 for e, _ in evs if e[0] != 'lost'),
                  sum(1 for e, _ in evs if e[0] == 'lost'))
            for cpu, evs in show.items()}
    for arg in args[4:]:
        label, path = arg.split(':', 1)
        got = parse_counts(path)
        diffs = [f'cpu{cpu}: show {want.get(cpu, (0, 0))}, {label} {got.get(cpu, (0, 0))}'
                 for cpu in sorted(set(want) | set(got))
                 if want.get(cpu, (0, 0)) != got.get(cpu, (0, 0))]
        tap(bool(got) and not diffs,
            f'{name}: {label} reads show\'s events and lost-event marks per CPU '
            f'({", ".join(f"cpu{c} {got[c][0]}" for c in sorted(got))})', diffs)
    return 0 if all(results) else 1


if __name__ == '__main__':
    sys.exit(main())
