# SPDX-License-Identifier: MIT
"""The recording fuzzer (issue 46): mutated recordings given to every reader of one.

Seeds, made fresh in a temporary folder: an engine run's recording (`run --events`), a probe's
(`python3 -m loaderscope run --events` of tests/probe/job.py) and the same job's saved streams
(`stream`, plain and --zstd), when the probe and torch are there. Each case takes one seed (or two,
spliced) and applies one to four mutations: bit flips, bytes set to 0x00/0x7f/0x80/0xff, a 4- or
8-byte field set to 0 or a huge value, a cut (the 72-byte header alone included), a chunk
repeated, removed or moved, random bytes appended. Readers, each in its own process group with a
wall-clock limit:

  engine   loaderscope-engine analyze --recording F
  trace    loaderscope-engine trace --recording F --out T.json
  app      loaderscope --open-recording F --export P.png   (offscreen)

A reader passes a case when it ends within the limit with status 0 to 3, says why on stderr when
the status is not 0, prints no traceback or sanitizer report, and its peak RSS (wait4) stays
under the memory bound. Anything else is kept in --keep DIR with the reader's stderr.

usage: fuzz_recordings.py [--cases N] [--seed S] [--json OUT] [--keep DIR] [--limit-s S]
                          [--rss-mb MB]
  env: LOADERSCOPE_ENGINE, LOADERSCOPE_APP (optional), LOADERSCOPE_PROBE_PYTHONPATH (optional)
Prints the JSON report; exit status 1 when any case failed.
"""

import argparse
import json
import os
import random
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(os.path.dirname(HERE))
ENGINE = os.environ["LOADERSCOPE_ENGINE"]
APP = os.environ.get("LOADERSCOPE_APP", "")
PROBE_PATH = os.environ.get("LOADERSCOPE_PROBE_PYTHONPATH", "")
PYTHON = "/usr/bin/python3"  # Debian's, with torch
HEADER_BYTES = 72
BAD_WORDS = ("Traceback", "AddressSanitizer", "UndefinedBehaviorSanitizer", "runtime error:",
             "terminate called", "Segmentation fault", "core dumped")


# --- seeds ---------------------------------------------------------------------------------------

def make_seeds(work, log):
    seeds = {}
    rec = os.path.join(work, "engine.lsrec")
    cfg = os.path.join(work, "c.json")
    with open(cfg, "w") as f:
        json.dump({"dataset": {"length": 2048, "sample_bytes": 4096}, "loader": {"batch_size": 16, "num_workers": 2,
                   "pin_memory": True}, "device": {"backend": "sim"}}, f)
    subprocess.run([ENGINE, "run", "--config", cfg, "--events", rec, "--summary", os.path.join(work, "s.json")],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, timeout=120)
    seeds["engine.lsrec"] = open(rec, "rb").read()
    if not PROBE_PATH:
        log("no probe (LOADERSCOPE_PROBE_PYTHONPATH unset): engine seeds only")
        return seeds
    env = dict(os.environ, PYTHONPATH=PROBE_PATH)
    job = os.path.join(SOURCE, "tests", "probe", "job.py")
    probe_rec = os.path.join(work, "probe.lsrec")
    p = subprocess.Popen([PYTHON, "-m", "loaderscope", "run", "--events", probe_rec, job, "--workers", "2",
                          "--length", "256", "--epochs", "2", "--sleep-us", "3000", "--out", os.path.join(work, "b.pt")],
                         env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True)
    streams = []
    try:
        m = re.match(r"loaderscope: segment (\S+)", p.stderr.readline())
        if m:
            for name, extra in (("probe.stream", []), ("probe.stream.zst", ["--zstd"])):
                out = open(os.path.join(work, name), "wb")
                streams.append((name, out, subprocess.Popen([PYTHON, "-m", "loaderscope", "stream"] + extra + [m.group(1)],
                                                            env=env, stdout=out, stderr=subprocess.DEVNULL)))
        p.stderr.read()
        p.wait(timeout=300)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
        p.stderr.close()
        for name, out, s in streams:
            try:
                s.wait(timeout=60)
            except subprocess.TimeoutExpired:
                s.kill()
                s.wait()
            out.close()
    if p.returncode == 0 and os.path.exists(probe_rec):
        seeds["probe.lsrec"] = open(probe_rec, "rb").read()
    else:
        log("the probe job failed (status %s): no probe seeds" % p.returncode)
    for name, _, s in streams:
        data = open(os.path.join(work, name), "rb").read()
        if s.returncode == 0 and len(data) > HEADER_BYTES:
            seeds[name] = data
    return seeds


