// Pipeline assembly: plugin lookup, parameter reading, compatibility checks and the probe.
#include "cpex/runtime/pipeline.hpp"

#include "cpex/runtime/lower_bound.hpp"

#include <algorithm>
#include <cmath>

#include "cpex/errors.hpp"
#include "cpex/messages.hpp"
#include "cpex/runtime/plugin_variant.hpp"
#include "cpex/runtime/run.hpp"
#include "cpex/suggest.hpp"

namespace cpex::inline runtime {

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
               "keep the values emitted when the sample count is a multiple of this")
      .integer("budget", std::nullopt, Range::at_least(1),
               "fixed-budget setting: the algorithm is told T and the run ends after T "
               "samples (status budget); for fixed-budget algorithms only; none: fixed "
               "confidence")
      .optional()
      .role(ParamRole::Budget)
      .choice("trace-recommendations", "no", {"no", "yes"},
              "yes: every trace-every samples, judge the algorithm's current recommendation "
              "and write the verdicts to trace-file (anytime.correct, anytime.optimal)")
      .integer("batch-size", 1, Range::closed(1, 1e9),
               "batched feedback: pulls are asked this many at a time and all told before the next "
               "ask, through a study's driver (the `batches` column counts the rounds of asking); "
               "1: one pull at a time")
      .integer("delay", 0, Range::closed(0, 1e9),
               "delayed feedback: an observation is told this many pulls after it was asked "
               "(through a study's driver); 0: at once")
      .real_list("checkpoints", Range::at_least(1),
                 "budgets T1 < T2 < ... at which every run is judged: a row per checkpoint (column "
                 "run.budget); one run of an anytime algorithm (or a fixed-confidence one's current "
                 "answer), one run per budget of a fixed-budget one; none: no checkpoints")
      .optional()
      .choice("brake-booster", "no", {"no", "yes"},
              "yes: BrakeBooster (Balagopalan et al. 2025): the fixed-confidence algorithm run afresh with growing "
              "budgets and majority votes, for a stopping time with an exponential tail")
      .integer("brake-booster-budget", 16384, Range::at_least(1),
               "BrakeBooster: the first base runs' budget T1 (the authors' 16384)")
      .integer("brake-booster-votes", 1, Range::at_least(1),
               "BrakeBooster: the first stage's number of base runs L1 (the authors' 1)")
      .real("brake-booster-growth", 1.2, Range::greater_than(1.0),
            "BrakeBooster: the factor of budgets and votes from one stage to the next (the authors' 1.2)");
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
  if (name) return *name;
  if (!file.section(section).empty())
    throw ConfigError(file.path() + ": [" + section + "] has no 'plugin' key");
  if (section == "oracle")
    throw ConfigError(file.path() + ": no [oracle] section; for best-arm identification use "
                      "plugin = top-k, k = 1 (the oracle is the class of answers: cpex list "
                      "shows them all)");
  throw ConfigError(file.path() + ": no [" + section + "] section (cpex list shows the " +
                    section + "s)");
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
  const std::string where = origin_of(file, section, "plugin") + ": [" + section + "] plugin";
  const PluginVariant variant = split_variant(plugin_name(file, section), where);
  if (!variant.label.empty() && section != "algorithm")
    throw ConfigError(where + " = '" + shorten(variant.name()) +
                      "': named variants NAME@LABEL are for [algorithm] only");
  const std::string& name = variant.plugin;
  if (const Entry* entry = (registry.*lookup)(name)) return entry;
  PluginKind other;
  std::string hint;
  const std::vector<std::string> names = registry.names(kind);
  const std::string suggestion = did_you_mean(name, names);
  if (registry.find(name, &other))
    hint = ": it is an " + std::string(to_string(other)) + ", not an " + to_string(kind);
  else
    hint = " is not a known " + std::string(to_string(kind)) + suggestion;
  // The names themselves only when there are a few and none is close: `cpex list` has them all.
  const std::string known = !suggestion.empty() ? ""
                            : names.size() <= 8 ? " (known: " + joined(names) + ")"
                                                : " (cpex list shows the " + std::to_string(names.size()) + " " +
                                                      to_string(kind) + "s)";
  throw ConfigError(where + " = '" + shorten(name) + "'" + hint + known + (registry.find(name) ? "" : kPluginPathHint));
}

