#!/usr/bin/env bash
# Install dependencies, build, and run the default test suite (everything but the `long`
# label; docs/testing.md for the long runs) in a Release build, build the documentation
# site (scripts/docs.sh), then a short libFuzzer run of every fuzz target under
# AddressSanitizer + UndefinedBehaviorSanitizer where clang is available (scripts/fuzz.sh).
# What `.ci/run` calls; within CI's 35-minute budget cold on 2 cores (docs/testing.md).
# Environment: CPEX_SANITIZERS=1 adds the ASan+UBSan build and run of the memory-checking
# programs (scripts/test_sanitized.sh, ~40 min more); CPEX_FUZZ_SECONDS sets the fuzz time
# per target (default 10; 0 skips fuzzing).
set -euo pipefail
cd "$(dirname "$0")/.."
# Each step's wall-clock time is printed when it ends (the figures of docs/testing.md).
step() {
  local name=$1 start=$SECONDS
  shift
  "$@"
  echo "test.sh: $name: $(( (SECONDS - start) / 60 )) min $(( (SECONDS - start) % 60 )) s"
}
step "dependencies" bash scripts/install-deps.sh
# No long test runs here, so none of their programs is compiled (CPEX_LONG_TESTS=OFF;
# docs/testing.md: how to build and run them).
step "Release build" bash scripts/build.sh all -DCPEX_LONG_TESTS=OFF
step "Release suite" bash -c 'cd build && ctest --output-on-failure -j "$(nproc)" -LE long'
# The documentation site, warnings as errors and every internal link checked (~30 s).
step "documentation site" bash scripts/docs.sh

# The ASan+UBSan pass over the memory-checking programs (scripts/test_sanitized.sh, about
# 40 minutes cold on 2 cores) runs only on request: CI's time budget holds the Release suite,
# the documentation and the sanitized fuzzers; the developers run it before a branch lands.
if [ "${CPEX_SANITIZERS:-0}" = 1 ]; then
  step "ASan+UBSan build and suite" bash scripts/test_sanitized.sh
fi

fuzz_seconds=${CPEX_FUZZ_SECONDS:-10}
[ "$fuzz_seconds" = 0 ] || step "fuzzing" bash scripts/fuzz.sh "$fuzz_seconds"
