# SPDX-License-Identifier: MIT
"""The probe's temporary files that a dead job left beside its outputs, removed by the next run.

While a job runs, its recording is written to ``..loaderscope-<pid>-<hex>.recording.XXXXXX`` in the
folder of its --events (or --trace) file (the engine's OutputFile temporary name for
``.loaderscope-<pid>-<hex>.recording``, which it becomes when closed, just before the probe renames
it to the --events path or removes it). A job killed by SIGKILL, or ending in os._exit, leaves that
file. A new session removes, in the folder it records into, only files that are surely such
leftovers:

* the name matches that pattern exactly;
* a regular file (lstat: a link is never followed, a FIFO or device never opened), owned by us;
* its pid is not a live process, or is a process that started after the file was last written
  (the pid was reused: the writer wrote until it died);
* and no process holds a lock on it: every session holds a shared flock on its live recording
  (lock()), which also covers a writer whose pid this process cannot see (another pid namespace
  writing into the same folder).
"""

import errno
import fcntl
import os
import re
import stat
import time

PATTERN = re.compile(r"^\.\.?loaderscope-(\d+)-[0-9a-f]+\.recording(?:\.[A-Za-z0-9]{6})?$")
# /proc's start times are in clock ticks: a process that started within this of the file's last
# write is taken as its writer (kept).
SLACK_S = 1.0


def _start_time(pid):
    """When a live process started (seconds, the epoch), or None when there is none (or a zombie)."""
    try:
        with open("/proc/%d/stat" % pid, "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
    except (OSError, IndexError):
        return None
    if fields[0] in (b"Z", b"X"):
        return None
    ticks = int(fields[19])  # field 22 of the file: start time in clock ticks since boot
    since = time.clock_gettime(time.CLOCK_BOOTTIME) - ticks / os.sysconf("SC_CLK_TCK")
    return time.time() - since


def _writer_gone(pid, mtime):
    start = _start_time(pid)
    return start is None or start > mtime + SLACK_S


def _unlocked(name, dir_fd, st):
    """Whether no process holds a lock on the file (opened without following a link, without
    blocking; it must still be the file lstat saw)."""
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=dir_fd)
    except OSError:
        return False
    try:
        now = os.fstat(fd)
        if not stat.S_ISREG(now.st_mode) or (now.st_dev, now.st_ino) != (st.st_dev, st.st_ino):
            return False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as e:
            if e.errno in (errno.EWOULDBLOCK, errno.EAGAIN):
                return False
            raise
        return True
    finally:
        os.close(fd)


def sweep(directory):
    """Removes the leftovers in `directory`. Returns their names. Never raises for a file it
    cannot read or remove (it is left)."""
    removed = []
    try:
        dir_fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        return removed
    try:
        me = os.geteuid()
        with os.scandir(dir_fd) as entries:
            names = [e.name for e in entries if PATTERN.match(e.name)]
        for name in names:
            try:
                st = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
                if not stat.S_ISREG(st.st_mode) or st.st_uid != me:
                    continue
                if not _writer_gone(int(PATTERN.match(name).group(1)), st.st_mtime):
                    continue
                if not _unlocked(name, dir_fd, st):
                    continue
                os.unlink(name, dir_fd=dir_fd)  # removes the name, never what a link points at
                removed.append(name)
            except OSError:
                continue
    finally:
        os.close(dir_fd)
    return removed


def lock(path):
    """Holds a shared lock on this session's live recording, so no other run's sweep removes it
    (released when the process ends, however it ends). Returns the descriptor, or None."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd
