#!/usr/bin/env bash
# Reproduces docs/reproductions/cpe-l.md: runs every sweep in pipelines/cpe-l/ (except the
# one-file example spanning-tree-clucb.ini) into build/reproductions/cpe-l/ (or
# $CPEX_BUILD_DIR/...), then prints the tables with scripts/cpe_l_tables.py, which exits
# non-zero if a run erred or lil'CLUCB does not beat CLUCB. About a minute on 2 cores.
# usage: scripts/reproduce_cpe_l.sh [cpex options, e.g. --threads 2]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${CPEX_BUILD_DIR:-build}
out=$build/reproductions/cpe-l
mkdir -p "$out"
for file in pipelines/cpe-l/*-*clucb*.ini; do
  name=$(basename "$file" .ini)
  [ "$name" = spanning-tree-clucb ] && continue
  echo "sweep $name" >&2
  "$build/bin/cpex" sweep "$file" --out "$out/$name.csv" "$@" > "$out/$name.txt"
done
"${CPEX_PYTHON:-/usr/bin/python3}" scripts/cpe_l_tables.py "$out" | tee "$out/tables.md"
