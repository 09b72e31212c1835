// Focused regression tests for the defect classes of docs/reliability.md: each
// bad input gets one line on stderr naming the culprit and exit status 1 -- no crash, no
// hang, no runaway memory, no raw control bytes or megabyte values on the terminal.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "cli_expect.hpp"
#include "test_support.hpp"

using namespace cpex::test;  // run_cpex, temp_file, kGoodPipeline, expect_cli_error
using Catch::Matchers::Contains;

namespace {

const std::string kLinear =
    "[environment]\nplugin = linear\ntheta = 1, 0\n[oracle]\nplugin = top-k\nk = 1\n"
    "[algorithm]\nplugin = lingape\n[run]\nrepetitions = 1\n";

std::string file_with(const std::string& text) {
  static int counter = 0;
  return temp_file("hard-" + std::to_string(++counter) + ".ini", text);
}

std::string fifo() {
  const auto path = std::filesystem::temp_directory_path() / "cpex-tests" /
                    (std::to_string(::getpid()) + "-fifo");
  std::filesystem::create_directories(path.parent_path());
  ::unlink(path.c_str());
  REQUIRE(::mkfifo(path.c_str(), 0600) == 0);
  return path.string();
}

}  // namespace

TEST_CASE("Sweeps with no points or too many points are refused", "[cli][hardening]") {
  expect_cli_error("sweep " + file_with(kGoodPipeline + "[sweep]\naxis = environment.sigma =\n"),
               {"[sweep] axis", "no values after '='"});
  expect_cli_error("sweep " + file_with(kGoodPipeline + "[sweep]\naxis = =\n"), {"[sweep] axis", "no key"});
  std::string wide, square;
  for (int i = 0; i < 64; ++i) wide += "axis = environment.x" + std::to_string(i) + " = 1,2\n";
  std::string sixteen = "1";
  for (int v = 2; v <= 16; ++v) sixteen += "," + std::to_string(v);
  for (int i = 0; i < 16; ++i) square += "axis = environment.x" + std::to_string(i) + " = " + sixteen + "\n";
  expect_cli_error("sweep " + file_with(kGoodPipeline + "[sweep]\n" + wide), {"[sweep] axis", "more than 100000 points"});
  expect_cli_error("sweep " + file_with(kGoodPipeline + "[sweep]\n" + square), {"more than 100000 points"});
  expect_cli_error("sweep " + file_with(kGoodPipeline + "[sweep]\naxis = environment.sigma = 1,2\n") +
                   " --set run.repetitions=600000000",
               {"[run] repetitions = 600000000 x 2 sweep points", "more than 1000000000 runs"});
  expect_cli_error("run " + file_with(kGoodPipeline) + " --set run.repetitions=1000000000000",
               {"[run] repetitions", "out of range"});
}

TEST_CASE("Input files must be regular files of bounded size", "[cli][hardening]") {
  const std::string pipe = fifo();
  // A FIFO would block a plain open() forever: refused before it is opened.
  expect_cli_error("run " + pipe, {"pipeline file '" + pipe + "' is not a regular file but a FIFO"});
  expect_cli_error("run /dev/zero", {"pipeline file '/dev/zero' is not a regular file but a character device"});
  const auto linear = file_with(kLinear);
  expect_cli_error("run " + linear + " --set environment.features-file=" + pipe,
               {"[environment] features-file", "'" + pipe + "' is not a regular file but a FIFO"});
  expect_cli_error("run " + linear + " --set environment.features-file=/dev/zero",
               {"[environment] features-file", "character device"});
  expect_cli_error("run " + linear + " --set environment.features-file=/tmp",
               {"[environment] features-file", "'/tmp' is not a regular file but a directory"});
  const std::string dataset =
      "[environment]\nplugin = linear-dataset\nfile = " + pipe +
      "\n[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = lingape\n[run]\nrepetitions = 1\n";
  expect_cli_error("run " + file_with(dataset), {"[environment] file", "FIFO"});
  // A sparse 17 MiB pipeline file: over the 16 MiB limit, refused without reading it.
  const auto big = temp_file("big.ini", kGoodPipeline);
  std::filesystem::resize_file(big, 17u << 20);
  expect_cli_error("run " + big, {"pipeline file '" + big + "' is larger than the limit of 16777216 bytes"});
  // cpex report reads results files: the same rule.
  expect_cli_error("report " + pipe, {"results file '" + pipe + "' is not a regular file but a FIFO"});
  expect_cli_error("report /dev/zero", {"results file '/dev/zero' is not a regular file but a special file"});
  expect_cli_error("report /tmp", {"results file '/tmp' is not a regular file but a directory"});
}

