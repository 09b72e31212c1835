"""The PEP 517 build backend of `pip install .` (pyproject.toml names it): builds CPEx with
CMake from the same CMakeLists.txt and packs one wheel holding

    cpex/                         the Python package and its module cpex._core
    cpex-V.data/data/bin/cpex     the `cpex` program        -> <env>/bin/cpex
    .../data/lib/libcpex*.so.0    the framework libraries   -> <env>/lib
    .../data/lib/cpex/plugins/    the plugins               -> <env>/lib/cpex/plugins
    .../data/share/cpex/python/cpex/plot.py   for `cpex report --plot` (with plot_style.py,
                                              figure_text.py)

so that an environment (a venv, ~/.local, /usr/local) gets the layout of `cmake --install`:
the program finds its plugins in ../lib/cpex/plugins, the module (in
<env>/lib/pythonX.Y/site-packages/cpex) reaches <env>/lib through its RUNPATH
$ORIGIN/../../../../lib and finds the plugins beside libcpex.

Only the standard library is used (no setuptools, no wheel package), so any Python >= 3.11
with pip can build it: `pip install --no-build-isolation --no-index .` works offline. CMake
finds Python as the interpreter running pip (-DPython_EXECUTABLE).

The CMake tree: $CPEX_CMAKE_BUILD_DIR when set (an existing tree built by scripts/build.sh,
e.g. `build`: it is only read, never written to, and must have been configured from this
source and built since its last change — the Python files equal to the source's, no source
file newer than the newest thing built — else pip stops with one line saying which file
differs and how to bring the tree up to date; its files are packed as they are, the build
tree having the install layout and RPATHs), else build/pip-<SOABI> (a full Release build
without tests and benchmarks, staged with cmake --install: minutes).
$CMAKE_BUILD_PARALLEL_LEVEL sets the build jobs.

The package's metadata (name, dependencies, extras, requires-python) is pyproject.toml's
[project] table; its version is CMakeLists.txt's `project(cpex VERSION ...)`. Before
anything is compiled, cpex_preflight.check() makes sure that this interpreter has the
dependencies (and CMake, a compiler, its headers), else pip stops within seconds with one
line naming the interpreter to use. While CMake builds, a progress line (percent done,
minutes spent) goes to the terminal every 20 s, past pip's capture of the backend's output
(`pip install -v` shows the whole CMake output)."""
import base64
import hashlib
import os
import re
import shutil
import stat
import subprocess
import sys
import sysconfig
import time
import tomllib
import zipfile

import cpex_preflight  # beside this file (pyproject.toml's backend-path)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NAME = "cpex"
PROGRESS_EVERY_S = 20.0


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


def _project():
    """pyproject.toml's [project] table."""
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)["project"]


class _Terminal:
    """Progress lines for the person running pip: pip captures the backend's stdout and
    stderr (shown with -v or on failure), so they go to the controlling terminal when there
    is one (nowhere else: the captured output has the whole CMake output anyway)."""

    def __init__(self):
        try:
            self.tty = open("/dev/tty", "w")
        except OSError:
            self.tty = None
        self.start = time.monotonic()
        self.last = -PROGRESS_EVERY_S

    def say(self, text, force=False):
        now = time.monotonic()
        if self.tty is None or (not force and now - self.last < PROGRESS_EVERY_S):
            return
        self.last = now
        minutes, seconds = divmod(int(now - self.start), 60)
        try:
            # At the line's start, over pip's spinner ("\r", then clear to the end).
            self.tty.write("\r\033[Kcpex build: %s (%d min %02d s)\n" % (text, minutes, seconds))
            self.tty.flush()
        except OSError:
            self.tty = None


TERMINAL = None


def _terminal():
    global TERMINAL
    if TERMINAL is None:
        TERMINAL = _Terminal()
    return TERMINAL


