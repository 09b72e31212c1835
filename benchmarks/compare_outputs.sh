#!/usr/bin/env bash
# Runs every pipeline of benchmarks/equivalence/ with two builds of cpex and compares the
# result rows (all columns but wall_time_s): a performance change must leave them
# bit-identical (docs/performance.md, "Results unchanged").
# usage: benchmarks/compare_outputs.sh BEFORE_CPEX AFTER_CPEX [PIPELINE.ini...]
#   e.g. cp -a build/bin build/lib /tmp/before/   (on the old commit), then after the
#        change: benchmarks/compare_outputs.sh /tmp/before/bin/cpex build/bin/cpex
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 BEFORE_CPEX AFTER_CPEX [PIPELINE.ini...]" >&2; exit 2; }
before=$1 after=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
pipelines=("$@")
[ ${#pipelines[@]} -gt 0 ] || pipelines=("$here"/equivalence/*.ini)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
status=0
for p in "${pipelines[@]}"; do
  name=$(basename "$p" .ini)
  for side in before after; do
    "${!side}" sweep "$p" --out "$out/$name-$side.csv" --quiet > /dev/null
  done
  if python3 - "$out/$name-before.csv" "$out/$name-after.csv" <<'PY'
import csv, sys
def rows(path):
    with open(path, newline="") as f:
        return [{k: v for k, v in r.items() if k != "wall_time_s"} for r in csv.DictReader(f)]
a, b = rows(sys.argv[1]), rows(sys.argv[2])
diff = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
if len(a) != len(b) or diff:
    print(f"  {len(a)} vs {len(b)} rows, {len(diff)} differ; first: run_id "
          f"{a[diff[0]]['run_id'] if diff else '-'}")
    for i in diff[:3]:
        for k in a[i]:
            if a[i][k] != b[i].get(k):
                print(f"    run {a[i]['run_id']} {k}: {a[i][k][:80]} -> {b[i].get(k, '')[:80]}")
    sys.exit(1)
print(f"  {len(a)} rows identical")
PY
  then echo "$name: same"; else echo "$name: DIFFERENT"; status=1; fi
done
exit $status
