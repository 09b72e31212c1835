# Fixed-budget setting: phase lengths and the constrained oracle (unit), the
# run loop's budget, statuses, refusals and anytime verdicts (integration), error rates
# against budgets and an independent simulation (statistical). About 10 s in all.
cpex_add_test_program(cpex-fixed-budget-unit-tests unit
  fixed_budget/schedules_test.cpp cpe_l/cpe_brute_force.cpp)
target_include_directories(cpex-fixed-budget-unit-tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/cpe_l)
cpex_add_test_program(cpex-fixed-budget-tests integration fixed_budget/fixed_budget_run_test.cpp)
cpex_add_test_program(cpex-fixed-budget-statistical-tests statistical
  fixed_budget/fixed_budget_statistical_test.cpp fixed_budget/reference_simulators.cpp)
