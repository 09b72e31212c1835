#!/usr/bin/env bash
# Acceptance of the oracle-only samplers (ctest `oracle-samplers-acceptance`, label long):
#   1. ts-explore at delta = 1e-10 on pipelines/cpe-l/tree-fixed-oracle-samplers.ini takes on
#      average at most 2 T*(mu) log(1/delta) samples (T* from `cpex hardness`);
#   2. ts-explore and peps are delta-correct at delta = 0.1: over 400 runs the Clopper-Pearson
#      interval of the error rate reaches down to 0.1 or below.
set -euo pipefail
cd "$(dirname "$0")/.."
cpex="${CPEX_BUILD_DIR:-build}/bin/cpex"
file=pipelines/cpe-l/tree-fixed-oracle-samplers.ini
bound=$("$cpex" hardness "$file" | awk -F' = ' '/T\*\(mu\) log\(1\/delta\)/ {print $2}')
mean=$("$cpex" run "$file" --threads 2 | awk '/samples \(stopped runs\) mean/ {print $5}')
echo "ts-explore: mean samples $mean, T* log(1/delta) $bound, ratio $(awk -v m="$mean" -v b="$bound" 'BEGIN {print m / b}')"
awk -v m="$mean" -v b="$bound" 'BEGIN {exit !(m <= 2 * b)}' || { echo "FAIL: above 2 T* log(1/delta)"; exit 1; }
for algorithm in ts-explore peps; do
  line=$("$cpex" run "$file" --threads 2 --set algorithm.plugin=$algorithm --set algorithm.delta=0.1 \
         --set run.repetitions=400 | grep 'errors (not correct')
  echo "$algorithm at delta = 0.1, 400 runs: $line"
  low=$(echo "$line" | sed -E 's/.*rate [^ ]+ \(95% CI \[([^,]+),.*/\1/')
  awk -v l="$low" 'BEGIN {exit !(l <= 0.1)}' || { echo "FAIL: $algorithm error rate above 0.1"; exit 1; }
done
echo "oracle samplers: acceptance holds"
