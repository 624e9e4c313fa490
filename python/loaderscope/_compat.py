# SPDX-License-Identifier: MIT
"""Which torch the probe is looking at, and whether every name it hooks is there.

The probe hooks private names of torch.utils.data. They have stayed close from 1.13 to 2.x, with a
few moves, all handled here:

* the worker process's target: ``_utils.worker._worker_loop`` (1.13 to 2.x releases) or
  ``_utils.worker._process_worker_loop`` (newer main, next to thread workers); same parameters;
* ``_MultiProcessingDataLoaderIter._process_data(data)`` (1.13) or ``(data, worker_idx)`` (2.x);
  the hook takes both;
* the shared parts of the multi-worker iterator live in ``_ParallelDataLoaderIter`` on newer main;
  the hooks patch ``_MultiProcessingDataLoaderIter`` itself, which inherits them either way;
* ``DataLoader.in_order`` (2.6+) and ``DataLoader.worker_method`` (newer main: "thread" workers run
  in the main process and are not instrumented).

Anything missing means an unknown shape: the probe then runs the job uninstrumented with one warning
naming what is missing, rather than guess and misreport.
"""

import inspect
import sys

# Parameters of the worker loop the probe reads or replaces, by name.
WORKER_LOOP_PARAMS = ("dataset_kind", "index_queue", "data_queue", "init_fn", "worker_id", "num_workers")
# Oldest and newest major versions whose shapes were read and tested against.
KNOWN_MAJOR_MINOR = ((1, 13), (2, 99))


class Hooks:
    """The torch objects the probe patches or reads, resolved once."""

    def __init__(self):
        self.torch = None
        self.version = None
        self.DataLoader = None
        self.BaseIter = None
        self.MultiIter = None
        self.SingleIter = None
        self.DatasetKind = None
        self.worker_module = None
        self.worker_loop_names = ()
        self.pin_module = None
        self.ResumeIteration = None
        self.ExceptionWrapper = None


def parse_version(text):
    """(major, minor) of a torch version string such as '1.13.0a0+git' or '2.5.1+cu121'."""
    parts = []
    for piece in text.split("+")[0].split(".")[:2]:
        digits = ""
        for ch in piece:
            if not ch.isdigit():
                break
            digits += ch
        parts.append(int(digits) if digits else 0)
    while len(parts) < 2:
        parts.append(0)
    return tuple(parts)


def native_problem():
    """None when the probe's native library can serve this interpreter, else one line saying why
    not (the job then runs unwatched)."""
    import sysconfig
    if sysconfig.get_config_var("Py_GIL_DISABLED"):
        return ("this is a free-threaded CPython (%s): the probe is not tested there yet; run the job "
                "with the standard build of this Python to watch it" % sys.version.split()[0])
    try:
        from . import _native  # noqa: F401
    except ImportError as e:
        return str(e)
    return None


def resolve():
    """Returns (Hooks, None) when every hook point is there, or (None, reason) naming what is not."""
    try:
        import torch
        import torch.utils.data.dataloader as dl
        from torch.utils.data import _utils
        from torch._utils import ExceptionWrapper
    except Exception as e:  # torch missing or broken: nothing to watch
        return None, "cannot import torch.utils.data (%s: %s)" % (type(e).__name__, e)
    h = Hooks()
    h.torch = torch
    h.version = getattr(torch, "__version__", "unknown")
    mm = parse_version(str(h.version))
    if not (KNOWN_MAJOR_MINOR[0] <= mm <= KNOWN_MAJOR_MINOR[1]):
        return None, "torch %s is outside the versions the probe knows (1.13 to 2.x)" % h.version
    missing = []

    def need(obj, name, where):
        if obj is None or not hasattr(obj, name):
            missing.append(where + "." + name)
            return None
        return getattr(obj, name)

    h.DataLoader = need(dl, "DataLoader", "torch.utils.data.dataloader")
    h.BaseIter = need(dl, "_BaseDataLoaderIter", "torch.utils.data.dataloader")
    h.MultiIter = need(dl, "_MultiProcessingDataLoaderIter", "torch.utils.data.dataloader")
    h.SingleIter = need(dl, "_SingleProcessDataLoaderIter", "torch.utils.data.dataloader")
    h.DatasetKind = need(dl, "_DatasetKind", "torch.utils.data.dataloader")
    need(h.DatasetKind, "create_fetcher", "_DatasetKind")
    need(h.DataLoader, "__iter__", "DataLoader")
    need(h.BaseIter, "__next__", "_BaseDataLoaderIter")
    for name in ("_get_data", "_process_data", "_shutdown_workers", "_next_data"):
        need(h.MultiIter, name, "_MultiProcessingDataLoaderIter")
    need(h.SingleIter, "_next_data", "_SingleProcessDataLoaderIter")
    h.worker_module = need(_utils, "worker", "torch.utils.data._utils")
    h.pin_module = need(_utils, "pin_memory", "torch.utils.data._utils")
    need(h.pin_module, "_pin_memory_loop", "torch.utils.data._utils.pin_memory")
    h.ResumeIteration = need(h.worker_module, "_ResumeIteration", "torch.utils.data._utils.worker")
    h.ExceptionWrapper = ExceptionWrapper
    names = tuple(n for n in ("_process_worker_loop", "_worker_loop") if h.worker_module is not None
                  and callable(getattr(h.worker_module, n, None)))
    if not names:
        missing.append("torch.utils.data._utils.worker._worker_loop (or _process_worker_loop)")
    h.worker_loop_names = names
    for n in names:
        try:
            params = inspect.signature(getattr(h.worker_module, n)).parameters
        except (TypeError, ValueError):
            params = {}
        for p in WORKER_LOOP_PARAMS:
            if p not in params:
                missing.append("parameter %s of torch.utils.data._utils.worker.%s" % (p, n))
    if h.pin_module is not None:
        try:
            pin_params = list(inspect.signature(h.pin_module._pin_memory_loop).parameters)
        except (TypeError, ValueError, AttributeError):
            pin_params = []
        if pin_params[:2] != ["in_queue", "out_queue"]:
            missing.append("parameters (in_queue, out_queue, ...) of _pin_memory_loop")
    if missing:
        return None, "torch %s lacks %s" % (h.version, ", ".join(missing))
    return h, None
