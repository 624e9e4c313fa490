# SPDX-License-Identifier: MIT
"""Loaderscope's probe: watch a real PyTorch DataLoader live.

Zero code change::

    python3 -m loaderscope run [--summary F] [--trace F] [--events F] train.py [args...]

In code::

    import loaderscope
    loader = loaderscope.watch(DataLoader(...))   # the same loader, now recorded
    for batch in loader:
        with loaderscope.step():                  # optional: marks the training step
            ...
        loaderscope.mark("checkpoint")            # optional: a moment of your own, on the step chart

Every worker writes its own lane of a shared-memory segment laid out like the engine's, so the
Loaderscope app shows a real job as it shows an engine run. Importing this package changes nothing
by itself; a probe failure disables the probe with one warning and never reaches the job.
"""

import sys

from ._state import STATE, disable, safe

__all__ = ["watch", "step", "mark", "start", "finish", "segment_name"]
__version__ = "0.1.0"


def _install_now():
    from . import _compat
    problem = _compat.native_problem()
    if problem is not None:
        disable(problem)
        return False
    from . import _mainhooks
    hooks, reason = _compat.resolve()
    if hooks is None:
        disable(reason)
        return False
    _mainhooks.install(hooks)
    if STATE.session is not None and STATE.session.hooks is None:
        STATE.session.hooks = hooks
    return True


def _activate():
    """Installs the hooks now if torch.utils.data is loaded, else as soon as it is imported (so a
    script that sets threads or environment before importing torch sees no difference)."""
    if STATE.installed or STATE.disabled is not None or STATE.armed:
        return
    from . import _compat
    problem = _compat.native_problem()
    if problem is not None:
        disable(problem)  # one line; the job runs as it would without the probe
        return
    if "torch.utils.data.dataloader" in sys.modules:
        safe(_install_now)
    else:
        from . import _importhook
        STATE.armed = True  # once: LOADERSCOPE_WATCH's start-up and start() may both get here
        _importhook.arm("torch.utils.data.dataloader", lambda: safe(_install_now))


def start(summary=None, trace=None, events=None, watch_all=False):
    """Starts the probe's session in this process now (the segment line goes to stderr) and says
    where the outputs go when the process exits (or at finish()). Returns the segment name."""
    opts = STATE.options
    opts.summary = summary or opts.summary
    opts.trace = trace or opts.trace
    opts.events = events or opts.events
    if watch_all:
        STATE.watch_all = True
    _activate()
    from . import _session
    s = safe(_session.current)
    return s.name if s is not None else None


def watch(loader):
    """Records this DataLoader (every epoch, its workers and pin-memory thread). Returns it."""
    try:
        STATE.watched.add(loader)
    except TypeError:
        disable("cannot watch a %s" % type(loader).__name__)
        return loader
    start()
    return loader


class step:
    """``with loaderscope.step():`` marks the training step (the Step span; without it the step is
    the time between two next() calls). With CUDA in use, the GPU time between the block's first
    and last CUDA event becomes a Kernel span on the compute lane."""

    def __enter__(self):
        self._t0 = None
        self._events = None
        if STATE.session is not None and STATE.disabled is None:
            safe(self._begin)
        return self

    def _begin(self):
        from . import _native
        self._t0 = _native.now()
        torch = sys.modules.get("torch")
        if torch is not None and torch.cuda.is_available() and torch.cuda.is_initialized():
            e0 = torch.cuda.Event(enable_timing=True)
            e0.record()
            self._events = e0

    def __exit__(self, *exc):
        if self._t0 is not None:
            safe(self._end)
        return False

    def _end(self):
        from . import _gpu
        _gpu.end_step(STATE.session, self._t0, self._events)


def mark(label="mark"):
    """Marks this moment with a label of your own ("checkpoint", "eval", "lr drop"): the app's step
    chart draws it beside the epoch starts, so that a slowdown after it shows as one. The label is
    kept to its first 24 bytes of UTF-8. Does nothing when the probe is not watching; never
    raises into the job."""
    if STATE.session is None or STATE.disabled is not None:
        return
    try:
        text = label if isinstance(label, str) else str(label)
    except Exception:  # the label's own str() failed: the job's object, never the job's error
        text = "mark"
    safe(_mark, text)


def _mark(label):
    from . import _kinds as K
    from . import _native
    # The first 24 bytes, less a character cut in two (as the engine's markPayload).
    data = label.encode("utf-8", "replace")[:24].decode("utf-8", "ignore").encode("utf-8")
    data = data.ljust(24, b"\0")
    words = [int.from_bytes(data[i:i + 8], "little", signed=True) for i in (0, 8, 16)]
    STATE.session.main.instant(K.MARK, _native.now(), words[0], words[1], words[2])


def finish():
    """Writes the outputs now and removes the segment (otherwise done at exit)."""
    if STATE.session is not None:
        safe(STATE.session.finish, 0)


def segment_name():
    """The segment of this process's session, or None."""
    return STATE.session.name if STATE.session is not None else None
