# SPDX-License-Identifier: MIT
"""`python3 -m loaderscope stream` on a fast job: the events per second a stream carries to a pipe
(plain and --zstd), and the job's samples per second with and without a stream attached. Each
repeat runs the three modes (no stream, stream, stream --zstd) in rotated order; medians and
spreads (max - min) over the repeats.

The job: trivial samples (an int), 2 workers, every sample recorded (one Fetch span each), under
`python3 -m loaderscope run`; it times its own loop (the interpreter's start and torch's import
are left out). The stream's output goes to a pipe that this script drains as fast as it can.
events_per_s is what the stream carried while the job's loop ran (the job's own event rate when
nothing is lost); events_per_stream_cpu_s, events over the stream process's CPU time (its
interpreter's start included), is what one core could carry.

With --ssh the stream goes through a real ssh connection on the loopback (the system's OpenSSH
client to an sshd of the bench's own, tests/probe/sshtest.py: LOADERSCOPE_SSHD, as ctest sets it
from ./run.sh test's build/sshd-root), as the app reads a remote job. With --sample-ms N each
sample sleeps N ms (2: the probe overhead target's samples), and a fourth mode runs the job without
the probe at all: the job's samples/s bare, under the probe, and under the probe while streamed.

usage: PYTHONPATH=build/python /usr/bin/python3 tests/bench/bench_stream.py [--repeats N] [--samples N]
           [--ssh] [--sample-ms MS]
Prints one JSON object.
"""

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "probe"))
from probetest import SEGMENT_RE  # noqa: E402

import loaderscope._native as native  # noqa: E402

# The children find this same package wherever they run (PYTHONPATH may be relative).
ENV = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(os.path.abspath(native.__file__))))

JOB = r'''
import json, sys, time
import torch
from torch.utils.data import DataLoader, Dataset

class Trivial(Dataset):
    def __init__(self, n, sleep_s): self.n, self.sleep_s = n, sleep_s
    def __len__(self): return self.n
    def __getitem__(self, i):
        if self.sleep_s:
            time.sleep(self.sleep_s)
        return i

n = int(sys.argv[1])
sleep_s = float(sys.argv[2]) / 1000 if len(sys.argv) > 2 else 0.0
loader = DataLoader(Trivial(n, sleep_s), batch_size=32, num_workers=2)
t0 = time.perf_counter()
got = sum(len(b) for b in loader)
dt = time.perf_counter() - t0
print(json.dumps({"samples": got, "seconds": dt}))
'''


def run_once(tmp, samples, mode, sample_ms=0.0, lab=None):
    """mode: "bare" (no probe), None (no stream), "plain" or "zstd". Returns the job's figures and
    the stream's. `lab`: an SshLab; the stream then runs behind ssh to its 127.0.0.1."""
    job_py = os.path.join(tmp, "fast_job.py")
    with open(job_py, "w") as f:
        f.write(JOB)
    if mode == "bare":
        out = subprocess.run([sys.executable, job_py, str(samples), str(sample_ms)], capture_output=True, text=True,
                             cwd=tmp, env=ENV, timeout=600)
        if out.returncode != 0:
            raise SystemExit("the bare job failed:\n" + out.stderr[-2000:])
        job = json.loads(out.stdout.strip().splitlines()[-1])
        return {"samples_per_s": job["samples"] / job["seconds"], "seconds": job["seconds"]}
    p = subprocess.Popen([sys.executable, "-m", "loaderscope", "run", job_py, str(samples), str(sample_ms)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp, env=ENV)
    stream = None
    saved = os.path.join(tmp, "bench.stream")
    reader = None
    got = {"bytes": 0}
    try:
        m = SEGMENT_RE.match(p.stderr.readline().strip())
        if m is None:
            raise SystemExit("no segment line from the job")
        if mode:
            cmd = [sys.executable, "-m", "loaderscope", "stream", m.group(1)] + (["--zstd"] if mode == "zstd" else [])
            if lab is not None:
                remote = "env PYTHONPATH=%s %s" % (shlex.quote(ENV["PYTHONPATH"]), " ".join(shlex.quote(c) for c in cmd))
                cmd = lab.ssh_argv("127.0.0.1", "Compression=no") + ["--", remote]
            stream = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV)

            def drain():
                with open(saved, "wb") as out:
                    while True:
                        b = os.read(stream.stdout.fileno(), 1 << 20)
                        if not b:
                            return
                        got["bytes"] += len(b)
                        out.write(b)
            reader = threading.Thread(target=drain)
            reader.start()
        out, err = p.communicate(timeout=600)
        if p.returncode != 0:
            raise SystemExit("the job failed:\n" + err[-2000:])
        job = json.loads(out.strip().splitlines()[-1])
        result = {"samples_per_s": job["samples"] / job["seconds"], "seconds": job["seconds"]}
        if stream is not None:
            # The stream's own CPU time: events per CPU second is what one core could carry (behind
            # ssh: the ssh client's, the remote stream's being sshd's child's and not counted).
            _, status, usage = os.wait4(stream.pid, 0)
            stream.returncode = os.waitstatus_to_exitcode(status)
            reader.join(timeout=120)
            h, events = native.read_events_file(saved)
            end = h["end"] or {}
            result.update({
                "events": end.get("events", len(events)),
                "lost": end.get("lost_ring", 0) + end.get("lost_stream", 0),
                "bytes_on_pipe": got["bytes"],
                # The job's events went through the stream while its loop ran.
                "events_per_s": end.get("events", len(events)) / job["seconds"],
                "stream_cpu_s": usage.ru_utime + usage.ru_stime,
                "events_per_stream_cpu_s": end.get("events", len(events)) / max(1e-9, usage.ru_utime + usage.ru_stime),
            })
        return result
    finally:
        for q in (p, stream):
            if q is not None and q.poll() is None:
                q.kill()
                q.wait()
            if q is not None:
                for f in (q.stdout, q.stderr):
                    if f:
                        f.close()
        if reader is not None:
            reader.join(timeout=10)


