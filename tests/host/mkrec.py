#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Write a synthetic 'perf ftrace record' directory, for tests without tracefs.

  mkrec.py DIR [--tracer function|function_graph] [--cpus N] [--iter N]
               [--lost CPU] [--snapshot N] [--no-kallsyms] [--header-only]
               [--aliases] [--split-module]
               [--irq-in-return | --irq-in-entry | --irq-in-exit]
               [--clock-ahead NS] [--comm-records]

DIR gets perf.header (perf.data: tracepoint attrs, header features,
tracing data with the 6.1 ftrace formats, kallsyms, saved cmdlines, one
sample per CPU) and trace-cpuN.buf files (ring buffer pages, as read from
trace_pipe_raw).  The workload is deterministic, see workload() below, so
tests can check exact counts and times.
"""
import argparse
import os
import struct

PAGE = 4096
HDR = 16            # u64 timestamp + 64-bit commit
DATA = PAGE - HDR
ID_FUNCTION, ID_GRAPH_EXIT, ID_GRAPH_ENTRY = 1, 10, 11

COMMON = """\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;
\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;
\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;
\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;
"""
FORMATS = {
    "function": (ID_FUNCTION, """\tfield:unsigned long ip;\toffset:8;\tsize:8;\tsigned:0;
\tfield:unsigned long parent_ip;\toffset:16;\tsize:8;\tsigned:0;
""", '" %ps <-- %ps", (void *)REC->ip, (void *)REC->parent_ip'),
    "funcgraph_exit": (ID_GRAPH_EXIT, """\tfield:unsigned long func;\toffset:8;\tsize:8;\tsigned:0;
\tfield:int depth;\toffset:16;\tsize:4;\tsigned:1;
\tfield:unsigned int overrun;\toffset:20;\tsize:4;\tsigned:0;
\tfield:unsigned long long calltime;\toffset:24;\tsize:8;\tsigned:0;
\tfield:unsigned long long rettime;\toffset:32;\tsize:8;\tsigned:0;
""", '"<-- %ps (%d) (start: %llx  end: %llx) over: %d", (void *)REC->func, REC->depth, REC->calltime, REC->rettime, REC->depth'),
    "funcgraph_entry": (ID_GRAPH_ENTRY, """\tfield:unsigned long func;\toffset:8;\tsize:8;\tsigned:0;
\tfield:int depth;\toffset:16;\tsize:4;\tsigned:1;
""", '"--> %ps (%d)", (void *)REC->func, REC->depth'),
}

HEADER_PAGE = """\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;
\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;
\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;
\tfield: char data;\toffset:16;\tsize:4080;\tsigned:1;
"""
HEADER_EVENT = """# compressed entry header
\ttype_len    :    5 bits
\ttime_delta  :   27 bits
\tarray       :   32 bits

