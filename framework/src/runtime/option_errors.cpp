// exception_text: Boost.Program_options errors with their substituted values made inert.
#include "cpex/runtime/option_errors.hpp"

#include <map>
#include <string>

#include <boost/program_options/errors.hpp>

namespace cpex::inline runtime {

namespace {

// Reads the protected substitutions of a Boost.Program_options error: a pointer to a member
// named through a derived class may be applied to any object of the base.
struct SubstitutionAccess : boost::program_options::error_with_option_name {
  static constexpr auto member = &SubstitutionAccess::m_substitutions;
};

}  // namespace

std::string exception_text(const std::exception& e) {
  const auto* named = dynamic_cast<const boost::program_options::error_with_option_name*>(&e);
  if (!named) return e.what();
  boost::program_options::error_with_option_name copy = *named;
  const std::map<std::string, std::string> values = copy.*SubstitutionAccess::member;
  for (const auto& [key, value] : values) {
    std::string safe;
    for (char c : value) safe += c == '%' ? std::string("\\x25") : std::string(1, c);
    copy.set_substitute(key, safe);
  }
  return copy.what();
}

}  // namespace cpex::runtime
