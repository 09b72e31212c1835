# Performance engineering (docs/performance.md): the structures behind the hot loops, the
# hand-tight references of benchmarks/reference/ checked against the plugins, and a smoke
# run of every benchmark program (an abort fails the suite).
cpex_add_test_program(cpex-perf-tests unit
  perf/indexed_heap_test.cpp
  perf/reference_equivalence_test.cpp)
target_include_directories(cpex-perf-tests PRIVATE ${PROJECT_SOURCE_DIR}/benchmarks)

# Benchmarks that never rot: every benchmark program, every family, one short run
# (tests/perf/benchmark_smoke.sh; the filters drop only the largest sizes, so the whole
# label runs in well under a minute on 2 cores). Run: ctest -L benchmark-smoke
if(CPEX_BUILD_BENCHMARKS)
  set(smoke ${CMAKE_CURRENT_SOURCE_DIR}/perf/benchmark_smoke.sh)
  foreach(entry
      "bestk-round|/(100|1000)$"
      "engine|."
      "linear-round|/(6/5|100/36)$"
      "linear-sampler|/10/5/10$"
      "cpe-l|/100$"
      "full-bandit-round|/(10|50)/[0-9]+$|(floor|refactor).*/(10|50)$"
      "fixed-budget|/(10|100)$"
      "asymptotic-round|(/(4|10)|rage/.*)$"
      "classic-round|/(4|10)$"
      "osa-greedy|/(10|100)(/[0-9]+)?$"
      "design|.")
    string(REPLACE "|" ";" parts "${entry}")
    list(GET parts 0 program)
    list(SUBLIST parts 1 -1 filter_parts)
    string(REPLACE ";" "|" filter "${filter_parts}")
    add_test(NAME benchmark-smoke/${program}
             COMMAND bash ${smoke} $<TARGET_FILE:cpex-${program}-benchmark> "${filter}")
    set_tests_properties(benchmark-smoke/${program} PROPERTIES LABELS benchmark-smoke TIMEOUT 120)
  endforeach()
  # The callgrind drivers (benchmarks/instructions_per_sample.sh): 1,000 samples of every
  # Best-K algorithm at N = 100, through the plugin and through its hand-tight reference.
  foreach(algorithm lucb lil-lucb lucb-pp lil-rand-lucb lil-clucb lil-ucb)
    foreach(driver sample reference)
      add_test(NAME benchmark-smoke/${driver}-cost-driver/${algorithm}
               COMMAND $<TARGET_FILE:cpex-${driver}-cost-driver> ${algorithm} 100 1000)
      set_tests_properties(benchmark-smoke/${driver}-cost-driver/${algorithm} PROPERTIES
                           LABELS benchmark-smoke TIMEOUT 60)
    endforeach()
  endforeach()
  # The full-bandit callgrind driver: 20 rounds of SAQM and CLUCB-QM at n = 24 and the floor.
  foreach(algorithm saqm clucb-qm)
    add_test(NAME benchmark-smoke/full-bandit-cost-driver/${algorithm}
             COMMAND $<TARGET_FILE:cpex-full-bandit-cost-driver> ${algorithm} 24 12 20)
    set_tests_properties(benchmark-smoke/full-bandit-cost-driver/${algorithm} PROPERTIES
                         LABELS benchmark-smoke TIMEOUT 60)
  endforeach()
  # The measurement scripts: bestk_cpu_ratio.sh for one short run at N = 100, and
  # compare_outputs.sh comparing the build with itself on the failed-runs pipeline (store
  # and CSV paths, the fixtures on the plugin path).
  add_test(NAME benchmark-smoke/bestk-cpu-ratio
           COMMAND env CPEX_BIN=$<TARGET_FILE_DIR:cpex-host> MIN_TIME=0.001 ALGORITHMS=lil-rand-lucb
                   bash ${PROJECT_SOURCE_DIR}/benchmarks/bestk_cpu_ratio.sh 100 1)
  add_test(NAME benchmark-smoke/compare-outputs
           COMMAND bash ${PROJECT_SOURCE_DIR}/benchmarks/compare_outputs.sh
                   $<TARGET_FILE:cpex-host> $<TARGET_FILE:cpex-host>
                   ${PROJECT_SOURCE_DIR}/benchmarks/equivalence/failed-runs.ini)
  set_tests_properties(benchmark-smoke/bestk-cpu-ratio benchmark-smoke/compare-outputs PROPERTIES
                       LABELS benchmark-smoke TIMEOUT 120)
  set_tests_properties(benchmark-smoke/bestk-cpu-ratio PROPERTIES
                       PASS_REGULAR_EXPRESSION "lil-rand-lucb +[0-9]+ +[0-9]+ +[0-9.]+")
  set_tests_properties(benchmark-smoke/compare-outputs PROPERTIES
                       PASS_REGULAR_EXPRESSION "failed-runs: same")
endif()
