# SPDX-License-Identifier: MIT
"""The probe's outputs follow the engine's output rule (docs/config.md, "Output paths"): a
character device, or a FIFO with a reader, is written in place and is still what it was afterwards;
a link of the user's own is resolved once (its regular target replaced, the link kept); a directory
is refused before the script runs. Nothing is left beside the target. Devices are made by mknod in
the test's temporary folder (root only; elsewhere that case is skipped), never in /dev.

Usage: python3 test_outputs.py CASE   (exit 77: skipped, with the reason)
"""

import json
import os
import stat
import subprocess
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probetest import JOB, PYTHON, Skip, check, main  # noqa: E402

OPTIONS = ("--summary", "--trace", "--events")


def run_probe(tmp, option, target):
    work = os.path.join(tmp, "job")
    os.makedirs(work, exist_ok=True)
    cmd = [PYTHON, "-m", "loaderscope", "run", option, target, JOB, "--workers", "2", "--length", "32",
           "--out", os.path.join(work, "out.pt")]
    return subprocess.run(cmd, cwd=work, capture_output=True, text=True, timeout=120)


def listing(path):
    return sorted(os.listdir(path))


def case_char_device(tmp):
    if os.geteuid() != 0:
        raise Skip("mknod needs root")
    dev = os.path.join(tmp, "null")
    os.mknod(dev, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    try:
        os.close(os.open(dev, os.O_WRONLY))
    except OSError:
        raise Skip("the temporary folder's file system does not allow devices (nodev)")
    for option in OPTIONS:
        r = run_probe(tmp, option, dev)
        check(r.returncode == 0, "%s %s: exit %d\n%s" % (option, dev, r.returncode, r.stderr[-2000:]))
        check(stat.S_ISCHR(os.lstat(dev).st_mode), "%s replaced the device node" % option)
        check(listing(tmp) == ["job", "null"], "%s left files beside the device: %r" % (option, listing(tmp)))


def case_fifo_reader(tmp):
    fifo = os.path.join(tmp, "pipe")
    for option in OPTIONS:
        os.mkfifo(fifo, 0o600)
        got = bytearray()
        # Opened (non-blocking) before the job starts, so the probe finds a reader.
        fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
        done = threading.Event()

        def drain():
            import select
            while True:
                select.select([fd], [], [], 0.05)
                try:
                    chunk = os.read(fd, 65536)
                except BlockingIOError:
                    chunk = b""
                if chunk:
                    got.extend(chunk)
                elif done.is_set():
                    return

        t = threading.Thread(target=drain)
        t.start()
        try:
            r = run_probe(tmp, option, fifo)
        finally:
            done.set()
            t.join()
            os.close(fd)
        check(r.returncode == 0, "%s FIFO: exit %d\n%s" % (option, r.returncode, r.stderr[-2000:]))
        check(stat.S_ISFIFO(os.lstat(fifo).st_mode), "%s replaced the FIFO" % option)
        check(len(got) > 0, "%s: nothing came through the FIFO" % option)
        if option == "--summary":
            check(json.loads(got.decode()).get("samples") == 32, "the summary through the FIFO is not whole")
        if option == "--trace":
            check(len(json.loads(got.decode())["traceEvents"]) > 10, "the trace through the FIFO is not whole")
        check(listing(tmp) == ["job", "pipe"], "%s left files beside the FIFO: %r" % (option, listing(tmp)))
        os.remove(fifo)


def case_own_link(tmp):
    for option in OPTIONS:
        target = os.path.join(tmp, "target" + option)
        link = os.path.join(tmp, "link" + option)
        with open(target, "w") as f:
            f.write("old")
        os.symlink(target, link)
        r = run_probe(tmp, option, link)
        check(r.returncode == 0, "%s link: exit %d\n%s" % (option, r.returncode, r.stderr[-2000:]))
        check(os.path.islink(link) and os.readlink(link) == target, "%s: the link was replaced" % option)
        check(os.path.getsize(target) > 3, "%s: the link's target was not written" % option)


def case_directory(tmp):
    for option in OPTIONS:
        d = os.path.join(tmp, "out" + option)
        os.mkdir(d)
        r = run_probe(tmp, option, d)
        check(r.returncode == 2, "%s directory: exit %d, expected 2\n%s" % (option, r.returncode, r.stderr[-2000:]))
        check("is a directory" in r.stderr, "%s directory: no clear message:\n%s" % (option, r.stderr[-2000:]))
        check(os.path.isdir(d) and not os.listdir(d), "%s: the directory was changed" % option)


if __name__ == "__main__":
    sys.exit(main({"char_device": case_char_device, "fifo_reader": case_fifo_reader,
                   "own_link": case_own_link, "directory": case_directory}))
