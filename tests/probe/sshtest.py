# SPDX-License-Identifier: MIT
"""Real SSH servers for the tests, on loopback only, for the duration of one test.

    with SshLab(tmp, hosts=("127.0.0.1", "127.0.0.2")) as lab:
        r = lab.ssh("127.0.0.2", "echo hi")          # the system's OpenSSH client, BatchMode

Each host gets its own `sshd -D -e -f <its sshd_config>` in the foreground on an unused port, with
a host key and an authorized key generated into a temporary folder by ssh-keygen. The client runs
with `-F <that folder>/ssh_config` (the key, the port, a known_hosts there with the host keys
already trusted, BatchMode), so nothing reads or writes ~/.ssh or /etc/ssh.

sshd is the one ./run.sh test takes out of Debian's openssh-server into build/sshd-root
(LOADERSCOPE_SSHD, set by ctest; installing the package would start and enable an SSH server on
the machine), else /usr/sbin/sshd where it is installed. Without one the test skips and says why;
under CI=true it fails instead (CI must run these tests).

As root sshd needs its privilege-separation user `sshd` and folder /run/sshd. Where the user does
not exist (openssh-server not installed), sshd runs under nss_wrapper (Debian's libnss-wrapper, a
library for tests) with a passwd file that adds it, so no user is added to the machine; /run/sshd is
made only if missing (said on stdout) and removed at the end only if this lab made it. As another
user, sshd runs unprivileged (no privilege separation) and accepts only that user: the same tests
pass (checked as a normal user; an account sshd sees as locked, like `nobody`, cannot log in).

At the end every sshd is stopped (its process group), the folder is removed, and close() checks that
no sshd is alive and nothing listens on the ports it used.
"""

import os
import pwd
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

from probetest import Failure, Skip, poll_until

NSS_WRAPPER = "/usr/lib/x86_64-linux-gnu/libnss_wrapper.so"
PRIVSEP_DIR = "/run/sshd"


def _no_server(reason):
    if os.environ.get("CI") == "true":
        raise Failure("no SSH server for the SSH tests (%s); CI must have one: ./run.sh test takes sshd "
                      "out of openssh-server" % reason)
    raise Skip(reason)


