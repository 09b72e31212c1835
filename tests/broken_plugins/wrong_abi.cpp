// A plugin that claims to be built for another framework ABI version. The host must
// refuse it before calling its registration function (which would otherwise register).
#include "cpex/plugin.hpp"

namespace {
void register_nothing(cpex::Registry&) {}
}  // namespace

CPEX_PLUGIN_WITH_ABI(register_nothing, ::cpex::kAbiVersion + 1000)
