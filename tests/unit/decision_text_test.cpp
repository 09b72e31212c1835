// The text of result rows: to_string(Decision), the recommendation of every row, and
// resolved_json, its resolved parameters. to_string(Decision) is written with
// std::to_chars; these tests pin it to the text the former std::ostringstream version
// printed (arms, then " |" and the values with precision 12), and resolved_json to its
// escapes, so stored results and reproductions do not change.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <sstream>

#include "cpex/problem.hpp"
#include "cpex/results/record_format.hpp"

namespace {

// The former implementation, kept here as the reference.
std::string stream_text(const cpex::Decision& decision) {
  std::ostringstream out;
  for (std::size_t i = 0; i < decision.arms.size(); ++i) out << (i ? " " : "") << decision.arms[i];
  if (!decision.values.empty()) {
    out << (decision.arms.empty() ? "|" : " |");
    out.precision(12);
    for (double v : decision.values) out << ' ' << v;
  }
  return out.str();
}

}  // namespace

TEST_CASE("decision text: arms and values as before", "[decision]") {
  using cpex::Decision;
  CHECK(cpex::to_string(Decision{}) == "");
  CHECK(cpex::to_string(Decision{{3}, {}}) == "3");
  CHECK(cpex::to_string(Decision{{0, 17, 4}, {}}) == "0 17 4");
  CHECK(cpex::to_string(Decision{{}, {0.5}}) == "| 0.5");
  CHECK(cpex::to_string(Decision{{1, 2}, {0.1, 1e-20, 123456789012345.0}}) ==
        "1 2 | 0.1 1e-20 1.23456789012e+14");
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<double> special = {0.0, -0.0, 1.0, -2.5, 1e300, 4.9e-324, inf, -inf,
                                       std::nan(""), 1.0 / 3.0, 100000000000.0, 1e12, 1e-5};
  const Decision edge{{std::numeric_limits<std::size_t>::max(), 0}, special};
  CHECK(cpex::to_string(edge) == stream_text(edge));

  std::mt19937_64 random(20);
  for (int trial = 0; trial < 2000; ++trial) {
    Decision d;
    const auto arms = random() % 6, values = random() % 4;
    for (std::uint64_t i = 0; i < arms; ++i) d.arms.push_back(random() >> (random() % 64));
    for (std::uint64_t i = 0; i < values; ++i) {
      const auto bits = random();
      double v = 0;
      std::memcpy(&v, &bits, sizeof v);
      if (trial % 2) v = std::ldexp(static_cast<double>(random() % 100000) - 50000.0, static_cast<int>(random() % 60) - 40);
      d.values.push_back(v);
    }
    INFO("trial " << trial);
    REQUIRE(cpex::to_string(d) == stream_text(d));
  }
}

TEST_CASE("resolved parameters as JSON: escapes and numbers", "[decision]") {
  using Values = std::vector<std::pair<std::string, cpex::ParamValue>>;
  CHECK(cpex::resolved_json({}) == "{}");
  const Values values = {
      {"delta", 0.05},
      {"rounds", std::int64_t{-3}},
      {"name \"q\"\\", std::string("a\tb\x01z\"")},
      {"list", std::vector<double>{1.5, std::numeric_limits<double>::infinity(), std::nan("")}},
      {"", std::string()}};
  CHECK(cpex::resolved_json(values) ==
        "{\"delta\":0.05,\"rounds\":-3,\"name \\\"q\\\"\\\\\":\"a\\u0009b\\u0001z\\\"\","
        "\"list\":[1.5,\"inf\",\"nan\"],\"\":\"\"}");
}
