// T*(mu) and w*(mu): a problem's closed form, or cutting planes over best responses with a
// certified gap (characteristic_time.hpp).
#include "cpex/numerics/characteristic_time.hpp"

#include <algorithm>
#include <cmath>
#include <csetjmp>
#include <limits>
#include <optional>

#include <glpk.h>

#include "cpex/numerics/structured_characteristic_time.hpp"
#include "glpk_lock.hpp"
#include "infinity.hpp"

namespace cpex::numerics {

namespace {

// The cut of a best response: g_a = d_a(mu_a, lambda_a) for the moved arms (summed over the
// objectives of vector-valued arms), 0 elsewhere.
double evaluate(const IdentificationProblem& problem, std::span<const double> w, std::span<const double> mu,
                std::span<const ArmFamily> families, const Decision& answer, BestResponse& response,
                std::vector<double>& cut) {
  problem.best_response(w, mu, families, answer, response);
  response_divergences(problem, mu, families, response, cut);
  return response.value;
}

// Two cuts equal up to 1e-12 of their largest coefficient.
bool close(const std::vector<double>& a, const std::vector<double>& b) {
  double scale = 0.0, diff = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    scale = std::max(scale, std::abs(a[i]));
    diff = std::max(diff, std::abs(a[i] - b[i]));
  }
  return diff <= 1e-12 * scale;
}

double dot(const std::vector<double>& a, const std::vector<double>& b) {
  double total = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) total += a[i] * b[i];
  return total;
}

// GLPK reports an internal error (a failed assertion on a degenerate program) through its
// error hook, and aborts the process if the hook returns: the hook jumps back to the solve,
// which gives up on the program (the bounds found so far stand).
thread_local std::jmp_buf* glpk_failure = nullptr;
extern "C" void glpk_error_hook(void*) { std::longjmp(*glpk_failure, 1); }
// Nothing GLPK prints reaches the terminal (its internal errors included).
extern "C" int glpk_silent(void*, const char*) { return 1; }

// The linear program max z s.t. z <= sum_a g^j_a w_a (every cut j), sum_a w_a = 1, w >= 0,
// over cuts scaled by `scale` (values of order 1 for GLPK's absolute tolerances).
class CutProgram {
 public:
  // `method`: GLP_DUALP (dual simplex, primal where it fails) or GLP_PRIMAL.
  CutProgram(std::size_t arms, double scale, int method) : arms_(arms), scale_(scale), lp_(glp_create_prob()) {
    glp_term_hook(glpk_silent, nullptr);  // GLPK's own messages (an internal error's too) stay off the terminal
    glp_set_obj_dir(lp_, GLP_MAX);
    glp_add_cols(lp_, static_cast<int>(arms) + 1);
    for (int c = 1; c <= static_cast<int>(arms); ++c) glp_set_col_bnds(lp_, c, GLP_DB, 0.0, 1.0);
    z_ = static_cast<int>(arms) + 1;
    glp_set_col_bnds(lp_, z_, GLP_FR, 0.0, 0.0);
    glp_set_obj_coef(lp_, z_, 1.0);
    glp_add_rows(lp_, 1);
    glp_set_row_bnds(lp_, 1, GLP_FX, 1.0, 1.0);
    std::vector<int> index(arms + 1);
    std::vector<double> value(arms + 1, 1.0);
    for (std::size_t a = 0; a < arms; ++a) index[a + 1] = static_cast<int>(a) + 1;
    glp_set_mat_row(lp_, 1, static_cast<int>(arms), index.data(), value.data());
    glp_init_smcp(&parameters_);
    parameters_.msg_lev = GLP_MSG_OFF;
    parameters_.meth = method;
    parameters_.r_test = GLP_RT_STD;
    // GLPK's simplex may cycle on these (degenerate) programs: a bound on its iterations and
    // time ends such a solve, and the cutting planes with it (the bounds found so far stand).
    parameters_.it_lim = 20000;
    parameters_.tm_lim = 2000;
  }
  ~CutProgram() {
    if (lp_) glp_delete_prob(lp_);
  }
  CutProgram(const CutProgram&) = delete;
  CutProgram& operator=(const CutProgram&) = delete;

