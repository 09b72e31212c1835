#!/usr/bin/env bash
# Runs docs/tutorial-sampler.md: every ```sh block of the page, in order, as one script, in a
# fresh directory beside a link to the build tree (the page's commands run from the directory
# that holds build/). Then checks what the page promises: the plugin has at most 60 lines of
# its own code (not comments or blank lines), the leaderboard printed a row of my-tt on every
# instance, and a LaTeX tabular (`cpex check` failing a row exits 1, which fails the script).
# usage: tutorial_test.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
source_dir=$1
build_dir=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ln -s "$build_dir" "$work/build"
awk '/^```sh$/ {inside = 1; next} /^```$/ {inside = 0; next} inside' "$source_dir/docs/tutorial-sampler.md" \
  > "$work/tutorial.sh"
cd "$work"
output=$(bash -euo pipefail tutorial.sh 2>&1) || { echo "$output"; echo "tutorial: a command of the page failed"; exit 1; }
echo "$output"
fail=0
own=$(grep -cvE '^\s*(//.*)?$' my-tt/my_tt.cpp)
echo "tutorial: my_tt.cpp has $own lines of its own code"
[ "$own" -le 60 ] || { echo "tutorial: more than 60 lines of code"; fail=1; }
for instance in gk-mu1 gk-mu2 top-m epsilon-good threshold poisson low-mean large-k; do
  grep -qE "^$instance +my-tt " <<< "$output" || { echo "tutorial: no leaderboard row of my-tt on $instance"; fail=1; }
done
grep -q '\\begin{tabular}' <<< "$output" || { echo "tutorial: no LaTeX table"; fail=1; }
exit "$fail"
