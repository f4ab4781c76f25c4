#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Pack a 'perf ftrace record' directory into one fuzzer input, or unpack
one into a directory (the format fuzz_recording.c reads).

  recording.py pack [--trim] DIR FILE
  recording.py unpack FILE DIR

--trim keeps, of the kallsyms saved in the tracing data, only the symbols
that the buffer files' addresses fall into (and their neighbours): a real
recording of a few events, with kallsyms of a few hundred bytes where the
whole was 2 MB, so that the fuzzer runs it fast.

A packed recording is records of [u8 kind][u32 length, little endian]
[bytes]: kind 0 perf.header, 1 perf.incomplete, 16 + N trace-cpuN.buf.
A truncated last record keeps what is there, as in the fuzzer.
"""
import bisect
import os
import re
import struct
import sys

HEADER, INCOMPLETE, CPU = 0, 1, 16


def byte_order(header):
    """struct's byte order of perf.header @header."""
    return "<" if header[:8] == b"PERFILE2" else ">"


def feature_sections(header):
    """The feature sections of perf.header @header, {feature bit: bytes}."""
    e = byte_order(header)
    u64 = lambda o: struct.unpack_from(e + "Q", header, o)[0]
    table = u64(40) + u64(48)
    bits = [w * 64 + b for w in range(4) for b in range(64) if u64(72 + 8 * w) >> b & 1]
    return {bit: header[u64(table + 16 * i):u64(table + 16 * i) + u64(table + 16 * i + 8)]
            for i, bit in enumerate(bits)}


def with_feature_sections(header, secs):
    """perf.header @header with the feature sections @secs, {bit: bytes},
    laid out after their table."""
    e = byte_order(header)
    table = sum(struct.unpack_from(e + "QQ", header, 40))
    bits = sorted(secs)
    words = [sum(1 << (b % 64) for b in bits if b // 64 == w) for w in range(4)]
    out = bytearray(header[:table])
    struct.pack_into(e + "4Q", out, 72, *words)
    off = table + 16 * len(bits)
    for bit in bits:
        out += struct.pack(e + "QQ", off, len(secs[bit]))
        off += len(secs[bit])
    return bytes(out) + b"".join(secs[bit] for bit in bits)


def kallsyms_offset(td, e):
    """Where the kallsyms (a u32 size, then the text) are in tracing data
    @td of byte order @e; the printk formats and saved cmdlines follow."""
    u64 = lambda o: struct.unpack_from(e + "Q", td, o)[0]
    u32 = lambda o: struct.unpack_from(e + "I", td, o)[0]
    at = td.index(b"\0", 10) + 1 + 2 + 4
    for tag in (b"header_page\0", b"header_event\0"):
        at += len(tag)
        at += 8 + u64(at)
    n = u32(at)
    at += 4
    for _ in range(n):
        at += 8 + u64(at)
    n = u32(at)
    at += 4
    for _ in range(n):
        at = td.index(b"\0", at) + 1
        m = u32(at)
        at += 4
        for _ in range(m):
            at += 8 + u64(at)
    return at


def trim_kallsyms(header, bufs):
    """perf.header with the kallsyms of its tracing data cut down to the
    symbols around the addresses found in @bufs."""
    e = byte_order(header)
    secs = feature_sections(header)
    td = secs[1]
    at = kallsyms_offset(td, e)
    ksize = struct.unpack_from(e + "I", td, at)[0]
    lines = td[at + 4:at + 4 + ksize].decode(errors="replace").splitlines()
    syms = sorted((int(l.split()[0], 16), i) for i, l in enumerate(lines)
                  if len(l.split()) >= 3)
    addrs = [a for a, _ in syms]
    keep = set(range(min(16, len(lines))))
    for buf in bufs:
        for o in range(0, len(buf) - 7, 4):
            v = struct.unpack_from(e + "Q", buf, o)[0]
            j = bisect.bisect_right(addrs, v) - 1
            if 0 <= j and v - addrs[j] < 1 << 20:
                keep.update(i for _, i in syms[j:j + 2])
    text = "".join(lines[i] + "\n" for i in sorted(keep)).encode()
    secs[1] = td[:at] + struct.pack(e + "I", len(text)) + text + td[at + 4 + ksize:]
    return with_feature_sections(header, secs)


def pack(src, dst, trim=False):
    files = []
    for name in sorted(os.listdir(src)):
        m = re.fullmatch(r"trace-cpu(\d+)\.buf", name)
        if name == "perf.header":
            kind = HEADER
        elif name == "perf.incomplete":
            kind = INCOMPLETE
        elif m and int(m.group(1)) < 256 - CPU:
            kind = CPU + int(m.group(1))
        else:
            continue
        with open(os.path.join(src, name), "rb") as f:
            files.append((kind, f.read()))
    files.sort(key=lambda kf: kf[0])
    if trim:
        bufs = [d for k, d in files if k >= CPU]
        files = [(k, trim_kallsyms(d, bufs) if k == HEADER else d) for k, d in files]
    with open(dst, "wb") as f:
        f.write(join_records(files))


def join_records(records):
    """One packed recording of (kind, bytes) @records."""
    return b"".join(struct.pack("<BI", kind, len(d)) + d for kind, d in records)


def split_records(data):
    """The (kind, bytes) records of packed recording @data, in order."""
    records = []
    while len(data) >= 5:
        kind, size = struct.unpack_from("<BI", data)
        records.append((kind, data[5:5 + size]))
        data = data[5 + size:]
    return records


def unpack(src, dst):
    with open(src, "rb") as f:
        data = f.read()
    os.makedirs(dst, exist_ok=True)
    for kind, body in split_records(data):
        if kind == HEADER:
            name = "perf.header"
        elif kind == INCOMPLETE:
            name = "perf.incomplete"
        elif kind >= CPU:
            name = "trace-cpu%d.buf" % (kind - CPU)
        else:
            continue
        # the fuzzer writes the last record of a kind over the others
        with open(os.path.join(dst, name), "wb") as f:
            f.write(body)


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:2] == ["pack", "--trim"] and len(args) == 4:
        pack(args[2], args[3], trim=True)
    elif args[:1] == ["pack"] and len(args) == 3:
        pack(args[1], args[2])
    elif args[:1] == ["unpack"] and len(args) == 3:
        unpack(args[1], args[2])
    else:
        sys.exit("usage: recording.py pack [--trim] DIR FILE | unpack FILE DIR")
