// The full-bandit family through the plugin registry: the DkS oracles against enumeration,
// every algorithm finding the optimal super arm on small synthetic instances (n = 8..12),
// the Fig. 1 trace (approximate value never above the exact optimum), and every bad input
// of the family as one-line errors (assembly and the command line); ICB's width and SA-FOA's
// stop-at keys, SAQM's alpha = certified.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include <Eigen/Core>

#include "cpex/runtime/engine.hpp"
#include "cpex/errors.hpp"
#include "cpex/runtime/run.hpp"
#include "test_support.hpp"

using namespace cpex;
using Catch::Matchers::Contains;

namespace {

std::vector<RunRecord> run(const std::string& text) {
  const std::vector<Pipeline> pipelines = {test::pipeline_from(text)};
  return execute(make_jobs(pipelines, expand({})), {2}, nullptr);
}

std::string synthetic(std::size_t n, std::size_t k, const std::string& algorithm, bool dks,
                      const std::string& extra = "") {
  return "[environment]\nplugin = full-bandit\ngenerator = synthetic\nn = " + std::to_string(n) +
         "\nk = " + std::to_string(k) + "\ndelta-min = 1.0\nsigma = 0.5\n[oracle]\nplugin = top-k\nk = " +
         std::to_string(k) + "\n" + (dks ? "[dks]\nplugin = dks-peeling\n" : "") +
         "[algorithm]\nplugin = " + algorithm + "\n" + extra + "[run]\nseed = 3\nrepetitions = 3\n";
}

std::unique_ptr<Oracle> make_oracle(const std::string& name, const std::string& local_search = "no") {
  const OracleEntry* entry = test::plugins().oracle(name);
  REQUIRE(entry);
  ParamValues values;
  if (entry->schema.find("local-search")) values.set("local-search", local_search);
  return entry->create(values, OracleContext{});
}

}  // namespace

TEST_CASE("dks-exact is optimal against enumeration, dks-peeling states its guarantee", "[integration][full-bandit]") {
  const auto exact = make_oracle("dks-exact");
  const auto peeling = make_oracle("dks-peeling");
  const auto polished = make_oracle("dks-peeling", "yes");
  std::mt19937_64 rng(7);
  std::normal_distribution<double> normal;
  for (int trial = 0; trial < 40; ++trial) {
    const Eigen::Index n = 4 + trial % 8;
    const std::size_t k = 2 + static_cast<std::size_t>(trial) % static_cast<std::size_t>(n - 2);
    Eigen::MatrixXd w(n, n);
    for (Eigen::Index i = 0; i < w.size(); ++i) w.data()[i] = normal(rng);
    w = (w + w.transpose()).eval();
    double best = -std::numeric_limits<double>::infinity();
    std::vector<int> pick(static_cast<std::size_t>(n), 0);
    std::fill(pick.end() - static_cast<std::ptrdiff_t>(k), pick.end(), 1);
    do {  // every k-subset as a 0/1 permutation
      double value = 0.0;
      for (Eigen::Index i = 0; i < n; ++i)
        for (Eigen::Index j = 0; j < n; ++j)
          if (pick[static_cast<std::size_t>(i)] && pick[static_cast<std::size_t>(j)]) value += w(i, j);
      best = std::max(best, value);
    } while (std::next_permutation(pick.begin(), pick.end()));
    Decision out;
    exact->maximize_quadratic(w, k, out);
    REQUIRE(out.arms.size() == k);
    REQUIRE(std::is_sorted(out.arms.begin(), out.arms.end()));
    double value = 0.0;
    for (std::size_t i : out.arms)
      for (std::size_t j : out.arms) value += w(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j));
    CHECK(value == Approx(best).epsilon(1e-12));
    peeling->maximize_quadratic(w, k, out);
    CHECK(out.arms.size() == k);
    double peeled = 0.0;
    for (std::size_t i : out.arms)
      for (std::size_t j : out.arms) peeled += w(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j));
    polished->maximize_quadratic(w, k, out);
    double improved = 0.0;
    for (std::size_t i : out.arms)
      for (std::size_t j : out.arms) improved += w(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j));
    CHECK(improved >= peeled - 1e-12);
    CHECK(improved <= best + 1e-9);
  }
  CHECK(exact->quadratic_guarantee(10, 5) == 1.0);
  CHECK(peeling->quadratic_guarantee(10, 5) == Approx(20.0 / 90.0));
  Decision out;
  CHECK_THROWS_WITH(exact->maximize_quadratic(Eigen::MatrixXd::Identity(30, 30), 15, out),
                    Contains("exceed the enumeration limit"));
}

