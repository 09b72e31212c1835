#!/usr/bin/env bash
# Reproduces a seed paper's figures: runs every sweep in pipelines/seedNNN/ into
# build/reproductions/seedNNN/ (or $CPEX_BUILD_DIR/...), one CSV row per run, then prints
# the tables of docs/reproductions/seedNNN.md with scripts/seedNNN_tables.py, which exits
# non-zero if the paper's checked claim does not hold.
# usage: scripts/reproduce.sh NNN [cpex options, e.g. --threads 2]     (NNN: 000, 001, 002, 004)
set -euo pipefail
cd "$(dirname "$0")/.."
seed=${1:?usage: scripts/reproduce.sh NNN [cpex options]}
shift
[ -d "pipelines/seed$seed" ] || { echo "reproduce: no pipelines/seed$seed" >&2; exit 2; }
build=${CPEX_BUILD_DIR:-build}
out=$build/reproductions/seed$seed
mkdir -p "$out"
for file in "pipelines/seed$seed"/*.ini; do
  name=$(basename "$file" .ini)
  echo "sweep $name" >&2
  trace=()  # a pipeline with trace-every (seed 000 Fig. 1) writes its trace beside the CSV
  grep -q '^trace-every' "$file" && trace=(--set "run.trace-file=$PWD/$out/$name.trace.csv")
  "$build/bin/cpex" sweep "$file" --out "$out/$name.csv" "${trace[@]}" "$@" > "$out/$name.txt"
done
python3 "scripts/seed${seed}_tables.py" "$out" | tee "$out/tables.md"
