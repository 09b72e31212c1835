#!/usr/bin/env bash
# Executes examples/notebooks/first-experiment.ipynb with jupyter nbconvert (Debian's
# jupyter-nbconvert, python3-nbclient, python3-ipykernel) in a scratch directory, with the
# build tree's package on PYTHONPATH (the kernel inherits it). Any cell that raises fails it.
# Usage: notebook_test.sh SOURCE BUILD_DIR PYTHON
source "$(dirname "$0")/script_setup.sh"
cp "$source/examples/notebooks/first-experiment.ipynb" "$scratch/"
cd "$scratch"
export PYTHONPATH="$build/share/cpex/python${PYTHONPATH:+:$PYTHONPATH}"
"$python" -m nbconvert --to notebook --execute --ExecutePreprocessor.timeout=300 \
  --output executed.ipynb first-experiment.ipynb
"$python" - <<'PY'
import json
cells = json.load(open("executed.ipynb"))["cells"]
errors = [o for c in cells if c["cell_type"] == "code" for o in c.get("outputs", []) if o["output_type"] == "error"]
assert not errors, errors
print("notebook executed: %d code cells" % sum(c["cell_type"] == "code" for c in cells))
PY
