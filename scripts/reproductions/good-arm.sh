# Good-arm identification (docs/reproductions/good-arm.md): APGAI, HDoC, LUCB-G and the GLR
# samplers on instances with one good arm, several and none (samples against T*(mu)
# log(1/delta)); APGAI's anytime error against the budget. Sourced by scripts/reproduce.sh.
FIGURES=(good-arm-anytime.png)

draw_figures() {
  local out=$1 figures=$2
  "$cpex" report "$out/anytime.csv" --by environment.means,run.budget --y error-rate \
    --plot "$figures/good-arm-anytime.png" --x run.budget --logx --logy \
    --label environment.means="means" \
    --title "APGAI without a stopping rule: error of its recommendation at the budget (tau = 0.5)"
}

tables() {
  local out=$1
  cat <<'TEXT'

## Samples against the lower bound at δ = 0.01

`pipelines/good-arm/instances.ini`, 200 runs per cell: mean samples, wrong answers, and the
T* ratio (samples over T*(μ) log(1/δ) of the "any arm above τ" problem).

TEXT
  "$cpex" report "$out/instances.csv" --by environment.means,algorithm --format md
  cat <<'TEXT'

## APGAI anytime: error at the budget

`pipelines/good-arm/anytime.ini` (`stopping = none`), 1,000 runs per budget.

![anytime error](good-arm-anytime.png)

TEXT
  "$cpex" report "$out/anytime.csv" --by run.budget --columns environment.means --y error-rate --format md
}

# Claims checked (exit 1 if one fails): on every instance every algorithm's error rate is at
# most delta = 0.01 and no run is capped (200 runs: the rate, not its interval, is what they
# resolve at this delta).
check_claims() {
  local out=$1
  "$cpex" report "$out/instances.csv" --by environment.means,algorithm --format csv |
    awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
      { ok = $col["wrong_rate"] <= 0.01 && $col["capped"] == 0; all = (NR == 2 ? 1 : all) && ok
        if (!ok) printf "%s %s: wrong rate %s, capped %s\n", $col["algorithm"], $col["environment.means"], $col["wrong_rate"], $col["capped"] }
      END { print all ? "Every good-arm algorithm within delta on every instance." : "Some algorithm NOT within delta."; exit !all }'
}
