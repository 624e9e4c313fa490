#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A Debian 13 (trixie) system in a folder, for the tests that need Debian 13's Python 3.13, torch
# 2.6 or Qt 6.8 without touching this machine's system. Root only (debootstrap, chroot, mounts).
#
#   tests/chroot/trixie.sh make ROOT [PKG...]  debootstrap --variant=minbase trixie ROOT, once
#                                              (a finished ROOT is kept: ROOT/.loaderscope-ready),
#                                              then apt-get install PKG... inside where missing;
#                                              one at a time (ROOT.lock): ./run.sh test starts it
#                                              early, in the background, and the test that needs
#                                              it waits for it here
#   tests/chroot/trixie.sh run ROOT CMD...     run CMD inside ROOT as root
#   tests/chroot/trixie.sh readme ROOT [REPO]  a fresh clone of REPO (default: this checkout's
#                                              HEAD) inside ROOT, then the README's commands there:
#                                              ./run.sh build and ./run.sh test; prints their times
#
# Every command runs in a private mount namespace (unshare -m): ROOT is bound onto itself (so
# that a test inside can make / private), /dev (with /dev/shm and /dev/pts) is bound from the
# host, /proc is mounted new. The mounts end with the namespace: nothing stays mounted on the host
# and nothing outside ROOT changes. The packages come from the Debian archive that apt already
# uses here (the first URI of /etc/apt/sources.list.d/debian.sources or sources.list).
set -euo pipefail

die() { echo "trixie.sh: $*" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || die "needs root (debootstrap, chroot and mounts)"
[ $# -ge 2 ] || die "usage: trixie.sh make|run|readme ROOT [...]"
verb=$1 root=$(readlink -m "$2")
shift 2

mirror() {
  local uri=""
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    uri=$(sed -n 's/^URIs: *\([^ ]*\).*/\1/p' /etc/apt/sources.list.d/debian.sources | grep -v security | head -n1)
  fi
  if [ -z "$uri" ] && [ -f /etc/apt/sources.list ]; then
    uri=$(awk '$1=="deb" && $2 !~ /security/ {print $2; exit}' /etc/apt/sources.list)
  fi
  echo "${uri:-http://deb.debian.org/debian}"
}

# Runs "$@" inside ROOT, in a private mount namespace (see above).
inside() {
  cp -L /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
  unshare -m --propagation private -- /bin/sh -eu -c '
    root=$1; shift
    mount --bind "$root" "$root"
    mount --rbind /dev "$root/dev"
    mount -t proc proc "$root/proc"
    exec chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=dumb CI="${CI:-}" \
      PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"
  ' sh "$root" "$@"
}

make_root() {
  if [ -f "$root/.loaderscope-ready" ]; then
    echo "trixie.sh: $root is ready (made before; remove it to make it again)"
    return 0
  fi
  # Waits for dpkg's lock (./run.sh test may be installing sshd's libraries at the same time).
  command -v debootstrap >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq debootstrap >/dev/null
  rm -rf "$root"
  mkdir -p "$(dirname "$root")"
  local t0=$SECONDS m
  m=$(mirror)
  echo "trixie.sh: debootstrap --variant=minbase trixie $root $m"
  # debootstrap's second stage mounts /proc and /sys in the target: in a namespace of our own.
  unshare -m --propagation private -- debootstrap --variant=minbase trixie "$root" "$m" >"$root.debootstrap.log" 2>&1 \
    || { tail -n 20 "$root.debootstrap.log" >&2; die "debootstrap failed (log: $root.debootstrap.log)"; }
  # Daemons never start inside (a package's postinst asks policy-rc.d).
  printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
  chmod 755 "$root/usr/sbin/policy-rc.d"
  touch "$root/.loaderscope-ready"
  echo "trixie.sh: made $root in $((SECONDS - t0)) s"
}

# apt-get install "$@" inside ROOT, where any is missing.
install_packages() {
  [ $# -gt 0 ] || return 0
  # dpkg-query -W succeeds for a package apt merely knows of: its status must say installed.
  inside /bin/sh -c 'for p in "$@"; do dpkg-query -W -f="\${Status}\n" "$p" 2>/dev/null | grep -q "install ok installed" || missing="${missing:-} $p"; done
    [ -z "${missing:-}" ] || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null; }' sh "$@"
}

case "$verb" in
  make)
    mkdir -p "$(dirname "$root")"
    exec 9>"$root.lock"
    flock 9
    make_root
    install_packages "$@"
    ;;
  run)
    [ -f "$root/.loaderscope-ready" ] || die "$root is not made yet: trixie.sh make $root"
    inside "$@"
    ;;
  readme)
    make_root
    repo=${1:-$(git -C "$(dirname "$0")" rev-parse --show-toplevel)}
    rm -rf "$root/root/loaderscope"
    git clone -q "$repo" "$root/root/loaderscope"
    t0=$SECONDS
    inside /bin/sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends git ca-certificates >/dev/null'
    # The README's commands, as root in the clone (./run.sh installs what is missing).
    inside /bin/bash -c 'cd /root/loaderscope && ./run.sh build' || die "./run.sh build failed on Debian 13"
    t1=$SECONDS
    echo "trixie.sh: ./run.sh build on Debian 13: $((t1 - t0)) s"
    rc=0
    inside /bin/bash -c 'cd /root/loaderscope && ./run.sh test' || rc=$?
    echo "trixie.sh: ./run.sh test on Debian 13: $((SECONDS - t1)) s, exit $rc"
    exit "$rc"
    ;;
  *) die "unknown verb $verb (make, run, readme)" ;;
esac
