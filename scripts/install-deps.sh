#!/usr/bin/env bash
# Installs CPEx's dependencies from Debian 12 packages (needs root; uses sudo when not
# root). Skips apt entirely when every package is already installed. The argument says for
# what, each level including the ones before it:
#   main   the main job (scripts/quickstart.sh): compilers, CMake and the libraries cpex,
#          its plugins and the Python module build with
#   test   (the default) the whole default test suite (scripts/test.sh): sanitizer and
#          fuzzing toolchain, MPI, the Python packages, the documentation tools, nginx
#   long   the long label too (pdflatex for the LaTeX-table test)
set -euo pipefail

level=${1:-test}
case "$level" in main|test|long) ;; *) echo "usage: scripts/install-deps.sh [main|test|long]" >&2; exit 2 ;; esac

packages=(
  build-essential cmake pkg-config python3
  libboost-dev libboost-program-options-dev libboost-filesystem-dev libboost-graph-dev
  libeigen3-dev libtbb-dev librandom123-dev nlohmann-json3-dev libglpk-dev liblemon-dev
  libsqlite3-dev
  catch2 libbenchmark-dev                      # read at configure time (tests, benchmarks)
  python3-dev pybind11-dev                     # the Python module cpex._core (docs/python.md)
)
if [ "$level" != main ]; then
  packages+=(
    sqlite3 valgrind bc
    clang libclang-rt-14-dev                   # libFuzzer targets (scripts/fuzz.sh)
    libopenmpi-dev openmpi-bin                 # cpex sweep over MPI (docs/scaling.md)
    nginx-light openssl                        # the TLS reverse-proxy test of `cpex study serve` (docs/studies.md)
    python3-matplotlib python3-pandas
    python3-pip python3-venv python3-pytest python3-tqdm   # pip install ., its tests, progress bars
    jupyter-nbconvert python3-nbclient python3-ipykernel   # the example notebook, executed by ctest
    python3-sphinx python3-myst-parser python3-breathe doxygen   # the documentation site (scripts/docs.sh)
  )
fi
if [ "$level" = long ]; then
  packages+=(texlive-latex-base texlive-latex-recommended)  # pdflatex and booktabs: `cpex report --format latex`
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo)
echo "install-deps: installing ${missing[*]}"
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
