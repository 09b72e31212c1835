// The module's plugin host (see session.hpp).
#include "session.hpp"

#include <dlfcn.h>

#include <filesystem>
#include <memory>

namespace cpex::python {

namespace fs = std::filesystem;

std::string default_plugin_directory() {
  // Any function of libcpex locates the library file the dynamic loader picked.
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&plugin_search_path), &info) == 0 || !info.dli_fname)
    return {};
  std::error_code ec;
  const fs::path library = fs::weakly_canonical(fs::path(info.dli_fname), ec);
  return (library.parent_path() / "cpex" / "plugins").string();
}

PluginHost& plugin_host() {
  static PluginHost* host = [] {
    auto h = std::make_unique<PluginHost>();
    // $CPEX_PLUGIN_PATH (each entry must exist), then the module's own plugins instead of
    // the executable-relative default (the executable is the Python interpreter here).
    auto paths = plugin_search_path({});
    paths.back() = default_plugin_directory();
    h->load(paths, paths.size() - 1);
    return h.release();
  }();
  return *host;
}

void load_plugin_path(const std::string& path) { plugin_host().load({path}, 1); }

}  // namespace cpex::python
