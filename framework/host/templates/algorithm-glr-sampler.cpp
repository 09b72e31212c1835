// @NAME@: a CPEx GLR sampler (written by `cpex new algorithm @NAME@ --kind glr-sampler`), a
// top-two sampler on the SDK's identification API (cpex/identification/): each round a leader
// answer (here the empirical answer, EB) and a challenger (here the closest alternative to it,
// TC: the piece of Alt(leader) of least GLR), then the leader's arm with probability beta, else
// the challenger's. The base does the rest: it poses the pipeline's identification problem
// (arm family x the oracle's query: best arm, top-k, thresholds, matroids, listed classes),
// keeps the statistics, samples each arm once, and stops with the GLR statistic against the
// `threshold` at confidence `delta`, answering the empirical answer. Change leader(),
// challenger() or select() (top_two_sampler.hpp), or derive from GlrSampler and write
// sample(t) alone; `cpex check` tells you whether the result is still delta-correct.
#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "cpex/identification/top_two_sampler.hpp"  // TopTwoSampler, register_glr_sampler
#include "cpex/plugin.hpp"                            // CPEX_PLUGIN: the entry point and ABI version

namespace {

using namespace cpex;
using namespace cpex::identification;

class @CLASS@ final : public TopTwoSampler {
 public:
  explicit @CLASS@(const ParamValues& p) : TopTwoSampler(p, "@NAME@", p.real("beta")) {}

 protected:
  // The leader of round t: the empirical answer of the means (answer(); a posterior draw's
  // answer would be TTTS's leader: posterior.hpp).
  const Decision& leader(std::uint64_t /*t*/) override { return answer(); }

  // The arms the challenger moves: the closest alternative to the leader under the counts
  // (closest_to: its `arms`, `point` and GLR `value`; penalties per arm give TCI's + log N).
  std::span<const std::size_t> challenger(const Decision& leader, std::uint64_t /*t*/) override {
    return closest_to(leader).arms;
  }

  // The parameters as used, for the results' `resolved` column (after delta and threshold).
  std::vector<std::pair<std::string, ParamValue>> own_resolved() const override { return {{"beta", beta()}}; }
};

// The registration: the GLR keys (delta, threshold, epsilon, elimination) and needs (single-arm
// feedback, a decision-class oracle, rewards of an identification family), plus `beta`.
void register_@IDENT@(Registry& registry) {
  register_glr_sampler<@CLASS@>(
      registry, {"@NAME@", "top-two sampling (EB leader, TC challenger) with GLR stopping", "0.1"},
      {.keys = [](ParamSchema& schema) {
        schema.real("beta", 0.5, Range::open(0.0, 1.0), "probability of pulling the leader's arm");
      }});
}

}  // namespace

CPEX_PLUGIN(register_@IDENT@)
