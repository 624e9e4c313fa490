# SPDX-License-Identifier: MIT
"""The probe's native side: libloaderscope_probe.so (python/src/capi.cpp), a plain C library loaded
with ctypes. It has no Python ABI, so one library serves every CPython from 3.9 on (no build per
version, no compiler on the server): the engine's segment, event rings, collector and outputs.

The hot calls (a sample fetched, a span written) go through a PyDLL handle (the GIL stays held:
they never block, and releasing it would cost more than the call); the calls that can block (the
stream, the outputs, stopping the collector) through a CDLL handle, which releases the GIL.

Importing this raises ImportError with the reason when the library cannot be loaded (missing,
built for another machine, another interface version): loaderscope/__init__.py turns that into
one line, and the job runs unwatched.
"""

import ctypes
import json
import os
import struct
import sysconfig
import time

_LIB_NAME = "libloaderscope_probe.so"
# The interface version this Python side speaks (capi.cpp's kAbiVersion).
ABI_VERSION = 6

_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), _LIB_NAME)
try:
    _lib = ctypes.CDLL(_path)       # releases the GIL during each call
    _hot = ctypes.PyDLL(_path)      # keeps it (the same library, mapped once)
except OSError as e:
    raise ImportError("loaderscope's native library cannot be loaded (%s)" % e) from None

_u64, _i64, _u32, _int, _vp, _cp = (ctypes.c_uint64, ctypes.c_int64, ctypes.c_uint32, ctypes.c_int,
                                     ctypes.c_void_p, ctypes.c_char_p)
_STOP = ctypes.CFUNCTYPE(_int)


def _declare(lib, name, restype, *argtypes):
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = argtypes
    return f


_declare(_lib, "lsp_abi_version", _int)
if _lib.lsp_abi_version() != ABI_VERSION:
    raise ImportError("loaderscope's native library speaks interface %d, its Python files %d: reinstall loaderscope "
                      "(pip install --force-reinstall) so that both come from one build"
                      % (_lib.lsp_abi_version(), ABI_VERSION))

_declare(_lib, "lsp_last_error", _cp)
_declare(_lib, "lsp_free", None, _vp)


def _error(what):
    return RuntimeError((_lib.lsp_last_error() or b"").decode("utf-8", "replace") or what)


def _take(ptr, what="failed"):
    """The malloc'd string a call gave back, as str (freed); RuntimeError when it gave NULL."""
    if not ptr:
        raise _error(what)
    try:
        return ctypes.string_at(ptr).decode("utf-8", "replace")
    finally:
        _lib.lsp_free(ptr)


def _arg(s):
    return os.fsencode(s) if isinstance(s, (str, bytes, os.PathLike)) else str(s).encode()


_EVENT = struct.Struct("<7q")


def _events(ptr, n):
    """n events packed as 7 int64 each at ptr: (t0, t1, batch, arg0, arg1, kind, lane) tuples."""
    if n <= 0:
        return []
    raw = ctypes.string_at(ptr, n * _EVENT.size)
    return [(t0 & 0xFFFFFFFFFFFFFFFF, t1 & 0xFFFFFFFFFFFFFFFF, b, a0, a1, k, lane)
            for (t0, t1, b, a0, a1, k, lane) in _EVENT.iter_unpack(raw)]


# --- constants ------------------------------------------------------------------------------------
_declare(_lib, "lsp_constants", _vp)
_constants = json.loads(_take(_lib.lsp_constants()))
LAYOUT_VERSION = _constants["LAYOUT_VERSION"]
LANE_MAIN = _constants["LANE_MAIN"]
LANE_PIN = _constants["LANE_PIN"]
LANE_COPY = _constants["LANE_COPY"]
LANE_COMPUTE = _constants["LANE_COMPUTE"]
KIND_NAMES = _constants["KIND_NAMES"]
KINDS = _constants["KINDS"]
KIND_TABLE = _constants["KIND_TABLE"]
HOST_BLOCK = _constants["HOST_BLOCK"]

