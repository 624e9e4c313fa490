# SPDX-License-Identifier: MIT
"""The probe's session in one process of the job (one per rank): the segment, announced on stderr,
the writers of the main process's lanes, the loaders it watched, and the outputs at the end."""

import atexit
import json
import os
import socket
import stat
import sys
import threading
import weakref

from . import _kinds as K
from . import _leftovers
from . import _native
from . import _shm
from . import _stacks
from ._lanes import LaneAllocator
from ._record import LoaderRecord
from ._state import STATE, disable, fail, safe, warn

# The first line the probe writes on stderr; the app attaches by this exact segment name. With an
# event file or trace asked for, `recording=<path>` follows: the recording while it is written
# (readers may follow it; it is renamed to the --events path, or removed, at the end).
SEGMENT_LINE = "loaderscope: segment %s pid=%d rank=%d world_size=%d"


def _rank_from_env():
    """RANK and WORLD_SIZE (torchrun, accelerate, deepspeed), else Slurm's SLURM_PROCID and
    SLURM_NTASKS (srun); torch.distributed's own rank replaces it once a process group exists."""
    for rank_var, world_var in (("RANK", "WORLD_SIZE"), ("SLURM_PROCID", "SLURM_NTASKS")):
        try:
            rank = int(os.environ[rank_var])
            world = int(os.environ.get(world_var, "0"))
            return rank, world
        except (KeyError, ValueError):
            continue
    return -1, 0


def _program():
    if STATE.options.program:
        return STATE.options.program
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None) or (sys.argv[0] if sys.argv else "")
    return os.path.abspath(path) if path else "python"


