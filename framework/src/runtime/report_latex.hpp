// LaTeX text for `cpex report --format latex` (report_output.cpp): escaping of plain text
// with names' $...$ math kept, and the booktabs table around the cells.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace cpex::inline runtime::latex {

// `text` for a LaTeX document: the characters special to LaTeX escaped, the Greek letters
// and signs CPEx prints (δ, μ, ε, ≥, ...) as math, and every $...$ span kept as written
// (a display name such as "$\beta$-EB-TCI"). An unpaired $ is escaped.
std::string text(const std::string& text);

// A count as LaTeX: digits grouped by thin spaces from 10,000 on ("14\,566").
std::string grouped_number(const std::string& digits);

// A table float: `caption` (LaTeX already), column alignments ('l' or 'r'), the header and
// the rows (LaTeX cells); `blocks[r]`: row r starts a new block (a little space above it).
void write_table(std::ostream& out, const std::string& caption, const std::vector<bool>& numeric,
                 const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows,
                 const std::vector<bool>& blocks);

}  // namespace cpex::runtime::latex
