// The module's plugin host: one per process, loaded on first use from $CPEX_PLUGIN_PATH and
// from the plugin directory beside the libcpex the module runs with (<libdir>/cpex/plugins:
// the same place in the build tree, in `cmake --install` and in a `pip install`). Python
// plugins (cpex.register) are added to the same registry.
#pragma once

#include <string>

#include "cpex/runtime/plugin_host.hpp"

namespace cpex::python {

// Loads the default plugins on the first call. The host is never destroyed: its libraries
// stay loaded until the process exits (Python may call into them until then).
PluginHost& plugin_host();
inline Registry& registry() { return plugin_host().registry(); }

// Like `--plugin-path PATH`: a directory of plugins or one library file, which must exist.
void load_plugin_path(const std::string& path);

// <directory of libcpex>/cpex/plugins.
std::string default_plugin_directory();

}  // namespace cpex::python
