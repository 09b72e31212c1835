#!/usr/bin/env bash
# Builds the documentation site into BUILD/docs/html (BUILD: $CPEX_BUILD_DIR, else build;
# it must hold bin/cpex and the Python package, as scripts/build.sh makes them) with
# Debian's Sphinx, MyST, Breathe and Doxygen (scripts/install-deps.sh): docs/ and README.md
# staged into BUILD/docs/src with generated pages — one per plugin `cpex list` shows, from
# `cpex describe`, and the C++ plugin interface from framework/include/cpex/*.hpp and
# framework/include/cpex/identification/*.hpp through
# Doxygen's XML — and the Python API from the package's docstrings. Warnings are errors,
# and every internal link (pages, headings, images) must resolve. Runs Debian's
# /usr/bin/python3 whatever python3 comes first on PATH. Usage: bash scripts/docs.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "$root" && mkdir -p "${CPEX_BUILD_DIR:-build}" && cd "${CPEX_BUILD_DIR:-build}" && pwd)
python=/usr/bin/python3
cpex="$build/bin/cpex"
[ -x "$cpex" ] || { echo "docs.sh: $cpex is missing: build first (bash scripts/build.sh)" >&2; exit 1; }
"$python" -c "import sphinx, myst_parser, breathe" 2>/dev/null ||
  { echo "docs.sh: $python lacks Sphinx, MyST or Breathe: bash scripts/install-deps.sh (python3-sphinx python3-myst-parser python3-breathe)" >&2; exit 1; }
command -v doxygen > /dev/null || { echo "docs.sh: doxygen is missing: bash scripts/install-deps.sh" >&2; exit 1; }

out="$build/docs"
src="$out/src"
rm -rf "$src" "$out/html" "$out/doxygen"
mkdir -p "$src/plugins" "$out/doxygen"
cp -r "$root/docs/." "$src/"
cp "$root/README.md" "$out/README.md"   # docs/overview.md includes ../README.md

# A page per plugin, from `cpex describe` (the library's path, which is this machine's, left out).
"$python" "$root/scripts/docs_plugin_pages.py" "$cpex" "$src/plugins"

# The C++ plugin interface and the SDK's identification API (cpex/identification/: the
# problem, the GLR statistic, T*, thresholds, the GLR sampler base): Doxygen reads the
# headers' // comments as documentation.
headers=$(cd "$root" && ls framework/include/cpex/*.hpp framework/include/cpex/identification/*.hpp)
cat > "$out/doxygen/Doxyfile" <<DOXY
PROJECT_NAME      = CPEx
INPUT             = $(for h in $headers; do printf '%s ' "$root/$h"; done)
OUTPUT_DIRECTORY  = $out/doxygen
GENERATE_XML      = YES
GENERATE_HTML     = NO
GENERATE_LATEX    = NO
EXTRACT_ALL       = YES
EXTRACT_PRIVATE   = NO
EXTRACT_STATIC    = YES
ENABLE_PREPROCESSING = YES
MACRO_EXPANSION   = NO
QUIET             = YES
WARNINGS          = YES
WARN_IF_UNDOCUMENTED = NO
WARN_AS_ERROR     = FAIL_ON_WARNINGS
FULL_PATH_NAMES   = NO
FILTER_PATTERNS   = *.hpp="$python $root/scripts/docs_comment_filter.py"
DOXY
(cd "$out/doxygen" && doxygen Doxyfile)
"$python" "$root/scripts/docs_cpp_page.py" "$out/doxygen/xml" "$src/cpp-api.md"

export CPEX_DOXYGEN_XML="$out/doxygen/xml"
export CPEX_DOCS_VERSION=$("$cpex" --version | awk '{print $2}')  # "cpex 0.1.0 (plugin ABI N) (MPI)"
export PYTHONPATH="$build/share/cpex/python"
export PYTHONDONTWRITEBYTECODE=1
"$python" -m sphinx -b html -W --keep-going -q -j 1 -d "$out/doctrees" "$src" "$out/html"
pages=$(find "$out/html/plugins" -name '*.html' ! -name index.html ! -name run-section.html | wc -l)
listed=$("$cpex" list | wc -l)
[ "$pages" -eq "$listed" ] ||
  { echo "docs.sh: $pages plugin pages, but cpex list shows $listed plugins" >&2; exit 1; }
echo "docs.sh: $out/html/index.html ($pages plugin pages, one per plugin of cpex list)"
