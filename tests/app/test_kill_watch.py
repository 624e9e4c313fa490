# SPDX-License-Identifier: MIT
"""The app SIGKILLed while it watches a script (issue 46): the job ends with the app (its
PR_SET_PDEATHSIG), yet keeps what it recorded, and leaves nothing in /dev/shm.

Seen before: the dying app's threads each sent the job its parent-death SIGTERM; the second one
re-entered the probe's SIGTERM handler while it wrote the outputs, and its kill ended the job
half-way: no events.lsrec in the history entry (only the recording's temporary name) and the
segment left in /dev/shm until the next run.

The app starts offscreen with `--watch examples/train_loader.py` (a job far longer than the test),
in folders of its own. Once the job's recording holds events, the app is SIGKILLed. Then, each
waited for with a timeout: the job is gone, its segment is gone, and the history entry holds
events.lsrec, which the engine reads as a whole recording with batches, and no temporary file.

usage: test_kill_watch.py   (ctest sets LOADERSCOPE_APP, LOADERSCOPE_ENGINE, LOADERSCOPE_SOURCE)
"""

import glob
import json
import os
import re
import select
import signal
import subprocess
import sys
import tempfile
import time

APP = os.environ["LOADERSCOPE_APP"]
ENGINE = os.environ["LOADERSCOPE_ENGINE"]
SCRIPT = os.path.join(os.environ["LOADERSCOPE_SOURCE"], "examples", "train_loader.py")


def wait_for(cond, timeout, what):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        v = cond()
        if v:
            return v
        time.sleep(0.05)
    raise AssertionError("timed out after %d s waiting for %s" % (timeout, what))


def gone(pid):
    """True once pid is no process, or a zombie (its parent is gone: init reaps it)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def wait_exit(pid, timeout, what):
    """Waits for pid's end on a pidfd (readable once the process has ended, zombie or reaped)."""
    try:
        fd = os.pidfd_open(pid)
    except ProcessLookupError:
        return
    try:
        if not select.select([fd], [], [], timeout)[0]:
            raise AssertionError("timed out after %d s waiting for %s" % (timeout, what))
    finally:
        os.close(fd)


def children(pid):
    out = []
    for d in glob.glob("/proc/[0-9]*/stat"):
        try:
            with open(d) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(d.split("/")[2]))
    return out


def main():
    with tempfile.TemporaryDirectory(prefix="lskill-") as tmp:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=os.path.join(tmp, "config"),
                   XDG_DATA_HOME=os.path.join(tmp, "data"), XDG_RUNTIME_DIR=tmp, HOME=tmp,
                   LOADERSCOPE_PYTHON=os.environ.get("LOADERSCOPE_PYTHON", "/usr/bin/python3"))
        app = subprocess.Popen([APP, "--watch", SCRIPT, "--", "--samples", "10000000", "--epochs", "1"],
                               env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
        job = None
        try:
            history = os.path.join(tmp, "data", "Loaderscope", "loaderscope", "history")

            def recording_with_events():
                for path in glob.glob(os.path.join(history, "*", "..loaderscope-*.recording.*")):
                    try:
                        if os.path.getsize(path) > 64 * 1024:  # some batches in it
                            return path
                    except OSError:
                        pass
                return None

            live = wait_for(recording_with_events, 120, "the watched job's recording to hold events")
            job = int(re.match(r"\.\.loaderscope-(\d+)-", os.path.basename(live)).group(1))
            if job not in children(app.pid):
                raise AssertionError("the recording's pid %d is not the app's child" % job)
            segments = [n for n in os.listdir("/dev/shm") if n.startswith("loaderscope-%d-" % job)]
            if not segments:
                raise AssertionError("the job has no segment in /dev/shm")
            os.kill(app.pid, signal.SIGKILL)
            app.wait(timeout=30)
            wait_exit(job, 60, "the job to end with the app")
            wait_for(lambda: not any(os.path.exists("/dev/shm/" + n) for n in segments), 10,
                     "the job's segment to leave /dev/shm")
            entry = os.path.dirname(live)
            left = sorted(os.listdir(entry))
            if "events.lsrec" not in left:
                raise AssertionError("no events.lsrec in the history entry: %r" % left)
            temps = [n for n in left if ".recording." in n]
            if temps:
                raise AssertionError("the recording's temporary file is still there: %r" % temps)
            out = subprocess.run([ENGINE, "analyze", "--recording", os.path.join(entry, "events.lsrec")],
                                 capture_output=True, text=True, timeout=60)
            if out.returncode != 0:
                raise AssertionError("the engine cannot read events.lsrec: %s" % out.stderr[-400:])
            rank = json.loads(out.stdout)["ranks"][0]
            if rank.get("truncated") or not rank.get("batches"):
                raise AssertionError("events.lsrec is cut or empty: %r" % rank)
            print("ok: the job ended with the app; events.lsrec whole (%d batches), /dev/shm clean" % rank["batches"])
            return 0
        finally:
            if app.poll() is None:
                os.killpg(app.pid, signal.SIGKILL)
                app.wait()
            if job is not None and not gone(job):
                try:
                    os.kill(job, signal.SIGKILL)
                except OSError:
                    pass
                wait_exit(job, 30, "the job to end")


if __name__ == "__main__":
    try:
        sys.exit(main())
    except AssertionError as e:
        print("FAIL: %s" % e)
        sys.exit(1)