# --- mutations -----------------------------------------------------------------------------------

def mutate(rng, data, others):
    b = bytearray(data)
    kinds = []
    for _ in range(rng.randint(1, 4)):
        kind = rng.choice(["flip", "byte", "field", "cut", "repeat", "remove", "move", "append", "splice"])
        n = len(b)
        if n == 0:
            kind = "append"
        if kind == "flip":
            for _ in range(rng.randint(1, 16)):
                i = rng.randrange(n)
                b[i] ^= 1 << rng.randrange(8)
        elif kind == "byte":
            for _ in range(rng.randint(1, 8)):
                b[rng.randrange(n)] = rng.choice([0x00, 0x7F, 0x80, 0xFF])
        elif kind == "field":
            width = rng.choice([4, 8])
            # Fields near the start (the header, the first records) are the ones that size things.
            i = rng.randrange(0, max(1, min(n, 512) - width), width) if rng.random() < 0.6 else rng.randrange(max(1, n - width))
            value = rng.choice([0, 1, 0x7FFFFFFF, 0xFFFFFFFF, (1 << (8 * width)) - 1, (1 << (8 * width - 1)) - 1])
            b[i:i + width] = (value & ((1 << (8 * width)) - 1)).to_bytes(width, "little")
        elif kind == "cut":
            b = b[:HEADER_BYTES] if rng.random() < 0.1 else b[:rng.randrange(n)]
        elif kind == "repeat":
            i = rng.randrange(n)
            j = min(n, i + rng.randint(1, 4096))
            b[j:j] = b[i:j] * rng.randint(1, 8)
        elif kind == "remove":
            i = rng.randrange(n)
            del b[i:i + rng.randint(1, 4096)]
        elif kind == "move":
            i = rng.randrange(n)
            chunk = b[i:i + rng.randint(1, 4096)]
            del b[i:i + len(chunk)]
            k = rng.randrange(len(b) + 1)
            b[k:k] = chunk
        elif kind == "append":
            b += bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 4096)))
        elif kind == "splice":
            other = rng.choice(others)
            b = b[:rng.randrange(n + 1)] + other[rng.randrange(len(other) + 1):]
        kinds.append(kind)
    return bytes(b), kinds


# --- readers -------------------------------------------------------------------------------------

def run_reader(argv, env, limit_s):
    """(status or None on timeout, signal or 0, peak RSS in MiB, seconds, stderr tail)."""
    t0 = time.monotonic()
    with tempfile.TemporaryFile() as err:
        p = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err,
                             start_new_session=True)
        # Its exit, or the limit: a pidfd becomes readable when the process ends.
        pidfd = os.pidfd_open(p.pid)
        try:
            ended = select.select([pidfd], [], [], limit_s)[0]
        finally:
            os.close(pidfd)
        if not ended:
            os.killpg(p.pid, signal.SIGKILL)
        _, status, rusage = os.wait4(p.pid, 0)
        if not ended:
            status = None
        p.returncode = 0  # reaped above: keep Popen from waiting again
        seconds = time.monotonic() - t0
        try:
            os.killpg(p.pid, signal.SIGKILL)  # anything it left in its group
        except OSError:
            pass
        err.seek(0)
        text = err.read()[-4000:].decode("utf-8", "replace")
    rss = rusage.ru_maxrss / 1024.0 if rusage else 0.0
    if status is None:
        return None, 0, rss, seconds, text
    if os.WIFSIGNALED(status):
        return -1, os.WTERMSIG(status), rss, seconds, text
    return os.WEXITSTATUS(status), 0, rss, seconds, text


