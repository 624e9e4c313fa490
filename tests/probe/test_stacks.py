# SPDX-License-Identifier: MIT
"""What a stuck worker is doing (issue 49): the probe's Python stacks, real PyTorch jobs.

stacks_stuck_worker: a worker stuck in time.sleep(60) inside stuck_in_here(), DataLoader(timeout=20):
       the stack naming stuck_in_here is in the recording within the threshold (10 s) plus 1 s of
       the fetch's start, with the sample it was fetching; the job still fails with DataLoader's own
       message and exit status, as it does unwatched; `stacks RECORDING` prints it; the Chrome
       trace holds it.
stacks_asked_live: `python3 -m loaderscope stacks SEGMENT` on a running job answers at once with
       the main thread's stack (train_loop) and each worker's (read_record); the job goes on and
       ends as unwatched; the recording keeps them. Hostile arguments: one line, at once.
stacks_over_ssh: the same over the test sshd: the stuck job's stream read over SSH carries the
       stack the probe took by itself, a STACKS line on the stream's input asks for every
       thread's, and `ssh HOST python3 -m loaderscope stacks SEGMENT` answers.

Usage: python3 test_stacks.py CASE   (exit 77: skipped, with the reason)
"""

import concurrent.futures
import json
import os
import shlex
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probetest import (KIND, PYTHON, SEGMENT_RE, Event, all_pids, check, check_no_leftovers, hostile_inputs,  # noqa: E402
                       main, native, run_job, wait_for)

import loaderscope  # noqa: E402  (the build's package: PYTHONPATH=build/python, set by ctest)

HERE = os.path.dirname(os.path.abspath(__file__))
JOB = os.path.join(HERE, "stacks_job.py")
STUCK = 13            # stacks_job.py's stuck sample
THRESHOLD_S = 10.0    # the probe's default (LOADERSCOPE_STACK_AFTER), half of timeout=20
BUILD_PY = os.path.dirname(os.path.dirname(os.path.abspath(loaderscope.__file__)))
PROBE_DIR = os.path.dirname(os.path.abspath(loaderscope.__file__)) + os.sep  # the probe's own files


def stacks(*args, timeout=60):
    t0 = time.monotonic()
    r = subprocess.run([PYTHON, "-m", "loaderscope", "stacks"] + list(args), capture_output=True, text=True,
                       timeout=timeout)
    r.seconds = time.monotonic() - t0
    return r


def stacks_json(path):
    r = stacks(path, "--json")
    check(r.returncode == 0, "stacks --json %s: exit %d\n%s" % (path, r.returncode, r.stderr))
    return json.loads(r.stdout)


def last_line(text):
    lines = [x for x in text.splitlines() if x.strip()]
    return lines[-1] if lines else ""


def check_stuck_stack(d, events, where):
    """The one stack the probe took by itself: the stuck fetch of sample STUCK, naming
    stuck_in_here, within the threshold plus 1 s of that fetch's start."""
    slow = [s for s in d["stacks"] if s["reason"] == "slow fetch"]
    check(len(slow) == 1, "%s: one stack taken for the slow fetch expected: %r" % (where, d["stacks"]))
    s = slow[0]
    check(s["sample"] == STUCK and s["worker"] is not None and s["whole"], "%s: its sample and worker: %r" % (where, s))
    check("in stuck_in_here" in s["text"] and "time.sleep(seconds)" in s["text"],
          "%s: the stack does not name stuck_in_here:\n%s" % (where, s["text"]))
    check(PROBE_DIR not in s["text"], "%s: the probe's own frames shown:\n%s" % (where, s["text"]))
    # The stuck fetch began as the one before it in its batch ended (sample 12, same worker).
    before = [e for e in events if e.kind == KIND["Fetch"] and e.lane == s["worker"] and e.arg0 == STUCK - 1]
    check(len(before) == 1, "%s: the fetch before the stuck one: %r" % (where, before))
    after = (s["t_ns"] - before[0].t1) * 1e-9
    check(THRESHOLD_S - 0.05 <= after <= THRESHOLD_S + 1.0,
          "%s: stack taken %.3f s after the fetch began (threshold %.0f s, + 1 s at most)" % (where, after, THRESHOLD_S))
    return after