def _replaceable(path):
    """True when an output may be replaced by renaming a file over it: nothing there yet, or a
    regular file that is not a link (the output rule, docs/config.md)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except FileNotFoundError:
        return True
    except OSError:
        return False


def expand(path, rank, pid):
    """An output path with {rank}, {pid} and {host} (this machine's name, socket.gethostname())
    filled in."""
    if "{host}" in path:
        path = path.replace("{host}", socket.gethostname())
    return path.replace("{rank}", str(rank)).replace("{pid}", str(pid))


class ProbeSession:
    def __init__(self, hooks):
        opts = STATE.options
        self.pid = os.getpid()
        self.hooks = hooks
        self.program = _program()
        self.rank, self.world_size = _rank_from_env()
        info = {"source": "pytorch", "program": self.program, "pid": self.pid, "argv": list(sys.argv),
                "cores": _native.usable_cores()}  # an opened recording's advice is bounded by them
        # The recording goes next to the file it ends as (the final name may hold the rank, known
        # later): a hidden name there, renamed at the end.
        # A process forked from the one that loaded the probe (a multiprocessing fork child
        # iterating its own DataLoader) writes its own outputs, suffixed .pid<PID> (output_path).
        self.forked = self.pid != STATE.origin_pid
        self.recording = None
        self._lock_fd = None
        self._temp_dir = None
        if opts.watch_folder:
            os.makedirs(self._expand(opts.watch_folder), exist_ok=True)
        target = opts.events or opts.trace
        if target and _replaceable(self._expand(target)):
            where = os.path.dirname(os.path.abspath(self._expand(target))) or "."
            self.recording = os.path.join(where, ".loaderscope-%d-%x.recording" % (self.pid, id(self)))
            _leftovers.sweep(where)  # what killed jobs (SIGKILL, os._exit) left there
        elif target:
            # A device, FIFO, socket or link (docs/config.md, "Output paths"): nothing is made
            # beside it (as root, beside /dev/null is /dev); the recording waits in a private
            # folder, which the stale sweep removes if this process is killed.
            self._temp_dir = _native.private_temp_dir("probe")
            self.recording = os.path.join(self._temp_dir, "recording")
        self.info = info
        info_json = json.dumps(info)
        # Only what /dev/shm can spare (_shm): raises NoRoom, which disables the probe, if not even
        # the smallest segment fits.
        ring, opts.sample_every, shm_note = _shm.plan(
            opts.lanes, opts.ring_capacity, opts.sample_every,
            lambda cap: _native.segment_bytes(opts.lanes, cap, len(info_json.encode())), _shm.free_bytes())
        # In the description the recording keeps (publish_info): `slow` says a 1-in-N recording may miss one.
        info["sample_every"] = opts.sample_every
        self.native = _native.Session(opts.lanes, ring, self.program, self.rank,
                                      self.world_size, info_json, self.recording or "")
        self.name = self.native.name
        if self.recording:
            self._lock_fd = _leftovers.lock(self.native.recording_live_path)
        self.main = _native.Writer(self.native.segment, K.LANE_MAIN)
        self.pin = _native.Writer(self.native.segment, K.LANE_PIN)
        self.device = _native.Writer(self.native.segment, K.LANE_COMPUTE)
        self.lanes = LaneAllocator(self.native.lanes)
        self.main_recorder = None  # num_workers=0: the loop's fetch recorder (IterCtx), for the watch
        self.watch = None          # the stack watch, started at the end
        self.loaders = []
        self._by_loader = weakref.WeakKeyDictionary()
        self.errors = []
        self._thread = threading.local()  # per thread: the iterator it last took a batch from
        self.t_last_delivery = 0
        self.finished = False
        self.summary = None
        line = SEGMENT_LINE % (self.name, self.pid, self.rank, self.world_size)
        if self.recording:
            line += " recording=%s" % self.native.recording_live_path
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
        self.notes = []  # warnings the summary repeats
        safe(self.publish_info)  # where its recording goes, before any loader is made
        if shm_note:
            warn(shm_note)  # after the segment line: readers take the first line as that
            self.notes.append(shm_note)
        atexit.register(self._at_exit)
        mp = sys.modules.get("multiprocessing")
        if mp is not None and mp.parent_process() is not None:
            # A multiprocessing child ends in os._exit once its target returns: atexit never runs
            # there, multiprocessing's exit finalizers do (before it stops its daemonic children,
            # this session's DataLoader workers).
            import multiprocessing.util
            multiprocessing.util.Finalize(None, self._at_exit, exitpriority=100)
        # The job's main thread's stack, when asked or when its own fetch (num_workers=0) runs
        # long (_stacks.py). Started last, once nothing here can fail: a session given up never
        # leaves a thread reading its segment; stopped before the segment goes (finish, _abandon).
        if _stacks.enabled():
            self.watch = _stacks.StackWatch(self.native.segment, self.main, _stacks.after_s(),
                                            recorder_of=lambda: self.main_recorder)

    # --- called by the hooks -----------------------------------------------------------------

    def record_for(self, loader, hooks):
        rec = self._by_loader.get(loader)
        if rec is None:
            rec = LoaderRecord(loader, hooks, len(self.loaders))
            self.loaders.append(rec)
            self._by_loader[loader] = rec
            safe(self.publish_info)
        return rec

    def publish_info(self):
        """Rewrites the job's description in the segment with its loaders' arguments, so that an
        app watching the job shows the job's own settings while it runs (docs/traces.md)."""
        info = dict(self.info)
        info["torch_version"] = self.torch_version()
        info["loaders"] = [{"index": r.index, "knobs": r.knobs} for r in self.loaders]
        events = self.output_path(STATE.options.events)
        if events:
            info["events"] = os.path.abspath(events)  # where the recording ends up
        if not self.native.set_info(json.dumps(info)):
            # Many loaders: the first ones are what a watcher needs most.
            info["loaders"] = info["loaders"][:8]
            self.native.set_info(json.dumps(info))

    def torch_version(self):
        torch = sys.modules.get("torch")
        return str(getattr(torch, "__version__", "")) or None

    def update_rank(self):
        torch = sys.modules.get("torch")
        dist = getattr(torch, "distributed", None)
        try:
            if dist is not None and dist.is_available() and dist.is_initialized():
                rank, world = dist.get_rank(), dist.get_world_size()
                if (rank, world) != (self.rank, self.world_size):
                    self.rank, self.world_size = rank, world
                    self.native.set_rank(rank, world)
        except Exception:
            pass

    def note_delivery(self, t, ctx):
        self.t_last_delivery = t
        if ctx is not None:
            self._thread.last_ctx = ctx

    @property
    def last_ctx(self):
        """The iterator the calling thread last took a batch from: its loaderscope.step() blocks
        belong to that loader's batches, whatever other threads iterate meanwhile."""
        return getattr(self._thread, "last_ctx", None)

    # --- the end -----------------------------------------------------------------------------

    def _expand(self, path):
        return expand(path, max(self.rank, 0), self.pid)

    def output_path(self, path):
        """{rank}, {pid} and {host} in a path are replaced; several ranks without {rank} get .rank<N>."""
        if not path:
            return None
        rank = max(self.rank, 0)
        out = self._expand(path)
        if self.world_size > 1 and "{rank}" not in path:
            root, ext = os.path.splitext(out)
            out = "%s.rank%d%s" % (root, rank, ext)
        elif self.forked and "{pid}" not in path:
            # A forked child's loaders are not its parent's (a forked rank is told apart by .rank<N>).
            root, ext = os.path.splitext(out)
            out = "%s.pid%d%s" % (root, self.pid, ext)
        if STATE.options.watch_folder:
            # The rank may have been learnt since the session began (torch.distributed): its folder.
            os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
        return out

    def meta(self, exit_code, interrupted=False):
        return {
            "source": "pytorch",
            "torch_version": self.torch_version(),
            "program": self.program,
            "pid": self.pid,
            "rank": self.rank,
            "world_size": self.world_size,
            "exit_code": exit_code,
            "interrupted": interrupted,
            "errors": self.errors,
            "warnings": self.notes + ([("probe disabled: " + STATE.disabled)] if STATE.disabled else []),
            "sample_every": STATE.options.sample_every,
            "loaders": [{"index": r.index, "knobs": r.knobs, "epochs": r.epochs, "batches": r.batches,
                         "samples": r.samples, "worker_pids": r.worker_pids,
                         "bytes_measured": r.bytes_measured, "samples_measured": r.samples_measured}
                        for r in self.loaders],
        }

    def finish(self, exit_code=0, interrupted=False):
        """Stops collecting, writes the outputs asked for, removes the segment. Idempotent; only
        the process that made the session does anything. `interrupted`: a signal ended the job."""
        if self.finished or os.getpid() != self.pid:
            return
        self.finished = True
        self._stop_watch()
        opts = STATE.options
        self.update_rank()
        from . import _gpu
        if _gpu._pending:
            safe(_gpu.poll, self, True)
        self.native.set_run_state(2 if exit_code == 0 else 3)  # RunState Finished / Failed
        self.native.stop_collector()
        recording = ""
        try:
            recording = self.native.close_recording()
            self.summary = _native.write_outputs(
                self.native, json.dumps(self.meta(exit_code, interrupted)), self.output_path(opts.summary) or "",
                self.output_path(opts.trace) or "", recording)
            if recording and opts.events:
                events = self.output_path(opts.events)
                if _replaceable(events):
                    os.replace(recording, events)
                    recording = ""
                else:
                    _native.copy_to_output(recording, events)  # in place, never renamed over
        except Exception as e:
            warn("could not write the outputs: %s: %s" % (type(e).__name__, e))
        finally:
            if recording:
                try:
                    os.unlink(recording)  # kept only to make the trace
                except OSError:
                    pass
            self.native.unlink()
            if self._temp_dir:
                _native.remove_private_temp_dir(self._temp_dir)
                self._temp_dir = None
            if self._lock_fd is not None:
                os.close(self._lock_fd)
                self._lock_fd = None

    def _stop_watch(self):
        if self.watch is not None:
            self.watch.stop()
            self.watch = None

    def _at_exit(self):
        if STATE.disabled is None:
            safe(self.finish, 0)
        else:
            self._abandon()

    def _abandon(self):
        """The probe was turned off during the run: no outputs, and nothing left behind (its
        segment, its recording, its private folder). Each step on its own: one failing does not
        keep the others from running."""
        if self.finished or os.getpid() != self.pid:
            return
        self.finished = True
        steps = [self._stop_watch, self.native.stop_collector, self.native.unlink]
        if self.recording:
            steps.append(lambda: os.unlink(self.native.close_recording() or self.recording))
        if self._temp_dir:
            steps.append(lambda: _native.remove_private_temp_dir(self._temp_dir))
        if self._lock_fd is not None:
            steps.append(lambda: os.close(self._lock_fd))
        for step in steps:
            try:
                step()
            except Exception:
                pass


# Loaders may start on several threads at once: one session (one segment) per process.
_lock = threading.RLock()


def _new_lock_in_child():
    global _lock
    _lock = threading.RLock()  # another thread of the parent may have held it at the fork


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_new_lock_in_child)


def current():
    """This process's session, made on first need (a forked rank makes its own)."""
    if STATE.session is not None:
        return STATE.session
    with _lock:
        if STATE.session is None and STATE.disabled is None and STATE.role == "main":
            # No segment, no probe: the script runs anyway (one warning), never a traceback.
            try:
                STATE.session = ProbeSession(STATE.hooks)
            except _shm.NoRoom as e:
                disable(str(e))
            except Exception as e:
                fail(e)
    return STATE.session
