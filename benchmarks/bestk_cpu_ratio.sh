#!/usr/bin/env bash
# CPU time per sample of each Best-K plugin against its hand-tight reference at one N
# (default 10^5), robust to a shared machine: Google Benchmark's repetitions of
# sample/ALG/N and reference/ALG/N are interleaved by running the program REPS times (each
# run times every algorithm once, plugin and reference back to back), and the table gives
# the minimum and the median CPU time per sample over the runs and the two ratios
# plugin / reference (min / min: the cost with the least interference; median / median).
# usage: benchmarks/bestk_cpu_ratio.sh [N] [REPS]   (from the repo root; defaults 100000 8)
#   ALGORITHMS="lil-rand-lucb lucb-pp" to restrict; MIN_TIME=0.2 (s per measurement);
#   CPEX_BIN=DIR for another build's bin directory.
set -euo pipefail
n=${1:-100000}
reps=${2:-8}
bin=${CPEX_BIN:-build/bin}
algorithms=${ALGORITHMS:-lucb lil-lucb lucb-pp lil-rand-lucb lil-clucb lil-ucb}
filter="^(sample|reference)/($(echo $algorithms | tr ' ' '|'))/$n\$"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for _ in $(seq "$reps"); do
  "$bin/cpex-bestk-round-benchmark" --benchmark_filter="$filter" \
    --benchmark_min_time="${MIN_TIME:-0.2}" --benchmark_format=csv 2> /dev/null |
    grep -E '^"?(sample|reference)/' >> "$out"
done
python3 - "$out" "$n" $algorithms <<'PY'
import csv, statistics, sys
cpu = {}
for row in csv.reader(open(sys.argv[1])):
    cpu.setdefault(row[0].strip('"'), []).append(float(row[3]))  # cpu_time (ns)
n = sys.argv[2]
print(f"{'algorithm':14} {'plugin min':>10} {'ref. min':>9} {'ratio':>6}   {'plugin med.':>11} {'ref. med.':>9} {'ratio':>6}  (CPU ns per sample, N = {n}, {len(next(iter(cpu.values())))} runs)")
for a in sys.argv[3:]:
    p, r = cpu.get(f"sample/{a}/{n}"), cpu.get(f"reference/{a}/{n}")
    if not p or not r:
        print(f"{a:14} (not measured)")
        continue
    pm, rm, pd, rd = min(p), min(r), statistics.median(p), statistics.median(r)
    print(f"{a:14} {pm:10.0f} {rm:9.0f} {pm / rm:6.2f}   {pd:11.0f} {rd:9.0f} {pd / rd:6.2f}")
PY
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
