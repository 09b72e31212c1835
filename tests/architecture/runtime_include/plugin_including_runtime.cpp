// A plugin source that includes a runtime header. It must not compile: a plugin target's
// include path (cpex::sdk) holds the SDK's include tree only (framework/include), never the
// runtime's (framework/runtime_include). Built only by the test dependency-rule-compiler.
#include "cpex/registration.hpp"
#include "cpex/runtime/run.hpp"
