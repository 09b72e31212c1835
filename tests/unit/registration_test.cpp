// The registration helpers of cpex/registration.hpp fill every field of an entry, and
// `top-k` / `matroid-uniform` are one oracle under two names (same capabilities and keys,
// different defaults, the same answers).
#include <catch2/catch.hpp>

#include "cpex/registration.hpp"
#include "test_support.hpp"

using namespace cpex;

namespace {

class Idle final : public Algorithm {
 public:
  explicit Idle(const ParamValues&) {}
  void start(const AlgorithmContext&) override {}
  bool next(Action&) override { return false; }
  void observe(const Action&, const Observation&) override {}
  Recommendation recommend() const override { return {}; }
  std::vector<std::pair<std::string, ParamValue>> resolved() const override { return {}; }
};

std::unique_ptr<Environment> no_environment(const ParamValues&, const RunSeed&) { return nullptr; }

}  // namespace

TEST_CASE("The registration helpers fill name, summary, schema, factory and the kind's field",
          "[unit][registration]") {
  Registry registry;
  register_algorithm<Idle>(registry, {"idle", "does nothing"},
                           {.feedback = {FeedbackKind::LinearArm}, .oracles = {{"oracle", kSecondBest}}},
                           ParamSchema().real("delta", 0.1, Range::open(0.0, 1.0), "confidence"));
  register_oracle(registry, {"nothing", "no decisions"}, kQuadratic, {},
                  [](const ParamValues&) -> std::unique_ptr<Oracle> { return nullptr; });
  register_environment(registry, {"void", "no arms"}, FeedbackKind::FullBanditSum, {}, no_environment);
  const AlgorithmEntry* a = registry.algorithm("idle");
  REQUIRE(a);
  CHECK(a->summary == "does nothing");
  CHECK(a->needs.feedback == std::vector<FeedbackKind>{FeedbackKind::LinearArm});
  CHECK(a->needs.oracles.front().required == kSecondBest);
  CHECK_FALSE(a->needs.reads_truth);
  REQUIRE(a->schema.find("delta"));
  CHECK(a->create(ParamValues{}) != nullptr);
  const OracleEntry* o = registry.oracle("nothing");
  REQUIRE(o);
  CHECK(o->capabilities == kQuadratic);
  CHECK(o->create(ParamValues{}, OracleContext{}) == nullptr);
  const EnvironmentEntry* e = registry.environment("void");
  REQUIRE(e);
  CHECK(e->feedback == FeedbackKind::FullBanditSum);
  CHECK(e->summary == "no arms");
}

TEST_CASE("Registry::replace swaps an entry of the same name and kind only",
          "[unit][registration]") {
  Registry registry;
  registry.set_current_library("python:notebook.Idle");
  register_algorithm<Idle>(registry, {"idle", "first"}, {.feedback = {FeedbackKind::SingleArm}}, ParamSchema());
  AlgorithmEntry again;
  again.name = "idle";
  again.summary = "second";
  again.create = [](const ParamValues&) -> std::unique_ptr<Algorithm> { return std::make_unique<Idle>(ParamValues{}); };
  registry.replace(again);
  CHECK(registry.algorithm("idle")->summary == "second");
  CHECK(registry.algorithm("idle")->library == "python:notebook.Idle");
  registry.set_current_library("python:notebook.Renamed");
  registry.replace(again);
  CHECK(registry.algorithm("idle")->library == "python:notebook.Renamed");
  EnvironmentEntry environment;
  environment.name = "idle";
  environment.create = [](const ParamValues&, const EnvironmentContext&) -> std::unique_ptr<Environment> {
    return nullptr;
  };
  CHECK_THROWS_WITH(registry.replace(environment),
                    "cannot replace environment 'idle' of python:notebook.Renamed: an algorithm of that "
                    "name exists (library python:notebook.Renamed)");
  again.name = "unknown";
  CHECK_THROWS_WITH(registry.replace(again), Catch::Contains("no plugin has that name"));
}

TEST_CASE("top-k and matroid-uniform are one oracle with two names", "[unit][registration]") {
  const OracleEntry* top_k = test::plugins().oracle("top-k");
  const OracleEntry* uniform = test::plugins().oracle("matroid-uniform");
  REQUIRE(top_k);
  REQUIRE(uniform);
  CHECK(top_k->library == uniform->library);
  CHECK(top_k->capabilities == uniform->capabilities);
  REQUIRE(top_k->schema.specs().size() == uniform->schema.specs().size());
  CHECK(uniform->schema.find("k")->default_text() == "1");
  CHECK(uniform->schema.find("epsilon-rule")->default_text() == "sum");
  CHECK(top_k->schema.find("epsilon-rule")->default_text() == "per-arm");
  // The same answers: maximization, second best; epsilon judged on the sum for both when
  // asked, and malformed candidates refused.
  ParamValues p;
  p.set("k", std::int64_t{2});
  p.set("epsilon-rule", std::string("sum"));
  const auto a = top_k->create(p, OracleContext{});
  const auto b = uniform->create(p, OracleContext{});
  const std::vector<double> w = {0.3, 0.9, 0.1, 0.9, 0.5};
  Decision da, db, sa, sb;
  a->maximize(w, da);
  b->maximize(w, db);
  CHECK(da.arms == db.arms);
  CHECK(a->second_best(w, da, sa));
  CHECK(b->second_best(w, db, sb));
  CHECK(sa.arms == sb.arms);
  Decision duplicated;
  duplicated.arms = {1, 1};
  CHECK_FALSE(a->acceptable(w, da, duplicated, 10.0));
  CHECK_FALSE(b->acceptable(w, da, duplicated, 10.0));
}
