// `kl-racing`: KL-Racing of Kaufmann & Kalyanakrishnan (COLT 2013, §3), (epsilon, m)-optimal
// subset selection by uniform sampling and elimination, m = k of [oracle]. R = the arms
// still racing, S = the selected ones, m' = m - |S|. Round r samples every arm of R once
// (so each has r samples), then, with beta = beta(r, delta) (kl_rate.hpp: the racing rate
// log(k1 K r^alpha / delta) by default):
//   J = the m' arms of R with the highest empirical means, a_B = argmax_R mean,
//   a_W = argmin_R mean, u = argmax_{R \ J} U, l = argmin_J L;
//   select a_B   if U_u - L_{a_B} < epsilon  (a_B is confidently among the best m'),
//   discard a_W  if U_{a_W} - L_l < epsilon   (a_W is confidently outside them);
//   at most one arm leaves per round: when both tests pass, the one with the smaller
//   left-hand side (the wider margin; a tie selects a_B);
// the run stops when m' = 0 (the rest is discarded) or m' = |R| (the rest is selected),
// answering S. Arms are sampled in index order within a round; ties in J, a_B, a_W, u,
// l go to the smaller index (docs/algorithms/kl.md).
#include <algorithm>
#include <limits>
#include <numeric>

#include "cpex/arm_statistics.hpp"
#include "cpex/errors.hpp"
#include "cpex/numerics/kl_confidence.hpp"
#include "kl_rate.hpp"
#include "kl_register.hpp"

namespace cpex::bestk::kl {
namespace {

class KlRacing final : public Algorithm {
 public:
  explicit KlRacing(const ParamValues& params) : kl_(params, true) {}

  void start(const AlgorithmContext& context) override {
    const std::size_t n = context.problem->num_arms;
    m_ = kl_.start(context, "kl-racing");
    stats_.reset(n);
    racing_.resize(n);
    std::iota(racing_.begin(), racing_.end(), std::size_t{0});
    selected_.clear();
    position_ = 0;
    round_ = samples_ = 0;
    finished_ = false;
  }

  bool next(Action& action) override {
    while (!finished_) {
      if (position_ < racing_.size()) {
        action.arm = racing_[position_++];
        return true;
      }
      end_round();
      position_ = 0;
    }
    return false;
  }

  void observe(const Action& action, const Observation& observation) override {
    stats_.add(action.arm, observation.reward);
    ++samples_;
  }

  Recommendation recommend() const override {
    Recommendation answer;
    answer.epsilon = kl_.epsilon;
    std::vector<std::size_t> order = racing_;
    rank(order);
    std::vector<std::size_t> arms = selected_;
    arms.insert(arms.end(), order.begin(), order.begin() + static_cast<std::ptrdiff_t>(m_ - selected_.size()));
    std::sort(arms.begin(), arms.end());
    answer.decision.arms = std::move(arms);
    return answer;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override { return kl_.resolved(); }

 private:
  // Highest empirical mean first (unsampled arms last), ties to the smaller index.
  void rank(std::vector<std::size_t>& arms) const {
    auto mean = [&](std::size_t a) {
      return stats_.count(a) ? stats_.mean(a) : -std::numeric_limits<double>::infinity();
    };
    std::stable_sort(arms.begin(), arms.end(), [&](std::size_t a, std::size_t b) {
      return mean(a) > mean(b) || (mean(a) == mean(b) && a < b);
    });
  }

  double upper(std::size_t a, double beta) const {
    return numerics::kl_upper_bound(kl_.families[a], stats_.mean(a), static_cast<double>(stats_.count(a)), beta);
  }
  double lower(std::size_t a, double beta) const {
    return numerics::kl_lower_bound(kl_.families[a], stats_.mean(a), static_cast<double>(stats_.count(a)), beta);
  }

  void end_round() {
    const double beta = kl_.rate(++round_, samples_);
    std::vector<std::size_t> order = racing_;
    rank(order);
    const std::size_t wanted = m_ - selected_.size();  // 0 < wanted < |R| here
    double max_upper_out = -std::numeric_limits<double>::infinity();
    double min_lower_in = std::numeric_limits<double>::infinity();
    for (std::size_t r = 0; r < order.size(); ++r) {
      if (r < wanted) min_lower_in = std::min(min_lower_in, lower(order[r], beta));
      else max_upper_out = std::max(max_upper_out, upper(order[r], beta));
    }
    const std::size_t best = order.front(), worst = order.back();
    // One arm leaves per round: of the tests that pass, the one passed by the wider
    // margin (the smaller index); a tie selects.
    const double select = max_upper_out - lower(best, beta);
    const double discard = upper(worst, beta) - min_lower_in;
    if (std::min(select, discard) < kl_.epsilon) {
      if (select <= discard) {
        selected_.push_back(best);
        erase(best);
      } else {
        erase(worst);
      }
    }
    const std::size_t left = m_ - selected_.size();
    if (left == 0) {
      finished_ = true;
    } else if (left >= racing_.size()) {
      selected_.insert(selected_.end(), racing_.begin(), racing_.end());
      racing_.clear();
      finished_ = true;
    }
  }

  void erase(std::size_t arm) { racing_.erase(std::find(racing_.begin(), racing_.end(), arm)); }

  KlSettings kl_;
  std::size_t m_ = 1;
  ArmStatistics stats_;
  std::vector<std::size_t> racing_, selected_;  // racing_ in index order
  std::size_t position_ = 0;
  std::uint64_t round_ = 0, samples_ = 0;  // samples_: every arm's, so far (the gk2016 rate's t)
  bool finished_ = false;
};

}  // namespace

void register_kl_racing(Registry& registry) {
  register_algorithm<KlRacing>(registry,
                               {"kl-racing",
                                "KL-Racing (Kaufmann & Kalyanakrishnan 2013): uniform sampling, "
                                "KL-bound elimination, top-k"},
                               kl_needs(), kl_schema());
}

}  // namespace cpex::bestk::kl
