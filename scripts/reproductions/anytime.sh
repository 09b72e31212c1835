# Anytime and fixed budget from one sweep per experiment: Audibert, Bubeck & Munos (2010)
# experiments 1-7 judged at n/4 ... 4n with [run] checkpoints -- successive-rejects,
# sequential-halving and continuous-rejects (Wang, Tzeng & Proutiere 2023, both modes) told each
# budget; at-lucb, top-two (EB-TCI) and uniform sampling run once, never told it. Sourced by
# scripts/reproduce.sh, which sets $cpex; functions take the CSV directory and the figure
# directory.
FIGURES=(anytime-audibert.png)
EXPERIMENTS="1 2 3 4 5 6 7"
KEYS=experiment,run.budget,algorithm
# shellcheck source=scripts/reproductions/lib/audibert.sh
source scripts/reproductions/lib/audibert.sh

inputs() {
  local out=$1 e
  for e in $EXPERIMENTS; do printf '%s\n' "$out/audibert-exp$e.csv::experiment=$e"; done
}

draw_figures() {
  local out=$1 figures=$2
  audibert_figure "$out" "$figures/anytime-audibert.png" \
    "Audibert et al. (2010) experiments 1-7: error rate against the budget, one sweep each (checkpoints)"
}

tables() {
  audibert_figure_section anytime-audibert.png \
    "1,000 runs per algorithm, every row of a panel from one sweep with \`[run] checkpoints\`."
  audibert_table_section "$1" "audibert-expE.csv::experiment=E"
}

# Claims checked (exit 1 if one fails): for every algorithm and experiment the error rate at
# 4n is below the error rate at n/4 (their 95% intervals do not overlap) -- error falls with
# the budget, for the algorithms told it and for those that never are.
check_claims() {
  local out=$1
  inputs "$out" | xargs "$cpex" report --by "$KEYS" --format csv |
    error_falls_with_budget
}
