# SPDX-License-Identifier: MIT
"""The probe's life in odd jobs: DataLoaders on threads; a job SIGKILLed or ended by os._exit (its
segment removed at once by its guard, its temporary files by the next run); a DataLoader iterated in a multiprocessing fork child
(its own outputs, suffixed .pid<PID>).

Usage: python3 test_lifecycle.py CASE
"""

import fcntl
import glob
import os
import signal
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probetest import (HERE, JOB, KIND, PYTHON, SEGMENT_RE, all_pids, check, check_no_leftovers, wait_for,  # noqa: E402
                       load_summary, main, native, run_job)

THREAD_JOB = os.path.join(HERE, "thread_job.py")
LIFECYCLE_JOB = os.path.join(HERE, "lifecycle_job.py")
QUICK = ["--workers", "2", "--length", "32"]  # a short job.py run


def probe_files(workdir, pid=None):
    """The probe's temporary files in a directory (of one job's pid, or all)."""
    pattern = "*loaderscope-%s-*" % (pid if pid is not None else "*")
    return sorted(os.path.basename(p) for p in glob.glob(os.path.join(workdir, "." + pattern)))


def guard_processes():
    """(pid, command line, RSS in KiB) of every segment guard (ls_shm_guard) on the machine."""
    out = []
    for d in glob.glob("/proc/[0-9]*"):
        try:
            with open(d + "/cmdline", "rb") as f:
                argv = f.read().split(b"\0")
            if b"ls_shm_guard" not in argv:
                continue
            with open(d + "/status") as f:
                rss = next((int(l.split()[1]) for l in f if l.startswith("VmRSS:")), 0)
        except (OSError, StopIteration):
            continue
        out.append((int(d[6:]), " ".join(a.decode() for a in argv if a), rss))
    return out


