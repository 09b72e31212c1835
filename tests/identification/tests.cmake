# The identification problems (numerics/identification.hpp, characteristic_time.hpp) and their
# GLR samplers (plugins/identification/).
cpex_add_test_program(cpex-identification-unit-tests unit
  identification/characteristic_time_test.cpp)
cpex_add_test_program(cpex-identification-statistical-tests statistical
  identification/identification_correctness_test.cpp)
cpex_add_test_program(cpex-identification-long-tests long
  identification/identification_long_test.cpp)
# The samplers of issue 30 (game, fw-sampling, sticky-track-and-stop, uniform, oracle-weights,
# best-challenger, top-two's family, elimination): their parts, delta-correctness, and (long)
# sample counts against T*(mu) log(1/delta) at delta = 1e-10.
cpex_add_test_program(cpex-identification-samplers-unit-tests unit identification/samplers_unit_test.cpp
  identification/posed_problem_test.cpp identification/ttts_challenger_test.cpp identification/best_arm_tree_test.cpp
  identification/floor_projection_test.cpp identification/gaussian_top_draw_test.cpp
  identification/beta_top_draw_test.cpp identification/kl_index_argmax_test.cpp
  identification/vector_passes_test.cpp)
# The numerics' SSE2 vector passes, which a processor with AVX2 does not take by itself.
add_test(NAME "The numerics' SSE2 vector passes give what they replace"
         COMMAND cpex-identification-samplers-unit-tests "[vector-passes]")
set_tests_properties("The numerics' SSE2 vector passes give what they replace" PROPERTIES
                     ENVIRONMENT CPEX_SIMD_SSE2=1 LABELS unit)
cpex_add_test_program(cpex-identification-samplers-statistical-tests statistical
  identification/samplers_correctness_test.cpp)
cpex_add_test_program(cpex-identification-samplers-long-tests long identification/samplers_long_test.cpp)
# The learner's sums in blocks of four whatever the vector width: game's and peps' rows are the
# same with the processor's vector passes and with SSE2's.
add_test(NAME "game and peps give the same rows with SSE2 and with the processor's vector passes"
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/identification/same_rows_across_vector_widths.sh $<TARGET_FILE:cpex-host>
                 ${PROJECT_SOURCE_DIR}/pipelines/leaderboard/large-k.ini)
set_tests_properties("game and peps give the same rows with SSE2 and with the processor's vector passes" PROPERTIES
                     LABELS integration)
