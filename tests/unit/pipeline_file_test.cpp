// Pipeline files: INI parsing, overrides, and typed section reading with clear errors.
#include <catch2/catch.hpp>

#include "cpex/errors.hpp"
#include "cpex/runtime/pipeline_file.hpp"
#include "cpex/runtime/sweep.hpp"

using namespace cpex;
using Catch::Matchers::Contains;

namespace {

ParamSchema schema() {
  ParamSchema s;
  s.real("delta", 0.05, Range::open(0, 1), "confidence")
      .integer("k", 1, Range::at_least(1), "size")
      .choice("preset", "heuristic", {"faithful", "heuristic"}, "preset")
      .real_list("means", Range::closed(0, 1), "means");
  return s;
}

const char* kText =
    "# comment\n[algorithm]\nplugin = lucb\ndelta = 0.1\n\n[environment]\nmeans = 0.5, 0.25,0\n";

}  // namespace

TEST_CASE("Pipeline files parse into sections and keys", "[pipeline-file]") {
  const auto file = PipelineFile::from_text(kText, "f.ini");
  CHECK(file.sections() == std::vector<std::string>{"algorithm", "environment"});
  CHECK(file.get("algorithm", "delta") == "0.1");
  CHECK(file.get("environment", "means") == "0.5, 0.25,0");
  CHECK_FALSE(file.get("run", "seed"));
}

TEST_CASE("Overrides replace values and must name section.key", "[pipeline-file]") {
  auto file = PipelineFile::from_text(kText, "f.ini");
  file.apply_override("algorithm.delta = 0.2");
  CHECK(file.get("algorithm", "delta") == "0.2");
  file.apply_override("run.seed=5");
  CHECK(file.get("run", "seed") == "5");
  CHECK_THROWS_WITH(file.apply_override("delta=0.2"), Contains("section.key=value"));
  CHECK_THROWS_WITH(file.apply_override("algorithm.delta"), Contains("algorithm.delta"));
}

TEST_CASE("Malformed files are refused with the file name", "[pipeline-file]") {
  CHECK_THROWS_WITH(PipelineFile::from_text("delta = 1\n", "f.ini"),
                    Contains("f.ini") && Contains("outside any [section]"));
  CHECK_THROWS_WITH(PipelineFile::from_text("[a]\nx = 1\nx = 2\n", "f.ini"),
                    Contains("[a] x is given twice"));
  CHECK_THROWS_WITH(PipelineFile::from_text("[a]\njust words\n", "f.ini"), Contains("f.ini"));
  CHECK_THROWS_WITH(PipelineFile::read("/nonexistent/p.ini"), Contains("/nonexistent/p.ini"));
  // Sweep axes may repeat.
  CHECK_NOTHROW(PipelineFile::from_text("[sweep]\naxis = a.b = 1\naxis = a.c = 2\n", "f.ini"));
}

TEST_CASE("Sections are read against a schema with defaults", "[pipeline-file]") {
  const auto file = PipelineFile::from_text(kText, "f.ini");
  ParamSchema s;
  s.real("delta", 0.05, Range::open(0, 1), "confidence").integer("k", 2, Range::any(), "k");
  const auto values = read_section(file, "algorithm", s, "lucb");
  CHECK(values.real("delta") == 0.1);
  CHECK(values.integer("k") == 2);
  const auto env = read_section(file, "environment", schema(), "env", {});
  CHECK(env.reals("means") == std::vector<double>{0.5, 0.25, 0.0});
}

TEST_CASE("Section errors name the file, section, key, value and what is allowed",
          "[pipeline-file]") {
  auto check = [](const std::string& line, const std::string& expected) {
    const auto file = PipelineFile::from_text("[algorithm]\nmeans = 0.5\n" + line + "\n", "p.ini");
    CHECK_THROWS_WITH(read_section(file, "algorithm", schema(), "lucb"),
                      Contains("p.ini") && Contains("[algorithm]") && Contains(expected));
  };
  check("delta = abc", "delta = 'abc': lucb.delta must be a real number in (0, 1)");
  check("delta = 1.5", "delta = 1.5 is out of range: lucb.delta must be a real number in (0, 1)");
  check("delta = nan", "out of range");
  check("k = 1.5", "lucb.k must be an integer");
  check("k = 0", "k = 0 is out of range");
  check("preset = fast", "one of {faithful, heuristic}");
  check("deltaa = 0.1", "deltaa: unknown key for lucb (did you mean 'delta'?) (known keys: plugin, delta, k, preset, means)");
  const auto bad_list = PipelineFile::from_text("[algorithm]\nmeans = 0.5, x\n", "p.ini");
  CHECK_THROWS_WITH(read_section(bad_list, "algorithm", schema(), "lucb"),
                    Contains("means = '0.5, x'") && Contains("comma-separated list"));
  const auto out_of_range = PipelineFile::from_text("[algorithm]\nmeans = 0.5, 2\n", "p.ini");
  CHECK_THROWS_WITH(read_section(out_of_range, "algorithm", schema(), "lucb"),
                    Contains("means = 0.5, 2 is out of range"));
  const auto missing = PipelineFile::from_text("[algorithm]\ndelta = 0.1\n", "p.ini");
  CHECK_THROWS_WITH(read_section(missing, "algorithm", schema(), "lucb"),
                    Contains("means is required by lucb"));
}

TEST_CASE("Relative file paths are taken from the directory of the file that gave them",
          "[pipeline-file]") {
  ParamSchema s;
  s.path("file", std::nullopt, "a data file");
  auto read = [&](const PipelineFile& file) { return read_section(file, "environment", s, "env", {}).text("file"); };
  const auto file = PipelineFile::from_text("[environment]\nfile = data/x.csv\n", "runs/seed/p.ini");
  CHECK(read(file) == "runs/seed/data/x.csv");
  CHECK(read(PipelineFile::from_text("[environment]\nfile = /abs/x.csv\n", "runs/p.ini")) == "/abs/x.csv");
  // A sweep value comes from the same file: same directory.
  const auto swept = PipelineFile::from_text(
      "[environment]\nfile = a.csv\n[sweep]\naxis = environment.file = b.csv\n", "runs/p.ini");
  CHECK(read(apply(swept, expand(read_axes(swept)).front())) == "runs/b.csv");
  // --set is relative to the working directory.
  auto overridden = file;
  overridden.apply_override("environment.file=local.csv");
  CHECK(read(overridden) == "local.csv");
}
