// `cpex check` for an oracle: maximize, optimal, second_best and is_optimal (whichever the
// oracle declares) against brute force on random small instances whose weights have ties
// and negative values; the oracles of vector-valued arms (a Pareto or constrained query)
// instead: optimal, is_optimal and acceptable against a brute force of the definitions
// (docs/algorithms/pareto.md) on random 2-objective instances with ties. The brute force runs over every k-subset when the oracle declares
// the cardinality class, else over every decision the oracle itself returned (so a
// decision it returns for one weight vector must not beat its answer for another). One
// table of (name, function), kOracleChecks: every check is a row.
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <random>
#include <set>

#include "check.hpp"
#include "cpex/errors.hpp"
#include "cpex/runtime/pipeline_file.hpp"

namespace cpex::host {

namespace {

// Runs `call`; an exception becomes `problem` ("CALL threw: ...") and false.
template <class Call>
bool without_exception(const char* name, std::string& problem, Call call) {
  try {
    call();
    return true;
  } catch (const std::exception& e) {
    problem = std::string(name) + " threw: " + e.what();
    return false;
  }
}

double sum(const std::vector<double>& w, const Decision& d) {
  double total = 0.0;
  for (std::size_t a : d.arms) total += w[a];
  return total;
}

double tolerance(double best) { return 1e-9 * (1.0 + std::fabs(best)); }

std::string text(const Decision& d) { return "{" + to_string(d) + "}"; }

std::string weights_text(const std::vector<double>& w) {
  std::string out;
  for (double x : w) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", x);
    out += (out.empty() ? "" : " ") + std::string(buffer);
  }
  return "weights (" + out + ")";
}

void subsets(std::size_t m, std::size_t k, std::vector<Decision>& out) {
  std::vector<std::size_t> pick(k);
  std::function<void(std::size_t, std::size_t)> go = [&](std::size_t next, std::size_t depth) {
    if (depth == k) {
      out.push_back(Decision{pick, {}});
      return;
    }
    for (std::size_t a = next; a + (k - depth) <= m; ++a) {
      pick[depth] = a;
      go(a + 1, depth + 1);
    }
  };
  go(0, 0);
}

// What the checks of one oracle share: the bound oracle, its arms and decision size, the
// weight vectors, its answers, and the class the answers are compared with.
struct OracleState : CheckState {
  const OracleEntry& entry;
  const CheckOptions& options;
  std::unique_ptr<Oracle> oracle;
  std::size_t m = 0, k = 0;
  unsigned caps = 0;
  std::vector<std::vector<double>> weights;
  std::vector<Decision> answers;  // maximize's answer to each weight vector
  std::vector<Decision> pool;     // the class to compare with
  std::string against;            // what the pool is, for the messages
  bool maximize_failed = false;
  bool vector_query = false;  // Pareto or constrained: checked by vector_answers

