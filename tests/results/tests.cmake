# The verdicts (correct, optimal) and the summaries that do not mislead (issues 17 §1, 24;
# docs/results.md): the oracle verdicts against brute force, and through the binary every
# output's `optimal` column, summary = report, "not run", censored capped runs, old stores.
cpex_add_test_program(cpex-verdict-tests unit results/verdict_test.cpp)
cpex_add_test_program(cpex-results-cli-tests cli results/cli_verdicts_test.cpp)
target_link_libraries(cpex-results-cli-tests PRIVATE nlohmann_json::nlohmann_json SQLite::SQLite3)
