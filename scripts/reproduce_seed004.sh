#!/usr/bin/env bash
# Reproduces seed 004's Figures 1 and 2: runs the six sweeps of pipelines/seed004/ into
# build/reproductions/seed004/ (or $CPEX_BUILD_DIR/...), one CSV row per run, and prints
# the tables of docs/reproductions/seed004.md. Exits non-zero if the headline fails.
# Takes about 10 minutes on 2 cores. usage: scripts/reproduce_seed004.sh [--threads N]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${CPEX_BUILD_DIR:-build}
out=$build/reproductions/seed004
mkdir -p "$out"
for file in pipelines/seed004/*.ini; do
  name=$(basename "$file" .ini)
  echo "sweep $name" >&2
  "$build/bin/cpex" sweep "$file" --out "$out/$name.csv" "$@" > "$out/$name.txt"
done
python3 scripts/sweep_tables.py "$out" | tee "$out/tables.md"
