// Result-row formatting without streams: std::to_chars gives the shortest round-trip text.
#include "cpex/results/record_format.hpp"

#include <charconv>
#include <cmath>

namespace cpex::inline runtime {

void append_number(std::string& out, double x) {
  if (!std::isfinite(x)) {
    out += std::isnan(x) ? "nan" : (x > 0 ? "inf" : "-inf");
    return;
  }
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, x);
  out.append(buffer, result.ptr);
}

void append_number(std::string& out, std::int64_t x) {
  char buffer[24];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, x);
  out.append(buffer, result.ptr);
}

void append_number(std::string& out, std::uint64_t x) {
  char buffer[24];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, x);
  out.append(buffer, result.ptr);
}

void append_json_string(std::string& out, std::string_view text) {
  static const char* hex = "0123456789abcdef";
  out += '"';
  // Runs of characters that need no escape are appended in one piece.
  std::size_t plain = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const auto u = static_cast<unsigned char>(c);
    if (c != '"' && c != '\\' && u >= 0x20) continue;
    out.append(text.data() + plain, i - plain);
    plain = i + 1;
    if (u >= 0x20) {
      out += '\\';
      out += c;
    } else {
      out += "\\u00";
      out += hex[u >> 4];
      out += hex[u & 15];
    }
  }
  out.append(text.data() + plain, text.size() - plain);
  out += '"';
}

namespace {

void append_json_number(std::string& out, double x) {
  if (std::isfinite(x))
    append_number(out, x);
  else
    append_json_string(out, std::isnan(x) ? "nan" : (x > 0 ? "inf" : "-inf"));
}

}  // namespace

std::string resolved_json(const std::vector<std::pair<std::string, ParamValue>>& values) {
  std::string out = "{";
  for (const auto& [name, value] : values) {
    if (out.size() > 1) out += ',';
    append_json_string(out, name);
    out += ':';
    if (const auto* x = std::get_if<double>(&value)) {
      append_json_number(out, *x);
    } else if (const auto* i = std::get_if<std::int64_t>(&value)) {
      append_number(out, *i);
    } else if (const auto* s = std::get_if<std::string>(&value)) {
      append_json_string(out, *s);
    } else {
      out += '[';
      const auto& list = std::get<std::vector<double>>(value);
      for (std::size_t k = 0; k < list.size(); ++k) {
        if (k) out += ',';
        append_json_number(out, list[k]);
      }
      out += ']';
    }
  }
  out += '}';
  return out;
}

}  // namespace cpex::runtime
