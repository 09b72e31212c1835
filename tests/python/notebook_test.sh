#!/usr/bin/env bash
# Executes examples/notebooks/NOTEBOOK (the study notebook ab-test-study.ipynb; first-experiment.ipynb
# runs through its kernel in pip_install_test.sh) with jupyter nbconvert (Debian's
# jupyter-nbconvert, python3-nbclient, python3-ipykernel) in a scratch directory, with the
# build tree's package on PYTHONPATH (the kernel inherits it). Any cell that raises fails it.
# Usage: notebook_test.sh SOURCE BUILD_DIR PYTHON [NOTEBOOK]
source "$(dirname "$0")/script_setup.sh"
notebook=${4:-first-experiment.ipynb}
cp "$source/examples/notebooks/$notebook" "$scratch/"
cd "$scratch"
export PYTHONPATH="$build/share/cpex/python${PYTHONPATH:+:$PYTHONPATH}"
"$python" -m nbconvert --to notebook --execute --ExecutePreprocessor.timeout=300 \
  --output executed.ipynb "$notebook"
"$python" - <<'PY'
import json
cells = json.load(open("executed.ipynb"))["cells"]
errors = [o for c in cells if c["cell_type"] == "code" for o in c.get("outputs", []) if o["output_type"] == "error"]
assert not errors, errors
warned = ["".join(o.get("text", "")) for c in cells for o in c.get("outputs", [])
          if o["output_type"] == "stream" and "warning" in "".join(o.get("text", ""))]
assert not warned, warned
print("notebook executed: %d code cells" % sum(c["cell_type"] == "code" for c in cells))
PY
