// Pipeline assembly: plugin lookup, parameter reading, compatibility checks and the probe.
#include "cpex/pipeline.hpp"

#include <algorithm>

#include "cpex/errors.hpp"
#include "cpex/messages.hpp"
#include "cpex/run.hpp"
#include "cpex/suggest.hpp"

namespace cpex {

const ParamSchema& run_schema() {
  static const ParamSchema schema = ParamSchema()
      .integer("seed", 1, Range::at_least(0), "pipeline seed; a run's randomness depends only "
               "on (seed, sweep point, repetition)")
      .integer("repetitions", 100, Range::closed(1, 1e9), "independent runs of the pipeline")
      .integer("max-samples", 100'000'000, Range::at_least(1),
               "a run that reaches this many samples is stopped and recorded as capped")
      .real("max-seconds", 0.0, Range::at_least(0.0),
            "a run that takes longer than this (wall clock, seconds) is stopped and recorded "
            "as capped; 0: no limit")
      .choice("record-pulls", "no", {"no", "yes"},
              "yes: record how often each arm was pulled (the `pulls` result column)")
      .path("trace-file", std::nullopt, "CSV file for the per-round values algorithms emit "
            "(run_id, point, repetition, sample, name, value); none: no trace")
      .optional()
      .integer("trace-every", 1, Range::at_least(1),
               "keep the values emitted when the sample count is a multiple of this");
  return schema;
}

namespace {

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const auto& n : names) text += (text.empty() ? "" : ", ") + n;
  return text.empty() ? "none" : text;
}

std::string plugin_name(const PipelineFile& file, const std::string& section) {
  auto name = file.get(section, "plugin");
  if (!name) throw ConfigError(file.path() + ": [" + section + "] has no 'plugin' key");
  return *name;
}

// Where a key was given: the file, or --set.
std::string origin_of(const PipelineFile& file, const std::string& section, const std::string& key) {
  for (const auto& e : file.section(section))
    if (key.empty() || e.key == key) return e.origin;
  return file.path();
}

const char* const kPluginPathHint =
    "; plugins are loaded from --plugin-path DIR, $CPEX_PLUGIN_PATH and the installed plugin "
    "directory (see cpex list)";

// Look up a plugin of `kind` named in `section`; the error lists the known names.
template <typename Entry>
const Entry* choose(const PipelineFile& file, const Registry& registry, const std::string& section,
                    PluginKind kind, const Entry* (Registry::*lookup)(const std::string&) const) {
  const std::string name = plugin_name(file, section);
  if (const Entry* entry = (registry.*lookup)(name)) return entry;
  PluginKind other;
  std::string hint;
  if (registry.find(name, &other))
    hint = ": it is an " + std::string(to_string(other)) + ", not an " + to_string(kind);
  else
    hint = " is not a known " + std::string(to_string(kind)) +
           did_you_mean(name, registry.names(kind));
  throw ConfigError(origin_of(file, section, "plugin") + ": [" + section + "] plugin = '" +
                    shorten(name) + "'" + hint + " (known: " + joined(registry.names(kind)) + ")" +
                    (registry.find(name) ? "" : kPluginPathHint));
}

// An unknown section is blamed on where it came from (the file or --set).
void check_sections(const PipelineFile& file, std::vector<std::string> allowed) {
  for (const auto& section : file.sections())
    if (std::find(allowed.begin(), allowed.end(), section) == allowed.end())
      throw ConfigError(origin_of(file, section, "") + ": unknown section [" + shorten(section) + "]" +
                        did_you_mean(section, allowed, "[", "]") + " (allowed: " +
                        joined(allowed) + ")");
}

// A key its own section's plugin does not know, but another section's does: name that one.
void check_misplaced_keys(const PipelineFile& file, const Pipeline& p) {
  struct Owner {
    std::string section, name;
    const ParamSchema* schema;
  };
  std::vector<Owner> owners = {{"environment", p.environment->name, &p.environment->schema},
                               {"algorithm", p.algorithm->name, &p.algorithm->schema},
                               {"run", "run", &run_schema()}};
  for (const auto& choice : p.oracles)
    owners.push_back({choice.section, choice.entry->name, &choice.entry->schema});
  for (const Owner& owner : owners)
    for (const auto& entry : file.section(owner.section)) {
      if (entry.key == "plugin" || owner.schema->find(entry.key)) continue;
      for (const Owner& other : owners)
        if (other.section != owner.section && other.schema->find(entry.key))
          throw ConfigError(entry.origin + ": [" + owner.section + "] " + shorten(entry.key) +
                            ": unknown key for " + owner.name + "; it belongs in [" +
                            other.section + "] (" + other.name + ")");
    }
}