// The algorithms of the registry whose oracle roles include `section` ([dks], ...).
std::vector<std::string> algorithms_taking(const Registry& registry, const std::string& section) {
  std::vector<std::string> names;
  for (const auto& name : registry.names(PluginKind::Algorithm))
    for (const auto& role : registry.algorithm(name)->needs.oracles)
      if (role.section == section) {
        names.push_back(name);
        break;
      }
  return names;
}

// Every section some pipeline may have: `base`, [oracle], and each oracle role an algorithm
// of the registry declares.
std::vector<std::string> known_sections(const Registry& registry, std::vector<std::string> base) {
  base.push_back("oracle");
  for (const auto& name : registry.names(PluginKind::Algorithm))
    for (const auto& role : registry.algorithm(name)->needs.oracles)
      if (std::find(base.begin(), base.end(), role.section) == base.end())
        base.push_back(role.section);
  return base;
}

// An unknown section is blamed on where it came from (the file or --set). Checked before
// any plugin is chosen, so that a misspelt [algoritm] gets a suggestion rather than
// "[algorithm] has no 'plugin' key".
void check_section_names(const PipelineFile& file, const std::vector<std::string>& known) {
  for (const auto& section : file.sections()) {
    if (std::find(known.begin(), known.end(), section) != known.end()) continue;
    if (section == "study")
      throw ConfigError(origin_of(file, section, "") + ": [study]: a study's pipeline (its rewards come "
                        "from outside): create it with `cpex study new STUDY.db --pipeline FILE`, or "
                        "give an [environment] to run it (docs/studies.md)");
    throw ConfigError(origin_of(file, section, "") + ": unknown section [" + shorten(section) + "]" +
                      did_you_mean(section, known, "[", "]") + " (allowed: " + joined(known) + ")");
  }
}

// An oracle role section ([dks]) that none of the sweep's algorithms takes. In a mixed
// sweep a section that some swept algorithm takes is allowed; the others ignore it.
void check_role_sections(const PipelineFile& file, const Registry& registry,
                         const std::vector<std::string>& base,
                         const std::vector<std::string>& algorithms) {
  for (const auto& section : file.sections()) {
    if (section == "oracle" || std::find(base.begin(), base.end(), section) != base.end()) continue;
    bool taken = false;
    for (const auto& name : algorithms)
      if (const AlgorithmEntry* entry = registry.algorithm(split_variant(name, file.path()).plugin))
        for (const auto& role : entry->needs.oracles) taken = taken || role.section == section;
    if (taken) continue;
    const std::vector<std::string> takers = algorithms_taking(registry, section);
    const std::string who = algorithms.size() == 1
                                ? algorithms.front() + " takes no"
                                : "none of the swept algorithms (" + joined(algorithms) + ") takes a";
    throw ConfigError(origin_of(file, section, "") + ": " + who + " [" + shorten(section) +
                      "] oracle (" + joined(takers) + (takers.size() == 1 ? " does" : " do") +
                      "); remove the section, or use one of those algorithms");
  }
}

// The registry entries a section names across the sweep (unknown names are left out:
// choosing the point's plugin reports them).
std::vector<const EntryInfo*> section_plugins(const Registry& registry, const SweepScope& scope,
                                              const std::string& section, const std::string& own) {
  std::vector<const EntryInfo*> entries;
  for (const auto& given : scope.of(section, own)) {
    const std::string name = given.substr(0, given.find('@'));  // a variant's plugin
    const EntryInfo* entry = section == "algorithm"     ? registry.algorithm(name)
                             : section == "environment" ? static_cast<const EntryInfo*>(registry.environment(name))
                                                        : registry.oracle(name);
    if (entry && std::find(entries.begin(), entries.end(), entry) == entries.end())
      entries.push_back(entry);
  }
  return entries;
}

std::string names_of(const std::vector<const EntryInfo*>& entries) {
  std::vector<std::string> names;
  for (const auto* e : entries) names.push_back(e->name);
  return joined(names);
}