# --- clocks ---------------------------------------------------------------------------------------
# The engine's clock is CLOCK_MONOTONIC and a thread's CPU is CLOCK_THREAD_CPUTIME_ID: Python reads
# both itself, with no call into the library.
now = time.monotonic_ns
thread_cpu_ns = time.thread_time_ns
run_delay_ns = _declare(_hot, "lsp_run_delay_ns", _u64)
_batch_key_c = _declare(_hot, "lsp_batch_key", _i64, _int, _i64)  # the definition (events.h); tests compare


def batch_key(epoch, task):
    """events.h's batchKey (epoch and task in one int64, -1 for no task), in Python: a C call each
    batch cost more than the arithmetic."""
    return -1 if task < 0 else (epoch << 32) | (task & 0xFFFFFFFF)


usable_cores = _declare(_hot, "lsp_usable_cores", _int)

# --- segments and writers -------------------------------------------------------------------------
for _name, _res, _args in (
        ("lsp_segment_open", _vp, (_cp,)), ("lsp_segment_free", None, (_vp,)),
        ("lsp_segment_name", _vp, (_vp,)), ("lsp_segment_lanes", _u32, (_vp,)),
        ("lsp_segment_info", _vp, (_vp,)), ("lsp_segment_claim_worker", None, (_vp, _int)),
        ("lsp_writer_new", _vp, (_vp, _int)), ("lsp_writer_free", None, (_vp,)),
        ("lsp_recorder_new", _vp, (_vp, _u32)), ("lsp_recorder_free", None, (_vp,)),
        ("lsp_worker_new", _vp, (_vp, _vp, _int)), ("lsp_worker_free", None, (_vp,)),
        ("lsp_session_new", _vp, (_u32, _u32, _cp, _int, _int, _cp, _cp)), ("lsp_session_free", None, (_vp,)),
        ("lsp_session_name", _vp, (_vp,)), ("lsp_session_clock_origin", _u64, (_vp,)),
        ("lsp_session_lanes", _u32, (_vp,)), ("lsp_session_segment", _vp, (_vp,)),
        ("lsp_session_info", _vp, (_vp,)), ("lsp_session_set_info", _int, (_vp, _cp)),
        ("lsp_session_set_rank", None, (_vp, _int, _int)), ("lsp_session_note_lanes_used", None, (_vp, _u32)),
        ("lsp_session_set_run_state", None, (_vp, _u32)), ("lsp_session_stop_collector", None, (_vp,)),
        ("lsp_session_events_lost", _u64, (_vp,)), ("lsp_session_event_count", _i64, (_vp,)),
        ("lsp_session_recording_live_path", _vp, (_vp,)), ("lsp_session_close_recording", _vp, (_vp,)),
        ("lsp_session_unlink", _int, (_vp,)), ("lsp_segment_bytes", _u64, (_u32, _u32, _u64)),
        ("lsp_reader_new", _vp, (_cp,)), ("lsp_reader_free", None, (_vp,)),
        ("lsp_reader_drain", _i64, (_vp, ctypes.POINTER(ctypes.POINTER(_i64)))),
        ("lsp_reader_lost", _u64, (_vp,)), ("lsp_reader_info", _vp, (_vp,)),
        ("lsp_read_recording", _vp, (_cp, ctypes.POINTER(ctypes.POINTER(_i64)), ctypes.POINTER(_u64))),
        ("lsp_zstd_decompress_file", _i64, (_cp, _cp)), ("lsp_recording_slowest", _vp, (_cp,)),
        ("lsp_stream_segment", _vp, (_cp, _int, _int, _u64, _i64, _cp, _STOP, _int)),
        ("lsp_check_output_path", _vp, (_cp,)), ("lsp_copy_to_output", _int, (_cp, _cp)),
        ("lsp_private_temp_dir", _vp, (_cp,)), ("lsp_remove_private_temp_dir", None, (_cp,)),
        ("lsp_write_outputs", _vp, (_vp, _cp, _cp, _cp, _cp)), ("lsp_fit_config", _vp, (_cp,)),
        ("lsp_list_segments", _vp, ()), ("lsp_segment_stacks_asked", _u32, (_vp,)),
        ("lsp_stacks_collect", _vp, (_cp, _int, _int)), ("lsp_recording_stacks", _vp, (_cp,))):
    _declare(_lib, _name, _res, *_args)
