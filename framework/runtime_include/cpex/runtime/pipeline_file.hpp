// Reading pipeline files (Boost.Program_options INI syntax) into raw section/key/value
// entries, applying `--set section.key=value` overrides, and type-checking one section's
// values against a plugin's parameter schema.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cpex/params.hpp"

namespace cpex::inline runtime {

struct RawEntry {
  std::string section;
  std::string key;
  std::string value;
  std::string origin;     // the file path, or "--set", for messages
  std::string directory;  // base of relative file paths: the file's directory, or ""
                          // (the working directory) for --set
};

class PipelineFile {
 public:
  // Reads and parses `path`; ConfigError if it is missing, unreadable or malformed, or
  // if a key stands outside a section or (except sweep.axis) is given twice.
  static PipelineFile read(const std::string& path);
  // An in-memory file, for tests and generated pipelines.
  static PipelineFile from_text(const std::string& text, const std::string& name);

  // "section.key=value"; replaces every earlier value of that key.
  void apply_override(const std::string& assignment);
  void set(const std::string& section, const std::string& key, const std::string& value,
           const std::string& origin, const std::string& directory);
  // Directory of the file, the base of relative paths in it ("" for in-memory files).
  std::string directory() const;

  const std::string& path() const { return path_; }
  std::vector<std::string> sections() const;
  std::vector<RawEntry> section(const std::string& name) const;
  std::optional<std::string> get(const std::string& section, const std::string& key) const;

 private:
  static PipelineFile parse(std::istream& in, const std::string& name);
  std::string path_;
  std::vector<RawEntry> entries_;
};

// Type-check and range-check the entries of `section` against `schema`. Keys in
// `ignored` (e.g. "plugin") are skipped. Messages name the file, section, key, the value,
// the owner (plugin name) and what is allowed.
ParamValues read_section(const PipelineFile& file, const std::string& section,
                         const ParamSchema& schema, const std::string& owner,
                         const std::vector<std::string>& ignored = {"plugin"});

}  // namespace cpex::runtime
