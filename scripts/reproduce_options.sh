# The options the reproduction scripts share (sourced by scripts/reproduce.sh and
# scripts/reproduce_asymptotic.sh with the arguments after the target, as "$@"): sets
# quick=yes for --quick, sweeps=no for --report-only, and ARGS to the rest (the cpex
# options); build ($CPEX_BUILD_DIR, default build) and cpex, its program, which must exist;
# QUICK_SET, the cpex options of --quick; places NAME, where reproduction NAME writes;
# write_doc, which writes its document below the hand-written head; python, the interpreter
# of the report scripts.
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

# --quick's cpex options: few repetitions and a cap, so that the slowest cells (XY-adaptive
# as published: 40-210 M samples a run) do not dominate; capped points get a red ring.
QUICK_CAP=2000000
QUICK_SET=()
[ $quick = no ] || QUICK_SET=(--set run.repetitions=2 --set run.max-samples=$QUICK_CAP)

# own_cap FILE: under --quick, the cpex option that puts back the pipeline's own
# [run] max-samples when it is below QUICK_CAP (--quick never raises a cap: seed 000's
# timing sweep caps its runs at 600 samples); nothing otherwise. Put it after QUICK_SET.
own_cap() {
  [ $quick = yes ] || return 0
  local cap
  cap=$(sed -n 's/^max-samples *= *\([0-9][0-9]*\) *$/\1/p' "$1" | head -n 1)
  if [ -n "$cap" ] && [ "$cap" -lt $QUICK_CAP ]; then echo "--set run.max-samples=$cap"; fi
}

# Where reproduction NAME writes: out (its CSVs), figures and doc; under --quick all three
# in $build/reproductions-quick/NAME (the docs are left alone), else
# $build/reproductions/NAME and docs/reproductions/.
places() {
  if [ $quick = yes ]; then
    out=$build/reproductions-quick/$1
    figures=$out
    doc=$out/$1.md
  else
    out=$build/reproductions/$1
    figures=docs/reproductions
    doc=docs/reproductions/$1.md
  fi
}

# The Python of the report scripts and `cpex report --plot` (Debian's, with
# python3-matplotlib; the first python3 on PATH may be another one without it).
python=${CPEX_PYTHON:-/usr/bin/python3}
[ -x "$python" ] || python=python3

# write_doc SOURCE TITLE COMMAND...: writes $doc through $doc.tmp (a failing report leaves
# the old document): SOURCE's hand-written head up to its "generated" $marker line ("TITLE"
# and the marker for a new document), the --quick warning, then COMMAND's output.
write_doc() {
  local source=$1 title=$2
  shift 2
  {
    if [ -f "$source" ] && grep -qF "$marker" "$source"; then
      sed "/^$(printf '%s' "$marker" | sed 's/[][\.*^$/]/\\&/g')\$/q" "$source"
    else
      printf '%s\n\n%s\n' "$title" "$marker"
    fi
    [ $quick = yes ] && printf '\n**Quick mode (2 repetitions per cell): not the published numbers.**\n'
    "$@"
  } > "$doc.tmp"
  mv "$doc.tmp" "$doc"
}
