"""The PEP 517 build backend of `pip install .` (pyproject.toml names it): builds CPEx with
CMake from the same CMakeLists.txt and packs one wheel holding

    cpex/                         the Python package and its module cpex._core
    cpex-V.data/data/bin/cpex     the `cpex` program        -> <env>/bin/cpex
    .../data/lib/libcpex*.so.0    the framework libraries   -> <env>/lib
    .../data/lib/cpex/plugins/    the plugins               -> <env>/lib/cpex/plugins
    .../data/share/cpex/python/cpex/plot.py   for `cpex report --plot` (with plot_style.py)

so that an environment (a venv, ~/.local, /usr/local) gets the layout of `cmake --install`:
the program finds its plugins in ../lib/cpex/plugins, the module (in
<env>/lib/pythonX.Y/site-packages/cpex) reaches <env>/lib through its RUNPATH
$ORIGIN/../../../../lib and finds the plugins beside libcpex.

Only the standard library is used (no setuptools, no wheel package), so any Python >= 3.11
with pip can build it: `pip install --no-build-isolation --no-index .` works offline. CMake
finds Python as the interpreter running pip (-DPython_EXECUTABLE).

The CMake tree: $CPEX_CMAKE_BUILD_DIR when set (an existing configured tree, e.g. `build`
made by scripts/build.sh: only the module, the program and the plugins are brought up to
date, seconds when it is current), else build/pip-<SOABI> (a full Release build without
tests and benchmarks: minutes). $CMAKE_BUILD_PARALLEL_LEVEL sets the build jobs."""
import base64
import hashlib
import os
import re
import shutil
import stat
import subprocess
import sys
import sysconfig
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NAME = "cpex"
SUMMARY = "Pure-exploration bandit experiments: the CPEx engine, plugins and Python API"


class BuildError(Exception):
    pass


def _version():
    with open(os.path.join(ROOT, "CMakeLists.txt")) as f:
        match = re.search(r"project\(cpex VERSION ([0-9.]+)", f.read())
    return match.group(1)


def _tag():
    interpreter = "cp%d%d" % sys.version_info[:2] if sys.implementation.name == "cpython" else \
        "%s%d%d" % ((sys.implementation.name,) + sys.version_info[:2])
    platform = re.sub(r"[^A-Za-z0-9_]", "_", sysconfig.get_platform())
    return "%s-%s-%s" % (interpreter, interpreter, platform)


def _run(command, what):
    print("cpex build: " + " ".join(command), file=sys.stderr, flush=True)
    done = subprocess.run(command, cwd=ROOT, stdout=sys.stderr)
    if done.returncode != 0:
        raise BuildError("%s failed (status %d): %s" % (what, done.returncode, " ".join(command)))


def _cache(build_dir):
    values = {}
    with open(os.path.join(build_dir, "CMakeCache.txt")) as f:
        for line in f:
            match = re.match(r"([A-Za-z0-9_]+):[A-Z]+=(.*)$", line.rstrip("\n"))
            if match:
                values[match.group(1)] = match.group(2)
    return values


def _python_identity():
    return sysconfig.get_paths()["include"], sysconfig.get_config_var("SOABI") or ""


def _cmake_tree():
    """Configures (if needed) and builds the targets of the package; returns the tree."""
    include, soabi = _python_identity()
    given = os.environ.get("CPEX_CMAKE_BUILD_DIR")
    if given:
        build_dir = os.path.join(ROOT, given) if not os.path.isabs(given) else given
        if not os.path.exists(os.path.join(build_dir, "CMakeCache.txt")):
            raise BuildError("CPEX_CMAKE_BUILD_DIR=%s is not a configured CMake tree "
                             "(make it with bash scripts/build.sh, or unset the variable)" % given)
        cache = _cache(build_dir)
        if cache.get("CPEX_PYTHON_MODULE_BUILT") != "ON" or \
                cache.get("CPEX_PYTHON_MODULE_INCLUDE") != include or \
                cache.get("CPEX_PYTHON_MODULE_SOABI") != soabi:
            raise BuildError("CPEX_CMAKE_BUILD_DIR=%s builds the module for another Python (%s, %s; "
                             "this pip runs %s, %s, %s): unset CPEX_CMAKE_BUILD_DIR to build a tree "
                             "for this Python" % (given, cache.get("CPEX_PYTHON_MODULE_SOABI", "none"),
                                                  cache.get("CPEX_PYTHON_MODULE_INCLUDE", "none"),
                                                  sys.executable, soabi, include))
    else:
        build_dir = os.path.join(ROOT, "build", "pip-" + (soabi or "python"))
        if not os.path.exists(os.path.join(build_dir, "CMakeCache.txt")):
            command = ["cmake", "-S", ROOT, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release",
                       "-DCPEX_BUILD_TESTS=OFF", "-DCPEX_BUILD_BENCHMARKS=OFF",
                       "-DCPEX_PYTHON_MODULE=ON", "-DPython_EXECUTABLE=" + sys.executable]
            if shutil.which("ccache"):
                command.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
            _run(command, "configuring CPEx")
    jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)
    _run(["cmake", "--build", build_dir, "--target", "cpex-python-package", "-j", jobs], "building CPEx")
    return build_dir


