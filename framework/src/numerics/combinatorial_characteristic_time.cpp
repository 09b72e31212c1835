// CPE-L and full-bandit characteristic times through an oracle
// (combinatorial_characteristic_time.hpp).
#include "cpex/numerics/combinatorial_characteristic_time.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <memory>
#include <set>
#include <stdexcept>

#include <Eigen/Core>

#include "cpex/numerics/characteristic_time.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/numerics/identification.hpp"
#include "cpex/numerics/transductive_design.hpp"

namespace cpex::numerics {

namespace {

// The oracle capabilities (capabilities.hpp: constants only, nothing numerics links).
constexpr unsigned kLinear = kLinearMaximization, kSecond = kSecondBest, kMatroidCap = kMatroid,
                   kEnumerableCap = kEnumerable;
constexpr double kInf = std::numeric_limits<double>::infinity();

double total(std::span<const double> x, const std::vector<std::size_t>& arms) {
  double s = 0.0;
  for (std::size_t a : arms) s += x[a];
  return s;
}

// The optimal decision S* against a fixed collection of decisions (the restricted problem
// whose T* is a lower bound of the whole class's).
class Collection final : public IdentificationProblem {
 public:
  Collection(std::size_t arms, std::vector<std::size_t> best, const std::set<std::vector<std::size_t>>& others)
      : IdentificationProblem(arms), best_(std::move(best)), others_(others.begin(), others.end()) {}

  std::string name() const override { return "optimal decision (collected alternatives)"; }
  bool answer(std::span<const double> mu, Decision& out) const override {
    out.arms = best_;
    const double top = total(mu, best_);
    return std::all_of(others_.begin(), others_.end(), [&](const auto& s) { return total(mu, s) < top; });
  }
  bool correct(std::span<const double>, const Decision& candidate) const override { return candidate.arms == best_; }
  std::size_t pieces(const Decision&) const override { return others_.size(); }
  std::size_t largest_piece(const Decision&) const override { return arms_; }
  void best_response(std::span<const double> w, std::span<const double> mu, std::span<const ArmFamily> families,
                     const Decision&, BestResponse& out, std::span<const double>,
                     std::span<const double>) const override {
    out.value = out.margin = kInf;
    for (std::size_t p = 0; p < others_.size(); ++p) {
      up_.clear();
      down_.clear();
      const auto& s = others_[p];
      std::set_difference(s.begin(), s.end(), best_.begin(), best_.end(), std::back_inserter(up_));
      std::set_difference(best_.begin(), best_.end(), s.begin(), s.end(), std::back_inserter(down_));
      const double v = sum_transport(up_, down_, w, mu, families, point_);
      if (v < out.value) {
        out.value = out.margin = v;
        out.piece = p;
        out.arms = up_;
        out.arms.insert(out.arms.end(), down_.begin(), down_.end());
        out.point = point_;
      }
    }
  }

 private:
  std::vector<std::size_t> best_;
  std::vector<std::vector<std::size_t>> others_;
  mutable std::vector<std::size_t> up_, down_;
  mutable std::vector<double> point_;
};

CombinatorialTime from_solver(const CharacteristicTime& ct, const char* method) {
  CombinatorialTime out;
  out.value = ct.value;
  out.lower = ct.upper > 0.0 ? 1.0 / ct.upper : kInf;
  out.upper = ct.lower > 0.0 ? 1.0 / ct.lower : kInf;
  out.weights = ct.weights;
  out.method = method;
  return out;
}

// The lower bound on F(w) by the dichotomic search over the (gap, variance) frontier; the
// decisions met are added to `found`.
struct FrontierSearch {
  const Oracle& oracle;
  std::span<const double> mu;
  const std::vector<std::size_t>& best;
  std::vector<double> cost;  // sigma_e^2 / w_e
  std::vector<char> in_best;
  std::set<std::vector<std::size_t>>& found;
  std::size_t calls = 0, budget;
  double top = 0.0;
  double largest_g = 0.0;  // g of the beta = inf point: the largest variance of any decision

  struct Point {
    double f, g;
  };

  Point point_of(const std::vector<std::size_t>& s) const {
    double g = 0.0;
    std::vector<std::size_t> diff;
    std::set_symmetric_difference(s.begin(), s.end(), best.begin(), best.end(), std::back_inserter(diff));
    for (std::size_t e : diff) g += cost[e];
    return {top - total(mu, s), g};
  }

  // argmin over S != S* of f - beta g (beta = +inf: max g, ties to small f).
  std::vector<std::size_t> minimize(double beta) {
    std::vector<double> u(mu.size());
    for (std::size_t e = 0; e < u.size(); ++e) {
      const double sign = in_best[e] ? -1.0 : 1.0;
      u[e] = std::isinf(beta) ? sign * cost[e] + 1e-9 * mu[e] : mu[e] + beta * sign * cost[e];
    }
    Decision d, other;
    oracle.maximize(u, d);
    ++calls;
    if (d.arms == best) {
      ++calls;
      if (!oracle.second_best(u, d, other)) return {};
      d = other;
    }
    found.insert(d.arms);
    return d.arms;
  }

