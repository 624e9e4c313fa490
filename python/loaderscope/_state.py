# SPDX-License-Identifier: MIT
"""The probe's process-wide state, its one warning channel and the guard that keeps every probe
failure away from the job: a failing hook disables the probe (one warning) and the job continues
exactly as it would have without it."""

import os
import sys
import weakref

PREFIX = "loaderscope: "


class Options:
    """What the user asked for (CLI flags, environment or start())."""

    def __init__(self):
        self.summary = os.environ.get("LOADERSCOPE_SUMMARY") or None
        self.trace = os.environ.get("LOADERSCOPE_TRACE") or None
        self.events = os.environ.get("LOADERSCOPE_EVENTS") or None
        self.lanes = _env_int("LOADERSCOPE_LANES", 16, 1, 1024)
        # Records per ring, a power of two: 32 Ki records = 2 MiB per lane.
        self.ring_capacity = 1 << _env_int("LOADERSCOPE_RING_BITS", 15, 10, 22)
        # Per-sample spans on 1 in N samples (1 = every sample); batch figures are always exact.
        self.sample_every = _env_int("LOADERSCOPE_SAMPLE_EVERY", 1, 1, 1 << 20)
        self.program = None
        # LOADERSCOPE_WATCH=<folder> with {rank}, {pid} or {host}: made by the session, with the
        # placeholders filled in as in file names (the rank is known then, not at start-up).
        self.watch_folder = None


def _env_int(name, default, lo, hi):
    try:
        v = int(os.environ.get(name, default))
    except ValueError:
        return default
    return min(max(v, lo), hi)


class State:
    def __init__(self):
        self.hooks = None          # _compat.Hooks once the hooks are installed
        self.installed = False
        self.armed = False         # the import hook waits for torch.utils.data (_activate)
        self.disabled = None       # the reason, once the probe has disabled itself
        self.session = None        # the ProbeSession of this process, made on first need
        self.inherited = None      # a forked child's copy of its parent's session (its mapping)
        self.role = "main"         # "worker" inside an instrumented DataLoader worker process
        self.watch_all = False     # zero-code mode: every DataLoader is watched
        self.watched = weakref.WeakSet()
        self.options = Options()
        self.warned = set()
        self.pid = os.getpid()
        self.origin_pid = os.getpid()  # the process that loaded the probe (a fork keeps it)


STATE = State()


def warn(message):
    try:
        sys.stderr.write(PREFIX + "warning: " + message + "\n")
        sys.stderr.flush()
    except Exception:
        pass


def warn_once(key, message):
    if key in STATE.warned:
        return
    STATE.warned.add(key)
    warn(message)


def disable(reason):
    """Turns every hook into a pass-through for the rest of the process, with one warning."""
    if STATE.disabled is not None:
        return
    if isinstance(reason, BaseException):
        reason = "%s: %s" % (type(reason).__name__, reason)
    STATE.disabled = str(reason)
    warn("probe disabled (%s); the job continues uninstrumented" % STATE.disabled)


def raised_by_signal_handler(e):
    """True when e comes from a Python signal handler that ran while probe code did.

    Python runs a handler in the main thread between two bytecodes of whatever runs there, so the
    job's handler (torch's SIGCHLD handler, raising "DataLoader worker ... is killed by signal")
    can raise inside a probe hook. That exception is the job's: it must reach the job, not
    disable the probe."""
    import signal
    codes = set()
    for signum in signal.valid_signals():
        try:
            handler = signal.getsignal(signum)
        except (ValueError, OSError):
            continue
        code = getattr(getattr(handler, "__func__", handler), "__code__", None)
        if code is not None:
            codes.add(code)
    tb = e.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code in codes:
            return True
        tb = tb.tb_next
    return False


def fail(e):
    """What a probe hook's except clause does with e: the job's own exception (raised by its
    signal handler) goes on to the job; a probe failure disables the probe."""
    if raised_by_signal_handler(e):
        raise e
    disable(e)


def safe(fn, *args, **kwargs):
    """Calls a probe function; a probe failure disables the probe instead of reaching the job."""
    if STATE.disabled is not None:
        return None
    try:
        return fn(*args, **kwargs)
    except Exception as e:  # never BaseException: KeyboardInterrupt and SystemExit belong to the job
        fail(e)
        return None


def active():
    return STATE.disabled is None and STATE.role == "main" and STATE.installed


def after_fork_in_child():
    # A forked process is not the session's process: it must not drain, write the main lanes or
    # write outputs. If it runs a DataLoader of its own (a rank forked by the job), it makes its
    # own session then. DataLoader workers set their role in their loop wrapper.
    if STATE.session is not None:
        STATE.inherited = STATE.session
    STATE.session = None
    STATE.pid = os.getpid()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=after_fork_in_child)
