// Overrides that narrow swept axes, and the canonical pipeline text of a sweep.
#include "cpex/runtime/sweep_overrides.hpp"

#include <algorithm>
#include <charconv>
#include <sstream>

#include <boost/algorithm/string/trim.hpp>

#include "cpex/errors.hpp"
#include "cpex/messages.hpp"

namespace cpex::inline runtime {

namespace {

bool same_value(const std::string& a, const std::string& b) {
  if (a == b) return true;
  double x = 0, y = 0;
  const auto rx = std::from_chars(a.data(), a.data() + a.size(), x);
  const auto ry = std::from_chars(b.data(), b.data() + b.size(), y);
  return rx.ec == std::errc() && rx.ptr == a.data() + a.size() && ry.ec == std::errc() &&
         ry.ptr == b.data() + b.size() && x == y;
}

std::vector<std::string> split_list(const std::string& text, char separator) {
  std::vector<std::string> items;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, separator)) items.push_back(boost::algorithm::trim_copy(item));
  return items;
}

std::string joined_values(const SweepAxis& axis, std::size_t component) {
  std::string text;
  for (const auto& tuple : axis.values) text += (text.empty() ? "" : ", ") + tuple[component];
  return text;
}

}  // namespace

void apply_overrides(PipelineFile& file, std::vector<SweepAxis>& axes,
                     const std::vector<std::string>& overrides) {
  for (const auto& assignment : overrides) {
    const auto eq = assignment.find('=');
    const std::string target =
        boost::algorithm::trim_copy(eq == std::string::npos ? assignment : assignment.substr(0, eq));
    if (target.rfind("sweep.", 0) == 0)
      throw ConfigError("--set " + shorten(assignment) + ": the [sweep] section cannot be overridden "
                        "(--set on a swept key narrows its axis)");
    SweepAxis* axis = nullptr;
    std::size_t component = 0;
    for (auto& a : axes)
      for (std::size_t j = 0; j < a.keys.size(); ++j)
        if (a.keys[j] == target) axis = &a, component = j;
    if (!axis || eq == std::string::npos) {
      file.apply_override(assignment);  // checks the syntax
      continue;
    }
    const std::string value = boost::algorithm::trim_copy(assignment.substr(eq + 1));
    bool lists = false;
    for (const auto& tuple : axis->values) lists = lists || tuple[component].find(',') != std::string::npos;
    const std::vector<std::string> wanted =
        split_list(value, lists || value.find('|') != std::string::npos ? '|' : ',');
    std::vector<std::vector<std::string>> kept;
    for (const auto& w : wanted) {
      if (w.empty())
        throw ConfigError("--set " + shorten(assignment) + ": an empty value for the swept key " + shorten(target));
      bool found = false;
      for (const auto& tuple : axis->values) {
        if (!same_value(tuple[component], w)) continue;
        found = true;
        if (std::find(kept.begin(), kept.end(), tuple) == kept.end()) kept.push_back(tuple);
      }
      if (!found)
        throw ConfigError("--set " + shorten(assignment) + ": " + shorten(target) + " is swept and '" + shorten(w) +
                          "' is not one of its values (" + joined_values(*axis, component) +
                          "); --set on a swept key narrows the axis");
    }
    // Keep the axis's own order.
    std::vector<std::vector<std::string>> ordered;
    for (const auto& tuple : axis->values)
      if (std::find(kept.begin(), kept.end(), tuple) != kept.end()) ordered.push_back(tuple);
    axis->values = std::move(ordered);
  }
}

std::string pipeline_text(const PipelineFile& file, const std::vector<SweepAxis>& axes) {
  std::string text;
  for (const auto& section : file.sections()) {
    if (section == "sweep" || section == "labels") continue;  // names do not change the runs
    text += "[" + section + "]\n";
    for (const auto& entry : file.section(section)) text += entry.key + " = " + entry.value + "\n";
  }
  if (axes.empty()) return text;
  text += "[sweep]\n";
  for (const auto& axis : axes) {
    std::string keys, values;
    for (const auto& key : axis.keys) keys += (keys.empty() ? "" : " & ") + key;
    bool lists = false;
    for (const auto& tuple : axis.values)
      for (const auto& v : tuple) lists = lists || v.find(',') != std::string::npos;
    for (const auto& tuple : axis.values) {
      std::string item;
      for (const auto& v : tuple) item += (item.empty() ? "" : ";") + v;
      values += (values.empty() ? "" : lists ? " | " : ", ") + item;
    }
    text += "axis = " + keys + " = " + values + "\n";
  }
  return text;
}

}  // namespace cpex::runtime
