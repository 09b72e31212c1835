// Sweep axes, their product, and per-point stream keys.
#include "cpex/runtime/sweep.hpp"

#include <unistd.h>

#include <algorithm>
#include <iomanip>
#include <sstream>

#include <boost/algorithm/string/trim.hpp>

#include "cpex/errors.hpp"
#include "cpex/messages.hpp"

namespace cpex::inline runtime {

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

namespace {

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, separator)) parts.push_back(boost::algorithm::trim_copy(item));
  if (!text.empty() && text.back() == separator) parts.emplace_back();
  return parts;
}

}  // namespace

std::vector<SweepAxis> read_axes(const PipelineFile& file) {
  std::vector<SweepAxis> axes;
  std::vector<std::string> swept;
  for (const auto& entry : file.section("sweep")) {
    const std::string where = entry.origin + ": [sweep] " + shorten(entry.key);
    if (entry.key != "axis") throw ConfigError(where + ": unknown key (known keys: axis)");
    const auto eq = entry.value.find('=');
    if (eq == std::string::npos)
      throw ConfigError(where + " = '" + shorten(entry.value) +
                          "': expected section.key = v1,v2,...");
    SweepAxis axis;
    const auto targets = split(entry.value.substr(0, eq), '&');
    if (targets.empty())
      throw ConfigError(where + " = '" + shorten(entry.value) +
                        "': no key before '=' (expected section.key = v1,v2,...)");
    for (const auto& target : targets) {
      const auto dot = target.find('.');
      if (dot == std::string::npos || dot == 0 || dot + 1 == target.size())
        throw ConfigError(where + " = '" + shorten(entry.value) +
                          "': expected section.key = v1,v2,...");
      if (target.rfind("sweep.", 0) == 0 || target == "run.repetitions" ||
          target == "run.trace-file")
        throw ConfigError(where + ": " + shorten(target) + " cannot be swept");
      if (std::find(swept.begin(), swept.end(), target) != swept.end())
        throw ConfigError(where + ": " + shorten(target) + " is swept twice");
      swept.push_back(target);
      axis.keys.push_back(target);
    }
    for (const auto& item : split_values(entry.value.substr(eq + 1))) {
      auto tuple = axis.keys.size() == 1 ? std::vector<std::string>{item} : split(item, ';');
      if (tuple.size() != axis.keys.size())
        throw ConfigError(where + ": value '" + shorten(item) + "' has " + std::to_string(tuple.size()) +
                          " parts for " + std::to_string(axis.keys.size()) + " keys");
      for (const auto& v : tuple)
        if (v.empty()) throw ConfigError(where + " = '" + shorten(entry.value) + "': an empty value");
      axis.values.push_back(std::move(tuple));
      if (axis.values.size() > kMaxSweepPoints)
        throw ConfigError(where + ": more than " + std::to_string(kMaxSweepPoints) +
                          " values (the limit of sweep points)");
    }
    if (axis.values.empty())
      throw ConfigError(where + " = '" + shorten(entry.value) + "': no values after '='");
    axes.push_back(std::move(axis));
  }
  count_points(axes, file.path());
  return axes;
}

std::size_t count_points(const std::vector<SweepAxis>& axes, const std::string& origin) {
  std::size_t count = 1;
  for (const auto& axis : axes) {
    // count * size <= limit, checked without overflow (both factors are at least 0).
    const std::size_t size = axis.values.size();
    if (size == 0)
      throw ConfigError(origin + ": [sweep] axis " + shorten(axis.keys.empty() ? "" : axis.keys[0]) +
                        ": no values");
    if (count > kMaxSweepPoints / size)
      throw ConfigError(origin + ": [sweep] axis: the product of the axes has more than " +
                        std::to_string(kMaxSweepPoints) + " points (the limit of a sweep)");
    count *= size;
  }
  return count;
}

void check_run_count(std::size_t points, std::int64_t repetitions, const std::string& origin) {
  const std::string what = origin + ": [run] repetitions = " + std::to_string(repetitions) +
                           " x " + std::to_string(points) + " sweep points";
  if (points == 0 || repetitions < 1 || static_cast<std::uint64_t>(repetitions) > kMaxRuns / points)
    throw ConfigError(what + " is more than " + std::to_string(kMaxRuns) +
                      " runs (the limit of one invocation)");
  const std::uint64_t runs = points * static_cast<std::uint64_t>(repetitions);
  const long pages = ::sysconf(_SC_PHYS_PAGES), page_size = ::sysconf(_SC_PAGE_SIZE);
  if (pages > 0 && page_size > 0) {
    const double memory = static_cast<double>(pages) * static_cast<double>(page_size);
    const double needed = static_cast<double>(runs) * static_cast<double>(kRetainedBytesPerRun);
    if (needed > memory / 2) {
      std::ostringstream message;
      message << what << " = " << runs << " runs would keep about " << std::setprecision(3)
              << needed / 1e9 << " GB of sample counts in memory for the summary's median, more than half of this machine's "
              << memory / 1e9 << " GB";
      throw ConfigError(message.str());
    }
  }
}

std::vector<SweepPoint> expand(const std::vector<SweepAxis>& axes) {
  const std::size_t count = count_points(axes, "sweep");
  std::vector<SweepPoint> points(count);
  std::vector<std::size_t> digits(axes.size());
  for (std::size_t index = 0; index < count; ++index) {
    SweepPoint& point = points[index];
    point.index = index;
    std::size_t rest = index;
    for (std::size_t a = axes.size(); a-- > 0;) {
      digits[a] = rest % axes[a].values.size();
      rest /= axes[a].values.size();
    }
    std::uint64_t hash = fnv1a("cpex-point");
    for (std::size_t a = 0; a < axes.size(); ++a) {
      for (std::size_t j = 0; j < axes[a].keys.size(); ++j) {
        const std::string& name = axes[a].keys[j];
        const std::string& value = axes[a].values[digits[a]][j];
        point.values.emplace_back(name, value);
        if (name.rfind("algorithm.", 0) != 0) hash = fnv1a(name + "=" + value + ";", hash);
      }
    }
    point.stream_key = hash;
  }
  return points;
}

PipelineFile apply(const PipelineFile& file, const SweepPoint& point) {
  PipelineFile copy = file;
  for (const auto& [name, value] : point.values) {
    const auto dot = name.find('.');
    copy.set(name.substr(0, dot), name.substr(dot + 1), value, file.path() + " [sweep]",
             file.directory());
  }
  return copy;
}

}  // namespace cpex::runtime
