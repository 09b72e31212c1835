// Escaping and shortening user-supplied text for one-line error messages.
#include "cpex/messages.hpp"

#include <string>

namespace cpex {

namespace {

// Length of the well-formed UTF-8 sequence starting at text[i] (RFC 3629: no overlong
// forms, no surrogates, at most U+10FFFF), or 0 if there is none.
std::size_t utf8_sequence(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t j) { return static_cast<unsigned char>(text[j]); };
  const unsigned char c = byte(i);
  std::size_t length;
  unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte
  if (c >= 0xC2 && c <= 0xDF) length = 2;
  else if (c >= 0xE0 && c <= 0xEF) {
    length = 3;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    length = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
  for (std::size_t j = 2; j < length; ++j)
    if (byte(i + j) < 0x80 || byte(i + j) > 0xBF) return 0;
  return length;
}

void append_escaped(std::string& out, unsigned char c) {
  static const char* digits = "0123456789abcdef";
  out += "\\x";
  out += digits[c >> 4];
  out += digits[c & 0xF];
}

// Cuts `text` to at most `max_chars` bytes at a character boundary.
std::string cut(std::string text, std::size_t max_chars, std::size_t original_size) {
  if (text.size() <= max_chars) return text;
  std::size_t end = max_chars;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  text.resize(end);
  return text + "...(" + std::to_string(original_size) + " bytes)";
}

}  // namespace

std::string escape_bytes(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
      ++i;
    } else if (const std::size_t n = c >= 0x80 ? utf8_sequence(text, i) : 0) {
      out.append(text.substr(i, n));
      i += n;
    } else {
      append_escaped(out, c);
      ++i;
    }
  }
  return out;
}

std::string shorten(std::string_view text, std::size_t max_chars) {
  // Escape at most a little more than what is kept, so a huge value costs nothing.
  const std::string_view head = text.substr(0, max_chars + 8);
  return cut(escape_bytes(head), max_chars, text.size());
}

std::string printable_message(std::string_view text, std::size_t max_chars) {
  std::string flat(text.substr(0, max_chars + 8));
  for (char& c : flat)
    if (c == '\n' || c == '\r') c = ' ';
  return cut(escape_bytes(flat), max_chars, text.size());
}

}  // namespace cpex
