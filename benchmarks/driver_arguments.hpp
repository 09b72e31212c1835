// The command line of the callgrind cost drivers: `PROGRAM ALGORITHM NUMBER...` (N SAMPLES,
// or N K ROUNDS), read once for every driver.
#pragma once

#include <cstddef>
#include <iostream>
#include <string>
#include <vector>

namespace cpex::bench {

struct DriverArguments {
  std::string algorithm;
  std::vector<std::size_t> numbers;  // in the order of the usage line
};

// The arguments after the program's name: the algorithm and `count` whole numbers; false,
// with `usage` on stderr, when the count is off.
inline bool driver_arguments(int argc, char** argv, std::size_t count, const char* usage,
                             DriverArguments& out) {
  if (argc != static_cast<int>(count) + 2) {
    std::cerr << "usage: " << usage << '\n';
    return false;
  }
  out.algorithm = argv[1];
  for (std::size_t i = 0; i < count; ++i) out.numbers.push_back(static_cast<std::size_t>(std::stoull(argv[i + 2])));
  return true;
}

}  // namespace cpex::bench
