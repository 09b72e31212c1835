// Plugin identity in results: the store records, per plugin, its name, version,
// library file and a content hash of it; resuming after the library changed (a rebuild
// with different code) is refused, naming the plugin and both versions and hashes, while an
// identical library resumes; --force-new starts the store over with the new identity.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "cpex/store/results_store.hpp"
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
  CHECK_THAT(changed.err, Contains("plugin 'fixture-round-robin' changed: store has version 2.1 "
                                   "(libcpex-sweep-fixtures.so, hash "));
  CHECK_THAT(changed.err, Contains("now version 2.1 (libcpex-sweep-fixtures.so, hash "));
  CHECK_THAT(changed.err, Contains("--force-new"));
  CHECK(std::count(changed.err.begin(), changed.err.end(), '\n') == 1);

  // The store records name, version and hash of every plugin it used.
  const auto plugins_before = nlohmann::json::parse(cpex::read_store_meta(store).at("plugins"));
  std::string hash_before;
  for (const auto& p : plugins_before)
    if (p.at("name") == "fixture-round-robin") {
      CHECK(p.at("version") == "2.1");
      hash_before = p.at("hash");
    }
  REQUIRE(hash_before.size() == 16);
  for (const auto& p : plugins_before) CHECK(p.contains("version"));

  // --force-new starts the store over: all runs again, the new hash recorded.
  const auto forced = run_cpex(sweep + " --force-new --json");
  INFO(forced.err);
  CHECK(forced.status == 0);
  CHECK_THAT(forced.out, Contains("\"runs\": 3"));
  for (const auto& p : nlohmann::json::parse(cpex::read_store_meta(store).at("plugins")))
    if (p.at("name") == "fixture-round-robin") CHECK(p.at("hash") != hash_before);
  CHECK(run_cpex(sweep).status == 0);  // and resumes with the changed library

  // Restored to the original bytes: refused now (the store is the changed code's), then
  // accepted after --force-new again.
  fs::remove(copy);
  fs::copy_file(library, copy);
  CHECK(run_cpex(sweep).status != 0);
  CHECK(run_cpex(sweep + " --force-new").status == 0);
  CHECK(run_cpex(sweep).status == 0);
  fs::remove_all(dir);
  for (const char* suffix : {"", "-wal", "-shm"}) std::remove((store + suffix).c_str());
}
