# SPDX-License-Identifier: MIT
"""The probe as a user installs it: the wheel and sdist that `./run.sh wheel` makes, pip-installed
into fresh venvs, with the probe's own job tests run by the venv's Python (no build tree on
PYTHONPATH: what they import is what pip installed).

usage: test_wheel.py CASE   (ctest sets LOADERSCOPE_SOURCE_DIR, LOADERSCOPE_BUILD_DIR, LOADERSCOPE_VERSION,
                             LOADERSCOPE_ENGINE, LOADERSCOPE_SSHD)
  build      stage.py: the wheel and the sdist into BUILD/dist (the other cases' fixture)
  contents   what the wheel holds: every .so's NEEDED, its newest GLIBC_ symbol against the tag,
             the .pth, the entry points, the version; pip uninstall leaves the venv as it was
  venv_jobs  a fresh venv of this machine's python3 (Debian's torch seen through
             --system-site-packages): the job tests (map and iterable datasets, fork, spawn and
             forkserver workers, persistent workers, a worker that raises, one killed,
             LOADERSCOPE_WATCH through the installed .pth, stream, the job seen over ssh)
  chroot_jobs  the same in a Debian 13 chroot (Python 3.13, Debian's torch 2.6; tests/chroot/trixie.sh,
             kept under BUILD/trixie-root), and the sdist built there with only g++, python3-dev
             and setuptools (pip builds an sdist with it; there is no index to fetch it from) besides:
             one job with what it built, its stream read by this machine's engine.
             Skips, saying why, where no chroot can be made (not root); fails instead under CI=true.
"""

import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile

