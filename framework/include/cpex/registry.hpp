// The registry of plugin factories. Plugin libraries add named entries from their
// registration entry point; the host looks them up by name. Names are unique across kinds.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cpex/algorithm.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/environment.hpp"
#include "cpex/oracle.hpp"
#include "cpex/params.hpp"
#include "cpex/random.hpp"

namespace cpex {

enum class PluginKind { Environment, Oracle, Algorithm };
const char* to_string(PluginKind kind);

// Fields every entry has.
struct EntryInfo {
  std::string name;
  std::string summary;  // one line
  // The plugin's own version (its author's, e.g. "1.2"): recorded with the library's content
  // hash in a results store, shown by `cpex list`. The registry sets "unversioned" if empty.
  std::string version;
  ParamSchema schema;
  std::string library;  // filled in by the registry: the library that registered it
  std::string source;   // the source file of its registration (PluginInfo::where); may be empty
};

// What an environment factory may use besides its parameters.
struct EnvironmentContext {
  RunSeed seed;  // identifies the run's random streams
  // The pipeline's decision-class oracle ([oracle]), created but not yet bound: an
  // environment may plant its instance in the class (e.g. means with a chosen gap between
  // the best and the second-best spanning tree). Never null in a pipeline run.
  const Oracle* decision_oracle = nullptr;
};

// What an oracle factory may use besides its parameters.
struct OracleContext {
  RunSeed seed;  // an oracle that draws its instance (a random graph) uses StreamRole::Oracle
};

struct EnvironmentEntry : EntryInfo {
  FeedbackKind feedback = FeedbackKind::SingleArm;
  // Builds the instance for one run.
  std::function<std::unique_ptr<Environment>(const ParamValues&, const EnvironmentContext&)>
      create;
};

struct OracleEntry : EntryInfo {
  unsigned capabilities = 0;
  std::function<std::unique_ptr<Oracle>(const ParamValues&, const OracleContext&)> create;
};

struct AlgorithmEntry : EntryInfo {
  AlgorithmNeeds needs;
  std::function<std::unique_ptr<Algorithm>(const ParamValues&)> create;
};

class Registry {
 public:
  // Each add() throws PluginError if the name is taken, naming both libraries.
  void add(EnvironmentEntry entry);
  void add(OracleEntry entry);
  void add(AlgorithmEntry entry);
  // Replaces the entry of that name, which must exist and be of the same kind (a plugin
  // defined at run time and defined again, e.g. a Python class re-registered from a
  // notebook; the caller decides which entries may be replaced); PluginError naming the
  // existing one otherwise. The entry takes the current library. No run may hold the old one.
  void replace(EnvironmentEntry entry);
  void replace(OracleEntry entry);
  void replace(AlgorithmEntry entry);

  // Library path recorded with the entries added next (set by the plugin loader).
  void set_current_library(std::string path) { current_library_ = std::move(path); }

  const EnvironmentEntry* environment(const std::string& name) const;
  const OracleEntry* oracle(const std::string& name) const;
  const AlgorithmEntry* algorithm(const std::string& name) const;
  // Any kind; null if unknown.
  const EntryInfo* find(const std::string& name, PluginKind* kind = nullptr) const;

  // find(), or an Error "no plugin named 'NAME' (did you mean ...)" + `hint`, the names
  // suggested from every kind and `also_known` (e.g. the host's "run" section).
  const EntryInfo& find_or_refuse(const std::string& name, PluginKind* kind, const std::string& hint,
                                  const std::vector<std::string>& also_known = {}) const;

  // Names of one kind, sorted.
  std::vector<std::string> names(PluginKind kind) const;

 private:
  void claim(const std::string& name, PluginKind kind);

  std::string current_library_ = "(built in)";
  std::map<std::string, PluginKind> kinds_;
  std::map<std::string, EnvironmentEntry> environments_;
  std::map<std::string, OracleEntry> oracles_;
  std::map<std::string, AlgorithmEntry> algorithms_;
};

}  // namespace cpex
