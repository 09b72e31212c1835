// "Did you mean" with bounded work: the pruned search gives the same answer as
// a plain optimal-string-alignment search over every candidate, and a 16 MiB name gets no
// suggestion (and no table of 16 MiB x |candidate| cells).
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "cpex/suggest.hpp"

namespace {

// The reference: full OSA distance table, case-insensitive, every candidate compared.
std::size_t reference_distance(std::string a, std::string b) {
  for (auto* s : {&a, &b})
    for (char& c : *s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1,
                          d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

std::optional<std::string> reference_closest(const std::string& given,
                                             const std::vector<std::string>& known) {
  const std::size_t allowed = given.size() <= 4 ? 1 : given.size() <= 8 ? 2 : 3;
  std::optional<std::string> best;
  std::size_t best_distance = allowed + 1;
  for (const auto& name : known) {
    const std::size_t distance = reference_distance(given, name);
    if (distance < best_distance) {
      best_distance = distance;
      best = name;
    }
  }
  return best;
}

}  // namespace

TEST_CASE("closest_name agrees with the full distance table on random names", "[unit][suggest]") {
  std::mt19937 random(22);
  std::uniform_int_distribution<int> letter(0, 3), length(0, 12);
  auto word = [&](int n) {
    std::string w;
    for (int i = 0; i < n; ++i) w += static_cast<char>("abAB"[letter(random)]);
    return w;
  };
  int suggested = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    std::vector<std::string> known;
    for (int k = 0; k < 6; ++k) known.push_back(word(length(random)));
    const std::string given = word(length(random));
    const auto expected = reference_closest(given, known);
    INFO("given '" << given << "'");
    CHECK(cpex::closest_name(given, known) == expected);
    suggested += expected.has_value();
  }
  CHECK(suggested > 1000);  // the comparison covered many suggestions, not only misses
}

TEST_CASE("A name far longer than any candidate gets no suggestion", "[unit][suggest]") {
  const std::vector<std::string> known = {"lucb", "lil-ucb", "successive-rejects"};
  CHECK(cpex::did_you_mean("lubc", known) == " (did you mean 'lucb'?)");
  CHECK(cpex::did_you_mean("successive-reject", known) == " (did you mean 'successive-rejects'?)");
  CHECK(cpex::did_you_mean(std::string(16 << 20, 'x'), known).empty());
  // Long names are not suggested even when a candidate is equally long.
  const std::string long_name(300, 'y');
  CHECK_FALSE(cpex::closest_name(long_name, {long_name}).has_value());
  CHECK(cpex::closest_name(std::string(256, 'y'), {std::string(255, 'y')}) == std::string(255, 'y'));
}
