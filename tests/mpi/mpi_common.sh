# Set-up shared by the MPI script tests, sourced with their arguments CPEX SOURCE_DIR
# BUILT_WITH_MPI(0/1): exits 77 (ctest: skipped, shown as such) when MPI is absent -- never a
# silent pass; makes $work (removed at exit); lets Open MPI run as root (CI containers) and
# oversubscribe a 2-core machine. same_rows A.csv B.csv N: true when both CSV files hold the
# same N rows, wall times aside (prints why not).
set -euo pipefail
cpex=$1; source=$2; with_mpi=$3
if [ "$with_mpi" != 1 ]; then
  echo "SKIPPED: cpex was built without MPI (install libopenmpi-dev openmpi-bin and reconfigure)"
  exit 77
fi
if ! command -v mpirun > /dev/null; then
  echo "SKIPPED: mpirun not found (install openmpi-bin)"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
unset CPEX_PLUGIN_PATH
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1

same_rows() {
  python3 - "$1" "$2" "$3" <<'PY'
import csv, sys
def rows(path):
    with open(path, newline="") as f:
        return [{k: v for k, v in r.items() if k != "wall_time_s"} for r in csv.DictReader(f)]
a, b = rows(sys.argv[1]), rows(sys.argv[2])
if len(a) != int(sys.argv[3]) or a != b:
    print("%d rows in %s, %d in %s, equal: %s" % (len(a), sys.argv[1], len(b), sys.argv[2], a == b))
    sys.exit(1)
PY
}
