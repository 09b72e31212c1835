// Sample-count regression tests: each algorithm's mean number of samples on a fixed small
// instance must lie in a band around an INDEPENDENT reference -- a short re-implementation
// written here from the papers (own random numbers, canonical-basis closed forms for the
// least squares), or, for xy-oracle, the deterministic stopping time computed directly. A
// confidence radius scaled by 2 (about 4x the samples) or by 0.5 (about 1/4) falls outside.
// The best arm is never at index 0 (the default answer).
#include <catch2/catch.hpp>

#include <cmath>
#include <numeric>
#include <random>
#include <vector>

#include "cpex/runtime/engine.hpp"
#include "cpex/report/stats.hpp"
#include "test_support.hpp"

using namespace cpex;

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr int kRuns = 300;

// Mean samples of the plugin's runs; every run must stop by its rule and be correct.
double plugin_mean(const std::string& text) {
  const std::vector<Pipeline> pipelines = {test::pipeline_from(text)};
  const auto records = execute(make_jobs(pipelines, expand({})), {2}, nullptr);
  double sum = 0.0;
  for (const auto& r : records) {
    REQUIRE((r.stop == cpex::StopReason::Rule));
    CHECK(r.correct);
    sum += static_cast<double>(r.samples);
  }
  return sum / static_cast<double>(records.size());
}

template <typename OneRun>
double reference_mean(OneRun one_run) {
  std::mt19937_64 engine(99991);
  double sum = 0.0;
  for (int r = 0; r < kRuns; ++r) sum += static_cast<double>(one_run(engine));
  return sum / kRuns;
}

void check_band(const char* name, double plugin, double reference, double low, double high) {
  INFO(name << ": plugin mean " << plugin << ", reference mean " << reference << ", ratio "
            << plugin / reference << " (band [" << low << ", " << high << "])");
  CHECK(plugin >= low * reference);
  CHECK(plugin <= high * reference);
}

// ---- Best-K: LUCB1 (Kalyanakrishnan et al. 2012), K = 1 of 4 Gaussian arms.
const std::vector<double> kMeans = {0.3, 0.5, 0.2, 0.1};  // best: arm 1
constexpr double kSigma = 0.5, kLucbDelta = 0.1;

// Four Gaussian arms of kMeans (each pulled once at the start), the state every Best-K
// reference below shares; lil_u is the finite-LIL radius U(T, omega) with epsilon = 0.
double lil_u(double count, double omega);

struct GaussianArms {
  explicit GaussianArms(std::mt19937_64& engine_)
      : engine(engine_), sum(kMeans.size(), 0.0), count(kMeans.size(), 0.0) {
    for (std::size_t a = 0; a < kMeans.size(); ++a) pull(a);
  }
  void pull(std::size_t a) {
    sum[a] += kMeans[a] + noise(engine);
    count[a] += 1.0;
    ++samples;
  }
  double mean(std::size_t a) const { return sum[a] / count[a]; }
  double u(std::size_t a, double omega) const { return lil_u(count[a], omega); }
  // The empirical best arm (ties to the smaller index).
  std::size_t best() const {
    std::size_t high = 0;
    for (std::size_t a = 1; a < sum.size(); ++a)
      if (mean(a) > mean(high)) high = a;
    return high;
  }
  // The arm other than `high` with the largest mean + U(T, omega).
  std::size_t best_other_ucb(std::size_t high, double omega) const {
    std::size_t low = high == 0 ? 1 : 0;
    for (std::size_t a = 0; a < sum.size(); ++a)
      if (a != high && mean(a) + u(a, omega) > mean(low) + u(low, omega)) low = a;
    return low;
  }

  std::mt19937_64& engine;
  std::normal_distribution<double> noise{0.0, kSigma};
  std::vector<double> sum, count;
  std::uint64_t samples = 0;
};

std::uint64_t lucb1_run(std::mt19937_64& engine) {
  GaussianArms arms(engine);
  const std::size_t n = kMeans.size();
  for (double t = 1.0;; t += 1.0) {
    const double log_term = std::log(1.25 * static_cast<double>(n) * std::pow(t, 4) / kLucbDelta);
    auto beta = [&](std::size_t a) { return std::sqrt(2.0 * kSigma * kSigma * log_term / arms.count[a]); };
    const std::size_t high = arms.best();
    std::size_t low = high == 0 ? 1 : 0;
    for (std::size_t a = 0; a < n; ++a)
      if (a != high && arms.mean(a) + beta(a) > arms.mean(low) + beta(low)) low = a;
    if (arms.mean(low) + beta(low) < arms.mean(high) - beta(high)) return arms.samples;
    arms.pull(high);
    arms.pull(low);
  }
}

