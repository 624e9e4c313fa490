# SPDX-License-Identifier: MIT
"""What the main process records for one watched iterator (owned by the thread that iterates it).

Events, in the engine's kinds (engine/include/loaderscope/base/events.h), on the main lane unless said:

* EpochBegin / EpochEnd (arg0 = epoch), StartWorkers (arg0 = workers) when workers start;
* WaitData per next() (batch = batchKey(epoch, task), arg0 = worker, arg1 = samples), then Deliver
  (arg0 = worker, arg1 = delivery index); Step for the time between two next() calls, with its
  StepCost (the main thread's CPU and run-queue wait) and ThreadsCost (the CPU of the process's
  other threads from one next() to the next, less the probe's own threads);
* HeadOfLine while next() waited for the head batch with later ones already in the reorder buffer
  (arg0 = later batches ready when the head arrived);
* QueueDepth after each delivery (arg0 = ready: reorder buffer + result queue, arg1 = tasks
  outstanding), from the iterator's own state;
* Error (arg0 = worker or -1, arg1 = pid) on the failing worker's lane, WorkerExit (arg0 = pid,
  arg1 = wait status) when torch reaps a worker, Shutdown;
* PinCopy on the pin lane from the pin-memory thread (arg0 = bytes);
* HandOverWait after a next() that received a worker's batch (arg0 = ns this thread spent fetching
  its tensors' file descriptors from the worker, arg1 = descriptors; see add_handover), then
  HandOverCost (arg0 = this thread's CPU ns inside those, arg1 = descriptors);
* with num_workers=0 the main process fetches: Fetch, Collate and BatchCost on the main lane.
"""

import threading

from . import _kinds as K
from . import _native
from . import _recorder
from . import _session
from . import _stacks
from . import _targets
from ._batch import sample_count, tensor_bytes
from ._native import _LANE_DEFAULT as _LANE_OWN, batch_key
from ._state import STATE, fail, raised_by_signal_handler, safe, warn_once
from ._worker import WorkerContext, WorkerLoop, wrap_fetcher

# next() calls between two ProbeCost events of the loop's thread.
PROBE_COST_NEXTS = 32

# on_arrival and on_deliver have their own CPU measured on 1 call in this many (IterCtx._small_begin).
SMALL_MEASURE_EVERY = 8

# Batches whose tensor bytes are measured: the first ones, then one in BYTES_EVERY.
BYTES_FIRST = 32
BYTES_EVERY = 64


# Per thread: (ns, CPU ns, calls) spent in multiprocessing's DupFd.detach since the thread last took them
# (_mainhooks wraps detach; the loop's thread takes its own at the end of each next(), so a pin
# thread's fetches are never counted as the loop's).
_handover = threading.local()


def add_handover(ns, cpu_ns):
    """Called by the DupFd.detach wrapper on the thread that fetched a descriptor: its wall time
    and this thread's CPU in it (the connection and handshake with the worker's thread, about half
    of an idle worker's hand-over)."""
    _handover.ns = getattr(_handover, "ns", 0) + ns
    _handover.cpu_ns = getattr(_handover, "cpu_ns", 0) + max(0, cpu_ns)
    _handover.calls = getattr(_handover, "calls", 0) + 1


def take_handover():
    """This thread's (ns, CPU ns, calls) in DupFd.detach since the last take, and resets them."""
    taken = getattr(_handover, "ns", 0), getattr(_handover, "cpu_ns", 0), getattr(_handover, "calls", 0)
    _handover.ns = _handover.cpu_ns = _handover.calls = 0
    return taken


def _wait_status(exitcode):
    """multiprocessing's exitcode (negative: killed by that signal) as a raw waitpid status."""
    if exitcode is None:
        return -1
    return (-exitcode) & 0x7F if exitcode < 0 else (exitcode & 0xFF) << 8


# How long on_error waits for a worker's exit after a reset connection (seconds).
EXIT_WAIT_S = 1.0


