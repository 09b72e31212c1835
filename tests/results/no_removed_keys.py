#!/usr/bin/env python3
"""The summary speaks one vocabulary (docs/results.md, "Glossary"): the keys renamed in 0.1
and removed since -- `errors`, `error_rate`, `error_rate_ci95`, `capped_errors`,
`samples.ci95`, `samples.mean_ci95` -- must not be read by any script or by the Python
package, which would fail on today's summaries (a KeyError) or, through .get(), read
nothing. The run-row column `stopped` keeps its name; summaries say `ended`.

usage: no_removed_keys.py ROOT    (exit 1 and one line per use found)"""
import pathlib
import re
import sys

REMOVED = ("errors", "error_rate", "error_rate_ci95", "capped_errors", "ci95", "mean_ci95")
# A subscript or .get() with one of the keys as a string literal: s["errors"], g.get('ci95').
USE = re.compile(r"""(?:\[|\.get\(\s*)(["'])(%s)\1""" % "|".join(REMOVED))


def main():
    root = pathlib.Path(sys.argv[1])
    found = []
    for folder in ("scripts", "python", "tests/python", "tests/results", "examples"):
        for path in sorted((root / folder).rglob("*.py")):
            if path.name == pathlib.Path(__file__).name:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for m in USE.finditer(line):
                    found.append(f"{path.relative_to(root)}:{number}: reads the removed summary key '{m.group(2)}'")
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} use(s) of removed summary keys (docs/results.md, Glossary: wrong, wrong_rate, "
              "wrong_rate_ci95, capped_wrong, samples.mean_ci95_normal / mean_ci95_bootstrap)")
        return 1
    print("no script or Python file reads a removed summary key")
    return 0


if __name__ == "__main__":
    sys.exit(main())
