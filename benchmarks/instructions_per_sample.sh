#!/usr/bin/env bash
# Instructions per sample of each Best-K algorithm for N = 10^2 ... 10^5, counted by
# callgrind inside the measured samples only (set-up and warm-up excluded): the plugin
# through the run interfaces (cpex-sample-cost-driver, function cpex_measured_samples) and
# its hand-tight reference of benchmarks/reference/ (cpex-reference-cost-driver), same
# instance, same random streams, same samples; `ratio` = plugin / reference. Instruction
# counts do not depend on caches or machine load.
# usage: benchmarks/instructions_per_sample.sh [SAMPLES] [ALGORITHM...]   (from the repo root)
#   SIZES="100 1000" to change the N list; CPEX_BIN=DIR for another build's bin directory.
set -euo pipefail
samples=${1:-20000}
shift || true
algorithms=("$@")
[ ${#algorithms[@]} -gt 0 ] || algorithms=(lucb lil-lucb lucb-pp lil-rand-lucb lil-clucb lil-ucb)
bin=${CPEX_BIN:-build/bin}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
count() {  # count DRIVER FUNCTION ALGORITHM N -> instructions per sample
  valgrind --tool=callgrind --collect-atstart=no --toggle-collect="$2" \
    --callgrind-out-file="$out/cg" "$bin/$1" "$3" "$4" "$samples" > /dev/null 2> "$out/log" ||
    { cat "$out/log" >&2; return 1; }
  total=$(grep -E '^summary:|^totals:' "$out/cg" | head -1 | awk '{print $2}')
  echo "$total / $samples" | bc -l
}
printf '%-14s %8s %14s %14s %7s\n' algorithm N plugin reference ratio
for a in "${algorithms[@]}"; do
  for n in ${SIZES:-100 1000 10000 100000}; do
    p=$(count cpex-sample-cost-driver cpex_measured_samples "$a" "$n")
    r=$(count cpex-reference-cost-driver '*measured_reference_samples*' "$a" "$n")
    printf '%-14s %8s %14.0f %14.0f %7.2f\n' "$a" "$n" "$p" "$r" "$(echo "$p / $r" | bc -l)"
  done
done
