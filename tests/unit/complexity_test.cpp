// The complexity measures of `cpex hardness`, in cpex-numerics: the Best-K gaps against the
// CPE-L gaps through a top-k oracle (random means with ties), the CPE-CS radii of an
// instance known in closed form, and the full-bandit H_eps by hand.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "cpex/numerics/consistency_radii.hpp"
#include "cpex/numerics/cpe_gaps.hpp"
#include "cpex/numerics/full_bandit_hardness.hpp"

using namespace cpex;

namespace {

// All k-subsets; the k largest weights, ties to the smaller index; one exchange for the
// second best (written here independently of the plugin).
class TopK final : public Oracle {
 public:
  explicit TopK(std::size_t k) : k_(k) {}
  void bind(const Problem&) override {}
  void maximize(std::span<const double> w, Decision& out) const override {
    std::vector<std::size_t> order(w.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return w[a] > w[b]; });
    out.arms.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k_));
    std::sort(out.arms.begin(), out.arms.end());
  }
  bool second_best(std::span<const double> w, const Decision& excluded, Decision& out) const override {
    maximize(w, out);
    if (out.arms != excluded.arms) return true;
    std::size_t weakest = out.arms.front(), strongest = w.size();
    for (std::size_t a : out.arms)
      if (w[a] <= w[weakest]) weakest = a;
    for (std::size_t a = 0; a < w.size(); ++a)
      if (!std::binary_search(out.arms.begin(), out.arms.end(), a) &&
          (strongest == w.size() || w[a] > w[strongest]))
        strongest = a;
    *std::find(out.arms.begin(), out.arms.end(), weakest) = strongest;
    std::sort(out.arms.begin(), out.arms.end());
    return true;
  }

 private:
  std::size_t k_;
};

}  // namespace

TEST_CASE("Best-K gaps equal the CPE-L gaps of the top-k class", "[complexity]") {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 200; ++trial) {
    const std::size_t n = 2 + rng() % 12, k = 1 + rng() % (n - 1);
    std::vector<double> means(n);
    for (double& m : means) m = static_cast<double>(rng() % 7) / 8.0;  // ties are common
    const TopK oracle(k);
    const std::vector<double> expected = numerics::cpe_gaps(oracle, means);
    const std::vector<double> gaps = numerics::top_k_gaps(means, k);
    INFO("n = " << n << ", k = " << k);
    for (std::size_t i = 0; i < n; ++i) CHECK(gaps[i] == Approx(expected[i]).margin(1e-12));
  }
  // By hand: 0.9, 0.6, 0.5, 0.1 with k = 2: 0.9 - 0.5, 0.6 - 0.5, 0.6 - 0.5, 0.6 - 0.1.
  const std::vector<double> means = {0.9, 0.6, 0.5, 0.1};
  const auto gaps = numerics::top_k_gaps(means, 2);
  CHECK(gaps == std::vector<double>{0.9 - 0.5, 0.6 - 0.5, 0.6 - 0.5, 0.6 - 0.1});
}

TEST_CASE("CPE-CS consistency radii of a top-1 instance", "[complexity]") {
  // The best of 0.9, 0.6, 0.5, 0.1 changes when two means meet halfway: Lambda = (0.15,
  // 0.15, 0.2, 0.4); H_Lambda = 2 / 0.15^2 + 1 / 0.2^2 + 1 / 0.4^2; H^U = 4 / 0.15^2.
  const std::vector<double> theta = {0.9, 0.6, 0.5, 0.1};
  const auto r = numerics::consistency_radii(TopK(1), theta);
  REQUIRE(r.lambda.size() == 4);
  CHECK(r.lambda[0] == Approx(0.15).epsilon(1e-12));
  CHECK(r.lambda[1] == Approx(0.15).epsilon(1e-12));
  CHECK(r.lambda[2] == Approx(0.2).epsilon(1e-12));
  CHECK(r.lambda[3] == Approx(0.4).epsilon(1e-12));
  CHECK(r.h == Approx(2 / 0.0225 + 1 / 0.04 + 1 / 0.16).epsilon(1e-9));
  CHECK(r.h_upper == Approx(4 / 0.0225).epsilon(1e-9));
  // One arm only: always consistent, both measures 0.
  const auto single = numerics::consistency_radii(TopK(1), std::vector<double>{0.5});
  CHECK(std::isinf(single.lambda[0]));
  CHECK(single.h == 0.0);
  CHECK(single.h_upper == 0.0);
}

TEST_CASE("Full-bandit H_eps = n / (Delta_min + eps)^2", "[complexity]") {
  const std::vector<double> theta = {1.0, 0.8, 0.5, 0.2};  // k = 2: 1.8 against 1.5
  const auto h = numerics::full_bandit_hardness(TopK(2), theta, 0.1);
  CHECK(h.delta_min == Approx(0.3).epsilon(1e-12));
  CHECK(h.rho == 4.0);
  CHECK(h.h == Approx(4.0 / 0.16).epsilon(1e-12));
  const auto tie = numerics::full_bandit_hardness(TopK(2), std::vector<double>{1.0, 0.5, 0.5, 0.2}, 0.0);
  CHECK(tie.delta_min == 0.0);
  CHECK(std::isinf(tie.h));
}