def case_stuck_worker(tmp):
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        jobs = [pool.submit(run_job, os.path.join(tmp, name), ["stuck", "20"], probe, job=JOB, timeout=90)
                for name, probe in (("plain", False), ("probe", True))]
        plain, probed = (j.result() for j in jobs)
    check(plain.rc == probed.rc == 1, "exit status %d unwatched, %d watched" % (plain.rc, probed.rc))
    check(last_line(plain.stderr) == last_line(probed.stderr) == "RuntimeError: DataLoader timed out after 20.0 seconds",
          "the job's own error: %r / %r" % (last_line(plain.stderr), last_line(probed.stderr)))
    check(probed.summary["errors"] == ["DataLoader timed out after 20.0 seconds"], "summary errors %r" % probed.summary["errors"])
    events_path = os.path.join(probed.workdir, "events.bin")
    d = stacks_json(events_path)
    after = check_stuck_stack(d, probed.events, "the recording")
    r = stacks(events_path)
    check(r.returncode == 0 and "fetching sample %d" % STUCK in r.stdout and "stuck_in_here" in r.stdout and
          "ran past the threshold" in r.stdout, "stacks RECORDING:\n%s\n%s" % (r.stdout, r.stderr))
    with open(os.path.join(probed.workdir, "trace.json")) as f:
        trace = json.load(f)
    marks = [e for e in trace["traceEvents"] if e.get("name") == "Python stack"]
    check(len(marks) == 1 and "stuck_in_here" in marks[0]["args"]["stack"] and marks[0]["args"]["sample"] == STUCK,
          "the Chrome trace's stack: %r" % marks)
    check(not any(e.get("name") == "Python stack text" for e in trace["traceEvents"]), "the text's pieces are in the trace")
    check_no_leftovers(probed, all_pids(probed))
    print("stack of worker %d taken %.3f s after its fetch of sample %d began; the job failed as unwatched (exit 1)"
          % (d["stacks"][0]["worker"], after, STUCK))


