# SPDX-License-Identifier: MIT
"""The SSH lab of sshtest.py for tests written in C++ (tst_remote): starts the servers, prints one
JSON line {"config": ssh_config for `ssh -F`, "config_unknown_key": one whose key the servers do not
know, "ports": {host: port}, "dir": its folder}, then
waits for its standard input to close (the test ends, or dies) and stops everything, checking
that no sshd, no listening port and no folder is left (exit 1 and the reason on stderr if so).

usage: python3 sshlab.py TMPDIR HOST[=VAR=VALUE[,VAR=VALUE...]] [HOST...]
   e.g. python3 sshlab.py /tmp/x 127.0.0.1 127.0.0.2=LOADERSCOPE_CLOCK_OFFSET_NS=2000000000
Exit 77 (and the reason) when no SSH server can be had (sshtest's skip); under CI=true that is a
failure (exit 1) instead.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probetest import Failure, Skip  # noqa: E402
from sshtest import SshLab  # noqa: E402


def main(argv):
    if len(argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    tmp, hosts, env = argv[0], [], {}
    for spec in argv[1:]:
        host, _, rest = spec.partition("=")
        hosts.append(host)
        if rest:
            env[host] = dict(kv.split("=", 1) for kv in rest.split(","))
    try:
        lab = SshLab(tmp, hosts=hosts, host_env=env)
        lab.__enter__()
    except Skip as e:
        sys.stderr.write("sshlab: skip: %s\n" % e)
        return 77
    except Failure as e:
        sys.stderr.write("sshlab: %s\n" % e)
        return 1
    try:
        print(json.dumps({"config": lab.config, "ports": {h: lab.port(h) for h in hosts}, "dir": lab.dir,
                          # the same, offering a key the servers do not know (a refused login)
                          "config_unknown_key": lab.client_config(lab.other_key)}), flush=True)
        sys.stdin.read()  # until the test closes it (or is gone)
    finally:
        try:
            lab.close(check=True)
        except Failure as e:
            sys.stderr.write("sshlab: %s\n" % e)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
