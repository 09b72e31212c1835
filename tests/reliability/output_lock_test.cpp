// Output locks and the read-only store URI: two locks on one output conflict
// (also within one process, and through a symlink), the refusal names the holder's pid,
// a lock file left behind is taken over, the lock file is gone after release; store URIs
// are percent-encoded and immutable only where the directory cannot be written.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "cpex/errors.hpp"
#include "cpex/store/output_lock.hpp"
#include "cpex/store/store_reading.hpp"
#include "test_support.hpp"

using Catch::Matchers::Contains;

namespace {

std::string scratch(const std::string& name) {
  const std::string path = cpex::test::temp_file(name, "");
  std::filesystem::remove(path);
  std::filesystem::remove(path + ".lock");
  return path;
}

}  // namespace

TEST_CASE("A second lock on an output is refused naming the holder's pid", "[unit][lock]") {
  const std::string output = scratch("locked.csv");
  {
    const cpex::OutputLock first(output, "results file");
    CHECK(first.lock_path() == std::filesystem::weakly_canonical(output).string() + ".lock");
    CHECK(cpex::test::read_file(first.lock_path()) == std::to_string(::getpid()) + "\n");
    try {
      const cpex::OutputLock second(output, "results file");
      FAIL("the second lock was granted");
    } catch (const cpex::Error& e) {
      CHECK_THAT(e.what(), Contains("results file '" + output + "' is being written by another "
                                    "cpex process (pid " + std::to_string(::getpid())));
    }
    // Through a symlink: the same lock file.
    const std::string link = scratch("locked-link.csv");
    std::filesystem::create_symlink(output, link);
    CHECK_THROWS_AS(cpex::OutputLock(link, "results file"), cpex::Error);
    std::filesystem::remove(link);
  }
  CHECK_FALSE(std::filesystem::exists(output + ".lock"));
  const cpex::OutputLock again(output, "results file");  // released: granted
  CHECK(std::filesystem::exists(output + ".lock"));
}

TEST_CASE("A lock file left by a killed writer is taken over", "[unit][lock]") {
  const std::string output = scratch("stale.db");
  std::ofstream(output + ".lock") << "12345\n";
  {
    const cpex::OutputLock lock(output, "results store");
    CHECK(cpex::test::read_file(output + ".lock") == std::to_string(::getpid()) + "\n");
  }
  CHECK_FALSE(std::filesystem::exists(output + ".lock"));
}

TEST_CASE("Store URIs are percent-encoded, immutable only in unwritable directories",
          "[unit][store]") {
  const std::string dir = std::filesystem::path(scratch("uri-dir")).string();
  std::filesystem::create_directories(dir + "/odd ?#%name");
  const auto writable = cpex::store_read_uri(dir + "/odd ?#%name/s.db");
  CHECK_THAT(writable.uri, Contains("/odd%20%3F%23%25name/s.db?mode=ro"));
  CHECK_FALSE(writable.immutable);
  CHECK(writable.problem.empty());
  CHECK(cpex::store_uri("/a b/c.db") == "file:/a%20b/c.db");
  // A directory this process cannot write: mode 0555 (not root), or one of /proc's.
  std::string locked_dir;
  if (::geteuid() != 0) {
    locked_dir = dir + "/unwritable";
    std::filesystem::create_directories(locked_dir);
    std::filesystem::permissions(locked_dir, std::filesystem::perms(0555));
  } else {
    for (const char* candidate : {"/proc/sys", "/proc/1", "/sys"})
      if (::access(candidate, W_OK) != 0) {
        locked_dir = candidate;
        break;
      }
  }
  if (locked_dir.empty()) {
    WARN("no unwritable directory here: the immutable URI is checked by "
         "reliability-stores-readable-anywhere only");
    return;
  }
  const auto unwritable = cpex::store_read_uri(locked_dir + "/s.db");
  CHECK(unwritable.immutable);
  CHECK_THAT(unwritable.uri, Contains("mode=ro&immutable=1"));
}
