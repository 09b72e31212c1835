# Issue 30's classic algorithms (kl-lucb, kl-racing, median-elimination, exponential-gap,
# ucb-e, apt, at-lucb): the KL confidence bounds (unit), delta-correctness on the shared
# instances and kl-lucb against lucb (statistical, seconds), exponential-gap at the
# paper's constants (long).
cpex_add_test_program(cpex-classic-unit-tests unit classic/kl_confidence_test.cpp
  classic/lazy_kl_bounds_test.cpp ${PROJECT_SOURCE_DIR}/plugins/bestk/kl/lazy_kl_bounds.cpp)
target_include_directories(cpex-classic-unit-tests PRIVATE ${PROJECT_SOURCE_DIR}/plugins/bestk/kl)
cpex_add_test_program(cpex-classic-tests integration classic/classic_run_test.cpp)
cpex_add_test_program(cpex-classic-statistical-tests statistical
  classic/classic_correctness_test.cpp classic/classic_support.cpp)
target_include_directories(cpex-classic-statistical-tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/classic)
cpex_add_test_program(cpex-classic-long-tests long
  classic/long_correctness_test.cpp classic/classic_support.cpp)
target_include_directories(cpex-classic-long-tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/classic)
# ucb-e (and apt) against an independent numpy simulation, error falling with the budget
# (Debian's python3 with numpy and scipy, as the python-reader test).
add_test(NAME classic-index-policies-reference
         COMMAND ${CPEX_TEST_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/classic/index_policy_reference.py
                 $<TARGET_FILE:cpex-host> --apt)
set_tests_properties(classic-index-policies-reference PROPERTIES LABELS statistical TIMEOUT 300)

# GK 2016 Table 1's KL-LUCB cell (2,716 on mu^2 at delta = 0.1) inside the 95% interval of
# 3,000 runs of kl-lucb with rate = gk2016 (docs/reproductions/gk2016.md); ~15 s of CPU.
add_test(NAME gk2016-kl-lucb-cell
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/classic/gk2016_kl_lucb_test.sh $<TARGET_FILE:cpex-host> ${PROJECT_SOURCE_DIR})
set_tests_properties(gk2016-kl-lucb-cell PROPERTIES LABELS long TIMEOUT 900)
