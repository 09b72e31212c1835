"""CPEx from Python: run pipelines and sweeps with the C++ engine, prototype plugins in
Python, read and plot results.

    import cpex
    p = cpex.Pipeline.from_file("pipelines/quickstart.ini", set={"algorithm.delta": 0.01})
    df = cpex.run(p, threads=2, progress=True)          # pandas DataFrame, one row per run
    df = cpex.sweep(p, axes={"algorithm.delta": [0.1, 0.01]}, out="r.db")   # resumable
    cpex.plugins(); cpex.describe("lucb"); cpex.read_results("r.db"); cpex.report("r.db")
    cpex.hardness(p); q = cpex.Problem.from_pipeline(p); q.glr(means, counts)   # T*, GLR

The compiled part is the module cpex._core (pybind11), which runs the host's own code
(framework/host): the same validation, errors and rows as the `cpex` command. Without it
(the pure-Python files alone, e.g. from a sanitizer build) only read_results works.
Guide: docs/python.md."""
from ._errors import (ConfigError, Error, Interrupted, ParameterError, PluginError, RunError,
                      RunsFailed)
from ._native import available as _module_available
from ._pipeline import Pipeline
from ._plugins import (Algorithm, Choice, Environment, Integer, Path, Real, RealList,
                       Recommendation, Text, describe, load_plugins, plugins, register)
from ._reporting import plot, report
from ._running import run, sweep
from .identification import Problem, hardness, threshold
from .study import Study
try:
    from .results import read_results
except ImportError as _error:  # pandas missing: everything but the frames still works
    _PANDAS_ERROR = _error

    def read_results(*paths):
        """Needs pandas (see cpex.results.read_results)."""
        raise Error("cpex.read_results needs pandas (%s): Debian's python3-pandas, or a venv "
                    "made with --system-site-packages" % _PANDAS_ERROR)

if _module_available():
    from ._core import (AlgorithmContext, EnvironmentContext, OracleView, ParamSchema, ParamSpec,
                        RandomStream, Range, RewardModel, RewardRequirement)
    from ._core import Problem as ProblemDescription
    from ._core import version as __version__
else:
    __version__ = "unknown"

__all__ = ["Pipeline", "run", "sweep", "read_results", "report", "plot", "plugins", "describe",
           "load_plugins", "register", "Algorithm", "Environment", "Recommendation", "Real",
           "Integer", "Text", "Path", "Choice", "RealList", "Error", "ConfigError",
           "PluginError", "ParameterError", "RunError", "RunsFailed", "Interrupted", "Study",
           "Problem", "hardness", "threshold"]
if _module_available():
    __all__ += ["ProblemDescription", "RandomStream", "AlgorithmContext", "EnvironmentContext", "OracleView",
                "RewardModel", "RewardRequirement", "Range", "ParamSchema", "ParamSpec"]
