// What a plugin library includes to export its registration entry point:
//
//   void register_my_plugins(cpex::Registry& registry) { registry.add(...); }
//   CPEX_PLUGIN(register_my_plugins)
//
// The macro exports two symbols with Boost.DLL aliases: the framework ABI version the
// library was compiled against, and the registration function. The host reads the version
// first and refuses a mismatch before calling anything else in the library.
#pragma once

#include <boost/dll/alias.hpp>

#include "cpex/abi.hpp"
#include "cpex/registry.hpp"

namespace cpex {
using RegisterFunction = void(Registry&);
}

#define CPEX_PLUGIN_WITH_ABI(register_function, abi_version)                   \
  namespace cpex_plugin_entry {                                                 \
  static const int abi_version_value = (abi_version);                           \
  static void register_all(::cpex::Registry& registry) {                        \
    register_function(registry);                                                \
  }                                                                             \
  }                                                                             \
  BOOST_DLL_ALIAS(cpex_plugin_entry::abi_version_value, cpex_abi_version)       \
  BOOST_DLL_ALIAS(cpex_plugin_entry::register_all, cpex_register_plugins)

#define CPEX_PLUGIN(register_function) CPEX_PLUGIN_WITH_ABI(register_function, ::cpex::kAbiVersion)