# The per-event calls, with the GIL held.
_span = _declare(_hot, "lsp_writer_span", None, _vp, _int, _u64, _u64, _i64, _i64, _i64, _int)
_until_now = _declare(_hot, "lsp_writer_until_now", _u64, _vp, _int, _u64, _i64, _i64, _i64)
_fetched_list = _declare(_hot, "lsp_recorder_fetched_list", None, _vp, _cp, _u64)  # packed <q triples
_fetched_tuples = _declare(_hot, "lsp_recorder_fetched_tuples", _i64, _vp, ctypes.py_object)
_writer_tuples = _declare(_hot, "lsp_writer_tuples", _i64, _vp, ctypes.py_object)
_thread_marks = _declare(_hot, "lsp_thread_marks", None, ctypes.POINTER(_u64))
_fetched_many = _declare(_hot, "lsp_recorder_fetched_many", None, _vp, _u64, _u64, ctypes.POINTER(_i64), _u64)
_collated = _declare(_hot, "lsp_recorder_collated", None, _vp, _u64, _i64)
# A stack into a writer's ring (the watch thread, with the GIL: never beside the ring's own thread).
_stack = _declare(_hot, "lsp_writer_stack", None, _vp, _u64, _i64, _i64, _int, _cp, _u64)
_begin_batch = _declare(_hot, "lsp_recorder_begin_batch", None, _vp, _i64, ctypes.POINTER(_u64))
_end_batch = _declare(_hot, "lsp_recorder_end_batch", _i64, _vp, _int, ctypes.POINTER(_u64))
# A worker's tasks (worker_tally.h): one call as a task arrives, one as its result leaves.
_worker_task = _declare(_hot, "lsp_worker_task", _int, _vp, _i64)
_worker_result = _declare(_hot, "lsp_worker_result", None, _vp, _int)
_worker_idle_from = _declare(_hot, "lsp_worker_idle_from", None, _vp, _u64)
_worker_next_epoch = _declare(_hot, "lsp_worker_next_epoch", None, _vp)
_worker_take_own_ns = _declare(_hot, "lsp_worker_take_own_ns", _u64, _vp)
_cpu_marks = _declare(_hot, "lsp_session_cpu_marks", None, _vp, ctypes.POINTER(_u64))
_cpu_marks_no_runq = _declare(_hot, "lsp_session_cpu_marks_no_runq", None, _vp, ctypes.POINTER(_u64))

_LANE_DEFAULT = 0x7FFF  # the writer's own lane


def _hand_over_python_api():
    """Gives the library the addresses of the six stable-ABI functions it reads (and empties) a
    list of sample times with (recorder.h, setPythonApi). False where this Python does not export
    them (then FetchRecorder.flush packs the times itself, slower, and only the fetching thread
    writes them)."""
    if sysconfig.get_config_var("Py_GIL_DISABLED"):
        return False  # no GIL to make the read and the clear one step (the probe refuses it anyway)
    try:
        api = ctypes.pythonapi
        names = ("PyList_Size", "PyList_GetItem", "PyTuple_GetItem", "PyLong_AsLongLong", "PyErr_Clear",
                 "PyList_SetSlice")
        table = (_vp * len(names))(*[ctypes.cast(getattr(api, n), _vp).value for n in names])
        return _lib.lsp_set_python_api(table) == 1
    except (AttributeError, OSError, ValueError):
        return False


_declare(_lib, "lsp_set_python_api", _int, ctypes.POINTER(_vp))
_TUPLES = _hand_over_python_api()


