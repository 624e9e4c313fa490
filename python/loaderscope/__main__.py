# SPDX-License-Identifier: MIT
"""python3 -m loaderscope run|model|list

run    runs a script as `python3 script.py args...` would (sys.argv, sys.path[0], __main__, exit
       status, exceptions), with every torch.utils.data.DataLoader recorded. The first stderr line
       from the probe is machine-readable:
           loaderscope: segment <name> pid=<pid> rank=<rank> world_size=<n>
       <name> is the file in /dev/shm (the app attaches to it by that exact name).
model  prints the engine config fitted to a run's summary (its "observed" object).
list   lists live Loaderscope segments (engine runs and watched jobs).
"""

import argparse
import json
import os
import signal
import sys
import types

USAGE = """usage: python3 -m loaderscope run [--summary FILE] [--trace FILE] [--events FILE]
                                    [--lanes N] [--sample-every N] script.py [args...]
       python3 -m loaderscope model SUMMARY.json
       python3 -m loaderscope list
Output paths may hold {rank}, {pid} and {host}; with several ranks and no {rank}, .rank<N> is added."""


def _usage_error(message):
    """Exit status 2, as for any command-line error (argparse's), before the script runs."""
    sys.stderr.write("loaderscope: %s\n" % message)
    sys.exit(2)


def _parse_run(argv):
    opts = {}
    i = 0
    takes = {"--summary": "summary", "--trace": "trace", "--events": "events", "--lanes": "lanes",
             "--sample-every": "sample_every"}
    while i < len(argv) and argv[i].startswith("-"):
        flag, _, value = argv[i].partition("=")
        if flag in ("-h", "--help"):
            print(USAGE)
            sys.exit(0)
        if flag not in takes:
            _usage_error("unknown option %s\n%s" % (flag, USAGE))
        if not value:
            i += 1
            if i >= len(argv):
                _usage_error("%s needs a value" % flag)
            value = argv[i]
        opts[takes[flag]] = value
        i += 1
    if i >= len(argv):
        _usage_error("no script given\n" + USAGE)
    return opts, argv[i], argv[i + 1:]


def _trim(tb, script):
    """The traceback from the script's first frame on, as `python3 script.py` would print it."""
    t = tb
    while t is not None and os.path.abspath(t.tb_frame.f_code.co_filename) != script:
        t = t.tb_next
    return t or tb


def _terminate_like_default(session, signum):
    """SIGTERM with no handler of the script's: write the outputs, then die of the signal as the
    script would have."""

    def handler(sig, frame):
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
    o.summary = opts.get("summary", o.summary)
    o.trace = opts.get("trace", o.trace)
    o.events = opts.get("events", o.events)
    if "lanes" in opts:
        o.lanes = max(1, min(1024, int(opts["lanes"])))
    if "sample_every" in opts:
        o.sample_every = max(1, int(opts["sample_every"]))
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


def model(argv):
    parser = argparse.ArgumentParser(
        prog="python3 -m loaderscope model",
        description="Prints the engine config fitted to a probe summary's \"observed\" object.")
    parser.add_argument("summary", metavar="SUMMARY.json", help="a summary written by `loaderscope run --summary`")
    path = parser.parse_args(argv).summary
    from . import _native
    try:
        with open(path, "rb") as f:
            text = f.read()
    except OSError as e:
        _usage_error("cannot read %s: %s" % (path, e.strerror or e))
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


def list_segments(argv):
    from . import _native
    for info in _native.list_segments():
        print(json.dumps(info))


def main():
    argv = sys.argv[1:]
    if not argv or argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if argv else 2
    cmd, rest = argv[0], argv[1:]
    if cmd == "run":
        run(rest)
    elif cmd == "model":
        model(rest)
    elif cmd == "list":
        list_segments(rest)
    else:
        raise SystemExit("loaderscope: unknown command %r\n%s" % (cmd, USAGE))
    return 0


if __name__ == "__main__":
    sys.exit(main())
