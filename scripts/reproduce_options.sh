# The options the reproduction scripts share (sourced by scripts/reproduce.sh and
# scripts/reproduce_asymptotic.sh with the arguments after the target, as "$@"): sets
# quick=yes for --quick, sweeps=no for --report-only, and ARGS to the rest (the cpex
# options); build ($CPEX_BUILD_DIR, default build) and cpex, its program, which must exist.
quick=no
sweeps=yes
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=yes ;;
    --report-only) sweeps=no ;;
    *) break ;;
  esac
  shift
done
ARGS=("$@")
build=${CPEX_BUILD_DIR:-build}
cpex=$build/bin/cpex
[ -x "$cpex" ] || { echo "$(basename "$0" .sh): no $cpex (build first: bash scripts/build.sh)" >&2; exit 2; }