def start_probed(work, args, env=None):
    os.makedirs(work, exist_ok=True)
    p = subprocess.Popen([PYTHON, "-m", "loaderscope", "run", "--events", os.path.join(work, "events.lsrec"), JOB] + args,
                         cwd=work, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    line = p.stderr.readline()
    m = SEGMENT_RE.match(line.strip())
    if m is None:
        p.kill()
        p.wait()
        check(False, "first stderr line is not the segment line: %r" % line)
    return p, m.group(1)


class Rings:
    """The job's rings read live on this machine: what the probe wrote so far (a condition to wait on)."""

    def __init__(self, name):
        self.reader = native.Reader(name)
        self.events = []

    def count(self, kind, test=lambda e: True):
        self.events += self.reader.drain()
        return sum(1 for e in self.events if e[5] == KIND[kind] and test(e))

    def wait(self, kind, n, what, test=lambda e: True, timeout=30):
        wait_for(lambda: self.count(kind, test) >= n, timeout, what)


def is_asked(e):
    return e[4] & 0xFF == 1  # a Stack event's reason: asked (thread_stacks.h)


def finish(p, timeout=120):
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
    return p.returncode, out, err


def check_asked(d, where):
    """main, worker 0 and worker 1 answered, each with its own named frame."""
    asked = [s for s in d["stacks"] if s["reason"] == "asked"]
    threads = sorted(s["thread"] for s in asked)
    check(threads == ["main", "worker 0", "worker 1"], "%s: the threads that answered: %r (%r)" % (where, threads, d))
    for s in asked:
        name = "in train_loop" if s["thread"] == "main" else "in read_record"
        check(name in s["text"], "%s: %s's stack does not name %s:\n%s" % (where, s["thread"], name, s["text"]))
        if s["thread"] != "main":
            check(s["sample"] >= 0 and s["batch"] >= 0, "%s: a worker's sample and batch: %r" % (where, s))


def case_asked_live(tmp):
    plain = subprocess.run([PYTHON, JOB, "live", "400"], capture_output=True, text=True, timeout=120)
    p, name = start_probed(os.path.join(tmp, "probe"), ["live", "400"])
    try:
        # Both workers fetch before the job is asked: each has had its first task.
        rings = Rings(name)
        for lane in (0, 1):
            rings.wait("WaitTask", 1, "worker %d's first task" % lane, test=lambda e, lane=lane: e[6] == lane)
        # A worker's stack is taken at its watch's next tick (every 0.25 s), where the worker may
        # be between two tasks (collate, put, the next index): then it says so (sample -1) and
        # names no read_record. Its batches take 0.2 s, so on a machine where the workers start
        # some 50 ms after their watch, the first tick fell at a batch's end in about half the
        # runs. Asked again then, at most 5 times; every answer must come.
        rounds = 0
        while True:
            r = stacks(name, "--json")
            rounds += 1
            check(r.returncode == 0, "stacks SEGMENT: exit %d\n%s" % (r.returncode, r.stderr))
            d = json.loads(r.stdout)
            check(d["not_answered"] == [], "threads that did not answer: %r" % d["not_answered"])
            check(r.seconds < 5, "the answers took %.1f s" % r.seconds)
            between = [s["thread"] for s in d["stacks"] if s["reason"] == "asked" and s["thread"] != "main" and s["sample"] < 0]
            if not between or rounds == 5:
                break
            print("round %d: %s between two tasks; asked again" % (rounds, between))
        check_asked(d, "live")
        while True:
            text = stacks(name)
            rounds += 1
            heads = [x for x in text.stdout.splitlines() if x.startswith("--- ")]
            if "in read_record" in text.stdout or rounds >= 10:
                break
        check(text.returncode == 0 and len(heads) == 3 and all(x.endswith("(asked)") for x in heads) and
              "in read_record" in text.stdout, "stacks SEGMENT:\n" + text.stdout)
        check(p.poll() is None, "the job ended while it was asked")
    finally:
        rc, out, err = finish(p)
    check(rc == plain.returncode == 0 and out == plain.stdout, "the job's end: exit %d, %r / unwatched %d, %r\n%s"
          % (rc, out, plain.returncode, plain.stdout, err[-2000:]))
    rec = stacks_json(os.path.join(tmp, "probe", "events.lsrec"))
    asked = [s for s in rec["stacks"] if s["reason"] == "asked"]
    check(len(asked) == 3 * rounds, "the recording keeps the %d rounds of three stacks: %r" % (rounds, rec["stacks"]))
    check(not os.path.exists("/dev/shm/" + name), "segment left behind")
    # What is not a live job or a recording: one line, at once.
    for bad in ["loaderscope-1-nosuchsegment", os.path.join(tmp, "missing.lsrec")] + hostile_inputs(tmp):
        b = stacks(bad, timeout=30)
        check(b.returncode == 1 and b.stdout == "" and len(b.stderr.strip().splitlines()) == 1 and b.seconds < 10,
              "stacks %s: exit %d in %.1f s\n%s%s" % (bad, b.returncode, b.seconds, b.stdout, b.stderr))
    b = stacks(name, "--wait", "-1")
    check(b.returncode == 2 and "--wait" in b.stderr, "a bad --wait: %d %s" % (b.returncode, b.stderr))
    print("3 threads answered in %.2f s; the job went on and ended as unwatched" % r.seconds)


def remote(*args):
    return "PYTHONPATH=%s /usr/bin/python3 -m loaderscope %s" % (shlex.quote(BUILD_PY), " ".join(shlex.quote(a) for a in args))


def case_over_ssh(tmp):
    from sshtest import SshLab
    with SshLab(tmp, hosts=("127.0.0.1",)) as lab:
        p, name = start_probed(os.path.join(tmp, "probe"), ["stuck", "20"])
        saved = os.path.join(tmp, "saved.lsrec")
        try:
            with open(saved, "wb") as out:
                stream = subprocess.Popen(lab.ssh_argv("127.0.0.1") + ["--", remote("stream", "--pings", name)],
                                          stdin=subprocess.PIPE, stdout=out, stderr=subprocess.PIPE)
            try:
                wait_for(lambda: os.path.getsize(saved) > 0, 30, "the stream's first bytes over ssh")
                rings = Rings(name)
                rings.wait("WorkerInit", 2, "both workers' start")
                stream.stdin.write(b"STACKS\n")  # what the app's Show stacks sends
                stream.stdin.flush()
                rings.wait("Stack", 3, "the answers to STACKS", test=is_asked)
                r = lab.ssh("127.0.0.1", remote("stacks", name), timeout=60)
                check(r.returncode == 0 and "in train_loop" in r.stdout and r.stdout.count("(asked)") == 3,
                      "ssh ... stacks SEGMENT: exit %d\n%s\n%s" % (r.returncode, r.stdout, r.stderr[-2000:]))
                rc, _, err = finish(p)
                check(rc == 1 and last_line(err) == "RuntimeError: DataLoader timed out after 20.0 seconds",
                      "the job's own end: exit %d, %r" % (rc, last_line(err)))
                stream.stdin.close()
                stream.wait(timeout=60)
            finally:
                if stream.poll() is None:
                    stream.kill()
                    stream.wait()
                stream.stderr.close()
        finally:
            if p.poll() is None:
                p.kill()
                finish(p)
        d = stacks_json(saved)
        _, raw = native.read_events_file(saved)
        after = check_stuck_stack(d, [Event(*x) for x in raw], "the stream saved over ssh")
        # Asked twice (the STACKS line, then `stacks` over ssh): main and both workers each time,
        # the stuck worker from inside stuck_in_here.
        asked = [s for s in d["stacks"] if s["reason"] == "asked"]
        check(sorted(s["thread"] for s in asked) == ["main", "main", "worker 0", "worker 0", "worker 1", "worker 1"],
              "the asked stacks in the saved stream: %r" % [(s["thread"], s["reason"]) for s in d["stacks"]])
        check(sum("in stuck_in_here" in s["text"] for s in asked) == 2, "the stuck worker's asked stacks")
    check(not os.path.exists("/dev/shm/" + name), "segment left behind")
    print("over ssh: the stuck fetch's stack %.3f s after it began; STACKS and `stacks` answered by 3 threads each" % after)


CASES = {"stacks_stuck_worker": case_stuck_worker, "stacks_asked_live": case_asked_live,
         "stacks_over_ssh": case_over_ssh}

if __name__ == "__main__":
    sys.exit(main(CASES))
