#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Write the damaged recordings of perf header bugs found by reading the
code rather than by the fuzzer, each from a packed seed recording, into
crashes/ (see ../host/ftrace-fuzz-crashes.sh).

  damage-header.py SEED.rec OUT_DIR

mem-topology-count-wraps.rec   MEM_TOPOLOGY with 0xaaaaaaaaaaaaaaab nodes:
                               24 * nr wraps to 8 bytes, one node is read
bitmap-size-past-int.rec       a MEM_TOPOLOGY node bitmap of 2^32 + 64
                               bits: bitmap_zalloc() gets 64
event-desc-count-wraps.rec     EVENT_DESC with 0xffffffff events: nre + 1
                               wraps to 0
"""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import recording  # noqa: E402

MEM_TOPOLOGY, EVENT_DESC = 22, 12


def sections(h):
    """The feature sections of perf.header @h, {bit: bytes}."""
    u64 = lambda o: struct.unpack_from("<Q", h, o)[0]
    table = u64(40) + u64(48)
    bits = [w * 64 + b for w in range(4) for b in range(64) if u64(72 + 8 * w) >> b & 1]
    return table, {bit: h[u64(table + 16 * i):u64(table + 16 * i) + u64(table + 16 * i + 8)]
                   for i, bit in enumerate(bits)}


def with_sections(h, secs):
    """perf.header @h with its feature sections replaced by @secs."""
    table, _ = sections(h)
    bits = sorted(secs)
    words = [sum(1 << (b % 64) for b in bits if b // 64 == w) for w in range(4)]
    out = bytearray(h[:table])
    struct.pack_into("<4Q", out, 72, *words)
    off = table + 16 * len(bits)
    body = b""
    for b in bits:
        out += struct.pack("<QQ", off + len(body), len(secs[b]))
        body += secs[b]
    return bytes(out) + body


def mem_topology(nr, bitmap_bits, words):
    node = struct.pack("<QQQ", 0, 1 << 30, bitmap_bits) + struct.pack("<Q", 1) * words
    return struct.pack("<QQQ", 1, 1 << 27, nr) + node


def main(seed, out):
    with open(seed, "rb") as f:
        records = recording.split_records(f.read())
    header = next(d for kind, d in records if kind == recording.HEADER)
    _, secs = sections(header)
    damaged = {
        "mem-topology-count-wraps": {**secs, MEM_TOPOLOGY: mem_topology(0xaaaaaaaaaaaaaaab, 64, 1)},
        "bitmap-size-past-int": {**secs, MEM_TOPOLOGY: mem_topology(1, (1 << 32) + 64, 4)},
        "event-desc-count-wraps": {**secs, EVENT_DESC: struct.pack("<I", 0xffffffff) + secs[EVENT_DESC][4:]},
    }
    for name, s in damaged.items():
        recs = [(kind, with_sections(header, s) if kind == recording.HEADER else d)
                for kind, d in records]
        with open(os.path.join(out, name + ".rec"), "wb") as f:
            f.write(recording.join_records(recs))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