  static double value(const Point& p) { return p.g > 0.0 ? p.f * p.f / (2.0 * p.g) : kInf; }

  double lower_bound() {
    const std::vector<std::size_t> left = minimize(0.0), right = minimize(kInf);
    if (left.empty()) return kInf;
    const Point a = point_of(left), b = point_of(right);
    largest_g = b.g;
    double bound = std::min(value(a), value(b));
    refine(a, b, bound, 0);
    return bound;
  }

  // The least f^2 / 2g over the triangle between consecutive supported points p1, p2: every
  // decision there has f - beta g >= c (the line through them) and f in [f1, f2]; f^2 / 2g
  // falls with g, so the least lies on the segment, g = (f - c) / beta: beta f^2 / (2 (f - c)),
  // least at f = 2c when c > 0 (else at f1).
  static double segment_bound(const Point& p1, const Point& p2) {
    const double beta = (p2.f - p1.f) / (p2.g - p1.g);
    const double c = p1.f - beta * p1.g;
    const double f = c > 0.0 ? std::clamp(2.0 * c, p1.f, p2.f) : p1.f;
    const double g = std::min((f - c) / beta, p2.g);
    return g > 0.0 ? f * f / (2.0 * g) : 0.0;
  }

  void refine(const Point& p1, const Point& p2, double& bound, int depth) {
    if (!(p2.g > p1.g) || !(p2.f > p1.f)) return;  // one point, or p2 dominated by p1
    // Until the oracle confirms that no decision lies below the segment, the region between
    // p1 and p2 is only bounded by f >= f1 and g <= the largest variance.
    if (p1.f * p1.f / (2.0 * largest_g) >= bound) return;
    if (calls + 2 > budget || depth > 60) {
      bound = p1.f * p1.f / (2.0 * largest_g);
      return;
    }
    const double beta = (p2.f - p1.f) / (p2.g - p1.g);
    const std::vector<std::size_t> s = minimize(beta);
    const Point q = point_of(s);
    const double line = p1.f - beta * p1.g;
    if (s.empty() || !(q.f - beta * q.g < line - 1e-12 * (std::abs(line) + p1.f))) {
      bound = std::min(bound, segment_bound(p1, p2));  // an edge of the hull: the segment bounds the triangle
      return;
    }
    bound = std::min(bound, value(q));
    refine(p1, q, bound, depth + 1);
    refine(q, p2, bound, depth + 1);
  }
};

CombinatorialTime oracle_bounds(const Oracle& oracle, std::span<const double> mu, std::span<const ArmFamily> families,
                                const CombinatorialOptions& options) {
  const std::size_t n = mu.size();
  for (const ArmFamily& f : families)
    if (f.kind() != ArmFamily::Kind::Gaussian)
      throw std::invalid_argument(std::string("the oracle-only bounds on T* take Gaussian arms of known sigma, not ") +
                                  f.name() + " arms (and the class is neither a matroid nor listable)");
  Decision best;
  oracle.maximize(mu, best);
  CombinatorialTime out;
  out.method = "oracle bounds";
  std::set<std::vector<std::size_t>> collected;
  Decision second;
  ++out.oracle_calls;
  if (!oracle.second_best(mu, best, second)) throw std::invalid_argument("the class has fewer than 2 decisions");
  if (!(total(mu, second.arms) < total(mu, best.arms))) return out;  // tied optimum: T* = inf
  collected.insert(second.arms);
  for (int round = 0; round < options.rounds; ++round) {
    const Collection restricted(n, best.arms, collected);
    const CharacteristicTime ct = characteristic_time(restricted, mu, families);
    out.lower = std::max(out.lower, ct.upper > 0.0 ? 1.0 / ct.upper : kInf);
    // F at the restricted weights mixed with uniform ones (the mixtures 0, 0.1, 0.3: the
    // scalarized bound is loosest where w_C starves arms), floored away from 0.
    const std::size_t before = collected.size();
    for (double mix : {0.0, 0.1, 0.3}) {
      std::vector<double> w = ct.weights;
      for (double& x : w) x = std::max((1.0 - mix) * x + mix / static_cast<double>(n), 1e-12);
      FrontierSearch search{oracle, mu, best.arms, std::vector<double>(n), std::vector<char>(n, 0), collected, 0,
                            options.search_calls, total(mu, best.arms)};
      for (std::size_t a : best.arms) search.in_best[a] = 1;
      double sum = 0.0;
      for (double x : w) sum += x;
      for (std::size_t e = 0; e < n; ++e) search.cost[e] = families[e].sigma() * families[e].sigma() * sum / w[e];
      const double f_low = search.lower_bound();
      out.oracle_calls += search.calls;
      if (f_low > 0.0 && 1.0 / f_low < out.upper) {
        out.upper = 1.0 / f_low;
        out.weights = w;
        for (double& x : out.weights) x /= sum;
      }
    }
    out.decisions = collected.size() + 1;
    if (out.upper - out.lower <= options.relative_gap * out.upper || collected.size() == before) break;
  }
  out.value = out.upper;
  return out;
}

}  // namespace

CombinatorialTime cpe_characteristic_time(const Oracle& oracle, unsigned capabilities, std::span<const double> mu,
                                          std::span<const ArmFamily> families, CombinatorialOptions options) {
  const std::size_t n = mu.size();
  if (capabilities & kMatroidCap) {
    CombinatorialTime out = from_solver(characteristic_time(*matroid_problem(n, oracle), mu, families), "matroid exchanges");
    std::vector<std::pair<std::size_t, std::size_t>> exchanges;
    Decision best;
    oracle.maximize(mu, best);
    oracle.exchanges(best, exchanges);
    out.decisions = exchanges.size() + 1;
    return out;
  }
  if (capabilities & kEnumerableCap) {
    std::size_t count = 0;
    if (oracle.enumerate(kMaxListedDecisions, [&](const Decision&) { ++count; })) {
      CombinatorialTime out =
          from_solver(characteristic_time(*listed_class_problem(n, oracle), mu, families), "listed class");
      out.decisions = count;
      return out;
    }
  }
  if ((capabilities & kLinear) && (capabilities & kSecond)) return oracle_bounds(oracle, mu, families, options);
  throw std::invalid_argument("T* of this class needs a matroid, a listable class of at most " +
                              std::to_string(kMaxListedDecisions) +
                              " decisions, or linear maximization with second best");
}

CombinatorialTime full_bandit_characteristic_time(const Oracle& oracle, unsigned capabilities,
                                                  std::span<const double> theta, double sigma,
                                                  CombinatorialOptions options) {
  const std::size_t n = theta.size();
  if (!(capabilities & kEnumerableCap))
    throw std::invalid_argument("the full-bandit T* lists the super arms, and the oracle cannot list its class");
  std::vector<std::vector<std::size_t>> members;
  if (!oracle.enumerate(options.full_bandit_limit, [&](const Decision& d) { members.push_back(d.arms); }))
    throw std::invalid_argument("the class has more than " + std::to_string(options.full_bandit_limit) +
                                " super arms: too many for the full-bandit design");
  Decision best;
  oracle.maximize(theta, best);
  const double top = total(theta, best.arms);
  CombinatorialTime out;
  out.decisions = members.size();
  // Directions y = z / Delta: single exchanges for matroids, every other decision otherwise.
  std::vector<Eigen::VectorXd> directions;
  auto add = [&](Eigen::VectorXd z, double gap) {
    directions.push_back(z / gap);
    return gap > 0.0;
  };
  if (capabilities & kMatroidCap) {
    out.method = "linear design (matroid exchanges)";
    std::vector<std::pair<std::size_t, std::size_t>> exchanges;
    oracle.exchanges(best, exchanges);
    for (const auto& [e, f] : exchanges) {
      Eigen::VectorXd z = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(n));
      z[static_cast<Eigen::Index>(e)] = 1.0;
      z[static_cast<Eigen::Index>(f)] = -1.0;
      if (!add(z, theta[e] - theta[f])) return out;  // tied optimum
    }
  } else {
    out.method = "linear design (every decision)";
    for (const auto& s : members) {
      if (s == best.arms) continue;
      Eigen::VectorXd z = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(n));
      for (std::size_t a : best.arms) z[static_cast<Eigen::Index>(a)] += 1.0;
      for (std::size_t a : s) z[static_cast<Eigen::Index>(a)] -= 1.0;
      if (!add(z, top - total(theta, s))) return out;
    }
  }
  if (directions.empty()) throw std::invalid_argument("the class has fewer than 2 decisions");
  Eigen::MatrixXd features(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(members.size()));
  for (std::size_t j = 0; j < members.size(); ++j) {
    features.col(static_cast<Eigen::Index>(j)).setZero();
    for (std::size_t a : members[j]) features(static_cast<Eigen::Index>(a), static_cast<Eigen::Index>(j)) = 1.0;
  }
  Eigen::MatrixXd y(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(directions.size()));
  for (std::size_t j = 0; j < directions.size(); ++j) y.col(static_cast<Eigen::Index>(j)) = directions[j];
  DesignOptions design;
  design.relative_gap = 1e-4;
  const DesignResult r = optimal_design(features, y, design);
  const double scale = 2.0 * sigma * sigma;
  out.value = out.upper = scale * r.value;
  out.lower = scale * r.lower_bound;
  out.weights.assign(r.p.data(), r.p.data() + r.p.size());
  return out;
}

}  // namespace cpex::numerics
