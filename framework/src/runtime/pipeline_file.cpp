// Pipeline files: INI parsing and per-section typed reading through Boost.Program_options.
#include "cpex/runtime/pipeline_file.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <boost/algorithm/string/trim.hpp>
#include <boost/lexical_cast.hpp>
#include <boost/program_options.hpp>

#include "cpex/errors.hpp"
#include "cpex/input_file.hpp"
#include "cpex/limits.hpp"
#include "cpex/messages.hpp"
#include "cpex/runtime/option_errors.hpp"
#include "cpex/suggest.hpp"

namespace po = boost::program_options;

namespace cpex::inline runtime {

// A comma-separated list of reals, read by Program_options through validate() below.
struct RealListValue {
  std::vector<double> values;
};

void validate(boost::any& out, const std::vector<std::string>& tokens, RealListValue*, int) {
  po::validators::check_first_occurrence(out);
  const std::string& text = po::validators::get_single_string(tokens);
  RealListValue list;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    boost::algorithm::trim(item);
    try {
      list.values.push_back(boost::lexical_cast<double>(item));
    } catch (const boost::bad_lexical_cast&) {
      throw po::invalid_option_value(text);
    }
  }
  if (list.values.empty()) throw po::invalid_option_value(text);
  out = list;
}

PipelineFile PipelineFile::parse(std::istream& in, const std::string& name) {
  PipelineFile file;
  file.path_ = name;
  po::options_description none;
  po::parsed_options parsed(&none);
  try {
    parsed = po::parse_config_file(in, none, /*allow_unregistered=*/true);
  } catch (const po::error& e) {
    throw ConfigError(name + ": " + exception_text(e));
  }
  std::set<std::string> seen;
  for (const auto& option : parsed.options) {
    const std::string& full = option.string_key;
    const auto dot = full.find('.');
    if (dot == std::string::npos)
      throw ConfigError(name + ": key '" + shorten(full) + "' stands outside any [section]");
    RawEntry entry{full.substr(0, dot), full.substr(dot + 1),
                   option.value.empty() ? "" : option.value.front(), name, file.directory()};
    if (!seen.insert(full).second && full != "sweep.axis")
      throw ConfigError(name + ": [" + entry.section + "] " + shorten(entry.key) + " is given twice");
    file.entries_.push_back(std::move(entry));
  }
  return file;
}

PipelineFile PipelineFile::read(const std::string& path) {
  std::string text;
  try {
    text = read_regular_file(path, "pipeline file", kMaxPipelineFileBytes);
  } catch (const ParameterError& e) {
    throw ConfigError(std::string("pipeline file ") + e.what());
  }
  std::istringstream in(text);
  return parse(in, path);
}

PipelineFile PipelineFile::from_text(const std::string& text, const std::string& name) {
  std::istringstream in(text);
  return parse(in, name);
}

void PipelineFile::set(const std::string& section, const std::string& key,
                       const std::string& value, const std::string& origin,
                       const std::string& directory) {
  std::erase_if(entries_, [&](const RawEntry& e) { return e.section == section && e.key == key; });
  entries_.push_back({section, key, value, origin, directory});
}

std::string PipelineFile::directory() const {
  return std::filesystem::path(path_).parent_path().string();
}

void PipelineFile::apply_override(const std::string& assignment) {
  const auto eq = assignment.find('=');
  const std::string target = boost::algorithm::trim_copy(assignment.substr(0, eq));
  const auto dot = target.find('.');
  if (eq == std::string::npos || dot == std::string::npos || dot == 0 || dot + 1 == target.size())
    throw ConfigError("--set '" + shorten(assignment) + "': expected section.key=value");
  set(target.substr(0, dot), target.substr(dot + 1),
      boost::algorithm::trim_copy(assignment.substr(eq + 1)), "--set", "");
}

std::vector<std::string> PipelineFile::sections() const {
  std::vector<std::string> names;
  for (const auto& e : entries_)
    if (std::find(names.begin(), names.end(), e.section) == names.end()) names.push_back(e.section);
  return names;
}

std::vector<RawEntry> PipelineFile::section(const std::string& name) const {
  std::vector<RawEntry> out;
  for (const auto& e : entries_)
    if (e.section == name) out.push_back(e);
  return out;
}

std::optional<std::string> PipelineFile::get(const std::string& section,
                                             const std::string& key) const {
  for (const auto& e : entries_)
    if (e.section == section && e.key == key) return e.value;
  return std::nullopt;
}