TEST_CASE("Every full-bandit algorithm finds the optimal super arm, n = 8..12", "[integration][full-bandit]") {
  for (std::size_t n : {8u, 10u, 12u}) {
    const std::size_t k = n / 2;
    for (const char* allocation : {"uniform", "g-allocation", "uniform\nsupport = random"}) {
      const std::string extra = std::string("allocation = ") + allocation + "\n";
      for (const auto& [algorithm, dks] : std::vector<std::pair<std::string, bool>>{
               {"saqm", true}, {"sa-foa", true}, {"icb", false}, {"sa-exhaustive", false}}) {
        INFO(algorithm << ", n = " << n << ", " << allocation);
        for (const RunRecord& r : run(synthetic(n, k, algorithm, dks, extra))) {
          CHECK((r.stop == cpex::StopReason::Rule));
          CHECK(r.correct);
        }
      }
    }
  }
}

TEST_CASE("SA-FOA: best-candidate = exchange and keep both stop correctly; the early round end changes nothing",
          "[integration][full-bandit]") {
  for (const char* mode : {"exchange", "keep"}) {
    INFO(mode);
    const std::string extra = std::string("best-candidate = ") + mode + "\n";
    // With a trace every round evaluates all l n candidates; without, a round ends at the
    // first violating one. The draws are made first, so the runs must be identical.
    const Pipeline plain = test::pipeline_from(synthetic(10, 5, "sa-foa", true, extra));
    const Pipeline traced = test::pipeline_from(synthetic(10, 5, "sa-foa", true, extra) + "trace-file = " +
                                                test::temp_file("sa-foa-trace.csv", "") + "\n");
    for (std::uint64_t repetition = 0; repetition < 3; ++repetition) {
      const RunRecord a = run_once(plain, RunSeed{3, 0, repetition});
      const RunRecord b = run_once(traced, RunSeed{3, 0, repetition});
      CHECK((a.stop == cpex::StopReason::Rule));
      CHECK(a.correct);
      CHECK(a.trace.empty());
      CHECK(b.trace.size() + 10 >= b.samples);
      CHECK(a.samples == b.samples);
      CHECK(a.recommendation == b.recommendation);
      CHECK_THAT(a.resolved, Contains(std::string("\"best-candidate\":\"") + mode + "\""));
    }
  }
}

TEST_CASE("ICB runs on the CPE-L matroids: uniform and partition bases of a full-bandit "
          "instance", "[integration][full-bandit]") {
  // The best basis of the partition matroid (one arm from each of the parts {0,1},
  // {2,3}, {4..7}) is {0, 2, 4}; of the uniform matroid of rank 3, the top 3 means {0, 2, 4}
  // as well, but reached through another decision class.
  const std::string head =
      "[environment]\nplugin = full-bandit\nmeans = 0.9, 0.1, 0.8, 0.2, 0.7, 0.3, 0.1, 0.0\n"
      "k = 3\nsigma = 0.5\n[algorithm]\nplugin = icb\ndelta = 0.05\n"
      "[run]\nseed = 4\nrepetitions = 10\n";
  for (const std::string oracle :
       {"[oracle]\nplugin = matroid-uniform\nk = 3\n",
        "[oracle]\nplugin = matroid-partition\nparts = 0, 0, 1, 1, 2, 2, 2, 2\ncapacities = 1, 1, 1\n"}) {
    INFO(oracle);
    for (const RunRecord& r : run(head + oracle)) {
      CHECK((r.stop == cpex::StopReason::Rule));
      CHECK(r.correct);
      CHECK(r.recommendation == "0 2 4");
    }
  }
}

