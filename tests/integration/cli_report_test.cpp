// `cpex report` from the command line: the tables parse back (Markdown, CSV, JSON) with the
// hand-computed values of tests/data/report_known.csv, --plot writes a valid SVG, PNG and
// PDF, and a missing Python or matplotlib is a one-line error naming the Debian package.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <functional>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>
#include <nlohmann/json.hpp>

#include "csv_table.hpp"
#include "test_support.hpp"

using cpex::test::run_cpex;

namespace {

const std::string kKnown = "tests/data/report_known.csv";

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

// A Markdown table as rows of cells keyed by the header.
std::vector<std::map<std::string, std::string>> parse_markdown(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  for (const auto& line : lines_of(text)) {
    REQUIRE(line.size() >= 2);
    REQUIRE(line.front() == '|');
    REQUIRE(line.back() == '|');
    std::vector<std::string> cells;
    std::string cell;
    for (std::size_t i = 1; i < line.size(); ++i) {
      if (line[i] == '|' && line[i - 1] != '\\') {
        cells.push_back(cell.substr(1, cell.size() - 2));  // one space each side
        cell.clear();
      } else {
        cell += line[i];
      }
    }
    rows.push_back(cells);
  }
  REQUIRE(rows.size() >= 2);
  for (const auto& c : rows[1]) CHECK((c == "---" || c == "---:"));
  return cpex::test::keyed_rows(rows, 2);
}

// RFC 4180 CSV (the report quotes cells holding commas).
std::vector<std::map<std::string, std::string>> parse_csv(const std::string& text) {
  return cpex::test::keyed_rows(cpex::test::csv_rows(text));
}

// Each (column, value) of `cells` is the row's.
void expect_cells(const std::map<std::string, std::string>& row,
                  const std::vector<std::pair<std::string, std::string>>& cells) {
  for (const auto& [column, value] : cells) {
    INFO(column);
    CHECK(row.at(column) == value);
  }
}

const std::map<std::string, std::string>& find_row(const std::vector<std::map<std::string, std::string>>& table,
                                                   const std::string& n, const std::string& algorithm) {
  for (const auto& row : table)
    if (row.at("environment.n") == n && row.at("algorithm") == algorithm) return row;
  FAIL("no row " << n << "/" << algorithm);
  return table.front();
}

std::string plot_path(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / "cpex-tests";
  std::filesystem::create_directories(dir);
  const auto path = dir / name;
  std::filesystem::remove(path);
  return path.string();
}

struct PythonOverride {
  explicit PythonOverride(const std::string& python) { setenv("CPEX_PYTHON", python.c_str(), 1); }
  ~PythonOverride() { unsetenv("CPEX_PYTHON"); }
};

void check_one_line_error(const cpex::test::CommandResult& r, const std::string& needle) {
  CHECK(r.status == 1);
  CHECK(r.out.empty());
  CHECK(lines_of(r.err).size() == 1);
  CHECK_THAT(r.err, Catch::Contains(needle));
}

// `cpex report` of the known results with these options; it must succeed.
cpex::test::CommandResult known_report(const std::string& options) {
  auto r = run_cpex("report " + kKnown + options);
  INFO(r.err);
  REQUIRE(r.status == 0);
  return r;
}

}  // namespace

TEST_CASE("cpex report --format md parses back to the hand-computed summaries", "[cli][report]") {
  const auto r = known_report(" --format md");
  const auto table = parse_markdown(r.out);
  REQUIRE(table.size() == 4);
  // The cells of (10, a): the capped run counted at its 1000 samples in "with capped"; the
  // wrong ones of the 4 ended runs, the capped one apart.
  expect_cells(find_row(table, "10", "a"), {{"runs", "5"},
                                            {"ended", "4"},
                                            {"capped", "1"},
                                            {"failed", "0"},
                                            {"samples mean", "25.0"},
                                            {"median", "25.0"},
                                            {"with capped", "≥ 220"},
                                            {"wrong", "0"},
                                            {"wrong rate", "0"},
                                            {"rate 95% CI", "[0, 0.602]"},
                                            {"not optimal", "1"},
                                            {"not-opt rate", "0.25"},
                                            {"not-opt 95% CI", "[0.00631, 0.806]"},
                                            {"wall s", "0.4"}});
  const auto& a20 = find_row(table, "20", "a");
  CHECK(a20.at("mean 95% CI (bootstrap)") == "[100, 300]");
  CHECK(a20.at("with capped").empty());
  CHECK(a20.at("rate 95% CI") == "[0.158, 1]");
  CHECK(a20.at("wrong rate") == "1");
  const auto& b20 = find_row(table, "20", "b");  // only capped runs: only the bound
  CHECK(b20.at("samples mean").empty());
  CHECK(b20.at("with capped") == "≥ 60.0");
  CHECK(b20.at("wrong").empty());
  CHECK(b20.at("wrong rate").empty());
  CHECK(b20.at("rate 95% CI").empty());
}

