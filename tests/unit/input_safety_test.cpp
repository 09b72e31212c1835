// Message escaping and shortening, read_regular_file, and counting sweep points with
// overflow checks (the building blocks of docs/reliability.md).
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <limits>

#include "cpex/errors.hpp"
#include "cpex/input_file.hpp"
#include "cpex/messages.hpp"
#include "cpex/runtime/sweep.hpp"
#include "test_support.hpp"

using namespace cpex;
using Catch::Matchers::Contains;

TEST_CASE("Control bytes and invalid UTF-8 are escaped, valid UTF-8 is kept", "[messages]") {
  CHECK(escape_bytes("plain text") == "plain text");
  CHECK(escape_bytes(std::string("a\0b", 3)) == "a\\x00b");
  CHECK(escape_bytes("\x1b[31m\x7f") == "\\x1b[31m\\x7f");
  CHECK(escape_bytes("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80") == "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
  CHECK(escape_bytes("\xff\xfe") == "\\xff\\xfe");
  CHECK(escape_bytes("\xc3") == "\\xc3");                  // truncated sequence
  CHECK(escape_bytes("\xc0\xaf") == "\\xc0\\xaf");          // overlong form
  CHECK(escape_bytes("\xed\xa0\x80") == "\\xed\\xa0\\x80");  // surrogate
}

TEST_CASE("Long values are cut at a character boundary with their size", "[messages]") {
  CHECK(shorten("short") == "short");
  const std::string huge(1'000'000, 'x');
  const std::string cut = shorten(huge, 80);
  CHECK(cut == std::string(80, 'x') + "...(1000000 bytes)");
  // A cut never splits a UTF-8 sequence: 40 two-byte characters, cut at 79 bytes.
  std::string accents;
  for (int i = 0; i < 60; ++i) accents += "\xc3\xa9";
  const std::string kept = shorten(accents, 79);
  CHECK(kept.substr(0, 78) == accents.substr(0, 78));
  CHECK_THAT(kept, Contains("...(120 bytes)"));
  const std::string message = printable_message("line one\nline two\r\x01" + huge);
  CHECK(message.find('\n') == std::string::npos);
  CHECK_THAT(message, Contains("line one line two \\x01"));
  CHECK(message.size() <= 2000 + 32);
}

TEST_CASE("read_regular_file reads regular files and refuses everything else", "[input-file]") {
  const auto path = test::temp_file("regular.txt", "hello\n");
  CHECK(read_regular_file(path, "file") == "hello\n");
  CHECK_THROWS_WITH(read_regular_file(path, "file", 3), Contains("larger than the limit of 3 bytes"));
  CHECK_THROWS_WITH(read_regular_file("/no/such/file", "file"), Contains("does not exist"));
  CHECK_THROWS_WITH(read_regular_file("", "file"), Contains("a file name is needed"));
  CHECK_THROWS_WITH(read_regular_file("/tmp", "file"), Contains("not a regular file but a directory"));
  CHECK_THROWS_WITH(read_regular_file("/dev/zero", "file"),
                    Contains("not a regular file but a character device"));
  const auto fifo = std::filesystem::path(path).parent_path() / (std::to_string(::getpid()) + "-unit-fifo");
  ::unlink(fifo.c_str());
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK_THROWS_WITH(read_regular_file(fifo.string(), "file"), Contains("a FIFO"));
  ::unlink(fifo.c_str());
  // The error names the key, for the framework to add file and section.
  try {
    read_regular_file("/tmp", "features-file");
    FAIL("no error");
  } catch (const ParameterError& e) {
    CHECK(e.key() == "features-file");
  }
}

TEST_CASE("Sweep points are counted without overflow", "[sweep]") {
  auto axis_of = [](std::size_t values) {
    SweepAxis axis;
    axis.keys = {"e.x"};
    axis.values.assign(values, {"1"});
    return axis;
  };
  CHECK(count_points({}, "f") == 1);
  CHECK(count_points({axis_of(10), axis_of(10'000)}, "f") == 100'000);
  CHECK_THROWS_WITH(count_points({axis_of(10), axis_of(10'001)}, "f"), Contains("more than 100000 points"));
  // 64 axes of 2 values: 2^64 wraps size_t to 0 without the check.
  CHECK_THROWS_WITH(count_points(std::vector<SweepAxis>(64, axis_of(2)), "f"), Contains("more than"));
  CHECK_THROWS_WITH(count_points({axis_of(3), axis_of(0)}, "f"), Contains("no values"));
  CHECK_THROWS_WITH(expand({axis_of(0)}), Contains("no values"));
  CHECK_NOTHROW(check_run_count(10, 1'000, "f"));
  CHECK_THROWS_WITH(check_run_count(10, 100'000'001, "f"),
                    Contains("[run] repetitions = 100000001 x 10 sweep points is more than"));
  CHECK_THROWS_WITH(check_run_count(1, std::numeric_limits<std::int64_t>::max(), "f"),
                    Contains("more than 1000000000 runs"));
}
