// A shared library that exports a function but no CPEx entry point.
#include <boost/config.hpp>

extern "C" BOOST_SYMBOL_EXPORT int cpex_test_not_a_plugin() { return 42; }
