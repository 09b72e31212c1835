#!/usr/bin/env bash
# The built libraries keep the dependency rule (docs/architecture.md): libcpex-numerics
# needs nothing of the framework, nor TBB, SQLite or Boost; the SDK (libcpex) needs neither
# the runtime nor TBB, SQLite or Boost.Program_options; no plugin library needs the runtime,
# TBB, SQLite or Program_options.
# usage: libraries_needed.sh BUILD_DIR
set -euo pipefail
build=$1
needed() { readelf -d "$1" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p'; }
runtime_only='^lib(cpex-runtime|tbb|sqlite3|boost_program_options)'
fail=0
if needed "$build/lib/libcpex-numerics.so" | grep -E '^lib(cpex\.|cpex-runtime|tbb|sqlite3|boost)'; then
  echo "libcpex-numerics.so needs a library outside Eigen/GLPK"; fail=1
fi
if needed "$build/lib/libcpex.so" | grep -E "$runtime_only"; then
  echo "libcpex.so (the SDK) needs a runtime library"; fail=1
fi
for plugin in "$build"/lib/cpex/plugins/*.so; do
  if needed "$plugin" | grep -E "$runtime_only"; then echo "$plugin needs a runtime library"; fail=1; fi
done
[ "$fail" = 0 ] && echo "dependency rule: libraries OK"
exit "$fail"
