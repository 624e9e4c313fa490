# SPDX-License-Identifier: MIT
"""`python3 -m loaderscope run script.py args` behaves as `python3 script.py args`: sys.argv,
__main__, sys.path[0], exit status, the traceback of an uncaught exception; and on SIGTERM (the
app's Stop) it writes its outputs, removes its segment and dies of the signal as the script would.

Usage: python3 test_cli.py CASE
"""

import json
import os
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probetest import HERE, PYTHON, SEGMENT_RE, check, check_no_leftovers, load_summary, main, native, run_job  # noqa: E402

CLI_JOB = os.path.join(HERE, "cli_job.py")


def case_argv_and_exit(tmp):
    # The script's own arguments pass unchanged, those that look like run's options included.
    for args, status in ((["report", "a b", "--flag", "--", "-h", "--summary", "x"], 0), (["exit", "7"], 7)):
        plain = run_job(os.path.join(tmp, "plain"), args, probe=False, job=CLI_JOB)
        probed = run_job(os.path.join(tmp, "probe"), args, probe=True, job=CLI_JOB)
        check(plain.rc == probed.rc == status, "exit status %d / %d, expected %d" % (plain.rc, probed.rc, status))
        a, b = json.loads(plain.stdout), json.loads(probed.stdout)
        check(a == b, "the script saw %r plainly and %r under the probe" % (a, b))
        check(a["name"] == "__main__" and a["main_is_globals"], "not run as __main__")
        check(probed.summary is not None and probed.summary["exit_code"] == status, "summary exit_code")
        check(probed.summary["batches"] == 0, "a script without a DataLoader has no batches")
        check_no_leftovers(probed, [])


def case_uncaught_exception(tmp):
    plain = run_job(os.path.join(tmp, "plain"), ["raise", "x7"], probe=False, job=CLI_JOB)
    probed = run_job(os.path.join(tmp, "probe"), ["raise", "x7"], probe=True, job=CLI_JOB)
    check(plain.rc == probed.rc == 1, "exit status %d / %d" % (plain.rc, probed.rc))
    probe_err = "\n".join(l for l in probed.stderr.splitlines() if not l.startswith("loaderscope: "))
    check(plain.stderr.strip() == probe_err.strip(),
          "tracebacks differ:\n--- plain\n%s\n--- probe\n%s" % (plain.stderr, probe_err))
    check(probed.summary["exit_code"] == 1, "summary exit_code")


def case_missing_script(tmp):
    missing = os.path.join(tmp, "no_such_script.py")
    a = subprocess.run([PYTHON, missing], capture_output=True, text=True)
    b = subprocess.run([PYTHON, "-m", "loaderscope", "run", missing], capture_output=True, text=True)
    check(a.returncode == b.returncode == 2, "exit status %d / %d" % (a.returncode, b.returncode))
    check(b.stderr.strip() == a.stderr.strip(), "messages differ: %r / %r" % (a.stderr, b.stderr))


def case_bad_output_path(tmp):
    """An output that cannot be written is refused before the script runs (exit status 2)."""
    marker = os.path.join(tmp, "ran")
    script = os.path.join(tmp, "job.py")
    with open(script, "w") as f:
        f.write("open(%r, 'w').close()\n" % marker)
    p = subprocess.run([PYTHON, "-m", "loaderscope", "run", "--summary", os.path.join(tmp, "no", "dir", "s.json"),
                        script], capture_output=True, text=True)
    check(p.returncode == 2 and "cannot write --summary" in p.stderr, "exit %d: %s" % (p.returncode, p.stderr))
    check(not os.path.exists(marker), "the script ran although its summary could not be written")


