"""The reused build tree of `pip install .` (CPEX_CMAKE_BUILD_DIR; python/packaging/
cpex_build.py, check_reused_tree) is checked against the source before anything is packed:
a tree configured from another source, a Python file of the package that differs from the
source's, or a source file changed after the tree's last build is refused in one line
naming the culprit; a tree built from the source passes. On a made-up source and tree."""
import os
import sys
import time

from conftest import SOURCE

sys.path.insert(0, str(SOURCE / "python" / "packaging"))
import cpex_build  # noqa: E402


def make(tmp_path):
    root, tree = tmp_path / "source", tmp_path / "build"
    (root / "python" / "cpex").mkdir(parents=True)
    (root / "framework").mkdir()
    (root / "framework" / "engine.cpp").write_text("// code\n")
    (root / "python" / "cpex" / "__init__.py").write_text("version = 1\n")
    package = tree / "share" / "cpex" / "python" / "cpex"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("version = 1\n")
    (tree / "CMakeCache.txt").write_text("CMAKE_HOME_DIRECTORY:INTERNAL=%s\n" % root)
    old = time.time() - 100
    os.utime(root / "framework" / "engine.cpp", (old, old))
    for name in ("bin/cpex", "lib/libcpex-runtime.so.0", "lib/cpex/plugins/libcpex-lucb.so"):
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        (tree / name).write_text("built")
    return root, tree


def test_a_tree_built_from_the_source_passes(tmp_path):
    root, tree = make(tmp_path)
    assert cpex_build.check_reused_tree(str(tree), str(root), "build") is None


def test_a_changed_python_file_is_refused(tmp_path):
    root, tree = make(tmp_path)
    (root / "python" / "cpex" / "__init__.py").write_text("version = 2\n")
    reason = cpex_build.check_reused_tree(str(tree), str(root), "build")
    assert reason and "python/cpex/__init__.py differs" in reason and "\n" not in reason


def test_a_source_changed_after_the_build_is_refused(tmp_path):
    root, tree = make(tmp_path)
    later = time.time() + 100
    os.utime(root / "framework" / "engine.cpp", (later, later))
    reason = cpex_build.check_reused_tree(str(tree), str(root), "build")
    assert reason and "framework/engine.cpp changed after its last build" in reason


def test_a_tree_of_another_source_is_refused(tmp_path):
    root, tree = make(tmp_path)
    (tree / "CMakeCache.txt").write_text("CMAKE_HOME_DIRECTORY:INTERNAL=/somewhere/else\n")
    reason = cpex_build.check_reused_tree(str(tree), str(root), "build")
    assert reason and "configured from another source tree (/somewhere/else" in reason
