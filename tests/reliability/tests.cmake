# Reliability (issue 22; docs/reliability.md): how the `cpex` binary answers hostile outputs
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
  stores-readable-anywhere)
foreach(reliability_case ${cpex_reliability_cases})
  add_test(NAME reliability-${reliability_case}
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/reliability/cli_reliability.py
                   --cpex $<TARGET_FILE:cpex-host> ${cpex_reliability_flags} ${reliability_case})
  set_tests_properties(reliability-${reliability_case} PROPERTIES LABELS "cli;reliability"
                       SKIP_RETURN_CODE 77 TIMEOUT 600)
endforeach()

cpex_add_test_program(cpex-reliability-tests unit
  reliability/suggest_bounds_test.cpp)

# Signals under mpirun: SIGTERM / SIGINT to the ranks from start-up on give mpirun 143 /
# 130 and a whole, resumable store. Skipped (exit 77) without MPI or mpirun.
add_test(NAME mpi-signals-exit-143-130
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/mpi/mpi_signal_test.sh
                 $<TARGET_FILE:cpex-host> ${PROJECT_SOURCE_DIR} ${CPEX_MPI_ENABLED})
set_tests_properties(mpi-signals-exit-143-130 PROPERTIES LABELS "cli;reliability"
                     SKIP_RETURN_CODE 77 TIMEOUT 300)
if(CMAKE_CXX_FLAGS MATCHES "sanitize=address")
  set_tests_properties(mpi-signals-exit-143-130 PROPERTIES
                       ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0:abort_on_error=1")
endif()
