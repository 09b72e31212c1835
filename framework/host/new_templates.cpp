// The files `cpex new` writes, one template per kind and file, with @NAME@ (the plugin's
// name), @IDENT@ (a C++ identifier), @CLASS@ (a class name) and @KIND@ filled in by
// new_command.cpp. Each project builds unchanged against a CPEx build tree or install and
// passes `cpex check` (tested by tests/scaffold_plugin_test.sh).
#include <string>

#include "cpex/errors.hpp"

namespace cpex::host {

namespace {

const char* kCMake = R"TPL(# @NAME@: a CPEx @KIND@ plugin project (written by `cpex new @KIND@ @NAME@`).
#   cmake -S . -B build -DCMAKE_PREFIX_PATH=<CPEx install prefix>   (or -Dcpex_DIR=<CPEx build dir>)
#   cmake --build build          -> build/plugins/libcpex-@NAME@.so
#   ctest --test-dir build       -> `cpex check` on the library, and @NAME@.ini run once
#   cpex run @NAME@.ini --plugin-path build/plugins
cmake_minimum_required(VERSION 3.20)
project(@IDENT@ LANGUAGES CXX)
set(CMAKE_CXX_STANDARD 20)
set(CMAKE_CXX_STANDARD_REQUIRED ON)

# The CPEx package: the interface headers, libcpex and cpex_add_plugin (a shared library with
# hidden symbols, linked against libcpex and libcpex-numerics only, written to build/plugins).
find_package(cpex REQUIRED)
cpex_add_plugin(cpex-@NAME@ SOURCES @IDENT@.cpp)

# The test: the `cpex` program beside the package (build tree: <build>/bin, install:
# <prefix>/bin) and Catch2, if installed.
find_program(CPEX_EXECUTABLE cpex HINTS "${cpex_DIR}/bin" "${cpex_DIR}/../../../bin" NO_DEFAULT_PATH)
find_program(CPEX_EXECUTABLE cpex)
find_package(Catch2 2 QUIET)
if(Catch2_FOUND AND CPEX_EXECUTABLE)
  enable_testing()
  add_executable(test-@NAME@ test_@IDENT@.cpp)
  target_link_libraries(test-@NAME@ PRIVATE Catch2::Catch2)
  target_compile_definitions(test-@NAME@ PRIVATE
    CPEX_EXECUTABLE="${CPEX_EXECUTABLE}"
    PLUGIN_LIBRARY="$<TARGET_FILE:cpex-@NAME@>"
    PLUGIN_DIR="$<TARGET_FILE_DIR:cpex-@NAME@>"
    PIPELINE="${CMAKE_CURRENT_SOURCE_DIR}/@NAME@.ini")
  add_dependencies(test-@NAME@ cpex-@NAME@)
  add_test(NAME test-@NAME@ COMMAND test-@NAME@)
else()
  message(STATUS "@NAME@: no Catch2 or no cpex program found, so no test (cpex check still works)")
endif()
)TPL";

const char* kTest = R"TPL(// Tests of @NAME@: the CPEx conformance harness (`cpex check --quick` on the built
// library: every check must pass) and its pipeline, @NAME@.ini, run end to end.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>
#include <sys/wait.h>

namespace {

struct Result {
  int status = -1;
  std::string output;  // stdout and stderr
};

Result run(const std::string& arguments) {
  Result r;
  FILE* pipe = popen((std::string(CPEX_EXECUTABLE) + " " + arguments + " 2>&1").c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) r.output.append(buffer, n);
  const int status = pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

}  // namespace

TEST_CASE("@NAME@ passes cpex check") {
  const Result r = run("check " PLUGIN_LIBRARY " --quick");
  INFO(r.output);  // the table of checks
  CHECK(r.status == 0);
}

TEST_CASE("@NAME@.ini runs") {
  const Result r = run("run " PIPELINE " --plugin-path " PLUGIN_DIR " --json --quiet");
  INFO(r.output);
  CHECK(r.status == 0);
  CHECK(r.output.find("\"errors\": 0") != std::string::npos);
}
)TPL";

const char* kReadme = R"TPL(# @NAME@

A CPEx @KIND@ plugin, written by `cpex new @KIND@ @NAME@`. Build, check, run:

