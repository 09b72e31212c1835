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
// the search opens: the leaves are kept in the order of (mean, count), so that a node holds
// arms of near statistics and its bound is near their transports. An update changes a leaf
// in place (O(log K)); once K/64 arms have changed, they are sorted and merged back into the
// order of the others (O(K + m log m), m the changed arms: O(log K) a round amortized). A node
// whose arms all have the same mean and count has one margin: its smallest arm stands for it
// (many exact ties: Bernoulli arms of few samples). No allocation after build(). Top-m's
// pieces (pairs of an answer arm and an arm outside the answer) by one search per answer arm.
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
  // The first out.size() arms (at most kMostInside + 1) in the order of larger mean, then
  // smaller index (TopM::answer's stable order), into `out`. O(out.size() log K).
  void top(std::span<std::size_t> out) const;
  // Whether every other arm's mean is below the leader's (TopM::answer's return for m = 1: a
  // unique, strict best arm): the largest mean of the nodes beside the leader's path. O(log K).
  bool leader_unique() const;
  // The least, over j != b, of the margin pair_transport(b, j).cost (+ log N_j when
  // `log_count_penalties`: top-two's TCI), ties to the smallest j, written to `out` as
  // TopM::best_response writes it (arms {b, j}, point {x, x}, piece j - [j > b]).
  void closest(std::size_t b, bool log_count_penalties, BestResponse& out);
  // Top-m's least piece, for `inside` the answer's arms (distinct, at most kMostInside; one
  // arm: closest()): the least over the pairs (i, j), i in `inside`, j not, of the margin
  // pair_transport(i, j).cost (+ log N_j when `log_count_penalties`), ties to the first piece
  // of TopM::best_response's order (the rows in the order of `inside`, j ascending), written as
  // it writes it (arms {i, j}, point {x, x}, piece r (K - m) + j - #{inside arms below j}).
  // One branch and bound per row against the least so far: O(m log K) nodes when the tree's
  // order separates the rows' arms from the others.
  void closest_outside(std::span<const std::size_t> inside, bool log_count_penalties,
                       BestResponse& out);
  static constexpr std::size_t kMostInside = 32;

  // The nodes the last closest() opened (leaves included): the search's cost.
  std::size_t opened() const { return opened_; }

  // The lower bound the tree uses for a node of largest mean `mean` and least count `count`
  // against arm b of count count_b and mean mean_b: at most the computed pair_transport cost
  // of every pair (b, j) with mu_j <= mean and N_j >= count (the monotonicity above, lowered
  // for the rounding). Exposed for its test.
  double node_bound(double count_b, double mean_b, double count, double mean) const;

 private:
  static constexpr std::uint32_t kNone = 0xffffffffu;
  struct Node {
    double mean;       // the largest mean below
    double count;      // the least count below
    double log_count;  // the least std::log(count) below
    double least_mean, most_count;  // the other corner: equal to the first, every arm alike
    std::uint32_t top;     // the arm of the largest mean (smallest index among ties); kNone: empty
    std::uint32_t lowest;  // the smallest arm index below; kNone: empty
  };

  // Whether arm a comes before arm b in the leaves: larger mean, then smaller count, then index.
  bool before(std::uint32_t a, std::uint32_t b) const {
    return means_[a] > means_[b] || (means_[a] == means_[b] && (counts_[a] < counts_[b] || (counts_[a] == counts_[b] && a < b)));
  }
  void reorder();  // the changed arms merged back into the order, then every node
  void place();    // the leaves from order_, then every inner node
  void pull_up(std::size_t node);
  double bound(std::size_t node, double count_b, double mean_b, bool penalties) const;
  // The least piece so far across the rows of closest_outside.
  struct Least;
  // Row r's branch and bound (answer arm inside[r]) against `least`.
  void search_row(std::span<const std::size_t> inside, std::size_t r, bool penalties, Least& least);

  ArmFamily family_ = ArmFamily::gaussian(1.0);
  std::size_t arms_ = 0, leaves_ = 0;
  std::vector<Node> nodes_;               // 1-based heap layout; leaves at leaves_ + position
  std::vector<std::uint32_t> position_;     // arm -> leaf position
  std::vector<std::uint32_t> order_;        // leaf position -> arm
  std::vector<std::uint32_t> changed_, merged_;  // arms changed since the last order; scratch
  std::vector<char> is_changed_;
  std::vector<double> counts_, means_, log_counts_;  // per arm
  std::size_t opened_ = 0;
};

}  // namespace cpex::numerics
