// An enum's names in one table, read both ways: name_of(table, value) ("?" for a value the
// table lacks) and value_of(table, name) (nullopt for an unknown name). A table is
//     constexpr EnumName<Colour> kColourNames[] = {{Colour::Red, "red"}, ...};
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace cpex {

template <class E>
struct EnumName {
  E value;
  const char* name;
};

template <class E, std::size_t N>
constexpr const char* name_of(const EnumName<E> (&table)[N], E value) {
  for (const auto& entry : table)
    if (entry.value == value) return entry.name;
  return "?";
}

template <class E, std::size_t N>
constexpr std::optional<E> value_of(const EnumName<E> (&table)[N], std::string_view name) {
  for (const auto& entry : table)
    if (name == entry.name) return entry.value;
  return std::nullopt;
}

}  // namespace cpex
