# SPDX-License-Identifier: MIT
"""A stand-in for ssh that answers like a hostile or broken remote (tst_remote): the app runs it as
LOADERSCOPE_SSH="python3 fake_ssh.py MODE" and it ignores ssh's arguments.

MODE:
  garbage    writes bytes that are not a stream, then exits 0
  cut        a valid stream header, one event chunk, then half a chunk; exits 255 as a dropped
             connection does
  huge       a header that claims 10^9 events, and a chunk header that claims 10^9 events in
             100 bytes
  nopython   says "python3: command not found" on stderr, exits 127 (as the remote shell does)
  silent     writes nothing until it is killed (a host whose Python hangs)
  bomb       a zstd frame that claims to expand to 1 TiB (a "zstd bomb")
  list-garbage  (for `list --json`) prints something that is not JSON
"""

import os
import signal
import struct
import sys


def fnv1a32(data):
    h = 0x811C9DC5
    for b in data:
        h ^= b
        h = (h * 0x01000193) & 0xFFFFFFFF
    return h


def varint(v):
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        if v:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def zz(v):
    return (v << 1) ^ (v >> 63) if v >= 0 else ((-v) << 1) - 1


def frame(magic, count, t, payload, checksum=None):
    return struct.pack("<IIQQII", magic, count, t, t, len(payload),
                       fnv1a32(payload) if checksum is None else checksum) + payload


def header(events=0):
    # RecordingHeader: magic, header_bytes, num_workers, clock_origin_ns, simulated_device,
    # engine_pid, events, complete, source, reserved[6].
    return struct.pack("<8sIIQIiQII24x", b"LSREC003", 72, 1, 1_000_000_000, 1, 4242, events, 0, 1)


def info():
    rec = struct.pack("<IIQqQiiiIQQII", 72, 1, 1_000_000_000, 1_700_000_000_000_000_000, 100, 4242, 0, 1, 1,
                      1_000_000_000, 1_700_000_000_000_000_000, 1, 65536)
    return frame(0x4F464E49, 1, 1_000_000_000, rec + b"host=fake\nsegment=loaderscope-fake\n")


def chunk(n):
    t0 = 1_000_000_000
    payload = bytearray()
    for i in range(n):
        payload.append(4)  # a Fetch span (EventKind::Fetch)
        payload += varint(zz(0)) + varint(zz(1000 if i else 0)) + varint(zz(500)) + varint(zz(i)) + varint(zz(i)) + varint(0)
    return struct.pack("<IIQQII", 0x4B4E4843, n, t0, t0 + n * 1000, len(payload), fnv1a32(bytes(payload))) + bytes(payload)


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    out = sys.stdout.buffer
    if mode == "garbage":
        out.write(b"Welcome to the server!\n" + bytes(range(256)) * 4)
        return 0
    if mode == "cut":
        c = chunk(100)
        out.write(header() + info() + c + c[:len(c) // 2])
        out.flush()
        return 255
    if mode == "huge":
        bad = struct.pack("<IIQQII", 0x4B4E4843, 1_000_000_000, 1_000_000_000, 1_000_000_001, 100, 0) + b"\0" * 100
        out.write(header(events=1_000_000_000) + info() + bad)
        out.flush()
        # Then stays, as a live stream would: the app must end it.
        sys.stdin.buffer.read()
        return 0
    if mode == "nopython":
        sys.stderr.write("bash: line 1: python3: command not found\n")
        return 127
    if mode == "silent":
        sys.stdin.buffer.read()  # until the app closes it or kills us
        signal.pause()           # then silent still, until the app's kill
        return 0
    if mode == "bomb":
        # A zstd frame (window 128 KiB, content size 1 TiB) of RLE blocks: 4 bytes each expand
        # to 128 KiB of "A".
        frame_hdr = b"\x28\xb5\x2f\xfd" + bytes([0xC0, 7 << 3]) + struct.pack("<Q", 1 << 40)
        block = struct.pack("<I", (1 << 1) | ((128 * 1024) << 3))[:3] + b"A"
        try:
            out.write(frame_hdr)
            for _ in range(1 << 14):
                out.write(block * 64)
            out.flush()
            sys.stdin.buffer.read()
        except BrokenPipeError:
            pass
        return 0
    if mode == "list-garbage":
        out.write(b"<html>not json</html>\n")
        return 0
    sys.stderr.write("fake_ssh: unknown mode %r\n" % mode)
    return 2


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        os._exit(0)
