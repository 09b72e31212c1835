// The study's bearer token file (study_token.hpp).
#include "cpex/study/study_token.hpp"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "cpex/errors.hpp"

namespace cpex::inline runtime::study {

namespace {

std::string random_hex(std::size_t bytes) {
  std::string raw(bytes, '\0');
  std::size_t got = 0;
  while (got < bytes) {
    const ssize_t n = ::getrandom(raw.data() + got, bytes - got, 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw Error(std::string("cannot draw a random token: ") + std::strerror(errno));
    }
    got += static_cast<std::size_t>(n);
  }
  static const char* const digits = "0123456789abcdef";
  std::string hex;
  for (const char c : raw) {
    hex += digits[static_cast<unsigned char>(c) >> 4];
    hex += digits[static_cast<unsigned char>(c) & 15];
  }
  return hex;
}

}  // namespace

std::string default_token_file(const std::string& study_path) { return study_path + ".token"; }

std::string ensure_token(const std::string& path) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd >= 0) {
    const std::string line = random_hex(32) + "\n";
    const bool written = ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size()) && ::fsync(fd) == 0;
    const int error = errno;
    ::close(fd);
    if (!written) {
      ::unlink(path.c_str());
      throw Error("cannot write the token file '" + path + "': " + std::strerror(error));
    }
  } else if (errno != EEXIST) {
    throw Error("cannot create the token file '" + path + "': " + std::strerror(errno));
  }
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) throw Error("cannot read the token file '" + path + "': " + std::strerror(errno));
  if (info.st_mode & 077)
    throw Error("the token file '" + path + "' may be read by others (chmod 600 '" + path + "')");
  std::ifstream in(path);
  std::string token;
  if (!in || !std::getline(in, token)) throw Error("cannot read the token file '" + path + "'");
  while (!token.empty() && (token.back() == '\r' || token.back() == ' ')) token.pop_back();
  if (token.size() < 16 || token.find_first_of(" \t") != std::string::npos)
    throw Error("the token file '" + path + "' holds no token (16 or more characters on its first line)");
  return token;
}

}  // namespace cpex::runtime::study