    cmake -S . -B build -DCMAKE_PREFIX_PATH=<CPEx install prefix>   # or -Dcpex_DIR=<CPEx build dir>
    cmake --build build
    ctest --test-dir build                         # cpex check + the pipeline
    cpex check build/plugins/libcpex-@NAME@.so      # the table of conformance checks
    cpex run @NAME@.ini --plugin-path build/plugins

Race it against the built-ins with a `[sweep]` axis over the plugin (see CPEx's
docs/plugin-authoring.md). Bump `version` in the registration when the plugin's behaviour
changes: results stores record each plugin's version and a hash of its library.
)TPL";

// ---- algorithm ----
const char* kAlgorithmSource = R"TPL(// @NAME@: a CPEx algorithm plugin (written by `cpex new algorithm @NAME@`). It identifies
// the k arms of largest mean with probability at least 1 - delta: it samples the arms in
// turn and stops once the k best lower confidence bounds clear every other upper bound,
// with the anytime radius  sigma sqrt(2 log(4 n t^2 / delta) / t)  after t samples of an arm
// (a union bound over arms and sample counts). Replace the sampling and stopping rules with
// your own; `cpex check` tells you whether the result is still delta-correct.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "cpex/algorithm.hpp"     // Algorithm, AlgorithmContext, Action, Observation, Recommendation
#include "cpex/capabilities.hpp"  // FeedbackKind, oracle capability flags (kCardinality, ...)
#include "cpex/errors.hpp"        // ParameterError: a bad parameter, reported as one line
#include "cpex/plugin.hpp"        // CPEX_PLUGIN: the library's entry point and ABI version
#include "cpex/registration.hpp"  // register_algorithm

namespace {

class @CLASS@ final : public cpex::Algorithm {
 public:
  explicit @CLASS@(double delta) : delta_(delta) {}

  // Once per run, before the first next(): the public problem (number of arms, the noise's
  // sub-Gaussian constant sigma), the oracles of the roles declared at registration
  // (oracles[0] is [oracle], the decision class) and this run's random stream
  // (context.rng: use it, never a generator of your own, so runs are reproducible and do not
  // depend on the thread that runs them). Throw ParameterError for a parameter that does
  // not fit the problem.
  void start(const cpex::AlgorithmContext& context) override {
    arms_ = context.problem->num_arms;
    sigma_ = context.problem->noise_sigma;
    k_ = context.oracles.front()->decision_size();
    if (k_ == 0 || k_ >= arms_) throw cpex::ParameterError("delta", "@NAME@ needs 0 < k < number of arms");
    sums_.assign(arms_, 0.0);
    counts_.assign(arms_, 0);
    pulls_ = 0;
  }

  // Before every sample: return false to stop (the run ends "by its own rule"), or write
  // the arm to pull into `action` and return true. Keep it cheap: it runs once per sample.
  bool next(cpex::Action& action) override {
    if (pulls_ >= arms_ && separated()) return false;
    action.arm = pulls_ % arms_;
    return true;
  }

  // After every sample: the reward of the arm just proposed.
  void observe(const cpex::Action& action, const cpex::Observation& observation) override {
    sums_[action.arm] += observation.reward;
    ++counts_[action.arm];
    ++pulls_;
  }

  // When the run ends (or is capped at max-samples): the answer, a decision of the class
  // (here: the k arms of largest empirical mean, sorted). The framework judges it against
  // the truth; the algorithm never sees the truth.
  cpex::Recommendation recommend() const override {
    cpex::Recommendation answer;
    answer.decision.arms = ranked();
    answer.decision.arms.resize(k_);
    std::sort(answer.decision.arms.begin(), answer.decision.arms.end());
    return answer;
  }

  // The parameters as used, for the results' `resolved` column.
  std::vector<std::pair<std::string, cpex::ParamValue>> resolved() const override { return {{"delta", delta_}}; }