  void add(const std::vector<double>& cut) {
    if (!lp_) return;
    const int row = glp_add_rows(lp_, 1);
    index_.assign(1, 0);
    value_.assign(1, 0.0);
    index_.push_back(z_);
    value_.push_back(1.0);
    for (std::size_t a = 0; a < arms_; ++a)
      if (cut[a] != 0.0) {
        index_.push_back(static_cast<int>(a) + 1);
        value_.push_back(-cut[a] * scale_);
      }
    glp_set_mat_row(lp_, row, static_cast<int>(index_.size()) - 1, index_.data(), value_.data());
    glp_set_row_bnds(lp_, row, GLP_UP, 0.0, 0.0);
  }

  // Whether GLPK failed internally (the program is gone).
  bool broken() const { return lp_ == nullptr; }

  // Solves; false if GLPK finds no optimum. w: the maximizer (normalized), value: its z.
  bool solve(std::vector<double>& w, double& value) {
    if (!lp_) return false;
    std::jmp_buf failure;
    if (setjmp(failure)) {
      // GLPK's state is undefined after an internal error: free its environment (and with it
      // the program) as its manual says.
      glp_error_hook(nullptr, nullptr);
      glpk_failure = nullptr;
      glp_free_env();
      lp_ = nullptr;
      return false;
    }
    glpk_failure = &failure;
    glp_error_hook(glpk_error_hook, nullptr);
    const int status = glp_simplex(lp_, &parameters_);
    glp_error_hook(nullptr, nullptr);
    glpk_failure = nullptr;
    if (status != 0 || glp_get_status(lp_) != GLP_OPT) return false;
    w.assign(arms_, 0.0);
    double total = 0.0;
    for (std::size_t a = 0; a < arms_; ++a) total += w[a] = std::max(0.0, glp_get_col_prim(lp_, static_cast<int>(a) + 1));
    if (!(total > 0.0)) return false;
    for (double& x : w) x /= total;
    value = glp_get_obj_val(lp_) / scale_;
    return true;
  }

  // The mixture weight of cut j (its row's dual, >= 0).
  double dual(std::size_t j) const { return std::abs(glp_get_row_dual(lp_, static_cast<int>(j) + 2)); }

 private:
  std::size_t arms_;
  double scale_;
  glp_prob* lp_;
  int z_ = 0;
  glp_smcp parameters_{};
  std::vector<int> index_;
  std::vector<double> value_;
};

}  // namespace

