# Reliability (docs/reliability.md): how the `cpex` binary answers hostile outputs
# (FIFOs, devices, symlinks onto inputs), huge names, signals from the first instant, two
# writers on one output, read-only stores, conflicting merges and faults (kills, a full
# disk). cli_reliability.py runs one case per ctest test (label cli); a case that cannot
# run here (no tmpfs mount, no unprivileged user) exits 77 with "SKIPPED: reason", which
# ctest shows as skipped. The Catch2 program holds the unit tests of the bounded code.
if(CMAKE_CXX_FLAGS MATCHES "sanitize=address")
  set(cpex_reliability_flags --sanitized)
else()
  set(cpex_reliability_flags "")
endif()
set(cpex_reliability_cases
  outputs-must-be-regular-files
  long-names-are-cheap
  report-plot-never-clobbers
  one-writer-per-output
  signals-from-the-first-instant
  stores-readable-anywhere
  merge-refuses-conflicting-rows
  kills-then-rerun
  full-disk
  file-size-limit
  export-filters-are-bounded)
foreach(reliability_case ${cpex_reliability_cases})
  add_test(NAME reliability-${reliability_case}
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/reliability/cli_reliability.py
                   --cpex $<TARGET_FILE:cpex-host> ${cpex_reliability_flags} ${reliability_case})
  set_tests_properties(reliability-${reliability_case} PROPERTIES LABELS "cli;reliability"
                       SKIP_RETURN_CODE 77 TIMEOUT 600)
endforeach()

cpex_add_test_program(cpex-reliability-tests unit
  reliability/output_lock_test.cpp
  reliability/suggest_bounds_test.cpp)

# Signals under mpirun: SIGTERM / SIGINT to the ranks from start-up on give mpirun 143 /
# 130 and a whole, resumable store. Skipped (exit 77) without MPI or mpirun.
# Under ASan the runs are ~4x slower: 60 repetitions last as long as Release's 200.
if(CMAKE_CXX_FLAGS MATCHES "sanitize=address")
  set(mpi_signal_repetitions 60)
else()
  set(mpi_signal_repetitions 200)
endif()
add_test(NAME mpi-signals-exit-143-130
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/mpi/mpi_signal_test.sh
                 $<TARGET_FILE:cpex-host> ${PROJECT_SOURCE_DIR} ${CPEX_MPI_ENABLED}
                 ${mpi_signal_repetitions})
set_tests_properties(mpi-signals-exit-143-130 PROPERTIES LABELS "cli;reliability"
                     SKIP_RETURN_CODE 77 TIMEOUT 300)
if(CMAKE_CXX_FLAGS MATCHES "sanitize=address")
  set_tests_properties(mpi-signals-exit-143-130 PROPERTIES
                       ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0:abort_on_error=1")
endif()

# The full counts: 3,000 mutated pipeline files and 1,000 mutated command
# lines, each within 20 s and 4 GB (label long; the default suite runs 1,000 + 300).
if(CMAKE_CXX_FLAGS MATCHES "sanitize=address")
  set(mutation_full_limits --timeout 60 --memory-mb 0)
else()
  set(mutation_full_limits --timeout 20 --memory-mb 4096)
endif()
add_test(NAME mutation-test-full
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/hardening/mutation_test.py
                 --cpex $<TARGET_FILE:cpex-host> --source ${PROJECT_SOURCE_DIR} --count 3000
                 --command-lines 1000 --seed 22 --jobs 2 ${mutation_full_limits}
                 --outdir ${PROJECT_BINARY_DIR}/mutation-failures-full)
set_tests_properties(mutation-test-full PROPERTIES LABELS "long;hardening" TIMEOUT 14400)
if(CMAKE_CXX_FLAGS MATCHES "sanitize=address")
  set_tests_properties(mutation-test-full PROPERTIES
                       ENVIRONMENT "ASAN_OPTIONS=hard_rss_limit_mb=4096:detect_leaks=0")
endif()
