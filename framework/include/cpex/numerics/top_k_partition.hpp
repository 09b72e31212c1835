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
  Set& from = was_top ? top_ : rest_;
  auto node = from.extract(Ranked{score_[item], item});
  score_[item] = score;
  node.value() = Ranked{score, item};
  const Better better;
  if (was_top) {
    if (!rest_.empty() && better(*rest_.begin(), node.value())) {
      auto promoted = rest_.extract(rest_.begin());
      const std::size_t other = promoted.value().item;
      top_.insert(std::move(promoted));
      rest_.insert(std::move(node));
      in_top_[other] = 1;
      in_top_[item] = 0;
      on_change(other);
      on_change(item);
      return;
    }
    top_.insert(std::move(node));
  } else {
    if (!top_.empty() && better(node.value(), *std::prev(top_.end()))) {
      auto demoted = top_.extract(std::prev(top_.end()));
      const std::size_t other = demoted.value().item;
      rest_.insert(std::move(demoted));
      top_.insert(std::move(node));
      in_top_[other] = 0;
      in_top_[item] = 1;
      on_change(other);
      on_change(item);
      return;
    }
    rest_.insert(std::move(node));
  }
}

}  // namespace cpex::numerics
