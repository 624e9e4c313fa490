#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ./run.sh        install missing Debian packages, build, launch the app on the built-in default
# ./run.sh test   same set-up, then the whole test suite (ctest)
# ./run.sh package  same set-up, then the Debian package: $BUILD_DIR/loaderscope_<version>_<arch>.deb
# Environment: BUILD_DIR (default build), JOBS (default 2), LOADERSCOPE_CUDA=OFF to skip nvcc.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")"

mode="${1:-app}"
case "$mode" in
  app|test|build|package) ;;
  *) echo "usage: ./run.sh [test|package]" >&2; exit 2 ;;
esac
BUILD_DIR="${BUILD_DIR:-build}"
JOBS="${JOBS:-2}"

packages=(cmake ninja-build g++ ccache pkg-config
          qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
          qt6-translations-l10n libgl-dev libqt6opengl6-dev nlohmann-json3-dev libboost-dev zlib1g-dev libsimdjson-dev libzstd-dev
          xvfb xauth imagemagick fonts-dejavu-core
          python3-dev pybind11-dev python3-torch   # the Python probe and its tests (real PyTorch jobs)
          desktop-file-utils appstream man-db    # the install test checks the menu entry, metainfo, man pages
          dpkg-dev file)                         # ./run.sh package: cpack's DEB generator and dpkg-shlibdeps
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "run.sh: installing ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "run.sh: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
    SUDO=sudo
  fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# CUDA is optional: the CUDA toolkit's nvcc is used when present (static cudart), never required.
if [ -d /usr/local/cuda/bin ]; then export PATH="$PATH:/usr/local/cuda/bin"; fi
cuda="${LOADERSCOPE_CUDA:-ON}"

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_CUDA_COMPILER_LAUNCHER=ccache)
mkdir -p "$BUILD_DIR"
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DLOADERSCOPE_ENABLE_CUDA="$cuda" "${launcher[@]}" >"$BUILD_DIR/configure.log" 2>&1 \
  || { cat "$BUILD_DIR/configure.log"; exit 1; }
cmake --build "$BUILD_DIR" -j"$JOBS"

case "$mode" in
  build) ;;
  package)
    # Depends come from dpkg-shlibdeps on the installed binaries (packaging/cpack.cmake).
    (cd "$BUILD_DIR" && cpack -G DEB >cpack.log 2>&1) || { cat "$BUILD_DIR/cpack.log"; exit 1; }
    deb=$(readlink -f "$(ls -t "$BUILD_DIR"/loaderscope_*.deb | head -n1)")
    echo "run.sh: wrote $deb"
    dpkg-deb --field "$deb" Package Version Architecture Depends Recommends
    echo "run.sh: install it with: apt-get install $deb"
    ;;
  test)
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
