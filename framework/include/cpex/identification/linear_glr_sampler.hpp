// What the GLR samplers of linear and transductive best-arm identification share (LinGame,
// Lazy Track-and-Stop, linear FW sampling, linear top-two): the arms X and the answer set Z
// (Problem::answers, or Z = X), both written in an orthonormal basis of span(X) (so the
// least-squares design is invertible once the pulls span it), the least-squares estimate
// theta_hat = V^{-1} b with V = sum_s x_s x_s^T (numerics::DesignMatrix, lambda = 0), an
// initial pass (each arm once, or the sampler's own), and the GLR (Chernoff) stopping rule:
// stop at the first t (samples so far) with
//   Z(t) = min_{z != z_hat} (theta_hat^T (z_hat - z))^2 / (2 sigma^2 ||z_hat - z||^2_{V^{-1}})
//        > beta(t, delta)
// (numerics::linear_best_response), answering z_hat = argmax_z z^T theta_hat. sigma is
// Problem::noise_sigma (the exact sigma of Gaussian noise; the sub-Gaussian R otherwise).
// Thresholds (`threshold`):
//   gk-experiments   log((log t + 1) / delta), Garivier & Kaufmann 2016 §6, the threshold of
//                    every reference code (LinBAI.jl, the FWS code); empirically delta-correct;
//   jedra-proutiere  (1 + u) log(det((u c)^{-1} V_t + I)^{1/2} / delta) with u = 0.1 and c the
//                    least eigenvalue of the initial pass's design (Jedra & Proutiere 2020,
//                    eq. (9), delta-correct: V_t >= c I holds after the pass).
// With a trace: `glr` and `threshold` every round.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "cpex/algorithm.hpp"
#include "cpex/registration.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/numerics/design_matrix.hpp"
#include "cpex/numerics/linear_identification.hpp"

namespace cpex::identification {

// Refuses a decision oracle whose decisions are not single arms (top-k with k > 1: the
// top-m algorithms m-lingape and lingifa answer those).
inline void require_one_answer(const AlgorithmContext& context, const std::string& name) {
  const std::size_t k = context.oracles.empty() ? 1 : context.oracles.front()->decision_size();
  if (k > 1)
    throw ParameterError("k", name + " identifies one arm (or item); the oracle's decisions have " + std::to_string(k) +
                                  " arms (top-m: m-lingape, lingifa)");
}

// `delta` and `threshold`, the keys of every linear GLR sampler.
void add_linear_glr_parameters(ParamSchema& schema);

// Linear-arm feedback, a decision-class oracle, transductive problems accepted.
AlgorithmNeeds linear_glr_needs();

// Registers `Sampler`, built from its parameters, with the linear GLR keys, then its own
// (`keys`), and linear_glr_needs().
template <class Sampler>
void register_linear_glr_sampler(Registry& registry, PluginInfo info, const std::function<void(ParamSchema&)>& keys) {
  ParamSchema schema;
  add_linear_glr_parameters(schema);
  keys(schema);
  register_algorithm<Sampler>(registry, std::move(info), linear_glr_needs(), std::move(schema));
}

class LinearGlrSampler : public Algorithm {
 public:
  LinearGlrSampler(const ParamValues& p, std::string name);

  void start(const AlgorithmContext& context) final;
  bool next(Action& action) final;
  void observe(const Action& action, const Observation& observation) final;
  Recommendation recommend() const final;
  std::vector<std::pair<std::string, ParamValue>> resolved() const final;

 protected:
  // The rest of start(), once the arms, the items and the design are set.
  virtual void begin(const AlgorithmContext& context) = 0;
  // The arms of the initial pass, in order (default: every arm once).
  virtual std::vector<std::size_t> initial_pass() const;
  // The arm of round t (samples so far), after the pass, the rule not stopping.
  virtual std::size_t sample(std::uint64_t t) = 0;
  // Told of every observation after the design took it (e.g. tracking counts).
  virtual void observed(std::size_t /*arm*/) {}
  virtual std::vector<std::pair<std::string, ParamValue>> own_resolved() const = 0;
  // The inverse design of the stopping statistic for `answer` (default null: V_t^{-1}, the
  // counts of every pull); LinGame-C stops on the counts of its answer's pairs.
  virtual const Eigen::MatrixXd* stopping_inverse(std::size_t /*answer*/) { return nullptr; }

  const std::string& name() const { return name_; }
  const Eigen::MatrixXd& arms() const { return x_; }    // r x K, in the span's basis
  const Eigen::MatrixXd& items() const { return z_; }   // r x M
  std::size_t arm_count() const { return static_cast<std::size_t>(x_.cols()); }
  std::size_t item_count() const { return static_cast<std::size_t>(z_.cols()); }
  double sigma() const { return sigma_; }
  double delta() const { return delta_; }
  const numerics::DesignMatrix& design() const { return design_; }
  const Eigen::VectorXd& theta() const { return theta_; }              // theta_hat
  std::size_t answer() const { return answer_; }                       // z_hat
  const numerics::LinearResponse& stopping_response() const { return stop_; }  // Z(t) and its piece
  const std::vector<std::uint64_t>& counts() const { return counts_; }
  std::uint64_t samples() const { return total_; }

 private:
  double threshold(std::uint64_t t) const;

  std::string name_;
  double delta_;
  std::string threshold_;
  double sigma_ = 1.0, floor_ = 0.0;  // floor_: c of the Jedra-Proutiere threshold
  Eigen::MatrixXd x_, z_;
  numerics::DesignMatrix design_;
  Eigen::VectorXd theta_;
  std::vector<std::uint64_t> counts_;
  std::uint64_t total_ = 0;
  std::vector<std::size_t> pass_;
  std::size_t pass_next_ = 0;
  std::size_t answer_ = 0;
  numerics::LinearResponse stop_;
  TraceSink* trace_ = nullptr;
};

}  // namespace cpex::identification
