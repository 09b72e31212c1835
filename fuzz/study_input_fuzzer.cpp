// libFuzzer target: what a study reads from users. Even first byte: the rest as tells
// (JSON lines, an array or an object: parse_tells); odd: as a study pipeline whose
// [study] section is read (arm names, the reward family, range, feedback, features).
// Only cpex::Error may be thrown, and every message must be one printable line once shown.
#include <cstdint>
#include <string>

#include "cpex/errors.hpp"
#include "cpex/messages.hpp"
#include "cpex/runtime/pipeline_file.hpp"
#include "cpex/study/study_spec.hpp"
#include "cpex/study/tell_input.hpp"

namespace {

void check_message(const std::string& what) {
  const std::string shown = cpex::printable_message(what);
  for (unsigned char c : shown)
    if (c < 0x20 || c == 0x7f) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  try {
    if (data[0] % 2 == 0) {
      for (const auto& input : cpex::study::parse_tells(text))
        if (input.ask == 0 && input.arms.empty() && !input.cancel) __builtin_trap();
    } else {
      const cpex::study::StudySpec spec = cpex::study::read_study_section(cpex::PipelineFile::from_text(text, "fuzz.ini"));
      if (spec.arms.size() < 2 || spec.arms.size() != spec.problem.num_arms) __builtin_trap();
      for (double x : {0.0, 1.0, 0.5, -1e300})
        check_message(cpex::study::reward_refusal(spec.problem.rewards, x));
    }
  } catch (const cpex::Error& e) {
    check_message(e.what());
  }
  return 0;
}
