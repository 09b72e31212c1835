// The one compiled copy of each dense decomposition on Eigen::MatrixXd (see the header).
#define CPEX_DENSE_DECOMPOSITIONS_DEFINITION
#include "cpex/numerics/dense_decompositions.hpp"

CPEX_DENSE_DECOMPOSITIONS()