 private:
  double mean(std::size_t i) const { return counts_[i] ? sums_[i] / static_cast<double>(counts_[i]) : 0.0; }
  double radius(std::size_t i) const {
    const double t = static_cast<double>(counts_[i]);
    return sigma_ * std::sqrt(2.0 * std::log(4.0 * static_cast<double>(arms_) * t * t / delta_) / t);
  }
  std::vector<std::size_t> ranked() const {
    std::vector<std::size_t> order(arms_);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return mean(a) > mean(b); });
    return order;
  }
  bool separated() const {
    const auto order = ranked();
    double lowest_top = INFINITY, highest_rest = -INFINITY;
    for (std::size_t j = 0; j < arms_; ++j) {
      const std::size_t i = order[j];
      if (j < k_) lowest_top = std::min(lowest_top, mean(i) - radius(i));
      else highest_rest = std::max(highest_rest, mean(i) + radius(i));
    }
    return lowest_top > highest_rest;
  }

  double delta_, sigma_ = 1.0;
  std::size_t arms_ = 0, k_ = 0;
  std::uint64_t pulls_ = 0;
  std::vector<double> sums_;
  std::vector<std::uint64_t> counts_;
};

// Called by the host when it loads the library: add the plugin to the registry with its
// name, one-line summary and version (recorded in results stores; bump it when behaviour
// changes), what it needs (feedback kinds; per oracle role the capabilities it calls: it
// picks the k best arms itself, so the class must be "every k-subset", kCardinality), and
// its parameter schema (every parameter: a default, a range and a description; the host
// checks types and ranges before any run).
void register_@IDENT@(cpex::Registry& registry) {
  cpex::register_algorithm(
      registry, {"@NAME@", "uniform sampling with an anytime union-bound stopping rule (top-k)", "0.1"},
      {.feedback = {cpex::FeedbackKind::SingleArm}, .oracles = {{"oracle", cpex::kCardinality}}},
      cpex::ParamSchema().target_error(0.05, "confidence: the answer is wrong with probability at most delta"),
      [](const cpex::ParamValues& p) -> std::unique_ptr<cpex::Algorithm> {
        return std::make_unique<@CLASS@>(p.real("delta"));
      });
}

}  // namespace

CPEX_PLUGIN(register_@IDENT@)
)TPL";

const char* kAlgorithmPipeline = R"TPL(# @NAME@ on six Gaussian arms, top 2 (written by `cpex new algorithm @NAME@`).
#   cpex run @NAME@.ini --plugin-path build/plugins
# Race it against the built-ins: uncomment the [sweep] section and use `cpex sweep`.
[environment]
plugin = gaussian
means  = 0.5, 0.45, 0.3, 0.2, 0.1, 0.0
sigma  = 0.5

[oracle]
plugin = top-k
k      = 2

[algorithm]
plugin = @NAME@
delta  = 0.05

[run]
seed        = 1
repetitions = 20

# [sweep]
# axis = algorithm.plugin = @NAME@, lucb
)TPL";

// ---- oracle ----
const char* kOracleSource = R"TPL(// @NAME@: a CPEx oracle plugin (written by `cpex new oracle @NAME@`). Its decision class is
// every set of k arms: maximize() returns the k arms of largest weight, second_best() the
// best k-set other than a given one. Replace the class with your own (paths, matchings,
// matroid bases, ...); `cpex check` compares every answer with brute force on random weights
// with ties and negative values.
#include <algorithm>
#include <numeric>
#include <vector>

#include "cpex/capabilities.hpp"  // kLinearMaximization, kSecondBest, kCardinality
#include "cpex/errors.hpp"        // ParameterError
#include "cpex/oracle.hpp"        // Oracle, Decision, Problem
#include "cpex/plugin.hpp"        // CPEX_PLUGIN
#include "cpex/registration.hpp"  // register_oracle

namespace {

class @CLASS@ final : public cpex::Oracle {
 public:
  explicit @CLASS@(std::size_t k) : k_(k) {}

