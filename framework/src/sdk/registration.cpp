// The registration helpers of cpex/registration.hpp, compiled once in libcpex: every plugin
// calls them, and each inline copy cost every plugin unit its compile.
#include "cpex/registration.hpp"

namespace cpex {
namespace {

// An entry of kind Entry with the plugin's info, schema and factory: the one place where
// PluginInfo becomes the entry's common fields.
template <class Entry>
Entry make_entry(PluginInfo info, ParamSchema schema, decltype(Entry::create) create) {
  Entry entry;
  entry.name = std::move(info.name);
  entry.summary = std::move(info.summary);
  entry.version = std::move(info.version);
  entry.source = registration_source(info.where.file_name());
  entry.schema = std::move(schema);
  entry.create = std::move(create);
  return entry;
}

}  // namespace

std::string registration_source(std::string_view file) {
  while (file.starts_with("./") || file.starts_with("../")) file.remove_prefix(file.find('/') + 1);
  return std::string(file);
}

void register_algorithm(Registry& registry, PluginInfo info, AlgorithmNeeds needs, ParamSchema schema,
                        decltype(AlgorithmEntry::create) create) {
  auto entry = make_entry<AlgorithmEntry>(std::move(info), std::move(schema), std::move(create));
  entry.needs = std::move(needs);
  registry.add(std::move(entry));
}

void register_oracle(Registry& registry, PluginInfo info, unsigned capabilities, ParamSchema schema,
                     decltype(OracleEntry::create) create) {
  auto entry = make_entry<OracleEntry>(std::move(info), std::move(schema), std::move(create));
  entry.capabilities = capabilities;
  registry.add(std::move(entry));
}

void register_oracle(Registry& registry, PluginInfo info, unsigned capabilities, ParamSchema schema,
                     std::function<std::unique_ptr<Oracle>(const ParamValues&)> create) {
  register_oracle(
      registry, std::move(info), capabilities, std::move(schema),
      [create = std::move(create)](const ParamValues& p, const OracleContext&) { return create(p); });
}

void register_environment(Registry& registry, PluginInfo info, FeedbackKind feedback, ParamSchema schema,
                          decltype(EnvironmentEntry::create) create) {
  auto entry = make_entry<EnvironmentEntry>(std::move(info), std::move(schema), std::move(create));
  entry.feedback = feedback;
  registry.add(std::move(entry));
}

void register_environment(Registry& registry, PluginInfo info, FeedbackKind feedback, ParamSchema schema,
                          std::unique_ptr<Environment> (*make)(const ParamValues&, const RunSeed&)) {
  register_environment(registry, std::move(info), feedback, std::move(schema),
                       [make](const ParamValues& p, const EnvironmentContext& c) { return make(p, c.seed); });
}

}  // namespace cpex
