# SPDX-License-Identifier: MIT
"""python3 -m loaderscope run|model|list|stream|demux|slow|stacks

run    runs a script as `python3 script.py args...` would (sys.argv, sys.path[0], __main__, exit
       status, exceptions), with every torch.utils.data.DataLoader recorded. The first stderr line
       from the probe is machine-readable:
           loaderscope: segment <name> pid=<pid> rank=<rank> world_size=<n>
       <name> is the file in /dev/shm (the app attaches to it by that exact name).
model  prints the engine config fitted to a run's summary (its "observed" object); --check BEFORE
       AFTER puts the model's prediction for AFTER's knobs next to what AFTER measured.
list   lists live Loaderscope segments (engine runs and watched jobs); --json: one JSON array.
stream writes a live segment's events to standard output as they come, in the recording format
       (docs/traces.md, section 2), until the job ends: a saved stream is a recording.
demux  splits what `stream --all` wrote into one recording per segment.
slow   prints a recording's slowest samples: which sample, where, how long, and what each cost the
       loop (its batch's wait, the head-of-line part, the stall it added); a files dataset's by file.
stacks asks a live job for the Python stacks of its main thread and workers (the job goes on), or
       prints those a recording holds (asked for, or taken when a fetch ran past its threshold).
"""

import argparse
import json
import os
import signal
import sys
import types

COMMANDS = ("run", "model", "list", "stream", "demux", "slow", "stacks")
PATHS_NOTE = "Output paths may hold {rank}, {pid} and {host}; with several ranks and no {rank}, .rank<N> is added."


def _usage_error(message):
    """Exit status 2, as for any command-line error (argparse's), before the script runs."""
    sys.stderr.write("loaderscope: %s\n" % message)
    sys.exit(2)


class _CommandLineFormatter(argparse.HelpFormatter):
    """Shows the script and its arguments (one REMAINDER argument) by their metavar, not as '...'."""

    def _format_args(self, action, default_metavar):
        if action.nargs == argparse.REMAINDER:
            return self._metavar_formatter(action, default_metavar)(1)[0]
        return super()._format_args(action, default_metavar)


def _run_parser():
    """The options of `run` (docs/config.md section 4; the environment variables are the same
    settings for LOADERSCOPE_WATCH). The script and everything after it are one REMAINDER argument,
    kept verbatim: a positional `script` would swallow a `--` that follows it."""
    parser = argparse.ArgumentParser(
        prog="python3 -m loaderscope run", allow_abbrev=False, epilog=PATHS_NOTE, formatter_class=_CommandLineFormatter,
        description="Runs a script as `python3 script.py args...` would, with every torch.utils.data.DataLoader "
                    "recorded. The first stderr line of the probe names the segment.")
    parser.add_argument("--summary", metavar="FILE", help="the summary JSON (also LOADERSCOPE_SUMMARY)")
    parser.add_argument("--trace", metavar="FILE", help="a Chrome trace (also LOADERSCOPE_TRACE)")
    parser.add_argument("--events", metavar="FILE", help="the recording (also LOADERSCOPE_EVENTS)")
    parser.add_argument("--lanes", metavar="N", type=int,
                        help="worker lanes in the segment (default 16, 1 to 1024; also LOADERSCOPE_LANES)")
    parser.add_argument("--sample-every", metavar="N", type=int,
                        help="record one sample span in N (default 1: every sample; also LOADERSCOPE_SAMPLE_EVERY)")
    parser.add_argument("command", nargs=argparse.REMAINDER, metavar="script.py [args ...]",
                        help="the training script and its own arguments, as python3 takes them")
    return parser


def _parse_run(argv):
    """The options of `run`, the script and its arguments (exit status 2 for a usage error)."""
    parser = _run_parser()
    opts = parser.parse_args(argv)
    command = opts.command[1:] if opts.command[:1] == ["--"] else opts.command
    if not command:
        parser.error("no script given")
    return opts, command[0], command[1:]


def _trim(tb, script):
    """The traceback from the script's first frame on, as `python3 script.py` would print it."""
    t = tb
    while t is not None and os.path.abspath(t.tb_frame.f_code.co_filename) != script:
        t = t.tb_next
    return t or tb


def _terminate_like_default(session, signum):
    """SIGTERM with no handler of the script's: write the outputs, then die of the signal as the
    script would have."""

    ending = []

    def handler(sig, frame):
        # A second SIGTERM while the outputs are written (the app's PR_SET_PDEATHSIG fires once
        # for each of the dying app's threads) would run this again inside the first call, and its
        # kill would end the job half-way: no outputs, the recording left under its temporary
        # name. The first call finishes, then dies of the signal; later ones have nothing to do.
        if ending:
            return
        ending.append(sig)
        try:
            session.finish(128 + sig, interrupted=True)
        finally:
            signal.signal(sig, signal.SIG_DFL)
            os.kill(os.getpid(), sig)

    if signal.getsignal(signum) == signal.SIG_DFL:
        signal.signal(signum, handler)


