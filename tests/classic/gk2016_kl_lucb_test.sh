#!/usr/bin/env bash
# Garivier & Kaufmann (COLT 2016) Table 1's KL-LUCB cell: 2,716 samples on
# mu^2 = (0.3, 0.21, 0.2, 0.19, 0.18) at delta = 0.1 over 3,000 runs, with the rate they ran
# every algorithm with (kl-lucb, rate = gk2016). The published mean must lie in the 95%
# bootstrap interval of CPEx's 3,000 runs (docs/reproductions/gk2016.md), and the wrong
# answers stay below delta (Clopper-Pearson upper bound). About 15 s of CPU: label long.
# Usage: gk2016_kl_lucb_test.sh CPEX SOURCE_DIR
set -euo pipefail
cpex=$1
source_dir=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$cpex" sweep "$source_dir/pipelines/gk2016/kl.ini" --set 'environment.means=0.3,0.21,0.2,0.19,0.18' \
  --set algorithm.plugin=kl-lucb --out "$scratch/kl.csv" --quiet > /dev/null
"$cpex" report "$scratch/kl.csv" --format json > "$scratch/report.json"
python3 - "$scratch/report.json" <<'PY'
import json, sys
g = json.load(open(sys.argv[1]))["groups"][0]
low, high = g["samples"]["mean_ci95_bootstrap"]
print("kl-lucb, rate = gk2016, mu^2: %.0f [%.0f, %.0f] over %d runs (GK 2016 Table 1: 2716); %d wrong, CP upper %.4f"
      % (g["samples"]["mean"], low, high, g["runs"], g["wrong"], g["wrong_rate_ci95"][1]))
assert g["runs"] == 3000 and g["capped"] == 0
assert low <= 2716 <= high, "GK's 2716 outside the interval"
assert g["wrong_rate_ci95"][1] <= 0.1
PY
