#!/usr/bin/env bash
# Smoke run of one Google Benchmark program (tests/perf/tests.cmake): every benchmark the
# filter keeps runs for a minimal time; the test fails when the program exits non-zero (an
# abort, an uncaught ConfigError), when a benchmark reports an error, or when a benchmark
# family (the name without its numeric arguments) has no case left after the filter.
# usage: benchmark_smoke.sh PROGRAM [FILTER]   (FILTER: Google Benchmark regex, default all)
set -uo pipefail
program=$1
filter=${2:-.}
listed=$("$program" --benchmark_list_tests=true) || { echo "FAIL: $program --benchmark_list_tests exited $?"; exit 1; }
family() { sed -E 's#(/([0-9]+|real_time|manual_time|process_time|[a-z_]+:[0-9.]+))+$##'; }
families=$(printf '%s\n' "$listed" | family | sort -u)
# Google Benchmark 1.7 (Debian 12): --benchmark_min_time is a number of seconds (no unit).
output=$("$program" --benchmark_min_time=0.001 --benchmark_filter="$filter" \
         --benchmark_format=console --benchmark_color=false 2>&1)
status=$?
printf '%s\n' "$output"
if [ $status -ne 0 ]; then echo "FAIL: $program exited with status $status"; exit 1; fi
if printf '%s\n' "$output" | grep -q 'ERROR OCCURRED'; then echo "FAIL: a benchmark reported an error"; exit 1; fi
ran=$(printf '%s\n' "$output" | awk '/^-+$/ {body = 1; next} body && NF > 1 {print $1}' | family | sort -u)
missing=$(comm -23 <(printf '%s\n' "$families") <(printf '%s\n' "$ran"))
if [ -n "$missing" ]; then printf 'FAIL: families that did not run:\n%s\n' "$missing"; exit 1; fi
echo "OK: $(printf '%s\n' "$families" | wc -l) families ran"
