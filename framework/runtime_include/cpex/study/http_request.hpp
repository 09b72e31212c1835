// The HTTP/1.1 requests `cpex study serve` reads: the head (request line and headers) parsed
// from the start of a connection's buffer, with the limits that keep a client from making
// the server expensive (request line, header bytes and count, body length), and the query
// string. Only what a JSON API needs: bodies by Content-Length (no chunked uploads), no
// obsolete line folding. Every refusal is a status and one line (docs/studies.md, "HTTP").
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cpex::inline runtime::study::http {

struct RequestLimits {
  std::size_t request_line = 8192;   // longer: 414
  std::size_t header_bytes = 16384;  // the whole head; longer: 431
  std::size_t headers = 100;         // more: 431
  std::size_t body = 16u << 20;      // a longer Content-Length: 413
  std::string body_hint;             // where the body limit is set, for the 413's message
};

struct Request {
  std::string method, target;  // target: the path and query as sent
  std::string path;            // percent-decoded
  std::map<std::string, std::string> query;  // percent-decoded; a name given twice is refused
  int minor_version = 1;       // HTTP/1.x
  std::vector<std::pair<std::string, std::string>> headers;  // names lower-case, values trimmed
  std::size_t content_length = 0;
  std::string body;

  // The value of header `name` (lower-case), or null; a header given twice: the first.
  const std::string* header(std::string_view name) const;
  // Whether the connection stays open after the answer (HTTP/1.1 unless "Connection:
  // close"; HTTP/1.0 only with "Connection: keep-alive").
  bool keep_alive() const;
};

// What parse_head found at the start of a buffer.
struct Head {
  enum class Outcome { Incomplete, Complete, Refused };
  Outcome outcome = Outcome::Incomplete;
  Request request;          // Complete: everything but the body
  std::size_t size = 0;     // Complete: the head's bytes (the body follows)
  int status = 0;           // Refused: 400, 411, 413, 414, 431, 505
  std::string error;        // Refused: one line
};

// Parses the head at the start of `buffer` (leading empty lines are skipped). Incomplete
// until the blank line that ends it has arrived — unless the buffer already exceeds a
// limit, which refuses it at once.
Head parse_head(std::string_view buffer, const RequestLimits& limits);

// `text` with %XX decoded (and '+' as a space when `plus_is_space`); nullopt for a bad
// escape or a decoded control character.
std::optional<std::string> percent_decoded(std::string_view text, bool plus_is_space);

// The reason phrase of a status ("Not Found").
const char* reason_phrase(int status);

}  // namespace cpex::runtime::study::http
