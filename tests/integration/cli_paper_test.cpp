// A paper's experiments table through the command line (docs/results.md, "Names", "LaTeX",
// "Mixed sweeps"): a sweep whose algorithm axis holds one algorithm that does not fit the
// problem runs the others and records the skipped pair (store, summary, report), --strict
// refuses it, `cpex list --accepts` names the algorithms that fit; display names from
// --label and [labels] rename values and keys in tables; the LaTeX table's structure
// (booktabs rules, one line per group, the caption naming the metric and delta, the best
// in bold). Compiling it with pdflatex is the long test `report-latex-compiles`.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

#include <nlohmann/json.hpp>

#include "test_support.hpp"

using namespace cpex::test;  // run_cpex, temp_file, fresh_path

namespace {

// Arms above tau = 0.5 of four Bernoulli arms: T3C, TTTS (top-two variants), Track-and-Stop
// fit; KL-LUCB (top-k only) does not.
const std::string kThreshold =
    "[environment]\nplugin = bernoulli\nmeans = 0.2, 0.4, 0.6, 0.8\n"
    "[oracle]\nplugin = threshold\ntau = 0.5\n"
    "[algorithm]\nplugin = track-and-stop\ndelta = 0.1\n"
    "[algorithm.top-two@t3c]\nleader = ts\nchallenger = tc\n"
    "[algorithm.top-two@ttts]\nleader = ts\nchallenger = ts\n"
    "[run]\nseed = 4\nrepetitions = 6\nmax-samples = 200000\n"
    "[sweep]\naxis = algorithm.plugin = top-two@t3c, top-two@ttts, track-and-stop, kl-lucb\n";

std::size_t lines(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

}  // namespace

TEST_CASE("A mixed sweep runs what fits and records the pair it skips", "[cli][paper]") {
  const std::string file = temp_file("paper-threshold.ini", kThreshold);
  const std::string db = fresh_path("paper-threshold.db");
  const auto r = run_cpex("sweep " + file + " --out " + db + " --json --quiet");
  INFO(r.err);
  REQUIRE(r.status == 0);
  // One line about kl-lucb, naming the point and why.
  CHECK(lines(r.err) == 1);
  CHECK_THAT(r.err, Catch::Matchers::Contains("kl-lucb skipped at point 3 (algorithm.plugin=kl-lucb)") &&
                        Catch::Matchers::Contains("needs") && Catch::Matchers::Contains("--strict"));
  const auto summary = nlohmann::json::parse(r.out)["points"];
  REQUIRE(summary.size() == 4);
  CHECK(summary[3]["status"] == "skipped");
  CHECK_THAT(summary[3]["skipped"].get<std::string>(), Catch::Matchers::Contains("oracle 'threshold'"));
  for (int p = 0; p < 3; ++p) CHECK(summary[p]["runs"] == 6);
  // The store holds the three algorithms' runs, and names the skipped pair for cpex report.
  const std::string csv = fresh_path("paper-threshold.csv");
  REQUIRE(run_cpex("export " + db + " --csv " + csv).status == 0);
  CHECK(lines(read_file(csv)) == 1 + 3 * 6);
  const auto report = run_cpex("report " + db + " --format md");
  CHECK(report.status == 0);
  CHECK_THAT(report.err, Catch::Matchers::Contains("kl-lucb skipped at point 3"));
  // Resuming runs nothing more; the skipped point stays skipped.
  const auto again = run_cpex("sweep " + file + " --out " + db);
  CHECK(again.status == 0);
  CHECK_THAT(again.err, Catch::Matchers::Contains("0 to run"));
  // --strict refuses instead, in one line.
  const auto strict = run_cpex("sweep " + file + " --strict --quiet");
  CHECK(strict.status == 1);
  CHECK(lines(strict.err) == 1);
  CHECK_THAT(strict.err, Catch::Matchers::Contains("algorithm 'kl-lucb' needs"));
  // A single algorithm that does not fit is refused as before.
  const auto alone = run_cpex("sweep " + file + " --set algorithm.plugin=kl-lucb --quiet");
  CHECK(alone.status == 1);
}

TEST_CASE("cpex list --accepts names the algorithms that fit a file's problem", "[cli][paper]") {
  const auto r = run_cpex("list --accepts " + temp_file("paper-accepts.ini", kThreshold));
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Matchers::Contains("algorithms that accept the problem of"));
  for (const char* fits : {"\n  track-and-stop ", "\n  top-two "})
    CHECK_THAT(r.out, Catch::Matchers::Contains(fits));
  CHECK_THAT(r.out, !Catch::Matchers::Contains("\n  kl-lucb ") && !Catch::Matchers::Contains("\n  lucb "));
  CHECK_THAT(r.out, Catch::Matchers::Contains("not accepted: "));
}

