#!/usr/bin/env bash
# Install dependencies, build, and run the default test suite (everything but the
# `long` label; see docs/testing.md for the long runs).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
cd build
ctest --output-on-failure -j "$(nproc)" -LE long
