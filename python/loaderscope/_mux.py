# SPDX-License-Identifier: MIT
"""`stream --all` and `demux`: several live segments' streams on one output, and back.

Each segment is streamed as `stream NAME` would stream it (the native stream, on its own thread,
into its own pipe); this module interleaves what comes out of the pipes into packets on the one
output, and `demux` splits such a file into one recording per segment, each byte for byte what a
single stream of it would have written. docs/traces.md, section 2, describes the container:

    header  8 bytes "LSMUX001", uint32 header bytes (16), uint32 version (1)
    packet  4 bytes "PACK", uint32 stream id, uint32 kind, uint32 payload bytes, then the payload
            kind 1 OPEN:  JSON {"segment", "pid", "rank", "world_size", "program", "zstd"}
            kind 2 DATA:  the next bytes of that stream (a version 3 recording, or its zstd frames)
            kind 3 CLOSE: JSON: how that stream ended ({"reason", "events", "lost_ring",
                          "lost_stream", ...} or {"error": why it could not be streamed})
All numbers little-endian. New segments are looked for every 0.5 s while any stream runs; the
whole ends when every stream it began has ended.
"""

import json
import os
import select
import signal
import struct
import sys
import threading

MAGIC = b"LSMUX001"
HEADER = struct.Struct("<8sII")
PACKET = struct.Struct("<4sIII")
OPEN, DATA, CLOSE = 1, 2, 3
FINAL_STATES = (2, 3)  # RunState Finished, Failed


class ConsumerGone(Exception):
    pass


def _write_all(fd, data):
    view = memoryview(data)
    while view:
        try:
            n = os.write(fd, view)
        except BrokenPipeError:
            raise ConsumerGone()
        except InterruptedError:
            continue
        view = view[n:]


class _Stream:
    def __init__(self, sid, info):
        self.id, self.info = sid, info
        self.rfd, self.wfd = os.pipe()
        self.result = None
        self.thread = None


def stream_all(native, out_fd, zstd_level, buffer_bytes, offset, fields, usage_error):
    """Streams every live segment of this user (and those that appear while it runs) to out_fd.
    Returns the exit status."""
    stop = threading.Event()
    signalled = []

    def on_signal(signum, frame):
        # Only a flag: a packet half written would break the container. Each stream then ends
        # with its end record; a second signal (a consumer that stopped reading blocks that)
        # exits at once.
        if signalled:
            os._exit(128 + signum)
        signalled.append(signum)
        stop.set()

    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, on_signal)

    streams = {}   # segment name -> _Stream (every one begun)
    open_ = []     # those whose pipe is still open

    def begin(info):
        s = _Stream(len(streams), info)
        streams[info["name"]] = s

        def run():
            try:
                s.result = native.stream_segment(info["name"], fd=s.wfd, zstd_level=zstd_level,
                                                 buffer_bytes=buffer_bytes, clock_offset_ns=offset,
                                                 fields=fields, stop=stop.is_set)
            except Exception as e:  # the segment went away between the list and the open
                s.result = {"error": str(e)}
            finally:
                os.close(s.wfd)

        meta = {"segment": info["name"], "pid": info["pid"], "rank": info["rank"],
                "world_size": info["world_size"], "program": info["program"], "zstd": bool(zstd_level)}
        _write_all(out_fd, packet(s.id, OPEN, json.dumps(meta).encode()))
        s.thread = threading.Thread(target=run, name="stream " + info["name"], daemon=True)
        s.thread.start()
        open_.append(s)

    def discover():
        for info in native.list_segments():
            if info["name"] not in streams and info["run_state"] not in FINAL_STATES:
                begin(info)

    live = [i for i in native.list_segments() if i["run_state"] not in FINAL_STATES]
    if not live:
        usage_error("stream: no live segment of this user on this host")
    gone = False
    try:
        _write_all(out_fd, HEADER.pack(MAGIC, HEADER.size, 1))
        for info in live:
            begin(info)
        last_look = _now()
        while open_:
            ready, _, _ = select.select([s.rfd for s in open_], [], [], 0.5)
            for s in [s for s in open_ if s.rfd in ready]:
                data = os.read(s.rfd, 1 << 20)
                if data:
                    _write_all(out_fd, packet(s.id, DATA, data))
                    continue
                s.thread.join()
                os.close(s.rfd)
                open_.remove(s)
                _write_all(out_fd, packet(s.id, CLOSE, json.dumps(s.result or {}).encode()))
            if not stop.is_set() and open_ and _now() - last_look >= 0.5:
                last_look = _now()
                discover()
    except ConsumerGone:
        gone = True
        stop.set()
        for s in open_:
            os.close(s.rfd)  # each stream's next write fails: it ends quietly
        for s in open_:
            s.thread.join()
    if gone:
        return 0
    for name, s in streams.items():
        r = s.result or {}
        if r.get("error"):
            sys.stderr.write("loaderscope: stream: %s: %s\n" % (name, r["error"]))
            continue
        lost = r.get("lost_ring", 0) + r.get("lost_stream", 0)
        if lost:
            sys.stderr.write("loaderscope: stream: %s: %d events lost (%d overwritten in the rings before they were "
                             "read, %d dropped while the consumer was slow); %d carried\n"
                             % (name, lost, r["lost_ring"], r["lost_stream"], r["events"]))
    return 128 + signalled[0] if signalled else 0


