// What the environments pulled by a set of arms share (full-bandit, crowdsourcing,
// semi-bandit): the check that a pull names each member once and within the arms, without
// clearing anything between pulls (a pull's stamp marks the members it has named).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cpex/errors.hpp"

namespace cpex::environments {

class PullMembers {
 public:
  // `who`: the environment's name in the message; `noun`: what an arm is to it ("arm", "worker").
  PullMembers(std::size_t arms, const char* who, const char* noun) : seen_(arms, 0), who_(who), noun_(noun) {}

  // A new pull: no member named yet.
  void begin() { ++stamp_; }

  // Member `arm` of the pull; Error naming it when it is outside 0..arms-1 or named twice.
  void mark(std::size_t arm) {
    if (arm >= seen_.size() || seen_[arm] == stamp_)
      throw Error(std::string(who_) + ": a pull names " + noun_ + " " + std::to_string(arm) + " twice or outside 0.." +
                  std::to_string(seen_.size() - 1));
    seen_[arm] = stamp_;
  }

 private:
  std::vector<std::uint64_t> seen_;
  std::uint64_t stamp_ = 0;
  const char* who_;
  const char* noun_;
};

}  // namespace cpex::environments
