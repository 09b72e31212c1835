// SuperArmLeastSquares: sparse accumulation, Sherman-Morrison on k-sparse indicators,
// periodic Cholesky refactorization; log-binomials; the rank check of a support.
#include "cpex/numerics/super_arm_least_squares.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include <Eigen/Cholesky>
#include <Eigen/QR>

#include "cpex/numerics/dense_decompositions.hpp"

namespace cpex::numerics {

SuperArmLeastSquares::SuperArmLeastSquares(std::size_t arms, std::uint64_t refactor_every, double lambda)
    : refactor_every_(refactor_every == 0 ? 1 : refactor_every),
      lambda_(lambda),
      a_(Eigen::MatrixXd::Identity(static_cast<Eigen::Index>(arms), static_cast<Eigen::Index>(arms)) * lambda),
      inverse_(Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(arms), static_cast<Eigen::Index>(arms))),
      b_(Eigen::VectorXd::Zero(static_cast<Eigen::Index>(arms))),
      theta_(b_),
      u_(b_),
      pairs_(arms * arms, 0) {
  if (lambda > 0.0 && arms > 0) {
    invertible_ = true;
    inverse_.diagonal().setConstant(1.0 / lambda);
    log_det_ = static_cast<double>(arms) * std::log(lambda);
  }
}

void SuperArmLeastSquares::add(std::span<const std::size_t> members, double reward) {
  // A's diagonal is kept in a_ (one += 1.0 per member and pull, as before); the entries
  // below it are counted in pairs_ (16 bits each, folded into a_ by flush_pairs() before a
  // factorization or matrix(), and at the latest every 65535 pulls so that no count
  // overflows). An off-diagonal entry of A is an integer, so a_ ends up the same bit for bit
  // as when every pull added 1.0 to all k^2 entries; this writes k (k - 1) / 2 counts of 2
  // bytes instead of k^2 doubles, which cost more than the rank-one update at k = n/2 (the
  // former loop also strided across columns, n doubles apart). LLT reads only the lower
  // triangle; matrix() mirrors it.
  double* a = a_.data();
  const auto rows = static_cast<std::size_t>(a_.rows());
  const std::size_t k = members.size();
  const bool sorted = std::is_sorted(members.begin(), members.end());
  for (std::size_t q = 0; q < k; ++q) {
    const std::size_t j = members[q];
    b_(static_cast<Eigen::Index>(j)) += reward;
    a[j * rows + j] += 1.0;
    std::uint16_t* column = pairs_.data() + j * rows;
    if (sorted) {
      for (std::size_t p = q + 1; p < k; ++p) ++column[members[p]];
    } else {
      for (std::size_t i : members)
        if (i > j) ++column[i];
    }
  }
  upper_stale_ = true;
  if (++pending_pulls_ == 65535) flush_pairs();
  ++count_;
  if (!invertible_) {
    if (count_ >= static_cast<std::uint64_t>(a_.rows())) refactor();
    return;
  }
  if (++since_refactor_ >= refactor_every_) {
    refactor();
    return;
  }
  // u = A^{-1} chi (sum of k columns), then A^{-1} -= u u^T / (1 + chi^T u).
  // Four columns per pass over u: u_r = (((u_r + c1_r) + c2_r) + c3_r) + c4_r is the order
  // of adding the columns one by one (same u bit for bit), with one store of u per four.
  {
    const double* w = inverse_.data();  // n x n, as A: the same `rows`
    double* u = u_.data();
    std::size_t q = 0;
    if (k == 0) u_.setZero();
    else {
      const double* first = w + members[0] * rows;
      for (std::size_t r = 0; r < rows; ++r) u[r] = 0.0 + first[r];
      q = 1;
    }
    for (; q + 4 <= k; q += 4) {
      const double *c1 = w + members[q] * rows, *c2 = w + members[q + 1] * rows,
                   *c3 = w + members[q + 2] * rows, *c4 = w + members[q + 3] * rows;
      for (std::size_t r = 0; r < rows; ++r) u[r] = (((u[r] + c1[r]) + c2[r]) + c3[r]) + c4[r];
    }
    for (; q < k; ++q) {
      const double* c = w + members[q] * rows;
      for (std::size_t r = 0; r < rows; ++r) u[r] += c[r];
    }
  }
  double chi_u = 0.0, predicted = 0.0;
  for (std::size_t i : members) {
    chi_u += u_(static_cast<Eigen::Index>(i));
    predicted += theta_(static_cast<Eigen::Index>(i));
  }
  const double denominator = 1.0 + chi_u;
  log_det_ += std::log(denominator);  // matrix determinant lemma
  // theta_new = A_new^{-1}(b + chi r) = theta + u (r - chi^T theta) / (1 + chi^T u).
  theta_.noalias() += u_ * ((reward - predicted) / denominator);
  inverse_.noalias() -= (u_ / denominator) * u_.transpose();
}

void SuperArmLeastSquares::flush_pairs() const {
  if (pending_pulls_ == 0) return;
  const auto rows = static_cast<std::size_t>(a_.rows());
  double* a = a_.data();
  std::uint16_t* pairs = pairs_.data();
  for (std::size_t j = 0; j < rows; ++j)
    for (std::size_t i = j + 1; i < rows; ++i) {
      std::uint16_t& count = pairs[j * rows + i];
      if (count) {
        a[j * rows + i] += static_cast<double>(count);
        count = 0;
      }
    }
  pending_pulls_ = 0;
}

