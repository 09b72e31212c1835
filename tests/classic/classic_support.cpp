// Shuffled-instance runs for the delta-correctness tests (classic_support.hpp).
#include "classic_support.hpp"

#include <algorithm>
#include <random>
#include <sstream>

#include <catch2/catch.hpp>

#include "cpex/runtime/engine.hpp"
#include "cpex/report/stats.hpp"
#include "test_support.hpp"

namespace cpex::test {

const std::vector<double> kGaussianMeans = {0.2, 0.5, 0.1, 1.0, 0.6};
const std::vector<double> kBernoulliMeans = {0.3, 0.45, 0.8, 0.55, 0.2};

CorrectnessResult run_shuffled(bool gaussian, std::size_t k, const std::string& algorithm,
                               double delta, int blocks, int per_block, std::uint64_t seed,
                               const std::string& run_extra) {
  std::mt19937_64 shuffle(seed);
  std::vector<RunRecord> all;
  for (int block = 0; block < blocks; ++block) {
    std::vector<double> means = gaussian ? kGaussianMeans : kBernoulliMeans;
    std::shuffle(means.begin(), means.end(), shuffle);
    std::ostringstream text;
    text << "[environment]\nplugin = " << (gaussian ? "gaussian\nsigma = 1" : "bernoulli") << "\nmeans = ";
    text << real_list_text(means);
    text << "\n[oracle]\nplugin = top-k\nk = " << k << "\n[algorithm]\n" << algorithm;
    if (delta > 0.0) text << "\ndelta = " << delta;
    text << "\n[run]\nseed = " << seed + static_cast<std::uint64_t>(block) << "\nrepetitions = "
         << per_block << "\nmax-samples = 100000000\n" << run_extra;
    const std::vector<Pipeline> pipelines = {pipeline_from(text.str())};
    auto records = execute(make_jobs(pipelines, expand({})), {2}, nullptr);
    all.insert(all.end(), records.begin(), records.end());
  }
  const Summary s = summarize(all);
  return {s, clopper_pearson(s.wrong, s.ended, 0.90).upper};  // one-sided 95%
}

void check_correct(const std::string& algorithm, bool gaussian, std::size_t k, std::uint64_t seed) {
  const auto [s, upper] = run_shuffled(gaussian, k, algorithm, 0.1, 8, 50, seed);
  INFO(algorithm << (gaussian ? " on Gaussian" : " on Bernoulli") << ", k = " << k << ": wrong "
                 << s.wrong << "/" << s.ended << ", one-sided CP upper " << upper
                 << ", mean samples " << s.mean_samples);
  CHECK(s.runs == 400);
  CHECK(s.capped == 0);
  CHECK(s.failed == 0);
  CHECK(upper <= 0.1);
}

}  // namespace cpex::test
