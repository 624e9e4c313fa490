# SPDX-License-Identifier: MIT
"""LOADERSCOPE_WATCH: every Python process of a job watched without changing its launch command
(torchrun, srun, accelerate and deepspeed start the ranks themselves), through the package's .pth
file, as coverage.py's process start-up does.

Python runs the import lines of .pth files only in site folders, at start-up. Installed, the .pth
lies in dist-packages next to the package (/usr/bin/python3 processes it in every process); here the
build's very file (build/python/loaderscope-watch.pth) is copied into a site folder of the test's
own, the user site folder named by PYTHONUSERBASE, which python3 also processes at start-up. So
each job runs as plain `python3 job.py`, started as a launcher starts it, and the .pth is processed
by the same start-up code as the installed one; only the folder differs.

Usage: python3 test_watch_env.py {watch_1,watch_dir,watch_dir_rank,spawn_workers,two_ranks_env,unset_identical,helpers_unwatched}
"""

import os
import shutil
import socket
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probetest import (HERE, JOB, PYTHON, SEGMENT_RE, Skip, check, check_no_leftovers, equal, finish_ranks, free_port,  # noqa: E402
                       load_summary, main, native, strip_pids)

import loaderscope  # noqa: E402  (the build's package: PYTHONPATH=build/python, set by ctest)

BUILD_PY = os.path.dirname(os.path.dirname(os.path.abspath(loaderscope.__file__)))
PTH = os.path.join(BUILD_PY, "loaderscope-watch.pth")
HOST = socket.gethostname()


def site_env(tmp, with_pth=True):
    """The environment of a job whose Python processes the .pth at start-up (with_pth), or of the
    same job without it: PYTHONUSERBASE names a user site folder of the test's own either way."""
    base = os.path.join(tmp, "userbase-pth" if with_pth else "userbase-none")
    env = dict(os.environ, PYTHONUSERBASE=base)
    for k in ("LOADERSCOPE_WATCH", "LOADERSCOPE_SUMMARY", "LOADERSCOPE_EVENTS", "LOADERSCOPE_TRACE",
              "PYTHONNOUSERSITE"):  # the user site folder must be read
        env.pop(k, None)
    enabled, site = subprocess.run(
        [PYTHON, "-c", "import site; print(site.ENABLE_USER_SITE); print(site.getusersitepackages())"], env=env,
        capture_output=True, text=True, check=True).stdout.split("\n")[:2]
    if enabled != "True":  # uid != euid, or python3 -s: no user site folder to put the .pth in
        raise Skip("this python3 reads no user site folder (site.ENABLE_USER_SITE=%s)" % enabled)
    os.makedirs(site, exist_ok=True)
    if with_pth and os.environ.get("LOADERSCOPE_TEST_INSTALLED_PTH") == "1":
        # Run on an installed wheel (tests/wheel): the .pth pip put into site-packages is the one
        # that must work, and it is processed at every start-up anyway.
        check(os.path.isfile(PTH) and os.path.dirname(PTH) in installed_site_dirs(env),
              "the installed package has no .pth in a site folder: %s" % PTH)
    elif with_pth:
        check(os.path.isfile(PTH), "the build has no %s" % PTH)
        shutil.copy(PTH, site)
    return env


def installed_site_dirs(env):
    out = subprocess.run([PYTHON, "-c", "import site; print('\\n'.join(site.getsitepackages()))"], env=env,
                         capture_output=True, text=True, check=True).stdout
    return [d for d in out.splitlines() if d]


def run(cmd, env, cwd, timeout=120):
    p = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, timeout=timeout)
    p.out, p.err = p.stdout.decode(), p.stderr.decode()
    return p


def job_cmd(work, *args):
    return [PYTHON, JOB, "--workers", "2", "--length", "48", "--out", os.path.join(work, "out.pt")] + list(args)


def batches(work):
    import torch
    return torch.load(os.path.join(work, "out.pt"))


def segments(err):
    return SEGMENT_RE.findall(err)