def _await_an_exit(workers):
    """Waits (at most EXIT_WAIT_S) until one of the workers has exited.

    A worker killed while the main process receives a batch from it resets the connection that
    hands over the batch's file descriptor; torch re-raises that reset when it finds no worker
    dead yet (the exit is not reaped at that instant). The process is on its way out, so the wait
    ends on its sentinel, seldom later than a few ms, and the Error lands on its lane.

    Returns the exception torch's SIGCHLD handler raised during the wait (the job's error from
    then on, as it is when the handler fires inside torch), else None."""
    try:
        from multiprocessing.connection import wait
        sentinels = [w.sentinel for w in workers if w.is_alive()]
        if sentinels and len(sentinels) == len(workers):  # none seen dead yet: wait for one
            wait(sentinels, timeout=EXIT_WAIT_S)
    except (OSError, ValueError, AttributeError):
        pass
    except Exception as e:
        if raised_by_signal_handler(e):
            return e
        raise
    return None


def own_iterators(hooks, loader):
    """The name of the loader's class when it replaces DataLoader's iterators (its own
    _get_iterator: torchdata's StatefulDataLoader, whose workers run torchdata's own loop, which
    the probe's stand-ins do not replace), else None: watching it would record half of it."""
    cls = type(loader)
    mine = getattr(cls, "_get_iterator", None)
    theirs = getattr(hooks.DataLoader, "_get_iterator", None)
    if mine is None or theirs is None or mine is theirs:
        return None
    return "%s.%s" % (cls.__module__, cls.__qualname__)


def prepare_iter(hooks, loader):
    """Called by DataLoader.__iter__ before torch builds (or resets) the iterator."""
    method = getattr(loader, "worker_method", "multiprocessing")
    if loader.num_workers > 0 and method != "multiprocessing":
        warn_once("thread-workers", "worker_method=%r is not instrumented: that loader runs unwatched" % method)
        return None
    own = own_iterators(hooks, loader)
    if own:
        warn_once("own-iterators:" + own, "%s builds its own iterators and worker loop (torchdata's StatefulDataLoader "
                  "does): the probe times torch's DataLoader ones, so that loader runs unwatched" % own)
        return None
    session = _session.current()
    if session is None:
        return None
    record = session.record_for(loader, hooks)
    return IterPrep(session, record, loader, hooks)


class IterPrep:
    def __init__(self, session, record, loader, hooks):
        self.session = session
        self.record = record
        self.hooks = hooks
        self.t0 = _native.now()
        self.cpu0 = _native.thread_cpu_ns()  # the main thread's CPU in starting the workers
        self.epoch = record.epochs
        record.epochs += 1
        session.update_rank()
        session.main.instant(K.EPOCH_BEGIN, self.t0, -1, self.epoch)
        nw = int(loader.num_workers)
        existing = getattr(loader, "_iterator", None)
        self.reuse = bool(loader.persistent_workers) and nw > 0 and existing is not None
        self.new_workers = nw > 0 and not self.reuse
        self.saved = []
        if self.reuse:
            self.ctx = existing.__dict__.get("_loaderscope")  # None: made before it was watched
        else:
            self.ctx = IterCtx(session, record, loader, hooks, self.epoch)
        if self.new_workers:
            lanes, gens = session.lanes.allocate(nw, self.ctx)
            if None in lanes:
                warn_once("lanes", "%d of %d workers have no free lane and are not recorded "
                          "(LOADERSCOPE_LANES=%d; raise it)" % (lanes.count(None), nw, session.native.lanes))
            used = [lane for lane in lanes if lane is not None]
            if used:
                session.native.note_lanes_used(max(used) + 1)
            self.ctx.lanes = lanes
            self.wctx = WorkerContext(session.name, lanes, gens, self.epoch, STATE.options.sample_every,
                                      _stacks.after_s(getattr(loader, "timeout", 0)))

    def targets(self):
        """The stand-ins torch must find, while it builds this iterator, for its worker-loop and
        pin-memory-loop targets (on this thread only, see _targets); None: torch's own."""
        if not self.new_workers:
            return None
        out = {}
        wm = self.hooks.worker_module
        for name in self.hooks.worker_loop_names:
            out[(wm, name)] = WorkerLoop(_targets.original(wm, name), name, self.wctx)
        pm = self.hooks.pin_module
        out[(pm, "_pin_memory_loop")] = PinLoop(_targets.original(pm, "_pin_memory_loop"), self.ctx)
        return out

    def failed(self):
        if self.ctx is not None:
            self.session.lanes.release(self.ctx)

    def attach(self, it):
        ctx = self.ctx
        if ctx is None:
            return
        if self.reuse:
            ctx.begin_epoch(self.epoch)
        else:
            it.__dict__["_loaderscope"] = ctx
            ctx.attach(it)
        t1 = _native.now()
        if self.new_workers:
            self.session.main.span(K.START_WORKERS, self.t0, t1, -1, ctx.num_workers,
                                   max(0, _native.thread_cpu_ns() - self.cpu0))
        self.record.worker_pids.append(list(ctx.pids))
        ctx.emit_queue(it, t1)
        ctx._flush()


