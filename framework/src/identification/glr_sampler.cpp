// The shared part of the GLR samplers: problem, statistics, initial pass, stopping rule.
#include "cpex/identification/glr_sampler.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "cpex/errors.hpp"

namespace cpex::identification {

namespace {

// Top-m's check and best responses by the best-arm tree from this many arms (start()).
constexpr std::size_t kTreeTopMArms = 256;

// Below this the MLE variance of a Gaussian arm of unknown variance is taken as this (two
// equal rewards; the authors' code floors it the same way).
constexpr double kMinimumVariance = 1e-10;

// The elimination stopping check: certifies every uncertified piece above its threshold and
// keeps the least of the others (LeastPiece), and the least value computed (the trace).
class Certifier final : public LeastPiece {
 public:
  Certifier(CertifiedPieces& certified, const Decision& answer, numerics::BestResponse& out,
            std::span<const double> offsets)
      : LeastPiece(answer, out, offsets, {}), certified_(certified), answer_(answer), offsets_(offsets) {}

  bool wanted(std::size_t, std::span<const std::size_t> arms) override { return !certified_.certified(answer_, arms); }
  void visit(const numerics::PieceView& piece) override {
    least_value = std::min(least_value, piece.value);
    const std::size_t size = piece.arms.size();
    if (piece.value - (size < offsets_.size() ? offsets_[size] : 0.0) > 0.0)
      certified_.certify(answer_, piece.arms);
    else
      LeastPiece::visit(piece);
  }

  double least_value = std::numeric_limits<double>::infinity();

 private:
  CertifiedPieces& certified_;
  const Decision& answer_;
  std::span<const double> offsets_;
};

}  // namespace

void add_glr_parameters(ParamSchema& schema) {
  schema.target_error(0.05, "confidence: error probability at most delta")
      .choice("threshold", "gk-experiments", {"gk-experiments", "gk-theorem", "kk2021"},
              "GLR stopping threshold: gk-experiments log((log t + 1)/delta) (Garivier & Kaufmann 2016 "
              "§6); gk-theorem log(2tN/delta), N pieces of the alternative (their Thm 10); kk2021 "
              "Kaufmann & Koolen 2021's calibration s T(log(N/delta)/s) + 3s log(1 + log(t/s)) for a "
              "piece moving s arms")
      .accuracy(0.0,
                "accuracy: an epsilon-good arm (mu_i >= max mu - epsilon; relative with the top-k oracle's "
                "epsilon-rule = relative) instead of the best; top-k with k = 1 only")
      .choice("elimination", "none", {"none", "stopping", "sampling"},
              "Tirinzoni & Degenne 2022: none (GLR stopping); stopping (stop once every piece of the "
              "answer's alternative was certified at some round, keeping certificates); sampling (also "
              "restrict the sampling rule's best responses to the uncertified pieces)");
}

AlgorithmNeeds glr_sampler_needs() {
  // Anytime: the sampling rules never use delta; in an anytime run (a budget or checkpoints,
  // AlgorithmContext::anytime) the stopping rule is skipped and the empirical answer is the
  // recommendation at every t.
  // Multi-objective feedback is added by the samplers that run on vector-valued arms
  // (register_with_linear's `multi_objective`, GlrSamplerExtras::needs).
  return {.feedback = {FeedbackKind::SingleArm},
          .oracles = {{"oracle", 0u}},
          .settings = kFixedConfidence | kAnytime,
          .rewards = RewardRequirement::families_of({RewardFamily::Gaussian, RewardFamily::Bernoulli,
                                                     RewardFamily::Poisson, RewardFamily::Exponential,
                                                     RewardFamily::GaussianUnknownVariance})};
}

GlrSampler::GlrSampler(const ParamValues& p, std::string name)
    : name_(std::move(name)),
      delta_(p.real("delta")),
      epsilon_(p.real("epsilon")),
      elimination_(parse_elimination(p.text("elimination"))) {
  numerics::parse_stopping_threshold(p.text("threshold"), threshold_);
}

void GlrSampler::start(const AlgorithmContext& context) {
  const Problem& problem = *context.problem;
  try {
    setup_ = numerics::make_identification(problem, *context.oracles.front(), context.oracle_capabilities.front(),
                                           epsilon_);
  } catch (const std::invalid_argument& e) {
    throw ParameterError("plugin", name_ + " cannot pose this pipeline's identification problem: " + e.what());
  }
  families_ = setup_.families;
  trace_ = context.trace;
  anytime_ = context.anytime;
  const std::size_t n = problem.num_arms;
  objectives_ = setup_.problem->objectives();
  if (objectives_ > 1 && elimination_ != Elimination::None)
    throw ParameterError("elimination", name_ + ": elimination = " + std::string(to_string(elimination_)) +
                                            " certifies pieces by pair statements, which the " +
                                            setup_.problem->name() + " problem does not make (use none)");
  stats_.reset(n);
  means_.assign(n * objectives_, 0.0);
  counts_.assign(n, 0.0);
  squares_.assign(n, 0.0);
  initial_pulls_ = setup_.unknown_variance ? 2 : 1;
  initial_next_ = 0;
  cached_pieces_ = 0;
  answer_ = Decision{};
  // Pair statements form an order unless they carry an epsilon (elimination.hpp).
  certified_.reset(elimination_ == Elimination::None ? 0 : n, epsilon_ == 0.0);
  active_ = std::make_unique<ActivePieces>(*setup_.problem, certified_);
  // TopM's best arm and top-m (their pieces are pair_transport's; an epsilon-good arm's are
  // not); top-m from kTreeTopMArms arms: below, one search per answer arm costs more than the
  // problem's vector passes (top-5 of 10 arms: 0.3 -> 1.3 us a round; of 1,000: 16 -> 3 us).
  const std::size_t m = numerics::top_m_of(*setup_.problem);
  tree_serves_ = objectives_ == 1 && m >= 1 && m < n && m <= numerics::BestArmTree::kMostInside &&
                 (m == 1 || n >= kTreeTopMArms) && numerics::BestArmTree::serves(families_);
  tree_.clear();
  begin(context);
}

bool GlrSampler::answer_is_strict(Decision& scratch) const {
  if (tree_.built()) {
    const std::size_t m = numerics::top_m_of(*setup_.problem);
    if (m == 1) return tree_.leader_unique();
    std::array<std::size_t, numerics::BestArmTree::kMostInside + 1> order;
    tree_.top(std::span<std::size_t>(order.data(), m + 1));
    return means_[order[m - 1]] > means_[order[m]];
  }
  return setup_.problem->answer(means_, scratch);
}

void GlrSampler::answer_from_tree() {
  const std::size_t m = numerics::top_m_of(*setup_.problem);
  answer_.values.clear();
  if (m == 1) {
    answer_.arms.assign(1, tree_.leader());  // TopM::answer's argmax, ties to the smallest arm
    return;
  }
  // TopM::answer's: the first m arms of the stable order by mean, in increasing index.
  std::array<std::size_t, numerics::BestArmTree::kMostInside + 1> order;
  tree_.top(std::span<std::size_t>(order.data(), m));
  answer_.arms.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(m));
  std::sort(answer_.arms.begin(), answer_.arms.end());
}

