// libFuzzer target: the pipeline/sweep reader. Parses the input as a pipeline file, reads
// its sweep axes (counting points; refusing empty and oversized products), expands and
// applies the first points, and reads every section against a schema with every
// parameter type. Only cpex::Error may be thrown, and every message must be one
// printable line once shown (printable_message).
#include <cstdint>
#include <string>

#include "cpex/errors.hpp"
#include "cpex/messages.hpp"
#include "cpex/runtime/pipeline_file.hpp"
#include "cpex/runtime/sweep.hpp"

namespace {

const cpex::ParamSchema& schema() {
  using cpex::Range;
  static const cpex::ParamSchema s = cpex::ParamSchema()
      .real("delta", 0.05, Range::open(0, 1), "r")
      .integer("n", 10, Range::closed(2, 1e6), "i")
      .text("label", "x", "t")
      .path("file", std::nullopt, "p").optional()
      .choice("generator", "a", {"a", "b"}, "c")
      .real_list("means", Range::any(), "l").optional()
      .optional_real("S", Range::greater_than(0), "o");
  return s;
}

void check_message(const std::string& what) {
  const std::string shown = cpex::printable_message(what);
  for (unsigned char c : shown)
    if (c < 0x20 || c == 0x7f) __builtin_trap();
  if (shown.size() > 2100) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const auto file = cpex::PipelineFile::from_text(text, "fuzz.ini");
    const auto axes = cpex::read_axes(file);
    if (cpex::count_points(axes, "fuzz.ini") <= 64) {
      const auto points = cpex::expand(axes);
      if (points.empty()) __builtin_trap();
      cpex::check_run_count(points.size(), 2, "fuzz.ini");
      for (std::size_t i = 0; i < points.size() && i < 4; ++i) {
        const auto applied = cpex::apply(file, points[i]);
        for (const auto& section : applied.sections()) {
          if (section == "sweep") continue;
          try {
            cpex::read_section(applied, section, schema(), "fuzz", {"plugin"});
          } catch (const cpex::Error& e) {
            check_message(e.what());
          }
        }
      }
    }
  } catch (const cpex::Error& e) {
    check_message(e.what());
  }
  return 0;
}
