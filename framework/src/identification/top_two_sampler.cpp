// The leader/challenger round of the top-two samplers (top_two_sampler.hpp).
#include "cpex/identification/top_two_sampler.hpp"

#include <algorithm>

#include "cpex/errors.hpp"

namespace cpex::identification {

TopTwoSampler::TopTwoSampler(const ParamValues& p, std::string name, double beta)
    : GlrSampler(p, std::move(name)), beta_(beta) {
  if (!(beta > 0.0 && beta < 1.0))
    throw ParameterError("beta", "beta = " + std::to_string(beta) + " must be in (0, 1)");
}

void TopTwoSampler::begin(const AlgorithmContext& context) { rng_ = context.rng; }

std::size_t TopTwoSampler::sample(std::uint64_t t) {
  const Decision& lead = leader(t);
  const std::optional<bool> first = lead.arms.size() == 1 ? select_first(lead, t) : std::nullopt;
  if (first && *first) return lead.arms.front();
  const std::span<const std::size_t> moved = challenger(lead, t);
  const std::size_t none = counts().size();
  std::size_t in = none, out = none;
  split(moved, lead, in, out);
  if (in == none) return out;
  if (out == none) return in;
  return first ? out : select(in, out, t);
}

std::optional<bool> TopTwoSampler::select_first(const Decision&, std::uint64_t) { return std::nullopt; }

const Decision& TopTwoSampler::leader(std::uint64_t) { return answer(); }

std::span<const std::size_t> TopTwoSampler::challenger(const Decision& lead, std::uint64_t) {
  return (&lead == &answer() ? least_piece() : closest_to(lead)).arms;
}

std::size_t TopTwoSampler::select(std::size_t leader_arm, std::size_t challenger_arm, std::uint64_t) {
  return rng_.uniform01() < beta_ ? leader_arm : challenger_arm;
}

void TopTwoSampler::split(std::span<const std::size_t> moved, const Decision& lead, std::size_t& in,
                          std::size_t& out) const {
  const std::size_t none = counts().size();
  for (std::size_t arm : moved) {
    const bool inside = std::binary_search(lead.arms.begin(), lead.arms.end(), arm);
    std::size_t& side = inside ? in : out;
    if (side == none || stats_.count(arm) < stats_.count(side)) side = arm;
  }
  if (in == none && out == none) in = lead.arms.empty() ? 0 : lead.arms.front();
}

}  // namespace cpex::identification
