#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/, clang) into ./build-fuzz, replays every committed
# regression input, then fuzzes each target for SECONDS (default 20) from its committed
# seed corpus. New interesting inputs go to build-fuzz/corpus/ (not into the repository);
# a crash leaves its input in build-fuzz/artifacts/ and fails the script. Skips (status 0)
# when clang++ is not installed. Usage: scripts/fuzz.sh [SECONDS] [extra cmake args...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
shift || true
if ! command -v clang++ > /dev/null; then
  echo "fuzz: clang++ not found, skipping the fuzz run"
  exit 0
fi
cmake -S fuzz -B build-fuzz -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Fuzz "$@" > /dev/null
cmake --build build-fuzz -j "$(nproc)"
mkdir -p build-fuzz/artifacts
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
for target in $(tr ';' ' ' < build-fuzz/targets.txt); do
  regressions=(fuzz/regressions/$target/*)
  if [ -e "${regressions[0]}" ]; then
    echo "fuzz: $target: replaying ${#regressions[@]} regression inputs"
    "build-fuzz/$target" -runs=1 "${regressions[@]}" > "build-fuzz/$target.replay.log" 2>&1 ||
      { tail -40 "build-fuzz/$target.replay.log"; exit 1; }
  fi
  mkdir -p "build-fuzz/corpus/$target"
  echo "fuzz: $target: fuzzing for ${seconds} s"
  "build-fuzz/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=65536 -print_final_stats=1 -artifact_prefix="build-fuzz/artifacts/$target-" \
    "build-fuzz/corpus/$target" "fuzz/corpus/$target" > "build-fuzz/$target.log" 2>&1 ||
    { tail -60 "build-fuzz/$target.log"; echo "fuzz: $target found a failure (build-fuzz/artifacts)"; exit 1; }
  grep -E "stat::number_of_executed_units|stat::new_units_added" "build-fuzz/$target.log" |
    sed "s/^/fuzz: $target: /"
done
