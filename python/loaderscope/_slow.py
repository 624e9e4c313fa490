# SPDX-License-Identifier: MIT
"""python3 -m loaderscope slow RECORDING: a run's slowest samples, for a terminal.

Reads the recording once (the engine's `run --events`, the probe's `--events`, or a saved
`stream`) with the same code the app and the summary use, and prints the slowest fetches: which
sample, where, how long, and what each cost the loop. What the figures may miss is said first.
"""

import argparse
import json
import os
import sys

import stat

from . import _mux, _native


def _parser():
    parser = argparse.ArgumentParser(
        prog="python3 -m loaderscope slow",
        description="Prints the slowest samples of a recording: sample index, worker, epoch, batch, how long "
                    "its fetch took (and times the median fetch), and what it cost the loop: the wait in next() "
                    "for its batch, the head-of-line part of that wait, and the stall it added beyond the "
                    "median wait. A files dataset's samples are named by file.")
    parser.add_argument("recording", metavar="RECORDING", help="a recording (run --events, or a saved stream)")
    parser.add_argument("-n", type=int, default=20, metavar="N", help="how many (default 20, the most kept)")
    parser.add_argument("--json", action="store_true", help="one JSON object: the samples and what may be missing")
    return parser


def _ms(seconds):
    return "-" if seconds is None else "%.3f" % (seconds * 1e3)


def _shown(text):
    """A name as a terminal may print it: control characters (a newline, an escape sequence in a
    file's name) escaped as repr() writes them, never sent raw."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _is_mux(path):
    """Whether `path` is a regular file that starts as `stream --all`'s output does (a FIFO or a
    device is never opened here: the reader refuses those in its own words)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False
        with open(path, "rb") as f:
            return f.read(len(_mux.MAGIC)) == _mux.MAGIC
    except OSError:
        return False


def _caveats(d):
    """What the figures may miss, in words (empty: nothing known to be missing)."""
    out = []
    if d.get("sample_every", 1) > 1:
        out.append("only 1 sample fetch in %d was recorded (--sample-every): a slow sample that was not recorded "
                   "is not listed, and counts are estimates" % d["sample_every"])
    if d.get("events_lost"):
        out.append("%d events were lost while recording: a slow sample among them is not listed" % d["events_lost"])
    if d.get("truncated"):
        out.append("the recording is cut short: only the samples before the cut are listed")
    if d.get("damage"):
        out.append("reading stopped at a damaged chunk (%s): only the samples before it are listed" % d["damage"])
    return out


def printing(command, body, argv):
    """Runs a command that prints for a terminal (slow, stacks): a reader that leaves (| head)
    ends it quietly, as what it took is what it wanted (no traceback, and no second error when
    the interpreter flushes standard output at exit); another failing output, in one line."""
    try:
        body(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
    except OSError as e:
        sys.stderr.write("loaderscope: %s: cannot write the output: %s\n" % (command, e.strerror))
        sys.exit(1)


def main(argv):
    printing("slow", _main, argv)


def _main(argv):
    opts = _parser().parse_args(argv)
    if opts.n < 1:
        sys.stderr.write("loaderscope: slow: -n must be at least 1\n")
        sys.exit(2)
    if _is_mux(opts.recording):
        sys.stderr.write("loaderscope: slow: %s is what `stream --all` wrote (several jobs' recordings in one): split it "
                         "with `python3 -m loaderscope demux %s DIR`, then give one of them\n" % (opts.recording, opts.recording))
        sys.exit(1)
    try:
        d = json.loads(_native.recording_slowest(opts.recording))
    except (OSError, RuntimeError, ValueError) as e:
        sys.stderr.write("loaderscope: slow: %s\n" % e)
        sys.exit(1)
    f = d.get("figures", {})
    samples = f.get("slowest_samples", [])[:opts.n]
    fetch = next((s for s in f.get("distributions", []) if s.get("stage") == "fetch"), {})
    wait = next((s for s in f.get("distributions", []) if s.get("stage") == "wait"), {})
    # The slow_samples rule's figures (the engine's): past the workers' start-up, each batch once.
    waited_s = d.get("loop_waited_s", 0)
    added_s = d.get("stall_added_s", 0)
    caveats = _caveats(d)
    if opts.json:
        print(json.dumps({"recording": opts.recording, "samples_fetched": fetch.get("count", 0),
                          "fetch_p50_s": fetch.get("p50_s"), "wait_p50_s": wait.get("p50_s"),
                          "loop_waited_s": round(waited_s, 9), "stall_added_s": round(added_s, 9), "incomplete": caveats,
                          "files_note": d.get("files_note", ""),
                          "slowest_samples": samples}, indent=2))
        return
    for c in caveats:
        sys.stdout.write("warning: %s\n" % c)
    if not samples:
        print("%s: no sample fetch recorded" % opts.recording)
        return
    print("%s: %d samples fetched; median fetch %s ms; the loop's median wait in next() %s ms"
          % (opts.recording, fetch.get("count", 0), _ms(fetch.get("p50_s")), _ms(wait.get("p50_s"))))
    files = any(s.get("file") for s in samples)
    head = ("%3s %10s %6s %5s %7s %10s %8s %10s %10s %10s" %
            ("#", "sample", "worker", "epoch", "batch", "fetch ms", "x median", "wait ms", "hol ms", "added ms"))
    print(head + ("  file" if files else ""))
    for k, s in enumerate(samples, 1):
        times = s.get("times_median")
        worker = "main" if s.get("worker", -1) < 0 else str(s.get("worker"))
        line = ("%3d %10s %6s %5d %7d %10s %8s %10s %10s %10s" %
                (k, s.get("sample"), worker, s.get("epoch", -1), s.get("batch", -1), _ms(s.get("duration_s")),
                 "-" if times is None else "%.1f" % times, _ms(s.get("batch_wait_s")),
                 _ms(s.get("head_of_line_s")), _ms(s.get("stall_added_s"))))
        print(line + ("  " + _shown(s["file"]) if s.get("file") else ""))
    if d.get("files_note"):
        print(_shown(d["files_note"]))
    if waited_s > 0:
        # Each batch once (two slow samples of one batch delayed it once), the workers' start-up off.
        share = "%.3f s of stall: %.1f %% of the %.3f s the loop waited for data past the workers' start-up" % (
            added_s, min(100.0, 100 * added_s / waited_s), waited_s)
        times, named = d.get("slowest_times_median", 0), d.get("times_median_named", 10)
        if times >= named:
            print("The batches of the %d slowest added %s." % (len(f.get("slowest_samples", [])), share))
        else:
            # Their batches waited, but not for them: no sample is much slower than the others.
            print("No sample stands out: the slowest took %.1f times the median fetch (the advice names a sample from "
                  "%g times); the wait of their batches (%s) is the pool's, not theirs." % (times, named, share))
    print("wait: the loop's wait in next() for the sample's batch; hol: the part of it with later batches "
          "ready; added: the wait beyond the median wait. '-': its batch's wait was not recorded.")
