#!/usr/bin/env python3
# Edge-case recordings for byte-identical checks of 'perf ftrace show':
# mkrec.py's recordings plus kernel_stack, print and format-less events,
# odd pids, depths, times, durations and addresses.
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mkrec  # noqa: E402

ID_STACK, ID_PRINT = 4, 5
mkrec.FORMATS["kernel_stack"] = (ID_STACK, """\tfield:int size;\toffset:8;\tsize:4;\tsigned:1;
\tfield:unsigned long caller[8];\toffset:16;\tsize:64;\tsigned:0;
""", '"\\t=> %ps\\n\\t=> %ps\\n", (void *)REC->caller[0], (void *)REC->caller[1]')
mkrec.FORMATS["print"] = (ID_PRINT, """\tfield:unsigned long ip;\toffset:8;\tsize:8;\tsigned:0;
\tfield:char buf[];\toffset:16;\tsize:0;\tsigned:1;
""", '"%ps: %s", (void *)REC->ip, REC->buf')
mkrec.CMDLINES[300] = "a-command-name-longer-than-sixteen"
mkrec.CMDLINES[301] = "sixteen-chars-xx"

orig_td = mkrec.tracing_data


def tracing_data(tracer, kallsyms, syms=mkrec.SYMS):
    # orig writes 3 formats; rewrite the count and add ours after them
    out = orig_td(tracer, kallsyms, syms)
    i = out.index(b"header_event\0")
    j = out.index(struct.pack("<I", 3), i)
    k = j + 4
    for _ in range(3):
        n = struct.unpack("<Q", out[k:k + 8])[0]
        k += 8 + n
    extra = b""
    for n in ("kernel_stack", "print"):
        f = mkrec.fmt_file(n)
        extra += struct.pack("<Q", len(f)) + f
    return out[:j] + struct.pack("<I", 5) + out[j + 4:k] + extra + out[k:]


mkrec.tracing_data = tracing_data
A = mkrec.ADDR
orig_wl = mkrec.workload
BIG = int(os.environ.get("EDGE_TS_OFFSET", "0"))


def common(eid, pid):
    return struct.pack("<HBBi", eid, 0, 0, pid)


def workload(tracer, cpus, iters, irq=None):
    out = orig_wl(tracer, cpus, iters, irq)
    for cpu, evs in out.items():
        evs[:] = [(ts + BIG, p) for ts, p in evs]
        pid = 100 + cpu if cpu % 2 == 0 else 200 + cpu
        extra = []
        stacks = [
            [A["do_syscall_64"] + 0x10],
            [A["vfs_write"] + 0x20, A["dummy_xmit"] + 4, 0x1234,
             0xffffffffffffff00, A["dummy_stats"], A["_stext"]],
            [A["ksys_write"], (1 << 64) - 1, A["vfs_write"]],
            [A["task_tgid_vnr"]] * 8,
        ]
        for n, st in enumerate(stacks):
            extra.append(common(ID_STACK, pid) + struct.pack("<ii", len(st), 0) +
                         b"".join(struct.pack("<Q", a) for a in st))
        extra.append(common(ID_PRINT, pid) + struct.pack("<Q", A["vfs_write"]) +
                     b"hello from the trace marker\n\0")
        extra.append(struct.pack("<HBBi", 99, 0, 0, pid) + b"x" * 12)
        for p in (0, -5, 1234567890, 300, 301, 999, -2147483648):
            extra.append(common(mkrec.ID_FUNCTION, p) +
                         struct.pack("<QQ", A["vfs_write"] + 8, 0))
            extra.append(common(mkrec.ID_GRAPH_ENTRY, p) +
                         struct.pack("<Qi", A["ksys_write"], 2))
        extra.append(common(mkrec.ID_FUNCTION, pid) +
                     struct.pack("<QQ", 0xffffffff81004000, 0xffffffffc0001800 + 0x100000))
        for depth in (200, 129, 128, -3):
            extra.append(common(mkrec.ID_GRAPH_ENTRY, pid) +
                         struct.pack("<Qi", A["vfs_write"], depth))
        for dur in (0, 999, 10000, 10001, 100001, 1000001, 10000001,
                    100000001, 1000000001, 15000000000, 123456789012345):
            extra.append(common(mkrec.ID_GRAPH_EXIT, pid) +
                         struct.pack("<QiIQQ", A["vfs_write"], 1, 0, 1000, 1000 + dur))
        extra.append(common(mkrec.ID_GRAPH_EXIT, pid) +
                     struct.pack("<QiIQQ", A["vfs_write"], 1, 0, 5000, 1000))
        # entry + exit pairs that do not match: pid, func, depth
        extra.append(common(mkrec.ID_GRAPH_ENTRY, pid) + struct.pack("<Qi", A["vfs_write"], 3))
        extra.append(common(mkrec.ID_GRAPH_EXIT, pid + 1) +
                     struct.pack("<QiIQQ", A["vfs_write"], 3, 0, 1, 2))
        extra.append(common(mkrec.ID_GRAPH_ENTRY, pid) + struct.pack("<Qi", A["vfs_write"], 3))
        extra.append(common(mkrec.ID_GRAPH_EXIT, pid) +
                     struct.pack("<QiIQQ", A["ksys_write"], 3, 0, 1, 2))
        extra.append(common(mkrec.ID_GRAPH_ENTRY, pid) + struct.pack("<Qi", A["vfs_write"], 3))
        extra.append(common(mkrec.ID_GRAPH_EXIT, pid) +
                     struct.pack("<QiIQQ", A["vfs_write"], 4, 0, 1, 2))
        extra.append(common(mkrec.ID_GRAPH_ENTRY, pid) + struct.pack("<Qi", 0x42, 0))
        extra.append(common(mkrec.ID_GRAPH_EXIT, pid) +
                     struct.pack("<QiIQQ", 0x42, 0, 0, 1, 2))
        # in the middle, at the time of an event, then at the end on
        # microsecond rounding edges
        mid = len(evs) // 2
        t = evs[mid - 1][0]
        evs[mid:mid] = [(t, p) for p in extra]
        t = evs[-1][0]
        s = (t // 1000000000 + 1) * 1000000000
        for k, d in enumerate((999999499, 999999500, 999999501, 1999999999,
                               2000000000, 2000000499)):
            evs.append((s + d + cpu, extra[k % len(extra)]))
    return out


mkrec.workload = workload
if __name__ == "__main__":
    mkrec.main()
