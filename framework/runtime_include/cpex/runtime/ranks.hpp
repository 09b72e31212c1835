// The processes that share the runs of one sweep. The runtime runs them in this process
// unless `RunOptions::ranks` says otherwise: the program `cpex` built with MPI passes its
// ranks (framework/host/mpi_sweep.cpp), so the runtime itself links no MPI.
#pragma once

#include <cstdint>
#include <vector>

#include "cpex/runtime/engine.hpp"

namespace cpex::inline runtime {

class Ranks {
 public:
  virtual ~Ranks() = default;
  virtual int rank() const = 0;  // 0 writes the outputs and prints the summaries
  virtual int size() const = 0;
  // Broadcasts rank 0's list of runs already done (a resumed store) to every rank.
  virtual void share_done(std::vector<std::uint64_t>& done) const = 0;
  // Runs this rank's share of `selection`; on rank 0 `sink` receives every rank's records.
  virtual EngineReport run(const JobSource& jobs, const RunSelection& selection,
                           const EngineOptions& options, ResultSink& sink) const = 0;
};

}  // namespace cpex::runtime
