// Sweep axes, their product, and per-point stream keys.
#include "cpex/sweep.hpp"

#include <sstream>

#include <boost/algorithm/string/trim.hpp>

#include "cpex/errors.hpp"

namespace cpex {

namespace {

std::uint64_t fnv1a(const std::string& text, std::uint64_t hash = 14695981039346656037ull) {
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  return hash;
}

std::vector<std::string> split_values(const std::string& list) {
  const char separator = list.find('|') != std::string::npos ? '|' : ',';
  std::vector<std::string> values;
  std::stringstream in(list);
  std::string item;
  while (std::getline(in, item, separator)) {
    boost::algorithm::trim(item);
    values.push_back(item);
  }
  return values;
}

}  // namespace

std::vector<SweepAxis> read_axes(const PipelineFile& file) {
  std::vector<SweepAxis> axes;
  for (const auto& entry : file.section("sweep")) {
    const std::string where = entry.origin + ": [sweep] " + entry.key;
    if (entry.key != "axis") throw ConfigError(where + ": unknown key (known keys: axis)");
    const auto eq = entry.value.find('=');
    const std::string target =
        boost::algorithm::trim_copy(entry.value.substr(0, eq == std::string::npos ? 0 : eq));
    const auto dot = target.find('.');
    if (eq == std::string::npos || dot == std::string::npos || dot == 0 ||
        dot + 1 == target.size())
      throw ConfigError(where + " = '" + entry.value + "': expected section.key = v1,v2,...");
    SweepAxis axis{target.substr(0, dot), target.substr(dot + 1),
                   split_values(entry.value.substr(eq + 1))};
    for (const auto& v : axis.values)
      if (v.empty()) throw ConfigError(where + " = '" + entry.value + "': an empty value");
    if (axis.section == "sweep" || axis.section == "run" && axis.key == "repetitions")
      throw ConfigError(where + ": " + target + " cannot be swept");
    for (const auto& other : axes)
      if (other.section == axis.section && other.key == axis.key)
        throw ConfigError(where + ": " + target + " is swept twice");
    axes.push_back(std::move(axis));
  }
  return axes;
}

std::vector<SweepPoint> expand(const std::vector<SweepAxis>& axes) {
  std::size_t count = 1;
  for (const auto& axis : axes) count *= axis.values.size();
  std::vector<SweepPoint> points(count);
  for (std::size_t index = 0; index < count; ++index) {
    SweepPoint& point = points[index];
    point.index = index;
    std::size_t rest = index;
    std::vector<std::size_t> digits(axes.size());
    for (std::size_t a = axes.size(); a-- > 0;) {
      digits[a] = rest % axes[a].values.size();
      rest /= axes[a].values.size();
    }
    std::uint64_t hash = fnv1a("cpex-point");
    for (std::size_t a = 0; a < axes.size(); ++a) {
      const std::string name = axes[a].section + "." + axes[a].key;
      point.values.emplace_back(name, axes[a].values[digits[a]]);
      if (axes[a].section != "algorithm") hash = fnv1a(name + "=" + axes[a].values[digits[a]] + ";", hash);
    }
    point.stream_key = hash;
  }
  return points;
}

PipelineFile apply(const PipelineFile& file, const SweepPoint& point) {
  PipelineFile copy = file;
  for (const auto& [name, value] : point.values) {
    const auto dot = name.find('.');
    copy.set(name.substr(0, dot), name.substr(dot + 1), value, file.path() + " [sweep]");
  }
  return copy;
}

}  // namespace cpex