// A plain key that no plugin its section names across the sweep knows. When other
// sections' plugins know it, every such section is named ("it belongs in [environment]
// (full-bandit) or [oracle] (top-k)"); otherwise, in a mixed sweep, the message names
// every swept plugin (a single plugin's own message comes from read_section).
void check_unknown_keys(const PipelineFile& file, const Registry& registry, const Pipeline& p,
                        const SweepScope& scope, const InstanceSection& instance) {
  struct Owner {
    std::string section;
    std::vector<const EntryInfo*> plugins;  // empty for [run]
    bool knows(const std::string& key) const {
      if (plugins.empty()) return run_schema().find(key) != nullptr;
      for (const auto* e : plugins)
        if (e->schema.find(key)) return true;
      return false;
    }
    std::string names() const { return plugins.empty() ? "run" : names_of(plugins); }
  };
  std::vector<Owner> owners = {
      {instance.name, instance.fixed ? std::vector<const EntryInfo*>{instance.fixed}
                                     : section_plugins(registry, scope, "environment", p.environment->name)},
      {"algorithm", section_plugins(registry, scope, "algorithm", p.algorithm_name)},
      {"run", {}}};
  for (const auto& section : file.sections()) {
    if (section == instance.name || section == "algorithm" || section == "run") continue;
    const auto own = file.get(section, "plugin");
    if (!own) continue;
    Owner owner{section, section_plugins(registry, scope, section, *own)};
    if (!owner.plugins.empty()) owners.push_back(std::move(owner));
  }
  for (const Owner& owner : owners)
    for (const auto& entry : file.section(owner.section)) {
      if (entry.key == "plugin" || entry.key.find('.') != std::string::npos ||
          owner.knows(entry.key))
        continue;
      std::string elsewhere;
      for (const Owner& other : owners)
        if (other.section != owner.section && other.knows(entry.key))
          elsewhere += std::string(elsewhere.empty() ? "" : " or ") + "[" + other.section + "] (" +
                       other.names() + ")";
      const bool mixed = owner.plugins.size() > 1;
      const std::string where = entry.origin + ": [" + owner.section + "] " + shorten(entry.key) +
                                ": unknown key for " +
                                (mixed ? "every swept plugin (" + owner.names() + ")" : owner.names());
      for (const auto* e : owner.plugins)
        if (const std::string* note = e->schema.renamed(entry.key))
          throw ConfigError(entry.origin + ": [" + owner.section + "] " + shorten(entry.key) + ": " +
                            e->name + ": " + *note);
      if (!elsewhere.empty()) throw ConfigError(where + "; it belongs in " + elsewhere);
      if (!mixed) continue;  // read_section's message, with the plugin's known keys
      std::vector<std::string> keys;
      for (const auto* e : owner.plugins)
        for (const auto& spec : e->schema.specs()) keys.push_back(spec.name);
      throw ConfigError(where + did_you_mean(entry.key, keys) +
                        " (a key applies to the swept plugins that know it; cpex describe NAME "
                        "lists a plugin's keys)");
    }
}

void check_compatibility(const Pipeline& p) {
  const auto& needs = p.algorithm->needs;
  const FeedbackKind given = p.environment->feedback;
  if (std::find(needs.feedback.begin(), needs.feedback.end(), given) == needs.feedback.end()) {
    std::vector<std::string> wanted;
    for (auto kind : needs.feedback) wanted.emplace_back(to_string(kind));
    throw MismatchError(p.source + ": algorithm '" + p.algorithm->name + "' needs " +
                      joined(wanted) + " feedback, but environment '" + p.environment->name +
                      "' gives " + to_string(given) + " feedback");
  }
  for (std::size_t i = 0; i < needs.oracles.size(); ++i) {
    const unsigned have = p.oracles[i].entry->capabilities;
    const unsigned missing = needs.oracles[i].required & ~have;
    if (missing)
      throw MismatchError(p.source + ": algorithm '" + p.algorithm->name + "' needs " +
                        describe_capabilities(missing) + " from the oracle in [" +
                        needs.oracles[i].section + "], but oracle '" + p.oracles[i].entry->name +
                        "' offers " + describe_capabilities(have));
  }
}

