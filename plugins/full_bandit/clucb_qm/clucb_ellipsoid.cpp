// The CLUCB sampling rule on regularized least squares shared by CLUCB-QM and CLUCB-Ex
// (see the header).
#include "clucb_ellipsoid.hpp"

#include <algorithm>
#include <cmath>

#include "cpex/numerics/confidence.hpp"

namespace cpex::full_bandit {

ParamSchema ellipsoid_paired_parameters() {
  ParamSchema schema = paired_parameters("random");
  schema
      .real("lambda", 1.0, Range::greater_than(0.0), "regularization of least squares (lambda > 0; seed: 1)")
      .real("mean-bound", 1.0, Range::greater_than(0.0),
            "a bound on |theta_i|; S = mean-bound sqrt(n) bounds ||theta||_2 in the confidence width")
      .integer("refactor-every", 1000, Range::at_least(1),
               "recompute A^{-1} and log det A by Cholesky after this many updates");
  return schema;
}

ClucbEllipsoid::ClucbEllipsoid(const ParamValues& p)
    : PairedPullAlgorithm(p),
      lambda_(p.real("lambda")),
      mean_bound_(p.real("mean-bound")),
      refactor_every_(static_cast<std::uint64_t>(p.integer("refactor-every"))) {}

void ClucbEllipsoid::start(const AlgorithmContext& context) {
  trace_ = context.trace;
  PairedPullAlgorithm::start(context);
  ls_ = numerics::SuperArmLeastSquares(n_, refactor_every_, lambda_);
  on_ellipsoid_start();
}

std::vector<std::pair<std::string, ParamValue>> ClucbEllipsoid::resolved() const {
  auto out = PairedPullAlgorithm::resolved();
  out.emplace_back("lambda", lambda_);
  out.emplace_back("mean-bound", mean_bound_);
  return out;
}

double ClucbEllipsoid::width() const {
  return numerics::abbasi_yadkori_width(sigma_, ls_.log_det(), n_, lambda_, delta_,
                                        mean_bound_ * std::sqrt(static_cast<double>(n_)));
}

bool ClucbEllipsoid::decide(std::size_t& explore) {
  const double c = width();
  const Eigen::VectorXd& theta = ls_.estimate();
  decision_->maximize(std::span<const double>(theta.data(), n_), best_);
  if (trace_) trace_->record("C", c);
  if (stop_now(c)) return true;

  // The CLUCB sampling rule.
  const Eigen::MatrixXd& inverse = ls_.inverse();
  radius_.resize(n_);
  tilde_.resize(n_);
  in_best_.assign(n_, 0);
  for (std::size_t a : best_.arms) in_best_[a] = 1;
  const auto f = static_cast<Eigen::Index>(fixed_arm_);
  for (std::size_t e = 0; e < n_; ++e) {
    const auto i = static_cast<Eigen::Index>(e);
    radius_[e] = c * std::sqrt(std::max(inverse(i, i) + inverse(f, f) - 2.0 * inverse(i, f), 0.0));
    tilde_[e] = in_best_[e] ? theta[i] - radius_[e] : theta[i] + radius_[e];
  }
  decision_->maximize(tilde_, challenger_);
  in_challenger_.assign(n_, 0);  // member buffer: no allocation per decision
  for (std::size_t a : challenger_.arms) in_challenger_[a] = 1;
  double widest = -1.0;
  for (int pass = 0; pass < 2 && widest < 0.0; ++pass)
    for (std::size_t e = 0; e < n_; ++e) {
      if (e == fixed_arm_ || (pass == 0 && in_best_[e] == in_challenger_[e])) continue;
      if (radius_[e] > widest) {
        widest = radius_[e];
        explore = e;
      }
    }
  if (trace_) {
    trace_->record("explore", static_cast<double>(explore));
    trace_->record("tilde-equal", challenger_.arms == best_.arms ? 1.0 : 0.0);
  }
  return false;
}

}  // namespace cpex::full_bandit
