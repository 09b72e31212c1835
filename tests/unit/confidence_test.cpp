// The shared confidence radii against values computed by hand (independently, in Python,
// from the formulas of seed 004 Lemma 2.1 / §5 and Kalyanakrishnan et al. 2012).
#include <catch2/catch.hpp>

#include <cmath>

#include "cpex/numerics/confidence.hpp"

using namespace cpex::numerics;

TEST_CASE("LIL radius U(t, omega) with the experiments' +2", "[confidence]") {
  CHECK(lil_radius(10, 0.01, 0.0, 0.5) == Approx(0.5251383284123059).epsilon(1e-12));
  CHECK(lil_radius(1, 0.05, 0.01, 0.5) == Approx(1.3747211555824854).epsilon(1e-12));
  CHECK(lil_radius(1000, 0.001 / 3, 0.5, 1.0) == Approx(0.2956238783537652).epsilon(1e-12));
}

TEST_CASE("LIL radius shrinks with samples and grows with confidence", "[confidence]") {
  double previous = lil_radius(1, 0.01, 0.01, 0.5);
  for (int t = 2; t < 10000; t *= 2) {
    const double r = lil_radius(t, 0.01, 0.01, 0.5);
    CHECK(r < previous);
    previous = r;
  }
  CHECK(lil_radius(100, 0.001, 0.0, 0.5) > lil_radius(100, 0.01, 0.0, 0.5));
}

TEST_CASE("LIL failure constant c_epsilon", "[confidence]") {
  CHECK(lil_c_epsilon(0.01) == Approx(21153.39897535225).epsilon(1e-12));
  CHECK(lil_c_epsilon(0.5) == Approx(19.365993121615958).epsilon(1e-12));
}

TEST_CASE("LUCB1 exploration term and radius", "[confidence]") {
  // log(5/4 * 6 * 2^4 / 0.05) = log(2400)
  CHECK(lucb1_log_term(6, 2, 0.05) == Approx(7.783224016336037).epsilon(1e-12));
  CHECK(lucb1_radius(7, lucb1_log_term(6, 2, 0.05), 0.5) ==
        Approx(0.7456169073964398).epsilon(1e-12));
  // sigma = 1/2 gives the paper's sqrt(log(k1 n t^4 / delta) / (2u)).
  CHECK(lucb1_radius(3, 2.0, 0.5) == Approx(std::sqrt(2.0 / 6.0)).epsilon(1e-14));
}

TEST_CASE("Abbasi-Yadkori width of seed 002 eq. (3)", "[confidence]") {
  // R sqrt(2 log(det(A)^(1/2) det(lambda I)^(-1/2) / delta)) + sqrt(lambda) S
  CHECK(abbasi_yadkori_width(1.0, std::log(10.0), 2, 1.0, 0.05, 2.0) ==
        Approx(4.879939172986476).epsilon(1e-12));
  CHECK(abbasi_yadkori_width(0.5, std::log(50.0), 3, 2.0, 0.1, 1.5) ==
        Approx(3.3899565847391626).epsilon(1e-12));
}

TEST_CASE("Static width of Soare et al. (seed 002 Prop. 1)", "[confidence]") {
  CHECK(soare_static_width(1.0, 100, 36.0, 0.05) == Approx(11.060521246854702).epsilon(1e-12));
  CHECK(std::isinf(soare_static_width(1.0, 0, 36.0, 0.05)));
}

TEST_CASE("CLUCB's and COCI's exploration terms, with the LUCB1 radius", "[confidence]") {
  // log(4 * 5 * 7^3 / 0.1) = log(68600); log(4 * 9^3 / (2 * 0.05)) = log(29160)
  CHECK(clucb_log_term(5, 7, 0.1) == Approx(11.136047813713976).epsilon(1e-13));
  CHECK(coci_log_term(9, 2, 0.05) == Approx(10.280553186122594).epsilon(1e-13));
  // CLUCB: sigma sqrt(2 log(4 n t^3 / delta) / T); COCI: sqrt(log(4 t^3 / (tau delta)) / (2 T)),
  // the latter to the bit (sigma = 1/2 scales by powers of two only).
  CHECK(lucb1_radius(3, clucb_log_term(5, 7, 0.1), 0.7) ==
        Approx(0.7 * std::sqrt(2.0 * std::log(68600.0) / 3.0)).epsilon(1e-14));
  const double coci = std::sqrt(std::log(4.0 * 9 * 9 * 9 / (2 * 0.05)) / (2.0 * 4.0));
  CHECK(lucb1_radius(4, coci_log_term(9, 2, 0.05), 0.5) == coci);
}

TEST_CASE("The union-bound log term and the static width from a logarithm", "[confidence]") {
  const double pi = 3.14159265358979323846;
  // log(6 * 100^2 * 36 / (pi^2 * 0.05)), the term of soare_static_width(1, 100, 36, 0.05)
  CHECK(static_log_term(100, std::log(36.0), 0.05) ==
        Approx(std::log(6.0 * 1e4 * 36.0 / (pi * pi * 0.05))).epsilon(1e-13));
  CHECK(std::isinf(static_log_term(0, 1.0, 0.05)));
  // K = C(1000, 500) ~ 2.7e299: 6 t^2 K overflows a double; its logarithm does not.
  const double log_k = std::lgamma(1001.0) - 2.0 * std::lgamma(501.0);
  const double width = soare_static_width_from_log(2.0, 1'000'000, log_k, 0.05);
  CHECK(std::isfinite(width));
  CHECK(width == Approx(4.0 * std::sqrt(2.0 * (std::log(6.0 / (pi * pi)) + 2.0 * std::log(1e6) + log_k -
                                               std::log(0.05))))
                     .epsilon(1e-13));
  CHECK(std::isinf(soare_static_width_from_log(1.0, 1, 0.0, 0.9)));
}
