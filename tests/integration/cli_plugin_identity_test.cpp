// Plugin identity in results (issue 21): the store records, per plugin, its library file
// and a content hash of it; resuming after the library changed (a rebuild with different
// code) is refused, naming the plugin and both hashes, while an identical library resumes.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "test_support.hpp"

using cpex::test::run_cpex;
using cpex::test::temp_file;
using Catch::Matchers::Contains;

TEST_CASE("A store refuses to resume with a plugin whose library changed", "[cli][store][plugin-identity]") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(temp_file("plugin-identity-marker", "")).parent_path() / "plugin-identity-lib";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path library = fs::path(CPEX_FIXTURE_PLUGIN_DIR) / "libcpex-sweep-fixtures.so";
  REQUIRE(fs::exists(library));
  const fs::path copy = dir / library.filename();
  fs::copy_file(library, copy);
  const std::string file = temp_file(
      "plugin-identity.ini",
      "[environment]\nplugin = gaussian\nmeans = 0.9, 0.5, 0.2\n[oracle]\nplugin = top-k\nk = 1\n"
      "[algorithm]\nplugin = fixture-round-robin\n[run]\nrepetitions = 3\n");
  const std::string store = temp_file("plugin-identity.db", "");
  for (const char* suffix : {"", "-wal", "-shm"}) std::remove((store + suffix).c_str());
  const std::string sweep = "sweep " + file + " --out " + store + " --quiet --plugin-path " + dir.string();
  const auto first = run_cpex(sweep);
  INFO(first.err);
  REQUIRE(first.status == 0);

  // The same bytes: the sweep resumes (nothing left to run).
  const auto same = run_cpex(sweep);
  INFO(same.err);
  CHECK(same.status == 0);

  // Different code (here: the library with bytes appended, as a rebuild changes it).
  { std::ofstream(copy, std::ios::app | std::ios::binary) << "changed"; }
  const auto changed = run_cpex(sweep);
  INFO(changed.err);
  CHECK(changed.status != 0);
  CHECK_THAT(changed.err, Contains("plugin 'fixture-round-robin' changed: store has libcpex-sweep-fixtures.so (hash "));
  CHECK_THAT(changed.err, Contains("--force-new"));
  CHECK(std::count(changed.err.begin(), changed.err.end(), '\n') == 1);

  // Restored to the original bytes: accepted again.
  fs::remove(copy);
  fs::copy_file(library, copy);
  CHECK(run_cpex(sweep).status == 0);
  fs::remove_all(dir);
  for (const char* suffix : {"", "-wal", "-shm"}) std::remove((store + suffix).c_str());
}
