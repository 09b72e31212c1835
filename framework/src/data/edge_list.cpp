// Edge-list files: reading and parsing with line-numbered errors.
#include "cpex/data/edge_list.hpp"

#include <charconv>

#include "cpex/errors.hpp"
#include "cpex/input_file.hpp"

namespace cpex::data {

// Only a regular file, at most kMaxDataFileBytes (a FIFO or a device cannot block or
// stream forever).
std::string read_edge_list_text(const std::string& path, const std::string& key) {
  return read_regular_file(path, key);
}

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// Splits a line into whitespace-separated tokens.
std::vector<std::string_view> tokens_of(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) ++i;
    std::size_t j = i;
    while (j < line.size() && !is_space(line[j])) ++j;
    if (j > i) out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

}  // namespace

EdgeList parse_edge_list(std::string_view text, const std::string& source,
                         const std::string& key) {
  EdgeList graph;
  std::size_t line_number = 0;
  auto fail = [&](const std::string& what) -> ParameterError {
    return ParameterError(key, source + ":" + std::to_string(line_number) + ": " + what);
  };
  auto vertex = [&](std::string_view token) {
    std::size_t id = 0;
    const bool negative = !token.empty() && token.front() == '-';
    const auto [end, status] =
        std::from_chars(token.data() + (negative ? 1 : 0), token.data() + token.size(), id);
    const bool digits = end == token.data() + token.size() && token.size() > (negative ? 1u : 0u);
    if (!digits && status != std::errc::result_out_of_range)
      throw fail("vertex id '" + std::string(token) + "' is not a non-negative integer");
    if (negative || status == std::errc::result_out_of_range || id >= kMaxEdgeListVertices)
      throw fail("vertex id " + std::string(token) + " is out of range [0, " +
                 std::to_string(kMaxEdgeListVertices) + ")");
    return id;
  };
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++line_number;
    const auto tokens = tokens_of(line);
    if (tokens.empty() || tokens.front().front() == '#') continue;
    if (tokens.size() != 2)
      throw fail("expected an edge 'u v' (two vertex ids), got " + std::to_string(tokens.size()) +
                 " fields");
    const std::size_t u = vertex(tokens[0]), v = vertex(tokens[1]);
    if (u == v) throw fail("self-loop " + std::to_string(u) + " " + std::to_string(v));
    if (graph.edges.size() >= kMaxEdgeListEdges)
      throw fail("more than " + std::to_string(kMaxEdgeListEdges) + " edges (arms)");
    graph.edges.emplace_back(u, v);
    graph.vertices = std::max(graph.vertices, std::max(u, v) + 1);
  }
  if (graph.edges.empty()) throw ParameterError(key, source + ": the graph has no edges");
  return graph;
}

EdgeList read_edge_list(const std::string& path, const std::string& key) {
  return parse_edge_list(read_edge_list_text(path, key), path, key);
}

}  // namespace cpex::data
