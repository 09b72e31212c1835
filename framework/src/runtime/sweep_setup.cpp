// Sweep preparation: overrides, assembly, inputs and the store's metadata.
#include "cpex/runtime/sweep_setup.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <map>
#include <set>

#include <nlohmann/json.hpp>
#include <unistd.h>

#include "cpex/errors.hpp"
#include "cpex/suggest.hpp"
#include "cpex/runtime/pipeline_file.hpp"
#include "cpex/runtime/sweep_overrides.hpp"

#ifndef CPEX_VERSION
#define CPEX_VERSION "unknown"
#endif

namespace cpex::inline runtime {

namespace {

void add_path_inputs(std::vector<NamedPath>& inputs, const std::string& section,
                     const ParamSchema& schema, const ParamValues& values) {
  for (const auto& spec : schema.specs()) {
    if (!spec.is_path || !values.has(spec.name)) continue;
    const std::string& value = values.text(spec.name);
    if (!value.empty()) inputs.push_back({"[" + section + "] " + spec.name, value});
  }
}

// The content hash of a plugin's library file (64-bit FNV-1a over its bytes, hex), so a
// store knows which code wrote its rows and a resume after a rebuild with different code
// is refused as another sweep. Empty for a plugin without a library file (a
// Python-defined one).
std::string library_hash(const std::string& library) {
  std::FILE* f = std::fopen(library.c_str(), "rb");
  if (!f) return {};
  std::uint64_t hash = 14695981039346656037ull;
  unsigned char buffer[1 << 16];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, f)) > 0;)
    for (std::size_t i = 0; i < n; ++i) hash = (hash ^ buffer[i]) * 1099511628211ull;
  std::fclose(f);
  char text[24];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return text;
}

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buffer;
}

std::string host_name() {
  char buffer[256] = {};
  if (gethostname(buffer, sizeof buffer - 1) != 0) return "unknown";
  return buffer;
}

// [run] checkpoints = T1, ..., TC: every point of the sweep becomes C points, the c-th
// with run.budget = Tc (an axis column of its own, `run.budget`) and the sweep point's
// streams, so that its row equals a run told that budget (engine.hpp: one group per
// repetition).
void expand_checkpoints(PreparedSweep& s) {
  const std::vector<std::uint64_t> budgets = s.pipelines.front().run.checkpoints;
  if (budgets.empty()) return;
  for (const auto& key : s.axis_keys)
    if (key == "run.budget" || key == "run.checkpoints")
      throw ConfigError(s.path + ": [sweep] axis " + key + ": a sweep with [run] checkpoints has its budgets "
                        "already (drop the axis, or the checkpoints)");
  std::vector<SweepPoint> points;
  std::vector<Pipeline> pipelines;
  points.reserve(s.points.size() * budgets.size());
  pipelines.reserve(points.capacity());
  for (std::size_t b = 0; b < s.points.size(); ++b)
    for (std::uint64_t budget : budgets) {
      SweepPoint point = s.points[b];
      point.index = points.size();
      point.values.emplace_back("run.budget", std::to_string(budget));
      points.push_back(std::move(point));
      Pipeline pipeline = s.pipelines[b];
      pipeline.run.budget = static_cast<std::int64_t>(budget);
      pipelines.push_back(std::move(pipeline));
    }
  s.points = std::move(points);
  s.pipelines = std::move(pipelines);
  s.axis_keys.push_back("run.budget");
  // A skipped point is skipped at every checkpoint.
  std::vector<std::size_t> skipped;
  for (std::size_t b : s.skipped)
    for (std::size_t c = 0; c < budgets.size(); ++c) skipped.push_back(b * budgets.size() + c);
  s.skipped = std::move(skipped);
}

}  // namespace

bool is_store_path(const std::string& path) {
  const std::string ext = std::filesystem::path(path).extension().string();
  return ext == ".db" || ext == ".sqlite" || ext == ".sqlite3";
}

