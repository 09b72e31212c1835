// LaTeX text and tables of `cpex report --format latex` (report_latex.hpp).
#include "report_latex.hpp"

#include <cctype>
#include <string_view>
#include <utility>

namespace cpex::inline runtime::latex {

namespace {

// Characters CPEx's own texts hold outside ASCII, as LaTeX (pdflatex's default input).
constexpr std::pair<std::string_view, std::string_view> kSymbols[] = {
    {"δ", "$\\delta$"}, {"Δ", "$\\Delta$"}, {"μ", "$\\mu$"},     {"ε", "$\\varepsilon$"},
    {"σ", "$\\sigma$"}, {"θ", "$\\theta$"}, {"α", "$\\alpha$"}, {"β", "$\\beta$"},
    {"λ", "$\\lambda$"}, {"Λ", "$\\Lambda$"}, {"ρ", "$\\rho$"}, {"τ", "$\\tau$"},
    {"≥", "$\\geq$"},   {"≤", "$\\leq$"},   {"×", "$\\times$"}, {"–", "--"},
    {"—", "---"},       {"…", "\\dots{}"}, {"·", "$\\cdot$"},  {"≈", "$\\approx$"}};

std::string plain(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    bool symbol = false;
    for (const auto& [from, to] : kSymbols)
      if (text.substr(i, from.size()) == from) {
        out += to;
        i += from.size();
        symbol = true;
        break;
      }
    if (symbol) continue;
    const char c = text[i++];
    switch (c) {
      case '\\': out += "\\textbackslash{}"; break;
      case '{': case '}': case '$': case '&': case '%': case '#': case '_':
        out += '\\';
        out += c;
        break;
      case '^': out += "\\textasciicircum{}"; break;
      case '~': out += "\\textasciitilde{}"; break;
      case '<': out += "\\textless{}"; break;
      case '>': out += "\\textgreater{}"; break;
      case '|': out += "\\textbar{}"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace

std::string text(const std::string& text) {
  std::string out;
  std::size_t begin = 0;
  while (begin < text.size()) {
    const std::size_t open = text.find('$', begin);
    const std::size_t close = open == std::string::npos ? open : text.find('$', open + 1);
    if (close == std::string::npos) {
      out += plain(std::string_view(text).substr(begin));
      break;
    }
    out += plain(std::string_view(text).substr(begin, open - begin));
    out += text.substr(open, close + 1 - open);  // math as written
    begin = close + 1;
  }
  return out;
}

std::string grouped_number(const std::string& digits) {
  std::size_t end = 0;
  while (end < digits.size() && std::isdigit(static_cast<unsigned char>(digits[end]))) ++end;
  if (end < 5) return digits;
  std::string out;
  for (std::size_t i = 0; i < end; ++i) {
    if (i > 0 && (end - i) % 3 == 0) out += "\\,";
    out += digits[i];
  }
  return out + digits.substr(end);
}

void write_table(std::ostream& out, const std::string& caption, const std::vector<bool>& numeric,
                 const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows,
                 const std::vector<bool>& blocks) {
  std::string columns;
  for (bool n : numeric) columns += n ? 'r' : 'l';
  auto line = [&](const std::vector<std::string>& cells) {
    out << "    ";
    for (std::size_t c = 0; c < cells.size(); ++c) out << (c ? " & " : "") << cells[c];
    out << " \\\\\n";
  };
  out << "% cpex report --format latex: a booktabs table for \\input (the preamble needs\n"
         "% \\usepackage{booktabs})\n"
         "\\begin{table}[tbp]\n"
         "  \\centering\n"
         "  \\caption{" << caption << "}\n"
         "  \\begin{tabular}{" << columns << "}\n"
         "    \\toprule\n";
  line(header);
  out << "    \\midrule\n";
  for (std::size_t r = 0; r < rows.size(); ++r) {
    if (r > 0 && r < blocks.size() && blocks[r]) out << "    \\addlinespace\n";
    line(rows[r]);
  }
  out << "    \\bottomrule\n"
         "  \\end{tabular}\n"
         "\\end{table}\n";
}

}  // namespace cpex::runtime::latex
