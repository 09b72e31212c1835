// Registration of one plugin in one call, a helper per plugin kind:
//
//   void register_icb(Registry& registry) {
//     register_algorithm<Icb>(registry, {"icb", "ICB (seed 000 App. A): ..."},
//                             {.feedback = {FeedbackKind::FullBanditSum},
//                              .oracles = {{"oracle", kLinearMaximization | kSecondBest}}},
//                             common_parameters());
//   }
//
// PluginInfo holds what every registry entry takes from its plugin, whatever its kind
// (name, summary, version, the source file of the registration); the registration functions
// (src/sdk/registration.cpp) copy it into the entry — one place for all three kinds.
#pragma once

#include <functional>
#include <memory>
#include <source_location>
#include <string>
#include <string_view>
#include <utility>

#include "cpex/registry.hpp"

namespace cpex {

// Who a plugin is: what every entry takes from its plugin (the registry adds the library).
struct PluginInfo {
  std::string name;
  std::string summary;  // one line
  // The plugin's version, recorded in results stores and shown by `cpex list`; bump it when
  // the plugin's behaviour changes (the store also keeps the library's content hash).
  std::string version = "1.0";
  // Where the plugin's registration is written: the `{name, summary, version}` of the call
  // (`cpex describe` prints the file; the tree's plugins are compiled with paths relative
  // to the repository).
  std::source_location where = std::source_location::current();
};

// The registrations, one per kind, compiled once in libcpex (src/sdk/registration.cpp) rather
// than in every plugin; each copies PluginInfo into the entry's common fields in one place.
void register_algorithm(Registry& registry, PluginInfo info, AlgorithmNeeds needs, ParamSchema schema,
                        decltype(AlgorithmEntry::create) create);

// The common case: an algorithm class constructed from its parameters alone.
template <class AlgorithmClass>
void register_algorithm(Registry& registry, PluginInfo info, AlgorithmNeeds needs, ParamSchema schema = {}) {
  register_algorithm(
      registry, std::move(info), std::move(needs), std::move(schema),
      [](const ParamValues& p) -> std::unique_ptr<Algorithm> { return std::make_unique<AlgorithmClass>(p); });
}

void register_oracle(Registry& registry, PluginInfo info, unsigned capabilities, ParamSchema schema,
                     decltype(OracleEntry::create) create);

// An oracle built from its parameters alone (it draws nothing from the run's streams).
void register_oracle(Registry& registry, PluginInfo info, unsigned capabilities, ParamSchema schema,
                     std::function<std::unique_ptr<Oracle>(const ParamValues&)> create);

void register_environment(Registry& registry, PluginInfo info, FeedbackKind feedback, ParamSchema schema,
                          decltype(EnvironmentEntry::create) create);

// The common case: an environment made from its parameters and the run's seed.
void register_environment(Registry& registry, PluginInfo info, FeedbackKind feedback, ParamSchema schema,
                          std::unique_ptr<Environment> (*make)(const ParamValues&, const RunSeed&));

}  // namespace cpex
