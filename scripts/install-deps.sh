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

# The main job's set is kept small: a fresh machine downloads every package of it before the
# quickstart can compile anything. g++ and make rather than build-essential (whose dpkg-dev
# brings Perl); Boost.Graph and Boost.DLL are header-only here (libboost-dev holds them;
# libboost-graph-dev would add ICU for the GraphML reader CPEx does not use).
packages=(
  g++ make cmake ninja-build pkg-config python3
  libboost-dev libboost-program-options-dev
  libeigen3-dev libtbb-dev librandom123-dev nlohmann-json3-dev libglpk-dev liblemon-dev
  libsqlite3-dev
  catch2 libbenchmark-dev                      # read at configure time (tests, benchmarks)
  python3-dev pybind11-dev                     # the Python module cpex._core (docs/python.md)
)
if [ "$level" != main ]; then
  packages+=(
    build-essential
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
# apt fetches one archive at a time over one connection; on a fresh machine that download is
# most of this script's time. The archives apt is about to fetch are first downloaded eight
# at a time into apt's own cache (apt-get download names them as apt does), so the install
# below finds them there and checks them against the package lists as usual. Whatever the
# prefetch misses, apt fetches itself.
archives=/var/cache/apt/archives
DEBIAN_FRONTEND=noninteractive apt-get install -s -qq --no-install-recommends "${missing[@]}" 2>/dev/null |
  sed -n 's/^Inst \([^ ]*\) (\([^ ]*\) .*/\1=\2/p' |
  "${as_root[@]}" sh -c "cd $archives && xargs -r -P 8 -n 4 apt-get download -qq" > /dev/null 2>&1 ||
  echo "install-deps: the parallel prefetch failed; apt downloads the packages itself"
echo "install-deps: package lists and archives fetched in ${SECONDS} s"
# --force-unsafe-io: dpkg skips its fsync after each file it unpacks (as Debian's container
# images do); a machine that loses power mid-install reinstalls.
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends \
  -o Dpkg::Options::=--force-unsafe-io "${missing[@]}"
echo "install-deps: ${#missing[@]} packages and their dependencies installed in ${SECONDS} s in all"
