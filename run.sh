#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ./run.sh        install missing Debian packages, build, launch the app on the built-in default
# ./run.sh test   same set-up, then the whole test suite (ctest)
# ./run.sh package  same set-up, then the Debian package: $BUILD_DIR/loaderscope_<version>_<arch>.deb
# ./run.sh wheel  same set-up, then the probe's wheel and sdist: $BUILD_DIR/dist/ (README: "Install the probe on your GPU server")
# Environment: BUILD_DIR (default build), JOBS (default 2), LOADERSCOPE_CUDA=OFF to skip nvcc.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")"

mode="${1:-app}"
case "$mode" in
  app|test|build|package|wheel) ;;
  *) echo "usage: ./run.sh [test|package|wheel]" >&2; exit 2 ;;
esac
BUILD_DIR="${BUILD_DIR:-build}"
JOBS="${JOBS:-2}"

packages=(cmake ninja-build g++ ccache pkg-config
          qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
          qt6-translations-l10n libgl-dev nlohmann-json3-dev libboost-dev zlib1g-dev libsimdjson-dev libzstd-dev libcli11-dev
          xvfb xauth imagemagick fonts-dejavu-core
          librsvg2-bin                           # rsvg-convert: the exports' SVG drawn by a second renderer
          python3-torch python3-venv             # the Python probe's tests (real PyTorch jobs, fresh venvs)
          python3-build python3-setuptools python3-wheel python3-pip  # ./run.sh wheel: the probe's wheel and sdist
          desktop-file-utils appstream man-db    # the install test checks the menu entry, metainfo, man pages
          dpkg-dev file                          # ./run.sh package: cpack's DEB generator and dpkg-shlibdeps
          # The SSH tests: the client, the libraries sshd needs beyond the system's (sshd itself is
          # taken out of openssh-server, never installed: see take_out_sshd), and nss_wrapper, which
          # gives sshd its privilege-separation user without adding one to this machine.
          openssh-client libwrap0 libnss-wrapper)
# Names that differ between the releases the README names (Debian 12 bookworm, 13 trixie).
codename=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")
case "$codename" in
  bookworm) packages+=(libqt6opengl6-dev) ;;  # qt6-charts-dev's CMake files need Qt6OpenGL, packaged apart on 12
  *) ;;                                       # 13: Qt6OpenGL's CMake files come with qt6-base-dev
esac
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; fi
# Every apt-get here waits for dpkg's lock rather than failing at once: ./run.sh test makes the
# Debian 13 chroot in the background (which may install debootstrap) while it takes sshd out (which
# may install sshd's libraries). Found on a fresh Debian 13: "Could not get lock", then no sshd.
APT_WAIT=(-o DPkg::Lock::Timeout=600)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "run.sh: installing ${missing[*]}"
  if [ -n "$SUDO" ] && ! command -v sudo >/dev/null; then
    echo "run.sh: need root (or sudo) to install: ${missing[*]}" >&2; exit 1
  fi
  $SUDO apt-get "${APT_WAIT[@]}" update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get "${APT_WAIT[@]}" install -y -qq --no-install-recommends "${missing[@]}"
fi

# CUDA is optional: the CUDA toolkit's nvcc is used when present (static cudart), never required.
if [ -d /usr/local/cuda/bin ]; then export PATH="$PATH:/usr/local/cuda/bin"; fi
cuda="${LOADERSCOPE_CUDA:-ON}"

# The SSH tests (tests/probe/test_ssh.py) start a real sshd on 127.0.0.1 and 127.0.0.2 for their
# own duration. Installing Debian's openssh-server would start and enable an SSH server on this
# machine (its postinst does), so ./run.sh test takes the sshd binary out of the package instead:
# apt-get download, dpkg-deb -x into $BUILD_DIR/sshd-root. Nothing is installed from it, no service
# is started or enabled, nothing in /etc changes. Only for the tests (./run.sh alone never fetches
# it); done once (kept with the build). Where it cannot be had the SSH tests skip, saying why
# (under CI=true they fail instead: CI must run them).
# The libraries sshd and the helpers OpenSSH 9.8 and later run each connection in (sshd-session,
# sshd-auth) cannot load, as ldd prints them ("... => not found"); empty when all load.
sshd_missing_libs() {
  local root=$1 bin
  for bin in "$root/usr/sbin/sshd" "$root/usr/lib/openssh/sshd-session" "$root/usr/lib/openssh/sshd-auth"; do
    if [ -x "$bin" ]; then ldd "$bin" 2>&1 | grep "not found" || true; fi
  done
}

