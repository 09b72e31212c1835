// The LIL presets of the Best-K family against hand-computed values (computed
// independently in Python from seed 004 Thm 3.1 / Thm 4.1 and lil'UCB's bound).
#include <catch2/catch.hpp>

#include "cpex/errors.hpp"
#include "lil_presets.hpp"

using namespace cpex;
using namespace cpex::bestk;
using Catch::Matchers::Contains;

namespace {

ParamValues preset(const std::string& name, double nu) {
  ParamValues p;
  p.set("preset", name);
  p.set("delta", nu);  // the target error (the papers' nu)
  return p;
}

}  // namespace

TEST_CASE("Faithful delta solves each error bound for nu", "[presets]") {
  CHECK(faithful_delta(ErrorBound::CEpsDelta, 0.01, 0.01, 100) ==
        Approx(4.72737266084373e-07).epsilon(1e-12));
  CHECK(faithful_delta(ErrorBound::CEpsDeltaPowOverN, 0.01, 0.01, 100) ==
        Approx(5.715435734455435e-07).epsilon(1e-12));
  CHECK(faithful_delta(ErrorBound::LilUcb, 0.01, 0.01, 100) ==
        Approx(2.9399265634485286e-10).epsilon(1e-12));
}

TEST_CASE("Presets resolve epsilon and delta, and overrides win", "[presets]") {
  const LilSettings heuristic = resolve_lil(preset("heuristic", 0.01), ErrorBound::CEpsDelta, 10);
  CHECK(heuristic.epsilon == 0.0);
  CHECK(heuristic.delta == 0.01);
  // Seed 004 §5: delta = nu for lil'UCB too; nu/5 only under heuristic-jamieson.
  CHECK(resolve_lil(preset("heuristic", 0.01), ErrorBound::LilUcb, 10).delta == 0.01);
  CHECK(resolve_lil(preset("heuristic-jamieson", 0.01), ErrorBound::LilUcb, 10).delta == Approx(0.002));
  CHECK(resolve_lil(preset("heuristic-jamieson", 0.01), ErrorBound::CEpsDelta, 10).delta == 0.01);
  const LilSettings faithful = resolve_lil(preset("faithful", 0.01), ErrorBound::CEpsDelta, 10);
  CHECK(faithful.epsilon == kFaithfulEpsilon);
  CHECK(faithful.delta == Approx(4.72737266084373e-07).epsilon(1e-12));
  ParamValues overridden = preset("faithful", 0.01);
  overridden.set("lil-epsilon", 0.5);
  overridden.set("lil-delta", 0.001);
  const LilSettings o = resolve_lil(overridden, ErrorBound::CEpsDelta, 10);
  CHECK(o.epsilon == 0.5);
  CHECK(o.delta == 0.001);
  const auto described = describe(faithful);
  REQUIRE(described.size() == 4);
  CHECK(described[0].first == "preset");
  CHECK(std::get<std::string>(described[0].second) == "faithful");
  // The keys of the row's `resolved`: the target error is `delta`, as in every algorithm.
  CHECK(described[1].first == "delta");
  CHECK(std::get<double>(described[1].second) == 0.01);
  CHECK(described[2].first == "lil-epsilon");
  CHECK(described[3].first == "lil-delta");
}

TEST_CASE("The faithful preset refuses parameters outside Lemma 2.1", "[presets]") {
  ParamValues zero = preset("faithful", 0.01);
  zero.set("lil-epsilon", 0.0);
  CHECK_THROWS_WITH(resolve_lil(zero, ErrorBound::CEpsDelta, 10),
                    Contains("faithful preset needs lil-epsilon in (0, 1)"));
  const LilSettings s = resolve_lil(preset("faithful", 0.01), ErrorBound::CEpsDelta, 10);
  CHECK_NOTHROW(check_lemma_range(s, 0.0036));
  CHECK_THROWS_AS(check_lemma_range(s, 0.0037), ParameterError);  // log(1.01)/e = 0.0036605
  CHECK_THROWS_WITH(check_lemma_range(s, 0.5), Contains("(0, log(1+epsilon)/e)"));
  // The heuristic preset carries no guarantee and is not checked.
  CHECK_NOTHROW(check_lemma_range(resolve_lil(preset("heuristic", 0.5), ErrorBound::CEpsDelta, 2), 0.5));
}