def packet(sid, kind, payload):
    return PACKET.pack(b"PACK", sid, kind, len(payload)) + payload


def _now():
    import time
    return time.monotonic()


MAX_META_BYTES = 1 << 20  # an OPEN or CLOSE record is a few hundred bytes of JSON
READ_BYTES = 1 << 20      # demux reads DATA in pieces of this size: memory stays bounded


def _json_object(body):
    """An OPEN or CLOSE record's JSON object, or None when it is something else (a list, a number,
    bytes that are not JSON): such a packet is damage, not a traceback."""
    try:
        meta = json.loads(body)
    except ValueError:
        return None
    return meta if isinstance(meta, dict) else None


def _read_exact(f, n):
    data = f.read(n)
    return data if len(data) == n else None


def demux(path, out_dir):
    """Splits a `stream --all` file into DIR/<segment>.stream (.stream.zst when compressed), in
    bounded memory (a multi-GB capture is copied in pieces, never read whole). Two streams of one
    segment name (a name reused on another host) get their own files: the second is
    DIR/<segment>.2.stream, never written over the first. Returns [(segment, path, close info or
    None)] and where reading stopped short (None when whole)."""
    from ._inputs import open_input  # the bounded reader of every file input
    with open_input(path) as f:
        head = f.read(HEADER.size)
        if len(head) < HEADER.size or head[:8] != MAGIC:
            raise ValueError("%s is not a `stream --all` file (no %s header)" % (path, MAGIC.decode()))
        magic, header_bytes, version = HEADER.unpack_from(head, 0)
        if header_bytes < HEADER.size or header_bytes > 4096 or version != 1:
            raise ValueError("%s is a `stream --all` file of another version (%d)" % (path, version))
        f.seek(header_bytes)
        os.makedirs(out_dir, exist_ok=True)
        files, out, used = {}, [], set()
        pos = header_bytes
        cut = None
        try:
            while True:
                top = f.read(PACKET.size)
                if not top:
                    break
                if len(top) < PACKET.size:
                    cut = pos
                    break
                tag, sid, kind, n = PACKET.unpack(top)
                if tag != b"PACK" or kind not in (OPEN, DATA, CLOSE) or (kind != DATA and n > MAX_META_BYTES):
                    cut = pos
                    break
                if kind == DATA:
                    sink = files[sid][0] if sid in files else None
                    left = n
                    while left > 0:
                        piece = f.read(min(left, READ_BYTES))
                        if not piece:
                            break
                        left -= len(piece)
                        if sink is not None:
                            sink.write(piece)
                    if left > 0:
                        cut = pos
                        break
                    pos += PACKET.size + n
                    continue
                body = _read_exact(f, n)
                if body is None:
                    cut = pos
                    break
                meta = _json_object(body)
                if meta is None:
                    cut = pos
                    break
                pos += PACKET.size + n
                if kind == OPEN:
                    name = os.path.basename(str(meta.get("segment", "")))
                    if name in ("", ".", "..") or sid in files:
                        cut = pos
                        break
                    ext = ".stream.zst" if meta.get("zstd") else ".stream"
                    target, k = os.path.join(out_dir, name + ext), 1
                    while target in used:
                        k += 1
                        target = os.path.join(out_dir, "%s.%d%s" % (name, k, ext))
                    used.add(target)
                    files[sid] = [open(target, "wb"), name, target, None]
                elif sid in files:
                    files[sid][3] = meta
        finally:
            for sink, name, target, closed in files.values():
                sink.close()
                out.append((name, target, closed))
    return out, cut
