# SPDX-License-Identifier: MIT
"""How much of /dev/shm the probe's segment may take.

A DataLoader's workers hand every batch to the main process through /dev/shm; a worker that finds
it full dies of SIGBUS ("DataLoader worker ... killed by signal: Bus error"). Docker's default
/dev/shm is 64 MB, and the probe's default segment (16 lanes of 32 Ki-record rings) is about
42 MiB: reserved before the script runs, it would take what the job needs. The probe never changes
the job, so its segment takes what /dev/shm can spare:

1. at most 1/SHARE (1/8) of the space /dev/shm has free when the session starts; the rest stays
   the job's;
2. the rings asked for (LOADERSCOPE_RING_BITS, default 32 Ki records) when that fits; else the
   largest power-of-two ring that fits, down to MIN_RING (1 Ki records), with per-sample spans
   recorded on 1 sample in (asked ring / chosen ring) at least, so the smaller ring fills no
   faster than the asked one would; one warning on stderr says so;
3. when not even MIN_RING fits (/dev/shm with less than about 16 MiB free), no segment at all: the
   probe disables itself with one warning and the job runs unwatched.

docs/config.md (section 4) says the same for users.
"""

import os

SHARE = 8
MIN_RING = 1 << 10
SHM_DIR = "/dev/shm"


class NoRoom(Exception):
    """/dev/shm cannot spare even the smallest segment (the message says how much it has)."""


def mib(n):
    return "%.1f MiB" % (n / float(1 << 20))


def free_bytes(path=SHM_DIR):
    """Bytes an unprivileged writer may still allocate in /dev/shm, or None if it cannot be read."""
    try:
        st = os.statvfs(path)
    except OSError:
        return None
    return st.f_bavail * st.f_frsize


def plan(lanes, ring, sample_every, segment_bytes, free):
    """The ring capacity and sample_every to use, and the warning to print (None when the asked
    rings fit). `segment_bytes(ring)`: what a segment with that ring takes. `free`: /dev/shm's free
    bytes, None when unknown (then the asked rings; creating the segment says if it fails).
    Raises NoRoom when not even MIN_RING fits."""
    if free is None:
        return ring, sample_every, None
    budget = free // SHARE
    asked = segment_bytes(ring)
    if asked <= budget:
        return ring, sample_every, None
    chosen = ring
    while chosen > MIN_RING and segment_bytes(chosen) > budget:
        chosen //= 2
    size = segment_bytes(chosen)
    if size > budget:
        raise NoRoom("/dev/shm has %s free and the probe takes at most 1/%d of it; its smallest segment "
                     "needs %s" % (mib(free), SHARE, mib(size)))
    every = max(sample_every, ring // chosen)
    note = ("/dev/shm has %s free: the probe's segment takes %s of it instead of %s (at most 1/%d of the free "
            "space, the rest is the job's): event rings of %d records instead of %d" %
            (mib(free), mib(size), mib(asked), SHARE, chosen, ring))
    if every != sample_every:
        note += ", per-sample spans on 1 sample in %d" % every
    return chosen, every, note