def case_watch_1(tmp):
    """LOADERSCOPE_WATCH=1: the live segment, and the outputs LOADERSCOPE_SUMMARY/EVENTS name
    ({host} and {rank} filled in); the job's stdout, batches and exit status unchanged."""
    plain_w, watched_w = os.path.join(tmp, "plain"), os.path.join(tmp, "watched")
    os.makedirs(plain_w)
    os.makedirs(watched_w)
    args = ("--exit-code", "3")
    plain = run(job_cmd(plain_w, *args), site_env(tmp, with_pth=False), plain_w)
    env = site_env(tmp)
    env.update(LOADERSCOPE_WATCH="1", LOADERSCOPE_SUMMARY=os.path.join(watched_w, "s.{host}.{rank}.json"),
               LOADERSCOPE_EVENTS=os.path.join(watched_w, "e.{host}.{rank}.bin"))
    watched = run(job_cmd(watched_w, *args), env, watched_w)
    check(plain.returncode == 3 and watched.returncode == 3,
          "exit status %d plain, %d watched (want 3)\n%s" % (plain.returncode, watched.returncode, watched.err[-2000:]))
    check(plain.stdout == watched.stdout, "stdout differs: %r vs %r" % (plain.stdout, watched.stdout))
    segs = segments(watched.err)
    check(len(segs) == 1, "want one segment line on stderr, got %r:\n%s" % (segs, watched.err[-2000:]))
    check(watched.err.startswith("loaderscope: segment "), "the segment line is not the first: %r" % watched.err[:300])
    check(equal(strip_pids(batches(plain_w)["batches"]), strip_pids(batches(watched_w)["batches"])),
          "batches differ when watched")
    summary = os.path.join(watched_w, "s.%s.0.json" % HOST)
    check(os.path.isfile(summary), "no %s; folder has %r" % (summary, sorted(os.listdir(watched_w))))
    s = load_summary(summary)
    check(s["batches"] == 6 and s["samples"] == 48, "summary: %d batches, %d samples" % (s["batches"], s["samples"]))
    header, events = native.read_events_file(os.path.join(watched_w, "e.%s.0.bin" % HOST))
    check(any(e[5] == native.KINDS["Fetch"] for e in events), "no Fetch event in the recording")
    check_no_leftovers(type("R", (), {"segments": segs}), [p for e in s["worker_pids"] for p in e])


def case_watch_dir(tmp):
    """LOADERSCOPE_WATCH=<folder>: outputs default to <folder>/summary.<host>.rank<rank>.json and
    events.<host>.rank<rank>.bin (the folder is made)."""
    work = os.path.join(tmp, "w")
    os.makedirs(work)
    out = os.path.join(tmp, "watch", "out")
    env = site_env(tmp)
    env["LOADERSCOPE_WATCH"] = out
    r = run(job_cmd(work), env, work)
    check(r.returncode == 0, "the job failed:\n" + r.err[-2000:])
    check(len(segments(r.err)) == 1, "segment lines %r" % segments(r.err))
    want = ["events.%s.rank0.bin" % HOST, "summary.%s.rank0.json" % HOST]
    got = sorted(os.listdir(out)) if os.path.isdir(out) else None
    check(got == want, "the folder has %r, want %r" % (got, want))
    s = load_summary(os.path.join(out, want[1]))
    check(s["samples"] == 48 and s["exit_code"] == 0, "summary %r" % {k: s.get(k) for k in ("samples", "exit_code")})


def case_spawn_workers(tmp):
    """DataLoader workers started by spawn are fresh Python processes that read the .pth too: the
    probe starts no session there (one segment line, one set of outputs), yet records them."""
    work = os.path.join(tmp, "w")
    os.makedirs(work)
    out = os.path.join(tmp, "watch")
    env = site_env(tmp)
    env["LOADERSCOPE_WATCH"] = out
    r = run(job_cmd(work, "--start-method", "spawn"), env, work, timeout=180)
    check(r.returncode == 0, "the job failed:\n" + r.err[-2000:])
    check(len(segments(r.err)) == 1, "want one segment line (none from the workers), got %r" % segments(r.err))
    want = ["events.%s.rank0.bin" % HOST, "summary.%s.rank0.json" % HOST]
    check(sorted(os.listdir(out)) == want, "the folder has %r, want %r" % (sorted(os.listdir(out)), want))
    s = load_summary(os.path.join(out, want[1]))
    pids = [p for e in s["worker_pids"] for p in e]
    check(len(pids) == 2 and s["samples"] == 48, "summary: worker pids %r, %d samples" % (pids, s["samples"]))
    header, events = native.read_events_file(os.path.join(out, want[0]))
    lanes = {e[6] for e in events if e[5] == native.KINDS["Fetch"]}
    check(lanes == {0, 1}, "the spawned workers' Fetch lanes: %r" % lanes)
    check_no_leftovers(type("R", (), {"segments": segments(r.err)}), pids)


