#!/usr/bin/env bash
# Configures and builds CPEx (Release) into ./build with all cores.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j "$(nproc)"