TEST_CASE("Fig. 1 trace: the approximate values never exceed the exact optima", "[integration][full-bandit]") {
  for (const char* algorithm : {"saqm", "sa-foa"}) {
    const Pipeline p = test::pipeline_from(synthetic(10, 5, algorithm, true, "trace-optimum = yes\n") +
                                           "trace-file = " + test::temp_file("fb-trace.csv", "") + "\n");
    for (std::uint64_t repetition = 0; repetition < 3; ++repetition) {
      const RunRecord r = run_once(p, RunSeed{3, 0, repetition});  // the engine frees traces
      std::size_t ratios = 0;
      for (const TraceRow& row : r.trace) {
        if (row.name == "ratio") {
          ++ratios;
          CHECK(row.value <= 1.0 + 1e-9);
          CHECK(row.value > 0.0);
        }
        if (row.name == "additive-error") CHECK(row.value >= -1e-9);
      }
      INFO(algorithm);
      CHECK(ratios + 10 >= r.samples);  // one per round after the n basis pulls
    }
  }
}

TEST_CASE("alpha = theorem1 traces Theorem 1's CEM ratio, a valid ratio in (0, 1)", "[integration][full-bandit]") {
  const Pipeline p = test::pipeline_from(synthetic(8, 4, "saqm", true, "alpha = theorem1\n") +
                                         "max-samples = 300\ntrace-file = " + test::temp_file("fb-t1.csv", "") + "\n");
  const RunRecord r = run_once(p, RunSeed{3, 0, 0});
  std::size_t alphas = 0;
  for (const TraceRow& row : r.trace)
    if (row.name == "alpha") {
      ++alphas;
      CHECK(row.value > 0.0);
      CHECK(row.value <= std::sqrt(4.0 * 3.0 / (8.0 * 7.0) / 3.0));  // sqrt(alpha_DkS / (k - 1)) at best
    }
  CHECK(alphas > 100);
  CHECK_FALSE((r.stop == cpex::StopReason::Rule));  // so conservative that 300 samples are far too few
}

TEST_CASE("ICB width = prop1 never stops before lemma1; SA-FOA stop-at = epsilon at eps is half-epsilon at 2 eps",
          "[integration][full-bandit]") {
  // Static allocation: both ICB runs of a seed see the same pulls and observations, and
  // Z*_t grows with the width, so the wider prop1 cannot stop first.
  const Pipeline lemma1 = test::pipeline_from(synthetic(10, 5, "icb", false, "epsilon = 0.5\n"));
  const Pipeline prop1 = test::pipeline_from(synthetic(10, 5, "icb", false, "epsilon = 0.5\nwidth = prop1\n"));
  std::uint64_t total_lemma1 = 0, total_prop1 = 0;
  for (std::uint64_t repetition = 0; repetition < 3; ++repetition) {
    const RunRecord a = run_once(lemma1, RunSeed{3, 0, repetition});
    const RunRecord b = run_once(prop1, RunSeed{3, 0, repetition});
    CHECK((a.stop == cpex::StopReason::Rule));
    CHECK((b.stop == cpex::StopReason::Rule));
    CHECK(a.correct);
    CHECK(b.correct);
    CHECK(a.samples <= b.samples);
    total_lemma1 += a.samples;
    total_prop1 += b.samples;
    CHECK_THAT(a.resolved, Contains("\"width\":\"lemma1\""));
    CHECK_THAT(b.resolved, Contains("\"width\":\"prop1\""));
  }
  CHECK(total_prop1 > 2 * total_lemma1);  // Prop. 1's constant is 2x Lemma 1's: ~4x the samples
  // SA-FOA: the thresholds eps (stop-at = epsilon) and 2 eps / 2 are the same double.
  const Pipeline half = test::pipeline_from(synthetic(10, 5, "sa-foa", true, "epsilon = 1.0\n"));
  const Pipeline full = test::pipeline_from(synthetic(10, 5, "sa-foa", true, "epsilon = 0.5\nstop-at = epsilon\n"));
  const Pipeline printed = test::pipeline_from(synthetic(10, 5, "sa-foa", true, "epsilon = 0.5\n"));
  for (std::uint64_t repetition = 0; repetition < 3; ++repetition) {
    const RunRecord a = run_once(half, RunSeed{3, 0, repetition});
    const RunRecord b = run_once(full, RunSeed{3, 0, repetition});
    const RunRecord c = run_once(printed, RunSeed{3, 0, repetition});
    CHECK(a.samples == b.samples);
    CHECK(a.recommendation == b.recommendation);
    CHECK(b.samples <= c.samples);
    CHECK(b.correct);
    CHECK_THAT(b.resolved, Contains("\"stop-at\":\"epsilon\""));
    CHECK_THAT(c.resolved, Contains("\"stop-at\":\"half-epsilon\""));
  }
}

