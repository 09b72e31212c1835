// A test visitor: the least margin over every piece a problem offers (for_each_piece's exact
// costs; ties to the first piece offered), to compare best responses and the best-arm tree
// against. margin = value - shift + the penalties of the piece's arms outside the answer.
#pragma once

#include <algorithm>
#include <cstddef>
#include <span>

#include "cpex/numerics/identification.hpp"

namespace cpex::test {

class LeastPiece final : public numerics::PieceVisitor {
 public:
  LeastPiece(const Decision& answer, std::span<const double> penalties, double shift = 0.0)
      : answer_(answer), penalties_(penalties), shift_(shift) {}
  bool wanted(std::size_t, std::span<const std::size_t>) override { return true; }
  void visit(const numerics::PieceView& p) override {
    double margin = p.value - shift_;
    if (!penalties_.empty())
      for (std::size_t a : p.arms)
        if (!std::binary_search(answer_.arms.begin(), answer_.arms.end(), a)) margin += penalties_[a];
    ++count;
    if (count > 1 && margin == best.margin) ++tied;
    if (count > 1 && !(margin < best.margin)) return;
    tied = 0;
    best.value = p.value;
    best.margin = margin;
    best.piece = p.index;
    best.arms.assign(p.arms.begin(), p.arms.end());
    best.point.assign(p.point.begin(), p.point.end());
  }
  numerics::BestResponse best;
  std::size_t count = 0;
  int tied = 0;  // the later pieces of the least margin

 private:
  const Decision& answer_;
  std::span<const double> penalties_;
  double shift_;
};

}  // namespace cpex::test