class _Owned:
    """An object of the library (an opaque pointer), freed once with `_free` when dropped. A forked
    child frees its copy too: the library leaves a parent's mapping alone there (SegmentHandle)."""
    __slots__ = ("_p",)
    _free = None

    def __init__(self, p):
        self._p = p

    def __del__(self):
        p, self._p = getattr(self, "_p", None), None
        if p and type(self)._free:
            try:
                type(self)._free(p)
            except Exception:  # late in the interpreter's shutdown: the process frees it all
                pass


class SegmentHandle(_Owned):
    __slots__ = ()
    _free = _lib.lsp_segment_free

    @property
    def name(self):
        return _take(_lib.lsp_segment_name(self._p))

    @property
    def lanes(self):
        return _lib.lsp_segment_lanes(self._p)

    def info(self):
        return json.loads(_take(_lib.lsp_segment_info(self._p)))

    def stacks_asked(self):
        """How many times the job was asked for its Python stacks (stacks, Show stack)."""
        return _lib.lsp_segment_stacks_asked(self._p)

    def claim_worker(self, lane):
        """Names this process as the worker writing lane `lane` (memory sampling)."""
        _lib.lsp_segment_claim_worker(self._p, int(lane))


def open_segment(name):
    """Opens a probe's segment for writing (a spawned worker)."""
    return SegmentHandle(_take_ptr(_lib.lsp_segment_open(_arg(name)), "cannot open " + str(name)))


def _take_ptr(p, what):
    if not p:
        raise _error(what)
    return p


class Writer(_Owned):
    """The single writer of one lane's event ring in this process."""
    __slots__ = ("lane", "_segment")
    _free = _lib.lsp_writer_free

    def __init__(self, segment, lane):
        super().__init__(_take_ptr(_lib.lsp_writer_new(segment._p, int(lane)), "no writer"))
        self.lane = int(lane)
        self._segment = segment

    def span(self, kind, t0, t1, batch=-1, arg0=0, arg1=0, lane=_LANE_DEFAULT):
        _span(self._p, kind, t0, t1, batch, arg0, arg1, lane)

    def instant(self, kind, t, batch=-1, arg0=0, arg1=0, lane=_LANE_DEFAULT):
        _span(self._p, kind, t, t, batch, arg0, arg1, lane)

    def stack(self, t, batch, sample, reason, text):
        """A Python stack taken at t (loaderscope/_stacks.py): its Stack event and text."""
        data = text.encode("utf-8", "replace")
        _stack(self._p, t, batch, sample, reason, data, len(data))

    def write_all(self, events):
        """Events as (kind, t0, t1, batch, arg0, arg1, lane) tuples, in order: one C call."""
        if not (_TUPLES and _writer_tuples(self._p, events) >= 0):
            for e in events:
                _span(self._p, *e)

    def until_now(self, kind, t0, batch=-1, arg0=0, arg1=0):
        """A span from t0 until now; returns now (the caller's next t0)."""
        return _until_now(self._p, kind, t0, batch, arg0, arg1)


# --- the session ----------------------------------------------------------------------------------

class WorkerTally(_Owned):
    """A worker's per-task recording (worker_tally.h): _worker_task and _worker_result, made with
    its pointer, as each task arrives and its result leaves."""
    __slots__ = ()
    _free = _lib.lsp_worker_free

    def __init__(self, recorder, writer, epoch):
        # The library's tally holds its own references to the recorder and the writer.
        super().__init__(_take_ptr(_lib.lsp_worker_new(recorder._p, writer._p, int(epoch)), "no worker tally"))

    def idle_from(self, t):
        _worker_idle_from(self._p, t)

    def next_epoch(self):
        _worker_next_epoch(self._p)

    def take_own_ns(self):
        """The probe's CPU in the task calls since the last take, ns."""
        return _worker_take_own_ns(self._p)


