// Multi-machine sweeps over MPI (built with -DCPEX_WITH_MPI=ON): under `mpirun -np P`,
// every rank runs its share of the selected runs with oneTBB on its cores; ranks > 0 send
// their records to rank 0, which alone writes the outputs and prints the summary. The
// rows are those of the single-process sweep (run ids, seeds and values do not depend on
// the rank). Without MPI (or outside mpirun) the context is a single rank.
#pragma once

#include <cstdint>
#include <vector>

#include "cpex/runtime/engine.hpp"
#include "cpex/runtime/ranks.hpp"

namespace cpex::host {

struct MpiContext {
  int rank = 0;
  int size = 1;
};

// Initializes MPI when built with it and started by an MPI launcher; else no-op.
void mpi_start(int* argc, char*** argv);
// MPI_Finalize; MPI_Abort(status) instead when rank 0 stopped waiting for a rank that did
// not report back after a signal (it may be gone: finalizing would wait for it forever).
void mpi_stop(int status = 0);
// Ends every rank after an error on one (no-op with a single rank).
[[noreturn]] void mpi_abort(int status);
MpiContext mpi_context();
bool mpi_built();  // whether this host was built with MPI

// Broadcasts rank 0's list of runs already done (a resumed store) to every rank.
void mpi_share_done(const MpiContext& mpi, std::vector<std::uint64_t>& done);

// Runs this rank's share of `selection` (rank r of P takes every P-th selected id);
// on rank 0, `sink` receives every rank's records (not in run-id order). Once
// `options.stop` is set and rank 0's own runs are done, rank 0 waits at most a few
// seconds for the other ranks' last records (a rank ended by a signal sends none).
EngineReport mpi_run(const MpiContext& mpi, const JobSource& jobs, const RunSelection& selection,
                     const EngineOptions& options, ResultSink& sink);

// The ranks of this process's MPI job as the runtime sees them (RunOptions::ranks).
class MpiRanks final : public Ranks {
 public:
  explicit MpiRanks(MpiContext mpi) : mpi_(mpi) {}
  int rank() const override { return mpi_.rank; }
  int size() const override { return mpi_.size; }
  void share_done(std::vector<std::uint64_t>& done) const override { mpi_share_done(mpi_, done); }
  EngineReport run(const JobSource& jobs, const RunSelection& selection,
                   const EngineOptions& options, ResultSink& sink) const override {
    return mpi_run(mpi_, jobs, selection, options, sink);
  }

 private:
  MpiContext mpi_;
};

}  // namespace cpex::host
