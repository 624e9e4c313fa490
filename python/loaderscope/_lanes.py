# SPDX-License-Identifier: MIT
"""Worker lanes of the segment: each event ring has one writer at a time, so the worker processes
alive at once (several loaders, a train and a val loader with persistent workers) get distinct
lanes. A loader gets lanes 0..n-1 whenever they are free, so with one loader at a time worker k is
always lane k, as in the engine."""

import threading
import weakref


class LaneAllocator:
    def __init__(self, lanes):
        # Iterators are built on any thread: two allocations interleaved (a thread switch between
        # two bytecodes) would give two worker processes one ring, which has one writer.
        # Reentrant: an iterator's __del__ (its shutdown releases lanes) may run inside allocate().
        self.lock = threading.RLock()
        self.owner = [None] * lanes        # weakref to the owning iterator context, or None
        self.generation = [0] * lanes      # worker processes started on each lane so far

    def _free(self, lane):
        ref = self.owner[lane]
        if ref is None:
            return True
        owner = ref()
        if owner is None or owner.workers_gone():
            self.owner[lane] = None
            return True
        return False

    def allocate(self, n, owner):
        """Lanes for n workers (None for a worker with no free lane) and their generations."""
        with self.lock:
            return self._allocate(n, owner)

    def _allocate(self, n, owner):
        free = [lane for lane in range(len(self.owner)) if self._free(lane)]
        if all(lane in free for lane in range(min(n, len(self.owner)))) and n <= len(self.owner):
            chosen = list(range(n))
        else:
            chosen = free[:n] + [None] * max(0, n - len(free))
        gens = []
        for lane in chosen:
            if lane is None:
                gens.append(0)
                continue
            self.owner[lane] = weakref.ref(owner)
            gens.append(self.generation[lane])
            self.generation[lane] += 1
        return chosen, gens

    def release(self, owner):
        with self.lock:
            self._release(owner)

    def _release(self, owner):
        for lane, ref in enumerate(self.owner):
            if ref is not None and ref() is owner:
                self.owner[lane] = None
