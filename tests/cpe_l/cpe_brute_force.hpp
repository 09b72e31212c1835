// Brute force for the CPE-L conformance tests: small random instances of the combinatorial
// oracles, membership tests written independently of the oracles, and enumeration of the
// whole decision class.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cpex/data/edge_list.hpp"
#include "cpex/oracle.hpp"
#include "cpex/random.hpp"

namespace cpex::test {

// One small instance: the oracle (through the registry) and an independent membership test.
struct SmallInstance {
  std::unique_ptr<Oracle> oracle;
  std::size_t arms = 0;
  std::function<bool(const std::vector<std::size_t>&)> member;
  std::string description;
};

// Draws an instance of oracle `name` (matroid-uniform, matroid-partition, matroid-graphic,
// dag-path, matching) with at most ~10 arms; graphs may be disconnected and have parallel
// edges; they are handed to the oracle as edge-list files.
SmallInstance draw_instance(const std::string& name, RandomStream& rng);

// Every member of the class, as sorted arm lists (subsets enumerated as bit masks).
std::vector<std::vector<std::size_t>> enumerate_class(const SmallInstance& instance);

// Weights by trial % 3: integers in {-1, 0, 1, 2} (frequent ties and zeros), uniform in
// [-1, 1], or magnitudes spread over 2^0 .. 2^-30 with random signs.
std::vector<double> draw_weights(std::size_t arms, int trial, RandomStream& rng);

double total(const std::vector<double>& w, const std::vector<std::size_t>& arms);

}  // namespace cpex::test
