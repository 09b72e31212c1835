#!/usr/bin/env bash
# Regenerates the figures of docs/performance.md: runs each section's command (the same
# command the document shows above its table) and prints the command and its output.
# Instruction counts (callgrind) do not depend on the machine's load; wall-clock and CPU
# figures do (the document says which session and load they were taken at).
# usage: benchmarks/report.sh [SECTION...]        (from the repo root, after scripts/build.sh)
#   sections (default: all but the long ones):
#     instructions  Best-K instructions per sample, plugin vs hand-tight reference (callgrind)
#     bestk-wall    Best-K wall clock per sample (Google Benchmark)
#     bestk-1e5     Best-K CPU per sample at N = 10^5, plugin vs reference (min and median
#                   of 5 interleaved runs: benchmarks/bestk_cpu_ratio.sh)
#     full-bandit   SAQM / CLUCB-QM round vs the O(n^2) floor at n = 500, 1000
#     full-bandit-all  every full-bandit round benchmark (long: several minutes)
#     linear        LinGapE round
#     quickstart    the quickstart pipeline's run time
#     engine        engine benchmark (in-process) and the command line per run, 1 -> 2 threads
#     million       peak memory of a 10^6-run sweep
#     cpe-l osa design   oracle and design benchmarks
#     python        the Python call path (benchmarks/python_overhead.py)
#     study         tells per second into a study: command line, Python, HTTP
#     study-serve   the study service under slow and idle clients
#     peers         CPEx lil'UCB beside the NumPy banditpylib-style learner
#     reproduce-004 the seed 004 reproduction's run time (long: about 10 minutes)
#   SAMPLES=20000 (instructions), SIZES="100 1000 10000 100000" (instructions).
set -uo pipefail
cd "$(dirname "$0")/.."
bin=build/bin
gb=(--benchmark_repetitions=3 --benchmark_report_aggregates_only=true)
run() { echo "\$ $*"; "$@"; echo; }
section() { echo "## $1 ($(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg))"; }
instructions() { run bash benchmarks/instructions_per_sample.sh "${SAMPLES:-20000}"; }
bestk-1e5() { run bash benchmarks/bestk_cpu_ratio.sh 100000 5; }
bestk-wall() { run "$bin/cpex-bestk-round-benchmark" --benchmark_min_time=0.5 "${gb[@]}"; }
full-bandit() {
  run "$bin/cpex-full-bandit-round-benchmark" \
    --benchmark_filter='^(saqm|clucb-qm)/k=.*/(500|1000)/[0-9]+$|^(floor|refactor).*/(500|1000)$' \
    --benchmark_min_time=0.3 --benchmark_repetitions=5 --benchmark_enable_random_interleaving=true \
    --benchmark_report_aggregates_only=true
}
full-bandit-all() { run "$bin/cpex-full-bandit-round-benchmark" --benchmark_min_time=0.1; }
linear() {  # the ratio rule at (1000, 36) is left out: its LPs take many minutes
  run "$bin/cpex-linear-round-benchmark" --benchmark_filter='greedy/|/(6/5|100/36)$' \
    --benchmark_min_time=0.5 "${gb[@]}"
}
engine() {
  run "$bin/cpex-engine-benchmark" --benchmark_min_time=2 "${gb[@]}"
  run bash benchmarks/engine_per_run.sh tiny threads
  run bash benchmarks/machine_controls.sh
}
million() {
  run /usr/bin/time -f '%M kB peak RSS, %U s user, %e s wall' "$bin/cpex" sweep \
    benchmarks/million_runs.ini --quiet --plugin-path build/tests/fixture-plugins \
    --out /tmp/cpex-million.db --force-new
  rm -f /tmp/cpex-million.db
}
cpe-l() { run "$bin/cpex-cpe-l-benchmark" --benchmark_min_time=0.2; }
osa() { run "$bin/cpex-osa-greedy-benchmark" --benchmark_min_time=0.2; }
design() { run "$bin/cpex-design-benchmark" "${gb[@]}"; }
python() { run /usr/bin/python3 benchmarks/python_overhead.py --build build --repeat 5; }
study() {
  for batch in 100 1000; do
    run env PYTHONPATH=build/share/cpex/python /usr/bin/python3 benchmarks/study_throughput.py --batch "$batch"
  done
}
study-serve() {  # the service under 50 slow and 100 idle clients (benchmarks/study_serve_load.py)
  local d
  d=$(mktemp -d)
  printf '[study]\narms = 4\nrewards = gaussian\n[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = lucb\n[run]\nseed = 1\n' > "$d/s.ini"
  build/bin/cpex study new "$d/s.db" --pipeline "$d/s.ini" > /dev/null
  run /usr/bin/python3 benchmarks/study_serve_load.py --token-file "$d/s.db.token" -- build/bin/cpex study serve "$d/s.db" --port 0
  rm -rf "$d"
}
peers() { run /usr/bin/python3 benchmarks/peers/compare_lil_ucb.py --runs-cpex 1000; }
quickstart() { run bash -c 'time build/bin/cpex run pipelines/quickstart.ini --quiet'; }
reproduce-004() {
  run bash -c 'time bash scripts/reproduce.sh 004'
  run /usr/bin/python3 -c "import csv, glob; rows = [r for f in glob.glob('build/reproductions/seed004/*.csv') for r in csv.DictReader(open(f))]; print(len(rows), 'runs,', sum(int(r['samples']) for r in rows), 'samples')"
}
sections=("$@")
[ ${#sections[@]} -gt 0 ] ||
  sections=(instructions bestk-1e5 bestk-wall quickstart full-bandit linear engine million cpe-l osa design python study study-serve peers)
for s in "${sections[@]}"; do
  declare -F "$s" > /dev/null || { echo "unknown section: $s" >&2; exit 2; }
  section "$s"
  "$s"
done
