// The in-tree plugins, loaded once per benchmark process.
#pragma once

#include "cpex/runtime/plugin_host.hpp"

namespace cpex::bench {

inline const Registry& registry() {
  static auto* host = [] {
    auto* h = new PluginHost();  // kept for the whole process
    h->load({CPEX_PLUGIN_DIR}, 1);
    return h;
  }();
  return host->registry();
}

}  // namespace cpex::bench
