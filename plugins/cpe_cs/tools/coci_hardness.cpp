// cpex-coci-hardness: the consistent optimality radii Lambda_i of a pipeline's instance
// (seed 003 Def. 2) and the hardness measures H_Lambda = sum_i Lambda_i^-2 and
// H_Lambda^U = m / min_i Lambda_i^2 (App. A.5), for the reproduction tables.
//
// Lambda_i is the largest r such that phi_i is constant on the box [theta* - r, theta* + r]
// clamped to [0, 1]; with a bi-monotone oracle the box test is Theorem 3's two corners,
// and it is monotone in r, so bisection (60 halvings of [0, 1]) finds it. An arm that stays
// consistent on the whole of [0, 1]^m has Lambda_i = inf and adds nothing to H_Lambda.
//
// usage: cpex-coci-hardness FILE [section.key=value ...]   (plugins from $CPEX_PLUGIN_PATH
//        or the build's plugin directory). Prints one line: lambda=..,..;H=..;HU=..
#include <cmath>
#include <iostream>
#include <limits>

#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/pipeline.hpp"
#include "cpex/pipeline_file.hpp"
#include "cpex/plugin_host.hpp"
#include "cpex/run.hpp"

namespace {

double component(const cpex::Oracle& oracle, const std::vector<double>& theta, std::size_t i) {
  cpex::Decision d;
  oracle.optimal(theta, d);
  if (!d.values.empty()) return d.values[i];
  return std::binary_search(d.arms.begin(), d.arms.end(), i) ? 1.0 : 0.0;
}

bool consistent(const cpex::Oracle& oracle, std::span<const double> truth, std::size_t i,
                double r, double reference) {
  const std::size_t m = truth.size();
  std::vector<double> high(m), low(m);
  for (std::size_t j = 0; j < m; ++j) {
    const double lo = std::max(0.0, truth[j] - r), hi = std::min(1.0, truth[j] + r);
    high[j] = j == i ? hi : lo;
    low[j] = j == i ? lo : hi;
  }
  return component(oracle, high, i) == reference && component(oracle, low, i) == reference;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: cpex-coci-hardness FILE [section.key=value ...]\n";
    return 2;
  }
  try {
    cpex::PluginHost host;
    const char* variable = std::getenv("CPEX_PLUGIN_PATH");
    host.load({variable && *variable ? variable : CPEX_PLUGIN_DIR}, 1);
    cpex::PipelineFile file = cpex::PipelineFile::read(argv[1]);
    for (int a = 2; a < argc; ++a) file.apply_override(argv[a]);
    const cpex::Pipeline pipeline = cpex::assemble(file, host.registry(), {"sweep"});
    cpex::RunObjects run = cpex::instantiate(pipeline, cpex::RunSeed{pipeline.run.seed, 0, 0});
    const cpex::OracleChoice& choice = pipeline.oracles.front();
    if (!(choice.entry->capabilities & cpex::kBiMonotone) ||
        (run.oracles.front()->withdrawn_capabilities() & cpex::kBiMonotone))
      throw cpex::Error("oracle '" + choice.entry->name +
                        "' is not bi-monotone for this configuration: the corner test of "
                        "Theorem 3 does not give Lambda_i");
    const std::span<const double> truth = run.environment->truth();
    const cpex::Oracle& oracle = *run.oracles.front();
    const std::vector<double> star(truth.begin(), truth.end());
    double h = 0.0, smallest = std::numeric_limits<double>::infinity();
    std::cout.precision(6);
    std::cout << "lambda=";
    for (std::size_t i = 0; i < star.size(); ++i) {
      const double reference = component(oracle, star, i);
      double lambda = std::numeric_limits<double>::infinity();
      if (!consistent(oracle, truth, i, 1.0, reference)) {
        double lo = 0.0, hi = 1.0;
        for (int step = 0; step < 60; ++step) {
          const double mid = 0.5 * (lo + hi);
          (consistent(oracle, truth, i, mid, reference) ? lo : hi) = mid;
        }
        lambda = lo;
        h += 1.0 / (lambda * lambda);
        smallest = std::min(smallest, lambda);
      }
      std::cout << (i ? "," : "") << lambda;
    }
    const double hu = static_cast<double>(star.size()) / (smallest * smallest);
    std::cout << ";H=" << h << ";HU=" << hu << '\n';
  } catch (const cpex::Error& e) {
    std::cerr << "cpex-coci-hardness: " << e.what() << '\n';
    return 1;
  }
  return 0;
}