TEST_CASE("Non-finite and absurd numbers are refused at load", "[cli][hardening]") {
  const auto good = file_with(kGoodPipeline);
  for (const std::string value : {"inf,0", "-inf,0", "nan,0", "1e308,0", "0,1e16"})
    expect_cli_error("run " + good + " --set environment.means=" + value,
                 {"[environment] means = '" + value + "' is out of range", "finite"});
  expect_cli_error("run " + good + " --set environment.sigma=inf", {"[environment] sigma", "finite"});
  const auto features = temp_file("inf-features.csv", "a,b\n1,0\n0,inf\n");
  expect_cli_error("run " + file_with(kLinear) + " --set environment.features-file=" + features,
               {"[environment] features-file", features + ":3: column 2 ('b'): 'inf' is not a finite number"});
  const auto data = temp_file("nan-data.csv", "x,y,label\n1,2,1\n3,nan,0\n2,2,1\n");
  const std::string dataset =
      "[environment]\nplugin = linear-dataset\nfile = " + data +
      "\n[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = lingape\n[run]\nrepetitions = 1\n";
  expect_cli_error("run " + file_with(dataset), {"[environment] file", data + ":3: column 2 ('y'): 'nan'"});
}

TEST_CASE("Absurd sizes are refused up front, naming the key", "[cli][hardening]") {
  const std::string topk =
      "[environment]\nplugin = topk-instance\nn = 1000000000\n[oracle]\nplugin = top-k\nk = 1\n"
      "[algorithm]\nplugin = lucb\n[run]\nrepetitions = 1\n";
  expect_cli_error("run " + file_with(topk), {"[environment] n = 1000000000 is out of range", "[2, 1000000]"});
  const auto linear = file_with(kLinear);
  expect_cli_error("run " + linear + " --set environment.generator=canonical --set environment.d=1000000",
               {"[environment] d = 1000000 is out of range"});
  expect_cli_error("run " + linear + " --set environment.generator=sphere --set environment.arms=1000000 "
                                 "--set environment.theta=1,2,3,4,5,6,7,8,9,10,11",
               {"[environment] arms", "more than the limit of 10000000 feature entries"});
  expect_cli_error("run " + linear + " --set environment.generator=sphere --set environment.arms=100000 "
                                 "--set environment.theta=1,2,3 --set algorithm.plugin=xy-static",
               {"[algorithm] plugin: xy-static: 100000 arms give 4999950000 pair directions"});
  // Edge lists: vertex ids index per-call arrays, edges are arms.
  const auto sparse = temp_file("sparse.edges", "0 1\n1 1000000\n");
  expect_cli_error("run " + file_with("[environment]\nplugin = planted-gap\n[oracle]\nplugin = matching\ngraph = " +
                                  sparse + "\n[algorithm]\nplugin = clucb\n[run]\nrepetitions = 1\n"),
               {"[oracle] graph", "vertex id 1000000 is out of range"});
  // planted-gap calls the oracle before the framework checks the arm count: refused first.
  const auto path = temp_file("path.edges", "0 1\n1 2\n0 2\n");
  expect_cli_error("run " + file_with("[environment]\nplugin = planted-gap\narms = 2\n[oracle]\nplugin = dag-path\n"
                                  "graph = " + path + "\n[algorithm]\nplugin = clucb\n[run]\nrepetitions = 1\n"),
               {"[environment] arms", "arms = 2, but the oracle's ground set has 3 arms"});
  expect_cli_error("run " + file_with("[environment]\nplugin = planted-gap\narms = 3\n[oracle]\nplugin = top-k\nk = 5\n"
                                  "[algorithm]\nplugin = clucb\n[run]\nrepetitions = 1\n"),
               {"[environment] arms", "must exceed the oracle's decision size 5"});
  expect_cli_error("run " + file_with("[environment]\nplugin = planted-gap\narms = 20000\n[oracle]\nplugin = top-k\n"
                                  "k = 5\n[algorithm]\nplugin = clucb\n[run]\nrepetitions = 1\n"),
               {"[environment] hardness", "set hardness = no"});
}