// The setting: [run] budget only for algorithms that declare the fixed-budget or the
// anytime setting, and required by those that declare no fixed-confidence setting (unless
// checkpoints give the budgets); checkpoints only for algorithms whose answer at a budget
// means something (fixed budget, anytime, or a fixed-confidence algorithm's current answer);
// anytime traces only for algorithms whose recommend() answers mid-run. (Budget below the
// number of arms: the probe, once the environment is built.)
void check_settings(const PipelineFile& file, const Pipeline& p) {
  const AlgorithmNeeds& needs = p.algorithm->needs;
  const std::string name = "algorithm '" + p.algorithm->name + "'";
  const bool checkpoints = !p.run.checkpoints.empty();
  if ((p.run.batch_size > 1 || p.run.delay > 0) && p.environment->feedback == FeedbackKind::MultiObjective)
    throw ConfigError(origin_of(file, "run", p.run.batch_size > 1 ? "batch-size" : "delay") + ": [run] " +
                      (p.run.batch_size > 1 ? "batch-size" : "delay") + ": environment '" + p.environment->name +
                      "' has multi-objective feedback, which a study's driver (the batch and delay schedule) "
                      "does not carry: drop batch-size and delay");
  if (checkpoints) {
    const std::string where = origin_of(file, "run", "checkpoints") + ": [run] checkpoints: ";
    if (file.get("run", "budget"))
      throw ConfigError(where + "give budget or checkpoints, not both (a checkpoint is a budget)");
    for (std::size_t i = 1; i < p.run.checkpoints.size(); ++i)
      if (p.run.checkpoints[i] <= p.run.checkpoints[i - 1])
        throw ConfigError(where + "must increase (" + std::to_string(p.run.checkpoints[i - 1]) + " then " +
                          std::to_string(p.run.checkpoints[i]) + ")");
    if (p.run.checkpoints.size() > 1000) throw ConfigError(where + "at most 1000 checkpoints");
    if (!(needs.settings & (kFixedBudget | kAnytime)) && !needs.anytime)
      throw MismatchError(where + name + " is " + describe_settings(needs.settings) +
                        " only and cannot answer mid-run: checkpoints need a fixed-budget or anytime algorithm");
    if (p.run.checkpoints.back() > static_cast<std::uint64_t>(p.run.max_samples))
      throw ConfigError(where + "the last, " + std::to_string(p.run.checkpoints.back()) +
                        ", exceeds [run] max-samples = " + std::to_string(p.run.max_samples));
    if (p.run.batch_size > 1 || p.run.delay > 0)
      throw ConfigError(where + "are not combined with batch-size or delay (a batch may jump past a checkpoint); "
                        "sweep run.budget instead");
  }
  if (p.run.brake_booster) {
    const std::string where = origin_of(file, "run", "brake-booster") + ": [run] brake-booster: ";
    if (!(needs.settings & kFixedConfidence) || p.run.budget > 0)
      throw MismatchError(where + "boosts a fixed-confidence run; " + name + " with " +
                        (p.run.budget > 0 ? "a budget or checkpoints" : describe_settings(needs.settings) + " only") +
                        " has no stopping rule to boost");
    if (p.run.batch_size > 1 || p.run.delay > 0)
      throw ConfigError(where + "is not combined with batch-size or delay");
    if (needs.reads_truth || needs.batches)
      throw MismatchError(where + name + " is not boosted (an oracle baseline or a batched algorithm)");
  }
  if (p.run.budget > 0 && !checkpoints && !(needs.settings & (kFixedBudget | kAnytime)))
    throw MismatchError(origin_of(file, "run", "budget") + ": [run] budget: " + name + " is " +
                      describe_settings(needs.settings) +
                      " only (it stops by its own rule); drop budget, or use a fixed-budget "
                      "or anytime algorithm (cpex describe NAME lists its settings)");
  if (p.run.budget == 0 && !checkpoints && !(needs.settings & kFixedConfidence))
    throw MismatchError(file.path() + ": [run] budget: " + name + " is " +
                      describe_settings(needs.settings) +
                      " only: give [run] budget = T, the number of samples it may take, or checkpoints = "
                      "T1, T2, ...");
  if (p.run.budget > p.run.max_samples)
    throw ConfigError(origin_of(file, "run", "budget") + ": [run] budget = " +
                      std::to_string(p.run.budget) + " exceeds [run] max-samples = " +
                      std::to_string(p.run.max_samples) +
                      " (the run would be capped before its budget)");
  if (p.run.trace_recommendations && p.run.trace_file.empty())
    throw ConfigError(origin_of(file, "run", "trace-recommendations") +
                      ": [run] trace-recommendations = yes needs [run] trace-file (where the "
                      "verdicts go)");
  if (p.run.trace_recommendations && !needs.anytime)
    throw ConfigError(origin_of(file, "run", "trace-recommendations") +
                      ": [run] trace-recommendations: " + name +
                      " cannot recommend mid-run (it declares no anytime answer)");
}

PluginKind kind_of_section(const std::string& section) {
  return section == "algorithm"     ? PluginKind::Algorithm
         : section == "environment" ? PluginKind::Environment
                                    : PluginKind::Oracle;
}

