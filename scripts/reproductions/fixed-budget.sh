# Fixed-budget best-arm identification: Audibert, Bubeck & Munos (2010),
# experiments 1-7, error rate against the budget for successive-rejects, sequential-halving
# (Karnin et al. 2013), ugape and csar, with the seeds' fixed-confidence algorithms beside
# them through their anytime verdicts. Sourced by scripts/reproduce.sh, which sets $cpex;
# functions take the CSV directory and the figure directory.
FIGURES=(fixed-budget-audibert.png)
EXPERIMENTS="1 2 3 4 5 6 7"
KEYS=experiment,run.budget,algorithm
# shellcheck source=scripts/reproductions/lib/audibert.sh
source scripts/reproductions/lib/audibert.sh

# The fixed-budget CSVs and the anytime results (made here from the traces), each tagged
# with its experiment.
inputs() {
  local out=$1 e
  for e in $EXPERIMENTS; do
    printf '%s\n' "$out/audibert-exp$e.csv::experiment=$e" "$out/anytime-exp$e.csv::experiment=$e"
  done
}

draw_figures() {
  local out=$1 figures=$2 e
  for e in $EXPERIMENTS; do
    python3 scripts/anytime_results.py "$out/audibert-exp$e-anytime.trace.csv" \
      "$out/audibert-exp$e-anytime.csv" "$out/anytime-exp$e.csv" --x-column run.budget
    # Checkpoints past the panel's largest budget (4n) go: the anytime pipelines cap runs
    # at 4n, but --quick overrides max-samples (2 M) and the curves ran on to 10^5 and more.
    python3 - "$out/audibert-exp$e.csv" "$out/anytime-exp$e.csv" <<'PY'
import csv, sys
budgets, anytime = sys.argv[1:]
top = max(int(r["run.budget"]) for r in csv.DictReader(open(budgets, newline="")))
with open(anytime, newline="") as f:
    reader = csv.DictReader(f)
    fields, rows = reader.fieldnames, [r for r in reader if int(r["run.budget"]) <= top]
with open(anytime, "w", newline="") as f:
    writer = csv.DictWriter(f, fieldnames=fields)
    writer.writeheader()
    writer.writerows(rows)
PY
  done
  audibert_figure "$out" "$figures/fixed-budget-audibert.png" \
    "Audibert et al. (2010) experiments 1-7: error rate against the budget (Bernoulli arms)"
}

tables() {
  audibert_figure_section fixed-budget-audibert.png \
    "Fixed-budget algorithms: 4,000 runs per point, each told T. Fixed-confidence algorithms
(lucb δ = 0.1; lil-ucb, lil-rand-lucb, lil-clucb heuristic, ν = 0.1): 1,000 runs each, their
current recommendation judged after T samples (\`trace-recommendations\`,
\`scripts/anytime_results.py\`; a run that stopped earlier keeps its final answer)."
  audibert_table_section "$1" "audibert-expE.csv::experiment=E anytime-expE.csv::experiment=E"
}

# Claims checked (exit 1 if one fails): for every fixed-budget algorithm and experiment,
# the error rate at 4n is below the error rate at n/4 (their 95% intervals do not
# overlap), i.e. error falls with the budget.
check_claims() {
  local out=$1 e
  for e in $EXPERIMENTS; do printf '%s\n' "$out/audibert-exp$e.csv::experiment=$e"; done |
    xargs "$cpex" report --by "$KEYS" --format csv |
    error_falls_with_budget
}
