// `cpex new`: checks the name and the target directory, fills the templates
// (framework/host/templates/, carried inside the program by cmake/EmbedTemplates.cmake) and
// writes the project without overwriting anything; the next steps name this program's own
// build tree or install prefix (found from /proc/self/exe).
#include "new_command.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string_view>

#include "cpex/errors.hpp"
#include "cpex/messages.hpp"

namespace cpex::host {

// The template files by name (generated from framework/host/templates/): @NAME@ (plugin
// name), @IDENT@ (C++ identifier), @CLASS@ (class name) and @KIND@ are filled in below.
extern const std::pair<std::string_view, std::string_view> kScaffoldTemplates[];
extern const std::size_t kScaffoldTemplateCount;

namespace {

// The template of one file of a project of `kind` (an algorithm of another kind than per-arm:
// `algorithm-KIND`): "source" is KIND.cpp, "pipeline" KIND.ini.
std::string scaffold_template(const std::string& kind, const std::string& file) {
  const std::string name = file == "source" ? kind + ".cpp"
                           : file == "pipeline" ? kind + ".ini"
                           : file == "test" ? "test.cpp"
                           : file == "CMakeLists.txt" ? "CMakeLists.txt.in"
                                                      : file;
  for (std::size_t i = 0; i < kScaffoldTemplateCount; ++i)
    if (kScaffoldTemplates[i].first == name) return std::string(kScaffoldTemplates[i].second);
  throw Error("no template for " + kind + " " + file);
}

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

// Where this program is: its build tree (<build>/bin/cpex beside <build>/cpexConfig.cmake) or
// its install prefix (<prefix>/bin/cpex); empty when /proc/self/exe cannot be read.
struct Location {
  std::filesystem::path program, build_tree, prefix;
};

Location this_program() {
  namespace fs = std::filesystem;
  Location where;
  std::error_code ec;
  where.program = fs::read_symlink("/proc/self/exe", ec);
  if (ec || where.program.empty()) return {};
  const fs::path root = where.program.parent_path().parent_path();
  if (fs::exists(root / "cpexConfig.cmake", ec))
    where.build_tree = root;
  else
    where.prefix = root;
  return where;
}

}  // namespace

const std::vector<std::string>& algorithm_kinds() {
  // The templates framework/host/templates/ (algorithm-KIND.cpp; per-arm: algorithm.cpp); the
  // list CPEX_ALGORITHM_TEMPLATE_KINDS of framework/CMakeLists.txt embeds and tests the same.
  static const std::vector<std::string> kinds = {"per-arm", "glr-sampler", "fixed-budget", "linear",
                                                 "combinatorial", "full-bandit", "semi-bandit"};
  return kinds;
}

std::vector<std::pair<std::string, std::string>> scaffold_files(const std::string& kind, const std::string& name,
                                                                const std::string& algorithm_kind) {
  if (kind != "algorithm" && kind != "oracle" && kind != "environment")
    throw ConfigError("cpex new: unknown kind '" + shorten(kind) + "' (algorithm, oracle or environment)");
  std::string template_kind = kind;
  if (!algorithm_kind.empty()) {
    if (kind != "algorithm") throw ConfigError("cpex new: --kind is for algorithms (cpex new algorithm NAME --kind KIND)");
    const auto& kinds = algorithm_kinds();
    if (std::find(kinds.begin(), kinds.end(), algorithm_kind) == kinds.end()) {
      std::string list;
      for (const auto& k : kinds) list += (list.empty() ? "" : ", ") + k;
      throw ConfigError("cpex new: unknown algorithm kind '" + shorten(algorithm_kind) + "' (" + list + ")");
    }
    if (algorithm_kind != "per-arm") template_kind = "algorithm-" + algorithm_kind;
  }
  bool ok = !name.empty() && name.size() <= 40 && name.front() >= 'a' && name.front() <= 'z' && name.back() != '-';
  for (char c : name) ok = ok && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-');
  if (!ok)
    throw ConfigError("cpex new: plugin name '" + shorten(name) +
                      "': use lower-case letters, digits and '-', starting with a letter (e.g. my-lucb)");
  std::string ident = replace_all(name, "-", "_"), class_name;
  bool upper = true;
  for (char c : name) {
    if (c == '-') {
      upper = true;
      continue;
    }
    class_name += upper && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    upper = false;
  }
  std::vector<std::pair<std::string, std::string>> files;
  for (const char* file : {"CMakeLists.txt", "source", "pipeline", "test", "README.md"}) {
    std::string file_name = file;
    if (file_name == "source") file_name = ident + ".cpp";
    if (file_name == "pipeline") file_name = name + ".ini";
    if (file_name == "test") file_name = "test_" + ident + ".cpp";
    std::string text = scaffold_template(template_kind, file);
    text = replace_all(text, "@NAME@", name);
    text = replace_all(text, "@IDENT@", ident);
    text = replace_all(text, "@CLASS@", class_name);
    text = replace_all(text, "@KIND@", kind);
    files.emplace_back(file_name, text);
  }
  return files;
}

int new_command(const std::string& kind, const std::string& name, const std::string& dir_argument,
                const std::string& algorithm_kind) {
  namespace fs = std::filesystem;
  const auto files = scaffold_files(kind, name, algorithm_kind);
  const fs::path dir = dir_argument.empty() ? fs::path(name) : fs::path(dir_argument);
  std::error_code ec;
  if (fs::exists(dir, ec) && (!fs::is_directory(dir, ec) || !fs::is_empty(dir, ec)))
    throw Error("cpex new: '" + shorten(dir.string()) + "' exists and is not an empty directory (nothing written)");
  fs::create_directories(dir, ec);
  if (ec) throw Error("cpex new: cannot create '" + shorten(dir.string()) + "': " + ec.message());
  for (const auto& [file, text] : files) {
    const fs::path path = dir / file;
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    if (!out) throw Error("cpex new: cannot write '" + shorten(path.string()) + "'");
  }
  const Location where = this_program();
  const std::string cpex = where.program.empty() ? "cpex" : where.program.string();
  const std::string package = !where.build_tree.empty() ? " -Dcpex_DIR=" + where.build_tree.string()
                              : !where.prefix.empty()    ? " -DCMAKE_PREFIX_PATH=" + where.prefix.string()
                                                         : "";
  std::cout << "wrote the " << kind << " plugin project '" << name << "'"
            << (algorithm_kind.empty() ? "" : " (" + algorithm_kind + ")") << " in " << dir.string() << "/:\n";
  for (const auto& [file, text] : files) std::cout << "  " << file << '\n';
  std::cout << "next:\n"
            << "  cmake -S " << dir.string() << " -B " << (dir / "build").string() << package << '\n'
            << "  cmake --build " << (dir / "build").string() << " && ctest --test-dir " << (dir / "build").string()
            << "\n  " << cpex << " check " << (dir / "build" / "plugins" / ("libcpex-" + name + ".so")).string() << '\n'
            << "  " << cpex << " run " << (dir / (name + ".ini")).string() << " --plugin-path "
            << (dir / "build" / "plugins").string() << '\n';
  return 0;
}

}  // namespace cpex::host
