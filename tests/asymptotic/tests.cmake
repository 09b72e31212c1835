# Asymptotically optimal identification: the reward model, optimal weights w*(mu) / T*(mu),
# Track-and-Stop, top-two and RAGE.
cpex_add_test_program(cpex-asymptotic-unit-tests unit
  asymptotic/optimal_weights_test.cpp
  asymptotic/reward_model_test.cpp)
cpex_add_test_program(cpex-asymptotic-statistical-tests statistical
  asymptotic/asymptotic_correctness_test.cpp
  asymptotic/rage_test.cpp)
# The reproductions (docs/reproductions/lower-bound.md, gk2016.md): long, not in the default suite.
foreach(name lower-bound gk2016)
  add_test(NAME ${name}-reproduction
           COMMAND bash ${PROJECT_SOURCE_DIR}/scripts/reproduce_asymptotic.sh ${name} --threads 2
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(${name}-reproduction PROPERTIES LABELS long TIMEOUT 36000
                       ENVIRONMENT CPEX_BUILD_DIR=${PROJECT_BINARY_DIR})
endforeach()
