// `[run] checkpoints`: one sweep gives every algorithm's answer at several budgets. An
// algorithm that does not depend on its budget (anytime: at-lucb, top-two) runs once and each
// row equals a separate run told that budget; a fixed-budget one (successive-rejects,
// sequential-halving, continuous-rejects) runs once per budget and equals it by construction;
// a fixed-confidence one keeps its final answer after it stopped. Shards, resume and growth of
// a checkpoint store give the rows of one uninterrupted sweep; bad input is one line.
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include "cli_expect.hpp"
#include "csv_table.hpp"
#include "test_support.hpp"

namespace {

using namespace cpex::test;

const std::vector<std::string> kBudgets = {"60", "120", "240", "480", "960"};

std::string checkpoint_list() {
  std::string text;
  for (const auto& b : kBudgets) text += (text.empty() ? "" : ", ") + b;
  return text;
}

// Five Bernoulli arms (best: 3), the algorithms swept.
std::string base(const std::string& run, const std::string& algorithms) {
  return "[environment]\nplugin = bernoulli\nmeans = 0.45, 0.4, 0.3, 0.6, 0.5\n[oracle]\nplugin = top-k\nk = 1\n"
         "[algorithm]\nplugin = successive-rejects\n[algorithm.top-two]\ndelta = 0.1\n[run]\nseed = 17\nrepetitions = 12\n"
         "record-pulls = yes\n" + run + "[sweep]\naxis = algorithm.plugin = " + algorithms + "\n";
}

std::vector<std::map<std::string, std::string>> sweep_rows(const std::string& name, const std::string& text,
                                                           const std::string& options = "") {
  const std::string ini = temp_file(name + ".ini", text);
  const std::string csv = fresh_path(name + ".csv");
  const auto r = run_cpex("sweep " + ini + " --quiet --out " + csv + options);
  INFO(r.err);
  REQUIRE(r.status == 0);
  return keyed_rows(csv_rows(read_file(csv)));
}

// The row's answer and its costs: what must be equal between the two ways of running it.
std::string answer(const std::map<std::string, std::string>& row) {
  return row.at("samples") + "|" + row.at("status") + "|" + row.at("recommendation") + "|" + row.at("correct") + "|" +
         row.at("optimal") + "|" + row.at("pulls");
}

}  // namespace

TEST_CASE("Checkpoints: one sweep equals a separate budget run per checkpoint, for SR, SH, CR, AT-LUCB and top-two",
          "[batched][checkpoints]") {
  const std::string algorithms = "successive-rejects, sequential-halving, continuous-rejects, at-lucb, top-two";
  const auto rows = sweep_rows("checkpoints", base("checkpoints = " + checkpoint_list() + "\n", algorithms));
  REQUIRE(rows.size() == 5 * kBudgets.size() * 12);
  std::map<std::string, std::string> at_checkpoint;  // (algorithm, budget, repetition) -> answer
  for (const auto& row : rows) {
    // at its budget; a fixed-budget schedule that ends exactly there ends by its rule
    CHECK((row.at("status") == "budget" || row.at("status") == "stopped"));
    CHECK(std::stoull(row.at("samples")) <= std::stoull(row.at("run.budget")));
    at_checkpoint[row.at("algorithm") + "/" + row.at("run.budget") + "/" + row.at("repetition")] = answer(row);
  }
  for (const auto& budget : kBudgets) {
    const auto separate = sweep_rows("budget-" + budget, base("budget = " + budget + "\n", algorithms));
    REQUIRE(separate.size() == 5 * 12);
    for (const auto& row : separate) {
      const std::string key = row.at("algorithm") + "/" + budget + "/" + row.at("repetition");
      INFO(key);
      REQUIRE(at_checkpoint.count(key) == 1);
      CHECK(at_checkpoint[key] == answer(row));
    }
  }
}

TEST_CASE("Checkpoints of a fixed-confidence algorithm: its answer until it stops, then its final one",
          "[batched][checkpoints]") {
  const std::string pipeline = "[environment]\nplugin = gaussian\nmeans = 1, 0.5, 0.2\nsigma = 1\n[oracle]\nplugin = top-k\n"
                               "k = 1\n[algorithm]\nplugin = lucb\ndelta = 0.1\n[run]\nseed = 3\nrepetitions = 10\n";
  const auto plain = sweep_rows("lucb-plain", pipeline);
  const auto rows = sweep_rows("lucb-checkpoints", pipeline + "checkpoints = 50, 200, 800, 3200, 100000\n");
  REQUIRE(rows.size() == 5 * plain.size());
  for (const auto& p : plain) {
    const std::uint64_t tau = std::stoull(p.at("samples"));
    for (const auto& row : rows) {
      if (row.at("repetition") != p.at("repetition")) continue;
      const std::uint64_t budget = std::stoull(row.at("run.budget"));
      INFO("repetition " << p.at("repetition") << ", budget " << budget << ", tau " << tau);
      if (budget >= tau) {  // stopped by its rule before (or at) the checkpoint: its final answer
        CHECK(row.at("status") == "stopped");
        CHECK(row.at("samples") == p.at("samples"));
        CHECK(row.at("recommendation") == p.at("recommendation"));
      } else {
        CHECK(row.at("status") == "budget");
        CHECK(std::stoull(row.at("samples")) == budget);
      }
    }
  }
}

