// The MPI entry points of a build without MPI: a single rank.
#include <cstdlib>

#include "mpi_sweep.hpp"

namespace cpex::host {

void mpi_start(int*, char***) {}
void mpi_stop(int) {}
void mpi_abort(int status) { std::exit(status); }
bool mpi_built() { return false; }
MpiContext mpi_context() { return {}; }
void mpi_share_done(const MpiContext&, std::vector<std::uint64_t>&) {}
EngineReport mpi_run(const MpiContext&, const JobSource& jobs, const RunSelection& selection,
                     const EngineOptions& options, ResultSink& sink) {
  return run_sweep(jobs, selection, options, sink);
}

}  // namespace cpex::host