// ---- lil'LUCB (Jamieson & Nowak 2014) and LUCB++ (Simchowitz et al. 2017), heuristic
// preset (epsilon = 0, delta = nu = 0.01), K = 1: the LUCB skeleton with the finite-LIL
// radius U(T, omega) = sqrt(2 sigma^2 / T log(log(T + 2) / omega)) (seed 004 Lemma 2.1 with
// epsilon = 0), omega = delta/N for every arm (lil'LUCB), or delta/(2(N-K)) for the
// empirical best and delta/(2K) for the others (LUCB++); both h and l sampled; stop when
// LCB(h) >= UCB(l).
std::uint64_t lil_lucb_run(std::mt19937_64& engine, bool asymmetric) {
  const std::size_t n = kMeans.size();
  const double delta = 0.01;
  const double omega_high = asymmetric ? delta / (2.0 * static_cast<double>(n - 1)) : delta / static_cast<double>(n);
  const double omega_low = asymmetric ? delta / 2.0 : delta / static_cast<double>(n);
  GaussianArms arms(engine);
  for (;;) {
    const std::size_t high = arms.best(), low = arms.best_other_ucb(high, omega_low);
    if (arms.mean(high) - arms.u(high, omega_high) >= arms.mean(low) + arms.u(low, omega_low))
      return arms.samples;
    arms.pull(high);
    arms.pull(low);
  }
}

// ---- lil'RandLUCB (seed 004 Alg. 1), lil'CLUCB (seed 004 Alg. 2) and lil'UCB (Jamieson et
// al. 2014), heuristic presets (epsilon = 0, delta = nu = 0.01), K = 1, with the same
// finite-LIL radius U(T, omega) as above.
double lil_u(double count, double omega) {
  return std::sqrt(2.0 * kSigma * kSigma / count * std::log(std::log(count + 2.0) / omega));
}

// lil'RandLUCB: omega = delta/(2(N-K)) for the empirical best h, delta/(2K) for the rest;
// l = argmax UCB among the rest; stop when LCB(h) >= UCB(l); otherwise pull h with
// probability T_l / (T_h + T_l), else l.
std::uint64_t lil_rand_lucb_run(std::mt19937_64& engine) {
  const std::size_t n = kMeans.size();
  const double delta = 0.01, omega_high = delta / (2.0 * static_cast<double>(n - 1)),
               omega_low = delta / 2.0;
  std::uniform_real_distribution<double> coin(0.0, 1.0);
  GaussianArms arms(engine);
  for (;;) {
    const std::size_t high = arms.best(), low = arms.best_other_ucb(high, omega_low);
    if (arms.mean(high) - arms.u(high, omega_high) >= arms.mean(low) + arms.u(low, omega_low))
      return arms.samples;
    arms.pull(coin(engine) < arms.count[low] / (arms.count[high] + arms.count[low]) ? high : low);
  }
}

// lil'CLUCB: omega = delta/N for every arm; M = {h} (the empirical best), M~ = the argmax
// of mu - u on h and mu + u elsewhere; stop when M~ = M, else pull the arm of M (+) M~
// with the larger radius.
std::uint64_t lil_clucb_run(std::mt19937_64& engine) {
  const std::size_t n = kMeans.size();
  const double omega = 0.01 / static_cast<double>(n);
  GaussianArms arms(engine);
  for (;;) {
    const std::size_t high = arms.best();
    auto tilde = [&](std::size_t a) { return arms.mean(a) + (a == high ? -1.0 : 1.0) * arms.u(a, omega); };
    std::size_t rival = 0;
    for (std::size_t a = 1; a < n; ++a)
      if (tilde(a) > tilde(rival)) rival = a;
    if (rival == high) return arms.samples;
    arms.pull(arms.u(high, omega) >= arms.u(rival, omega) ? high : rival);
  }
}

