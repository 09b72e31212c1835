// Parsing an HTTP/1.1 request head (http_request.hpp).
#include "cpex/study/http_request.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "cpex/messages.hpp"

namespace cpex::inline runtime::study::http {

namespace {

// RFC 9110 token characters (method and header names).
bool token_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.remove_suffix(1);
  return text;
}

Head refused(int status, std::string error) {
  Head head;
  head.outcome = Head::Outcome::Refused;
  head.status = status;
  head.error = std::move(error);
  return head;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// "a=1&b=x%20y": names and values decoded; an empty name or a name given twice refused.
std::optional<std::string> read_query(std::string_view text, std::map<std::string, std::string>& out) {
  while (!text.empty()) {
    const std::size_t amp = text.find('&');
    const std::string_view pair = text.substr(0, amp);
    text = amp == std::string_view::npos ? std::string_view() : text.substr(amp + 1);
    if (pair.empty()) continue;
    const std::size_t eq = pair.find('=');
    const auto name = percent_decoded(pair.substr(0, eq), true);
    const auto value = percent_decoded(eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1), true);
    if (!name || !value || name->empty()) return "a malformed query parameter '" + shorten(pair) + "'";
    if (!out.emplace(*name, *value).second) return "the query parameter '" + shorten(*name) + "' is given twice";
  }
  return std::nullopt;
}

}  // namespace

const std::string* Request::header(std::string_view name) const {
  for (const auto& [key, value] : headers)
    if (key == name) return &value;
  return nullptr;
}

bool Request::keep_alive() const {
  const std::string* connection = header("connection");
  const std::string value = connection ? lower(*connection) : "";
  auto has = [&](std::string_view option) {
    std::size_t start = 0;
    while (start <= value.size()) {
      const std::size_t comma = value.find(',', start);
      if (trimmed(std::string_view(value).substr(start, comma - start)) == option) return true;
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    return false;
  };
  if (has("close")) return false;
  return minor_version >= 1 || has("keep-alive");
}

std::optional<std::string> percent_decoded(std::string_view text, bool plus_is_space) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '%') {
      if (i + 2 >= text.size()) return std::nullopt;
      const int hi = hex_value(text[i + 1]), lo = hex_value(text[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      c = static_cast<char>(hi * 16 + lo);
      i += 2;
    } else if (c == '+' && plus_is_space) {
      c = ' ';
    }
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return std::nullopt;
    out.push_back(c);
  }
  return out;
}

