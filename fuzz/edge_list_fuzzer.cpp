// libFuzzer target: the edge-list parser of the graph oracles (`graph` files). Only
// cpex::Error may be thrown; a parsed list has vertex ids below its vertex count.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "cpex/data/edge_list.hpp"
#include "cpex/errors.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const cpex::data::EdgeList graph = cpex::data::parse_edge_list(text, "fuzz.edges", "graph");
    for (const auto& [u, v] : graph.edges)
      if (u >= graph.vertices || v >= graph.vertices || u == v) std::abort();
  } catch (const cpex::Error&) {
  }
  return 0;
}