// Per-plugin parameter blocks: in a plugin section, a key "NAME.key" (written once as
// `NAME.key = v` in the section, as a `[algorithm.NAME]` block, or `--set
// algorithm.NAME.key=v`) applies only when the section's plugin is NAME, and then wins over
// a plain "key". So one sweep over `algorithm.plugin` can give each algorithm its own
// parameters. NAME must be a plugin of the section's kind that has the key, whether or not
// it is swept. A named variant's block `[algorithm.NAME@LABEL]` applies only when the
// plugin is NAME@LABEL, and wins over NAME's block; NAME@LABEL must be one of the
// section's plugins across the sweep (`variants`). Returns the file with the chosen
// plugin's blocks applied; `ignored` receives every scoped key.
PipelineFile apply_plugin_block(const PipelineFile& file, const Registry& registry,
                                const std::string& section, const PluginVariant& plugin,
                                const std::vector<std::string>& variants,
                                std::vector<std::string>& ignored) {
  PipelineFile copy = file;
  ignored = {"plugin"};
  std::vector<RawEntry> own_variant;  // applied after NAME's block, so that they win
  for (const auto& entry : file.section(section)) {
    const auto dot = entry.key.find('.');
    if (dot == std::string::npos) continue;
    const std::string key = entry.key.substr(dot + 1);
    const std::string where = entry.origin + ": [" + section + "] " + shorten(entry.key);
    const PluginVariant owner = split_variant(entry.key.substr(0, dot), where);
    PluginKind kind;
    const EntryInfo* info = registry.find(owner.plugin, &kind);
    const PluginKind wanted = kind_of_section(section);
    if (!info)
      throw ConfigError(where + ": no plugin named '" + shorten(owner.plugin) + "'" +
                        did_you_mean(owner.plugin, registry.names(wanted)) + " (a key NAME.key, or a [" +
                        section + ".NAME] block, applies only when plugin = NAME)");
    if (kind != wanted)
      throw ConfigError(where + ": '" + shorten(owner.plugin) + "' is an " + to_string(kind) +
                        ", and [" + section + "] takes an " + to_string(wanted));
    if (const std::string* note = info->schema.find(key) ? nullptr : info->schema.renamed(key))
      throw ConfigError(where + ": " + owner.plugin + ": " + *note);
    if (!info->schema.find(key)) {
      std::vector<std::string> names;
      for (const auto& spec : info->schema.specs()) names.push_back(spec.name);
      throw ConfigError(where + ": unknown key for " + owner.plugin + did_you_mean(key, names) +
                        " (known keys: " + joined(names) + ")");
    }
    ignored.push_back(entry.key);
    // A block of a variant no point names: a warning before the sweep (unused_variant_blocks).
    if (!owner.label.empty() &&
        std::find(variants.begin(), variants.end(), owner.name()) == variants.end())
      continue;
    if (owner.label.empty() && owner.plugin == plugin.plugin)
      copy.set(section, key, entry.value, entry.origin, entry.directory);
    else if (!owner.label.empty() && owner.name() == plugin.name())
      own_variant.push_back(entry);
  }
  // A variant's label names its block: NAME@LABEL without one would run as the plain plugin.
  if (!plugin.label.empty() && own_variant.empty()) {
    std::vector<std::string> blocks;
    for (const auto& entry : file.section(section)) {
      const auto dot = entry.key.find('.');
      const std::string owner = dot == std::string::npos ? "" : entry.key.substr(0, dot);
      if (owner.find('@') != std::string::npos && std::find(blocks.begin(), blocks.end(), owner) == blocks.end())
        blocks.push_back(owner);
    }
    std::string listed;
    for (const auto& b : blocks) listed += (listed.empty() ? "" : ", ") + ("[" + section + "." + b + "]");
    throw ConfigError(origin_of(file, section, "plugin") + ": [" + section + "] plugin = " + shorten(plugin.name()) +
                      ": no block [" + section + "." + shorten(plugin.name()) + "] gives this variant its keys" +
                      did_you_mean(plugin.name(), blocks) +
                      (blocks.empty() ? std::string(" (the file has no variant block)") : " (the blocks: " + listed + ")"));
  }
  for (const auto& entry : own_variant)
    copy.set(section, entry.key.substr(entry.key.find('.') + 1), entry.value, entry.origin,
             entry.directory);
  return copy;
}

