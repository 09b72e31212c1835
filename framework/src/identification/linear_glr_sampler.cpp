// The shared part of the linear GLR samplers: arms and items in span(X), least squares, the
// initial pass, the GLR stopping rule and its thresholds.
#include "cpex/identification/linear_glr_sampler.hpp"

#include <cmath>

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <Eigen/SVD>

#include "cpex/numerics/dense_decompositions.hpp"

#include "cpex/errors.hpp"
#include "cpex/numerics/stopping_thresholds.hpp"

namespace cpex::identification {

namespace {

constexpr double kJedraProutiereU = 0.1;  // u of their eq. (9), as in the FWS authors' code

}  // namespace

void add_linear_glr_parameters(ParamSchema& schema) {
  schema.target_error(0.05, "confidence: error probability at most delta")
      .choice("threshold", "gk-experiments", {"gk-experiments", "jedra-proutiere"},
              "GLR stopping threshold: gk-experiments log((log t + 1)/delta) (Garivier & Kaufmann 2016 §6, "
              "the reference codes'); jedra-proutiere (1 + u) log(det((uc)^-1 V_t + I)^(1/2) / delta), u = 0.1, "
              "c the least eigenvalue of the initial design (Jedra & Proutiere 2020 eq. (9), delta-correct)");
}

AlgorithmNeeds linear_glr_needs() {
  return {.feedback = {FeedbackKind::LinearArm},
          .oracles = {{"oracle", kLinearMaximization}},
          .transductive = true};
}

LinearGlrSampler::LinearGlrSampler(const ParamValues& p, std::string name)
    : name_(std::move(name)), delta_(p.real("delta")), threshold_(p.text("threshold")) {
  if (threshold_ != "gk-experiments" && threshold_ != "jedra-proutiere")
    throw ParameterError("threshold", "'" + threshold_ + "' is a threshold of unstructured arms; linear problems take "
                                      "gk-experiments (or jedra-proutiere with lingame and lazy-track-and-stop)");
  if (p.has("epsilon") && p.real("epsilon") > 0.0)
    throw ParameterError("epsilon", "the linear samplers identify the best item exactly: epsilon must be 0");
}

void LinearGlrSampler::start(const AlgorithmContext& context) {
  require_one_answer(context, name_);
  const Problem& problem = *context.problem;
  const Eigen::MatrixXd& features = problem.features;
  if (features.cols() < 2) throw ParameterError("plugin", name_ + " needs at least 2 arms with features");
  // An orthonormal basis of span(X): the design is invertible there once the pulls span it.
  Eigen::JacobiSVD<Eigen::MatrixXd> svd(features, Eigen::ComputeThinU);
  svd.setThreshold(1e-10);
  const Eigen::MatrixXd basis = svd.matrixU().leftCols(svd.rank());
  x_ = basis.transpose() * features;
  const Eigen::MatrixXd& answers = problem.answers.cols() > 0 ? problem.answers : features;
  if (const auto outside = numerics::outside_span(features, answers))
    throw ParameterError("plugin", "item " + std::to_string(*outside) + " of the answer set lies outside the span of "
                                   "the arms' features");
  z_ = basis.transpose() * answers;
  sigma_ = problem.noise_sigma;
  if (!(sigma_ > 0.0)) throw ParameterError("plugin", name_ + " needs a noise scale sigma > 0");
  design_ = numerics::DesignMatrix(static_cast<std::size_t>(x_.rows()), 0.0);
  counts_.assign(arm_count(), 0);
  total_ = 0;
  answer_ = 0;
  stop_ = {};
  floor_ = 0.0;
  trace_ = context.trace;
  begin(context);
  pass_ = initial_pass();
  pass_next_ = 0;
}

std::vector<std::size_t> LinearGlrSampler::initial_pass() const {
  std::vector<std::size_t> pass(arm_count());
  for (std::size_t a = 0; a < pass.size(); ++a) pass[a] = a;
  return pass;
}

bool LinearGlrSampler::next(Action& action) {
  if (pass_next_ < pass_.size()) {
    action.arm = pass_[pass_next_++];
    return true;
  }
  if (!design_.invertible())
    throw Error(name_ + ": the initial pass does not span the arms' features");  // a sampler's bug
  if (floor_ == 0.0) floor_ = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(design_.matrix()).eigenvalues().minCoeff();
  theta_ = design_.estimate();
  answer_ = numerics::linear_answer(z_, theta_);
  const Eigen::MatrixXd* inverse = stopping_inverse(answer_);
  numerics::linear_best_response(z_, inverse ? *inverse : design_.inverse(), theta_, answer_, sigma_, stop_);
  const double beta = threshold(total_);
  if (trace_) {
    trace_->record("glr", stop_.value);
    trace_->record("threshold", beta);
  }
  if (stop_.value > beta) return false;
  action.arm = sample(total_);
  return true;
}

void LinearGlrSampler::observe(const Action& action, const Observation& observation) {
  design_.add(x_.col(static_cast<Eigen::Index>(action.arm)), observation.reward);
  ++counts_[action.arm];
  ++total_;
  observed(action.arm);
}

Recommendation LinearGlrSampler::recommend() const {
  Recommendation answer;
  answer.decision.arms = {answer_};
  return answer;
}

double LinearGlrSampler::threshold(std::uint64_t t) const {
  if (threshold_ == "gk-experiments")
    return numerics::stopping_threshold(numerics::StoppingThreshold::GkExperiments, t, delta_, 1, 1);
  const double uc = kJedraProutiereU * floor_;
  const Eigen::MatrixXd m =
      design_.matrix() / uc + Eigen::MatrixXd::Identity(design_.matrix().rows(), design_.matrix().cols());
  const Eigen::LLT<Eigen::MatrixXd> llt(m);
  const double log_det = 2.0 * llt.matrixL().toDenseMatrix().diagonal().array().log().sum();
  return (1.0 + kJedraProutiereU) * (0.5 * log_det + std::log(1.0 / delta_));
}

std::vector<std::pair<std::string, ParamValue>> LinearGlrSampler::resolved() const {
  std::vector<std::pair<std::string, ParamValue>> out = {{"delta", delta_}, {"threshold", threshold_},
                                                         {"sigma", sigma_}};
  for (auto& entry : own_resolved()) out.push_back(std::move(entry));
  return out;
}

}  // namespace cpex::identification