namespace {

po::value_semantic* semantic_for(const ParamSpec& spec) {
  switch (spec.type) {
    case ParamType::Real: return po::value<double>();
    case ParamType::Integer: return po::value<std::int64_t>();
    case ParamType::RealList: return po::value<RealListValue>();
    case ParamType::Text:
    case ParamType::Choice: return po::value<std::string>();
  }
  return nullptr;
}

ParamValue convert(const ParamSpec& spec, const boost::any& value) {
  switch (spec.type) {
    case ParamType::Real: return boost::any_cast<double>(value);
    case ParamType::Integer: return boost::any_cast<std::int64_t>(value);
    case ParamType::RealList: return boost::any_cast<RealListValue>(value).values;
    case ParamType::Text:
    case ParamType::Choice: return boost::any_cast<std::string>(value);
  }
  return {};
}

// Reals (and list elements) must be finite and within kMaxRealMagnitude.
bool usable_number(const ParamValue& value) {
  if (const auto* x = std::get_if<double>(&value)) return usable_real(*x);
  if (const auto* list = std::get_if<std::vector<double>>(&value))
    return std::all_of(list->begin(), list->end(), usable_real);
  return true;
}

bool within(const ParamSpec& spec, const ParamValue& value) {
  if (const auto* x = std::get_if<double>(&value)) return spec.range.contains(*x);
  if (const auto* i = std::get_if<std::int64_t>(&value))
    return spec.range.contains(static_cast<double>(*i));
  if (const auto* list = std::get_if<std::vector<double>>(&value))
    return std::all_of(list->begin(), list->end(),
                       [&](double x) { return spec.range.contains(x); });
  if (spec.type == ParamType::Choice)
    return std::find(spec.choices.begin(), spec.choices.end(), std::get<std::string>(value)) !=
           spec.choices.end();
  return true;
}

std::string known_keys(const ParamSchema& schema, const std::vector<std::string>& ignored) {
  std::string text;
  for (const auto& k : ignored) text += (text.empty() ? "" : ", ") + k;
  for (const auto& spec : schema.specs()) text += (text.empty() ? "" : ", ") + spec.name;
  return text.empty() ? "none" : text;
}

}  // namespace

ParamValues read_section(const PipelineFile& file, const std::string& section,
                         const ParamSchema& schema, const std::string& owner,
                         const std::vector<std::string>& ignored) {
  po::options_description description;
  for (const auto& spec : schema.specs())
    description.add_options()(spec.name.c_str(), semantic_for(spec), spec.help.c_str());

  ParamValues values;
  po::variables_map map;
  for (const auto& entry : file.section(section)) {
    if (std::find(ignored.begin(), ignored.end(), entry.key) != ignored.end()) continue;
    const std::string where = entry.origin + ": [" + section + "] " + shorten(entry.key);
    const ParamSpec* spec = schema.find(entry.key);
    if (const std::string* note = spec ? nullptr : schema.renamed(entry.key))
      throw ConfigError(where + ": " + owner + ": " + *note);
    if (!spec) {
      std::vector<std::string> names = ignored;
      for (const auto& s : schema.specs()) names.push_back(s.name);
      throw ConfigError(where + ": unknown key for " + owner + did_you_mean(entry.key, names) +
                        " (known keys: " + known_keys(schema, ignored) + ")");
    }
    po::parsed_options parsed(&description);
    parsed.options.emplace_back(entry.key, std::vector<std::string>{entry.value});
    try {
      po::store(parsed, map);
    } catch (const po::error&) {
      throw ConfigError(where + " = '" + shorten(entry.value) + "': " + owner + "." +
                        spec->name + " must be " + spec->allowed());
    }
    ParamValue value = convert(*spec, map[entry.key].value());
    if (!usable_number(value))
      throw ConfigError(where + " = '" + shorten(entry.value) + "' is out of range: " + owner +
                        "." + spec->name +
                        " takes only finite numbers of magnitude at most 1e15 (no inf, nan)");
    if (!within(*spec, value))
      throw ConfigError(where + (spec->type == ParamType::Choice
                                     ? " = '" + shorten(entry.value) + "'" +
                                           did_you_mean(entry.value, spec->choices) + ": "
                                     : " = " + shorten(entry.value) + " is out of range: ") +
                        owner + "." + spec->name + " must be " + spec->allowed());
    if (spec->is_path) {
      const std::filesystem::path given = std::get<std::string>(value);
      if (given.is_relative() && !given.empty() && !entry.directory.empty())
        value = (std::filesystem::path(entry.directory) / given).lexically_normal().string();
    }
    values.set(spec->name, std::move(value));
  }
  for (const auto& spec : schema.specs()) {
    if (values.has(spec.name) || spec.optional) continue;
    if (!spec.default_value)
      throw ConfigError(file.path() + ": [" + section + "] " + spec.name + " is required by " +
                        owner + " (" + spec.allowed() + ")");
    values.set(spec.name, *spec.default_value);
  }
  return values;
}

}  // namespace cpex::runtime
