// Parameter schemas: ranges, descriptions, defaults and typed getters.
#include <catch2/catch.hpp>

#include "cpex/errors.hpp"
#include "cpex/params.hpp"

using namespace cpex;

TEST_CASE("Ranges check open and closed ends", "[params]") {
  const Range open = Range::open(0, 1);
  CHECK_FALSE(open.contains(0));
  CHECK(open.contains(0.5));
  CHECK_FALSE(open.contains(1));
  CHECK(Range::closed(0, 1).contains(1));
  CHECK(Range::at_least(1).contains(1));
  CHECK_FALSE(Range::greater_than(0).contains(0));
  CHECK_FALSE(Range::any().contains(std::nan("")));
  CHECK(open.to_string() == "(0, 1)");
  CHECK(Range::at_least(1).to_string() == "[1, inf)");
}

TEST_CASE("Schemas describe what is allowed and refuse duplicate names", "[params]") {
  ParamSchema schema;
  schema.real("delta", 0.05, Range::open(0, 1), "confidence")
      .integer("k", 1, Range::at_least(1), "size")
      .choice("preset", "heuristic", {"faithful", "heuristic"}, "preset")
      .real_list("means", Range::any(), "means");
  CHECK(schema.find("delta")->allowed() == "a real number in (0, 1)");
  CHECK(schema.find("k")->allowed() == "an integer in [1, inf)");
  CHECK(schema.find("preset")->allowed() == "one of {faithful, heuristic}");
  CHECK(schema.find("means")->default_text() == "(required)");
  CHECK(schema.find("delta")->default_text() == "0.05");
  CHECK(schema.find("nope") == nullptr);
  CHECK_THROWS_AS(schema.real("k", 1.0, Range::any(), "again"), Error);
}

TEST_CASE("Parameter values are read by type", "[params]") {
  ParamValues values;
  values.set("delta", 0.1);
  values.set("k", std::int64_t{3});
  values.set("name", std::string("x"));
  values.set("means", std::vector<double>{1, 2});
  CHECK(values.real("delta") == 0.1);
  CHECK(values.real("k") == 3.0);  // integers widen to reals
  CHECK(values.integer("k") == 3);
  CHECK(values.text("name") == "x");
  CHECK(values.reals("means").size() == 2);
  CHECK_THROWS_AS(values.integer("delta"), Error);
  CHECK_THROWS_AS(values.real("missing"), Error);
  CHECK(to_string(ParamValue{std::vector<double>{0.5, 1}}) == "0.5,1");
}

TEST_CASE("Parameter roles: one parameter per role, of the right type, found by role", "[params]") {
  ParamSchema schema;
  schema.real("nu", 0.01, Range::open(0.0, 1.0), "target error")
      .role(ParamRole::Confidence)
      .real("delta", 0.05, Range::open(0.0, 1.0), "an internal confidence level")
      .real("slack", 0.0, Range::at_least(0.0), "accuracy")
      .role(ParamRole::Accuracy);
  REQUIRE(schema.find(ParamRole::Confidence));
  CHECK(schema.find(ParamRole::Confidence)->name == "nu");  // not the key spelled delta
  CHECK(schema.find(ParamRole::Accuracy)->name == "slack");
  CHECK(schema.find(ParamRole::Budget) == nullptr);
  CHECK(schema.find(ParamRole::None) == nullptr);
  CHECK_THROWS_WITH(ParamSchema(schema).real("eps", 0.1, Range::any(), "").role(ParamRole::Accuracy),
                    "parameters 'slack' and 'eps' both have the role accuracy");
  CHECK_THROWS_WITH(ParamSchema().text("name", "x", "").role(ParamRole::Confidence),
                    "parameter 'name' is a text, which cannot have the role confidence");
  CHECK_THROWS_WITH(ParamSchema().real("t", 1.0, Range::any(), "").role(ParamRole::Budget),
                    "parameter 't' is a real, which cannot have the role budget");

  ParamValues values;
  values.set("nu", 0.02);
  values.set("delta", 0.5);
  CHECK(value_of_role(schema, values, ParamRole::Confidence) == 0.02);
  CHECK_FALSE(value_of_role(schema, values, ParamRole::Accuracy));  // not set
  CHECK_FALSE(value_of_role(schema, values, ParamRole::Budget));    // no such parameter
}

TEST_CASE("Ranges read back from their text", "[params]") {
  for (const Range& r : {Range::any(), Range::open(0.0, 1.0), Range::closed(-2.5, 3.0), Range::at_least(1.0),
                         Range::greater_than(0.0), Range{std::nullopt, Bound{0.0, true}}})
    CHECK(Range::parse(r.to_string()) == r);
  CHECK(Range::parse(" [ 1 , inf ) ") == Range::at_least(1.0));
  CHECK(Range::parse("any") == Range::any());
  CHECK_THROWS_WITH(Range::parse("0 to 1"), Catch::Contains("expected an interval such as '(0, 1)'"));
  CHECK_THROWS_WITH(Range::parse("(1, 0)"), "range '(1, 0)' is empty");
  CHECK_THROWS_WITH(Range::parse("(0, x]"), Catch::Contains("range '(0, x]'"));
}
