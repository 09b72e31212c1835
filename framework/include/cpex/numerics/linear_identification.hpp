// Linear and transductive best-arm identification with Gaussian noise of known sigma: the
// learner measures arms x in X (d x K, one column per arm) and observes x^T theta + N(0,
// sigma^2); the answer is the item z*(theta) = argmax_{z in Z} z^T theta of an answer set Z
// (d x M; Z = X for linear best-arm identification, Z != X for the transductive problem of
// Fiez, Jain, Jamieson & Ratliff 2019). Everything here is the maths both the lower bound
// and the GLR samplers (plugins/linear/) share.
//
// Characteristic time (Soare et al. 2014; Fiez et al. 2019; Degenne et al. 2020):
//   T*(theta)^{-1} = max_{w in simplex(X)} min_{z != z*} (theta^T (z* - z))^2
//                                                 / (2 sigma^2 ||z* - z||^2_{A(w)^{-1}}),
//   A(w) = sum_x w_x x x^T. With y_z = (z* - z) / theta^T (z* - z) this is also
//   T*(theta) = 2 sigma^2 min_w max_z ||y_z||^2_{A(w)^{-1}}, a transductive design.
// Solved by the certified cutting planes of characteristic_time.hpp (every best response
// below is a cut, linear in w; the program's dual mixture certifies the gap): the value at
// the returned w* and the certificate bracket T*^{-1}: lower <= T*^{-1} <= upper. (The barrier
// solver of transductive_design.hpp reaches the same optimum on small instances — the tests
// compare them — but stalls at a 76% gap on Fiez et al.'s transductive instance, 40 arms
// and 39 directions of very different scales, where the cutting planes certify 1e-7.)
//
// Best response (the GLR statistic and the closest alternative): for weights or counts w
// with A = A(w) invertible on span(X), an estimate theta and the answer z*,
//   min_{lambda : z^T lambda >= z*^T lambda} ||theta - lambda||^2_A / (2 sigma^2)
//     = (theta^T y)^2 / (2 sigma^2 y^T A^{-1} y),   y = z* - z  (0 when theta^T y <= 0),
//   reached at lambda = theta - (theta^T y / y^T A^{-1} y) A^{-1} y;
// its gradient in w_x is (x^T (theta - lambda))^2 / (2 sigma^2) (envelope theorem). Items
// with the features of z* are the same answer and are skipped.
#pragma once

#include <cstddef>
#include <limits>
#include <optional>
#include <span>

#include <Eigen/Core>

#include "cpex/numerics/characteristic_time.hpp"
#include "cpex/problem.hpp"

namespace cpex::numerics {

// argmax_{columns z} z^T theta, ties to the smaller index; `unique` (optional): no item of
// other features reaches the same value.
std::size_t linear_answer(const Eigen::MatrixXd& items, const Eigen::VectorXd& theta, bool* unique = nullptr);

// theta in span(X) from the arms' means x^T theta (minimum-norm least squares): what the
// framework knows of an instance (Environment::truth()); every z in span(X) gets z^T theta.
Eigen::VectorXd theta_from_means(const Eigen::MatrixXd& arms, std::span<const double> means);

// The first column of `items` outside the span of `arms` (relative tolerance 1e-9 of its
// norm), or nothing: such an item's value is not identifiable from any measurement.
std::optional<std::size_t> outside_span(const Eigen::MatrixXd& arms, const Eigen::MatrixXd& items);

struct LinearCharacteristicTime {
  double value = std::numeric_limits<double>::infinity();  // T*(theta); +inf without a unique answer
  Eigen::VectorXd weights;  // w*(theta) over the arms (uniform without a unique answer)
  std::size_t answer = 0;   // z*(theta)
  bool unique = true;
  double lower = 0.0, upper = 0.0;  // lower <= T*(theta)^{-1} <= upper (certified)
  int iterations = 0;               // cutting planes
  bool converged = false;           // certified relative gap <= max(options' gap, 1e-6)
  double relative_gap() const { return upper > 0.0 ? (upper - lower) / upper : 0.0; }
};

// The options of the lower bound: certified relative gap 1e-7 (a few 1e-8 in practice).
CharacteristicTimeOptions characteristic_time_options();

// T*(theta) and w*(theta); items = Z (pass the arms for Z = X). Throws std::invalid_argument
// for an item outside span(arms), sigma <= 0 or fewer than 2 items.
LinearCharacteristicTime linear_characteristic_time(const Eigen::MatrixXd& arms, const Eigen::MatrixXd& items,
                                                    const Eigen::VectorXd& theta, double sigma,
                                                    const CharacteristicTimeOptions& options = characteristic_time_options());

// The lower bound of a pipeline's instance: T*(theta) of the linear (Z = X) or transductive
// (Problem::answers) problem with theta from the arms' means (truth()), when the problem is
// one: linear-arm feedback, Gaussian rewards (noise_sigma the exact sigma) and one arm per
// decision (Problem::k <= 1); nothing otherwise. `cpex hardness` prints it and the
// lower-bound ratio of linear runs divides by it.
std::optional<LinearCharacteristicTime> linear_lower_bound(const Problem& problem, std::span<const double> truth,
                                                           const CharacteristicTimeOptions& options = characteristic_time_options());

// The closest alternative to theta for `answer` under A^{-1} (see the top of the file).
struct LinearResponse {
  double value = 0.0;      // the least (theta^T y)^2 / (2 sigma^2 y^T A^{-1} y) over the items
  std::size_t piece = 0;   // the item z reaching it
  Eigen::VectorXd lambda;  // the closest alternative (theta itself when value = 0)
};

// a_inverse: A^{-1} (d x d; a pseudo-inverse on span(X) when X does not span R^d); O(M d^2).
// Items with the features of `answer` are skipped; with no other item the value is +infinity.
void linear_best_response(const Eigen::MatrixXd& items, const Eigen::MatrixXd& a_inverse,
                          const Eigen::VectorXd& theta, std::size_t answer, double sigma, LinearResponse& out);

// The per-arm gradient of the response's value in the weights: (x^T (theta - lambda))^2 / (2 sigma^2).
void response_gradient(const Eigen::MatrixXd& arms, const Eigen::VectorXd& theta, const Eigen::VectorXd& lambda,
                       double sigma, Eigen::VectorXd& out);

}  // namespace cpex::numerics
