// libFuzzer target: the CSV loaders of the linear environments, through their real
// factories. With CPEX_FUZZ_FEATURES the input is a `features-file` of `linear` (theta
// taken from the column count), otherwise a `file` of `linear-dataset`. The input is
// written to a file (read_regular_file reads files only). Only cpex::Error may be thrown;
// a built environment must have finite means.
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <fstream>
#include <string>

#include "cpex/errors.hpp"
#include "cpex/messages.hpp"
#include "linear_arms.hpp"

namespace {

std::string scratch_file() {
  static const std::string path = "/tmp/cpex-fuzz-" + std::to_string(::getpid()) + ".csv";
  return path;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string path = scratch_file();
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  cpex::ParamSchema schema;
  cpex::environments::add_noise_parameters(schema);
  cpex::ParamValues params;
  for (const auto& spec : schema.specs())
    if (spec.default_value) params.set(spec.name, *spec.default_value);
  const cpex::RunSeed seed{1, 0, 0};
  try {
    std::unique_ptr<cpex::Environment> environment;
#ifdef CPEX_FUZZ_FEATURES
    // Features: theta = (1, 0, ..., 0) of the header's width (at most 64).
    std::size_t columns = 1;
    for (std::size_t i = 0; i < size && data[i] != '\n'; ++i) columns += data[i] == ',';
    if (columns > 64) return 0;
    std::vector<double> theta(columns, 0.0);
    theta[0] = 1.0;
    params.set("generator", std::string("explicit"));
    params.set("d", std::int64_t{2});
    params.set("features-file", path);
    params.set("theta", theta);
    environment = cpex::environments::make_linear(params, seed);
#else
    params.set("file", path);
    params.set("standardize", std::string("yes"));
    params.set("intercept", std::string("yes"));
    params.set("ridge", 0.01);
    params.set("arms", std::int64_t{3});
    params.set("min-gap", 0.0);
    params.set("attempts", std::int64_t{20});
    params.set("noise", std::string("plus-minus-one"));
    environment = cpex::environments::make_linear_dataset(params, seed);
#endif
    for (double mean : environment->truth())
      if (!std::isfinite(mean)) __builtin_trap();
  } catch (const cpex::Error& e) {
    const std::string shown = cpex::printable_message(e.what());
    for (unsigned char c : shown)
      if (c < 0x20 || c == 0x7f) __builtin_trap();
  }
  return 0;
}