class IterCtx:
    def __init__(self, session, record, loader, hooks, epoch):
        self.session = session
        self.main = session.main
        self.record = record
        self.torch = hooks.torch
        self.exception_type = hooks.ExceptionWrapper
        self.epoch = epoch
        self.num_workers = int(loader.num_workers)
        self.batch_size = loader.batch_size
        self.auto_collation = loader.batch_size is not None or getattr(loader, "batch_sampler", None) is not None
        self.in_order = bool(getattr(loader, "in_order", True))
        self.lanes = []
        self.pids = []
        self.shut = False
        self.arrivals = {}      # id(result) -> (task, worker), until next() returns it
        self.pending = None     # (task, worker, is_exception) of the result next() is returning
        self.delivered = 0      # deliveries in this epoch
        self.last_end = None    # when the previous next() returned a batch
        self.last_key = -1
        self.stepped = False    # a loaderscope.step() block ran since the last next()
        self.in_next = False
        self.t_next = 0
        self.hol_start = None
        self.recorder = None    # num_workers=0: the main thread's fetch recorder
        # The clocks (ns) where the last next() began and ended (Session.cpu_marks: the main
        # thread's CPU and run-queue wait, the process's CPU, the probe's own threads' CPU): what
        # it pays to receive a batch and what its step costs (PassCost, StepCost, ThreadsCost).
        self.native = session.native
        self.cpu_mark = (0, 0, 0, 0, 0)
        self.marks = self.native.marks()  # cpu_mark's clocks as read (Session.marks)
        # The events of the hook now running, (kind, t0, t1, batch, arg0, arg1, lane), written in
        # one C call as it ends (_flush): a call each cost 3 to 5 us of CPU after next()'s wait.
        self.events = []
        # The process's other threads' CPU since the last before_next (signed: the clocks are read
        # one after the other, so one interval may come out a little below 0).
        self.others_ns = 0
        # This thread's CPU in the probe's own code since the last mark (ns): the hooks' spans,
        # counts and marks are the probe's cost, not the job's, so they come out of the step's
        # and the receive's CPU (with them in, a 2 ms sleeping step that costs the job 25 us of
        # CPU was fitted 165-193 us; without, 75 us).
        self.own_ns = 0
        # The probe's CPU on this thread not yet written as a ProbeCost (ns): each interval's
        # own_ns; with num_workers=0 also its sample wrappers' (the recorder's). Written every
        # PROBE_COST_NEXTS next() calls, at each epoch's end and at shutdown.
        self.probe_ns = 0
        self.probe_nexts = 0
        # on_arrival's and on_deliver's own CPU (ns), measured on 1 call in SMALL_MEASURE_EVERY
        # (the first included) and counted at that on the others (_small_begin).
        self.small_ticks = [1, 1]
        self.small_ns = [0, 0]

    def now(self):
        return _native.now()

    def workers_gone(self):
        return self.shut

    def attach(self, it):
        if self.num_workers == 0:
            self.recorder = _recorder.FetchRecorder(self.main, STATE.options.sample_every)
            self.session.main_recorder = self.recorder  # the stack watch's view of the loop's fetch
            fetcher = getattr(it, "_dataset_fetcher", None)
            if fetcher is not None:
                wrap_fetcher(fetcher, self.recorder)
        else:
            self.pids = [w.pid for w in getattr(it, "_workers", [])]

    def begin_epoch(self, epoch):
        self.epoch = epoch
        self.arrivals.clear()
        self.delivered = 0
        self.last_end = None

    # --- next() ------------------------------------------------------------------------------

    def _flush(self):
        events = self.events
        if events:
            self.events = []
            self.main.write_all(events)

    def _put(self, kind, t0, t1, batch=-1, arg0=0, arg1=0):
        self.events.append((kind, t0, t1, batch, arg0, arg1, _LANE_OWN))

    def _cpu_since_mark(self, full=True, since=None):
        """(CPU ns, run-queue ns) of this thread since cpu_mark; adds the other threads' CPU over
        the same interval to others_ns (the process's less this thread's and the probe's own);
        moves the mark to now. Not `full`: the process's and the probe threads' clocks are not
        read (they stay at the last full mark), so others_ns is right again only after the next
        full one, where it is written (before_next); three clock reads less a batch. `since`: the
        thread's CPU clock as the calling hook began, its time until the mark the probe's (the
        mark's own read serves: one clock read less than _own_since before it)."""
        now = self.native.cpu_marks(self.marks) if full else self.native.thread_marks(self.marks)
        mark = self.cpu_mark
        thread = now[0] - mark[0]
        self.others_ns += (now[2] - mark[2]) - thread - (now[3] - mark[3])
        self.cpu_mark = now
        own = self.own_ns + (max(0, now[0] - since) if since is not None else 0)
        self.own_ns = max(0, now[4] - now[0])  # the reads after the first: in the next interval
        self.probe_ns += own
        self.probe_nexts += 1
        return max(0, thread - own), max(0, now[1] - mark[1])

    def write_probe_cost(self, t):
        """The probe's CPU on this thread since the last ProbeCost (main lane)."""
        ns = self.probe_ns + (self.recorder.take_wrap_ns() if self.recorder is not None else 0)
        self.probe_ns = self.probe_nexts = 0
        if ns > 0:
            self.main.instant(K.PROBE_COST, t, -1, ns, 0)

    def _own_since(self, c0):
        """Counts this thread's CPU since c0 (thread CPU ns, read as a hook began) as the probe's."""
        self.own_ns += max(0, _native.thread_cpu_ns() - c0)

    def before_next(self, it):
        t0 = _native.now()
        used = self._cpu_since_mark()
        if self.last_end is not None:
            if not self.stepped:
                self._put(K.STEP, self.last_end, t0, self.last_key, self.record.batches - 1)
            self._put(K.STEP_COST, t0, t0, self.last_key, used[0], used[1])
            self._put(K.THREADS_COST, t0, t0, self.last_key, max(0, self.others_ns), 0)
            self._flush()
        if self.probe_nexts >= PROBE_COST_NEXTS:
            self.write_probe_cost(t0)
        self.others_ns = 0
        self.stepped = False
        self.t_next = t0
        self.in_next = True
        take_handover()  # only what this next() fetches counts
        self.hol_start = None
        self.pending = None
        if self.num_workers == 0:
            self.recorder.begin_batch(_native.batch_key(self.epoch, self.delivered))
        elif self.in_order and self._later_ready(it) > 0:
            head = it._task_info.get(it._rcvd_idx)
            if head is not None and len(head) != 2:
                self.hol_start = t0
        self._own_since(self.cpu_mark[4])

    def _later_ready(self, it):
        return sum(1 for v in it._task_info.values() if len(v) == 2)

    def _small_begin(self, which):
        """The thread's CPU clock as a small hook (on_arrival: 0, on_deliver: 1) begins when this
        call is one to measure (1 in SMALL_MEASURE_EVERY), else 0: the two clock reads cost
        about as much as the hook itself, which changes little from one batch to the next."""
        ticks = self.small_ticks
        ticks[which] -= 1
        if ticks[which] > 0:
            return 0
        ticks[which] = SMALL_MEASURE_EVERY
        return _native.thread_cpu_ns()

    def _small_end(self, which, c0):
        """Counts the small hook's CPU as the probe's: measured, or its last measured cost."""
        if c0:
            self.small_ns[which] = max(0, _native.thread_cpu_ns() - c0)
        self.own_ns += self.small_ns[which]

    def on_arrival(self, it, r):
        if not (isinstance(r, tuple) and len(r) == 2 and isinstance(r[0], int)):
            return  # a resume acknowledgement
        c0 = self._small_begin(0)
        idx, data = r
        info = it._task_info.get(idx)
        self.arrivals[id(data)] = (idx, info[0] if info else -1)
        if self.in_next and self.in_order and self.hol_start is None and idx != it._rcvd_idx:
            self.hol_start = _native.now()
        self._small_end(0, c0)

    def on_deliver(self, it, data, args):
        c0 = self._small_begin(1)
        idx, worker = self.arrivals.pop(id(data), (-1, -1))
        if worker == -1 and args and isinstance(args[0], int):
            worker = args[0]  # torch 2.x passes the worker to _process_data
        self.pending = (idx, worker, isinstance(data, self.exception_type))
        self._small_end(1, c0)

    def after_next(self, it, data):
        t1 = _native.now()
        c0 = _native.thread_cpu_ns()
        self.in_next = False
        if self.num_workers == 0:
            idx, worker = self.delivered, -1
            samples = self.recorder.end_batch()
        else:
            idx, worker = self.pending[:2] if self.pending else (-1, -1)
            samples = sample_count(data, self.torch, self.auto_collation, self.batch_size)
        key = batch_key(self.epoch, idx)
        self._put(K.WAIT_DATA, self.t_next, t1, key, worker, samples)
        used = self._cpu_since_mark(full=False, since=c0)
        if self.num_workers > 0:  # with none, the fetch's own BatchCost has this CPU
            self._put(K.PASS_COST, t1, t1, key, used[0], used[1])
            handover_ns, handover_cpu_ns, descriptors = take_handover()
            if descriptors:
                self._put(K.HAND_OVER_WAIT, t1, t1, key, handover_ns, descriptors)
                self._put(K.HAND_OVER_COST, t1, t1, key, handover_cpu_ns, descriptors)
        self._put(K.DELIVER, t1, t1, key, worker, self.delivered)
        if self.hol_start is not None and self.num_workers > 0:
            self._put(K.HEAD_OF_LINE, max(self.hol_start, self.t_next), t1, key, self._later_ready(it))
        rec = self.record
        if rec.batches < BYTES_FIRST or rec.batches % BYTES_EVERY == 0:
            rec.bytes_measured += tensor_bytes(data, self.torch)
            rec.samples_measured += samples
        rec.batches += 1
        rec.samples += samples
        self.delivered += 1
        self.session.note_delivery(t1, self)
        self.emit_queue(it, t1)
        self._flush()
        self.last_key = key
        self.last_end = _native.now()
        self._own_since(self.cpu_mark[4])  # the rest of this hook: the probe's, in the step's window

    def on_stop(self, it):
        self._flush()  # what a hook that failed half-way left (its events stay in order)
        if self.recorder is not None:
            # num_workers=0: the samples of a last batch torch dropped (drop_last: StopIteration
            # came before any collate), which no end_batch will write.
            self.recorder.flush()
        t1 = _native.now()
        self.in_next = False
        self.main.span(K.WAIT_DATA, self.t_next, t1, -1)
        self.main.instant(K.EPOCH_END, t1, -1, self.epoch)
        self.write_probe_cost(t1)
        self.last_end = None
        self.session.note_delivery(t1, None)

    def on_error(self, it, e):
        self._flush()
        t1 = _native.now()
        self.in_next = False
        self.last_end = None
        self.main.span(K.WAIT_DATA, self.t_next, t1, -1)
        if self.num_workers == 0:
            self.recorder.end_batch()
        worker, pid, late = -1, 0, None
        if self.pending is not None and self.pending[2]:
            worker = self.pending[1]                      # an exception raised in that worker
        elif self.num_workers > 0:
            workers = getattr(it, "_workers", [])
            if isinstance(e, (ConnectionError, EOFError)):
                late = _await_an_exit(workers)
            for i, w in enumerate(workers):
                if not w.is_alive():                      # a worker that died (signal, exit)
                    worker, pid = i, w.pid
                    lane = self._lane(i)
                    if lane is not None:
                        self.main.instant(K.WORKER_EXIT, t1, -1, w.pid, _wait_status(w.exitcode), lane)
                    break
        if worker >= 0 and not pid and worker < len(self.pids):
            pid = self.pids[worker]
        lane = self._lane(worker) if worker >= 0 else None
        self.main.instant(K.ERROR, t1, -1, worker, pid, K.LANE_MAIN if lane is None else lane)
        self.session.errors.append(str(e if late is None else late))
        if late is not None:
            raise late  # the job's own error; safe() passes it on

    def _lane(self, worker):
        return self.lanes[worker] if 0 <= worker < len(self.lanes) else None

    def emit_queue(self, it, t):
        if self.num_workers == 0 or not hasattr(it, "_task_info"):
            return
        ready = self._later_ready(it)
        q = getattr(it, "_data_queue", None)
        try:
            ready += q.qsize() if q is not None else 0
        except (NotImplementedError, OSError):
            pass
        self._put(K.QUEUE_DEPTH, t, t, 0, ready, int(getattr(it, "_tasks_outstanding", 0)))

    def on_shutdown(self, it, t0):
        if self.shut:
            return
        self.shut = True
        self._flush()
        if self.recorder is not None:
            self.recorder.flush()
        t1 = _native.now()
        self.write_probe_cost(t1)
        workers = getattr(it, "_workers", [])
        if workers:
            self.main.span(K.SHUTDOWN, t0, t1, -1, len(workers))
            for i, w in enumerate(workers):
                lane = self._lane(i)
                if lane is not None and w.exitcode is not None:
                    self.main.instant(K.WORKER_EXIT, t1, -1, w.pid, _wait_status(w.exitcode), lane)
        self.session.lanes.release(self)