take_out_sshd() {
  local root="$BUILD_DIR/sshd-root" sshd="$BUILD_DIR/sshd-root/usr/sbin/sshd" tmp deb need=() dep name op ver have
  if [ -x "$sshd" ] && [ -z "$(sshd_missing_libs "$root")" ]; then
    echo "run.sh: the SSH tests' sshd: $sshd (taken out of openssh-server before; not installed)"
    return 0
  fi
  echo "run.sh: taking sshd out of Debian's openssh-server for the SSH tests (downloaded, not installed: no SSH server is started or enabled)"
  tmp=$(mktemp -d)
  chmod 755 "$tmp"  # apt's download user (_apt) writes there
  if ! (cd "$tmp" && apt-get download openssh-server >download.log 2>&1); then
    # An old package list names a version the mirror no longer has: refresh it once.
    $SUDO apt-get "${APT_WAIT[@]}" update -qq >/dev/null 2>&1 || true
    if ! (cd "$tmp" && apt-get download openssh-server >download.log 2>&1); then
      echo "run.sh: could not download openssh-server: $(tail -n1 "$tmp/download.log"); the SSH tests will be skipped" >&2
      rm -rf "$tmp"
      return 0
    fi
  fi
  deb=$(ls "$tmp"/openssh-server_*.deb)
  # sshd's libraries are ordinary library packages: those missing, or older than the package
  # wants, are installed (libwrap0 is usually the only one, already in the list above).
  while read -r dep; do
    read -r name op ver <<<"$(sed -E 's/^([^ (]+) *(\(([<>=]+) *([^)]+)\))?.*$/\1 \3 \4/' <<<"$dep")"
    case "$name" in lib*[0-9]|lib*[0-9]g|zlib1g) ;; *) continue ;; esac  # not libpam-modules, adduser...
    # Not installed yet is an answer, not an error (dpkg-query exits 1: pipefail must not end us).
    have=$(dpkg-query -W -f='${Status} ${Version}' "$name" 2>/dev/null | sed -n 's/^install ok installed //p' || true)
    if [ -z "$have" ] || { [ -n "$op" ] && ! dpkg --compare-versions "$have" "$op" "$ver"; }; then
      need+=("$name")
    fi
  done < <(dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed -e 's/^ *//' -e 's/ *$//' | grep -v '|')
  if ((${#need[@]})); then
    echo "run.sh: installing sshd's libraries: ${need[*]}"
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get "${APT_WAIT[@]}" install -y -qq --no-install-recommends "${need[@]}" >/dev/null \
      || echo "run.sh: could not install ${need[*]}" >&2
  fi
  rm -rf "$root.new"
  if ! dpkg-deb -x "$deb" "$root.new"; then
    echo "run.sh: could not unpack $(basename "$deb"); the SSH tests will be skipped" >&2
    rm -rf "$tmp" "$root.new"
    return 0
  fi
  rm -rf "$tmp" "$root"
  mv "$root.new" "$root"
  local missing
  missing=$(sshd_missing_libs "$root")
  if [ -n "$missing" ]; then
    echo "run.sh: $sshd lacks libraries ($(tr -s ' \t\n' ' ' <<<"$missing")); the SSH tests will be skipped" >&2
  else
    echo "run.sh: the SSH tests' sshd: $sshd"
  fi
}

# The wheel's tests install it into Python 3.13 with torch 2.6 in a Debian 13 chroot
# (tests/wheel/test_wheel.py): made while the build runs (debootstrap and apt are mostly waiting
# on the network and the disk), kept in $BUILD_DIR/trixie-root for the next run.
if [ "$mode" = test ] && [ "$(id -u)" -eq 0 ] && command -v unshare >/dev/null; then
  mkdir -p "$BUILD_DIR"
  echo "run.sh: making the Debian 13 chroot for the wheel's tests in the background ($BUILD_DIR/trixie-root.log)"
  (nice -n 10 tests/chroot/trixie.sh make "$BUILD_DIR/trixie-root" python3-torch python3-venv python3-pip g++ python3-dev python3-setuptools \
     >"$BUILD_DIR/trixie-root.log" 2>&1 || echo "run.sh: the Debian 13 chroot could not be made (see $BUILD_DIR/trixie-root.log)" >&2) &
fi

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_CUDA_COMPILER_LAUNCHER=ccache)
mkdir -p "$BUILD_DIR"
# Optimised, with line tables (-g1: backtraces and sanitizer reports keep file:line) rather than
# full debug info: a first build on 2 cores takes about a fifth less (measured per file: 20-27 %).
# The dev preset (CMakePresets.json) keeps -g for a debugger's locals.
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
      -DLOADERSCOPE_ENABLE_CUDA="$cuda" "${launcher[@]}" >"$BUILD_DIR/configure.log" 2>&1 \
  || { cat "$BUILD_DIR/configure.log"; exit 1; }
cmake --build "$BUILD_DIR" -j"$JOBS"

case "$mode" in
  build) ;;
  wheel)
    # Offline, with Debian's python3-build: the sdist, then the wheel built from it (with the
    # library CMake built above, stripped). stage.py prints the two paths, and the app's copy of
    # the wheel (what File ▸ Attach offers to install on a host without the probe).
    /usr/bin/python3 packaging/wheel/stage.py . "$BUILD_DIR" "$BUILD_DIR/dist" | sed 's/^/run.sh: wrote /'
    ;;
  package)
    # The .deb carries the probe's wheel (share/loaderscope/wheel), for the app to install on a
    # server that lacks the probe: made first, then installed with the rest of the data folder.
    /usr/bin/python3 packaging/wheel/stage.py . "$BUILD_DIR" "$BUILD_DIR/dist" | sed 's/^/run.sh: wrote /'
    # Depends come from dpkg-shlibdeps on the installed binaries (packaging/cpack.cmake).
    (cd "$BUILD_DIR" && cpack -G DEB >cpack.log 2>&1) || { cat "$BUILD_DIR/cpack.log"; exit 1; }
    deb=$(readlink -f "$(ls -t "$BUILD_DIR"/loaderscope_*.deb | head -n1)")
    echo "run.sh: wrote $deb"
    dpkg-deb --field "$deb" Package Version Architecture Depends Recommends
    echo "run.sh: install it with: apt-get install $deb"
    ;;
  test)
    take_out_sshd
    export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
    cd "$BUILD_DIR" && exec ctest --output-on-failure --timeout 600
    ;;
  app)
    if [ -x "$BUILD_DIR/gui/loaderscope" ]; then
      if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
        # A server or an ssh session without X forwarding: no window can open here.
        picture="$BUILD_DIR/default-run.png"
        echo "run.sh: there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set), so the window cannot open here."
        echo "run.sh: to see it, connect with 'ssh -X' (or sit at the machine) and run ./run.sh again."
        echo "run.sh: meanwhile, the built-in default run, headless, as a picture: $picture"
        "$BUILD_DIR/gui/loaderscope" --export "$picture"
        echo "run.sh: wrote $picture"
        exit 0
      fi
      exec "$BUILD_DIR/gui/loaderscope"
    fi
    # Until the desktop app exists: the engine on its built-in default, with a Chrome trace.
    echo "run.sh: running the engine on the built-in default config (trace: $BUILD_DIR/default-trace.json)"
    exec "$BUILD_DIR/engine/loaderscope-engine" run --trace "$BUILD_DIR/default-trace.json"
    ;;
esac
