# SPDX-License-Identifier: MIT
"""What a stuck thread is doing: the probe's stack watch (issue 49).

One thread of the probe's own in each process it records (the job's main process, each
DataLoader worker) watches one thread: the job's main thread, or the worker's loop. Every
``TICK_S`` it wakes and

* when the segment's ``stacks_asked`` word moved (``python3 -m loaderscope stacks SEGMENT``, the
  app's *Show stack*, a stream's ``STACKS`` line), takes that thread's Python stack;
* when that thread has been inside one sample's fetch for ``after_s`` or more (10 s, or
  ``LOADERSCOPE_STACK_AFTER``, and never more than half the DataLoader's own ``timeout``, so the
  stack is in before torch's error ends the job), takes it once for that fetch.

The stack is read with ``sys._current_frames()`` from this thread: no signal is sent and nothing
runs in the watched thread, so the dataset's code (its sleeps, its I/O, its locks) goes on exactly
as without the probe. It is written into the watched thread's own ring (a Stack event, then its
text) with the GIL held, as every ring write of the probe is, so the two threads never write the
ring at once. The watch needs the GIL for a moment each tick: a thread stuck in C code that holds
the GIL (rare: sleeps, file and socket I/O and torch's operators release it) is answered when it
lets go.
"""

import os
import sys
import threading
import traceback

from . import _native
from ._state import warn_once

TICK_S = 0.25
DEFAULT_AFTER_S = 10.0
REASON_ASKED = 1
REASON_SLOW_FETCH = 2
MAX_FRAMES = 64           # innermost frames kept (the stuck call is the innermost)
MAX_TEXT_BYTES = 8192     # the writer keeps the end of a longer text (stacks.h)

_PROBE_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep


def enabled():
    """LOADERSCOPE_STACKS=off: no stack watch thread at all (no stacks, asked or automatic)."""
    return os.environ.get("LOADERSCOPE_STACKS", "").strip().lower() not in ("off", "0", "no", "false")


def after_s(loader_timeout=0):
    """The slow-fetch threshold in seconds (0: no automatic stacks): LOADERSCOPE_STACK_AFTER
    (default 10; 0 or "off" turns them off), at most half the DataLoader's timeout when it has one."""
    raw = os.environ.get("LOADERSCOPE_STACK_AFTER", "").strip().lower()
    if raw in ("off", "0", "no", "false"):
        return 0.0
    try:
        value = float(raw) if raw else DEFAULT_AFTER_S
    except ValueError:
        value = DEFAULT_AFTER_S
    if not value > 0 or value != value or value == float("inf"):
        value = DEFAULT_AFTER_S
    try:
        timeout = float(loader_timeout or 0)
    except (TypeError, ValueError):
        timeout = 0.0
    if timeout > 0:
        value = min(value, timeout / 2.0)
    return value


def fetch_in(recorder):
    """(t0 ns, sample index or -1) of the fetch `recorder` is timing now, or None: the proxies
    store a fetch's start as it begins and clear it as it ends (a tick in between reads the one in
    progress). No frame's locals are read (before Python 3.13, a frame's locals read from another
    thread can be written back stale into it under a tracer), and a C proxy has no frame."""
    return recorder.fetch_now() if recorder is not None else None


def stack_text(frame):
    """The frames of `frame`'s stack, outermost first as in a Python traceback, without the
    probe's own wrappers."""
    entries = traceback.extract_stack(frame, limit=MAX_FRAMES)
    kept = [e for e in entries if not (e.filename or "").startswith(_PROBE_DIR)]
    text = "".join(traceback.format_list(kept))
    if len(entries) >= MAX_FRAMES:
        text = "  ... (outer frames left out)\n" + text
    return text


class StackWatch:
    """Watches one thread of this process; writes its stacks into `writer`'s ring. `recorder_of`
    gives the thread's FetchRecorder (None: it fetches nothing), whose batch and fetch it reads."""

    def __init__(self, segment, writer, after, recorder_of=None, target=None):
        self.segment = segment
        self.writer = writer
        self.after_ns = int(after * 1e9) if after > 0 else 0
        self.recorder_of = recorder_of or (lambda: None)
        self.target = (target or threading.main_thread()).ident
        self.asked = segment.stacks_asked()
        self.stacked_fetch = None   # the t0 of the fetch already stacked for being slow
        self.taken = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="loaderscope-stacks", daemon=True)
        self._thread.start()

    def stop(self):
        """Ends the watch and waits for it (before the writer's segment goes away)."""
        self._stop.set()
        if self._thread is not threading.current_thread():
            self._thread.join(2.0)

    def _run(self):
        while not self._stop.wait(TICK_S):
            try:
                self.tick()
            except Exception as e:  # the job must never see the probe's failure
                warn_once("stacks", "the stack watch stopped (%s: %s)" % (type(e).__name__, e))
                return

    def tick(self):
        asked = self.segment.stacks_asked()
        frame = sys._current_frames().get(self.target)
        if frame is None:
            return
        recorder = self.recorder_of()
        fetch = fetch_in(recorder)
        if fetch is not None:  # the samples before a slow fetch: seen while it runs
            recorder.flush_late()
        if asked != self.asked:
            self.asked = asked
            self.take(frame, REASON_ASKED, fetch, recorder)
        elif fetch is not None and self.after_ns and fetch[0] != self.stacked_fetch and \
                _native.now() - fetch[0] >= self.after_ns:
            self.stacked_fetch = fetch[0]
            self.take(frame, REASON_SLOW_FETCH, fetch, recorder)

    def take(self, frame, reason, fetch, recorder):
        batch = recorder.batch if fetch is not None else -1  # the task is the fetch's
        sample = fetch[1] if fetch is not None else -1
        self.writer.stack(_native.now(), batch, sample, reason, stack_text(frame))
        self.taken += 1