def case_thread_loader(tmp):
    """A loader on a threading.Thread while another runs on the main thread: both recorded, their
    workers' lanes too, and no "probe disabled"."""
    plain = run_job(os.path.join(tmp, "plain"), [], probe=False, job=THREAD_JOB)
    probed = run_job(os.path.join(tmp, "probe"), [], probe=True, job=THREAD_JOB)
    check(plain.rc == 0 and probed.rc == 0, "exit status %d plain, %d under the probe" % (plain.rc, probed.rc))
    check(plain.stdout == probed.stdout, "output differs: %r / %r" % (plain.stdout, probed.stdout))
    disabled = [l for l in probed.stderr.splitlines() if "probe disabled" in l]
    check(not disabled, "the probe disabled itself: %r" % disabled)
    s = probed.summary
    epochs, length, batch = 6, 32, 4
    check(len(s["loaders"]) == 2 and all(l["epochs"] == epochs and l["batches"] == epochs * length // batch
                                         for l in s["loaders"]), "loaders: %r" % s["loaders"])
    check(s["batches"] == 2 * epochs * length // batch, "summary batches %d" % s["batches"])
    starts = probed.of("WorkerStart")
    check(len(starts) == 2 * epochs * 2, "%d WorkerStart events, expected %d" % (len(starts), 2 * epochs * 2))
    fetched = probed.of("Fetch")
    check(len(fetched) == 2 * epochs * length, "%d samples recorded by the workers, expected %d" %
          (len(fetched), 2 * epochs * length))
    check_no_leftovers(probed, all_pids(probed))


def case_sigkill_leftovers(tmp):
    """A job killed with SIGKILL leaves its recording's temporary file; the next run in that folder
    removes it, and only what is surely a dead probe's: not a link, a FIFO, another user's file, a
    live process's file, a locked one or another name."""
    work = os.path.join(tmp, "work")
    os.makedirs(work)
    p = subprocess.Popen([PYTHON, "-m", "loaderscope", "run", "--summary", os.path.join(work, "summary.json"),
                          "--events", os.path.join(work, "events.bin"), LIFECYCLE_JOB, "slow"],
                         cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        m = SEGMENT_RE.match(p.stderr.readline().strip())
        check(m is not None and m.group(5), "no segment line with a recording")
        name, pid = m.group(1), int(m.group(2))
        reader = native.Reader(name)
        delivered, workers = [0], set()

        def three_delivered():
            for e in reader.drain():
                delivered[0] += e[5] == KIND["Deliver"]
                if e[5] == KIND["WorkerStart"]:
                    workers.add(e[3])
            return delivered[0] >= 3

        wait_for(three_delivered, 60, "three batches delivered")
        # Its segment's guard: a small process of its own (exec'd, so it keeps none of the job's
        # pages, which copy-on-write would otherwise double as the job writes them).
        guards = [g for g in guard_processes() if g[1].endswith("/dev/shm/" + name)]
        check(len(guards) == 1, "the job's segment guard: %r" % guards)
        check(guards[0][2] < 16 * 1024, "the guard holds %d KiB (the job's pages?)" % guards[0][2])
    finally:
        os.killpg(p.pid, signal.SIGKILL)  # the job and its workers: its own process group
        p.wait(timeout=60)
        p.stderr.close()
    check_no_leftovers(type("R", (), {"segments": []}), sorted(workers))
    # The job's segment guard (SegmentGuard, issue 46) removes the name once the job and its
    # workers are gone: no next run needed.
    wait_for(lambda: not os.path.exists("/dev/shm/" + name), 10,
             "the SIGKILLed job's guard to remove /dev/shm/" + name)
    killed = probe_files(work, pid)
    check(killed, "the SIGKILLed job left no temporary file: the case tests nothing (%r)" % os.listdir(work))

    # Next to it, what the clean-up must leave alone.
    outside = os.path.join(tmp, "outside.txt")
    with open(outside, "w") as f:
        f.write("keep")
    keep = {
        "link": "..loaderscope-%d-aa.recording.LINK00" % pid,
        "fifo": "..loaderscope-%d-ab.recording.FIFO00" % pid,
        "live": "..loaderscope-%d-ac.recording.LIVE00" % os.getpid(),
        "locked": "..loaderscope-%d-ad.recording.LOCK00" % pid,
        "other": "..loaderscope-%d-zz.recording.OTHER1" % pid,  # not hex: not a name of ours
    }
    os.symlink(outside, os.path.join(work, keep["link"]))
    os.mkfifo(os.path.join(work, keep["fifo"]))
    for k in ("live", "locked", "other"):
        open(os.path.join(work, keep[k]), "w").close()
    lock = open(os.path.join(work, keep["locked"]))
    fcntl.flock(lock, fcntl.LOCK_SH)  # a writer the pid cannot show (another pid namespace)
    gone = {"reused": "..loaderscope-%d-ae.recording.REUSE0" % os.getpid(),
            "closed": ".loaderscope-%d-af.recording" % pid}
    for n in gone.values():
        open(os.path.join(work, n), "w").close()
    os.utime(os.path.join(work, gone["reused"]), (946684800, 946684800))  # older than this process
    if os.geteuid() == 0:
        keep["foreign"] = "..loaderscope-%d-b0.recording.OTHER0" % pid
        open(os.path.join(work, keep["foreign"]), "w").close()
        os.chown(os.path.join(work, keep["foreign"]), 65534, 65534)
    try:
        again = run_job(work, QUICK, probe=True, timeout=120)
    finally:
        lock.close()
    check(again.rc == 0, "the next run failed")
    left = probe_files(work)
    for n in killed + list(gone.values()):
        check(n not in left, "%s was not removed: %r" % (n, left))
    for k, n in keep.items():
        check(n in left, "%s (%s) was removed" % (n, k))
    check(open(outside).read() == "keep", "the link's target was touched")
    check(not os.path.exists("/dev/shm/" + name), "the killed job's segment is still in /dev/shm")
    check_no_leftovers(again, all_pids(again))


def case_os_exit(tmp):
    """A job ending in os._exit: same exit status and output; the next run removes what it left."""
    plain = run_job(os.path.join(tmp, "plain"), ["os_exit"], probe=False, job=LIFECYCLE_JOB)
    probed = run_job(os.path.join(tmp, "probe"), ["os_exit"], probe=True, job=LIFECYCLE_JOB)
    check(plain.rc == probed.rc == 3, "exit status %d plain, %d under the probe" % (plain.rc, probed.rc))
    check(plain.stdout == probed.stdout, "output differs")
    pid = int(probed.segments[0][1])
    wait_for(lambda: not os.path.exists("/dev/shm/" + probed.segments[0][0]), 10,
             "the os._exit job's guard to remove its segment")
    left = probe_files(probed.workdir, pid)
    check(left, "os._exit left no temporary file: the case tests nothing")
    again = run_job(probed.workdir, QUICK, probe=True, job=JOB)
    check(again.rc == 0, "the next run failed")
    check(not any(n in probe_files(probed.workdir) for n in left), "left by os._exit and not removed: %r" % left)
    check(not os.path.exists("/dev/shm/" + probed.segments[0][0]), "the os._exit job's segment is still in /dev/shm")
    check_no_leftovers(again, all_pids(again))


def case_fork_child(tmp):
    """A DataLoader iterated in a multiprocessing fork child is recorded into the child's own
    outputs (summary.pid<PID>.json, ...); the parent's are its own loader's; nothing left over."""
    plain = run_job(os.path.join(tmp, "plain"), ["fork"], probe=False, job=LIFECYCLE_JOB)
    probed = run_job(os.path.join(tmp, "probe"), ["fork"], probe=True, job=LIFECYCLE_JOB)
    check(plain.rc == probed.rc == 0, "exit status %d plain, %d under the probe" % (plain.rc, probed.rc))
    check(plain.stdout == probed.stdout and "exit 0" in plain.stdout, "output differs: %r / %r" % (plain.stdout, probed.stdout))
    work = probed.workdir
    with open(os.path.join(work, "child.pid")) as f:
        child = int(f.read())
    check(sorted(int(s[1]) for s in probed.segments) == sorted([child, int(probed.segments[0][1])]),
          "segment lines: %r" % (probed.segments,))
    s = probed.summary
    check(s is not None and len(s["loaders"]) == 1 and s["batches"] == 8, "the parent's summary: %r" % (s and s["loaders"]))
    cs_path = os.path.join(work, "summary.pid%d.json" % child)
    check(os.path.exists(cs_path), "no summary of the child (%r)" % sorted(os.listdir(work)))
    cs = load_summary(cs_path)
    check(cs["pid"] == child and cs["batches"] == 8 and cs["samples"] == 32, "the child's summary: %r" % cs["loaders"])
    header, events = native.read_events_file(os.path.join(work, "events.pid%d.bin" % child))
    check(header["complete"] and sum(1 for e in events if e[5] == KIND["Fetch"]) == 32, "the child's recording")
    check(os.path.exists(os.path.join(work, "trace.pid%d.json" % child)), "no trace of the child")
    check(probe_files(work) == [], "left over: %r" % probe_files(work))
    pids = all_pids(probed) + [w for epoch in cs["worker_pids"] for w in epoch] + [child]
    check_no_leftovers(probed, pids)


CASES = {
    "thread_loader": case_thread_loader,
    "sigkill_leftovers": case_sigkill_leftovers,
    "os_exit": case_os_exit,
    "fork_child": case_fork_child,
}

if __name__ == "__main__":
    sys.exit(main(CASES))
