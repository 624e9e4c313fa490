# SPDX-License-Identifier: MIT
"""The timing proxies: they stand in for a DataLoader fetcher's dataset, dataset iterator and
collate_fn inside the fetcher only (the user's objects, and get_worker_info().dataset, are
untouched), and hand each sample's and each collate's times to the thread's FetchRecorder
(_native.py): a sample's into its pending list (a C call per sample cost several microseconds
after the sample's own sleep), written with its batch. Every other attribute is the wrapped object's, so
`hasattr(dataset, "__getitems__")` answers as for the real dataset."""

from ._native import FetchRecorder, _collated, _fetched_many, _i64, now, sample_index


_index = sample_index


class TimedDataset:
    """The fetcher's dataset, each sample timed."""
    __slots__ = ("wrapped", "_rec")

    def __init__(self, dataset, recorder):
        if not isinstance(recorder, FetchRecorder):
            raise TypeError("TimedDataset needs a FetchRecorder")
        self.wrapped = dataset
        self._rec = recorder

    def __getitem__(self, index):
        rec = self._rec
        rec._tick -= 1
        if not rec._tick:
            return rec.measured_fetch(self.wrapped.__getitem__, index, _index(index))
        rec.fetch_index = index
        rec.fetch_t0 = t0 = now()
        r = self.wrapped[index]
        t1 = now()
        rec.pending.append((t0, t1, index if type(index) is int else -1))
        if t1 >= rec.flush_at:
            rec.flush()
        return r

    def __len__(self):
        return len(self.wrapped)

    def __getattr__(self, name):
        attr = getattr(self.wrapped, name)
        if name == "__getitems__" and attr:
            return _TimedGetItems(attr, self._rec)
        return attr

    def __repr__(self):
        return repr(self.wrapped)


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
        r = self.fn(indices)
        t1 = now()
        if rec.pending:  # samples fetched one by one before: theirs first
            rec.flush()
        try:
            idx = [_index(i) for i in indices]
        except TypeError:
            idx = []
        arr = (_i64 * len(idx))(*idx)
        _fetched_many(self._rec._p, t0, t1, arr, len(idx))
        return r


class TimedIterator:
    """The fetcher's dataset iterator, each sample timed (an iterable's samples carry no index)."""
    __slots__ = ("wrapped", "_rec")

    def __init__(self, iterator, recorder):
        if not isinstance(recorder, FetchRecorder):
            raise TypeError("TimedIterator needs a FetchRecorder")
        self.wrapped = iterator
        self._rec = recorder

    def __iter__(self):
        return self

    def __next__(self):
        rec = self._rec
        rec._tick -= 1
        if not rec._tick:
            return rec.measured_fetch(next, self.wrapped, -1)
        rec.fetch_index = -1
        rec.fetch_t0 = t0 = now()
        r = next(self.wrapped)  # StopIteration, or the dataset's own error, passes through
        t1 = now()
        rec.pending.append((t0, t1, -1))
        if t1 >= rec.flush_at:
            rec.flush()
        return r

    def __getattr__(self, name):
        return getattr(self.wrapped, name)

    def __repr__(self):
        return repr(self.wrapped)


class TimedCollate:
    """The fetcher's collate_fn, each call timed (arg0: the samples it collated)."""
    __slots__ = ("wrapped", "_rec", "_batched")

    def __init__(self, fn, recorder, batched):
        self.wrapped, self._rec, self._batched = fn, recorder, bool(batched)

    def __call__(self, data):
        rec = self._rec
        if rec.pending:  # the batch's samples, before its collate (and outside its span)
            rec.flush()
        t0 = now()
        r = self.wrapped(data)
        n = 1
        if self._batched:
            try:
                n = len(data)
            except TypeError:
                n = 1
        _collated(rec._p, t0, n)
        return r

    def __getattr__(self, name):
        return getattr(self.wrapped, name)
