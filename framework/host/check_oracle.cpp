// `cpex check` for an oracle: maximize, optimal, second_best and is_optimal (whichever the
// oracle declares) against brute force on random small instances whose weights have ties
// and negative values. The brute force runs over every k-subset when the oracle declares
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
    const std::string section =
        check_section_text("oracle", s.entry.name, s.entry.schema, s.options.overrides, {{"k", "2"}});
    const ParamValues params =
        read_section(PipelineFile::from_text(section, "cpex check"), "oracle", s.entry.schema, s.entry.name);
    s.oracle = s.entry.create(params, OracleContext{RunSeed{21, 0, 0}});
    if (!s.oracle) throw Error("the factory returned no oracle");
    if (s.oracle->ground_set_size() > 0) s.m = s.oracle->ground_set_size();
    Problem problem;
    problem.num_arms = s.m;
    problem.k = s.oracle->decision_size();
    problem.group_sizes.assign(s.m, 2.0);  // for oracles of partitioned problems (osa-greedy)
    s.oracle->bind(problem);
  } catch (const std::exception& e) {
    s.blocked = "the oracle could not be built";
    return {CheckStatus::Fail, e.what()};
  }
  s.caps = s.entry.capabilities & ~s.oracle->withdrawn_capabilities();
  s.k = s.oracle->decision_size();
  if (!(s.caps & kLinearMaximization))
    s.blocked = "no linear maximization declared: the separable and quadratic oracles have no generic brute force here";
  else if (s.m > 16)
    s.blocked = std::to_string(s.m) + " arms: too many to enumerate";
  return {CheckStatus::Pass,
          std::to_string(s.m) + " arms" + (s.k ? ", decisions of " + std::to_string(s.k) : std::string())};
}

// maximize and optimal against brute force on weight vectors with ties and negative values.
CheckResult maximize(OracleState& s) {
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
  if (!(s.caps & kSecondBest)) return {CheckStatus::Skip, "not declared"};
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

// The oracle checks, in order: one row each.
constexpr Check<OracleState> kOracleChecks[] = {
    {"build", build},
    {"maximize", maximize},
    {"second-best", second_best},
    {"is-optimal", is_optimal},
};

}  // namespace

std::vector<CheckRow> check_oracle(const Registry&, const OracleEntry& entry, const CheckOptions& options) {
  return run_checks_on(kOracleChecks, entry, options);
}

}  // namespace cpex::host
