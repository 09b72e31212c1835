#!/usr/bin/env bash
# Installs CPEx's build and test dependencies from Debian 12 packages (needs root; uses
# sudo when not root). Skips apt entirely when every package is already installed.
set -euo pipefail

packages=(
  build-essential cmake pkg-config
  libboost-dev libboost-program-options-dev libboost-filesystem-dev libboost-graph-dev
  libeigen3-dev libtbb-dev librandom123-dev nlohmann-json3-dev
  catch2 libbenchmark-dev libglpk-dev liblemon-dev python3 valgrind bc
  clang libclang-rt-14-dev   # libFuzzer targets (scripts/fuzz.sh)
  libsqlite3-dev sqlite3 libopenmpi-dev openmpi-bin
  nginx-light openssl                          # the TLS reverse-proxy test of `cpex study serve` (docs/studies.md)
  python3-matplotlib python3-pandas
  python3-dev pybind11-dev                     # the Python module cpex._core (docs/python.md)
  python3-pip python3-venv python3-pytest python3-tqdm   # pip install ., its tests, progress bars
  jupyter-nbconvert python3-nbclient python3-ipykernel   # the example notebook, executed by ctest
  python3-sphinx python3-myst-parser python3-breathe doxygen   # the documentation site (scripts/docs.sh)
  texlive-latex-base texlive-latex-recommended  # pdflatex and booktabs: the long test of `cpex report --format latex`
)

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