  // Once per run, with the public problem: check that the class fits it.
  void bind(const cpex::Problem& problem) override {
    if (k_ >= problem.num_arms)
      throw cpex::ParameterError("k", "must be less than the number of arms (" + std::to_string(problem.num_arms) + ")");
  }

  // The size of every decision (0 if decisions have no fixed size).
  std::size_t decision_size() const override { return k_; }

  // argmax over the class of the sum of the members' weights. Ties must be broken the same
  // way every time (here: the lower arm index first); `out.arms` sorted ascending.
  void maximize(std::span<const double> weights, cpex::Decision& out) const override {
    std::vector<std::size_t> order(weights.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return weights[a] > weights[b]; });
    out.values.clear();
    out.arms.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k_));
    std::sort(out.arms.begin(), out.arms.end());
  }

  // The best decision other than `excluded` (declared by kSecondBest): the optimum if it
  // differs, else the best single exchange of a member for a non-member.
  bool second_best(std::span<const double> weights, const cpex::Decision& excluded, cpex::Decision& out) const override {
    maximize(weights, out);
    if (out.arms != excluded.arms) return true;
    if (k_ == weights.size()) return false;
    const cpex::Decision best = out;
    double top = -INFINITY;
    for (std::size_t in : best.arms)
      for (std::size_t other = 0; other < weights.size(); ++other) {
        if (std::binary_search(best.arms.begin(), best.arms.end(), other)) continue;
        const double change = weights[other] - weights[in];
        if (change > top) {
          top = change;
          out.arms = best.arms;
          std::replace(out.arms.begin(), out.arms.end(), in, other);
          std::sort(out.arms.begin(), out.arms.end());
        }
      }
    return true;
  }

 private:
  std::size_t k_;
};

// Called by the host when it loads the library: name, summary, version (recorded in results
// stores), the capabilities it offers (algorithms ask for them per oracle role) and the
// parameter schema (default, range, description for every parameter).
void register_@IDENT@(cpex::Registry& registry) {
  cpex::register_oracle(
      registry, {"@NAME@", "every set of k arms (linear maximization, second best)", "0.1"},
      cpex::kLinearMaximization | cpex::kSecondBest | cpex::kCardinality,
      cpex::ParamSchema().integer("k", 2, cpex::Range::at_least(1), "size of every decision"),
      std::function<std::unique_ptr<cpex::Oracle>(const cpex::ParamValues&)>(
          [](const cpex::ParamValues& p) -> std::unique_ptr<cpex::Oracle> {
            return std::make_unique<@CLASS@>(static_cast<std::size_t>(p.integer("k")));
          }));
}

}  // namespace

CPEX_PLUGIN(register_@IDENT@)
)TPL";

// ---- environment ----
const char* kEnvironmentSource = R"TPL(// @NAME@: a CPEx environment plugin (written by `cpex new environment @NAME@`): arms with
// given means and Gaussian noise of a common sigma. Replace the reward model with your own;
// `cpex check` tests that one seed gives the same draws, that empirical means converge to
// truth() and that rewards stay in the declared range.
#include <memory>
#include <vector>

#include "cpex/capabilities.hpp"  // FeedbackKind
#include "cpex/environment.hpp"   // Environment, Problem, Action, Observation
#include "cpex/errors.hpp"        // ParameterError
#include "cpex/plugin.hpp"        // CPEX_PLUGIN
#include "cpex/random.hpp"        // RunSeed, RandomStream, arm_noise_streams
#include "cpex/registration.hpp"  // register_environment

namespace {

class @CLASS@ final : public cpex::Environment {
 public:
  // Built once per run from the parameters and the run's seed: every random draw comes from
  // streams of that seed (one per arm here), so a run is the same on any thread and machine.
  @CLASS@(std::vector<double> means, double sigma, const cpex::RunSeed& seed) : means_(std::move(means)), sigma_(sigma) {
    if (means_.size() < 2) throw cpex::ParameterError("means", "needs at least 2 arms");
    problem_.feedback = cpex::FeedbackKind::SingleArm;
    problem_.num_arms = means_.size();
    problem_.noise_sigma = sigma_;                         // what algorithms may assume (R)
    problem_.rewards = cpex::RewardModel::gaussian();      // the family and range of a reward
    streams_ = cpex::arm_noise_streams(seed, means_.size());
  }