def _run(command, what):
    """Runs a CMake step with its output on stderr (pip's log); a build step's "[ 42%]"
    lines feed the progress line. A failure raises BuildError with CMake's own error line
    when there is one."""
    print("cpex build: " + " ".join(command), file=sys.stderr, flush=True)
    progress = _terminal()
    progress.say(what + "...", force=True)
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, errors="replace")
    errors = []
    for line in process.stdout:
        sys.stderr.write(line)
        match = re.match(r"\[\s*(\d+)%\]", line)
        if match:
            progress.say("%s: %s%%" % (what, match.group(1)))
        if re.search(r"(error|Error)", line):
            errors.append(line.strip())
    status = process.wait()
    sys.stderr.flush()
    if status != 0:
        detail = next((e for e in errors if "cpex:" in e), errors[0] if errors else "")
        raise BuildError("%s failed (status %d): %s%s" % (what, status, " ".join(command),
                                                           "; first error: " + detail if detail else ""))


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


# What the compiled parts of the package are built from (tests, benchmarks, docs and
# scripts are not in the wheel).
SOURCE_FOLDERS = ("framework", "plugins", "environments", "oracles", "python/src", "cmake")
SOURCE_FILES = ("CMakeLists.txt", "python/CMakeLists.txt")


def _newest_source(root):
    """(mtime, path) of the newest file the package's compiled parts are built from."""
    newest = (0.0, "")
    paths = [os.path.join(root, f) for f in SOURCE_FILES]
    for folder in SOURCE_FOLDERS:
        for directory, _, names in os.walk(os.path.join(root, folder)):
            paths += [os.path.join(directory, n) for n in names]
    for path in paths:
        try:
            newest = max(newest, (os.stat(path).st_mtime, path))
        except OSError:
            pass
    return newest


def check_reused_tree(build_dir, root, given):
    """The one-line reason why the existing tree `build_dir` does not hold this source's
    build (None when it does): configured from another source, a Python file of the package
    that differs from the source's, or a source file changed after the last build."""
    home = _cache(build_dir).get("CMAKE_HOME_DIRECTORY", "")
    if home and os.path.realpath(home) != os.path.realpath(root):
        return ("CPEX_CMAKE_BUILD_DIR=%s was configured from another source tree (%s, not %s): unset it, "
                "or point it at a build of this source" % (given, home, root))
    package = os.path.join(build_dir, "share", "cpex", "python", "cpex")
    source_package = os.path.join(root, "python", "cpex")
    for name in sorted(os.listdir(source_package)):
        if not name.endswith(".py"):
            continue
        built = os.path.join(package, name)
        with open(os.path.join(source_package, name), "rb") as f:
            wanted = f.read()
        try:
            with open(built, "rb") as f:
                same = f.read() == wanted
        except OSError:
            same = False
        if not same:
            return ("CPEX_CMAKE_BUILD_DIR=%s is not built from this source: its python/cpex/%s differs from the "
                    "source's (build it again: cmake --build %s, or unset CPEX_CMAKE_BUILD_DIR)" % (given, name, given))
    built = [os.path.join(build_dir, "bin", "cpex"), os.path.join(build_dir, "lib", "libcpex-runtime.so.0")]
    plugins = os.path.join(build_dir, "lib", "cpex", "plugins")
    if os.path.isdir(plugins):
        built += [os.path.join(plugins, n) for n in os.listdir(plugins)]
    built += [os.path.join(package, n) for n in os.listdir(package) if n.startswith("_core.")] \
        if os.path.isdir(package) else []
    times = [os.stat(p).st_mtime for p in built if os.path.exists(p)]
    if len(times) < 3:
        return ("CPEX_CMAKE_BUILD_DIR=%s holds no built program, libraries and module (build it: bash "
                "scripts/build.sh, or unset CPEX_CMAKE_BUILD_DIR)" % given)
    changed, path = _newest_source(root)
    if changed > max(times):
        return ("CPEX_CMAKE_BUILD_DIR=%s is older than the source: %s changed after its last build (build it again: "
                "cmake --build %s, or unset CPEX_CMAKE_BUILD_DIR)" % (given, os.path.relpath(path, root), given))
    return None