void CharacteristicTimeSolver::cutting_planes(std::span<const double> mu, std::span<const ArmFamily> families,
                                              const Decision& answer, CharacteristicTime& out) {
  const std::size_t k = problem_.arms();
  const std::vector<double> uniform(k, 1.0 / static_cast<double>(k));
  std::vector<double> best = warm_.size() == k ? warm_ : uniform;
  std::vector<double> cut, query, candidate;
  std::vector<std::vector<double>> cuts;
  auto finite = [](const std::vector<double>& c) {
    return std::all_of(c.begin(), c.end(), [](double g) { return std::isfinite(g); });
  };
  double lower = evaluate(problem_, best, mu, families, answer, response_, cut);
  if (finite(cut)) cuts.push_back(cut);
  if (best != uniform) {
    const double at_uniform = evaluate(problem_, uniform, mu, families, answer, response_, cut);
    if (finite(cut)) cuts.push_back(cut);
    if (at_uniform > lower) {
      lower = at_uniform;
      best = uniform;
    }
  }
  out.iterations = 0;
  out.method = "cutting planes";
  if (!(lower > 0.0)) {  // mu lies in (the closure of) Alt(answer)
    out.weights = best;
    out.lower = out.upper = 0.0;
    out.value = kInfinity;
    out.method = "no strict answer";
    return;
  }
  if (!std::isfinite(lower) || cuts.empty()) {  // no alternative at a finite divergence: T* = 0
    out.weights = best;
    out.lower = out.upper = kInfinity;
    out.value = 0.0;
    out.method = "no alternative at a finite divergence";
    return;
  }
  GlpkSession session;
  std::optional<CutProgram> program;
  program.emplace(k, 1.0 / lower, GLP_DUALP);
  for (const auto& c : cuts) program->add(c);
  bool retried = false;
  double upper = kInfinity, alpha = 0.5;
  double previous_lower = lower, previous_upper = upper;
  int stalled = 0;
  std::vector<double> w_out;
  for (; out.iterations < options_.max_iterations; ++out.iterations) {
    double v_out = 0.0;
    if (!program->solve(w_out, v_out)) {
      // An internal GLPK error of the dual simplex: once, the same cuts in a new program
      // solved by the primal simplex.
      if (!program->broken() || retried) break;
      retried = true;
      program.reset();
      program.emplace(k, 1.0 / lower, GLP_PRIMAL);
      for (const auto& c : cuts) program->add(c);
      if (!program->solve(w_out, v_out)) break;
    }
    // The certificate: the dual mixture of the cuts' alternatives.
    double mass = 0.0;
    std::vector<double> mixture(k, 0.0);
    for (std::size_t j = 0; j < cuts.size(); ++j) {
      const double q = program->dual(j);
      mass += q;
      for (std::size_t a = 0; a < k; ++a) mixture[a] += q * cuts[j][a];
    }
    if (mass > 0.0) upper = std::min(upper, *std::max_element(mixture.begin(), mixture.end()) / mass);
    if (upper - lower <= options_.relative_gap * upper) break;
    const bool moved = lower > previous_lower * (1.0 + 1e-13) || upper < previous_upper * (1.0 - 1e-13);
    stalled = moved ? 0 : stalled + 1;
    if (stalled >= options_.stall_iterations) break;
    previous_lower = lower;
    previous_upper = upper;
    query.resize(k);
    for (std::size_t a = 0; a < k; ++a) query[a] = alpha * w_out[a] + (1.0 - alpha) * best[a];
    const double value = evaluate(problem_, query, mu, families, answer, response_, cut);
    // A cut already in the program adds nothing but degeneracy (GLPK may cycle on it); a cut
    // with an infinite coefficient (an empirical mean at the end of its family) bounds
    // nothing there.
    const bool finite_cut = std::all_of(cut.begin(), cut.end(), [](double g) { return std::isfinite(g); });
    if (finite_cut && std::none_of(cuts.begin(), cuts.end(), [&](const std::vector<double>& c) { return close(c, cut); })) {
      cuts.push_back(cut);
      program->add(cut);
    }
    if (value > lower) {
      lower = value;
      best = query;
    }
    // A cut that does not separate the program's maximizer: query the maximizer itself next.
    alpha = dot(cut, w_out) < v_out * (1.0 - 1e-12) ? 0.5 : 1.0;
  }
  out.weights = best;
  out.lower = lower;
  out.upper = std::max(upper, lower);
  out.value = 1.0 / lower;
}

CharacteristicTimeSolver::CharacteristicTimeSolver(const IdentificationProblem& problem,
                                                   CharacteristicTimeOptions options)
    : problem_(problem), options_(options), structured_(std::make_unique<StructuredTimeSolver>()) {}

CharacteristicTimeSolver::~CharacteristicTimeSolver() = default;

