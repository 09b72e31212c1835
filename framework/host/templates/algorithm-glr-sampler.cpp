// @NAME@: a CPEx GLR sampler (written by `cpex new algorithm @NAME@ --kind glr-sampler`), a
// top-two sampler on the SDK's identification API (cpex/identification/): each round a leader
// answer (here the empirical answer, EB) and a challenger (here TCI: the piece of Alt(leader)
// of least GLR + log N_j over the arms j it moves outside the leader; Jourdan, Degenne, Baudry,
// de Heide & Kaufmann, NeurIPS 2022), then the leader's arm with probability beta, else the
// challenger's. The base does the rest: it poses the pipeline's identification problem
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

  // The arms the challenger moves: the closest alternative to the leader under the counts,
  // each arm it moves outside the leader penalized by log N (closest_to: its `arms`, `point`
  // and GLR `value`; without penalties, TC's closest alternative).
  std::span<const std::size_t> challenger(const Decision& leader, std::uint64_t /*t*/) override {
    penalties_.resize(counts().size());
    for (std::size_t j = 0; j < penalties_.size(); ++j) penalties_[j] = std::log(counts()[j]);
    return closest_to(leader, penalties_).arms;
  }

  // The parameters as used, for the results' `resolved` column (after delta and threshold).
  std::vector<std::pair<std::string, ParamValue>> own_resolved() const override { return {{"beta", beta()}}; }

 private:
  std::vector<double> penalties_;  // log N_j
};

// The registration: the GLR keys (delta, threshold, epsilon, elimination) and needs (single-arm
// feedback, a decision-class oracle, rewards of an identification family), plus `beta`.
void register_@IDENT@(Registry& registry) {
  register_glr_sampler<@CLASS@>(
      registry, {"@NAME@", "top-two sampling (EB leader, TCI challenger) with GLR stopping", "0.1"},
      {.keys = [](ParamSchema& schema) {
        schema.real("beta", 0.5, Range::open(0.0, 1.0), "probability of pulling the leader's arm");
      }});
}

}  // namespace

CPEX_PLUGIN(register_@IDENT@)