def run(argv):
    opts, script, args = _parse_run(argv)
    import loaderscope
    from ._state import STATE
    from . import _session
    o = STATE.options
    o.summary = opts.summary or o.summary
    o.trace = opts.trace or o.trace
    o.events = opts.events or o.events
    if opts.lanes is not None:
        o.lanes = max(1, min(1024, opts.lanes))
    if opts.sample_every is not None:
        o.sample_every = max(1, opts.sample_every)
    from . import _compat
    if _compat.native_problem() is None:  # else the job runs unwatched, with the one line that says why
        from . import _native
        for flag, path in (("--summary", o.summary), ("--trace", o.trace), ("--events", o.events)):
            problem = _native.check_output_path(_session.expand(path, 0, 0)) if path else ""
            if problem:
                _usage_error("cannot write %s %s: %s" % (flag, path, problem))
    script = os.path.abspath(script)
    try:
        with open(script, "rb") as f:
            source = f.read()
    except OSError as e:
        # As python3 does: "can't open file ...: [Errno 2] ..." and status 2.
        sys.stderr.write("%s: can't open file %r: [Errno %d] %s\n" % (sys.executable, script, e.errno, e.strerror))
        sys.exit(2)
    o.program = script
    sys.argv = [script] + list(args)
    sys.path[0] = os.path.dirname(script)
    STATE.watch_all = True
    loaderscope._activate()
    session = _session.current() if STATE.disabled is None else None
    if session is not None:
        _terminate_like_default(session, signal.SIGTERM)

    main = types.ModuleType("__main__")
    main.__dict__.update({"__file__": script, "__builtins__": __builtins__, "__cached__": None,
                          "__loader__": None, "__spec__": None, "__package__": None})
    sys.modules["__main__"] = main
    code = compile(source, script, "exec")
    try:
        exec(code, main.__dict__)
    except SystemExit as e:
        code_ = e.code
        status = 0 if code_ is None else code_ if isinstance(code_, int) else 1
        if session is not None:
            session.finish(status)
        raise
    except KeyboardInterrupt:
        if session is not None:
            session.finish(130, interrupted=True)
        raise  # Python then exits by SIGINT, as for the script itself
    except BaseException as e:
        if session is not None:
            session.finish(1)
        # The default hook prints the exception's own traceback: trim that (from the script on).
        e.__traceback__ = _trim(e.__traceback__, script)
        sys.excepthook(type(e), e, e.__traceback__)
        sys.exit(1)
    if session is not None:
        session.finish(0)


def _model_parser():
    parser = argparse.ArgumentParser(
        prog="python3 -m loaderscope model", allow_abbrev=False,
        description="Prints the engine config fitted to a probe summary's \"observed\" object; with --check, "
                    "puts the model's prediction for the knobs of a later run of the job next to what that run "
                    "measured.")
    parser.add_argument("summary", metavar="SUMMARY.json", nargs="?",
                        help="a summary written by `loaderscope run --summary`")
    parser.add_argument("--check", nargs=2, metavar=("BEFORE.json", "AFTER.json"),
                        help="fit BEFORE (the job as watched), run the model at AFTER's num_workers, prefetch_factor "
                             "and batch_size, and compare with AFTER's samples/s: \"predicted 1,525 samples/s ± 10 %%, "
                             "measured 1,490\"")
    parser.add_argument("--repeats", metavar="N", type=int, default=3,
                        help="with --check: engine runs per knob setting (default 3), for the prediction's spread")
    parser.add_argument("--batches", metavar="N", type=int, default=100,
                        help="with --check: batches per engine run (default 100)")
    parser.add_argument("--engine", metavar="PATH",
                        help="with --check: the loaderscope-engine to run (default LOADERSCOPE_ENGINE, then PATH)")
    parser.add_argument("--json", action="store_true", help="with --check: print the comparison as JSON")
    return parser


