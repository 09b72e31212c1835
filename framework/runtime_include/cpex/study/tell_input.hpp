// What a tell is (one observation, or the cancel of a pending pull) and reading tells from
// JSON: JSON lines ({"arm": "b", "reward": 0.7, "ask": 17} per line), one JSON array of such
// objects, or one object — what `cpex study tell --json`, POST /tell and cpex.Study send.
// Every malformed input is refused naming its line (or element); nothing is taken then.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cpex/errors.hpp"
#include "cpex/study/driver.hpp"

namespace cpex::inline runtime::study {

// One observation told (or one ask cancelled).
struct TellInput {
  std::uint64_t ask = 0;           // 0: the oldest pending ask of `arms`, else unasked
  std::vector<std::string> arms;   // arm names (one, or a super arm's members); may be
                                   // empty when `ask` is given
  Reading reading;
  bool cancel = false;             // withdraw ask `ask` (its observation will never come)
  std::string where;               // where it came from ("line 3"), prefixed to a refusal
};

// A refused tell: which input (0-based) and why ("line 3: unknown arm 'x'"). Nothing of
// the batch was written.
class TellError : public Error {
 public:
  TellError(std::size_t index, const std::string& what) : Error(what), index_(index) {}
  std::size_t index() const { return index_; }

 private:
  std::size_t index_;
};

// Tells from text (see above). Keys: ask, arm or arms, reward or rewards (semi-bandit: one
// per member), cancel. TellError naming the line or element.
std::vector<TellInput> parse_tells(const std::string& text);
// The same for one object (`where` names it in messages: "line 3"); Error.
TellInput parse_tell(const nlohmann::json& object, const std::string& where);

}  // namespace cpex::runtime::study
