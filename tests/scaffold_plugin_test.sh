#!/usr/bin/env bash
# `cpex new` end to end: scaffolds an algorithm, an oracle and an environment
# project, builds each against the build tree (-Dcpex_DIR=BUILD_DIR) and the algorithm also
# against an installed prefix, runs each project's own test (`cpex check --quick` on its
# library, its pipeline), checks `cpex check` on the library directly, and runs the new
# algorithm in a sweep beside the built-in lucb. Fails on any error.
# usage: scaffold_plugin_test.sh BUILD_DIR
set -euo pipefail
build_dir=$(cd "$1" && pwd)
cpex="$build_dir/bin/cpex"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
launcher=()
if command -v ccache > /dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi

# Never overwrites: a non-empty directory is refused.
mkdir -p "$work/taken" && touch "$work/taken/file"
if "$cpex" new algorithm my-algo "$work/taken" 2> "$work/refused.txt"; then
  echo "cpex new wrote into a non-empty directory"; exit 1
fi
grep -q "exists and is not an empty directory" "$work/refused.txt"
if "$cpex" new algorithm Bad_Name "$work/bad" 2> /dev/null; then echo "bad name accepted"; exit 1; fi

for kind in algorithm oracle environment; do
  name="my-$kind"
  "$cpex" new "$kind" "$name" "$work/$name" > "$work/$name.new.txt"
  # The next steps name this build tree and this program, never a placeholder.
  grep -q -- "-Dcpex_DIR=$build_dir\$" "$work/$name.new.txt" && grep -q "^  $cpex check " "$work/$name.new.txt" &&
    ! grep -q "<" "$work/$name.new.txt" || { cat "$work/$name.new.txt"; exit 1; }
  cmake -S "$work/$name" -B "$work/$name/build" -DCMAKE_BUILD_TYPE=Release -Dcpex_DIR="$build_dir" \
    "${launcher[@]}" > "$work/$name.configure.log"
  cmake --build "$work/$name/build" -j2 > "$work/$name.build.log"
  library="$work/$name/build/plugins/libcpex-$name.so"
  test -f "$library"
  (cd "$work/$name/build" && ctest --output-on-failure > "$work/$name.ctest.log") || { cat "$work/$name.ctest.log"; exit 1; }
  grep -q "100% tests passed" "$work/$name.ctest.log"
  "$cpex" check "$library" --quick > "$work/$name.check.txt" || { cat "$work/$name.check.txt"; exit 1; }
  if grep -q FAIL "$work/$name.check.txt"; then cat "$work/$name.check.txt"; exit 1; fi
  echo "cpex new $kind: builds against the build tree, its test and cpex check pass"
done

# The algorithm beside lucb in one sweep: its own pipeline with the [sweep] section the
# scaffold leaves commented out.
sed 's/^# \[sweep\]/[sweep]/; s/^# axis = /axis = /' "$work/my-algorithm/my-algorithm.ini" > "$work/race.ini"
grep -q "^axis = algorithm.plugin = my-algorithm, lucb" "$work/race.ini"
"$cpex" sweep "$work/race.ini" --plugin-path "$work/my-algorithm/build/plugins" --out "$work/race.db" --quiet --json > "$work/race.json"
grep -q '"errors": 0' "$work/race.json"
"$cpex" report "$work/race.db" --by algorithm > "$work/race.txt"
grep -q "my-algorithm" "$work/race.txt"
grep -q "lucb" "$work/race.txt"
echo "the scaffolded algorithm races lucb in a sweep: OK"

# Against an installed prefix.
cmake --install "$build_dir" --prefix "$work/prefix" > "$work/install.log"
"$work/prefix/bin/cpex" new algorithm my-installed "$work/my-installed" > /dev/null
cmake -S "$work/my-installed" -B "$work/my-installed/build" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$work/prefix" "${launcher[@]}" > "$work/installed.configure.log"
cmake --build "$work/my-installed/build" -j2 > "$work/installed.build.log"
(cd "$work/my-installed/build" && ctest --output-on-failure > "$work/installed.ctest.log") || { cat "$work/installed.ctest.log"; exit 1; }
grep -q "$work/prefix/bin/cpex" "$work/my-installed/build/CMakeCache.txt"
"$work/prefix/bin/cpex" check "$work/my-installed/build/plugins/libcpex-my-installed.so" --quick > /dev/null
echo "cpex new algorithm: builds against the installed prefix, its test and cpex check pass"

# Every other algorithm kind against the installed prefix (the SDK's installed headers, e.g.
# cpex/identification/, and libcpex): `cpex new` prints the prefix, the plugin builds with
# Catch2 off, and `cpex check` passes every row.
for kind in glr-sampler fixed-budget linear combinatorial full-bandit semi-bandit; do
  name=my-installed-$kind
  "$work/prefix/bin/cpex" new algorithm "$name" "$work/$name" --kind "$kind" > "$work/$name.new.txt"
  grep -q -- "-DCMAKE_PREFIX_PATH=$work/prefix" "$work/$name.new.txt" || { cat "$work/$name.new.txt"; exit 1; }
  cmake -S "$work/$name" -B "$work/$name/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$work/prefix" \
    -DCMAKE_DISABLE_FIND_PACKAGE_Catch2=ON "${launcher[@]}" > "$work/$name.configure.log"
  cmake --build "$work/$name/build" -j2 > "$work/$name.build.log"
  "$work/prefix/bin/cpex" check "$work/$name/build/plugins/libcpex-$name.so" --quick > "$work/$name.check.txt" \
    || { cat "$work/$name.check.txt"; exit 1; }
  echo "cpex new algorithm --kind $kind: builds against the installed prefix, cpex check passes"
done
