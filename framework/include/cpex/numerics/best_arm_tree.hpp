// The best-arm GLR check and challenger in O(log K) a round, exactly. For the best arm of one
// exponential family (Gaussian of known sigma, Bernoulli, Poisson, Exponential) the pair
// transport Z(b, j) = min_x N_b d(mu_b, x) + N_j d(mu_j, x) (pair_transport) is
// non-decreasing in N_j and non-increasing in mu_j (0 once mu_j >= mu_b). A tournament tree
// over the arms keeps, per node, the largest mean, the least count and the least log count of
// the arms below it, so Z(b; largest mean, least count) (+ the least log count: TCI's penalty)
// bounds every pair of the node from below, and branch and bound from the root finds the
// least pair exactly. The result is TopM::best_response's for m = 1, bit for bit: the same
// value, margin, arms, point and piece, ties to the smallest arm (the full scan's first).
//
// The grouping of the arms into nodes does not matter for the result, only for how many nodes
// the search opens: the leaves are ordered by the means when the tree is built and again
// whenever the total count grew by half since (O(K log K), amortized to O(log K) a round).
// No allocation after build().
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "cpex/numerics/exponential_family.hpp"
#include "cpex/numerics/identification.hpp"

namespace cpex::numerics {

class BestArmTree {
 public:
  // Whether the tree serves arms of these families: one family for every arm, Gaussian of
  // known sigma, Bernoulli, Poisson or Exponential (where Z is monotone as above).
  static bool serves(std::span<const ArmFamily> families);

  // Builds over the arms' counts (every one > 0) and means; `family` as serves() accepts.
  void build(const ArmFamily& family, std::span<const double> counts, std::span<const double> means);
  bool built() const { return arms_ > 0; }
  void clear();

  // Arm `arm` now has `count` samples of mean `mean`. O(log K).
  void update(std::size_t arm, double count, double mean);

  // The arm of the largest mean, the smallest index among ties (TopM::answer's). O(1).
  std::size_t leader() const;
  // The least, over j != b, of the margin pair_transport(b, j).cost (+ log N_j when
  // `log_count_penalties`: top-two's TCI), ties to the smallest j, written to `out` as
  // TopM::best_response writes it (arms {b, j}, point {x, x}, piece j - [j > b]).
  void closest(std::size_t b, bool log_count_penalties, BestResponse& out);

  // The nodes the last closest() opened (leaves included): the search's cost.
  std::size_t opened() const { return opened_; }

  // The lower bound the tree uses for a node of largest mean `mean` and least count `count`
  // against arm b of count count_b and mean mean_b: at most the computed pair_transport cost
  // of every pair (b, j) with mu_j <= mean and N_j >= count (the monotonicity above, lowered
  // for the rounding). Exposed for its test.
  double node_bound(double count_b, double mean_b, double count, double mean) const;

 private:
  static constexpr std::uint32_t kNone = 0xffffffffu;
  // 32 bytes: siblings share a cache line.
  struct alignas(32) Node {
    double mean;       // the largest mean below
    double count;      // the least count below
    double log_count;  // the least std::log(count) below
    std::uint32_t top;     // the arm of the largest mean (smallest index among ties); kNone: empty
    std::uint32_t lowest;  // the smallest arm index below; kNone: empty
  };

  void place();  // the leaves in the order of the means, then every inner node
  void pull_up(std::size_t node);
  double bound(std::size_t node, double count_b, double mean_b, bool penalties) const;

  ArmFamily family_ = ArmFamily::gaussian(1.0);
  std::size_t arms_ = 0, leaves_ = 0;
  std::vector<Node> nodes_;               // 1-based heap layout; leaves at leaves_ + position
  std::vector<std::uint32_t> position_;   // arm -> leaf position
  std::vector<std::uint32_t> order_;      // scratch of place(): arms by mean
  std::vector<double> counts_, means_;    // per arm (place()'s input)
  double total_ = 0.0, total_at_build_ = 0.0;
  std::size_t opened_ = 0;
};

}  // namespace cpex::numerics