def summary(values):
    return {"median": statistics.median(values), "spread": max(values) - min(values), "runs": values}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--samples", type=int, default=200000)
    ap.add_argument("--ssh", action="store_true", help="stream through ssh on the loopback (a real sshd)")
    ap.add_argument("--sample-ms", type=float, default=0.0, help="each sample sleeps this long (ms)")
    a = ap.parse_args()
    modes = [None, "plain", "zstd"] + (["bare"] if a.sample_ms else [])
    runs = {m: [] for m in modes}
    with tempfile.TemporaryDirectory(prefix="lsbench-stream-") as tmp:
        lab = None
        if a.ssh:
            sys.path.insert(0, os.path.join(HERE, "..", "probe"))
            from sshtest import SshLab
            lab = SshLab(tmp, hosts=("127.0.0.1",))
            lab.__enter__()
        try:
            for r in range(a.repeats):
                order = modes[r % len(modes):] + modes[:r % len(modes)]  # alternated: each mode first once
                for m in order:
                    runs[m].append(run_once(tmp, a.samples, m, a.sample_ms, lab))
        finally:
            if lab is not None:
                lab.__exit__(None, None, None)
    out = {"samples": a.samples, "repeats": a.repeats, "transport": "ssh on the loopback" if a.ssh else "a pipe",
           "job": "%s samples, 2 workers, batch 32, every sample recorded" %
                  ("%g ms (sleep)" % a.sample_ms if a.sample_ms else "trivial")}
    base = summary([x["samples_per_s"] for x in runs[None]])
    out["job_samples_per_s"] = {"no_stream": base}
    for m in ("plain", "zstd"):
        out["job_samples_per_s"]["stream_" + m] = summary([x["samples_per_s"] for x in runs[m]])
        out["stream_" + m] = {
            "events_per_s": summary([x["events_per_s"] for x in runs[m]]),
            # Capacity: events over the stream process's CPU time (its interpreter's start included).
            "events_per_stream_cpu_s": summary([x["events_per_stream_cpu_s"] for x in runs[m]]),
            "stream_cpu_s": [x["stream_cpu_s"] for x in runs[m]],
            "events": [x["events"] for x in runs[m]],
            "lost": [x["lost"] for x in runs[m]],
            "bytes_per_event": statistics.median(x["bytes_on_pipe"] / max(1, x["events"]) for x in runs[m]),
        }
    for m in ("plain", "zstd"):
        s = out["job_samples_per_s"]["stream_" + m]["median"]
        out["job_samples_per_s"]["stream_" + m]["vs_no_stream"] = s / base["median"] if base["median"] else None
    if "bare" in runs:
        bare = summary([x["samples_per_s"] for x in runs["bare"]])
        out["job_samples_per_s"]["bare_no_probe"] = bare
        for key in ("no_stream", "stream_plain", "stream_zstd"):
            out["job_samples_per_s"][key]["vs_bare"] = out["job_samples_per_s"][key]["median"] / bare["median"]
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
