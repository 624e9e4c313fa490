# SPDX-License-Identifier: MIT
"""No input is waited on or read without a bound (issue 46, items 2 and 3): every command that
reads a user's file gets /dev/zero, a FIFO that no process writes, and a 2 GB sparse file. Each
must end within 5 s with a clear message and its documented exit status (the engine: 2, or 3 for
`trace`; the app: 1, "a file could not be read", docs/config.md section 3), and hold at most 48 MB
of RSS beyond what the same command holds when it reads nothing (the FIFO with no writer): three
times the largest cap (a summary's 16 MiB). The bound is relative so that it means the same under
ASan, whose runtime alone holds about 50 MB more (the CI's sanitizer job), as in a plain build,
where every command also stays under 100 MB in all.
On 10cf0ca the FIFO hung every one of them in its open().

usage: test_inputs.py   (ctest sets LOADERSCOPE_ENGINE and, when the app is built, LOADERSCOPE_APP)
"""

import os
import subprocess
import sys
import tempfile
import threading
import time

ENGINE = os.environ["LOADERSCOPE_ENGINE"]
APP = os.environ.get("LOADERSCOPE_APP")
LIMIT_S = 5.0
LIMIT_GROWTH_KB = 48 * 1024


def run_bounded(cmd, env):
    """(exit status, seconds, max RSS in KB, stderr) of cmd, killed after 30 s."""
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    # stderr is read to its end (the child's exit closes it), then the child is reaped with its
    # resource usage; a timer kills one that hangs.
    killer = threading.Timer(30, p.kill)
    killer.start()
    try:
        err = p.stderr.read().decode("utf-8", "replace")
        _, status, usage = os.wait4(p.pid, 0)
    finally:
        killer.cancel()
        p.stderr.close()
    p.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait again
    return p.returncode, time.monotonic() - t0, usage.ru_maxrss, err


def main():
    failures = []
    with tempfile.TemporaryDirectory(prefix="lsinputs-") as tmp:
        fifo = os.path.join(tmp, "fifo")
        os.mkfifo(fifo, 0o600)
        sparse = os.path.join(tmp, "sparse")
        with open(sparse, "wb") as f:
            f.truncate(2 << 30)
        out = os.path.join(tmp, "out")
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=tmp)
        commands = [
            ("trace --recording", [ENGINE, "trace", "--recording", "{}", "--out", out + ".json"], (3,)),
            ("analyze --recording", [ENGINE, "analyze", "--recording", "{}"], (2, 3)),
            ("validate --config", [ENGINE, "validate", "--config", "{}"], (2,)),
            ("advise --summary", [ENGINE, "advise", "--preset", "copy_on_read_contiguous", "--summary", "{}"], (2, 3)),
        ]
        if APP:
            commands += [
                ("app --config", [APP, "--config", "{}", "--export", out + ".png"], (1,)),
                ("app --open-recording", [APP, "--open-recording", "{}", "--export", out + ".png"], (1,)),
                ("app --check-questions", [APP, "--check-questions", "{}"], (1,)),
            ]
        for name, template, statuses in commands:
            results = []
            for path in (fifo, "/dev/zero", sparse):  # the FIFO first: it reads nothing, the baseline
                cmd = [a.replace("{}", path) for a in template]
                results.append((path, run_bounded(cmd, env)))
            baseline = results[0][1][2]
            for path, (code, took, rss, err) in results:
                said = " ".join(err.split())[:200]
                ok = code in statuses and took < LIMIT_S and rss - baseline < LIMIT_GROWTH_KB and path in err
                print("%-5s %-22s %-14s exit %3d  %.2f s  %6d KB (%+6d)  %s" % (
                    "ok" if ok else "FAIL", name, os.path.basename(path), code, took, rss, rss - baseline, said))
                if not ok:
                    failures.append("%s %s" % (name, path))
    if failures:
        print("FAIL: %s" % "; ".join(failures))
        return 1
    print("PASS: %d commands x 3 hostile inputs" % len(commands))
    return 0


if __name__ == "__main__":
    sys.exit(main())
