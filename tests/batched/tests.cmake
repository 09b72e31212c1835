# Batched and delayed feedback in simulation ([run] batch-size, delay; docs/studies.md): the
# schedule, runs that decide as the plain run, delta-correctness of the GLR samplers; the
# batched algorithms tri-bbai and opt-bbai (docs/algorithms/batched.md); and anytime runs
# judged at checkpoints.
cpex_add_test_program(cpex-batched-unit-tests unit batched/feedback_loop_test.cpp)
cpex_add_test_program(cpex-batched-tests statistical batched/batched_run_test.cpp batched/bbai_test.cpp)
# [run] checkpoints (docs/results.md, "Checkpoints"): rows equal to separate budget runs.
cpex_add_test_program(cpex-checkpoint-tests cli batched/checkpoints_test.cpp)
