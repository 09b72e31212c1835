// `cpex check PLUGIN-OR-LIBRARY [--quick]`: the conformance harness. Every check of one
// plugin is a row (name, pass/fail/skip, one line of detail); the command prints the table
// and exits 0 only when no row failed. The checks of each kind are one table of (name,
// function) -- check_algorithm.cpp, check_oracle.cpp, check_environment.cpp -- run by
// run_checks below, so every name gives exactly one row whatever happens to the others.
// Algorithms run on the conformance suite of their kind of problem (check_suites.hpp)
// through the engine (`cpex::execute`), the same code as `cpex sweep`; the command, target
// resolution and the printed table: check_command.cpp.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "cpex/registry.hpp"

namespace cpex::host {

enum class CheckStatus { Pass, Fail, Skip };

struct CheckRow {
  std::string check;   // short name, e.g. "delta-correct"
  CheckStatus status = CheckStatus::Pass;
  std::string detail;  // one line: what was measured, or why it failed / was skipped
};

// What one check found: the row without its name.
struct CheckResult {
  CheckStatus status = CheckStatus::Pass;
  std::string detail;
};

// The state the checks of one plugin share. A check whose failure leaves nothing for the
// later ones to look at (the plugin cannot be built, no suite instance is accepted) sets
// `blocked`; every later check of the table is then a skip with that reason.
struct CheckState {
  std::string blocked;
};

// One check of a plugin kind: the name of its row and the function that runs it.
template <class State>
struct Check {
  const char* name;
  CheckResult (*run)(State&);
};

// Every check of `table` in order, one row each: skipped once a check has blocked the rest;
// a check that throws fails with the message and blocks the rest.
template <class State, std::size_t N>
std::vector<CheckRow> run_checks(const Check<State> (&table)[N], State& state) {
  std::vector<CheckRow> rows;
  for (const Check<State>& check : table) {
    CheckResult result{CheckStatus::Skip, state.blocked};
    if (state.blocked.empty()) {
      try {
        result = check.run(state);
      } catch (const std::exception& e) {
        result = {CheckStatus::Fail, std::string("threw: ") + e.what()};
        state.blocked = std::string("not checked: ") + check.name + " threw";
      }
    }
    rows.push_back({check.name, result.status, std::move(result.detail)});
  }
  return rows;
}

// The same on a State built from `arguments` (the plugin's entry, the options, ...).
template <class State, std::size_t N, class... Arguments>
std::vector<CheckRow> run_checks_on(const Check<State> (&table)[N], Arguments&&... arguments) {
  State state(std::forward<Arguments>(arguments)...);
  return run_checks(table, state);
}

struct CheckOptions {
  bool quick = false;                  // the small suite (a few seconds per plugin)
  int threads = 2;                     // threads of the suite's second run (the first: 1)
  std::vector<std::string> overrides;  // --set SECTION.KEY=VALUE for the checked plugin
};

// A number in the checks' messages and generated pipeline values: 6 significant digits.
std::string check_number(double x);

std::vector<CheckRow> check_algorithm(const Registry& registry, const AlgorithmEntry& entry,
                                      const CheckOptions& options);
std::vector<CheckRow> check_oracle(const Registry& registry, const OracleEntry& entry,
                                   const CheckOptions& options);
std::vector<CheckRow> check_environment(const Registry& registry, const EnvironmentEntry& entry,
                                        const CheckOptions& options);

// Checks every plugin named by `target` (a plugin name, or a library file: all the plugins
// it registered), prints the tables on stdout; 0 if every check passed or was skipped,
// 1 otherwise (with one line on stderr naming the failed checks).
int check_command(const Registry& registry, const std::string& target, const CheckOptions& options);

// The parameter values the check gives a plugin of `section`: the schema's defaults, the
// user's --set values for that section, and for a required parameter without a default a
// value inside its range (so a plugin is checkable without a pipeline). ConfigError when
// a required text parameter has no value.
std::string check_section_text(const std::string& section, const std::string& plugin,
                               const ParamSchema& schema, const std::vector<std::string>& overrides,
                               const std::vector<std::pair<std::string, std::string>>& suite_values = {});

}  // namespace cpex::host
