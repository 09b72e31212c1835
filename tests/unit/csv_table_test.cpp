// Numeric CSV tables: good files, and errors that name the line and the column.
#include <catch2/catch.hpp>

#include "cpex/data/csv_table.hpp"
#include "cpex/errors.hpp"
#include "test_support.hpp"

using cpex::data::read_csv_table;
using Catch::Matchers::Contains;

TEST_CASE("CSV tables read a header and numeric rows", "[csv]") {
  const auto path = cpex::test::temp_file("good.csv", "a,b,label\n1,2.5,1\n\n-3,4e-1,0\r\n");
  const auto table = read_csv_table(path, "file");
  REQUIRE(table.columns == std::vector<std::string>{"a", "b", "label"});
  REQUIRE(table.rows.rows() == 2);
  CHECK(table.rows(0, 1) == 2.5);
  CHECK(table.rows(1, 0) == -3.0);
  CHECK(table.rows(1, 1) == 0.4);
  CHECK(table.column("label", "label", path) == 2);
  CHECK_THROWS_WITH(table.column("y", "label", path), Contains("has no column named 'y'"));
}

TEST_CASE("CSV errors name the file, line and column", "[csv]") {
  const auto bad = cpex::test::temp_file("bad.csv", "a,b\n1,2\n3,x\n");
  CHECK_THROWS_WITH(read_csv_table(bad, "file"),
                    Contains("bad.csv:3: column 2 ('b'): 'x' is not a number"));
  const auto ragged = cpex::test::temp_file("ragged.csv", "a,b\n1,2,3\n");
  CHECK_THROWS_WITH(read_csv_table(ragged, "file"),
                    Contains("ragged.csv:2: 3 cells, but the header has 2 columns"));
  const auto empty_cell = cpex::test::temp_file("cell.csv", "a,b\n1,\n");
  CHECK_THROWS_WITH(read_csv_table(empty_cell, "file"), Contains("column 2 ('b'): '' is not a number"));
  CHECK_THROWS_WITH(read_csv_table("/no/such.csv", "file"), Contains("data file '/no/such.csv' does not exist"));
  const auto header_only = cpex::test::temp_file("header.csv", "a,b\n");
  CHECK_THROWS_WITH(read_csv_table(header_only, "file"), Contains("has no data rows"));
  // The error names the parameter that gave the path.
  bool thrown = false;
  try {
    read_csv_table(bad, "features-file");
  } catch (const cpex::ParameterError& e) {
    thrown = true;
    CHECK(e.key() == "features-file");
  }
  CHECK(thrown);
}