class Session(_Owned):
    """The probe's session in the job's main process (session.h): its segment, the collector."""
    __slots__ = ("_segment",)
    _free = _lib.lsp_session_free

    def __init__(self, lanes, ring_capacity, program, rank=-1, world_size=0, info_json="{}", recording_path=""):
        super().__init__(_take_ptr(_lib.lsp_session_new(lanes, ring_capacity, _arg(program), rank, world_size,
                                                        _arg(info_json), _arg(recording_path)), "no session"))
        self._segment = SegmentHandle(_lib.lsp_session_segment(self._p))

    name = property(lambda self: _take(_lib.lsp_session_name(self._p)))
    clock_origin_ns = property(lambda self: _lib.lsp_session_clock_origin(self._p))
    lanes = property(lambda self: _lib.lsp_session_lanes(self._p))
    segment = property(lambda self: self._segment)
    events_lost = property(lambda self: _lib.lsp_session_events_lost(self._p))
    event_count = property(lambda self: _lib.lsp_session_event_count(self._p))
    recording_live_path = property(lambda self: _take(_lib.lsp_session_recording_live_path(self._p)))

    def info(self):
        return json.loads(_take(_lib.lsp_session_info(self._p)))

    def set_info(self, info_json):
        """Rewrites the job's description in the segment (False: too long)."""
        return bool(_lib.lsp_session_set_info(self._p, _arg(info_json)))

    def set_rank(self, rank, world_size):
        _lib.lsp_session_set_rank(self._p, rank, world_size)

    def note_lanes_used(self, n):
        _lib.lsp_session_note_lanes_used(self._p, n)

    def set_run_state(self, state):
        _lib.lsp_session_set_run_state(self._p, state)

    def stop_collector(self):
        _lib.lsp_session_stop_collector(self._p)

    @staticmethod
    def marks():
        """The array cpu_marks and thread_marks read into: one per reader of them (an IterCtx),
        kept, since building one from Python values cost more than the clock reads."""
        return (_u64 * 5)()

    def cpu_marks(self, out=None, runq=True):
        """(thread CPU, thread run-queue wait, process CPU, the probe's own threads' CPU, thread CPU
        after these reads), ns, read into `out` (a marks() array) or a new one. Not `runq`: the
        run-queue wait is not read (out's entry stays that of the last read)."""
        out = (_u64 * 5)() if out is None else out
        (_cpu_marks if runq else _cpu_marks_no_runq)(self._p, out)
        return tuple(out)

    def thread_marks(self, out):
        """cpu_marks' reads of this thread alone (0, 1 and 4) into `out`, the array of the last
        cpu_marks: the process's and the probe threads' entries stay those of then."""
        _thread_marks(out)
        return tuple(out)

    def close_recording(self):
        return _take(_lib.lsp_session_close_recording(self._p), "cannot close the recording")

    def unlink(self):
        if _lib.lsp_session_unlink(self._p) != 0:
            raise _error("cannot remove the segment")


def segment_bytes(lanes, ring_capacity, info_json_bytes):
    """Bytes of /dev/shm a Session with these counts reserves."""
    return _lib.lsp_segment_bytes(lanes, ring_capacity, info_json_bytes)


class Reader(_Owned):
    """A live reader of a segment's rings: the engine's EventReader, as the app uses it."""
    __slots__ = ()
    _free = _lib.lsp_reader_free

    def __init__(self, name):
        super().__init__(_take_ptr(_lib.lsp_reader_new(_arg(name)), "cannot open " + str(name)))

    def drain(self):
        ptr = ctypes.POINTER(_i64)()
        n = _lib.lsp_reader_drain(self._p, ctypes.byref(ptr))
        return _events(ptr, n)

    @property
    def lost(self):
        return _lib.lsp_reader_lost(self._p)

    def info(self):
        return json.loads(_take(_lib.lsp_reader_info(self._p)))