TEST_CASE("Display names: --label renames values and keys, [labels] travels with the store", "[cli][paper]") {
  const std::string labelled = kThreshold + "[labels]\ntop-two@ttts = TTTS\nalgorithm = method\n";
  const std::string db = fresh_path("paper-labels.db");
  REQUIRE(run_cpex("sweep " + temp_file("paper-labels.ini", labelled) + " --out " + db + " --quiet").status == 0);
  const auto md = run_cpex("report " + db + " --format md --label top-two@t3c=T3C");
  INFO(md.err);
  REQUIRE(md.status == 0);
  CHECK_THAT(md.out, Catch::Matchers::Contains("| T3C |") && Catch::Matchers::Contains("| TTTS |") &&
                         Catch::Matchers::Contains("| method |") && !Catch::Matchers::Contains("top-two@t3c"));
  // CSV and JSON keep the raw values; JSON lists the names.
  const auto csv = run_cpex("report " + db + " --format csv --label top-two@t3c=T3C");
  CHECK_THAT(csv.out, Catch::Matchers::Contains("top-two@t3c") && !Catch::Matchers::Contains("T3C"));
  const auto json = nlohmann::json::parse(run_cpex("report " + db + " --format json --label top-two@t3c=T3C").out);
  CHECK(json["labels"]["top-two@t3c"] == "T3C");
  CHECK(json["labels"]["top-two@ttts"] == "TTTS");
  // A pivot names the metric it shows.
  const auto pivot = run_cpex("report " + db + " --columns algorithm --y error-rate");
  CHECK_THAT(pivot.out, Catch::Matchers::StartsWith("Rate of wrong answers among the ended runs"));
  const auto pivot_md = run_cpex("report " + db + " --columns algorithm --format md");
  CHECK_THAT(pivot_md.out, Catch::Matchers::StartsWith("*Samples of the ended runs: mean [95% bootstrap interval], one column per method*"));
  // The names are no part of the sweep's identity: changing them resumes the store.
  const std::string renamed = kThreshold + "[labels]\ntop-two@ttts = Thompson\n";
  const auto resumed = run_cpex("sweep " + temp_file("paper-labels2.ini", renamed) + " --out " + db + " --quiet");
  CHECK(resumed.status == 0);
  CHECK_THAT(run_cpex("report " + db + " --format md").out, Catch::Matchers::Contains("| Thompson |"));
}

TEST_CASE("cpex report --format latex: a booktabs table for \\input", "[cli][paper]") {
  const std::string db = fresh_path("paper-latex.db");
  REQUIRE(run_cpex("sweep " + temp_file("paper-latex.ini", kThreshold) + " --out " + db + " --quiet").status == 0);
  const auto r = run_cpex("report " + db + " --format latex --label top-two@t3c=T3C --label 'top-two@ttts=$\\beta$-TTTS'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  const std::string& t = r.out;
  CHECK(count(t, "\\begin{table}") == 1);
  CHECK(count(t, "\\begin{tabular}{lrrr}") == 1);
  CHECK(count(t, "\\toprule") == 1);
  CHECK(count(t, "\\midrule") == 1);
  CHECK(count(t, "\\bottomrule") == 1);
  CHECK(count(t, "\\end{table}") == 1);
  // The caption names the metric and delta; a header line and one line per group.
  CHECK_THAT(t, Catch::Matchers::Contains("\\caption{Per group: samples of the ended runs: mean [95\\% bootstrap interval]") &&
                    Catch::Matchers::Contains("at $\\delta$ = 0.1"));
  CHECK(count(t, " \\\\\n") == 1 + 3);
  CHECK_THAT(t, Catch::Matchers::Contains("\n    T3C & ") && Catch::Matchers::Contains("\n    $\\beta$-TTTS & ") &&
                    Catch::Matchers::Contains("\n    track-and-stop & ") && !Catch::Matchers::Contains("top-two@t3c"));
  // The least mean of the samples in bold (the three differ), and T* ratios in their column.
  CHECK(count(t, "\\textbf{") >= 1);
  CHECK_THAT(t, Catch::Matchers::Contains("samples / $T^*(\\mu)\\log(1/\\delta)$"));
  // Special characters of plain text are escaped.
  const auto pivot = run_cpex("report " + db + " --format latex --columns algorithm --by algorithm,resolved.leader");
  REQUIRE(pivot.status == 0);
  CHECK_THAT(pivot.out, Catch::Matchers::Contains("resolved.leader") && Catch::Matchers::Contains("top-two@t3c"));
  CHECK_THAT(pivot.out, Catch::Matchers::Contains("one column per algorithm"));
}