TEST_CASE("cpex report --format csv parses back to the hand-computed summaries", "[cli][report]") {
  const auto r = known_report(" --format csv");
  const auto table = parse_csv(r.out);
  REQUIRE(table.size() == 4);
  const auto& a10 = find_row(table, "10", "a");
  CHECK(std::stod(a10.at("samples.mean")) == 25.0);
  CHECK(std::stod(a10.at("samples.mean_at_least")) == 220.0);
  CHECK(std::stod(a10.at("wrong_rate")) == 0.0);
  CHECK(a10.at("capped_wrong") == "1");
  CHECK(a10.count("capped_errors") == 0);  // the alias removed in 0.1
  CHECK(a10.at("capped_not_optimal") == "1");
  CHECK(std::stod(a10.at("not_optimal_rate")) == 0.25);
  CHECK(std::stod(a10.at("not_optimal_rate_ci95.low")) == Approx(1.0 - std::pow(0.975, 0.25)).epsilon(1e-8));
  CHECK(std::stod(a10.at("mean_wall_time_s")) == Approx(0.4));
  const auto& b10 = find_row(table, "10", "b");
  CHECK(std::stod(b10.at("samples.mean_ci95_bootstrap.low")) == 5.0);
  CHECK(std::stod(b10.at("samples.mean_ci95_bootstrap.high")) == 5.0);
  CHECK(std::stod(b10.at("wrong_rate_ci95.high")) == Approx(1.0 - std::pow(0.025, 1.0 / 3.0)).epsilon(1e-8));
  CHECK(find_row(table, "20", "b").at("samples.mean").empty());
  CHECK(find_row(table, "20", "b").at("wrong_rate").empty());
  CHECK(std::stod(find_row(table, "20", "b").at("samples.mean_at_least")) == 60.0);

  SECTION("pivoted: algorithms across, n down") {
    const auto p = known_report(" --columns algorithm --y error-rate --format csv");
    const auto pivot = parse_csv(p.out);
    REQUIRE(pivot.size() == 2);
    CHECK(pivot[0].at("environment.n") == "10");
    CHECK(pivot[0].at("a") == "0 [0, 0.602] (1 capped)");
    CHECK(pivot[1].at("a") == "1 [0.158, 1]");
    CHECK(pivot[1].at("b") == "- (2 capped)");  // no run ended: no rate
    const auto n = known_report(" --columns algorithm --y not-optimal --format csv");
    CHECK(parse_csv(n.out)[0].at("a") == "0.25 [0.00631, 0.806] (1 capped)");
  }
  SECTION("pivoted with a baseline: b has no resolved.preset and fills a's preset rows") {
    const auto p = known_report(" --by environment.n,resolved.preset --columns algorithm --format csv");
    const auto pivot = parse_csv(p.out);
    REQUIRE(pivot.size() == 2);
    CHECK(pivot[0].at("resolved.preset") == "heuristic");
    CHECK(pivot[0].at("a") == "≥ 220 (1 capped, 1 not opt)");  // censored: the bound
    CHECK(pivot[0].at("b") == "5.0 [5.0, 5.0] (1 not opt)");
    CHECK(pivot[1].at("b") == "≥ 60.0 (2 capped)");
  }
}

TEST_CASE("cpex report --format json and the default text table", "[cli][report]") {
  const auto r = known_report(" --format json --by algorithm");
  const auto json = nlohmann::json::parse(r.out);
  CHECK(json["keys"] == nlohmann::json::array({"algorithm"}));
  REQUIRE(json["groups"].size() == 2);
  CHECK(json["groups"][0]["values"]["algorithm"] == "a");
  CHECK(json["groups"][0]["runs"] == 7);
  CHECK(json["groups"][0]["samples"]["mean"].get<double>() == Approx(500.0 / 6.0));  // 10+...+300, not the capped 1000
  CHECK(json["groups"][1]["samples"]["mean"].get<double>() == 5.0);
  CHECK(json["groups"][0]["samples"]["mean_at_least"].get<double>() == Approx(1500.0 / 7.0));
  CHECK(json["groups"][1]["samples"]["mean_at_least"].get<double>() == Approx(135.0 / 5.0));
  CHECK(json["groups"][0]["wrong"] == 2);  // n = 20's two ended runs
  CHECK(json["groups"][0]["not_optimal"] == 3);
  CHECK(json["groups"][0]["not_optimal_rate"].get<double>() == Approx(0.5));
  CHECK(json["groups"][0]["capped_wrong"] == 1);
  CHECK(json["groups"][0]["optimal_unknown"] == 0);
  // --by algorithm pools the two values of environment.n: said on stderr, in the JSON too.
  CHECK_THAT(r.err, Catch::Contains("warning: the groups pool runs over environment.n = 10, 20"));
  CHECK(json["pooled"][0]["key"] == "environment.n");
  CHECK(json["pooled"][0]["values"] == nlohmann::json::array({"10", "20"}));

  const auto text = known_report("");
  const auto lines = lines_of(text.out);
  REQUIRE(lines.size() == 6);  // header, rule, 4 groups
  CHECK_THAT(lines[0], Catch::StartsWith("environment.n  algorithm  runs"));
  CHECK(text.err.empty());  // the default grouping pools nothing
  CHECK(lines[1].find_first_not_of("- ") == std::string::npos);
}

