// `cpex export --where` with sweep keys written bare (issue 34): dotted column names are
// double-quoted, and nothing inside literals, quoted names or comments is touched.
#include <catch2/catch.hpp>

#include "where_columns.hpp"

using cpex::quote_column_names;

TEST_CASE("Dotted column names of a --where filter are quoted", "[unit][export]") {
  const std::vector<std::string> columns = {"run_id", "point", "algorithm.plugin", "environment.n",
                                            "environment.delta-min", "algorithm.lucb@a.delta", "samples"};
  CHECK(quote_column_names("algorithm.plugin = 'lucb'", columns) == "\"algorithm.plugin\" = 'lucb'");
  CHECK(quote_column_names("environment.n>=10 AND samples < 5", columns) ==
        "\"environment.n\">=10 AND samples < 5");
  CHECK(quote_column_names("environment.delta-min = 0.5", columns) == "\"environment.delta-min\" = 0.5");
  CHECK(quote_column_names("algorithm.lucb@a.delta < 0.1", columns) == "\"algorithm.lucb@a.delta\" < 0.1");
  // Already quoted, inside literals and comments, part of a longer name: left alone.
  for (const char* kept : {"\"algorithm.plugin\" = 'x'", "point = 'environment.n'",
                           "point = 1 -- environment.n\n", "point /* environment.n */ = 1",
                           "environment.nn = 1", "xenvironment.n = 1", "runs.environment.n = 1"})
    CHECK(quote_column_names(kept, columns) == kept);
  CHECK(quote_column_names("", columns).empty());
}
