# SPDX-License-Identifier: MIT
"""The timing proxies: they stand in for a DataLoader fetcher's dataset, dataset iterator and
collate_fn inside the fetcher only (the user's objects, and get_worker_info().dataset, are
untouched), and hand each sample's and each collate's times to the thread's FetchRecorder
(_recorder.py), which writes a batch's samples together. Every other attribute is the wrapped
object's, so `hasattr(dataset, "__getitems__")` answers as for the real dataset.

A sample is timed in C where the library could make its proxy types (_recorder.TIMED_TYPES: the
interpreter calls them with no Python frame of the probe's), else by the Python proxies below
(`PyTimedDataset`, `PyTimedIterator`): same events, a few microseconds more per sample."""

from ._native import _collated, _constants, _fetched_many, _i64, now, thread_cpu_ns
from ._recorder import TIMED_TYPES, FetchRecorder, _bind, _bind_collate, _flush, sample_index

# A collate proxy measures its own CPU on 1 call in this many (recorder.h's, for both kinds).
COLLATE_MEASURE_EVERY = _constants["COLLATE_MEASURE_EVERY"]

_index = sample_index


def _recorder(recorder, who):
    if not isinstance(recorder, FetchRecorder):
        raise TypeError(who + " needs a FetchRecorder")
    return recorder


class _Forward:
    """What both kinds of proxy share: the wrapped object's attributes, len and repr."""
    __slots__ = ()

    def __len__(self):
        return len(self.wrapped)

    def __getattr__(self, name):
        attr = getattr(self.wrapped, name)
        if name == "__getitems__" and attr:
            return _TimedGetItems(attr, self._rec)
        return attr

    def __repr__(self):
        return repr(self.wrapped)


class PyTimedDataset(_Forward):
    """The fetcher's dataset, each sample timed in Python."""
    __slots__ = ("wrapped", "_rec")

    def __init__(self, dataset, recorder):
        self._rec = _recorder(recorder, "TimedDataset")
        self.wrapped = dataset

    def __getitem__(self, index):
        rec = self._rec
        rec._tick -= 1
        if not rec._tick:
            return rec.measured_fetch(self.wrapped.__getitem__, index, _index(index))
        rec.fetch_index = index
        rec.fetch_t0 = t0 = now()
        try:
            r = self.wrapped[index]
        finally:
            rec.fetch_t0 = 0
        t1 = now()
        rec.pending.append((t0, t1, index if type(index) is int else -1))
        if t1 >= rec.flush_at:
            rec.flush_list()
        return r


class _TimedGetItems:
    """Dataset.__getitems__ fetches a whole batch in one call: timed as one span for its samples."""
    __slots__ = ("fn", "_rec")

    def __init__(self, fn, rec):
        self.fn, self._rec = fn, rec

    def __call__(self, indices):
        rec = self._rec
        try:
            rec.fetch_index = indices[0] if len(indices) == 1 else -1
        except Exception:  # not a sequence: the job's own affair, never the probe's error
            rec.fetch_index = -1
        rec.fetch_t0 = t0 = now()
        try:
            r = self.fn(indices)
        finally:
            rec.fetch_t0 = 0
        t1 = now()
        if rec.pending:  # samples fetched one by one before: theirs first (the library's own too)
            rec.flush_list()
        try:
            idx = [_index(i) for i in indices]
        except TypeError:
            idx = []
        arr = (_i64 * len(idx))(*idx)
        _fetched_many(self._rec._p, t0, t1, arr, len(idx))
        return r


class PyTimedIterator:
    """The fetcher's dataset iterator, each sample timed in Python (an iterable's samples carry no
    index)."""
    __slots__ = ("wrapped", "_rec")

    def __init__(self, iterator, recorder):
        self._rec = _recorder(recorder, "TimedIterator")
        self.wrapped = iterator

    def __iter__(self):
        return self

    def __next__(self):
        rec = self._rec
        rec._tick -= 1
        if not rec._tick:
            return rec.measured_fetch(next, self.wrapped, -1)
        rec.fetch_index = -1
        rec.fetch_t0 = t0 = now()
        try:
            r = next(self.wrapped)  # StopIteration, or the dataset's own error, passes through
        finally:
            rec.fetch_t0 = 0
        t1 = now()
        rec.pending.append((t0, t1, -1))
        if t1 >= rec.flush_at:
            rec.flush_list()
        return r

    def __getattr__(self, name):
        return getattr(self.wrapped, name)

    def __repr__(self):
        return repr(self.wrapped)


