# Linear and transductive identification (issue 31): T*(theta) and w*(theta) against independent
# computations, the linear GLR; the algorithms' statistical tests follow.
cpex_add_test_program(cpex-linear-unit-tests unit
  linear/characteristic_time_test.cpp)
cpex_add_test_program(cpex-linear-statistical-tests statistical
  linear/samplers_test.cpp
  linear/top_m_test.cpp)
cpex_add_test_program(cpex-linear-long-tests long
  linear/long_test.cpp)
