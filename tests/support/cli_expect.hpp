// What the command-line tests share: a small valid pipeline they edit into bad ones, and
// the check of a refused input (exit status 1, one stderr line "cpex: error: ..." that
// names the culprit, no raw library error on the terminal), of a command line or of a
// pipeline file given as text.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace cpex::test {

// The option that adds the fixture plugins (tests/fixture_plugins) to a command line.
inline const std::string kFixtures = std::string(" --plugin-path '") + CPEX_FIXTURE_PLUGIN_DIR + "' ";

// LUCB on three Gaussian arms, top-1, 2 repetitions.
inline const std::string kGoodPipeline =
    "[environment]\nplugin = gaussian\nmeans = 0.5,0.4,0.1\n[oracle]\nplugin = top-k\nk = 1\n"
    "[algorithm]\nplugin = lucb\n[run]\nrepetitions = 2\n";

// Runs `cpex arguments` (under `timeout`, so a hang fails instead of blocking) and expects
// exit status 1 and one stderr line starting with "cpex: error: " + start, holding every
// fragment and none of `absent` (nor a raw library error).
inline void expect_cli_error(const std::string& arguments, const std::vector<std::string>& fragments,
                             const std::vector<std::string>& absent = {}, const std::string& start = "") {
  INFO("cpex " << arguments.substr(0, 300));
  const auto r = run_cpex(arguments);
  INFO("stderr: " << r.err.substr(0, 3000));
  CHECK(r.status == 1);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK_THAT(r.err, Catch::Matchers::StartsWith("cpex: error: " + start));
  for (const auto& f : fragments) CHECK_THAT(r.err, Catch::Matchers::Contains(f));
  for (const auto& a : absent) CHECK_THAT(r.err, !Catch::Matchers::Contains(a));
  for (const auto& text : {"std::bad_alloc", "vector::_M_", "Bad file descriptor"})
    CHECK_THAT(r.err, !Catch::Matchers::Contains(text));
}

// Checks that `text` (a command's output) holds every fragment, each one checked apart.
inline void check_contains_all(const std::string& text, const std::vector<std::string>& fragments) {
  for (const auto& f : fragments) CHECK_THAT(text, Catch::Matchers::Contains(f));
}

// Writes `text` to a fresh pipeline file, runs `cpex run FILE options` and expects the
// refusal of expect_cli_error, naming the file too when `names_file`; returns the file.
inline std::string expect_pipeline_error(const std::string& text, const std::vector<std::string>& fragments,
                                         const std::string& options = "", bool names_file = false) {
  static int counter = 0;
  const std::string file = temp_file("bad-pipeline-" + std::to_string(++counter) + ".ini", text);
  INFO(text);
  std::vector<std::string> named = fragments;
  if (names_file) named.push_back(file);
  expect_cli_error("run " + file + options, named);
  return file;
}

}  // namespace cpex::test
