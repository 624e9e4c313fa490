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
* PinCopy on the pin lane from the pin-memory thread (arg0 = bytes; _pin.py);
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
from ._pin import PinLoop
from ._state import STATE, raised_by_signal_handler, warn_once
from ._worker import WorkerContext, WorkerLoop, wrap_fetcher

# Clock marks between two ProbeCost events of the loop's thread (two a next(): 16 next() calls).
PROBE_COST_NEXTS = 32

# on_arrival's and on_deliver's own CPU, and what before_next and after_next run after their clock
# marks, are measured on 1 call in this many and counted at the last measure on the others
# (IterCtx.ticks): the thread's CPU clock is a system call, which on a core just woken by a batch's
# arrival costs about what these small parts do, and they change little from one batch to the next.
SMALL_MEASURE_EVERY = 8
# ... but on every call for the first batches of a loader: a start-up's calls are cold (first
# imports, empty caches) and cost many times a later one's, and the first call's measure, counted
# for the 7 after it, was once more than the whole next() of some of them (their PassCost, the
# next()'s CPU less the probe's, came out 0 while its hand-over alone had taken 0.4 ms; seen with
# another job beside it).
SMALL_MEASURE_FROM = 32

# The loop thread's wait for a core (schedstat's run delay, the dearest clock read here on a core
# just woken) is read for 1 step in this many: at the end of that step's next() and at the start
# of the following one. The StepCost of the others says -1 (not measured), and so does every
# PassCost of the loop's thread (nothing reads that one). The process's CPU clock, for the other
# threads' CPU (ThreadsCost), is read with it: one ThreadsCost covers the steps since the last.
# Every step for a loader's first SMALL_MEASURE_FROM batches: a short job's mean run-queue wait
# from 1 step in 8 rests on three or four steps, and one wait of several ms among them (a busy
# machine) took a 500 us sleeping step's fitted wall time down to its CPU (test_fit io_bound: 3
# measures, 0 to 4.4 ms, a mean above the step's median of 724 us).
RUN_QUEUE_EVERY = 8

# IterCtx.ticks' and IterCtx.small_ns' entries.
_ARRIVAL, _DELIVER, _BEFORE_TAIL, _AFTER_TAIL = range(4)

# Batches whose tensor bytes are measured: the first ones, then one in BYTES_EVERY.
BYTES_FIRST = 32
BYTES_EVERY = 64


# Per thread: (ns, CPU ns, calls) spent in multiprocessing's DupFd.detach since the thread last took
# them, as one tuple (`v`; absent or None: none), so that a take with nothing there is one lookup
# (_mainhooks wraps detach; the loop's thread takes its own at the end of each next(), so a pin
# thread's fetches are never counted as the loop's).
_handover = threading.local()
_NO_HANDOVER = (0, 0, 0)


def add_handover(ns, cpu_ns):
    """Called by the DupFd.detach wrapper on the thread that fetched a descriptor: its wall time
    and this thread's CPU in it (the connection and handshake with the worker's thread, about half
    of an idle worker's hand-over)."""
    ns0, cpu0, calls = getattr(_handover, "v", None) or _NO_HANDOVER
    _handover.v = (ns0 + ns, cpu0 + max(0, cpu_ns), calls + 1)


