// `cpex check` for an oracle: maximize, optimal, second_best and is_optimal (whichever the
// oracle declares) against brute force on random small instances whose weights have ties
// and negative values. The brute force runs over every k-subset when the oracle declares
// the cardinality class, else over every decision the oracle itself returned (so a
// decision it returns for one weight vector must not beat its answer for another).
#include <algorithm>
#include <cmath>
#include <functional>
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

}  // namespace

std::vector<CheckRow> check_oracle(const Registry&, const OracleEntry& entry, const CheckOptions& options) {
  std::vector<CheckRow> rows;
  std::unique_ptr<Oracle> oracle;
  std::size_t m = options.quick ? 6 : 8;
  try {
    const std::string section = check_section_text("oracle", entry.name, entry.schema, options.overrides, {{"k", "2"}});
    const ParamValues params =
        read_section(PipelineFile::from_text(section, "cpex check"), "oracle", entry.schema, entry.name);
    oracle = entry.create(params, OracleContext{RunSeed{21, 0, 0}});
    if (!oracle) throw Error("the factory returned no oracle");
    if (oracle->ground_set_size() > 0) m = oracle->ground_set_size();
    Problem problem;
    problem.num_arms = m;
    problem.k = oracle->decision_size();
    problem.group_sizes.assign(m, 2.0);  // for oracles of partitioned problems (osa-greedy)
    oracle->bind(problem);
  } catch (const std::exception& e) {
    rows.push_back({"build", CheckStatus::Fail, e.what()});
    return rows;
  }
  const unsigned caps = entry.capabilities & ~oracle->withdrawn_capabilities();
  const std::size_t k = oracle->decision_size();
  rows.push_back({"build", CheckStatus::Pass,
                  std::to_string(m) + " arms" + (k ? ", decisions of " + std::to_string(k) : std::string())});
  if (!(caps & kLinearMaximization)) {
    rows.push_back({"brute-force", CheckStatus::Skip,
                    "no linear maximization declared: the separable and quadratic oracles have no generic brute force here"});
    return rows;
  }
  if (m > 16) {
    rows.push_back({"brute-force", CheckStatus::Skip, std::to_string(m) + " arms: too many to enumerate"});
    return rows;
  }

  // Weight vectors: small integers (many ties, negatives) and continuous draws.
  const int trials = options.quick ? 300 : 3000;
  std::mt19937_64 rng(21);
  std::vector<std::vector<double>> weights;
  for (int t = 0; t < trials; ++t) {
    std::vector<double> w(m);
    for (auto& x : w)
      x = t % 2 == 0 ? static_cast<double>(static_cast<int>(rng() % 5) - 2)
                     : std::normal_distribution<double>(0.0, 1.0)(rng);
    weights.push_back(std::move(w));
  }
  auto valid = [&](const Decision& d) {
    if (k && d.arms.size() != k) return false;
    for (std::size_t i = 0; i < d.arms.size(); ++i)
      if (d.arms[i] >= m || (i && d.arms[i] <= d.arms[i - 1])) return false;
    return true;
  };

  // The class to compare with.
  std::vector<Decision> pool;
  const bool complete = (caps & kCardinality) && k > 0 && k <= m;
  std::string failure;
  std::vector<Decision> answers(weights.size());
  try {
    for (std::size_t t = 0; t < weights.size(); ++t) oracle->maximize(weights[t], answers[t]);
  } catch (const std::exception& e) {
    failure = std::string("maximize threw: ") + e.what();
  }
  if (complete) {
    subsets(m, k, pool);
  } else {
    std::set<std::vector<std::size_t>> seen;
    for (const auto& d : answers)
      if (valid(d) && seen.insert(d.arms).second) pool.push_back(d);
  }
  auto best_of = [&](const std::vector<double>& w, const Decision* excluded) {
    double best = -std::numeric_limits<double>::infinity();
    for (const auto& d : pool)
      if (!excluded || d.arms != excluded->arms) best = std::max(best, sum(w, d));
    return best;
  };
  const std::string against = complete ? "all " + std::to_string(pool.size()) + " " + std::to_string(k) + "-subsets"
                                       : "the " + std::to_string(pool.size()) + " decisions it returned";

  // maximize and optimal.
  for (std::size_t t = 0; t < weights.size() && failure.empty(); ++t) {
    const auto& w = weights[t];
    const double best = best_of(w, nullptr);
    Decision again, opt;
    try {
      oracle->maximize(w, again);
      oracle->optimal(w, opt);
    } catch (const std::exception& e) {
      failure = std::string("threw: ") + e.what();
      break;
    }
    if (!valid(answers[t]))
      failure = weights_text(w) + ": maximize returned " + text(answers[t]) + ", not a decision of " + std::to_string(k) + " distinct arms";
    else if (sum(w, answers[t]) < best - tolerance(best))
      failure = weights_text(w) + ": maximize returned " + text(answers[t]) + " of value " + std::to_string(sum(w, answers[t])) +
                ", the best is " + std::to_string(best);
    else if (!(again == answers[t]))
      failure = weights_text(w) + ": maximize answered " + text(answers[t]) + " then " + text(again) + " (ties must be deterministic)";
    else if (!valid(opt) || sum(w, opt) < best - tolerance(best))
      failure = weights_text(w) + ": optimal returned " + text(opt) + ", the best value is " + std::to_string(best);
  }
  rows.push_back({"maximize", failure.empty() ? CheckStatus::Pass : CheckStatus::Fail,
                  failure.empty() ? std::to_string(weights.size()) + " weight vectors (ties, negative weights): maximize and optimal as good as " + against +
                                        ", deterministic"
                                  : failure});

  // second_best.
  if (caps & kSecondBest) {
    std::string problem;
    for (std::size_t t = 0; t < weights.size() && problem.empty() && pool.size() > 1; ++t) {
      const auto& w = weights[t];
      Decision out;
      bool found = false;
      if (!without_exception("second_best", problem, [&] { found = oracle->second_best(w, answers[t], out); }))
        break;
      const double best = best_of(w, &answers[t]);
      if (!found)
        problem = weights_text(w) + ": second_best found nothing besides " + text(answers[t]);
      else if (!valid(out) || out.arms == answers[t].arms)
        problem = weights_text(w) + ": second_best returned " + text(out) + " excluding " + text(answers[t]);
      else if (sum(w, out) < best - tolerance(best))
        problem = weights_text(w) + ": second_best returned " + text(out) + " of value " + std::to_string(sum(w, out)) +
                  ", the best other than " + text(answers[t]) + " is " + std::to_string(best);
    }
    rows.push_back({"second-best", problem.empty() ? CheckStatus::Pass : CheckStatus::Fail,
                    problem.empty() ? "the best decision other than the optimum, as good as " + against : problem});
  } else {
    rows.push_back({"second-best", CheckStatus::Skip, "not declared"});
  }

  // is_optimal: true exactly for the decisions of the best value (ties: several).
  {
    std::string problem;
    std::size_t asked = 0;
    for (std::size_t t = 0; t < weights.size() && problem.empty() && failure.empty(); ++t) {
      const auto& w = weights[t];
      const double best = best_of(w, nullptr);
      for (std::size_t i = 0; i < pool.size() && i < 64 && problem.empty(); ++i) {
        const Decision& candidate = pool[(i * 7919 + t) % pool.size()];
        const bool expected = sum(w, candidate) >= best - tolerance(best);
        bool said = false;
        if (!without_exception("is_optimal", problem, [&] { said = oracle->is_optimal(w, answers[t], candidate); }))
          break;
        ++asked;
        if (said != expected)
          problem = weights_text(w) + ": is_optimal(" + text(candidate) + ") said " + (said ? "true" : "false") +
                    " for value " + std::to_string(sum(w, candidate)) + " (best " + std::to_string(best) + ")";
      }
    }
    rows.push_back({"is-optimal", !problem.empty() ? CheckStatus::Fail : !failure.empty() ? CheckStatus::Skip : CheckStatus::Pass,
                    !problem.empty() ? problem
                    : !failure.empty() ? "not checked: maximize failed"
                                       : std::to_string(asked) + " questions, true exactly for the decisions of the best value"});
  }
  return rows;
}

}  // namespace cpex::host
