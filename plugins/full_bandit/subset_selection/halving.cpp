// ME-Subroutine: the Halving algorithm of Kalyanakrishnan & Stone (2010) for top-m
// (see top_k_subroutine.hpp for the constants).
#include <algorithm>
#include <cmath>
#include <numeric>

#include "top_k_subroutine.hpp"

namespace cpex::full_bandit {
namespace {

class Halving final : public TopKSubroutine {
 public:
  explicit Halving(const SubroutineSettings& s) : s_(s), sum_(s.ground, 0.0) {
    survivors_.resize(s.ground);
    std::iota(survivors_.begin(), survivors_.end(), std::size_t{0});
    eps_ = s.epsilon / 4.0;
    delta_ = s.delta / 2.0;
    begin_round();
  }

  bool next(std::size_t& position) override {
    if (survivors_.size() <= s_.m) return false;
    position = survivors_[cursor_];
    return true;
  }

  void observe(std::size_t position, double reward) override {
    sum_[position] += reward;
    if (++taken_ < per_arm_) return;
    taken_ = 0;
    if (++cursor_ < survivors_.size()) return;
    // End of round: keep the max(m, ceil(|S| / 2)) best round means (ties: smaller position).
    const std::size_t keep = std::max(s_.m, (survivors_.size() + 1) / 2);
    std::stable_sort(survivors_.begin(), survivors_.end(),
                     [this](std::size_t a, std::size_t b) { return sum_[a] > sum_[b]; });
    survivors_.resize(keep);
    std::sort(survivors_.begin(), survivors_.end());
    eps_ *= 0.75;
    delta_ /= 2.0;
    begin_round();
  }

  std::vector<std::size_t> result() const override { return survivors_; }

 private:
  void begin_round() {
    for (std::size_t p : survivors_) sum_[p] = 0.0;
    cursor_ = 0;
    taken_ = 0;
    const double count = 8.0 * s_.sigma * s_.sigma / (eps_ * eps_) * std::log(3.0 * static_cast<double>(s_.m) / delta_);
    per_arm_ = static_cast<std::uint64_t>(std::clamp(std::ceil(count), 1.0, 1e18));  // no UB for a tiny eps
  }

  SubroutineSettings s_;
  std::vector<std::size_t> survivors_;
  std::vector<double> sum_;
  double eps_, delta_;
  std::uint64_t per_arm_ = 1, taken_ = 0;
  std::size_t cursor_ = 0;
};

}  // namespace

std::unique_ptr<TopKSubroutine> make_halving(const SubroutineSettings& settings) {
  return std::make_unique<Halving>(settings);
}

}  // namespace cpex::full_bandit
