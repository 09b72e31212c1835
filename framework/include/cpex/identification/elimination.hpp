// The elimination rules of Tirinzoni & Degenne ("On Elimination Strategies for Bandit
// Fixed-Confidence Identification", NeurIPS 2022) for every GLR sampler (`elimination` key,
// glr_sampler.hpp), on the pieces of the identification problems (numerics/identification.hpp).
//
// A piece p of Alt(answer) is the statement "the truth is not in p" once certified: its GLR
// inf_{lambda in p} sum_a N_a d(mu_hat_a, lambda_a) exceeded the piece's stopping threshold
// beta_p(t, delta) at some round t. On the event where every threshold holds at every round
// (the event the GLR stopping rule is delta-correct on), a certified statement stays true, so
// certificates are kept for the rest of the run and need not hold at the same round:
//   stopping  the answer is returned once every piece of Alt(answer) is certified (at this or
//             an earlier round); each round only the pieces not yet certified are computed;
//   sampling  the same stopping rule, and the sampler's best responses (top-two's challenger,
//             game's and FW's closest alternatives, Track-and-Stop's w*) see only the pieces not
//             yet certified (ActivePieces below): the sampling effort goes to what is left.
// The rule stops no later than the GLR rule (a round where every Z_p > beta_p certifies every
// piece), with the same threshold and the same union bound over the pieces of the answer.
//
// A certificate is kept by the statement the piece makes, so that it serves every answer whose
// alternative has that piece (the arms it moves inside and outside the answer):
//   one arm a            "mu_a on the answer's side of tau" (thresholds), per arm and side;
//   a in, b out          "mu_a beats mu_b" (top-m, matroid exchanges, listed pieces of two arms;
//                        epsilon-good: "mu_a beats mu_b - epsilon"); with epsilon = 0 the
//                        statements are an order, closed under transitivity (a certified
//                        a > b and b > c certify a > c: Tirinzoni & Degenne's top-m rule counts
//                        the arms certified below each arm, this closure generalizes it);
//   larger (listed)      the pair of arm sets, as is.
#pragma once

#include <cstdint>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "cpex/numerics/identification.hpp"

namespace cpex::identification {

enum class Elimination { None, Stopping, Sampling };

const char* to_string(Elimination elimination);
Elimination parse_elimination(const std::string& text);

class CertifiedPieces {
 public:
  // `order`: pair statements are an order (no epsilon): closed under transitivity.
  void reset(std::size_t arms, bool order);

  bool certified(const Decision& answer, std::span<const std::size_t> arms) const;
  void certify(const Decision& answer, std::span<const std::size_t> arms);

  // Grows with every new certificate (a sampler's cached w* is then stale).
  std::uint64_t version() const { return version_; }

 private:
  bool bit(std::size_t a, std::size_t b) const { return (order_[a * words_ + b / 64] >> (b % 64)) & 1u; }
  void set_bit(std::size_t a, std::size_t b) { order_[a * words_ + b / 64] |= std::uint64_t{1} << (b % 64); }
  // The arms of the piece split by membership in the answer.
  void split(const Decision& answer, std::span<const std::size_t> arms) const;

  std::size_t arms_ = 0, words_ = 0;
  bool transitive_ = false;
  std::vector<std::uint64_t> order_;   // arms x arms bits: a beats b
  std::vector<char> above_, below_;    // one-arm statements, per side
  std::set<std::vector<std::size_t>> sets_;
  std::uint64_t version_ = 0;
  mutable std::vector<std::size_t> inside_, outside_, key_;
};

// A problem seen through its certificates: the same answers, every piece of an alternative but
// the certified ones (the sampling rule of `elimination = sampling`). best_response is the least
// uncertified piece (with offsets and penalties as the problem's); when every piece of the
// alternative is certified, the problem's own best response. No closed-form allocation (the
// characteristic-time solver's cutting planes see the remaining pieces).
class ActivePieces final : public numerics::IdentificationProblem {
 public:
  ActivePieces(const numerics::IdentificationProblem& inner, const CertifiedPieces& certified)
      : IdentificationProblem(inner.arms()), inner_(inner), certified_(certified) {}

  std::string name() const override { return inner_.name(); }
  bool answer(std::span<const double> mu, Decision& out) const override { return inner_.answer(mu, out); }
  bool correct(std::span<const double> mu, const Decision& candidate) const override {
    return inner_.correct(mu, candidate);
  }
  void correct_answers(std::span<const double> mu, std::vector<Decision>& out) const override {
    inner_.correct_answers(mu, out);
  }
  std::size_t pieces(const Decision& answer) const override { return inner_.pieces(answer); }
  std::size_t largest_piece(const Decision& answer) const override { return inner_.largest_piece(answer); }
  bool pieces_of_one_size(const Decision& answer) const override { return inner_.pieces_of_one_size(answer); }
  bool exact_for(const numerics::ArmFamily& family) const override { return inner_.exact_for(family); }

  void best_response(std::span<const double> w, std::span<const double> mu,
                     std::span<const numerics::ArmFamily> families, const Decision& answer,
                     numerics::BestResponse& out, std::span<const double> offsets = {},
                     std::span<const double> penalties = {}) const override;
  void for_each_piece(std::span<const double> w, std::span<const double> mu,
                      std::span<const numerics::ArmFamily> families, const Decision& answer,
                      numerics::PieceVisitor& visitor) const override;

 private:
  const numerics::IdentificationProblem& inner_;
  const CertifiedPieces& certified_;
};

// The least margin over the pieces a filter keeps, as IdentificationProblem::best_response
// computes it: value - offsets[|S_p|] + the penalties of the arms the piece moves outside
// the answer; ties to the first piece. Returns whether any piece was kept.
class LeastPiece : public numerics::PieceVisitor {
 public:
  LeastPiece(const Decision& answer, numerics::BestResponse& out, std::span<const double> offsets,
             std::span<const double> penalties)
      : answer_(answer), out_(out), offsets_(offsets), penalties_(penalties) {}

  bool found() const { return found_; }
  void visit(const numerics::PieceView& piece) override;

 private:
  const Decision& answer_;
  numerics::BestResponse& out_;
  std::span<const double> offsets_, penalties_;
  bool found_ = false;
};

}  // namespace cpex::identification
