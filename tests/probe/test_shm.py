# SPDX-License-Identifier: MIT
"""The probe on a small /dev/shm (Docker's default is 64 MB): its segment takes what /dev/shm can
spare, never what the job's workers need to hand over their batches.

Each case runs in a private mount namespace (unshare -m) over its own tmpfs on /dev/shm, so the
machine's /dev/shm is never filled; without the privilege for that it is skipped, saying why.

small_shm:  64 MB /dev/shm, a job passing ~35 MB of tensors through it: exit 0 and the same output
            as unwatched, recorded with a smaller segment, and exactly one warning.
full_shm:   64 MB /dev/shm with only ~10 MB free: the probe stays out (one warning), the job runs
            unwatched, exit 0, the same output.

Usage: python3 test_shm.py CASE
"""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probetest import (HERE, PYTHON, RUNS, SKIP_RETURN_CODE, Failure, Skip, all_pids, check,  # noqa: E402
                       check_no_leftovers, main, run_job)

SHM_JOB = os.path.join(HERE, "shm_job.py")
MiB = 1 << 20
FILL = "/dev/shm/lsprobe-fill"


def warnings_of(run):
    return [l for l in run.stderr.splitlines() if l.startswith("loaderscope: warning")]


def shm_names():
    return sorted(n for n in os.listdir("/dev/shm") if n != os.path.basename(FILL))


def inner_small(tmp):
    plain = run_job(os.path.join(tmp, "plain"), [], probe=False, job=SHM_JOB)
    probed = run_job(os.path.join(tmp, "probe"), [], probe=True, job=SHM_JOB)
    check(plain.rc == 0, "the job fails unwatched in a 64 MB /dev/shm:\n" + plain.stderr[-2000:])
    check(probed.rc == 0, "the job fails under the probe in a 64 MB /dev/shm (exit %d)" % probed.rc)
    check(plain.stdout == probed.stdout and plain.stdout.count("\n") == 40, "output differs under the probe")
    w = warnings_of(probed)
    check(len(w) == 1 and "/dev/shm" in w[0] and "probe disabled" not in w[0], "warnings: %r" % w)
    s = probed.summary
    check(s is not None and s["batches"] == 40 and s["samples"] == 40, "not recorded: summary %r" % (s and s["batches"]))
    # Beside it, only the probe's own cost may be warned of (a 40-sample job: its threads' share).
    said = w[0][len("loaderscope: warning: "):]
    check(s["sample_every"] > 1 and said in s["warnings"]
          and all(x == said or x.startswith("the probe itself used") for x in s["warnings"]),
          "the summary does not say the rings were made smaller: %r, %r" % (s["sample_every"], s["warnings"]))
    check_no_leftovers(probed, all_pids(probed))


def inner_full(tmp):
    statvfs = os.statvfs("/dev/shm")
    fill = statvfs.f_bavail * statvfs.f_frsize - 10 * MiB
    with open(FILL, "wb") as f:
        f.truncate(0)
        os.posix_fallocate(f.fileno(), 0, fill)
    try:
        args = ["--floats", "100000"]  # 0.4 MB samples: the job itself fits in 10 MB
        plain = run_job(os.path.join(tmp, "plain"), args, probe=False, job=SHM_JOB)
        probed = run_job(os.path.join(tmp, "probe"), args, probe=True, job=SHM_JOB)
    finally:
        os.unlink(FILL)
    check(plain.rc == 0, "the job fails unwatched with 10 MB free:\n" + plain.stderr[-2000:])
    check(probed.rc == 0, "the job fails under the probe with 10 MB of /dev/shm free (exit %d)" % probed.rc)
    check(plain.stdout == probed.stdout and plain.stdout.count("\n") == 40, "output differs under the probe")
    w = warnings_of(probed)
    check(len(w) == 1 and "/dev/shm" in w[0] and "probe disabled" in w[0], "warnings: %r" % w)
    check(not probed.segments and probed.summary is None, "the probe made a segment with 10 MB free")


INNER = {"small": inner_small, "full": inner_full}


def in_private_shm(tmp, which):
    """Runs INNER[which] in a private mount namespace with a 64 MB tmpfs on /dev/shm."""
    if os.geteuid() != 0:
        raise Skip("a private /dev/shm needs root (unshare -m, mount -t tmpfs); running as uid %d" % os.geteuid())
    try:
        probe = subprocess.run(["unshare", "-m", "--propagation", "private", "true"], capture_output=True, text=True,
                               timeout=30)
    except FileNotFoundError:
        raise Skip("no unshare(1) here")
    if probe.returncode != 0:
        raise Skip("unshare -m is not permitted here: " + probe.stderr.strip())
    p = subprocess.run(["unshare", "-m", "--propagation", "private", PYTHON, os.path.abspath(__file__), "--inner", which,
                        tmp], capture_output=True, text=True, timeout=300)
    sys.stdout.write(p.stdout)
    if p.returncode == SKIP_RETURN_CODE:
        raise Skip(p.stdout.strip().splitlines()[-1] if p.stdout.strip() else "skipped in the namespace")
    check(p.returncode == 0, "in the private /dev/shm (exit %d):\n%s%s" % (p.returncode, p.stdout[-4000:], p.stderr[-2000:]))


def inner_main(which, tmp):
    """In the namespace: mount the tmpfs, run the case, leave /dev/shm as found (empty)."""
    m = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64m,mode=1777", "tmpfs", "/dev/shm"],
                       capture_output=True, text=True, timeout=30)
    if m.returncode != 0:
        print("cannot mount a tmpfs on /dev/shm here: " + m.stderr.strip())
        return SKIP_RETURN_CODE
    try:
        INNER[which](tmp)
        check(shm_names() == [], "left in /dev/shm: %r" % shm_names())
    except Failure as e:
        print("FAIL: %s" % e)
        for r in RUNS:
            print("--- %s (exit %s)\n%s" % (" ".join(getattr(r, "cmd", [])), r.rc, r.stderr[-3000:]))
        return 1
    return 0


CASES = {
    "small_shm": lambda tmp: in_private_shm(tmp, "small"),
    "full_shm": lambda tmp: in_private_shm(tmp, "full"),
}

if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--inner":
        sys.exit(inner_main(sys.argv[2], sys.argv[3]))
    sys.exit(main(CASES))