bool CharacteristicTimeSolver::structured(std::span<const double> mu, std::span<const ArmFamily> families,
                                          const Decision& answer, CharacteristicTime& out) {
  const bool pairs = problem_.bipartite_pieces(answer, pieces_);
  double time = kInfinity;
  if (problem_.known_allocation(mu, families, answer, out.weights, time)) {
    out.value = time;
    out.iterations = 0;
    if (!std::isfinite(time)) {
      out.lower = out.upper = 0.0;
      out.method = "no strict answer";
      return true;
    }
    // The best arm of one exponential family (Garivier & Kaufmann's solver, a star) or a
    // closed form (thresholds: the mixture q_a proportional to 1/d(mu_a, tau) equalizes every
    // arm's cost at 1/T*, so the bounds are equal by construction).
    out.method = pairs ? "Garivier & Kaufmann's Theorem 5 (one exponential family)" : "closed form";
    out.lower = out.upper = 1.0 / time;
    if (options_.certify) {
      problem_.best_response(out.weights, mu, families, answer, response_);
      out.lower = response_.value;
      if (pairs) out.upper = StructuredTimeSolver::star_upper_bound(out.weights, mu, families, pieces_);
    }
    return true;
  }
  if (!pairs || !structured_->solve(mu, families, pieces_, options_.relative_gap, out)) return false;
  if (!std::isfinite(out.value)) {  // no strict answer
    out.lower = out.upper = 0.0;
    return true;
  }
  problem_.best_response(out.weights, mu, families, answer, response_);
  out.lower = response_.value;
  if (!(out.lower > 0.0) || !std::isfinite(out.lower)) return false;
  out.value = 1.0 / out.lower;
  out.upper = std::max(out.upper, out.lower);
  return true;
}

double CharacteristicTimeSolver::time_bound(std::span<const double> mu, std::span<const ArmFamily> families,
                                            const Decision& answer) {
  if (!options_.structure || answer.arms.size() != 1 || !problem_.bipartite_pieces(answer, pieces_) ||
      pieces_.inside.size() != 1)
    return 0.0;
  return StructuredTimeSolver::star_time_bound(mu, families, pieces_);
}

const CharacteristicTime& CharacteristicTimeSolver::solve_for(std::span<const double> mu,
                                                              std::span<const ArmFamily> families,
                                                              const Decision& answer) {
  CharacteristicTime& out = result_;
  out.answer = answer;
  if (!options_.structure || !structured(mu, families, answer, out)) {
    if (mu.size() <= options_.cutting_plane_arms) {
      cutting_planes(mu, families, answer, out);
    } else {
      out.weights.assign(mu.size(), 1.0 / static_cast<double>(mu.size()));
      out.value = std::numeric_limits<double>::quiet_NaN();
      out.lower = out.upper = 0.0;
      out.iterations = 0;
      out.method = "not solved: no structured solver for this alternative, and the cutting planes stop at " +
                   std::to_string(options_.cutting_plane_arms) + " arms";
    }
  }
  warm_ = out.weights;
  return out;
}

const CharacteristicTime& CharacteristicTimeSolver::solve(std::span<const double> mu,
                                                          std::span<const ArmFamily> families) {
  problem_.correct_answers(mu, answers_);
  if (answers_.size() == 1) return solve_for(mu, families, answers_.front());
  // Several correct answers (epsilon-good, "any arm above tau"): the least T*, the answers in
  // the order of a cheap lower bound on theirs, stopping at the first bound above the best.
  order_.clear();
  for (std::size_t n = 0; n < answers_.size(); ++n) order_.emplace_back(time_bound(mu, families, answers_[n]), n);
  std::stable_sort(order_.begin(), order_.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  bool any = false;
  for (const auto& [bound, n] : order_) {
    if (any && bound >= candidate_.value) break;
    warm_.clear();
    solve_for(mu, families, answers_[n]);
    if (!any || result_.value < candidate_.value) candidate_ = result_;
    any = true;
  }
  result_ = candidate_;
  warm_ = result_.weights;
  return result_;
}

CharacteristicTime characteristic_time(const IdentificationProblem& problem, std::span<const double> mu,
                                       std::span<const ArmFamily> families, CharacteristicTimeOptions options) {
  CharacteristicTimeSolver solver(problem, options);
  return solver.solve(mu, families);
}

}  // namespace cpex::numerics