std::pair<std::uint64_t, std::uint64_t> parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  std::uint64_t i = 0, n = 0;
  const char* end = text.data() + text.size();
  bool ok = slash != std::string::npos;
  if (ok) {
    const auto ri = std::from_chars(text.data(), text.data() + slash, i);
    const auto rn = std::from_chars(text.data() + slash + 1, end, n);
    ok = ri.ec == std::errc() && ri.ptr == text.data() + slash && rn.ec == std::errc() &&
         rn.ptr == end;
  }
  if (!ok || n == 0 || i == 0 || i > n)
    throw ConfigError("--shard '" + text + "': expected I/N with 1 <= I <= N (e.g. --shard 1/4)");
  return {i - 1, n};
}

namespace {

const char* role_meaning(ParamRole role) {
  switch (role) {
    case ParamRole::Confidence: return "the run's target error (role confidence)";
    case ParamRole::Accuracy: return "the accuracy (role accuracy)";
    case ParamRole::Budget: return "a sample budget (role budget)";
    case ParamRole::None: break;
  }
  return "a parameter of its own (no role)";
}

}  // namespace

std::vector<std::string> key_meaning_warnings(const Registry& registry, const PipelineFile& file,
                                              const std::vector<SweepAxis>& axes,
                                              const SweepScope& scope) {
  const std::string section = "algorithm";
  const auto own = file.get(section, "plugin");
  const std::vector<std::string> plugins = scope.of(section, own ? *own : "");
  if (plugins.size() < 2) return {};
  std::vector<std::string> keys;  // set in [algorithm] or swept as algorithm.KEY
  auto add = [&](const std::string& key) {
    if (key != "plugin" && key.find('.') == std::string::npos &&
        std::find(keys.begin(), keys.end(), key) == keys.end())
      keys.push_back(key);
  };
  for (const auto& entry : file.section(section)) add(entry.key);
  for (const auto& axis : axes)
    for (const auto& key : axis.keys)
      if (key.rfind(section + ".", 0) == 0) add(key.substr(section.size() + 1));
  std::vector<std::string> warnings;
  for (const auto& key : keys) {
    std::map<ParamRole, std::string> names;  // role -> the plugins whose `key` has it
    for (const auto& name : plugins) {
      const AlgorithmEntry* entry = registry.algorithm(name.substr(0, name.find('@')));  // NAME@LABEL
      const ParamSpec* spec = entry ? entry->schema.find(key) : nullptr;
      if (spec) (names[spec->role] += names[spec->role].empty() ? "" : ", ") += name;
    }
    if (names.size() < 2) continue;
    std::string text = "[" + section + "] " + key + " means ";
    bool first = true;
    for (const auto& [role, who] : names) {
      text += std::string(first ? "" : "; ") + role_meaning(role) + " for " + who;
      first = false;
    }
    warnings.push_back(text + ": its values set different things in the swept algorithms");
  }
  return warnings;
}

std::vector<std::string> unused_variant_blocks(const PipelineFile& file, const SweepScope& scope) {
  const auto own = file.get("algorithm", "plugin");
  const std::vector<std::string> used = scope.of("algorithm", own ? *own : "");
  std::vector<std::string> blocks, warnings;
  for (const auto& entry : file.section("algorithm")) {
    const auto dot = entry.key.find('.');
    const std::string owner = dot == std::string::npos ? "" : entry.key.substr(0, dot);
    if (owner.find('@') == std::string::npos || std::find(used.begin(), used.end(), owner) != used.end() ||
        std::find(blocks.begin(), blocks.end(), owner) != blocks.end())
      continue;
    blocks.push_back(owner);
    std::string names;
    for (const auto& name : used) names += (names.empty() ? "" : ", ") + name;
    warnings.push_back("[algorithm." + owner + "] is used by no algorithm of the sweep" + did_you_mean(owner, used) +
                       ": its keys are ignored (the algorithms: " + names + ")");
  }
  return warnings;
}

PreparedSweep prepare_sweep(const Registry& registry, const std::string& path,
                            const RunOptions& options, bool sweep) {
  return prepare_sweep(registry, PipelineFile::read(path), options, sweep, true);
}