// lil'UCB (heuristic: beta = 1/2, lambda = 1 + 10/N): pull argmax mu + (1 + beta) U(T,
// delta) until some arm has T_i >= 1 + lambda * (sum of the others' pulls).
std::uint64_t lil_ucb_run(std::mt19937_64& engine) {
  const std::size_t n = kMeans.size();
  const double delta = 0.01, beta = 0.5, lambda = 1.0 + 10.0 / static_cast<double>(n);
  GaussianArms arms(engine);
  for (;;) {
    const double total = static_cast<double>(arms.samples);
    for (std::size_t a = 0; a < n; ++a)
      if (arms.count[a] >= 1.0 + lambda * (total - arms.count[a])) return arms.samples;
    auto index = [&](std::size_t a) { return arms.mean(a) + (1.0 + beta) * arms.u(a, delta); };
    std::size_t best = 0;
    for (std::size_t a = 1; a < n; ++a)
      if (index(a) > index(best)) best = a;
    arms.pull(best);
  }
}

// ---- Linear, canonical basis K = d = 3: x_a = e_a, so A = diag(lambda + T_a) and
// theta_hat_a = S_a / (lambda + T_a); theta = (0, gap, 0) puts the best arm at index 1.
constexpr double kGap = 0.5, kDelta = 0.05;
constexpr std::size_t kArms = 3;

struct CanonicalArms {
  explicit CanonicalArms(double lambda_, std::size_t arms_ = kArms)
      : lambda(lambda_), arms(arms_), sum(arms_, 0.0), count(arms_, 0.0) {}
  double lambda;
  std::size_t arms;
  std::vector<double> sum, count;
  std::uint64_t samples = 0;
  void pull(std::size_t a, std::mt19937_64& engine) {
    std::normal_distribution<double> noise(0.0, 1.0);
    sum[a] += (a == 1 ? kGap : 0.0) + noise(engine);
    count[a] += 1.0;
    ++samples;
  }
  double mean(std::size_t a) const { return sum[a] / (lambda + count[a]); }
  double norm_sq(std::size_t a, std::size_t b) const {
    return 1.0 / (lambda + count[a]) + 1.0 / (lambda + count[b]);
  }
  std::size_t best() const {
    std::size_t i = 0;
    for (std::size_t a = 1; a < arms; ++a)
      if (mean(a) > mean(i)) i = a;
    return i;
  }
};

// Soare et al.'s Prop. 1 width 2R sqrt(2 log(6 n^2 |Y| / (delta pi^2))), R = 1.
double static_width(double n, double directions, double delta) {
  return 2.0 * std::sqrt(2.0 * std::log(6.0 * n * n * directions / (delta * kPi * kPi)));
}

// LinGapE (seed 002 Alg. 1, greedy rule), lambda = 1, R = 1, S = gap, epsilon = 0.
std::uint64_t lingape_run(std::mt19937_64& engine, bool authors) {
  CanonicalArms arms(1.0);
  for (std::size_t a = 0; a < kArms; ++a) arms.pull(a, engine);
  for (;;) {
    double log_det = 0.0;
    for (double c : arms.count) log_det += std::log(1.0 + c);
    const double d = static_cast<double>(kArms), t = static_cast<double>(arms.samples);
    const double c_t = authors ? std::sqrt(d * std::log(d * d * (1.0 + t) / kDelta)) + kGap
                               : std::sqrt(2.0 * (0.5 * log_det + std::log(1.0 / kDelta))) + kGap;
    const std::size_t i = arms.best();
    std::size_t j = i;
    double b = 0.0;
    for (std::size_t a = 0; a < kArms; ++a) {
      if (a == i) continue;
      const double value = arms.mean(a) - arms.mean(i) + std::sqrt(arms.norm_sq(a, i)) * c_t;
      if (value > b) b = value, j = a;
    }
    if (b <= 0.0) return arms.samples;
    // Greedy: pulling i or j shrinks 1/(1+T_i) + 1/(1+T_j) most at the smaller count.
    const std::size_t lo = std::min(i, j), hi = std::max(i, j);
    arms.pull(arms.count[hi] < arms.count[lo] ? hi : lo, engine);
  }
}

