// Delta-correctness runs too long for the default suite (label `long`): exponential-gap at
// the paper's constants (sample-scale = 1, about a million samples per run), kl-lucb and
// kl-racing on the shared instances' top-2 (a gap of 0.1 at the second place), and
// kl-racing with the LUCB1 rate.
#include <catch2/catch.hpp>

#include "classic_support.hpp"

using cpex::test::check_correct;

TEST_CASE("exponential-gap is delta-correct at the paper's constants", "[classic][long]") {
  for (bool gaussian : {true, false}) check_correct("plugin = exponential-gap", gaussian, 1, 331);
}

TEST_CASE("kl-lucb and kl-racing are delta-correct for the top 2", "[classic][long]") {
  for (bool gaussian : {true, false}) {
    check_correct("plugin = kl-lucb", gaussian, 2, 303);
    check_correct("plugin = kl-racing", gaussian, 2, 313);
    check_correct("plugin = kl-racing\nrate = lucb1", gaussian, 1, 312);
  }
}
