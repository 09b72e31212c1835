// Certified pieces and the problem restricted to the others (elimination.hpp).
#include "cpex/identification/elimination.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "cpex/enum_names.hpp"

namespace cpex::identification {

namespace {

constexpr std::size_t kSeparator = std::numeric_limits<std::size_t>::max();

bool member(const Decision& answer, std::size_t arm) {
  return std::binary_search(answer.arms.begin(), answer.arms.end(), arm);
}

// The uncertified pieces, with an inner visitor seeing only those.
class Uncertified final : public numerics::PieceVisitor {
 public:
  Uncertified(const CertifiedPieces& certified, const Decision& answer, numerics::PieceVisitor& inner)
      : certified_(certified), answer_(answer), inner_(inner) {}
  bool wanted(std::size_t index, std::span<const std::size_t> arms) override {
    return !certified_.certified(answer_, arms) && inner_.wanted(index, arms);
  }
  void visit(const numerics::PieceView& piece) override { inner_.visit(piece); }
  double skip_above() const override { return inner_.skip_above(); }

 private:
  const CertifiedPieces& certified_;
  const Decision& answer_;
  numerics::PieceVisitor& inner_;
};

// LeastPiece over every piece offered.
class AnyLeastPiece final : public LeastPiece {
 public:
  using LeastPiece::LeastPiece;
  bool wanted(std::size_t, std::span<const std::size_t>) override { return true; }
};

}  // namespace

constexpr EnumName<Elimination> kEliminationNames[] = {
    {Elimination::None, "none"}, {Elimination::Stopping, "stopping"}, {Elimination::Sampling, "sampling"}};

const char* to_string(Elimination elimination) { return name_of(kEliminationNames, elimination); }

Elimination parse_elimination(const std::string& text) {
  return value_of(kEliminationNames, text).value_or(Elimination::None);
}

void CertifiedPieces::reset(std::size_t arms, bool order) {
  arms_ = arms;
  words_ = (arms + 63) / 64;
  transitive_ = order;
  order_.assign(arms * words_, 0);
  above_.assign(arms, 0);
  below_.assign(arms, 0);
  sets_.clear();
  version_ = 0;
}

void CertifiedPieces::split(const Decision& answer, std::span<const std::size_t> arms) const {
  inside_.clear();
  outside_.clear();
  for (std::size_t a : arms) (member(answer, a) ? inside_ : outside_).push_back(a);
  std::sort(inside_.begin(), inside_.end());
  std::sort(outside_.begin(), outside_.end());
  key_.assign(inside_.begin(), inside_.end());
  key_.push_back(kSeparator);
  key_.insert(key_.end(), outside_.begin(), outside_.end());
}

bool CertifiedPieces::certified(const Decision& answer, std::span<const std::size_t> arms) const {
  if (arms.size() == 1) return (member(answer, arms[0]) ? above_ : below_)[arms[0]] != 0;
  if (arms.size() == 2) {
    const bool first_in = member(answer, arms[0]), second_in = member(answer, arms[1]);
    if (first_in != second_in) return first_in ? bit(arms[0], arms[1]) : bit(arms[1], arms[0]);
  }
  split(answer, arms);
  return sets_.count(key_) != 0;
}

void CertifiedPieces::certify(const Decision& answer, std::span<const std::size_t> arms) {
  if (certified(answer, arms)) return;
  ++version_;
  if (arms.size() == 1) {
    (member(answer, arms[0]) ? above_ : below_)[arms[0]] = 1;
    return;
  }
  if (arms.size() == 2 && member(answer, arms[0]) != member(answer, arms[1])) {
    const std::size_t a = member(answer, arms[0]) ? arms[0] : arms[1], b = a == arms[0] ? arms[1] : arms[0];
    if (!transitive_) return set_bit(a, b);
    // Every arm at or above a now beats b and every arm b beats.
    for (std::size_t x = 0; x < arms_; ++x) {
      if (x != a && !bit(x, a)) continue;
      std::uint64_t* row = &order_[x * words_];
      const std::uint64_t* below = &order_[b * words_];
      for (std::size_t k = 0; k < words_; ++k) row[k] |= below[k];
      set_bit(x, b);
    }
    return;
  }
  split(answer, arms);
  sets_.insert(key_);
}

void LeastPiece::visit(const numerics::PieceView& piece) {
  const std::size_t size = piece.arms.size();
  double margin = piece.value - (size < offsets_.size() ? offsets_[size] : 0.0);
  if (!penalties_.empty())
    for (std::size_t a : piece.arms)
      if (!member(answer_, a)) margin += penalties_[a];
  if (found_ && !(margin < out_.margin)) return;
  found_ = true;
  out_.value = piece.value;
  out_.margin = margin;
  out_.piece = piece.index;
  out_.arms.assign(piece.arms.begin(), piece.arms.end());
  out_.point.assign(piece.point.begin(), piece.point.end());
}

void ActivePieces::best_response(std::span<const double> w, std::span<const double> mu,
                                 std::span<const numerics::ArmFamily> families, const Decision& answer,
                                 numerics::BestResponse& out, std::span<const double> offsets,
                                 std::span<const double> penalties) const {
  AnyLeastPiece least(answer, out, offsets, penalties);
  for_each_piece(w, mu, families, answer, least);
  if (!least.found()) inner_.best_response(w, mu, families, answer, out, offsets, penalties);
}

void ActivePieces::for_each_piece(std::span<const double> w, std::span<const double> mu,
                                  std::span<const numerics::ArmFamily> families, const Decision& answer,
                                  numerics::PieceVisitor& visitor) const {
  Uncertified filter(certified_, answer, visitor);
  inner_.for_each_piece(w, mu, families, answer, filter);
}

}  // namespace cpex::identification
