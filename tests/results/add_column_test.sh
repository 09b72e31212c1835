#!/usr/bin/env bash
# Adding a result column takes three lines: the table line (result_columns.def), the
# RunResult field it reads and the line of the run loop that computes it. This test makes a
# scratch copy of the repository, adds a column `samples_squared` (samples^2) that way, builds
# what it needs, and checks that every writer and reader carries it with no other change:
# the CSV, the store (and a store resumed with more repetitions: the stored rows' cells read
# back), `cpex export`, `cpex report --where` on it, MPI (where built with it), and Python's
# frame. Label long (a scratch build: minutes).
# usage: add_column_test.sh SOURCE_DIR
set -euo pipefail
source_dir=$(cd "$1" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
src=$work/src
mkdir -p "$src"
(cd "$source_dir" && git ls-files -z | xargs -0 cp --parents -t "$src")

# The three lines.
def=$src/framework/runtime_include/cpex/results/result_columns.def
echo 'CPEX_RESULT_COLUMN(samples_squared, Real, Answered, Run, 4, Deterministic, Listed, r.samples_squared, r.samples_squared)' >> "$def"
sed -i 's|^  double lower_bound = std::numeric_limits<double>::quiet_NaN();|&\n  double samples_squared = 0.0;|' \
  "$src/framework/runtime_include/cpex/results/run_result.hpp"
sed -i 's|^  record.lower_bound = run_lower_bound(p, run);.*|&\n  record.samples_squared = static_cast<double>(record.samples) * static_cast<double>(record.samples);|' \
  "$src/framework/src/runtime/run.cpp"
grep -q 'samples_squared = 0.0' "$src/framework/runtime_include/cpex/results/run_result.hpp" || { echo "FAILED: the field line was not added"; exit 1; }
grep -q 'record.samples_squared' "$src/framework/src/runtime/run.cpp" || { echo "FAILED: the run-loop line was not added"; exit 1; }

launcher=()
command -v ccache > /dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S "$src" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DCPEX_BUILD_TESTS=OFF -DCPEX_BUILD_BENCHMARKS=OFF \
  "${launcher[@]}" > "$work/configure.log"
cmake --build "$work/build" -j "$(nproc)" --target cpex-main > "$work/build.log" || { tail -30 "$work/build.log"; exit 1; }
cpex=$work/build/bin/cpex
cd "$work"
fail=0
expect() { if ! eval "$2"; then echo "FAILED: $1"; fail=1; else echo "ok: $1"; fi; }

# CSV: the header names it, every row holds samples^2.
"$cpex" run "$src/pipelines/quickstart.ini" --set run.repetitions=6 --out a.csv --quiet
squares_ok() {  # FILE: every row's samples_squared = samples^2
  python3 - "$1" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert rows and all(float(r["samples_squared"]) == float(r["samples"]) ** 2 for r in rows), rows[:2]
PY
}
expect "CSV carries the column" "squares_ok a.csv"
# The store, grown from 6 to 12 repetitions (a resume), exported.
"$cpex" run "$src/pipelines/quickstart.ini" --set run.repetitions=6 --out s.db --quiet
"$cpex" run "$src/pipelines/quickstart.ini" --set run.repetitions=12 --out s.db --quiet
"$cpex" export s.db --csv s.csv > /dev/null
expect "store and resumed store carry the column (12 rows)" "squares_ok s.csv && [ \$(wc -l < s.csv) = 13 ]"
expect "store's column typed REAL" "sqlite3 s.db \"SELECT typeof(samples_squared) FROM runs LIMIT 1\" | grep -qx real"
# cpex report reads it (a filter on it).
expect "cpex report --where on the column" \
  "\"$cpex\" report s.db --where 'samples_squared > 0' --format json | grep -q '\"runs\": 12'"
# MPI, where cpex is built with it.
if "$cpex" --version | grep -q MPI && command -v mpirun > /dev/null; then
  mpi=(mpirun -np 2); [ "$(id -u)" = 0 ] && mpi+=(--allow-run-as-root --oversubscribe)
  "${mpi[@]}" "$cpex" sweep "$src/pipelines/quickstart.ini" --set run.repetitions=6 --out m.db --quiet > /dev/null 2>&1
  "$cpex" export m.db --csv m.csv > /dev/null
  expect "MPI carries the column" "squares_ok m.csv"
else
  echo "skipped: MPI (cpex built without it, or no mpirun)"
fi
# Python, where the module is built.
if [ -d "$work/build/share/cpex/python/cpex" ] && ls "$work"/build/share/cpex/python/cpex/_core*.so > /dev/null 2>&1; then
  expect "Python's frame carries the column" "PYTHONPATH=$work/build/share/cpex/python /usr/bin/python3 -c \"
import cpex
df = cpex.run(cpex.Pipeline.from_file('$src/pipelines/quickstart.ini'), threads=2)
assert (df['samples_squared'] == df['samples'].astype(float) ** 2).all()
\""
fi
exit $fail
