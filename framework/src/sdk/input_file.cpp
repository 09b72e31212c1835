// Reading user-named input files: regular files only, with a size limit.
#include "cpex/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "cpex/errors.hpp"
#include "cpex/messages.hpp"

namespace cpex {

const char* describe_file_type(unsigned int mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISREG(mode)) return "a regular file";
  return "not a plain file";
}

namespace {

const char* kind_of(mode_t mode) { return describe_file_type(mode); }

// Closes the descriptor on every path out of read_regular_file.
struct Descriptor {
  int fd;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

std::string read_regular_file(const std::string& path, const std::string& key,
                              std::uintmax_t limit) {
  const std::string quoted = "'" + shorten(path, 200) + "'";
  const auto fail = [&](const std::string& why) {
    throw ParameterError(key, quoted + " " + why);
  };
  if (path.empty()) fail("is empty: a file name is needed");
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0)
    fail(errno == ENOENT ? "does not exist" : std::string("cannot be read: ") + std::strerror(errno));
  if (!S_ISREG(info.st_mode)) fail(std::string("is not a regular file but ") + kind_of(info.st_mode));
  // O_NONBLOCK: if the path was swapped for a FIFO after stat(), open() does not block.
  Descriptor file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)};
  if (file.fd < 0) fail(std::string("cannot be opened: ") + std::strerror(errno));
  if (::fstat(file.fd, &info) != 0 || !S_ISREG(info.st_mode))
    fail(std::string("is not a regular file but ") + kind_of(info.st_mode));
  const auto too_large = [&] {
    fail("is larger than the limit of " + std::to_string(limit) + " bytes for " + key);
  };
  if (static_cast<std::uintmax_t>(info.st_size) > limit) too_large();
  std::string content;
  content.resize(static_cast<std::size_t>(info.st_size));
  std::size_t filled = 0;
  for (;;) {
    if (filled == content.size()) {  // the file may have grown since fstat
      if (content.size() > limit) too_large();
      content.resize(content.size() + 4096);
    }
    const ssize_t got = ::read(file.fd, content.data() + filled, content.size() - filled);
    if (got < 0) {
      if (errno == EINTR) continue;
      fail(std::string("cannot be read: ") + std::strerror(errno));
    }
    if (got == 0) break;
    filled += static_cast<std::size_t>(got);
  }
  content.resize(filled);
  if (content.size() > limit) too_large();
  return content;
}

}  // namespace cpex
