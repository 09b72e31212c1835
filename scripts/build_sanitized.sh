#!/usr/bin/env bash
# Configures and builds CPEx with AddressSanitizer and UndefinedBehaviorSanitizer into
# ./build-asan (-O1, no benchmarks), for the sanitizer configuration of the test suite
# (scripts/test.sh; docs/testing.md). Extra cmake arguments are passed on, e.g.
# -DCMAKE_CXX_COMPILER_LAUNCHER=ccache.
set -euo pipefail
cd "$(dirname "$0")/.."
launcher=()
if command -v ccache > /dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Sanitize "${launcher[@]}" -DCPEX_BUILD_BENCHMARKS=OFF \
  -DCMAKE_CXX_FLAGS="-O1 -g1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all" \
  "$@"
cmake --build build-asan -j "$(nproc)"
