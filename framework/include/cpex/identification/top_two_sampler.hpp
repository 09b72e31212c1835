// The leader/challenger form of the GLR samplers (the top-two family: Russo 2016; Jourdan,
// Degenne, Baudry, de Heide & Kaufmann 2022): each round after the initial pass a leader answer
// B, a challenger (the arms it moves: a piece of Alt(B), or the arms of B ^ C for another
// answer C), then the least-sampled arm the challenger moves inside B (the leader arm) and
// outside B (the challenger arm); select() picks one of the two. A challenger moving arms on
// one side only (thresholds) pulls the least-sampled of them.
//
// Defaults (EB-TC with a fixed beta): leader = the empirical answer; challenger = the piece of
// Alt(B) of least GLR (TC, the closest alternative); select = the leader arm with probability
// beta from the algorithm's own stream. A new top-two variant overrides leader() and/or
// challenger() (and select() for another selection rule); in-tree: `top-two`
// (plugins/identification/top_two.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cpex/identification/glr_sampler.hpp"
#include "cpex/random.hpp"

namespace cpex::identification {

class TopTwoSampler : public GlrSampler {
 public:
  // beta: the leader arm's probability under the default select() (in (0, 1)).
  TopTwoSampler(const ParamValues& p, std::string name, double beta = 0.5);

 protected:
  // Takes the algorithm's stream; a sampler that overrides begin() calls this one first.
  void begin(const AlgorithmContext& context) override;
  std::size_t sample(std::uint64_t t) final;

  // The leader answer of round t (default: answer()). The reference must live until the
  // round's challenger() returned (a member, or answer()).
  virtual const Decision& leader(std::uint64_t t);
  // The arms the challenger of `leader` moves (default: the closest piece of Alt(leader), TC).
  // The span must live until the round ends (a member, or a best response's arms).
  virtual std::span<const std::size_t> challenger(const Decision& leader, std::uint64_t t);
  // The arm to pull between the leader arm and the challenger arm (default: the leader arm
  // with probability beta()).
  virtual std::size_t select(std::size_t leader_arm, std::size_t challenger_arm, std::uint64_t t);
  // For a leader of one arm: whether that arm is pulled, decided before the challenger is
  // computed (true: the challenger is not; false: the challenger arm is pulled, select() is not
  // called); nullopt (default): decided after, by select(). A sampler whose selection does not
  // read the challenger arm overrides it to skip a costly challenger (TTTS's re-draws), as
  // Russo's TTTS tosses its coin before re-sampling.
  virtual std::optional<bool> select_first(const Decision& leader, std::uint64_t t);

  double beta() const { return beta_; }
  RandomStream& rng() { return rng_; }

 private:
  // The least-sampled arm moved inside the leader (in) and outside it (out); arms() = none.
  void split(std::span<const std::size_t> moved, const Decision& leader, std::size_t& in, std::size_t& out) const;

  double beta_;
  RandomStream rng_;
};

}  // namespace cpex::identification
