# Sphinx configuration of the CPEx documentation site, built by `bash scripts/docs.sh`
# (never by sphinx-build directly: the script stages this folder with README.md and the
# generated pages — a page per plugin from `cpex describe`, the C++ interface from
# Doxygen's XML — and passes the paths below through the environment). Markdown is read
# by MyST; the C++ plugin interface comes through Breathe; the Python API from the
# package's docstrings (autodoc), each shown as written. Warnings are errors (-W).
import os

project = "CPEx"
author = "the CPEx authors"
copyright = "2026, the CPEx authors"  # the footer itself: _templates/layout.html
release = os.environ.get("CPEX_DOCS_VERSION", "")
version = release

extensions = ["myst_parser", "breathe", "sphinx.ext.autodoc"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_templates"]
myst_heading_anchors = 3          # [text](page.md#a-heading) links resolve, and are checked
myst_enable_extensions = ["dollarmath"]
suppress_warnings = ["myst.header"]  # docs written for GitHub start some pages at "##"

html_theme = "alabaster"
html_title = "CPEx documentation"
html_theme_options = {"description": "pure-exploration bandits, as plugins", "fixed_sidebar": True}
html_show_sourcelink = False
templates_path = ["_templates"]

breathe_projects = {"cpex": os.environ.get("CPEX_DOXYGEN_XML", "doxygen-xml")}
breathe_default_project = "cpex"
breathe_default_members = ("members",)

autodoc_default_options = {"members": True, "undoc-members": False}
autodoc_member_order = "bysource"
autodoc_typehints = "none"


def _docstring_as_written(app, what, name, obj, options, lines):
    """The package's docstrings are plain text (aligned examples, lists of key = value),
    not reStructuredText: each is shown as a literal block, exactly as written."""
    if lines:
        lines[:] = ["::", ""] + ["    " + line for line in lines] + [""]


def setup(app):
    app.connect("autodoc-process-docstring", _docstring_as_written)
