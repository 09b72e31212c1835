// list / describe (run / sweep: sweep_command.cpp; export / merge: store_commands.cpp).
#include "commands.hpp"

#include <algorithm>
#include <iomanip>
#include <iostream>

#include "cpex/errors.hpp"
#include "cpex/messages.hpp"
#include "cpex/runtime/pipeline.hpp"
#include "cpex/runtime/pipeline_file.hpp"
#include "cpex/runtime/sweep.hpp"
#include "cpex/runtime/sweep_scope.hpp"
#include "cpex/study/study_spec.hpp"

namespace cpex::host {

namespace {

std::string capabilities_line(const Registry& registry, const std::string& name) {
  if (const auto* e = registry.environment(name))
    return std::string("feedback: ") + to_string(e->feedback);
  if (const auto* o = registry.oracle(name))
    return "solves: " + describe_capabilities(o->capabilities);
  const auto* a = registry.algorithm(name);
  std::string text = "needs: ";
  for (std::size_t i = 0; i < a->needs.feedback.size(); ++i)
    text += (i ? " or " : "") + std::string(to_string(a->needs.feedback[i]));
  text += " feedback";
  for (const auto& role : a->needs.oracles)
    text += "; [" + role.section + "] " + describe_capabilities(role.required);
  if (a->needs.reads_truth) text += "; reads the hidden truth (oracle baseline)";
  text += "\nsettings: " + describe_settings(a->needs.settings);
  if ((a->needs.settings & kFixedBudget) && !(a->needs.settings & kAnytime)) text += " ([run] budget = T)";
  if (a->needs.settings & kAnytime) text += " ([run] budget = T or checkpoints = T1, T2, ...: not told the budget)";
  if (!a->needs.anytime) text += "; no anytime recommendation";
  const std::string rewards = describe(a->needs.rewards);
  if (rewards != "any rewards") text += "; " + rewards;
  text += a->needs.batches ? "\nbatches: proposes pulls while others are pending (studies: pending policy)"
                           : "\nbatches: the study default (queue policy; docs/studies.md)";
  return text;
}

constexpr PluginKind kKinds[] = {PluginKind::Environment, PluginKind::Oracle,
                                 PluginKind::Algorithm};

void print_parameters(const ParamSchema& schema) {
  for (const auto& spec : schema.specs()) {
    std::cout << "  " << std::left << std::setw(14) << spec.name
              << (spec.name.size() >= 14 ? "\n                " : "") << spec.help << '\n'
              << "  " << std::setw(14) << "" << "type " << to_string(spec.type)
              << ", default " << spec.default_text() << ", allowed: " << spec.allowed()
              << (spec.role != ParamRole::None ? std::string(", role: ") + to_string(spec.role) : "")
              << '\n';
  }
}

}  // namespace

int list_plugins(const Registry& registry) {
  // Columns as wide as their longest entry.
  std::size_t kind_width = 0, name_width = 0, version_width = 0;
  for (PluginKind kind : kKinds)
    for (const auto& name : registry.names(kind)) {
      kind_width = std::max(kind_width, std::string(to_string(kind)).size());
      name_width = std::max(name_width, name.size());
      version_width = std::max(version_width, registry.find(name)->version.size());
    }
  for (PluginKind kind : kKinds) {
    for (const auto& name : registry.names(kind)) {
      const EntryInfo* entry = registry.find(name);
      std::cout << std::left << std::setw(static_cast<int>(kind_width)) << to_string(kind) << "  "
                << std::setw(static_cast<int>(name_width)) << name << "  "
                << std::setw(static_cast<int>(version_width)) << entry->version << "  " << entry->summary
                << '\n';
    }
  }
  return 0;
}

int list_accepting(const Registry& registry, const std::string& path) {
  const PipelineFile file = PipelineFile::read(path);
  const std::vector<SweepAxis> axes = read_axes(file);
  count_points(axes, path);
  const SweepPoint first = expand(axes).front();
  const PipelineFile at = apply(file, first);
  // Every algorithm is a candidate: the file's [algorithm] keys apply where they exist,
  // a role section ([dks]) to the algorithms that take it.
  SweepScope scope = sweep_scope(file, axes);
  const std::vector<std::string> names = registry.names(PluginKind::Algorithm);
  auto& algorithms = scope.plugins["algorithm"];
  for (const auto& name : names)
    if (std::find(algorithms.begin(), algorithms.end(), name) == algorithms.end()) algorithms.push_back(name);
  // A study's pipeline: its [study] section is the instance (the arms, family, feedback).
  const auto listed = at.sections();
  const bool study = std::find(listed.begin(), listed.end(), "study") != listed.end();
  const EnvironmentEntry study_instance = study::study_entry(study::declared_feedback(at));
  const InstanceSection instance = study ? InstanceSection{"study", &study_instance} : InstanceSection{};
  std::vector<std::string> fit;
  std::vector<std::pair<std::string, std::string>> refused;
  for (const auto& name : names) {
    PipelineFile candidate = at;
    candidate.set("algorithm", "plugin", name, "cpex list --accepts", file.directory());
    try {
      assemble(candidate, registry, {"sweep"}, &scope, instance);
      fit.push_back(name);
    } catch (const ConfigError& e) {
      std::string reason = e.what();
      if (reason.rfind(path + ": ", 0) == 0) reason = reason.substr(path.size() + 2);
      refused.emplace_back(name, reason);
    }
  }
  std::size_t width = 0;
  for (const auto& name : fit) width = std::max(width, name.size());
  std::cout << "algorithms that accept the problem of " << path << (axes.empty() ? "" : " (its first point)") << ": "
            << fit.size() << " of " << names.size() << '\n';
  for (const auto& name : fit)
    std::cout << "  " << std::left << std::setw(static_cast<int>(width)) << name << "  "
              << registry.find(name)->summary << '\n';
  if (!refused.empty()) {
    std::cout << "not accepted: " << refused.size() << ", e.g.\n";
    for (std::size_t i = 0; i < refused.size() && i < 3; ++i)
      std::cout << "  " << refused[i].first << ": " << printable_message(refused[i].second) << '\n';
  }
  return 0;
}

int describe_plugin(const Registry& registry, const std::string& name) {
  if (name == "run") {
    std::cout << "[run] (pipeline section): how the runs of a pipeline are made\nkeys:\n";
    print_parameters(run_schema());
    return 0;
  }
  PluginKind kind;
  const EntryInfo* entry = &registry.find_or_refuse(
      name, &kind,
      " (see cpex list; plugins are loaded from --plugin-path DIR, $CPEX_PLUGIN_PATH "
      "and the installed plugin directory)",
      {"run"});
  std::cout << name << " (" << to_string(kind) << "): " << entry->summary << '\n'
            << "version: " << entry->version << '\n'
            << "library: " << entry->library << '\n'
            << "source: " << (entry->source.empty() ? "(not recorded)" : entry->source) << '\n'
            << capabilities_line(registry, name) << '\n'
            << "parameters:\n";
  std::cout << "  " << std::left << std::setw(14) << "plugin" << "selects this plugin: plugin = "
              << name << '\n';
  print_parameters(entry->schema);
  return 0;
}

}  // namespace cpex::host