  // The public description algorithms see.
  const cpex::Problem& problem() const override { return problem_; }
  // The hidden truth (the arms' means): only the framework's judge (and declared oracle
  // baselines) read it.
  std::span<const double> truth() const override { return means_; }
  // One sample of the arm in `action`.
  void pull(const cpex::Action& action, cpex::Observation& out) override {
    out.reward = means_[action.arm] + sigma_ * streams_[action.arm].normal();
  }
  // The parameters as used, for the results' `resolved` column.
  std::vector<std::pair<std::string, cpex::ParamValue>> resolved() const override { return {{"sigma", sigma_}}; }

 private:
  std::vector<double> means_;
  double sigma_;
  cpex::Problem problem_;
  std::vector<cpex::RandomStream> streams_;
};

std::unique_ptr<cpex::Environment> make_@IDENT@(const cpex::ParamValues& p, const cpex::RunSeed& seed) {
  return std::make_unique<@CLASS@>(p.reals("means"), p.real("sigma"), seed);
}

// Called by the host when it loads the library: name, summary, version (recorded in results
// stores), the feedback kind it gives and the parameter schema (range and description for
// every parameter).
void register_@IDENT@(cpex::Registry& registry) {
  cpex::register_environment(
      registry, {"@NAME@", "arms with given means and Gaussian noise", "0.1"}, cpex::FeedbackKind::SingleArm,
      cpex::ParamSchema()
          .real_list("means", cpex::Range::closed(-1e6, 1e6), "mean reward of each arm (at least 2)")
          .real("sigma", 1.0, cpex::Range::greater_than(0.0), "standard deviation of the noise"),
      make_@IDENT@);
}

}  // namespace

CPEX_PLUGIN(register_@IDENT@)
)TPL";

// The pipeline of an oracle or environment scaffold: the built-in lucb with the new plugin
// in its section (@ENVIRONMENT@ / @ORACLE@ are the new plugin's name or the built-in's).
const char* kBuiltinLucbPipeline = R"TPL(# The built-in lucb @WITH@ @NAME@ (written by `cpex new @KIND@ @NAME@`).
#   cpex run @NAME@.ini --plugin-path build/plugins
[environment]
plugin = @ENVIRONMENT@
means  = 0.5, 0.45, 0.3, 0.2, 0.1, 0.0
sigma  = 0.5

[oracle]
plugin = @ORACLE@
k      = 2

[algorithm]
plugin = lucb
delta  = 0.05

[run]
seed        = 1
repetitions = 20
)TPL";

std::string builtin_lucb_pipeline(bool oracle) {
  std::string text = kBuiltinLucbPipeline;
  const auto put = [&text](const std::string& token, const std::string& value) {
    for (auto at = text.find(token); at != std::string::npos; at = text.find(token, at + value.size()))
      text.replace(at, token.size(), value);
  };
  put("@WITH@", oracle ? "with the oracle" : "on the environment");
  put("@ENVIRONMENT@", oracle ? "gaussian" : "@NAME@");
  put("@ORACLE@", oracle ? "@NAME@" : "top-k");
  return text;
}

}  // namespace

std::string scaffold_template(const std::string& kind, const std::string& file) {
  if (file == "CMakeLists.txt") return kCMake;
  if (file == "test") return kTest;
  if (file == "README.md") return kReadme;
  const bool source = file == "source";
  if (kind == "algorithm") return source ? kAlgorithmSource : kAlgorithmPipeline;
  if (kind == "oracle") return source ? kOracleSource : builtin_lucb_pipeline(true);
  if (kind == "environment") return source ? kEnvironmentSource : builtin_lucb_pipeline(false);
  throw Error("no template for " + kind + " " + file);
}

}  // namespace cpex::host
