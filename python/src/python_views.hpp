// What a Python plugin's start(context) receives: the algorithm's context (the public
// Problem, its random stream, read-only views of the run's oracles, the truth for oracle
// baselines, the fixed budget, the trace hook) and the environment's (its run's streams).
// Views of a run's objects check that the run is still alive.
#pragma once

#include <cstdint>
#include <memory>

#include <pybind11/pybind11.h>

#include "cpex/algorithm.hpp"
#include "cpex/errors.hpp"
#include "cpex/oracle.hpp"
#include "cpex/random.hpp"

namespace cpex::python {

// Read-only view of one of the run's oracles, valid while its run lasts.
struct OracleView {
  const Oracle* oracle = nullptr;
  unsigned capabilities = 0;
  std::shared_ptr<bool> alive;

  const Oracle& get() const {
    if (!*alive) throw Error("this oracle belongs to a run that has ended");
    return *oracle;
  }
};

struct AlgorithmContextView {
  pybind11::object problem;  // a copy of the public Problem
  pybind11::object rng;      // a RandomStream: the algorithm's own stream
  pybind11::list oracles;    // OracleView, [oracle] first, then the roles the algorithm declared
  pybind11::object truth;    // a list when the algorithm declares reads_truth, else None
  std::uint64_t budget = 0;  // [run] budget in the fixed-budget setting, else 0
  TraceSink* trace = nullptr;
  std::shared_ptr<bool> alive;
};

struct EnvironmentContextView {
  RunSeed seed;
};

}  // namespace cpex::python
