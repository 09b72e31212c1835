#!/usr/bin/env bash
# Acceptance of the oracle-only samplers (ctest `oracle-samplers-acceptance`, label long):
#   1. ts-explore at delta = 1e-10 on pipelines/cpe-l/tree-fixed-oracle-samplers.ini takes on
#      average at most 2 T*(mu) log(1/delta) samples (the lower_bound column's ratio);
#   2. ts-explore and peps are delta-correct at delta = 0.1: over 400 runs the Clopper-Pearson
#      interval of the error rate reaches down to 0.1 or below.
# Every number is read from the summaries (`cpex report --format json`), never from text.
set -euo pipefail
cd "$(dirname "$0")/.."
cpex="${CPEX_BUILD_DIR:-build}/bin/cpex"
file=pipelines/cpe-l/tree-fixed-oracle-samplers.ini
python="${CPEX_PYTHON:-/usr/bin/python3}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# summary FIELD...: the first group's FIELD (a path of keys) of the report of $work/runs.csv
summary() {
  "$cpex" report "$work/runs.csv" --format json |
    "$python" -c 'import json, sys
value = json.load(sys.stdin)["groups"][0]
for key in sys.argv[1:]:
    value = value[int(key)] if key.isdigit() else value[key]
print(value)' "$@"
}
"$cpex" run "$file" --threads 2 --quiet --out "$work/runs.csv" > /dev/null
ratio=$(summary lower_bound_ratio mean)
echo "ts-explore at delta = 1e-10: mean samples / (T*(mu) log(1/delta)) = $ratio"
awk -v r="$ratio" 'BEGIN {exit !(r <= 2)}' || { echo "FAIL: above 2 T* log(1/delta)"; exit 1; }
for algorithm in ts-explore peps; do
  "$cpex" run "$file" --threads 2 --set algorithm.plugin=$algorithm --set algorithm.delta=0.1 \
    --set run.repetitions=400 --quiet --out "$work/runs.csv" --force-new > /dev/null
  wrong=$(summary wrong)
  low=$(summary wrong_rate_ci95 0)
  echo "$algorithm at delta = 0.1, 400 runs: $wrong wrong, 95% CI of the rate from $low"
  awk -v l="$low" 'BEGIN {exit !(l <= 0.1)}' || { echo "FAIL: $algorithm error rate above 0.1"; exit 1; }
done
echo "oracle samplers: acceptance holds"