class PyTimedCollate:
    """The fetcher's collate_fn, each call timed in Python (arg0: the samples it collated), beside
    the Python sample proxies, whose samples wait in `FetchRecorder.pending` (written here before
    the collate's span). Its own CPU (a clock read and a library call) is measured on 1 call in
    COLLATE_MEASURE_EVERY and counted at that on the others: measuring each would cost as much
    again."""
    __slots__ = ("wrapped", "_rec", "_batched", "_tick", "_cost_ns")

    def __init__(self, fn, recorder, batched):
        self.wrapped, self._rec, self._batched = fn, recorder, bool(batched)
        self._tick = 1       # the first call measured
        self._cost_ns = 0

    def _samples(self, data):
        if self._batched:
            try:
                return len(data)
            except TypeError:
                pass
        return 1

    def __call__(self, data):
        rec = self._rec
        if rec.pending:  # the Python proxies' samples, before the collate (and outside its span);
            rec.flush_list()  # the library writes its own before the Collate span, after its end
        self._tick -= 1
        if self._tick > 0:
            t0 = now()
            r = self.wrapped(data)
            _collated(rec._p, t0, self._samples(data))
            rec.wrap_ns += self._cost_ns
            return r
        self._tick = COLLATE_MEASURE_EVERY
        _flush(rec._p)  # the samples first here: their write counts itself, outside what is measured
        c0 = thread_cpu_ns()
        t0 = now()
        c1 = thread_cpu_ns()
        r = self.wrapped(data)
        c2 = thread_cpu_ns()
        _collated(rec._p, t0, self._samples(data))
        c3 = thread_cpu_ns()
        read = thread_cpu_ns() - c3  # one read's own cost, in each interval once (as measured_fetch)
        self._cost_ns = max(0, (c1 - c0) + (c3 - c2) - 2 * read)
        rec.wrap_ns += self._cost_ns + 5 * read
        return r

    def __getattr__(self, name):
        return getattr(self.wrapped, name)


if TIMED_TYPES:
    class TimedDataset(_Forward, TIMED_TYPES[0]):
        """The fetcher's dataset, each sample timed in C (timed.cpp's mp_subscript)."""
        __slots__ = ("_rec",)

        def __init__(self, dataset, recorder):
            self._rec = _recorder(recorder, "TimedDataset")
            _bind(self, dataset, recorder)

        # The C type has no sequence slots: iter() and `in` ask the dataset itself (untimed: the
        # fetcher only indexes it).
        def __iter__(self):
            return iter(self.wrapped)

        def __contains__(self, item):
            return item in self.wrapped

    class CTimedCollate(TIMED_TYPES[2]):
        """The fetcher's collate_fn, each call timed in C (timed.cpp's tp_call), beside the C
        sample proxies: no sample of theirs waits in Python."""
        __slots__ = ("_rec",)

        def __init__(self, fn, recorder, batched):
            self._rec = _recorder(recorder, "TimedCollate")
            _bind_collate(self, fn, recorder, batched)

        def __getattr__(self, name):
            return getattr(self.wrapped, name)

        def __repr__(self):
            return repr(self.wrapped)

    class TimedIterator(TIMED_TYPES[1]):
        """The fetcher's dataset iterator, each sample timed in C (timed.cpp's tp_iternext)."""
        __slots__ = ("_rec",)

        def __init__(self, iterator, recorder):
            self._rec = _recorder(recorder, "TimedIterator")
            _bind(self, iterator, recorder)

        def __getattr__(self, name):
            return getattr(self.wrapped, name)

        def __repr__(self):
            return repr(self.wrapped)
else:
    TimedDataset, TimedIterator, CTimedCollate = PyTimedDataset, PyTimedIterator, None


def timed_collate(fn, recorder, batched, samples_proxy):
    """The proxy for a fetcher's collate_fn: the C one beside a C sample proxy (whose samples wait
    in the library), the Python one beside a Python proxy (whose samples wait in Python and are
    written before the collate's span) or none."""
    if CTimedCollate is not None and type(samples_proxy) in (TimedDataset, TimedIterator):
        return CTimedCollate(fn, recorder, batched)
    return PyTimedCollate(fn, recorder, batched)


def timed_iterator(iterator, recorder):
    """The proxy for a fetcher's dataset iterator: the C one for an object with __next__ (the only
    kind it can call), the Python one for anything else (whose next() then fails as torch's would)."""
    if TimedIterator is not PyTimedIterator and callable(getattr(type(iterator), "__next__", None)):
        return TimedIterator(iterator, recorder)
    return PyTimedIterator(iterator, recorder)
