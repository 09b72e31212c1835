"""The compiled module cpex._core, with one clear error when it is missing (the results
reader works without it)."""
from ._errors import ConfigError, Error, ParameterError, PluginError, RunError

try:
    from . import _core as _CORE
    _CORE._set_error_classes(Error, ConfigError, PluginError, ParameterError, RunError)
    _IMPORT_ERROR = None
except ImportError as error:  # e.g. a sanitizer build, or the pure-Python files alone
    _CORE = None
    _IMPORT_ERROR = error


def available():
    return _CORE is not None


def core():
    if _CORE is None:
        raise Error("the compiled module cpex._core is not available (%s): build CPEx "
                    "(bash scripts/build.sh) or `pip install .`; cpex.read_results works "
                    "without it" % _IMPORT_ERROR)
    return _CORE
