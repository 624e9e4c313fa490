# SPDX-License-Identifier: MIT
"""One bounded reader for the files the probe's commands read (summaries and model files for
`model` and `model --check`, `stream --all` captures for `demux`): opened with O_NONBLOCK, so a FIFO
with no writer cannot block the open; fstat before any read, so only a regular file is read (never
/dev/zero, a FIFO or a socket); and, where the whole file is read at once, a size cap checked before
the read, so a 2 GB file is refused, not loaded. Files read in pieces (demux) pass no cap."""

import os
import stat

SUMMARY_MAX_BYTES = 64 << 20  # a probe summary is a few hundred kilobytes


class InputError(ValueError):
    """The file cannot be read as an input: the message names it and says why."""


def open_input(path, max_bytes=None):
    """A binary file object on `path`, a regular file of at most `max_bytes` (None: any size).
    Raises InputError with the reason otherwise."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | getattr(os, "O_NOCTTY", 0))
    except OSError as e:
        raise InputError("cannot read %s: %s" % (path, e.strerror or e))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = ("a FIFO" if stat.S_ISFIFO(st.st_mode) else "a character device" if stat.S_ISCHR(st.st_mode)
                    else "a directory" if stat.S_ISDIR(st.st_mode) else "a socket" if stat.S_ISSOCK(st.st_mode)
                    else "not a regular file")
            raise InputError("cannot read %s: it is %s, not a regular file" % (path, kind))
        if max_bytes is not None and st.st_size > max_bytes:
            raise InputError("cannot read %s: %d bytes, more than the %d MiB such a file can be"
                             % (path, st.st_size, max_bytes >> 20))
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_input(path, max_bytes=SUMMARY_MAX_BYTES):
    """All of a small input file (at most `max_bytes`, re-checked while reading: a file that grows
    meanwhile is refused too)."""
    with open_input(path, max_bytes) as f:
        data = f.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise InputError("cannot read %s: more than the %d MiB such a file can be" % (path, max_bytes >> 20))
    return data
