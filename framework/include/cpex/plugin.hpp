// What a plugin library includes to export its registration entry point:
//
//   void register_my_plugins(cpex::Registry& registry) { registry.add(...); }
//   CPEX_PLUGIN(register_my_plugins)
//
// A library of several plugins names each registration function, called in that order:
//   CPEX_PLUGIN(register_first, register_second)
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

// Calls each registration function with the registry, in order (CPEX_PLUGIN's entry).
template <class... Functions>
void register_each(Registry& registry, Functions&&... functions) {
  (functions(registry), ...);
}
}  // namespace cpex

#define CPEX_PLUGIN_WITH_ABI(register_function, abi_version) CPEX_PLUGIN_ENTRY((abi_version), register_function)

#define CPEX_PLUGIN_ENTRY(abi_version, ...)                                     \
  namespace cpex_plugin_entry {                                                 \
  static const int abi_version_value = (abi_version);                           \
  static void register_all(::cpex::Registry& registry) {                        \
    ::cpex::register_each(registry, __VA_ARGS__);                               \
  }                                                                             \
  }                                                                             \
  BOOST_DLL_ALIAS(cpex_plugin_entry::abi_version_value, cpex_abi_version)       \
  BOOST_DLL_ALIAS(cpex_plugin_entry::register_all, cpex_register_plugins)

#define CPEX_PLUGIN(...) CPEX_PLUGIN_ENTRY(::cpex::kAbiVersion, __VA_ARGS__)
