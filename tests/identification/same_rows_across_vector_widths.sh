#!/usr/bin/env bash
# The learner's vector passes (numerics/ada_hedge.cpp: sums in blocks of four arms whatever the
# vector's width) give the same rows on a processor with AVX2 and on one without: `game` and
# `peps` on a pipeline, run with the passes the processor chooses and with CPEX_SIMD_SSE2=1,
# every column but the wall time compared.
# usage: same_rows_across_vector_widths.sh CPEX PIPELINE.ini
set -euo pipefail
cpex=$1 pipeline=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
drop_wall_time() {  # the CSV without its wall_time_s column
  awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) if ($i == "wall_time_s") skip = i }
           { line = ""; for (i = 1; i <= NF; ++i) if (i != skip) line = line (line == "" ? "" : ",") $i; print line }' "$1"
}
for algorithm in game peps; do
  for width in default sse2; do
    if [ $width = sse2 ]; then export CPEX_SIMD_SSE2=1; else unset CPEX_SIMD_SSE2; fi
    "$cpex" sweep "$pipeline" --set algorithm.plugin=$algorithm --set run.repetitions=3 \
      --out "$out/$algorithm-$width.csv" > /dev/null
    drop_wall_time "$out/$algorithm-$width.csv" > "$out/$algorithm-$width.rows"
  done
  rows=$(($(wc -l < "$out/$algorithm-default.rows") - 1))
  [ "$rows" -gt 0 ] || { echo "$algorithm: no rows" >&2; exit 1; }
  if ! cmp -s "$out/$algorithm-default.rows" "$out/$algorithm-sse2.rows"; then
    echo "$algorithm: the rows differ between the processor's vector passes and SSE2's" >&2
    diff "$out/$algorithm-default.rows" "$out/$algorithm-sse2.rows" | head -5 >&2
    exit 1
  fi
  echo "$algorithm: $rows rows, the same with both vector widths"
done
