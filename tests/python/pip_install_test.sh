#!/usr/bin/env bash
# `pip install .` into a fresh venv (--system-site-packages: Debian's pandas, numpy, tqdm),
# offline, reusing BUILD_DIR (CPEX_CMAKE_BUILD_DIR: only the module's targets and the
# install step run), then cpex from outside the source tree: the module, the `cpex` program
# and the plugins all come from the venv. Usage: pip_install_test.sh SOURCE BUILD_DIR PYTHON
source "$(dirname "$0")/script_setup.sh"
unset PYTHONPATH

# Without pip of its own: Debian's pip (a system site package) installs into the venv.
"$python" -m venv --system-site-packages --without-pip "$scratch/venv"
(cd "$source" && CPEX_CMAKE_BUILD_DIR="$build" "$scratch/venv/bin/python" -m pip install \
   --no-build-isolation --no-index --no-cache-dir --quiet .)

cd "$scratch"
venv/bin/python -c "
import sys, cpex
assert cpex.__file__.startswith(sys.prefix), cpex.__file__
libraries = set(cpex.plugins().library)
assert all(l.startswith(sys.prefix + '/lib/cpex/plugins/') for l in libraries), libraries
print(cpex.run(cpex.Pipeline(environment={'plugin': 'gaussian', 'means': [0.5, 0.4, 0.3]},
                             oracle={'plugin': 'top-k', 'k': 1}, algorithm={'plugin': 'lucb'},
                             run={'repetitions': 20, 'seed': 7}))[['run_id', 'samples', 'recommendation', 'correct']])
"
venv/bin/cpex --version
venv/bin/cpex list > list.txt
grep -q '^algorithm  *lucb ' list.txt
venv/bin/cpex run "$source/pipelines/quickstart.ini" --set run.repetitions=10 --out runs.csv --quiet > /dev/null
venv/bin/cpex report runs.csv --plot fig.svg --x algorithm
test -s fig.svg
# pip uninstall removes what it installed, the program and the plugins included.
"$scratch/venv/bin/python" -m pip uninstall --yes --quiet cpex
test ! -e venv/bin/cpex && test ! -e venv/lib/cpex/plugins/libcpex-lucb.so
echo "pip install into a fresh venv: ok"
