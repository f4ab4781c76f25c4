#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Write a small seed corpus for fuzz_ftrace_buf: valid buffer files of both
tracers (from ../host/mkrec.py), with a lost-events page, time extends,
padding, long (type_len 0) events and a dynamic string event."""
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "host"))
import mkrec  # noqa: E402

out = sys.argv[1] if len(sys.argv) > 1 else "corpus"
os.makedirs(out, exist_ok=True)


def put(name, mode, data):
    with open(os.path.join(out, name), "wb") as f:
        f.write(bytes([mode]) + data)


for tracer in ("function", "function_graph"):
    evs = mkrec.workload(tracer, 1, 3)[0]
    put("%s-1page" % tracer, 0, mkrec.pages(evs))
    evs = mkrec.workload(tracer, 1, 60)[0]
    put("%s-lost" % tracer, 0, mkrec.pages(evs, 1))

# padding (discarded event), a long print event and a dynamic string
common = struct.pack("<HBBi", 5, 0, 0, 100)
long_print = common + struct.pack("<Q", 0xffffffff81001000) + b"x" * 150 + b"\0"
dyn = struct.pack("<HBBi", 40, 0, 0, 100) + struct.pack("<Ii", (8 << 16) | 16, 7) + b"abcdefg\0"
data = mkrec.encode_event(0, long_print)
data += struct.pack("<II", 29 | (1 << 5), 12) + b"\0" * 12    # discarded
data += mkrec.encode_event(300, dyn)
data += mkrec.encode_event(1 << 30, dyn)                       # time extend
page = struct.pack("<QQ", 1000, len(data)) + data
put("misc", 0, page + b"\0" * (4096 - len(page)))
# null padding at the end of the data
page = struct.pack("<QQ", 1000, len(data) + 4) + data + struct.pack("<I", 29)
put("nullpad", 0, page + b"\0" * (4096 - len(page)))
put("empty", 0, b"")
put("zero-page", 0, b"\0" * 4096)
