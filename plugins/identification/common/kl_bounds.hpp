// KL confidence bounds of an arm of the identification families, for the optimistic parts of
// the GLR samplers (top-two's UCB leader, the optimistic gains of `game`):
//
//   upper = sup { q >= mean : q a mean of the family, count d(mean, q) <= level },
//   lower = inf { q <= mean : ...                                             },
//
// d = ArmFamily::kl (for Gaussian arms of unknown variance, the divergence with the arm's
// current variance estimate). Closed forms for Gaussian arms (mean +- sigma sqrt(2 level /
// count)) and unknown variances (mean +- s sqrt(exp(2 level / count) - 1)); a safeguarded
// Newton iteration otherwise, ending on the safe side. Private to these samplers until the KL
// bounds of the numerics library (numerics/kl_confidence.hpp, same signatures) reach this
// branch: then this file folds into that one.
#pragma once

#include "cpex/numerics/exponential_family.hpp"

namespace cpex::identification {

double kl_upper_bound(const numerics::ArmFamily& family, double mean, double count, double level);
double kl_lower_bound(const numerics::ArmFamily& family, double mean, double count, double level);

}  // namespace cpex::identification