def case_two_ranks_env(tmp):
    """Two ranks started as a launcher starts them (plain `python3 gloo_job.py`, RANK, WORLD_SIZE...
    set), not under `-m loaderscope`: a segment and outputs per rank, named by host and rank."""
    out = os.path.join(tmp, "watch")
    port = str(free_port())
    base = site_env(tmp)
    procs, errs = [], {}
    for rank in (0, 1):
        env = dict(base, RANK=str(rank), LOCAL_RANK=str(rank), WORLD_SIZE="2", LOCAL_WORLD_SIZE="2",
                   MASTER_ADDR="127.0.0.1", MASTER_PORT=port, OMP_NUM_THREADS="1", LOADERSCOPE_WATCH=out)
        procs.append(subprocess.Popen([PYTHON, os.path.join(HERE, "gloo_job.py"), tmp], env=env,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True))

    def read(rank, p):
        errs[rank] = p.stderr.read()
    finish_ranks(procs, read)
    check(all(p.returncode == 0 for p in procs), "a rank failed:\n%s" % errs)
    segs = []
    for rank in (0, 1):
        mine = segments(errs[rank])
        check(len(mine) == 1 and mine[0][2] == str(rank) and mine[0][3] == "2", "rank %d: segment lines %r" % (rank, mine))
        segs += mine
    want = sorted(["%s.%s.rank%d.%s" % (kind, HOST, r, ext) for r in (0, 1)
                   for kind, ext in (("summary", "json"), ("events", "bin"))])
    check(sorted(os.listdir(out)) == want, "the folder has %r, want %r" % (sorted(os.listdir(out)), want))
    for rank in (0, 1):
        s = load_summary(os.path.join(out, "summary.%s.rank%d.json" % (HOST, rank)))
        check(s["rank"] == rank and s["world_size"] == 2 and s["samples"] == 64,
              "rank %d summary: rank %r world %r samples %r" % (rank, s["rank"], s["world_size"], s["samples"]))
        check_no_leftovers(type("R", (), {"segments": segs}), [p for e in s["worker_pids"] for p in e])


def case_unset_identical(tmp):
    """Without LOADERSCOPE_WATCH (or with 0) the .pth does nothing: the job's stdout and stderr are
    byte-identical to a run without the .pth, the probe is not even imported."""
    for value in (None, "0", ""):
        plain_w, pth_w = os.path.join(tmp, "plain"), os.path.join(tmp, "pth")
        for w in (plain_w, pth_w):
            shutil.rmtree(w, ignore_errors=True)
            os.makedirs(w)
        env = site_env(tmp)
        if value is not None:
            env["LOADERSCOPE_WATCH"] = value
        # Output paths that are the same in both runs: the job's own --out is relative. (Not a job
        # that raises: torch's traceback names one of two lines of _next_data, by timing.)
        cmd = [PYTHON, JOB, "--workers", "2", "--length", "32", "--out", "out.pt", "--exit-code", "3"]
        plain = run(cmd, site_env(tmp, with_pth=False), plain_w)
        with_pth = run(cmd, env, pth_w)
        check(plain.returncode == with_pth.returncode == 3,
              "exit status %d without the .pth, %d with it" % (plain.returncode, with_pth.returncode))
        check(plain.stdout == with_pth.stdout, "stdout differs (LOADERSCOPE_WATCH=%r)" % value)
        check(plain.stderr == with_pth.stderr, "stderr differs (LOADERSCOPE_WATCH=%r):\n%s\n---\n%s" %
              (value, plain.err[-1500:], with_pth.err[-1500:]))
        check(equal(strip_pids(batches(plain_w)["batches"]), strip_pids(batches(pth_w)["batches"])), "batches differ")
        probe = run([PYTHON, "-c", "import sys; print(sorted(m for m in sys.modules if m.startswith('loaderscope')))"],
                    env, tmp)
        check(probe.returncode == 0 and probe.out.strip() == "[]",
              "LOADERSCOPE_WATCH=%r: the .pth imported %s %s" % (value, probe.out, probe.err))
    # The .pth is processed in that site folder: with the variable set, the probe is imported.
    env = dict(site_env(tmp), LOADERSCOPE_WATCH="1")
    probe = run([PYTHON, "-c", "import sys; print('loaderscope._autowatch' in sys.modules)"], env, tmp)
    check(probe.out.strip() == "True", "with LOADERSCOPE_WATCH=1 the .pth did not start the probe: %s %s" %
          (probe.out, probe.err))


