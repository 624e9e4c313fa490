# SPDX-License-Identifier: MIT
"""The hooks in the job's main process.

Patched once (install()), each a pass-through unless the loader or iterator is watched:

* ``DataLoader.__iter__``: an epoch begins; for a new iterator with workers, torch finds recording
  stand-ins for its worker-loop and pin-memory-loop targets while it builds the iterator, on that
  thread only (_targets), so the workers it starts write their own lanes;
* ``_BaseDataLoaderIter.__next__``: the wait in next(), the step between two next() calls, the
  delivery, head-of-line blocking, the prefetch window, errors;
* ``_MultiProcessingDataLoaderIter._get_data`` / ``_process_data``: which task arrived from which
  worker when, and which one next() returned (by object identity, so in_order=False is right too);
* ``_MultiProcessingDataLoaderIter._shutdown_workers``: worker shutdown and exit statuses;
* ``multiprocessing.resource_sharer.DupFd.detach``: the time a thread spends fetching a tensor's
  file descriptor from the worker that sent it (PyTorch's file_descriptor sharing), and that
  thread's CPU in it, counted for that thread (_iterctx.take_handover).

Every recording call goes through ``safe``; torch's own code always runs, with its own arguments,
and its results and exceptions are returned or raised unchanged.
"""

import functools
import time

try:
    from multiprocessing import resource_sharer as _resource_sharer
except ImportError:  # a platform without descriptor passing: nothing to time
    _resource_sharer = None

from . import _iterctx, _native, _targets
from ._state import STATE, active, fail, safe

_originals = {}
_own_codes = set()  # the wrappers' code objects: their frames are hidden from the job's tracebacks


def _own(fn):
    _own_codes.add(fn.__code__)
    return fn


def _hide_frames(e):
    """Unlinks the probe's own frames from an exception's traceback, so the job prints the
    traceback it would print without the probe (3.7+: tb_next is writable)."""
    try:
        tb = e.__traceback__
        while tb is not None and tb.tb_frame.f_code in _own_codes:
            tb = tb.tb_next
        head = tb
        while tb is not None:
            nxt = tb.tb_next
            while nxt is not None and nxt.tb_frame.f_code in _own_codes:
                nxt = nxt.tb_next
            tb.tb_next = nxt
            tb = nxt
        e.__traceback__ = head
    except Exception:
        pass


def _watched(loader):
    return active() and (STATE.watch_all or loader in STATE.watched)


def _loader_iter(original):
    @_own
    @functools.wraps(original)
    def __iter__(self):
        if not _watched(self):
            if _targets.busy():  # built while a watched iterator is being built on this thread
                with _targets.on_this_thread(None):
                    return original(self)
            return original(self)
        try:
            prep = _iterctx.prepare_iter(STATE.hooks, self)
        except Exception as e:
            fail(e)
            return original(self)
        if prep is None:  # a loader the probe cannot watch (it said why, once)
            with _targets.on_this_thread(None):
                return original(self)
        try:
            targets = prep.targets()
        except Exception as e:
            fail(e)
            targets = None
        try:
            with _targets.on_this_thread(targets):
                it = original(self)
        except BaseException as e:
            safe(prep.failed)
            _hide_frames(e)
            raise
        safe(prep.attach, it)
        return it

    return __iter__


def _iter_next(original):
    @_own
    @functools.wraps(original)
    def __next__(self):
        ctx = self.__dict__.get("_loaderscope")
        if ctx is None or STATE.disabled is not None:
            return original(self)
        try:
            ctx.before_next(self)
        except Exception as e:
            fail(e)
            return original(self)
        try:
            data = original(self)
        except StopIteration:
            safe(ctx.on_stop, self)
            raise
        except BaseException as e:
            safe(ctx.on_error, self, e)
            _hide_frames(e)
            raise
        # safe() written out: a call less a batch on a core just woken by the batch's arrival.
        if STATE.disabled is None:
            try:
                ctx.after_next(self, data)
            except Exception as e:
                fail(e)
        return data

    return __next__


def _get_data(original):
    @_own
    @functools.wraps(original)
    def _get_data(self, *args, **kwargs):
        r = original(self, *args, **kwargs)
        ctx = self.__dict__.get("_loaderscope")
        if ctx is not None and STATE.disabled is None:
            try:  # safe(), written out as in __next__
                ctx.on_arrival(self, r)
            except Exception as e:
                fail(e)
        return r

    return _get_data


def _process_data(original):
    @_own
    @functools.wraps(original)
    def _process_data(self, data, *args, **kwargs):
        ctx = self.__dict__.get("_loaderscope")
        if ctx is not None and STATE.disabled is None:
            try:  # safe(), written out as in __next__
                ctx.on_deliver(self, data, args)
            except Exception as e:
                fail(e)
        return original(self, data, *args, **kwargs)

    return _process_data


def _shutdown_workers(original):
    @_own
    @functools.wraps(original)
    def _shutdown_workers(self, *args, **kwargs):
        # Also runs from __del__, possibly late in interpreter shutdown: nothing here may raise.
        try:
            ctx = self.__dict__.get("_loaderscope")
            t0 = ctx.now() if ctx is not None and STATE.disabled is None else None
        except BaseException:
            ctx, t0 = None, None
        try:
            return original(self, *args, **kwargs)
        finally:
            if t0 is not None:
                try:
                    safe(ctx.on_shutdown, self, t0)
                except BaseException:
                    pass

    return _shutdown_workers


def _detach(original):
    @_own
    @functools.wraps(original)
    def detach(self, *args, **kwargs):
        if STATE.disabled is not None:
            return original(self, *args, **kwargs)
        t0, c0 = _native.now(), time.thread_time_ns()
        try:
            return original(self, *args, **kwargs)
        finally:
            safe(_iterctx.add_handover, _native.now() - t0, time.thread_time_ns() - c0)

    return detach


def install(hooks):
    """Patches the hook points once per process. Returns False (and says why) if it cannot."""
    if STATE.installed:
        return True
    patches = [
        (hooks.DataLoader, "__iter__", _loader_iter),
        (hooks.BaseIter, "__next__", _iter_next),
        (hooks.MultiIter, "_get_data", _get_data),
        (hooks.MultiIter, "_process_data", _process_data),
        (hooks.MultiIter, "_shutdown_workers", _shutdown_workers),
    ]
    if _resource_sharer is not None and hasattr(_resource_sharer, "DupFd"):
        patches.append((_resource_sharer.DupFd, "detach", _detach))
    # Torch looks its workers' and pin-memory thread's targets up in these modules while it builds
    # an iterator: routed through the building thread's overrides (see _targets).
    _targets.install(hooks.worker_module, hooks.worker_loop_names)
    _targets.install(hooks.pin_module, ("_pin_memory_loop",))
    for owner, name, make in patches:
        original = getattr(owner, name)
        _originals[(owner, name)] = owner.__dict__.get(name, None)
        setattr(owner, name, make(original))
    STATE.hooks = hooks
    STATE.installed = True
    return True


def uninstall():
    """Restores torch's own methods (tests; a finished session)."""
    if not STATE.installed:
        return
    for (owner, name), original in _originals.items():
        if original is None:
            delattr(owner, name)  # it was inherited: remove the override
        else:
            setattr(owner, name, original)
    _originals.clear()
    _targets.uninstall()
    STATE.installed = False
