// Parameter schemas and resolved values: declaration helpers, range checks and printing.
#include "cpex/params.hpp"

#include <cmath>
#include <limits>
#include <sstream>

#include "cpex/errors.hpp"

namespace cpex {

const char* to_string(ParamType type) {
  switch (type) {
    case ParamType::Real: return "real";
    case ParamType::Integer: return "integer";
    case ParamType::Text: return "text";
    case ParamType::Choice: return "choice";
    case ParamType::RealList: return "real list";
  }
  return "?";
}

namespace {
std::string number(double x) {
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  std::ostringstream out;
  out.precision(15);
  out << x;
  return out.str();
}
}  // namespace

bool Range::contains(double x) const {
  if (std::isnan(x)) return false;
  if (lower && (lower->inclusive ? x < lower->value : x <= lower->value)) return false;
  if (upper && (upper->inclusive ? x > upper->value : x >= upper->value)) return false;
  return true;
}

std::string Range::to_string() const {
  if (!lower && !upper) return "any number";
  std::string text = lower ? (lower->inclusive ? "[" : "(") + number(lower->value) : "(-inf";
  text += ", ";
  text += upper ? number(upper->value) + (upper->inclusive ? "]" : ")") : "inf)";
  return text;
}

Range Range::parse(const std::string& text) {
  const auto first = text.find_first_not_of(" \t");
  const auto last = text.find_last_not_of(" \t");
  const std::string trimmed = first == std::string::npos ? "" : text.substr(first, last - first + 1);
  if (trimmed == "any" || trimmed == "any number") return any();
  const std::string expected =
      "range '" + text + "': expected an interval such as '(0, 1)' or '[1, inf)', or 'any'";
  const auto comma = trimmed.find(',');
  if (trimmed.size() < 5 || comma == std::string::npos || trimmed.find(',', comma + 1) != std::string::npos ||
      (trimmed.front() != '(' && trimmed.front() != '[') || (trimmed.back() != ')' && trimmed.back() != ']'))
    throw Error(expected);
  auto end = [&](std::string part, bool inclusive, double infinite) -> std::optional<Bound> {
    const auto a = part.find_first_not_of(" \t"), b = part.find_last_not_of(" \t");
    part = a == std::string::npos ? "" : part.substr(a, b - a + 1);
    std::size_t used = 0;
    double value = 0.0;
    try {
      value = std::stod(part, &used);
    } catch (const std::exception&) {
      throw Error(expected);
    }
    if (used != part.size() || std::isnan(value)) throw Error(expected);
    if (value == infinite) return std::nullopt;  // an open end
    if (std::isinf(value)) throw Error("range '" + text + "' is empty");
    return Bound{value, inclusive};
  };
  Range range;
  range.lower = end(trimmed.substr(1, comma - 1), trimmed.front() == '[',
                    -std::numeric_limits<double>::infinity());
  range.upper = end(trimmed.substr(comma + 1, trimmed.size() - comma - 2), trimmed.back() == ']',
                    std::numeric_limits<double>::infinity());
  if (range.lower && range.upper &&
      (range.lower->value > range.upper->value ||
       (range.lower->value == range.upper->value && !(range.lower->inclusive && range.upper->inclusive))))
    throw Error("range '" + text + "' is empty");
  return range;
}

bool Range::operator==(const Range& other) const {
  auto same = [](const std::optional<Bound>& a, const std::optional<Bound>& b) {
    return a.has_value() == b.has_value() && (!a || (a->value == b->value && a->inclusive == b->inclusive));
  };
  return same(lower, other.lower) && same(upper, other.upper);
}

std::string ParamSpec::allowed() const {
  switch (type) {
    case ParamType::Real: return "a real number in " + range.to_string();
    case ParamType::Integer: return "an integer in " + range.to_string();
    case ParamType::Text: return is_path ? "a file path" : "text";
    case ParamType::RealList:
      return "a comma-separated list of real numbers in " + range.to_string();
    case ParamType::Choice: {
      std::string text = "one of {";
      for (std::size_t i = 0; i < choices.size(); ++i) text += (i ? ", " : "") + choices[i];
      return text + "}";
    }
  }
  return "?";
}

std::string ParamSpec::default_text() const {
  if (default_value) return cpex::to_string(*default_value);
  return optional ? "(none)" : "(required)";
}

ParamSchema& ParamSchema::add(ParamSpec spec) {
  if (find(spec.name)) throw Error("parameter '" + spec.name + "' declared twice");
  specs_.push_back(std::move(spec));
  return *this;
}

ParamSchema& ParamSchema::real(std::string name, std::optional<double> def, Range range,
                               std::string help) {
  ParamSpec spec{std::move(name), ParamType::Real, std::move(help), std::nullopt, range, {}};
  if (def) spec.default_value = *def;
  return add(std::move(spec));
}

ParamSchema& ParamSchema::integer(std::string name, std::optional<std::int64_t> def,
                                  Range range, std::string help) {
  ParamSpec spec{std::move(name), ParamType::Integer, std::move(help), std::nullopt, range, {}};
  if (def) spec.default_value = *def;
  return add(std::move(spec));
}

ParamSchema& ParamSchema::text(std::string name, std::optional<std::string> def,
                               std::string help) {
  ParamSpec spec{std::move(name), ParamType::Text, std::move(help), std::nullopt, {}, {}};
  if (def) spec.default_value = *def;
  return add(std::move(spec));
}

ParamSchema& ParamSchema::path(std::string name, std::optional<std::string> def,
                               std::string help) {
  ParamSpec spec{std::move(name), ParamType::Text, std::move(help), std::nullopt, {}, {}};
  if (def) spec.default_value = *def;
  spec.is_path = true;
  return add(std::move(spec));
}

ParamSchema& ParamSchema::choice(std::string name, std::string def,
                                 std::vector<std::string> choices, std::string help) {
  return add(ParamSpec{std::move(name), ParamType::Choice, std::move(help), std::move(def), {},
                       std::move(choices)});
}

ParamSchema& ParamSchema::real_list(std::string name, Range element_range, std::string help) {
  return add(ParamSpec{std::move(name), ParamType::RealList, std::move(help), std::nullopt,
                       element_range, {}});
}

ParamSchema& ParamSchema::optional_real(std::string name, Range range, std::string help) {
  return real(std::move(name), std::nullopt, range, std::move(help)).optional();
}

ParamSchema& ParamSchema::optional() {
  if (specs_.empty()) throw Error("optional() before any parameter was declared");
  specs_.back().optional = true;
  return *this;
}

const char* to_string(ParamRole role) {
  switch (role) {
    case ParamRole::None: return "";
    case ParamRole::Confidence: return "confidence";
    case ParamRole::Accuracy: return "accuracy";
    case ParamRole::Budget: return "budget";
  }
  return "";
}

ParamSchema& ParamSchema::target_error(double default_value, std::string help) {
  return real("delta", default_value, Range::open(0.0, 1.0), std::move(help)).role(ParamRole::Confidence);
}

ParamSchema& ParamSchema::accuracy(double default_value, std::string help) {
  return real("epsilon", default_value, Range::at_least(0.0), std::move(help)).role(ParamRole::Accuracy);
}

ParamSchema& ParamSchema::role(ParamRole role) {
  if (specs_.empty()) throw Error("role() before any parameter was declared");
  ParamSpec& spec = specs_.back();
  if (role != ParamRole::None)
    for (const auto& other : specs_)
      if (&other != &spec && other.role == role)
        throw Error("parameters '" + other.name + "' and '" + spec.name + "' both have the role " +
                    to_string(role));
  const bool fits = role == ParamRole::None ||
                    (role == ParamRole::Budget ? spec.type == ParamType::Integer
                                               : spec.type == ParamType::Real);
  if (!fits)
    throw Error("parameter '" + spec.name + "' is a " + cpex::to_string(spec.type) +
                ", which cannot have the role " + to_string(role));
  spec.role = role;
  return *this;
}

ParamSchema& ParamSchema::renamed(std::string old_name, std::string note) {
  if (find(old_name)) throw Error("parameter '" + old_name + "' is declared and renamed");
  renamed_.emplace_back(std::move(old_name), std::move(note));
  return *this;
}

const std::string* ParamSchema::renamed(const std::string& old_name) const {
  for (const auto& [name, note] : renamed_)
    if (name == old_name) return &note;
  return nullptr;
}

const ParamSpec* ParamSchema::find(ParamRole role) const {
  if (role == ParamRole::None) return nullptr;
  for (const auto& spec : specs_)
    if (spec.role == role) return &spec;
  return nullptr;
}

const ParamSpec* ParamSchema::find(const std::string& name) const {
  for (const auto& spec : specs_)
    if (spec.name == name) return &spec;
  return nullptr;
}

const ParamValue& ParamValues::get(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw Error("parameter '" + name + "' has no value");
  return it->second;
}

double ParamValues::real(const std::string& name) const {
  const auto& v = get(name);
  if (const auto* x = std::get_if<double>(&v)) return *x;
  if (const auto* i = std::get_if<std::int64_t>(&v)) return static_cast<double>(*i);
  throw Error("parameter '" + name + "' is not a real number");
}

std::int64_t ParamValues::integer(const std::string& name) const {
  if (const auto* i = std::get_if<std::int64_t>(&get(name))) return *i;
  throw Error("parameter '" + name + "' is not an integer");
}

const std::string& ParamValues::text(const std::string& name) const {
  if (const auto* s = std::get_if<std::string>(&get(name))) return *s;
  throw Error("parameter '" + name + "' is not text");
}

const std::vector<double>& ParamValues::reals(const std::string& name) const {
  if (const auto* v = std::get_if<std::vector<double>>(&get(name))) return *v;
  throw Error("parameter '" + name + "' is not a list of reals");
}

std::string to_string(const ParamValue& value) {
  struct Printer {
    std::string operator()(double x) const { return number(x); }
    std::string operator()(std::int64_t i) const { return std::to_string(i); }
    std::string operator()(const std::string& s) const { return s; }
    std::string operator()(const std::vector<double>& v) const {
      std::string text;
      for (std::size_t i = 0; i < v.size(); ++i) text += (i ? "," : "") + number(v[i]);
      return text;
    }
  };
  return std::visit(Printer{}, value);
}

std::string real_list_text(const std::vector<double>& values, int precision) {
  std::ostringstream text;
  text.precision(precision);
  for (std::size_t i = 0; i < values.size(); ++i) text << (i ? ", " : "") << values[i];
  return text.str();
}

std::optional<double> value_of_role(const ParamSchema& schema, const ParamValues& values,
                                    ParamRole role) {
  const ParamSpec* spec = schema.find(role);
  if (!spec) return std::nullopt;
  const auto it = values.all().find(spec->name);
  if (it == values.all().end()) return std::nullopt;
  if (const auto* x = std::get_if<double>(&it->second)) return *x;
  if (const auto* i = std::get_if<std::int64_t>(&it->second)) return static_cast<double>(*i);
  return std::nullopt;
}

}  // namespace cpex
