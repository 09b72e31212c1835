// Output-file safety checks.
#include "cpex/runtime/output_safety.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "cpex/errors.hpp"
#include "cpex/input_file.hpp"
#include "cpex/messages.hpp"

namespace cpex::inline runtime {

namespace fs = std::filesystem;

bool same_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  if (fs::exists(a, ec) && fs::exists(b, ec)) return fs::equivalent(a, b, ec);
  const fs::path pa = fs::weakly_canonical(fs::absolute(a, ec), ec);
  const fs::path pb = fs::weakly_canonical(fs::absolute(b, ec), ec);
  return pa.lexically_normal() == pb.lexically_normal();
}

void check_outputs(const std::vector<NamedPath>& inputs, const std::vector<NamedPath>& outputs) {
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    for (const auto& input : inputs)
      if (same_file(outputs[i].path, input.path))
        throw ConfigError(outputs[i].role + " '" + outputs[i].path + "' is the " + input.role +
                          " '" + input.path + "': refusing to overwrite an input");
    for (std::size_t j = 0; j < i; ++j)
      if (same_file(outputs[i].path, outputs[j].path))
        throw ConfigError(outputs[i].role + " '" + outputs[i].path + "' is also the " +
                          outputs[j].role + ": two outputs cannot share a file");
  }
}

void check_output_kind(const NamedPath& output) {
  struct stat info {};
  if (::stat(output.path.c_str(), &info) != 0) {
    if (errno == ENOENT || errno == ENOTDIR) return;  // absent: it will be created
    throw ConfigError(output.role + " '" + shorten(output.path, 200) + "' cannot be checked: " +
                      std::strerror(errno));
  }
  if (!S_ISREG(info.st_mode))
    throw ConfigError(output.role + " '" + shorten(output.path, 200) + "' is not a regular file but " +
                      describe_file_type(info.st_mode));
}

ExistingOutput classify_existing(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode) || info.st_size == 0)
    return ExistingOutput::None;
  // O_NONBLOCK: a path swapped for a FIFO after stat() cannot block the open.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return ExistingOutput::Other;
  std::string head(256, '\0');
  const ssize_t got = ::read(fd, head.data(), head.size());
  ::close(fd);
  head.resize(got > 0 ? static_cast<std::size_t>(got) : 0);
  if (head.rfind("SQLite format 3", 0) == 0) return ExistingOutput::CpexStore;  // checked on open
  if (head.rfind("run_id,point,repetition,sample,name,value", 0) == 0) return ExistingOutput::CpexTrace;
  if (head.rfind("run_id,point,", 0) == 0) return ExistingOutput::CpexCsv;
  if (head.rfind("\x89PNG\r\n", 0) == 0 || head.rfind("%PDF-", 0) == 0 ||
      (head.rfind("<?xml", 0) == 0 && head.find("svg") != std::string::npos) ||
      head.rfind("<svg", 0) == 0)
    return ExistingOutput::Figure;
  return ExistingOutput::Other;
}

void check_overwrite(const NamedPath& output, ExistingOutput wanted, bool force) {
  check_output_kind(output);
  const ExistingOutput existing = classify_existing(output.path);
  if (force || existing == ExistingOutput::None || existing == wanted) return;
  throw ConfigError(output.role + " '" + shorten(output.path, 200) +
                    "' exists and is not a CPEx output of that kind; refusing to overwrite it "
                    "(use --force)");
}

}  // namespace cpex::runtime
