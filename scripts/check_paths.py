#!/usr/bin/env python3
"""Every repository path named in a comment or a document exists.

Scans the tracked files (git ls-files) -- the comments of C++, CMake, shell and Python
files and the whole text of Markdown and INI files -- for words that name a path of the
repository: a word starting with a top-level folder (`framework/...`, `docs/...`,
`plugins/...`, ...) or a Markdown link to a relative file. Such a path must exist; `*`
matches like a shell glob, `{a,b}` stands for both names, and the placeholders NNN, NAME,
TARGET, FILE, a single capital letter (seedNNN-figK.png, numerics/X.hpp) and a last
component in capitals (examples/notebooks/NOTEBOOK) match any name; a Sphinx toctree's
entries are page names, not paths; a file the build generates from FILE.in exists when
FILE.in does. A path under `build/`, a temporary or an installed location is not the repository's
and is not looked at.

With --artefacts it checks instead that git tracks no build output, cache or log (a compiled
Python file, `__pycache__/`, a `*.log`, an object or library file, a CMake cache or a build
tree): such files belong to a machine, not to the repository.

usage: scripts/check_paths.py [--artefacts] [ROOT]   (exit 1 and one line per stale path or
       committed artefact when any is found)
"""
import fnmatch
import os
import re
import subprocess
import sys

TOP = ("framework", "plugins", "environments", "oracles", "docs", "scripts", "tests",
       "benchmarks", "python", "examples", "pipelines", "cmake", "fuzz", "data", ".ci")
PATH = re.compile(r"(?<![\w./-])(?:%s)/[\w.*{},/+-]*[\w*}]" % "|".join(re.escape(t) for t in TOP))
# Words that name a path from a well-known folder: `src/...` (framework/src or python/src),
# `host/...` (framework/host), `include/cpex/...` and `cpex/NAME.hpp` (framework/include).
SHORT = re.compile(r"(?<![\w./<>-])(?:src|host|include/cpex|cpex)/[\w.*{},/+-]*\.(?:cpp|hpp|py)(?![\w])")
SHORT_ROOTS = {"src": ("framework/", "python/"), "host": ("framework/",),
               "include": ("framework/", "framework/runtime_"),
               "cpex": ("framework/include/", "framework/runtime_include/", "python/")}
LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")
COMMENT = {  # line-comment markers by extension; Markdown and INI files are read whole
    ".cpp": "//", ".hpp": "//", ".h": "//", ".cc": "//", ".in": "#", ".cmake": "#",
    ".txt": "#", ".sh": "#", ".py": "#", ".toml": "#", ".ipynb": None,
}


def expand(path):
    """`{a,b}` alternatives, innermost first."""
    m = re.search(r"\{([^{}]*)\}", path)
    if not m:
        return [path]
    out = []
    for alt in m.group(1).split(","):
        out += expand(path[:m.start()] + alt + path[m.end():])
    return out


PLACEHOLDER = re.compile(r"(?<![A-Za-z])(?:NNN|NAME|TARGET|FILE)(?![A-Za-z])|(?<=[a-z0-9_-])(?:NNN|[A-Z])(?![A-Za-z])"
                         r"|(?<![A-Za-z])[A-Z](?=[.-])|(?<=/)[A-Z][A-Z0-9_]+$")


def exists(path, files, dirs):
    path = PLACEHOLDER.sub("*", path.rstrip("/.,"))
    for p in expand(path):
        if "*" in p:
            if not any(fnmatch.fnmatch(f, p) or fnmatch.fnmatch(f, p + "/*") for f in files):
                return False
        elif p not in files and p not in dirs and p + ".in" not in files:  # FILE.in: the build makes FILE
            return False
    return True


def comment_text(name, text):
    ext = os.path.splitext(name)[1]
    if name.endswith("CMakeLists.txt"):
        ext = ".cmake"
    if ext in (".md", ".ini") or name.endswith(".md"):
        # a Sphinx toctree lists page names (of docs/, some generated), not repository paths
        return re.sub(r"```\{toctree\}.*?```", "", text, flags=re.S)
    if ext in (".cpp", ".hpp", ".h", ".cc"):
        # // comments and /* */ blocks; string literals are code, not comments
        parts = re.findall(r"//[^\n]*|/\*.*?\*/", text, re.S)
        return "\n".join(parts)
    if ext in (".cmake", ".sh", ".py", ".toml", ".in"):
        lines = []
        for line in text.splitlines():
            i = line.find("#")
            if i >= 0:
                lines.append(line[i:])
        if ext == ".py":  # docstrings too
            lines += re.findall(r'"""(.*?)"""', text, re.S)
        return "\n".join(lines)
    return ""


def listed_files():
    """The repository's files: git's list, or (outside a checkout) the tree but build trees."""
    try:
        return subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                              capture_output=True, text=True, check=True).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):
        out = []
        for top, subdirs, names in os.walk("."):
            subdirs[:] = [d for d in subdirs if not d.startswith(("build", ".git"))]
            out += [os.path.relpath(os.path.join(top, n)) for n in names]
        return out


ARTEFACT = re.compile(r"(^|/)(__pycache__|build|build-[^/]*|CMakeFiles)/|\.(pyc|pyo|log|o|so|a|gcda|gcno|tmp)$"
                      r"|(^|/)(CMakeCache\.txt|\.ninja_log|compile_commands\.json)$")


def committed_artefacts():
    """Tracked files that are build output, caches or logs."""
    tracked = subprocess.run(["git", "ls-files"], capture_output=True, text=True, check=True).stdout.splitlines()
    found = [f for f in tracked if ARTEFACT.search(f)]
    for f in found:
        print(f"{f}: a build artefact, cache or log is tracked by git (remove it; .gitignore keeps it out)")
    if found:
        print(f"{len(found)} committed artefact(s)")
        return 1
    print("no build output, cache or log is tracked")
    return 0


def main():
    args = sys.argv[1:]
    artefacts = "--artefacts" in args
    args = [a for a in args if a != "--artefacts"]
    root = args[0] if args else os.path.join(os.path.dirname(__file__), "..")
    os.chdir(root)
    if artefacts:
        return committed_artefacts()
    files = {f for f in listed_files() if os.path.exists(f)}
    dirs = set()
    for f in files:
        d = os.path.dirname(f)
        while d and d not in dirs:
            dirs.add(d)
            d = os.path.dirname(d)
    stale = []
    for name in sorted(files):
        if not os.path.isfile(name) or name.startswith(("tests/data/", "fuzz/corpus/", "fuzz/regressions/")):
            continue
        try:
            text = open(name, encoding="utf-8").read()
        except (UnicodeDecodeError, OSError):
            continue
        body = comment_text(name, text)
        if not body:
            continue
        for m in PATH.finditer(body):
            path = m.group(0)
            if not exists(path, files, dirs):
                stale.append((name, path))
        for m in SHORT.finditer(body):
            path = m.group(0)
            roots = SHORT_ROOTS[path.split("/")[0]]
            if not any(exists(root + path, files, dirs) for root in roots):
                stale.append((name, path))
        if name.endswith(".md"):
            for m in LINK.finditer(body):
                target = m.group(1)
                if re.match(r"[a-z]+:", target) or target.startswith("/"):
                    continue
                rel = os.path.normpath(os.path.join(os.path.dirname(name), target))
                if not exists(rel, files, dirs):
                    stale.append((name, target))
    for name, path in stale:
        print(f"{name}: names '{path}', which is not in the repository")
    if stale:
        print(f"{len(stale)} stale path(s)")
        return 1
    print("every path named in a comment or document exists")
    return 0


if __name__ == "__main__":
    sys.exit(main())
