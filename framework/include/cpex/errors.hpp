// Error types of the framework. Every error carries a one-line message that names the
// culprit (file, section, key, plugin or library); the host prints it and exits non-zero.
#pragma once

#include <stdexcept>
#include <string>

namespace cpex {

// Base of every error the framework reports to a user.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A pipeline file, a --set override or a parameter value is wrong.
class ConfigError : public Error {
 public:
  using Error::Error;
};

// A plugin library cannot be found, loaded or registered (only that: a plugin that fails
// while a run is built or runs is a RunError).
class PluginError : public Error {
 public:
  using Error::Error;
};

// A plugin rejects one of its own parameters. Thrown by plugin factories; the framework
// adds the file and section before showing it. `key` names the parameter; from an
// algorithm's start(), "SECTION.KEY" names a key of another section ("run.budget",
// "oracle.k") that does not fit the algorithm.
class ParameterError : public Error {
 public:
  ParameterError(std::string key, const std::string& what)
      : Error(what), key_(std::move(key)) {}
  const std::string& key() const { return key_; }

 private:
  std::string key_;
};

// A run failed: a plugin threw while the run's objects were built or while it ran (the
// framework's boundary around plugin code rethrows anything as a RunError naming the
// plugin; in a sweep the run becomes an `error` row and the sweep goes on).
class RunError : public Error {
 public:
  using Error::Error;
};

}  // namespace cpex
