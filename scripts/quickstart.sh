#!/usr/bin/env bash
# The main job: install dependencies, build, and run the quickstart pipeline.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh main
bash scripts/build.sh main
./build/bin/cpex run pipelines/quickstart.ini
