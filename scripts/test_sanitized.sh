#!/usr/bin/env bash
# The memory-checking pass of the test suite: builds the programs that check memory (the
# unit, integration and command-line programs: every reader, the store, the engine, every
# plugin through the conformance suites; CPEX_TEST_SET=memory) with AddressSanitizer and
# UndefinedBehaviorSanitizer into ./build-asan, and runs them. About 40 minutes on 2 cores
# from a cold compiler cache (docs/testing.md), so not part of the CI command
# (scripts/test.sh runs it when CPEX_SANITIZERS=1): the developers run it before a branch
# lands on main. The fuzz stage of scripts/test.sh keeps the file readers under both
# sanitizers in CI. Extra arguments go to the configure step.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build_sanitized.sh -DCPEX_TEST_SET=memory -DCPEX_LONG_TESTS=OFF "$@"
cd build-asan
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --output-on-failure -j "$(nproc)" -L "unit|integration|cli" -LE "long|reproduce"