def case_helpers_unwatched(tmp):
    """The probe's own commands (`python3 -m loaderscope list`, `run`) are not watched by the .pth:
    no extra segment, no outputs in the folder; `run` keeps its own outputs."""
    out = os.path.join(tmp, "watch")
    env = dict(site_env(tmp), LOADERSCOPE_WATCH=out)
    r = run([PYTHON, "-m", "loaderscope", "list"], env, tmp)
    check(r.returncode == 0 and not segments(r.err), "list under LOADERSCOPE_WATCH: exit %d\n%s" % (r.returncode, r.err))
    work = os.path.join(tmp, "w")
    os.makedirs(work)
    summary = os.path.join(work, "run.json")
    r = run([PYTHON, "-m", "loaderscope", "run", "--summary", summary] + job_cmd(work)[1:], env, work)
    check(r.returncode == 0, "run under LOADERSCOPE_WATCH failed:\n" + r.err[-2000:])
    check(len(segments(r.err)) == 1, "run under LOADERSCOPE_WATCH: segment lines %r" % segments(r.err))
    check(os.path.isfile(summary), "run's own --summary was not written")
    check(not os.path.exists(out) or not os.listdir(out), "outputs in the LOADERSCOPE_WATCH folder: %r" %
          (os.listdir(out) if os.path.exists(out) else None))


def case_watch_dir_rank(tmp):
    """Issue 46, item 4: {rank}, {host} and {pid} in a LOADERSCOPE_WATCH folder are filled in as in
    file names (the folder is not made literally as "{rank}"), and a folder the probe cannot use
    disables it with the real error, never a NameError; the job runs either way."""
    work = os.path.join(tmp, "w")
    os.makedirs(work)
    env = site_env(tmp)
    env["LOADERSCOPE_WATCH"] = os.path.join(tmp, "watch", "{host}", "r{rank}")
    r = run(job_cmd(work), env, work)
    check(r.returncode == 0, "the job failed:\n" + r.err[-2000:])
    check("probe disabled" not in r.err, "the probe was disabled:\n" + r.err[-2000:])
    out = os.path.join(tmp, "watch", HOST, "r0")
    check(os.path.isdir(out), "no folder %s; made: %r" % (out, sorted(os.listdir(os.path.join(tmp, "watch")))))
    check(not os.path.exists(os.path.join(tmp, "watch", "{host}")), "a folder named {host} was made")
    s = load_summary(os.path.join(out, "summary.%s.rank0.json" % HOST))
    check(s["samples"] == 48 and s["exit_code"] == 0, "summary %r" % {k: s.get(k) for k in ("samples", "exit_code")})
    # A folder under a regular file cannot be made: the message names that error.
    blocker = os.path.join(tmp, "afile")
    open(blocker, "w").close()
    env["LOADERSCOPE_WATCH"] = os.path.join(blocker, "r{rank}")
    plain = run(job_cmd(work), dict(env, LOADERSCOPE_WATCH=""), work)
    r = run(job_cmd(work), env, work)
    check(r.returncode == plain.returncode == 0, "exit %d, unwatched %d:\n%s" % (r.returncode, plain.returncode, r.err[-2000:]))
    check("probe disabled" in r.err and "NameError" not in r.err, "the message:\n" + r.err[-2000:])
    check("NotADirectoryError" in r.err or "FileExistsError" in r.err, "the real error is not named:\n" + r.err[-2000:])


if __name__ == "__main__":
    sys.exit(main({"watch_1": case_watch_1, "watch_dir": case_watch_dir, "spawn_workers": case_spawn_workers,
                   "two_ranks_env": case_two_ranks_env, "unset_identical": case_unset_identical,
                   "helpers_unwatched": case_helpers_unwatched, "watch_dir_rank": case_watch_dir_rank}))
