// `cpex check PLUGIN-OR-LIBRARY [--quick]`: the conformance harness (issue 21). Every check
// of one plugin is a row (name, pass/fail/skip, one line of detail); the command prints the
// table and exits 0 only when no row failed. One file per plugin kind: check_algorithm.cpp,
// check_oracle.cpp, check_environment.cpp; the command, target resolution and the table:
// check_command.cpp. The algorithm suite runs through the engine (`cpex::execute`), the
// same code as `cpex sweep`.
#pragma once

#include <string>
#include <vector>

#include "cpex/registry.hpp"

namespace cpex::host {

enum class CheckStatus { Pass, Fail, Skip };

struct CheckRow {
  std::string check;   // short name, e.g. "delta-correct"
  CheckStatus status = CheckStatus::Pass;
  std::string detail;  // one line: what was measured, or why it failed / was skipped
};

struct CheckOptions {
  bool quick = false;                  // the small suite (a few seconds per plugin)
  int threads = 2;                     // threads of the suite's second run (the first: 1)
  std::vector<std::string> overrides;  // --set SECTION.KEY=VALUE for the checked plugin
};

// The shared suite's δ. Its error rate passes when the one-sided 95% Clopper–Pearson upper
// bound is at most δ: with 0.01 that needs at least 300 runs and (almost) no wrong answer,
// which catches a confidence width halved (its error is a few times δ) where δ = 0.1 does
// not (halving a union-bound width usually keeps the error below 0.1).
inline constexpr double kCheckDelta = 0.01;

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
