// The plugins each section names across a sweep (see sweep_scope.hpp).
#include "cpex/runtime/sweep_scope.hpp"

#include <algorithm>

namespace cpex::inline runtime {

namespace {

void add_unique(std::vector<std::string>& names, const std::string& name) {
  if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
}

}  // namespace

std::vector<std::string> SweepScope::of(const std::string& section, const std::string& own) const {
  const auto found = plugins.find(section);
  if (found == plugins.end()) return {own};
  std::vector<std::string> names = found->second;
  add_unique(names, own);
  return names;
}

SweepScope sweep_scope(const PipelineFile& file, const std::vector<SweepAxis>& axes) {
  SweepScope scope;
  for (const auto& axis : axes)
    for (std::size_t j = 0; j < axis.keys.size(); ++j) {
      const std::string& key = axis.keys[j];
      const auto dot = key.find('.');
      if (dot == std::string::npos || key.substr(dot + 1) != "plugin") continue;
      auto& names = scope.plugins[key.substr(0, dot)];
      for (const auto& tuple : axis.values) add_unique(names, tuple[j]);
    }
  for (const auto& section : file.sections()) {
    if (scope.plugins.count(section)) continue;
    if (const auto own = file.get(section, "plugin")) scope.plugins[section] = {*own};
  }
  return scope;
}

}  // namespace cpex::runtime
