# SPDX-License-Identifier: MIT
"""`python3 -m loaderscope stream` and `demux` against what goes wrong: a stream cut mid-frame (read
up to the cut, the shortfall said), names, files and ranks that are not a job's, demux in bounded
memory and time, a consumer that leaves, and a signal (the end record says "interrupted"). The
streams of jobs that run well: test_stream.py, whose helpers these cases use.

Usage: python3 test_stream_hostile.py CASE   (exit 77: skipped, with the reason)
"""

import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probetest import PYTHON, check, hostile_inputs, main, wait_for  # noqa: E402
from test_stream import ENGINE, finish_job, finish_stream, procs, read, start_job, start_stream, stream_cmd  # noqa: E402


def case_hostile(tmp):
    """A name that is not there, a file that is not a segment, a FIFO, a path, a rank with no job:
    one clear line on stderr, exit 2, at once."""
    made = []
    try:
        junk = "loaderscope-%d-junk%x" % (os.getpid(), int(time.time()))
        with open("/dev/shm/" + junk, "wb") as f:
            made.append(f.name)
            f.write(b"not a segment" * 1000)
        fifo = "loaderscope-%d-fifo%x" % (os.getpid(), int(time.time()))
        os.mkfifo("/dev/shm/" + fifo, 0o600)
        made.append("/dev/shm/" + fifo)
        cases = [("loaderscope-1-doesnotexist", "cannot open"), (junk, "not"), (fifo, "not a regular file"),
                 ("../etc/passwd", "not a shared-memory segment name"), (os.path.join(tmp, "x"), "")]
        for name, says in cases:
            t0 = time.monotonic()
            r = subprocess.run(stream_cmd(name), capture_output=True, timeout=30)
            err = r.stderr.decode(errors="replace")
            check(r.returncode == 2, "stream %s: exit %d, expected 2\n%s" % (name, r.returncode, err))
            check(len(err.strip().splitlines()) == 1 and says in err and err.startswith("loaderscope: "),
                  "stream %s: not one clear line: %r" % (name, err))
            check(r.stdout == b"", "stream %s wrote on stdout" % name)
            check(time.monotonic() - t0 < 20, "stream %s took too long" % name)
        r = subprocess.run(stream_cmd("--rank", "4093"), capture_output=True, timeout=30)
        check(r.returncode == 2 and b"rank 4093" in r.stderr, "--rank with no such job: %d %r" % (r.returncode, r.stderr))
        r = subprocess.run(stream_cmd(), capture_output=True, timeout=30)
        check(r.returncode == 2, "stream with no segment: exit %d" % r.returncode)
        r = subprocess.run(stream_cmd("x"), capture_output=True, timeout=30,
                           env=dict(os.environ, LOADERSCOPE_CLOCK_OFFSET_NS="soon"))
        check(r.returncode == 2 and b"LOADERSCOPE_CLOCK_OFFSET_NS" in r.stderr, "a bad clock offset: %r" % r.stderr)
    finally:
        for path in made:
            os.unlink(path)


