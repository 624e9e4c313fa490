# SPDX-License-Identifier: MIT
"""The probe never hurts the job: a viewer that dies, a full ring, a failing probe hook in the main
process or in a worker, an unknown torch: the job runs on with the same batches.

Usage: python3 test_robust.py CASE
"""

import os
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probetest import (HERE, JOB, PYTHON, SEGMENT_RE, check, check_no_leftovers,  # noqa: E402
                       check_same_batches, equal, load_summary, main, run_both, run_job)

WATCH_JOB = os.path.join(HERE, "watch_job.py")


def case_reader_killed(tmp):
    """A viewer attached to the live segment is killed: the job does not notice."""
    args = ["--workers", "2", "--length", "96", "--sleep-us", "20000"]
    plain = run_job(os.path.join(tmp, "plain"), args, probe=False)
    work = os.path.join(tmp, "probe")
    os.makedirs(work)
    job = subprocess.Popen([PYTHON, "-m", "loaderscope", "run", "--summary", os.path.join(work, "summary.json"),
                            JOB] + args + ["--out", os.path.join(work, "out.pt")],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    name = None
    while name is None:
        line = job.stderr.readline()
        check(line, "the job ended before announcing its segment")
        m = SEGMENT_RE.match(line.strip())
        name = m.group(1) if m else None
    viewer = subprocess.Popen([PYTHON, "-c", (
        "import sys, time, loaderscope._native as n\n"
        "r = n.Reader(sys.argv[1]); seen = 0\n"
        "while True:\n"
        "    seen += len(r.drain()); print(seen, flush=True); time.sleep(0.01)\n"), name],
        stdout=subprocess.PIPE, text=True)
    seen = 0
    while seen < 20:  # the viewer really reads events
        seen = int(viewer.stdout.readline() or 0)
    viewer.send_signal(signal.SIGKILL)
    viewer.wait()
    viewer.stdout.close()
    rest = job.stderr.read()
    job.wait(timeout=120)
    job.stdout.close()
    job.stderr.close()
    check(job.returncode == 0, "the job failed after its viewer died:\n" + rest[-2000:])

    class Probed:
        rc = job.returncode
        workdir = work
        segments = [(name,)]

        def outputs(self):
            import torch
            return torch.load(os.path.join(work, "out.pt"))
    check_same_batches(plain, Probed())
    check_no_leftovers(Probed, [])


def case_ring_full(tmp):
    """A ring far too small for the event rate (1,024 records, batches of 20,000 trivial samples):
    the worker's writes wait for the collector to make room (at most 50 ms each) instead of
    dropping events, the job runs to its end, and every figure stays exact. (Before the writers
    waited, events were dropped and counted here.)"""
    args = ["--workers", "1", "--length", "40000", "--batch-size", "20000", "--trivial"]
    plain, probed = run_both(tmp, args, env={"LOADERSCOPE_RING_BITS": "10"})
    out = check_same_batches(plain, probed)
    s = probed.summary
    check(s["events_lost"] == 0 and s["figures_reliable"], "%d events lost with a 1024-record ring" % s["events_lost"])
    check(len(probed.of("Fetch")) == 40000, "%d Fetch spans of 40000" % len(probed.of("Fetch")))
    check(s["batches"] == len(out["batches"]) == 2 and s["samples"] == 40000, "batch figures %d/%d" %
          (s["batches"], s["samples"]))
    check_no_leftovers(probed, s["worker_pids"][0])


def case_ring_keeps_up(tmp):
    """The default ring and a worker writing as fast as Python can (trivial samples, after the
    collector has slept its longest through the job's start): the collector's sleep, longer while
    events trickle (issue 45), never lets a ring wrap."""
    args = ["--workers", "1", "--length", "60000", "--batch-size", "20000", "--trivial"]
    plain, probed = run_both(tmp, args)
    check_same_batches(plain, probed)
    s = probed.summary
    check(s["events_lost"] == 0, "%d events lost with the default ring" % s["events_lost"])
    check(s["samples"] == 60000 and s["batches"] == 3, "batch figures %d/%d" % (s["batches"], s["samples"]))


def run_watch_job(tmp, mode):
    out = os.path.join(tmp, mode + ".pt")
    summary = os.path.join(tmp, mode + ".json")
    p = subprocess.run([PYTHON, WATCH_JOB, mode, out, summary], capture_output=True, text=True, timeout=120)
    import torch
    got = torch.load(out) if os.path.exists(out) else None
    return p, got, summary


def check_unchanged(got, reference):
    for k in ("watched", "other", "again"):
        check(equal(got[k], reference[k]), "%s batches differ from the clean run" % k)


def case_probe_fault_main(tmp):
    p0, clean, _ = run_watch_job(tmp, "clean")
    check(p0.returncode == 0 and clean["segment"], "the clean run failed:\n" + p0.stderr[-2000:])
    p, got, summary = run_watch_job(tmp, "main_fault")
    check(p.returncode == 0, "the job failed because of the probe:\n" + p.stderr[-2000:])
    check_unchanged(got, clean)
    warnings = [l for l in p.stderr.splitlines() if "probe disabled" in l]
    check(len(warnings) == 1 and "injected probe fault" in warnings[0], "warnings: %r" % warnings)
    check(not os.path.exists("/dev/shm/" + got["segment"]), "segment left behind")


def case_probe_fault_worker(tmp):
    p0, clean, _ = run_watch_job(tmp, "clean")
    p, got, _ = run_watch_job(tmp, "worker_fault")
    check(p.returncode == 0, "the job failed because of the probe:\n" + p.stderr[-2000:])
    check_unchanged(got, clean)
    warnings = [l for l in p.stderr.splitlines() if "probe disabled" in l]
    # One per worker process (2 workers x 2 epochs of the watched loader), each its own process.
    check(len(warnings) == 4 and all("injected worker probe fault" in w for w in warnings), "warnings: %r" % warnings)


def case_signal_in_hook(tmp):
    """The job's signal handler raises while a probe hook runs: its exception reaches the job
    (as torch's SIGCHLD handler's "worker killed" must), and the probe stays on."""
    p0, clean, _ = run_watch_job(tmp, "clean")
    check(p0.returncode == 0 and not clean["signalled"], "the clean run failed:\n" + p0.stderr[-2000:])
    p, got, summary = run_watch_job(tmp, "signal_in_hook")
    check(p.returncode == 0, "the job failed:\n" + p.stderr[-2000:])
    check(got["signalled"] == ["the job's SIGUSR1 handler"], "the job's exception did not reach it: %r" % got["signalled"])
    check(not [l for l in p.stderr.splitlines() if "probe disabled" in l], "the probe disabled itself:\n" + p.stderr[-2000:])
    # The third batch went with the exception (as it does when the handler fires inside torch).
    check(equal(got["watched"], clean["watched"][:2] + clean["watched"][3:]), "watched batches differ")
    check(equal(got["other"], clean["other"]) and equal(got["again"], clean["again"]), "later batches differ")
    s = load_summary(summary)
    # 2 epochs of 12 batches, less the one the job never got.
    check(s["loaders"][0]["epochs"] == 2 and s["batches"] == 23, "the probe stopped recording: epochs %r, batches %r"
          % (s["loaders"][0].get("epochs"), s["batches"]))


def case_unknown_torch(tmp):
    p0, clean, _ = run_watch_job(tmp, "clean")
    for mode, says in (("old_torch", "torch 1.12.1 is outside the versions the probe knows"),
                       ("missing_hook", "parameter index_queue of torch.utils.data._utils.worker._worker_loop")):
        p, got, summary = run_watch_job(tmp, mode)
        check(p.returncode == 0, "%s: the job failed:\n%s" % (mode, p.stderr[-2000:]))
        check_unchanged(got, clean)
        warnings = [l for l in p.stderr.splitlines() if l.startswith("loaderscope: warning")]
        check(len(warnings) == 1 and says in warnings[0] and "uninstrumented" in warnings[0],
              "%s: warnings %r" % (mode, warnings))
        check(got["segment"] is None and not os.path.exists(summary), "%s: a refused probe made a segment" % mode)


def case_only_watched(tmp):
    p, got, summary = run_watch_job(tmp, "clean")
    check(p.returncode == 0, p.stderr[-2000:])
    s = load_summary(summary)
    # the watched loader, iterated twice; the other one never recorded
    check(len(s["loaders"]) == 1 and s["loaders"][0]["epochs"] == 2, "loaders %r" % s["loaders"])
    check(s["batches"] == 24 and s["samples"] == 192, "batches %d samples %d" % (s["batches"], s["samples"]))


def case_own_iterators(tmp):
    """A DataLoader subclass with its own iterators (torchdata's StatefulDataLoader's shape) runs
    unwatched with one line naming it and why; the plain loader beside it is watched; the job's
    output is the same as without the probe."""
    job = os.path.join(HERE, "own_iter_job.py")
    summary = os.path.join(tmp, "summary.json")
    plain = subprocess.run([PYTHON, job], capture_output=True, text=True, timeout=120)
    p = subprocess.run([PYTHON, "-m", "loaderscope", "run", "--summary", summary, job], capture_output=True, text=True,
                       timeout=120)
    check(plain.returncode == p.returncode == 0, "exit %d / %d:\n%s" % (plain.returncode, p.returncode, p.stderr[-2000:]))
    check(plain.stdout == p.stdout, "the job's output differs: %r / %r" % (plain.stdout, p.stdout))
    said = [l for l in p.stderr.splitlines() if "builds its own iterators" in l]
    check(len(said) == 1 and "__main__.StatefulLike" in said[0] and "runs unwatched" in said[0],
          "the line that names the unwatched loader: %r" % p.stderr[-2000:])
    s = load_summary(summary)
    check(len(s["loaders"]) == 1 and s["batches"] == 8 and s["samples"] == 32,
          "only the plain loader recorded: %r, %d batches" % (s["loaders"], s["batches"]))


CASES = {
    "own_iterators": case_own_iterators,
    "reader_killed": case_reader_killed,
    "ring_full": case_ring_full,
    "ring_keeps_up": case_ring_keeps_up,
    "probe_fault_main": case_probe_fault_main,
    "probe_fault_worker": case_probe_fault_worker,
    "signal_in_hook": case_signal_in_hook,
    "unknown_torch": case_unknown_torch,
    "only_watched_loaders": case_only_watched,
}

if __name__ == "__main__":
    sys.exit(main(CASES))
