"""CPEx results in Python: `read_results` loads the runs of `cpex run/sweep --out` (a CSV
file or an SQLite store) into a pandas DataFrame. `plot.py` beside this file is the
plotting script of `cpex report --plot`.

Importable without compilation from <build>/share/cpex/python or
<prefix>/share/cpex/python (add that directory to PYTHONPATH)."""
from .results import read_results

__all__ = ["read_results"]