bool SuperArmLeastSquares::refactor() {
  flush_pairs();
  since_refactor_ = 0;
  ++factorizations_;
  const Eigen::LLT<Eigen::MatrixXd> llt(a_);
  const auto diagonal = llt.matrixLLT().diagonal();
  if (llt.info() != Eigen::Success || a_.rows() == 0 ||
      // A singular PSD A can factor with a pivot of rounding size (~1e-8 for the 4-cycle):
      // treat pivots^2 below 1e-10 of the largest diagonal entry as zero.
      diagonal.minCoeff() * diagonal.minCoeff() <= 1e-10 * std::max(1.0, a_.diagonal().maxCoeff())) {
    invertible_ = false;
    return false;
  }
  invertible_ = true;
  inverse_ = llt.solve(Eigen::MatrixXd::Identity(a_.rows(), a_.cols()));
  theta_ = inverse_ * b_;
  log_det_ = 2.0 * diagonal.array().log().sum();
  return true;
}

const Eigen::MatrixXd& SuperArmLeastSquares::matrix() const {
  flush_pairs();
  if (upper_stale_) {
    const Eigen::Index n = a_.rows();
    for (Eigen::Index j = 1; j < n; ++j)
      for (Eigen::Index i = 0; i < j; ++i) a_(i, j) = a_(j, i);
    upper_stale_ = false;
  }
  return a_;
}

double SuperArmLeastSquares::estimate_of(std::span<const std::size_t> members) const {
  double total = 0.0;
  for (std::size_t i : members) total += theta_(static_cast<Eigen::Index>(i));
  return total;
}

double SuperArmLeastSquares::norm_sq(std::span<const std::size_t> members) const {
  // chi^T W chi = sum_q W(m_q, m_q) + 2 sum_{p < q} W(m_p, m_q), W = A^{-1} being symmetric:
  // half the reads of the double sum, each from one column (m_q), into four partial sums. The
  // former row-by-row double sum was one chain of k^2 dependent additions over strided reads
  // (at k = 500 longer than the rank-one update itself); this is the same number up to
  // rounding (A^{-1} is symmetric up to rounding too).
  const double* w = inverse_.data();
  const auto rows = static_cast<std::size_t>(inverse_.rows());
  const std::size_t* m = members.data();
  const std::size_t k = members.size();
  double diagonal = 0.0, s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
  for (std::size_t q = 0; q < k; ++q) {
    const double* column = w + m[q] * rows;
    diagonal += column[m[q]];
    std::size_t p = 0;
    for (; p + 4 <= q; p += 4) {
      s0 += column[m[p]];
      s1 += column[m[p + 1]];
      s2 += column[m[p + 2]];
      s3 += column[m[p + 3]];
    }
    for (; p < q; ++p) s0 += column[m[p]];
  }
  return diagonal + 2.0 * ((s0 + s1) + (s2 + s3));
}

double SuperArmLeastSquares::difference_norm_sq(std::span<const std::size_t> m,
                                                std::span<const std::size_t> n) const {
  // Members of both cancel; walk the sorted lists for the symmetric difference.
  std::vector<std::size_t> plus, minus;
  std::size_t i = 0, j = 0;
  while (i < m.size() || j < n.size()) {
    if (j == n.size() || (i < m.size() && m[i] < n[j])) plus.push_back(m[i++]);
    else if (i == m.size() || n[j] < m[i]) minus.push_back(n[j++]);
    else ++i, ++j;
  }
  auto at = [&](std::size_t r, std::size_t c) {
    return inverse_(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c));
  };
  double total = 0.0;
  for (std::size_t r : plus) {
    for (std::size_t c : plus) total += at(r, c);
    for (std::size_t c : minus) total -= 2.0 * at(r, c);
  }
  for (std::size_t r : minus)
    for (std::size_t c : minus) total += at(r, c);
  return std::max(total, 0.0);
}

double log_binomial(std::size_t n, std::size_t k) {
  if (k > n) return -INFINITY;
  const double nn = static_cast<double>(n), kk = static_cast<double>(k);
  return std::lgamma(nn + 1.0) - std::lgamma(kk + 1.0) - std::lgamma(nn - kk + 1.0);
}

SupportRank support_rank(std::size_t arms, const std::vector<std::vector<std::size_t>>& super_arms) {
  Eigen::MatrixXd x = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(arms),
                                            static_cast<Eigen::Index>(super_arms.size()));
  for (std::size_t c = 0; c < super_arms.size(); ++c)
    for (std::size_t i : super_arms[c]) x(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(c)) = 1.0;
  SupportRank out;
  if (super_arms.empty() || arms == 0) return out;
  Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(x);
  qr.setThreshold(1e-9);
  out.rank = static_cast<std::size_t>(qr.rank());
  const auto& permutation = qr.colsPermutation().indices();
  for (std::size_t r = 0; r < out.rank; ++r) out.basis.push_back(static_cast<std::size_t>(permutation(static_cast<Eigen::Index>(r))));
  return out;
}

}  // namespace cpex::numerics
