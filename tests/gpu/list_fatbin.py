#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Lists the GPU code embedded in an executable's fat binary (the .nv_fatbin section), like
`cuobjdump --list-elf --list-ptx`, for machines without cuobjdump (the CUDA toolkit here ships
nvcc but no cuobjdump). Prints JSON: {"elf": ["sm_75", ...], "ptx": ["compute_90"]}.

  list_fatbin.py BINARY [--require sm_80,compute_90,...]

With --require it exits 1 naming what is missing. Layout read (as nvcc 13 writes it): containers
of a 16-byte header (magic 0xBA55ED50, version u16, header size u16, payload size u64), each
holding entries (kind u16: 1 PTX, 2 ELF; header size u32 at 4; payload size u64 at 8; the
architecture, e.g. 90, u32 at 28).
"""
import json
import struct
import sys

MAGIC = 0xBA55ED50


def fatbin_section(data):
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise ValueError("not a little-endian ELF64 file")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    sections = []
    for i in range(shnum):
        name, _type, _flags, _addr, off, size = struct.unpack_from("<IIQQQQ", data, shoff + i * shentsize)
        sections.append((name, off, size))
    stroff = sections[shstrndx][1]
    for name, off, size in sections:
        end = data.index(b"\0", stroff + name)
        if data[stroff + name:end] == b".nv_fatbin":
            return off, size
    raise ValueError("no .nv_fatbin section: built without CUDA code")


def list_images(data):
    off, size = fatbin_section(data)
    elf, ptx = set(), set()
    pos, end = off, off + size
    while pos + 16 <= end:
        magic, _version, header, payload = struct.unpack_from("<IHHQ", data, pos)
        if magic != MAGIC:
            pos += 8  # containers are 8-byte aligned
            continue
        entry, last = pos + header, pos + header + payload
        while entry + 32 <= last:
            kind, _unknown, entry_header, entry_payload = struct.unpack_from("<HHIQ", data, entry)
            arch, = struct.unpack_from("<I", data, entry + 28)
            if kind == 1:
                ptx.add("compute_%d" % arch)
            elif kind == 2:
                elf.add("sm_%d" % arch)
            if entry_header == 0:
                break
            entry += entry_header + entry_payload
        pos = last
    key = lambda s: int(s.split("_")[1])
    return {"elf": sorted(elf, key=key), "ptx": sorted(ptx, key=key)}


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        with open(argv[1], "rb") as f:
            images = list_images(f.read())
    except (OSError, ValueError) as e:
        print("list_fatbin: %s: %s" % (argv[1], e), file=sys.stderr)
        return 2
    print(json.dumps(images))
    if len(argv) >= 4 and argv[2] == "--require":
        have = set(images["elf"]) | set(images["ptx"])
        missing = [a for a in argv[3].split(",") if a and a not in have]
        if missing:
            print("list_fatbin: missing GPU code: %s" % ", ".join(missing), file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
