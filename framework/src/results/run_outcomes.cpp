// The outcome table (cpex/results/run_outcomes.def) read in both directions.
#include "cpex/results/run_result.hpp"

#include "cpex/enum_names.hpp"

namespace cpex::inline runtime {

namespace {

constexpr Outcome kOutcomes[] = {
#define CPEX_OUTCOME(REASON, STOPPED, STATUS, END) \
  {StopReason::REASON, #REASON, STOPPED, STATUS, RunEnd::END},
#include "cpex/results/run_outcomes.def"
#undef CPEX_OUTCOME
};

const Outcome& outcome(StopReason reason) {
  for (const Outcome& o : kOutcomes)
    if (o.reason == reason) return o;
  return kOutcomes[0];  // unreachable: every enumerator has its line
}

}  // namespace

std::span<const Outcome> outcomes() { return kOutcomes; }


const char* stopped_text(StopReason reason) { return outcome(reason).stopped.data(); }
const char* status_text(StopReason reason) { return outcome(reason).status.data(); }
RunEnd run_end(StopReason reason) { return outcome(reason).end; }

std::optional<RunEnd> run_end_of_status(std::string_view status) {
  for (const Outcome& o : kOutcomes)
    if (o.status == status) return o.end;
  return std::nullopt;
}

std::optional<StopReason> stop_reason_of_stopped(std::string_view stopped) {
  for (const Outcome& o : kOutcomes)
    if (o.stopped == stopped) return o.reason;
  return std::nullopt;
}

const char* status_of_stopped(std::string_view stopped) {
  const auto reason = stop_reason_of_stopped(stopped);
  return status_text(reason ? *reason : StopReason::MaxSamples);
}

std::string status_texts() {
  std::string out;
  for (std::size_t i = 0; i < std::size(kOutcomes); ++i) {
    bool seen = false;
    for (std::size_t j = 0; j < i; ++j) seen = seen || kOutcomes[j].status == kOutcomes[i].status;
    if (!seen) (out += out.empty() ? "" : ", ") += kOutcomes[i].status;
  }
  return out;
}

}  // namespace cpex::runtime

namespace cpex {

namespace {
constexpr EnumName<runtime::RunEnd> kRunEndNames[] = {{runtime::RunEnd::ByRule, "ByRule"},
                                                      {runtime::RunEnd::AtBudget, "AtBudget"},
                                                      {runtime::RunEnd::Capped, "Capped"},
                                                      {runtime::RunEnd::Failed, "Failed"}};
}  // namespace

const char* to_string(runtime::RunEnd end) { return name_of(kRunEndNames, end); }

}  // namespace cpex