def _stage(build_dir):
    stage = os.path.join(build_dir, "pip-stage")
    shutil.rmtree(stage, ignore_errors=True)
    _run(["cmake", "--install", build_dir, "--prefix", stage], "installing CPEx into a staging directory")
    return stage


def _files(stage, version):
    """(path in the wheel, file on disk, executable) of every file the wheel holds."""
    data = "%s-%s.data/data/" % (NAME, version)
    package = os.path.join(stage, "share", "cpex", "python", "cpex")
    files = []
    for name in sorted(os.listdir(package)):
        if name.endswith(".py") or (name.startswith("_core.") and name.endswith(".so")):
            files.append(("cpex/" + name, os.path.join(package, name), False))
    if not any(f[0].startswith("cpex/_core.") for f in files):
        raise BuildError("the module cpex._core was not built (see the CMake output above)")
    for script in ("plot.py", "plot_style.py"):  # the script of `cpex report --plot` and its style
        files.append((data + "share/cpex/python/cpex/" + script, os.path.join(package, script), False))
    files.append((data + "bin/cpex", os.path.join(stage, "bin", "cpex"), True))
    for library in ("libcpex.so.0", "libcpex-numerics.so.0", "libcpex-runtime.so.0"):
        files.append((data + "lib/" + library, os.path.realpath(os.path.join(stage, "lib", library)), False))
    plugins = os.path.join(stage, "lib", "cpex", "plugins")
    for name in sorted(os.listdir(plugins)):
        if name.endswith(".so"):
            files.append((data + "lib/cpex/plugins/" + name, os.path.join(plugins, name), False))
    return files


def _metadata(version):
    return ("Metadata-Version: 2.1\nName: %s\nVersion: %s\nSummary: %s\nRequires-Python: >=3.11\n"
            "Provides-Extra: frames\nRequires-Dist: pandas; extra == \"frames\"\n"
            "Provides-Extra: progress\nRequires-Dist: tqdm; extra == \"progress\"\n"
            % (NAME, version, SUMMARY))


def _digest(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _write_wheel(directory, files, version):
    tag = _tag()
    wheel_name = "%s-%s-%s.whl" % (NAME, version, tag)
    dist_info = "%s-%s.dist-info/" % (NAME, version)
    entries = []
    for arcname, path, executable in files:
        with open(path, "rb") as f:
            entries.append((arcname, f.read(), executable))
    entries.append((dist_info + "METADATA", _metadata(version).encode(), False))
    entries.append((dist_info + "WHEEL", ("Wheel-Version: 1.0\nGenerator: cpex_build\n"
                                          "Root-Is-Purelib: false\nTag: %s\n" % tag).encode(), False))
    record = "".join("%s,%s,%d\n" % (name, _digest(data), len(data)) for name, data, _ in entries)
    entries.append((dist_info + "RECORD", (record + dist_info + "RECORD,,\n").encode(), False))
    path = os.path.join(directory, wheel_name)
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as wheel:
        for name, data, executable in entries:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = (stat.S_IFREG | (0o755 if executable else 0o644)) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info, data)
    return wheel_name


# --- PEP 517 hooks ---------------------------------------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    version = _version()
    try:
        stage = _stage(_cmake_tree())
        return _write_wheel(wheel_directory, _files(stage, version), version)
    except BuildError as error:
        sys.stderr.write("cpex build: error: %s\n" % error)
        raise SystemExit(1)


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_sdist(sdist_directory, config_settings=None):
    raise NotImplementedError("CPEx builds no source distribution: install from the source tree "
                              "(pip install --no-build-isolation .)")
