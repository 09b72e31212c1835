// What `cpex study status` (and GET /status, Study.status()) reports, in one struct: where
// the study is, the data per arm, the algorithm's answer and what backs it. The certificate
// has three honest parts (docs/studies.md, "What the certificate means"): the algorithm's
// own stop by its rule at its delta (its internal statistic is not observable from
// outside — the values it emits through its trace hook are shown as it reported them);
// an independent GLR check computed here from the observations alone, where the declared
// family allows one; and a plug-in estimate of the samples still needed (T*). The
// identification block (GlrCheck, the T* fields) is computed in one function,
// identification_check(), meant to be replaced by the generic identification problem of
// the numerics library when it lands.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cpex/study/driver.hpp"
#include "cpex/study/study_spec.hpp"

namespace cpex::inline runtime::study {

struct ArmStatus {
  std::string name;
  std::uint64_t asked = 0;     // pulls handed out that include the arm (not cancelled)
  std::uint64_t pending = 0;   // of those, not yet observed
  std::uint64_t observed = 0;  // observations of the arm (asked or not, late included)
  std::uint64_t used = 0;      // observations the algorithm has used
  // Mean of the observations with a 95% interval for this arm alone (not simultaneous, not a
  // stopping rule): gaussian z sigma / sqrt(n); bernoulli Clopper-Pearson; bounded Hoeffding.
  // NaN without observations, or with full-bandit-sum feedback (no per-arm observation).
  // NaN with multi-objective feedback, whose arms have one mean per objective:
  double mean = 0.0, lower = 0.0, upper = 0.0;
  // multi-objective feedback: per objective (in [study] objectives' order), the same mean and
  // interval; empty otherwise.
  struct Objective {
    double mean = 0.0, lower = 0.0, upper = 0.0;
  };
  std::vector<Objective> objectives;
};

// The independent check of the empirical answer by the generalized likelihood ratio of the
// identification problem the pipeline poses (its oracle's query on the declared family:
// best arm, top-m, thresholds, epsilon-good, the Pareto set of vector-valued arms, ...):
// every piece p of the alternative must have Z_p(t) > beta_p(t, delta) for a threshold valid
// for any sampling rule at any time — Garivier & Kaufmann (2016)'s Theorem 10,
// log(2 t N / delta) with N pieces, when every piece moves at most two one-dimensional arms
// (the best arm: log(2 t (K - 1) / delta)); else Kaufmann & Koolen (2021)'s kk2021 for a
// piece moving s values (arms times objectives). docs/studies.md, "What the certificate means".
struct GlrCheck {
  bool defined = false;
  std::string why_not;          // when not defined
  std::string best;             // the empirical answer (a best arm; a set's arms ", "-separated)
  std::string challenger;       // the arms the binding piece moves besides the answer's (the
                                // best arm's challenger; the dominated arm nearest the Pareto
                                // set), else all it moves (a threshold's arm)
  double statistic = 0.0;       // Z_p(t) of the binding piece: the one of least Z_p - beta_p
  double threshold = 0.0;       // its beta_p(t, delta)
  bool passed = false;          // every piece's Z_p > beta_p
  std::string rule;             // the threshold, in words
};

// An ask the algorithm's next step waits for (docs/studies.md, "Status").
struct AwaitedAsk {
  std::uint64_t ask = 0;
  std::string pull;             // its arm, or a super arm's members "a,c"
  double asked_at = 0.0;        // when it was handed out (Unix seconds)
};

struct StudyStatus {
  std::vector<std::string> objectives;  // multi-objective feedback: the objectives' names
  std::string state;            // running, waiting, stopped, budget, capped
  std::string waiting_why;      // state waiting: why no pull can be asked now
  std::vector<AwaitedAsk> waiting_for;  // the asks the algorithm's next step waits for
  std::size_t awaited_total = 0;        // how many (waiting_for lists the oldest 20)
  std::string policy;           // queue or pending (batches and delays)
  std::string algorithm;
  std::uint64_t asks = 0, samples = 0, used = 0, pending = 0, observations = 0, late = 0;
  std::uint64_t voided = 0, timed_out = 0;  // observations voided; pulls cancelled by the pending-timeout
  double pending_timeout = 0.0;             // seconds; 0: off
  std::vector<ArmStatus> arms;
  bool has_recommendation = false;
  std::string recommendation;   // arm names separated by ", " (and values after " | ")
  double epsilon = 0.0;
  std::optional<double> delta;  // the algorithm's `delta`, when it has one
  std::optional<std::int64_t> budget;
  std::vector<std::pair<std::string, double>> reported;  // the algorithm's last trace values
  GlrCheck glr;
  std::optional<double> t_star;          // T*(mu-hat), plug-in
  std::optional<double> t_star_samples;  // T*(mu-hat) log(1/delta): the lower bound's leading term
  std::optional<double> more_samples;    // max(0, that - observations)
  // What backs the recommendation: "certified" (stopped at delta, and the independent GLR
  // check passes: the data alone reject every other answer at level delta), "algorithm"
  // (stopped by the algorithm's own rule at delta, not confirmed independently), "none"
  // (running, capped, or a fixed budget: no delta certificate); and the sentence saying so.
  std::string certificate = "none";
  std::string certificate_text;
};

// What a status is computed with besides the driver.
struct StatusContext {
  const StudyLimits* limits = nullptr;
  const std::vector<double>* ask_times = nullptr;  // per ask (number - 1), Unix seconds
  const std::vector<std::string>* objectives = nullptr;  // [study] objectives (multi-objective)
  std::uint64_t voided = 0, timed_out = 0;
};

StudyStatus study_status(const Driver& driver, const std::vector<std::string>& arms, const StatusContext& context);

// Why no pull can be asked now ("" when one can): the study ended, the pending-limit, the
// algorithm waiting for observations, or the budget or cap held by pending pulls.
std::string no_pull_reason(const Driver& driver, const StudyLimits& limits);

// A decision's arm names, separated by ", " (and its values after " | "): how status,
// simulate and every front end name a recommendation.
std::string decision_names(const Decision& decision, const std::vector<std::string>& names);

// The identification block of `status` from the per-arm data (see the file comment).
void identification_check(const Driver& driver, StudyStatus& status);

// The status as text, a few lines for a terminal (ages of pulls reckoned from the clock now).
std::string status_text(const StudyStatus& status);

}  // namespace cpex::runtime::study
