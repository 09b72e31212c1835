// The identification problem facade: posing it (from a pipeline or from names) and asking the
// numerics for answers, GLR statistics, T*(mu) and thresholds.
#include "cpex/identification/posed_problem.hpp"

#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

#include "cpex/numerics/identification_factory.hpp"
#include "cpex/numerics/stopping_thresholds.hpp"

namespace cpex::identification {

namespace {

// Collects every piece of the alternative with its cost.
class EveryPiece final : public numerics::PieceVisitor {
 public:
  explicit EveryPiece(std::vector<PieceCost>& out) : out_(out) {}
  bool wanted(std::size_t, std::span<const std::size_t>) override { return true; }
  void visit(const numerics::PieceView& piece) override {
    out_.push_back({piece.index, {piece.arms.begin(), piece.arms.end()}, {piece.point.begin(), piece.point.end()},
                    piece.value});
  }

 private:
  std::vector<PieceCost>& out_;
};

void check_size(std::span<const double> values, std::size_t expected, const char* what) {
  if (values.size() != expected)
    throw std::invalid_argument(std::string(what) + " has " + std::to_string(values.size()) + " entries, not " +
                                std::to_string(expected) + " (one per arm; per arm and objective for the means of "
                                "vector-valued arms)");
}

numerics::ArmFamily family_named(const ProblemSpec& spec) {
  const std::string& f = spec.family;
  if (f == "gaussian") {
    if (!(spec.sigma > 0.0) || !std::isfinite(spec.sigma))
      throw std::invalid_argument("sigma = " + std::to_string(spec.sigma) + " must be finite and > 0");
    return numerics::ArmFamily::gaussian(spec.sigma);
  }
  if (f == "bernoulli") return numerics::ArmFamily::bernoulli();
  if (f == "poisson") return numerics::ArmFamily::poisson();
  if (f == "exponential") return numerics::ArmFamily::exponential();
  if (f == "gaussian-unknown-variance") return numerics::ArmFamily::gaussian_unknown_variance(std::nan(""));
  throw std::invalid_argument("unknown family '" + f +
                              "' (gaussian, bernoulli, poisson, exponential, gaussian-unknown-variance)");
}

}  // namespace

PosedProblem PosedProblem::from_pipeline(const Problem& problem, const Oracle& oracle, unsigned capabilities,
                                         double epsilon, std::span<const double> true_variances) {
  numerics::IdentificationSetup setup = numerics::make_identification(problem, oracle, capabilities, epsilon);
  PosedProblem out;
  out.families_ = numerics::with_variances(setup.families, true_variances);
  out.problem_ = std::move(setup.problem);
  return out;
}

PosedProblem PosedProblem::from_names(const ProblemSpec& spec) {
  if (spec.arms < 2) throw std::invalid_argument("an identification problem needs at least 2 arms");
  const numerics::ArmFamily family = family_named(spec);
  PosedProblem out;
  out.families_.assign(spec.arms, family);
  if (family.kind() == numerics::ArmFamily::Kind::GaussianUnknownVariance && !spec.variances.empty()) {
    check_size(spec.variances, spec.arms, "variances");
    out.families_ = numerics::with_variances(out.families_, spec.variances);
  }
  const std::string& q = spec.query;
  if (q == "best-arm" || q == "top-m") {
    const std::size_t m = q == "best-arm" ? 1 : spec.m;
    if (m < 1 || m >= spec.arms)
      throw std::invalid_argument("m = " + std::to_string(m) + " must be in [1, arms - 1]");
    out.problem_ = numerics::top_m_problem(spec.arms, m);
  } else if (q == "epsilon-good") {
    if (!(spec.epsilon > 0.0) || !std::isfinite(spec.epsilon))
      throw std::invalid_argument("epsilon-good needs epsilon > 0");
    out.problem_ = numerics::epsilon_good_problem(spec.arms, spec.epsilon, spec.relative);
  } else if (q == "threshold" || q == "any-above") {
    if (!family.valid_true_mean(spec.tau) ||
        (family.kind() == numerics::ArmFamily::Kind::Bernoulli && !(spec.tau > 0.0 && spec.tau < 1.0)))
      throw std::invalid_argument("tau = " + std::to_string(spec.tau) + " is not inside the means of " +
                                  family.name() + " arms");
    out.problem_ = numerics::threshold_problem(spec.arms, spec.tau, q == "any-above");
  } else {
    throw std::invalid_argument("unknown query '" + q +
                                "' (best-arm, top-m, epsilon-good, threshold, any-above; a matroid or a listed "
                                "class: pose it from a pipeline)");
  }
  if (!out.problem_->exact_for(family))
    throw std::invalid_argument("the best response of the " + out.problem_->name() + " problem is not exact for " +
                                family.name() + " arms");
  return out;
}

Decision PosedProblem::answer(std::span<const double> mu) const {
  check_size(mu, values(), "means");
  Decision out;
  problem_->answer(mu, out);
  return out;
}

bool PosedProblem::correct(std::span<const double> mu, const Decision& candidate) const {
  check_size(mu, values(), "means");
  return problem_->correct(mu, candidate);
}

std::size_t PosedProblem::pieces(std::span<const double> mu) const { return problem_->pieces(answer(mu)); }

std::size_t PosedProblem::largest_piece(std::span<const double> mu) const {
  return problem_->largest_piece(answer(mu));
}

std::vector<numerics::ArmFamily> PosedProblem::families_for(std::span<const double> variances) const {
  const bool unknown = !families_.empty() && families_.front().kind() == numerics::ArmFamily::Kind::GaussianUnknownVariance;
  if (!unknown) return families_;
  if (variances.empty()) {
    for (const numerics::ArmFamily& f : families_)
      if (std::isnan(f.sigma()))
        throw std::invalid_argument("Gaussian arms of unknown variance: give the arms' variances");
    return families_;
  }
  check_size(variances, arms(), "variances");
  return numerics::with_variances(families_, variances);
}

GlrStatistic PosedProblem::glr(std::span<const double> mu, std::span<const double> counts, bool every_piece,
                               std::span<const double> variances) const {
  check_size(mu, values(), "means");
  check_size(counts, arms(), "counts");
  const std::vector<numerics::ArmFamily> families = families_for(variances);
  GlrStatistic out;
  problem_->answer(mu, out.answer);
  numerics::BestResponse response;
  problem_->best_response(counts, mu, families, out.answer, response);
  out.statistic = response.value;
  out.piece = response.piece;
  out.arms = response.arms;
  out.alternative.assign(mu.begin(), mu.end());
  const std::size_t d = objectives();
  for (std::size_t k = 0; k < response.arms.size(); ++k)
    for (std::size_t c = 0; c < d && k * d + c < response.point.size(); ++c)
      out.alternative[response.arms[k] * d + c] = response.point[k * d + c];
  if (every_piece) {
    EveryPiece collect(out.pieces);
    problem_->for_each_piece(counts, mu, families, out.answer, collect);
  }
  return out;
}

CharacteristicTime PosedProblem::characteristic_time(std::span<const double> mu) const {
  check_size(mu, values(), "means");
  const std::vector<numerics::ArmFamily> families = families_for({});
  const numerics::CharacteristicTime t = numerics::characteristic_time(*problem_, mu, families);
  CharacteristicTime out;
  out.time = t.value;
  out.weights = t.weights;
  out.answer = t.answer;
  out.lower = t.lower;
  out.upper = t.upper;
  out.relative_gap = t.relative_gap();
  out.iterations = t.iterations;
  out.method = t.method;
  return out;
}

double PosedProblem::threshold(const std::string& name, std::uint64_t t, double delta, std::span<const double> mu,
                               std::size_t size) const {
  std::vector<double> order;
  if (mu.empty()) {
    order.resize(values());
    for (std::size_t v = 0; v < order.size(); ++v) order[v] = -static_cast<double>(v / objectives());
    mu = order;
  }
  return stopping_threshold(name, t, delta, pieces(mu), size);
}

double stopping_threshold(const std::string& name, std::uint64_t t, double delta, std::size_t pieces,
                          std::size_t size) {
  numerics::StoppingThreshold kind;
  if (!numerics::parse_stopping_threshold(name, kind))
    throw std::invalid_argument("unknown threshold '" + name + "' (gk-experiments, gk-theorem, kk2021)");
  if (!(delta > 0.0 && delta < 1.0)) throw std::invalid_argument("delta must be in (0, 1)");
  if (t < 1) throw std::invalid_argument("t must be >= 1");
  return numerics::stopping_threshold(kind, t, delta, pieces, size);
}

}  // namespace cpex::identification