bool GlrSampler::next(Action& action) {
  const std::size_t n = counts_.size();
  if (initial_next_ < initial_pulls_ * n) {
    action.arm = initial_next_++ % n;
    return true;
  }
  const std::uint64_t t = stats_.total();
  if (tree_serves_) {
    if (!tree_.built()) tree_.build(families_.front(), counts_, means_);
    answer_from_tree();
  } else {
    setup_.problem->answer(means_, answer_);
  }
  update_offsets(t);
  if (elimination_ != Elimination::None) {
    if (eliminate() && !anytime_) return false;
    action.arm = sample(t);
    return true;
  }
  if (setup_.problem->pieces_of_one_size(answer_)) {
    // One threshold for every piece: the least Z_p against it (the same stop, and the same
    // closest piece as without a threshold); for the best arm from the tree.
    if (tree_answers(answer_))
      tree_.closest_outside(answer_.arms, false, stop_);
    else
      setup_.problem->best_response(counts_, means_, families_, answer_, stop_);
    stop_.margin =
        stop_.value - offsets_[std::min(std::max<std::size_t>(stop_.arms.size() * objectives_, 1), offsets_.size() - 1)];
  } else {
    setup_.problem->best_response(counts_, means_, families_, answer_, stop_, offsets_);
  }
  if (trace_) {
    trace_->record("glr", stop_.value);
    trace_->record("threshold", offsets_[std::min(stop_.arms.size() * objectives_, offsets_.size() - 1)]);
  }
  if (stop_.margin > 0.0 && !anytime_) return false;
  action.arm = sample(t);
  return true;
}

bool GlrSampler::eliminate() {
  // A certificate added late in the pass can certify, by transitivity, a piece met earlier:
  // pass again until the least piece kept is still uncertified.
  for (;;) {
    const std::uint64_t before = certified_.version();
    Certifier check(certified_, answer_, stop_, offsets_);
    setup_.problem->for_each_piece(counts_, means_, families_, answer_, check);
    const bool done = !check.found();
    if (done || certified_.version() == before || !certified_.certified(answer_, stop_.arms)) {
      if (trace_) {
        trace_->record("glr", check.least_value);
        trace_->record("threshold", offsets_[std::min(stop_.arms.size(), offsets_.size() - 1)]);
      }
      return done;
    }
  }
}

