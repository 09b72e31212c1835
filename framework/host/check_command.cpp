// `cpex check`: resolves the target (a plugin name or a library file), runs the checks of
// each plugin it names and prints one table per plugin. Also the parameter values a
// checked plugin gets (check_section_text).
#include "check.hpp"

#include <cmath>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "cpex/errors.hpp"
#include "cpex/messages.hpp"
#include "cpex/suggest.hpp"

namespace cpex::host {

namespace {

// A value inside `range` for a required parameter without a default.
double inside(const Range& range, double preferred) {
  if (range.contains(preferred)) return preferred;
  if (range.lower && range.upper) return 0.5 * (range.lower->value + range.upper->value);
  if (range.lower) return range.lower->value + 1.0;
  if (range.upper) return range.upper->value - 1.0;
  return preferred;
}

const char* status_text(CheckStatus s) {
  return s == CheckStatus::Pass ? "pass" : s == CheckStatus::Fail ? "FAIL" : "skip";
}

}  // namespace

std::string check_section_text(const std::string& section, const std::string& plugin,
                               const ParamSchema& schema, const std::vector<std::string>& overrides,
                               const std::vector<std::pair<std::string, std::string>>& suite_values) {
  std::map<std::string, std::string> values;
  for (const auto& [key, value] : suite_values)
    if (schema.find(key)) values[key] = value;
  for (const auto& o : overrides) {
    const auto dot = o.find('.'), eq = o.find('=');
    if (dot == std::string::npos || eq == std::string::npos || dot > eq) continue;
    if (o.substr(0, dot) == section) values[o.substr(dot + 1, eq - dot - 1)] = o.substr(eq + 1);
  }
  for (const auto& spec : schema.specs()) {
    if (spec.default_value || spec.optional || values.count(spec.name)) continue;
    switch (spec.type) {
      case ParamType::Real: values[spec.name] = check_number(inside(spec.range, 0.5)); break;
      case ParamType::Integer:
        values[spec.name] = std::to_string(static_cast<long long>(std::ceil(inside(spec.range, 2.0))));
        break;
      case ParamType::RealList: {
        std::string list;
        for (double x : {0.8, 0.5, 0.35, 0.2})
          list += (list.empty() ? "" : ", ") + check_number(inside(spec.range, x));
        values[spec.name] = list;
        break;
      }
      case ParamType::Choice:
        if (!spec.choices.empty()) values[spec.name] = spec.choices.front();
        break;
      case ParamType::Text:
        throw ConfigError("plugin '" + plugin + "' needs a value for '" + spec.name +
                          "' to be checked: use --set " + section + "." + spec.name + "=VALUE");
    }
  }
  std::string text = "[" + section + "]\nplugin = " + plugin + "\n";
  for (const auto& [key, value] : values) text += key + " = " + value + "\n";
  return text;
}

int check_command(const Registry& registry, const std::string& target, const CheckOptions& options) {
  namespace fs = std::filesystem;
  // The plugins to check: one name, or every plugin a library file registered.
  std::vector<std::string> names;
  std::error_code ec;
  if (!registry.find(target) && fs::is_regular_file(target, ec)) {
    const fs::path canonical = fs::weakly_canonical(target, ec);
    for (PluginKind kind : {PluginKind::Environment, PluginKind::Oracle, PluginKind::Algorithm})
      for (const auto& name : registry.names(kind)) {
        const fs::path library = fs::weakly_canonical(registry.find(name)->library, ec);
        if (library == canonical) names.push_back(name);
      }
    if (names.empty())
      throw Error("library '" + shorten(target) + "' registered no plugin (is it a CPEx plugin?)");
  } else if (registry.find(target)) {
    names.push_back(target);
  } else {
    std::vector<std::string> known;
    for (PluginKind k : {PluginKind::Environment, PluginKind::Oracle, PluginKind::Algorithm})
      for (const auto& n : registry.names(k)) known.push_back(n);
    throw Error("no plugin or library file '" + shorten(target) + "'" + did_you_mean(target, known) +
                " (see cpex list)");
  }

  std::vector<std::string> failed;
  for (const auto& name : names) {
    PluginKind kind;
    const EntryInfo* info = registry.find(name, &kind);
    std::vector<CheckRow> rows;
    if (kind == PluginKind::Algorithm)
      rows = check_algorithm(registry, *registry.algorithm(name), options);
    else if (kind == PluginKind::Oracle)
      rows = check_oracle(registry, *registry.oracle(name), options);
    else
      rows = check_environment(registry, *registry.environment(name), options);
    std::size_t width = 5;
    for (const auto& row : rows) width = std::max(width, row.check.size());
    std::cout << name << " (" << to_string(kind) << ", version " << info->version << ", "
              << fs::path(info->library).filename().string() << ")"
              << (options.quick ? ", quick" : "") << '\n';
    for (const auto& row : rows) {
      std::cout << "  " << std::left << std::setw(static_cast<int>(width)) << row.check << "  "
                << status_text(row.status) << "  " << printable_message(row.detail) << '\n';
      if (row.status == CheckStatus::Fail) failed.push_back(name + ": " + row.check);
    }
  }
  std::cout << std::flush;
  if (failed.empty()) return 0;
  std::string line = "cpex: error: " + std::to_string(failed.size()) + " check" +
                     (failed.size() == 1 ? "" : "s") + " failed: ";
  for (std::size_t i = 0; i < failed.size(); ++i) line += (i ? ", " : "") + failed[i];
  std::cerr << printable_message(line) << '\n';
  return 1;
}

std::string check_number(double x) {
  std::ostringstream out;
  out << std::setprecision(6) << x;
  return out.str();
}

}  // namespace cpex::host
