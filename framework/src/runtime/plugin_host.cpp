// Plugin discovery and loading: search path, ABI check, registration.
#include "cpex/runtime/plugin_host.hpp"

#include <algorithm>
#include <cstdlib>
#include <system_error>

#include <boost/dll/runtime_symbol_info.hpp>

#include "cpex/abi.hpp"
#include "cpex/errors.hpp"
#include "cpex/messages.hpp"
#include "cpex/plugin.hpp"

namespace fs = std::filesystem;

namespace cpex::inline runtime {

std::vector<fs::path> plugin_search_path(const std::vector<std::string>& from_flags) {
  std::vector<fs::path> paths(from_flags.begin(), from_flags.end());
  if (const char* env = std::getenv("CPEX_PLUGIN_PATH")) {
    std::string list = env;
    std::size_t start = 0;
    while (start <= list.size()) {
      std::size_t end = list.find(':', start);
      if (end == std::string::npos) end = list.size();
      if (end > start) paths.emplace_back(list.substr(start, end - start));
      start = end + 1;
    }
  }
  const fs::path exe = boost::dll::program_location();
  paths.push_back(exe.parent_path() / ".." / "lib" / "cpex" / "plugins");
  return paths;
}

void PluginHost::load(const std::vector<fs::path>& paths, std::size_t required) {
  for (std::size_t i = 0; i < paths.size(); ++i) {
    const fs::path& path = paths[i];
    std::error_code ec;
    if (!fs::exists(path, ec)) {
      if (i < required) throw PluginError("plugin path '" + path.string() + "' does not exist");
      continue;
    }
    if (fs::is_directory(path, ec))
      load_directory(path);
    else
      load_library(path);
  }
}

void PluginHost::load_directory(const fs::path& dir) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& item : fs::directory_iterator(dir, ec))
    if (item.path().extension() == ".so" && !item.is_directory()) files.push_back(item.path());
  if (ec) throw PluginError("cannot read plugin directory '" + dir.string() + "': " + ec.message());
  std::sort(files.begin(), files.end());
  for (const auto& file : files) load_library(file);
}

namespace {

// The loader's own reason for a failed load. Boost.DLL reports "...failed (dlerror system
// message: REASON): <errno text>", where the errno text is unrelated (often "Bad file
// descriptor"): keep only REASON, or else drop the errno text.
std::string load_failure(const std::system_error& e) {
  std::string text = e.what();
  const std::string marker = "dlerror system message: ";
  const auto start = text.find(marker);
  const auto end = text.rfind(')');
  if (start != std::string::npos && end != std::string::npos && end > start)
    return text.substr(start + marker.size(), end - start - marker.size());
  const std::string suffix = ": " + e.code().message();
  if (text.size() > suffix.size() && text.ends_with(suffix)) text.resize(text.size() - suffix.size());
  return text;
}

}  // namespace

void PluginHost::load_library(const fs::path& file) {
  std::error_code ec;
  const fs::path canonical = fs::weakly_canonical(file, ec);
  const fs::path& key = ec ? file : canonical;
  if (std::find(loaded_.begin(), loaded_.end(), key) != loaded_.end()) return;

  const std::string name = file.string();
  // dlopen of a FIFO blocks until a writer appears, and a device can be read for ever:
  // only a regular file (symlinks followed) is ever opened.
  if (!fs::is_regular_file(key, ec))
    throw PluginError("'" + shorten(name) + "' is not a loadable shared library: not a regular file");
  boost::dll::shared_library library;
  try {
    library.load(key, boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local);
  } catch (const std::system_error& e) {
    throw PluginError("'" + name + "' is not a loadable shared library: " + load_failure(e));
  } catch (const std::exception& e) {
    throw PluginError("'" + name + "' is not a loadable shared library: " + e.what());
  }
  if (!library.has(kAbiSymbol) || !library.has(kRegisterSymbol))
    throw PluginError("'" + name + "' is not a CPEx plugin: it does not export the '" +
                      std::string(kRegisterSymbol) + "' entry point (use CPEX_PLUGIN)");
  const int abi = library.get_alias<const int>(kAbiSymbol);
  if (abi != kAbiVersion)
    throw PluginError("'" + name + "' was built for CPEx ABI version " + std::to_string(abi) +
                      ", but this host has version " + std::to_string(kAbiVersion) +
                      ": rebuild the plugin against this framework");
  auto& register_plugins = library.get_alias<RegisterFunction>(kRegisterSymbol);
  // Keep the library before registering: entries made before a failure point into it.
  libraries_.push_back(std::move(library));
  loaded_.push_back(key);
  registry_.set_current_library(name);
  try {
    register_plugins(registry_);
  } catch (const PluginError&) {
    throw;
  } catch (const std::exception& e) {
    throw PluginError("'" + name + "' failed while registering its plugins: " + e.what());
  } catch (...) {  // the plugin boundary: nothing a plugin throws may end the host
    throw PluginError("'" + name + "' failed while registering its plugins with an exception "
                      "that is not a std::exception");
  }
}

}  // namespace cpex::runtime