Head parse_head(std::string_view buffer, const RequestLimits& limits) {
  std::size_t start = 0;  // empty lines before the request line are skipped (RFC 9112 2.2)
  while (start < buffer.size() && (buffer[start] == '\r' || buffer[start] == '\n') && start < 64) ++start;
  const std::string_view text = buffer.substr(start);
  const std::size_t line_end = text.find('\n');
  if (line_end == std::string_view::npos ? text.size() > limits.request_line : line_end > limits.request_line)
    return refused(414, "the request line is longer than " + std::to_string(limits.request_line) + " bytes");
  // the end of the head: an empty line
  std::size_t end = std::string_view::npos;
  for (std::size_t at = text.find('\n'); at != std::string_view::npos; at = text.find('\n', at + 1)) {
    if (at + 1 < text.size() && text[at + 1] == '\n') {
      end = at + 2;
      break;
    }
    if (at + 2 < text.size() && text[at + 1] == '\r' && text[at + 2] == '\n') {
      end = at + 3;
      break;
    }
  }
  if (end == std::string_view::npos) {
    if (text.size() > limits.header_bytes)
      return refused(431, "the request's head is longer than " + std::to_string(limits.header_bytes) + " bytes");
    return {};
  }
  if (end > limits.header_bytes)
    return refused(431, "the request's head is longer than " + std::to_string(limits.header_bytes) + " bytes");

  Head head;
  Request& request = head.request;
  // request line: METHOD SP TARGET SP HTTP/1.x
  const std::string_view line = trimmed(text.substr(0, line_end));
  const std::size_t sp1 = line.find(' '), sp2 = line.rfind(' ');
  if (sp1 == std::string_view::npos || sp1 == sp2 || sp1 == 0)
    return refused(400, "a malformed request line '" + shorten(line) + "' (METHOD /path HTTP/1.1)");
  const std::string_view method = line.substr(0, sp1), target = line.substr(sp1 + 1, sp2 - sp1 - 1),
                         version = line.substr(sp2 + 1);
  if (!std::all_of(method.begin(), method.end(), token_char))
    return refused(400, "a malformed method '" + shorten(method) + "'");
  if (version.size() != 8 || version.substr(0, 5) != "HTTP/" || version[6] != '.' ||
      !std::isdigit(static_cast<unsigned char>(version[5])) || !std::isdigit(static_cast<unsigned char>(version[7])))
    return refused(400, "a malformed HTTP version '" + shorten(version) + "'");
  if (version[5] != '1') return refused(505, "HTTP/" + std::string(version.substr(5)) + " is not served: HTTP/1.1");
  request.minor_version = version[7] - '0';
  request.method = std::string(method);
  request.target = std::string(target);
  if (target.empty() || target.front() != '/' ||
      std::any_of(target.begin(), target.end(), [](char c) { return static_cast<unsigned char>(c) <= 0x20 || c == 0x7f; }))
    return refused(400, "a malformed request target '" + shorten(target) + "' (an absolute path: /status)");
  const std::size_t question = target.find('?');
  const auto path = percent_decoded(target.substr(0, question), false);
  if (!path) return refused(400, "a malformed path '" + shorten(target.substr(0, question)) + "'");
  request.path = *path;
  if (question != std::string_view::npos)
    if (const auto why = read_query(target.substr(question + 1), request.query)) return refused(400, *why);

  // header lines
  std::size_t at = line_end + 1;
  const std::size_t head_end = end;
  bool has_length = false;
  while (at < head_end) {
    std::size_t next = text.find('\n', at);
    std::string_view header = text.substr(at, next - at);
    at = next + 1;
    if (!header.empty() && header.back() == '\r') header.remove_suffix(1);
    if (header.empty()) break;
    if (header.front() == ' ' || header.front() == '\t')
      return refused(400, "a folded header line (obsolete in HTTP/1.1)");
    const std::size_t colon = header.find(':');
    if (colon == std::string_view::npos || colon == 0 ||
        !std::all_of(header.begin(), header.begin() + static_cast<std::ptrdiff_t>(colon), token_char))
      return refused(400, "a malformed header line '" + shorten(header) + "'");
    if (request.headers.size() >= limits.headers)
      return refused(431, "more than " + std::to_string(limits.headers) + " header lines");
    const std::string_view value = trimmed(header.substr(colon + 1));
    if (std::any_of(value.begin(), value.end(), [](char c) { return c == '\0' || c == '\r'; }))
      return refused(400, "a header value holds a control character");
    std::string name = lower(header.substr(0, colon));
    if (name == "content-length") {
      std::size_t length = 0;
      const auto result = std::from_chars(value.data(), value.data() + value.size(), length);
      if (value.empty() || result.ec != std::errc() || result.ptr != value.data() + value.size())
        return refused(400, "a malformed Content-Length '" + shorten(value) + "'");
      if (has_length && length != request.content_length) return refused(400, "two different Content-Lengths");
      has_length = true;
      request.content_length = length;
    } else if (name == "transfer-encoding") {
      return refused(411, "a body is sent with Content-Length here (Transfer-Encoding: " + shorten(value) +
                              " is not accepted)");
    }
    request.headers.emplace_back(std::move(name), std::string(value));
  }
  if (request.minor_version >= 1 && !request.header("host")) return refused(400, "an HTTP/1.1 request without Host");
  if (request.content_length > limits.body)
    return refused(413, "the body has " + std::to_string(request.content_length) + " bytes, more than the limit of " +
                            std::to_string(limits.body) + " bytes" +
                            (limits.body_hint.empty() ? std::string() : " (" + limits.body_hint + ")"));
  head.outcome = Head::Outcome::Complete;
  head.size = start + end;
  return head;
}

const char* reason_phrase(int status) {
  switch (status) {
    case 100: return "Continue";
    case 200: return "OK";
    case 204: return "No Content";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 409: return "Conflict";
    case 411: return "Length Required";
    case 413: return "Content Too Large";
    case 414: return "URI Too Long";
    case 415: return "Unsupported Media Type";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 503: return "Service Unavailable";
    case 505: return "HTTP Version Not Supported";
    default: return "Unknown";
  }
}

}  // namespace cpex::runtime::study::http
