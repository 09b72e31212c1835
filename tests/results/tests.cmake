# The verdicts (correct, optimal) and the summaries that do not mislead (
# docs/results.md): the oracle verdicts against brute force, and through the binary every
# output's `optimal` column, summary = report, "not run", censored capped runs, old stores.
cpex_add_test_program(cpex-verdict-tests unit results/verdict_test.cpp)
cpex_add_test_program(cpex-results-cli-tests cli results/cli_verdicts_test.cpp)
target_link_libraries(cpex-results-cli-tests PRIVATE nlohmann_json::nlohmann_json SQLite::SQLite3)

# The one style of `cpex report --plot` (python/cpex/plot.py, plot_style.py): the
# SVGs and figure objects read back — a plugin's colour equal across two figures, the
# capped marker in the legend, y = delta on error plots, ticks, --share-y, --label, --bars,
# variants told apart (tone, marker, line style, hatch), y = 1 on ratio plots.
foreach(plot_case colours capped-legend delta-line ticks share-label bars variants ratio-line)
  add_test(NAME plot-style-${plot_case}
           COMMAND ${CPEX_TEST_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/results/plot_style_test.py
                   $<TARGET_FILE:cpex-host> ${PROJECT_BINARY_DIR}/share/cpex/python ${plot_case})
  set_tests_properties(plot-style-${plot_case} PROPERTIES LABELS "cli;plot" TIMEOUT 300)
endforeach()

# Figures without defects (issue 34; python/cpex/plot.py, figure_text.py): every plot type
# drawn and read back from its SVG — every series in the legend whatever its values, axis
# labels, wrapped titles, slanted long categories, no overlapping text, colours of other
# plugins apart from the built-in ones.
add_test(NAME figure-text
         COMMAND ${CPEX_TEST_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/results/figure_test.py
                 $<TARGET_FILE:cpex-host> ${PROJECT_BINARY_DIR}/share/cpex/python)
set_tests_properties(figure-text PROPERTIES LABELS "cli;plot" TIMEOUT 300)

# The seed reproductions' figures (scripts/seedNNN_figures.py --svg) drawn from a small
# made-up results directory at every point of the seed's pipelines, read back from their
# SVGs: no overlapping text (figure_text.py), every series in the legend. Seconds each.
foreach(seed 000 001 003)
  add_test(NAME seed-figures-${seed}
           COMMAND ${CPEX_TEST_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/results/seed_figures_test.py
                   ${PROJECT_SOURCE_DIR} ${PROJECT_BINARY_DIR}/share/cpex/python ${seed})
  set_tests_properties(seed-figures-${seed} PROPERTIES LABELS "cli;plot" TIMEOUT 300
                       ENVIRONMENT "CPEX_BUILD_DIR=${PROJECT_BINARY_DIR}")
endforeach()

# One vocabulary: no script or Python file reads a summary key removed in 0.1 (errors,
# error_rate, capped_errors, samples.ci95, ...).
add_test(NAME no-removed-summary-keys
         COMMAND ${CPEX_TEST_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/results/no_removed_keys.py ${PROJECT_SOURCE_DIR})
set_tests_properties(no-removed-summary-keys PROPERTIES LABELS unit)

# A column added to the table in a scratch copy (three lines) reaches the CSV, the store, a
# resumed store, export, cpex report, MPI and Python (a scratch build: label long).
add_test(NAME add-result-column
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/results/add_column_test.sh ${PROJECT_SOURCE_DIR})
set_tests_properties(add-result-column PROPERTIES LABELS long TIMEOUT 3600)

# `cpex report --format latex` compiled by pdflatex (long: needs TeX, texlive-latex-base and
# texlive-latex-recommended: `scripts/install-deps.sh long`; skipped without pdflatex). Its
# structure is checked in the default suite (integration/cli_paper_test.cpp).
add_test(NAME report-latex-compiles
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/results/latex_compile_test.sh $<TARGET_FILE:cpex-host>)
set_tests_properties(report-latex-compiles PROPERTIES LABELS "long" SKIP_RETURN_CODE 77 TIMEOUT 300)

# The leaderboard's figure (scripts/leaderboard.py) from made-up ratios, read back from its
# SVG: no overlapping text, every algorithm in its plugin's colour, x = 1 named. Seconds.
add_test(NAME leaderboard-figure
         COMMAND ${CPEX_TEST_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/results/leaderboard_figure_test.py
                 ${PROJECT_SOURCE_DIR} ${PROJECT_BINARY_DIR}/share/cpex/python)
set_tests_properties(leaderboard-figure PROPERTIES LABELS "cli;plot" TIMEOUT 300)
