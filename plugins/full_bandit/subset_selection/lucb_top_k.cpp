// LUCB-Subroutine: LUCB1 of Kalyanakrishnan et al. (2012) for top-m
// (see top_k_subroutine.hpp for the constants), with the shared LUCB1 radius.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "cpex/numerics/confidence.hpp"
#include "top_k_subroutine.hpp"

namespace cpex::full_bandit {
namespace {

class LucbTopK final : public TopKSubroutine {
 public:
  explicit LucbTopK(const SubroutineSettings& s) : s_(s), sum_(s.ground, 0.0), count_(s.ground, 0), order_(s.ground) {}

  bool next(std::size_t& position) override {
    if (done_) return false;
    if (initial_ < s_.ground) {
      position = initial_;
      return true;
    }
    if (queued_ == 0) {
      if (round()) {
        done_ = true;
        return false;
      }
      queued_ = 2;
    }
    position = queue_[2 - queued_];
    return true;
  }

  void observe(std::size_t position, double reward) override {
    sum_[position] += reward;
    ++count_[position];
    if (initial_ < s_.ground) {
      ++initial_;
      return;
    }
    --queued_;
    if (queued_ == 0) ++t_;
  }

  std::vector<std::size_t> result() const override {
    std::vector<std::size_t> top(order_.begin(), order_.begin() + static_cast<std::ptrdiff_t>(s_.m));
    std::sort(top.begin(), top.end());
    return top;
  }

 private:
  double mean(std::size_t p) const { return sum_[p] / static_cast<double>(count_[p]); }
  double beta(std::size_t p, double log_term) const {
    return numerics::lucb1_radius(static_cast<double>(count_[p]), log_term, s_.sigma);
  }
  // One LUCB1 round: returns true to stop, else queues h and l.
  bool round() {
    std::iota(order_.begin(), order_.end(), std::size_t{0});
    std::stable_sort(order_.begin(), order_.end(), [this](std::size_t a, std::size_t b) { return mean(a) > mean(b); });
    const double log_term = numerics::lucb1_log_term(s_.ground, t_, s_.delta);
    std::size_t h = order_[0], l = order_[s_.m];
    double lowest = mean(h) - beta(h, log_term), highest = mean(l) + beta(l, log_term);
    for (std::size_t i = 1; i < s_.m; ++i)
      if (const double v = mean(order_[i]) - beta(order_[i], log_term); v < lowest) lowest = v, h = order_[i];
    for (std::size_t i = s_.m + 1; i < s_.ground; ++i)
      if (const double v = mean(order_[i]) + beta(order_[i], log_term); v > highest)
        highest = v, l = order_[i];
    if (highest - lowest < s_.epsilon) return true;
    queue_[0] = h;
    queue_[1] = l;
    return false;
  }

  SubroutineSettings s_;
  std::vector<double> sum_;
  std::vector<std::uint64_t> count_;
  std::vector<std::size_t> order_;
  std::size_t initial_ = 0, queued_ = 0, queue_[2] = {0, 0};
  std::uint64_t t_ = 1;
  bool done_ = false;
};

}  // namespace

std::unique_ptr<TopKSubroutine> make_lucb(const SubroutineSettings& settings) {
  return std::make_unique<LucbTopK>(settings);
}

}  // namespace cpex::full_bandit