def model(argv):
    parser = _model_parser()
    opts = parser.parse_args(argv)
    if opts.check and opts.summary:
        parser.error("give SUMMARY.json or --check BEFORE.json AFTER.json, not both")
    if not opts.check and not opts.summary:
        parser.error("give SUMMARY.json, or --check BEFORE.json AFTER.json")
    if opts.repeats < 1 or opts.batches < 1:
        parser.error("--repeats and --batches take a number of at least 1")
    if opts.check:
        from . import _check
        try:
            result = _check.check(opts.check[0], opts.check[1], opts.engine, opts.repeats, opts.batches)
        except _check.CheckError as e:
            _usage_error(str(e))
        except (RuntimeError, OSError) as e:
            sys.stderr.write("loaderscope: %s\n" % e)
            sys.exit(3)
        print(json.dumps(result, indent=2) if opts.json else _check.text(result))
        return
    path = opts.summary
    from . import _native
    from ._inputs import InputError, read_input
    try:
        text = read_input(path)
    except InputError as e:
        _usage_error(str(e))
    try:
        summary = json.loads(text)
    except RecursionError:
        # json's decoder recurses once per nesting level: a hostile file would print a
        # thousand-frame traceback. A real summary is a few levels deep.
        _usage_error("%s is nested too deeply to be a probe summary" % path)
    except (ValueError, UnicodeDecodeError) as e:
        _usage_error("%s is not JSON (%s)" % (path, e))
    if not isinstance(summary, dict) or "observed" not in summary:
        _usage_error("%s has no \"observed\" object (not a probe summary)" % path)
    try:
        observed = json.dumps(summary["observed"])
        config = _native.fit_config(observed)
    except (RecursionError, ValueError, RuntimeError) as e:
        # The engine names the field it cannot use (observed.batch_size: expected an integer...).
        _usage_error("%s: cannot fit a config to its \"observed\" object: %s" % (path, e))
    print(config)


RUN_STATES = {0: "starting", 1: "running", 2: "finished", 3: "failed"}


def list_segments(argv):
    parser = argparse.ArgumentParser(
        prog="python3 -m loaderscope list",
        description="Lists the live Loaderscope segments of this user on this host, newest first.")
    parser.add_argument("--json", action="store_true",
                        help="one JSON array (name, pid, rank, world_size, program, start time, state, host, and "
                             "probe_version: this probe's, the one that would stream it)")
    opts = parser.parse_args(argv)
    from . import _native
    segments = _native.list_segments()
    if not opts.json:
        for info in segments:
            print(json.dumps(info))
        return
    import socket
    import time
    import loaderscope
    host = socket.gethostname()
    out = []
    for info in segments:
        s = dict(info)
        s["state"] = RUN_STATES.get(info["run_state"], "unknown")
        s["start_time"] = time.strftime("%Y-%m-%dT%H:%M:%S%z", time.localtime(info["start_unix_ns"] / 1e9))
        s["host"] = host
        s["probe_version"] = loaderscope.__version__
        out.append(s)
    print(json.dumps(out))


def _torch_version_here():
    """The torch version of this host's Python, without importing torch (seconds, and memory): its
    torch/version.py, as torch.__version__ reads it."""
    import importlib.util
    import re
    try:
        spec = importlib.util.find_spec("torch")
        if spec is None or not spec.submodule_search_locations:
            return ""
        for d in spec.submodule_search_locations:
            with open(os.path.join(d, "version.py")) as f:
                m = re.search(r"^__version__\s*=\s*['\"]([^'\"]+)['\"]", f.read(), re.M)
                if m:
                    return m.group(1)
    except (OSError, ImportError, ValueError):
        pass
    return ""