// The section's keys for `plugin` (NAME or NAME@LABEL): its own blocks applied, and plain
// keys that only other plugins of the sweep know left out (check_unknown_keys refused
// those no plugin knows).
ParamValues read_plugin_section(const PipelineFile& file, const Registry& registry,
                                const SweepScope& scope, const std::string& section,
                                const EntryInfo& plugin, const std::string& name) {
  std::vector<std::string> ignored;
  const PipelineFile scoped = apply_plugin_block(file, registry, section,
                                                 split_variant(name, file.path()),
                                                 scope.of(section, name), ignored);
  const auto others = section_plugins(registry, scope, section, name);
  for (const auto& entry : file.section(section)) {
    if (plugin.schema.find(entry.key)) continue;
    for (const auto* other : others)
      if (other->schema.find(entry.key)) ignored.push_back(entry.key);
  }
  return read_section(scoped, section, plugin.schema, name, ignored);
}

}  // namespace

Pipeline assemble(const PipelineFile& file, const Registry& registry,
                  const std::vector<std::string>& extra_sections, const SweepScope* sweep,
                  const InstanceSection& instance) {
  Pipeline p;
  p.lower_bounds = std::make_shared<LowerBoundCache>();
  p.source = file.path();
  // [labels]: display names for tables and figures (docs/results.md, "Names"), no plugin's.
  std::vector<std::string> base = {instance.name, "algorithm", "run", "labels"};
  base.insert(base.end(), extra_sections.begin(), extra_sections.end());
  check_section_names(file, known_sections(registry, base));
  p.algorithm = choose(file, registry, "algorithm", PluginKind::Algorithm, &Registry::algorithm);
  p.algorithm_name = split_variant(plugin_name(file, "algorithm"), file.path()).name();
  p.environment = instance.fixed ? instance.fixed
                                 : choose(file, registry, instance.name, PluginKind::Environment,
                                          &Registry::environment);
  const SweepScope scope = sweep ? *sweep : SweepScope{};
  check_role_sections(file, registry, base, scope.of("algorithm", p.algorithm_name));

  std::vector<OracleRole> roles = p.algorithm->needs.oracles;
  if (roles.empty() || roles.front().section != "oracle") roles.insert(roles.begin(), {"oracle", 0});
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
  check_unknown_keys(file, registry, p, scope, instance);

  for (auto& choice : p.oracles)
    choice.params = read_plugin_section(file, registry, scope, choice.section, *choice.entry,
                                        choice.entry->name);
  p.environment_params =
      instance.fixed ? read_section(file, instance.name, instance.fixed->schema, instance.name, {})
                     : read_plugin_section(file, registry, scope, instance.name, *p.environment, p.environment->name);
  p.algorithm_params =
      read_plugin_section(file, registry, scope, "algorithm", *p.algorithm, p.algorithm_name);
  const ParamValues run = read_section(file, "run", run_schema(), "run", {});
  p.run.seed = static_cast<std::uint64_t>(run.integer("seed"));
  p.run.repetitions = run.integer("repetitions");
  p.run.max_samples = run.integer("max-samples");
  p.run.max_seconds = run.real("max-seconds");
  p.run.record_pulls = run.text("record-pulls") == "yes";
  if (run.has("trace-file")) p.run.trace_file = run.text("trace-file");
  p.run.trace_every = run.integer("trace-every");
  if (run.has("budget")) p.run.budget = run.integer("budget");
  p.run.trace_recommendations = run.text("trace-recommendations") == "yes";
  p.run.batch_size = run.integer("batch-size");
  p.run.delay = run.integer("delay");
  p.run.brake_booster = run.text("brake-booster") == "yes";
  p.run.brake_booster_budget = run.integer("brake-booster-budget");
  p.run.brake_booster_votes = run.integer("brake-booster-votes");
  p.run.brake_booster_growth = run.real("brake-booster-growth");
  if (run.has("checkpoints")) {
    for (double t : run.reals("checkpoints")) {
      if (t != std::floor(t) || t > 1e15)
        throw ConfigError(origin_of(file, "run", "checkpoints") + ": [run] checkpoints: " +
                          to_string(ParamValue{t}) + " is not a whole number of samples");
      p.run.checkpoints.push_back(static_cast<std::uint64_t>(t));
    }
    if (!p.run.checkpoints.empty() && p.run.budget == 0)
      p.run.budget = static_cast<std::int64_t>(p.run.checkpoints.front());
  }
  check_settings(file, p);

  probe(p);
  return p;
}

}  // namespace cpex::runtime
