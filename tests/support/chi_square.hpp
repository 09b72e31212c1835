// The chi-square test of homogeneity of two samples over the same categories, for the tests of
// exact samplers against plain ones (the top-k posterior draws: identification/*_top_draw_test.cpp).
#pragma once

#include <cmath>
#include <cstddef>
#include <map>
#include <utility>
#include <vector>

namespace cpex::test {

// Chi-square statistic of homogeneity of two count tables over the same categories, the
// categories with fewer than 20 in both pooled into one; `degrees` its degrees of freedom.
inline double homogeneity(const std::map<std::vector<std::size_t>, double>& x,
                          const std::map<std::vector<std::size_t>, double>& y, int& degrees) {
  std::map<std::vector<std::size_t>, std::pair<double, double>> table;
  for (const auto& [key, n] : x) table[key].first += n;
  for (const auto& [key, n] : y) table[key].second += n;
  std::vector<std::pair<double, double>> cells;
  std::pair<double, double> rare{0.0, 0.0};
  for (const auto& [key, c] : table) {
    if (c.first + c.second < 20.0) {
      rare.first += c.first;
      rare.second += c.second;
    } else {
      cells.push_back(c);
    }
  }
  if (rare.first + rare.second > 0.0) cells.push_back(rare);
  double nx = 0.0, ny = 0.0;
  for (const auto& c : cells) nx += c.first, ny += c.second;
  double chi2 = 0.0;
  for (const auto& c : cells) {
    const double total = c.first + c.second;
    const double ex = total * nx / (nx + ny), ey = total * ny / (nx + ny);
    chi2 += (c.first - ex) * (c.first - ex) / ex + (c.second - ey) * (c.second - ey) / ey;
  }
  degrees = static_cast<int>(cells.size()) - 1;
  return chi2;
}

// The chi-square quantile at 1 - 1e-6 by Wilson–Hilferty (within 1% for 3+ degrees of freedom).
inline double chi2_critical(int degrees) {
  const double d = degrees, z = 4.753;  // Q(4.753) = 1e-6
  const double c = 1.0 - 2.0 / (9.0 * d) + z * std::sqrt(2.0 / (9.0 * d));
  return d * c * c * c;
}

}  // namespace cpex::test
