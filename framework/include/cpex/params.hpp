// Parameter schemas (name, type, default, allowed range, help) that plugins declare, and
// the resolved values they receive. Values are read and type-checked through
// Boost.Program_options (see config.hpp); ranges and choices are checked here.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace cpex {

enum class ParamType { Real, Integer, Text, Choice, RealList };

const char* to_string(ParamType type);

// One end of an allowed interval.
struct Bound {
  double value;
  bool inclusive;
};

// An allowed interval of numbers; either end may be open-ended.
struct Range {
  std::optional<Bound> lower;
  std::optional<Bound> upper;

  static Range any() { return {}; }
  static Range open(double lo, double hi) { return {Bound{lo, false}, Bound{hi, false}}; }
  static Range closed(double lo, double hi) { return {Bound{lo, true}, Bound{hi, true}}; }
  static Range at_least(double lo) { return {Bound{lo, true}, std::nullopt}; }
  static Range greater_than(double lo) { return {Bound{lo, false}, std::nullopt}; }

  bool contains(double x) const;
  // "(0, 1)", "[1, inf)", "any number".
  std::string to_string() const;
  // The inverse of to_string() ("(0, 1)", "[1, inf)", "(-inf, 0]", "any number" or "any");
  // Error naming the text otherwise (an empty interval included).
  static Range parse(const std::string& text);
  bool operator==(const Range& other) const;
};

using ParamValue = std::variant<double, std::int64_t, std::string, std::vector<double>>;

// What a parameter means to the framework, beyond its plugin. The host finds these values
// by role, never by a key's spelling (`cpex hardness`, the tie warning, `cpex check`, the
// y = delta line of error plots, sweeps over a key whose meaning differs between plugins):
//  - Confidence: the run's target error probability delta — the algorithm promises a wrong
//    answer with probability at most this (a paper's internal confidence level, tuned to
//    meet the target, is another parameter without this role);
//  - Accuracy: the epsilon an answer is judged at (epsilon-good answers are correct);
//  - Budget: the number of samples the algorithm may take.
// At most one parameter of a schema has each role.
enum class ParamRole { None, Confidence, Accuracy, Budget };

// "", "confidence", "accuracy", "budget".
const char* to_string(ParamRole role);

// Declaration of one parameter.
struct ParamSpec {
  std::string name;
  ParamType type = ParamType::Real;
  std::string help;
  std::optional<ParamValue> default_value;  // none: required, unless `optional`
  Range range;                              // Real, Integer, and each RealList element
  std::vector<std::string> choices;         // Choice
  bool optional = false;                    // may be absent
  bool is_path = false;                     // Text holding a file path
  ParamRole role = ParamRole::None;         // what the framework may read it as

  // What is allowed, for messages and `cpex describe`.
  std::string allowed() const;
  std::string default_text() const;
};

// The ordered list of a plugin's parameters, built with the fluent helpers.
class ParamSchema {
 public:
  ParamSchema& real(std::string name, std::optional<double> def, Range range, std::string help);
  ParamSchema& integer(std::string name, std::optional<std::int64_t> def, Range range,
                       std::string help);
  ParamSchema& text(std::string name, std::optional<std::string> def, std::string help);
  // A file path (text). A relative path in a pipeline file is taken relative to that
  // file's directory; on the command line (--set), relative to the working directory.
  ParamSchema& path(std::string name, std::optional<std::string> def, std::string help);
  ParamSchema& choice(std::string name, std::string def, std::vector<std::string> choices,
                      std::string help);
  ParamSchema& real_list(std::string name, Range element_range, std::string help);
  // A real without a default that may be left out (ParamValues::has tells).
  ParamSchema& optional_real(std::string name, Range range, std::string help);
  // Marks the parameter declared last as optional: without a default, it may be absent.
  ParamSchema& optional();
  // The run's target error: `delta`, a real in (0, 1) with the confidence role (one `delta`
  // means the target error in every algorithm).
  ParamSchema& target_error(double default_value, std::string help);
  // The accuracy an answer is judged at: `epsilon`, a real >= 0 with the accuracy role.
  ParamSchema& accuracy(double default_value, std::string help);
  // Gives the parameter declared last a role (one parameter per role; a real in (0, 1) for
  // Confidence, a real >= 0 for Accuracy, an integer for Budget); Error otherwise.
  ParamSchema& role(ParamRole role);

  const std::vector<ParamSpec>& specs() const { return specs_; }
  const ParamSpec* find(const std::string& name) const;
  // The parameter with this role, or nullptr.
  const ParamSpec* find(ParamRole role) const;

  // A key this plugin no longer has, kept so that a pipeline still using it is refused with
  // `note` (what it became) instead of a bare "unknown key", or worse, read as another key.
  ParamSchema& renamed(std::string old_name, std::string note);
  // The note of a renamed key, or nullptr.
  const std::string* renamed(const std::string& old_name) const;

 private:
  ParamSchema& add(ParamSpec spec);
  std::vector<ParamSpec> specs_;
  std::vector<std::pair<std::string, std::string>> renamed_;  // old name, note
};

// Resolved parameter values of one pipeline section. Getters throw cpex::Error when the
// key is absent or has another type (a programming error in the plugin).
class ParamValues {
 public:
  void set(const std::string& name, ParamValue value) { values_[name] = std::move(value); }
  bool has(const std::string& name) const { return values_.count(name) != 0; }

  double real(const std::string& name) const;
  std::int64_t integer(const std::string& name) const;
  const std::string& text(const std::string& name) const;
  const std::vector<double>& reals(const std::string& name) const;

  const std::map<std::string, ParamValue>& all() const { return values_; }

 private:
  const ParamValue& get(const std::string& name) const;
  std::map<std::string, ParamValue> values_;
};

std::string to_string(const ParamValue& value);

// A list of reals as a pipeline file writes it ("0.5, 0.4, 0.3"), each with `precision`
// significant digits (17: read back bit-identical).
std::string real_list_text(const std::vector<double>& values, int precision = 17);

// The value of the parameter that has `role` in `schema`, when it is a number and set
// (the run's target error, accuracy or budget, whatever the plugin calls it).
std::optional<double> value_of_role(const ParamSchema& schema, const ParamValues& values,
                                    ParamRole role);

}  // namespace cpex
