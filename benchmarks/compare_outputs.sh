#!/usr/bin/env bash
# Runs every pipeline of benchmarks/equivalence/ with two builds of cpex and compares the
# result rows (all columns of BEFORE but the measured ones -- wall_time_s: the MEASURED list
# the AFTER build generates from result_columns.def; a column AFTER adds is named, not
# compared): a performance change must leave them
# bit-identical (docs/performance.md, "Results unchanged"). Each pipeline is run twice per
# build: to a CSV file (--out x.csv) and to a results store (--out x.db, exported to CSV by
# the AFTER build, and its typed rows compared column by column through SQLite too).
# usage: benchmarks/compare_outputs.sh BEFORE_CPEX AFTER_CPEX [PIPELINE.ini...]
#   THREADS=N: run AFTER with --threads N (BEFORE with its default), e.g. THREADS=1 for the
#   engine's one-thread loop.
#   e.g. cp -a build/bin build/lib /tmp/before/   (on the old commit), then after the
#        change: benchmarks/compare_outputs.sh /tmp/before/bin/cpex build/bin/cpex
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 BEFORE_CPEX AFTER_CPEX [PIPELINE.ini...]" >&2; exit 2; }
before=$1 after=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
pipelines=("$@")
[ ${#pipelines[@]} -gt 0 ] || pipelines=("$here"/equivalence/*.ini)
# The test fixtures (benchmarks/equivalence/failed-runs.ini) of each side's own build tree:
# a build of another plugin ABI cannot load the other's fixtures (it would refuse every
# pipeline).
plugin_path_of() {
  local fixtures
  fixtures=$(dirname "$1")/../tests/fixture-plugins
  if [ -d "$fixtures" ]; then echo "${CPEX_PLUGIN_PATH:+$CPEX_PLUGIN_PATH:}$fixtures"; else echo "${CPEX_PLUGIN_PATH:-}"; fi
}
after_threads=()
[ -n "${THREADS:-}" ] && after_threads=(--threads "$THREADS")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
status=0
for p in "${pipelines[@]}"; do
  name=$(basename "$p" .ini)
  for side in before after; do
    extra=()
    [ $side = after ] && extra=("${after_threads[@]}")
    # (a sweep with failed runs exits non-zero; its rows are compared all the same)
    plugin_path=$(plugin_path_of "${!side}")
    CPEX_PLUGIN_PATH=$plugin_path "${!side}" sweep "$p" --out "$out/$name-$side.csv" --quiet "${extra[@]}" > /dev/null 2>&1 || true
    CPEX_PLUGIN_PATH=$plugin_path "${!side}" sweep "$p" --out "$out/$name-$side.db" --quiet "${extra[@]}" > /dev/null 2>&1 || true
    "$after" export "$out/$name-$side.db" --csv "$out/$name-$side-db.csv" > /dev/null 2>&1 || true
  done
  if CPEX_COLUMNS_DIR=$(dirname "$after")/../share/cpex/python/cpex python3 - "$out/$name-before.csv" "$out/$name-after.csv" "$out/$name-before-db.csv" \
      "$out/$name-after-db.csv" "$out/$name-before.db" "$out/$name-after.db" <<'PY'
import csv, os, sqlite3, sys
sys.path.insert(0, os.environ["CPEX_COLUMNS_DIR"])
from _columns import MEASURED  # the result-column table's measured columns (wall time)
def rows(path, keep=None):  # keep: the columns of BEFORE (a column AFTER adds is reported, not compared)
    with open(path, newline="") as f:
        return [{k: v for k, v in r.items() if k not in MEASURED and (keep is None or k in keep)}
                for r in csv.DictReader(f)]
def header(path):
    with open(path, newline="") as f:
        return next(csv.reader(f), [])
def typed(path, keep=None):  # the store's rows as SQLite holds them (type and value of every cell)
    db = sqlite3.connect(path)
    cols = [c[1] for c in db.execute("PRAGMA table_info(runs)")
            if c[1] not in MEASURED and (keep is None or c[1] in keep)]
    sel = ", ".join(f'typeof("{c}"), "{c}"' for c in cols)
    return [dict(zip(cols, zip(r[::2], r[1::2])))
            for r in db.execute(f"SELECT {sel} FROM runs ORDER BY run_id")]
before_columns = set(header(sys.argv[1]))
added = [c for c in header(sys.argv[2]) if c not in before_columns]
if added:
    print(f"  columns AFTER adds (not compared): {', '.join(added)}")
for x, y in ((sys.argv[3], sys.argv[4]), (sys.argv[5], sys.argv[6])):
    p, q = ((rows(x, before_columns), rows(y, before_columns)) if x.endswith(".csv")
            else (typed(x, before_columns), typed(y, before_columns)))
    if p != q:
        print(f"  store rows differ ({x} / {y})")
        sys.exit(1)
a, b = rows(sys.argv[1]), rows(sys.argv[2], before_columns)
diff = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
if len(a) != len(b) or diff:
    print(f"  {len(a)} vs {len(b)} rows, {len(diff)} differ; first: run_id "
          f"{a[diff[0]]['run_id'] if diff else '-'}")
    for i in diff[:3]:
        for k in a[i]:
            if a[i][k] != b[i].get(k):
                print(f"    run {a[i]['run_id']} {k}: {a[i][k][:80]} -> {b[i].get(k, '')[:80]}")
    sys.exit(1)
print(f"  {len(a)} rows identical (CSV and store)")
PY
  then echo "$name: same"; else echo "$name: DIFFERENT"; status=1; fi
done
exit $status
