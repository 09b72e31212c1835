// Closest-name suggestions by case-insensitive optimal-string-alignment distance.
#include "cpex/suggest.hpp"

#include <algorithm>
#include <cctype>

namespace cpex {

namespace {

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// Edits (insert, delete, substitute, swap adjacent) turning a into b.
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

std::optional<std::string> closest_name(const std::string& given,
                                        const std::vector<std::string>& known) {
  const std::string g = lower(given);
  const std::size_t allowed = g.size() <= 4 ? 1 : g.size() <= 8 ? 2 : 3;
  std::optional<std::string> best;
  std::size_t best_distance = allowed + 1;
  for (const auto& name : known) {
    const std::size_t distance = edit_distance(g, lower(name));
    if (distance < best_distance) {
      best_distance = distance;
      best = name;
    }
  }
  return best;
}

std::string did_you_mean(const std::string& given, const std::vector<std::string>& known,
                         const std::string& open, const std::string& close) {
  const auto name = closest_name(given, known);
  return name ? " (did you mean " + open + *name + close + "?)" : "";
}

}  // namespace cpex
