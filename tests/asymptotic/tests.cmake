# Issue 19 (fixed confidence): optimal weights w*(mu) / T*(mu).
cpex_add_test_program(cpex-asymptotic-unit-tests unit
  asymptotic/optimal_weights_test.cpp)
