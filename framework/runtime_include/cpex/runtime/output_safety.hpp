// Output-file safety: an output must be a regular file or absent (a FIFO, device or
// directory is refused before anything runs: a FIFO would block open() forever), may not
// be an input or another output (resolved paths and inodes are compared, so symlinks do not
// hide an input), and an existing non-empty regular file that is not a CPEx output of the
// same kind is never truncated without --force. Every command that writes a file (run,
// sweep, export, merge, report --plot) goes through these checks.
#pragma once

#include <string>
#include <vector>

namespace cpex::inline runtime {

struct NamedPath {
  std::string role;  // "pipeline file", "--out", "trace-file", "[environment] file", ...
  std::string path;
};

// True if `a` and `b` name the same file (same inode when both exist, else the same
// normalized absolute path).
bool same_file(const std::string& a, const std::string& b);

// ConfigError naming both roles when an output is an input or two outputs coincide.
void check_outputs(const std::vector<NamedPath>& inputs, const std::vector<NamedPath>& outputs);

// ConfigError "ROLE 'PATH' is not a regular file but a FIFO (named pipe)" (a directory, a
// character device, ...) unless `output.path` does not exist or is a regular file
// (symlinks followed).
void check_output_kind(const NamedPath& output);

// What kind of file an existing output path holds (Figure: an SVG, PNG or PDF file).
enum class ExistingOutput { None, CpexCsv, CpexTrace, CpexStore, Figure, Other };
ExistingOutput classify_existing(const std::string& path);

// ConfigError unless `path` may be (re)written as `wanted`: check_output_kind, then it
// does not exist, is empty, already holds that kind of CPEx output, or `force` is given.
void check_overwrite(const NamedPath& output, ExistingOutput wanted, bool force);

}  // namespace cpex::runtime
