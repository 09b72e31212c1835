#!/usr/bin/env bash
# `cpex report --format latex` compiles: a small sweep (three algorithms fit a threshold
# problem, one is skipped), its table with a display name and LaTeX math in another, put
# into an article with booktabs and compiled by Debian's pdflatex (texlive-latex-base,
# texlive-latex-recommended: scripts/install-deps.sh long). The table's structure is checked in
# the default suite (cli_paper_test.cpp); this long test needs TeX. Without pdflatex: 77
# (skipped). Usage: latex_compile_test.sh CPEX
set -euo pipefail
cpex=$1
command -v pdflatex > /dev/null || { echo "SKIPPED: no pdflatex (texlive-latex-base)"; exit 77; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch"
cat > sweep.ini <<'INI'
[environment]
plugin = bernoulli
means = 0.2, 0.4, 0.6, 0.8
[oracle]
plugin = threshold
tau = 0.5
[algorithm]
plugin = track-and-stop
delta = 0.1
[algorithm.top-two@t3c]
leader = ts
challenger = tc
[algorithm.top-two@ttts]
leader = ts
challenger = ts
[run]
seed = 4
repetitions = 20
[labels]
top-two@ttts = $\beta$-TTTS
[sweep]
axis = algorithm.plugin = top-two@t3c, top-two@ttts, track-and-stop, kl-lucb
INI
"$cpex" sweep sweep.ini --out runs.db --quiet > /dev/null
"$cpex" report runs.db --format latex --label top-two@t3c=T3C > table.tex
"$cpex" report runs.db --format latex --columns algorithm --y lower-bound-ratio > pivot.tex
grep -q 'T3C' table.tex
cat > paper.tex <<'TEX'
\documentclass{article}
\usepackage{booktabs}
\begin{document}
\input{table.tex}
\input{pivot.tex}
\end{document}
TEX
pdflatex -interaction=nonstopmode -halt-on-error paper.tex > pdflatex.log || { tail -30 pdflatex.log; exit 1; }
test -s paper.pdf
! grep -q "^! " pdflatex.log
echo "report-latex-compiles: ok ($(wc -c < paper.pdf) bytes of PDF)"
