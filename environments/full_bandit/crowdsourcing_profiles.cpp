// Simulated crowdsourcing profiles (see the header).
#include "crowdsourcing_profiles.hpp"

#include <algorithm>
#include <cctype>
#include <numeric>

#include "cpex/errors.hpp"

namespace cpex::environments {

const std::vector<CrowdsourcingProfile>& crowdsourcing_profiles() {
  static const std::vector<CrowdsourcingProfile> rows = {
      {"IT", 36, 0.54, 0.84, 0.04},      {"Medicine", 45, 0.48, 0.92, 0.03},
      {"Chinese", 50, 0.37, 0.79, 0.04}, {"Pokemon", 55, 0.28, 1.00, 0.05},
      {"English", 63, 0.26, 0.70, 0.03}, {"Science", 111, 0.29, 0.85, 0.05}};
  return rows;
}

namespace {
std::string folded(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    // "é" (UTF-8 C3 A9 or C3 89) folds to 'e'.
    if (static_cast<unsigned char>(s[i]) == 0xC3 && i + 1 < s.size() &&
        (static_cast<unsigned char>(s[i + 1]) == 0xA9 || static_cast<unsigned char>(s[i + 1]) == 0x89)) {
      out += 'e';
      ++i;
      continue;
    }
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(s[i])));
  }
  return out;
}
}  // namespace

const CrowdsourcingProfile& find_crowdsourcing_profile(const std::string& name) {
  std::string names;
  for (const auto& row : crowdsourcing_profiles()) {
    if (folded(row.name) == folded(name)) return row;
    names += (names.empty() ? "" : ", ") + std::string(row.name);
  }
  throw ParameterError("profile", "unknown crowdsourcing profile '" + name + "'; the profiles are " + names);
}

std::vector<double> crowdsourcing_accuracies(const CrowdsourcingProfile& profile, std::size_t k,
                                             RandomStream& rng) {
  const std::size_t n = profile.workers;
  const double a = profile.average, b = profile.best, gap = profile.delta_min;
  if (k < 2 || k + 2 > n)
    throw ParameterError("k", "k = " + std::to_string(k) + " must satisfy 2 <= k <= n - 2 for profile " +
                                  profile.name + " (n = " + std::to_string(n) + ")");
  const double nd = static_cast<double>(n), kd = static_cast<double>(k);
  for (int attempt = 0; attempt < 1000; ++attempt) {
    std::vector<double> w(k - 2);
    for (double& x : w) x = rng.uniform01();
    const double total_w = std::accumulate(w.begin(), w.end(), 0.0);
    // Sum of the rest as a function of m: n a - b (1 + W) + gap - m (k - W); it must lie in
    // [0, (n - k - 1)(m - gap)].
    const double lo = std::max(gap, (nd * a - b * (1.0 + total_w) + (nd - kd) * gap) / (nd - 1.0 - total_w));
    const double hi = std::min(b, (nd * a - b * (1.0 + total_w) + gap) / (kd - total_w));
    if (!(lo <= hi)) continue;
    const double m = lo + (hi - lo) * (0.25 + 0.5 * rng.uniform01());
    std::vector<double> theta;
    theta.reserve(n);
    theta.push_back(b);
    for (double x : w) theta.push_back(m + (b - m) * x);
    theta.push_back(m);
    const double ceiling = m - gap;
    theta.push_back(ceiling);
    const std::size_t rest = n - k - 1;
    const double rest_sum = nd * a - std::accumulate(theta.begin(), theta.end(), 0.0);
    const double target = rest_sum / (static_cast<double>(rest) * ceiling);  // mean of rest / ceiling
    std::vector<double> raw(rest);
    for (double& x : raw) x = rng.uniform01();
    const double raw_mean = std::accumulate(raw.begin(), raw.end(), 0.0) / static_cast<double>(rest);
    for (double r : raw) {
      const double unit = target <= raw_mean ? r * target / raw_mean
                                             : 1.0 - (1.0 - r) * (1.0 - target) / (1.0 - raw_mean);
      theta.push_back(ceiling * std::clamp(unit, 0.0, 1.0));
    }
    for (std::size_t i = n - 1; i > 0; --i) std::swap(theta[i], theta[rng.below(i + 1)]);
    return theta;
  }
  throw ParameterError("k", std::string("profile ") + profile.name + " admits no instance with k = " +
                                std::to_string(k) + " (average, best and Delta_min are incompatible)");
}

}  // namespace cpex::environments
