// Output-file safety checks.
#include "output_safety.hpp"

#include <filesystem>
#include <fstream>

#include "cpex/errors.hpp"

namespace cpex::host {

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

ExistingOutput classify_existing(const std::string& path) {
  std::error_code ec;
  if (!fs::exists(path, ec) || !fs::is_regular_file(path, ec) || fs::file_size(path, ec) == 0)
    return ExistingOutput::None;
  std::ifstream in(path, std::ios::binary);
  std::string head(64, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  if (head.rfind("SQLite format 3", 0) == 0) return ExistingOutput::CpexStore;  // checked on open
  if (head.rfind("run_id,point,repetition,sample,name,value", 0) == 0) return ExistingOutput::CpexTrace;
  if (head.rfind("run_id,point,", 0) == 0) return ExistingOutput::CpexCsv;
  return ExistingOutput::Other;
}

void check_overwrite(const NamedPath& output, ExistingOutput wanted, bool force) {
  const ExistingOutput existing = classify_existing(output.path);
  if (force || existing == ExistingOutput::None || existing == wanted) return;
  throw ConfigError(output.role + " '" + output.path +
                    "' exists and is not a CPEx output of that kind; refusing to overwrite it "
                    "(use --force)");
}

}  // namespace cpex::host
