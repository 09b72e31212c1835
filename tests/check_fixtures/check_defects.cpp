// Planted-defect plugins for `cpex check`, each with one known defect the
// harness must name, plus a correct control:
//   fixture-uniform         uniform sampling with an anytime union-bound width (correct)
//   fixture-narrow-radius   the same with the width 0.5x too narrow (delta-correct fails)
//   fixture-thread-stream   random arm choices from a thread_local generator, so rows
//                           depend on which thread ran them (threads fails)
//   fixture-unranged        a real parameter declared without a range (parameter-schema fails)
//   fixture-ties-oracle     a top-k oracle that takes the k largest *distinct* weights, wrong
//                           when weights tie (maximize fails)
//   fixture-unserved        the correct control asking for a second oracle role, which no
//                           conformance suite gives: the suite row fails (naming the missing
//                           suite) and every later check is still a row (skipped)
#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "cpex/capabilities.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "sorting_top_k.hpp"

namespace {

using namespace cpex;

// Samples arms (in turn, or at random from a thread_local generator) and stops when the k
// best empirical means lead the others by the width below.
class Uniform : public Algorithm {
 public:
  Uniform(double delta, double scale, bool thread_random) : delta_(delta), scale_(scale), random_(thread_random) {}
  void start(const AlgorithmContext& context) override {
    n_ = context.problem->num_arms;
    k_ = std::max<std::size_t>(1, context.oracles.front()->decision_size());
    sigma_ = context.problem->noise_sigma;
    sums_.assign(n_, 0.0);
    counts_.assign(n_, 0);
    pulls_ = 0;
  }
  bool next(Action& action) override {
    if (pulls_ >= n_ && separated()) return false;
    if (random_) {
      thread_local std::mt19937_64 generator(12345);  // the defect: not the run's stream
      action.arm = generator() % n_;
    } else {
      action.arm = pulls_ % n_;
    }
    return true;
  }
  void observe(const Action& action, const Observation& observation) override {
    sums_[action.arm] += observation.reward;
    ++counts_[action.arm];
    ++pulls_;
  }
  Recommendation recommend() const override {
    Recommendation r;
    const auto order = ranked();
    r.decision.arms.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k_));
    std::sort(r.decision.arms.begin(), r.decision.arms.end());
    return r;
  }

 private:
  double mean(std::size_t i) const { return counts_[i] ? sums_[i] / static_cast<double>(counts_[i]) : 0.0; }
  std::vector<std::size_t> ranked() const {
    std::vector<std::size_t> order(n_);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return mean(a) > mean(b); });
    return order;
  }
  // The empirical gap between the k-th and the (k+1)-th mean against the width of the
  // difference of two means after t samples each: scale * sigma * sqrt(4 log(4 n t^2 / delta) / t)
  // (a union bound over arm pairs and t: at scale 1 wrong with probability <= delta).
  bool separated() const {
    const auto order = ranked();
    std::uint64_t t = counts_[0];
    for (auto c : counts_) t = std::min(t, c);
    if (t == 0) return false;
    const double n = static_cast<double>(n_), u = static_cast<double>(t);
    const double width = scale_ * sigma_ * std::sqrt(4.0 * (std::log(n * n / delta_) + 3.0 * std::log(1.0 + std::log(u))) / u);
    return mean(order[k_ - 1]) - mean(order[k_]) > width;
  }

  double delta_, scale_;
  bool random_;
  std::size_t n_ = 0, k_ = 1;
  double sigma_ = 1.0;
  std::vector<double> sums_;
  std::vector<std::uint64_t> counts_;
  std::uint64_t pulls_ = 0;
};

// Top-k by distinct values: the defect is that tied weights count once.
class TiesOracle : public test::SortingTopK {
 public:
  using SortingTopK::SortingTopK;
  void maximize(std::span<const double> w, Decision& out) const override {
    const auto order = by_weight(w);
    out.arms.clear();
    out.values.clear();
    for (std::size_t j = 0; j < order.size() && out.arms.size() < k_; ++j)
      if (j == 0 || w[order[j]] != w[order[j - 1]]) out.arms.push_back(order[j]);
    for (std::size_t j = 0; out.arms.size() < k_; ++j)  // fill up with the lowest arms left
      if (std::find(out.arms.begin(), out.arms.end(), order[order.size() - 1 - j]) == out.arms.end())
        out.arms.push_back(order[order.size() - 1 - j]);
    std::sort(out.arms.begin(), out.arms.end());
  }
};

ParamSchema uniform_schema() {
  ParamSchema s;
  s.target_error(0.05, "confidence parameter: error probability at most delta");
  return s;
}

const AlgorithmNeeds kNeeds{.feedback = {FeedbackKind::SingleArm},
                            .oracles = {{"oracle", kLinearMaximization | kCardinality}}};

void register_check_defects(Registry& registry) {
  register_algorithm(registry, {"fixture-uniform", "check fixture: uniform sampling, union-bound radius", "1.0"},
                     kNeeds, uniform_schema(), [](const ParamValues& p) -> std::unique_ptr<Algorithm> {
                       return std::make_unique<Uniform>(p.real("delta"), 1.0, false);
                     });
  ParamSchema narrow = uniform_schema();
  narrow.real("scale", 0.5, Range::open(0.0, 10.0), "width scale (the defect: 0.5)");
  register_algorithm(registry, {"fixture-narrow-radius", "check fixture: radius 0.5x too narrow", "1.0"},
                     kNeeds, narrow, [](const ParamValues& p) -> std::unique_ptr<Algorithm> {
                       return std::make_unique<Uniform>(p.real("delta"), p.real("scale"), false);
                     });
  register_algorithm(registry, {"fixture-thread-stream", "check fixture: thread-dependent random stream", "1.0"},
                     kNeeds, uniform_schema(), [](const ParamValues& p) -> std::unique_ptr<Algorithm> {
                       return std::make_unique<Uniform>(p.real("delta"), 1.0, true);
                     });
  ParamSchema unranged = uniform_schema();
  unranged.real("scale", 1.0, Range::any(), "radius scale");
  register_algorithm(registry, {"fixture-unranged", "check fixture: a parameter without a range", "1.0"},
                     kNeeds, unranged, [](const ParamValues& p) -> std::unique_ptr<Algorithm> {
                       return std::make_unique<Uniform>(p.real("delta"), std::max(p.real("scale"), 1.0), false);
                     });
  register_algorithm(registry, {"fixture-unserved", "check fixture: needs no suite serves", "1.0"},
                     {.feedback = {FeedbackKind::SingleArm},
                      .oracles = {kNeeds.oracles.front(), {"helper", kLinearMaximization}}},
                     uniform_schema(),
                     [](const ParamValues& p) -> std::unique_ptr<Algorithm> {
                       return std::make_unique<Uniform>(p.real("delta"), 1.0, false);
                     });
  ParamSchema k;
  k.integer("k", 2, Range::at_least(1), "decision size");
  register_oracle(registry, {"fixture-ties-oracle", "check fixture: top-k wrong on ties", "1.0"},
                  kLinearMaximization | kCardinality, k,
                  std::function<std::unique_ptr<Oracle>(const ParamValues&)>(
                      [](const ParamValues& p) -> std::unique_ptr<Oracle> {
                        return std::make_unique<TiesOracle>(static_cast<std::size_t>(p.integer("k")));
                      }));
}

}  // namespace

CPEX_PLUGIN(register_check_defects)
