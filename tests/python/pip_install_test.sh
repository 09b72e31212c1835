#!/usr/bin/env bash
# `pip install .` into a fresh venv (--system-site-packages: Debian's pandas, numpy, tqdm),
# offline, reusing BUILD_DIR (CPEX_CMAKE_BUILD_DIR: only the module's targets and the
# install step run), then cpex from outside the source tree: the module, the `cpex` program
# and the plugins all come from the venv; `pip show` gives the metadata; the venv's Jupyter
# kernel `cpex` (the documented `python -m ipykernel install --user --name cpex`, into a
# scratch JUPYTER_DATA_DIR) runs examples/notebooks/first-experiment.ipynb under the
# system's nbconvert, without PYTHONPATH: a cell that raises fails the test. And a venv of
# an interpreter without pandas is refused before any compiling, naming the interpreter
# to use. Usage: pip_install_test.sh SOURCE BUILD_DIR PYTHON
source "$(dirname "$0")/script_setup.sh"
unset PYTHONPATH

# Without pip of its own: Debian's pip (a system site package) installs into the venv.
# The reused tree is only read: nothing in it is newer afterwards, no staging, no manifest.
"$python" -m venv --system-site-packages --without-pip "$scratch/venv"
touch "$scratch/before-install"
(cd "$source" && CPEX_CMAKE_BUILD_DIR="$build" "$scratch/venv/bin/python" -m pip install \
   --no-build-isolation --no-index --no-cache-dir --quiet .)
written=$(find "$build/bin" "$build/lib" "$build/share" "$build/install_manifest.txt" "$build/pip-stage" \
            -newer "$scratch/before-install" 2>/dev/null | head -5 || true)  # (the last two are usually absent)
[ -z "$written" ] || { echo "pip install wrote into the reused tree: $written" >&2; exit 1; }

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
venv/bin/python -m pip show cpex > show.txt
grep -q '^Name: cpex$' show.txt && grep -q '^Version: [0-9]' show.txt && grep -q '^Requires: numpy, pandas$' show.txt
# Every field pip shows is filled: where it lives, who wrote it, under which terms.
for field in Summary Home-page Author License; do
  grep -q "^$field: ..*" show.txt || { echo "pip show cpex: empty $field" >&2; cat show.txt >&2; exit 1; }
done

# The notebook through the venv's kernel (its metadata names the kernel `cpex`).
export JUPYTER_DATA_DIR="$scratch/jupyter"
venv/bin/python -m ipykernel install --user --name cpex --display-name "Python (cpex)" > /dev/null
cp "$source/examples/notebooks/first-experiment.ipynb" .
"$python" -m nbconvert --to notebook --execute --ExecutePreprocessor.timeout=300 \
  --output executed.ipynb first-experiment.ipynb 2> nbconvert.log || { cat nbconvert.log >&2; exit 1; }
"$python" - <<'PY'
import json
notebook = json.load(open("executed.ipynb"))
assert notebook["metadata"]["kernelspec"]["name"] == "cpex", notebook["metadata"]["kernelspec"]
cells = [c for c in notebook["cells"] if c["cell_type"] == "code"]
errors = [o for c in cells for o in c.get("outputs", []) if o["output_type"] == "error"]
assert not errors, errors
# A clean notebook: no warning printed by any cell (e.g. about its own Python algorithm's keys).
warned = ["".join(o.get("text", "")) for c in cells for o in c.get("outputs", [])
          if o["output_type"] == "stream" and "warning" in "".join(o.get("text", ""))]
assert not warned, warned
assert all(c.get("execution_count") for c in cells), "a cell did not run"
print("notebook executed through the kernel cpex: %d code cells" % len(cells))
PY

venv/bin/cpex --version
venv/bin/cpex list > list.txt
grep -q '^algorithm  *lucb ' list.txt
venv/bin/cpex run "$source/pipelines/quickstart.ini" --set run.repetitions=10 --out runs.csv --quiet > /dev/null
venv/bin/cpex report runs.csv --plot fig.svg --x algorithm
test -s fig.svg
# pip uninstall removes what it installed, the program and the plugins included.
"$scratch/venv/bin/python" -m pip uninstall --yes --quiet cpex
test ! -e venv/bin/cpex && test ! -e venv/lib/cpex/plugins/libcpex-lucb.so

# An interpreter without the dependencies (a venv without --system-site-packages, whose
# pip comes from Python's own wheel): refused within seconds, before CMake runs, with one
# line naming the interpreter and the command to use.
"$python" -m venv "$scratch/bare"
started=$(date +%s)
if (cd "$source" && "$scratch/bare/bin/python" -m pip install --no-build-isolation --no-index \
      --no-cache-dir . > "$scratch/bare.log" 2>&1); then
  echo "a Python without pandas was not refused" >&2; exit 1
fi
grep -q "cpex build: error: this Python is $scratch/bare/bin/python.*: it has no numpy, pandas, and its base has them: make the venv with .* -m venv --system-site-packages ENV" bare.log ||
  { cat bare.log >&2; exit 1; }
test $(( $(date +%s) - started )) -lt 30
if grep -q "cmake" bare.log; then echo "CMake ran for a refused Python" >&2; exit 1; fi
echo "pip install into a fresh venv: ok"
