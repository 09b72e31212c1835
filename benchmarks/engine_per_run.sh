#!/usr/bin/env bash
# The engine's cost per run through the command line (docs/performance.md, "The run engine"):
#  1. per tiny run (the test fixture `fixture-round-robin`, 1 round over 4 Gaussian arms,
#     4 samples), one thread: `cpex run --quiet` and `cpex sweep --out x.db`, as the
#     difference between two run counts (process start and plugin loading cancel out): in
#     instructions (callgrind, exact; R2 - R1 runs) and in process CPU time, user + system
#     (machine-dependent; R3 - R1 runs, the best of 3 of each; `perf stat` task-clock when
#     perf is installed, else /usr/bin/time's 10 ms resolution);
#  2. 1 -> 2 threads on 20,000 runs of 1,000 samples (250 rounds), `cpex sweep` with and
#     without a store (--out x.db): the two thread counts alternate REPS times; medians of
#     the wall time and of the process CPU, efficiency = T1 / (2 T2) from the median walls
#     and from the least walls (the runs least disturbed by other processes), the same for
#     the runs alone (the median wall of a 1-run invocation -- process start, plugin
#     loading, the summary: serial -- subtracted on both sides), CPU2 / CPU1 (the CPU the
#     second thread adds: locks, idle spinning, serial stages), and shards / T2: the wall of
#     two 1-thread processes running the two halves (--shard 1/2, 2/2) side by side over
#     T2 -- what the 2 cores give to perfectly independent work at that moment, the control
#     that tells the engine's losses from a busy machine's.
# usage: benchmarks/engine_per_run.sh [tiny|threads]...   (from the repo root; default both)
#   R1=20000 R2=60000 R3=220000 runs, REPS=5; CPEX_BIN=DIR for another build's bin directory.
set -euo pipefail
bin=${CPEX_BIN:-build/bin}
fixtures=$(dirname "$bin")/tests/fixture-plugins
r1=${R1:-20000} r2=${R2:-60000} r3=${R3:-220000} reps=${REPS:-5}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
pipeline() {  # pipeline ROUNDS REPETITIONS > FILE
  printf '[environment]\nplugin = gaussian\nmeans = 0.5, 0.4, 0.3, 0.2\nsigma = 0.5\n'
  printf '[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = fixture-round-robin\n'
  printf 'rounds = %s\n[run]\nrepetitions = %s\n' "$1" "$2"
}
cli() {  # cli MODE INI THREADS [store]: the cpex command line of one measurement
  local extra=()
  [ "${4:-}" = store ] && extra=(--out "$out/x.db" --force-new)
  echo "$bin/cpex" "$1" "$2" --quiet --threads "$3" --plugin-path "$fixtures" "${extra[@]}"
}
shards() {  # shards INI [store] -> wall seconds of two 1-thread processes, --shard 1/2 and 2/2,
  # started together: what 2 cores give to perfectly independent work at this moment
  local extra=() start end
  [ "${2:-}" = store ] && extra=(--force-new)
  rm -f "$out"/s1.db "$out"/s2.db
  start=$(date +%s.%N)
  "$bin/cpex" sweep "$1" --quiet --threads 1 --plugin-path "$fixtures" --shard 1/2 \
    ${2:+--out "$out/s1.db"} "${extra[@]}" > /dev/null 2>&1 &
  "$bin/cpex" sweep "$1" --quiet --threads 1 --plugin-path "$fixtures" --shard 2/2 \
    ${2:+--out "$out/s2.db"} "${extra[@]}" > /dev/null 2>&1
  wait
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}
store_of() { [ "$1" = sweep ] && echo store || true; }
instructions() {  # instructions MODE INI -> total instructions of the process
  rm -f "$out/x.db"
  valgrind --tool=callgrind --callgrind-out-file="$out/cg" $(cli "$1" "$2" 1 "$(store_of "$1")") \
    > /dev/null 2> "$out/log" || { cat "$out/log" >&2; return 1; }
  grep -E '^summary:|^totals:' "$out/cg" | head -1 | awk '{print $2}'
}
have_perf=no
perf stat -x, -e task-clock true > /dev/null 2>&1 && have_perf=yes
measure() {  # measure MODE INI THREADS [store] -> "CPU WALL" seconds of one process
  rm -f "$out/x.db"
  if [ $have_perf = yes ]; then
    perf stat -e task-clock -o "$out/stat" $(cli "$@") > /dev/null 2>&1
    awk '/task-clock/ {cpu = $1} /seconds time elapsed/ {wall = $1}
         END {gsub(",", "", cpu); printf "%.4f %.4f\n", cpu / 1000, wall}' "$out/stat"
  else
    /usr/bin/time -o "$out/time" -f '%U %S %e' $(cli "$@") > /dev/null 2>&1
    tail -1 "$out/time" | awk '{printf "%.3f %.3f\n", $1 + $2, $3}'
  fi
}
cpu_seconds() {  # cpu_seconds MODE INI THREADS [store] -> "CPU WALL" of the best (least CPU) of 3
  local best="" line
  for _ in 1 2 3; do
    line=$(measure "$@")
    if [ -z "$best" ] || [ "$(echo "${line% *} < ${best% *}" | bc -l)" = 1 ]; then best=$line; fi
  done
  echo "$best"
}
tiny() {
  for r in "$r1" "$r2" "$r3"; do pipeline 1 "$r" > "$out/r$r.ini"; done
  printf '%-22s %16s %14s   (%s)\n' command instructions/run 'CPU µs/run' \
    "CPU by $([ $have_perf = yes ] && echo 'perf stat task-clock' || echo /usr/bin/time)"
  for mode in run sweep; do
    i1=$(instructions "$mode" "$out/r$r1.ini") i2=$(instructions "$mode" "$out/r$r2.ini")
    c1=$(cpu_seconds "$mode" "$out/r$r1.ini" 1 "$(store_of $mode)")
    c3=$(cpu_seconds "$mode" "$out/r$r3.ini" 1 "$(store_of $mode)")
    label="cpex $mode"; [ "$mode" = sweep ] && label="cpex sweep --out x.db"
    printf '%-22s %16.0f %14.2f\n' "$label" "$(echo "($i2 - $i1) / ($r2 - $r1)" | bc -l)" \
      "$(echo "(${c3% *} - ${c1% *}) * 1000000 / ($r3 - $r1)" | bc -l)"
  done
  echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
}
median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2)}'; }
least() { sort -g | head -1; }
cv() { awk '{s += $1; q += $1 * $1} END {m = s / NR; v = q / NR - m * m; print (v > 0 ? sqrt(v) : 0) / m}'; }
threads() {
  pipeline 250 20000 > "$out/short.ini"
  pipeline 250 1 > "$out/start.ini"  # one run: process start, plugin loading, probe, summary
  echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  printf '%-11s %3s %9s %9s %8s %9s %9s %11s %11s %11s %9s %13s\n' output thr 'wall med' 'wall min' \
    'wall CV' 'CPU med' 'start med' 'T1/2T2 med' 'T1/2T2 min' 'runs only' 'CPU2/CPU1' 'shards/T2 med'
  for store in none store; do
    : > "$out/t1"; : > "$out/t2"; : > "$out/s1"; : > "$out/s2"; : > "$out/sh"
    for _ in $(seq "$reps"); do
      for t in 1 2; do
        measure sweep "$out/short.ini" "$t" "${store/none/}" >> "$out/t$t"
        measure sweep "$out/start.ini" "$t" "${store/none/}" >> "$out/s$t"
      done
      shards "$out/short.ini" "${store/none/}" >> "$out/sh"
    done
    local w1 w2 m1 m2 c1 c2 s1 s2 sh
    w1=$(awk '{print $2}' "$out/t1" | median) w2=$(awk '{print $2}' "$out/t2" | median)
    m1=$(awk '{print $2}' "$out/t1" | least) m2=$(awk '{print $2}' "$out/t2" | least)
    c1=$(awk '{print $1}' "$out/t1" | median) c2=$(awk '{print $1}' "$out/t2" | median)
    s1=$(awk '{print $2}' "$out/s1" | median) s2=$(awk '{print $2}' "$out/s2" | median)
    sh=$(median < "$out/sh")
    local v1 v2
    v1=$(awk '{print $2}' "$out/t1" | cv) v2=$(awk '{print $2}' "$out/t2" | cv)
    label=$([ $store = store ] && echo '--out x.db' || echo 'no output')
    printf '%-11s %3s %9.3f %9.3f %8.2f %9.3f %9.3f\n' "$label" 1 "$w1" "$m1" "$v1" "$c1" "$s1"
    printf '%-11s %3s %9.3f %9.3f %8.2f %9.3f %9.3f %11.2f %11.2f %11.2f %9.2f %13.2f\n' "$label" 2 "$w2" \
      "$m2" "$v2" "$c2" "$s2" "$(echo "$w1 / (2 * $w2)" | bc -l)" "$(echo "$m1 / (2 * $m2)" | bc -l)" \
      "$(echo "($w1 - $s1) / (2 * ($w2 - $s2))" | bc -l)" "$(echo "$c2 / $c1" | bc -l)" \
      "$(echo "$sh / $w2" | bc -l)"
  done
  echo "load after: $(cut -d' ' -f1-3 /proc/loadavg) (seconds; medians and least of $reps alternating"
  echo "runs; 'wall CV': standard deviation / mean of the wall times, the machine's noise (at a CV"
  echo "of 0.1 an efficiency of 0.8 and one of 0.9 cannot be told apart); 'start': the same command"
  echo "with 1 run; 'runs only' = (T1 - start1) / 2 (T2 - start2);"
  echo "'shards/T2': the wall of two 1-thread processes running --shard 1/2 and 2/2 side by side"
  echo "over T2 -- 1.0 when the 2-thread process does as well as perfectly independent work)"
}
parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(tiny threads)
for part in "${parts[@]}"; do "$part"; done
