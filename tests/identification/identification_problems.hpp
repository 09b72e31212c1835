// The identification problems the statistical tests share (each answer away from arm 0),
// their pipeline text and the delta-correctness check, and 300 Gaussian arms.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "cpex/random.hpp"
#include "statistical_runs.hpp"

namespace cpex::test {

struct ProblemCase {
  const char* name;
  const char* environment;
  const char* oracle;
  const char* algorithm_extra;  // e.g. epsilon
};

// Every problem's answer is away from arm 0.
inline const ProblemCase kProblems[] = {
    {"top-2 gaussian", "plugin = gaussian\nmeans = 0.2, 0.9, 0.5, 1.0, 0.3\nsigma = 1", "plugin = top-k\nk = 2", ""},
    {"top-2 bernoulli", "plugin = bernoulli\nmeans = 0.3, 0.7, 0.45, 0.8, 0.2", "plugin = top-k\nk = 2", ""},
    {"0.1-good bernoulli", "plugin = bernoulli\nmeans = 0.3, 0.75, 0.8, 0.2", "plugin = top-k\nk = 1", "epsilon = 0.1"},
    {"0.2-good relative poisson", "plugin = poisson\nmeans = 1, 2.8, 3, 1.5",
     "plugin = top-k\nk = 1\nepsilon-rule = relative", "epsilon = 0.2"},
    {"threshold poisson", "plugin = poisson\nmeans = 1, 3, 1.4, 4", "plugin = threshold\ntau = 2", ""},
    {"any above bernoulli", "plugin = bernoulli\nmeans = 0.3, 0.65, 0.4", "plugin = threshold\ntau = 0.5\nquery = any", ""},
    {"none above gaussian", "plugin = gaussian\nmeans = 0.1, -0.2, 0.2\nsigma = 0.5",
     "plugin = threshold\ntau = 0.5\nquery = any", ""},
    {"best exponential", "plugin = exponential\nmeans = 1, 2, 1.3", "plugin = top-k\nk = 1", ""},
    {"best unknown variance", "plugin = gaussian\nmeans = 0, 0.6, -0.2\nsigmas = 1, 0.5, 2\nvariance = unknown",
     "plugin = top-k\nk = 1", ""},
    {"best per-arm sigmas", "plugin = gaussian\nmeans = 0, 0.6, -0.2\nsigmas = 1, 0.5, 2", "plugin = top-k\nk = 1", ""},
    {"graphic matroid", "plugin = gaussian\nmeans = 0.1, 0.9, 0.4, 0.8, 0.2, 0.7, 0.5\nsigma = 0.5",
     "plugin = matroid-graphic\ngenerator = random\nvertices = 5\nedges = 7\ngraph-seed = 3", ""},
};

inline std::string pipeline(const ProblemCase& p, const std::string& algorithm, int runs, int seed) {
  std::ostringstream text;
  text << "[environment]\n" << p.environment << "\n[oracle]\n" << p.oracle << "\n[algorithm]\n" << algorithm
       << "\ndelta = 0.1\n" << p.algorithm_extra << "\n[run]\nseed = " << seed << "\nrepetitions = " << runs
       << "\nmax-samples = 10000000\n";
  return text.str();
}

// 300 Gaussian arms (sigma = 1/2): the best (1.0) at a seeded random position, a close second
// (0.8), the rest spread over [0, 0.5] — past PosteriorTop::kFromArms, where T3C's leader and
// the competitors of ts-explore and peps draw only the top of the posterior; or 300 Bernoulli
// arms in the same order over [0.05, 0.85] (T3C's leader by BetaTopDraw).
inline std::string many_arms(const char* family) {
  RandomStream shuffle(RunSeed{52, 0, 0}, StreamRole::Algorithm);
  std::vector<double> means(300);
  for (std::size_t a = 0; a < means.size(); ++a) means[a] = 0.5 * static_cast<double>(a) / 299.0;
  const std::size_t best = 1 + shuffle.below(means.size() - 1);
  means[best] = 1.0;
  means[best == 1 ? 2 : 1] = 0.8;
  const bool bernoulli = std::string(family) == "bernoulli";
  std::ostringstream text;
  text << "plugin = " << family << (bernoulli ? "" : "\nsigma = 0.5") << "\nmeans = ";
  // Bernoulli arms: the same order in [0.05, 0.85] (0.85 the best, 0.7 the next).
  for (std::size_t a = 0; a < means.size(); ++a) text << (a ? ", " : "") << (bernoulli ? 0.05 + 0.8 * means[a] : means[a]);
  return text.str();
}
inline std::string many_gaussian_arms() { return many_arms("gaussian"); }
inline std::string many_bernoulli_arms() { return many_arms("bernoulli"); }

inline void expect_correct(const ProblemCase& p, const std::string& algorithm) {
  expect_delta_correct(std::string(p.name) + ", " + algorithm, run_summary(pipeline(p, algorithm, 400, 29)), 0.1);
}

}  // namespace cpex::test
