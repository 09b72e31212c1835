#!/usr/bin/env bash
# Configures and builds CPEx (Release) into ./build with all cores, compiler warnings as
# errors. `scripts/build.sh main` builds the main job only (the program, the plugins and the
# Python module: what scripts/quickstart.sh needs); `all` (the default), everything (tests,
# benchmarks, scaffold tests: scripts/test.sh). Further arguments go to cmake's configure
# step (e.g. -DCPEX_LONG_TESTS=OFF). CPEX_WERROR=OFF in the environment keeps warnings as
# warnings (a compiler newer than Debian 12's may warn where GCC 12 does not).
set -euo pipefail
cd "$(dirname "$0")/.."
target=()
case "${1:-all}" in
  main) target=(--target cpex-main) ;;
  all) ;;
  *) echo "usage: scripts/build.sh [main|all] [cmake arguments...]" >&2; exit 2 ;;
esac
shift $(( $# > 0 ? 1 : 0 ))
launcher=()
# ccache, when a developer has it installed, makes rebuilds across checkouts cheap; CI has none.
if command -v ccache > /dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
# Ninja (scripts/install-deps.sh installs it) schedules the whole build as one graph: a cold
# main-job build on 2 cores took 308 s with it against 332 s with CMake's Makefiles, whose
# per-target make passes also cost CPU (docs/testing.md). A build directory already configured
# keeps its generator (CMake refuses to switch one), and a generator the caller chose (-G among
# the arguments, or CMAKE_GENERATOR in the environment) wins.
generator=()
if [ ! -f build/CMakeCache.txt ] && [ -z "${CMAKE_GENERATOR:-}" ] && command -v ninja > /dev/null; then
  generator=(-G Ninja)
  for a in "$@"; do case "$a" in -G*) generator=() ;; esac; done
fi
cmake -S . -B build "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DCPEX_WERROR="${CPEX_WERROR:-ON}" "${launcher[@]}" "$@"
cmake --build build -j "$(nproc)" "${target[@]}"
