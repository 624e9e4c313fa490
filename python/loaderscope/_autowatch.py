# SPDX-License-Identifier: MIT
"""LOADERSCOPE_WATCH: the probe in every Python process of a job, with no change to its launch
command (torchrun, srun, accelerate launch and deepspeed start the ranks themselves).

loaderscope-watch.pth, installed next to the package (dist-packages), is processed by Python at
start-up in every process. Its one line imports this module only when LOADERSCOPE_WATCH is set to
something other than "" or "0"; otherwise it costs one environment lookup and imports nothing.

  LOADERSCOPE_WATCH=1        every DataLoader is recorded into a live segment (the segment line on
                             stderr); outputs only where LOADERSCOPE_SUMMARY / _EVENTS / _TRACE say
  LOADERSCOPE_WATCH=<folder> the same, and the outputs default to
                             <folder>/summary.{host}.rank{rank}.json and events.{host}.rank{rank}.bin

Nothing is started at start-up: the hooks wait for torch.utils.data to be imported, and the session
(segment, outputs) is made when a DataLoader is first iterated in the process. So a launcher, a
process without a DataLoader, and DataLoader worker processes (forked or spawned: they run the
worker loop, never a DataLoader of their own) make no segment and write nothing. The probe's own
commands (`python3 -m loaderscope ...`: run records by its own options; list, model and the others
are helpers) and multiprocessing's helper processes (resource tracker, forkserver) are left alone.
Any failure here disables the probe with one warning; the job runs as it would without it.
"""

import os
import sys


def _helper_process():
    """True in `python3 -m loaderscope ...` and in multiprocessing's own helper processes (from the
    interpreter's command line: sys.argv is not set yet while .pth files are processed)."""
    argv = list(getattr(sys, "orig_argv", None) or [])
    i = 1
    while i < len(argv):
        a = argv[i]
        if a in ("-W", "-X"):  # the options that take a separate argument
            i += 2
            continue
        if a == "-m" and i + 1 < len(argv):
            return argv[i + 1] == "loaderscope" or argv[i + 1].startswith("loaderscope.")
        if a.startswith("-m") and len(a) > 2:
            return a[2:] == "loaderscope" or a[2:].startswith("loaderscope.")
        if a == "-c" and i + 1 < len(argv):
            prog = argv[i + 1]
            return ("multiprocessing.resource_tracker" in prog or "multiprocessing.forkserver" in prog or
                    "multiprocessing.semaphore_tracker" in prog)
        if not a.startswith("-") or a == "-":
            return False  # the script (or stdin)
        i += 1
    return False


def _start():
    import loaderscope
    from ._state import STATE
    value = os.environ.get("LOADERSCOPE_WATCH", "")
    opts = STATE.options
    if value != "1":
        folder = os.path.abspath(value)
        if any(p in folder for p in ("{rank}", "{pid}", "{host}")):
            opts.watch_folder = folder  # made by the session, filled in (_session.ProbeSession)
        else:
            os.makedirs(folder, exist_ok=True)
        # LOADERSCOPE_SUMMARY / _EVENTS, when set, win over the folder's defaults.
        opts.summary = opts.summary or os.path.join(folder, "summary.{host}.rank{rank}.json")
        opts.events = opts.events or os.path.join(folder, "events.{host}.rank{rank}.bin")
    STATE.watch_all = True  # as `python3 -m loaderscope run` does: every DataLoader
    loaderscope._activate()  # the hooks now or when torch.utils.data is imported; no session yet


def main():
    if _helper_process():
        return
    try:
        _start()
    except Exception as e:
        from ._state import disable
        disable("LOADERSCOPE_WATCH=%s: %s: %s" % (os.environ.get("LOADERSCOPE_WATCH"), type(e).__name__, e))


main()
