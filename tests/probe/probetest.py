# SPDX-License-Identifier: MIT
"""Shared pieces of the probe's tests: run a real PyTorch job plainly and under the probe, read what
the probe wrote (summary, event file, the live segment), and check that nothing is left behind."""

import collections
import json
import os
import threading
import socket
import re
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON = sys.executable
JOB = os.path.join(HERE, "job.py")
SEGMENT_RE = re.compile(r"^loaderscope: segment (\S+) pid=(\d+) rank=(-?\d+) world_size=(\d+)(?: recording=(\S+))?$", re.M)

import loaderscope._native as native  # noqa: E402  (PYTHONPATH=build/python, set by ctest)

KIND = native.KINDS
NAME = {v: k for k, v in KIND.items()}
Event = collections.namedtuple("Event", "t0 t1 batch arg0 arg1 kind lane")


RUNS = []  # every run of the case, for the diagnostics of a failure


class Failure(AssertionError):
    pass


# ctest's SKIP_RETURN_CODE for every probe test (tests/CMakeLists.txt): a case that cannot run here
# (no privilege for a mount namespace) says why and exits with it, instead of passing silently.
SKIP_RETURN_CODE = 77


class Skip(Exception):
    pass


def check(cond, message):
    if not cond:
        raise Failure(message)


def batch_epoch(key):
    return -1 if key < 0 else key >> 32


def batch_task(key):
    return -1 if key < 0 else key & 0xFFFFFFFF


# 0.005: the summary rounds each fraction to 6 digits, and a batch's CPU clock is read a few µs
# outside its fetch and collate spans (the engine's tests: testutil.cpp workerShareProblems).
SHARE_SLACK = 0.005


def check_worker_shares(summary):
    """Every worker's (and main_fetch's) time shares add up to at most 100 %: busy + idle, and
    CPU + waiting for a core + idle (busy is CPU, waiting for a core and I/O)."""
    lanes = list(summary.get("workers") or [])
    if summary.get("main_fetch"):
        lanes.append(summary["main_fetch"])
    for w in lanes:
        busy, idle = w["busy_fraction"], w["idle_fraction"]
        cpu, wait, io = w["cpu_fraction"], w["cpu_wait_fraction"], w["io_fraction"]
        check(busy + idle <= 1 + SHARE_SLACK, "worker %d: busy %g + idle %g > 1" % (w["worker"], busy, idle))
        check(cpu + wait + idle <= 1 + SHARE_SLACK,
              "worker %d: cpu %g + waiting for a core %g + idle %g > 1" % (w["worker"], cpu, wait, idle))
        check(io <= busy + 1e-6, "worker %d: I/O %g above busy %g" % (w["worker"], io, busy))


def load_summary(path):
    """A summary the probe wrote, its worker shares checked (check_worker_shares)."""
    with open(path) as f:
        s = json.load(f)
    check_worker_shares(s)
    return s


class Run:
    """One finished run of a job: exit status, output, and what the probe wrote."""

    def __init__(self, rc, stdout, stderr, workdir, probe):
        self.rc, self.stdout, self.stderr, self.workdir = rc, stdout, stderr, workdir
        self.segments = SEGMENT_RE.findall(stderr) if probe else []
        self.summary = None
        self.events = []
        self.header = None
        if probe:
            s = os.path.join(workdir, "summary.json")
            if os.path.exists(s):
                self.summary = load_summary(s)
            e = os.path.join(workdir, "events.bin")
            if os.path.exists(e):
                self.header, raw = native.read_events_file(e)
                self.events = [Event(*r) for r in raw]

    @property
    def segment(self):
        check(len(self.segments) == 1, "expected one segment line on stderr, got %r" % (self.segments,))
        return self.segments[0][0]

    def of(self, kind, lane=None):
        k = KIND[kind]
        return [e for e in self.events if e.kind == k and (lane is None or e.lane == lane)]

    def outputs(self):
        import torch
        return torch.load(os.path.join(self.workdir, "out.pt"))


def run_job(workdir, args, probe, job=JOB, env=None, timeout=120, probe_opts=()):
    os.makedirs(workdir, exist_ok=True)
    cmd = [PYTHON]
    if probe:
        cmd += ["-m", "loaderscope", "run", "--summary", os.path.join(workdir, "summary.json"),
                "--events", os.path.join(workdir, "events.bin"),
                "--trace", os.path.join(workdir, "trace.json")] + list(probe_opts)
    cmd += [job] + list(args)
    if "--out" not in args and job == JOB:
        cmd += ["--out", os.path.join(workdir, "out.pt")]
    e = dict(os.environ)
    e.update(env or {})
    p = subprocess.run(cmd, cwd=workdir, env=e, capture_output=True, text=True, timeout=timeout)
    r = Run(p.returncode, p.stdout, p.stderr, workdir, probe)
    r.cmd = cmd
    RUNS.append(r)
    return r


def run_both(tmp, args, **kw):
    """The job as `python3 job.py` and under `python3 -m loaderscope run`."""
    plain = run_job(os.path.join(tmp, "plain"), args, probe=False, **kw)
    probed = run_job(os.path.join(tmp, "probe"), args, probe=True, **kw)
    return plain, probed


