#!/usr/bin/env bash
# Controls for the 1 -> 2 threads figure of docs/performance.md ("1 -> 2 threads"): what the
# machine itself gives two threads, independent of the engine.
#   alu    a register-only loop (eight independent multiply chains) on 1 and on 2 threads:
#          equal wall times mean the two cores are really there for such work
#   pair   the engine's 20,000 x 1,000-sample sweep as one 1-thread process alone, then as two
#          independent 1-thread processes side by side (each doing all of it): alone / pair
#          is the efficiency perfectly independent work of this kind gets on this machine
#   start  task-clock of `cpex --version` (the host's own start-up) and `cpex list` (plus
#          mapping every plugin library), and of an empty program linked to OpenMPI's C++
#          libraries and to TBB + SQLite + Program_options + GLPK against one linked to nothing
# usage: benchmarks/machine_controls.sh [alu|pair|start]...   (from the repo root; default all)
#   REPS=5; CPEX_BIN=DIR for another build's bin directory.
set -euo pipefail
bin=${CPEX_BIN:-build/bin}
fixtures=$(dirname "$bin")/tests/fixture-plugins
reps=${REPS:-5}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
seconds() { /usr/bin/time -f %e -o "$out/time" "$@" > /dev/null 2>&1; cat "$out/time"; }
alu() {
  cat > "$out/alu.cpp" <<'CPP'
#include <cstdint>
#include <cstdlib>
#include <thread>
#include <vector>
volatile std::uint64_t sink;
static void work() {
  std::uint64_t m[8] = {1, 2, 3, 4, 5, 6, 7, 8}, s[8] = {};
  for (long i = 0; i < 200000000L; ++i)
    for (int j = 0; j < 8; ++j) { m[j] *= 0x9E3779B97F4A7C15ULL; s[j] += m[j] >> 7; }
  for (int j = 0; j < 8; ++j) sink = sink + s[j] + m[j];
}
int main(int, char** argv) {
  std::vector<std::thread> threads;
  for (int i = 0; i < std::atoi(argv[1]); ++i) threads.emplace_back(work);
  for (auto& t : threads) t.join();
}
CPP
  c++ -O2 -fno-tree-vectorize -pthread "$out/alu.cpp" -o "$out/alu"
  for _ in $(seq "$reps"); do
    echo "alu: 1 thread $(seconds "$out/alu" 1) s, 2 threads $(seconds "$out/alu" 2) s"
  done
}
pair() {
  printf '[environment]\nplugin = gaussian\nmeans = 0.5, 0.4, 0.3, 0.2\nsigma = 0.5\n[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = fixture-round-robin\nrounds = 250\n[run]\nrepetitions = 20000\n' > "$out/short.ini"
  local cmd=("$bin/cpex" sweep "$out/short.ini" --quiet --threads 1 --plugin-path "$fixtures")
  for _ in $(seq "$reps"); do
    local alone start end
    alone=$(seconds "${cmd[@]}")
    start=$(date +%s.%N)
    "${cmd[@]}" > /dev/null & "${cmd[@]}" > /dev/null
    wait
    end=$(date +%s.%N)
    printf 'pair: alone %s s, two side by side %.3f s, alone / pair %.2f\n' "$alone" \
      "$(echo "$end - $start" | bc -l)" "$(echo "$alone / ($end - $start)" | bc -l)"
  done
}
clock_ms() { perf stat -r 20 -x, -e task-clock "$@" 2>&1 > /dev/null | awk -F, '/task-clock/ {printf "%.1f", $1}'; }
start() {
  if ! perf stat -x, -e task-clock true > /dev/null 2>&1; then
    echo "start: skipped (perf stat cannot count task-clock here)"
    return
  fi
  echo 'int main() { return 0; }' > "$out/empty.cpp"
  c++ "$out/empty.cpp" -o "$out/e0"
  c++ "$out/empty.cpp" -o "$out/e1" -Wl,--no-as-needed -lmpi_cxx -lmpi
  c++ "$out/empty.cpp" -o "$out/e2" -Wl,--no-as-needed -ltbb -lsqlite3 -lboost_program_options -lglpk
  echo "start (task-clock ms, mean of 20): cpex --version $(clock_ms "$bin/cpex" --version)," \
    "cpex list $(clock_ms "$bin/cpex" list); empty program $(clock_ms "$out/e0")," \
    "+ OpenMPI $(clock_ms "$out/e1"), + TBB/SQLite/Program_options/GLPK $(clock_ms "$out/e2")"
}
parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(alu pair start)
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for part in "${parts[@]}"; do "$part"; done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
