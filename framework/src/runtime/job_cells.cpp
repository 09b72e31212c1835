// The point-scope cells of a job's row (cpex/results/result_sink.hpp), read from the
// runtime's pipeline and sweep point.
#include "cpex/results/result_sink.hpp"

#include "cpex/runtime/pipeline.hpp"
#include "cpex/runtime/sweep.hpp"

namespace cpex::inline runtime {

const std::size_t& point_index(const Job& job) { return job.point->index; }
const std::string& algorithm_name(const Job& job) { return job.pipeline->algorithm_name; }
const std::string& environment_name(const Job& job) { return job.pipeline->environment->name; }
const std::string& oracle_name(const Job& job) { return job.pipeline->oracles.front().entry->name; }
const std::uint64_t& run_seed(const Job& job) { return job.pipeline->run.seed; }
const std::vector<std::pair<std::string, std::string>>& axis_values(const Job& job) { return job.point->values; }

}  // namespace cpex::runtime