def read_events_file(path):
    """(header, events) of a recording."""
    ptr = ctypes.POINTER(_i64)()
    n = _u64()
    header = _take(_lib.lsp_read_recording(_arg(path), ctypes.byref(ptr), ctypes.byref(n)))
    try:
        return json.loads(header), _events(ptr, n.value)
    finally:
        _lib.lsp_free(ptr)


def zstd_decompress_file(compressed, out):
    """Decompresses a --zstd stream into its recording; returns its bytes."""
    n = _lib.lsp_zstd_decompress_file(_arg(compressed), _arg(out))
    if n < 0:
        raise _error("cannot decompress " + str(compressed))
    return n


def stream_segment(segment, fd=1, zstd_level=0, buffer_bytes=32 << 20, clock_offset_ns=0, fields=(), stop=None,
                   pings_fd=-1):
    """Writes the segment's events to fd as a recording stream until the job ends. Raises
    RuntimeError when the segment cannot be opened. Returns the end reason and the counts. Ctrl-C
    (and the handlers the caller set for other signals, if they raise) end it with its end record,
    as does `stop` (a callable) returning true; a second Ctrl-C gives up on a consumer that
    stopped reading."""

    def asked():
        # On the streaming thread every 100 ms, with the GIL (ctypes takes it).
        try:
            return 1 if stop() else 0
        except Exception:
            return 1

    callback = _STOP(asked) if stop is not None else ctypes.cast(None, _STOP)  # alive for the call
    fields_json = json.dumps([[str(k), str(v)] for k, v in fields]).encode()
    r = _lib.lsp_stream_segment(_arg(segment), fd, zstd_level, buffer_bytes, clock_offset_ns, fields_json, callback,
                                pings_fd)
    return json.loads(_take(r, "cannot stream " + str(segment)))


def check_output_path(path):
    """"" when the path can be written, else the reason (the engine's check)."""
    return _take(_lib.lsp_check_output_path(_arg(path)))


def copy_to_output(from_path, to_path):
    """Writes the file's bytes to an output path by the output rule (devices and FIFOs in place)."""
    if _lib.lsp_copy_to_output(_arg(from_path), _arg(to_path)) != 0:
        raise _error("cannot write " + str(to_path))


def private_temp_dir(what):
    """A 0700 folder loaderscope-<what>-<pid>-XXXXXX (removed by the stale sweep once the pid is gone)."""
    return _take(_lib.lsp_private_temp_dir(_arg(what)), "cannot make a private folder")


def remove_private_temp_dir(path):
    _lib.lsp_remove_private_temp_dir(_arg(path))


def write_outputs(session, meta_json, summary_path, trace_path, recording_path):
    """Stops the session's collector; returns its summary JSON (the engine's RunSummary, plus the
    probe's keys) and writes it where a path is given, and the Chrome trace from the closed
    recording."""
    return _take(_lib.lsp_write_outputs(session._p, _arg(meta_json), _arg(summary_path or ""), _arg(trace_path or ""),
                                        _arg(recording_path or "")), "cannot write the outputs")


def fit_config(observed_json):
    """The engine config fitted to a summary's "observed" object."""
    return _take(_lib.lsp_fit_config(_arg(observed_json)), "cannot fit")


def recording_slowest(path):
    """A recording's figures with its slowest samples, as lsp_recording_slowest's JSON."""
    return _take(_lib.lsp_recording_slowest(_arg(path)), "cannot read the recording")


def collect_stacks(segment, ask=True, wait_ms=3000):
    """A live job's Python stacks: asked for and waited for (stacks.h), as a dict."""
    return json.loads(_take(_lib.lsp_stacks_collect(_arg(segment), 1 if ask else 0, int(wait_ms)),
                            "cannot ask " + str(segment)))


def recording_stacks(path):
    """Every Python stack in a recording, as a dict."""
    return json.loads(_take(_lib.lsp_recording_stacks(_arg(path)), "cannot read the recording"))


def list_segments():
    """Live segments of this user (engine runs and watched jobs), newest first."""
    return json.loads(_take(_lib.lsp_list_segments()))