// XY-static: the optimal design of the canonical basis is uniform, followed round robin;
// ordinary least squares; stop on the static rule over |Y| = K^2 directions.
std::uint64_t xy_static_run(std::mt19937_64& engine) {
  CanonicalArms arms(0.0);
  for (std::size_t a = 0;; a = (a + 1) % kArms) {
    if (arms.samples >= kArms) {
      const std::size_t i = arms.best();
      const double c = static_width(static_cast<double>(arms.samples), kArms * kArms, kDelta);
      bool separated = true;
      for (std::size_t j = 0; j < kArms; ++j)
        if (j != i && arms.mean(i) - arms.mean(j) < c * std::sqrt(arms.norm_sq(i, j))) separated = false;
      if (separated) return arms.samples;
    }
    arms.pull(a, engine);
  }
}

// XY-adaptive as published: phases with a fresh A; each pulls every arm once, then the
// candidates round robin until max_{a,b candidates} 1/T_a + 1/T_b <= alpha rho (rho_0 = 1);
// the next candidates are the arms no arm beats by more than the static width (|Y| = K^2,
// delta); stop when one is left. On TWO canonical arms (e_1, e_2; theta = (0, gap)): with
// three, a phase that eliminates one of the two worse arms brings the other back in the
// next phase (it was pulled once), and the published algorithm can alternate forever.
constexpr std::size_t kAdaptiveArms = 2;

std::uint64_t xy_adaptive_run(std::mt19937_64& engine) {
  const double alpha = 0.1;
  double rho = 1.0;
  std::vector<std::size_t> candidates = {0, 1};
  std::uint64_t total = 0;
  for (;;) {
    CanonicalArms arms(0.0, kAdaptiveArms);
    for (std::size_t a = 0; a < kAdaptiveArms; ++a) arms.pull(a, engine);
    auto uncertainty = [&] {
      double worst = 0.0;
      for (std::size_t a : candidates)
        for (std::size_t b : candidates)
          if (a < b) worst = std::max(worst, arms.norm_sq(a, b));
      return worst;
    };
    for (std::size_t turn = 0; uncertainty() > alpha * rho; turn = (turn + 1) % candidates.size())
      arms.pull(candidates[turn], engine);
    rho = uncertainty();
    total += arms.samples;
    const double c = static_width(static_cast<double>(arms.samples),
                                  kAdaptiveArms * kAdaptiveArms, kDelta);
    std::vector<std::size_t> kept;
    for (std::size_t a = 0; a < kAdaptiveArms; ++a) {
      bool dominated = false;
      for (std::size_t b = 0; b < kAdaptiveArms; ++b)
        if (b != a && arms.mean(b) - arms.mean(a) > c * std::sqrt(arms.norm_sq(a, b))) dominated = true;
      if (!dominated) kept.push_back(a);
    }
    candidates = kept;
    if (candidates.size() == 1) return total;
  }
}

// XY-oracle with the authors' true-gap stopping: no randomness. The design over
// (e_1 - e_a)/gap, a = 0, 2, minimizes 1/p_1 + 1/min(p_0, p_2): p_1 = sqrt(2) - 1, the rest
// equal. Tracking: pull argmin T_a / p_a (ties to the smaller index); stop at the first n with
// gap >= 2 sqrt(2 log(6 n^2 K / (pi^2 delta))) sqrt(1/T_1 + 1/T_a) for a = 0, 2.
std::uint64_t xy_oracle_samples() {
  const double p1 = std::sqrt(2.0) - 1.0;
  const std::vector<double> p = {(1.0 - p1) / 2.0, p1, (1.0 - p1) / 2.0};
  std::vector<double> count(kArms, 0.0);
  for (std::uint64_t n = 0;; ++n) {
    if (n >= kArms && count[0] > 0 && count[1] > 0 && count[2] > 0) {
      const double c = static_width(static_cast<double>(n), kArms, kDelta);
      if (kGap >= c * std::sqrt(1.0 / count[1] + 1.0 / count[0]) &&
          kGap >= c * std::sqrt(1.0 / count[1] + 1.0 / count[2]))
        return n;
    }
    std::size_t next = 0;
    for (std::size_t a = 1; a < kArms; ++a)
      if (count[a] / p[a] < count[next] / p[next]) next = a;
    count[next] += 1.0;
  }
}

std::string canonical_pipeline(const std::string& algorithm, int repetitions) {
  return "[environment]\nplugin = linear\ngenerator = explicit\nd = 3\n"
         "features = 1,0,0, 0,1,0, 0,0,1\ntheta = 0, " + std::to_string(kGap) + ", 0\nsigma = 1\n"
         "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = " + algorithm +
         "\ndelta = " + std::to_string(kDelta) + "\n[run]\nseed = 5\nrepetitions = " +
         std::to_string(repetitions) + "\n";
}

}  // namespace

