#!/usr/bin/env bash
# `cpex leaderboard` (framework/host/leaderboard_command.cpp), in about a second: --quick on the
# Poisson instance for two algorithms writes one store per cell and prints a ranked row each
# (the ratio of the report layer's summary, with its interval); a second call runs nothing (the
# stores are resumed: the same table, no store touched); --format md/csv/latex; bad arguments
# fail in one line naming the culprit.
# usage: leaderboard_test.sh CPEX
set -euo pipefail
cpex=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "leaderboard test: $*"; exit 1; }
first=$("$cpex" leaderboard --quick --algorithms uniform,top-two --instances poisson --out board --quiet)
echo "$first"
[ -f board/poisson/uniform@1e-2.db ] && [ -f board/poisson/top-two@1e-2.ini ] || fail "no store per cell"
# the ratio with its interval, the stopping-time tail (p99, runs beyond 10x), the wrong answers
grep -qE '^poisson +top-two +[0-9.]+ \[[0-9.]+, [0-9.]+\] +[0-9.]+ \([0-9]+/10 > 10x\) +0/10 ' <<< "$first" ||
  fail "no top-two row"
grep -qE '^instance +algorithm +delta = 1e-2 +p99 \(delta = 1e-2\) +wrong' <<< "$first" || fail "no p99 column"
grep -qE '^poisson +uniform +[0-9.]+ \[' <<< "$first" || fail "no uniform row"
# Ranked: top-two (about 1.3) above uniform (about 2-3) at delta = 1e-2.
[ "$(sed -n 2p <<< "$first" | awk '{print $2}')" = top-two ] || fail "not ranked by the ratio"
stamp=$(stat -c %Y board/poisson/uniform@1e-2.db)
sleep 1
second=$("$cpex" leaderboard --quick --algorithms uniform,top-two --instances poisson --out board --quiet)
[ "$first" = "$second" ] || fail "the second call differs"
[ "$(stat -c %Y board/poisson/uniform@1e-2.db)" = "$stamp" ] || fail "the second call wrote the store"
"$cpex" leaderboard --quick --algorithms top-two --instances poisson --out board --quiet --format md |
  grep -q '^| poisson | top-two | ' || fail "no Markdown row"
"$cpex" leaderboard --quick --algorithms top-two --instances poisson --out board --quiet --format csv |
  grep -q '^poisson,top-two,' || fail "no CSV row"
"$cpex" leaderboard --quick --algorithms top-two --instances poisson --out board --quiet --format latex |
  grep -q '^\\begin{tabular}' || fail "no LaTeX table"
for bad in "--instances nowhere" "--algorithms no-such-algorithm" "--deltas 2" "--format html"; do
  if out=$("$cpex" leaderboard --quick --out board $bad 2>&1); then fail "accepted $bad"; fi
  [ "$(wc -l <<< "$out")" = 1 ] || fail "$bad: not one line: $out"
  echo "$bad: $out"
done
echo "leaderboard test: OK"