class PinLoop:
    """The pin-memory thread's target for an instrumented iterator (a thread: never pickled)."""

    def __init__(self, original, ctx):
        self.original = original
        self.ctx = ctx

    def __call__(self, in_queue, out_queue, *args, **kwargs):
        try:
            side = PinSide(self.ctx)
            in_queue, out_queue = PinIn(in_queue, side), PinOut(out_queue, side)
        except Exception as e:
            fail(e)
        return self.original(in_queue, out_queue, *args, **kwargs)


class PinSide:
    def __init__(self, ctx):
        self.ctx = ctx
        self.writer = ctx.session.pin
        self.pending = None

    def on_get(self, r):
        self.pending = None
        if isinstance(r, tuple) and len(r) == 2 and isinstance(r[0], int) and \
                not isinstance(r[1], self.ctx.exception_type):
            self.pending = (r[0], _native.now())

    def on_put(self, r):
        if self.pending is None or not isinstance(r, tuple) or r[0] != self.pending[0]:
            return
        idx, t0 = self.pending
        self.pending = None
        if isinstance(r[1], self.ctx.exception_type):
            return  # pinning failed: torch hands its exception on, nothing was copied
        nbytes = tensor_bytes(r[1], self.ctx.torch)
        self.writer.span(K.PIN_COPY, t0, _native.now(), _native.batch_key(self.ctx.epoch, idx), nbytes, 0)


class PinIn:
    __slots__ = ("_q", "_side")

    def __init__(self, q, side):
        self._q, self._side = q, side

    def get(self, *args, **kwargs):
        r = self._q.get(*args, **kwargs)
        safe(self._side.on_get, r)
        return r

    def __getattr__(self, name):
        return getattr(self._q, name)


class PinOut:
    __slots__ = ("_q", "_side")

    def __init__(self, q, side):
        self._q, self._side = q, side

    def put(self, r, *args, **kwargs):
        safe(self._side.on_put, r)
        return self._q.put(r, *args, **kwargs)

    def __getattr__(self, name):
        return getattr(self._q, name)