\tpadding     : type == 29
\ttime_extend : type == 30
\ttime_stamp : type == 31
\tdata max type_len  == 28
"""

SYMS = [
    (0xffffffff81000000, "T", "_stext", None),
    (0xffffffff81001000, "T", "do_syscall_64", None),
    (0xffffffff81001800, "T", "__x64_sys_getppid", None),
    (0xffffffff81002000, "t", "task_tgid_vnr", None),
    (0xffffffff81002800, "T", "__rcu_read_lock", None),
    (0xffffffff81003000, "T", "ksys_write", None),
    (0xffffffff81003800, "T", "vfs_write", None),
    (0xffffffff81004000, "D", "some_data", None),
    (0xffffffffc0001000, "t", "dummy_xmit", "dummy"),
    (0xffffffffc0001800, "t", "dummy_stats", "dummy"),
]
ADDR = {s[2]: s[0] for s in SYMS}
# With --aliases, kallsyms also has other names at three of the addresses,
# in the order the kernel lists them: the first is the kernel's name for
# the address, but a section marker never is.
ALIASES = [
    (0xffffffff81001000, "T", "__entry_text_start", None, "before"),
    (0xffffffff81001800, "t", "__do_sys_getppid", None, "before"),
    (0xffffffff81003000, "T", "__sched_text_start", None, "before"),
    (0xffffffff81003000, "t", "__ksys_write_alias", None, "after"),
]


# With --split-module, a function of another module lies between dummy's
# two and is listed after them, as the kernel lists the freed init
# functions of a module after all the modules: [dummy] is then two runs
# of addresses, and each of its symbols ends where its next one starts.
SPLIT = (0xffffffffc0001400, "t", "other_init", "other")


def with_aliases(syms):
    out = []
    for sym in syms:
        out += [a[:4] for a in ALIASES if a[0] == sym[0] and a[4] == "before"]
        out.append(sym)
        out += [a[:4] for a in ALIASES if a[0] == sym[0] and a[4] == "after"]
    return out
CMDLINES = dict([(100 + c, "getppid-loop") for c in range(32)] +
                [(200 + c, "writer") for c in range(32)])
# With --comm-records, tasks named by PERF_RECORD_COMM records in the
# data section, as record's second source of names: the writers, whom the
# saved cmdlines then miss, and a wrong name for 100, which they have.
COMM_RECORDS = {}


def fmt_file(name):
    eid, fields, pf = FORMATS[name]
    return ("name: %s\nID: %d\nformat:\n%s\n%s\nprint fmt: %s\n" %
            (name, eid, COMMON, fields, pf)).encode()


def workload(tracer, cpus, iters, irq=None, clock_ahead=0):
    """Per CPU list of (ts, payload).  CPU c runs task 100 + c (getppid-loop)
    when c is even, else 200 + c (writer).  With irq "return", the first
    two __rcu_read_lock of each getppid-loop return through an interrupt
    that runs dummy_stats for 7000 ns: the kernel has lowered the call
    depth, so dummy_stats comes at the same depth, and the exit of
    __rcu_read_lock after it.  In the second, dummy_stats returns in turn
    through an NMI that runs dummy_xmit for 3000 ns.  With irq "entry",
    the interrupt comes as they are entered (6.12): the kernel has raised
    the depth, so dummy_stats comes a level deeper, before the entry of
    __rcu_read_lock; the first time 100 ns after its call time, the second
    time before it.  With irq "exit", the interrupt comes as they return
    (6.12): the kernel lowers the depth after the exit event, so
    dummy_stats comes a level deeper, after a task_tgid_vnr of 300 ns and
    before the exit of __rcu_read_lock; the first time after its return
    time, the second time before it.  With clock_ahead, the call and return
    times of the exit events run that many ns ahead of the ring buffer's
    timestamps, as when the kernel's trace_clock is not function_graph's."""
    out = {}
    rcu_children = [("task_tgid_vnr", [], 300)] if irq == "exit" else []
    for cpu in range(cpus):
        pid = 100 + cpu if cpu % 2 == 0 else 200 + cpu
        ts = 1000000000 + cpu * 333
        evs = []

        def common(eid):
            return struct.pack("<HBBi", eid, 0, 0, pid)

        def read_clock(depth):
            """The call or return time of a call at depth, with an interrupt
            a level deeper: before it the second time, 100 ns after it the
            first time."""
            nonlocal ts
            if i == 1:
                call("dummy_stats", depth + 1, [], 7000)
            now = ts
            if i == 0:
                ts += 100
                call("dummy_stats", depth + 1, [], 7000)
            return now

        def call(name, depth, children, self_ns, returns_through=None):
            nonlocal ts
            rcu = name == "__rcu_read_lock" and i < 2
            start = read_clock(depth) if rcu and irq == "entry" else ts
            if tracer == "function":
                evs.append((ts, common(ID_FUNCTION) +
                            struct.pack("<QQ", ADDR[name] + 4,
                                        ADDR["do_syscall_64"] + 0x40)))
            else:
                evs.append((ts, common(ID_GRAPH_ENTRY) +
                            struct.pack("<Qi", ADDR[name], depth)))
            ts += self_ns // 2
            for c in children:
                call(c[0], depth + 1, c[1], c[2])
            ts += self_ns - self_ns // 2
            end = read_clock(depth) if rcu and irq == "exit" else None
            if returns_through:
                call(*returns_through)
            elif rcu and irq == "return":
                call("dummy_stats", depth, [], 7000,
                     ("dummy_xmit", depth, [], 3000) if i == 1 else None)
            if end is None:
                end = ts
            if tracer != "function":
                evs.append((ts, common(ID_GRAPH_EXIT) +
                            struct.pack("<QiIQQ", ADDR[name], depth, 0,
                                        start + clock_ahead,
                                        end + clock_ahead)))
            ts += 100

        for i in range(iters):
            if cpu % 2 == 0:
                # do_syscall_64 2000ns self, getppid 1000 self, tgid 500
                call("do_syscall_64", 0,
                     [("__x64_sys_getppid", [("task_tgid_vnr", [], 500),
                                             ("__rcu_read_lock", rcu_children, 20000)],
                       1000)],
                     2000)
            else:
                call("ksys_write", 0,
                     [("vfs_write", [("dummy_xmit", [], 3000)], 1500)], 700)
            if i == iters // 2:
                ts += 5 << 27      # force a time extend
        out[cpu] = evs
    return out


def pad4(b):
    return b + b"\0" * (-len(b) % 4)


def encode_event(delta, payload):
    payload = pad4(payload)
    out = b""
    if delta >= 1 << 27:
        out += struct.pack("<II", 30 | ((delta & ((1 << 27) - 1)) << 5),
                           delta >> 27)
        delta = 0
    n = len(payload)
    if n <= 112:
        out += struct.pack("<I", (n // 4) | (delta << 5)) + payload
    else:
        out += struct.pack("<II", 0 | (delta << 5), n + 4) + payload
    return out


def pages(evs, lost_page=None, first_missed=False):
    out = []
    i = 0
    while i < len(evs):
        data = b""
        base = evs[i][0]
        prev = base
        while i < len(evs):
            e = encode_event(evs[i][0] - prev, evs[i][1])
            if len(data) + len(e) > DATA - 8:
                break
            data += e
            prev = evs[i][0]
            i += 1
        commit = len(data)
        extra = b""
        if lost_page is not None and len(out) == lost_page:
            # As the kernel does it: the int flags are added to a 64-bit
            # long, so bit 31 comes sign-extended into the upper half.
            commit |= 0xffffffff00000000 | (1 << 31) | (1 << 30)
            extra = struct.pack("<Q", 42)
        elif first_missed and not out:
            # a page too full to store the count: the flag alone
            commit |= 0xffffffff00000000 | (1 << 31)
        page = struct.pack("<QQ", base, commit) + data + extra
        out.append(page + b"\0" * (PAGE - len(page)))
    return b"".join(out)


def tracing_data(tracer, kallsyms, syms=SYMS):
    def s8(b):
        return struct.pack("<Q", len(b)) + b
    out = bytes([23, 8, 68]) + b"tracing" + b"0.6\0" + bytes([0, 8])
    out += struct.pack("<I", PAGE)
    out += b"header_page\0" + s8(HEADER_PAGE.encode())
    out += b"header_event\0" + s8(HEADER_EVENT.encode())
    names = ["function", "funcgraph_entry", "funcgraph_exit"]
    out += struct.pack("<I", len(names))
    for n in names:
        out += s8(fmt_file(n))
    out += struct.pack("<I", 0)                    # no event systems
    ks = b""
    if kallsyms:
        for a, t, n, m in syms:
            ks += ("%016x %s %s%s\n" % (a, t, n, "\t[%s]" % m if m else "")).encode()
    out += struct.pack("<I", len(ks)) + ks
    out += struct.pack("<I", 0)                    # printk formats
    cl = "".join("%d %s\n" % (p, c) for p, c in CMDLINES.items()
                 if p not in COMM_RECORDS or p == 100).encode()
    out += struct.pack("<Q", len(cl)) + cl
    return out


def perf_string(s):
    b = s.encode() + b"\0"
    b += b"\0" * (-len(b) % 64)
    return struct.pack("<I", len(b)) + b


def attr(eid, sample_type):
    a = struct.pack("<IIQQQQQ", 2, 128, eid, 1, sample_type, 0, 0)
    return a + b"\0" * (128 - len(a))


def perf_header(tracer, cpus, kallsyms, evnames, foreign=False, syms=SYMS):
    SAMPLE_TID, SAMPLE_TIME, SAMPLE_CPU, SAMPLE_PERIOD, SAMPLE_IDENT = \
        1 << 1, 1 << 2, 1 << 7, 1 << 8, 1 << 16
    SAMPLE_RAW = 1 << 10
    # as the writer: the sample type of evsel__newtp(), PERF_SAMPLE_IDENTIFIER
    st = SAMPLE_IDENT | SAMPLE_TIME | SAMPLE_CPU | SAMPLE_PERIOD | SAMPLE_RAW
    ids = {n: i + 1 for i, n in enumerate(evnames)}
    eids = {n: FORMATS[n][0] for n in evnames}

    hdr_size = 104
    attr_size = 128 + 16
    attrs_off = hdr_size
    ids_off = attrs_off + attr_size * len(evnames)
    data_off = ids_off + 8 * len(evnames)
    attrs = b""
    for k, n in enumerate(evnames):
        a = attr(eids[n], st)
        if foreign:     # a cpu-clock software event, as perf record makes
            a = struct.pack("<II", 1, 128) + a[8:]
        attrs += a + struct.pack("<QQ", ids_off + 8 * k, 8)
    idsb = b"".join(struct.pack("<Q", ids[n]) for n in evnames)
    data = b""
    for cpu in range(cpus):
        # raw data: a zeroed record of the first event, with its id in
        # common_type, padded as the kernel does (u32 size + data, 8-aligned)
        last = FORMATS[evnames[0]][1].rstrip("\n").split("\n")[-1]
        rsz = sum(int(x.split(":")[1]) for x in last.split(";")[1:3])
        rsz = (rsz + 4 + 7) // 8 * 8 - 4
        raw = struct.pack("<H", eids[evnames[0]]) + b"\0" * (rsz - 2)
        body = struct.pack("<QQIIQI", ids[evnames[0]], 0, cpu, 0, 1, rsz) + raw
        data += struct.pack("<IHH", 9, 1, 8 + len(body)) + body
    for pid, comm in COMM_RECORDS.items():
        body = struct.pack("<II", pid, pid) + comm.encode() + b"\0"
        body += b"\0" * (-len(body) % 8)
        data += struct.pack("<IHH", 3, 0, 8 + len(body)) + body

    feats = {}
    if not foreign:
        feats[1] = tracing_data(tracer, kallsyms, syms)
    feats[3] = perf_string("testhost")
    feats[4] = perf_string("6.1.0-test")
    feats[5] = perf_string("6.1.192")
    feats[6] = perf_string("x86_64")
    feats[7] = struct.pack("<II", cpus, cpus)
    feats[8] = perf_string("Test CPU @ 1.00GHz")
    feats[10] = struct.pack("<Q", 1048576)
    args = ["perf", "ftrace", "record", "-t", tracer, "getppid-loop"]
    feats[11] = struct.pack("<I", len(args)) + b"".join(perf_string(a) for a in args)
    ed = struct.pack("<II", len(evnames), 128)
    for n in evnames:
        ed += attr(eids[n], st) + struct.pack("<I", 1) + \
            perf_string("ftrace:" + n) + struct.pack("<Q", ids[n])
    if not foreign:
        feats[12] = ed

    bits = 0
    for f in feats:
        bits |= 1 << f
    feat_off = data_off + len(data)
    table = b""
    body = b""
    off = feat_off + 16 * len(feats)
    for f in sorted(feats):
        table += struct.pack("<QQ", off + len(body), len(feats[f]))
        body += feats[f]
    header = b"PERFILE2" + struct.pack("<QQ", hdr_size, attr_size)
    header += struct.pack("<QQ", attrs_off, attr_size * len(evnames))
    header += struct.pack("<QQ", data_off, len(data))
    header += struct.pack("<QQ", 0, 0)
    header += struct.pack("<QQQQ", bits, 0, 0, 0)
    assert len(header) == hdr_size
    return header + attrs + idsb + data + table + body


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--tracer", default="function_graph")
    ap.add_argument("--cpus", type=int, default=2)
    ap.add_argument("--iter", type=int, default=10)
    ap.add_argument("--lost", type=int, default=None,
                    help="mark the 2nd page of this CPU as lost 42 events")
    ap.add_argument("--snapshot", type=int, default=None, metavar="N",
                    help="a flight recorder's save: each CPU's first page says "
                    "events were overwritten, without their count, and "
                    "perf.snapshot counts N a CPU")
    ap.add_argument("--no-kallsyms", action="store_true")
    ap.add_argument("--header-only", action="store_true")
    ap.add_argument("--aliases", action="store_true",
                    help="add aliases and section markers to kallsyms")
    ap.add_argument("--split-module", action="store_true",
                    help="another module's function between dummy's two")
    ap.add_argument("--irq-in-return", action="store_const", dest="irq",
                    const="return", help="an interrupt in a return, as workload() says")
    ap.add_argument("--irq-in-entry", action="store_const", dest="irq",
                    const="entry", help="an interrupt in an entry, as workload() says")
    ap.add_argument("--irq-in-exit", action="store_const", dest="irq",
                    const="exit", help="an interrupt in an exit, as workload() says")
    ap.add_argument("--comm-records", action="store_true",
                    help="the writers named by COMM records, not saved cmdlines")
    ap.add_argument("--clock-ahead", type=int, default=0, metavar="NS",
                    help="call and return times NS ahead of the ring buffer")
    ap.add_argument("--foreign", action="store_true",
                    help="perf.header of a cpu-clock perf record, no tracing data")
    a = ap.parse_args()
    if a.comm_records:
        COMM_RECORDS.update({p: c for p, c in CMDLINES.items() if c == "writer"})
        COMM_RECORDS[100] = "notthis"
    tracer = "function" if a.tracer == "function" else "function_graph"
    evnames = ["function"] if tracer == "function" else \
        ["funcgraph_entry", "funcgraph_exit"]
    syms = with_aliases(SYMS) if a.aliases else SYMS
    if a.split_module:
        syms = syms + [SPLIT]
    os.makedirs(a.dir, exist_ok=True)
    with open(os.path.join(a.dir, "perf.header"), "wb") as f:
        f.write(perf_header(tracer, a.cpus, not a.no_kallsyms, evnames,
                            a.foreign, syms))
    if a.header_only:
        return
    for cpu, evs in workload(tracer, a.cpus, a.iter, a.irq, a.clock_ahead).items():
        with open(os.path.join(a.dir, "trace-cpu%d.buf" % cpu), "wb") as f:
            f.write(pages(evs, 1 if a.lost == cpu else None, a.snapshot is not None))
    if a.snapshot is not None:
        with open(os.path.join(a.dir, "perf.snapshot"), "w") as f:
            f.write("saved by: SIGUSR2\nsaved at: 2026-12-07 12:00:00.000000 UTC\n")
            f.write("overwritten: %d events before it\n" % (a.snapshot * a.cpus))
            for cpu in range(a.cpus):
                f.write("cpu%d: %d events overwritten\n" % (cpu, a.snapshot))


if __name__ == "__main__":
    main()
