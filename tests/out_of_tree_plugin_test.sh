#!/usr/bin/env bash
# Builds examples/out_of_tree_algorithm twice, with find_package(cpex) + cpex_add_plugin:
# against the build tree itself (-Dcpex_DIR=BUILD_DIR) and against an install in a
# temporary prefix, and runs each plugin with that tree's `cpex --plugin-path`. Fails on
# any error or if a summary does not show the example's runs without errors.
# usage: out_of_tree_plugin_test.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
source_dir=$1
build_dir=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build_dir" --prefix "$work/prefix" > "$work/install.log"
launcher=()
if command -v ccache > /dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake -S "$source_dir/examples/out_of_tree_algorithm" -B "$work/build" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$work/prefix" "${launcher[@]}" > "$work/configure.log"
cmake --build "$work/build" -j2 > "$work/build.log"
test -f "$work/build/plugins/libcpex-example-uniform.so"
"$work/prefix/bin/cpex" describe uniform-top-k --plugin-path "$work/build/plugins" | grep -q "uniform-top-k (algorithm)"
out=$("$work/prefix/bin/cpex" run "$source_dir/examples/out_of_tree_algorithm/uniform.ini" \
        --plugin-path "$work/build/plugins" --json)
echo "$out"
echo "$out" | grep -q '"runs": 20'
echo "$out" | grep -q '"errors": 0'
echo "out-of-tree plugin against the installed prefix: OK"

cmake -S "$source_dir/examples/out_of_tree_algorithm" -B "$work/build-tree" \
  -DCMAKE_BUILD_TYPE=Release -Dcpex_DIR="$(cd "$build_dir" && pwd)" "${launcher[@]}" > "$work/configure-tree.log"
cmake --build "$work/build-tree" -j2 > "$work/build-tree.log"
out=$("$build_dir/bin/cpex" run "$source_dir/examples/out_of_tree_algorithm/uniform.ini" \
        --plugin-path "$work/build-tree/plugins" --json)
echo "$out" | grep -q '"runs": 20'
echo "$out" | grep -q '"errors": 0'
echo "out-of-tree plugin against the build tree: OK"
