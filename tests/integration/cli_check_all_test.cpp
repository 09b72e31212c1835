// Every built-in plugin passes the full `cpex check` (label long: the full suite is about
// four times the --quick one, which the default suite runs: cli_check_test.cpp).
#include "cli_check_builtins.hpp"

TEST_CASE("every built-in plugin passes the full cpex check", "[cli][check][long]") {
  check_every_builtin(false);
}
