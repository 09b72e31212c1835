#!/usr/bin/env bash
# Install dependencies, build, and run the default test suite (everything but the
# `long` label; see docs/testing.md for the long runs) in two configurations: Release,
# and AddressSanitizer + UndefinedBehaviorSanitizer (-O1, no benchmarks; without the quick
# reproduction, label `reproduce`, whose sweeps run the code the other tests cover). Then a short
# libFuzzer run of every fuzz target where clang is available (scripts/fuzz.sh). The
# documentation site is built after the Release tests (scripts/docs.sh).
# Environment: CPEX_SKIP_SANITIZERS=1 skips the sanitizer build, CPEX_FUZZ_SECONDS sets
# the fuzz time per target (default 20; 0 skips fuzzing).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# No long test runs here, so none of their programs is compiled (CPEX_LONG_TESTS=OFF;
# docs/testing.md: how to build and run them).
bash scripts/build.sh all -DCPEX_LONG_TESTS=OFF
(cd build && ctest --output-on-failure -j "$(nproc)" -LE long)
# The documentation site, warnings as errors and every internal link checked (~30 s).
bash scripts/docs.sh

if [ "${CPEX_SKIP_SANITIZERS:-0}" != 1 ]; then
  # The sanitizers check memory: the unit, integration and command-line programs
  # (CPEX_TEST_SET=memory), which run every reader, the store, the engine and every plugin
  # through the conformance suites; the statistical sweeps rerun that code (docs/testing.md).
  bash scripts/build_sanitized.sh -DCPEX_TEST_SET=memory -DCPEX_LONG_TESTS=OFF
  (cd build-asan &&
   ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
   ctest --output-on-failure -j "$(nproc)" -L "unit|integration|cli" -LE "long|reproduce")
fi

fuzz_seconds=${CPEX_FUZZ_SECONDS:-20}
[ "$fuzz_seconds" = 0 ] || bash scripts/fuzz.sh "$fuzz_seconds"
