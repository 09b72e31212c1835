# Performance engineering (docs/performance.md): the structures behind the hot loops, the
# hand-tight references of benchmarks/reference/ checked against the plugins, and a smoke
# run of every benchmark program (an abort fails the suite).
cpex_add_test_program(cpex-perf-tests unit
  perf/indexed_heap_test.cpp
  perf/reference_equivalence_test.cpp)
target_include_directories(cpex-perf-tests PRIVATE ${PROJECT_SOURCE_DIR}/benchmarks)
