// Finding and loading plugin libraries with Boost.DLL. The host owns every loaded library
// for its whole lifetime and destroys its registry (whose factories live in those
// libraries) before unloading them; objects made by plugins must not outlive the host.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <boost/dll/shared_library.hpp>

#include "cpex/registry.hpp"

namespace cpex::inline runtime {

// Directories (or single library files) searched for plugins, in order: the --plugin-path
// arguments, then the ':'-separated entries of $CPEX_PLUGIN_PATH, then the default
// `<dir of the executable>/../lib/cpex/plugins` (the same in the build and install trees).
// The default is always the last entry.
std::vector<std::filesystem::path> plugin_search_path(const std::vector<std::string>& from_flags);

class PluginHost {
 public:
  PluginHost() = default;
  PluginHost(const PluginHost&) = delete;
  PluginHost& operator=(const PluginHost&) = delete;

  // Load every library in the given directories (files ending in ".so", by name order), or
  // the named library files. A path that does not exist, a file that is not a shared
  // library, a library without the entry point, an ABI mismatch and a duplicate name are
  // PluginErrors naming the path. `required` paths must exist; others may be absent.
  void load(const std::vector<std::filesystem::path>& paths, std::size_t required);
  void load_library(const std::filesystem::path& file);

  Registry& registry() { return registry_; }
  const Registry& registry() const { return registry_; }

 private:
  void load_directory(const std::filesystem::path& dir);

  std::vector<boost::dll::shared_library> libraries_;  // declared first: destroyed last
  std::vector<std::filesystem::path> loaded_;  // canonical paths, to load each library once
  Registry registry_;
};

}  // namespace cpex::runtime
