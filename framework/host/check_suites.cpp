// The conformance suites of `cpex check` (check_suites.hpp): which algorithms each serves,
// and its instances. Best-K and linear keep δ = 0.01 over 320 (quick) or 1,200 runs, which
// catches a confidence width halved (its error is a few times δ: the planted defects of
// tests/check_fixtures); the other suites run δ = 0.05 over 120-240 (quick) or 600-900 runs
// on the instances of the family's statistical tests (tests/statistical/), which keeps each
// algorithm's quick check to about a second of CPU (0 wrong answers in 120 runs bound the
// error rate by 0.025).
#include "check_suites.hpp"

#include <algorithm>
#include <random>

#include "check.hpp"

namespace cpex::host {

namespace {

bool accepts(const AlgorithmNeeds& needs, FeedbackKind kind) {
  return std::find(needs.feedback.begin(), needs.feedback.end(), kind) != needs.feedback.end();
}

// What the algorithm asks of its decision-class oracle.
unsigned decision_needs(const AlgorithmNeeds& needs) {
  return needs.oracles.empty() ? 0u : needs.oracles.front().required;
}

// The plugins a suite's instances name, all loaded; else the reason naming the first missing.
std::string missing(const Registry& registry, std::initializer_list<const char*> names) {
  for (const char* name : names)
    if (!registry.find(name)) return std::string("the suite's plugin '") + name + "' is not loaded";
  return "";
}

// The capabilities of the oracle `name` as loaded (none when it is not).
unsigned capabilities_of(const Registry& registry, const char* name) {
  const OracleEntry* entry = registry.oracle(name);
  return entry ? entry->capabilities : 0u;
}

// The common refusals: the feedback, more oracle roles than the suite gives, a decision-class
// need the suite's oracles do not offer (`offered`), and the suite's plugins.
std::string refusal(const AlgorithmNeeds& needs, const Registry& registry, FeedbackKind feedback,
                    unsigned offered, std::size_t roles, std::initializer_list<const char*> plugins) {
  if (!accepts(needs, feedback)) return std::string("not ") + to_string(feedback) + " feedback";
  if (needs.oracles.size() > roles) return "no [" + needs.oracles[roles].section + "] oracle";
  if (decision_needs(needs) & ~offered) return "asks its oracle for " + describe_capabilities(decision_needs(needs) & ~offered);
  return missing(registry, plugins);
}

// ---- Best-K: per-arm feedback, the class of every k-subset ----
// For each family, size and decision size: the k best at 0.8, 0.75, ..., a close competitor
// 0.1 below the k-th, the others spread over [0.2, 0.5], at positions drawn from a fixed seed.
std::vector<SuiteInstance> best_k_instances(const AlgorithmNeeds&, bool quick) {
  std::mt19937_64 rng(21);
  std::vector<SuiteInstance> suite;
  const std::vector<std::size_t> sizes = quick ? std::vector<std::size_t>{4, 6} : std::vector<std::size_t>{4, 6, 10};
  for (const char* family : {"gaussian", "bernoulli"})
    for (std::size_t n : sizes)
      for (std::size_t k : {std::size_t{1}, std::size_t{2}}) {
        std::vector<double> means;
        for (std::size_t j = 0; j < k; ++j) means.push_back(0.8 - 0.05 * static_cast<double>(j));
        means.push_back(means.back() - 0.1);
        for (std::size_t j = 0; j + k + 1 < n; ++j)
          means.push_back(0.5 - 0.3 * static_cast<double>(j) / static_cast<double>(std::max<std::size_t>(n - k - 2, 1)));
        for (std::size_t i = means.size() - 1; i > 0; --i) std::swap(means[i], means[rng() % (i + 1)]);
        std::string list;
        for (double m : means) list += (list.empty() ? "" : ", ") + check_number(m);
        std::string text = "[environment]\nplugin = " + std::string(family) + "\nmeans = " + list + "\n";
        if (std::string(family) == "gaussian") text += "sigma = 0.5\n";
        text += "[oracle]\nplugin = top-k\nk = " + std::to_string(k) + "\n";
        suite.push_back({std::string(family) + " n=" + std::to_string(n) + " k=" + std::to_string(k), text, 600 * n, {}});
      }
  return suite;
}

// The identification problems beyond Gaussian / Bernoulli best-k (docs/algorithms/
// identification.md): Poisson, Exponential and unknown-variance Gaussian arms, an ε-good
// query, thresholds ("every arm above τ", "any arm above τ"). An algorithm whose rewards or
// oracle needs do not cover one refuses it at assembly (listed as refused); the others run it.
std::vector<SuiteInstance> identification_instances() {
  const auto instance = [](const char* label, const std::string& environment, const std::string& oracle) {
    return SuiteInstance{label, "[environment]\n" + environment + "[oracle]\n" + oracle, 2400, {}};
  };
  std::vector<SuiteInstance> suite{
      instance("poisson n=4 k=1", "plugin = poisson\nmeans = 2, 4, 1.5, 1\n", "plugin = top-k\nk = 1\n"),
      instance("exponential n=4 k=2", "plugin = exponential\nmeans = 1, 0.3, 2, 3\n", "plugin = top-k\nk = 2\n"),
      instance("gaussian unknown variance n=4 k=1",
               "plugin = gaussian\nmeans = 0.2, 1.2, 0.5, 0.1\nsigmas = 0.5, 0.4, 0.6, 0.3\nvariance = unknown\n",
               "plugin = top-k\nk = 1\n"),
      instance("bernoulli threshold tau=0.5 (all)", "plugin = bernoulli\nmeans = 0.2, 0.75, 0.3, 0.8\n",
               "plugin = threshold\ntau = 0.5\n"),
      instance("gaussian threshold tau=0.5 (any)", "plugin = gaussian\nmeans = 0.1, 0.9, 0.2, 0.85\nsigma = 0.5\n",
               "plugin = threshold\ntau = 0.5\nquery = any\n")};
  SuiteInstance good = instance("gaussian 0.1-good n=4", "plugin = gaussian\nmeans = 0.3, 0.8, 0.75, 0.2\nsigma = 0.5\n",
                                "plugin = top-k\nk = 1\n");
  good.accuracy = 0.1;
  good.needs_accuracy = true;
  suite.push_back(good);
  return suite;
}

// ---- Identification problems: the generic samplers (docs/algorithms/identification.md) ----
// The Best-K instances, the new families and queries above, and two combinatorial classes
// of the CPE-L suite (a partition matroid, spanning trees): every kind of problem a sampler
// generic over identification problems answers.
std::vector<SuiteInstance> cpe_l_instances(const AlgorithmNeeds&, bool);
std::vector<SuiteInstance> vector_instances(const AlgorithmNeeds&, bool);

std::vector<SuiteInstance> identification_suite_instances(const AlgorithmNeeds& needs, bool quick) {
  auto suite = best_k_instances(needs, quick);
  for (auto& instance : identification_instances()) suite.push_back(std::move(instance));
  for (auto& instance : cpe_l_instances(needs, quick))
    if (instance.label.find("matroid") != std::string::npos || instance.label.find("spanning") != std::string::npos)
      suite.push_back(std::move(instance));
  // Samplers that also run on vector-valued arms (the Pareto set, the constrained best arm).
  if (accepts(needs, FeedbackKind::MultiObjective))
    for (auto& instance : vector_instances(needs, quick)) suite.push_back(std::move(instance));
  return suite;
}

// The generic samplers: per-arm feedback and Poisson rewards accepted (only an algorithm
// whose statistics are the exponential families' declares them).
std::string identification_refuses(const AlgorithmNeeds& needs, const Registry& registry) {
  const auto& families = needs.rewards.families;
  if (std::find(families.begin(), families.end(), RewardFamily::Poisson) == families.end())
    return "does not accept Poisson rewards (not generic over the identification problems)";
  return refusal(needs, registry, FeedbackKind::SingleArm, capabilities_of(registry, "top-k"), 1,
                 {"gaussian", "bernoulli", "top-k", "poisson", "exponential", "threshold", "planted-gap",
                  "matroid-partition", "matroid-graphic"});
}

// Best-K's instances and the two threshold problems of the identification instances: an
// algorithm of the Best-K suite that answers the threshold query (apt) runs them; one that
// answers the best-k query must refuse a threshold oracle (and does so here).
std::vector<SuiteInstance> best_k_and_threshold_instances(const AlgorithmNeeds& needs, bool quick) {
  auto suite = best_k_instances(needs, quick);
  for (auto& instance : identification_instances())
    if (instance.label.find("threshold") != std::string::npos) suite.push_back(std::move(instance));
  return suite;
}

std::string best_k_refuses(const AlgorithmNeeds& needs, const Registry& registry) {
  return refusal(needs, registry, FeedbackKind::SingleArm, capabilities_of(registry, "top-k"), 1,
                 {"gaussian", "bernoulli", "top-k"});
}

// ---- CPE-L: per-arm feedback, linear maximization over combinatorial classes ----
// Planted instances (a gap between the best decision and the second best) on top-k, a
// partition matroid, spanning trees, DAG paths and matchings: the classes of seed 004 and
// tests/statistical/cpe_l_correctness_test.cpp.
std::vector<SuiteInstance> cpe_l_instances(const AlgorithmNeeds&, bool) {
  const auto planted = [](const char* label, const std::string& oracle, const char* noise) {
    return SuiteInstance{label, "[environment]\nplugin = planted-gap\n" + std::string(noise) + "[oracle]\n" + oracle,
                         3000, {}};
  };
  return {planted("top-k n=6 k=2", "plugin = top-k\nk = 2\n", "arms = 6\ngap = 0.5\nsigma = 0.5\n"),
          planted("partition matroid n=6", "plugin = matroid-partition\nparts = 0, 0, 0, 1, 1, 1\ncapacities = 1, 2\n",
                  "gap = 0.5\nsigma = 0.5\n"),
          planted("spanning trees 5 vertices 8 edges",
                  "plugin = matroid-graphic\ngenerator = random\nvertices = 5\nedges = 8\ngraph-seed = 3\n",
                  "gap = 0.5\nsigma = 0.5\n"),
          planted("paths of a 2x3 grid DAG", "plugin = dag-path\ngenerator = grid-dag\nrows = 2\ncols = 3\n",
                  "gap = 0.5\nsigma = 0.25\n"),
          planted("matchings 2+3 vertices 5 edges",
                  "plugin = matching\ngenerator = bipartite\nleft = 2\nright = 3\nedges = 5\ngraph-seed = 2\n",
                  "gap = 0.5\nsigma = 0.25\n")};
}

std::string cpe_l_refuses(const AlgorithmNeeds& needs, const Registry& registry) {
  if (decision_needs(needs) & kCardinality) return "asks for the class of every k-subset (the Best-K suite's)";
  return refusal(needs, registry, FeedbackKind::SingleArm, kLinearMaximization | kSecondBest, 1,
                 {"planted-gap", "top-k", "matroid-partition", "matroid-graphic", "dag-path", "matching"});
}

// ---- CPE-CS: per-arm feedback, separable rewards (seed 003) ----
// The instances of tests/statistical/coci_correctness_test.cpp: opinion polling (truth: the
// groups' variances) with osa-greedy, water planning with Beta responses, Bernoulli top-k.
std::vector<SuiteInstance> cpe_cs_instances(const AlgorithmNeeds&, bool) {
  return {{"opinion, osa-greedy",
           "[environment]\nplugin = opinion\nsizes = 10, 20, 30, 40\np = 0.5, 0.3, 0.1, 0.2\n"
           "[oracle]\nplugin = osa-greedy\nbudget = 5\n",
           2000, {{"estimator", "variance"}}},
          {"water, water-planning",
           "[environment]\nplugin = water\nmeans = 0.8, 0.5, 0.2\ndistribution = beta\n"
           "[oracle]\nplugin = water-planning\nb = 3\ncapacities = 2, 2, 2\na = 0.1, 0.1, 0.1\n"
           "linear = 0.5, 0.5, 0.5\n",
           2000, {}},
          {"bernoulli n=5, top-k k=2",
           "[environment]\nplugin = bernoulli\nmeans = 0.9, 0.7, 0.45, 0.3, 0.1\n[oracle]\nplugin = top-k\nk = 2\n",
           2000, {}}};
}

std::string cpe_cs_refuses(const AlgorithmNeeds& needs, const Registry& registry) {
  if (!(decision_needs(needs) & kSeparableLeading)) return "does not ask for a separable (CPE-CS) oracle";
  return refusal(needs, registry, FeedbackKind::SingleArm, kSeparableLeading | kBiMonotone, 1,
                 {"opinion", "water", "bernoulli", "osa-greedy", "water-planning", "top-k"});
}

// ---- Full-bandit: the noisy sum of a super arm (seed 000) ----
// Two exact instances (additive Gaussian noise, per-member Bernoulli rewards) and a PAC one
// (epsilon = 0.5 judged on the sum, two near-optimal pairs within it; the median-elimination
// and LUCB reductions accept only this one), as in tests/statistical/
// full_bandit_correctness_test.cpp and tests/full_bandit/baselines_test.cpp; a quadratic
// role gets dks-exact.
std::vector<SuiteInstance> full_bandit_instances(const AlgorithmNeeds& needs, bool) {
  const std::string dks = needs.oracles.size() > 1 ? "[" + needs.oracles[1].section + "]\nplugin = dks-exact\n" : "";
  return {{"n=6 k=2 gaussian",
           "[environment]\nplugin = full-bandit\nmeans = 0.2, 1.0, -0.3, 0.9, 0.1, -0.4\nk = 2\nsigma = 0.5\n"
           "[oracle]\nplugin = top-k\nk = 2\n" + dks,
           3000, {}},
          {"n=6 k=3 bernoulli",
           "[environment]\nplugin = full-bandit\nmeans = 0.9, 0.2, 0.85, 0.1, 0.8, 0.15\nk = 3\nnoise = bernoulli\n"
           "[oracle]\nplugin = top-k\nk = 3\n" + dks,
           3000, {}},
          {"n=7 k=2 epsilon=0.5",
           "[environment]\nplugin = full-bandit\nmeans = -0.1, 0.8, 0.0, 1.0, -0.3, 0.9, -0.2\nk = 2\nsigma = 0.5\n"
           "[oracle]\nplugin = top-k\nk = 2\nepsilon-rule = sum\n" + dks,
           3000, {}, 0.5}};
}

std::string full_bandit_refuses(const AlgorithmNeeds& needs, const Registry& registry) {
  if (needs.oracles.size() > 1 && (needs.oracles[1].required & ~kQuadratic))
    return "asks its [" + needs.oracles[1].section + "] oracle for more than a quadratic maximization";
  return refusal(needs, registry, FeedbackKind::FullBanditSum, capabilities_of(registry, "top-k"), 2,
                 {"full-bandit", "top-k", "dks-exact"});
}

// ---- Linear: arms with known features (seed 002) ----
// Two instances where the stopping rule, not the first pass, sets the sample count, hard
// enough that a radius half as wide as the GLR's errs well above the suite's delta (the
// fixture-linear-narrow check of cli_check_test.cpp: 10 wrong of the quick check's 320 at
// delta = 0.01, where every in-tree linear algorithm has none of the full check's 1,200): Soare, Lazaric & Munos
// (2014)'s instance with the third arm at angle 0.2 from the best, and six arms in the plane
// around the best of theta = (1, 0.1).
std::vector<SuiteInstance> linear_instances(const AlgorithmNeeds&, bool) {
  return {{"d=2 soare omega=0.2",
           "[environment]\nplugin = linear\ngenerator = explicit\nd = 2\nfeatures = 1,0, 0,1, 0.9801,0.1987\n"
           "theta = 1, 0\nsigma = 0.5\n[oracle]\nplugin = top-k\nk = 1\n",
           3000, {}},
          {"d=2 6 arms",
           "[environment]\nplugin = linear\ngenerator = explicit\nd = 2\n"
           "features = 1,0, 0.97,0.2, 0.92,-0.3, 0.5,0.85, 0,1, -1,0\ntheta = 1, 0.1\nsigma = 0.3\n"
           "[oracle]\nplugin = top-k\nk = 1\n",
           3000, {}}};
}

std::string linear_refuses(const AlgorithmNeeds& needs, const Registry& registry) {
  return refusal(needs, registry, FeedbackKind::LinearArm, capabilities_of(registry, "top-k"), 1, {"linear", "top-k"});
}

// ---- Semi-bandit: pull a set of arms, observe every member (environments/semi_bandit/) ----
// A Gaussian top-2 and a Bernoulli top-3 instance, the k-th and (k+1)-th means 0.1 apart.
std::vector<SuiteInstance> semi_bandit_instances(const AlgorithmNeeds&, bool) {
  return {{"n=6 k=2 gaussian",
           "[environment]\nplugin = semi-bandit\nmeans = 0.2, 1.0, -0.3, 0.9, 0.1, 0.8\nsigma = 0.5\n"
           "[oracle]\nplugin = top-k\nk = 2\n",
           3000, {}},
          {"n=6 k=3 bernoulli",
           "[environment]\nplugin = semi-bandit\nmeans = 0.9, 0.2, 0.85, 0.1, 0.75, 0.15\nrewards = bernoulli\n"
           "[oracle]\nplugin = top-k\nk = 3\n",
           3000, {}}};
}

std::string semi_bandit_refuses(const AlgorithmNeeds& needs, const Registry& registry) {
  return refusal(needs, registry, FeedbackKind::SemiBandit, capabilities_of(registry, "top-k"), 1,
                 {"semi-bandit", "top-k"});
}

// ---- Good arm: one arm above tau, or none (the good-arm oracle) ----
// Two Gaussian and two Bernoulli instances, each family once with good arms (the best 0.25
// above tau, another near it) and once with none (the best 0.2 below tau).
std::vector<SuiteInstance> good_arm_instances(const AlgorithmNeeds&, bool) {
  const auto instance = [](const char* label, const std::string& environment) {
    return SuiteInstance{label, "[environment]\n" + environment + "[oracle]\nplugin = good-arm\ntau = 0.5\n", 3000, {}};
  };
  return {instance("gaussian n=4, good arms", "plugin = gaussian\nmeans = 0.2, 0.75, 0.55, 0.1\nsigma = 0.5\n"),
          instance("gaussian n=4, none", "plugin = gaussian\nmeans = 0.3, 0.1, 0.2, 0.0\nsigma = 0.5\n"),
          instance("bernoulli n=4, good arms", "plugin = bernoulli\nmeans = 0.3, 0.8, 0.6, 0.2\n"),
          instance("bernoulli n=4, none", "plugin = bernoulli\nmeans = 0.3, 0.1, 0.2, 0.25\n")};
}

std::string good_arm_refuses(const AlgorithmNeeds& needs, const Registry& registry) {
  return refusal(needs, registry, FeedbackKind::SingleArm, capabilities_of(registry, "good-arm"), 1,
                 {"gaussian", "bernoulli", "good-arm"});
}

// ---- Vector-valued arms: the Pareto set, the constrained best arm ----
// Two objectives: a Gaussian instance whose Pareto set is 3 of 4 arms (the fourth dominated
// by 0.2), a Bernoulli one (2 of 3), and a constrained best arm (guardrail on objective 1,
// the best feasible arm 0.2 above the next). Fixed-budget algorithms get 2000 samples.
std::vector<SuiteInstance> vector_instances(const AlgorithmNeeds&, bool) {
  const auto instance = [](const char* label, const std::string& environment, const std::string& oracle) {
    return SuiteInstance{label, "[environment]\n" + environment + "[oracle]\n" + oracle, 2000, {}};
  };
  return {instance("gaussian K=4 D=2, pareto-set",
                   "plugin = multivariate-gaussian\nmeans = 0.9 0.1; 0.5 0.5; 0.1 0.9; 0.3 0.3\nsigma = 0.5\n",
                   "plugin = pareto-set\n"),
          instance("bernoulli K=3 D=2, pareto-set", "plugin = multivariate-bernoulli\nmeans = 0.8 0.3; 0.4 0.7; 0.3 0.2\n",
                   "plugin = pareto-set\n"),
          instance("gaussian K=4 D=2, constrained-best (max, min)",
                   "plugin = multivariate-gaussian\nmeans = 0.9 0.8; 0.7 0.4; 0.5 0.2; 0.3 0.1\nsigma = 0.5\n",
                   "plugin = constrained-best\nobjective = 0\nthresholds = 0.6\ndirections = max, min\n")};
}

std::string vector_refuses(const AlgorithmNeeds& needs, const Registry& registry) {
  return refusal(needs, registry, FeedbackKind::MultiObjective, 0u, 1,
                 {"multivariate-gaussian", "multivariate-bernoulli", "pareto-set", "constrained-best"});
}

// ---- Bayesian: instances drawn from a prior per run (the prior-averaged error) ----
std::vector<SuiteInstance> bayesian_instances(const AlgorithmNeeds&, bool) {
  return {{"gaussian prior N(0, 1), 3 arms",
           "[environment]\nplugin = gaussian\nprior = gaussian(0, 1)\narms = 3\nsigma = 1\n"
           "[oracle]\nplugin = top-k\nk = 1\n",
           3000, {}},
          {"bernoulli prior Beta(1, 1), 3 arms",
           "[environment]\nplugin = bernoulli\nprior = beta(1, 1)\narms = 3\n[oracle]\nplugin = top-k\nk = 1\n",
           3000, {}}};
}

std::string bayesian_refuses(const AlgorithmNeeds& needs, const Registry& registry) {
  return refusal(needs, registry, FeedbackKind::SingleArm, capabilities_of(registry, "top-k"), 1,
                 {"gaussian", "bernoulli", "top-k"});
}

// Tried in this order: the identification suite takes the samplers generic over problems
// (they would pass any of the others, each on a part of what they answer); the CPE-CS and CPE-L suites take the algorithms whose oracle needs
// are theirs before Best-K's top-k (which also offers linear maximization) would.
// The good-arm suite comes before CPE-L and Best-K (whose threshold instance a good-arm
// algorithm would otherwise run alone); the Bayesian one last (an algorithm that needs a prior
// refuses every other instance).
const CheckSuite kSuites[] = {
    {"identification", 0.01, 400, 1500, identification_refuses, identification_suite_instances},
    {"good-arm", 0.05, 200, 800, good_arm_refuses, good_arm_instances},
    {"cpe-cs", 0.05, 240, 900, cpe_cs_refuses, cpe_cs_instances},
    {"cpe-l", 0.05, 200, 800, cpe_l_refuses, cpe_l_instances},
    {"best-k", 0.01, 320, 1200, best_k_refuses, best_k_and_threshold_instances},
    {"full-bandit", 0.05, 120, 600, full_bandit_refuses, full_bandit_instances},
    {"linear", 0.01, 320, 1200, linear_refuses, linear_instances},
    {"semi-bandit", 0.05, 160, 600, semi_bandit_refuses, semi_bandit_instances},
    {"vector-valued", 0.05, 150, 600, vector_refuses, vector_instances},
    {"bayesian", 0.05, 200, 800, bayesian_refuses, bayesian_instances},
};

}  // namespace

std::span<const CheckSuite> check_suites() { return kSuites; }

const CheckSuite* suite_for(const AlgorithmNeeds& needs, const Registry& registry, std::string& why) {
  why.clear();
  for (const CheckSuite& suite : kSuites) {
    const std::string reason = suite.refuses(needs, registry);
    if (reason.empty()) return &suite;
    why += (why.empty() ? "" : "; ") + std::string(suite.name) + ": " + reason;
  }
  return nullptr;
}

}  // namespace cpex::host