def take_handover():
    """This thread's (ns, CPU ns, calls) in DupFd.detach since the last take, and resets them."""
    taken = getattr(_handover, "v", None)
    if taken is None:
        return _NO_HANDOVER
    _handover.v = None
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
        # The process's other threads' CPU since the last full mark (signed: the clocks are read
        # one after the other, so one interval may come out a little below 0), over others_steps
        # steps: written as a ThreadsCost at the next full mark (1 step in RUN_QUEUE_EVERY).
        self.others_ns = 0
        self.others_steps = 0
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
        # The small parts' own CPU (ns; _ARRIVAL, _DELIVER, _BEFORE_TAIL, _AFTER_TAIL), measured
        # on 1 call in SMALL_MEASURE_EVERY (when its tick comes down to 0; the first included) and
        # counted at that on the others. Written out in each hook, not in a helper: on a core
        # just woken every Python call costs a microsecond or so.
        self.ticks = [1, 1, 1, 1]
        self.small_ns = [0, 0, 0, 0]
        self.ready = None  # later batches ready as the last after_next ended (see before_next)
        # Whether the last after_next read the run-queue wait (then the before_next that ends
        # the step reads it too); the steps until the next one are the loader's (record.runq_ticks).
        self.runq_step = False

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

    def _cpu_since_mark(self, full=True, runq=True):
        """(CPU ns, run-queue ns) of this thread since cpu_mark; adds the other threads' CPU over
        the same interval to others_ns (the process's less this thread's and the probe's own);
        moves the mark to now. Not `full`: the process's and the probe threads' clocks are not
        read (they stay at the last full mark), so others_ns is right again only after the next
        full one, where it is written (before_next); three clock reads less a batch. Not `runq`:
        the run-queue wait is not read (it stays at the last read; the interval's comes out 0).
        Called as each hook begins: what the hook runs after it is its tail (_tail_end)."""
        mark = self.cpu_mark
        if full:
            now = self.native.cpu_marks(self.marks, runq)
        elif runq:
            now = self.native.thread_marks(self.marks)
        else:  # the thread's CPU alone, with no library call
            t = _native.thread_cpu_ns()
            now = (t, mark[1], mark[2], mark[3], t)
        thread = now[0] - mark[0]
        self.others_ns += (now[2] - mark[2]) - thread - (now[3] - mark[3])
        self.cpu_mark = now
        own = self.own_ns
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

    def _tail_end(self, which):
        """Counts what the hook ran after its mark (cpu_mark[4]) as the probe's CPU, in the next
        interval: measured on 1 call in SMALL_MEASURE_EVERY, else the last measure."""
        ticks = self.ticks
        ticks[which] -= 1
        if ticks[which] <= 0:
            ticks[which] = SMALL_MEASURE_EVERY if self.record.batches >= SMALL_MEASURE_FROM else 1
            self.small_ns[which] = max(0, _native.thread_cpu_ns() - self.cpu_mark[4])
        self.own_ns += self.small_ns[which]

    def before_next(self, it):
        t0 = _native.now()
        runq, self.runq_step = self.runq_step, False
        # The process's and the probe threads' clocks too (a full mark) with the run-queue wait,
        # and where a loop begins (the others' CPU counts from there); else the thread's alone.
        begins = self.last_end is None
        full = runq or begins
        used = self._cpu_since_mark(full=full, runq=runq)
        if self.last_end is not None:
            key = self.last_key
            events = self.events
            if not self.stepped:
                events.append((K.STEP, self.last_end, t0, key, self.record.batches - 1, 0, _LANE_OWN))
            events.append((K.STEP_COST, t0, t0, key, used[0], used[1] if runq else -1, _LANE_OWN))
            self.others_steps += 1
            if full:
                events.append((K.THREADS_COST, t0, t0, key, max(0, self.others_ns), self.others_steps, _LANE_OWN))
            self._flush()
        if full:
            self.others_ns = self.others_steps = 0
        self.stepped = False
        self.t_next = t0
        self.in_next = True
        take_handover()  # only what this next() fetches counts
        self.hol_start = None
        self.pending = None
        if self.num_workers == 0:
            self.recorder.begin_batch(batch_key(self.epoch, self.delivered))
        elif self.in_order:
            # Only next() changes which tasks are ready (it stores a batch that came before its
            # turn): as the last after_next left them (a new epoch, a reset or an error clears
            # last_end: counted then).
            ready = self.ready if self.last_end is not None and self.ready is not None else self._later_ready(it)
            if ready > 0:
                head = it._task_info.get(it._rcvd_idx)
                if head is not None and len(head) != 2:
                    self.hol_start = t0
        if begins:  # no step's events to write: not a tail like the others, measured itself
            self.own_ns += max(0, _native.thread_cpu_ns() - self.cpu_mark[4])
        else:
            self._tail_end(_BEFORE_TAIL)
        if self.probe_nexts >= PROBE_COST_NEXTS:
            # Every PROBE_COST_NEXTS / 2 next() calls: timed itself, out of the tails' measure.
            c0 = _native.thread_cpu_ns()
            self.write_probe_cost(t0)
            self.own_ns += max(0, _native.thread_cpu_ns() - c0)

    def _later_ready(self, it):
        n = 0
        for v in it._task_info.values():
            if len(v) == 2:
                n += 1
        return n

    def on_arrival(self, it, r):
        if not (isinstance(r, tuple) and len(r) == 2 and isinstance(r[0], int)):
            return  # a resume acknowledgement
        ticks = self.ticks  # its CPU measured on 1 call in SMALL_MEASURE_EVERY (see ticks)
        ticks[_ARRIVAL] -= 1
        c0 = _native.thread_cpu_ns() if ticks[_ARRIVAL] <= 0 else 0
        idx, data = r
        info = it._task_info.get(idx)
        self.arrivals[id(data)] = (idx, info[0] if info else -1)
        if self.in_next and self.in_order and self.hol_start is None and idx != it._rcvd_idx:
            self.hol_start = _native.now()
        if c0:
            ticks[_ARRIVAL] = SMALL_MEASURE_EVERY if self.record.batches >= SMALL_MEASURE_FROM else 1
            self.small_ns[_ARRIVAL] = max(0, _native.thread_cpu_ns() - c0)
        self.own_ns += self.small_ns[_ARRIVAL]

    def on_deliver(self, it, data, args):
        ticks = self.ticks  # as in on_arrival
        ticks[_DELIVER] -= 1
        c0 = _native.thread_cpu_ns() if ticks[_DELIVER] <= 0 else 0
        idx, worker = self.arrivals.pop(id(data), (-1, -1))
        if worker == -1 and args and isinstance(args[0], int):
            worker = args[0]  # torch 2.x passes the worker to _process_data
        self.pending = (idx, worker, isinstance(data, self.exception_type))
        if c0:
            ticks[_DELIVER] = SMALL_MEASURE_EVERY if self.record.batches >= SMALL_MEASURE_FROM else 1
            self.small_ns[_DELIVER] = max(0, _native.thread_cpu_ns() - c0)
        self.own_ns += self.small_ns[_DELIVER]

    def after_next(self, it, data):
        t1 = _native.now()
        # The run-queue wait of 1 step in RUN_QUEUE_EVERY: read here, and where the step ends.
        rec = self.record
        rec.runq_ticks -= 1
        runq = self.runq_step = rec.runq_ticks <= 0
        if runq:
            rec.runq_ticks = RUN_QUEUE_EVERY if rec.batches >= SMALL_MEASURE_FROM else 1
        # The mark first: everything after it is this hook's tail, the probe's (_tail_end).
        used = self._cpu_since_mark(full=False, runq=runq)
        self.in_next = False
        if self.num_workers == 0:
            idx, worker = self.delivered, -1
            samples = self.recorder.end_batch()
        else:
            idx, worker = self.pending[:2] if self.pending else (-1, -1)
            samples = sample_count(data, self.torch, self.auto_collation, self.batch_size)
        key = -1 if idx < 0 else (self.epoch << 32) | (idx & 0xFFFFFFFF)  # batch_key, written out
        events = self.events
        events.append((K.WAIT_DATA, self.t_next, t1, key, worker, samples, _LANE_OWN))
        if self.num_workers > 0:  # with none, the fetch's own BatchCost has this CPU
            events.append((K.PASS_COST, t1, t1, key, used[0], -1, _LANE_OWN))
            handover_ns, handover_cpu_ns, descriptors = take_handover()
            if descriptors:
                events.append((K.HAND_OVER_WAIT, t1, t1, key, handover_ns, descriptors, _LANE_OWN))
                events.append((K.HAND_OVER_COST, t1, t1, key, handover_cpu_ns, descriptors, _LANE_OWN))
        events.append((K.DELIVER, t1, t1, key, worker, self.delivered, _LANE_OWN))
        if self.hol_start is not None and self.num_workers > 0:
            events.append((K.HEAD_OF_LINE, max(self.hol_start, self.t_next), t1, key, self._later_ready(it), 0,
                           _LANE_OWN))
        measure_bytes = rec.batches < BYTES_FIRST or rec.batches % BYTES_EVERY == 0
        if measure_bytes:
            rec.bytes_measured += tensor_bytes(data, self.torch)
            rec.samples_measured += samples
        rec.batches += 1
        rec.samples += samples
        self.delivered += 1
        self.session.note_delivery(t1, self)
        self.ready = self.emit_queue(it, t1)
        self._flush()
        self.last_key = key
        self.last_end = _native.now()
        # The rest of this hook: the probe's, in the step's window. A batch whose bytes were
        # counted (the first ones, then 1 in BYTES_EVERY) has a longer tail: measured itself.
        if measure_bytes:
            self.own_ns += max(0, _native.thread_cpu_ns() - self.cpu_mark[4])
        else:
            self._tail_end(_AFTER_TAIL)

    def on_stop(self, it):
        self._flush()  # what a hook that failed half-way left (its events stay in order)
        if self.recorder is not None:
            # num_workers=0: the samples of a last batch torch dropped (drop_last: StopIteration
            # came before any collate), which no end_batch will write.
            self.recorder.flush()
        t1 = _native.now()
        self.in_next = False
        self._write_threads_rest(t1)
        self.main.span(K.WAIT_DATA, self.t_next, t1, -1)
        self.main.instant(K.EPOCH_END, t1, -1, self.epoch)
        self.write_probe_cost(t1)
        self.last_end = None
        self.session.note_delivery(t1, None)

    def _write_threads_rest(self, t):
        """The other threads' CPU over the steps since the last full mark, as a loop ends (by
        StopIteration or an error; one left by a break drops it: up to RUN_QUEUE_EVERY - 1
        steps' worth). Its window ends here, the last next() in it."""
        if self.others_steps:
            self._cpu_since_mark(full=True, runq=False)
            self.main.instant(K.THREADS_COST, t, self.last_key, max(0, self.others_ns), self.others_steps)
            self.others_ns = self.others_steps = 0

    def on_error(self, it, e):
        self._flush()
        t1 = _native.now()
        self.in_next = False
        self._write_threads_rest(t1)
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
        """A QueueDepth event now; returns the later batches ready in the reorder buffer (None
        without workers)."""
        if self.num_workers == 0 or not hasattr(it, "_task_info"):
            return None
        later = ready = self._later_ready(it)
        q = getattr(it, "_data_queue", None)
        try:
            ready += q.qsize() if q is not None else 0
        except (NotImplementedError, OSError):
            pass
        self.events.append((K.QUEUE_DEPTH, t, t, 0, ready, int(getattr(it, "_tasks_outstanding", 0)), _LANE_OWN))
        return later

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