def _missing_libraries(sshd):
    """The libraries sshd, or the helpers OpenSSH 9.8 and later run each connection in
    (sshd-session, sshd-auth beside it), cannot load: a server that starts and drops every
    connection otherwise."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(sshd))))  # .../usr/sbin/sshd
    missing = []
    for binary in (sshd, os.path.join(root, "usr/lib/openssh/sshd-session"), os.path.join(root, "usr/lib/openssh/sshd-auth")):
        if not os.access(binary, os.X_OK):
            continue
        try:
            out = subprocess.run(["ldd", binary], capture_output=True, text=True, timeout=30).stdout
        except (OSError, subprocess.TimeoutExpired):
            continue
        missing += [line.split()[0] for line in out.splitlines() if "not found" in line]
    return sorted(set(missing))


def find_sshd():
    for path in (os.environ.get("LOADERSCOPE_SSHD"), "/usr/sbin/sshd"):
        if path and os.access(path, os.X_OK):
            missing = _missing_libraries(path)
            if missing:
                _no_server("%s lacks libraries (%s): ./run.sh test installs them" % (path, ", ".join(missing)))
            return path
    _no_server("no sshd: ./run.sh test takes one out of Debian's openssh-server into build/sshd-root "
               "(it needs Debian's mirror); or set LOADERSCOPE_SSHD")


def free_port(host):
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def listening_ports():
    """Ports in LISTEN state on this machine (IPv4 and IPv6), from /proc/net."""
    ports = set()
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(name) as f:
                next(f)
                for line in f:
                    fields = line.split()
                    if fields[3] == "0A":
                        ports.add(int(fields[1].rsplit(":", 1)[1], 16))
        except OSError:
            pass
    return ports


def pid_alive(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except (OSError, IndexError):
        return False


class SshLab:
    def __init__(self, tmp, hosts=("127.0.0.1",), start_timeout=15.0, host_env=None):
        self.parent_tmp = tmp
        self.hosts = tuple(hosts)
        # Variables a host's sshd sets in every session (SetEnv): e.g. a host whose clocks are
        # off, {"127.0.0.2": {"LOADERSCOPE_CLOCK_OFFSET_NS": "2000000000"}}.
        self.host_env = dict(host_env or {})
        self.start_timeout = start_timeout
        self.dir = None
        self.servers = {}      # host -> (Popen, port, log path)
        self.made_privsep = False
        self.ports_used = []

    # --- set-up --------------------------------------------------------------------------------

    def __enter__(self):
        try:
            self.start()
        except BaseException:
            self.close(check=False)
            raise
        return self

    def __exit__(self, *exc):
        self.close(check=exc[0] is None)
        return False

    def _keygen(self, path, comment):
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", comment, "-f", path],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=30)

    def start(self):
        for tool in ("ssh", "ssh-keygen"):
            if shutil.which(tool) is None:
                _no_server("no %s (Debian: openssh-client; ./run.sh installs it)" % tool)
        self.sshd = find_sshd()
        env = {}
        self.root = os.geteuid() == 0
        self.dir = tempfile.mkdtemp(prefix="lsssh-", dir=self.parent_tmp)
        self.user = pwd.getpwuid(os.geteuid()).pw_name
        if self.root:
            try:
                pwd.getpwnam("sshd")
            except KeyError:
                if not os.path.exists(NSS_WRAPPER):
                    _no_server("sshd as root needs its user `sshd`, and nss_wrapper (Debian: libnss-wrapper; "
                               "./run.sh installs it) to give it one without adding a user")
                passwd = os.path.join(self.dir, "passwd")
                with open("/etc/passwd") as src, open(passwd, "w") as dst:
                    dst.write(src.read().rstrip("\n") + "\n")
                    dst.write("sshd:x:65534:65534:sshd privilege separation:%s:/usr/sbin/nologin\n" % PRIVSEP_DIR)
                env = {"LD_PRELOAD": NSS_WRAPPER, "NSS_WRAPPER_PASSWD": passwd, "NSS_WRAPPER_GROUP": "/etc/group"}
            if not os.path.isdir(PRIVSEP_DIR):
                os.mkdir(PRIVSEP_DIR, 0o755)
                self.made_privsep = True
                print("sshtest: made %s (sshd's privilege-separation folder); removed at the end" % PRIVSEP_DIR,
                      file=sys.stderr)
        self.key = os.path.join(self.dir, "id_client")
        self._keygen(self.key, "loaderscope-test-client")
        self.other_key = os.path.join(self.dir, "id_unknown")  # never authorized
        self._keygen(self.other_key, "loaderscope-test-unknown")
        authorized = os.path.join(self.dir, "authorized_keys")
        shutil.copy(self.key + ".pub", authorized)
        self.known_hosts = os.path.join(self.dir, "known_hosts")
        open(self.known_hosts, "w").close()
        for host in self.hosts:
            self._start_server(host, authorized, env)
        self._trust_host_keys()
        self.config = self.client_config(self.key)

    def _start_server(self, host, authorized, env):
        tag = host.replace(".", "_")
        hostkey = os.path.join(self.dir, "host_%s" % tag)
        self._keygen(hostkey, "loaderscope-test-host-%s" % host)
        for attempt in range(3):  # the port may be taken between free_port() and sshd's bind
            port = free_port(host)
            config = os.path.join(self.dir, "sshd_config_%s" % tag)
            with open(config, "w") as f:
                f.write("\n".join([
                    "ListenAddress %s:%d" % (host, port),
                    "HostKey %s" % hostkey,
                    "AuthorizedKeysFile %s" % authorized,
                    "AllowUsers %s" % self.user,
                    "StrictModes no",          # the folder is under /tmp, which is world-writable
                    "UsePAM no",
                    "PidFile none",
                    "PasswordAuthentication no",
                    "KbdInteractiveAuthentication no",
                    "PermitRootLogin prohibit-password",
                    "X11Forwarding no",
                    "AllowTcpForwarding no",
                    "PrintMotd no",
                    "LogLevel VERBOSE",
                ] + self._helper_paths() + ["SetEnv %s=%s" % kv for kv in sorted(self.host_env.get(host, {}).items())] + [""]))
            log = os.path.join(self.dir, "sshd_%s_%d.log" % (tag, attempt))
            with open(log, "w") as out:
                p = subprocess.Popen([self.sshd, "-D", "-e", "-f", config], stdin=subprocess.DEVNULL,
                                     stdout=out, stderr=out, env=dict(os.environ, **env), start_new_session=True)
            self.ports_used.append(port)
            listening = "Server listening on %s port %d" % (host, port)
            poll_until(lambda: listening in self._read(log) or p.poll() is not None, self.start_timeout)
            if p.poll() is None and listening in self._read(log):
                self.servers[host] = (p, port, log, hostkey)
                return
            self._stop(p)
            text = self._read(log)
            if "Address already in use" in text:
                continue
            raise Failure("sshd on %s:%d did not start (exit %s):\n%s" % (host, port, p.returncode, text[-2000:]))
        raise Failure("sshd on %s: no free port in 3 tries" % host)

    def _helper_paths(self):
        """OpenSSH 9.8 and later (Debian 13 has 10) run each connection in sshd-session, and 10 the
        authentication in sshd-auth, found at the paths they were built with (/usr/lib/openssh):
        the ones taken out beside this sshd are named instead."""
        libexec = os.path.join(os.path.dirname(os.path.dirname(self.sshd)), "lib", "openssh")
        lines = []
        for option, name in (("SshdSessionPath", "sshd-session"), ("SshdAuthPath", "sshd-auth")):
            path = os.path.join(libexec, name)
            if os.path.exists(path):
                lines.append("%s %s" % (option, path))
        return lines

    def _trust_host_keys(self):
        with open(self.known_hosts, "w") as f:
            for host, (_, port, _, hostkey) in self.servers.items():
                with open(hostkey + ".pub") as k:
                    kind, key = k.read().split()[:2]
                f.write("[%s]:%d %s %s\n" % (host, port, kind, key))

    def client_config(self, key):
        """An ssh_config (for ssh -F) that offers only `key` and trusts only the lab's hosts."""
        path = os.path.join(self.dir, "ssh_config_" + os.path.basename(key))
        with open(path, "w") as f:
            for host, (_, port, _, _) in self.servers.items():
                f.write("Host %s\n  Port %d\n" % (host, port))
            f.write("\n".join([
                "Host *",
                "  User %s" % self.user,
                "  IdentityFile %s" % key,
                "  IdentitiesOnly yes",
                "  UserKnownHostsFile %s" % self.known_hosts,
                "  GlobalKnownHostsFile /dev/null",
                "  StrictHostKeyChecking yes",   # the hosts' keys are trusted above, nothing else
                "  BatchMode yes",
                "  ConnectTimeout 10",
                "  ServerAliveInterval 5",
                "  ServerAliveCountMax 2",
                "  ControlMaster no",
                "  ControlPath none",
                "  UpdateHostKeys no",
                "  LogLevel ERROR",
                "",
            ]))
        return path

    @staticmethod
    def _read(path):
        try:
            with open(path, errors="replace") as f:
                return f.read()
        except OSError:
            return ""

    # --- use -----------------------------------------------------------------------------------

    def port(self, host):
        return self.servers[host][1]

    def log(self, host):
        return self._read(self.servers[host][2])

    def ssh_argv(self, host, *options, config=None):
        argv = ["ssh", "-F", config or self.config]
        for o in options:
            argv += ["-o", o]
        return argv + [host]

    def ssh(self, host, command, options=(), timeout=60, env=None, config=None):
        """Runs `command` (a list: quoted for the remote shell, as a user types it) on host."""
        if not isinstance(command, str):
            command = " ".join(shlex.quote(c) for c in command)
        argv = self.ssh_argv(host, *options, config=config) + ["--", command]
        t0 = time.monotonic()
        p = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout,
                           env=env)
        p.seconds = time.monotonic() - t0
        p.argv = argv
        return p

    # --- the end -------------------------------------------------------------------------------

    @staticmethod
    def _stop(p):
        if p.poll() is None:
            try:
                os.killpg(p.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()
        try:  # its per-connection children, if any were still there
            os.killpg(p.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass

    def close(self, check=True):
        pids = []
        for p, *_ in self.servers.values():
            pids.append(p.pid)
            self._stop(p)
        self.servers = {}
        if self.made_privsep:
            try:
                os.rmdir(PRIVSEP_DIR)
            except OSError as e:
                print("sshtest: could not remove %s: %s" % (PRIVSEP_DIR, e))
            self.made_privsep = False
        if self.dir:
            shutil.rmtree(self.dir, ignore_errors=True)
        if not check:
            return
        poll_until(lambda: not any(pid_alive(p) for p in pids), 5)
        alive = [p for p in pids if pid_alive(p)]
        if alive:
            raise Failure("sshd left running: %r" % alive)
        if self.dir and os.path.exists(self.dir):
            raise Failure("temporary folder left behind: " + self.dir)
        still = sorted(set(self.ports_used) & listening_ports())
        if still:
            raise Failure("still listening on port(s) %r after the test" % still)


class SilentServer:
    """A TCP listener that accepts connections and never says a word (a host that never answers
    the SSH handshake). Closed at the end; the test checks nothing listens on its port then."""

    def __init__(self, host="127.0.0.1"):
        self.sock = socket.socket()
        self.sock.bind((host, 0))
        self.sock.listen(4)
        self.host, self.port = self.sock.getsockname()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.sock.close()
        return False