def strip_pids(batches):
    """Batches without the fetching pid (differs between two runs), for comparison."""
    out = []
    for epoch, b in batches:
        if isinstance(b, dict):
            b = {k: v for k, v in b.items() if k != "pid"}
        else:
            b = tuple(x for i, x in enumerate(b) if i != 2)  # custom collate: pid is third
        out.append((epoch, b))
    return out


def equal(a, b):
    import torch
    if isinstance(a, torch.Tensor):
        return isinstance(b, torch.Tensor) and a.dtype == b.dtype and torch.equal(a, b)
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(equal(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return type(a) == type(b) and len(a) == len(b) and all(equal(x, y) for x, y in zip(a, b))
    return a == b


def check_same_batches(plain, probed):
    a, b = plain.outputs(), probed.outputs()
    check(len(a["batches"]) == len(b["batches"]),
          "batch count differs: %d plain, %d under the probe" % (len(a["batches"]), len(b["batches"])))
    check(equal(strip_pids(a["batches"]), strip_pids(b["batches"])), "batches differ under the probe")
    check(a["errors"] == b["errors"], "errors differ: %r vs %r" % (a["errors"], b["errors"]))
    check(plain.rc == probed.rc, "exit status differs: %d plain, %d under the probe" % (plain.rc, probed.rc))
    return b


def samples_by_pid(batches):
    """pid -> list of sample indices it fetched, from the batches themselves."""
    out = collections.defaultdict(list)
    for _, b in batches:
        if isinstance(b, dict):
            idx, pid = b["index"].tolist(), b["pid"].tolist()
        else:
            idx, pid = b[1].tolist(), b[2].tolist()
        for i, p in zip(idx, pid):
            out[p].append(i)
    return out


def lanes_by_pid(run):
    return {e.arg0: e.lane for e in run.of("WorkerStart")}


def pid_alive(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
        return state not in ("Z", "X")
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False


def poll_until(cond, timeout, interval=0.02):
    """Waits on a condition that has no descriptor to block on (a log line, another process's
    end, events in a ring): asks `cond()` until it returns a true value, at most `timeout`
    seconds. The one polling loop of the probe's tests. Returns the value, or None at the
    timeout."""
    deadline = time.monotonic() + timeout
    while True:
        v = cond()
        if v or time.monotonic() >= deadline:
            return v or None
        time.sleep(interval)


def wait_for(cond, timeout, what):
    """poll_until, failing the case at the timeout."""
    v = poll_until(cond, timeout)
    if not v:
        raise Failure("timed out waiting for " + what)
    return v


def free_port():
    """A TCP port on 127.0.0.1 that was free a moment ago (torch.distributed's MASTER_PORT)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def finish_ranks(procs, read, timeout=150):
    """The ranks of one job, started with stderr=PIPE: `read(i, p)` reads rank i's stderr on a
    thread of its own while the ranks run (a full pipe would stall a rank); each rank is killed
    if still running after `timeout` s; the pipes are closed."""
    readers = [threading.Thread(target=read, args=(i, p)) for i, p in enumerate(procs)]
    for t in readers:
        t.start()
    for p in procs:
        try:
            p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
    for t in readers:
        t.join()
    for p in procs:
        p.stderr.close()


def check_no_leftovers(run, pids, wait_s=8.0):
    """No worker process of the job alive and no segment of the run in /dev/shm."""
    poll_until(lambda: not any(pid_alive(p) for p in pids), wait_s, interval=0.1)
    alive = [p for p in pids if pid_alive(p)]
    check(not alive, "processes left behind: %r" % alive)
    for name, *_ in run.segments:
        check(not os.path.exists("/dev/shm/" + name), "segment left behind: /dev/shm/" + name)


def all_pids(run):
    pids = {e.arg0 for e in run.of("WorkerStart")}
    if run.summary:
        for epoch in run.summary.get("worker_pids", []):
            pids.update(epoch)
    return sorted(pids)


def main(cases):
    """python3 test_x.py CASE: runs one case in a temporary directory, exit status 0 on success."""
    if len(sys.argv) != 2 or sys.argv[1] not in cases:
        print("usage: %s {%s}" % (sys.argv[0], ",".join(sorted(cases))))
        return 2
    name = sys.argv[1]
    with tempfile.TemporaryDirectory(prefix="lsprobe-") as tmp:
        t0 = time.monotonic()
        try:
            cases[name](tmp)
        except Skip as e:
            print("SKIP %s: %s" % (name, e))
            return SKIP_RETURN_CODE
        except Failure as e:
            print("FAIL %s: %s" % (name, e))
            for r in RUNS:
                print("--- %s (exit %s)\n%s" % (" ".join(getattr(r, "cmd", [])), r.rc, r.stderr[-3000:]))
            return 1
        print("PASS %s (%.1f s)" % (name, time.monotonic() - t0))
    return 0


def hostile_inputs(tmp):
    """Three files an input reader must refuse at once, in bounded memory: /dev/zero, a FIFO no
    process writes, and a 2 GB sparse file (made in tmp)."""
    fifo = os.path.join(tmp, "fifo")
    os.mkfifo(fifo, 0o600)
    sparse = os.path.join(tmp, "sparse")
    with open(sparse, "wb") as f:
        f.truncate(2 << 30)
    return ["/dev/zero", fifo, sparse]


__all__ = ["hostile_inputs", "check", "check_worker_shares", "load_summary", "run_both", "run_job", "Run", "main", "signal", "Skip", "SKIP_RETURN_CODE", "poll_until", "wait_for", "free_port", "finish_ranks"]
