// The plugin registry: named entries of three kinds, unique names across kinds.
#include "cpex/registry.hpp"

#include <functional>

#include "cpex/enum_names.hpp"
#include "cpex/errors.hpp"
#include "cpex/messages.hpp"
#include "cpex/suggest.hpp"

namespace cpex {

const char* to_string(PluginKind kind) {
  constexpr EnumName<PluginKind> kNames[] = {
      {PluginKind::Environment, "environment"}, {PluginKind::Oracle, "oracle"}, {PluginKind::Algorithm, "algorithm"}};
  return name_of(kNames, kind);
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

// Admits one entry of any kind into its map: a factory, a name no other kind holds, the
// library that registered it, a version ("unversioned" when the plugin gave none).
template <typename Entry, typename Map>
static void admit(Entry entry, PluginKind kind, Map& map, const std::string& library,
                  const std::function<void(const std::string&, PluginKind)>& claim) {
  if (!entry.create)
    throw PluginError(library + ": plugin '" + entry.name + "' has no factory");
  claim(entry.name, kind);
  entry.library = library;
  if (entry.version.empty()) entry.version = "unversioned";
  std::string name = entry.name;
  map.emplace(std::move(name), std::move(entry));
}

void Registry::add(EnvironmentEntry entry) {
  admit(std::move(entry), PluginKind::Environment, environments_, current_library_,
        [this](const std::string& name, PluginKind kind) { claim(name, kind); });
}

void Registry::add(OracleEntry entry) {
  admit(std::move(entry), PluginKind::Oracle, oracles_, current_library_,
        [this](const std::string& name, PluginKind kind) { claim(name, kind); });
}

void Registry::add(AlgorithmEntry entry) {
  admit(std::move(entry), PluginKind::Algorithm, algorithms_, current_library_,
        [this](const std::string& name, PluginKind kind) { claim(name, kind); });
}

// Swaps an entry for a new one of the same name and kind.
// `existing` is the entry of that name of any kind (null if none), `existing_kind` its kind.
template <typename Entry, typename Map>
static void swap_in(Entry entry, PluginKind kind, Map& map, const EntryInfo* existing,
                    PluginKind existing_kind, const std::string& library) {
  if (!entry.create) throw PluginError(library + ": plugin '" + entry.name + "' has no factory");
  const auto it = map.find(entry.name);
  if (!existing || existing_kind != kind || it == map.end())
    throw PluginError("cannot replace " + std::string(to_string(kind)) + " '" + entry.name + "' of " +
                      library + ": " +
                      (!existing ? std::string("no plugin has that name")
                                 : "an " + std::string(to_string(existing_kind)) +
                                       " of that name exists (library " + existing->library + ")"));
  entry.library = library;
  if (entry.version.empty()) entry.version = "unversioned";
  it->second = std::move(entry);
}

void Registry::replace(EnvironmentEntry entry) {
  PluginKind existing_kind = PluginKind::Environment;
  const EntryInfo* existing = find(entry.name, &existing_kind);
  swap_in(std::move(entry), PluginKind::Environment, environments_, existing, existing_kind, current_library_);
}

void Registry::replace(OracleEntry entry) {
  PluginKind existing_kind = PluginKind::Oracle;
  const EntryInfo* existing = find(entry.name, &existing_kind);
  swap_in(std::move(entry), PluginKind::Oracle, oracles_, existing, existing_kind, current_library_);
}

void Registry::replace(AlgorithmEntry entry) {
  PluginKind existing_kind = PluginKind::Algorithm;
  const EntryInfo* existing = find(entry.name, &existing_kind);
  swap_in(std::move(entry), PluginKind::Algorithm, algorithms_, existing, existing_kind, current_library_);
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

const EntryInfo& Registry::find_or_refuse(const std::string& name, PluginKind* kind, const std::string& hint,
                                          const std::vector<std::string>& also_known) const {
  if (const EntryInfo* entry = find(name, kind)) return *entry;
  std::vector<std::string> known = also_known;
  for (PluginKind k : {PluginKind::Environment, PluginKind::Oracle, PluginKind::Algorithm})
    for (const auto& n : names(k)) known.push_back(n);
  throw Error("no plugin named '" + shorten(name) + "'" + did_you_mean(name, known) + hint);
}

}  // namespace cpex