SOURCE = os.environ.get("LOADERSCOPE_SOURCE_DIR", os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BUILD = os.environ.get("LOADERSCOPE_BUILD_DIR", os.path.join(SOURCE, "build"))
DIST = os.path.join(BUILD, "dist")
PROBE_TESTS = os.path.join(SOURCE, "tests", "probe")
SKIP = 77
# What a manylinux wheel's libraries may need (PEP 600's policy for x86_64, less libcrypt and X).
ALLOWED_NEEDED = {"libc.so.6", "libm.so.6", "libdl.so.2", "librt.so.1", "libpthread.so.0", "libstdc++.so.6",
                  "libgcc_s.so.1", "ld-linux-x86-64.so.2"}
# The job tests run in each venv: (script, case). The tests pass as they do on the build tree.
JOB_CASES = [
    ("test_probe.py", "map_0_workers"), ("test_probe.py", "map_4_workers_2_epochs"),
    ("test_probe.py", "iterable_sharded"), ("test_probe.py", "persistent_2_epochs"),
    ("test_probe.py", "spawn"), ("test_probe.py", "forkserver"), ("test_probe.py", "out_of_order"),
    ("test_probe.py", "worker_raises"), ("test_probe.py", "worker_killed"),
    ("test_watch_env.py", "watch_1"), ("test_watch_env.py", "spawn_workers"),
    ("test_stream.py", "stream_full"),
    # The C timing proxies, made through this interpreter's own stable-ABI functions.
    ("test_proxies.py", "c_proxy_objects"),
]


class Failure(AssertionError):
    pass


class Skip(Exception):
    pass


def check(cond, msg):
    if not cond:
        raise Failure(msg)


def run(cmd, timeout=600, **kw):
    kw.setdefault("stdout", subprocess.PIPE)
    kw.setdefault("stderr", subprocess.STDOUT)
    return subprocess.run(cmd, timeout=timeout, text=True, **kw)


def the(pattern):
    found = glob.glob(os.path.join(DIST, pattern))
    check(len(found) == 1, "expected one %s in %s, found %r (the build case makes them)" % (pattern, DIST, found))
    return found[0]


def clean_env(**extra):
    """The environment of a user's shell: no build tree on PYTHONPATH."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env.update(extra)
    return env


def make_venv(path, python="/usr/bin/python3"):
    r = run([python, "-m", "venv", "--system-site-packages", path])
    check(r.returncode == 0, "python3 -m venv failed:\n" + r.stdout)
    return os.path.join(path, "bin", "python")


def pip_install(py, what, *extra):
    t0 = time.monotonic()
    r = run([py, "-m", "pip", "install", "--no-index", "--no-cache-dir", "--disable-pip-version-check"] + list(extra) +
            [what], env=clean_env())
    check(r.returncode == 0, "pip install %s failed:\n%s" % (os.path.basename(what), r.stdout[-4000:]))
    print("pip install %s: %.1f s" % (os.path.basename(what), time.monotonic() - t0))


def tree(root):
    out = set()
    for d, dirs, files in os.walk(root):
        for n in dirs + files:
            out.add(os.path.relpath(os.path.join(d, n), root))
    return out


# --- cases -----------------------------------------------------------------------------------------

def case_build(tmp):
    t0 = time.monotonic()
    r = run(["/usr/bin/python3", os.path.join(SOURCE, "packaging", "wheel", "stage.py"), SOURCE, BUILD, DIST])
    check(r.returncode == 0, "stage.py failed:\n" + r.stdout[-4000:])
    whl, sdist = the("loaderscope-*.whl"), the("loaderscope-*.tar.gz")
    # The app's copy (File ▸ Attach installs it on a host without the probe; the .deb carries it):
    # the same bytes, and no other wheel beside it.
    offered = os.path.join(BUILD, "share", "loaderscope", "wheel")
    check(sorted(os.listdir(offered)) == [os.path.basename(whl)], "the app's wheel folder holds %s" % os.listdir(offered))
    with open(whl, "rb") as a, open(os.path.join(offered, os.path.basename(whl)), "rb") as b:
        check(a.read() == b.read(), "the app's copy of the wheel differs from %s" % whl)
    print("built %s (%d KB) and %s (%d KB) in %.1f s" % (os.path.basename(whl), os.path.getsize(whl) // 1024,
                                                        os.path.basename(sdist), os.path.getsize(sdist) // 1024,
                                                        time.monotonic() - t0))


def newest_glibc_by_objdump(path):
    r = run(["objdump", "-T", path])
    check(r.returncode == 0, "objdump -T %s: %s" % (path, r.stdout))
    versions = [tuple(int(x) for x in m) for m in re.findall(r"GLIBC_(\d+)\.(\d+)", r.stdout)]
    return max(versions) if versions else None


def case_contents(tmp):
    whl = the("loaderscope-*.whl")
    version = os.environ.get("LOADERSCOPE_VERSION")
    m = re.match(r"loaderscope-([^-]+)-py3-none-manylinux_(\d+)_(\d+)_x86_64\.whl$", os.path.basename(whl))
    check(m, "the wheel's name is not loaderscope-<version>-py3-none-manylinux_X_Y_x86_64: %s" % whl)
    check(version is None or m.group(1) == version, "wheel version %s, the app's %s" % (m.group(1), version))
    tag = (int(m.group(2)), int(m.group(3)))
    with zipfile.ZipFile(whl) as z:
        names = z.namelist()
        z.extractall(os.path.join(tmp, "whl"))
    sos = [n for n in names if n.endswith(".so")]
    check(sos == ["loaderscope/libloaderscope_probe.so"], "the wheel's libraries: %r" % sos)
    for so in sos:
        path = os.path.join(tmp, "whl", so)
        r = run(["readelf", "-d", path])
        needed = set(re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", r.stdout))
        check(needed and needed <= ALLOWED_NEEDED, "%s needs %r beyond libc's" % (so, sorted(needed - ALLOWED_NEEDED)))
        newest = newest_glibc_by_objdump(path)
        check(newest == tag, "%s: newest GLIBC_ symbol %r, the tag says %r" % (so, newest, tag))
        # Built on Debian 12 (glibc 2.36), as the wheel users get is, it must run on Ubuntu 22.04.
        # A newer system's headers raise it (glibc 2.38's C23 strtol), which the tag then says.
        here = tuple(int(x) for x in os.confstr("CS_GNU_LIBC_VERSION").split()[1].split(".")[:2])
        if here <= (2, 36):
            check(newest <= (2, 35), "%s needs glibc %d.%d: above Ubuntu 22.04's 2.35" % ((so,) + newest))
        else:
            print("built on glibc %d.%d: this wheel needs glibc %d.%d (the one users get is built on Debian 12)"
                  % (here + newest))
        print("%s: NEEDED %s; newest symbol GLIBC_%d.%d = the tag" % (so, " ".join(sorted(needed)), *newest))
    check("loaderscope-watch.pth" in names, "no loaderscope-watch.pth at the wheel's top")
    with open(os.path.join(tmp, "whl", "loaderscope-watch.pth")) as f:
        check("loaderscope._autowatch" in f.read(), "the .pth does not start the watch")
    info = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
    check(info, "no entry points")
    with open(os.path.join(tmp, "whl", info[0])) as f:
        check("loaderscope-probe = loaderscope.__main__:main" in f.read(), "no loaderscope-probe script")
    meta = [n for n in names if n.endswith(".dist-info/METADATA")]
    with open(os.path.join(tmp, "whl", meta[0])) as f:
        text = f.read()
    check("Requires-Python: >=3.9" in text, "Requires-Python is not >=3.9")
    # Installed, used, uninstalled: the venv is as it was (its own pip warmed up first).
    py = make_venv(os.path.join(tmp, "venv"))
    run([py, "-m", "pip", "list", "--disable-pip-version-check"], env=clean_env())
    before = tree(os.path.join(tmp, "venv"))
    pip_install(py, whl)
    site = run([py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip()
    check(os.path.isfile(os.path.join(site, "loaderscope-watch.pth")), "pip did not put the .pth into %s" % site)
    check(os.path.isfile(os.path.join(tmp, "venv", "bin", "loaderscope-probe")), "no loaderscope-probe in the venv")
    r = run([os.path.join(tmp, "venv", "bin", "loaderscope-probe"), "list", "--json"], env=clean_env())
    check(r.returncode == 0, "loaderscope-probe list failed:\n" + r.stdout)
    r = run([py, "-c", "import loaderscope, loaderscope._native as n; print(loaderscope.__file__, n.ABI_VERSION)"],
            env=clean_env(), cwd=tmp)
    check(r.returncode == 0 and r.stdout.startswith(site), "the venv imports another loaderscope: %s" % r.stdout)
    r = run([py, "-m", "pip", "uninstall", "-y", "--disable-pip-version-check", "loaderscope"], env=clean_env())
    check(r.returncode == 0, "pip uninstall failed:\n" + r.stdout)
    after = tree(os.path.join(tmp, "venv"))
    check(after == before, "pip uninstall left %r and removed %r" % (sorted(after - before), sorted(before - after)))
    print("pip uninstall leaves the venv as it was (%d entries)" % len(after))


def run_job_cases(py, env, cases, where):
    failed, skipped = [], []
    for script, case in cases:
        t0 = time.monotonic()
        r = run([py, os.path.join(PROBE_TESTS, script), case], env=env, timeout=400)
        last = (r.stdout.strip().splitlines() or ["(no output)"])[-1]
        print("%s %s %s: exit %d, %.1f s: %s" % (where, script, case, r.returncode, time.monotonic() - t0, last))
        if r.returncode == SKIP:
            skipped.append((case, last))
        elif r.returncode != 0:
            failed.append(case)
            print(r.stdout[-3000:])
    check(not failed, "%s: job tests failed: %s" % (where, ", ".join(failed)))
    return skipped


def case_venv_jobs(tmp):
    whl = the("loaderscope-*.whl")
    py = make_venv(os.path.join(tmp, "venv"))
    pip_install(py, whl)
    version = run([py, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"]).stdout.strip()
    env = clean_env(LOADERSCOPE_TEST_INSTALLED_PTH="1")
    for k in ("LOADERSCOPE_ENGINE", "LOADERSCOPE_SSHD", "XDG_RUNTIME_DIR"):
        if os.environ.get(k):
            env[k] = os.environ[k]
    cases = JOB_CASES + [("test_ssh.py", "job_seen_over_ssh")]
    skipped = run_job_cases(py, env, cases, "venv (Python %s)" % version)
    for case, why in skipped:
        print("skipped here: %s (%s)" % (case, why))


# --- the Debian 13 chroot ----------------------------------------------------------------------------

# Run inside the chroot's sdist venv: a watched job, streamed by `stream` from its segment line on,
# then its summary's batches, samples and lost events.
STREAM_ONE_JOB = """
import json, subprocess, sys
job = subprocess.Popen([sys.executable, "-m", "loaderscope", "run", "--summary", "summary.json", "probe/job.py",
                        "--workers", "2", "--length", "64", "--sleep-us", "20000", "--out", "out.pt"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
name = job.stderr.readline().split()[2]
with open("job.stream", "wb") as out:
    subprocess.run([sys.executable, "-m", "loaderscope", "stream", name], stdout=out, check=True, timeout=240)
job.stderr.read()
job.wait(timeout=240)
s = json.load(open("summary.json"))
print(s["batches"], s["samples"], s["events_lost"])
"""

CHROOT_PACKAGES = ["python3-torch", "python3-venv", "python3-pip", "g++", "python3-dev", "python3-setuptools"]


def chroot_root():
    return os.path.join(BUILD, "trixie-root")


def in_chroot(root, script, timeout=1800):
    return run([os.path.join(SOURCE, "tests", "chroot", "trixie.sh"), "run", root, "/bin/sh", "-eu", "-c", script],
               timeout=timeout)


def case_chroot_jobs(tmp):
    if os.geteuid() != 0:
        raise Skip("a Debian 13 chroot needs root (debootstrap, chroot, a private mount namespace)")
    whl, sdist = the("loaderscope-*.whl"), the("loaderscope-*.tar.gz")
    root = chroot_root()
    t0 = time.monotonic()
    # Made once per build folder; ./run.sh test starts making it before the build (the lock makes
    # this wait for that instead of making a second).
    r = run([os.path.join(SOURCE, "tests", "chroot", "trixie.sh"), "make", root] + CHROOT_PACKAGES, timeout=2400)
    if r.returncode != 0:
        raise Skip("no Debian 13 chroot with %s could be made here:\n%s" % (" ".join(CHROOT_PACKAGES), r.stdout[-2000:]))
    print("the Debian 13 chroot with %s: %.0f s" % (" ".join(CHROOT_PACKAGES), time.monotonic() - t0))
    # The wheel, the sdist and the probe's tests, copied in (the chroot sees nothing of this tree).
    inside = "/root/wheel-test"
    host_inside = root + inside
    shutil.rmtree(host_inside, ignore_errors=True)
    os.makedirs(host_inside)
    try:
        for f in (whl, sdist):
            shutil.copy2(f, host_inside)
        shutil.copytree(PROBE_TESTS, os.path.join(host_inside, "probe"))
        w, s = os.path.basename(whl), os.path.basename(sdist)
        r = in_chroot(root, "cd %s && python3 -m venv --system-site-packages venv && venv/bin/python -m pip install "
                            "--no-index --no-cache-dir --disable-pip-version-check -q %s && venv/bin/python -c "
                            "'import sys, torch, loaderscope; print(sys.version.split()[0], torch.__version__, "
                            "loaderscope.__file__)'" % (inside, w))
        check(r.returncode == 0, "the wheel into a Python 3.13 venv:\n" + r.stdout[-3000:])
        print("Debian 13: Python, torch, package: %s" % r.stdout.strip().splitlines()[-1])
        failed = []
        for script, case in JOB_CASES:
            t1 = time.monotonic()
            r = in_chroot(root, "cd %s && env -u PYTHONPATH LOADERSCOPE_TEST_INSTALLED_PTH=1 venv/bin/python "
                                "probe/%s %s" % (inside, script, case), timeout=400)
            last = (r.stdout.strip().splitlines() or ["(no output)"])[-1]
            print("Debian 13 venv %s %s: exit %d, %.1f s: %s" % (script, case, r.returncode, time.monotonic() - t1, last))
            if r.returncode not in (0, SKIP):
                failed.append(case)
                print(r.stdout[-3000:])
        check(not failed, "Debian 13: job tests failed: %s" % ", ".join(failed))
        # The sdist, built there with its C++ compiler (no prebuilt library), then one job with it,
        # streamed; this machine's engine reads the stream.
        t1 = time.monotonic()
        r = in_chroot(root, "cd %s && python3 -m venv --system-site-packages sdist-venv && sdist-venv/bin/python -m pip "
                            "install --no-index --no-cache-dir --no-build-isolation --disable-pip-version-check %s"
                      % (inside, s), timeout=3600)
        check(r.returncode == 0, "the sdist did not build in the chroot:\n" + r.stdout[-4000:])
        print("Debian 13: the sdist built and installed in %.0f s" % (time.monotonic() - t1))
        # The job, and its stream once its segment line is out (read from its stderr: no polling).
        job = ("cd %s || exit 1; sdist-venv/bin/python -c '%s'" % (inside, STREAM_ONE_JOB.replace("'", "'\\''")))
        r = in_chroot(root, job, timeout=300)
        check(r.returncode == 0, "the job under the sdist's probe:\n" + r.stdout[-3000:])
        batches, samples, lost = (int(x) for x in r.stdout.split()[-3:])
        check((batches, samples, lost) == (8, 64, 0), "the job's summary: %d batches, %d samples, %d lost"
              % (batches, samples, lost))
        engine = os.environ.get("LOADERSCOPE_ENGINE")
        if engine:
            r = run([engine, "analyze", "--recording", os.path.join(host_inside, "job.stream")])
            check(r.returncode == 0, "this machine's engine could not read the stream:\n" + r.stdout[-2000:])
            import json
            ranks = json.loads(r.stdout)
            print("this machine's engine read the Debian 13 job's stream: %s" % r.stdout.strip()[:300])
            check("batches" in r.stdout, "no batches in the engine's reading: %r" % ranks)
    finally:
        shutil.rmtree(host_inside, ignore_errors=True)


CASES = {"build": case_build, "contents": case_contents, "venv_jobs": case_venv_jobs, "chroot_jobs": case_chroot_jobs}


def main():
    if len(sys.argv) != 2 or sys.argv[1] not in CASES:
        print("usage: %s {%s}" % (sys.argv[0], ",".join(CASES)))
        return 2
    name = sys.argv[1]
    with tempfile.TemporaryDirectory(prefix="lswheel-") as tmp:
        t0 = time.monotonic()
        try:
            CASES[name](tmp)
        except Skip as e:
            if os.environ.get("CI") == "true":
                print("FAIL %s: CI must run it: %s" % (name, e))
                return 1
            print("SKIP %s: %s" % (name, e))
            return SKIP
        except Failure as e:
            print("FAIL %s: %s" % (name, e))
            return 1
        print("PASS %s (%.1f s)" % (name, time.monotonic() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
