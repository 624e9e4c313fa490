# SPDX-License-Identifier: MIT
"""Inside a DataLoader worker process: the worker's own event ring, written from its loop.

The main process makes an instrumented iterator start its workers with ``WorkerLoop`` as the
process target (a picklable stand-in for torch's ``_worker_loop``). In the worker it

* opens the worker's lane (the parent's mapping after fork; the segment by name after spawn),
* wraps the loop's index queue (a task arriving ends the idle time and starts the batch) and data
  queue (a result leaving ends the batch: its CPU and run-queue cost),
* wraps the fetcher the loop creates, so each sample and each collate is timed inside it,

then runs torch's own loop with everything else untouched: seeds, worker_init_fn, get_worker_info(),
exceptions and the order of results are torch's.
"""

import inspect
import os
import time

from . import _kinds as K
from . import _native
from . import _recorder
from . import _proxies
from . import _stacks
from ._state import STATE, fail, safe, warn_once


class WorkerContext:
    """What a worker needs to record (plain data: it travels in the pickled process target)."""

    __slots__ = ("segment", "lanes", "generations", "epoch", "sample_every", "stack_after")

    def __init__(self, segment, lanes, generations, epoch, sample_every, stack_after=0.0):
        self.segment = segment          # segment name
        self.lanes = list(lanes)        # lane per worker id, None where no ring was free
        self.generations = list(generations)
        self.epoch = epoch              # the loader's epoch when these workers start
        self.sample_every = sample_every
        self.stack_after = stack_after  # s a fetch runs before its stack is taken (0: never)

    def __getstate__(self):
        return {k: getattr(self, k) for k in self.__slots__}

    def __setstate__(self, state):
        for k in self.__slots__:
            setattr(self, k, state.get(k, 0.0))


class WorkerLoop:
    """The process target of an instrumented iterator's workers; calls torch's loop."""

    def __init__(self, original, name, ctx):
        self.original = original
        self.name = name
        self.ctx = ctx

    def __reduce__(self):
        # spawn pickles the target: rebuild it in the child around torch's own loop, by name.
        return (_restore_loop, (self.name, self.ctx))

    def __call__(self, *args, **kwargs):
        STATE.role = "worker"  # this process's main-process hooks stay pass-through
        original = self.original
        try:
            bound = inspect.signature(original).bind(*args, **kwargs)
            side = WorkerSide(self.ctx, bound.arguments)
            if side.recording:
                bound.arguments["index_queue"] = IndexQueue(bound.arguments["index_queue"], side)
                bound.arguments["data_queue"] = DataQueue(bound.arguments["data_queue"], side)
                args, kwargs = bound.args, bound.kwargs
        except Exception as e:
            fail(e)
            side = None
        try:
            return original(*args, **kwargs)
        finally:
            if side is not None and side.recording:
                safe(side.write_probe_cost)  # what the last tasks cost, as the worker leaves
                if side.watch is not None:
                    safe(side.watch.stop)


def _restore_loop(name, ctx):
    from torch.utils.data._utils import worker
    original = getattr(worker, name)
    while isinstance(original, WorkerLoop):
        original = original.original
    return WorkerLoop(original, name, ctx)


_opened = {}  # segment name -> handle, in a spawned worker


def segment_for(name):
    """The segment to write: the forked parent's mapping when there is one, else open it by name."""
    inherited = STATE.inherited
    if inherited is not None and inherited.name == name:
        return inherited.native.segment
    if name not in _opened:
        _opened[name] = _native.open_segment(name)
    return _opened[name]


def wrap_fetcher(fetcher, recorder):
    """Times a fetcher's samples and collate, in place. The fetcher is private to torch's loop (or
    to the single-process iterator): the user's dataset and collate_fn objects are not touched."""
    auto = bool(getattr(fetcher, "auto_collation", True))
    samples = None
    if hasattr(fetcher, "dataset_iter"):       # _IterableDatasetFetcher
        fetcher.dataset_iter = samples = _proxies.timed_iterator(fetcher.dataset_iter, recorder)
    elif hasattr(fetcher, "dataset"):          # _MapDatasetFetcher
        fetcher.dataset = samples = _proxies.TimedDataset(fetcher.dataset, recorder)
    else:
        warn_once("fetcher", "unknown fetcher %s: samples are not timed" % type(fetcher).__name__)
    if hasattr(fetcher, "collate_fn"):
        fetcher.collate_fn = _proxies.timed_collate(fetcher.collate_fn, recorder, auto, samples)
    return fetcher


