# What the reproductions of Audibert, Bubeck & Munos (2010)'s experiments 1-7 share
# (anytime.sh, fixed-budget.sh; sourced by them, with $cpex and $KEYS set): the figure of
# the error rate against the budget and the claim that it falls with the budget.

# The error rate against the budget, one log-log panel per experiment: the results FILES...
# into FIGURE, titled TITLE.
audibert_figure() {
  local figure=$1 title=$2
  shift 2
  "$cpex" report "$@" --by "$KEYS" --y error-rate --plot "$figure" --x run.budget --logx --logy --title "$title"
}

# Claim checked on the report CSV on stdin (`cpex report --by "$KEYS" --format csv`): for
# every experiment and algorithm, the error rate at the largest budget is below the error
# rate at the smallest (their 95% intervals do not overlap). A line per pair and a verdict;
# exit 1 if one fails.
error_falls_with_budget() {
  awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
    { key = $col["experiment"] "," $col["algorithm"]; T = $col["run.budget"] + 0
      if (!(key in low) || T < low[key]) { low[key] = T; hi_low[key] = $col["wrong_rate_ci95.low"] + 0 }
      if (!(key in high) || T > high[key]) { high[key] = T; up_high[key] = $col["wrong_rate_ci95.high"] + 0 } }
    END {
      ok = length(low) > 0
      for (k in low) { falls = up_high[k] < hi_low[k]; ok = ok && falls
        printf "experiment,algorithm %s: error at T=%d below error at T=%d: %s\n", k, high[k], low[k], falls ? "yes" : "NO" }
      print ok ? "Error falls with the budget everywhere." : "Error does NOT fall with the budget everywhere."
      exit !ok }' | sort
}
