#!/usr/bin/env python3
"""The plugin pages of the documentation site (scripts/docs.sh): for every plugin that
`cpex list` shows, a page NAME.md made from what `cpex describe NAME` prints (without the
library's path, which is the building machine's) as tables — what it needs and its
settings, then one row per parameter (type, default, allowed values, role, meaning) — with
links to its family's page in docs/algorithms/ (by the folder of its source) and the paper
its summary names; an index.md with a table per kind that links them all, and
run-section.md from `cpex describe run` as a table. Generated on every build, so a new
plugin has its page without anyone writing it.

usage: docs_plugin_pages.py CPEX OUT_DIR"""
import os
import re
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


# The family page of a plugin, by the folder of its registration's source file.
FAMILIES = (
    ("plugins/bestk/kl/", "kl.md", "KL confidence bounds"),
    ("plugins/bestk/elimination/", "elimination.md", "elimination algorithms"),
    ("plugins/bestk/fixed_budget/", "fixed-budget.md", "the fixed-budget setting"),
    ("plugins/bestk/anytime/", "fixed-budget.md", "the fixed-budget setting"),
    ("plugins/bestk/", "bestk.md", "Best-K identification"),
    ("plugins/cpe_cs/", "cpe-cs.md", "CPE-CS"),
    ("plugins/cpe_l/", "cpe-l.md", "CPE-L"),
    ("plugins/full_bandit/clucb_full", "full-bandit-baselines.md", "full-bandit baselines"),
    ("plugins/full_bandit/me_full", "full-bandit-baselines.md", "full-bandit baselines"),
    ("plugins/full_bandit/lucb_full", "full-bandit-baselines.md", "full-bandit baselines"),
    ("plugins/full_bandit/clucb_qm", "full-bandit-baselines.md", "full-bandit baselines"),
    ("plugins/full_bandit/", "full-bandit.md", "full-bandit identification"),
    ("plugins/identification/", "identification-samplers.md", "the GLR samplers"),
    ("plugins/linear/", "linear.md", "linear and transductive best arm"),
    ("oracles/", "identification-oracle.md", "oracles and the classes they pose"),
    ("environments/", None, None),
)


def family_of(source):
    for prefix, page, title in FAMILIES:
        if source.startswith(prefix):
            return page, title
    return None, None


def paper_of(summary):
    """The citation a summary names, "(Kaufmann & Kalyanakrishnan 2013)" or "seed 004 Alg. 1"."""
    match = re.search(r"\(([^()]*?(?:19|20)\d\d[a-z]?)\)", summary) or re.search(r"(seed 00\d[^:;,)]*)", summary)
    return match.group(1) if match else None


def parse_described(text):
    """`cpex describe` as (head lines {key: value}, parameters [(name, help, details)])."""
    head, parameters, in_parameters = {}, [], False
    lines = text.splitlines()
    i = 1
    while i < len(lines):
        line = lines[i]
        if line == "parameters:" or line == "keys:":
            in_parameters = True
        elif not in_parameters and ": " in line:
            key, value = line.split(": ", 1)
            head[key] = value
        elif in_parameters and line.startswith("  ") and not line.startswith("                "):
            name, _, help_text = line.strip().partition(" ")
            details = ""
            if i + 1 < len(lines) and lines[i + 1].startswith("                "):
                details = lines[i + 1].strip()
                i += 1
                if not help_text.strip() and details and not details.startswith("type "):
                    help_text, details = details, ""
                    if i + 1 < len(lines) and lines[i + 1].startswith("                "):
                        details = lines[i + 1].strip()
                        i += 1
            parameters.append((name, help_text.strip(), details))
        i += 1
    return head, parameters


def detail_fields(details):
    """type, default, allowed, role of a parameter's detail line."""
    fields = {"type": "", "default": "", "allowed": "", "role": ""}
    match = re.match(r"type (.*?), default (.*?), allowed: (.*?)(?:, role: (.*))?$", details)
    if match:
        fields.update(type=match.group(1), default=match.group(2), allowed=match.group(3), role=match.group(4) or "")
    return fields


def parameter_table(parameters):
    rows = ["| key | type | default | allowed | role | meaning |", "| --- | --- | --- | --- | --- | --- |"]
    for name, help_text, details in parameters:
        f = detail_fields(details)
        rows.append("| `%s` | %s | %s | %s | %s | %s |" % (
            name, cell(f["type"]), cell(f["default"]), cell(f["allowed"]), cell(f["role"]), cell(help_text)))
    return "\n".join(rows) + "\n"


def main(program, out):
    os.makedirs(out, exist_ok=True)
    found = plugins(program)
    for kind, name, version, summary in found:
        head, parameters = parse_described(cpex(program, "describe", name))
        source = head.get("source", "")
        page, title = family_of(source)
        paper = paper_of(summary)
        with open(os.path.join(out, name + ".md"), "w") as f:
            f.write("# %s\n\n%s\n\n" % (name, summary))
            facts = [("kind", kind), ("version", version)]
            if paper:
                facts.append(("paper", paper + (" — the reference is on the family page" if page else "")))
            if page:
                facts.append(("family", "[%s](../algorithms/%s)" % (title, page)))
            for key in ("needs", "settings", "solves", "feedback", "batches"):
                if key in head:
                    facts.append((key, head[key]))
            if source:
                facts.append(("source", "`%s`" % source))
            f.write("| | |\n| --- | --- |\n" + "".join("| %s | %s |\n" % (k, cell(v)) for k, v in facts))
            f.write("\n## Parameters\n\nSet in the plugin's section of a pipeline file (`cpex describe %s` "
                    "prints the same):\n\n" % name + parameter_table(parameters))
    head, parameters = parse_described(cpex(program, "describe", "run"))
    with open(os.path.join(out, "run-section.md"), "w") as f:
        f.write("# The [run] section\n\nEvery `[run]` key with its default (`cpex describe run`):\n\n" +
                parameter_table(parameters))
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
