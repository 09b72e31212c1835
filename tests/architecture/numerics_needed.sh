#!/usr/bin/env bash
# The built libraries keep the dependency rule: libcpex-numerics needs neither core, TBB,
# SQLite nor Boost; libcpex (core) needs no SQLite; no plugin library needs SQLite.
# usage: numerics_needed.sh BUILD_DIR
set -euo pipefail
build=$1
needed() { readelf -d "$1" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p'; }
fail=0
if needed "$build/lib/libcpex-numerics.so" | grep -E '^lib(cpex\.|tbb|sqlite3|boost)'; then
  echo "libcpex-numerics.so needs a library outside Eigen/GLPK"; fail=1
fi
if needed "$build/lib/libcpex.so" | grep -E '^libsqlite3'; then
  echo "libcpex.so (core) needs SQLite"; fail=1
fi
for plugin in "$build"/lib/cpex/plugins/*.so; do
  if needed "$plugin" | grep -E '^libsqlite3'; then echo "$plugin needs SQLite"; fail=1; fi
done
[ "$fail" = 0 ] && echo "dependency rule: libraries OK"
exit "$fail"
