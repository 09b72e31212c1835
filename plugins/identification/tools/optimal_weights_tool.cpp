// cpex-optimal-weights: prints T*(mu), log(1/delta) T*(mu) and w*(mu) of an instance
// (numerics::optimal_weights, Garivier & Kaufmann 2016 Thm 5), for the lower-bound and
// GK-2016 reproduction scripts and for users.
//
//   cpex-optimal-weights bernoulli 0.5 0.45 0.43 0.4
//   cpex-optimal-weights gaussian --sigma 0.5 1 0.8 0.2
//   cpex-optimal-weights ... --json
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "cpex/numerics/optimal_weights.hpp"

namespace {

int usage() {
  std::cerr << "usage: cpex-optimal-weights bernoulli|gaussian [--sigma S] [--json] MEAN MEAN...\n";
  return 2;
}

bool parse_real(const std::string& text, double& value) {
  char* end = nullptr;
  value = std::strtod(text.c_str(), &end);
  return !text.empty() && end == text.c_str() + text.size();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage();
  const std::string family_name = argv[1];
  if (family_name != "bernoulli" && family_name != "gaussian") return usage();
  double sigma = 1.0;
  bool json = false;
  std::vector<double> means;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    double value = 0.0;
    if (arg == "--json") {
      json = true;
    } else if (arg == "--sigma" && i + 1 < argc) {
      if (!parse_real(argv[++i], sigma) || !(sigma > 0.0)) {
        std::cerr << "cpex-optimal-weights: --sigma needs a positive number, got '" << argv[i] << "'\n";
        return 2;
      }
    } else if (parse_real(arg, value)) {
      means.push_back(value);
    } else {
      std::cerr << "cpex-optimal-weights: '" << arg << "' is not a number\n";
      return 2;
    }
  }
  const auto family = family_name == "bernoulli" ? cpex::numerics::ArmFamily::bernoulli()
                                                 : cpex::numerics::ArmFamily::gaussian(sigma);
  try {
    const cpex::numerics::OptimalWeights r = cpex::numerics::optimal_weights(means, family);
    std::cout.precision(12);
    if (json) {
      std::cout << "{\"family\": \"" << family_name << "\", \"characteristic_time\": ";
      if (r.unique_best) std::cout << r.characteristic_time; else std::cout << "null";
      std::cout << ", \"best\": " << r.best << ", \"weights\": [";
      for (std::size_t a = 0; a < r.weights.size(); ++a) std::cout << (a ? ", " : "") << r.weights[a];
      std::cout << "]}\n";
    } else {
      std::cout << "T* = " << r.characteristic_time << "\nbest arm = " << r.best << "\nw* =";
      for (double w : r.weights) std::cout << ' ' << w;
      std::cout << '\n';
    }
  } catch (const std::exception& e) {
    std::cerr << "cpex-optimal-weights: " << e.what() << '\n';
    return 1;
  }
  return 0;
}
