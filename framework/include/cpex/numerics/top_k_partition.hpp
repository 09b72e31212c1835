// The split of N scored items into the K best (High) and the rest (Low), kept in two
// ordered sets so that changing one score costs O(log N) and moves at most two items.
// Ranking: larger score first; equal scores rank the smaller index first. Updates reuse
// the sets' nodes (extract/insert), so a round allocates nothing.
#pragma once

#include <cstddef>
#include <set>
#include <span>
#include <vector>

namespace cpex::numerics {

class TopKPartition {
 public:
  TopKPartition() = default;
  TopKPartition(std::size_t n, std::size_t k) : k_(k), score_(n), in_top_(n, 0) {}

  // Rebuild from scratch in O(N log N).
  void reset(std::span<const double> scores);

  // Change one item's score; `on_change(item)` is called for every item whose membership
  // changed (the item itself and at most one other).
  template <typename OnChange>
  void update(std::size_t item, double score, OnChange&& on_change);

  bool in_top(std::size_t item) const { return in_top_[item] != 0; }
  double score(std::size_t item) const { return score_[item]; }
  // The K best items, sorted ascending by index.
  std::vector<std::size_t> top() const;

 private:
  struct Ranked {
    double score;
    std::size_t item;
  };
  struct Better {
    bool operator()(const Ranked& a, const Ranked& b) const {
      return a.score > b.score || (a.score == b.score && a.item < b.item);
    }
  };
  using Set = std::set<Ranked, Better>;

  std::size_t k_ = 0;
  std::vector<double> score_;
  std::vector<char> in_top_;
  Set top_, rest_;
};

template <typename OnChange>
void TopKPartition::update(std::size_t item, double score, OnChange&& on_change) {
  const bool was_top = in_top_[item] != 0;
  Set& own = was_top ? top_ : rest_;
  Set& across = was_top ? rest_ : top_;
  auto node = own.extract(Ranked{score_[item], item});
  score_[item] = score;
  node.value() = Ranked{score, item};
  // The item crosses when it falls below the best of Low (from High) or rises above the
  // worst of High (from Low); then the boundary item of the other set takes its place.
  const Better better;
  bool crosses = false;
  typename Set::iterator boundary;
  if (!across.empty()) {
    boundary = was_top ? across.begin() : std::prev(across.end());
    crosses = was_top ? better(*boundary, node.value()) : better(node.value(), *boundary);
  }
  if (!crosses) {
    own.insert(std::move(node));
    return;
  }
  auto moved = across.extract(boundary);
  const std::size_t other = moved.value().item;
  own.insert(std::move(moved));
  across.insert(std::move(node));
  in_top_[other] = was_top ? 1 : 0;
  in_top_[item] = was_top ? 0 : 1;
  on_change(other);
  on_change(item);
}

}  // namespace cpex::numerics