def stream(argv):
    parser = argparse.ArgumentParser(
        prog="python3 -m loaderscope stream",
        description="Writes a live segment's events to standard output as they come, in the recording "
                    "format (a saved stream is a recording), until the job ends; then exits 0.")
    parser.add_argument("segment", nargs="?", help="the segment's name (as `list` shows it, or /dev/shm/NAME)")
    parser.add_argument("--rank", type=int, help="the segment of the job of this torch.distributed rank")
    parser.add_argument("--all", action="store_true",
                        help="every live segment of this user on this host, and those that start while it runs, "
                             "multiplexed (split with `demux`)")
    parser.add_argument("--zstd", action="store_true", help="compress: zstd frames (each ends after a beacon)")
    parser.add_argument("--pings", action="store_true",
                        help="answer clock pings: each line \"PING <token>\" read on standard input is answered at "
                             "once with a PONG record (the host's clocks when the line came), for a consumer that "
                             "aligns hosts' clocks (one segment only)")
    parser.add_argument("--buffer-kib", type=int, default=32768, metavar="N",
                        help="events read but not yet written, at most N KiB (default 32768); "
                             "past that, events are dropped and counted")
    opts = parser.parse_args(argv)
    offset = os.environ.get("LOADERSCOPE_CLOCK_OFFSET_NS", "").strip()
    try:
        offset = int(offset) if offset else 0
        if abs(offset) >= 1 << 62:
            raise ValueError
    except ValueError:
        _usage_error("stream: LOADERSCOPE_CLOCK_OFFSET_NS must be an integer number of nanoseconds, not %r"
                     % os.environ["LOADERSCOPE_CLOCK_OFFSET_NS"])
    if opts.buffer_kib < 1:
        _usage_error("stream: --buffer-kib must be at least 1")
    from . import _native
    name = opts.segment
    if sys.stdout is None:
        _usage_error("stream: there is no standard output to write to")
    if os.isatty(1):
        _usage_error("stream: standard output is a terminal: send it to a file or a pipe "
                     "(python3 -m loaderscope stream NAME > saved.stream)")
    if (name is not None) + (opts.rank is not None) + opts.all != 1:
        _usage_error("stream: name one segment, or --rank N, or --all (see `python3 -m loaderscope list`)")
    if opts.all and opts.pings:
        _usage_error("stream: --pings answers for one segment: name it, or --rank N")
    if opts.all:
        pass
    elif name is None:
        found = [s for s in _native.list_segments() if s["rank"] == opts.rank]
        if not found:
            _usage_error("stream: no live segment of rank %d on this host" % opts.rank)
        if len(found) > 1:
            _usage_error("stream: %d live segments of rank %d: name one (%s)"
                         % (len(found), opts.rank, ", ".join(s["name"] for s in found)))
        name = found[0]["name"]
    elif name.startswith("/dev/shm/"):
        name = name[len("/dev/shm/"):]
    import loaderscope
    import socket
    try:
        with open("/proc/sys/kernel/random/boot_id") as f:
            boot_id = f.read().strip()
    except OSError:
        boot_id = ""
    fields = [("host", socket.gethostname()), ("boot_id", boot_id), ("torch_version", _torch_version_here()),
              ("probe_version", loaderscope.__version__)]
    if opts.all:
        from . import _mux
        sys.stdout.flush()
        sys.exit(_mux.stream_all(_native, sys.stdout.fileno(), 3 if opts.zstd else 0, opts.buffer_kib * 1024,
                                 offset, fields, _usage_error))
    stopped_by = []

    def stop(signum, frame):
        # Ends the stream as Ctrl-C does (its end record says "interrupted"), then exits 128+N.
        stopped_by.append(signum)
        raise KeyboardInterrupt

    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, stop)
    try:
        sys.stdout.flush()
        r = _native.stream_segment(name, fd=sys.stdout.fileno(), zstd_level=3 if opts.zstd else 0,
                                   buffer_bytes=opts.buffer_kib * 1024, clock_offset_ns=offset, fields=fields,
                                   pings_fd=0 if opts.pings else -1)
    except RuntimeError as e:
        # The engine's reason: no such name, not a regular file, not a segment, another version.
        _usage_error("stream: %s" % e)
    if r["error"]:
        sys.stderr.write("loaderscope: stream: cannot write to standard output: %s\n" % r["error"])
        sys.exit(1)
    if r["consumer_gone"]:
        sys.exit(0)  # the reader closed its end (the app let go, ssh ended): nothing to say
    lost = r["lost_ring"] + r["lost_stream"]
    if lost:
        sys.stderr.write("loaderscope: stream: %d events lost (%d overwritten in the rings before they were read, "
                         "%d dropped while the consumer was slow); %d carried\n"
                         % (lost, r["lost_ring"], r["lost_stream"], r["events"]))
    if r["interrupted"]:
        sys.exit(128 + (stopped_by[0] if stopped_by else signal.SIGINT))


def demux(argv):
    parser = argparse.ArgumentParser(
        prog="python3 -m loaderscope demux",
        description="Splits what `stream --all` wrote into one recording per segment: "
                    "DIR/<segment>.stream (.stream.zst for a --zstd one).")
    parser.add_argument("file", metavar="FILE", help="the saved output of `stream --all`")
    parser.add_argument("dir", metavar="DIR", help="where the recordings go (made if needed)")
    opts = parser.parse_args(argv)
    from . import _mux
    try:
        out, cut = _mux.demux(opts.file, opts.dir)
    except (OSError, ValueError) as e:
        _usage_error("demux: %s" % e)
    for name, path, closed in out:
        print(json.dumps({"segment": name, "recording": path, "end": closed}))
    if cut is not None:
        sys.stderr.write("loaderscope: demux: warning: %s is cut short: reading stopped at byte %d\n" % (opts.file, cut))


def slow(argv):
    from . import _slow
    _slow.main(argv)


def stacks(argv):
    from . import _stackscli
    _stackscli.main(argv)


def main():
    parser = argparse.ArgumentParser(
        prog="python3 -m loaderscope", allow_abbrev=False, formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(__doc__ or "").partition("\n\n")[2], epilog="`python3 -m loaderscope COMMAND --help` lists a command's "
                                                     "options. " + PATHS_NOTE)
    parser.add_argument("command", choices=COMMANDS, help="what to do")
    parser.add_argument("argv", nargs=argparse.REMAINDER, metavar="...", help="the command's options and arguments")
    opts = parser.parse_args()
    # Each command parses its own options (its --help lists them).
    {"run": run, "model": model, "list": list_segments, "stream": stream, "demux": demux, "slow": slow,
     "stacks": stacks}[opts.command](opts.argv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
