// Output-file safety: an output may not be an input or another output (resolved paths and
// inodes are compared), and an existing non-empty regular file that is not a CPEx output
// is never truncated without --force.
#pragma once

#include <string>
#include <vector>

namespace cpex::host {

struct NamedPath {
  std::string role;  // "pipeline file", "--out", "trace-file", "[environment] file", ...
  std::string path;
};

// True if `a` and `b` name the same file (same inode when both exist, else the same
// normalized absolute path).
bool same_file(const std::string& a, const std::string& b);

// ConfigError naming both roles when an output is an input or two outputs coincide.
void check_outputs(const std::vector<NamedPath>& inputs, const std::vector<NamedPath>& outputs);

// What kind of file an existing output path holds.
enum class ExistingOutput { None, CpexCsv, CpexTrace, CpexStore, Other };
ExistingOutput classify_existing(const std::string& path);

// ConfigError unless `path` may be (re)written as `wanted`: it does not exist, is empty,
// is not a regular file (a device such as /dev/null), already holds that kind of CPEx
// output, or `force` is given.
void check_overwrite(const NamedPath& output, ExistingOutput wanted, bool force);

}  // namespace cpex::host
