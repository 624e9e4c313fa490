# SPDX-License-Identifier: MIT
"""SIGTERM, SIGHUP and SIGINT end the app as its Quit does (issue 47: settings were saved only on
a clean Quit, so `kill PID` or a closed terminal lost them). For each signal: the app starts with
--preset num_workers_4 in a settings folder of its own (offscreen) with the signal blocked, and
the signal is sent at once: it stays pending until the app handles it (QuitSignals unblocks it
once its handler is in place), so nothing waits for the app to be ready. The app must end with
status 0 within 30 s, its saved settings holding the preset's configuration.

usage: test_quit_signal.py   (ctest sets LOADERSCOPE_APP)
"""

import glob
import os
import signal
import subprocess
import sys
import tempfile

APP = os.environ["LOADERSCOPE_APP"]


def one(sig):
    with tempfile.TemporaryDirectory(prefix="lsquit-") as tmp:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=os.path.join(tmp, "config"),
                   XDG_RUNTIME_DIR=tmp, HOME=tmp)
        p = subprocess.Popen([APP, "--preset", "num_workers_4"], env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE,
                             preexec_fn=lambda: signal.pthread_sigmask(signal.SIG_BLOCK, {sig}))
        try:
            os.kill(p.pid, sig)  # pending until the app's handler takes it
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
