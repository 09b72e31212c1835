// The framework's binary interface version. A plugin records the version it was compiled
// against; the host refuses to register a plugin whose version differs.
#pragma once

namespace cpex {

// Bump whenever a public interface, value type or registry entry changes layout.
// 2: Oracle::ground_set_size / second_best / maximize_quadratic; factories take an
//    OracleContext / EnvironmentContext; Problem::parameter.
// 3: Oracle::is_optimal (the `optimal` verdict).
// 4: AlgorithmContext::budget, AlgorithmNeeds::settings / anytime (fixed-budget setting).
// 5: Problem::rewards (RewardModel), AlgorithmNeeds::rewards (RewardRequirement).
// 6: EntryInfo::version / PluginInfo::version (plugin identity in results).
// 7: RewardFamily Poisson / Exponential / GaussianUnknownVariance, Problem::arm_sigmas,
//    Environment::truth_variances, Oracle::query / exchanges / enumerate (identification
//    problems); Algorithm::propose, AlgorithmNeeds::batches (studies: batches and delayed
//    feedback).
// 8: ParamSpec::role, ParamSchema renamed keys (parameter roles: the run's target error,
//    accuracy, budget).
// 9: EntryInfo::source / PluginInfo::where (the registration's source file).
// 10: Problem::answers, Environment::answer_truth (transductive answer sets),
//     AlgorithmNeeds::transductive.
// 11: FeedbackKind::MultiObjective, Problem::objectives and Problem::prior (vector-valued
//     arms, Bayesian instances); Query::Kind Pareto / Constrained with Query::directions,
//     objective, bounds.
// 12: AlgorithmContext::anytime, the kAnytime setting (anytime runs, [run] checkpoints).
// 13: numerics::PieceVisitor::skip_above (a new virtual function: the pruned pair scans of
//     the GLR samplers), the TTTS challenger in the SDK (cpex/identification/ttts_challenger.hpp).
// 14: identification::GlrSampler's best-arm tree (numerics::BestArmTree; members of the SDK's
//     sampler base) and GlrSampler::closest_with_log_counts.
// 15: identification::OptimisticGains' kept gains, TttsChallenger's PosteriorDraws member
//     (SDK classes' layouts), RandomStream::normals.
// 16: TttsChallenger's kept terms (an SDK class's layout).
inline constexpr int kAbiVersion = 16;

// Names of the two symbols every plugin library exports (see plugin.hpp).
inline constexpr const char* kAbiSymbol = "cpex_abi_version";
inline constexpr const char* kRegisterSymbol = "cpex_register_plugins";

}  // namespace cpex
