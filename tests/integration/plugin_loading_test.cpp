// The plugin host's loading rules, exercised on real (and deliberately broken) libraries.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "cpex/abi.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/runtime/plugin_host.hpp"

using namespace cpex;
using Catch::Matchers::Contains;

namespace {
const std::string kBroken = CPEX_BROKEN_PLUGIN_DIR;
}

// The plugin names of one kind in the README's table "Plugins in the tree" (rows
// `| kind | `name`, `name` | what |`), sorted.
std::vector<std::string> readme_plugins(const std::string& kind) {
  std::ifstream readme(CPEX_SOURCE_DIR "/README.md");
  REQUIRE(readme);
  std::vector<std::string> names;
  const std::string prefix = "| " + kind + " | ";
  for (std::string line; std::getline(readme, line);) {
    if (line.rfind(prefix, 0) != 0) continue;
    const std::string cell = line.substr(prefix.size(), line.find(" |", prefix.size()) - prefix.size());
    for (std::size_t open = cell.find('`'); open != std::string::npos;) {
      const std::size_t close = cell.find('`', open + 1);
      names.push_back(cell.substr(open + 1, close - open - 1));
      open = cell.find('`', close + 1);
    }
  }
  std::sort(names.begin(), names.end());
  return names;
}

TEST_CASE("The in-tree plugins load, register by kind, and are the README's", "[loader]") {
  PluginHost host;
  host.load({CPEX_PLUGIN_DIR}, 1);
  for (auto kind : {PluginKind::Environment, PluginKind::Oracle, PluginKind::Algorithm}) {
    INFO(to_string(kind));
    CHECK(host.registry().names(kind) == readme_plugins(to_string(kind)));
  }
  CHECK(host.registry().names(PluginKind::Algorithm).size() >= 10);
  CHECK_THAT(host.registry().find("lucb")->library, Contains("libcpex-lucb.so"));
  // Loading the same directory again is a no-op, not a duplicate.
  CHECK_NOTHROW(host.load({CPEX_PLUGIN_DIR}, 1));
}

TEST_CASE("Every in-tree fixed-confidence algorithm declares its target error by role", "[loader][params]") {
  // The host reads the run's target error delta by the parameter's role (cpex hardness,
  // cpex check, the y = delta line, the sweep's meaning check), never by its spelling.
  PluginHost host;
  host.load({CPEX_PLUGIN_DIR}, 1);
  for (const auto& name : host.registry().names(PluginKind::Algorithm)) {
    const AlgorithmEntry* entry = host.registry().algorithm(name);
    INFO(name);
    if (entry->needs.settings & kFixedConfidence) {
      const ParamSpec* delta = entry->schema.find(ParamRole::Confidence);
      REQUIRE(delta);
      CHECK(delta->name == "delta");  // one delta: the run's target error in every algorithm
    }
  }
}

TEST_CASE("Broken plugin libraries are refused with the path and the reason", "[loader]") {
  PluginHost host;
  CHECK_THROWS_WITH(host.load({"/no/such/dir"}, 1),
                    Contains("plugin path '/no/such/dir' does not exist"));
  CHECK_NOTHROW(host.load({"/no/such/dir"}, 0));  // optional entries may be absent
  CHECK_THROWS_WITH(host.load({kBroken + "/not-a-library"}, 1),
                    Contains("libcpex-not-a-library.so' is not a loadable shared library"));
  CHECK_THROWS_WITH(host.load({kBroken + "/no-entry"}, 1),
                    Contains("libcpex-broken-no-entry.so' is not a CPEx plugin") &&
                        Contains("cpex_register_plugins"));
  CHECK_THROWS_WITH(host.load({kBroken + "/wrong-abi"}, 1),
                    Contains("libcpex-broken-wrong-abi.so' was built for CPEx ABI version " +
                             std::to_string(cpex::kAbiVersion + 1000)) &&
                        Contains("this host has version " + std::to_string(cpex::kAbiVersion)));
}

TEST_CASE("Two plugins with the same name are refused naming both libraries", "[loader]") {
  PluginHost host;
  CHECK_THROWS_WITH(host.load({CPEX_PLUGIN_DIR, kBroken + "/duplicate"}, 2),
                    Contains("plugin name 'gaussian' is registered twice") &&
                        Contains("libcpex-stochastic-arms.so") &&
                        Contains("libcpex-broken-duplicate.so"));
}

TEST_CASE("The search path is flags, then $CPEX_PLUGIN_PATH, then the default", "[loader]") {
  ::setenv("CPEX_PLUGIN_PATH", "/a:/b::/c", 1);
  const auto paths = plugin_search_path({"/flag"});
  ::unsetenv("CPEX_PLUGIN_PATH");
  REQUIRE(paths.size() == 5);
  CHECK(paths[0] == "/flag");
  CHECK(paths[1] == "/a");
  CHECK(paths[2] == "/b");
  CHECK(paths[3] == "/c");
  CHECK(paths[4].string().find("lib/cpex/plugins") != std::string::npos);
}