void GlrSampler::update_offsets(std::uint64_t t) {
  // Indexed by the values a piece moves: its arms times the objectives of vector-valued arms
  // (each objective of a moved arm is one more deviation in the threshold's union).
  const std::size_t pieces = setup_.problem->pieces(answer_);
  const std::size_t largest = setup_.problem->largest_piece(answer_) * objectives_;
  offsets_.resize(largest + 1);
  if (threshold_ != numerics::StoppingThreshold::Kk2021) {
    const double beta = numerics::stopping_threshold(threshold_, t, delta_, pieces, 1);
    std::fill(offsets_.begin(), offsets_.end(), beta);
    return;
  }
  // Kaufmann & Koolen: s T(log(N/delta)/s), computed once per number of pieces, plus the
  // time part 3 s log(1 + log(t/s)).
  if (cached_pieces_ != pieces || calibration_.size() != largest + 1) {
    calibration_.assign(largest + 1, 0.0);
    for (std::size_t s = 1; s <= largest; ++s) {
      const double size = static_cast<double>(s);
      calibration_[s] = size * numerics::kk_calibration(std::log(static_cast<double>(pieces) / delta_) / size);
    }
    cached_pieces_ = pieces;
  }
  const double samples = static_cast<double>(t);
  for (std::size_t s = 1; s <= largest; ++s) {
    const double size = static_cast<double>(s);
    offsets_[s] = calibration_[s] + 3.0 * size * std::log1p(std::log(std::max(1.0, samples / size)));
  }
  offsets_[0] = offsets_.size() > 1 ? offsets_[1] : 0.0;
}

void GlrSampler::observe(const Action& action, const Observation& observation) {
  const std::size_t a = action.arm;
  if (objectives_ > 1) {
    // One reward per objective: the running means of arm a's objectives.
    stats_.add(a, observation.reward);
    counts_[a] = static_cast<double>(stats_.count(a));
    for (std::size_t d = 0; d < objectives_; ++d) {
      double& mean = means_[a * objectives_ + d];
      mean += (observation.per_arm[d] - mean) / counts_[a];
    }
    return;
  }
  const double previous = means_[a];
  stats_.add(a, observation.reward);
  means_[a] = stats_.mean(a);
  counts_[a] = static_cast<double>(stats_.count(a));
  if (tree_.built()) tree_.update(a, counts_[a], means_[a]);
  if (setup_.unknown_variance) {
    // Welford: the sum of squared deviations from the running mean.
    squares_[a] += (observation.reward - previous) * (observation.reward - means_[a]);
    const double variance = std::max(squares_[a] / counts_[a], kMinimumVariance);
    families_[a] = numerics::ArmFamily::gaussian_unknown_variance(variance);
  }
}

Recommendation GlrSampler::recommend() const {
  Recommendation answer;
  setup_.problem->answer(means_, answer.decision);
  answer.epsilon = epsilon_;
  return answer;
}

const numerics::BestResponse& GlrSampler::closest(std::span<const double> penalties) {
  return closest_to(answer_, penalties);
}

const numerics::BestResponse& GlrSampler::closest_to(const Decision& answer, std::span<const double> penalties) {
  if (penalties.empty() && tree_answers(answer))
    tree_.closest_outside(answer.arms, false, closest_);
  else
    problem().best_response(counts_, means_, families_, answer, closest_, {}, penalties);
  return closest_;
}

const numerics::BestResponse& GlrSampler::closest_with_log_counts(const Decision& answer) {
  if (tree_answers(answer)) {
    tree_.closest_outside(answer.arms, true, closest_);
    return closest_;
  }
  log_counts_.resize(counts_.size());
  for (std::size_t a = 0; a < counts_.size(); ++a) log_counts_[a] = std::log(counts_[a]);
  return closest_to(answer, log_counts_);
}

const numerics::BestResponse& GlrSampler::least_piece() {
  // The stopping check's best response is the sampler's when it saw the same pieces.
  const bool same = elimination_ != Elimination::Stopping;
  return same && setup_.problem->pieces_of_one_size(answer_) ? stop_ : closest();
}

std::vector<std::pair<std::string, ParamValue>> GlrSampler::resolved() const {
  // The keys of the best-arm samplers as they were before the identification problems (the
  // same `resolved` column for the best arm); epsilon and the query only when they say more.
  std::vector<std::pair<std::string, ParamValue>> out = {{"delta", delta_},
                                                         {"threshold", std::string(numerics::to_string(threshold_))}};
  if (epsilon_ > 0.0) out.emplace_back("epsilon", epsilon_);
  if (elimination_ != Elimination::None) out.emplace_back("elimination", std::string(to_string(elimination_)));
  for (auto& entry : own_resolved()) out.push_back(std::move(entry));
  out.emplace_back("family", std::string(families_.empty() ? "" : families_.front().name()));
  if (setup_.problem && setup_.problem->name() != "best arm") out.emplace_back("query", setup_.problem->name());
  return out;
}

}  // namespace cpex::identification
