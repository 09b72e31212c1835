#!/usr/bin/env python3
"""The plugin pages of the documentation site (scripts/docs.sh): for every plugin that
`cpex list` shows, a page NAME.md holding what `cpex describe NAME` prints (without the
library's path, which is the building machine's), an index.md with a table per kind that
links them all, and run-section.md from `cpex describe run`. Generated on every build, so a
new plugin has its page without anyone writing it.

usage: docs_plugin_pages.py CPEX OUT_DIR"""
import os
import subprocess
import sys

KINDS = (("algorithm", "Algorithms"), ("oracle", "Oracles"), ("environment", "Environments"))


def cpex(program, *arguments):
    done = subprocess.run([program] + list(arguments), capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit("docs_plugin_pages.py: cpex %s failed: %s" % (" ".join(arguments), done.stderr.strip()))
    return done.stdout


def plugins(program):
    """(kind, name, version, summary) of each line of `cpex list`."""
    found = []
    for line in cpex(program, "list").splitlines():
        parts = line.split(None, 3)
        if len(parts) >= 3 and parts[0] in dict(KINDS):
            found.append((parts[0], parts[1], parts[2], parts[3] if len(parts) > 3 else ""))
    if not found:
        sys.exit("docs_plugin_pages.py: cpex list shows no plugin")
    return found


def fenced(text):
    return "```text\n" + text.rstrip("\n") + "\n```\n"


def cell(text):
    return text.replace("|", "\\|")


def main(program, out):
    os.makedirs(out, exist_ok=True)
    found = plugins(program)
    for kind, name, version, summary in found:
        described = [l for l in cpex(program, "describe", name).splitlines() if not l.startswith("library: ")]
        with open(os.path.join(out, name + ".md"), "w") as f:
            f.write("# %s\n\n*%s*, version %s: %s\n\n" % (name, kind, version, summary))
            f.write("`cpex describe %s` prints:\n\n" % name + fenced("\n".join(described)))
    with open(os.path.join(out, "run-section.md"), "w") as f:
        f.write("# The [run] section\n\nEvery `[run]` key with its default (`cpex describe run`):\n\n" +
                fenced(cpex(program, "describe", "run")))
    with open(os.path.join(out, "index.md"), "w") as f:
        f.write("# Plugins\n\nEvery plugin of this build (`cpex list`), each page generated from "
                "`cpex describe NAME`; the keys of the `[run]` section: [run section](run-section.md).\n")
        for kind, title in KINDS:
            rows = [p for p in found if p[0] == kind]
            if not rows:
                continue
            f.write("\n## %s\n\n| plugin | version | what |\n| --- | --- | --- |\n" % title)
            for _, name, version, summary in rows:
                f.write("| [%s](%s.md) | %s | %s |\n" % (name, name, version, cell(summary)))
        f.write("\n```{toctree}\n:hidden:\n\nrun-section\n" + "".join(p[1] + "\n" for p in found) + "```\n")
    print("docs_plugin_pages.py: %d plugin pages" % len(found))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    main(sys.argv[1], sys.argv[2])
