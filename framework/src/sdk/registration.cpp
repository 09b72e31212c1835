// The registration helpers of cpex/registration.hpp, compiled once in libcpex: every plugin
// calls them, and each inline copy cost every plugin unit its compile.
#include "cpex/registration.hpp"

namespace cpex {
namespace {

// A registration's source file as recorded: without the leading "./" and "../" of a path
// relative to a build directory (ccache's base_dir gives the compiler such paths).
std::string registration_source(std::string_view file) {
  while (file.starts_with("./") || file.starts_with("../")) file.remove_prefix(file.find('/') + 1);
  return std::string(file);
}

// Adds an entry of kind Entry with the plugin's info, schema and factory, and its kind's own
// field (an algorithm's needs, an oracle's capabilities, an environment's feedback): the one
// place where PluginInfo becomes the entry's common fields.
template <class Entry, class Field>
void add_entry(Registry& registry, PluginInfo info, ParamSchema schema, decltype(Entry::create) create,
               Field Entry::*field, Field value) {
  Entry entry;
  entry.name = std::move(info.name);
  entry.summary = std::move(info.summary);
  entry.version = std::move(info.version);
  entry.source = registration_source(info.where.file_name());
  entry.schema = std::move(schema);
  entry.create = std::move(create);
  entry.*field = std::move(value);
  registry.add(std::move(entry));
}

}  // namespace

void register_algorithm(Registry& registry, PluginInfo info, AlgorithmNeeds needs, ParamSchema schema,
                        decltype(AlgorithmEntry::create) create) {
  add_entry(registry, std::move(info), std::move(schema), std::move(create), &AlgorithmEntry::needs,
            std::move(needs));
}

void register_oracle(Registry& registry, PluginInfo info, unsigned capabilities, ParamSchema schema,
                     decltype(OracleEntry::create) create) {
  add_entry(registry, std::move(info), std::move(schema), std::move(create), &OracleEntry::capabilities,
            capabilities);
}

void register_oracle(Registry& registry, PluginInfo info, unsigned capabilities, ParamSchema schema,
                     std::function<std::unique_ptr<Oracle>(const ParamValues&)> create) {
  register_oracle(
      registry, std::move(info), capabilities, std::move(schema),
      [create = std::move(create)](const ParamValues& p, const OracleContext&) { return create(p); });
}

void register_environment(Registry& registry, PluginInfo info, FeedbackKind feedback, ParamSchema schema,
                          decltype(EnvironmentEntry::create) create) {
  add_entry(registry, std::move(info), std::move(schema), std::move(create), &EnvironmentEntry::feedback,
            feedback);
}

void register_environment(Registry& registry, PluginInfo info, FeedbackKind feedback, ParamSchema schema,
                          std::unique_ptr<Environment> (*make)(const ParamValues&, const RunSeed&)) {
  register_environment(registry, std::move(info), feedback, std::move(schema),
                       [make](const ParamValues& p, const EnvironmentContext& c) { return make(p, c.seed); });
}

}  // namespace cpex
