# The problems of issue 43: vector-valued arms (the Pareto set, the constrained best arm), good
# arm identification and Bayesian instances: their numerics against brute force and closed
# forms (unit), the algorithms' delta-correctness with Clopper-Pearson bounds (statistical),
# and the acceptance runs of docs/reproductions/ (long).
cpex_add_test_program(cpex-problems-unit-tests unit
  problems/pareto_numerics_test.cpp
  problems/pareto_identification_test.cpp
  problems/prior_gap_test.cpp
  problems/vector_inputs_test.cpp)
cpex_add_test_program(cpex-problems-statistical-tests statistical
  problems/pareto_correctness_test.cpp
  problems/good_arm_correctness_test.cpp
  problems/bayesian_correctness_test.cpp)
cpex_add_test_program(cpex-problems-long-tests long
  problems/problems_acceptance_test.cpp)
