#!/usr/bin/env python3
"""CITATION.cff is what citation tools read (Citation File Format 1.2.0): its required keys
are there (cff-version, message, title, authors with a name each), its version is
CMakeLists.txt's project version, and README.md's "How to cite" shows the same version.
No YAML library is needed: the file is checked line by line for the keys it must hold.

usage: citation_test.py SOURCE_DIR       (run by ctest: citation-file)"""
import re
import sys

source = sys.argv[1]
text = open(source + "/CITATION.cff").read()
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAILED:", what)


keys = {m.group(1): m.group(2).strip().strip('"') for m in re.finditer(r"^([a-z-]+):[ ]*(.*)$", text, re.M)}
for key in ("cff-version", "message", "title", "authors", "version", "type"):
    check(key in keys, "CITATION.cff has %s" % key)
check(keys.get("cff-version") == "1.2.0", "cff-version 1.2.0: %r" % keys.get("cff-version"))
check(re.search(r"^authors:\n(  - (name|family-names): .+\n)+", text, re.M) is not None, "every author has a name")
project = re.search(r"project\(cpex VERSION ([0-9.]+)", open(source + "/CMakeLists.txt").read()).group(1)
check(keys.get("version") == project, "CITATION.cff version %r = CMakeLists.txt's %r" % (keys.get("version"), project))
readme = open(source + "/README.md").read()
check("## How to cite" in readme and "version = {%s}" % project in readme,
      "README.md's How to cite shows version %s" % project)
print("citation-file: %s" % ("FAILED" if failures else "ok"))
sys.exit(1 if failures else 0)