def readers(work):
    out = [("engine", lambda f: [ENGINE, "analyze", "--recording", f]),
           ("trace", lambda f: [ENGINE, "trace", "--recording", f, "--out", os.path.join(work, "t.json")])]
    if APP:
        # --no-model-sweep: a job's recording would have its model swept first (12 engine runs,
        # ~10 s): the readers are under test here, not the advice.
        out.append(("app", lambda f: [APP, "--open-recording", f, "--no-model-sweep", "--export", os.path.join(work, "p.png")]))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--json", default="")
    ap.add_argument("--keep", default="")
    ap.add_argument("--limit-s", type=float, default=30.0)
    ap.add_argument("--rss-mb", type=float, default=300.0)
    a = ap.parse_args()
    seed = a.seed if a.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    log = lambda s: sys.stderr.write("fuzz_recordings: %s\n" % s)
    work = tempfile.mkdtemp(prefix="lsfuzzrec-")
    try:
        runtime = os.path.join(work, "runtime")
        os.mkdir(runtime, 0o700)
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=runtime,
                   XDG_CONFIG_HOME=os.path.join(work, "config"), XDG_DATA_HOME=os.path.join(work, "data"),
                   HOME=work)
        seeds = make_seeds(work, log)
        names = sorted(seeds)
        log("seed %d, %d cases, seeds: %s" % (seed, a.cases, ", ".join("%s (%d B)" % (n, len(seeds[n])) for n in names)))
        # Each reader must read every seed as it is: a fuzzer whose seeds are refused tests only
        # the refusal.
        seed_status = {}
        for n in names:
            path = os.path.join(work, "seed-" + n)
            with open(path, "wb") as f:
                f.write(seeds[n])
            for name, argv in readers(work):
                rc, sig, _, _, err = run_reader(argv(path), env, a.limit_s)
                seed_status["%s %s" % (name, n)] = rc
                if rc != 0:
                    log("%s does not read the seed %s (status %s): %s" % (name, n, rc, err[-300:]))
                    return 1
        stats = {name: {"runs": 0, "crashes": 0, "hangs": 0, "silent_refusals": 0, "over_memory": 0,
                        "peak_rss_mb": 0.0, "worst_s": 0.0, "exit_codes": {}} for name, _ in readers(work)}
        failures = []
        t_start = time.monotonic()
        for case in range(a.cases):
            base = rng.choice(names)
            data, kinds = mutate(rng, seeds[base], [seeds[n] for n in names])
            ext = ".stream.zst" if base.endswith(".zst") else ".stream" if base.endswith(".stream") else ".lsrec"
            path = os.path.join(work, "case%s" % ext)
            with open(path, "wb") as f:
                f.write(data)
            for name, argv in readers(work):
                rc, sig, rss, secs, err = run_reader(argv(path), env, a.limit_s)
                s = stats[name]
                s["runs"] += 1
                s["peak_rss_mb"] = round(max(s["peak_rss_mb"], rss), 1)
                s["worst_s"] = round(max(s["worst_s"], secs), 2)
                key = "timeout" if rc is None else "signal %d" % sig if rc < 0 else str(rc)
                s["exit_codes"][key] = s["exit_codes"].get(key, 0) + 1
                why = None
                if rc is None:
                    s["hangs"] += 1
                    why = "no end within %g s" % a.limit_s
                elif rc < 0 or rc > 3 or any(w in err for w in BAD_WORDS):
                    s["crashes"] += 1
                    why = "status %s%s" % (key, ", " + next((w for w in BAD_WORDS if w in err), "") if err else "")
                elif rc != 0 and not err.strip():
                    s["silent_refusals"] += 1
                    why = "status %d with nothing on stderr" % rc
                elif rss > a.rss_mb:
                    s["over_memory"] += 1
                    why = "peak RSS %.0f MiB" % rss
                if why:
                    failures.append({"case": case, "reader": name, "seed_file": base, "mutations": kinds, "why": why,
                                     "stderr": err[-600:]})
                    if a.keep:
                        os.makedirs(a.keep, exist_ok=True)
                        keep = os.path.join(a.keep, "case%04d-%s%s" % (case, name, ext))
                        shutil.copyfile(path, keep)
                        with open(keep + ".stderr", "w") as f:
                            f.write(err)
            if (case + 1) % 50 == 0:
                log("%d/%d cases, %d failures, %.0f s" % (case + 1, a.cases, len(failures), time.monotonic() - t_start))
        report = {"cases": a.cases, "seed": seed, "seeds": {n: len(seeds[n]) for n in names},
                  "seeds_read": "every reader, status 0 on each",
                  "limit_s": a.limit_s, "rss_bound_mb": a.rss_mb, "seconds": round(time.monotonic() - t_start, 1),
                  "readers": stats, "failures": failures[:20], "failure_count": len(failures)}
        text = json.dumps(report, indent=1)
        print(text)
        if a.json:
            with open(a.json, "w") as f:
                f.write(text)
        return 1 if failures else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
