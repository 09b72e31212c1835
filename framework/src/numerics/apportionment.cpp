// The efficient design apportionment (seed 000 App. D).
#include "cpex/numerics/apportionment.hpp"

#include <cmath>
#include <numeric>

namespace cpex::numerics {

std::vector<std::uint64_t> efficient_apportionment(const std::vector<double>& p, std::uint64_t t) {
  const std::size_t s = p.size();
  std::vector<std::uint64_t> counts(s, 0);
  if (s == 0) return counts;
  const double scale = static_cast<double>(t) - 0.5 * static_cast<double>(s);
  for (std::size_t i = 0; i < s; ++i)
    counts[i] = static_cast<std::uint64_t>(std::max(0.0, std::ceil(scale * p[i])));
  std::uint64_t total = std::accumulate(counts.begin(), counts.end(), std::uint64_t{0});
  while (total < t) {
    std::size_t j = 0;
    for (std::size_t i = 1; i < s; ++i)
      if (static_cast<double>(counts[i]) / p[i] < static_cast<double>(counts[j]) / p[j]) j = i;
    ++counts[j];
    ++total;
  }
  while (total > t) {
    std::size_t j = s;
    for (std::size_t i = 0; i < s; ++i) {
      if (counts[i] == 0) continue;
      if (j == s || (static_cast<double>(counts[i]) - 1.0) / p[i] >
                        (static_cast<double>(counts[j]) - 1.0) / p[j])
        j = i;
    }
    --counts[j];
    --total;
  }
  return counts;
}

}  // namespace cpex::numerics
