#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Regenerates the README's pictures with the app's headless export (no display needed).
# Usage: docs/make_pictures.sh [build-dir]
set -euo pipefail
cd "$(dirname "$0")/.."
app="${1:-build}/gui/loaderscope"
out=docs/images
mkdir -p "$out"
export QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
"$app" --preset num_workers_4 --export "$out/num_workers_4.png" --size 1600x900
for lang in en tr; do
  "$app" --lang "$lang" --lesson 5 --export "$out/lesson5_pin_memory_$lang.png" --size 1600x900
  "$app" --lang "$lang" --lesson 9 --export "$out/lesson9_in_order_$lang.png" --size 1600x900
  "$app" --lang "$lang" --lesson 4 --export "$out/lesson4_iterable_$lang.png" --size 1600x900
done
echo "pictures written to $out"
