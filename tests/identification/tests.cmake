# The identification problems (numerics/identification.hpp, characteristic_time.hpp) and their
# GLR samplers (plugins/identification/).
cpex_add_test_program(cpex-identification-unit-tests unit
  identification/characteristic_time_test.cpp)
cpex_add_test_program(cpex-identification-statistical-tests statistical
  identification/identification_correctness_test.cpp)
cpex_add_test_program(cpex-identification-long-tests long
  identification/identification_long_test.cpp)
