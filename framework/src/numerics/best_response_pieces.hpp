// What the identification problems' best responses share (identification.cpp,
// identification_classes.cpp, pareto_identification.cpp): the offset of a piece of a given
// size, an arm's penalty, the running minimum of the pieces' margins, and a number's text in
// a refusal. Internal to libcpex (not installed).
#pragma once

#include <cstddef>
#include <span>
#include <sstream>
#include <string>

#include "cpex/numerics/identification.hpp"

namespace cpex::numerics {

// offsets[size] (0 past the end: no offsets given).
inline double offset_of(std::span<const double> offsets, std::size_t size) {
  return size < offsets.size() ? offsets[size] : 0.0;
}

// penalties[arm] (0 without penalties).
inline double penalty_of(std::span<const double> penalties, std::size_t arm) {
  return penalties.empty() ? 0.0 : penalties[arm];
}

// x as a stream prints it (6 significant digits).
inline std::string number_text(double x) {
  std::ostringstream out;
  out << x;
  return out.str();
}

// Records in `out` the piece of least margin: `out` is emptied (value and margin 0, no arms,
// piece 0) on construction; take() replaces it with a piece whose margin is better(), the
// caller then filling its arms and point (offer_pair() does both for a two-arm piece).
struct PieceMinimum {
  BestResponse& out;
  bool first = true;

  explicit PieceMinimum(BestResponse& response) : out(response) {
    out.value = out.margin = 0.0;
    out.arms.clear();
    out.point.clear();
    out.piece = 0;
  }

  bool better(double margin) const { return first || margin < out.margin; }
  void take(double value, double margin, std::size_t piece) {
    out.value = value;
    out.margin = margin;
    out.piece = piece;
    out.arms.clear();
    out.point.clear();
    first = false;
  }
  // The piece `piece` that brings arms i and j to one point (t, their pair's transport):
  // taken, with its arms and point, when its margin t.cost - shift + penalty is better().
  void offer_pair(const Transport& t, double shift, double penalty, std::size_t piece, std::size_t i,
                  std::size_t j) {
    const double margin = t.cost - shift + penalty;
    if (!better(margin)) return;
    take(t.cost, margin, piece);
    out.arms = {i, j};
    out.point = {t.point, t.point};
  }
};

}  // namespace cpex::numerics
