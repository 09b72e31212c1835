#!/usr/bin/env bash
# `mpirun -np 2 cpex sweep` must write the same rows as the single-process sweep (wall
# times aside). Usage: mpi_sweep_test.sh CPEX SOURCE_DIR BUILT_WITH_MPI(0/1).
# Exits 77 (ctest: skipped, shown as such) when MPI is absent — never a silent pass.
source "$(dirname "$0")/mpi_common.sh"
# The tests' 2 x 2 sweep (tests/data/small_sweep.ini), 40 repetitions a point.
sweep=("$source/tests/data/small_sweep.ini" --set run.repetitions=40)
"$cpex" sweep "${sweep[@]}" --out "$work/single.db" --quiet > "$work/single.txt"
mpirun -np 2 "$cpex" sweep "${sweep[@]}" --out "$work/mpi.db" --quiet --threads 1 \
  > "$work/mpi.txt"
grep -q "lucb on gaussian" "$work/mpi.txt" || { echo "FAIL: no summary from rank 0"; exit 1; }
"$cpex" export "$work/single.db" --csv "$work/single.csv" 2> /dev/null
"$cpex" export "$work/mpi.db" --csv "$work/mpi.csv" 2> /dev/null
same_rows "$work/single.csv" "$work/mpi.csv" 160 || { echo "FAIL: the MPI rows differ"; exit 1; }
echo "OK: mpirun -np 2 wrote the same 160 rows as the single process"
