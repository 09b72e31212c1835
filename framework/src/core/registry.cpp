// The plugin registry: named entries of three kinds, unique names across kinds.
#include "cpex/registry.hpp"

#include "cpex/errors.hpp"

namespace cpex {

const char* to_string(PluginKind kind) {
  switch (kind) {
    case PluginKind::Environment: return "environment";
    case PluginKind::Oracle: return "oracle";
    case PluginKind::Algorithm: return "algorithm";
  }
  return "?";
}

void Registry::claim(const std::string& name, PluginKind kind) {
  if (name.empty()) throw PluginError(current_library_ + ": registers a plugin without a name");
  if (auto it = kinds_.find(name); it != kinds_.end()) {
    const EntryInfo* earlier = find(name);
    throw PluginError("plugin name '" + name + "' is registered twice: as " +
                      to_string(it->second) + " by " + earlier->library + " and as " +
                      to_string(kind) + " by " + current_library_);
  }
  kinds_.emplace(name, kind);
}

template <typename Entry>
static void check_factory(const Entry& entry, const std::string& library) {
  if (!entry.create)
    throw PluginError(library + ": plugin '" + entry.name + "' has no factory");
}

void Registry::add(EnvironmentEntry entry) {
  check_factory(entry, current_library_);
  claim(entry.name, PluginKind::Environment);
  entry.library = current_library_;
  if (entry.version.empty()) entry.version = "unversioned";
  environments_.emplace(entry.name, std::move(entry));
}

void Registry::add(OracleEntry entry) {
  check_factory(entry, current_library_);
  claim(entry.name, PluginKind::Oracle);
  entry.library = current_library_;
  if (entry.version.empty()) entry.version = "unversioned";
  oracles_.emplace(entry.name, std::move(entry));
}

void Registry::add(AlgorithmEntry entry) {
  check_factory(entry, current_library_);
  claim(entry.name, PluginKind::Algorithm);
  entry.library = current_library_;
  if (entry.version.empty()) entry.version = "unversioned";
  algorithms_.emplace(entry.name, std::move(entry));
}

template <typename Map>
static const typename Map::mapped_type* lookup(const Map& map, const std::string& name) {
  auto it = map.find(name);
  return it == map.end() ? nullptr : &it->second;
}

const EnvironmentEntry* Registry::environment(const std::string& name) const {
  return lookup(environments_, name);
}
const OracleEntry* Registry::oracle(const std::string& name) const {
  return lookup(oracles_, name);
}
const AlgorithmEntry* Registry::algorithm(const std::string& name) const {
  return lookup(algorithms_, name);
}

const EntryInfo* Registry::find(const std::string& name, PluginKind* kind) const {
  auto it = kinds_.find(name);
  if (it == kinds_.end()) return nullptr;
  if (kind) *kind = it->second;
  switch (it->second) {
    case PluginKind::Environment: return environment(name);
    case PluginKind::Oracle: return oracle(name);
    case PluginKind::Algorithm: return algorithm(name);
  }
  return nullptr;
}

std::vector<std::string> Registry::names(PluginKind kind) const {
  std::vector<std::string> out;
  for (const auto& [name, k] : kinds_)
    if (k == kind) out.push_back(name);
  return out;
}

}  // namespace cpex
