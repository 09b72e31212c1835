// list / describe (run / sweep: sweep_command.cpp; export / merge: store_commands.cpp).
#include "commands.hpp"

#include <iomanip>
#include <iostream>

#include "cpex/errors.hpp"

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
  return text;
}

}  // namespace

int list_plugins(const Registry& registry) {
  for (PluginKind kind : {PluginKind::Environment, PluginKind::Oracle, PluginKind::Algorithm}) {
    for (const auto& name : registry.names(kind)) {
      const EntryInfo* entry = registry.find(name);
      std::cout << std::left << std::setw(12) << to_string(kind) << ' ' << std::setw(16) << name
                << ' ' << entry->summary << '\n';
    }
  }
  return 0;
}

int describe_plugin(const Registry& registry, const std::string& name) {
  PluginKind kind;
  const EntryInfo* entry = registry.find(name, &kind);
  if (!entry) throw Error("no plugin named '" + name + "' (see cpex list)");
  std::cout << name << " (" << to_string(kind) << "): " << entry->summary << '\n'
            << "library: " << entry->library << '\n'
            << capabilities_line(registry, name) << '\n'
            << "parameters:\n";
  std::cout << "  " << std::left << std::setw(14) << "plugin" << "selects this plugin: plugin = "
              << name << '\n';
  for (const auto& spec : entry->schema.specs()) {
    std::cout << "  " << std::left << std::setw(14) << spec.name
              << (spec.name.size() >= 14 ? "\n                " : "") << spec.help << '\n'
              << "  " << std::setw(14) << "" << "type " << to_string(spec.type)
              << ", default " << spec.default_text() << ", allowed: " << spec.allowed() << '\n';
  }
  return 0;
}

}  // namespace cpex::host
