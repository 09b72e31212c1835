#!/usr/bin/env bash
# Configures and builds CPEx with AddressSanitizer and UndefinedBehaviorSanitizer into
# ./build-asan (-O1, no benchmarks), for the sanitizer configuration of the test suite
# (scripts/test.sh; docs/testing.md). Extra cmake arguments are passed on, e.g.
# -DCMAKE_CXX_COMPILER_LAUNCHER=ccache. Warnings are errors as in the Release build, but for
# -Wmaybe-uninitialized: GCC 12 reports it from inside libstdc++ (<regex>, std::function) only
# when the sanitizers' instrumentation changes what it inlines (58 reports, none in CPEx's
# code); the Release build keeps that warning as an error.
set -euo pipefail
cd "$(dirname "$0")/.."
launcher=()
if command -v ccache > /dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Sanitize "${launcher[@]}" -DCPEX_BUILD_BENCHMARKS=OFF \
  -DCPEX_WERROR="${CPEX_WERROR:-ON}" \
  -DCMAKE_CXX_FLAGS="-O1 -g1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all -Wno-maybe-uninitialized" \
  "$@"
cmake --build build-asan -j "$(nproc)"
