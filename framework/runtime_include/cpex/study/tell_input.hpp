// What a tell is (one observation, the cancel of a pending pull, or the void of a recorded
// observation) and reading tells from JSON: JSON lines ({"arm": "b", "reward": 0.7, "ask":
// 17} per line), one JSON array of such objects, or one object — what `cpex study tell
// --json`, POST /tell and cpex.Study send. Every malformed input (a duplicate key too) is
// refused naming its line (or element); nothing is taken then.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "cpex/errors.hpp"
#include "cpex/study/driver.hpp"

namespace cpex::inline runtime::study {

// One observation told (or one ask cancelled, or one observation voided).
struct TellInput {
  std::uint64_t ask = 0;           // 0: the oldest pending ask of `arms`, else unasked
  std::vector<std::string> arms;   // arm names (one, or a super arm's members); may be
                                   // empty when `ask` is given
  Reading reading;
  bool cancel = false;             // withdraw ask `ask` (its observation will never come)
  std::string where;               // where it came from ("line 3"), prefixed to a refusal
  std::string id;                  // the client's id: a tell repeated with it is taken once
  std::int64_t void_seq = 0;       // retract the observation logged as event `void_seq`
  std::string note;                // a void's reason (kept in the log)
  // "rewards": {"conversion": 1, "latency": 0.2}: a multi-objective observation by objective
  // name (the study puts them in its objectives' order into reading.per_arm).
  std::vector<std::pair<std::string, double>> named_rewards;
};

// A client id: 1 to 200 printable ASCII characters; "" or why not.
std::string id_refusal(const std::string& id);

// A refused tell: which input (0-based) and why ("line 3: unknown arm 'x'"). Nothing of
// the batch was written, and the study is as it was.
class TellError : public Refusal {
 public:
  TellError(std::size_t index, const std::string& what) : Refusal(what), index_(index) {}
  std::size_t index() const { return index_; }

 private:
  std::size_t index_;
};

// Tells from text (see above). Keys: ask, arm or arms, reward or rewards (semi-bandit: a list,
// one per member; multi-objective: a list in the objectives' order, or an object by
// objective name), cancel, id, void (with reason). TellError naming the line or element.
std::vector<TellInput> parse_tells(const std::string& text);
// The same for one object (`where` names it in messages: "line 3"); Error.
TellInput parse_tell(const nlohmann::json& object, const std::string& where);

}  // namespace cpex::runtime::study