class WorkerSide:
    """One worker's recording state (owned by the worker process's main thread)."""

    def __init__(self, ctx, arguments):
        wid = arguments["worker_id"]
        lane = ctx.lanes[wid] if 0 <= wid < len(ctx.lanes) else None
        self.recording = lane is not None
        if not self.recording:
            return
        segment = segment_for(ctx.segment)
        segment.claim_worker(lane)  # the main process's memory sampler reads this process
        self.writer = _native.Writer(segment, lane)
        self.recorder = _recorder.FetchRecorder(self.writer, ctx.sample_every)
        self.pid = os.getpid()
        self.generation = ctx.generations[wid]
        self.t_start = _native.now()
        self.init_recorded = False
        # Each task's events and costs (WaitTask, BatchCost, PassCost, the probe's CPU in them)
        # are the library's, one call as a task arrives and one as its result leaves
        # (worker_tally.h): as Python lines they cost the worker some 60 us a batch, cold.
        self.tally = _native.WorkerTally(self.recorder, self.writer, ctx.epoch)
        self._tally_p = self.tally._p
        self.probe_samples_mark = 0
        self.writer.instant(K.WORKER_START, self.t_start, -1, self.pid, self.generation)
        # What this worker's loop is doing, when asked or when a fetch runs long (_stacks.py).
        self.watch = None
        if _stacks.enabled():
            self.watch = _stacks.StackWatch(segment, self.writer, ctx.stack_after, recorder_of=lambda: self.recorder)
        from torch.utils.data._utils import worker
        self.resume_type = worker._ResumeIteration
        # What an iterable dataset's worker sends for the task after its last sample: no batch.
        self.end_type = getattr(worker, "_IterableDatasetStopIteration", ())
        self._patch_create_fetcher()

    def _patch_create_fetcher(self):
        # This process serves one iterator: patching the class here touches no other loader.
        from torch.utils.data.dataloader import _DatasetKind
        original = _DatasetKind.create_fetcher
        side = self

        def create_fetcher(*args, **kwargs):
            fetcher = original(*args, **kwargs)
            safe(side.on_fetcher, fetcher)
            return fetcher

        _DatasetKind.create_fetcher = staticmethod(create_fetcher)

    def on_fetcher(self, fetcher):
        wrap_fetcher(fetcher, self.recorder)
        now = _native.now()
        if not self.init_recorded:  # worker_init_fn and the first fetcher: the worker's start-up
            self.init_recorded = True
            self.writer.span(K.WORKER_INIT, self.t_start, now, -1, self.pid, self.generation)
            # Its CPU since the process began (a forked child's clock starts at the fork: the
            # copied pages, torch's worker set-up, worker_init_fn) and this thread's core waits.
            self.writer.instant(K.WORKER_INIT_COST, now, -1, time.process_time_ns(), _native.run_delay_ns())
        self.tally.idle_from(now)

    def on_task(self, r):
        if isinstance(r, tuple) and len(r) == 2 and isinstance(r[0], int):
            if _native._worker_task(self._tally_p, r[0]):  # a ProbeCost is due
                self.write_probe_cost()
        elif isinstance(r, self.resume_type):
            self.tally.next_epoch()  # persistent workers: a new epoch of the same iterator

    def write_probe_cost(self):
        """The probe's CPU on this thread since the last ProbeCost (the task hooks' and the sample
        wrappers'), with the samples it covers."""
        seen = self.recorder.samples_seen
        ns = self.tally.take_own_ns() + self.recorder.take_wrap_ns()
        if ns > 0:
            self.writer.instant(K.PROBE_COST, _native.now(), -1, ns, max(0, seen - self.probe_samples_mark))
        self.probe_samples_mark = seen

    def on_result(self, r):
        if isinstance(r, tuple) and len(r) == 2 and isinstance(r[0], int):
            _native._worker_result(self._tally_p, 0 if isinstance(r[1], self.end_type) else 1)


class IndexQueue:
    """The worker's index queue, seen by the probe: get() is torch's, then the task is noted."""

    __slots__ = ("_q", "_side")

    def __init__(self, q, side):
        self._q = q
        self._side = side

    def get(self, *args, **kwargs):
        r = self._q.get(*args, **kwargs)  # queue.Empty and every other outcome pass through
        safe(self._side.on_task, r)
        return r

    def __getattr__(self, name):
        return getattr(self._q, name)


class DataQueue:
    """The worker's result queue: the batch's cost is recorded, then torch's put() runs."""

    __slots__ = ("_q", "_side")

    def __init__(self, q, side):
        self._q = q
        self._side = side

    def put(self, obj, *args, **kwargs):
        safe(self._side.on_result, obj)
        return self._q.put(obj, *args, **kwargs)

    def __getattr__(self, name):
        return getattr(self._q, name)
