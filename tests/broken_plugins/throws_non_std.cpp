// Plugins that throw something that is not a std::exception (`throw 42`): one from its
// registration function, one from an environment factory. The host must turn both into
// a one-line error instead of terminating.
#include "cpex/plugin.hpp"

namespace {

#ifdef CPEX_THROW_IN_REGISTRATION
void register_throwing(cpex::Registry&) { throw 42; }
#else
void register_throwing(cpex::Registry& registry) {
  cpex::EnvironmentEntry entry;
  entry.name = "throws-42";
  entry.summary = "an environment whose factory throws an int";
  entry.feedback = cpex::FeedbackKind::SingleArm;
  entry.create = [](const cpex::ParamValues&,
                    const cpex::EnvironmentContext&) -> std::unique_ptr<cpex::Environment> {
    throw 42;
  };
  registry.add(std::move(entry));
}
#endif

}  // namespace

CPEX_PLUGIN(register_throwing)
