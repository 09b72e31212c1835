#!/usr/bin/env bash
# Builds examples/out_of_tree_algorithm twice (and a `cpex new` algorithm, see the end), with find_package(cpex) + cpex_add_plugin:
# against the build tree itself (-Dcpex_DIR=BUILD_DIR) and against an install in a
# temporary prefix, and runs each plugin with that tree's `cpex --plugin-path`. Fails on
# any error or if a summary does not show the example's runs without errors.
# usage: out_of_tree_plugin_test.sh SOURCE_DIR BUILD_DIR [--no-prefix-scaffold]
# (--no-prefix-scaffold: the sanitizer build's run skips building the scaffold against the
# prefix with its Catch2 test, the slowest step; the Release run does it.)
set -euo pipefail
source_dir=$1
build_dir=$2
prefix_scaffold=yes
[ "${3:-}" = --no-prefix-scaffold ] && prefix_scaffold=no
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A failing step prints its log before the work directory goes (each step's output is kept
# in a log of $work, read only on failure).
logged() {
  local log=$work/$1
  shift
  "$@" > "$log" 2>&1 || { local rc=$?; echo "out-of-tree-plugin: failed ($rc): $*" >&2; tail -n 60 "$log" >&2; return $rc; }
}
logged install.log cmake --install "$build_dir" --prefix "$work/prefix"
launcher=()
if command -v ccache > /dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
logged configure.log cmake -S "$source_dir/examples/out_of_tree_algorithm" -B "$work/build" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$work/prefix" "${launcher[@]}"
logged build.log cmake --build "$work/build" -j2
test -f "$work/build/plugins/libcpex-example-uniform.so"
"$work/prefix/bin/cpex" describe uniform-top-k --plugin-path "$work/build/plugins" | grep -q "uniform-top-k (algorithm)"
# The example's pipeline with CPEX (a cpex program) and PLUGINS (its built plugin folder): 20
# runs, none wrong.
run_example() {
  local out
  out=$("$1" run "$source_dir/examples/out_of_tree_algorithm/uniform.ini" --plugin-path "$2" --json)
  echo "$out"
  echo "$out" | grep -q '"runs": 20' && echo "$out" | grep -q '"wrong": 0'
}
run_example "$work/prefix/bin/cpex" "$work/build/plugins"
echo "out-of-tree plugin against the installed prefix: OK"

logged configure-tree.log cmake -S "$source_dir/examples/out_of_tree_algorithm" -B "$work/build-tree" \
  -DCMAKE_BUILD_TYPE=Release -Dcpex_DIR="$(cd "$build_dir" && pwd)" "${launcher[@]}"
logged build-tree.log cmake --build "$work/build-tree" -j2
run_example "$build_dir/bin/cpex" "$work/build-tree/plugins"
echo "out-of-tree plugin against the build tree: OK"

# `cpex new`: scaffold an algorithm with the installed cpex, build it against the
# installed prefix with its own Catch2 test (cpex check --quick on the library, its
# pipeline), then against the build tree (the plugin only), check it there and race it
# against the built-in lucb in a sweep. (tests/scaffold_plugin_test.sh, label long, does
# all three kinds.)
logged new.log "$work/prefix/bin/cpex" new algorithm my-algo "$work/my-algo"
if [ $prefix_scaffold = yes ]; then
  logged new-configure.log cmake -S "$work/my-algo" -B "$work/my-algo/build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$work/prefix" "${launcher[@]}"
  logged new-build.log cmake --build "$work/my-algo/build" -j2
  (cd "$work/my-algo/build" && ctest --output-on-failure > "$work/new-ctest.log") || { cat "$work/new-ctest.log"; exit 1; }
  grep -q "100% tests passed, 0 tests failed out of 1" "$work/new-ctest.log"
  echo "scaffolded algorithm against the installed prefix: builds, its cpex check test passes: OK"
fi

logged new-configure-tree.log cmake -S "$work/my-algo" -B "$work/my-algo/build-tree" -DCMAKE_BUILD_TYPE=Release \
  -Dcpex_DIR="$(cd "$build_dir" && pwd)" -DCMAKE_DISABLE_FIND_PACKAGE_Catch2=ON "${launcher[@]}"
logged new-build-tree.log cmake --build "$work/my-algo/build-tree" -j2
"$build_dir/bin/cpex" check "$work/my-algo/build-tree/plugins/libcpex-my-algo.so" --quick > "$work/new-check.txt" \
  || { cat "$work/new-check.txt"; exit 1; }
sed 's/^# \[sweep\]/[sweep]/; s/^# axis = /axis = /' "$work/my-algo/my-algo.ini" > "$work/race.ini"
grep -q "^axis = algorithm.plugin = my-algo, lucb" "$work/race.ini"
out=$("$build_dir/bin/cpex" sweep "$work/race.ini" --plugin-path "$work/my-algo/build-tree/plugins" \
        --out "$work/race.db" --quiet --json)
echo "$out" | grep -q '"runs": 20'
test "$(echo "$out" | grep -c '"wrong": 0')" -ge 2
"$build_dir/bin/cpex" report "$work/race.db" --by algorithm > "$work/race.txt"
grep -q "my-algo" "$work/race.txt" && grep -q "lucb" "$work/race.txt"
echo "scaffolded algorithm against the build tree: cpex check passes, races lucb in a sweep: OK"
