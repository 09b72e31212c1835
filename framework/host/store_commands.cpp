// cpex export (a store's rows as CSV) and cpex merge (shards into one store).
#include <iostream>

#include "commands.hpp"
#include "cpex/errors.hpp"
#include "cpex/runtime/output_safety.hpp"
#include "cpex/store/results_store.hpp"

namespace cpex::host {

int export_store(const std::string& store, const std::string& csv, const std::string& where,
                 bool force) {
  if (csv.empty()) throw ConfigError("export: --csv FILE is required");
  read_store_meta(store);
  check_outputs({{"results store", store}}, {{"--csv", csv}});
  check_overwrite({"--csv", csv}, ExistingOutput::CpexCsv, force);
  const std::uint64_t rows = export_csv(store, csv, where);
  std::cerr << "cpex: exported " << rows << " rows to '" << csv << "'\n";
  return 0;
}

int merge_shards(const std::string& out, const std::vector<std::string>& inputs) {
  const NamedPath output{"merge output", out};
  check_output_kind(output);
  std::vector<NamedPath> named;
  for (const auto& input : inputs) named.push_back({"merge input", input});
  check_outputs(named, {output});
  const MergeReport report = merge_stores(out, inputs);
  std::cout << "merged " << inputs.size() << " stores into '" << out << "': " << report.rows
            << " of " << report.expected << " runs"
            << (report.rows == report.expected ? "" : " (incomplete: rerun the missing shards)")
            << '\n';
  return 0;
}

}  // namespace cpex::host
