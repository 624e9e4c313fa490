# SPDX-License-Identifier: MIT
"""`python3 -m loaderscope stream SEGMENT`: a live segment's events on standard output, in the
recording format (docs/traces.md, section 2), so that a saved stream is a recording that
`loaderscope-engine trace --recording` and the native reader read. And `list --json`.

Every case starts its job and its streams itself, waits on conditions (never fixed sleeps), and
ends whatever it started (by its own Popen objects) before it returns.

Streams that are cut, hostile names and inputs, a consumer that leaves, a signal: test_stream_hostile.py.

Usage: python3 test_stream.py CASE   (exit 77: skipped, with the reason)
"""

import contextlib
import json
import os
import select
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probetest import JOB, KIND, PYTHON, SEGMENT_RE, Event, check, main, native, wait_for  # noqa: E402

ENGINE = os.environ.get("LOADERSCOPE_ENGINE")


class Procs:
    """Every process a case starts: killed (and reaped) at the end if still running."""

    def __init__(self):
        self.procs = []

    def start(self, cmd, **kw):
        p = subprocess.Popen(cmd, **kw)
        self.procs.append(p)
        return p

    def close(self):
        for p in self.procs:
            if p.poll() is None:
                p.kill()
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
            for f in (p.stdout, p.stderr, p.stdin):
                if f:
                    f.close()


@contextlib.contextmanager
def procs():
    ps = Procs()
    try:
        yield ps
    finally:
        ps.close()