def _cmake_tree():
    """Configures (if needed) and builds the targets of the package; returns (the tree,
    whether it is a reused tree, only read)."""
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
        reason = check_reused_tree(build_dir, ROOT, given)
        if reason:
            raise BuildError(reason)
        return build_dir, True
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
    return build_dir, False


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
    # The script of `cpex report --plot`, its style and its overlap check.
    for script in ("plot.py", "plot_style.py", "figure_text.py"):
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
    """The METADATA file (core metadata 2.1) from pyproject.toml's [project] table."""
    project = _project()
    lines = ["Metadata-Version: 2.1", "Name: " + project["name"], "Version: " + version,
             "Summary: " + project.get("description", ""),
             "Requires-Python: " + project.get("requires-python", "")]
    authors = project.get("authors", [])
    if authors:
        lines.append("Author: " + ", ".join(a["name"] for a in authors if "name" in a))
        emails = [a["email"] for a in authors if "email" in a]
        if emails:
            lines.append("Author-email: " + ", ".join(emails))
    if "license" in project:
        lines.append("License: " + project["license"].get("text", ""))
    urls = project.get("urls", {})
    if "Homepage" in urls:
        lines.append("Home-page: " + urls["Homepage"])  # the field `pip show` prints
    for url_name, url in urls.items():
        if url.startswith(("http://", "https://")):  # a Project-URL is an address
            lines.append("Project-URL: %s, %s" % (url_name, url))
    lines += ["Requires-Dist: " + d for d in project.get("dependencies", [])]
    for extra, requirements in project.get("optional-dependencies", {}).items():
        lines.append("Provides-Extra: " + extra)
        lines += ['Requires-Dist: %s; extra == "%s"' % (r, extra) for r in requirements]
    return "\n".join(lines) + "\n"


def _digest(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _write_wheel(directory, files, version):
    tag = _tag()
    wheel_name = "%s-%s-%s.whl" % (NAME, version, tag)
    dist_info = _dist_info(version) + "/"
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


def _dist_info(version):
    return "%s-%s.dist-info" % (NAME, version)


def _preflight():
    """cpex_preflight.check() as pip's one line and exit status 1."""
    try:
        cpex_preflight.check(_project().get("dependencies", []),
                             bool(os.environ.get("CPEX_CMAKE_BUILD_DIR")))
    except cpex_preflight.PreflightError as error:
        sys.stderr.write("cpex build: error: %s\n" % error)
        raise SystemExit(1)


# --- PEP 517 hooks ---------------------------------------------------------------------
# pip calls them in this order: get_requires_for_build_wheel (not with --no-build-isolation),
# prepare_metadata_for_build_wheel (then it resolves the dependencies), build_wheel; the
# checks run in whichever comes first.

def get_requires_for_build_wheel(config_settings=None):
    _preflight()
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    _preflight()  # pip --no-build-isolation calls this hook first
    version = _version()
    directory = os.path.join(metadata_directory, _dist_info(version))
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, "METADATA"), "w") as f:
        f.write(_metadata(version))
    return _dist_info(version)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    _preflight()  # again, for front ends that skip the first hooks
    version = _version()
    try:
        tree, reused = _cmake_tree()
        stage = tree if reused else _stage(tree)  # a reused tree has the install layout; never written to
        name = _write_wheel(wheel_directory, _files(stage, version), version)
        _terminal().say("built the wheel " + name, force=True)
        return name
    except BuildError as error:
        sys.stderr.write("cpex build: error: %s\n" % error)
        raise SystemExit(1)


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_sdist(sdist_directory, config_settings=None):
    raise NotImplementedError("CPEx builds no source distribution: install from the source tree "
                              "(pip install --no-build-isolation .)")
