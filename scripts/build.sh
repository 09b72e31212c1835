#!/usr/bin/env bash
# Configures and builds CPEx (Release) into ./build with all cores.
set -euo pipefail
cd "$(dirname "$0")/.."
launcher=()
# ccache, when a developer has it installed, makes rebuilds across checkouts cheap; CI has none.
if command -v ccache > /dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "${launcher[@]}"
cmake --build build -j "$(nproc)"