def case_sigterm(tmp):
    """The app stops a job with SIGTERM: outputs written, segment removed, killed by SIGTERM."""
    summary = os.path.join(tmp, "summary.json")
    p = subprocess.Popen([PYTHON, "-m", "loaderscope", "run", "--summary", summary, CLI_JOB, "wait"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    name = None
    deadline = time.monotonic() + 60
    while name is None and time.monotonic() < deadline:
        line = p.stderr.readline()
        m = SEGMENT_RE.match(line.strip())
        if m:
            name = m.group(1)
    check(name is not None, "no segment line")
    # Into the loop: wait (reading the live segment) until batches are being delivered.
    reader = native.Reader(name)
    delivered = 0
    while delivered < 5 and time.monotonic() < deadline:
        delivered += sum(1 for e in reader.drain() if e[5] == native.KINDS["Deliver"])
        time.sleep(0.02)
    check(delivered >= 5, "no batches delivered")
    children = subprocess.run(["pgrep", "-P", str(p.pid)], capture_output=True, text=True).stdout.split()
    p.send_signal(signal.SIGTERM)
    p.wait(timeout=60)
    p.stderr.close()
    p.stdout.close()
    check(p.returncode == -signal.SIGTERM, "exit status %d, expected death by SIGTERM" % p.returncode)
    check(os.path.exists(summary), "no summary after SIGTERM")
    s = load_summary(summary)
    check(s["exit_code"] == 128 + signal.SIGTERM and s["batches"] > 0, "summary after SIGTERM: %r" % s["exit_code"])

    class R:
        segments = [(name,)]
    check_no_leftovers(R, [int(c) for c in children])


def case_model_bad_input(tmp):
    """`model` on a file it cannot use (nested past any limit, not JSON, missing, no "observed"):
    one line naming the file and the problem, exit status 2, no traceback."""
    deep = os.path.join(tmp, "deep.json")
    with open(deep, "w") as f:
        f.write("[" * 100000)
    garbage = os.path.join(tmp, "garbage.json")
    with open(garbage, "w") as f:
        f.write("{not json")
    plain = os.path.join(tmp, "plain.json")
    with open(plain, "w") as f:
        f.write("{}")
    bad_observed = os.path.join(tmp, "bad_observed.json")
    with open(bad_observed, "w") as f:
        f.write('{"observed": "a string"}')
    for path, says in ((deep, "nested too deeply"), (garbage, "not JSON"), (os.path.join(tmp, "missing.json"), "cannot read"),
                       (plain, "no \"observed\" object"), (bad_observed, "observed")):
        p = subprocess.run([PYTHON, "-m", "loaderscope", "model", path], capture_output=True, text=True, timeout=60)
        lines = p.stderr.splitlines()
        check(p.returncode == 2 and len(lines) == 1 and lines[0].startswith("loaderscope: ") and says in lines[0]
              and path in lines[0] and p.stdout == "",
              "model %s: exit %d, stdout %r, stderr:\n%s" % (os.path.basename(path), p.returncode, p.stdout[:200], p.stderr[-2000:]))
    p = subprocess.run([PYTHON, "-m", "loaderscope", "model"], capture_output=True, text=True, timeout=60)
    check(p.returncode == 2 and "usage" in p.stderr, "model without a file: exit %d, %r" % (p.returncode, p.stderr))


def case_run_help(tmp):
    """`run --help` lists run's options (argparse) and runs nothing; a bad value or an unknown
    option is a usage error (exit status 2) before the script runs."""
    p = subprocess.run([PYTHON, "-m", "loaderscope", "run", "--help"], capture_output=True, text=True, timeout=60)
    check(p.returncode == 0 and p.stdout.startswith("usage: python3 -m loaderscope run"), "run --help: exit %d, %r"
          % (p.returncode, p.stdout[:300] + p.stderr[-300:]))
    for option in ("--summary", "--trace", "--events", "--lanes", "--sample-every"):
        check(option in p.stdout, "run --help does not list %s:\n%s" % (option, p.stdout))
    marker = os.path.join(tmp, "ran")
    script = os.path.join(tmp, "job.py")
    with open(script, "w") as f:
        f.write("open(%r, 'w').close()\n" % marker)
    for argv, says in ((["--lanes", "many", script], "--lanes"), (["--bogus", script], "--bogus"), ([], "no script")):
        p = subprocess.run([PYTHON, "-m", "loaderscope", "run"] + argv, capture_output=True, text=True, timeout=60)
        check(p.returncode == 2 and says in p.stderr and "usage:" in p.stderr,
              "run %r: exit %d, %r" % (argv, p.returncode, p.stderr[-500:]))
        check(not os.path.exists(marker), "run %r ran the script" % argv)
    p = subprocess.run([PYTHON, "-m", "loaderscope", "frobnicate"], capture_output=True, text=True, timeout=60)
    check(p.returncode == 2 and "frobnicate" in p.stderr, "an unknown command: exit %d, %r" % (p.returncode, p.stderr))


def case_import_graph(tmp):
    """The package's modules import one another without a cycle, counting the imports made inside
    functions (a cycle there only waits for the first call that closes it)."""
    import ast
    import importlib.util
    spec = importlib.util.find_spec("loaderscope")
    folder = spec.submodule_search_locations[0]
    modules = {f[:-3] for f in os.listdir(folder) if f.endswith(".py")}
    graph = {}
    for m in modules:
        with open(os.path.join(folder, m + ".py")) as f:
            tree = ast.parse(f.read())
        deps = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                names = [node.module.split(".")[0]] if node.module else [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("loaderscope"):
                parts = node.module.split(".")
                names = parts[1:2] or ["__init__"] + [a.name for a in node.names]
            elif isinstance(node, ast.Import):
                names = [(a.name.split(".")[1:2] or ["__init__"])[0] for a in node.names if a.name.split(".")[0] == "loaderscope"]
            else:
                continue
            deps.update(n for n in names if n in modules and n != m)
        graph[m] = deps
    check(graph.get("_session") and graph.get("_iterctx"), "no import graph read from %s" % folder)

    def cycle_from(m, path, done):
        if m in path:
            return path[path.index(m):] + [m]
        if m in done:
            return None
        for d in sorted(graph[m]):
            found = cycle_from(d, path + [m], done)
            if found:
                return found
        done.add(m)
        return None

    done = set()
    for m in sorted(graph):
        found = cycle_from(m, [], done)
        check(found is None, "an import cycle in %s: %s" % (folder, " -> ".join(found or [])))


CASES = {
    "run_help": case_run_help,
    "import_graph": case_import_graph,
    "model_bad_input": case_model_bad_input,
    "argv_and_exit_status": case_argv_and_exit,
    "uncaught_exception": case_uncaught_exception,
    "missing_script": case_missing_script,
    "bad_output_path": case_bad_output_path,
    "sigterm": case_sigterm,
}

if __name__ == "__main__":
    sys.exit(main(CASES))