def case_consumer_gone(tmp):
    """The consumer closes its end (the app lets go, ssh ends): the stream exits 0 quietly at its
    next write, and the job goes on."""
    with procs() as ps:
        job, name, pid = start_job(ps, tmp, ["--workers", "2", "--length", "480", "--sleep-us", "5000"])
        s = ps.start(stream_cmd(name), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        head = os.read(s.stdout.fileno(), 8)
        check(head == b"LSREC003", "the stream does not start with a version 3 header: %r" % head)
        s.stdout.close()
        s.stdout = None
        rc = s.wait(timeout=30)
        err = s.stderr.read()
        check(rc == 0 and err == b"", "the stream exited %d after its consumer left: %r" % (rc, err))
        check(job.poll() is None, "the job ended with the stream's consumer")
        finish_job(job)


def case_interrupted(tmp):
    """SIGTERM (as SIGINT, SIGHUP) ends the stream with its end record, reason "interrupted", exit
    128+15; the job goes on."""
    import signal
    with procs() as ps:
        job, name, pid = start_job(ps, tmp, ["--workers", "2", "--length", "800", "--sleep-us", "5000"])
        saved = os.path.join(tmp, "stopped.stream")
        s = start_stream(ps, saved, name)
        wait_for(lambda: os.path.getsize(saved) > 72 and read(saved)[0]["beacons"], 30, "a first beacon")
        s.send_signal(signal.SIGTERM)
        rc = s.wait(timeout=30)
        check(rc == 128 + signal.SIGTERM, "the stream exited %d after SIGTERM" % rc)
        check(job.poll() is None, "the job ended with the stream")
        finish_job(job)
    h, events = read(saved)
    check(h["end"] is not None and h["end"]["reason"] == "interrupted" and not h["truncated"],
          "end record %r" % h["end"])
    check(h["end"]["events"] == len(events) > 0, "the interrupted stream's events")


def case_truncated(tmp):
    """A stream cut mid-frame is read up to the cut, with the shortfall said (trace: a warning);
    a --zstd stream cut mid-frame too."""
    with procs() as ps:
        job, name, pid = start_job(ps, tmp, ["--workers", "2", "--length", "64", "--sleep-us", "20000"])
        saved = os.path.join(tmp, "whole.stream")
        packed = os.path.join(tmp, "whole.stream.zst")
        s = start_stream(ps, saved, name)
        z = start_stream(ps, packed, "--zstd", name)
        finish_job(job)
        finish_stream(s)
        finish_stream(z)
    h, whole = read(saved)
    with open(saved, "rb") as f:
        data = f.read()
    check(h["end"] is not None and not h["truncated"], "the whole stream is not whole")
    # Cut inside the last frame that holds events: every earlier frame is read.
    cut = os.path.join(tmp, "cut.stream")
    chunks = h["chunk_offsets"]
    check(len(chunks) >= 2, "too few chunks to cut between: %r" % chunks)
    at = chunks[-1] + 20
    with open(cut, "wb") as f:
        f.write(data[:at])
    hc, part = read(cut)
    check(hc["truncated"] and hc["end"] is None, "the cut stream is not reported as truncated: %r" % hc)
    check(0 < len(part) < len(whole) and part == whole[:len(part)], "the cut stream does not read up to the cut")
    check("reading stopped at byte" in hc["shortfall"], "shortfall %r" % hc["shortfall"])
    if ENGINE:
        r = subprocess.run([ENGINE, "trace", "--recording", cut, "--out", cut + ".json"], capture_output=True,
                           text=True, timeout=60)
        check(r.returncode == 0 and "warning" in r.stderr and "reading stopped at byte" in r.stderr, "trace of the cut stream: %d %s" %
              (r.returncode, r.stderr))
    with open(packed, "rb") as f:
        zdata = f.read()
    zcut = os.path.join(tmp, "cut.stream.zst")
    with open(zcut, "wb") as f:
        f.write(zdata[:len(zdata) * 2 // 3])
    hz, zpart = read(zcut)
    check(hz["compressed"] and hz["truncated"] and "zstd frame" in hz["shortfall"], "the cut zstd stream: %r" % hz)
    _, zwhole = read(packed)
    check(len(zpart) < len(zwhole) and zpart == zwhole[:len(zpart)], "the cut zstd stream does not read up to the cut")


def case_demux_hostile(tmp):
    """Issue 46, items 2, 3 and 8: demux in bounded memory and time. /dev/zero, a FIFO with no
    writer and a 2 GB sparse file each end within 5 s with one line and exit 2; an OPEN record whose
    JSON is a list is damage (a warning), not a traceback; two streams of one segment name get a
    file each, the second never written over the first."""
    import resource
    import struct
    for path in hostile_inputs(tmp):
        t0 = time.monotonic()
        r = subprocess.run([PYTHON, "-m", "loaderscope", "demux", path, os.path.join(tmp, "out")],
                           capture_output=True, text=True, timeout=30)
        check(r.returncode == 2 and r.stderr.startswith("loaderscope: ") and "Traceback" not in r.stderr,
              "demux %s: exit %d %r" % (path, r.returncode, r.stderr))
        check(time.monotonic() - t0 < 5, "demux %s took %.1f s" % (path, time.monotonic() - t0))
    check(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss < 100 * 1024, "a demux child used 100 MB or more")

    def packet(sid, kind, payload):
        return struct.pack("<4sIII", b"PACK", sid, kind, len(payload)) + payload

    head = struct.pack("<8sII", b"LSMUX001", 16, 1)
    same = head
    same += packet(1, 1, json.dumps({"segment": "loaderscope-1-a"}).encode()) + packet(1, 2, b"first")
    same += packet(2, 1, json.dumps({"segment": "loaderscope-1-a"}).encode()) + packet(2, 2, b"second")
    same += packet(1, 3, b"{}") + packet(2, 3, b"{}")
    listed = head + packet(1, 1, b"[1, 2]")
    for name, data in (("same", same), ("listed", listed)):
        path = os.path.join(tmp, name + ".mux")
        with open(path, "wb") as f:
            f.write(data)
        out = os.path.join(tmp, name)
        r = subprocess.run([PYTHON, "-m", "loaderscope", "demux", path, out], capture_output=True, text=True, timeout=30)
        check("Traceback" not in r.stderr, "demux %s: %s" % (name, r.stderr))
        if name == "same":
            check(r.returncode == 0, "demux same: %d %s" % (r.returncode, r.stderr))
            got = {}
            for line in r.stdout.splitlines():
                rec = json.loads(line)["recording"]
                with open(rec, "rb") as f:
                    got[os.path.basename(rec)] = f.read()
            check(got == {"loaderscope-1-a.stream": b"first", "loaderscope-1-a.2.stream": b"second"}, "files %r" % got)
        else:
            check("cut short" in r.stderr, "a list as OPEN: %d %r" % (r.returncode, r.stderr))


CASES = {
    "stream_hostile": case_hostile,
    "stream_truncated": case_truncated,
    "demux_hostile": case_demux_hostile,
    "stream_consumer_gone": case_consumer_gone,
    "stream_interrupted": case_interrupted,
}

if __name__ == "__main__":
    sys.exit(main(CASES))