TEST_CASE("Checkpoints: two shards merged, a resumed store and grown repetitions give the uninterrupted rows",
          "[batched][checkpoints]") {
  const std::string text = base("checkpoints = " + checkpoint_list() + "\n", "successive-rejects, at-lucb");
  const std::string ini = temp_file("checkpoints-store.ini", text);
  const std::string whole = fresh_path("checkpoints-whole.db"), one = fresh_path("checkpoints-1.db"),
                    two = fresh_path("checkpoints-2.db"), merged = fresh_path("checkpoints-merged.db");
  REQUIRE(run_cpex("sweep " + ini + " --quiet --out " + whole).status == 0);
  REQUIRE(run_cpex("sweep " + ini + " --quiet --shard 1/3 --out " + one).status == 0);
  REQUIRE(run_cpex("sweep " + ini + " --quiet --shard 2/3 --out " + two).status == 0);
  REQUIRE(run_cpex("merge " + merged + " " + one + " " + two).status == 0);
  // the third shard's rows by resuming the merged store without --shard
  REQUIRE(run_cpex("sweep " + ini + " --quiet --out " + merged).status == 0);
  auto exported = [](const std::string& db) {
    const std::string csv = fresh_path("checkpoints-export.csv");
    REQUIRE(run_cpex("export " + db + " --csv " + csv).status == 0);
    std::vector<std::string> out;
    for (const auto& row : keyed_rows(csv_rows(read_file(csv))))
      out.push_back(row.at("run_id") + ":" + row.at("point") + ":" + row.at("run.budget") + ":" + answer(row));
    return out;
  };
  CHECK(exported(merged) == exported(whole));
  // Growing the repetitions renumbers the stored rows: the grown store is a fresh sweep's.
  const std::string grown_ini = temp_file("checkpoints-grown.ini", text);
  const std::string grown = fresh_path("checkpoints-grown.db"), fresh = fresh_path("checkpoints-fresh.db");
  REQUIRE(run_cpex("sweep " + grown_ini + " --quiet --out " + grown).status == 0);
  REQUIRE(run_cpex("sweep " + grown_ini + " --set run.repetitions=20 --quiet --out " + grown).status == 0);
  REQUIRE(run_cpex("sweep " + grown_ini + " --set run.repetitions=20 --quiet --out " + fresh).status == 0);
  CHECK(exported(grown) == exported(fresh));
}

TEST_CASE("Checkpoints refuse bad input in one line", "[batched][checkpoints]") {
  const std::string head = "[environment]\nplugin = bernoulli\nmeans = 0.45, 0.4, 0.6\n[oracle]\nplugin = top-k\nk = 1\n";
  expect_pipeline_error(head + "[algorithm]\nplugin = successive-rejects\n[run]\ncheckpoints = 100, 50\n",
                        {"[run] checkpoints", "must increase", "100 then 50"});
  expect_pipeline_error(head + "[algorithm]\nplugin = successive-rejects\n[run]\ncheckpoints = 100, 200\nbudget = 100\n",
                        {"[run] checkpoints", "budget or checkpoints, not both"});
  expect_pipeline_error(head + "[algorithm]\nplugin = successive-rejects\n[run]\ncheckpoints = 100, 150.5\n",
                        {"[run] checkpoints", "150.5", "whole number"});
  expect_pipeline_error(head + "[algorithm]\nplugin = at-lucb\n[run]\ncheckpoints = 100, 200\nbatch-size = 10\n",
                        {"[run] checkpoints", "batch-size"});
  expect_pipeline_error(head + "[algorithm]\nplugin = successive-rejects\n[run]\ncheckpoints = 100, 2000\nmax-samples = 1000\n",
                        {"[run] checkpoints", "2000", "max-samples = 1000"});
  expect_pipeline_error(head + "[algorithm]\nplugin = at-lucb\n[run]\nrepetitions = 2\n",
                        {"at-lucb", "anytime", "budget = T", "checkpoints"});
  const std::string swept = temp_file("checkpoints-swept.ini", head + "[algorithm]\nplugin = successive-rejects\n[run]\n"
                                                                      "checkpoints = 100, 200\n[sweep]\naxis = run.budget = 50, 60\n");
  expect_cli_error("sweep " + swept, {"checkpoints", "budget or checkpoints, not both"});
}
