// The augmented treap behind RankedMaxTree.
#include "cpex/numerics/ranked_max_tree.hpp"

namespace cpex::numerics {

namespace {
// SplitMix64 finalizer: a fixed, well-mixed priority per item.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}
}  // namespace

RankedMaxTree::RankedMaxTree(std::size_t capacity)
    : nodes_(capacity), key_(capacity, 0.0), weight_(capacity, 0.0), in_(capacity, 0) {
  for (std::size_t i = 0; i < capacity; ++i) nodes_[i].priority = mix(i);
}

bool RankedMaxTree::less(std::uint32_t a, std::uint32_t b) const {
  return key_[a] < key_[b] || (key_[a] == key_[b] && a < b);
}

std::uint32_t RankedMaxTree::heavier(std::uint32_t a, std::uint32_t b) const {
  if (a == kNil) return b;
  if (b == kNil) return a;
  if (weight_[a] != weight_[b]) return weight_[a] > weight_[b] ? a : b;
  return a < b ? a : b;
}

void RankedMaxTree::pull(std::uint32_t node) {
  Node& n = nodes_[node];
  n.size = 1;
  n.heaviest = node;
  if (n.left != kNil) {
    n.size += nodes_[n.left].size;
    n.heaviest = heavier(n.heaviest, nodes_[n.left].heaviest);
  }
  if (n.right != kNil) {
    n.size += nodes_[n.right].size;
    n.heaviest = heavier(n.heaviest, nodes_[n.right].heaviest);
  }
}

void RankedMaxTree::split(std::uint32_t node, std::uint32_t pivot, std::uint32_t& left,
                          std::uint32_t& right) {
  if (node == kNil) {
    left = right = kNil;
    return;
  }
  if (less(node, pivot)) {
    split(nodes_[node].right, pivot, nodes_[node].right, right);
    left = node;
  } else {
    split(nodes_[node].left, pivot, left, nodes_[node].left);
    right = node;
  }
  pull(node);
}

std::uint32_t RankedMaxTree::merge(std::uint32_t left, std::uint32_t right) {
  if (left == kNil) return right;
  if (right == kNil) return left;
  if (nodes_[left].priority > nodes_[right].priority) {
    nodes_[left].right = merge(nodes_[left].right, right);
    pull(left);
    return left;
  }
  nodes_[right].left = merge(left, nodes_[right].left);
  pull(right);
  return right;
}

void RankedMaxTree::insert(std::size_t item, double key, double weight) {
  const auto node = static_cast<std::uint32_t>(item);
  key_[item] = key;
  weight_[item] = weight;
  in_[item] = 1;
  nodes_[node].left = nodes_[node].right = kNil;
  pull(node);
  std::uint32_t left, right;
  split(root_, node, left, right);
  root_ = merge(merge(left, node), right);
}

std::uint32_t RankedMaxTree::drop_first(std::uint32_t node) {
  if (nodes_[node].left == kNil) return nodes_[node].right;
  nodes_[node].left = drop_first(nodes_[node].left);
  pull(node);
  return node;
}

void RankedMaxTree::erase(std::size_t item) {
  const auto node = static_cast<std::uint32_t>(item);
  std::uint32_t left, rest;
  split(root_, node, left, rest);
  rest = drop_first(rest);  // `node` is the smallest of `rest`
  in_[item] = 0;
  root_ = merge(left, rest);
}

std::size_t RankedMaxTree::kth(std::size_t rank) const {
  std::uint32_t node = root_;
  while (node != kNil) {
    const std::uint32_t left = nodes_[node].left;
    const std::size_t left_size = left == kNil ? 0 : nodes_[left].size;
    if (rank < left_size) {
      node = left;
    } else if (rank == left_size) {
      return node;
    } else {
      rank -= left_size + 1;
      node = nodes_[node].right;
    }
  }
  return npos;
}

std::size_t RankedMaxTree::heaviest_of_first(std::size_t count) const {
  std::uint32_t best = kNil;
  std::uint32_t node = root_;
  while (node != kNil && count > 0) {
    const std::uint32_t left = nodes_[node].left;
    const std::size_t left_size = left == kNil ? 0 : nodes_[left].size;
    if (count <= left_size) {
      node = left;
      continue;
    }
    if (left != kNil) best = heavier(best, nodes_[left].heaviest);
    best = heavier(best, node);
    count -= left_size + 1;
    node = nodes_[node].right;
  }
  return best == kNil ? npos : best;
}

}  // namespace cpex::numerics