TEST_CASE("LUCB1's mean samples match an independent LUCB1", "[statistical][sample-count]") {
  const double plugin = plugin_mean(
      "[environment]\nplugin = gaussian\nmeans = 0.3, 0.5, 0.2, 0.1\nsigma = 0.5\n"
      "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = lucb\ndelta = 0.1\n"
      "[run]\nseed = 3\nrepetitions = " + std::to_string(kRuns) + "\n");
  check_band("lucb", plugin, reference_mean(lucb1_run), 0.85, 1.15);
}

TEST_CASE("lil'LUCB's and LUCB++'s mean samples match independent implementations",
          "[statistical][sample-count]") {
  for (const bool asymmetric : {false, true}) {
    const double plugin = plugin_mean(
        "[environment]\nplugin = gaussian\nmeans = 0.3, 0.5, 0.2, 0.1\nsigma = 0.5\n"
        "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = " +
        std::string(asymmetric ? "lucb-pp" : "lil-lucb") +
        "\npreset = heuristic\n[run]\nseed = 3\nrepetitions = " + std::to_string(kRuns) + "\n");
    check_band(asymmetric ? "lucb-pp" : "lil-lucb", plugin,
               reference_mean([&](std::mt19937_64& e) { return lil_lucb_run(e, asymmetric); }),
               0.85, 1.15);
  }
}

TEST_CASE("LinGapE's mean samples match an independent LinGapE, both widths",
          "[statistical][sample-count]") {
  check_band("lingape (determinant)", plugin_mean(canonical_pipeline("lingape", kRuns)),
             reference_mean([](std::mt19937_64& e) { return lingape_run(e, false); }), 0.85, 1.15);
  check_band("lingape (authors)",
             plugin_mean(canonical_pipeline("lingape\nconfidence = authors", kRuns)),
             reference_mean([](std::mt19937_64& e) { return lingape_run(e, true); }), 0.85, 1.15);
}

TEST_CASE("The XY allocations' mean samples match independent references",
          "[statistical][sample-count]") {
  check_band("xy-static", plugin_mean(canonical_pipeline("xy-static", kRuns)),
             reference_mean(xy_static_run), 0.85, 1.15);
  const std::string two_arms =
      "[environment]\nplugin = linear\ngenerator = explicit\nd = 2\nfeatures = 1,0, 0,1\n"
      "theta = 0, " + std::to_string(kGap) + "\nsigma = 1\n[oracle]\nplugin = top-k\nk = 1\n"
      "[algorithm]\nplugin = xy-adaptive\ndelta = " + std::to_string(kDelta) +
      "\n[run]\nseed = 5\nrepetitions = " + std::to_string(kRuns) + "\n";
  check_band("xy-adaptive", plugin_mean(two_arms), reference_mean(xy_adaptive_run), 0.85, 1.15);
  // Deterministic: the design is optimal within its certified gap (1e-3), so the stopping
  // time agrees within about a percent.
  check_band("xy-oracle", plugin_mean(canonical_pipeline("xy-oracle", 2)),
             static_cast<double>(xy_oracle_samples()), 0.98, 1.02);
}

TEST_CASE("lil'RandLUCB's, lil'CLUCB's and lil'UCB's mean samples match independent "
          "implementations", "[statistical][sample-count]") {
  auto pipeline = [](const std::string& plugin) {
    return "[environment]\nplugin = gaussian\nmeans = 0.3, 0.5, 0.2, 0.1\nsigma = 0.5\n"
           "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = " + plugin +
           "\npreset = heuristic\n[run]\nseed = 3\nrepetitions = " + std::to_string(kRuns) + "\n";
  };
  check_band("lil-rand-lucb", plugin_mean(pipeline("lil-rand-lucb")),
             reference_mean(lil_rand_lucb_run), 0.85, 1.15);
  check_band("lil-clucb", plugin_mean(pipeline("lil-clucb")), reference_mean(lil_clucb_run),
             0.85, 1.15);
  check_band("lil-ucb", plugin_mean(pipeline("lil-ucb")), reference_mean(lil_ucb_run), 0.85,
             1.15);
}
