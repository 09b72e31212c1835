// Closest-name suggestions by case-insensitive optimal-string-alignment distance. The work
// is bounded whatever the given name: a candidate whose length differs from the given
// name's by more than the allowed distance cannot be within it and is skipped before any
// comparison, and names longer than kMaxSuggestedLength get no suggestion at all -- so a
// 16 MiB misspelt name costs one length check per candidate, not a 16 MiB x |name| table.
#include "cpex/suggest.hpp"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <vector>

namespace cpex {

namespace {

// No plugin, key or section name is this long; longer names get no suggestion.
constexpr std::size_t kMaxSuggestedLength = 256;

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Edits (insert, delete, substitute, swap adjacent) turning a into b, both at most
// kMaxSuggestedLength + 3 bytes long; three rolling rows of |b| + 1 cells.
std::size_t edit_distance(const std::string& a, const std::string& b) {
  const std::size_t m = b.size();
  std::vector<std::size_t> before(m + 1), previous(m + 1), current(m + 1);
  for (std::size_t j = 0; j <= m; ++j) previous[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        current[j] = std::min(current[j], before[j - 2] + 1);
    }
    std::swap(before, previous);
    std::swap(previous, current);
  }
  return previous[m];
}

}  // namespace

std::optional<std::string> closest_name(const std::string& given,
                                        const std::vector<std::string>& known) {
  if (given.size() > kMaxSuggestedLength) return std::nullopt;
  const std::string g = lower(given);
  const std::size_t allowed = g.size() <= 4 ? 1 : g.size() <= 8 ? 2 : 3;
  std::optional<std::string> best;
  std::size_t best_distance = allowed + 1;
  for (const auto& name : known) {
    // The distance is at least the difference in length.
    const std::size_t gap = name.size() > g.size() ? name.size() - g.size() : g.size() - name.size();
    if (gap >= best_distance) continue;
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
