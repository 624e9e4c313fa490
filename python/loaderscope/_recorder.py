# SPDX-License-Identifier: MIT
"""A thread's fetch recorder (python/src/recorder.h) and the C timing proxies' types (timed.cpp).

Each sample's (t0, t1, index) waits until its batch's collate or end, or at most FLUSH_NS, and is
then written with the batch's others in one go. Where the C types could be made (a CPython with a
GIL and the stable ABI's object header: every supported one), a fetcher's `dataset[index]` and
`next(iterator)` are timed in C and the times wait in the recorder; elsewhere the Python proxies
(_proxies.py) time them and the times wait in `FetchRecorder.pending`, a Python list."""

import ctypes
import itertools
import struct
import sysconfig

from . import _native
from ._native import _Owned, _constants, _hot, _lib, _take_ptr, _declare, now, thread_cpu_ns
from ._native import _i64, _int, _u32, _u64, _vp

# One definition each, recorder.h's (read from the library).
WRAP_EVERY = _constants["WRAP_EVERY"]
FLUSH_NS = _constants["FLUSH_NS"]
FLUSH_SAMPLES = _constants["FLUSH_SAMPLES"]

_flush = _declare(_hot, "lsp_recorder_flush", None, _vp)
_flush_late = _declare(_hot, "lsp_recorder_flush_late", None, _vp)
_pending = _declare(_hot, "lsp_recorder_pending", _u64, _vp)
_fetch_now = _declare(_hot, "lsp_recorder_fetch_now", _u64, _vp, ctypes.POINTER(_i64))
_take_wrap = _declare(_hot, "lsp_recorder_take_wrap_ns", _u64, _vp)
_samples_seen = _declare(_hot, "lsp_recorder_samples_seen", _u64, _vp)
_every = _declare(_hot, "lsp_recorder_every", _u32, _vp)
_batch = _declare(_hot, "lsp_recorder_batch", _i64, _vp)


def sample_index(i):
    """A sample's index as the Fetch span carries it: an int64, or -1 (none, or not an int)."""
    if type(i) is int and -(1 << 63) <= i < (1 << 63):
        return i
    return -1


def _make_timed_types():
    """The three C proxy types (timed.cpp: a dataset's, an iterator's, a collate_fn's), made
    through CPython's own functions handed over by address, or None where this Python cannot have
    them: no GIL, or an object header other than the stable ABI's (a Py_TRACE_REFS debug build).
    The Python proxies serve there."""
    if sysconfig.get_config_var("Py_GIL_DISABLED") or object.__basicsize__ != 2 * ctypes.sizeof(_vp):
        return None
    try:
        api = ctypes.pythonapi
        names = ("PyType_FromSpec", "PyObject_GetItem", "PyIter_Next", "Py_IncRef", "Py_DecRef", "PyType_GetSlot",
                 "PyObject_GC_UnTrack", "PyErr_SetString", "PyErr_Occurred", "PyErr_Clear", "PyLong_AsLongLong",
                 "PyObject_Call", "PyObject_Size", "PyTuple_GetItem")
        addresses = [ctypes.cast(getattr(api, n), _vp).value for n in names]
        addresses += [_vp.in_dll(api, "PyExc_RuntimeError").value, id(int)]
        table = (_vp * len(addresses))(*addresses)
        types = (_vp * 3)()
        make = _declare(_hot, "lsp_timed_types", _int, ctypes.POINTER(_vp), _int, ctypes.POINTER(_vp))
        if make(table, len(addresses), types) != 1:
            return None
        # New references, kept for the process's life: these are the objects themselves.
        return tuple(ctypes.cast(p, ctypes.py_object).value for p in types)
    except Exception:  # anything at all: the Python proxies time the samples instead
        return None


TIMED_TYPES = _make_timed_types()
_bind_c = _declare(_hot, "lsp_timed_bind", _int, ctypes.py_object, ctypes.py_object, _vp)
_bind_collate_c = _declare(_hot, "lsp_timed_bind_collate", _int, ctypes.py_object, ctypes.py_object, _vp, _int)


def _bind(proxy, wrapped, recorder):
    """Binds a C proxy to what it times and to its recorder, once (a second bind would pull them
    from under a fetch of another thread)."""
    if _bind_c(proxy, wrapped, recorder._p) != 1:
        raise RuntimeError("loaderscope: a timing proxy is bound once")


def _bind_collate(proxy, fn, recorder, batched):
    """_bind for a C collate proxy; `batched`: its samples are len(data)."""
    if _bind_collate_c(proxy, fn, recorder._p, 1 if batched else 0) != 1:
        raise RuntimeError("loaderscope: a timing proxy is bound once")