def start_job(ps, tmp, args, env=None):
    """The job under `loaderscope run --events`: returns (Popen, segment name, pid)."""
    work = os.path.join(tmp, "job")
    os.makedirs(work, exist_ok=True)
    e = dict(os.environ)
    e.update(env or {})
    cmd = [PYTHON, "-m", "loaderscope", "run", "--events", os.path.join(work, "events.bin"), JOB] + list(args) + [
        "--out", os.path.join(work, "out.pt")]
    p = ps.start(cmd, cwd=work, env=e, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = p.stderr.readline()
    m = SEGMENT_RE.match(line.strip())
    check(m is not None, "first stderr line is not the segment line: %r" % line)
    return p, m.group(1), int(m.group(2))


def finish_job(p, timeout=120):
    out, err = p.communicate(timeout=timeout)
    check(p.returncode == 0, "the job failed (%d):\n%s" % (p.returncode, err[-3000:]))
    return out, err


def stream_cmd(*args):
    return [PYTHON, "-m", "loaderscope", "stream"] + list(args)


def start_stream(ps, path, *args, env=None):
    e = dict(os.environ)
    e.update(env or {})
    f = open(path, "wb")
    try:
        return ps.start(stream_cmd(*args), stdout=f, stderr=subprocess.PIPE, env=e)
    finally:
        f.close()  # the child has its own descriptor


def finish_stream(p, timeout=60):
    _, err = p.communicate(timeout=timeout)
    err = err.decode(errors="replace")
    check(p.returncode == 0, "the stream exited %d:\n%s" % (p.returncode, err[-3000:]))
    return err


def read(path):
    header, raw = native.read_events_file(path)
    return header, [Event(*r) for r in raw]


def count(events, kind):
    return sum(1 for e in events if e.kind == KIND[kind])


def torch_version():
    import torch
    return torch.__version__


def boot_id():
    with open("/proc/sys/kernel/random/boot_id") as f:
        return f.read().strip()


def check_stream_file(path, job_pid, events_bin, expect_lost=False, rank=-1, world_size=0):
    """What every stream of a job that ran to its end holds (against the job's own recording)."""
    h, events = read(path)
    _, job_events = read(events_bin)
    check(h["version"] == 3, "stream version %r, expected 3" % h["version"])
    info = h["stream"]
    check(info is not None, "no stream header record")
    check(info["host"] == socket.gethostname(), "host %r" % info["host"])
    check(info["boot_id"] == boot_id(), "boot id %r" % info["boot_id"])
    check(info["pid"] == job_pid, "pid %r, the job is %d" % (info["pid"], job_pid))
    check(info["rank"] == rank and info["world_size"] == world_size, "rank/world %r/%r" % (info["rank"], info["world_size"]))
    import loaderscope
    check(info["probe_version"] == loaderscope.__version__, "probe version %r" % info["probe_version"])
    check(info["torch_version"] == torch_version(), "torch version %r" % info["torch_version"])
    check(abs(info["realtime_ns"] - time.time_ns()) < 600e9 and info["monotonic_ns"] > 0, "clock pair %r" % info)
    check(len(h["beacons"]) >= 2, "beacons: %d" % len(h["beacons"]))
    # The job's own description came with the stream (JOBD): its DataLoader's arguments.
    check(h["job"] is not None, "no job description in the stream")
    job = json.loads(h["job"])
    check(any(l.get("knobs", {}).get("num_workers") is not None for l in job.get("loaders", [])),
          "the stream's job description names no DataLoader: %r" % job)
    b = h["beacons"]
    check(all(b[i]["monotonic_ns"] < b[i + 1]["monotonic_ns"] for i in range(len(b) - 1)), "beacons out of order")
    end = h["end"]
    check(end is not None, "no end record")
    check(end["reason"] in ("finished", "creator_gone"), "end reason %r" % end["reason"])
    check(end["events"] == len(events), "end record counts %d events, the stream holds %d" % (end["events"], len(events)))
    check(not h["truncated"], "the stream reads as truncated: %s" % h.get("shortfall"))
    if not expect_lost:
        check(end["lost_stream"] == 0 and end["lost_ring"] == 0, "events lost: %r" % end)
        for kind in ("Fetch", "Deliver", "Collate", "WorkerStart", "EpochBegin"):
            check(count(events, kind) == count(job_events, kind),
                  "%s: %d in the stream, %d in the job's recording" % (kind, count(events, kind), count(job_events, kind)))
        check(sorted(events) == sorted(job_events), "the stream's events differ from the job's recording")
    if ENGINE:
        out = path + ".json"
        r = subprocess.run([ENGINE, "trace", "--recording", path, "--out", out], capture_output=True, text=True, timeout=120)
        check(r.returncode == 0 and "warning" not in r.stderr, "trace --recording of the stream: %d\n%s" % (r.returncode, r.stderr))
        with open(out) as f:
            trace = json.load(f)
        check(len(trace["traceEvents"]) > len(events) // 2, "the trace of the stream is short")
        # The stream's header was written before the job's workers started: their tracks are
        # named all the same, with their pids.
        names = [e["args"]["name"] for e in trace["traceEvents"] if e.get("ph") == "M" and e.get("name") == "process_name"]
        for lane in sorted({e.lane for e in events if e.lane >= 0}):
            pids = sorted({e.arg0 for e in events if e.kind == KIND["WorkerStart"] and e.lane == lane})
            want = "worker %d (pid %s)" % (lane, ", ".join(map(str, pids)))
            check(want in names, "the trace of the stream has no track %r: %r" % (want, names))
        # Its figures count every worker (the header's lane count is from before they started).
        r = subprocess.run([ENGINE, "analyze", "--recording", path], capture_output=True, text=True, timeout=120)
        check(r.returncode == 0, "analyze --recording of the stream: %d\n%s" % (r.returncode, r.stderr))
        rank = json.loads(r.stdout)["ranks"][0]
        lanes = {e.lane for e in events if e.lane >= 0 and e.kind == KIND["Fetch"]}
        check(rank["num_workers"] == len(lanes), "analyze counts %d workers, the stream's Fetch spans %d"
              % (rank["num_workers"], len(lanes)))
    return h, events, job_events


JOB_ARGS = ["--workers", "2", "--length", "240", "--sleep-us", "5000", "--batch-size", "8"]


def case_full(tmp):
    """From the job's start to its end: the saved stream is a recording with the header fields,
    beacons, an end record, and every event of the job's own recording; the stream exits 0."""
    with procs() as ps:
        job, name, pid = start_job(ps, tmp, JOB_ARGS)
        saved = os.path.join(tmp, "saved.stream")
        s = start_stream(ps, saved, name)
        finish_job(job)
        err = finish_stream(s, timeout=30)
        check(err == "", "the stream wrote on stderr: %r" % err)
    check_stream_file(saved, pid, os.path.join(tmp, "job", "events.bin"))
    check(not os.path.exists("/dev/shm/" + name), "segment left behind")


def case_rank(tmp):
    """`stream --rank N` finds the job of that rank on this host (here: RANK=3 WORLD_SIZE=4 in its
    environment, as torchrun sets them)."""
    with procs() as ps:
        job, name, pid = start_job(ps, tmp, JOB_ARGS, env={"RANK": "3", "WORLD_SIZE": "4"})
        saved = os.path.join(tmp, "rank3.stream")
        s = start_stream(ps, saved, "--rank", "3")
        finish_job(job)
        finish_stream(s, timeout=30)
    h, events, _ = check_stream_file(saved, pid, os.path.join(tmp, "job", "events.rank3.bin"), rank=3, world_size=4)
    check(h["stream"]["segment"] == name, "--rank 3 streamed %r, the job's segment is %r" % (h["stream"]["segment"], name))


def case_all(tmp):
    """`stream --all`: every live segment of this user (two ranks of a job here, and one that
    starts after the stream), multiplexed on one stdout; `demux` splits it into one recording per
    segment, each as a single stream of it would be. The stream exits 0 once every job ended."""
    with procs() as ps:
        jobs = []
        for rank in (0, 1):
            sub = os.path.join(tmp, "r%d" % rank)
            # Longer than the others: still running when the third starts.
            jobs.append((rank,) + start_job(ps, sub, JOB_ARGS[:3] + ["600"] + JOB_ARGS[4:],
                                            env={"RANK": str(rank), "WORLD_SIZE": "3"}))
        saved = os.path.join(tmp, "all.mux")
        s = start_stream(ps, saved, "--all")
        # A third rank starts once the stream is going: it is picked up too.
        wait_for(lambda: os.path.getsize(saved) > 200, 30, "the multiplexed stream to begin")
        sub = os.path.join(tmp, "r2")
        jobs.append((2,) + start_job(ps, sub, JOB_ARGS, env={"RANK": "2", "WORLD_SIZE": "3"}))
        for _, job, _, _ in jobs:
            finish_job(job)
        finish_stream(s, timeout=30)
    out = os.path.join(tmp, "demuxed")
    r = subprocess.run([PYTHON, "-m", "loaderscope", "demux", saved, out], capture_output=True, text=True, timeout=60)
    check(r.returncode == 0, "demux exited %d: %s" % (r.returncode, r.stderr))
    for rank, job, name, pid in jobs:
        path = os.path.join(out, name + ".stream")
        check(os.path.exists(path), "no recording for %s: %r" % (name, os.listdir(out)))
        check_stream_file(path, pid, os.path.join(tmp, "r%d" % rank, "job", "events.rank%d.bin" % rank),
                          rank=rank, world_size=3)


def case_all_stopped(tmp):
    """`stream --all` whose consumer leaves exits 0 quietly; SIGTERM ends each stream with its end
    record ("interrupted") and exits 143; the job goes on."""
    import signal
    with procs() as ps:
        job, name, pid = start_job(ps, tmp, ["--workers", "2", "--length", "800", "--sleep-us", "5000"])
        s = ps.start(stream_cmd("--all"), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        check(os.read(s.stdout.fileno(), 8) == b"LSMUX001", "no LSMUX001 header")
        s.stdout.close()
        s.stdout = None
        rc = s.wait(timeout=30)
        err = s.stderr.read()
        check(rc == 0 and err == b"", "stream --all exited %d after its consumer left: %r" % (rc, err))
        saved = os.path.join(tmp, "stopped.mux")
        s = start_stream(ps, saved, "--all")
        out = os.path.join(tmp, "demuxed")

        def beacon():
            r = subprocess.run([PYTHON, "-m", "loaderscope", "demux", saved, out], capture_output=True, text=True, timeout=60)
            rec = os.path.join(out, name + ".stream")
            return r.returncode == 0 and os.path.exists(rec) and os.path.getsize(rec) > 72 and read(rec)[0]["beacons"]
        wait_for(beacon, 30, "a first beacon")
        s.send_signal(signal.SIGTERM)
        rc = s.wait(timeout=30)
        check(rc == 128 + signal.SIGTERM, "stream --all exited %d after SIGTERM" % rc)
        check(job.poll() is None, "the job ended with the stream")
        finish_job(job)
    r = subprocess.run([PYTHON, "-m", "loaderscope", "demux", saved, out], capture_output=True, text=True, timeout=60)
    check(r.returncode == 0 and "warning" not in r.stderr, "demux: %d %s" % (r.returncode, r.stderr))
    h, events = read(os.path.join(out, name + ".stream"))
    check(h["end"] is not None and h["end"]["reason"] == "interrupted" and h["end"]["events"] == len(events) > 0,
          "end record %r" % h["end"])


def case_late(tmp):
    """A stream started after the job has delivered batches gets them (the rings still hold them),
    then the rest live."""
    with procs() as ps:
        job, name, pid = start_job(ps, tmp, ["--workers", "2", "--length", "480", "--sleep-us", "5000"])
        reader = native.Reader(name)
        seen = []

        def delivered():
            seen.extend(Event(*e) for e in reader.drain())
            return count(seen, "Deliver") >= 5
        wait_for(delivered, 60, "five batches delivered")
        del reader
        saved = os.path.join(tmp, "late.stream")
        t_start = time.monotonic_ns()
        s = start_stream(ps, saved, name)
        finish_job(job)
        finish_stream(s, timeout=30)
    h, events, _ = check_stream_file(saved, pid, os.path.join(tmp, "job", "events.bin"))
    first_deliver = min(e.t0 for e in events if e.kind == KIND["Deliver"])
    last_deliver = max(e.t0 for e in events if e.kind == KIND["Deliver"])
    check(first_deliver < t_start < last_deliver, "the stream does not hold both earlier and later batches")
    check(h["stream"]["monotonic_ns"] > first_deliver, "the header's clock pair precedes the earlier events")


def case_zstd(tmp):
    """--zstd: a zstd stream whose frames decompress to a recording with the same events as a
    plain stream of the same job (RecordingReader reads either)."""
    with procs() as ps:
        job, name, pid = start_job(ps, tmp, JOB_ARGS)
        plain = os.path.join(tmp, "plain.stream")
        packed = os.path.join(tmp, "packed.stream.zst")
        s1 = start_stream(ps, plain, name)
        s2 = start_stream(ps, packed, "--zstd", name)
        finish_job(job)
        finish_stream(s1, timeout=30)
        finish_stream(s2, timeout=30)
    with open(packed, "rb") as f:
        check(f.read(4) == b"\x28\xb5\x2f\xfd", "the --zstd stream does not start with a zstd frame")
    check(os.path.getsize(packed) < os.path.getsize(plain), "the zstd stream is not smaller")
    _, a, _ = check_stream_file(plain, pid, os.path.join(tmp, "job", "events.bin"))
    hb, b, _ = check_stream_file(packed, pid, os.path.join(tmp, "job", "events.bin"))
    check(sorted(a) == sorted(b), "plain and zstd streams decode to different events")
    unpacked = native.zstd_decompress_file(packed, os.path.join(tmp, "unpacked.stream"))
    hu, u = read(os.path.join(tmp, "unpacked.stream"))
    check(unpacked > 0 and u == b and hu["version"] == 3, "the decompressed bytes are not the same recording")


def case_slow_consumer(tmp):
    """A consumer that stops reading: the job runs on unslowed (it ends while nobody reads), the
    stream loses events on its side and says so, and what it carried plus what it lost is every
    event the job recorded."""
    args = ["--trivial", "--workers", "2", "--length", "60000", "--batch-size", "32"]
    with procs() as ps:
        t0 = time.monotonic()
        job, name, pid = start_job(ps, tmp, args)
        finish_job(job)
        alone = time.monotonic() - t0
    os.rename(os.path.join(tmp, "job"), os.path.join(tmp, "alone"))
    with procs() as ps:
        t0 = time.monotonic()
        job, name, pid = start_job(ps, tmp, args)
        # A pipe nobody reads until the job has ended: the stream's small buffer fills at once.
        s = ps.start(stream_cmd("--buffer-kib", "64", name), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        out, err = job.communicate(timeout=120)
        stalled = time.monotonic() - t0
        check(job.returncode == 0, "the job failed:\n" + err[-3000:])
        check(s.poll() is None, "the stream ended while its consumer did not read")
        got = bytearray()
        deadline = time.monotonic() + 60
        while s.poll() is None and time.monotonic() < deadline:
            r, _, _ = select.select([s.stdout], [], [], 0.1)
            if r:
                got += os.read(s.stdout.fileno(), 1 << 20)
        got += s.stdout.read()
        err = s.stderr.read().decode(errors="replace")
        check(s.returncode == 0, "the stream exited %r:\n%s" % (s.returncode, err))
    import torch
    batches = len(torch.load(os.path.join(tmp, "job", "out.pt"))["batches"])
    check(batches == (60000 + 31) // 32, "batches %d" % batches)
    check(stalled < 2 * alone + 5, "the job took %.1f s with a stalled stream, %.1f s alone" % (stalled, alone))
    saved = os.path.join(tmp, "slow.stream")
    with open(saved, "wb") as f:
        f.write(got)
    h, events, job_events = check_stream_file(saved, pid, os.path.join(tmp, "job", "events.bin"), expect_lost=True)
    end = h["end"]
    check(end["lost_stream"] > 0, "no events lost on the stream's side: %r" % end)
    check(any(b["lost_stream"] > 0 for b in h["beacons"]), "no beacon says events were lost")
    check(len(events) + end["lost_stream"] + end["lost_ring"] == len(job_events),
          "%d carried + %d + %d lost != %d recorded by the job" % (len(events), end["lost_stream"], end["lost_ring"], len(job_events)))
    check("lost" in err, "the stream did not say it lost events: %r" % err)


def case_list_json(tmp):
    """`list --json`: one JSON array naming the job's segment with its pid, rank and state."""
    with procs() as ps:
        job, name, pid = start_job(ps, tmp, JOB_ARGS)
        r = subprocess.run([PYTHON, "-m", "loaderscope", "list", "--json"], capture_output=True, text=True, timeout=30)
        check(r.returncode == 0, "list --json exited %d: %s" % (r.returncode, r.stderr))
        listed = json.loads(r.stdout)
        check(isinstance(listed, list), "not a JSON array: %r" % r.stdout[:200])
        mine = [s for s in listed if s["name"] == name]
        check(len(mine) == 1, "the job's segment is not listed once: %r" % listed)
        s = mine[0]
        for key in ("name", "pid", "rank", "world_size", "program", "start_unix_ns", "state", "host"):
            check(key in s, "no %r in %r" % (key, s))
        check(s["pid"] == pid and s["rank"] == -1 and s["world_size"] == 0 and s["program"] == JOB and
              s["state"] in ("starting", "running") and abs(s["start_unix_ns"] / 1e9 - time.time()) < 600, "entry %r" % s)
        finish_job(job)


def case_clock_offset(tmp):
    """LOADERSCOPE_CLOCK_OFFSET_NS shifts every clock value the stream reports, as a host whose
    clocks are that far from ours would send them: the events, the origin and both clocks of every
    pair move by the offset, nothing else changes."""
    shift = 3_600_000_000_000
    with procs() as ps:
        job, name, pid = start_job(ps, tmp, JOB_ARGS)
        a = os.path.join(tmp, "a.stream")
        b = os.path.join(tmp, "b.stream")
        s1 = start_stream(ps, a, name)
        s2 = start_stream(ps, b, name, env={"LOADERSCOPE_CLOCK_OFFSET_NS": str(shift)})
        finish_job(job)
        finish_stream(s1)
        finish_stream(s2)
    ha, ea = read(a)
    hb, eb = read(b)
    moved = [e._replace(t0=e.t0 - shift, t1=e.t1 - shift) for e in eb]
    check(len(ea) > 0 and sorted(ea) == sorted(moved), "the events did not move by exactly the offset")
    check(hb["clock_origin_ns"] == ha["clock_origin_ns"] + shift and
          hb["stream"]["clock_origin_ns"] == ha["stream"]["clock_origin_ns"] + shift,
          "the origin did not move by the offset")

    def pairs(h):
        return [h["stream"]] + h["beacons"] + [h["end"]]
    for key in ("monotonic_ns", "realtime_ns"):
        # The two streams read their clocks at nearly the same moments (within a beacon period).
        da = min(p[key] for p in pairs(ha))
        db = min(p[key] for p in pairs(hb))
        check(abs(db - da - shift) < 600_000_000, "%s moved by %d, expected %d" % (key, db - da, shift))
    ra = [p["realtime_ns"] - p["monotonic_ns"] for p in pairs(ha)]
    rb = [p["realtime_ns"] - p["monotonic_ns"] for p in pairs(hb)]
    check(max(ra) - min(ra) < 50_000_000 and abs(min(rb) - min(ra)) < 50_000_000,
          "realtime - monotonic changed: %r vs %r" % (ra[:3], rb[:3]))


def case_pings(tmp):
    """`stream --pings` answers each "PING <token>" line on its standard input with a PONG record
    whose clocks were read between the send and the arrival (Cristian's method): here, on one
    host, the answer's monotonic time lies inside the round trip, shifted by the clock offset."""
    shift = 2_000_000_000
    with procs() as ps:
        job, name, pid = start_job(ps, tmp, ["--workers", "1", "--length", "64", "--sleep-us", "20000"])
        path = os.path.join(tmp, "p.stream")
        f = open(path, "wb")
        e = dict(os.environ, LOADERSCOPE_CLOCK_OFFSET_NS=str(shift))
        s = ps.start(stream_cmd("--pings", name), stdin=subprocess.PIPE, stdout=f, stderr=subprocess.PIPE, env=e)
        f.close()
        sent = {}
        for token in range(1, 6):
            sent[token] = time.monotonic_ns()
            s.stdin.write(b"PING %d\n" % token)
            s.stdin.flush()
            # Each answer is in the file before the next ping goes (its frame is 72 bytes).
            wait_for(lambda: open(path, "rb").read().count(b"PONG") >= token, 30, "the answer to ping %d" % token)
            sent[token] = (sent[token], time.monotonic_ns())
        s.stdin.write(b"not a ping\nPING x\n")  # ignored, or token 0: never a crash
        s.stdin.flush()
        finish_job(job)
        finish_stream(s)
    h, _ = read(path)
    pongs = {p["token"]: p for p in h["pongs"]}
    check(set(range(1, 6)) <= set(pongs), "pongs %r" % sorted(pongs))
    for token in range(1, 6):
        t_send, t_recv = sent[token]
        m = pongs[token]["monotonic_ns"] - shift
        check(t_send <= m <= t_recv, "ping %d: answered at %d, outside [%d, %d]" % (token, m, t_send, t_recv))
    r = subprocess.run(stream_cmd("--pings", "--all"), capture_output=True, timeout=60)
    check(r.returncode == 2 and b"--pings" in r.stderr, "--pings with --all: %r" % r.stderr)
    print("5 pings answered; round trips %s ms" % ", ".join("%.2f" % ((b - a) / 1e6) for a, b in sent.values()))


CASES = {
    "stream_full": case_full,
    "stream_late": case_late,
    "stream_rank": case_rank,
    "stream_all": case_all,
    "stream_all_stopped": case_all_stopped,
    "stream_zstd": case_zstd,
    "stream_slow_consumer": case_slow_consumer,
    "stream_list_json": case_list_json,
    "stream_clock_offset": case_clock_offset,
    "stream_pings": case_pings,
}

if __name__ == "__main__":
    sys.exit(main(CASES))