TEST_CASE("cpex report --plot writes a valid SVG, PNG and PDF", "[cli][report][plot]") {
  const std::string svg = plot_path("report.svg");
  auto r = run_cpex("report " + kKnown + " --plot " + svg + " --x environment.n --logy");
  INFO(r.err);
  REQUIRE(r.status == 0);
  boost::property_tree::ptree tree;
  REQUIRE_NOTHROW(boost::property_tree::read_xml(svg, tree));
  const auto root = tree.get_child_optional("svg");
  REQUIRE(root.has_value());
  CHECK(root->get<std::string>("<xmlattr>.width").size() > 0);
  std::size_t elements = 0;
  std::function<void(const boost::property_tree::ptree&)> count = [&](const auto& node) {
    for (const auto& [name, child] : node) {
      elements += name != "<xmlattr>";
      count(child);
    }
  };
  count(*root);
  CHECK(elements > 50);  // axes, ticks, two lines with their bars, legend

  const std::string png = plot_path("report.png");
  r = run_cpex("report " + kKnown + " --plot " + png + " --x environment.n --y error-rate");
  REQUIRE(r.status == 0);
  std::ifstream in(png, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  REQUIRE(bytes.size() > 24);
  CHECK(bytes.substr(0, 8) == "\x89PNG\r\n\x1a\n");
  CHECK(bytes.substr(12, 4) == "IHDR");
  auto be32 = [&](std::size_t at) {
    std::uint32_t v = 0;
    for (std::size_t i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
    return v;
  };
  CHECK(be32(16) >= 400);  // width in pixels (150 dpi, a 4-inch figure or wider)
  CHECK(be32(20) >= 300);  // height

  const std::string pdf = plot_path("report.pdf");
  r = run_cpex("report " + kKnown + " --plot " + pdf + " --x environment.n --y wall --logx");
  REQUIRE(r.status == 0);
  CHECK(cpex::test::read_file(pdf).substr(0, 5) == "%PDF-");
}

TEST_CASE("cpex report --plot without matplotlib or Python is a one-line error", "[cli][report][plot]") {
  SECTION("an interpreter without matplotlib (python3 -S: no dist-packages)") {
    REQUIRE(std::filesystem::exists("/usr/bin/python3"));  // Debian's python3 (install-deps)
    const auto wrapper = cpex::test::temp_file("python-without-site", "#!/bin/sh\nexec /usr/bin/python3 -S \"$@\"\n");
    std::filesystem::permissions(wrapper, std::filesystem::perms::owner_all);
    PythonOverride python(wrapper);
    check_one_line_error(run_cpex("report " + kKnown + " --plot " + plot_path("x.svg") + " --x environment.n"),
                         "install the Debian package python3-matplotlib");
  }
  SECTION("no interpreter at all") {
    PythonOverride python("/nonexistent/python3");
    check_one_line_error(run_cpex("report " + kKnown + " --plot " + plot_path("x.svg") + " --x environment.n"),
                         "install the Debian package python3-matplotlib");
  }
}

TEST_CASE("cpex report rejects bad input with one line", "[cli][report]") {
  check_one_line_error(run_cpex("report " + kKnown + " --format xml"), "--format 'xml'");
  check_one_line_error(run_cpex("report " + kKnown + " --by environment.m"), "no column 'environment.m'");
  check_one_line_error(run_cpex("report tests/data/none.csv"), "cannot read results file 'tests/data/none.csv'");
  check_one_line_error(run_cpex("report " + kKnown + " --plot " + plot_path("x.gif") + " --x environment.n"),
                       "must end in .svg, .png or .pdf");
  check_one_line_error(run_cpex("report " + kKnown + " --plot " + plot_path("x.svg") + " --x environment.m"),
                       "no column 'environment.m'");
  auto usage = run_cpex("report");
  CHECK(usage.status == 2);
  usage = run_cpex("report " + kKnown + " --plot x.svg");
  CHECK(usage.status == 2);
  CHECK_THAT(usage.err, Catch::Contains("--plot needs --x KEY"));
}
