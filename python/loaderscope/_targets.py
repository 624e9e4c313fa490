# SPDX-License-Identifier: MIT
"""Torch's worker-loop and pin-memory-loop targets, as each thread sees them.

torch builds an iterator's worker processes and pin-memory thread from module attributes it looks
up right then (``_utils.worker._worker_loop``, ``_utils.pin_memory._pin_memory_loop``). A watched
iterator's workers must get the recording stand-ins, and only that iterator's workers.

Swapping the module attributes for the time torch builds the iterator is process-wide: with
iterators built on two threads at once, one thread saved the other's stand-in as "torch's" loop and
restored it afterwards, so stand-ins wrapped stand-ins (the worker then saw ``(*args, **kwargs)``
instead of torch's parameters: "probe disabled (KeyError: 'worker_id')" in every worker) and
loaders on other threads, watched or not, got a watched loader's lanes.

So the modules' lookup of those names goes through the calling thread's overrides first (the
module's class gains a property per name; its ``__dict__``, and so every other reader, pickling by
reference included, keeps torch's own functions). A watched ``__iter__`` sets the overrides on its
own thread for exactly the time torch builds the iterator; every other thread sees torch's loops.
"""

import os
import threading
import types

_local = threading.local()
_classes = {}  # module -> its class before install()


def _overrides():
    return getattr(_local, "overrides", None)


def _property(name):
    def get(module):
        ov = _overrides()
        if ov is not None:
            v = ov.get((id(module), name))
            if v is not None:
                return v
        try:
            return module.__dict__[name]
        except KeyError:
            raise AttributeError("module %r has no attribute %r" % (module.__name__, name)) from None

    def set_(module, value):
        module.__dict__[name] = value  # a job's own monkeypatch lands where torch's function was

    def del_(module):
        try:
            del module.__dict__[name]
        except KeyError:
            raise AttributeError(name) from None

    return property(get, set_, del_)


def install(module, names):
    """Routes the lookup of `names` on `module` through the calling thread's overrides."""
    if module in _classes:
        return
    base = type(module)
    if not issubclass(base, types.ModuleType):
        raise TypeError("%s is not a module" % module)
    cls = type("LoaderscopeRoutedModule", (base,), {n: _property(n) for n in names})
    module.__class__ = cls
    _classes[module] = base


def uninstall():
    for module, base in list(_classes.items()):
        module.__class__ = base
    _classes.clear()


def original(module, name):
    """The attribute itself (torch's function, or the job's own replacement), not an override."""
    return module.__dict__[name]


class on_this_thread:
    """``with on_this_thread({(module, name): value, ...}):`` those attributes read as the values
    on the calling thread only; None: torch's own, even inside another override (a loader iterated
    while a watched iterator is being built)."""

    def __init__(self, overrides):
        self.overrides = None if overrides is None else {(id(m), n): v for (m, n), v in overrides.items()}

    def __enter__(self):
        self.saved = _overrides()
        _local.overrides = self.overrides
        return self

    def __exit__(self, *exc):
        _local.overrides = self.saved
        return False


def after_fork_in_child():
    # A worker forked while its iterator was built has its target already; nothing it builds
    # itself may see its parent's stand-ins.
    _local.overrides = None


def busy():
    """Whether the calling thread has overrides set."""
    return _overrides() is not None


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=after_fork_in_child)