class FetchRecorder(_Owned):
    """Times one thread's fetching (recorder.h): samples, collates and each batch's cost. The
    samples the Python proxies time wait in `pending`, those of the C proxies in the library;
    flush() writes both, and the batch's collate and end write them too. Also keeps the probe's own
    CPU in the timing wrappers (wrap_ns here, and the library's for its own: the wrapper estimated
    from 1 sample in WRAP_EVERY, each write measured), which the thread's ProbeCost events carry."""
    __slots__ = ("_writer", "_tick", "wrap_ns", "fetch_t0", "fetch_index", "pending", "flush_at", "_index_out")
    _free = _lib.lsp_recorder_free

    def __init__(self, writer, every=1):
        super().__init__(_take_ptr(_lib.lsp_recorder_new(writer._p, int(every)), "no recorder"))
        self._writer = writer
        self._tick = WRAP_EVERY
        self.wrap_ns = 0
        # The Python proxies' fetch in progress: its start (ns; 0 when none) and sample, stored as
        # it begins and cleared as it ends; the stack watch (_stacks.py) reads them through
        # fetch_now() (the C proxies keep theirs in the library).
        self.fetch_t0 = 0
        self.fetch_index = -1
        # (t0 ns, t1 ns, index: an int, -1 when not one) of the Python proxies' samples not yet
        # written; owned by the thread that fetches (the stack watch empties it only in C).
        self.pending = []
        self.flush_at = 0
        self._index_out = _i64()

    def take_wrap_ns(self):
        taken, self.wrap_ns = self.wrap_ns, 0
        return taken + _take_wrap(self._p)

    def flush(self):
        """Writes every sample waiting, the Python proxies' and the C proxies'."""
        if self.pending:
            self.flush_list()
        _flush(self._p)

    def flush_list(self):
        """Writes the Python proxies' samples: one C call that reads the list itself and empties it
        (packed here where this Python gave no function table). Its CPU is the probe's."""
        c0 = thread_cpu_ns()
        if self.pending and not (_native._TUPLES and _native._fetched_tuples(self._p, self.pending) >= 0):
            pending, self.pending = self.pending, []
            n = len(pending)
            try:  # packed in C (a ctypes array built item by item cost 8 us a batch of 32)
                data = struct.pack("<%dq" % (3 * n), *itertools.chain.from_iterable(pending))
            except struct.error:  # an int index beyond int64: -1, as for any other non-index
                data = struct.pack("<%dq" % (3 * n), *itertools.chain.from_iterable(
                    (t0, t1, sample_index(i)) for t0, t1, i in pending))
            _native._fetched_list(self._p, data, n)
        c1 = thread_cpu_ns()
        self.flush_at = now() + FLUSH_NS
        self.wrap_ns += c1 - c0

    def flush_late(self):
        """From the stack watch's thread: the samples waiting before a fetch that has not ended for
        FLUSH_NS (a slow or stuck one), so that they are seen now. Only through C calls, which
        read and empty what waits with the GIL held; the packing path is the fetching thread's."""
        _flush_late(self._p)
        if _native._TUPLES and self.pending and now() >= self.flush_at:
            _native._fetched_tuples(self._p, self.pending)

    def fetch_now(self):
        """(t0 ns, sample index or -1) of the fetch in progress on the recorder's thread, or None:
        the stack watch's, read with the GIL held (never a frame's locals)."""
        t0 = _fetch_now(self._p, ctypes.byref(self._index_out))
        if t0:
            return t0, self._index_out.value
        t0 = self.fetch_t0
        return (t0, sample_index(self.fetch_index)) if t0 else None

    def measured_fetch(self, fetch, arg, index):
        """(The Python proxies') one sample fetched with the wrapper's own CPU measured: the clock
        reads and the append. Each of the two measured intervals also holds one clock read's own
        cost (the end of one read, the start of the next: 0.9 us warm, 1.7 us right after a
        sleep, measured), which the other 63 samples never pay: an empty interval read at the end
        is taken out of each, and the five reads are counted once. What stays overstated: a
        read's cold part beyond warm."""
        self._tick = WRAP_EVERY
        c0 = thread_cpu_ns()
        self.fetch_index = index
        self.fetch_t0 = t0 = now()
        c1 = thread_cpu_ns()
        try:
            r = fetch(arg)
        finally:
            self.fetch_t0 = 0
        c2 = thread_cpu_ns()
        t1 = now()
        self.pending.append((t0, t1, index if type(index) is int else -1))
        c3 = thread_cpu_ns()
        read = thread_cpu_ns() - c3
        self.wrap_ns += max(0, (c1 - c0) + (c3 - c2) - 2 * read) * WRAP_EVERY + 5 * read
        if t1 >= self.flush_at or len(self.pending) >= FLUSH_SAMPLES:
            self.flush_list()
        return r

    def begin_batch(self, key):
        _native._begin_batch(self._p, key, None)

    def end_batch(self, delivered=True):
        """Ends the task (its samples written first, by the library for its own)."""
        if self.pending:
            self.flush_list()
        return _native._end_batch(self._p, 1 if delivered else 0, None)

    @property
    def batch(self):
        """The batch key of the current task (-1: none yet): the stack watch's, read with the GIL."""
        return _batch(self._p)

    @property
    def pending_count(self):
        """Samples fetched and not yet written, in Python and in the library."""
        return len(self.pending) + _pending(self._p)

    @property
    def samples_seen(self):
        """Samples this thread fetched, those still waiting included."""
        return _samples_seen(self._p) + len(self.pending)

    @property
    def every(self):
        return _every(self._p)
