// Tests of @NAME@: the CPEx conformance harness (`cpex check --quick` on the built
// library: every check must pass) and its pipeline, @NAME@.ini, run end to end.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>
#include <sys/wait.h>

namespace {

struct Result {
  int status = -1;
  std::string output;  // stdout and stderr
};

Result run(const std::string& arguments) {
  Result r;
  FILE* pipe = popen((std::string(CPEX_EXECUTABLE) + " " + arguments + " 2>&1").c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) r.output.append(buffer, n);
  const int status = pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

}  // namespace

TEST_CASE("@NAME@ passes cpex check") {
  const Result r = run("check " PLUGIN_LIBRARY " --quick");
  INFO(r.output);  // the table of checks
  CHECK(r.status == 0);
}

TEST_CASE("@NAME@.ini runs") {
  const Result r = run("run " PIPELINE " --plugin-path " PLUGIN_DIR " --json --quiet");
  INFO(r.output);
  CHECK(r.status == 0);
  CHECK(r.output.find("\"wrong\": 0") != std::string::npos);
}
