#!/usr/bin/env bash
# The engine's cost per run through the command line (docs/performance.md, "The run engine"):
#  1. per tiny run (the test fixture `fixture-round-robin`, 1 round over 4 Gaussian arms,
#     4 samples), one thread: `cpex run --quiet` and `cpex sweep --out x.db`, as the
#     difference between R2 and R1 runs (process start and plugin loading cancel out), in
#     instructions (callgrind, exact) and in process CPU time (best of 3, machine-dependent);
#  2. 1 -> 2 threads on 20,000 runs of 1,000 samples (250 rounds) with `cpex sweep --out
#     x.db` (store included): wall and process CPU, efficiency = T1 / (2 T2) (wall) and
#     CPU1 / CPU2 (the CPU the second thread adds in locks and serial stages).
# usage: benchmarks/engine_per_run.sh [tiny|threads]...   (from the repo root; default both)
#   R1=20000 R2=60000 runs; CPEX_BIN=DIR for another build's bin directory.
set -euo pipefail
bin=${CPEX_BIN:-build/bin}
fixtures=$(dirname "$bin")/tests/fixture-plugins
r1=${R1:-20000} r2=${R2:-60000}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
pipeline() {  # pipeline ROUNDS REPETITIONS > FILE
  printf '[environment]\nplugin = gaussian\nmeans = 0.5, 0.4, 0.3, 0.2\nsigma = 0.5\n'
  printf '[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = fixture-round-robin\n'
  printf 'rounds = %s\n[run]\nrepetitions = %s\n' "$1" "$2"
}
cli() {  # cli MODE INI THREADS: the cpex command line of one measurement
  local extra=()
  [ "$1" = sweep ] && extra=(--out "$out/x.db" --force-new)
  echo "$bin/cpex" "$1" "$2" --quiet --threads "$3" --plugin-path "$fixtures" "${extra[@]}"
}
instructions() {  # instructions MODE INI -> total instructions of the process
  rm -f "$out/x.db"
  valgrind --tool=callgrind --callgrind-out-file="$out/cg" $(cli "$1" "$2" 1) > /dev/null 2> "$out/log" ||
    { cat "$out/log" >&2; return 1; }
  grep -E '^summary:|^totals:' "$out/cg" | head -1 | awk '{print $2}'
}
cpu_seconds() {  # cpu_seconds MODE INI THREADS -> "CPU WALL" of the best (least CPU) of 3
  local best="" line
  for _ in 1 2 3; do
    rm -f "$out/x.db"
    /usr/bin/time -o "$out/time" -f '%U %S %e' $(cli "$1" "$2" "$3") > /dev/null 2>&1
    line=$(tail -1 "$out/time" | awk '{printf "%.3f %.3f", $1 + $2, $3}')
    if [ -z "$best" ] || [ "$(echo "${line% *} < ${best% *}" | bc -l)" = 1 ]; then best=$line; fi
  done
  echo "$best"
}
tiny() {
  pipeline 1 "$r1" > "$out/r1.ini"
  pipeline 1 "$r2" > "$out/r2.ini"
  printf '%-22s %16s %14s\n' command instructions/run 'CPU µs/run'
  for mode in run sweep; do
    i1=$(instructions "$mode" "$out/r1.ini") i2=$(instructions "$mode" "$out/r2.ini")
    c1=$(cpu_seconds "$mode" "$out/r1.ini" 1) c2=$(cpu_seconds "$mode" "$out/r2.ini" 1)
    label="cpex $mode"; [ "$mode" = sweep ] && label="cpex sweep --out x.db"
    printf '%-22s %16.0f %14.2f\n' "$label" "$(echo "($i2 - $i1) / ($r2 - $r1)" | bc -l)" \
      "$(echo "(${c2% *} - ${c1% *}) * 1000000 / ($r2 - $r1)" | bc -l)"
  done
}
threads() {
  pipeline 250 20000 > "$out/short.ini"
  printf '%-8s %10s %10s\n' threads 'wall s' 'CPU s'
  read -r cpu1 wall1 <<< "$(cpu_seconds sweep "$out/short.ini" 1)"
  printf '%-8s %10s %10s\n' 1 "$wall1" "$cpu1"
  read -r cpu2 wall2 <<< "$(cpu_seconds sweep "$out/short.ini" 2)"
  printf '%-8s %10s %10s\n' 2 "$wall2" "$cpu2"
  printf 'efficiency T1/(2 T2) = %.2f (wall; needs an idle machine), CPU1/CPU2 = %.2f\n' \
    "$(echo "$wall1 / (2 * $wall2)" | bc -l)" "$(echo "$cpu1 / $cpu2" | bc -l)"
  uptime
}
parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(tiny threads)
for part in "${parts[@]}"; do "$part"; done
