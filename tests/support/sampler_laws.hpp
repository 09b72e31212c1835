// The tests of an exact sampler's law against plain draws (the top-k posterior draws:
// identification/*_top_draw_test.cpp): the chi-square test of homogeneity of two samples over
// the same categories, the Kolmogorov–Smirnov statistic against the uniform law, and the set
// of the k largest values.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <map>
#include <numeric>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

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

// Checks that two samples of sets have one law: at least 3 degrees of freedom, and the chi-square
// statistic of homogeneity below its 1 - 1e-6 quantile.
inline void expect_same_law(const std::map<std::vector<std::size_t>, double>& x,
                            const std::map<std::vector<std::size_t>, double>& y) {
  int degrees = 0;
  const double chi2 = homogeneity(x, y, degrees);
  INFO(degrees << " degrees of freedom, chi2 " << chi2);
  REQUIRE(degrees >= 3);
  CHECK(chi2 < chi2_critical(degrees));
}

// The indices of the k largest values, in increasing order (ties: any).
inline std::vector<std::size_t> largest_k(const std::vector<double>& values, std::size_t k) {
  std::vector<std::size_t> order(values.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k), order.end(),
                    [&](std::size_t x, std::size_t y) { return values[x] > values[y]; });
  order.resize(k);
  std::sort(order.begin(), order.end());
  return order;
}

// The Kolmogorov–Smirnov statistic of `u` (sorted in place) against the uniform law on [0, 1].
inline double ks_uniform(std::vector<double>& u) {
  std::sort(u.begin(), u.end());
  const double n = static_cast<double>(u.size());
  double d = 0.0;
  for (std::size_t i = 0; i < u.size(); ++i)
    d = std::max({d, u[i] - static_cast<double>(i) / n, static_cast<double>(i + 1) / n - u[i]});
  return d;
}

// Its critical value at p = 1e-6 for n values: sqrt(-log(1e-6 / 2) / (2 n)).
inline double ks_critical(std::size_t n) { return std::sqrt(-std::log(0.5e-6) / (2.0 * static_cast<double>(n))); }

}  // namespace cpex::test