void check_compatibility(const Pipeline& p) {
  const auto& needs = p.algorithm->needs;
  const FeedbackKind given = p.environment->feedback;
  if (std::find(needs.feedback.begin(), needs.feedback.end(), given) == needs.feedback.end()) {
    std::vector<std::string> wanted;
    for (auto kind : needs.feedback) wanted.emplace_back(to_string(kind));
    throw ConfigError(p.source + ": algorithm '" + p.algorithm->name + "' needs " +
                      joined(wanted) + " feedback, but environment '" + p.environment->name +
                      "' gives " + to_string(given) + " feedback");
  }
  for (std::size_t i = 0; i < needs.oracles.size(); ++i) {
    const unsigned have = p.oracles[i].entry->capabilities;
    const unsigned missing = needs.oracles[i].required & ~have;
    if (missing)
      throw ConfigError(p.source + ": algorithm '" + p.algorithm->name + "' needs " +
                        describe_capabilities(missing) + " from the oracle in [" +
                        needs.oracles[i].section + "], but oracle '" + p.oracles[i].entry->name +
                        "' offers " + describe_capabilities(have));
  }
}

// Per-plugin parameter blocks: in a plugin section, a key "NAME.key" (written as a
// `[algorithm.NAME]` block, or `--set algorithm.NAME.key=v`) applies only when the
// section's plugin is NAME, and then wins over a plain "key". So one sweep over
// `algorithm.plugin` can give each algorithm its own parameters. Returns the file with
// the chosen plugin's block applied; `ignored` receives every scoped key.
PipelineFile apply_plugin_block(const PipelineFile& file, const Registry& registry,
                                const std::string& section, const std::string& plugin,
                                std::vector<std::string>& ignored) {
  PipelineFile copy = file;
  ignored = {"plugin"};
  for (const auto& entry : file.section(section)) {
    const auto dot = entry.key.find('.');
    if (dot == std::string::npos) continue;
    const std::string owner = entry.key.substr(0, dot);
    if (!registry.find(owner))
      throw ConfigError(entry.origin + ": [" + section + "] " + shorten(entry.key) +
                        ": no plugin named '" + shorten(owner) + "' (a key NAME.key, or a [" + section +
                        ".NAME] block, applies only when plugin = NAME)");
    ignored.push_back(entry.key);
    if (owner == plugin)
      copy.set(section, entry.key.substr(dot + 1), entry.value, entry.origin, entry.directory);
  }
  return copy;
}

ParamValues read_plugin_section(const PipelineFile& file, const Registry& registry,
                                const std::string& section, const std::string& plugin,
                                const ParamSchema& schema) {
  std::vector<std::string> ignored;
  const PipelineFile scoped = apply_plugin_block(file, registry, section, plugin, ignored);
  return read_section(scoped, section, schema, plugin, ignored);
}

}  // namespace

Pipeline assemble(const PipelineFile& file, const Registry& registry,
                  const std::vector<std::string>& extra_sections) {
  Pipeline p;
  p.source = file.path();
  p.algorithm = choose(file, registry, "algorithm", PluginKind::Algorithm, &Registry::algorithm);
  p.environment =
      choose(file, registry, "environment", PluginKind::Environment, &Registry::environment);

  std::vector<std::string> allowed = {"environment", "algorithm", "run"};
  allowed.insert(allowed.end(), extra_sections.begin(), extra_sections.end());
  std::vector<OracleRole> roles = p.algorithm->needs.oracles;
  if (roles.empty() || roles.front().section != "oracle") roles.insert(roles.begin(), {"oracle", 0});
  for (const auto& role : roles) allowed.push_back(role.section);
  check_sections(file, allowed);

  for (const auto& role : roles) {
    OracleChoice choice;
    choice.section = role.section;
    const std::vector<std::string> sections = file.sections();
    if (role.section != "oracle" &&
        std::find(sections.begin(), sections.end(), role.section) == sections.end())
      throw ConfigError(file.path() + ": algorithm '" + p.algorithm->name + "' needs an oracle section [" +
                        role.section + "] (" + describe_capabilities(role.required) + "), and there is none");
    choice.entry = choose(file, registry, role.section, PluginKind::Oracle, &Registry::oracle);
    p.oracles.push_back(std::move(choice));
  }
  // Whether the plugins fit together is decided before their parameters are read.
  check_compatibility(p);
  check_misplaced_keys(file, p);

  for (auto& choice : p.oracles)
    choice.params = read_plugin_section(file, registry, choice.section, choice.entry->name,
                                        choice.entry->schema);
  p.environment_params = read_plugin_section(file, registry, "environment", p.environment->name,
                                             p.environment->schema);
  p.algorithm_params = read_plugin_section(file, registry, "algorithm", p.algorithm->name,
                                           p.algorithm->schema);
  const ParamValues run = read_section(file, "run", run_schema(), "run", {});
  p.run.seed = static_cast<std::uint64_t>(run.integer("seed"));
  p.run.repetitions = run.integer("repetitions");
  p.run.max_samples = run.integer("max-samples");
  p.run.max_seconds = run.real("max-seconds");
  p.run.record_pulls = run.text("record-pulls") == "yes";
  if (run.has("trace-file")) p.run.trace_file = run.text("trace-file");
  p.run.trace_every = run.integer("trace-every");

  probe(p);
  return p;
}

}  // namespace cpex
