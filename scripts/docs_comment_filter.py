#!/usr/bin/env python3
"""Doxygen's input filter for the documentation site (scripts/docs.sh): CPEx's headers
are commented with plain // lines, which Doxygen ignores, so this prints a header with
its comments as Doxygen reads documentation — the comment at the top of the file as the
file's description (@file), a // line before a declaration as ///, and `code;  // text`
after a member as ///< — leaving the code as it is.

usage: docs_comment_filter.py HEADER     (Doxygen: FILTER_PATTERNS)"""
import re
import sys


def comment_start(line):
    """The index of a // comment outside string and character literals, or -1."""
    quote = None
    i = 0
    while i < len(line) - 1:
        c = line[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = None
        elif c in "\"'":
            quote = c
        elif line.startswith("//", i):
            return i
        i += 1
    return -1


def plain(text):
    """Comment text with Doxygen's command characters escaped (`NAME@LABEL`, `\\xNN`)."""
    return text.replace("\\", "\\\\").replace("@", "\\@")


def convert(lines):
    out = []
    head = True  # the file's leading comment block
    for line in lines:
        stripped = line.strip()
        if head and stripped.startswith("//"):
            text = plain(stripped[2:].strip())
            out.append(("/** @file\n " if not out else " ") + text + "\n")
            continue
        if head and out:
            out[-1] = out[-1].rstrip("\n") + " */\n"
        head = False
        at = comment_start(line)
        if at >= 0 and not line[at:].startswith("///"):
            if re.search(r"[;,]\s*$", line[:at]):  # a trailing comment documents its member
                line = line[:at] + "///<" + plain(line[at + 2:])
            elif not line[:at].strip():
                line = line[:at] + "///" + plain(line[at + 2:])
        out.append(line)
    if head and out:
        out[-1] = out[-1].rstrip("\n") + " */\n"
    return out


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as f:
        sys.stdout.write("".join(convert(f.readlines())))
