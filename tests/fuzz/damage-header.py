#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Write the damaged recordings of perf header bugs found by reading the
code rather than by the fuzzer, each from a packed seed recording, into
OUT_DIR (they are kept in crashes/; see ../host/ftrace-fuzz-crashes.sh).

  damage-header.py SEED.rec OUT_DIR

mem-topology-count-wraps     MEM_TOPOLOGY with 0xaaaaaaaaaaaaaaab nodes:
                             24 * nr wraps to 8 bytes, one node is read
bitmap-size-past-int         a MEM_TOPOLOGY node bitmap of 2^32 + 64 bits:
                             bitmap_zalloc() gets 64
event-desc-count-wraps       EVENT_DESC with 0xffffffff events: nre + 1
                             wraps to 0
attr-ids-past-end            the first attr's ids claim 1 TiB
saved-cmdlines-size-wraps    the tracing data's saved cmdlines of 2^64 - 1
                             bytes: size + 1 wraps to 0
event-desc-section-past-file EVENT_DESC's section claims 1 TiB, and
                             0xffffffff events
event-desc-no-events         EVENT_DESC of no events with an attr size of
                             0xfffffff0
cpu-topology-count-no-lists  CPU_TOPOLOGY claims 0x7fffffff core sibling
                             lists and has none
build-id-name-past-buffer    a BUILD_ID record of 64 KiB: its file name is
                             read into filename[PATH_MAX] on the stack
"""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import recording as rec  # noqa: E402

TRACING_DATA, BUILD_ID, EVENT_DESC, CPU_TOPOLOGY, MEM_TOPOLOGY = 1, 2, 12, 13, 22


def mem_topology(nr, bitmap_bits, words):
    node = struct.pack("<QQQ", 0, 1 << 30, bitmap_bits) + struct.pack("<Q", 1) * words
    return struct.pack("<QQQ", 1, 1 << 27, nr) + node


def sections_damaged(header, bit, data):
    return rec.with_feature_sections(header, {**rec.feature_sections(header), bit: data})


def build_id_record(size):
    """A kernel BUILD_ID record of @size bytes, its name all 'A'."""
    head = struct.pack("<IHHi24s", 0, 1, size, -1, bytes(24))
    return head + b"A" * (size - len(head))


def with_section_size(header, bit, size):
    """@header whose section table gives feature @bit the size @size."""
    bits = sorted(rec.feature_sections(header))
    table = sum(struct.unpack_from("<QQ", header, 40))
    out = bytearray(header)
    struct.pack_into("<Q", out, table + 16 * bits.index(bit) + 8, size)
    return bytes(out)


def attr_ids_past_end(header):
    attr_size, attrs = struct.unpack_from("<QQ", header, 16)
    out = bytearray(header)
    struct.pack_into("<Q", out, attrs + attr_size - 8, 1 << 40)
    return bytes(out)


def saved_cmdlines_wrap(header):
    td = rec.feature_sections(header)[TRACING_DATA]
    at = rec.kallsyms_offset(td, "<")
    at += 4 + struct.unpack_from("<I", td, at)[0]   # kallsyms
    at += 4 + struct.unpack_from("<I", td, at)[0]   # printk formats
    td = td[:at] + struct.pack("<Q", 2**64 - 1) + td[at + 8:]
    return sections_damaged(header, TRACING_DATA, td)


def main(seed, out):
    with open(seed, "rb") as f:
        records = rec.split_records(f.read())
    header = next(d for kind, d in records if kind == rec.HEADER)
    event_desc = rec.feature_sections(header)[EVENT_DESC]
    damaged = {
        "mem-topology-count-wraps":
            sections_damaged(header, MEM_TOPOLOGY, mem_topology(0xaaaaaaaaaaaaaaab, 64, 1)),
        "bitmap-size-past-int":
            sections_damaged(header, MEM_TOPOLOGY, mem_topology(1, (1 << 32) + 64, 4)),
        "event-desc-count-wraps":
            sections_damaged(header, EVENT_DESC, struct.pack("<I", 0xffffffff) + event_desc[4:]),
        "attr-ids-past-end": attr_ids_past_end(header),
        "saved-cmdlines-size-wraps": saved_cmdlines_wrap(header),
        "event-desc-section-past-file": with_section_size(
            sections_damaged(header, EVENT_DESC, struct.pack("<I", 0xffffffff) + event_desc[4:]),
            EVENT_DESC, 1 << 40),
        "event-desc-no-events":
            sections_damaged(header, EVENT_DESC, struct.pack("<II", 0, 0xfffffff0)),
        "cpu-topology-count-no-lists":
            sections_damaged(header, CPU_TOPOLOGY, struct.pack("<I", 0x7fffffff)),
        "build-id-name-past-buffer":
            sections_damaged(header, BUILD_ID, build_id_record(0xffff)),
    }
    for name, h in damaged.items():
        recs = [(kind, h if kind == rec.HEADER else d) for kind, d in records]
        with open(os.path.join(out, name + ".rec"), "wb") as f:
            f.write(rec.join_records(recs))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
