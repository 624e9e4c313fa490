# SPDX-License-Identifier: MIT
"""SIGTERM, SIGHUP and SIGINT end the app as its Quit does (issue 47: settings were saved only on
a clean Quit, so `kill PID` or a closed terminal lost them). For each signal: the app starts with
--preset num_workers_4 in a settings folder of its own (offscreen), the test waits until the app
catches the signal (its SigCgt in /proc, not a sleep), sends it, and checks that the app ends with
status 0 within 30 s and that its saved settings hold the preset's configuration.

usage: test_quit_signal.py   (ctest sets LOADERSCOPE_APP)
"""

import glob
import os
import signal
import subprocess
import sys
import tempfile
import time

APP = os.environ["LOADERSCOPE_APP"]


def catches(pid, sig):
    """Whether the process has a handler for sig (its SigCgt mask in /proc/PID/status)."""
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("SigCgt:"):
                    return bool(int(line.split()[1], 16) & (1 << (sig - 1)))
    except OSError:
        return False
    return False


def wait_until(cond, timeout):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.02)  # polling a condition (the app's /proc entry), not waiting for time
    return cond()


def one(sig):
    with tempfile.TemporaryDirectory(prefix="lsquit-") as tmp:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=os.path.join(tmp, "config"),
                   XDG_RUNTIME_DIR=tmp, HOME=tmp)
        p = subprocess.Popen([APP, "--preset", "num_workers_4"], env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE)
        try:
            if not wait_until(lambda: catches(p.pid, sig) or p.poll() is not None, 30):
                return "the app never caught %s" % sig.name
            if p.poll() is not None:
                return "the app ended by itself (exit %d): %s" % (p.returncode, p.stderr.read().decode()[-500:])
            os.kill(p.pid, sig)
            try:
                rc = p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                return "the app did not end within 30 s of %s" % sig.name
        finally:
            if p.poll() is None:
                p.kill()
                p.wait()
            p.stderr.close()
        if rc != 0:
            return "exit status %d after %s" % (rc, sig.name)
        files = glob.glob(os.path.join(tmp, "config", "Loaderscope", "*.conf"))
        if not files:
            return "no settings saved after %s" % sig.name
        with open(files[0]) as f:
            text = f.read()
        if '\\"num_workers\\":4' not in text and '"num_workers":4' not in text:
            return "the saved configuration is not the preset's: %s" % text[:400]
    return None


def main():
    failures = []
    for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        why = one(sig)
        print("%-5s %s%s" % ("FAIL" if why else "ok", sig.name, ": " + why if why else ": settings saved, exit 0"))
        if why:
            failures.append(why)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
