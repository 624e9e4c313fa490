# SPDX-License-Identifier: MIT
"""The probe over a real SSH connection (the system's OpenSSH client to an sshd of the test's own on
loopback: tests/probe/sshtest.py), and the failures a user meets before anything works: a key the
server does not know, a host that never answers. Each case leaves no sshd, no listening port and no
temporary folder behind (SshLab.close checks it).

Usage: python3 test_ssh.py {list_over_ssh,job_seen_over_ssh,unknown_key,silent_host}
"""

import os
import shlex
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probetest import JOB, PYTHON, SEGMENT_RE, check, check_no_leftovers, main  # noqa: E402
from sshtest import SilentServer, SshLab, listening_ports  # noqa: E402

import loaderscope  # noqa: E402  (the build's package: PYTHONPATH=build/python, set by ctest)

BUILD_PY = os.path.dirname(os.path.dirname(os.path.abspath(loaderscope.__file__)))


def remote_loaderscope(*args):
    """The command a user runs on the GPU server: Debian's python3 with the build's package."""
    return "PYTHONPATH=%s /usr/bin/python3 -m loaderscope %s" % (
        shlex.quote(BUILD_PY), " ".join(shlex.quote(a) for a in args))


def case_list_over_ssh(tmp):
    with SshLab(tmp, hosts=("127.0.0.1",)) as lab:
        r = lab.ssh("127.0.0.1", remote_loaderscope("list"), timeout=60)
        check(r.returncode == 0, "ssh ... python3 -m loaderscope list: exit %d\nstdout: %s\nstderr: %s\nsshd: %s" %
              (r.returncode, r.stdout[-1000:], r.stderr[-2000:], lab.log("127.0.0.1")[-2000:]))
        check("Accepted publickey" in lab.log("127.0.0.1"), "the server did not log the key login")
        print("ssh 127.0.0.1 ... list: exit 0 in %.2f s" % r.seconds)


def case_job_seen_over_ssh(tmp):
    """A real PyTorch job on this machine, seen from an SSH session on 127.0.0.2's server."""
    with SshLab(tmp, hosts=("127.0.0.1", "127.0.0.2")) as lab:
        work = os.path.join(tmp, "job")
        os.makedirs(work)
        # One sample hangs (30 s at most), so the job is alive while the test looks; SIGTERM ends it.
        job = subprocess.Popen([PYTHON, "-m", "loaderscope", "run", JOB, "--workers", "1", "--length", "16",
                                "--hang-at", "0", "--out", os.path.join(work, "out.pt")],
                               cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            line = job.stderr.readline()
            m = SEGMENT_RE.match(line.strip())
            check(m is not None, "first stderr line is not the segment line: %r" % line)
            name, pid = m.group(1), int(m.group(2))
            r = lab.ssh("127.0.0.2", remote_loaderscope("list"), timeout=60)
            check(r.returncode == 0, "list over ssh: exit %d: %s" % (r.returncode, r.stderr[-2000:]))
            import json
            listed = [json.loads(x) for x in r.stdout.splitlines() if x.strip()]
            mine = [i for i in listed if i.get("name") == name]
            check(len(mine) == 1 and mine[0].get("pid") == pid and mine[0].get("source") == "probe" and
                  mine[0].get("program") == JOB,
                  "segment %s not listed over ssh to 127.0.0.2: %r" % (name, listed))
            check(job.poll() is None, "the job ended before the test could look")
            print("ssh 127.0.0.2 ... list shows %s (pid %d) in %.2f s" % (name, pid, r.seconds))
        finally:
            if job.poll() is None:
                job.terminate()
            try:
                job.wait(timeout=30)
            except subprocess.TimeoutExpired:
                job.kill()
                job.wait()
            rest = job.stderr.read()
            job.stderr.close()
        check(job.returncode == -15, "the job did not end by SIGTERM (exit %s):\n%s" % (job.returncode, rest[-2000:]))
        check_no_leftovers(type("R", (), {"segments": [(name,)]}), [])


def case_unknown_key(tmp):
    """BatchMode with a key the server does not know: a clear error at once, no prompt, no hang."""
    with SshLab(tmp, hosts=("127.0.0.1",)) as lab:
        r = lab.ssh("127.0.0.1", "echo should-not-run", timeout=30, config=lab.client_config(lab.other_key))
        check(r.returncode == 255, "ssh with an unknown key: exit %d (want 255)\n%s" % (r.returncode, r.stderr))
        check("Permission denied (publickey)" in r.stderr, "ssh with an unknown key does not say why: %r" % r.stderr)
        check("should-not-run" not in r.stdout, "the command ran with an unknown key")
        check(r.seconds < 10, "ssh with an unknown key took %.1f s" % r.seconds)
        log = lab.log("127.0.0.1")
        check("Accepted publickey" not in log, "the server accepted a key it does not know:\n" + log)
        print("unknown key: exit 255 in %.2f s: %s" % (r.seconds, r.stderr.strip()))


def case_silent_host(tmp):
    """A host that accepts TCP and never speaks: ssh gives up within ConnectTimeout (banner exchange)."""
    with SshLab(tmp, hosts=("127.0.0.1",)) as lab, SilentServer("127.0.0.1") as silent:
        argv = ["ssh", "-F", lab.config, "-p", str(silent.port), "-o", "ConnectTimeout=2",
                "127.0.0.1", "echo should-not-run"]
        t0 = time.monotonic()
        p = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=30)
        seconds = time.monotonic() - t0
        check(p.returncode == 255, "ssh to a silent host: exit %d (want 255)\n%s" % (p.returncode, p.stderr))
        check("timed out" in p.stderr, "ssh to a silent host does not say it timed out: %r" % p.stderr)
        check(seconds < 8, "ssh to a silent host took %.1f s with ConnectTimeout=2" % seconds)
        print("silent host: exit 255 in %.2f s: %s" % (seconds, p.stderr.strip()))
        port = silent.port
    check(port not in listening_ports(), "the silent server's port %d still listens" % port)


if __name__ == "__main__":
    sys.exit(main({"list_over_ssh": case_list_over_ssh, "job_seen_over_ssh": case_job_seen_over_ssh,
                   "unknown_key": case_unknown_key, "silent_host": case_silent_host}))