TEST_CASE("SAQM alpha = certified stops correctly on a ratio the round proves, never above the true one",
          "[integration][full-bandit]") {
  const Pipeline p = test::pipeline_from(synthetic(8, 4, "saqm", true, "alpha = certified\ntrace-optimum = yes\n") +
                                         "trace-file = " + test::temp_file("fb-cert.csv", "") + "\n");
  for (std::uint64_t repetition = 0; repetition < 2; ++repetition) {
    const RunRecord r = run_once(p, RunSeed{3, 0, repetition});
    CHECK((r.stop == cpex::StopReason::Rule));
    CHECK(r.correct);
    CHECK_THAT(r.resolved, Contains("\"alpha\":\"certified\""));
    // Per round: alpha (certified) is traced before ratio (peeling / exact): alpha <= ratio.
    double alpha = -1.0;
    std::size_t rounds = 0;
    for (const TraceRow& row : r.trace) {
      if (row.name == "alpha") {
        alpha = row.value;
        CHECK(alpha > 0.0);
        CHECK(alpha <= 1.0 + 1e-12);
      }
      if (row.name == "ratio") {
        ++rounds;
        CHECK(alpha <= row.value + 1e-9);
      }
    }
    CHECK(rounds > 10);
  }
}

TEST_CASE("Full-bandit bad input: one-line errors naming the culprit", "[integration][full-bandit][bad-input]") {
  auto fails = [](const std::string& text, const std::vector<std::string>& fragments) {
    INFO(text);
    try {
      test::pipeline_from(text);
      FAIL("no error");
    } catch (const Error& e) {
      const std::string what = e.what();
      INFO(what);
      CHECK(what.find('\n') == std::string::npos);
      for (const auto& f : fragments) CHECK_THAT(what, Contains(f));
    }
  };
  const std::string good = synthetic(10, 5, "saqm", true);
  auto with = [&](const std::string& from, const std::string& to) {
    std::string text = good;
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
  };
  fails(with("n = 10\nk = 5", "n = 10\nk = 10"), {"[environment] k", "must be smaller than n = 10"});
  fails(synthetic(10, 1, "saqm", true), {"[environment]", "k", "[2, inf)"});
  fails("[environment]\nplugin = full-bandit\nmeans = 0.2, 1.4, 0.5, 0.1\nk = 2\nnoise = bernoulli\n"
        "[oracle]\nplugin = top-k\nk = 2\n[algorithm]\nplugin = icb\n",
        {"[environment] noise", "theta_1 = 1.4", "[0, 1]"});
  fails(with("delta-min = 1.0\n", "delta-min = 1.0\nnoise = bernoulli\n"), {"noise = bernoulli"});
  fails(with("plugin = saqm\n", "plugin = saqm\nsupport = cyclic\n"), {"[algorithm] support", "rank 6 < n = 10", "invertible"});
  fails(with("[algorithm]\nplugin = saqm\n", "[algorithm]\nplugin = saqm\nsupport = 0 1 2 3 4; 5 6 7 8 9\n"),
        {"[algorithm] support", "rank 2 < n = 10"});
  const std::string big = "[environment]\nplugin = full-bandit\ngenerator = synthetic\nn = 30\nk = 15\n"
                          "[oracle]\nplugin = top-k\nk = 15\n";
  fails(big + "[dks]\nplugin = dks-exact\n[algorithm]\nplugin = saqm\n",
        {"[dks] plugin", "dks-exact", "C(30, 15)", "enumeration limit"});
  fails(big + "[algorithm]\nplugin = sa-exhaustive\n", {"[algorithm] plugin", "sa-exhaustive", "C(30, 15)", "1e7"});
  fails(big + "[dks]\nplugin = dks-peeling\n[algorithm]\nplugin = saqm\ntrace-optimum = yes\n",
        {"[algorithm] trace-optimum", "1e7"});
  fails(with("[dks]\nplugin = dks-peeling", "[dks]\nplugin = top-k"), {"[dks]", "top-k", "quadratic"});
  fails(with("[dks]\nplugin = dks-peeling\n", ""), {"saqm", "needs an oracle section [dks] (quadratic)"});
  fails(with("[algorithm]\nplugin = saqm\n", "[algorithm]\nplugin = saqm\nalpha = 1.5\n"),
        {"[algorithm] alpha", "'theorem1'"});
  fails(with("[algorithm]\nplugin = saqm\n", "[algorithm]\nplugin = sa-foa\nbest-candidate = drop\n"),
        {"[algorithm] best-candidate", "drop"});
  // Absurd sizes are refused before anything is allocated (docs/reliability.md).
  fails(with("n = 10\nk = 5", "n = 5000\nk = 5"), {"[environment] n = 5000", "[3, 1000]"});
  fails(with("[algorithm]\nplugin = saqm\n", "[algorithm]\nplugin = sa-foa\nl = 1000000000\n"),
        {"[algorithm] l = 1000000000", "[1, 1000]"});
  std::string many = "[environment]\nplugin = full-bandit\nk = 2\nmeans = 0";
  for (int i = 1; i < 1001; ++i) many += ", 0";
  fails(many + "\n[oracle]\nplugin = top-k\nk = 2\n[algorithm]\nplugin = icb\n",
        {"[environment] means", "1001 arms", "limit of 1000"});
  fails("[environment]\nplugin = planted-gap\narms = 1000000000\n[oracle]\nplugin = top-k\nk = 3\n"
        "[algorithm]\nplugin = clucb\n",
        {"[environment] arms = 1000000000", "[0, 1000000]"});
  fails("[environment]\nplugin = planted-gap\n[oracle]\nplugin = dag-path\ngenerator = grid-dag\nrows = 100000\n"
        "[algorithm]\nplugin = clucb\n",
        {"[oracle] rows = 100000", "[1, 700]"});
}

TEST_CASE("Full-bandit bad input on the command line: exit status 1, one line", "[cli][full-bandit][bad-input]") {
  const std::string file = test::temp_file(
      "fb-bad.ini", "[environment]\nplugin = full-bandit\ngenerator = synthetic\nn = 10\nk = 5\n"
                    "[oracle]\nplugin = top-k\nk = 5\n[algorithm]\nplugin = saqm\n");
  const auto r = test::run_cpex("run " + file);
  INFO(r.err);
  CHECK(r.status == 1);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK_THAT(r.err, Contains("needs an oracle section [dks]"));
}