TEST_CASE("Messages are one printable line of bounded length", "[cli][hardening]") {
  const auto good = file_with(kGoodPipeline);
  // A 1 MB value is cut in the message.
  const auto huge = file_with(kGoodPipeline + "[sweep]\n");
  std::ofstream(huge, std::ios::app) << "axis = environment.sigma" << std::string(1 << 20, 'x') << "\n";
  const auto r = run_cpex("sweep " + huge);
  CHECK(r.status == 1);
  CHECK(r.err.size() < 2500);
  CHECK_THAT(r.err, Contains("bytes)"));
  // Control bytes and invalid UTF-8 are escaped; valid UTF-8 is kept.
  const auto odd = file_with(kGoodPipeline + "[algorithm]\ndelta = 0.1\x01\x1b[31m\xff\xc3\xa9\n");
  const auto e = run_cpex("run " + odd);
  CHECK(e.status == 1);
  CHECK_THAT(e.err, Contains("\\x01\\x1b[31m\\xff\xc3\xa9"));
  CHECK(e.err.find('\x1b') == std::string::npos);
  CHECK(std::count(e.err.begin(), e.err.end(), '\n') == 1);
}

TEST_CASE("Nothing a plugin throws ends the host, and failed loads say why", "[cli][hardening]") {
  const std::string broken = CPEX_BROKEN_PLUGIN_DIR;
  expect_cli_error("list --plugin-path " + broken + "/throws-in-registration",
               {"libcpex-broken-throws-in-registration.so' failed while registering",
                "not a std::exception"});
  const std::string env_42 =
      "[environment]\nplugin = throws-42\n[oracle]\nplugin = top-k\nk = 1\n[algorithm]\n"
      "plugin = lucb\n[run]\nrepetitions = 1\n";
  expect_cli_error("run " + file_with(env_42) + " --plugin-path " + broken + "/throwing-factory",
               {"building environment 'throws-42'", "not a std::exception"});
  expect_cli_error("list --plugin-path " + broken + "/not-a-library",
               {"is not a loadable shared library", "invalid ELF header"});
}

TEST_CASE("Plugin libraries must be regular files: a FIFO or a device is refused, not opened",
          "[cli][hardening]") {
  // dlopen of a FIFO blocks until a writer comes: before the check, each of these hung.
  const std::string pipe = fifo();
  expect_cli_error("list --plugin-path " + pipe, {pipe, "not a regular file"});
  expect_cli_error("check " + pipe, {pipe, "not a regular file"});
  expect_cli_error("check /dev/zero", {"/dev/zero", "not a regular file"});
  // A FIFO named like a library inside a plugin directory.
  const auto dir = std::filesystem::path(pipe).parent_path() / (std::to_string(::getpid()) + "-plugins");
  std::filesystem::create_directories(dir);
  const auto so = dir / "libfifo.so";
  ::unlink(so.c_str());
  REQUIRE(::mkfifo(so.c_str(), 0600) == 0);
  expect_cli_error("list --plugin-path " + dir.string(), {"libfifo.so", "not a regular file"});
  ::unlink(so.c_str());
}

TEST_CASE("A '%token%' of Boost's message templates in the input is shown, not expanded for ever",
          "[cli][hardening]") {
  // Boost 1.74 fills "%invalid_line%", "%canonical_option%", ... until none is left: a line
  // or option holding such a token made its error message loop for ever (found by fuzzing).
  expect_pipeline_error("[environment]\n%invalid_line%\n", {"invalid line", "\\x25invalid_line\\x25"});
  expect_pipeline_error("[environment]\n%prefix%x\n", {"\\x25prefix\\x25x"});
  const auto r = run_cpex("run --x%canonical_option%");
  INFO("stderr: " << r.err);
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Matchers::Contains("unrecognised option '--x\\x25canonical_option\\x25'"));
}
