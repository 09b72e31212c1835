#!/usr/bin/env bash
# Instructions per sample of each Best-K algorithm for N = 10^2 ... 10^5, counted by
# callgrind inside cpex_measured_samples only (set-up and warm-up excluded). Instruction
# counts do not depend on caches or machine load, so they show the algorithmic growth.
# usage: benchmarks/instructions_per_sample.sh [SAMPLES] [ALGORITHM...]   (from the repo root)
set -euo pipefail
samples=${1:-20000}
shift || true
algorithms=("$@")
[ ${#algorithms[@]} -gt 0 ] || algorithms=(lucb lil-lucb lucb-pp lil-rand-lucb lil-clucb lil-ucb)
driver=build/bin/cpex-sample-cost-driver
out=$(mktemp -d)
printf '%-14s %8s %14s\n' algorithm N instr/sample
for a in "${algorithms[@]}"; do
  for n in 100 1000 10000 100000; do
    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=cpex_measured_samples \
      --callgrind-out-file="$out/cg" "$driver" "$a" "$n" "$samples" > /dev/null 2> "$out/log"
    total=$(grep -E '^summary:|^totals:' "$out/cg" | head -1 | awk '{print $2}')
    printf '%-14s %8s %14.0f\n' "$a" "$n" "$(echo "$total / $samples" | bc -l)"
  done
done
rm -rf "$out"
