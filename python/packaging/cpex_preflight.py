"""What `pip install .` checks before it compiles anything (cpex_build.py calls check()
from its first hook): that the interpreter running pip — the one the package is built for
and installed into — can import the package's dependencies (pyproject.toml's
[project] dependencies) and has its headers, and that CMake and a C++ compiler are there.
A missing piece stops pip within seconds with one line naming it, and, when another
interpreter on the machine has the dependencies (Debian's /usr/bin/python3 with
python3-pandas, typically, when pyenv's, conda's or Homebrew's python3 comes first on
PATH), that interpreter and the venv command to use. Standard library only."""
import os
import shutil
import subprocess
import sys
import sysconfig

PROBE = ("import importlib.util, sys\n"
         "print(' '.join(n for n in sys.argv[1:] if importlib.util.find_spec(n) is None))\n")


class PreflightError(Exception):
    pass


def requirement_name(requirement):
    """'pandas>=1.5; python_version>"3"' -> 'pandas'."""
    name = requirement.split(";")[0]
    for mark in "<>=!~[ (":
        name = name.split(mark)[0]
    return name.strip()


def _clean_environment():
    """The environment without what an isolated pip build adds (its PYTHONPATH overlay,
    PYTHONNOUSERSITE), so a probe sees the interpreter's own site-packages."""
    env = dict(os.environ)
    for variable in ("PYTHONPATH", "PYTHONNOUSERSITE", "PYTHONHOME", "PIP_BUILD_TRACKER"):
        env.pop(variable, None)
    return env


def missing_modules(python, modules, timeout=20):
    """The modules of `modules` that `python` cannot import (find_spec: nothing is
    imported); None when `python` does not run."""
    try:
        done = subprocess.run([python, "-c", PROBE] + list(modules), capture_output=True,
                              text=True, timeout=timeout, env=_clean_environment())
    except (OSError, subprocess.TimeoutExpired):
        return None
    if done.returncode != 0:
        return None
    return done.stdout.split()


def _same_python(a, b):
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def describe_interpreter():
    """'/root/cpex-env/bin/python (a venv of /root/.pyenv/versions/3.11.7/bin/python3.11)'."""
    here = sys.executable
    base = getattr(sys, "_base_executable", here)
    if sys.prefix != sys.base_prefix and base and base != here:
        return "%s (a venv of %s)" % (here, base)
    return here


def _venv_has_system_site():
    """Whether this venv sees its base's site-packages (pyvenv.cfg)."""
    try:
        with open(os.path.join(sys.prefix, "pyvenv.cfg")) as f:
            return any(line.replace(" ", "").lower() == "include-system-site-packages=true\n"
                       for line in f)
    except OSError:
        return False


def other_interpreters():
    """Interpreters worth suggesting: Debian's /usr/bin/python3, then every python3 on
    PATH, without this one (nor its venv base)."""
    own = [sys.executable, getattr(sys, "_base_executable", sys.executable)]
    found = []
    candidates = ["/usr/bin/python3"]
    for directory in os.environ.get("PATH", "").split(os.pathsep):
        if directory:
            candidates.append(os.path.join(directory, "python3"))
    for path in candidates:
        if not (os.path.isfile(path) and os.access(path, os.X_OK)):
            continue
        if any(_same_python(path, o) for o in own) or any(_same_python(path, f) for f in found):
            continue
        found.append(path)
    return found[:4]


def dependency_advice(modules, missing):
    """The one line for an interpreter without `missing` (of the needed `modules`)."""
    names = ", ".join(missing)
    advice = "install %s into it" % names
    base = getattr(sys, "_base_executable", sys.executable)
    if sys.prefix != sys.base_prefix and not _venv_has_system_site() and \
            missing_modules(base, modules) == []:
        return ("this Python is %s: it has no %s, and its base has them: make the venv with "
                "%s -m venv --system-site-packages ENV" % (describe_interpreter(), names, base))
    for other in other_interpreters():
        if missing_modules(other, modules) == []:
            whose = "Debian's, which has them" if other == "/usr/bin/python3" else "which has them"
            advice = ("use %s (%s): %s -m venv --system-site-packages ENV, then ENV/bin/pip "
                      "install --no-build-isolation --no-index .; or %s"
                      % (other, whose, other, advice))
            break
    else:
        if os.path.exists("/usr/bin/apt-get"):
            advice += " (Debian: apt install python3-%s, then a venv of /usr/bin/python3 with " \
                      "--system-site-packages)" % " python3-".join(missing)
    return "this Python is %s: it has no %s; %s" % (describe_interpreter(), names, advice)


def check(dependencies, build_tree_given):
    """Raises PreflightError with one line when this interpreter cannot take the package."""
    if sys.version_info < (3, 11):
        raise PreflightError("this Python is %s (%d.%d): CPEx needs Python >= 3.11"
                             % (describe_interpreter(), sys.version_info[0], sys.version_info[1]))
    modules = [requirement_name(d).replace("-", "_") for d in dependencies]  # import names
    missing = missing_modules(sys.executable, modules)
    if missing is None:
        raise PreflightError("cannot run %s to look for %s" % (sys.executable, ", ".join(modules)))
    if missing:
        raise PreflightError(dependency_advice(modules, missing))
    if build_tree_given:
        return  # an existing tree: its compiler and headers were checked when it was made
    if not shutil.which("cmake"):
        raise PreflightError("cmake is not on PATH (Debian: bash scripts/install-deps.sh, or apt "
                             "install cmake build-essential)")
    if not (shutil.which(os.environ.get("CXX", "c++")) or shutil.which("g++") or shutil.which("clang++")):
        raise PreflightError("no C++ compiler (c++, g++, clang++ or $CXX) on PATH (Debian: apt "
                             "install build-essential)")
    include = sysconfig.get_paths().get("include", "")
    if not os.path.exists(os.path.join(include, "Python.h")):
        raise PreflightError("this Python is %s: its headers are missing (no %s/Python.h; Debian: "
                             "apt install python3-dev)" % (describe_interpreter(), include))