PreparedSweep prepare_sweep(const Registry& registry, PipelineFile file,
                            const RunOptions& options, bool sweep, bool on_disk) {
  PreparedSweep s;
  const std::string path = file.path();
  s.path = path;
  if (!sweep && !file.section("sweep").empty())
    throw ConfigError(path + ": has a [sweep] section: use 'cpex sweep " + path + "'");
  s.axes = read_axes(file);
  const std::vector<SweepAxis> written = s.axes;  // before --set narrows them
  apply_overrides(file, s.axes, options.overrides);
  const SweepScope scope = sweep_scope(file, written);
  s.warnings = key_meaning_warnings(registry, file, s.axes, scope);
  for (auto& warning : unused_variant_blocks(file, scope)) s.warnings.push_back(std::move(warning));
  for (const auto& axis : s.axes)
    s.axis_keys.insert(s.axis_keys.end(), axis.keys.begin(), axis.keys.end());

  // Count the points (with overflow checks and the documented limit) before making them.
  count_points(s.axes, path);
  // Assemble (and so validate) every point before the first run.
  s.points = expand(s.axes);
  if (s.points.empty()) throw ConfigError(path + ": the sweep has no points");
  s.pipelines.reserve(s.points.size());
  // A mixed sweep (several algorithms) skips the (algorithm, point) pairs that do not fit,
  // unless --strict; a single algorithm that does not fit is refused as before.
  const auto own_algorithm = file.get("algorithm", "plugin");
  const bool mixed = scope.of("algorithm", own_algorithm ? *own_algorithm : "").size() > 1;
  std::map<std::string, std::vector<std::size_t>> skips;  // reason -> points
  std::vector<std::string> reasons;                       // in order of appearance
  for (const auto& point : s.points) {
    const PipelineFile at = apply(file, point);
    try {
      s.pipelines.push_back(assemble(at, registry, {"sweep"}, &scope));
    } catch (const MismatchError& e) {
      if (!mixed || options.strict) throw;
      Pipeline placeholder;
      placeholder.source = path;
      placeholder.algorithm_name = at.get("algorithm", "plugin").value_or("");
      std::string reason = e.what();
      if (reason.rfind(path + ": ", 0) == 0) reason = reason.substr(path.size() + 2);
      placeholder.skipped = reason;
      s.pipelines.push_back(std::move(placeholder));
      s.skipped.push_back(point.index);
      const std::string key = s.pipelines.back().algorithm_name + "\n" + reason;
      if (!skips.count(key)) reasons.push_back(key);
      skips[key].push_back(point.index);
    }
  }
  if (s.skipped.size() == s.points.size())
    throw ConfigError(path + ": no point fits its algorithm: " + s.pipelines.front().skipped);
  // The placeholders take a fitting point's plugins and settings (never run).
  const auto fitting = std::find_if(s.pipelines.begin(), s.pipelines.end(), [](const Pipeline& p) { return p.skipped.empty(); });
  for (auto& p : s.pipelines)
    if (!p.skipped.empty()) {
      Pipeline copy = *fitting;
      copy.algorithm_name = p.algorithm_name;
      copy.skipped = p.skipped;
      p = std::move(copy);
    }
  nlohmann::ordered_json skipped_json = nlohmann::ordered_json::array();
  for (const auto& key : reasons) {
    const auto& points = skips[key];
    const std::string algorithm = key.substr(0, key.find('\n'));
    std::string where;
    for (std::size_t i = 0; i < points.size() && i < 4; ++i) {
      std::string values;
      for (const auto& [k, v] : s.points[points[i]].values) values += (values.empty() ? "" : ", ") + k + "=" + v;
      where += (i ? "; " : "") + std::to_string(points[i]) + " (" + values + ")";
    }
    if (points.size() > 4) where += "; ... (" + std::to_string(points.size()) + " points)";
    const std::string line = algorithm + " skipped at point" + (points.size() > 1 ? "s " : " ") + where + ": " +
                             key.substr(key.find('\n') + 1);
    s.skip_lines.push_back(line);
    skipped_json.push_back(line);
  }
  expand_checkpoints(s);
  check_run_count(s.pipelines.size(), s.pipelines.front().run.repetitions, path);

  if (on_disk) s.inputs.push_back({"pipeline file", path});
  nlohmann::ordered_json plugins = nlohmann::ordered_json::array();
  nlohmann::ordered_json libraries = nlohmann::ordered_json::array();
  std::set<std::string> seen_plugins, seen_inputs;
  auto add_plugin = [&](const EntryInfo& entry, const char* kind) {
    if (!seen_plugins.insert(entry.name).second) return;
    nlohmann::ordered_json plugin = {{"name", entry.name},
                                     {"kind", kind},
                                     {"version", entry.version},
                                     {"library", std::filesystem::path(entry.library).filename().string()}};
    const std::string hash = library_hash(entry.library);
    if (!hash.empty()) plugin["hash"] = hash;
    plugins.push_back(std::move(plugin));
    libraries.push_back(entry.library);
  };
  for (const auto& p : s.pipelines) {
    if (!p.skipped.empty()) continue;
    add_plugin(*p.environment, "environment");
    for (const auto& o : p.oracles) add_plugin(*o.entry, "oracle");
    add_plugin(*p.algorithm, "algorithm");
    std::vector<NamedPath> found;
    add_path_inputs(found, "environment", p.environment->schema, p.environment_params);
    add_path_inputs(found, "algorithm", p.algorithm->schema, p.algorithm_params);
    for (const auto& o : p.oracles) add_path_inputs(found, o.section, o.entry->schema, o.params);
    for (auto& f : found)
      if (seen_inputs.insert(f.path).second) s.inputs.push_back(std::move(f));
  }

  const JobSpace jobs(s.pipelines, s.points);
  std::string command = options.command_line;
  s.meta["pipeline"] = pipeline_text(file, s.axes);
  s.meta["plugins"] = plugins.dump();
  s.meta["plugin_libraries"] = libraries.dump();
  s.meta["version"] = CPEX_VERSION;
  s.meta["axes"] = nlohmann::json(s.axis_keys).dump();
  s.meta["repetitions"] = std::to_string(jobs.repetitions());
  s.meta["points"] = std::to_string(s.points.size());
  s.meta["runs"] = std::to_string(jobs.size());
  s.meta["command"] = command;
  s.meta["host"] = host_name();
  s.meta["start_time"] = utc_now();
  s.meta["pipeline_file"] = path;
  s.meta["shard"] = options.shard.empty() ? "" : options.shard;
  // Rows per repetition: run id = (point / C * repetitions + repetition) * C + point % C.
  s.meta["checkpoints"] = std::to_string(jobs.group());
  nlohmann::ordered_json labels = nlohmann::ordered_json::object();
  for (const auto& entry : file.section("labels")) {
    if (entry.value.empty())
      throw ConfigError(entry.origin + ": [labels] " + entry.key + ": the name is empty (NAME = TEXT)");
    labels[entry.key] = entry.value;
  }
  s.meta["labels"] = labels.dump();
  s.meta["skipped"] = skipped_json.dump();
  return s;
}

std::vector<std::uint64_t> skipped_runs(const PreparedSweep& sweep, std::uint64_t repetitions) {
  // Run id = (point / C * repetitions + repetition) * C + point % C with C checkpoints (1
  // without): JobSpace's numbering.
  const std::uint64_t c = std::max<std::uint64_t>(sweep.pipelines.front().run.checkpoints.size(), 1);
  std::vector<std::uint64_t> ids;
  for (std::size_t point : sweep.skipped)
    for (std::uint64_t r = 0; r < repetitions; ++r) ids.push_back((point / c * repetitions + r) * c + point % c);
  std::sort(ids.begin(), ids.end());
  return ids;
}

}  // namespace cpex::runtime