  OracleState(const OracleEntry& e, const CheckOptions& o) : entry(e), options(o) {}
  bool valid(const Decision& d) const {
    if (k && d.arms.size() != k) return false;
    for (std::size_t i = 0; i < d.arms.size(); ++i)
      if (d.arms[i] >= m || (i && d.arms[i] <= d.arms[i - 1])) return false;
    return true;
  }
  double best_of(const std::vector<double>& w, const Decision* excluded) const {
    double best = -std::numeric_limits<double>::infinity();
    for (const auto& d : pool)
      if (!excluded || d.arms != excluded->arms) best = std::max(best, sum(w, d));
    return best;
  }
};

// Builds and binds the oracle on a problem of a few arms. Blocks the rest when it cannot be
// built, declares no linear maximization (no generic brute force) or has too many arms.
CheckResult build(OracleState& s) {
  s.m = s.options.quick ? 6 : 8;
  try {
    // A constrained best arm of two objectives takes one threshold.
    const std::string section = check_section_text("oracle", s.entry.name, s.entry.schema, s.options.overrides,
                                                   {{"k", "2"}, {"thresholds", "0.5"}});
    const ParamValues params =
        read_section(PipelineFile::from_text(section, "cpex check"), "oracle", s.entry.schema, s.entry.name);
    s.oracle = s.entry.create(params, OracleContext{RunSeed{21, 0, 0}});
    if (!s.oracle) throw Error("the factory returned no oracle");
    if (s.oracle->ground_set_size() > 0) s.m = s.oracle->ground_set_size();
    Problem problem;
    problem.num_arms = s.m;
    problem.k = s.oracle->decision_size();
    problem.group_sizes.assign(s.m, 2.0);  // for oracles of partitioned problems (osa-greedy)
    const Query::Kind kind = s.oracle->query().kind;
    s.vector_query = kind == Query::Kind::Pareto || kind == Query::Kind::Constrained;
    if (s.vector_query) {  // two objectives per arm
      problem.feedback = FeedbackKind::MultiObjective;
      problem.objectives = 2;
    }
    s.oracle->bind(problem);
  } catch (const std::exception& e) {
    s.blocked = "the oracle could not be built";
    return {CheckStatus::Fail, e.what()};
  }
  s.caps = s.entry.capabilities & ~s.oracle->withdrawn_capabilities();
  s.k = s.oracle->decision_size();
  if (s.vector_query)
    return {CheckStatus::Pass, std::to_string(s.m) + " arms of 2 objectives (" + to_string(s.oracle->query().kind) + ")"};
  if (!(s.caps & kLinearMaximization))
    s.blocked = "no linear maximization declared: the separable and quadratic oracles have no generic brute force here";
  else if (s.m > 16)
    s.blocked = std::to_string(s.m) + " arms: too many to enumerate";
  return {CheckStatus::Pass,
          std::to_string(s.m) + " arms" + (s.k ? ", decisions of " + std::to_string(s.k) : std::string())};
}

// maximize and optimal against brute force on weight vectors with ties and negative values.
CheckResult maximize(OracleState& s) {
  if (s.vector_query) return {CheckStatus::Skip, "a question on vector-valued arms, not a linear class"};
  const std::size_t m = s.m, k = s.k;
  // Weight vectors: small integers (many ties, negatives) and continuous draws.
  const int trials = s.options.quick ? 300 : 3000;
  std::mt19937_64 rng(21);
  for (int t = 0; t < trials; ++t) {
    std::vector<double> w(m);
    for (auto& x : w)
      x = t % 2 == 0 ? static_cast<double>(static_cast<int>(rng() % 5) - 2)
                     : std::normal_distribution<double>(0.0, 1.0)(rng);
    s.weights.push_back(std::move(w));
  }
  // The class to compare with.
  const bool complete = (s.caps & kCardinality) && k > 0 && k <= m;
  std::string failure;
  s.answers.resize(s.weights.size());
  try {
    for (std::size_t t = 0; t < s.weights.size(); ++t) s.oracle->maximize(s.weights[t], s.answers[t]);
  } catch (const std::exception& e) {
    failure = std::string("maximize threw: ") + e.what();
  }
  if (complete) {
    subsets(m, k, s.pool);
  } else {
    std::set<std::vector<std::size_t>> seen;
    for (const auto& d : s.answers)
      if (s.valid(d) && seen.insert(d.arms).second) s.pool.push_back(d);
  }
  s.against = complete ? "all " + std::to_string(s.pool.size()) + " " + std::to_string(k) + "-subsets"
                       : "the " + std::to_string(s.pool.size()) + " decisions it returned";
  for (std::size_t t = 0; t < s.weights.size() && failure.empty(); ++t) {
    const auto& w = s.weights[t];
    const double best = s.best_of(w, nullptr);
    Decision again, opt;
    try {
      s.oracle->maximize(w, again);
      s.oracle->optimal(w, opt);
    } catch (const std::exception& e) {
      failure = std::string("threw: ") + e.what();
      break;
    }
    const Decision& answer = s.answers[t];
    if (!s.valid(answer))
      failure = weights_text(w) + ": maximize returned " + text(answer) + ", not a decision of " + std::to_string(k) + " distinct arms";
    else if (sum(w, answer) < best - tolerance(best))
      failure = weights_text(w) + ": maximize returned " + text(answer) + " of value " + std::to_string(sum(w, answer)) +
                ", the best is " + std::to_string(best);
    else if (!(again == answer))
      failure = weights_text(w) + ": maximize answered " + text(answer) + " then " + text(again) + " (ties must be deterministic)";
    else if (!s.valid(opt) || sum(w, opt) < best - tolerance(best))
      failure = weights_text(w) + ": optimal returned " + text(opt) + ", the best value is " + std::to_string(best);
  }
  s.maximize_failed = !failure.empty();
  if (!failure.empty()) return {CheckStatus::Fail, failure};
  return {CheckStatus::Pass, std::to_string(s.weights.size()) + " weight vectors (ties, negative weights): maximize and optimal as good as " +
                                 s.against + ", deterministic"};
}

// The best decision other than the optimum, as good as brute force (when declared).
CheckResult second_best(OracleState& s) {
  if (!(s.caps & kSecondBest) || s.vector_query) return {CheckStatus::Skip, "not declared"};
  std::string problem;
  for (std::size_t t = 0; t < s.weights.size() && problem.empty() && s.pool.size() > 1; ++t) {
    const auto& w = s.weights[t];
    const Decision& optimum = s.answers[t];
    Decision out;
    bool found = false;
    if (!without_exception("second_best", problem, [&] { found = s.oracle->second_best(w, optimum, out); })) break;
    const double best = s.best_of(w, &optimum);
    if (!found)
      problem = weights_text(w) + ": second_best found nothing besides " + text(optimum);
    else if (!s.valid(out) || out.arms == optimum.arms)
      problem = weights_text(w) + ": second_best returned " + text(out) + " excluding " + text(optimum);
    else if (sum(w, out) < best - tolerance(best))
      problem = weights_text(w) + ": second_best returned " + text(out) + " of value " + std::to_string(sum(w, out)) +
                ", the best other than " + text(optimum) + " is " + std::to_string(best);
  }
  if (!problem.empty()) return {CheckStatus::Fail, problem};
  return {CheckStatus::Pass, "the best decision other than the optimum, as good as " + s.against};
}

// is_optimal: true exactly for the decisions of the best value (ties: several).
CheckResult is_optimal(OracleState& s) {
  if (s.vector_query) return {CheckStatus::Skip, "checked with the vector answers"};
  if (s.maximize_failed) return {CheckStatus::Skip, "not checked: maximize failed"};
  std::string problem;
  std::size_t asked = 0;
  for (std::size_t t = 0; t < s.weights.size() && problem.empty(); ++t) {
    const auto& w = s.weights[t];
    const double best = s.best_of(w, nullptr);
    for (std::size_t i = 0; i < s.pool.size() && i < 64 && problem.empty(); ++i) {
      const Decision& candidate = s.pool[(i * 7919 + t) % s.pool.size()];
      const bool expected = sum(w, candidate) >= best - tolerance(best);
      bool said = false;
      if (!without_exception("is_optimal", problem, [&] { said = s.oracle->is_optimal(w, s.answers[t], candidate); }))
        break;
      ++asked;
      if (said != expected)
        problem = weights_text(w) + ": is_optimal(" + text(candidate) + ") said " + (said ? "true" : "false") +
                  " for value " + std::to_string(sum(w, candidate)) + " (best " + std::to_string(best) + ")";
    }
  }
  if (!problem.empty()) return {CheckStatus::Fail, problem};
  return {CheckStatus::Pass, std::to_string(asked) + " questions, true exactly for the decisions of the best value"};
}

// The oracles of vector-valued arms: on random instances of m arms and 2 objectives (small
// integers: ties; and continuous draws), with the directions and bound the oracle's query
// gives, optimal() against a brute force of the definition; is_optimal() true for it and
// false for any other set; acceptable() at accuracy 0 and 0.5 against the definition for
// random candidates (Pareto: S* <= S <= S*_eps; constrained: a feasible arm within eps of the
// best feasible one, or none when no arm is feasible).
CheckResult vector_answers(OracleState& s) {
  if (!s.vector_query) return {CheckStatus::Skip, "not a question on vector-valued arms"};
  const Query q = s.oracle->query();
  const std::size_t m = s.m, d = 2;
  auto value = [&](const std::vector<double>& th, std::size_t a, std::size_t c) { return direction_of(q, c) * th[a * d + c]; };
  // j dominates i after raising i by eps (oriented).
  auto dominated = [&](const std::vector<double>& th, std::size_t i, std::size_t j, double eps) {
    bool all = true, one = false;
    for (std::size_t c = 0; c < d; ++c) {
      all = all && value(th, j, c) >= value(th, i, c) + eps;
      one = one || value(th, j, c) > value(th, i, c) + eps;
    }
    return all && one;
  };
  auto front = [&](const std::vector<double>& th, double eps) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < m; ++i) {
      bool beaten = false;
      for (std::size_t j = 0; j < m; ++j) beaten = beaten || (j != i && dominated(th, i, j, eps));
      if (!beaten) out.push_back(i);
    }
    return out;
  };
  auto feasible = [&](const std::vector<double>& th, std::size_t a) {
    for (std::size_t c = 0; c < d; ++c)
      if (c != q.objective && !(direction_of(q, c) * (th[a * d + c] - q.bounds[c]) > 0.0)) return false;
    return true;
  };
  auto best_feasible = [&](const std::vector<double>& th) {
    double best = -std::numeric_limits<double>::infinity();
    for (std::size_t a = 0; a < m; ++a)
      if (feasible(th, a)) best = std::max(best, value(th, a, q.objective));
    return best;
  };
  std::mt19937_64 rng(43);
  const int trials = s.options.quick ? 300 : 3000;
  std::size_t asked = 0;
  for (int t = 0; t < trials; ++t) {
    std::vector<double> th(m * d);
    for (double& x : th)
      x = t % 2 == 0 ? static_cast<double>(rng() % 4) * 0.25 : std::uniform_real_distribution<double>(0.0, 1.0)(rng);
    Decision optimum, truth;
    if (q.kind == Query::Kind::Pareto) {
      truth.arms = front(th, 0.0);
    } else {
      const double best = best_feasible(th);
      for (std::size_t a = 0; a < m && truth.arms.empty(); ++a)
        if (feasible(th, a) && value(th, a, q.objective) == best) truth.arms.push_back(a);
    }
    try {
      s.oracle->optimal(th, optimum);
    } catch (const std::exception& e) {
      return {CheckStatus::Fail, std::string("optimal threw: ") + e.what()};
    }
    if (q.kind == Query::Kind::Pareto ? optimum.arms != truth.arms
                                      : (truth.arms.empty() != optimum.arms.empty() ||
                                         (!truth.arms.empty() && (!feasible(th, optimum.arms.front()) ||
                                                                  value(th, optimum.arms.front(), q.objective) != best_feasible(th)))))
      return {CheckStatus::Fail, weights_text(th) + ": optimal returned " + text(optimum) + ", the definition gives " + text(truth)};
    // Random candidates: every subset of at most m arms for Pareto (a random bitmask), one arm
    // or none for the constrained best arm.
    for (int c = 0; c < 16; ++c) {
      Decision candidate;
      if (q.kind == Query::Kind::Pareto) {
        const auto mask = rng();
        for (std::size_t a = 0; a < m; ++a)
          if ((mask >> a) & 1u) candidate.arms.push_back(a);
        if (c == 0) candidate = optimum;
      } else {
        const std::size_t pick = rng() % (m + 1);
        if (pick < m) candidate.arms.push_back(pick);
      }
      for (double eps : {0.0, 0.5}) {
        bool expected = false;
        if (q.kind == Query::Kind::Pareto) {
          const auto relaxed = front(th, eps);
          expected = std::includes(candidate.arms.begin(), candidate.arms.end(), truth.arms.begin(), truth.arms.end()) &&
                     std::includes(relaxed.begin(), relaxed.end(), candidate.arms.begin(), candidate.arms.end());
        } else if (truth.arms.empty()) {
          expected = candidate.arms.empty();
        } else {
          expected = !candidate.arms.empty() && feasible(th, candidate.arms.front()) &&
                     value(th, candidate.arms.front(), q.objective) >= best_feasible(th) - eps;
        }
        bool said = false, optimal_said = false;
        try {
          said = s.oracle->acceptable(th, optimum, candidate, eps);
          optimal_said = s.oracle->is_optimal(th, optimum, candidate);
        } catch (const std::exception& e) {
          return {CheckStatus::Fail, std::string("acceptable / is_optimal threw: ") + e.what()};
        }
        ++asked;
        if (said != expected)
          return {CheckStatus::Fail, weights_text(th) + ": acceptable(" + text(candidate) + ", eps " + std::to_string(eps) +
                                         ") said " + (said ? "true" : "false") + ", the definition " + (expected ? "true" : "false")};
        bool optimal_expected = false;
        if (q.kind == Query::Kind::Pareto)
          optimal_expected = candidate.arms == truth.arms;
        else
          optimal_expected = truth.arms.empty() ? candidate.arms.empty()
                                                : !candidate.arms.empty() && feasible(th, candidate.arms.front()) &&
                                                      value(th, candidate.arms.front(), q.objective) == best_feasible(th);
        if (optimal_said != optimal_expected)
          return {CheckStatus::Fail, weights_text(th) + ": is_optimal(" + text(candidate) + ") said " +
                                         (optimal_said ? "true" : "false") + ", the definition " +
                                         (optimal_expected ? "true" : "false")};
      }
    }
  }
  return {CheckStatus::Pass, std::to_string(trials) + " instances of " + std::to_string(m) + " arms and 2 objectives: optimal, "
                             "and " + std::to_string(asked) + " acceptable / is_optimal questions, as the definition"};
}

// The oracle checks, in order: one row each.
constexpr Check<OracleState> kOracleChecks[] = {
    {"build", build},
    {"maximize", maximize},
    {"second-best", second_best},
    {"is-optimal", is_optimal},
    {"vector-answers", vector_answers},
};

}  // namespace

std::vector<CheckRow> check_oracle(const Registry&, const OracleEntry& entry, const CheckOptions& options) {
  return run_checks_on(kOracleChecks, entry, options);
}

}  // namespace cpex::host
