// Reading graphs from edge-list files: one edge per line, "u v" with 0-based vertex ids,
// blank lines and lines starting with '#' ignored. Edge i (the i-th edge line) is arm i of
// a graph oracle. Every error names the file and, for a bad line, its line number.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cpex::data {

// An undirected (or, for DAG oracles, directed u -> v) multigraph without self-loops.
struct EdgeList {
  std::size_t vertices = 0;  // largest vertex id + 1 (or the generator's vertex count)
  std::vector<std::pair<std::size_t, std::size_t>> edges;
};

// At most this many edges (one arm each: kMaxArms), and vertex ids below this bound (the
// oracles index per-call arrays by vertex id; a guard against a typo allocating gigabytes).
inline constexpr std::size_t kMaxEdgeListEdges = 1'000'000;
inline constexpr std::size_t kMaxEdgeListVertices = 1'000'000;

// The whole text of an edge-list file. This is the only step that touches the file
// system: a regular file of at most kMaxDataFileBytes (read_regular_file).
std::string read_edge_list_text(const std::string& path, const std::string& key);

// Parses an edge list. `source` names the text in messages ("file:LINE: ..."). Throws
// ParameterError(key, ...) for a non-numeric or out-of-range vertex id, a missing or extra
// token, a self-loop, or a file without edges.
EdgeList parse_edge_list(std::string_view text, const std::string& source,
                         const std::string& key);

// read_edge_list_text + parse_edge_list.
EdgeList read_edge_list(const std::string& path, const std::string& key);

}  // namespace cpex::data
