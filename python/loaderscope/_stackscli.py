# SPDX-License-Identifier: MIT
"""python3 -m loaderscope stacks SEGMENT|RECORDING: what a job's threads are (or were) doing.

With a live job's segment (as `list` names it, or the probe's first stderr line), asks the job's
probe for the Python stack of its main thread and of every DataLoader worker, and prints them as
they come (within a second; the job is not stopped). With a recording (`--events`, a saved
stream), prints the stacks it holds: those asked for while it ran, and those the probe took by
itself when a fetch ran past its threshold (10 s, or half the DataLoader's timeout).
"""

import argparse
import json
import os
import stat
import sys

from . import _native
from ._slow import _is_mux, _shown, printing


def _parser():
    parser = argparse.ArgumentParser(
        prog="python3 -m loaderscope stacks",
        description="Prints the Python stacks of a watched job: a live job's (asked for now, from its main thread "
                    "and every DataLoader worker, without stopping it), or those a recording holds (asked for "
                    "while it ran, or taken by the probe when a sample's fetch ran past the threshold: "
                    "LOADERSCOPE_STACK_AFTER, default 10 s, at most half the DataLoader's timeout).")
    parser.add_argument("target", metavar="SEGMENT|RECORDING",
                        help="a live job's segment (as python3 -m loaderscope list names it; /dev/shm/NAME is taken too) "
                             "or a recording file")
    parser.add_argument("--wait", type=float, default=3.0, metavar="S",
                        help="a live job: how long to wait for every thread's answer (default 3 s)")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    return parser


def _is_file(path):
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def _where(s):
    parts = [s.get("thread", "?")]
    if s.get("sample", -1) >= 0:
        parts.append("fetching sample %d" % s["sample"])
    if s.get("batch", -1) >= 0:
        parts.append("batch %d of epoch %d" % (s["batch"], s.get("epoch", 0)))
    return ", ".join(parts)


def _print(stacks, origin_note):
    for s in stacks:
        why = "asked" if s.get("reason") == "asked" else "taken by the probe: a fetch ran past the threshold"
        print("--- %s at %.3f s%s (%s)%s" % (_where(s), s.get("t_s", 0.0), origin_note, why,
                                          "" if s.get("whole", True) else " [part of its text was lost]"))
        text = s.get("text", "")
        for line in text.splitlines():
            print(_shown(line))
        if not text:
            print("(no Python frames)")


def main(argv):
    printing("stacks", _main, argv)


def _main(argv):
    opts = _parser().parse_args(argv)
    if not (opts.wait >= 0 and opts.wait <= 600):
        sys.stderr.write("loaderscope: stacks: --wait must be 0 to 600 seconds\n")
        sys.exit(2)
    target = opts.target
    if target.startswith("/dev/shm/"):  # the segment's file, as `stream` takes it too
        target = target[len("/dev/shm/"):]
    live = not _is_file(target) and os.sep not in target
    if not live and _is_mux(target):
        sys.stderr.write("loaderscope: stacks: %s is what `stream --all` wrote: split it with `python3 -m loaderscope "
                         "demux %s DIR`, then give one of them\n" % (target, target))
        sys.exit(1)
    try:
        d = _native.collect_stacks(target, True, int(opts.wait * 1000)) if live else _native.recording_stacks(target)
    except (OSError, RuntimeError, ValueError) as e:
        if live and not os.path.exists(target):
            sys.stderr.write("loaderscope: stacks: %s is neither a file nor a live job's segment (%s); "
                             "`python3 -m loaderscope list` names the live ones\n" % (target, e))
        else:
            sys.stderr.write("loaderscope: stacks: %s\n" % e)
        sys.exit(1)
    if opts.json:
        print(json.dumps(d, indent=2))
        return
    stacks = d.get("stacks", [])
    if live:
        print("%s: %s (pid %s): %d stack%s" % (target, _shown(d.get("program", "")), d.get("pid"), len(stacks),
                                              "" if len(stacks) == 1 else "s"))
        _print(stacks, " since the job started")
        if d.get("not_answered"):
            print("no answer within %g s from: %s (a thread holding the GIL in C code answers when it lets go; "
                  "a probe older than this one does not answer)" % (opts.wait, ", ".join(d["not_answered"])))
        if not stacks:
            sys.exit(1)
        return
    if d.get("truncated"):
        print("warning: the recording is cut short: a stack taken after the cut is not listed")
    if not stacks:
        print("%s: no Python stack recorded (none was asked for, and no fetch ran past the threshold)" % target)
        return
    print("%s: %d stack%s" % (target, len(stacks), "" if len(stacks) == 1 else "s"))
    _print(stacks, " into the run")
